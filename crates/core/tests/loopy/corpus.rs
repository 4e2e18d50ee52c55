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
