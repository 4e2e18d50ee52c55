//! Exploring the position graphs of loopy rulesets through the core's
//! evaluator (LOOPY 4): Backsliding Toads and Frogs and Fox and Geese, as
//! small rulesets written here, checked against CGSuite's values.

use onag_core::loopy::{
    explore, LoopyError, LoopyEvaluator, LoopyRules, Move, Part, Player, SidedValue, Stopper,
};

/// GenToadsAndFrogs(minSlide => -1): one-step slides both ways, single
/// jumps over an enemy (LOOPY 4.4).
struct Backsliding {
    layered: bool,
}

impl LoopyRules for Backsliding {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>, player: Player) -> Result<Vec<Vec<u8>>, LoopyError> {
        let (me, enemy, dir) = match player {
            Player::Left => (b't', b'f', 1i64),
            Player::Right => (b'f', b't', -1i64),
        };
        let n = p.len() as i64;
        let at = |i: i64| {
            if (0..n).contains(&i) {
                Some(p[i as usize])
            } else {
                None
            }
        };
        let moved = |from: i64, to: i64| {
            let mut q = p.clone();
            q[from as usize] = b'.';
            q[to as usize] = me;
            q
        };
        let mut forward = Vec::new();
        let mut back = Vec::new();
        let mut jumps = Vec::new();
        for i in 0..n {
            if p[i as usize] != me {
                continue;
            }
            if at(i + dir) == Some(b'.') {
                forward.push(moved(i, i + dir));
            }
            if at(i - dir) == Some(b'.') {
                back.push(moved(i, i - dir));
            }
            if at(i + dir) == Some(enemy) && at(i + 2 * dir) == Some(b'.') {
                jumps.push(moved(i, i + 2 * dir));
            }
        }
        forward.extend(back);
        forward.extend(jumps);
        Ok(forward)
    }

    fn depth_hint(&self, p: &Vec<u8>) -> i64 {
        if !self.layered {
            return 0;
        }
        let mut toads = 0;
        let mut pairs = 0;
        for &c in p {
            match c {
                b't' => toads += 1,
                b'f' => pairs += toads,
                _ => {}
            }
        }
        pairs
    }
}

#[test]
fn backsliding_toads_and_frogs() {
    let start = b"ttt..fff".to_vec();
    let expected = "{on||0|-1/2} & {1/2|0||off}";
    let mut layered = LoopyEvaluator::new(Backsliding { layered: true }, 100_000);
    assert_eq!(layered.value(&start).unwrap().to_string(), expected);
    // One graph of all 560 positions gives the same value.
    let rules = Backsliding { layered: false };
    let all = explore(
        start.clone(),
        |p, player| {
            Ok(rules
                .options(p, player)?
                .into_iter()
                .map(Move::To)
                .collect())
        },
        100_000,
    )
    .unwrap();
    assert_eq!(all.len(), 560);
    assert_eq!(all.value(&start).unwrap().unwrap().to_string(), expected);
    // Every position has the same value either way.
    for p in all.positions().iter().step_by(7) {
        assert_eq!(
            all.value(p).unwrap().unwrap(),
            layered.value(p).unwrap(),
            "{}",
            String::from_utf8_lossy(p)
        );
    }
    // A budget too small is refused with a message.
    let e = explore(
        start,
        |p, player| {
            Ok(rules
                .options(p, player)?
                .into_iter()
                .map(Move::To)
                .collect())
        },
        100,
    )
    .err()
    .unwrap();
    assert_eq!(
        e.message,
        "That game has more than 100 positions to explore."
    );
}

/// GenFoxAndGeese(boardWidth, foxRange) (LOOPY 4.3): geese (Left) step
/// diagonally down, the fox (Right) moves diagonally up to its range.
struct FoxAndGeese {
    width: i32,
    range: i32,
}

/// Geese (sorted) and the fox, as (row, column).
type Board = (Vec<(i32, i32)>, (i32, i32));

impl FoxAndGeese {
    fn on_board(&self, (r, c): (i32, i32)) -> bool {
        r >= 1 && c >= 1 && c <= self.width
    }
}

impl LoopyRules for FoxAndGeese {
    type Position = Board;

    fn options(&self, (geese, fox): &Board, player: Player) -> Result<Vec<Board>, LoopyError> {
        let mut out = Vec::new();
        match player {
            Player::Left => {
                for (k, &(r, c)) in geese.iter().enumerate() {
                    for to in [(r - 1, c - 1), (r - 1, c + 1)] {
                        if self.on_board(to) && to != *fox && !geese.contains(&to) {
                            let mut g = geese.clone();
                            g[k] = to;
                            g.sort_unstable();
                            out.push((g, *fox));
                        }
                    }
                }
            }
            Player::Right => {
                for (dr, dc) in [(-1, 1), (1, 1), (1, -1), (-1, -1)] {
                    for d in 1..=self.range {
                        let to = (fox.0 + d * dr, fox.1 + d * dc);
                        if !self.on_board(to) || geese.contains(&to) {
                            break;
                        }
                        out.push((geese.clone(), to));
                    }
                }
            }
        }
        Ok(out)
    }

    fn decompose(&self, (geese, fox): &Board) -> Result<Option<Vec<Part<Board>>>, LoopyError> {
        let m = geese.iter().map(|g| g.0).max().unwrap_or(0);
        let free = |sq: (i32, i32)| self.on_board(sq) && !geese.contains(&sq);
        let escapes = fox.0 >= m
            || (fox.0 == m - 1 && (free((fox.0 + 1, fox.1 - 1)) || free((fox.0 + 1, fox.1 + 1))));
        Ok(escapes.then(|| vec![Part::Value(Stopper::off().into())]))
    }

    fn depth_hint(&self, (geese, _): &Board) -> i64 {
        geese.iter().map(|g| g.0 as i64).sum()
    }
}

fn fox_and_geese(width: i32, range: i32, geese: &[(i32, i32)], fox: (i32, i32)) -> SidedValue {
    let mut e = LoopyEvaluator::new(FoxAndGeese { width, range }, 1_000_000);
    let mut g = geese.to_vec();
    g.sort_unstable();
    e.value(&(g, fox)).unwrap()
}

#[test]
fn fox_and_geese_values() {
    let row4 = [(4, 2), (4, 4), (4, 6), (4, 8)];
    assert_eq!(fox_and_geese(8, 1, &row4, (1, 1)).to_string(), "{4*|7/2}");
    let row3 = [(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)];
    assert_eq!(
        fox_and_geese(10, 1, &row3, (1, 9)).to_string(),
        "{6over|5*}"
    );
    // ValuesTable({(3,1),(3,3),(3,5),(3,7)}), rows 2 and 1.
    let geese = [(3, 1), (3, 3), (3, 5), (3, 7)];
    let row = |r: i32, cols: [i32; 4]| -> Vec<String> {
        cols.iter()
            .map(|&c| fox_and_geese(8, 1, &geese, (r, c)).to_string())
            .collect()
    };
    assert_eq!(row(2, [2, 4, 6, 8]), ["2over", "2", "3*", "4over"]);
    assert_eq!(
        row(1, [1, 3, 5, 7]),
        ["{6|2over}", "{2over|2}", "{4|3||2}", "{4over|3*}"]
    );
}

#[test]
fn ceylonese_fox_and_geese() {
    let row4 = [(4, 2), (4, 4), (4, 6), (4, 8)];
    assert_eq!(
        fox_and_geese(8, 2, &row4, (1, 1)).to_string(),
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"
    );
}
