//! Surreal numbers, generalized ordinals and transfinite nimbers through
//! the language (SURREAL.md): the printed forms and test vectors of
//! sections 5-9, the errors CGSuite gives, and the round trip
//! eval(print(x)) == x on random elements of the field.

mod common;

use common::check;
use onag_lang::Interp;
use proptest::prelude::*;

#[test]
fn printing_of_section_5() {
    check(&[
        ("omega + 5", "ω+5"),
        ("5 - omega", "-ω+5"),
        ("omega*5", "ω×5"),
        (
            "omega*3 + omega^(omega^2+omega) - omega^19*9*omega",
            "ω^(ω^2+ω)-ω^20×9+ω×3",
        ),
        ("omega^omega-5*omega^19+omega^2+1", "ω^ω-ω^19×5+ω^2+1"),
        (
            "(omega^omega^2+1)^6",
            "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
        ),
        ("(omega+1)/(2*omega)", "(ω+1)/ω×2"),
        ("(1-omega)/omega^2", "(-ω+1)/ω^2"),
        ("1/(1-omega)", "-1/(ω-1)"),
        ("omega^(omega-1)", "ω^ω/ω"),
        ("(omega^2-1)/(omega^omega-1)", "(ω^2-1)/(ω^ω-1)"),
        ("(2*omega+2)/(4*omega)", "(ω+1)/ω×2"),
        ("omega/omega", "1"),
        ("ω + 1", "ω+1"),
    ]);
}

#[test]
fn arithmetic_and_order() {
    check(&[
        ("1 + omega", "ω+1"),
        ("2*omega == omega*2", "true"),
        ("1/2 + omega", "(ω×2+1)/2"),
        ("omega/2", "ω/2"),
        ("omega*(1/3)", "ω/3"),
        ("omega/0", "inf"),
        ("inf + omega", "inf"),
        ("-omega^2", "-ω^2"),
        ("omega^(-2)", "1/ω^2"),
        ("omega < omega + 1", "true"),
        ("1/omega < 1/1000000", "true"),
        ("1/omega > 0", "true"),
        ("omega - 5 > 1000", "true"),
        ("(omega+1)/omega <=> 1", "1"),
        ("omega > inf", "false"),
        ("{omega, 1/omega, 0, omega - 1}", "{0,1/ω,ω-1,ω}"),
        ("omega + ^", "!!No operation `+` for arguments of types `game.GeneralizedOrdinal`, `game.Uptimal`"),
        ("omega^(1/2)", "!!No operation `^` for arguments of types `game.GeneralizedOrdinal`, `game.DyadicRational`"),
        ("2^omega", "!!No operation `^` for arguments of types `game.Integer`, `game.GeneralizedOrdinal`"),
        ("omega % 2", "!!No operation `%` for arguments of types `game.GeneralizedOrdinal`, `game.Integer`"),
        ("omega.Floor", "!!Not a method or member variable: `Floor` (in object of class `game.GeneralizedOrdinal`)"),
        ("0/0 + omega", "!!/ by zero"),
    ]);
}

#[test]
fn methods_of_section_6() {
    check(&[
        ("(omega+5).Birthday", "ω+5"),
        ("(omega-5).Birthday", "ω+5"),
        ("(-omega+5).Abs", "ω-5"),
        ("(-omega+5).Sign", "-1"),
        ("(omega*5).IsOrdinal", "true"),
        ("(omega-5).IsOrdinal", "false"),
        ("(-omega).OutcomeClass", "R"),
        ("(1/omega).OutcomeClass", "L"),
        (
            "(omega^omega-5*omega^19+omega^2+1).Birthday",
            "ω^ω+ω^19×5+ω^2+1",
        ),
        ("(6/23).Birthday", "ω"),
        ("(3/16).Birthday", "5"),
        ("(-1/2).Birthday", "2"),
        ("(25/16).Birthday", "6"),
        ("(3^22/2^72).Birthday", "73"),
        ("omega.Reciprocal", "1/ω"),
        ("0.Reciprocal", "inf"),
        ("inf.Reciprocal", "0"),
        ("((omega+7)/(omega*7)).Numerator", "ω+7"),
        ("((omega+7)/(omega*7)).Denominator", "ω×7"),
        ("inf.Numerator", "1"),
        ("inf.Denominator", "0"),
        ("omega.Max(omega + 1)", "ω+1"),
        ("(1/3).Min(1/omega)", "1/ω"),
        ("3.OmegaPower", "ω^3"),
        ("(-1).OmegaPower", "1/ω"),
        ("(omega-1).OmegaPower", "ω^ω/ω"),
        ("(1/omega).Class", "⟪game.SurrealNumber⟫"),
        ("(1/3).Class", "⟪game.Rational⟫"),
        ("(1/omega).IsInfinitesimal", "false"),
        ("(1/omega).IsNumber", "true"),
        ("omega.IsUptimal", "true"),
        ("omega.IsInteger", "false"),
        ("omega.IsZero", "false"),
        ("(1/3).IsNumberTiny", "true"),
        // Dyadics keep the answers of their canonical games.
        ("0.IsZero", "true"),
        ("0.IsIdempotent", "true"),
        ("(1/2).IsInteger", "false"),
        ("(1/2).IsOrdinal", "false"),
        ("{1|0}.IsOrdinal", "false"),
    ]);
}

