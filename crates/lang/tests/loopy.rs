//! Loopy games through the language (LOOPY.md): specifiers with `pass`
//! and labels, the sidling operator, operators and methods on stoppers
//! and sided values, explicit games, the worked examples of LOOPY 2.11
//! and 3.9, and properties on random loopy specifiers: what onag prints
//! reads back as the same value, G - G is 0 for a stopper and at most
//! `G.Degree`'s idempotent for... the sides are ordered.

mod common;

use common::check;
use onag_lang::Interp;
use proptest::prelude::*;

#[test]
fn constants_and_specifiers() {
    check(&[
        ("on", "on"),
        ("off", "off"),
        ("-on", "off"),
        ("{pass|}", "on"),
        ("{0|pass}", "over"),
        ("upon", "^[on]"),
        ("upon == {pass|*}", "true"),
        ("dud", "dud"),
        ("on & off", "dud"),
        ("{pass|pass} === dud", "true"),
        ("a{0|1}", "1/2"),
        ("a{0|a}", "over"),
        ("{|}", "0"),
        ("{on|0||0}", "Miny(on)"),
        ("{0|||0||0|off}", "{0|Tiny(on)}"),
        ("on.Tiny", "Tiny(on)"),
        ("+-{0|pass}", "+-over"),
        ("{0|{dud|},*}", "^ & v*"),
        ("[on, 1, over, *].Sorted", "[1,*,on,over]"),
        ("{[1, 2]|pass}", "2over"),
        ("Tiny(on)", "Tiny(on)"),
        ("Miny(on) == {on|0||0}", "true"),
    ]);
}

#[test]
fn errors_name_what_is_wrong() {
    check(&[
        ("pass", "!!Unexpected `pass`."),
        ("{1|0+pass}", "!!Unexpected `pass`."),
        ("-2 & 2", "!!offside is not <= onside: 2 |> -2"),
        (
            "+-(upon & v)",
            "!!No operation `+-` for argument of type `game.StopperSidedValue`",
        ),
        (
            "dud + \"x\"",
            "!!No operation `+` for arguments of types `game.StopperSidedValue`, `cgsuite.lang.String`",
        ),
        ("on.CanonicalForm", "!!That is a loopy game."),
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}.Onside",
            "!!Not a method or member variable: `Onside` (in object of class `game.SidedValue`)",
        ),
        ("{0|pass}.Pow(on)", "!!Not a method or member variable: `Pow` (in object of class `game.Pseudonumber`)"),
        (
            "^.Pow(off)",
            "!!Invalid exponent.",
        ),
        ("{dud|0}", "{on|0} & -1"),
        ("{dud|pass}", "!!Invalid loopy game specifier: the option dud is not a stopper."),
        ("{\"x\"|pass}", "!!Invalid loopy game specifier: an option must be a canonical stopper; found `cgsuite.lang.String`."),
        ("on.Subordinate(*)", "!!That game cannot be subordinated to the specified base."),
    ]);
}

/// LOOPY 2.11 and 3.9.
#[test]
fn worked_examples() {
    check(&[
        ("upon > 0", "true"),
        ("upon.LeftStop", "0"),
        ("upon.RightStop", "0"),
        ("upon - upon", "^<on> & v<on>"),
        ("upon.Degree", "^<on>"),
        ("^ < over", "true"),
        ("over < on", "true"),
        ("over + over", "over"),
        ("over - over", "over & under"),
        ("over.IsIdempotent", "true"),
        ("{pass|3/2}", "3/2under"),
        ("{pass|3/2}.FollowerCount", "5"),
        ("{pass|3/2}.Followers", "{0,1,3/2,2,3/2under}"),
        ("^.PowTo(on)", "^[on]"),
        ("^.PowTo({5|pass})", "{^[5]|*,pass}"),
        ("^.Pow(on) + {0|upon}", "{0||0|^<on>*} & {0|^[on]}"),
        ("(^.Pow(on) + {0|upon}).OutcomeClass", "L"),
        ("dud.OutcomeClass", "D"),
        ("(1 & 0).OutcomeClass", "PHat"),
        ("(^ & v*).OutcomeClass", "NHat"),
        ("on.Subordinate(1)", "on"),
        ("over.Subordinate(1)", "off"),
        ("(upon+*).Subordinate(*)", "on"),
        ("{0,*|0,pass}.Subordinate(*)", "over"),
        (
            "a{0|{0||||0,*2|||a|0||0}||0}.Variety",
            "!!That game is not stable.",
        ),
        ("x := {0|pass}; 3 * x", "over"),
        ("-(1 & 0)", "0 & -1"),
        ("(1 & 0) + (1 & 0)", "2 & 0"),
        ("on : 1", "on"),
        ("1 : on", "on"),
        ("1 : over", "1over"),
    ]);
}

