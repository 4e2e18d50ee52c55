//! Cram (RULESETS 1.3): the CGSuite test, agreement with
//! `Domineering.ImpartialVariant`, and the nim evaluator's shortcuts.

use onag_core::game::Game;
use onag_rules::games::grid::cram::Cram;
use onag_rules::games::variant::{variant, Variant};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, NimEvaluator};
use proptest::prelude::*;

fn nim(s: &str) -> u64 {
    NimEvaluator::new().value(&Cram::parse(s).expect("valid board"))
}

fn ruleset(name: &str) -> std::rc::Rc<dyn onag_rules::framework::ruleset::AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} is a schema"),
    }
}

#[test]
fn cgsuite_test_value() {
    assert_eq!(nim(".........|##.######"), 4);
    let pos = ruleset("Cram")
        .position(&Args::new(vec![Arg::Str(".........|##.######".into())]))
        .expect("valid");
    assert_eq!(pos.canonical_form().expect("value"), Game::nimber(4));
    assert_eq!(pos.display(), "Cram(\".........|##.######\")");
}

#[test]
fn small_boards() {
    assert_eq!(nim(""), 0);
    assert_eq!(nim("."), 0);
    assert_eq!(nim(".."), 1);
    assert_eq!(nim(".|."), 1);
    assert_eq!(nim("..."), 1);
    // 2x2: every move leaves a domino, so the only option has value 1.
    assert_eq!(nim("..|.."), 0);
    // Even x even boards are second-player wins by symmetry.
    assert_eq!(nim("....|....|....|...."), 0);
    // 1xn Cram is Dawson's Kayles shifted: 1x4 = ..(..) -> 1, 0, 1 => 2.
    assert_eq!(nim("...."), 2);
    assert!(Cram::parse("..|.").is_err());
    assert!(Cram::parse("x").is_err());
}

fn board() -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(r, c)| {
        prop::collection::vec(prop::bool::weighted(0.75), r * c).prop_map(move |cells| {
            let rows: Vec<String> = cells
                .chunks(c)
                .map(|row| row.iter().map(|&f| if f { '.' } else { '#' }).collect())
                .collect();
            rows.join("|")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Decomposition and symmetry change nothing.
    #[test]
    fn shortcuts_preserve_values(s in board()) {
        let c = Cram::parse(&s).expect("valid");
        prop_assert_eq!(NimEvaluator::new().value(&c), NimEvaluator::plain().value(&c));
    }

    /// Cram is Domineering's impartial variant (RULESETS 1.3, 5).
    #[test]
    fn equals_impartial_variant(s in board()) {
        let v = variant(&ruleset("Domineering"), Variant::Impartial).expect("variant");
        let p = v.position(&Args::new(vec![Arg::Str(s.clone())])).expect("valid");
        let n = p.nim_value().expect("impartial").expect("value");
        prop_assert_eq!(n, nim(&s));
        prop_assert_eq!(p.canonical_form().expect("value"), Game::nimber(n));
    }
}
