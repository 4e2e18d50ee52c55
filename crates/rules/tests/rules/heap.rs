//! Heap rulesets (RULESETS 4.1, 4.4): positions as sums of heaps, named
//! rulesets through the registry, the rules.txt lines of
//! `game.heap should define TakeAndBreak properly` and `other heap games`,
//! user-function rulesets, and the recursive evaluation with its loop
//! detection.

use crate::Kinds;
use onag_rules::framework::ruleset::AnyRuleset;
use onag_rules::framework::HeapRules;
use onag_rules::games::heap::ruleset;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Player, RuleError, RuleResult};
use proptest::prelude::*;
use std::rc::Rc;

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(f) => f(&Args::default()).expect("ruleset"),
    }
}

fn schema(name: &str, args: Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    match registry::find(name).expect("registered").make {
        Make::Schema(f) => f(&args),
        Make::Ruleset(f) => Ok(f()),
    }
}

fn heap_value(r: &Rc<dyn AnyRuleset>, n: i64) -> u64 {
    r.position(&Args::new(vec![Arg::int(n)]))
        .unwrap()
        .nim_value()
        .unwrap()
        .unwrap()
}

fn option_count(r: &Rc<dyn AnyRuleset>, n: i64) -> usize {
    r.position(&Args::new(vec![Arg::int(n)]))
        .unwrap()
        .options(Player::Left)
        .unwrap()
        .len()
}

fn values(r: &Rc<dyn AnyRuleset>, to: i64) -> Vec<u64> {
    (1..=to).map(|n| heap_value(r, n)).collect()
}

fn str_arg(s: &str) -> Args {
    Args::new(vec![Arg::Str(s.into())])
}

