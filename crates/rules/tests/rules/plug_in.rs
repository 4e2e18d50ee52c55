//! A game that is not one of the crate's plugs into the same evaluators:
//! positions are values holding `Rc`s (not `Send`), their options come from
//! a closure (as a language's interpreter would give them) and may fail,
//! their table is an owned value, and a position reached while it is still
//! being evaluated is reported as a game that is not short.

use onag_core::game::Game;
use onag_rules::framework::{
    Evaluator, ImpartialGame, LocalTable, NimEvaluator, PartizanGame, Table,
};
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::{Player, Position, RuleError, RuleResult};
use proptest::prelude::*;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The options of a state, as user code gives them.
type Options<S> = Rc<dyn Fn(&S, Player) -> RuleResult<Vec<S>>>;

/// A position of a user-defined game: a structural value and the rules
/// that list its options. Equality and hashing look at the value only.
#[derive(Clone)]
struct Scripted<S> {
    state: Rc<S>,
    rules: Options<S>,
}

impl<S> Scripted<S> {
    fn new(state: S, rules: &Options<S>) -> Self {
        Scripted {
            state: Rc::new(state),
            rules: rules.clone(),
        }
    }
}

impl<S: PartialEq> PartialEq for Scripted<S> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl<S: Eq> Eq for Scripted<S> {}

impl<S: Hash> Hash for Scripted<S> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.state.hash(h);
    }
}

impl<S: Clone + Eq + Hash> PartizanGame for Scripted<S> {
    type Error = RuleError;

    fn options(&self, player: Player) -> RuleResult<Vec<Self>> {
        Ok((self.rules)(&self.state, player)?
            .into_iter()
            .map(|s| Scripted::new(s, &self.rules))
            .collect())
    }
}

impl<S: Clone + Eq + Hash> ImpartialGame for Scripted<S> {
    type Error = RuleError;

    fn options(&self) -> RuleResult<Vec<Self>> {
        PartizanGame::options(self, Player::Left)
    }
}

/// Domineering written as user code: a board as rows of free cells.
fn domineering_rules() -> Options<Vec<Vec<bool>>> {
    Rc::new(|board: &Vec<Vec<bool>>, player| {
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        let mut out = Vec::new();
        for r in 0..board.len() {
            for c in 0..board[r].len() {
                let (r2, c2) = (r + dr, c + dc);
                if board[r][c] && board.get(r2).and_then(|row| row.get(c2)) == Some(&true) {
                    let mut b = board.clone();
                    b[r][c] = false;
                    b[r2][c2] = false;
                    out.push(b);
                }
            }
        }
        Ok(out)
    })
}

