//! Sign expansions (SURREAL 9): the examples of 9.2, 9.3 and the table of
//! 9.6, the seeds' Hackenstrings, birthdays, and the way back.

use onag_core::number::Rational;
use onag_core::sign_expansion::{term_expansion, Sign, SignExpansion};
use onag_core::surreal::Ordinal;

use super::support::*;

fn expansion(x: &S) -> String {
    SignExpansion::of(x).expect("an expansion").to_string()
}

#[test]
fn reals_by_berlekamps_rule() {
    // SURREAL 9.2.
    assert_eq!(expansion(&add(&n(3), &q(9, 16))), "++++-+--");
    // The thesis's 89/16 = 5 + 9/16, whose binary search for 9/16 passes
    // 1/2, 3/4 and 5/8.
    assert_eq!(expansion(&q(89, 16)), "++++++-+--");
    assert_eq!(expansion(&q(9, 16)), "+-+--");
    // The blog's 10.1100101 in binary is LLLRLLRRLR.
    assert_eq!(expansion(&q(357, 128)), "+++-++--+-");
    assert_eq!(expansion(&q(1, 2)), "+-");
    assert_eq!(expansion(&q(3, 4)), "+-+");
    assert_eq!(expansion(&q(1, 3)), "+-(-+)^ω");
    assert_eq!(expansion(&q(2, 3)), "(+-)^ω");
    assert_eq!(expansion(&q(1, 7)), "+-(--+)^ω");
    assert_eq!(expansion(&q(-1, 3)), "-+(+-)^ω");
    assert_eq!(expansion(&n(0)), "");
    assert_eq!(expansion(&n(-3)), "---");
    assert_eq!(
        SignExpansion::of(&q(6, 23))
            .expect("ω")
            .length()
            .to_string(),
        "ω"
    );
}

#[test]
fn the_table_of_the_spec() {
    // SURREAL 9.6, the rows in CGSuite's field: x, expansion, birthday.
    let eps = div(&n(1), &w());
    let rows: Vec<(S, &str, &str)> = vec![
        (q(1, 3), "+-(-+)^ω", "ω"),
        (q(2, 3), "(+-)^ω", "ω"),
        (sub(&w(), &n(1)), "+^ω-", "ω+1"),
        (sub(&n(5), &w()), "-^ω+^5", "ω+5"),
        (eps.clone(), "+-^ω", "ω"),
        (div(&w(), &n(2)), "+^ω-^ω", "ω×2"),
        (div(&mul(&w(), &n(3)), &n(4)), "+^ω-^ω+^ω", "ω×3"),
        (mul(&eps, &eps), "+-^(ω×2)", "ω×2"),
        (add(&eps, &mul(&eps, &eps)), "+-^ω+-^ω", "ω×2"),
        // SURREAL 9.6 gives +−(−−+)^ω + −^ω and ω·2 for this row, from the
        // rule of 9.4 without the case of a non-dyadic coefficient: see
        // `non_dyadic_coefficients_continue_at_a_smaller_scale`.
        (add(&q(1, 7), &eps), "+-(--+)^ω+", "ω+1"),
        (wp(&sub(&w(), &n(1))), "+^ω^ω-^ω^(ω+1)", "ω^(ω+1)"),
        (div(&n(1), &sub(&w(), &n(1))), "(+-^ω)^ω", "ω^2"),
        (div(&n(1), &add(&w(), &n(1))), "+(-^(ω+1)+^(ω+1))^ω", "ω^2"),
    ];
    for (x, signs, birthday) in rows {
        let s = SignExpansion::of(&x).expect("an expansion");
        assert_eq!(s.to_string(), signs, "{x}");
        assert_eq!(s.length().to_string(), birthday, "{x}");
        assert_eq!(x.birthday().expect("born").to_string(), birthday, "{x}");
    }
}

#[test]
fn monomials_by_gonshors_formula() {
    // SURREAL 9.3: ω^y·r.
    let one = Rational::one();
    let half = q(1, 2).to_rational().expect("1/2");
    let plus = |n: u64| (Sign::Plus, Ordinal::from(n));
    let minus = |n: u64| (Sign::Minus, Ordinal::from(n));
    let t =
        |y: &[(Sign, Ordinal)], r: &Rational| term_expansion(y, r, None).expect("term").to_string();
    assert_eq!(t(&[plus(1)], &one), "+^ω");
    assert_eq!(t(&[plus(2)], &one), "+^ω^2");
    assert_eq!(t(&[minus(1)], &one), "+-^ω");
    assert_eq!(t(&[minus(2)], &one), "+-^(ω×2)");
    // √ω = ω^(1/2): not in the field, but its expansion follows.
    assert_eq!(t(&[plus(1), minus(1)], &one), "+^ω-^ω^2");
    assert_eq!(t(&[plus(1)], &half), "+^ω-^ω");
    assert_eq!(t(&[minus(1)], &half), "+-^(ω+1)");
}

