//! Positions defined outside Rust (`framework::external`): a small front
//! end with two classes (a partizan subtraction game whose options may be
//! canonical games, and an impartial one that may loop or fail) and
//! elements it values itself. Values agree with the built-in rulesets and
//! with direct computation; loops and failures leave nothing marked; tables are per class and can be cleared.

use onag_core::game::Game;
use onag_rules::framework::error::ErrorKind;
use onag_rules::framework::external::{self, Class, ClassTable, External, Reduction, Valued};
use onag_rules::framework::mex;
use onag_rules::{Player, RuleError};
use proptest::prelude::*;
use std::cell::Cell;

/// A position of the test front end.
#[derive(Clone, Debug)]
enum Pos {
    /// A heap of the partizan class: Left takes 1 or 2, Right takes 2;
    /// Left may also move to the canonical game `*`.
    Partizan(u64),
    /// A heap of the impartial class: take 1, 2 or 3. A heap of `loop_at`
    /// moves to itself; a heap of `fail_at` fails.
    Impartial(u64),
    /// A sum of positions, decomposed into them.
    Sum(Vec<Pos>),
    /// A canonical game, valued by the front end.
    Value(Game),
}

#[derive(Default)]
struct Front {
    partizan: ClassTable<(u8, Vec<u64>)>,
    impartial: ClassTable<(u8, Vec<u64>)>,
    loop_at: Option<u64>,
    fail_at: Option<u64>,
    option_calls: Cell<usize>,
}

fn key_of(p: &Pos) -> (u8, Vec<u64>) {
    match p {
        Pos::Partizan(n) => (0, vec![*n]),
        Pos::Impartial(n) => (1, vec![*n]),
        Pos::Sum(parts) => (2, parts.iter().flat_map(|q| key_of(q).1).collect()),
        Pos::Value(_) => (3, Vec::new()),
    }
}

impl External for Front {
    type Position = Pos;
    type Key = (u8, Vec<u64>);
    type Error = RuleError;

    fn class<'a>(&'a self, p: &'a Pos) -> Option<Class<'a, Self::Key>> {
        match p {
            Pos::Partizan(_) | Pos::Sum(_) => Some(Class {
                table: &self.partizan,
                impartial: false,
            }),
            Pos::Impartial(_) => Some(Class {
                table: &self.impartial,
                impartial: true,
            }),
            Pos::Value(_) => None,
        }
    }

    fn key(&self, p: &Pos) -> Self::Key {
        key_of(p)
    }

    fn is_memoised(&self, _: &Pos) -> bool {
        true
    }

    fn options(&self, p: &Pos, player: Option<Player>) -> Result<Vec<Pos>, RuleError> {
        self.option_calls.set(self.option_calls.get() + 1);
        Ok(match p {
            Pos::Partizan(n) => {
                let takes: &[u64] = match player {
                    Some(Player::Left) => &[1, 2],
                    _ => &[2],
                };
                let mut out: Vec<Pos> = takes
                    .iter()
                    .filter(|&&t| t <= *n)
                    .map(|t| Pos::Partizan(n - t))
                    .collect();
                if player == Some(Player::Left) && *n > 0 {
                    out.push(Pos::Value(Game::star()));
                }
                out
            }
            Pos::Impartial(n) => {
                if Some(*n) == self.fail_at {
                    return Err(RuleError::user_function("the options failed"));
                }
                if Some(*n) == self.loop_at {
                    return Ok(vec![Pos::Impartial(*n)]);
                }
                (1..=3)
                    .filter(|&t| t <= *n)
                    .map(|t| Pos::Impartial(n - t))
                    .collect()
            }
            Pos::Sum(_) | Pos::Value(_) => Vec::new(),
        })
    }

    fn decomposition(&self, p: &Pos) -> Result<Option<Vec<Pos>>, RuleError> {
        Ok(match p {
            Pos::Sum(parts) => Some(parts.clone()),
            _ => None,
        })
    }

    fn element_value(&self, p: &Pos, how: Reduction) -> Result<Valued, RuleError> {
        match p {
            Pos::Value(g) => Ok(match (how, g.as_nimber()) {
                (Reduction::Nim, Some(n)) => Valued::Nim(n),
                _ => Valued::Game(*g),
            }),
            _ => Err(RuleError::bad_position("not an element")),
        }
    }

    fn not_impartial(&self, _: &Pos, _: &Pos) -> RuleError {
        RuleError::bad_position("not impartial")
    }
}

fn canonical(front: &Front, p: &Pos) -> Result<Game, RuleError> {
    external::value(front, p, Reduction::Canonical).map(Valued::game)
}

fn nim(front: &Front, p: &Pos) -> Result<Valued, RuleError> {
    external::value(front, p, Reduction::Nim)
}

/// The partizan class by direct recursion (no table, no shortcut).
fn partizan_direct(n: u64) -> Game {
    let left: Vec<Game> = [1, 2]
        .iter()
        .filter(|&&t| t <= n)
        .map(|t| partizan_direct(n - t))
        .chain((n > 0).then_some(Game::star()))
        .collect();
    let right: Vec<Game> = [2]
        .iter()
        .filter(|&&t| t <= n)
        .map(|t| partizan_direct(n - t))
        .collect();
    Game::from_options(&left, &right)
}

