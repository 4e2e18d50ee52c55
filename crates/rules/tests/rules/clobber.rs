//! The GenClobber family (RULESETS 1.4): CGSuite's tests, the hand examples,
//! the AntiClobber split quirk, printing, argument errors, and properties of
//! the shortcuts and of the colour swap.

use crate::boards::{board_strings, swap_colours};
use onag_core::game::Game;
use onag_rules::games::grid::clobber::{preset, Clobber, ClobberRules};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset(
    name: &str,
    keywords: Vec<(&str, Arg)>,
) -> Rc<dyn onag_rules::framework::ruleset::AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(f) => f(&Args {
            positional: vec![],
            keywords: keywords.into_iter().map(|(k, v)| (k.into(), v)).collect(),
        })
        .expect("valid parameters"),
    }
}

fn value_of(r: &Rc<dyn onag_rules::framework::ruleset::AnyRuleset>, s: &str) -> String {
    r.position(&Args::new(vec![Arg::Str(s.into())]))
        .expect("valid position")
        .canonical_form()
        .expect("value")
        .to_string()
}

fn value(name: &str, s: &str) -> String {
    value_of(&ruleset(name, vec![]), s)
}

fn coords(name: &str) -> Arg {
    registry::class_member("Coordinates", name, &Args::default())
        .expect("member")
        .expect("value")
}

#[test]
fn cgsuite_tests() {
    assert_eq!(value("Clobber", "xox|ox."), "{^^*|*,v}");
    let diag = ruleset("GenClobber", vec![("directions", coords("Diagonal"))]);
    assert_eq!(value_of(&diag, "xoxo|oox.|xxx."), "{0,v*|vv}");
    assert_eq!(value("Kings", "xox|ox."), "{^^*|*,v[2]}");
    // rules.txt: game.grid.Rooks("xox|ox.").CanonicalForm => {^^*|0,*}
    assert_eq!(value("Rooks", "xox|ox."), "{^^*|0,*}");
    assert_eq!(value("Queens", "xox|ox."), "^");
    assert_eq!(value("AntiClobber", "xoxo|oo.."), "{*|-1}");
}

#[test]
fn hand_examples() {
    assert_eq!(value("Clobber", "xo"), "*");
    assert_eq!(value("Clobber", "xoo"), "v");
    assert_eq!(value("Clobber", "xxo"), "^");
    assert_eq!(value("Clobber", ""), "0");
    assert_eq!(value("Clobber", "x.o"), "0");
    // HotClobber: Left's stone may capture Left's own stone; Right has no
    // stone, so "xx" = {0|} = 1.
    assert_eq!(value("HotClobber", "xx"), "1");
    // "xxo": Left to ".xo" = *, "x.o" = 0 (twice); Right to "xo." = *:
    // {0,*|*} = ^.
    assert_eq!(value("HotClobber", "xxo"), "^");
    assert_eq!(value("Clobber", "xx"), "0");
    // Knights: only knight jumps capture.
    assert_eq!(value("Knights", "xo"), "0");
    assert_eq!(value("Knights", "x..|..o"), "*");
    // Rooks slide over empties; Clobber does not.
    assert_eq!(value("Rooks", "x..o"), "*");
    assert_eq!(value("Clobber", "x..o"), "0");
}

#[test]
fn anticlobber_split_quirk() {
    // CGSuite splits at the empty cell: components "x" and "o", value 0
    // (the true value is *).
    assert_eq!(value("AntiClobber", "x.o"), "0");
    // Undivided: in "x." Left steps right leaving an enemy stone, "ox",
    // where nobody can move; Right has no stone: {0|} = 1.
    assert_eq!(value("AntiClobber", "x."), "1");
    assert_eq!(value("AntiClobber", ".o"), "-1");
}

