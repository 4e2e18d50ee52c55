//! The field: construction, arithmetic, order, printing and classes
//! (SURREAL 1-6 and 8; reference-next/surreal.txt).

use super::support::*;

#[test]
fn generalized_ordinals_print_as_cgsuite() {
    // SURREAL 5.1.
    shows(&add(&w(), &n(5)), "ω+5");
    shows(&sub(&n(5), &w()), "-ω+5");
    shows(&mul(&w(), &n(5)), "ω×5");
    let e = add(&mul(&w(), &n(3)), &wp(&add(&pow(&w(), &n(2)), &w())));
    let e = sub(&e, &mul(&mul(&pow(&w(), &n(19)), &n(9)), &w()));
    shows(&e, "ω^(ω^2+ω)-ω^20×9+ω×3");
    let e = add(
        &sub(&wp(&w()), &mul(&n(5), &pow(&w(), &n(19)))),
        &add(&pow(&w(), &n(2)), &n(1)),
    );
    shows(&e, "ω^ω-ω^19×5+ω^2+1");
    let base = add(&wp(&pow(&w(), &n(2))), &n(1));
    shows(
        &pow(&base, &n(6)),
        "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
    );
}

#[test]
fn quotients_print_as_cgsuite() {
    // SURREAL 5.2 and 8.
    shows(&div(&n(1), &w()), "1/ω");
    shows(&div(&w(), &n(2)), "ω/2");
    shows(&div(&add(&w(), &n(7)), &mul(&w(), &n(7))), "(ω+7)/ω×7");
    shows(
        &div(&add(&mul(&n(2), &w()), &n(2)), &mul(&n(4), &w())),
        "(ω+1)/ω×2",
    );
    shows(&div(&sub(&n(1), &w()), &pow(&w(), &n(2))), "(-ω+1)/ω^2");
    shows(&div(&n(1), &sub(&n(1), &w())), "-1/(ω-1)");
    shows(&wp(&sub(&w(), &n(1))), "ω^ω/ω");
    shows(
        &add(&wp(&w()), &div(&n(1), &add(&w(), &n(1)))),
        "(ω^(ω+1)+ω^ω+1)/(ω+1)",
    );
    let num = add(&sub(&sub(&wp(&add(&w(), &n(1))), &wp(&w())), &w()), &n(1));
    shows(&div(&num, &sub(&w(), &n(1))), "ω^ω-1");
    let num = sub(&wp(&add(&w(), &n(2))), &wp(&w()));
    shows(&div(&num, &sub(&w(), &n(1))), "ω^(ω+1)+ω^ω");
    shows(
        &div(&sub(&pow(&w(), &n(2)), &n(1)), &sub(&wp(&w()), &n(1))),
        "(ω^2-1)/(ω^ω-1)",
    );
    shows(&mul(&div(&n(3), &add(&w(), &n(1))), &w()), "ω×3/(ω+1)");
    shows(&div(&n(-1), &w()), "-1/ω");
    shows(&sub(&add(&w(), &n(5)), &w()), "5");
    shows(&div(&w(), &w()), "1");
    shows(&add(&q(1, 2), &w()), "(ω×2+1)/2");
    shows(&mul(&w(), &q(1, 3)), "ω/3");
    shows(&pow(&w(), &n(-1)), "1/ω");
    shows(&pow(&w(), &n(-2)), "1/ω^2");
}