#[test]
fn rules_txt_take_and_break() {
    let nim = named("Nim");
    assert_eq!(nim.heap().code().unwrap(), "0.[3]");
    assert_eq!(values(&nim, 20), (1..=20).collect::<Vec<u64>>());
    assert_eq!(heap_value(&nim, 0), 0);
    assert_eq!(option_count(&named("GrundysGame"), 20), 9);
    let kayles = named("Kayles");
    assert_eq!(option_count(&kayles, 20), 20);
    assert_eq!(
        kayles.heap().nim_value_sequence(20).unwrap(),
        [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    );
    assert_eq!(heap_value(&kayles, 0), 0);
    let p = kayles
        .heap()
        .check_periodicity(2000)
        .unwrap()
        .expect("periodic");
    assert_eq!((p.period, p.preperiod, p.saltus), (12, 71, 0));
    let dk = named("DawsonsKayles");
    assert_eq!(dk.heap().code().unwrap(), "0.07");
    assert_eq!(option_count(&dk, 20), 10);
    assert_eq!(
        values(&dk, 20),
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    );
    let set = Arg::List(vec![Arg::int(2), Arg::int(3), Arg::int(7)]);
    let sub = schema("Subtraction", Args::new(vec![set.clone()])).unwrap();
    assert_eq!(sub.heap().code().unwrap(), "0.0330003");
    let allbut = schema(
        "Subtraction",
        Args {
            positional: vec![set],
            keywords: vec![("allbut".into(), Arg::Bool(true))],
        },
    )
    .unwrap();
    assert_eq!(
        values(&allbut, 20),
        [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
    );
}

#[test]
fn rules_txt_other_heap_games() {
    let sp = |c: &str| schema("Spawning", str_arg(c)).unwrap();
    assert_eq!(option_count(&sp("1-3"), 20), 191);
    assert_eq!(option_count(&sp("1-9"), 20), 169766);
    assert_eq!(
        values(&sp("1+C"), 20),
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4]
    );
    assert_eq!(
        values(&sp("1-3C(5)"), 20),
        [1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8]
    );
    let fives = [0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4];
    assert_eq!(values(&sp("3C(5)"), 20), fives);
    assert_eq!(sp("3C(5)").heap().nim_value_sequence(20).unwrap(), fives);
    assert_eq!(
        values(&sp("1-5C"), 20),
        [1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4]
    );
    assert_eq!(option_count(&sp("3E"), 20), 9);
    assert_eq!(
        sp("1+S").heap().nim_value_sequence(20).unwrap(),
        [1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28]
    );
}

/// A user function as the language passes it.
fn function(f: impl Fn(i64) -> Arg + 'static) -> Arg {
    Arg::Function(Rc::new(move |args: &[Arg]| {
        let n = args
            .first()
            .and_then(Arg::as_i64)
            .ok_or_else(|| RuleError::user_function("expected an integer"))?;
        Ok(f(n))
    }))
}

fn lists(ls: Vec<Vec<i64>>) -> Arg {
    Arg::List(
        ls.into_iter()
            .map(|l| Arg::List(l.into_iter().map(Arg::int).collect()))
            .collect(),
    )
}

#[test]
fn heap_ruleset_of_a_function() {
    // HeapRuleset(k -> [[a,b] for a from 0 to k-1 for b from 0 to a-1]):
    // 190 options at 20.
    let pairs = function(|k| {
        lists(
            (0..k)
                .flat_map(|a| (0..a).map(move |b| vec![a, b]))
                .collect(),
        )
    });
    for name in ["HeapRuleset", "FunctionalHeapRuleset"] {
        let r = schema(name, Args::new(vec![pairs.clone()])).unwrap();
        assert_eq!(option_count(&r, 20), 190);
        // Same as the mex of its options, computed here by hand: the
        // options of k are the sums a + b with b < a < k.
        let seq = r.heap().nim_value_sequence(8).unwrap();
        let mut g = vec![0u64];
        for k in 1..=8usize {
            let opts: Vec<u64> = (0..k)
                .flat_map(|a| (0..a).map(move |b| (a, b)))
                .map(|(a, b)| g[a] ^ g[b])
                .collect();
            g.push(onag_rules::framework::nim::mex(opts));
        }
        assert_eq!(seq, g[1..]);
        assert!(r.heap().code().is_none());
        assert_eq!(r.heap().check_periodicity(100).unwrap(), None);
    }
    // Errors name the constructor and the heap.
    let not_lists = schema("HeapRuleset", Args::new(vec![function(|_| Arg::int(3))])).unwrap();
    let e = not_lists.heap().nim_value(3).unwrap_err().into_message();
    assert!(
        e.starts_with("HeapRuleset: the function must return a list of lists"),
        "{e}"
    );
    let negative = schema(
        "HeapRuleset",
        Args::new(vec![function(|_| lists(vec![vec![-1]]))]),
    )
    .unwrap();
    assert!(negative.heap().heap_options(2).is_err());
    // A heap past the largest a position holds is refused with the limit:
    // `HeapRuleset(n -> [[2^64 - 1]])`, the options of heap 2.
    let huge = schema(
        "HeapRuleset",
        Args::new(vec![function(|_| {
            use onag_core::number::{Integer, Rational};
            let h = Arg::Number(Rational::from(Integer::from(u64::MAX)));
            Arg::List(vec![Arg::List(vec![h])])
        })]),
    )
    .unwrap();
    assert_eq!(
        huge.heap().heap_options(2).unwrap_err().into_message(),
        "HeapRuleset: for heap 2 the function returned heap 18446744073709551615; heap sizes are limited to 9223372036854775807"
    );
    let failing = schema(
        "HeapRuleset",
        Args::new(vec![Arg::Function(Rc::new(|_: &[Arg]| {
            Err(RuleError::user_function("boom"))
        }))]),
    )
    .unwrap();
    assert!(failing
        .heap()
        .nim_value(1)
        .unwrap_err()
        .into_message()
        .contains("boom"));
    assert!(schema("HeapRuleset", Args::new(vec![Arg::int(3)])).is_err());
    // Loops are detected with CGSuite's message.
    let loopy = schema(
        "HeapRuleset",
        Args::new(vec![function(|k| lists(vec![vec![k]]))]),
    )
    .unwrap();
    assert_eq!(
        loopy.heap().nim_value(3).unwrap_err().into_message(),
        "Those HeapRules specify a loopy game."
    );
    // Larger heaps are evaluated first: n -> [n + 1] up to 5, then nothing.
    let up = schema(
        "HeapRuleset",
        Args::new(vec![function(|k| {
            if k < 5 {
                lists(vec![vec![k + 1]])
            } else {
                lists(vec![])
            }
        })]),
    )
    .unwrap();
    assert_eq!(up.heap().nim_value_sequence(6).unwrap(), [0, 1, 0, 1, 0, 0]);
}

struct Rules(fn(u64) -> Vec<Vec<u64>>);

impl HeapRules for Rules {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        Ok((self.0)(n))
    }
}

#[test]
fn public_constructor_wraps_any_rules() {
    let r = ruleset(
        "Halves".into(),
        Rc::new(Rules(|n| vec![vec![n / 2, n / 2]])),
        Some("h".into()),
    );
    assert_eq!(r.name(), "Halves");
    assert_eq!(r.heap().code().unwrap(), "h");
    // Heap 1 -> 0+0 (value 0), so g(1) = 1; g(n) = mex{g(n/2) ^ g(n/2)} = 1.
    assert_eq!(r.heap().nim_value_sequence(5).unwrap(), [1, 1, 1, 1, 1]);
    let p = r.position(&Args::new(vec![Arg::int(4)])).unwrap();
    let o = &p.options(Player::Left).unwrap()[0];
    assert_eq!(o.display(), "Halves(2) + Halves(2)");
    assert_eq!(o.nim_value().unwrap().unwrap(), 0);
    assert_eq!(o.decomposition().unwrap().len(), 2);
    assert!(r.as_heap().is_some());
}

