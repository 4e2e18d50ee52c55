//! Fission (RULESETS 1.6): the hand-checked examples, printing, errors, and
//! properties of the shortcuts and of transposition.

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

    /// Transposing the board swaps the players and negates the value.
    #[test]
    fn transposition_negates((s, t) in board()) {
        let v = Evaluator::plain().value(&Fission::parse(&s).expect("valid"));
        let w = Evaluator::plain().value(&Fission::parse(&t).expect("valid"));
        prop_assert_eq!(v, -w);
    }
}
