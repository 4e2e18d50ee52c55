//! Toppling Dominoes (RULESETS 2.3): CGSuite's value, the hand checks, the
//! gap quirk, and the properties of the shortcuts and symmetries.

use onag_core::game::Game;
use onag_core::number::Dyadic;
use onag_rules::framework::evaluator;
use onag_rules::framework::ruleset::AnyRuleset;
use onag_rules::games::strip::toppling::Toppling;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset() -> Rc<dyn AnyRuleset> {
    match &registry::find("TopplingDominoes").expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("TopplingDominoes is a ruleset"),
    }
}

fn value(s: &str) -> Game {
    evaluator::shared::<Toppling>().value(&Toppling::parse(s).expect("valid strip"))
}

#[test]
fn cgsuite_value() {
    // rules.txt: game.strip.TopplingDominoes("lere").CanonicalForm => {1|0,{0|-1}}
    let p = ruleset()
        .position(&Args::new(vec![Arg::Str("lere".into())]))
        .unwrap();
    assert_eq!(p.canonical_form().unwrap().to_string(), "{1|0,{0|-1}}");
}

#[test]
fn hand_checks() {
    assert_eq!(value("l"), Game::integer(1));
    assert_eq!(value("r"), Game::integer(-1));
    assert_eq!(value("e"), Game::star());
    assert_eq!(value("lr"), Game::star());
    assert_eq!(value("ll"), Game::integer(2));
    assert_eq!(value("ee"), Game::nimber(2));
    assert_eq!(value("lrl"), Game::number(Dyadic::new(1.into(), 1)));
    assert_eq!(value(""), Game::ZERO);
    assert_eq!(value("..."), Game::ZERO);
}

#[test]
fn gaps_do_not_stop_toppling() {
    assert_eq!(value("l.r"), value("lr"));
    assert_eq!(value("l..e.r."), value("ler"));
    let p = ruleset()
        .position(&Args::new(vec![Arg::Str("L.r".into())]))
        .unwrap();
    assert_eq!(p.display(), "TopplingDominoes(\"l.r\")");
    let left: Vec<String> = p
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    // Leftward clears the l; rightward clears everything, the gap too.
    assert_eq!(
        left,
        ["TopplingDominoes(\"..r\")", "TopplingDominoes(\"...\")"]
    );
}

#[test]
fn errors() {
    let r = ruleset();
    let e = r
        .position(&Args::new(vec![Arg::Str("lxr".into())]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "The position may only contain the following characters: .lre"
    );
    assert!(r
        .position(&Args::new(vec![Arg::Str("l|r".into())]))
        .is_err());
    assert!(r.position(&Args::new(vec![Arg::int(3)])).is_err());
    assert!(r
        .position(&Args::new(vec![Arg::Str("l".repeat(65))]))
        .is_err());
    assert_eq!(
        r.position(&Args::new(vec![Arg::Str("l".repeat(64))]))
            .unwrap()
            .canonical_form()
            .unwrap(),
        Game::integer(64)
    );
}

fn strip(max_len: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['.', 'l', 'r', 'e']), 0..=max_len)
        .prop_map(|v| v.into_iter().collect())
}

fn swap(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'l' => 'r',
            'r' => 'l',
            c => c,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Dropping gaps and the symmetries change nothing.
    #[test]
    fn shortcuts_preserve_values(s in strip(10)) {
        let p = Toppling::parse(&s).unwrap();
        prop_assert_eq!(value(&s), Evaluator::plain().value(&p));
    }

    /// Swapping the colours negates; reversing the row changes nothing.
    #[test]
    fn symmetries(s in strip(9)) {
        let plain = |t: &str| Evaluator::plain().value(&Toppling::parse(t).unwrap());
        prop_assert_eq!(plain(&swap(&s)), -plain(&s));
        let rev: String = s.chars().rev().collect();
        prop_assert_eq!(plain(&rev), plain(&s));
    }
}

#[test]
fn normal_form_drops_gaps_and_uses_symmetries() {
    let n = |s: &str| Toppling::parse(s).unwrap().normalize();
    assert_eq!(n("r.l").0, n("lr").0);
    assert_eq!(n(".l.r..").0, n("lr").0);
    let (rr, neg) = n("rr");
    assert!(neg);
    assert_eq!((rr, false), n("ll"));
}