fn boards() -> impl Strategy<Value = String> {
    (1usize..=3, 1usize..=4).prop_flat_map(|(r, c)| {
        prop::collection::vec(prop::sample::select(vec!['.', '.', '#']), r * c).prop_map(
            move |cells| {
                let rows: Vec<String> = cells.chunks(c).map(|row| row.iter().collect()).collect();
                rows.join("|")
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// User-written Domineering, through the evaluator with an owned
    /// local table, has the values of the built-in one.
    #[test]
    fn scripted_domineering_agrees(s in boards()) {
        let rules = domineering_rules();
        let board: Vec<Vec<bool>> =
            s.split('|').map(|row| row.chars().map(|c| c == '.').collect()).collect();
        let eval: Evaluator<Scripted<Vec<Vec<bool>>>, LocalTable<_, Game>> = Evaluator::new();
        let v = eval.canonical_form(&Scripted::new(board, &rules)).expect("a short game");
        let native = Evaluator::new().value(&Domineering::parse(&s).expect("a board"));
        prop_assert_eq!(v, native);
    }
}

/// Integers n: Left moves to n - 1 (and the value is n), except at the
/// states listed as loops or failures.
fn counting(loop_at: u32, fail_at: u32) -> Options<u32> {
    Rc::new(move |&n: &u32, player| match (n, player) {
        (n, _) if n == fail_at => Err(RuleError::user_function(format!("boom at {n}"))),
        (n, Player::Left) if n == loop_at => Ok(vec![n + 1]),
        (n, Player::Right) if n == loop_at + 1 => Ok(vec![n - 1]),
        (0, _) | (_, Player::Right) => Ok(vec![]),
        (n, Player::Left) => Ok(vec![n - 1]),
    })
}

#[test]
fn loops_and_failures_are_errors_and_leave_the_table_sound() {
    let rules = counting(10, 20);
    let eval: Evaluator<Scripted<u32>, LocalTable<_, Game>> = Evaluator::new();
    let value = |n: u32| eval.canonical_form(&Scripted::new(n, &rules));
    assert_eq!(value(5), Ok(Game::integer(5)));
    // 11 -> 10 (Right) -> 11 (Left): the position reached is in progress.
    assert_eq!(value(11), Err(RuleError::loopy()));
    assert_eq!(
        value(21).map_err(|e| e.to_string()),
        Err("boom at 20".into())
    );
    // Nothing in progress is left behind: the same question gives the
    // same answer, and short positions still evaluate.
    assert_eq!(value(11), Err(RuleError::loopy()));
    assert_eq!(value(9), Ok(Game::integer(9)));
    let stored = eval.table().len();
    assert_eq!(stored, eval.table_size());
    assert!(stored >= 10, "{stored} values stored");
    // A new definition of the game (a reloaded class) starts afresh.
    let again: Evaluator<Scripted<u32>, LocalTable<_, Game>> = Evaluator::new();
    assert_eq!(again.table_size(), 0);
}

#[test]
fn impartial_games_plug_into_the_nim_evaluator() {
    // Subtraction of 1 or 2: nim values n mod 3.
    let rules: Options<u32> =
        Rc::new(|&n: &u32, _| Ok((1..=2).filter(|&k| k <= n).map(|k| n - k).collect()));
    let eval: NimEvaluator<Scripted<u32>, LocalTable<_, u64>> = NimEvaluator::new();
    for n in 0..30u32 {
        assert_eq!(
            eval.nim_value(&Scripted::new(n, &rules)),
            Ok(u64::from(n % 3))
        );
    }
    let loopy: Options<u32> = Rc::new(|&n: &u32, _| Ok(vec![n]));
    let eval: NimEvaluator<Scripted<u32>, LocalTable<_, u64>> = NimEvaluator::new();
    assert_eq!(
        eval.nim_value(&Scripted::new(0, &loopy)),
        Err(RuleError::loopy())
    );
}

#[test]
fn built_in_positions_still_evaluate_in_parallel_through_the_same_recursion() {
    // 13 vertical and 24 horizontal moves: past the threshold of options
    // valued in parallel (36).
    let d = Domineering::empty(2, 13).expect("a board");
    let shared = Evaluator::new();
    let serial: Evaluator<Domineering> = Evaluator::new();
    assert_eq!(
        shared.value(&d),
        onag_rules::framework::game::infallible(serial.canonical_form(&d))
    );
    assert_eq!(Position::text(&d), "\".............|.............\"");
}

#[test]
fn the_session_cache_keeps_one_value_per_key() {
    use onag_rules::framework::cache::{forget, kept};
    use std::cell::Cell;
    let made = Cell::new(0);
    let make = || {
        made.set(made.get() + 1);
        // Making a value may use the cache.
        let inner: Rc<u8> = kept("inner", || Rc::new(7));
        Rc::new(u32::from(*inner) + made.get())
    };
    let a: Rc<u32> = kept(("plug_in", 1u8), make);
    let b: Rc<u32> = kept(("plug_in", 1u8), make);
    assert!(Rc::ptr_eq(&a, &b));
    assert_eq!((*a, made.get()), (8, 1));
    forget::<(&str, u8), Rc<u32>>(&("plug_in", 1));
    let c: Rc<u32> = kept(("plug_in", 1u8), make);
    assert_eq!((*c, made.get()), (9, 2));
    // Another value type under the same key is another value.
    let d: Rc<String> = kept(("plug_in", 1u8), || Rc::new("x".to_string()));
    assert_eq!(d.as_str(), "x");
}