fn parse(s: &str) -> SignExpansion {
    s.parse().expect("a sign expansion")
}

#[test]
fn hackenstrings_read_back() {
    // The brief: "+-+" is 3/4; 1/3's infinite Hackenstring has a value.
    shows(&parse("+-+").value().expect("3/4"), "3/4");
    shows(&parse("+-(-+)^ω").value().expect("1/3"), "1/3");
    shows(&parse("+--+-+(-+)^ω").value().expect("1/3"), "1/3");
    shows(&parse("(+-)^ω").value().expect("2/3"), "2/3");
    shows(&parse("").value().expect("0"), "0");
    // The thesis: ω = {0, 1, 2, … |}, ω + 1, ε = {0 | 1, 1/2, 1/4, …}, 1 − ε.
    shows(&parse("+^ω").value().expect("ω"), "ω");
    shows(&parse("+^ω+").value().expect("ω+1"), "ω+1");
    shows(&parse("+-^ω").value().expect("ε"), "1/ω");
    shows(&parse("+-+^ω").value().expect("1-ε"), "(ω-1)/ω");
    // The blog: ω − 1 and 1/(2ω) are born on day ω + 1, ω/2 on day ω·2;
    // "LRLLL…" is 1 − 1/ω and "LRRR…" is 1/ω.
    shows(&parse("+^ω-").value().expect("ω-1"), "ω-1");
    shows(&parse("+-^(ω+1)").value().expect("ε/2"), "1/ω×2");
    shows(&parse("+^ω-^ω").value().expect("ω/2"), "ω/2");
    fails(
        "LRLLL".parse::<SignExpansion>(),
        "Invalid sign expansion `LRLLL`: expected a sign or a parenthesis at position 1, found `L`",
    );
}

#[test]
fn the_table_reads_back() {
    // SURREAL 9.6, written as the spec writes them.
    let rows = [
        ("+-(-+)^ω", "1/3"),
        ("(+-)^ω", "2/3"),
        ("+^ω-", "ω-1"),
        ("-^ω+^5", "-ω+5"),
        ("-^ω+++++", "-ω+5"),
        ("+-^ω", "1/ω"),
        ("+^ω-^ω", "ω/2"),
        ("+^ω-^ω+^ω", "ω×3/4"),
        ("+-^(ω×2)", "1/ω^2"),
        ("+-^ω+-^ω", "(ω+1)/ω^2"),
        ("+-(--+)^ω+", "(ω+7)/ω×7"),
        ("+^ω^ω-^ω^(ω+1)", "ω^ω/ω"),
        ("(+-^ω)^ω", "1/(ω-1)"),
        ("+-^ω(-+^ω+-^ω)^ω", "1/(ω+1)"),
    ];
    for (signs, value) in rows {
        let x = parse(signs)
            .value()
            .unwrap_or_else(|e| panic!("{signs}: {e}"));
        assert_eq!(x.to_string(), value, "{signs}");
    }
    // Outside the field: √ω, ω + √ω, ω − √ω, √ω + ω^(1/4).
    for signs in [
        "+^ω-^ω^2",
        "+^(ω×2)-^ω^2",
        "+^ω-^ω+^ω^2",
        "+^ω-^ω^2+^ω-^ω^2",
    ] {
        assert!(parse(signs).value().is_err(), "{signs}");
    }
}

#[test]
fn non_dyadic_coefficients_continue_at_a_smaller_scale() {
    // 1/3 + ε = {1/3 | 1/3^R + ε, 1/3 + 2^-n}: its right options come down
    // to 1/3 exactly as the dyadics above 1/3 do, so it is
    // {1/3 | the dyadics above 1/3}, whose expansion is 1/3's followed by +:
    // the blog's "1/3 + 1/ω, born on day ω + 1".
    let eps = div(&n(1), &w());
    let third = q(1, 3);
    let rows = [
        (add(&third, &eps), "+-(-+)^ω+", "ω+1"),
        (sub(&third, &eps), "+-(-+)^ω-", "ω+1"),
        (add(&third, &mul(&n(2), &eps)), "+-(-+)^ω++", "ω+2"),
        (add(&third, &mul(&eps, &eps)), "+-(-+)^ω+-^ω", "ω×2"),
        (add(&third, &div(&eps, &n(2))), "+-(-+)^ω+-", "ω+2"),
        (
            add(&div(&eps, &n(3)), &mul(&eps, &eps)),
            "+-^(ω+1)(-+)^ω+",
            "ω×2+1",
        ),
        (add(&div(&w(), &n(3)), &n(1)), "+^ω-^ω(-^ω+^ω)^ω+", "ω^2+1"),
    ];
    for (x, signs, birthday) in rows {
        let s = SignExpansion::of(&x).expect("an expansion");
        assert_eq!(s.to_string(), signs, "{x}");
        assert_eq!(s.length().to_string(), birthday, "{x}");
        assert_eq!(s.value().expect("reads back"), x);
    }
}

