//! Fission (RULESETS 1.6): the hand-checked examples, printing, errors, and
//! properties of the shortcuts and of transposition.

use crate::boards::board_strings;
use onag_core::game::Game;
use onag_rules::games::grid::fission::Fission;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;

fn value(s: &str) -> Game {
    Evaluator::new().value(&Fission::parse(s).expect("valid board"))
}

#[test]
fn hand_examples() {
    assert_eq!(value(".|x|."), Game::integer(1));
    assert_eq!(value(".x."), Game::integer(-1));
    assert_eq!(value("..."), Game::ZERO);
    assert_eq!(value("x"), Game::ZERO);
    assert_eq!(value(""), Game::ZERO);
    // ".|x|.|.": Left to "x|.|x|.", from which Left's lower stone splits
    // once more (to 0): {{0|}|} = 2.
    assert_eq!(value(".|x|.|."), Game::integer(2));
    assert_eq!(value("#|x|.|."), Game::ZERO);
    // A lone stone on a square board is 0 by the transposing symmetry.
    assert_eq!(value("....|..x.|....|...."), Game::ZERO);
    // Blocked cells stop splits: "x" between two blocked cells is stuck.
    assert_eq!(value("#x#"), Game::ZERO);
}

#[test]
fn help_example_is_a_left_move() {
    let p = Fission::parse("....|..x.|....|....").expect("valid");
    let left: Vec<String> = p
        .options(Player::Left)
        .iter()
        .map(|o| o.board_string())
        .collect();
    assert_eq!(left, ["..x.|....|..x.|...."]);
    let right: Vec<String> = p
        .options(Player::Right)
        .iter()
        .map(|o| o.board_string())
        .collect();
    assert_eq!(right, ["....|.x.x|....|...."]);
}

#[test]
fn through_the_registry() {
    let Make::Ruleset(make) = registry::find("Fission").expect("registered").make else {
        panic!("Fission has no parameters");
    };
    let r = make();
    let p = r
        .position(&Args::new(vec![Arg::Str(".|X|.".into())]))
        .expect("valid");
    assert_eq!(p.display(), "Fission(\".|x|.\")");
    assert_eq!(p.canonical_form().expect("value"), Game::integer(1));
    let err = r
        .position(&Args::new(vec![Arg::Str("xo".into())]))
        .expect_err("error");
    assert_eq!(
        err.to_string(),
        "The position may only contain the following characters: .x#"
    );
}

fn board() -> impl Strategy<Value = (String, String)> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(r, c)| {
        prop::collection::vec(prop::sample::select(vec!['.', '.', '.', 'x', '#']), r * c).prop_map(
            move |cells| {
                let rows: Vec<String> = cells.chunks(c).map(|row| row.iter().collect()).collect();
                let cols: Vec<String> = (0..c)
                    .map(|j| (0..r).map(|i| cells[i * c + j]).collect())
                    .collect();
                (rows.join("|"), cols.join("|"))
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Decomposition and symmetry change nothing.
    #[test]
    fn shortcuts_preserve_values((s, _) in board()) {
        let p = Fission::parse(&s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
    }

    /// The search by levels and the depth-first search (both with
    /// decomposition and symmetry) agree.
    #[test]
    fn levels_agree_with_the_depth_first_search((s, _) in board()) {
        let p = Fission::parse(&s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::new().depth_first().value(&p));
    }

    /// Transposing the board swaps the players and negates the value.
    #[test]
    fn transposition_negates((s, t) in board()) {
        let v = Evaluator::plain().value(&Fission::parse(&s).expect("valid"));
        let w = Evaluator::plain().value(&Fission::parse(&t).expect("valid"));
        prop_assert_eq!(v, -w);
    }
}

/// The options of `player` on board `s` found cell by cell: each stone in
/// row-major order whose two neighbours along the player's axis (vertical
/// for Left, horizontal for Right) are on the board and empty.
fn naive_options(s: &str, player: Player) -> Vec<String> {
    let cells: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
    let (dr, dc) = match player {
        Player::Left => (1, 0),
        Player::Right => (0, 1),
    };
    let (rows, cols) = (cells.len() as i64, cells[0].len() as i64);
    let empty = |r: i64, k: i64| {
        (0..rows).contains(&r) && (0..cols).contains(&k) && cells[r as usize][k as usize] == '.'
    };
    let mut out = vec![];
    for r in 0..rows {
        for k in 0..cols {
            if cells[r as usize][k as usize] != 'x'
                || !empty(r - dr, k - dc)
                || !empty(r + dr, k + dc)
            {
                continue;
            }
            let mut next = cells.clone();
            next[r as usize][k as usize] = '.';
            next[(r - dr) as usize][(k - dc) as usize] = 'x';
            next[(r + dr) as usize][(k + dc) as usize] = 'x';
            let rows: Vec<String> = next.iter().map(|row| row.iter().collect()).collect();
            out.push(rows.join("|"));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The whole-layer move generator finds the options a cell-by-cell
    /// walk finds, in the same order, on boards of up to 128 cells.
    #[test]
    fn options_match_a_cell_by_cell_walk(s in board_strings(12, 12, vec!['.', '.', 'x', '#'])
        .prop_filter("at most 128 cells", |s| s.len() - s.matches('|').count() <= 128))
    {
        let p = Fission::parse(&s).expect("valid");
        for player in [Player::Left, Player::Right] {
            let got: Vec<String> = p.options(player).iter().map(|o| o.board_string()).collect();
            prop_assert_eq!(got, naive_options(&s, player));
        }
    }
}
