//! Partizan heap rulesets (RULESETS 4.3): PartizanHeapRuleset,
//! PartizanSubtraction, PartizanSplittles, PartizanTakeAndBreak,
//! GameValueSequence; checked against impartial nim values (CGSuite's
//! sequences of Kayles, Dawson's Kayles and Subtraction), hand values, and
//! colour swap.

use crate::Kinds;
use onag_core::game::Game;
use onag_rules::framework::args::{Arg, Args};
use onag_rules::framework::ruleset::AnyRuleset;
use onag_rules::framework::HeapRules;
use onag_rules::games::operations::{combine, Operation};
use onag_rules::registry::{self, Make};
use onag_rules::{Player, RuleResult};
use proptest::prelude::*;
use std::rc::Rc;

fn schema(name: &str, args: Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    match &registry::find(name).expect("registered").make {
        Make::Schema(f) => f(&args),
        Make::Ruleset(_) => panic!("{name} takes no arguments"),
    }
}

fn set(v: &[i64]) -> Arg {
    Arg::List(v.iter().map(|&x| Arg::int(x)).collect())
}

fn pair_of_sets(name: &str, l: &[i64], r: &[i64], allbut: bool) -> Rc<dyn AnyRuleset> {
    let mut args = Args::new(vec![set(l), set(r)]);
    if allbut {
        args.keywords.push(("allbut".into(), Arg::Bool(true)));
    }
    schema(name, args).expect("valid sets")
}

fn heap(r: &Rc<dyn AnyRuleset>, n: u64) -> Game {
    r.position(&Args::new(vec![Arg::int(n as i64)]))
        .expect("heap")
        .canonical_form()
        .expect("value")
}

fn nimbers(v: &[u64]) -> Vec<Game> {
    v.iter().map(|&x| Game::nimber(x)).collect()
}

/// Subtraction (digit 3) or Splittles (digit 7) written here natively.
struct Sub {
    set: Vec<u64>,
    split: bool,
}

impl HeapRules for Sub {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        for &j in self.set.iter().filter(|&&j| j <= n) {
            let r = n - j;
            if r == 0 {
                out.push(vec![]);
                continue;
            }
            out.push(vec![r]);
            if self.split {
                out.extend((1..=r / 2).map(|a| vec![a, r - a]));
            }
        }
        Ok(out)
    }
}

fn sub(set: &[u64], split: bool) -> Rc<dyn AnyRuleset> {
    onag_rules::games::heap::ruleset(
        format!("Sub{set:?}"),
        Rc::new(Sub {
            set: set.to_vec(),
            split,
        }),
        None,
    )
}

#[test]
fn same_rules_for_both_players_give_cgsuites_nim_values() {
    // Splittles([1,2]) is Kayles (0.77), Splittles([2]) is Dawson's Kayles
    // (0.07): rules.txt gives their nim values of heaps 1..20.
    let kayles = pair_of_sets("PartizanSplittles", &[1, 2], &[1, 2], false);
    assert_eq!(
        kayles.partizan_heap().game_value_sequence(20).unwrap(),
        nimbers(&[1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1])
    );
    // Kayles(20).Options.Size => 20 and DawsonsKayles(20).Options.Size => 10.
    let options = |r: &Rc<dyn AnyRuleset>, n: i64| {
        r.position(&Args::new(vec![Arg::int(n)]))
            .unwrap()
            .options(Player::Left)
            .unwrap()
            .len()
    };
    assert_eq!(options(&kayles, 20), 20);
    let dawson = pair_of_sets("PartizanSplittles", &[2], &[2], false);
    assert_eq!(options(&dawson, 20), 10);
    assert_eq!(
        dawson.partizan_heap().game_value_sequence(20).unwrap(),
        nimbers(&[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3])
    );
    // Subtraction([2,3,7], allbut => true), nim values of heaps 1..20.
    let allbut = pair_of_sets("PartizanSubtraction", &[2, 3, 7], &[7, 3, 2], true);
    assert_eq!(
        allbut.partizan_heap().game_value_sequence(20).unwrap(),
        nimbers(&[1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10])
    );
    assert_eq!(options(&allbut, 20), 17);
}