#[test]
fn seeds_birthdays() {
    // The blog: born on day ω: ω, 1/ω, 1 + 1/ω, every non-dyadic real
    // (1/3, 2/3); on day ω + 1: ω − 1, 1/3 + 1/ω, 1/(2ω); on day ω·2: ω/2.
    let eps = div(&n(1), &w());
    let day = |x: &S| x.birthday().expect("born").to_string();
    assert_eq!(day(&w()), "ω");
    assert_eq!(day(&eps), "ω");
    assert_eq!(day(&add(&n(1), &eps)), "ω");
    assert_eq!(day(&q(1, 3)), "ω");
    assert_eq!(day(&q(2, 3)), "ω");
    assert_eq!(day(&sub(&w(), &n(1))), "ω+1");
    assert_eq!(day(&add(&q(1, 3), &eps)), "ω+1");
    assert_eq!(day(&div(&eps, &n(2))), "ω+1");
    assert_eq!(day(&div(&w(), &n(2))), "ω×2");
    // The thesis: ω + 1 = {ω |}, 1 − ε is "LRLLL…".
    assert_eq!(day(&add(&w(), &n(1))), "ω+1");
    assert_eq!(expansion(&sub(&n(1), &eps)), "+-+^ω");
    assert_eq!(expansion(&add(&n(1), &eps)), "++-^ω");
    // The blog: "L" − "LRLLL…" = "LRRR…".
    let lrll: SignExpansion = "+-+^ω".parse().expect("LRLLL…");
    let diff = sub(&n(1), &lrll.value().expect("1 - ε"));
    assert_eq!(expansion(&diff), "+-^ω");
}

#[test]
fn block_form_prints_and_parses() {
    // Equal sequences written differently are equal.
    assert_eq!(parse("(+-)^ω"), parse("+-+-(+-)^ω"));
    assert_eq!(parse("(+-)^ω"), parse("+(-+)^ω"));
    assert_eq!(parse("+^ω+"), parse("++^ω+"));
    assert_eq!(parse("(+)^ω"), parse("+^ω"));
    assert_eq!(parse("(+-)^2"), parse("+-+-"));
    assert_eq!(parse("+^(ω+ω)"), parse("+^(ω×2)"));
    assert_eq!(parse("+^(1+ω)"), parse("+^ω"));
    assert_eq!(parse("+^w^2 -^(w*3+1)"), parse("+^ω^2-^(ω×3+1)"));
    assert_eq!(parse("−−"), parse("--"));
    // Normal forms print.
    assert_eq!(parse("+-+-(+-)^ω").to_string(), "(+-)^ω");
    assert_eq!(parse("+(-+)^ω").to_string(), "(+-)^ω");
    assert_eq!(parse("+^ω+-^ω-").to_string(), "+^(ω+1)-^(ω+1)");
    assert_eq!(parse("++++").to_string(), "++++");
    assert_eq!(parse("+^100").to_string(), "+^100");
    assert_eq!(parse("+^ω++++").to_string(), "+^(ω+4)");
    assert_eq!(parse("+^ω+++").to_string(), "+^(ω+3)");
    assert_eq!(parse("-^ω-+++").to_string(), "-^(ω+1)+++");
    // Lexicographic order with "end" between - and +.
    assert!(parse("+-") < parse("+"));
    assert!(parse("+") < parse("++"));
    assert!(parse("+-^ω") < parse("+-"));
    assert!(parse("(+-)^ω") < parse("+-+"));
    assert!(parse("+-(-+)^ω") < parse("(+-)^ω"));
    assert!(parse("+^ω") < parse("+^(ω×2)-^ω"));
    assert!(parse("+^(ω×2)") > parse("+^(ω×2)-^ω"));
    // Lengths.
    assert_eq!(parse("+-(+-^ω)^ω-^ω").length().to_string(), "ω^2+ω");
    assert_eq!(parse("(+-)^ω+").length().to_string(), "ω+1");
    assert_eq!(parse("+^(ω^ω×2+5)").length().to_string(), "ω^ω×2+5");
    // Errors.
    fails(
        "+^".parse::<SignExpansion>(),
        "Invalid sign expansion `+^`: expected a number at position 3, found the end",
    );
    fails(
        "(+-)".parse::<SignExpansion>(),
        "Invalid sign expansion `(+-)`: expected `^` after a parenthesised block at position 5, found the end",
    );
    fails(
        "()^ω".parse::<SignExpansion>(),
        "Invalid sign expansion `()^ω`: expected a non-empty block at position 5, found the end",
    );
    fails(
        "+^0".parse::<SignExpansion>(),
        "Invalid sign expansion `+^0`: expected a positive length at position 4, found the end",
    );
    let deep = "(".repeat(300) + "+" + &")^2".repeat(300);
    assert!(deep.parse::<SignExpansion>().is_err());
}

