//! Turning (RULESETS 2.4): coin-turning positions, their moves, and the
//! value taken from the heap ruleset.

use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Player};
use proptest::prelude::*;
use std::rc::Rc;

fn turning(arg: Arg) -> Rc<dyn AnyRuleset> {
    let Make::Schema(make) = registry::find("Turning").expect("registered").make else {
        panic!("Turning is a schema");
    };
    make(&Args::new(vec![arg])).expect("ruleset")
}

fn pos(r: &Rc<dyn AnyRuleset>, coins: &str) -> Rc<dyn AnyPosition> {
    r.position(&Args::new(vec![Arg::Str(coins.into())]))
        .expect("position")
}

fn nim(p: &Rc<dyn AnyPosition>) -> u64 {
    p.nim_value().expect("impartial").expect("value")
}

#[test]
fn mock_turtles() {
    let r = turning(Arg::Str("1-3".into()));
    assert_eq!(r.name(), "Turning(\"1-3\")");
    assert_eq!(nim(&pos(&r, "htththtth")), 29);
    assert_eq!(nim(&pos(&r, "HTTHTHTTH")), 29);
    let p = pos(&r, "htth");
    assert_eq!(p.display(), "Turning(\"1-3\")(\"htth\")");
    let shown: Vec<String> = p
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    let expected: Vec<String> = [
        "ttth", "httt", "tttt", "hhtt", "htht", "thtt", "ttht", "hhht",
    ]
    .iter()
    .map(|s| format!("Turning(\"1-3\")(\"{s}\")"))
    .collect();
    assert_eq!(shown, expected);
    assert!(r
        .position(&Args::new(vec![Arg::Str("hxt".into())]))
        .is_err());
    assert_eq!(
        p.canonical_form().unwrap(),
        onag_core::game::Game::nimber(nim(&p))
    );
}

#[test]
fn from_a_heap_ruleset() {
    let Make::Ruleset(kayles) = registry::find("Kayles").unwrap().make else {
        panic!()
    };
    let r = turning(Arg::Ruleset(kayles()));
    assert_eq!(r.name(), "Turning(Kayles)");
    // g(1) ^ g(2) ^ g(3) = 1 ^ 2 ^ 3 = 0.
    assert_eq!(nim(&pos(&r, "hhh")), 0);
    // Kayles' heap 3 has the option [1, 1]: coin 1 flipped once.
    let opts = pos(&r, "tth").options(Player::Left).unwrap();
    let shown: Vec<String> = opts.iter().map(|o| o.display()).collect();
    assert_eq!(
        shown,
        [
            "Turning(Kayles)(\"tht\")",
            "Turning(Kayles)(\"htt\")",
            "Turning(Kayles)(\"htt\")"
        ]
    );
    // Nim's heap 1 has the option [] only... and heap 2 of Nim has [1], [].
    let Make::Ruleset(nimr) = registry::find("Nim").unwrap().make else {
        panic!()
    };
    let n = turning(Arg::Ruleset(nimr()));
    assert_eq!(pos(&n, "th").options(Player::Left).unwrap().len(), 2);
    // Options that name coin 0 or a coin beyond the strip are errors.
    let bad = onag_rules::games::heap::ruleset("Far".into(), Rc::new(Far), None);
    let f = turning(Arg::Ruleset(bad));
    assert!(pos(&f, "h").options(Player::Left).is_err());
    // Not a heap ruleset, or a bad argument.
    let Make::Ruleset(dom) = registry::find("Domineering").unwrap().make else {
        panic!()
    };
    let Make::Schema(make) = registry::find("Turning").unwrap().make else {
        panic!()
    };
    assert!(make(&Args::new(vec![Arg::Ruleset(dom())])).is_err());
    assert!(make(&Args::new(vec![Arg::int(3)])).is_err());
    assert!(make(&Args::new(vec![Arg::Str("1-".into())])).is_err());
}

struct Far;

impl onag_rules::framework::HeapRules for Far {
    fn heap_options(&self, n: u64) -> onag_rules::RuleResult<Vec<Vec<u64>>> {
        Ok(vec![vec![n + 5]])
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// For spawning codes the heap value equals the mex over the strip
    /// moves (the heap representation is faithful for these codes).
    #[test]
    fn value_is_mex_of_moves(coins in "[th]{1,7}", code in prop::sample::select(vec!["1-3", "1-2", "1+C", "3C(5)", "1-5C", "2", "3"])) {
        let r = turning(Arg::Str(code.into()));
        let p = pos(&r, &coins);
        let vals: Vec<u64> = p.options(Player::Left).unwrap().iter().map(nim).collect();
        prop_assert_eq!(nim(&p), onag_rules::framework::nim::mex(vals));
    }
}