#[test]
fn explicit_games() {
    check(&[
        ("'{-1|1}'", "'{-1|1}'"),
        ("'{-1|1}'.CanonicalForm", "0"),
        ("('{-1|1}':on).GameValue", "1under"),
        ("('{-1|1}':on).OutcomeClass", "L"),
        (
            "('{-1|1}':on).CanonicalForm",
            "!!That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.",
        ),
        ("'{0,{1|2}|*}'.LeftOptions", "[0,'{1|2}']"),
        ("a := '{0|1}'; {a|}.GameValue", "1"),
        ("'{on|off}'.GameValue", "+-on"),
        ("'{0|pass}'", "!!Unexpected `pass`."),
        (
            "'{1, \"x\"|}'",
            "!!Invalid game specifier: objects must be of type `Game` or `SidedValue`",
        ),
    ]);
}

/// A random loopy specifier: braces with passes, a label and its
/// back-references, short options and the loopy constants.
fn specifier() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("-1".to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
        Just("1/2".to_string()),
        Just("on".to_string()),
        Just("over".to_string()),
        Just("a".to_string()),
        Just("pass".to_string()),
    ];
    let option = leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    });
    (
        prop::collection::vec(option.clone(), 0..3),
        prop::collection::vec(option, 0..3),
    )
        .prop_map(|(l, r)| {
            // `pass` belongs to the braces it is written in; outside an
            // option list of braces it is an error, which is tested above.
            format!("a{{{}|{}}}", l.join(","), r.join(","))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// What onag prints for a loopy value reads back as the same value
    /// (apart from the upon forms, which CGSuite cannot read either).
    #[test]
    fn printed_values_read_back(spec in specifier()) {
        let mut s = Interp::new();
        let Ok(Some(x)) = s.run(&format!("x := {spec}")) else {
            return Ok(());
        };
        let printed = x.to_string();
        prop_assume!(!printed.contains("[on]") && !printed.contains("<on>"));
        prop_assume!(!printed.contains("[off]") && !printed.contains("<off>"));
        let same = s.run(&format!("x === ({printed})"));
        prop_assert!(
            matches!(&same, Ok(Some(v)) if v.to_string() == "true"),
            "{spec} printed as {printed}, which reads back as {:?}",
            s.run(&printed).map(|v| v.map(|v| v.to_string()))
        );
    }

    /// For a stopper G, G - G is 0 only when G is loopfree, and always
    /// 0 <= G - G's onside and G - G's offside <= 0 (Siegel VI.3); the
    /// onside of any sided value is at least its offside.
    #[test]
    fn sums_with_the_negative(spec in specifier()) {
        let mut s = Interp::new();
        let Ok(Some(_)) = s.run(&format!("x := {spec}")) else {
            return Ok(());
        };
        let Ok(Some(d)) = s.run("d := x - x") else {
            return Ok(());
        };
        let d = d.to_string();
        let run = |s: &mut Interp, e: &str| s.run(e).map(|v| v.map(|v| v.to_string()));
        if run(&mut s, "x.IsStopperSided") == Ok(Some("true".into())) {
            prop_assert_eq!(run(&mut s, "d.Onside >= 0"), Ok(Some("true".into())), "{} - itself is {}", spec, d);
            prop_assert_eq!(run(&mut s, "d.Offside <= 0"), Ok(Some("true".into())), "{} - itself is {}", spec, d);
            prop_assert_eq!(run(&mut s, "x.Offside <= x.Onside"), Ok(Some("true".into())));
        }
        if run(&mut s, "x.IsLoopfree") == Ok(Some("true".into())) {
            prop_assert_eq!(d, "0");
        }
    }
}
