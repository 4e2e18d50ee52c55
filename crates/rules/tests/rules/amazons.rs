//! Amazons (RULESETS 1.5): hand-computed values, the move rule (the
//! vacated cell is free for the arrow), printing, errors, and properties of
//! the shortcuts and of the colour exchange.

use crate::boards::{board_strings, swap_colours};
use onag_core::game::Game;
use onag_rules::games::grid::amazons::Amazons;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;

fn value(s: &str) -> Game {
    Evaluator::new().value(&Amazons::parse(s).expect("valid board"))
}

#[test]
fn hand_examples() {
    // "x.": move right, shoot back into the vacated cell: {0|} = 1.
    assert_eq!(value("x."), Game::integer(1));
    assert_eq!(value(".o"), Game::integer(-1));
    // "x..": every option leaves Left one more move or none: {1,0|} = 2.
    assert_eq!(value("x.."), Game::integer(2));
    // "x.o": whoever moves takes the middle and burns the vacated cell.
    assert_eq!(value("x.o"), Game::nimber(1));
    assert_eq!(value("x#o"), Game::ZERO);
    assert_eq!(value("x"), Game::ZERO);
    assert_eq!(value("...|.#."), Game::ZERO);
    // Diagonal moves: "x#|#." has one move (to the corner, arrow back).
    assert_eq!(value("x#|#."), Game::integer(1));
}

#[test]
fn arrows_may_pass_the_vacated_cell() {
    let p = Amazons::parse("x..").expect("valid");
    let mut left: Vec<String> = p
        .options(Player::Left)
        .iter()
        .map(|o| o.board_string())
        .collect();
    left.sort();
    assert_eq!(left, ["#.x", "#x.", ".#x", ".x#"]);
    assert!(p.options(Player::Right).is_empty());
}

#[test]
fn through_the_registry() {
    let Make::Ruleset(make) = registry::find("Amazons").expect("registered").make else {
        panic!("Amazons has no parameters");
    };
    let r = make();
    let p = r
        .position(&Args::new(vec![Arg::Str("X.O".into())]))
        .expect("valid");
    assert_eq!(p.display(), "Amazons(\"x.o\")");
    assert_eq!(p.canonical_form().expect("value"), Game::nimber(1));
    let err = r
        .position(&Args::new(vec![Arg::Str("x.t".into())]))
        .expect_err("error");
    assert_eq!(
        err.to_string(),
        "The position may only contain the following characters: .xo#"
    );
}

#[test]
fn a_larger_board_agrees_with_the_plain_recursion() {
    let p = Amazons::parse("x..|#.o").expect("valid");
    assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
}

fn board() -> impl Strategy<Value = String> {
    board_strings(3, 3, vec!['.', '.', '.', 'x', 'o', '#'])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Decomposition and symmetry change nothing.
    #[test]
    fn shortcuts_preserve_values(s in board()) {
        let p = Amazons::parse(&s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
    }

    /// Exchanging the colours negates the value.
    #[test]
    fn colour_swap_negates(s in board()) {
        let v = Evaluator::new().value(&Amazons::parse(&s).expect("valid"));
        let w = Evaluator::plain().value(&Amazons::parse(&swap_colours(&s)).expect("valid"));
        prop_assert_eq!(v, -w);
    }
}