#[test]
fn expansions_not_implemented() {
    // SURREAL 9.5: normal forms that are not eventually periodic, or of
    // order type beyond ω.
    fails(
        SignExpansion::of(&div(&n(1), &sub(&w(), &n(2)))),
        "The sign expansion of 1/(ω-2) is not implemented: its normal form is not eventually periodic",
    );
    let q = mul(&sub(&w(), &n(1)), &sub(&wp(&w()), &n(1)));
    fails(
        SignExpansion::of(&div(&n(1), &q)),
        "The sign expansion of 1/(ω^(ω+1)-ω^ω-ω+1) is not implemented: its normal form has order type beyond ω",
    );
    fails(
        div(&n(1), &q).birthday(),
        "The sign expansion of 1/(ω^(ω+1)-ω^ω-ω+1) is not implemented: its normal form has order type beyond ω",
    );
    fails(
        SignExpansion::of(&S::infinity()),
        "inf has no sign expansion",
    );
    // Periodic denominators: ω^2 + ω + 1 divides ω^3 − 1.
    let d = add(&add(&pow(&w(), &n(2)), &w()), &n(1));
    let x = div(&n(1), &d);
    let s = SignExpansion::of(&x).expect("periodic");
    assert_eq!(s.length().to_string(), "ω^2");
    assert_eq!(s.value().expect("reads back"), x);
    // Series one after another: ω^ω/(ω+1) then ω/(ω+1).
    let x = div(&add(&wp(&w()), &w()), &add(&w(), &n(1)));
    let s = SignExpansion::of(&x).expect("two series");
    assert_eq!(s.value().expect("reads back"), x);
}

#[test]
fn large_values() {
    // Huge coefficients and exponents stay exact and compact.
    let big = pow(&n(10), &n(40));
    let x = add(&mul(&wp(&mul(&w(), &big)), &big), &n(1));
    shows(&x, "ω^(ω×10000000000000000000000000000000000000000)×10000000000000000000000000000000000000000+1");
    let s = SignExpansion::of(&x).expect("runs");
    assert_eq!(
        s.to_string(),
        "+^(ω^(ω×10000000000000000000000000000000000000000)×10000000000000000000000000000000000000000+1)"
    );
    assert_eq!(s.value().expect("reads back"), x);
    assert_eq!(
        SignExpansion::of(&big)
            .expect("integer")
            .length()
            .to_string(),
        "10000000000000000000000000000000000000000"
    );
    assert_eq!(
        SignExpansion::of(&big).expect("integer").to_string(),
        "+^10000000000000000000000000000000000000000"
    );
    fails(
        SignExpansion::of(&q(1, 1_000_003)),
        "The binary digits of 1/1000003 have a period longer than 65536",
    );
}

#[test]
fn deep_dyadics_and_rationals_stay_fast() {
    // 1/2^20000 and 1/(3·2^20000): long prefixes of binary digits.
    let deep = pow(&n(2), &n(20000));
    let s = SignExpansion::of(&div(&n(1), &deep)).expect("dyadic");
    assert_eq!(s.length().to_string(), "20001");
    assert_eq!(s.to_string(), "+-^20000");
    let s = SignExpansion::of(&div(&n(1), &mul(&n(3), &deep))).expect("rational");
    assert_eq!(s.length().to_string(), "ω");
    assert_eq!(
        s.value().expect("reads back"),
        div(&n(1), &mul(&n(3), &deep))
    );
}

#[test]
fn a_term_after_a_periodic_series_reads_back() {
    // Found by the language's read-back property test:
    // ω/ω^ω + 1/(ω²−1) = ε² + ε⁴ + … + ω^(1−ω). The last exponent, 1 − ω,
    // is below every exponent of the series and begins with their limit
    // `-^ω`, all of whose signs are irrelevant: its contribution is `+^ω`.
    let x = add(
        &div(&w(), &pow(&w(), &w())),
        &div(&n(1), &sub(&pow(&w(), &n(2)), &n(1))),
    );
    assert_eq!(x.to_string(), "(ω^ω+ω^3-ω)/(ω^(ω+2)-ω^ω)");
    let s = SignExpansion::of(&x).expect("an expansion");
    assert_eq!(s.to_string(), "(+-^(ω×2))^ω+^ω");
    assert_eq!(s.value().expect("it reads back"), x);
    assert_eq!(parse("(+-^(ω×2))^ω+^ω").value().expect("it reads back"), x);
}
