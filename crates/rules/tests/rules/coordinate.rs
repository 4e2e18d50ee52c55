//! Impartial coordinate rulesets (RULESETS 4.8): the CGSuite values of
//! `rules.txt` (group "it should define coordinate games properly"),
//! Wythoff's P-positions, and properties of the nim values.

use crate::Kinds;
use onag_core::game::Game;
use onag_rules::framework::args::{Arg, Args, UserFn};
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::registry::{self, Make};
use onag_rules::{Player, RuleResult};
use proptest::prelude::*;
use std::rc::Rc;

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} needs arguments"),
    }
}

fn schema(name: &str, args: Vec<Arg>) -> RuleResult<Rc<dyn AnyRuleset>> {
    match &registry::find(name).expect("registered").make {
        Make::Schema(f) => f(&Args::new(args)),
        Make::Ruleset(_) => panic!("{name} takes no arguments"),
    }
}

fn pair(m: u64, n: u64) -> Args {
    Args::new(vec![Arg::Tuple(vec![
        Arg::int(m as i64),
        Arg::int(n as i64),
    ])])
}

fn pos(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> Rc<dyn AnyPosition> {
    r.position(&pair(m, n)).expect("valid position")
}

fn nim(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> u64 {
    pos(r, m, n).nim_value().expect("impartial").expect("value")
}

fn row(r: &Rc<dyn AnyRuleset>, m: u64, cols: u64) -> Vec<u64> {
    (0..=cols).map(|n| nim(r, m, n)).collect()
}

fn option_count(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> usize {
    pos(r, m, n).options(Player::Left).expect("options").len()
}

fn user(f: impl Fn(&[Arg]) -> RuleResult<Arg> + 'static) -> Arg {
    let f: UserFn = Rc::new(f);
    Arg::Function(f)
}

fn int(a: &Arg) -> i64 {
    a.as_i64().expect("integer argument")
}

#[test]
fn rules_txt_coordinate_games() {
    // game.heap.Wythoff((10,10)).Options.Size => 30
    let wythoff = named("Wythoff");
    assert_eq!(option_count(&wythoff, 10, 10), 30);
    // GenWythoff(x -> x + 2): 48 options at (10,10), values of (10, 0..20).
    let gw = schema("GenWythoff", vec![user(|a| Ok(Arg::int(int(&a[0]) + 2)))]).unwrap();
    assert_eq!(option_count(&gw, 10, 10), 48);
    assert_eq!(
        row(&gw, 10, 20),
        [10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30]
    );
    // FibonacciNim((10, 0..20)), 10 options at (10,10).
    let fib = named("FibonacciNim");
    let mut expected = vec![0, 2, 2, 2];
    expected.extend([5; 17]);
    assert_eq!(row(&fib, 10, 20), expected);
    assert_eq!(option_count(&fib, 10, 10), 10);
    // TakeAway(3).
    let ta3 = schema("TakeAway", vec![Arg::int(3)]).unwrap();
    assert_eq!(option_count(&ta3, 10, 10), 10);
    let mut expected = vec![0, 2, 2];
    expected.extend([6; 18]);
    assert_eq!(row(&ta3, 10, 20), expected);
    // Mem, 1 option at (10,10).
    let mem = named("Mem");
    let mut expected = vec![3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1];
    expected.extend([0; 10]);
    assert_eq!(row(&mem, 10, 20), expected);
    assert_eq!(option_count(&mem, 10, 10), 1);
    // GenMem((memory, j) -> j != memory): 9 options at (10,10); RULESETS
    // 4.8 also gives its values 6,6,6,4,6,6,3,6,6,... (6 onward).
    let gm = schema(
        "GenMem",
        vec![user(|a| Ok(Arg::Bool(int(&a[1]) != int(&a[0]))))],
    )
    .unwrap();
    assert_eq!(option_count(&gm, 10, 10), 9);
    let mut expected = vec![6, 6, 6, 4, 6, 6, 3];
    expected.extend([6; 14]);
    assert_eq!(row(&gm, 10, 20), expected);
}

#[test]
fn take_away_variants_agree() {
    // TakeAway(2) with a number, with a function, and FibonacciNim.
    let fib = named("FibonacciNim");
    let by_fn = schema("TakeAway", vec![user(|a| Ok(Arg::int(2 * int(&a[0]))))]).unwrap();
    let by_pred = schema(
        "GenMem",
        vec![user(|a| Ok(Arg::Bool(int(&a[1]) <= 2 * int(&a[0]))))],
    )
    .unwrap();
    for m in 0..=12 {
        for n in 0..=12 {
            assert_eq!(nim(&fib, m, n), nim(&by_fn, m, n), "({m},{n})");
            assert_eq!(nim(&fib, m, n), nim(&by_pred, m, n), "({m},{n})");
        }
    }
    assert_eq!(fib.name(), "FibonacciNim");
}

/// floor(k phi) exactly: (k + isqrt(5 k^2)) / 2.
fn lower_wythoff(k: u64) -> u64 {
    let s = 5 * k * k;
    let mut r = (s as f64).sqrt() as u64;
    while r * r > s {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= s {
        r += 1;
    }
    (k + r) / 2
}

#[test]
fn wythoff_p_positions_are_the_golden_pairs() {
    const N: u64 = 120;
    let wythoff = named("Wythoff");
    let table = wythoff.coordinate().nim_value_table(N, N).unwrap();
    let mut p_positions = std::collections::BTreeSet::new();
    for k in 0..=N {
        let a = lower_wythoff(k);
        let b = a + k; // floor(k phi^2) = floor(k phi) + k
        for (x, y) in [(a, b), (b, a)] {
            if x <= N && y <= N {
                p_positions.insert((x, y));
            }
        }
    }
    assert!(p_positions.contains(&(3, 5)) && p_positions.contains(&(12, 20)));
    for m in 0..=N {
        for n in 0..=N {
            let zero = table[m as usize][n as usize] == 0;
            assert_eq!(zero, p_positions.contains(&(m, n)), "({m},{n})");
        }
    }
}

#[test]
fn gen_wythoff_of_successor_is_wythoff() {
    let wythoff = named("Wythoff");
    let gw = schema("GenWythoff", vec![user(|a| Ok(Arg::int(int(&a[0]) + 1)))]).unwrap();
    assert_eq!(
        gw.coordinate().nim_value_table(30, 30).unwrap(),
        wythoff.coordinate().nim_value_table(30, 30).unwrap()
    );
    assert_eq!(option_count(&gw, 7, 4), option_count(&wythoff, 7, 4));
}

#[test]
fn positions_print_and_read_back() {
    let wythoff = named("Wythoff");
    let p = pos(&wythoff, 10, 10);
    assert_eq!(p.display(), "Wythoff((10,10))");
    let q = wythoff
        .position(&Args::new(vec![Arg::int(10), Arg::int(10)]))
        .unwrap();
    assert_eq!(q.display(), "Wythoff((10,10))");
    assert!(wythoff
        .position(&Args::new(vec![Arg::int(-1), Arg::int(0)]))
        .is_err());
    assert!(wythoff.position(&Args::new(vec![Arg::int(1)])).is_err());
    assert!(wythoff
        .position(&Args::new(vec![Arg::Str("x".into())]))
        .is_err());
    // The same instance (and table) is returned each time.
    assert!(Rc::ptr_eq(&named("Wythoff"), &named("Wythoff")));
}

#[test]
fn coordinate_ruleset_from_a_function() {
    // Wythoff's rook part only (two-heap Nim) with sums: (m, n) -> one heap
    // reduced, or (m, n) split into (m-1, 0) + (0, n).
    let f = |a: &[Arg]| -> RuleResult<Arg> {
        let (m, n) = (int(&a[0]), int(&a[1]));
        let mut out = Vec::new();
        for k in 0..m {
            out.push(Arg::Tuple(vec![Arg::int(k), Arg::int(n)]));
        }
        for k in 0..n {
            out.push(Arg::Tuple(vec![Arg::int(m), Arg::int(k)]));
        }
        Ok(Arg::List(out))
    };
    for name in ["CoordinateRuleset", "FunctionalCoordinateRuleset"] {
        let r = schema(name, vec![user(f)]).unwrap();
        // Two-heap Nim: m XOR n.
        for m in 0..8 {
            for n in 0..8 {
                assert_eq!(nim(&r, m, n), m ^ n);
            }
        }
    }
    // Sums: (m, n) -> (m-1, n) + (m-1, n) is always 0 after one move.
    let sums = schema(
        "CoordinateRuleset",
        vec![user(|a| {
            let (m, n) = (int(&a[0]), int(&a[1]));
            let p = Arg::Tuple(vec![Arg::int(m - 1), Arg::int(n)]);
            Ok(Arg::List(if m > 0 {
                vec![Arg::List(vec![p.clone(), p]), Arg::List(vec![])]
            } else {
                vec![]
            }))
        })],
    )
    .unwrap();
    assert_eq!(nim(&sums, 0, 3), 0);
    assert_eq!(nim(&sums, 4, 3), 1);
    let opts = pos(&sums, 2, 3).options(Player::Left).unwrap();
    assert_eq!(
        opts[0].display(),
        "CoordinateRuleset(<function>)((1,3)) + CoordinateRuleset(<function>)((1,3))"
    );
    assert_eq!(opts[1].display(), "0");
    // Errors: loops, bad results, growth without end.
    let looping = schema(
        "CoordinateRuleset",
        vec![user(|a| {
            Ok(Arg::List(vec![Arg::Tuple(vec![
                a[0].clone(),
                a[1].clone(),
            ])]))
        })],
    )
    .unwrap();
    let e = pos(&looping, 2, 2).nim_value().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "Those HeapRules specify a loopy game.");
    let bad = schema("CoordinateRuleset", vec![user(|_| Ok(Arg::int(3)))]).unwrap();
    assert!(pos(&bad, 1, 1).nim_value().unwrap().is_err());
    assert!(pos(&bad, 1, 1).options(Player::Left).is_err());
    let growing = schema(
        "CoordinateRuleset",
        vec![user(|a| {
            Ok(Arg::List(vec![Arg::Tuple(vec![
                Arg::int(int(&a[0]) + 1),
                a[1].clone(),
            ])]))
        })],
    )
    .unwrap();
    assert!(pos(&growing, 0, 0).nim_value().unwrap().is_err());
    // The loop guard is reset after an error.
    assert!(pos(&growing, 0, 0).nim_value().unwrap().is_err());
    assert!(schema("CoordinateRuleset", vec![Arg::int(1)]).is_err());
    assert!(schema("GenWythoff", vec![]).is_err());
    assert!(schema("TakeAway", vec![Arg::Str("x".into())]).is_err());
    let not_bool = schema("GenMem", vec![user(|_| Ok(Arg::int(1)))]).unwrap();
    assert!(pos(&not_bool, 3, 1).nim_value().unwrap().is_err());
}

#[test]
fn tables_are_bounded() {
    let wythoff = named("Wythoff");
    assert!(wythoff.coordinate().nim_value_table(u64::MAX, 2).is_err());
    assert!(wythoff
        .coordinate()
        .nim_value_table(10_000, 10_000)
        .is_err());
    let t = wythoff.coordinate().nim_value_table(1, 2).unwrap();
    assert_eq!(t, vec![vec![0, 1, 2], vec![1, 2, 0]]);
}

/// The canonical form of a position computed naively from its options.
fn naive(p: &Rc<dyn AnyPosition>) -> Game {
    let l: Vec<Game> = p.options(Player::Left).unwrap().iter().map(naive).collect();
    let r: Vec<Game> = p
        .options(Player::Right)
        .unwrap()
        .iter()
        .map(naive)
        .collect();
    Game::from_options(&l, &r)
}

fn any_preset() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["Wythoff", "Mem", "FibonacciNim", "WhiteKnight"])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// NimValue equals the nim value of the canonical form of the game
    /// tree, and the value of an option that is a sum is the XOR of its
    /// components' values.
    #[test]
    fn nim_value_is_the_canonical_nimber(
        name in any_preset(),
        (m, n) in (0u64..6, 0u64..6),
    ) {
        let r = named(name);
        let first = pos(&r, m, n);
        let v = first.nim_value().unwrap().unwrap();
        prop_assert_eq!(first.canonical_form().unwrap(), Game::nimber(v));
        prop_assert_eq!(naive(&first), Game::nimber(v));
        // Options that are sums: their value is the XOR of the parts'.
        for o in first.options(Player::Left).unwrap() {
            let x = o.decomposition().unwrap().iter()
                .fold(0, |acc, c| acc ^ c.nim_value().unwrap().unwrap());
            prop_assert_eq!(o.nim_value().unwrap().unwrap(), x);
        }
    }
}

#[test]
fn huge_positions_are_errors_not_crashes() {
    let wythoff = named("Wythoff");
    assert!(pos(&wythoff, 1 << 40, 3).options(Player::Left).is_err());
    assert!(pos(&wythoff, 1 << 40, 3).nim_value().unwrap().is_err());
    assert!(pos(&named("Mem"), 1 << 40, 3).nim_value().unwrap().is_err());
    let cut = named("Cutcake");
    assert!(pos(&cut, 1 << 40, 3).canonical_form().is_err());
}

/// A coordinate past the largest a position holds is refused with the
/// limit, not as if it were not a non-negative integer; a negative one
/// still gets the general message. Inputs: `Wythoff(2^64, 1)`,
/// `Wythoff((1, 2^64))`, `Wythoff(-1, 1)`, and
/// `CoordinateRuleset((m, n) -> [(2^64, 0)])((1, 2))` (or `[[(2^64, 0)]]`).
#[test]
fn coordinates_out_of_range_are_named() {
    use onag_core::number::{Integer, Rational};
    let error = |args: Vec<Arg>| match named("Wythoff").position(&Args::new(args)) {
        Err(e) => e.to_string(),
        Ok(p) => panic!("{} accepted", p.display()),
    };
    let huge = || Arg::Number(Rational::from(Integer::from(u64::MAX) + Integer::from(1)));
    let limited =
        "Wythoff coordinates are limited to 9223372036854775807; got 18446744073709551616";
    assert_eq!(error(vec![huge(), Arg::int(1)]), limited);
    assert_eq!(error(vec![Arg::Tuple(vec![Arg::int(1), huge()])]), limited);
    assert_eq!(
        error(vec![Arg::int(-1), Arg::int(1)]),
        "Wythoff expects a position ((m, n) or m, n), with non-negative integers m and n"
    );
    // So is one a user function returns, alone or in a sum.
    for sum in [false, true] {
        let r = schema(
            "CoordinateRuleset",
            vec![user(move |_| {
                let p = Arg::Tuple(vec![huge(), Arg::int(0)]);
                Ok(Arg::List(vec![if sum { Arg::List(vec![p]) } else { p }]))
            })],
        )
        .unwrap();
        let e = match pos(&r, 1, 2).options(Player::Left) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted"),
        };
        assert_eq!(
            e,
            "CoordinateRuleset: at (1,2) the function returned (18446744073709551616,0); coordinates are limited to 9223372036854775807"
        );
    }
}
