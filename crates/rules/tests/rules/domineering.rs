//! Domineering values from the seeds and CGSuite, and the properties of the
//! evaluator's shortcuts.

use onag_core::game::Game;
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::{Evaluator, Position};
use proptest::prelude::*;

fn value(s: &str) -> Game {
    Evaluator::new().value(&Domineering::parse(s).expect("valid board"))
}

fn g(n: i64) -> Game {
    Game::integer(n)
}

#[test]
fn small_boards() {
    assert_eq!(value(".|."), g(1));
    assert_eq!(value(".."), g(-1));
    assert_eq!(value("..."), g(-1));
    assert_eq!(value("..|.."), g(1).switch());
    // The seeds' 2x3 strips: {2 | -1/2} and its transpose.
    let half = Game::number(onag_core::number::Dyadic::new(1.into(), 1));
    let two_by_three = Game::from_options(&[g(2)], &[-half]);
    assert_eq!(value("...|..."), two_by_three);
    assert_eq!(value("..|..|.."), -two_by_three);
    // 3x3 is +-1 (the seeds).
    assert_eq!(value("...|...|..."), g(1).switch());
    assert_eq!(value(""), Game::ZERO);
    assert_eq!(value("#"), Game::ZERO);
    assert_eq!(value("."), Game::ZERO);
}

#[test]
fn four_by_four_is_cgsuites_value() {
    assert_eq!(
        value("....|....|....|....").to_string(),
        "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    );
}

/// `Domineering("....")` with 128 dots in one row: no vertical move, and
/// the value -64 (it once printed `-63*`: the whole-layer shift to the
/// cell below, by 128, wrapped to a shift by 0 and gave Left a move on
/// every cell).
#[test]
fn a_row_of_128_cells_has_no_vertical_move() {
    let row = Domineering::parse(&".".repeat(128)).expect("valid board");
    assert!(row.options(onag_rules::Player::Left).is_empty());
    assert_eq!(row.options(onag_rules::Player::Right).len(), 127);
    assert_eq!(Evaluator::new().value(&row), g(-64));
    let column = Domineering::parse(&vec!["."; 128].join("|")).expect("valid board");
    assert_eq!(Evaluator::new().value(&column), g(64));
}

#[test]
fn bad_boards_are_errors() {
    assert!(Domineering::parse("..|.").is_err());
    assert!(Domineering::parse("..x").is_err());
    assert!(Domineering::empty(12, 12).is_err());
}

fn board() -> impl Strategy<Value = Domineering> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(r, c)| {
            (
                Just(r),
                Just(c),
                prop::collection::vec(prop::bool::weighted(0.75), r * c),
            )
        })
        .prop_map(|(r, c, cells)| {
            let rows: Vec<String> = cells
                .chunks(c)
                .map(|row| row.iter().map(|&f| if f { '.' } else { '#' }).collect())
                .collect();
            let _ = r;
            Domineering::parse(&rows.join("|")).expect("valid board")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Decomposition and symmetry change nothing.
    #[test]
    fn shortcuts_preserve_values(d in board()) {
        prop_assert_eq!(Evaluator::new().value(&d), Evaluator::plain().value(&d));
    }

    /// Valuing the options of every component in parallel, each distinct
    /// normal form once, changes nothing (transpositions negate).
    #[test]
    fn the_parallel_search_preserves_values(d in board()) {
        prop_assert_eq!(Evaluator::new().parallel_from(2).value(&d), Evaluator::plain().value(&d));
    }

    /// Transposing a board swaps the players and negates the value.
    #[test]
    fn transposition_negates(d in board()) {
        let s = d.board_string();
        let rows: Vec<&str> = s.split('|').collect();
        let cols = rows[0].len();
        let t: Vec<String> = (0..cols)
            .map(|c| rows.iter().map(|r| r.as_bytes()[c] as char).collect())
            .collect();
        let td = Domineering::parse(&t.join("|")).expect("valid board");
        prop_assert_eq!(Evaluator::plain().value(&td), -Evaluator::plain().value(&d));
        let _ = d.normalize();
    }
}