#[test]
fn printing_and_errors() {
    let clobber = ruleset("Clobber", vec![]);
    let p = clobber
        .position(&Args::new(vec![Arg::Str("XO".into())]))
        .expect("valid");
    assert_eq!(p.display(), "Clobber(\"xo\")");
    let left = p.options(Player::Left).expect("options");
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].display(), "Clobber(\".x\")");
    let err = clobber
        .position(&Args::new(vec![Arg::Str("x#".into())]))
        .expect_err("error");
    assert_eq!(
        err.to_string(),
        "The position may only contain the following characters: .xo"
    );
    let diag = ruleset("GenClobber", vec![("directions", coords("Diagonal"))]);
    assert_eq!(
        diag.name(),
        "GenClobber(directions => Coordinates.Diagonal)"
    );
    let inf = Arg::Number(onag_core::number::Rational::infinity());
    let anti = ruleset(
        "GenClobber",
        vec![
            (
                "clobbered",
                Arg::Map(vec![
                    (Arg::Player(Player::Left), Arg::Set(vec![Arg::int(0)])),
                    (Arg::Player(Player::Right), Arg::Set(vec![Arg::int(0)])),
                ]),
            ),
            ("leftBehind", Arg::List(vec![Arg::int(2), Arg::int(1)])),
            ("maxDistance", inf),
        ],
    );
    assert_eq!(
        anti.name(),
        "GenClobber(clobbered => [[0], [0]], leftBehind => [2, 1], maxDistance => inf)"
    );
    assert_eq!(ruleset("GenClobber", vec![]).name(), "GenClobber()");
    let schema = match registry::find("GenClobber").expect("registered").make {
        Make::Schema(f) => f,
        Make::Ruleset(_) => panic!("GenClobber is a schema"),
    };
    let bad = |k: &str, v: Arg| {
        schema(&Args {
            positional: vec![],
            keywords: vec![(k.into(), v)],
        })
        .is_err()
    };
    assert!(bad("maxDistance", Arg::int(0)));
    assert!(bad("leftBehind", Arg::List(vec![Arg::int(3), Arg::int(0)])));
    assert!(bad("clobbered", Arg::int(1)));
    assert!(bad("directions", Arg::int(1)));
    let far = Arg::List(vec![Arg::Tuple(vec![Arg::int(i64::MIN), Arg::int(0)])]);
    assert!(bad("directions", far));
    assert!(bad("speed", Arg::int(1)));
}

fn board() -> impl Strategy<Value = String> {
    board_strings(3, 3, vec!['.', 'x', 'o', 'x', 'o'])
}

fn rules(name: &str) -> ClobberRules {
    preset(name).expect("preset")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Decomposition, trimming and symmetry change no value (every preset
    /// but AntiClobber, whose split is CGSuite's value-changing quirk).
    #[test]
    fn shortcuts_preserve_values(s in board()) {
        for name in ["Clobber", "HotClobber", "Kings", "Knights", "Rooks", "Queens"] {
            let p = Clobber::with_rules(rules(name), &s).expect("valid");
            prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p), "{}", name);
        }
    }

    /// Exchanging the colours negates Clobber values.
    #[test]
    fn colour_swap_negates(s in board()) {
        let v = Evaluator::new().value(&Clobber::parse(&s).expect("valid"));
        let w = Evaluator::plain().value(&Clobber::parse(&swap_colours(&s)).expect("valid"));
        prop_assert_eq!(v, -w);
    }

    /// AntiClobber values agree with the plain recursion that splits as
    /// CGSuite does at every node.
    #[test]
    fn anticlobber_matches_split_recursion(s in board()) {
        fn split_value(p: &Clobber) -> Game {
            let parts = p.decompose();
            parts.iter().fold(Game::ZERO, |acc, c| {
                let l: Vec<Game> = c.options(Player::Left).iter().map(split_value).collect();
                let r: Vec<Game> = c.options(Player::Right).iter().map(split_value).collect();
                acc + Game::from_options(&l, &r)
            })
        }
        let p = Clobber::with_rules(rules("AntiClobber"), &s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), split_value(&p));
    }
}
