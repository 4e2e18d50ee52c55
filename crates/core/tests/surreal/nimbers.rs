//! Transfinite nim arithmetic (SURREAL 7): the test vectors of 7.6, the
//! errors and range limits of 7.5, and the seeds' On₂ facts.

use onag_core::nim::transfinite::{
    nim_inverse, nim_power, nim_product, nim_sqrt, nim_sum, Star, TransfiniteNimber,
};
use onag_core::number::Integer;
use onag_core::surreal::Ordinal;

use super::support::*;

/// `omega^e` as an ordinal.
fn op(e: &S) -> Ordinal {
    ord(&wp(e))
}

fn o(x: &S) -> Ordinal {
    ord(x)
}

fn prod(a: &Ordinal, b: &Ordinal) -> String {
    nim_product(a, b).expect("in range").to_string()
}

fn exp(a: &Ordinal, k: i64) -> String {
    nim_power(a, &Integer::from(k))
        .expect("in range")
        .to_string()
}

#[test]
fn nim_products_of_the_spec() {
    let omega = o(&w());
    assert_eq!(prod(&omega, &o(&n(7))), "ω×7");
    assert_eq!(prod(&omega, &omega), "ω^2");
    assert_eq!(prod(&omega, &op(&n(2))), "2");
    assert_eq!(prod(&op(&n(3)), &op(&n(3))), "ω^6");
    assert_eq!(prod(&op(&n(3)), &op(&n(6))), "ω");
    assert_eq!(prod(&op(&n(3)), &op(&n(8))), "2");
    assert_eq!(prod(&op(&n(8)), &op(&n(8))), "ω^5×2");
    assert_eq!(prod(&op(&w()), &op(&mul(&w(), &n(4)))), "4");
    assert_eq!(prod(&op(&mul(&w(), &n(49))), &op(&mul(&w(), &n(100)))), "4");
    let w2 = pow(&w(), &n(2));
    assert_eq!(prod(&op(&mul(&w2, &n(4))), &op(&mul(&w2, &n(3)))), "ω+1");
    assert_eq!(prod(&op(&mul(&w2, &n(31))), &op(&mul(&w2, &n(24)))), "ω+1");
    assert_eq!(
        prod(&op(&mul(&w2, &n(32))), &op(&mul(&w2, &n(24)))),
        "ω^(ω^2+1)+ω^ω^2"
    );
    let w1 = o(&add(&w(), &n(1)));
    assert_eq!(prod(&w1, &w1), "ω^2+1");
}

#[test]
fn nim_powers_of_the_spec() {
    assert_eq!(exp(&o(&w()), 3), "2");
    assert_eq!(exp(&op(&n(3)), 9), "2");
    assert_eq!(exp(&op(&n(27)), 81), "2");
    assert_eq!(exp(&op(&pow(&w(), &n(41))), 191), "ω^ω^6+ω^ω");
    assert_eq!(exp(&op(&pow(&w(), &n(42))), 193), "ω+65536");
    assert_eq!(exp(&op(&pow(&w(), &n(3))), 66), "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1");
    assert_eq!(exp(&op(&pow(&w(), &n(13))), 47), "ω^ω^7+1");
    assert_eq!(exp(&op(&pow(&w(), &n(53))), 257), "256");
}

#[test]
fn nim_sums_and_errors_of_the_spec() {
    // SURREAL 7.2.
    let a = add(
        &add(&mul(&wp(&w()), &n(4)), &mul(&pow(&w(), &n(3)), &n(9))),
        &n(11),
    );
    let b = add(
        &add(&mul(&wp(&w()), &n(6)), &mul(&pow(&w(), &n(3)), &n(5))),
        &w(),
    );
    assert_eq!(nim_sum(&o(&a), &o(&b)).to_string(), "ω^ω×2+ω^3×12+ω+11");
    assert_eq!(
        go(&a).nim_sum(&go(&b)).expect("ordinals").to_string(),
        "ω^ω×2+ω^3×12+ω+11"
    );
    // Errors on generalized ordinals that are not ordinals.
    let wm1 = go(&sub(&w(), &n(1)));
    fails(wm1.nim_sum(&go(&n(2))), "NimSum applies only to ordinals.");
    fails(
        wm1.nim_product(&go(&n(2))),
        "NimProduct applies only to ordinals.",
    );
    fails(
        go(&w()).nim_exp(&Integer::from(-1)),
        "Exponent for NimExp must be a nonnegative integer.",
    );
    // NimExp 0 short-circuits, even out of range or on a non-ordinal.
    let huge = go(&wp(&wp(&w())));
    assert_eq!(huge.nim_exp(&Integer::zero()).expect("1").to_string(), "1");
    assert_eq!(wm1.nim_exp(&Integer::zero()).expect("1").to_string(), "1");
    // SURREAL 7.5: range.
    fails(huge.nim_product(&go(&n(2))), "NimProduct out of range.");
    let w1000 = go(&wp(&pow(&w(), &n(1000))));
    fails(w1000.nim_product(&go(&n(2))), "NimProduct out of range.");
    assert_eq!(w1000.nim_product(&go(&n(0))).expect("0").to_string(), "0");
    // ω^(ω^54): p = 263 is in range until a carry needs α_263.
    let top = o(&wp(&pow(&w(), &n(54))));
    assert_eq!(prod(&top, &top), "ω^(ω^54×2)");
    assert!(nim_power(&top, &Integer::from(263)).is_err());
    assert_eq!(
        nim_power(&top, &Integer::from(262))
            .expect("no carry")
            .to_string(),
        "ω^(ω^54×262)"
    );
}

