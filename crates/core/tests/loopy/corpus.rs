//! Lines of reference-next/loopy.txt.

use crate::support::*;

#[test]
fn specifiers_print() {
    let cases = [
        ("on", "on"),
        ("off", "off"),
        ("{pass|pass}", "dud"),
        ("over", "over"),
        ("under", "under"),
        ("{pass|*}", "^[on]"),
        ("{pass,0|0}", "^[on]*"),
        ("{*|pass}", "v[on]"),
        ("{0|0,pass}", "v[on]*"),
        ("{0||0|0,pass}", "^<on>"),
        ("{0,*||*|pass}", "^<on>*"),
        ("{0,pass|0||0}", "v<on>"),
        ("{pass|*||0,*}", "v<on>*"),
        ("over+5", "5over"),
        ("under+5", "5under"),
        ("over+^", "over"),
        ("5+over", "5over"),
        ("over-5", "-5over"),
        ("over & v", "over & v"),
        ("x{0|x}", "over"),
        ("x{x|0}", "under"),
        ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"),
        ("a{1||a|0}", "2 & +-1"),
        ("a{{|a}|}", "1 & 0"),
        ("{2&-2|1&-2}", "{2|1} & -2*"),
    ];
    for (input, expected) in cases {
        assert_eq!(show(input), expected, "{input}");
    }
}

const BACH: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

fn env_uponth() -> Env {
    let mut env = Env::new();
    env.insert("uponth".into(), val("{0||0|0,pass}"));
    env
}

#[test]
fn carousels_and_switches() {
    let env = env_uponth();
    assert_eq!(val_in("+-{0|uponth}", &env).to_string(), "+-{0|^<on>}");
    assert_eq!(
        val_in("+-{{0|uponth},{0|uponth+*}}", &env).to_string(),
        "+-{{0|^<on>},{0|^<on>*}}"
    );
    assert_eq!(show(BACH), "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}");
}

#[test]
fn operations() {
    assert_eq!(
        show(&format!("{BACH}+1")),
        "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"
    );
    assert_eq!(
        show("10*upon"),
        "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"
    );
    assert_eq!(
        show("9*(upon & v)"),
        "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9"
    );
    assert_eq!(
        show(&format!("3*{BACH}")),
        "{a{2*|||2|2,{a|1*}||1}|2||c{2|b{1|1,{1*||b|0|||*}},{2*|c,d{1*|||1|1,{d|*}||0}||0}||1}} & {0||0|a{1*||0,{1|a}|0|||*}}"
    );
    assert_eq!(val_in("+-(uponth+*)", &env_uponth()).to_string(), "0");
}