#[test]
fn transfinite_nimbers_of_section_7() {
    check(&[
        ("omega NimProduct 7", "ω×7"),
        ("omega NimProduct omega", "ω^2"),
        ("omega NimProduct omega^2", "2"),
        ("omega^3 NimProduct omega^3", "ω^6"),
        ("omega^3 NimProduct omega^6", "ω"),
        ("omega^3 NimProduct omega^8", "2"),
        ("omega^8 NimProduct omega^8", "ω^5×2"),
        ("omega^omega NimProduct omega^(omega*4)", "4"),
        ("omega^(omega*49) NimProduct omega^(omega*100)", "4"),
        ("omega^(omega^2*4) NimProduct omega^(omega^2*3)", "ω+1"),
        ("omega^(omega^2*31) NimProduct omega^(omega^2*24)", "ω+1"),
        (
            "omega^(omega^2*32) NimProduct omega^(omega^2*24)",
            "ω^(ω^2+1)+ω^ω^2",
        ),
        ("omega NimExp 3", "2"),
        ("omega^3 NimExp 9", "2"),
        ("omega^27 NimExp 81", "2"),
        ("omega^(omega^41) NimExp 191", "ω^ω^6+ω^ω"),
        ("omega^(omega^42) NimExp 193", "ω+65536"),
        ("omega^omega^3 NimExp 66", "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1"),
        ("omega^omega^13 NimExp 47", "ω^ω^7+1"),
        ("omega^(omega^53) NimExp 257", "256"),
        ("(omega+1) NimProduct (omega+1)", "ω^2+1"),
        ("3 NimExp 2", "2"),
        ("omega^omega^1000 NimProduct 0", "0"),
        (
            "(omega^omega*4 + omega^3*9 + 11) NimSum (omega^omega*6 + omega^3*5 + omega)",
            "ω^ω×2+ω^3×12+ω+11",
        ),
        ("5.NimSum(omega)", "ω+5"),
        ("(*omega) ConwayProduct *(omega^2)", "*2"),
        ("*(omega*omega)", "*ω^2"),
        ("*(omega+5)", "*(ω+5)"),
        ("*(omega*5)", "*(ω×5)"),
        ("*(2^40)", "*1099511627776"),
        ("*(2^70)", "*1180591620717411303424"),
        ("(*omega).Class", "⟪game.TransfiniteNimber⟫"),
        ("(*omega).OutcomeClass", "N"),
        ("(*omega).IsInfinitesimal", "true"),
        ("(*omega).IsNumber", "false"),
        ("*2 .ConwayProduct(*omega)", "*(ω×2)"),
        ("omega.NimInverse NimProduct omega", "1"),
        ("omega.NimSqrt NimProduct omega.NimSqrt", "ω"),
        ("2.NimSqrt", "3"),
        (
            "omega^omega^omega NimProduct 2",
            "!!NimProduct out of range.",
        ),
        (
            "omega^omega^55 NimProduct omega",
            "!!NimProduct out of range.",
        ),
        ("(omega-1) NimSum 2", "!!NimSum applies only to ordinals."),
        (
            "(omega-1) NimProduct 2",
            "!!NimProduct applies only to ordinals.",
        ),
        (
            "omega NimExp -1",
            "!!NimExp: exponent for NimExp must be a nonnegative integer.",
        ),
        ("*(omega-1)", "!!Nim value is not an ordinal: ω-1"),
        ("*(-8)", "!!Nim value is negative: -8"),
        (
            "*omega + *2",
            "!!No operation `+` for arguments of types `game.TransfiniteNimber`, `game.Nimber`",
        ),
        (
            "(1/omega).NimSum(1)",
            "!!Not a method or member variable: `NimSum` (in object of class `game.SurrealNumber`)",
        ),
    ]);
}

