//! `CheckPeriodicity` (RULESETS 4.6) and the arithmetic periodicity test.

use crate::Kinds;
use onag_rules::framework::HeapRules;
use onag_rules::games::heap::{arithmetic_periodicity, ruleset, take_and_break};
use onag_rules::registry::{self, Make};
use onag_rules::{AnyRuleset, Periodicity};
use onag_rules::{Arg, Args, RuleResult};
use std::rc::Rc;

fn named(name: &str, args: Args) -> Rc<dyn AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(f) => f(&args).expect("ruleset"),
    }
}

fn per(q: u64, p: u64, s: i64) -> Option<Periodicity> {
    Some(Periodicity {
        period: q,
        preperiod: p,
        saltus: s,
    })
}

fn set(xs: &[i64]) -> Arg {
    Arg::List(xs.iter().map(|&x| Arg::int(x)).collect())
}

#[test]
fn cgsuite_tests() {
    let kayles = named("Kayles", Args::default());
    assert_eq!(
        kayles.heap().check_periodicity(2000).unwrap(),
        per(12, 71, 0)
    );
    let dk = named("DawsonsKayles", Args::default());
    // 3·(53+34)+5 = 266 ≤ 300.
    assert_eq!(dk.heap().check_periodicity(300).unwrap(), per(34, 53, 0));
    assert_eq!(dk.heap().check_periodicity(2000).unwrap(), per(34, 53, 0));
    assert_eq!(dk.heap().check_periodicity(100).unwrap(), None);
    for r in [
        named("Nim", Args::default()),
        named("GrundysGame", Args::default()),
        named(
            "Subtraction",
            Args {
                positional: vec![set(&[2, 3, 7])],
                keywords: vec![("allbut".into(), Arg::Bool(true))],
            },
        ),
        named("TakeAndBreak", Args::new(vec![Arg::Str("0.3F".into())])),
    ] {
        assert_eq!(
            r.heap().check_periodicity(2000).unwrap(),
            None,
            "{}",
            r.name()
        );
    }
    // Subtraction([2,3,7]) has period 5 from the start (H = 2, D = 8:
    // 2·0 + 2·5 + 7 + 2 ≤ 2000).
    let sub = named("Subtraction", Args::new(vec![set(&[2, 3, 7])]));
    assert_eq!(sub.heap().check_periodicity(2000).unwrap(), per(5, 0, 0));
}

#[test]
fn small_and_degenerate_ranges() {
    let kayles = named("Kayles", Args::default());
    for n in 0..4 {
        assert_eq!(kayles.heap().check_periodicity(n).unwrap(), None);
    }
    // Not enough values for the linear criterion.
    assert_eq!(kayles.heap().check_periodicity(200).unwrap(), None);
    // 0.[3]'s… unbounded digits make H = 2^31 − 1: CGSuite's 32-bit
    // wraparound is reproduced, so the answer is whatever it gives; at
    // least it must not fail.
    let star = take_and_break("T".into(), "0.*").unwrap();
    assert!(onag_rules::framework::kind::Heap::check_periodicity(&star, 40).is_ok());
}

struct Twice;

impl HeapRules for Twice {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        Ok((0..n).map(|k| vec![k]).collect())
    }
}

#[test]
fn other_heap_rulesets_give_nothing() {
    let r = ruleset("Nimlike".into(), Rc::new(Twice), None);
    assert_eq!(r.heap().check_periodicity(100).unwrap(), None);
    let sp = named("Spawning", Args::new(vec![Arg::Str("1-2".into())]));
    assert_eq!(sp.heap().check_periodicity(100).unwrap(), None);
}

#[test]
fn arithmetic_periodicity_allows_a_saltus() {
    // Nim: g(n) = n, period 1, saltus 1.
    let nim: Vec<u64> = (0..50).collect();
    assert_eq!(arithmetic_periodicity(&nim), per(1, 0, 1));
    // Subtraction([2,3,7], allbut => true): period 4? The values 0,1,0,1,2,3,2,3,...
    let allbut = named(
        "Subtraction",
        Args {
            positional: vec![set(&[2, 3, 7])],
            keywords: vec![("allbut".into(), Arg::Bool(true))],
        },
    );
    let mut g = vec![0];
    g.extend(allbut.heap().nim_value_sequence(200).unwrap());
    let p = arithmetic_periodicity(&g).expect("arithmetic-periodic");
    assert!(p.saltus > 0);
    for n in p.preperiod as usize..g.len() - p.period as usize {
        assert_eq!(g[n + p.period as usize] as i64, g[n] as i64 + p.saltus);
    }
    // Kayles: saltus 0, period 12, preperiod 71.
    let kayles = named("Kayles", Args::default());
    let mut k = vec![0];
    k.extend(kayles.heap().nim_value_sequence(1000).unwrap());
    assert_eq!(arithmetic_periodicity(&k), per(12, 71, 0));
    // Too short, or aperiodic.
    assert_eq!(arithmetic_periodicity(&[0, 1, 5]), None);
    assert_eq!(arithmetic_periodicity(&[0, 1, 0, 0, 1, 0, 0, 0, 1]), None);
}