#[test]
fn reference_corpus_values() {
    // reference-next/surreal.txt, CgsuiteLangTest: List.Sorted.
    let mut xs = [
        n(0),
        n(1),
        div(&n(1), &w()),
        w(),
        div(&add(&w(), &n(7)), &mul(&w(), &n(7))),
        q(1, 4),
        q(1, 7),
    ];
    xs.sort();
    let shown: Vec<String> = xs.iter().map(ToString::to_string).collect();
    assert_eq!(shown.join(","), "0,1/ω,1/7,(ω+7)/ω×7,1/4,1,ω");
    // EvalTest: comparison operators.
    assert!(w().neg() < n(0));
    assert!(w().neg() < n(1));
    // GameTest: GeneralizedOrdinal unary methods, instances omega and -omega.
    let omega = w();
    shows(&omega, "ω");
    assert_eq!(omega.class_name(), "game.GeneralizedOrdinal");
    shows(&omega.abs(), "ω");
    assert_eq!(omega.birthday().expect("born").to_string(), "ω");
    assert_eq!(omega.signum(), 1);
    assert!(omega.is_ordinal());
    assert_eq!(format!("{:?}", omega.outcome()), "L");
    let m = omega.neg();
    shows(&m, "-ω");
    assert_eq!(m.class_name(), "game.GeneralizedOrdinal");
    shows(&m.abs(), "ω");
    assert_eq!(m.birthday().expect("born").to_string(), "ω");
    assert_eq!(m.signum(), -1);
    assert!(!m.is_ordinal());
    assert_eq!(format!("{:?}", m.outcome()), "R");
    // GameTest: Rational instances 0/7 and 17/0.
    assert_eq!(q(0, 7).class_name(), "game.Zero");
    assert_eq!(q(17, 0).class_name(), "game.Rational");
    // GameTest: CanonicalShortGame instance 5.
    assert!(n(5).is_ordinal());
}

#[test]
fn unary_methods_of_generalized_ordinals() {
    // SURREAL 6, reference table: x, Abs, Birthday, Sign, IsOrdinal, OutcomeClass.
    let rows: [(S, &str, &str, i32, bool, &str); 6] = [
        (w(), "ω", "ω", 1, true, "L"),
        (w().neg(), "ω", "ω", -1, false, "R"),
        (add(&w(), &n(5)), "ω+5", "ω+5", 1, true, "L"),
        (sub(&w(), &n(5)), "ω-5", "ω+5", 1, false, "L"),
        (add(&w().neg(), &n(5)), "ω-5", "ω+5", -1, false, "R"),
        (mul(&w(), &n(5)), "ω×5", "ω×5", 1, true, "L"),
    ];
    for (x, abs, birthday, sign, ordinal, outcome) in rows {
        assert_eq!(x.class_name(), "game.GeneralizedOrdinal", "{x}");
        shows(&x.abs(), abs);
        assert_eq!(x.birthday().expect("born").to_string(), birthday, "{x}");
        assert_eq!(x.signum(), sign, "{x}");
        assert_eq!(x.is_ordinal(), ordinal, "{x}");
        assert_eq!(format!("{:?}", x.outcome()), outcome, "{x}");
    }
    let x = add(
        &sub(&wp(&w()), &mul(&n(5), &pow(&w(), &n(19)))),
        &add(&pow(&w(), &n(2)), &n(1)),
    );
    assert_eq!(x.birthday().expect("born").to_string(), "ω^ω+ω^19×5+ω^2+1");
    shows(&sub(&n(5), &w()).abs(), "ω-5");
}

#[test]
fn classes_after_every_operation() {
    // SURREAL 1: every result is re-classified.
    assert_eq!(sub(&add(&w(), &n(5)), &w()).class_name(), "game.Integer");
    assert_eq!(div(&w(), &w()).class_name(), "game.Integer");
    assert_eq!(div(&n(1), &w()).class_name(), "game.SurrealNumber");
    assert_eq!(q(3, 4).class_name(), "game.DyadicRational");
    assert_eq!(q(1, 3).class_name(), "game.Rational");
    assert_eq!(
        div(&mul(&w(), &n(3)), &mul(&w(), &n(4))).class_name(),
        "game.DyadicRational"
    );
    assert_eq!(
        div(&mul(&w(), &n(2)), &mul(&w(), &n(6))).class_name(),
        "game.Rational"
    );
    assert_eq!(
        add(&div(&n(1), &w()), &div(&n(-1), &w())).class_name(),
        "game.Zero"
    );
    let num = add(&sub(&sub(&wp(&add(&w(), &n(1))), &wp(&w())), &w()), &n(1));
    assert_eq!(
        div(&num, &sub(&w(), &n(1))).class_name(),
        "game.GeneralizedOrdinal"
    );
    assert_eq!(S::predicate("IsInfinitesimal"), Some(false));
    assert_eq!(S::predicate("IsNumberTiny"), Some(true));
    assert_eq!(S::predicate("IsOrdinal"), None);
}