#[test]
fn hand_values() {
    // Left removes 1, Right 2.
    let r = pair_of_sets("PartizanSubtraction", &[1], &[2], false);
    let one = Game::integer(1);
    let h2 = Game::from_options(&[one], &[Game::ZERO]); // {1 | 0}
    let h3 = Game::from_options(&[h2], &[one]); // {{1|0} | 1}
    assert_eq!(
        r.partizan_heap().game_value_sequence(3).unwrap(),
        vec![one, h2, h3]
    );
    assert_eq!(heap(&r, 0), Game::ZERO);
    // Only Left can move: heap n is worth n.
    let only_left = pair_of_sets("PartizanSubtraction", &[1], &[100], false);
    assert_eq!(heap(&only_left, 7), Game::integer(7));
    // Both remove 1: *, 0, *, ...
    let both = pair_of_sets("PartizanSubtraction", &[1], &[1], false);
    assert_eq!(
        both.partizan_heap().game_value_sequence(4).unwrap(),
        nimbers(&[1, 0, 1, 0])
    );
    assert_eq!(r.name(), "PartizanSubtraction([1], [2])");
    assert_eq!(
        pair_of_sets("PartizanSplittles", &[1, 3], &[2], true).name(),
        "PartizanSplittles([1,3], [2], allbut => true)"
    );
    let p = r.position(&Args::new(vec![Arg::int(6)])).unwrap();
    assert_eq!(p.display(), "PartizanSubtraction([1], [2])(6)");
    let lo = p.options(Player::Left).unwrap();
    assert_eq!(lo.len(), 1);
    assert_eq!(lo[0].display(), "PartizanSubtraction([1], [2])(5)");
}

#[test]
fn partizan_join_and_partizan_heap_ruleset_agree_with_partizan_subtraction() {
    // RULESETS 4.3: Subtraction([1,3]).PartizanJoin(Subtraction([2,3]))(6)
    // is PartizanSubtraction([1,3], [2,3])(6).
    let ps = pair_of_sets("PartizanSubtraction", &[1, 3], &[2, 3], false);
    let (l, r) = (sub(&[1, 3], false), sub(&[2, 3], false));
    let joined = combine(&l, Operation::PartizanJoin, &r).unwrap();
    let phr = schema(
        "PartizanHeapRuleset",
        Args::new(vec![Arg::Ruleset(l.clone()), Arg::Ruleset(r.clone())]),
    )
    .unwrap();
    assert_eq!(phr.name(), "PartizanHeapRuleset(Sub[1, 3], Sub[2, 3])");
    assert_eq!(joined.name(), "Sub[1, 3].PartizanJoin(Sub[2, 3])");
    for n in 0..=30 {
        assert_eq!(heap(&ps, n), heap(&joined, n), "heap {n}");
        assert_eq!(heap(&ps, n), heap(&phr, n), "heap {n}");
    }
    let splittles = pair_of_sets("PartizanSplittles", &[1, 3], &[2, 3], false);
    let joined = combine(
        &sub(&[1, 3], true),
        Operation::PartizanJoin,
        &sub(&[2, 3], true),
    )
    .unwrap();
    assert_eq!(
        splittles.partizan_heap().game_value_sequence(20).unwrap(),
        joined.partizan_heap().game_value_sequence(20).unwrap()
    );
}

#[test]
fn partizan_take_and_break_uses_the_registry() {
    let args = Args::new(vec![Arg::Str("0.77".into()), Arg::Str("0.77".into())]);
    match registry::find("TakeAndBreak") {
        None => {
            let e = schema("PartizanTakeAndBreak", args).unwrap_err();
            assert!(e.to_string().contains("TakeAndBreak"), "{}", e.to_string());
        }
        Some(_) => {
            let r = schema("PartizanTakeAndBreak", args).unwrap();
            let kayles = pair_of_sets("PartizanSplittles", &[1, 2], &[1, 2], false);
            assert_eq!(
                r.partizan_heap().game_value_sequence(15).unwrap(),
                kayles.partizan_heap().game_value_sequence(15).unwrap()
            );
        }
    }
    assert!(schema("PartizanTakeAndBreak", Args::new(vec![Arg::int(1)])).is_err());
}

