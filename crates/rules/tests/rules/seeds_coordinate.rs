//! The coordinate games of the seeds' Nim notes (Lu, Math576, "Nim"): Wyt
//! Queens (Wythoff's game), the White Knight, and Poker-Nim (which is Nim).

use crate::Kinds;
use onag_rules::framework::args::{Arg, Args};
use onag_rules::framework::ruleset::AnyRuleset;
use onag_rules::registry::{self, Make};
use onag_rules::Player;
use std::collections::HashMap;
use std::rc::Rc;

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} needs arguments"),
    }
}

/// "Value of one Queen": a queen moving any distance North, West or
/// North-West, at row m and column n (0-based), is Wythoff((m,n)).
const WYT_QUEEN: [[u64; 18]; 12] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
    [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 16, 17, 15],
    [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12, 13, 17, 15, 16],
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11, 16, 18, 14, 13],
    [4, 5, 3, 2, 7, 6, 9, 0, 1, 8, 13, 12, 11, 16, 15, 10, 19, 18],
    [5, 3, 4, 0, 6, 8, 10, 1, 2, 7, 12, 14, 9, 15, 17, 13, 18, 11],
    [6, 7, 8, 1, 9, 10, 3, 4, 5, 13, 0, 2, 16, 17, 18, 12, 20, 14],
    [7, 8, 6, 9, 0, 1, 4, 5, 3, 14, 15, 13, 17, 2, 10, 19, 21, 12],
    [8, 6, 7, 10, 1, 2, 5, 3, 4, 15, 16, 17, 18, 0, 9, 14, 12, 19],
    [
        9, 10, 11, 12, 8, 7, 13, 14, 15, 16, 17, 6, 19, 5, 1, 0, 2, 3,
    ],
    [
        10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4,
    ],
    [
        11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15, 8, 19, 20, 21, 4, 5,
    ],
];

#[test]
fn wyt_queen_table() {
    let table = named("Wythoff")
        .coordinate()
        .nim_value_table(11, 17)
        .unwrap();
    for (m, row) in WYT_QUEEN.iter().enumerate() {
        assert_eq!(table[m], row.to_vec(), "row {m}");
    }
    // Several queens: the value of a sum is the nim sum, e.g. queens at
    // (3,5) and (4,7) (both 0) and at (2,2) (*1).
    let w = named("Wythoff");
    let q = |m: i64, n: i64| {
        w.position(&Args::new(vec![Arg::int(m), Arg::int(n)]))
            .unwrap()
            .nim_value()
            .unwrap()
            .unwrap()
    };
    assert_eq!(q(3, 5) ^ q(4, 7) ^ q(2, 2), 1);
}

/// "Value of Knight only": rows a, b, c, ... (m = 0, 1, 2, ...), columns
/// 1, 2, 3, ... (n = 0, 1, 2, ...), as far as the table is legible.
const WHITE_KNIGHT: [&[u64]; 17] = [
    &[0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
    &[0, 0, 2, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
    &[1, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2],
    &[1, 1, 2, 1, 4, 3, 2, 3, 3, 3, 2, 3, 3, 3, 2, 3, 3, 3, 2],
    &[0, 0, 3, 4, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0],
    &[0, 0, 2, 3, 0, 0, 2, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0],
    &[1, 1, 2, 2, 1, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2, 3],
    &[1, 1, 2, 3, 1, 1, 2, 1, 4, 3, 2, 3, 3, 3, 2, 3, 3],
    &[0, 0, 3, 3, 0, 0, 3, 4, 0, 0, 1, 1, 0, 0, 1, 1],
    &[0, 0, 2, 3, 0, 0, 2, 3, 0, 0, 2, 1, 0, 0, 1, 1],
    &[1, 1, 2, 2, 1, 1, 2, 2, 1, 2, 2, 2, 3, 2],
    &[1, 1, 2, 3, 1, 1, 2, 3, 1, 1, 2, 1],
    &[0, 0, 3, 3, 0, 0, 3, 3, 0, 0],
    &[0, 0, 2, 3, 0, 0, 2, 3],
    &[1, 1, 2, 2, 1, 1],
    &[1, 1, 2, 3],
    &[0, 0],
];

#[test]
fn white_knight_table() {
    let k = named("WhiteKnight");
    let table = k.coordinate().nim_value_table(16, 19).unwrap();
    for (m, row) in WHITE_KNIGHT.iter().enumerate() {
        assert_eq!(&table[m][..row.len()], *row, "row {m}");
    }
    // The knight at b3 (m = 1, n = 2) has the moves (2,0) = c1 and
    // (0,0) = a1 only.
    let p = k
        .position(&Args::new(vec![Arg::int(1), Arg::int(2)]))
        .unwrap();
    let shown: Vec<String> = p
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(shown, ["WhiteKnight((2,0))", "WhiteKnight((0,0))"]);
    // With the notes' Nim heap of 6 beside it, the knight (worth at most
    // *4 on the table) never cancels the heap: the first player wins.
    assert!(WHITE_KNIGHT
        .iter()
        .flat_map(|r| r.iter())
        .all(|&v| v ^ 6 != 0));
}

/// Poker-Nim: a move removes chips from a heap (keeping them) or adds
/// kept chips to a heap. Each player may add at most `adds` times, which
/// makes the game finite. Whether the player to move wins.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Poker {
    heaps: Vec<u32>,
    /// Chips kept by the player to move and by the other.
    kept: [u32; 2],
    /// Additions left to the player to move and to the other.
    adds: [u32; 2],
}

fn poker_wins(p: &Poker, memo: &mut HashMap<Poker, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let mut win = false;
    'moves: for i in 0..p.heaps.len() {
        for k in 1..=p.heaps[i] {
            let mut q = p.clone();
            q.heaps[i] -= k;
            q.kept[0] += k;
            q.kept.swap(0, 1);
            q.adds.swap(0, 1);
            if !poker_wins(&q, memo) {
                win = true;
                break 'moves;
            }
        }
        if p.adds[0] > 0 {
            for k in 1..=p.kept[0] {
                let mut q = p.clone();
                q.heaps[i] += k;
                q.kept[0] -= k;
                q.adds[0] -= 1;
                q.kept.swap(0, 1);
                q.adds.swap(0, 1);
                if !poker_wins(&q, memo) {
                    win = true;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(p.clone(), win);
    win
}

#[test]
fn poker_nim_is_nim() {
    // Whatever chips the players hold and however often they may add,
    // the player to move wins exactly when the nim sum is not zero:
    // additions are reversible moves (the seeds: "Poker-Nim = Nim").
    let mut memo = HashMap::new();
    let mut checked = 0;
    for a in 0..=3u32 {
        for b in 0..=3u32 {
            for c in 0..=2u32 {
                for kept in [[0, 0], [2, 0], [0, 2], [1, 3]] {
                    for adds in [[0, 0], [1, 1], [2, 1], [1, 2]] {
                        let p = Poker {
                            heaps: vec![a, b, c],
                            kept,
                            adds,
                        };
                        assert_eq!(
                            poker_wins(&p, &mut memo),
                            a ^ b ^ c != 0,
                            "heaps {a},{b},{c}, kept {kept:?}, adds {adds:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 4 * 4 * 3 * 16);
}