#[test]
fn division_by_zero_and_infinity() {
    // SURREAL 3.3 and 4.
    shows(&div(&w(), &n(0)), "inf");
    shows(&div(&w().neg(), &n(0)), "-inf");
    fails(n(0).div(&n(0)), "/ by zero");
    let inf = S::infinity();
    shows(&add(&inf, &w()), "inf");
    shows(&sub(&w(), &inf), "-inf");
    shows(&mul(&inf, &w().neg()), "-inf");
    shows(&div(&w(), &inf), "0");
    fails(inf.mul(&n(0)), "inf * 0 is undefined");
    fails(inf.sub(&inf), "inf - inf is undefined");
    shows(&n(0).reciprocal().expect("inf"), "inf");
    shows(&inf.reciprocal().expect("0"), "0");
    shows(&w().reciprocal().expect("1/ω"), "1/ω");
    fails(inf.birthday(), "inf has no birthday");
    fails(q(-17, 0).birthday(), "-inf has no birthday");
    assert!(S::infinity() > wp(&w()));
    assert!(S::infinity().neg() < wp(&w()).neg());
}

#[test]
fn numerators_denominators_and_birthdays() {
    let x = div(&add(&mul(&n(2), &w()), &n(2)), &mul(&n(4), &w()));
    shows(&x.numerator(), "ω+1");
    shows(&x.denominator(), "ω×2");
    shows(&q(-3, 16).numerator(), "-3");
    shows(&q(-3, 16).denominator(), "16");
    shows(&S::infinity().numerator(), "1");
    shows(&S::infinity().denominator(), "0");
    let y = div(&n(1), &sub(&n(1), &w()));
    shows(&y.numerator(), "-1");
    shows(&y.denominator(), "ω-1");
    // SURREAL 4 and 8.
    assert_eq!(q(6, 23).birthday().expect("ω").to_string(), "ω");
    assert_eq!(q(3, 16).birthday().expect("5").to_string(), "5");
    assert_eq!(q(-1, 2).birthday().expect("2").to_string(), "2");
    assert_eq!(q(25, 16).birthday().expect("6").to_string(), "6");
    let big = div(&pow(&n(3), &n(22)), &pow(&n(2), &n(72)));
    assert_eq!(big.birthday().expect("73").to_string(), "73");
    assert_eq!(n(-7).birthday().expect("7").to_string(), "7");
    shows(&w().max(n(3)), "ω");
    shows(&w().min(n(3)), "3");
    shows(&sub(&w(), &n(5)).max(add(&w().neg(), &n(5))), "ω-5");
}