#[test]
fn small_values_by_hand() {
    let front = Front::default();
    // Left: {0, *}; Right: nothing. {0,*|} = 1.
    assert_eq!(canonical(&front, &Pos::Partizan(1)), Ok(Game::integer(1)));
    // Take 1, 2 or 3: nim values 0,1,2,3,0,1,...
    for n in 0..12 {
        assert_eq!(nim(&front, &Pos::Impartial(n)), Ok(Valued::Nim(n % 4)));
    }
    // An impartial class asked for a canonical form gives the nimber.
    assert_eq!(canonical(&front, &Pos::Impartial(6)), Ok(Game::nimber(2)));
    // A partizan value asked for as a nim value stays a game.
    assert_eq!(
        nim(&front, &Pos::Partizan(1)),
        Ok(Valued::Game(Game::integer(1)))
    );
}

#[test]
fn sums_add_and_xor() {
    let front = Front::default();
    let sum = Pos::Sum(vec![
        Pos::Impartial(5),
        Pos::Impartial(6),
        Pos::Value(Game::star()),
    ]);
    // 1 xor 2 xor 1 = 2.
    assert_eq!(nim(&front, &sum), Ok(Valued::Nim(2)));
    let mixed = Pos::Sum(vec![Pos::Partizan(3), Pos::Partizan(1)]);
    assert_eq!(
        canonical(&front, &mixed),
        Ok(partizan_direct(3) + partizan_direct(1))
    );
    assert_eq!(canonical(&front, &Pos::Sum(Vec::new())), Ok(Game::ZERO));
}

#[test]
fn values_are_kept_per_class_and_can_be_cleared() {
    let front = Front::default();
    nim(&front, &Pos::Impartial(10)).unwrap();
    assert!(front.partizan.is_empty());
    assert_eq!(front.impartial.len(), 11);
    assert_eq!(
        front.impartial.get(&(1, vec![7]), Reduction::Nim),
        Some(Valued::Nim(3))
    );
    // A second evaluation lists no options.
    let calls = front.option_calls.get();
    nim(&front, &Pos::Impartial(10)).unwrap();
    assert_eq!(front.option_calls.get(), calls);
    front.impartial.clear();
    assert!(front.impartial.is_empty());
    assert_eq!(nim(&front, &Pos::Impartial(10)), Ok(Valued::Nim(2)));
    assert!(front.option_calls.get() > calls);
}

#[test]
fn a_loop_is_an_error_and_leaves_nothing_marked() {
    let mut front = Front {
        loop_at: Some(4),
        ..Front::default()
    };
    let e = nim(&front, &Pos::Impartial(6)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Loopy);
    assert_eq!(
        e.message(),
        "That is not a short game. If that is intentional, try `GameValue` in place of `NimValue`."
    );
    // Values found before the loop stay; the positions on the way to it
    // were not stored.
    assert_eq!(nim(&front, &Pos::Impartial(3)), Ok(Valued::Nim(3)));
    let before = front.impartial.len();
    assert!(nim(&front, &Pos::Impartial(5)).is_err());
    assert_eq!(front.impartial.len(), before);
    for n in 4..=6 {
        assert_eq!(front.impartial.get(&(1, vec![n]), Reduction::Nim), None);
    }
    // Nothing is left in progress: without the loop, the same positions
    // are valued.
    front.loop_at = None;
    assert_eq!(nim(&front, &Pos::Impartial(6)), Ok(Valued::Nim(2)));
}

#[test]
fn a_failing_option_leaves_nothing_marked() {
    let mut front = Front {
        fail_at: Some(2),
        ..Front::default()
    };
    let e = nim(&front, &Pos::Impartial(5)).unwrap_err();
    assert_eq!(e.message(), "the options failed");
    front.fail_at = None;
    assert_eq!(nim(&front, &Pos::Impartial(5)), Ok(Valued::Nim(1)));
}

proptest! {
    /// The tables give the values of direct recursion, whatever order
    /// positions are asked in.
    #[test]
    fn tables_agree_with_direct_recursion(ns in proptest::collection::vec(0u64..14, 1..6)) {
        let front = Front::default();
        for &n in &ns {
            prop_assert_eq!(canonical(&front, &Pos::Partizan(n)), Ok(partizan_direct(n)));
        }
        let parts: Vec<Pos> = ns.iter().map(|&n| Pos::Partizan(n)).collect();
        let total = ns.iter().fold(Game::ZERO, |acc, &n| acc + partizan_direct(n));
        prop_assert_eq!(canonical(&front, &Pos::Sum(parts)), Ok(total));
        let heaps: Vec<Pos> = ns.iter().map(|&n| Pos::Impartial(n)).collect();
        let xor = ns.iter().fold(0, |acc, &n| acc ^ mex((1..=3).filter(|&t| t <= n).map(|t| (n - t) % 4)));
        prop_assert_eq!(nim(&front, &Pos::Sum(heaps)), Ok(Valued::Nim(xor)));
    }
}
