//! Ruleset variants (RULESETS 5) over arbitrary rulesets: Cram is
//! Domineering's impartial variant, and hand-checked dicotic and twisted
//! values.

use onag_core::game::Game;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::variant::{variant, Variant};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Player};
use std::rc::Rc;

fn ruleset(name: &str) -> Rc<dyn AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} is a schema"),
    }
}

fn pos(r: &Rc<dyn AnyRuleset>, s: &str) -> Rc<dyn AnyPosition> {
    r.position(&Args::new(vec![Arg::Str(s.into())]))
        .expect("valid position")
}

fn of(name: &str, kind: Variant, s: &str) -> Rc<dyn AnyPosition> {
    pos(&variant(&ruleset(name), kind).expect("variant"), s)
}

fn cf(p: &Rc<dyn AnyPosition>) -> Game {
    p.canonical_form().expect("value")
}

#[test]
fn impartial_variant_of_domineering_is_cram() {
    let cram = ruleset("Cram");
    for s in [
        "...|...",
        "..|..",
        ".........|##.######",
        "....|.#..|....",
        "",
        ".",
    ] {
        let v = of("Domineering", Variant::Impartial, s);
        assert_eq!(cf(&v), cf(&pos(&cram, s)), "{s}");
        assert_eq!(
            v.nim_value().expect("impartial").expect("value"),
            pos(&cram, s)
                .nim_value()
                .expect("impartial")
                .expect("value")
        );
    }
    let v = of("Domineering", Variant::Impartial, ".........|##.######");
    assert_eq!(v.nim_value().expect("impartial").expect("value"), 4);
    assert_eq!(
        v.display(),
        "Domineering.ImpartialVariant(\".........|##.######\")"
    );
    // Left and Right have the same options: the base Left options, then
    // the base Right options.
    let v = of("Domineering", Variant::Impartial, "..|..");
    let names: Vec<String> = v
        .options(Player::Right)
        .expect("options")
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(names.len(), 4);
    assert!(names[0].starts_with("Domineering.ImpartialVariant(\""));
    // Its decomposition is the base decomposition, wrapped.
    let v = of("Domineering", Variant::Impartial, "..#..");
    assert_eq!(v.decomposition().expect("parts").len(), 2);
    assert_eq!(
        variant(&ruleset("Domineering"), Variant::Impartial)
            .expect("variant")
            .name(),
        "Domineering.ImpartialVariant"
    );
}

#[test]
fn dicotic_variant() {
    // Domineering("..|..") = +-1, but every move leaves a domino only one
    // player can take: dicotically those are 0, so the value is {0|0} = *.
    assert_eq!(
        cf(&of("Domineering", Variant::Dicotic, "..|..")),
        Game::nimber(1)
    );
    // Only Right can move in "...": dicotically nobody can.
    assert_eq!(cf(&of("Domineering", Variant::Dicotic, "...")), Game::ZERO);
    assert!(of("Domineering", Variant::Dicotic, "...")
        .options(Player::Right)
        .expect("options")
        .is_empty());
    // Clobber is already dicotic: the variant changes nothing.
    for s in ["xox|ox.", "xoo", "xxo|o.x"] {
        assert_eq!(
            cf(&of("Clobber", Variant::Dicotic, s)),
            cf(&pos(&ruleset("Clobber"), s))
        );
    }
}

#[test]
fn twisted_variant() {
    // ".|." : Left's move leads to 0, so the twist is {-0|} = 1.
    assert_eq!(
        cf(&of("Domineering", Variant::Twisted, ".|.")),
        Game::integer(1)
    );
    // "..|..": Left's moves leave ".|." (twist 1), Right's leave ".."
    // (twist -1): {-1 | 1} = 0, where Domineering gives +-1.
    let t = of("Domineering", Variant::Twisted, "..|..");
    assert_eq!(cf(&t), Game::ZERO);
    let left = t.options(Player::Left).expect("options");
    assert_eq!(left.len(), 2);
    assert!(left[0]
        .display()
        .starts_with("-Domineering.TwistedVariant("));
    assert_eq!(cf(&left[0]), Game::integer(-1));
    // The options of a negated twist are the opponent's, un-negated.
    let back = left[0].options(Player::Left).expect("options");
    assert_eq!(
        cf(&left[0]),
        -cf(&of("Domineering", Variant::Twisted, "#.|#."))
    );
    assert!(back.iter().all(|o| !o.display().starts_with('-')));
    // Clobber("xoo") = v: Left's ".xo" twists to *, negated *; Right's
    // "o.o" is 0: {*|0} = v.
    assert_eq!(cf(&of("Clobber", Variant::Twisted, "xoo")).to_string(), "v");
}

#[test]
fn base_errors_pass_through() {
    let v = variant(&ruleset("Domineering"), Variant::Twisted).expect("variant");
    assert!(v
        .position(&Args::new(vec![Arg::Str("..|.".into())]))
        .is_err());
}
