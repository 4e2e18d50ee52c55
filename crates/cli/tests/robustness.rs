//! Bad input never brings `onag batch` down: every input line, however
//! malformed, gets exactly one output line, a value or `!!` and a message,
//! and the session goes on.

mod common;

use common::batch;

use proptest::prelude::*;

/// Tokens of the language, to make soups that get past the lexer.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "|",
    "||",
    "|||",
    ",",
    "(",
    ")",
    "[",
    "]",
    "0",
    "1",
    "2",
    "7",
    "1/2",
    "-",
    "+",
    "*",
    "^",
    "v",
    "*2",
    "^^",
    "+-",
    ":",
    "/",
    "%",
    ".",
    "..",
    ";",
    ":=",
    "x",
    "g",
    "Tiny",
    "Max",
    ".Mean",
    ".Temperature",
    ".Cool(1/2)",
    ".Heat(1)",
    ".LeftOptions",
    ".Birthday",
    "for",
    "from",
    "to",
    "in",
    "where",
    "->",
    "==",
    "<=",
    "<|",
    "|>",
    "<>",
    "and",
    "not",
    "\"s\"",
    "true",
    "Left",
    "inf",
    "=>",
    "^<2>",
    "v[3]",
    "*(",
    "↑",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..14).prop_map(|toks| toks.concat())
}

fn spaced_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..14).prop_map(|toks| toks.join(" "))
}

fn junk() -> impl Strategy<Value = String> {
    "[^\n\r]{0,40}"
}

#[test]
fn malformed_inputs_each_get_one_line() {
    let lines: Vec<String> = [
        "",
        "   ",
        "{",
        "}",
        "{|",
        "{3|2|1}",
        "((((",
        "1 +",
        "+",
        "*(-8)",
        "*(x)",
        "1/0 - 1/0",
        "0/0",
        "\"unterminated",
        "[1,2",
        "x := ",
        ":= 3",
        "3 := 4",
        "Tiny()",
        "Tiny(1,2)",
        "^.Pow(0)",
        "(1/0).Birthday",
        "{1/3|}",
        "^\"foo\"",
        "v\"foo\"*9",
        "[1,2][0]",
        "[1,2][3]",
        "[][1]",
        "f := x -> x; f(1, 2)",
        "1..10..0",
        "0.NimInverse",
        "(-1).Lb",
        "ƒ",
        "🂡",
        "\u{0}",
        "{0|*}.Cool(-1)",
        "{0|*}.Cool(-2)",
        "2^(2^40)",
        "* + \"s\"",
        "{0|*} + [1]",
        "Left + 1",
        "x",
        "5.Foo(1)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = batch(&lines);
    assert_eq!(out.len(), lines.len(), "one output line per input");
    for (input, line) in lines.iter().zip(&out) {
        if input.trim().is_empty() {
            assert_eq!(line, "", "empty input prints an empty line");
        } else {
            assert!(
                line.starts_with("!!"),
                "`{input}` should be an error, got `{line}`"
            );
            assert!(line.len() > 2, "`{input}`: the error has a message");
        }
    }
}

#[test]
fn deep_nesting_is_handled() {
    let deep_braces = "{".repeat(5000) + &"|}".repeat(5000);
    let deep_parens = "(".repeat(5000) + "1" + &")".repeat(5000);
    let deep_lists = "[".repeat(5000) + &"]".repeat(5000);
    let out = batch(&[deep_braces, deep_parens, deep_lists, "1 + 1".to_string()]);
    assert_eq!(out.len(), 4);
    assert_eq!(out[0], "4999", "each level {{G|}} is G + 1");
    assert_eq!(out[1], "1");
    assert_eq!(out[3], "2");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_text_gets_one_line_each(
        lines in prop::collection::vec(prop_oneof![soup(), spaced_soup(), junk()], 1..80)
    ) {
        let out = batch(&lines);
        prop_assert_eq!(out.len(), lines.len());
        for line in &out {
            prop_assert!(!line.starts_with("!!internal error"), "a defect surfaced: {}", line);
        }
    }
}

/// Inputs found by fuzzing the language (`cargo fuzz run language` in
/// fuzz/), kept as regressions: each gets its one line, quickly.
#[test]
fn fuzz_regressions() {
    let out = common::batch(&[
        "-1:23437481924",
        "(-18234373^481924).LeftOptions",
        "(-18234373^48192).LeftOptions",
        "(74/16+v98888888888888888888888888888888888888888888888888888888888888888*8).Thermograph",
    ]);
    assert_eq!(
        out,
        [
            "!!Ordinal sum: the right operand's birthday 23437481924 is too large (at most 65536)",
            "!!Overflow.",
            "{}",
            "Thermograph(37/8,[-1/8,-1/2],[0,-1,0],37/8,[0,-1/8,-1/2],[0,1,0,1])",
        ]
    );
}