#[test]
fn transfinite_nimbers() {
    // SURREAL 7.1 and 5.3.
    let star = |x: &S| TransfiniteNimber::star(&go(x));
    let t = |x: &S| match star(x).expect("an ordinal") {
        Star::Transfinite(t) => t,
        Star::Finite(n) => panic!("finite *{n}"),
    };
    assert_eq!(t(&mul(&w(), &w())).to_string(), "*ω^2");
    assert_eq!(t(&add(&w(), &n(5))).to_string(), "*(ω+5)");
    assert_eq!(t(&mul(&w(), &n(5))).to_string(), "*(ω×5)");
    assert_eq!(t(&wp(&add(&w(), &n(1)))).to_string(), "*ω^(ω+1)");
    assert_eq!(t(&n(1099511627776)).to_string(), "*1099511627776");
    assert_eq!(t(&w()).to_string(), "*ω");
    assert_eq!(star(&n(2)).expect("finite"), Star::Finite(2));
    assert_eq!(
        star(&n(i64::from(i32::MAX))).expect("finite"),
        Star::Finite(i32::MAX as u32)
    );
    fails(star(&n(-8)), "Nim value is negative: -8");
    fails(star(&sub(&w(), &n(1))), "Nim value is not an ordinal: ω-1");
    fails(
        star(&n(-1099511627776)),
        "Nim value is not an ordinal: -1099511627776",
    );
    assert_eq!(TransfiniteNimber::CLASS_NAME, "game.TransfiniteNimber");
    let p = t(&w())
        .conway_product(&t(&pow(&w(), &n(2))))
        .expect("in range");
    assert_eq!(p.to_string(), "*2");
}

#[test]
fn on2_inverses_and_square_roots() {
    // ONAG ch. 6: ω is the cube root of 2, so 1/ω = ω^2 ⊗ 2⁻¹ = ω^2 ⊗ 3
    // and √ω = ω^2 ⊗ 2 (since (ω^2 ⊗ 2)^2 = ω^4 ⊗ 3 = ω ⊗ 2 ⊗ 3 = ω).
    let omega = o(&w());
    assert_eq!(nim_inverse(&omega).expect("non-zero").to_string(), "ω^2×3");
    assert_eq!(nim_sqrt(&omega).expect("in range").to_string(), "ω^2×2");
    assert_eq!(nim_sqrt(&o(&n(2))).expect("finite").to_string(), "3");
    assert_eq!(nim_inverse(&o(&n(2))).expect("finite").to_string(), "3");
    fails(nim_inverse(&Ordinal::zero()), "/ by zero");
    let samples = [
        add(&w(), &n(1)),
        add(&pow(&w(), &n(2)), &mul(&w(), &n(5))),
        wp(&w()),
        add(&wp(&w()), &w()),
        add(&wp(&pow(&w(), &n(2))), &n(7)),
        add(
            &add(&wp(&add(&w(), &n(2))), &mul(&pow(&w(), &n(2)), &n(3))),
            &n(9),
        ),
        wp(&pow(&w(), &n(10))),
        add(&wp(&pow(&w(), &n(6))), &n(1)),
    ];
    for x in &samples {
        let a = o(x);
        let inv = nim_inverse(&a).expect("non-zero");
        assert_eq!(
            nim_product(&a, &inv).expect("in range"),
            Ordinal::one(),
            "{a} ⊗ {inv}"
        );
        let root = nim_sqrt(&a).expect("in range");
        assert_eq!(
            nim_product(&root, &root).expect("in range"),
            a,
            "√{a} = {root}"
        );
    }
}

#[test]
fn huge_finite_parts_use_the_finite_field() {
    // Finite coefficients multiply as finite nimbers (onag_core::nim), at any
    // size: 2^(2^k) is a Fermat 2-power F with F ⊗ F = 3F/2.
    let f = pow(&n(2), &n(1024));
    let ff = go(&f).nim_product(&go(&f)).expect("finite");
    let three_halves = div(&mul(&n(3), &f), &n(2));
    assert_eq!(S::from_generalized(ff), three_halves);
    // ω^α·c ⊗ d = ω^α·(c ⊗ d) for finite c, d.
    let a = add(&mul(&w(), &f), &f);
    let p = go(&a).nim_product(&go(&f)).expect("in range");
    let ffs = three_halves.to_string();
    assert_eq!(p.to_string(), format!("ω×{ffs}+{ffs}"));
    let star = TransfiniteNimber::star(&go(&f)).expect("an ordinal");
    assert!(matches!(star, Star::Transfinite(_)));
}

#[test]
fn exponent_coefficients_beyond_64_bits_are_out_of_range() {
    let big = go(&wp(&mul(&w(), &pow(&n(2), &n(64)))));
    fails(big.nim_product(&go(&w())), "NimProduct out of range.");
    let fits = go(&wp(&mul(&w(), &sub(&pow(&n(2), &n(64)), &n(1)))));
    assert!(fits.nim_product(&go(&w())).is_ok());
}
