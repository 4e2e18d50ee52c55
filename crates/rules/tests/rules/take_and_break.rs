//! Take-and-break codes (RULESETS 4.2): the option tables, the normal-form
//! table, `.code`, `FromSubtractionSet`, the named rulesets and the edge
//! cases, through the registry and the code parser.

use crate::Kinds;
use onag_rules::framework::HeapRules;
use onag_rules::games::heap::code::{from_subtraction_set, Code};
use onag_rules::games::heap::{ruleset, take_and_break};
use onag_rules::registry;
use onag_rules::{Arg, Args};
use proptest::prelude::*;
use std::rc::Rc;

/// The options of heap n as the spec's tables write them.
fn opts(code: &str, n: u64) -> String {
    let c = Code::parse(code).expect("valid code");
    c.heap_options(n)
        .expect("options")
        .iter()
        .map(|o| {
            if o.is_empty() {
                "-".to_string()
            } else {
                o.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

#[test]
fn option_table_of_4_2_2() {
    let table: &[(&str, u64, &str)] = &[
        ("0.3", 9, "8"),
        ("0.7", 9, "8  1,7  2,6  3,5  4,4"),
        ("0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"),
        ("4.0", 8, "1,7  2,6  3,5  4,4"),
        ("4!.0", 8, "1,7  2,6  3,5"),
        ("0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"),
        ("0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"),
        (
            "0.3f?",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4",
        ),
        (
            "0.*3",
            7,
            "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5",
        ),
        (
            "0.*?3",
            7,
            "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5",
        ),
        ("0.*!3", 7, "6  1,5  2,4  1,2,3  5"),
        ("0.[3]", 7, "6  5  4  3  2  1  -"),
        ("0.[2]", 7, "6  5  4  3  2  1"),
        ("0.3[1]", 7, "6  -"),
        ("0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"),
        ("80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"),
        ("0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
        ("{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
        ("0.{0,1,3+}", 1, "-"),
        ("0.{0,1,3+}", 2, "1"),
        (
            "0.{0,1,3+}",
            7,
            "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1",
        ),
        ("0.{1,3+}", 1, ""),
        (
            "0.{2,3?+}",
            7,
            "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2",
        ),
    ];
    for &(code, n, expected) in table {
        assert_eq!(opts(code, n), expected, "{code} at heap {n}");
    }
}

#[test]
fn question_mark_quirk_for_one_heap() {
    // In 0.3F? the digit F? gives `?` to the single heap: removing 2 from 9
    // leaves [7], allowed since 7 >= 2; a single heap of 1 is not.
    assert!(opts("0.3F?", 9).starts_with("8  7  "));
    assert_eq!(opts("0.0F?", 3), "");
    assert_eq!(opts("0.0F", 3), "1");
}

#[test]
fn normal_form_table_of_4_2_3() {
    let table: &[(&str, &str)] = &[
        ("04.30", "4.3"),
        ("04.00[30]", "4.00[30]"),
        ("04.00[00]", "4.0"),
        ("00.00[00]", "0.0"),
        ("0.{1,2!}", "0.6!"),
        ("0.{0!,2!,3!}", "0.D!"),
        ("0.{0!,2!,3}", "0.{0,2!,3}"),
        ("0.{0!,2!,3!+}", "0.{0,2+}!"),
        ("0.{0!,2,3!+}", "0.{0,2,3!+}"),
        ("0.{0!,3+}", "0.{0,3+}"),
        ("0.{0,2!,4!+}", "0.{0,2,4+}!"),
        ("0.{0!,2!,4+}", "0.{0,2!,4+}"),
        ("0.{0!,2!,4?+}", "0.{0,2!,4?+}"),
        ("0.{0!,2?,4?+}", "0.{0,2,4+}?"),
        ("0.{0!,2=,4?+}", "0.{0,2=,4?+}"),
        ("0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"),
        ("0.{0!,2?,3?,4?+}", "0.{0,2+}?"),
        ("0.{0,1!,2,3,4+}", "0.*"),
        ("0.{0,1,2!,3!,4!+}", "0.*!"),
        // More forms: &N; digits, additive digits, periods.
        ("0.&40;", "0.&40;"),
        ("0.&31;", "0.V"),
        ("0.v", "0.V"),
        ("080.0", "80.0"),
        ("0.[3]", "0.[3]"),
        ("0.7[03]", "0.7[03]"),
        ("0.0", "0.0"),
        ("0.", "0.0"),
        ("4!.0", "4!."),
    ];
    for &(input, normal) in table {
        let c = Code::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let shown = c.to_string();
        // `4!.` has nothing after the point, so it prints `.0`.
        let normal = if normal == "4!." { "4!.0" } else { normal };
        assert_eq!(shown, normal, "normal form of {input}");
        // The normal form reads back as itself.
        assert_eq!(Code::parse(&shown).expect("reads back"), c, "{shown}");
    }
}

#[test]
fn malformed_codes() {
    for code in [
        ".7",
        "07",
        "0.7]",
        "0.W",
        "0.X",
        "0.Z",
        "",
        "0..7",
        "[3].0",
        "0.[3",
        "0.[3]3",
        "0.{}",
        "0.{a}",
        "0.{2+,4}",
        "0.{64}",
        "0.{1!,2}!",
        "0.&;",
        "0.&x;",
        "0.&4",
        "0.7 ",
        " 0.7",
        "0.{1, 2}",
        "0.{1+2}",
        "0.[]",
    ] {
        let e = Code::parse(code).expect_err(code);
        assert_eq!(e.to_string(), format!("Malformed code: {code}"));
    }
    assert!(Code::parse("0.{63}").is_ok());
    assert!(Code::parse("0.{2+}=").is_ok());
}

fn entry(name: &str, args: Args) -> Rc<dyn onag_rules::framework::ruleset::AnyRuleset> {
    match registry::find(name).expect("registered").make {
        registry::Make::Ruleset(f) => f(),
        registry::Make::Schema(f) => f(&args).expect("ruleset"),
    }
}

fn set(xs: &[i64]) -> Arg {
    Arg::List(xs.iter().map(|&x| Arg::int(x)).collect())
}

fn allbut(xs: &[i64]) -> Args {
    Args {
        positional: vec![set(xs)],
        keywords: vec![("allbut".into(), Arg::Bool(true))],
    }
}

#[test]
fn codes_as_supplied() {
    assert_eq!(
        entry("Nim", Args::default()).heap().code().unwrap(),
        "0.[3]"
    );
    assert_eq!(
        entry("DawsonsKayles", Args::default())
            .heap()
            .code()
            .unwrap(),
        "0.07"
    );
    assert_eq!(
        entry("Kayles", Args::default()).heap().code().unwrap(),
        "0.77"
    );
    assert_eq!(
        entry("GrundysGame", Args::default()).heap().code().unwrap(),
        "4!.0"
    );
    let sub = entry("Subtraction", Args::new(vec![set(&[2, 3, 7])]));
    assert_eq!(sub.heap().code().unwrap(), "0.0330003");
    assert_eq!(sub.name(), "Subtraction([2,3,7])");
    let tb = entry("TakeAndBreak", Args::new(vec![Arg::Str("04.30".into())]));
    assert_eq!(tb.heap().code().unwrap(), "04.30");
    assert_eq!(tb.name(), "TakeAndBreak(\"04.30\")");
    let splittles = entry("Splittles", allbut(&[1, 2]));
    assert_eq!(splittles.heap().code().unwrap(), "0.00[7]");
    assert_eq!(splittles.name(), "Splittles([1,2], allbut => true)");
}

#[test]
fn from_subtraction_set_4_2_4() {
    assert_eq!(
        from_subtraction_set(&[2, 3, 5, 9], "3", false).unwrap(),
        "0.033030003"
    );
    assert_eq!(
        from_subtraction_set(&[2, 3, 5, 9], "3", true).unwrap(),
        "0.300303330[3]"
    );
    assert_eq!(
        from_subtraction_set(&[2, 3, 7], "3", false).unwrap(),
        "0.0330003"
    );
    assert_eq!(
        from_subtraction_set(&[7, 3, 2, 3], "3", false).unwrap(),
        "0.0330003"
    );
    assert_eq!(
        from_subtraction_set(&[-2, 0, 1], "3", false).unwrap(),
        "303.3"
    );
    assert_eq!(from_subtraction_set(&[-1], "3", false).unwrap(), "30.0");
    assert_eq!(from_subtraction_set(&[2], "4!", false).unwrap(), "0.04!");
    assert_eq!(
        from_subtraction_set(&[0, 2], "3", true)
            .unwrap_err()
            .into_message(),
        "If `allbut` == true, then subtraction set must contain strictly positive `Integer`s."
    );
    assert!(from_subtraction_set(&[], "3", false).is_err());
    let bad = registry::find("Subtraction").unwrap();
    let registry::Make::Schema(make) = bad.make else {
        panic!()
    };
    let err = make(&Args::new(vec![Arg::List(vec![
        Arg::int(1),
        Arg::Str("x".into()),
    ])]))
    .expect_err("not integers");
    assert_eq!(
        err.to_string(),
        "Subtraction set must be a set of `Integer`s."
    );
}

fn seq(r: &Rc<dyn onag_rules::framework::ruleset::AnyRuleset>, n: u64) -> Vec<u64> {
    r.heap().nim_value_sequence(n).expect("sequence")
}

#[test]
fn named_value_tests_4_2_5() {
    let nim = entry("Nim", Args::default());
    assert_eq!(seq(&nim, 20), (1..=20).collect::<Vec<_>>());
    assert_eq!(nim.heap().heap_options(20).unwrap().len(), 20);
    let allbut_sub = entry("Subtraction", allbut(&[2, 3, 7]));
    assert_eq!(
        seq(&allbut_sub, 20),
        [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
    );
    assert_eq!(allbut_sub.heap().heap_options(20).unwrap().len(), 17);
    let kayles = entry("Kayles", Args::default());
    assert_eq!(
        seq(&kayles, 20),
        [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    );
    let dk = entry("DawsonsKayles", Args::default());
    assert_eq!(
        seq(&dk, 20),
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    );
    // Grundy's game: the classical values.
    let grundy = entry("GrundysGame", Args::default());
    assert_eq!(
        seq(&grundy, 20),
        [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    assert_eq!(grundy.heap().heap_options(20).unwrap().len(), 9);
    // Subtraction([2,3,7]) by hand: g(5) = mex{g(3), g(2)} = mex{1} = 0, ...
    let sub = entry("Subtraction", Args::new(vec![set(&[2, 3, 7])]));
    assert_eq!(seq(&sub, 10), [0, 1, 1, 2, 0, 0, 1, 1, 2, 0]);
}

#[test]
fn loopy_and_additive_edge_cases_4_2_6() {
    let r = take_and_break("T".into(), "2.0").unwrap();
    assert_eq!(
        r.nim_value(3).unwrap_err().into_message(),
        "Those HeapRules specify a loopy game."
    );
    // Heap 0 is fixed at 0 whatever d0 says.
    assert_eq!(r.nim_value(0).unwrap(), 0);
    // 80.0 at heap 2 would need 3 heaps: a clear error instead of a crash.
    let add = take_and_break("T".into(), "80.0").unwrap();
    let e = add.nim_value(2).unwrap_err().into_message();
    assert!(e.contains("more heaps than the original heap size"), "{e}");
    assert!(Code::parse("80.0").unwrap().heap_options(2).is_err());
    assert_eq!(opts("80.0", 1), "");
    // 80.0 at heap 3: [1,1,2]; its heaps are smaller, and at heap 4,
    // 5 tokens in 3 heaps.
    assert_eq!(opts("80.0", 3), "1,1,2");
    // An unbounded increase is reported, not a stack overflow.
    let grow = take_and_break("T".into(), "20.0").unwrap();
    assert!(grow.nim_value(1).is_err());
    // A bounded increase is evaluated recursively: 10.0 + d1: add one token
    // leaving nothing is only possible from heap... never; 30.3: add 1 and
    // leave one heap (n → n+1) grows forever.
    assert!(take_and_break("T".into(), "30.3")
        .unwrap()
        .nim_value(2)
        .is_err());
}

#[test]
fn options_of_positions_are_sums() {
    let kayles = entry("Kayles", Args::default());
    let p = kayles.position(&Args::new(vec![Arg::int(7)])).unwrap();
    assert_eq!(p.display(), "Kayles(7)");
    let shown: Vec<String> = p
        .options(onag_rules::Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(
        shown,
        [
            "Kayles(6)",
            "Kayles(1) + Kayles(5)",
            "Kayles(2) + Kayles(4)",
            "Kayles(3) + Kayles(3)",
            "Kayles(5)",
            "Kayles(1) + Kayles(4)",
            "Kayles(2) + Kayles(3)",
        ]
    );
    // The nim value of an option is the XOR of its heaps' values.
    for o in p.options(onag_rules::Player::Left).unwrap() {
        let parts = o.decomposition().unwrap();
        let xor = parts
            .iter()
            .fold(0, |acc, c| acc ^ c.nim_value().unwrap().unwrap());
        assert_eq!(o.nim_value().unwrap().unwrap(), xor);
    }
    assert_eq!(
        p.canonical_form().unwrap(),
        onag_core::game::Game::nimber(2)
    );
    let nim = entry("Nim", Args::default());
    let one = nim.position(&Args::new(vec![Arg::int(1)])).unwrap();
    let opt = &one.options(onag_rules::Player::Right).unwrap()[0];
    assert_eq!(opt.display(), "Nim(0)");
    assert!(kayles.position(&Args::new(vec![Arg::int(-1)])).is_err());
    assert!(kayles.position(&Args::new(vec![])).is_err());
}

/// A random octal-like code: up to 4 digits 0-F after the point, some with
/// a constraint.
fn code_strategy() -> impl Strategy<Value = String> {
    let digit = (0u32..16, 0usize..4).prop_map(|(d, c)| {
        format!(
            "{}{}",
            char::from_digit(d, 16).unwrap().to_ascii_uppercase(),
            ["", "", "!", "?"][c]
        )
    });
    (proptest::collection::vec(digit, 1..4), 0u32..5)
        .prop_map(|(ds, d0)| format!("{}.{}", [0, 4, 8, 0, 0][d0 as usize], ds.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The fast sequence methods agree with the plain mex over option lists
    /// (RULESETS 4.4).
    #[test]
    fn fast_sequences_equal_plain_mex(code in code_strategy()) {
        let fast = take_and_break("T".into(), &code).unwrap();
        let plain = ruleset("P".into(), Rc::new(Code::parse(&code).unwrap()), None);
        let n = if code.contains(['8', '9', 'A', 'B', 'C', 'D', 'E', 'F']) { 30 } else { 120 };
        prop_assert_eq!(fast.sequence(n).unwrap(), plain.heap().nim_value_sequence(n).unwrap());
    }

    /// The nim value of a position equals the nim value of its canonical
    /// form and the mex of its options' values.
    #[test]
    fn nim_value_is_mex_of_options(code in code_strategy(), n in 0u64..14) {
        let r = take_and_break("T".into(), &code).unwrap().into_any();
        let p = r.position(&Args::new(vec![Arg::int(n as i64)])).unwrap();
        let v = p.nim_value().unwrap().unwrap();
        prop_assert_eq!(p.canonical_form().unwrap(), onag_core::game::Game::nimber(v));
        if n > 0 {
            let vals: Vec<u64> = p
                .options(onag_rules::Player::Left)
                .unwrap()
                .iter()
                .map(|o| o.nim_value().unwrap().unwrap())
                .collect();
            prop_assert_eq!(v, onag_rules::framework::nim::mex(vals));
        }
    }
}

/// A random octal code (digits 0-7, at most two heaps), constraints
/// included.
fn octal_strategy() -> impl Strategy<Value = String> {
    let digit = (0u32..8, 0usize..5).prop_map(|(d, c)| format!("{d}{}", ["", "", "", "!", "?"][c]));
    (proptest::collection::vec(digit, 1..5), 0u32..3)
        .prop_map(|(ds, d0)| format!("{}.{}", [0, 4, 0][d0 as usize], ds.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    /// The packed octal method (rare/common split, chunked scan) agrees
    /// with the plain mex past the first mask choices (n > 1024).
    #[test]
    fn packed_octal_sequences_equal_plain_mex(code in octal_strategy()) {
        let fast = take_and_break("T".into(), &code).unwrap();
        let plain = ruleset("P".into(), Rc::new(Code::parse(&code).unwrap()), None);
        let n = 1400;
        prop_assert_eq!(fast.sequence(n).unwrap(), plain.heap().nim_value_sequence(n).unwrap());
    }

    /// The packed sequence (a window on the ruleset's own array) holds the
    /// same values as the boxed one, for any length asked in any order.
    #[test]
    fn packed_sequence_equals_sequence(code in code_strategy(), a in 0u64..200, b in 0u64..200) {
        let fast = take_and_break("T".into(), &code).unwrap();
        let (a, b) = if code.contains(['8', '9', 'A', 'B', 'C', 'D', 'E', 'F']) { (a % 30, b % 30) } else { (a, b) };
        for n in [a, b] {
            let packed: Vec<u64> = fast.packed_sequence(n).unwrap().iter().collect();
            prop_assert_eq!(packed, fast.sequence(n).unwrap());
        }
    }
}

#[test]
fn octal_method_past_the_mask_choice() {
    // Past n = 1024 and 2048 the rare/common mask is chosen; the values
    // must still equal the plain mex (0.165 is aperiodic at this range,
    // 4!.0 and 0.4? constrained).
    for code in ["0.165", "4!.0", "0.4?", "0.51", "0.77", "0.137"] {
        let fast = take_and_break("T".into(), code).unwrap();
        let plain = ruleset("P".into(), Rc::new(Code::parse(code).unwrap()), None);
        let n = 2300;
        assert_eq!(
            fast.sequence(n).unwrap(),
            plain.heap().nim_value_sequence(n).unwrap(),
            "{code}"
        );
    }
}

#[test]
fn general_codes_equal_plain_mex() {
    // Codes leaving three or more heaps, periodic codes and unbounded
    // digits go through the memoised split values (unconstrained) or the
    // split enumeration (constrained).
    for (code, n) in [
        ("0.3F", 150),
        ("0.F", 150),
        ("0.{3}", 150),
        ("0.3F?", 90),
        ("0.3F!", 90),
        ("0.[7]", 90),
        ("0.7[F]", 60),
        ("0.*", 36),
        ("0.{2,3?+}", 30),
        ("0.*=", 60),
        ("{2+}=.0", 60),
        ("&40;.0", 40),
    ] {
        let fast = take_and_break("T".into(), code).unwrap();
        let plain = ruleset("P".into(), Rc::new(Code::parse(code).unwrap()), None);
        assert_eq!(
            fast.sequence(n).unwrap(),
            plain.heap().nim_value_sequence(n).unwrap(),
            "{code}"
        );
    }
}
