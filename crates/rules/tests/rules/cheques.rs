//! Cashing Cheques: the worked example of the seeds' thesis on hot games
//! (de Laurentys, "Heating things up"), its thermal values, and the
//! properties of the shortcuts.

use onag_core::game::Game;
use onag_core::number::Dyadic;
use onag_rules::framework::evaluator;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::cheques::{cheque_value, Cheques, Entry};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset() -> Rc<dyn AnyRuleset> {
    match &registry::find("CashingCheques").expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("CashingCheques is a ruleset"),
    }
}

fn cheque(a: i64, b: i64) -> Arg {
    Arg::Tuple(vec![Arg::int(a), Arg::int(b)])
}

fn table(items: Vec<Arg>, keywords: Vec<(String, Arg)>) -> Result<Rc<dyn AnyPosition>, String> {
    ruleset()
        .position(&Args {
            positional: vec![Arg::List(items)],
            keywords,
        })
        .map_err(|e| e.to_string())
}

fn g(n: i64) -> Game {
    Game::integer(n)
}

fn d(n: i64) -> Dyadic {
    Dyadic::from_integer(n.into())
}

/// The thesis's table: cheques (8, 4), (5, 5), (1, 13), that is
/// (2±6) + (0±5) + (-6±7) = -4 ±7 ±6 ±5.
#[test]
fn thesis_table() {
    let p = table(vec![cheque(8, 4), cheque(5, 5), cheque(1, 13)], vec![]).unwrap();
    assert_eq!(p.display(), "CashingCheques([(1,13),(5,5),(8,4)])");
    let v = p.canonical_form().unwrap();
    assert_eq!(
        v,
        cheque_value(8, 4) + cheque_value(5, 5) + cheque_value(1, 13)
    );
    assert_eq!(v, g(-4) + g(7).switch() + g(6).switch() + g(5).switch());
    assert_eq!(
        v,
        (g(2) + g(6).switch()) + g(5).switch() + (g(-6) + g(7).switch())
    );
    // Each cheque (a, b) has mean (a-b)/2 and temperature (a+b)/2.
    for (a, b, mean, temp) in [(8, 4, 2, 6), (5, 5, 0, 5), (1, 13, -6, 7)] {
        let c = cheque_value(a, b);
        assert_eq!(c, g(mean) + g(temp).switch());
        assert_eq!(c.mean(), d(mean));
        assert_eq!(c.temperature(), d(temp));
    }
    // The table: mean -4; the hottest switch, +-7, sets the temperature.
    assert_eq!(v.mean(), d(-4));
    assert_eq!(v.temperature(), d(7));
    // Stops, playing the hottest switch first: Left cashes 1, Right 4,
    // Left 5 (= 2); Right cashes 13, Left 8, Right 5 (= -10).
    assert_eq!(v.left_stop(), d(2));
    assert_eq!(v.right_stop(), d(-13 + 8 - 5));
}

/// "Should Left cash 8, 5 or 1? 1, of course": only cashing the 1 keeps
/// Right from cashing 13; the other moves do worse.
#[test]
fn left_cashes_the_one() {
    let p = table(vec![cheque(8, 4), cheque(5, 5), cheque(1, 13)], vec![]).unwrap();
    let opts = p.options(Player::Left).unwrap();
    let scored: Vec<(String, Dyadic)> = opts
        .iter()
        .map(|o| (o.display(), o.canonical_form().unwrap().right_stop()))
        .collect();
    let best = scored.iter().map(|(_, s)| s.clone()).max().unwrap();
    let winners: Vec<&String> = scored
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(t, _)| t)
        .collect();
    assert_eq!(winners, ["CashingCheques([(5,5),(8,4)], coins => 1)"]);
    assert_eq!(best, d(2));
    // Paying a coin (a move in the number of coins) is worse still.
    let q = table(
        vec![cheque(8, 4), cheque(5, 5), cheque(1, 13)],
        vec![("coins".into(), Arg::int(3))],
    )
    .unwrap();
    let opts = q.options(Player::Left).unwrap();
    assert_eq!(opts.len(), 4);
    let pay = opts
        .iter()
        .find(|o| o.display().ends_with("coins => 2)"))
        .expect("paying a coin is a move");
    let cash_one = opts
        .iter()
        .find(|o| o.display().ends_with("coins => 4)"))
        .expect("cashing the 1");
    assert!(
        pay.canonical_form().unwrap().right_stop()
            < cash_one.canonical_form().unwrap().right_stop()
    );
    assert_eq!(
        q.canonical_form().unwrap(),
        p.canonical_form().unwrap() + g(3)
    );
}

/// Extended cashing cheques: a yellow square is any game, played through
/// its options; the thesis's switch {9 | -5} has freezing point 7.
#[test]
fn yellow_squares() {
    let nine = Game::from_options(&[g(9)], &[g(-5)]);
    assert_eq!(nine.temperature(), d(7));
    assert_eq!(nine.mean(), d(2));
    let inner = Game::from_options(&[g(-19)], &[g(-35)]);
    let c = Game::from_options(&[g(-12)], &[g(-24), inner]);
    let p = table(vec![Arg::Game(c)], vec![]).unwrap();
    assert_eq!(p.canonical_form().unwrap(), c);
    let p = table(vec![Arg::Game(nine), cheque(-3, 4), Arg::int(2)], vec![]).unwrap();
    assert_eq!(
        p.canonical_form().unwrap(),
        nine + cheque_value(-3, 4) + g(2)
    );
    let right: Vec<String> = p
        .options(Player::Right)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(right.len(), 2);
    assert!(right.contains(&"CashingCheques([{9|-5}], coins => -2)".to_string()));
    assert!(right.contains(&"CashingCheques([(-3,4)], coins => -3)".to_string()));
}

#[test]
fn errors() {
    assert!(table(vec![Arg::Tuple(vec![Arg::int(1)])], vec![]).is_err());
    assert!(table(vec![Arg::Str("x".into())], vec![]).is_err());
    assert!(table(vec![cheque(1 << 41, 0)], vec![]).is_err());
    assert!(table(vec![], vec![("coins".into(), Arg::Bool(true))]).is_err());
    assert!(table(vec![], vec![("coin".into(), Arg::int(1))]).is_err());
    assert!(table(
        vec![Arg::Tuple(vec![
            Arg::Number(onag_core::number::Rational::new(1.into(), 3.into()).unwrap()),
            Arg::int(1)
        ])],
        vec![]
    )
    .is_err());
    assert_eq!(
        table(vec![], vec![]).unwrap().canonical_form().unwrap(),
        Game::ZERO
    );
}

fn cheques() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec((-6i64..=12, -6i64..=12), 0..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The value is the sum of the switches {a | -b} plus the coins, with
    /// and without the evaluator's shortcuts.
    #[test]
    fn value_is_the_sum_of_the_cheques(cs in cheques(), coins in -3i64..=3) {
        let entries: Vec<Entry> = cs.iter().map(|&(a, b)| Entry::Cheque(a, b)).collect();
        let p = Cheques::with(entries, coins);
        let sum = cs.iter().fold(g(coins), |acc, &(a, b)| acc + cheque_value(a, b));
        prop_assert_eq!(evaluator::shared::<Cheques>().value(&p), sum);
        prop_assert_eq!(Evaluator::plain().value(&p), sum);
        let neg = Cheques::with(cs.iter().map(|&(a, b)| Entry::Cheque(b, a)).collect(), -coins);
        prop_assert_eq!(Evaluator::plain().value(&neg), -sum);
    }
}