/// GameTest: game.CanonicalShortGame should implement unary methods.
#[test]
fn short_games_as_loopy_values() {
    let instances = [
        ("5", "5"),
        ("6+^*", "6^*"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{1|^^||^}", "{1|^^||^}"),
        ("{1|^^^||^}", "{1|^3||^}"),
        ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"),
        (
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        ),
    ];
    for (input, printed) in instances {
        let v = val(input);
        assert!(v.as_short().is_some(), "{input} is short");
        let pseudo = if input == "5" { "true" } else { "false" };
        let cases = format!(
            "Degree => 0\nIsIdempotent => false\nIsPlumtree => true\nIsPseudonumber => {pseudo}\n\
             IsStopper => true\nIsStopperSided => true\nOffside => {printed}\nOnside => {printed}\nVariety => 0"
        );
        check_methods(input, &v, &cases);
    }
}

#[test]
fn over_methods() {
    check_methods(
        "over",
        &val("over"),
        "Class => ⟪game.Pseudonumber⟫
        Degree => over
        FollowerCount => 2
        IsIdempotent => true
        IsInfinitesimal => true
        IsInteger => false
        IsLoopfree => false
        IsNimber => false
        IsNumber => false
        IsNumberish => true
        IsNumberTiny => false
        IsOrdinal => false
        IsPlumtree => true
        IsPseudonumber => true
        IsStable => true
        IsStopper => true
        IsStopperSided => true
        IsUptimal => false
        IsZero => false
        LeftOptions => {0}
        LeftStop => over
        Offside => over
        Onside => over
        Options(Left) => {0}
        Options(Right) => {over}
        OutcomeClass => L
        RightOptions => {over}
        RightStop => over
        Stop(Left) => over
        Stop(Right) => over
        Variety => over
        Followers => {0,over}",
    );
}

#[test]
fn uponth_switch_methods() {
    let v = val_in("{0|uponth||-uponth}", &env_uponth());
    assert_eq!(v.to_string(), "{0|^<on>||v<on>}");
    check_methods(
        "{0|uponth||-uponth}",
        &v,
        "Class => ⟪game.CanonicalStopper⟫
        Degree => ^<on>
        FollowerCount => 7
        IsIdempotent => false
        IsInfinitesimal => true
        IsInteger => false
        IsLoopfree => false
        IsNimber => false
        IsNumber => false
        IsNumberish => true
        IsNumberTiny => false
        IsOrdinal => false
        IsPlumtree => true
        IsPseudonumber => false
        IsStable => true
        IsStopper => true
        IsStopperSided => true
        IsUptimal => false
        IsZero => false
        LeftOptions => {{0|^<on>}}
        LeftStop => 0
        Offside => {0|^<on>||v<on>}
        Onside => {0|^<on>||v<on>}
        Options(Left) => {{0|^<on>}}
        Options(Right) => {v<on>}
        OutcomeClass => N
        RightOptions => {v<on>}
        RightStop => 0
        Stop(Left) => 0
        Stop(Right) => 0
        Variety => {^[on]*,^<on>||v<on>|0}
        Followers => {0,v[on]*,^[on]*,v<on>,{0|^<on>||v<on>},^<on>,{0|^<on>}}",
    );
}

#[test]
fn siegel_four_cycle_methods() {
    let input = "a{0||||0|||a|*||*}";
    let v = val(input);
    assert_eq!(v.to_string(), input);
    check_methods(
        input,
        &v,
        "Class => ⟪game.CanonicalStopper⟫
        Degree => {0|a{0|0,{0|||a|0||0}}}
        FollowerCount => 6
        IsIdempotent => false
        IsInfinitesimal => true
        IsInteger => false
        IsLoopfree => false
        IsNimber => false
        IsNumber => false
        IsNumberish => true
        IsNumberTiny => false
        IsOrdinal => false
        IsPlumtree => false
        IsPseudonumber => false
        IsStable => true
        IsStopper => true
        IsStopperSided => true
        IsUptimal => false
        IsZero => false
        LeftOptions => {0}
        LeftStop => 0
        Offside => a{0||||0|||a|*||*}
        Onside => a{0||||0|||a|*||*}
        Options(Left) => {0}
        Options(Right) => {a{0||||0|a||*|||*}}
        OutcomeClass => L
        RightOptions => {a{0||||0|a||*|||*}}
        RightStop => 0
        Stop(Left) => 0
        Stop(Right) => 0
        Variety => {a{0,{0||0|a|||0}|0}|0}
        Followers => {0,*,a{0||||0|||a|*||*},a{0||||0|a||*|||*},a{0||0|a|||*||||*},a{0|||0||a|*||||*}}",
    );
}

#[test]
fn stopper_sided_methods() {
    let v = val("a{{|a}|}");
    assert_eq!(v.to_string(), "1 & 0");
    check_methods(
        "a{{|a}|}",
        &v,
        "Class => ⟪game.StopperSidedValue⟫
        IsIdempotent => false
        IsInfinitesimal => false
        IsInteger => false
        IsLoopfree => false
        IsNimber => false
        IsNumber => false
        IsNumberish => false
        IsNumberTiny => false
        IsOrdinal => false
        IsPlumtree => false
        IsPseudonumber => false
        IsStopper => false
        IsStopperSided => true
        IsUptimal => false
        IsZero => false
        Offside => 0
        Onside => 1
        OutcomeClass => PHat",
    );
}

#[test]
fn pow_plus_switch() {
    use onag_core::game::Game;
    use onag_core::loopy::{pow, Pseudonumber, SidedValue};
    let uponth: SidedValue = pow(Game::up(), &Pseudonumber::On).unwrap().into();
    assert_eq!(uponth.to_string(), "^<on>");
    let v = uponth.add(&val("{0|upon}")).unwrap();
    assert_eq!(v.to_string(), "{0||0|^<on>*} & {0|^[on]}");
    check_methods(
        "^.Pow(on) + {0|upon}",
        &v,
        "Class => ⟪game.StopperSidedValue⟫
        Onside => {0||0|^<on>*}
        Offside => {0|^[on]}
        OutcomeClass => L",
    );
}
