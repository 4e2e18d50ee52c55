//! Property tests on random elements: the field laws, the order, sign
//! expansions (order, length, dyadics, reading back) and On₂.

use std::cmp::Ordering;

use onag_core::nim::transfinite::{nim_inverse, nim_product, nim_sqrt, nim_sum};
use onag_core::number::{Dyadic, Integer, Rational};
use onag_core::sign_expansion::{
    from_sign_expansion, sign_expansion, Segment, Sign, SignExpansion,
};
use onag_core::surreal::{GeneralizedOrdinal, Ordinal, SurrealNumber};
use proptest::collection::vec;
use proptest::prelude::*;

type S = SurrealNumber;

/// Small ordinals: `Σ ω^e·c` with exponents below ω^2 and small
/// coefficients.
fn small_ordinal(max_terms: usize) -> impl Strategy<Value = Ordinal> {
    vec((0u64..3, 0u64..3, 1i64..4), 0..=max_terms).prop_map(|terms| {
        let terms = terms.into_iter().map(|(a, b, c)| {
            // Exponent ω·a + b.
            let e = GeneralizedOrdinal::from_terms([
                (Ordinal::one(), Integer::from(a)),
                (Ordinal::zero(), Integer::from(b)),
            ]);
            (e.to_ordinal().unwrap_or_default(), Integer::from(c))
        });
        GeneralizedOrdinal::from_terms(terms)
            .to_ordinal()
            .unwrap_or_default()
    })
}

/// Small generalized ordinals: exponents below ω·2, coefficients in
/// [-3, 3].
fn small_generalized(max_terms: usize) -> impl Strategy<Value = GeneralizedOrdinal> {
    vec((0u64..2, 0u64..3, -3i64..=3), 0..=max_terms).prop_map(|terms| {
        GeneralizedOrdinal::from_terms(terms.into_iter().map(|(a, b, c)| {
            let e = GeneralizedOrdinal::from_terms([
                (Ordinal::one(), Integer::from(a)),
                (Ordinal::zero(), Integer::from(b)),
            ]);
            (e.to_ordinal().unwrap_or_default(), Integer::from(c))
        }))
    })
}

/// Random finite elements: rationals, generalized ordinals and quotients.
fn element() -> impl Strategy<Value = S> {
    prop_oneof![
        (-40i64..40, 1i64..20).prop_map(|(a, b)| {
            S::from_rational(Rational::new(Integer::from(a), Integer::from(b)).unwrap_or_default())
        }),
        small_generalized(3).prop_map(S::from_generalized),
        (small_generalized(3), small_generalized(2)).prop_map(|(p, q)| {
            let q = if q.is_zero() {
                GeneralizedOrdinal::one()
            } else {
                q
            };
            S::from_quotient(p, q).unwrap_or_else(|_| S::zero())
        }),
    ]
}

/// Elements whose denominator is a single term (finite normal forms),
/// or a denominator `ω ± 1`, `ω^2 − 1` (periodic ones).
fn expandable() -> impl Strategy<Value = S> {
    let monomial_den = (small_generalized(3), 1i64..4, 0u64..3).prop_map(|(p, c, e)| {
        let q = GeneralizedOrdinal::monomial(Integer::from(c), Ordinal::from(e));
        S::from_quotient(p, q).unwrap_or_else(|_| S::zero())
    });
    let periodic = (
        small_generalized(2),
        prop_oneof![Just((1u64, 1i64)), Just((1, -1)), Just((2, -1))],
    )
        .prop_map(|(p, (e, c))| {
            let q = GeneralizedOrdinal::from_terms([
                (Ordinal::from(e), Integer::one()),
                (Ordinal::zero(), Integer::from(c)),
            ]);
            S::from_quotient(p, q).unwrap_or_else(|_| S::zero())
        });
    prop_oneof![3 => monomial_den, 1 => periodic, 1 => element()]
}