#[test]
fn heap_methods() {
    let kayles = named("Kayles");
    assert_eq!(kayles.heap().nim_value(15).unwrap(), 7);
    assert_eq!(kayles.heap().nim_value(0).unwrap(), 0);
    assert_eq!(
        kayles.heap().heap_options(3).unwrap(),
        [vec![2], vec![1, 1], vec![1]]
    );
    assert!(kayles.as_coordinate().is_none());
    // Kayles' proved period (12 from 71) answers any heap.
    // 10^12 + 15 ≡ 79 (mod 12), and g(79) = 2.
    assert_eq!(kayles.heap().nim_value(79).unwrap(), 2);
    assert_eq!(kayles.heap().nim_value(1_000_000_000_015).unwrap(), 2);
    assert_eq!(
        kayles.heap().nim_value(u64::MAX).unwrap(),
        kayles.heap().nim_value(71 + (u64::MAX - 71) % 12).unwrap()
    );
    // Codes without a proved period refuse huge heaps.
    let hex = schema("TakeAndBreak", str_arg("0.3F")).unwrap();
    assert!(hex.heap().nim_value(u64::MAX).is_err());
    // Kayles and TakeAndBreak("0.77") are the same rules.
    let tb = schema("TakeAndBreak", str_arg("0.77")).unwrap();
    assert_eq!(tb.name(), "TakeAndBreak(\"0.77\")");
    let p = tb.position(&Args::new(vec![Arg::int(3)])).unwrap();
    assert_eq!(p.display(), "TakeAndBreak(\"0.77\")(3)");
    assert_eq!(
        tb.heap().nim_value_sequence(100).unwrap(),
        kayles.heap().nim_value_sequence(100).unwrap()
    );
    assert!(schema("TakeAndBreak", str_arg("0.7x")).is_err());
    assert!(schema("TakeAndBreak", Args::new(vec![Arg::int(7)])).is_err());
}

/// `Nim(2^64 - 1)`: a heap size past the range says so, not that it is no
/// non-negative integer; `Nim(-3)` says what is expected.
#[test]
fn heap_sizes_out_of_range_are_named() {
    use onag_core::number::{Integer, Rational};
    let error = |a: Arg| match named("Nim").position(&Args::new(vec![a])) {
        Err(e) => e.to_string(),
        Ok(p) => panic!("{} accepted", p.display()),
    };
    let huge = Arg::Number(Rational::from(Integer::from(u64::MAX)));
    assert_eq!(
        error(huge),
        "Nim heap sizes are limited to 9223372036854775807; got 18446744073709551615"
    );
    assert_eq!(
        error(Arg::int(-3)),
        "Nim expects a non-negative integer heap size, got -3"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The nim value of a sum is the XOR of its heaps' values and the mex
    /// of its options' values (RULESETS 4.4).
    #[test]
    fn sums_of_heaps(a in 0u64..12, b in 0u64..12, pick in 0usize..4) {
        let r = named(["Kayles", "DawsonsKayles", "GrundysGame", "Nim"][pick]);
        let p = r.position(&Args::new(vec![Arg::int(a as i64)])).unwrap();
        let opts = p.options(Player::Left).unwrap();
        // A sum of two heaps, built as an option of a heap would be.
        if let Some(o) = opts.iter().find(|o| o.decomposition().unwrap().len() == 2) {
            let parts = o.decomposition().unwrap();
            let xor = parts[0].nim_value().unwrap().unwrap() ^ parts[1].nim_value().unwrap().unwrap();
            prop_assert_eq!(o.nim_value().unwrap().unwrap(), xor);
            let vals: Vec<u64> = o.options(Player::Right).unwrap().iter().map(|x| x.nim_value().unwrap().unwrap()).collect();
            prop_assert_eq!(xor, onag_rules::framework::nim::mex(vals));
        }
        let q = r.position(&Args::new(vec![Arg::int(b as i64)])).unwrap();
        let vals: Vec<u64> = q.options(Player::Left).unwrap().iter().map(|x| x.nim_value().unwrap().unwrap()).collect();
        if b > 0 {
            prop_assert_eq!(q.nim_value().unwrap().unwrap(), onag_rules::framework::nim::mex(vals));
        }
    }
}
