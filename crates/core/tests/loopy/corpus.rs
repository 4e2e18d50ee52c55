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
    assert_eq!(show("10*upon"), "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}");
    assert_eq!(show("9*(upon & v)"), "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9");
    assert_eq!(
        show(&format!("3*{BACH}")),
        "{a{2*|||2|2,{a|1*}||1}|2||c{2|b{1|1,{1*||b|0|||*}},{2*|c,d{1*|||1|1,{d|*}||0}||0}||1}} & {0||0|a{1*||0,{1|a}|0|||*}}"
    );
    assert_eq!(val_in("+-(uponth+*)", &env_uponth()).to_string(), "0");
}