fn ok(r: Result<S, onag_core::number::NumberError>) -> S {
    r.expect("finite operands")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn field_laws(x in element(), y in element(), z in element()) {
        prop_assert_eq!(ok(x.add(&y)), ok(y.add(&x)));
        prop_assert_eq!(ok(x.mul(&y)), ok(y.mul(&x)));
        prop_assert_eq!(ok(ok(x.add(&y)).add(&z)), ok(x.add(&ok(y.add(&z)))));
        prop_assert_eq!(ok(ok(x.mul(&y)).mul(&z)), ok(x.mul(&ok(y.mul(&z)))));
        prop_assert_eq!(ok(x.mul(&ok(y.add(&z)))), ok(ok(x.mul(&y)).add(&ok(x.mul(&z)))));
        prop_assert_eq!(ok(x.sub(&x)), S::zero());
        prop_assert_eq!(ok(ok(x.sub(&y)).add(&y)), x.clone());
        if !x.is_zero() {
            prop_assert_eq!(ok(x.mul(&ok(x.reciprocal()))), S::one());
            prop_assert_eq!(ok(ok(y.div(&x)).mul(&x)), y.clone());
        }
    }

    #[test]
    fn order_is_total_and_compatible(x in element(), y in element(), z in element()) {
        let o = x.cmp(&y);
        prop_assert_eq!(o, y.cmp(&x).reverse());
        prop_assert_eq!(o == Ordering::Equal, x == y);
        prop_assert_eq!(ok(x.add(&z)).cmp(&ok(y.add(&z))), o);
        if z.signum() > 0 {
            prop_assert_eq!(ok(x.mul(&z)).cmp(&ok(y.mul(&z))), o);
        }
        // The sign of the difference.
        prop_assert_eq!(ok(x.sub(&y)).signum(), match o {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        });
        if x <= y && y <= z {
            prop_assert!(x <= z);
        }
    }

    #[test]
    fn sign_expansions_order_like_numbers(x in expandable(), y in expandable()) {
        let (sx, sy) = (SignExpansion::of(&x), SignExpansion::of(&y));
        if let (Ok(sx), Ok(sy)) = (sx, sy) {
            prop_assert_eq!(sx.lex_cmp(&sy), x.cmp(&y), "{} {} vs {} {}", x, sx, y, sy);
        }
    }

    #[test]
    fn birthdays_are_lengths_and_expansions_read_back(x in expandable()) {
        if let Ok(s) = SignExpansion::of(&x) {
            prop_assert_eq!(x.birthday().expect("expansion"), s.length());
            let text = s.to_string();
            let parsed: SignExpansion = text.parse().expect("prints parse");
            prop_assert_eq!(&parsed, &s);
            prop_assert_eq!(s.value().expect("reads back"), x.clone(), "{}", text);
            prop_assert_eq!(SignExpansion::of(&x.neg()).expect("negation"), s.negated());
        }
    }

    #[test]
    fn prefixes_lie_on_the_side_of_their_next_sign(x in expandable()) {
        // The definition (SURREAL 9.1): after each prefix, + if x is above
        // its value and - if below.
        if let Ok(s) = SignExpansion::of(&x) {
            let segs = s.segments();
            for k in 0..segs.len() {
                let prefix = SignExpansion::new(segs[..k].iter().cloned());
                let next = match &segs[k] {
                    Segment::Run(sign, _) => *sign,
                    Segment::Repeat(body) => match body.first() {
                        Some(Segment::Run(sign, _)) => *sign,
                        _ => continue,
                    },
                };
                if let Ok(v) = prefix.value() {
                    let expected = if next == Sign::Plus { Ordering::Less } else { Ordering::Greater };
                    prop_assert_eq!(v.cmp(&x), expected, "{} after {} in {}", x, prefix, s);
                }
            }
        }
    }

    #[test]
    fn generalized_ordinal_birthdays(x in small_generalized(4)) {
        let s = SignExpansion::of(&S::from_generalized(x.clone())).expect("runs");
        prop_assert_eq!(s.length(), x.birthday());
    }

    #[test]
    fn dyadic_expansions_are_hackenstrings(num in -2000i64..2000, exp in 0u32..9) {
        let d = Dyadic::new(Integer::from(num), exp);
        let bits = sign_expansion(&d).expect("short");
        let s = SignExpansion::of(&S::from(d.clone())).expect("finite");
        let signs: Vec<bool> = s
            .to_signs(1 << 20)
            .expect("finite")
            .into_iter()
            .map(|x| x == Sign::Plus)
            .collect();
        prop_assert_eq!(&signs, &bits);
        prop_assert_eq!(from_sign_expansion(&bits), d.clone());
        prop_assert_eq!(s.value().expect("dyadic"), S::from(d.clone()));
        prop_assert_eq!(s.length().to_integer(), Some(d.birthday()));
    }

    #[test]
    fn nim_arithmetic_is_a_field(a in small_ordinal(3), b in small_ordinal(3), c in small_ordinal(2)) {
        let p = |x: &Ordinal, y: &Ordinal| nim_product(x, y).expect("in range");
        prop_assert_eq!(p(&a, &b), p(&b, &a));
        prop_assert_eq!(p(&p(&a, &b), &c), p(&a, &p(&b, &c)));
        prop_assert_eq!(p(&a, &nim_sum(&b, &c)), nim_sum(&p(&a, &b), &p(&a, &c)));
        prop_assert_eq!(nim_sum(&a, &a), Ordinal::zero());
        if !a.is_zero() {
            let inv = nim_inverse(&a).expect("non-zero");
            prop_assert_eq!(p(&a, &inv), Ordinal::one());
        }
        let root = nim_sqrt(&a).expect("in range");
        prop_assert_eq!(p(&root, &root), a.clone());
    }
}