#[test]
fn sign_expansions_of_section_9() {
    check(&[
        ("(3/4).SignExpansion", "\"+-+\""),
        ("(1/3).SignExpansion", "\"+-(-+)^ω\""),
        ("(2/3).SignExpansion", "\"(+-)^ω\""),
        ("(omega-1).SignExpansion", "\"+^ω-\""),
        ("(5-omega).SignExpansion", "\"-^ω+^5\""),
        ("(1/omega).SignExpansion", "\"+-^ω\""),
        ("(omega/2).SignExpansion", "\"+^ω-^ω\""),
        ("(3*omega/4).SignExpansion", "\"+^ω-^ω+^ω\""),
        ("(1/omega^2).SignExpansion", "\"+-^(ω×2)\""),
        ("((omega+1)/omega^2).SignExpansion", "\"+-^ω+-^ω\""),
        ("(omega^omega/omega).SignExpansion", "\"+^ω^ω-^ω^(ω+1)\""),
        ("(1/(omega-1)).SignExpansion", "\"(+-^ω)^ω\""),
        ("(1/(omega+1)).Birthday", "ω^2"),
        ("(omega/2).Birthday", "ω×2"),
        // 1/7 + ε is 1/7's expansion and one `+` more (SURREAL 9.6 lists
        // `+ -^ω` after it, which is the expansion of a larger number).
        ("((omega+7)/(7*omega)).SignExpansion", "\"+-(--+)^ω+\""),
        ("((omega+7)/(7*omega)).Birthday", "ω+1"),
        // −ε + 2ε³ − 2ε⁴ + 2ε⁵ − …: the first term of the periodic part is
        // compared with the head's exponent ε^-1, two steps up, and keeps
        // one sign fewer of its exponent than the later terms do; the
        // period starts after it (it was repeated from it).
        (
            "((-omega^2-omega+2)/(omega^3+omega^2)).SignExpansion",
            "\"-+^(ω+1)-^ω(-^ω+-+^ω-+)^ω\"",
        ),
        (
            "a := (-omega^2-omega+2)/(omega^3+omega^2); FromSignExpansion(a.SignExpansion) == a",
            "true",
        ),
        // The exponents ω^99, ω^98, ... reach a negative coefficient of
        // ω^0 only after a hundred terms, all written before the period.
        (
            "a := omega^100/(omega+1); FromSignExpansion(a.SignExpansion) == a",
            "true",
        ),
        ("FromSignExpansion(\"+-+\")", "3/4"),
        ("FromSignExpansion(\"+-(-+)^ω\")", "1/3"),
        ("FromSignExpansion(\"+^ω-^ω\")", "ω/2"),
        ("FromSignExpansion(\"+^w-\")", "ω-1"),
        ("FromSignExpansion(\"\")", "0"),
        (
            "inf.SignExpansion",
            "!!SignExpansion: inf has no sign expansion",
        ),
    ]);
}

#[test]
fn hackenbush_strings_map_to_sign_expansions_and_back() {
    // A Hackenbush string of any length: blue is `+`, red is `-`.
    let mut s = Interp::new();
    let edges: String = (0..3000)
        .map(|i| if (i * i + 3 * i) % 7 < 3 { 'l' } else { 'r' })
        .collect();
    let signs: String = edges
        .chars()
        .map(|c| if c == 'l' { '+' } else { '-' })
        .collect();
    let x = s
        .run(&format!("x := Hackenbush(\"{edges}\").CanonicalForm"))
        .expect("a Hackenbush string has a value")
        .expect("a value");
    let expansion = s
        .run("x.SignExpansion")
        .expect("a sign expansion")
        .expect("a value")
        .to_string();
    let back = s
        .run(&format!("FromSignExpansion({expansion}) == x"))
        .expect("it reads back")
        .expect("a value");
    assert_eq!(back.to_string(), "true");
    let plain = s
        .run(&format!("FromSignExpansion(\"{signs}\") == x"))
        .expect("plain signs read")
        .expect("a value");
    assert_eq!(plain.to_string(), "true");
    let birthday = s.run("x.Birthday").expect("a birthday").expect("a value");
    // Every edge of a Hackenstring is one sign: the birthday is its length.
    assert_eq!(birthday.to_string(), "3000");
    assert!(x.to_string().contains('/'));
}

/// A random expression over ω and small integers with `+ - * /`.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-9i64..10).prop_map(|n| format!("({n})")),
        Just("omega".to_string()),
        (1u32..4).prop_map(|k| format!("omega^{k}")),
        Just("omega^omega".to_string()),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        (inner.clone(), inner, 0..4usize).prop_map(|(a, b, op)| {
            let op = ["+", "-", "*", "/"][op];
            format!("({a} {op} {b})")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// What onag prints reads back as the same number (NOTATION 3.5).
    #[test]
    fn printed_numbers_read_back(e in expression()) {
        let mut s = Interp::new();
        let Ok(Some(x)) = s.run(&format!("x := {e}")) else {
            // 0/0 and other errors: nothing to read back.
            return Ok(());
        };
        let printed = x.to_string();
        let same = s.run(&format!("x == ({printed})"));
        prop_assert!(
            matches!(&same, Ok(Some(v)) if v.to_string() == "true"),
            "{e} printed as {printed}, which reads back as {:?}",
            s.run(&printed).map(|v| v.map(|v| v.to_string()))
        );
    }

    /// Every sign expansion onag prints reads back as its number
    /// (SURREAL 9; the order and birthday laws are property tests of the
    /// core).
    #[test]
    fn sign_expansions_read_back(e in expression()) {
        let mut s = Interp::new();
        let Ok(Some(_)) = s.run(&format!("a := {e}")) else {
            return Ok(());
        };
        let Ok(Some(expansion)) = s.run("a.SignExpansion") else {
            // Infinities and quotients whose expansions are not implemented.
            return Ok(());
        };
        let back = s.run(&format!("FromSignExpansion({expansion}) == a"));
        prop_assert!(
            matches!(&back, Ok(Some(v)) if v.to_string() == "true"),
            "{e}: {expansion} reads back as {:?}",
            s.run(&format!("FromSignExpansion({expansion})")).map(|v| v.map(|v| v.to_string()))
        );
    }
}