#[test]
fn bad_arguments_are_errors() {
    let sets = |l: Arg, r: Arg| schema("PartizanSubtraction", Args::new(vec![l, r]));
    assert!(sets(set(&[]), set(&[1])).is_err());
    // Removing 0 tokens (or a negative number) is a loopy rule, found when
    // the game is played, as for the impartial Subtraction.
    let loopy = sets(set(&[0, 1]), set(&[1])).unwrap();
    let heap = loopy.position(&Args::new(vec![Arg::int(3)])).unwrap();
    assert_eq!(
        heap.canonical_form().unwrap_err().into_message(),
        "Those HeapRules specify a loopy game."
    );
    let growing = sets(set(&[-1]), set(&[1])).unwrap();
    let heap = growing.position(&Args::new(vec![Arg::int(2)])).unwrap();
    assert!(heap.canonical_form().is_err());
    assert_eq!(
        sets(Arg::List(vec![Arg::Str("a".into())]), set(&[1]))
            .unwrap_err()
            .to_string(),
        "Subtraction set must be a set of `Integer`s."
    );
    assert!(schema("PartizanSubtraction", Args::new(vec![set(&[1])])).is_err());
    let mut args = Args::new(vec![set(&[1]), set(&[2])]);
    args.keywords.push(("allbut".into(), Arg::int(3)));
    assert!(schema("PartizanSubtraction", args).is_err());
    let mut args = Args::new(vec![set(&[1]), set(&[2])]);
    args.keywords.push(("all".into(), Arg::Bool(true)));
    assert!(schema("PartizanSubtraction", args).is_err());
    let r = pair_of_sets("PartizanSubtraction", &[1], &[2], false);
    assert!(r.position(&Args::new(vec![Arg::int(-1)])).is_err());
    assert!(r.position(&Args::new(vec![])).is_err());
    assert!(schema(
        "PartizanHeapRuleset",
        Args::new(vec![Arg::int(1), Arg::int(2)])
    )
    .is_err());
    // A coordinate ruleset is not a heap ruleset.
    let wythoff = match &registry::find("Wythoff").unwrap().make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => unreachable!(),
    };
    assert!(schema(
        "PartizanHeapRuleset",
        Args::new(vec![Arg::Ruleset(wythoff.clone()), Arg::Ruleset(wythoff)])
    )
    .is_err());
}

fn subset() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::btree_set(1i64..6, 1..4).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Swapping the players' sets negates every value; equal sets give the
    /// nimber of the impartial heap game.
    #[test]
    fn colour_swap_negates(l in subset(), r in subset(), split in any::<bool>(), n in 0u64..14) {
        let name = if split { "PartizanSplittles" } else { "PartizanSubtraction" };
        let a = pair_of_sets(name, &l, &r, false);
        let b = pair_of_sets(name, &r, &l, false);
        prop_assert_eq!(heap(&a, n), -heap(&b, n));
        let same = pair_of_sets(name, &l, &l, false);
        let lu: Vec<u64> = l.iter().map(|&x| x as u64).collect();
        let imp = sub(&lu, split);
        let v = imp.heap().nim_value(n).unwrap();
        prop_assert_eq!(heap(&same, n), Game::nimber(v));
    }
}

/// `PartizanSubtraction([1], [2])(2^64)`: a heap size past the range is
/// named as such, as for the impartial heap rulesets; a negative one says
/// what is expected.
#[test]
fn heap_sizes_out_of_range_are_named() {
    use onag_core::number::{Integer, Rational};
    let r = pair_of_sets("PartizanSubtraction", &[1], &[2], false);
    let error = |a: Arg| match r.position(&Args::new(vec![a])) {
        Err(e) => e.to_string(),
        Ok(p) => panic!("{} accepted", p.display()),
    };
    let huge = Arg::Number(Rational::from(Integer::from(u64::MAX) + Integer::from(1)));
    assert_eq!(
        error(huge),
        "PartizanSubtraction([1], [2]) heap sizes are limited to 9223372036854775807; got 18446744073709551616"
    );
    assert_eq!(
        error(Arg::int(-1)),
        "PartizanSubtraction([1], [2]) expects a heap size (a non-negative Integer), got -1"
    );
}