#[test]
fn powers() {
    // SURREAL 2.4 and 4.
    shows(&pow(&w(), &pow(&w(), &n(2))), "ω^ω^2");
    shows(&pow(&w(), &wp(&w())), "ω^ω^ω");
    shows(&pow(&n(3), &pow(&n(2), &pow(&n(2), &n(2)))), "43046721");
    shows(&pow(&n(2), &n(-4)), "1/16");
    shows(&pow(&q(2, 3), &n(-3)), "27/8");
    shows(&pow(&n(0), &n(-1)), "inf");
    shows(&pow(&n(0), &n(0)), "1");
    shows(&pow(&w(), &n(0)), "1");
    shows(&pow(&div(&n(1), &w()), &n(-2)), "ω^2");
    shows(
        &pow(&div(&add(&w(), &n(1)), &w()), &n(2)),
        "(ω^2+ω×2+1)/ω^2",
    );
    shows(&pow(&sub(&w(), &n(1)), &n(-1)), "1/(ω-1)");
    shows(&pow(&mul(&w(), &n(2)), &n(3)), "ω^3×8");
    shows(
        &n(-1)
            .to_generalized()
            .map(|x| S::omega_power(&x).expect("low"))
            .expect("go"),
        "1/ω",
    );
    shows(&S::omega_power(&go(&n(3))).expect("low"), "ω^3");
    fails(
        w().pow(&q(1, 2)),
        "No operation `^` for arguments of types `game.GeneralizedOrdinal`, `game.DyadicRational`",
    );
    fails(
        n(2).pow(&w()),
        "No operation `^` for arguments of types `game.Integer`, `game.GeneralizedOrdinal`",
    );
    fails(n(2).pow(&pow(&n(2), &n(100))), "Overflow.");
    shows(&pow(&w(), &pow(&n(2), &n(40))), "ω^1099511627776");
    fails(mul(&w(), &n(2)).pow(&pow(&n(2), &n(40))), "Overflow.");
    fails(mul(&w(), &n(3)).pow(&n(i64::from(i32::MAX))), "Overflow.");
    fails(add(&w(), &n(1)).pow(&n(100_000_000)), "Overflow.");
}

#[test]
fn lowest_terms_by_polynomial_gcd() {
    use onag_core::surreal::polynomial::gcd;
    // SURREAL 3.2: gcd in ℤ[x_β], integer content included.
    let g = |a: &S, b: &S| gcd(&go(a), &go(b)).expect("small").to_string();
    let w1 = sub(&w(), &n(1));
    let ww1 = add(&wp(&w()), &n(1));
    assert_eq!(g(&mul(&w1, &ww1), &mul(&w1, &sub(&wp(&w()), &n(1)))), "ω-1");
    assert_eq!(g(&add(&mul(&n(2), &w()), &n(2)), &mul(&n(4), &w())), "2");
    assert_eq!(
        g(
            &mul(&n(6), &pow(&w(), &n(3))),
            &mul(&n(4), &pow(&w(), &n(2)))
        ),
        "ω^2×2"
    );
    assert_eq!(
        g(
            &sub(&pow(&w(), &n(4)), &n(1)),
            &sub(&pow(&w(), &n(6)), &n(1))
        ),
        "ω^2-1"
    );
    assert_eq!(g(&n(0), &sub(&n(0), &w1)), "ω-1");
    // Two variables: x₀ = ω and x₁ = ω^ω.
    let xy = mul(&w(), &wp(&w()));
    assert_eq!(
        g(&sub(&xy, &n(1)), &sub(&mul(&xy, &xy), &n(1))),
        "ω^(ω+1)-1"
    );
    assert_eq!(g(&add(&xy, &w()), &add(&xy, &wp(&w()))), "1");
    // Quotients come out in lowest terms with a positive denominator.
    let x = div(&mul(&w1, &ww1), &mul(&sub(&n(1), &w()), &add(&w(), &n(3))));
    shows(&x, "(-ω^ω-1)/(ω+3)");
    shows(&x.denominator(), "ω+3");
}

#[test]
fn hashing_agrees_with_equality() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |x: &S| {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    };
    let a = div(&add(&mul(&n(2), &w()), &n(2)), &mul(&n(4), &w()));
    let b = add(&q(1, 2), &div(&n(1), &mul(&n(2), &w())));
    assert_eq!(a, b);
    assert_eq!(hash(&a), hash(&b));
    let c = sub(&add(&w(), &q(3, 4)), &w());
    assert_eq!(c, q(3, 4));
    assert_eq!(hash(&c), hash(&q(3, 4)));
}

#[test]
fn tall_towers_are_refused() {
    let mut x = w();
    for _ in 0..300 {
        match w().pow(&x) {
            Ok(y) => x = y,
            Err(e) => {
                assert_eq!(e.message, "Overflow: a tower of more than 256 exponents");
                return;
            }
        }
    }
    panic!("a tower of 300 exponents was built");
}
