//! Exact numbers and nim arithmetic: CGSuite's reference values
//! (reference/numbers.txt, reference/core.txt and CGSuite's own tests) and
//! property tests against num-bigint / num-rational and against the
//! definitions.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use onag_core::nim::{
    nim_div, nim_inverse, nim_inverse_u64, nim_product, nim_product_u64, nim_sum, nim_sum_u64,
};
use onag_core::number::{Dyadic, Integer, NumberError, Prepared, Rational, MAX_POW_BITS};
use proptest::collection::vec;
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Helpers.

fn int(s: &str) -> Integer {
    s.parse().expect("valid integer literal")
}

fn i(n: i64) -> Integer {
    Integer::from(n)
}

fn two_pow(k: u64) -> Integer {
    Integer::one().shl(k)
}

fn q(n: i64, d: i64) -> Rational {
    Rational::new(i(n), i(d)).expect("non-zero denominator")
}

fn qi(n: Integer, d: Integer) -> Rational {
    Rational::new(n, d).expect("non-zero denominator")
}

fn dy(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(i(num), exp)
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn to_big_rational(x: &Rational) -> BigRational {
    BigRational::new(x.numerator().to_bigint(), x.denominator().to_bigint())
}

fn dyadic_to_big_rational(x: &Dyadic) -> BigRational {
    BigRational::new(x.numerator().to_bigint(), x.denominator().to_bigint())
}

fn ordering_sign(o: std::cmp::Ordering) -> i32 {
    match o {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// Whether x lies strictly between the optional bounds.
fn inside(lo: &Option<Dyadic>, hi: &Option<Dyadic>, x: &Dyadic) -> bool {
    let above = match lo {
        Some(l) => l < x,
        None => true,
    };
    let below = match hi {
        Some(h) => x < h,
        None => true,
    };
    above && below
}

fn nums(xs: &[u64]) -> Vec<Integer> {
    xs.iter().map(|&x| Integer::from(x)).collect()
}

// ---------------------------------------------------------------------------
// CGSuite reference values: integers.

#[test]
fn cgsuite_nim_sum() {
    let got: Vec<_> = (1..=16).map(|n| nim_sum(&i(11), &i(n)).unwrap()).collect();
    assert_eq!(
        got,
        nums(&[10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 27])
    );
    assert_eq!(nim_sum(&i(11), &i(-1)), None);
    assert_eq!(nim_sum_u64(11, 16), 27);
}

#[test]
fn cgsuite_nim_product() {
    let got: Vec<_> = (1..=16)
        .map(|n| nim_product(&i(8), &i(n)).unwrap())
        .collect();
    assert_eq!(
        got,
        nums(&[8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128])
    );
    assert_eq!(nim_product(&i(11), &i(-1)), None);
    assert_eq!(nim_product(&i(-1), &i(11)), None);
    assert_eq!(nim_product_u64(4, 4), 6);
    assert_eq!(nim_product_u64(19, 23), 86);
    assert_eq!(nim_product(&i(4), &i(4)), Some(i(6)));
    assert_eq!(nim_product(&i(19), &i(23)), Some(i(86)));
}

#[test]
fn cgsuite_nim_inverse() {
    let got: Vec<_> = (1..=16).map(|n| nim_inverse(&i(n)).unwrap()).collect();
    assert_eq!(
        got,
        nums(&[1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170])
    );
    assert_eq!(nim_inverse(&i(0)), None);
    assert_eq!(nim_inverse(&i(-3)), None);
    assert_eq!(nim_inverse_u64(0), None);
    assert_eq!(nim_inverse_u64(16), Some(170));
}

#[test]
fn cgsuite_nim_div() {
    let got: Vec<_> = (1..=16).map(|n| nim_div(&i(11), &i(n)).unwrap()).collect();
    assert_eq!(
        got,
        nums(&[11, 6, 13, 8, 14, 2, 15, 4, 10, 9, 1, 12, 3, 5, 7, 68])
    );
    assert_eq!(nim_div(&i(11), &i(0)), None);
    assert_eq!(nim_div(&i(-11), &i(3)), None);
}

#[test]
fn fermat_two_powers() {
    // F ⊗ F = 3F/2 and x ⊗ F = x·F for x < F (ONAG ch. 6), beyond 64 bits.
    for k in [1u64, 2, 4, 8, 16, 32, 64, 128, 256, 1024] {
        let f = two_pow(k);
        let three_halves = &f + &f.shr(1);
        assert_eq!(nim_product(&f, &f), Some(three_halves), "F = 2^{k}");
        let x = &f - &i(1);
        assert_eq!(nim_product(&x, &f), Some(&x * &f), "F = 2^{k}");
    }
    // 2^64 ⊗ 2^128 is an ordinary product of distinct Fermat 2-powers.
    assert_eq!(nim_product(&two_pow(64), &two_pow(128)), Some(two_pow(192)));
    // The inverse of a Fermat 2-power lies in its own field.
    let f = two_pow(128);
    let inv = nim_inverse(&f).unwrap();
    assert!(inv < two_pow(256));
    assert_eq!(nim_product(&f, &inv), Some(i(1)));
}

#[test]
fn cgsuite_lb() {
    let inputs = [
        i(15),
        i(16),
        i(17),
        i(31),
        &two_pow(30) - &i(1),
        two_pow(30),
        &two_pow(30) + &i(1),
        &two_pow(31) - &i(1),
        two_pow(31),
        &two_pow(31) + &i(1),
        &two_pow(32) - &i(1),
        two_pow(32),
        &two_pow(32) + &i(1),
    ];
    let got: Vec<_> = inputs.iter().map(|x| x.lb().unwrap()).collect();
    assert_eq!(got, [3, 4, 4, 4, 29, 30, 30, 30, 31, 31, 31, 32, 32]);
    assert_eq!(i(0).lb(), None);
    assert_eq!(i(-32).lb(), None);
    assert_eq!((-two_pow(40)).lb(), None);
    assert_eq!((-two_pow(40)).to_string(), "-1099511627776");
    assert_eq!(two_pow(1000).lb(), Some(1000));
}

#[test]
fn cgsuite_evil_and_odious() {
    assert_eq!(
        [i(11).is_evil(), i(23).is_evil()],
        [Some(false), Some(true)]
    );
    assert_eq!(
        [i(11).is_odious(), i(23).is_odious()],
        [Some(true), Some(false)]
    );
    assert_eq!(i(-1).is_evil(), None);
    assert_eq!(i(-1).is_odious(), None);
    assert_eq!(i(0).is_evil(), Some(true));
    assert_eq!((&two_pow(100) + &i(1)).is_evil(), Some(true));
}

#[test]
fn cgsuite_integer_methods() {
    // 17.Div(4) => 4, 17.Div(0) => error.
    assert_eq!(i(17).div_floor(&i(4)), Some(i(4)));
    assert_eq!(i(17).div_floor(&i(0)), None);
    // 17 % 5 => 2.
    assert_eq!(i(17).mod_floor(&i(5)), Some(i(2)));
    assert_eq!(i(-1).isqrt(), None);
    assert_eq!(i(99).isqrt(), Some(i(9)));
    assert_eq!(i(100).isqrt(), Some(i(10)));
    assert_eq!(int("-2147483648").to_string(), "-2147483648");
    assert_eq!(int("-2147483649").to_string(), "-2147483649");
    assert_eq!(i(3).max(int("-2147483648")), i(3));
    assert_eq!(i(-1823437481924).to_string(), "-1823437481924");
    assert_eq!(i(3).pow(5), i(243));
    assert_eq!(i(3) * i(5), i(15));
    // 3^2^2^2 is 3^(2^(2^2)).
    assert_eq!(
        i(3).pow(i(2).pow(i(2).pow(2).to_u32().unwrap()).to_u32().unwrap()),
        i(43046721)
    );
    assert_eq!(i(12).gcd(&i(-18)), i(6));
    assert!(i(1).is_two_power() && i(1024).is_two_power() && two_pow(200).is_two_power());
    assert!(!i(0).is_two_power() && !i(-4).is_two_power() && !i(12).is_two_power());
    let big = int("123456789012345678901234567890");
    assert_eq!(big.to_string(), "123456789012345678901234567890");
    assert_eq!(format!("{big:?}"), "123456789012345678901234567890");
}

#[test]
fn integer_conversions() {
    assert_eq!(Integer::default(), Integer::zero());
    assert_eq!(Integer::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(Integer::from(u64::MAX).to_u64(), Some(u64::MAX));
    assert_eq!(Integer::from(u64::MAX).to_i64(), None);
    assert_eq!(Integer::from(-1i32).to_u64(), None);
    assert_eq!(Integer::from(u32::MAX).to_u32(), Some(u32::MAX));
    assert_eq!(Integer::from(u64::from(u32::MAX) + 1).to_u32(), None);
    assert_eq!(Integer::from(usize::MAX).to_usize(), Some(usize::MAX));
    assert_eq!(Integer::from(BigInt::from(7)), i(7));
    assert_eq!(Integer::from(&BigInt::from(-7)), i(-7));
    assert_eq!(two_pow(70).to_bigint(), BigInt::one() << 70);
    assert!("12a".parse::<Integer>().is_err());
    let err: NumberError = "".parse::<Integer>().unwrap_err();
    assert!(!err.to_string().is_empty());
}

// ---------------------------------------------------------------------------
// CGSuite reference values: rationals.

#[test]
fn cgsuite_rational_zero_over_seven() {
    let x = q(0, 7);
    assert_eq!(x.numerator(), i(0));
    assert_eq!(x.ceil(), Ok(i(0)));
    assert_eq!(x.reciprocal().unwrap().to_string(), "inf");
    assert_eq!(Dyadic::zero().birthday(), i(0));
}

#[test]
fn cgsuite_rational_integers() {
    let x = q(19, 1);
    assert_eq!(x.to_string(), "19");
    assert_eq!(x.numerator(), i(19));
    assert!(x.is_dyadic() && x.is_integer());
    assert_eq!(x.abs(), q(19, 1));
    assert_eq!(x.to_dyadic().unwrap().birthday(), i(19));
    let y = q(-19, 1);
    assert_eq!(y.numerator(), i(-19));
    assert_eq!(y.floor(), Ok(i(-19)));
    assert_eq!(y.reciprocal().unwrap().to_string(), "-1/19");
    assert_eq!(y.to_dyadic().unwrap().birthday(), i(19));
    let z = Dyadic::from(-1823437481924);
    assert_eq!(z.birthday(), i(1823437481924));
}

#[test]
fn cgsuite_rational_dyadics() {
    let x = q(3, 16);
    assert_eq!(x.numerator(), i(3));
    assert!(x.is_dyadic() && !x.is_integer());
    assert_eq!(x.abs(), q(3, 16));
    assert_eq!(x.floor(), Ok(i(0)));
    let y = q(-3, 16);
    assert_eq!(y.to_string(), "-3/16");
    assert_eq!(y.denominator(), i(16));
    assert_eq!(y.abs(), q(3, 16));
    assert_eq!(y.floor(), Ok(i(-1)));

    // 3^22/2^72.
    let num = i(3).pow(22);
    let den = i(2).pow(72);
    let z = qi(num.clone(), den.clone());
    assert_eq!(z.denominator().to_string(), "4722366482869645213696");
    assert!(z.is_dyadic());
    assert_eq!(z.floor(), Ok(i(0)));
    assert_eq!(z.ceil(), Ok(i(1)));
    assert_eq!(
        z.reciprocal().unwrap().to_string(),
        "4722366482869645213696/31381059609"
    );
    let neg = qi(-num, den);
    assert!(neg.is_dyadic());
    assert!(neg.is_negative());
    assert_eq!(neg.to_dyadic().unwrap().exponent(), 72);
    // The same through powers: 3^22 / 2^72 and 2^(-4).
    let p = q(3, 1)
        .pow(&i(22))
        .unwrap()
        .div(&q(2, 1).pow(&i(72)).unwrap())
        .unwrap();
    assert_eq!(p, z);
    assert_eq!(q(2, 1).pow(&i(-4)).unwrap().to_string(), "1/16");
    assert_eq!(q(2, 3).pow(&i(-3)).unwrap().to_string(), "27/8");
    assert_eq!(q(-2, 3).pow(&i(-3)).unwrap().to_string(), "-27/8");
}

#[test]
fn cgsuite_rational_non_dyadics() {
    let x = q(6, 23);
    assert_eq!(x.to_string(), "6/23");
    assert!(!x.is_dyadic());
    assert_eq!(x.to_dyadic(), None);
    assert_eq!(x.abs(), q(6, 23));
    assert_eq!(x.ceil(), Ok(i(1)));
    assert_eq!(x.reciprocal().unwrap().to_string(), "23/6");
    let y = q(-6, 23);
    assert_eq!(y.to_string(), "-6/23");
    assert_eq!(y.denominator(), i(23));
    assert_eq!(y.floor(), Ok(i(-1)));
    assert_eq!(y.reciprocal().unwrap().to_string(), "-23/6");
    assert_eq!(q(4, 6).to_string(), "2/3");
}

#[test]
fn cgsuite_rational_arithmetic() {
    assert_eq!(q(2, 1).add(&q(3, 4)).unwrap().to_string(), "11/4");
    assert_eq!(q(2, 1).sub(&q(3, 4)).unwrap().to_string(), "5/4");
    assert_eq!(q(3, 1).mul(&q(5, 1)).unwrap(), q(15, 1));
    assert_eq!(q(4, 1).div(&q(6, 1)).unwrap().to_string(), "2/3");
    assert_eq!(q(17, 1).modulo(&q(5, 1)).unwrap(), q(2, 1));
    assert_eq!(q(-17, 1).modulo(&q(5, 1)).unwrap(), q(3, 1));
    assert_eq!(q(17, 1).modulo(&q(-5, 1)).unwrap(), q(-3, 1));
    assert_eq!(q(7, 2).modulo(&q(4, 3)).unwrap(), q(5, 6));
    assert_eq!(q(3, 1).pow(&i(5)).unwrap(), q(243, 1));
    let e = i(2).pow(i(2).pow(2).to_u32().unwrap());
    assert_eq!(q(3, 1).pow(&e).unwrap(), q(43046721, 1));
}

#[test]
fn cgsuite_infinities() {
    let inf = Rational::infinity();
    let ninf = Rational::neg_infinity();
    assert_eq!(Rational::new(i(17), i(0)), Ok(inf.clone()));
    assert_eq!(Rational::new(i(-17), i(0)), Ok(ninf.clone()));
    assert_eq!(ninf.to_string(), "-inf");
    assert_eq!(inf.to_string(), "inf");
    let err = Rational::new(i(0), i(0)).unwrap_err();
    assert_eq!(err.message, "/ by zero");
    assert_eq!(q(0, 1).div(&q(0, 1)).unwrap_err().message, "/ by zero");
    assert_eq!(ninf.abs(), inf);
    assert_eq!(inf.numerator(), i(1));
    assert_eq!(ninf.numerator(), i(-1));
    assert_eq!(inf.denominator(), i(0));
    assert!(!inf.is_dyadic() && !inf.is_integer() && inf.is_infinite() && !inf.is_finite());
    assert_eq!(inf.to_dyadic(), None);
    assert_eq!(inf.to_integer(), None);
    assert!(inf.floor().is_err() && ninf.ceil().is_err());
    // Max and Min (the inherent methods take references).
    assert_eq!(Rational::max(&q(1, 7), &q(0, 1)), q(1, 7));
    assert_eq!(Rational::max(&q(-3, 1), &q(14, 5)), q(14, 5));
    assert_eq!(Rational::min(&q(-3, 1), &q(14, 5)), q(-3, 1));
    assert_eq!(Rational::min(&q(14, 5), &q(-3, 1)), q(-3, 1));
    assert_eq!(Rational::max(&q(6, 1), &inf), inf);
    assert_eq!(Rational::min(&inf, &q(6, 1)), q(6, 1));
    assert_eq!(Rational::max(&ninf, &inf), inf);
    assert_eq!(Rational::min(&ninf, &inf), ninf);
}

#[test]
fn infinity_arithmetic() {
    let inf = Rational::infinity();
    let ninf = Rational::neg_infinity();
    let two = q(2, 1);
    assert_eq!(inf.add(&two), Ok(inf.clone()));
    assert_eq!(two.add(&ninf), Ok(ninf.clone()));
    assert_eq!(inf.add(&inf), Ok(inf.clone()));
    assert!(inf.add(&ninf).is_err());
    assert!(inf.sub(&inf).is_err());
    assert_eq!(inf.sub(&ninf), Ok(inf.clone()));
    assert_eq!(two.sub(&inf), Ok(ninf.clone()));
    assert_eq!(ninf.mul(&q(-3, 1)), Ok(inf.clone()));
    assert!(inf.mul(&Rational::zero()).is_err());
    assert_eq!(q(5, 1).div(&q(0, 1)), Ok(inf.clone()));
    assert_eq!(q(-5, 1).div(&q(0, 1)), Ok(ninf.clone()));
    assert_eq!(q(5, 1).div(&ninf), Ok(Rational::zero()));
    assert!(inf.div(&inf).is_err());
    assert_eq!(inf.div(&q(-2, 1)), Ok(ninf.clone()));
    assert_eq!(inf.reciprocal(), Ok(Rational::zero()));
    assert_eq!(ninf.reciprocal(), Ok(Rational::zero()));
    assert_eq!(q(0, 1).pow(&i(-1)), Ok(inf.clone()));
    assert_eq!(inf.pow(&i(0)), Ok(Rational::one()));
    assert!(q(1, 1).modulo(&q(0, 1)).is_err());
    assert!(inf.modulo(&two).is_err());
    assert!(two.modulo(&inf).is_err());
    assert!(ninf < q(i64::MIN, 1) && q(i64::MAX, 1) < inf && ninf < inf);
    assert_eq!(-&inf, ninf);
    assert_ne!(hash_of(&inf), hash_of(&ninf));
}

#[test]
fn huge_powers_are_errors_not_hangs() {
    let huge_exp = two_pow(40);
    let err = q(3, 2).pow(&huge_exp).unwrap_err();
    assert_eq!(err.message, "Overflow.");
    assert!(q(2, 1).pow(&i(i64::MAX)).is_err());
    assert!(q(2, 1).pow(&-&two_pow(100)).is_err());
    assert!(q(2, 1).pow(&Integer::from(MAX_POW_BITS)).is_err());
    // Just inside the bound is computed exactly.
    let x = q(2, 1).pow(&Integer::from(MAX_POW_BITS - 1)).unwrap();
    assert_eq!(x.numerator(), two_pow(MAX_POW_BITS - 1));
    assert_eq!(q(1, 1).pow(&two_pow(200)), Ok(Rational::one()));
}

#[test]
fn large_values_just_work() {
    // 2^200 and 1/2^200 (DESIGN.md).
    let big = two_pow(200);
    let tiny = Dyadic::new(i(1), 200);
    assert_eq!(&Dyadic::from_integer(big.clone()) * &tiny, Dyadic::one());
    assert_eq!(tiny.denominator(), big);
    assert_eq!(tiny.birthday(), i(201));
    assert_eq!(
        Rational::from(&tiny).reciprocal().unwrap(),
        Rational::from(big.clone())
    );
    let sum = &tiny + &Dyadic::from(1);
    assert_eq!(sum.exponent(), 200);
    assert_eq!(sum.floor(), i(1));
    assert_eq!(sum.ceil(), i(2));
}

// ---------------------------------------------------------------------------
// Dyadics: birthdays and the simplicity rule.

#[test]
fn birthdays() {
    assert_eq!(Dyadic::new(i(25), 4).birthday(), i(6));
    assert_eq!(dy(-1, 1).birthday(), i(2));
    assert_eq!(dy(3, 2).birthday(), i(3));
    assert_eq!(dy(0, 0).birthday(), i(0));
    assert_eq!(dy(-7, 0).birthday(), i(7));
    assert_eq!(dy(-9, 3).birthday(), i(5));
}

/// The numbers born on each day up to `days`, generated as in the seeds:
/// on day n+1 appear one integer beyond each end and the midpoint of every
/// two neighbours born by day n.
fn numbers_by_day(days: usize) -> Vec<Vec<Dyadic>> {
    let mut born: Vec<Vec<Dyadic>> = vec![vec![Dyadic::zero()]];
    let mut all = vec![Dyadic::zero()];
    for _ in 0..days {
        let mut new = vec![
            Dyadic::from_integer(all[0].floor() - i(1)),
            Dyadic::from_integer(all[all.len() - 1].ceil() + i(1)),
        ];
        for w in all.windows(2) {
            new.push((&w[0] + &w[1]).half());
        }
        all.extend(new.iter().cloned());
        all.sort();
        born.push(new);
    }
    born
}

#[test]
fn birthday_is_the_day_of_creation() {
    for (day, numbers) in numbers_by_day(9).iter().enumerate() {
        for x in numbers {
            assert_eq!(x.birthday(), Integer::from(day), "{x}");
        }
    }
}

#[test]
fn simplicity_theorem_examples() {
    let s =
        |lo: Option<Dyadic>, hi: Option<Dyadic>| Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
    assert_eq!(s(None, None), Dyadic::zero());
    assert_eq!(s(Some(dy(0, 0)), None), dy(1, 0));
    assert_eq!(s(None, Some(dy(0, 0))), dy(-1, 0));
    assert_eq!(s(Some(dy(-5, 1)), None), dy(0, 0));
    assert_eq!(s(Some(dy(5, 1)), None), dy(3, 0));
    assert_eq!(s(None, Some(dy(-7, 3))), dy(-1, 0));
    assert_eq!(s(None, Some(dy(-2, 0))), dy(-3, 0));
    assert_eq!(s(Some(dy(0, 0)), Some(dy(1, 0))), dy(1, 1));
    assert_eq!(s(Some(dy(1, 1)), Some(dy(1, 0))), dy(3, 2));
    assert_eq!(s(Some(dy(0, 0)), Some(dy(1, 1))), dy(1, 2));
    assert_eq!(s(Some(dy(3, 0)), Some(dy(9, 0))), dy(4, 0));
    assert_eq!(s(Some(dy(-9, 0)), Some(dy(-3, 0))), dy(-4, 0));
    assert_eq!(s(Some(dy(-1, 0)), Some(dy(1, 0))), dy(0, 0));
    assert_eq!(s(Some(dy(1, 2)), Some(dy(3, 3))), dy(5, 4));
    // Seeds: {1, 1/2 | 2} = 3/2, {1/4 | 1, 3/2} = 1/2, {-1 | 0, 1} = -1/2.
    assert_eq!(s(Some(dy(1, 0)), Some(dy(2, 0))), dy(3, 1));
    assert_eq!(s(Some(dy(1, 2)), Some(dy(1, 0))), dy(1, 1));
    assert_eq!(s(Some(dy(-1, 0)), Some(dy(0, 0))), dy(-1, 1));
    // 25/16 = {3/2 | 13/8}.
    assert_eq!(s(Some(dy(3, 1)), Some(dy(13, 3))), dy(25, 4));
    // Empty intervals: the simplest number of the closed interval.
    assert_eq!(s(Some(dy(3, 2)), Some(dy(3, 2))), dy(3, 2));
    assert_eq!(s(Some(dy(7, 3)), Some(dy(1, 3))), dy(1, 1));
    assert_eq!(s(Some(dy(5, 0)), Some(dy(-5, 0))), dy(0, 0));
}

#[test]
fn simplest_between_huge_and_deep_values() {
    let s = |lo: &Dyadic, hi: &Dyadic| Dyadic::simplest_between(Some(lo), Some(hi));
    let n = two_pow(1000);
    let lo = Dyadic::from_integer(n.clone());
    let hi = Dyadic::from_integer(&n + &i(1));
    assert_eq!(s(&lo, &hi), Dyadic::new(&n.shl(1) + &i(1), 1));
    assert_eq!(s(&-&hi, &-&lo), Dyadic::new(-(&n.shl(1) + &i(1)), 1));
    let far = Dyadic::from_integer(&n + &i(1000));
    assert_eq!(s(&lo, &far), Dyadic::from_integer(&n + &i(1)));
    // Deep: 2^-1000000 and its neighbours.
    let deep = Dyadic::new(i(1), 1_000_000);
    assert_eq!(s(&Dyadic::zero(), &deep), Dyadic::new(i(1), 1_000_001));
    assert_eq!(s(&deep, &Dyadic::one()), dy(1, 1));
    let a = Dyadic::new(i(3), 1_000_000);
    let b = Dyadic::new(i(5), 1_000_000);
    assert_eq!(s(&a, &b), Dyadic::new(i(1), 999_998));
    let c = &Dyadic::from(7) + &deep;
    assert_eq!(
        s(&Dyadic::from(7), &c),
        &Dyadic::from(7) + &Dyadic::new(i(1), 1_000_001)
    );
}

// ---------------------------------------------------------------------------
// Property tests.

/// Integers concentrated where representations change: small values, the
/// i64 boundary, the i128 range and multi-limb values.
fn any_bigint() -> impl Strategy<Value = BigInt> {
    let boundary = prop_oneof![
        Just(BigInt::from(i64::MIN)),
        Just(BigInt::from(i64::MAX)),
        Just(BigInt::from(u64::MAX)),
        Just(-BigInt::from(u64::MAX)),
        Just(BigInt::zero()),
    ];
    prop_oneof![
        (-1000i64..1000).prop_map(BigInt::from),
        any::<i64>().prop_map(BigInt::from),
        (boundary, -4i64..=4).prop_map(|(b, d)| b + d),
        any::<i128>().prop_map(BigInt::from),
        (any::<bool>(), vec(any::<u32>(), 0..10)).prop_map(|(neg, digits)| {
            BigInt::new(if neg { Sign::Minus } else { Sign::Plus }, digits)
        }),
    ]
}

fn any_dyadic() -> impl Strategy<Value = Dyadic> {
    (any_bigint(), prop_oneof![0u32..8, 0u32..200])
        .prop_map(|(n, e)| Dyadic::new(Integer::from(n), e))
}

fn any_rational() -> impl Strategy<Value = Rational> {
    (
        any_bigint(),
        any_bigint().prop_filter("non-zero", |d| !d.is_zero()),
    )
        .prop_map(|(n, d)| Rational::new(Integer::from(n), Integer::from(d)).unwrap())
}

/// Non-zero 64-bit nimbers, small ones included.
fn nimber() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..300, any::<u64>(), any::<u32>().prop_map(u64::from)]
}

/// Nimbers of up to 320 bits.
fn big_nimber() -> impl Strategy<Value = Integer> {
    vec(any::<u32>(), 0..10).prop_map(|d| Integer::from(num_bigint::BigUint::new(d)))
}

/// The nim product by the Fermat 2-power recursion with no tables, on
/// 128-bit words: an independent check of both fast paths.
fn nim_product_reference(a: u128, b: u128, bits: u32) -> u128 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u128 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let p0 = nim_product_reference(a0, b0, h);
    let p1 = nim_product_reference(a1, b1, h);
    let p2 = nim_product_reference(a0 ^ a1, b0 ^ b1, h);
    ((p2 ^ p0) << h) | (p0 ^ nim_product_reference(p1, 1 << (h - 1), h))
}

fn u128_of(x: &Integer) -> u128 {
    x.to_bigint().to_u128().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn integer_ring_ops_agree_with_bigint(a in any_bigint(), b in any_bigint()) {
        let (x, y) = (Integer::from(&a), Integer::from(&b));
        let sum = Integer::from(&a + &b);
        prop_assert_eq!(&x + &y, sum.clone());
        prop_assert_eq!(x.clone() + &y, sum.clone());
        prop_assert_eq!(&x + y.clone(), sum.clone());
        prop_assert_eq!(x.clone() + y.clone(), sum.clone());
        let diff = Integer::from(&a - &b);
        prop_assert_eq!(&x - &y, diff.clone());
        prop_assert_eq!(x.clone() - &y, diff.clone());
        prop_assert_eq!(&x - y.clone(), diff.clone());
        prop_assert_eq!(x.clone() - y.clone(), diff.clone());
        let prod = Integer::from(&a * &b);
        prop_assert_eq!(&x * &y, prod.clone());
        prop_assert_eq!(x.clone() * &y, prod.clone());
        prop_assert_eq!(&x * y.clone(), prod.clone());
        prop_assert_eq!(x.clone() * y.clone(), prod.clone());
        let mut acc = x.clone();
        acc += &y;
        prop_assert_eq!(&acc, &sum);
        acc -= y.clone();
        prop_assert_eq!(&acc, &x);
        acc *= &y;
        prop_assert_eq!(&acc, &prod);
        prop_assert_eq!(-&x, Integer::from(-&a));
        prop_assert_eq!(-x.clone(), Integer::from(-&a));
        prop_assert_eq!(x.abs(), Integer::from(a.abs()));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x == y, a == b);
        prop_assert_eq!(x.gcd(&y), Integer::from(a.gcd(&b)));
    }

    #[test]
    fn integer_division_agrees_with_bigint(a in any_bigint(), b in any_bigint()) {
        let (x, y) = (Integer::from(&a), Integer::from(&b));
        if b.is_zero() {
            prop_assert_eq!(x.div_floor(&y), None);
            prop_assert_eq!(x.mod_floor(&y), None);
        } else {
            prop_assert_eq!(x.div_floor(&y), Some(Integer::from(a.div_floor(&b))));
            let r = x.mod_floor(&y).unwrap();
            prop_assert_eq!(&r, &Integer::from(a.mod_floor(&b)));
            prop_assert!(r.is_zero() || r.signum() == y.signum());
        }
    }

    #[test]
    fn integer_representation_is_canonical(a in any_bigint()) {
        let x = Integer::from(&a);
        let reparsed: Integer = a.to_string().parse().unwrap();
        prop_assert_eq!(&reparsed, &x);
        prop_assert_eq!(hash_of(&reparsed), hash_of(&x));
        // Going through an arithmetic detour lands on the same representation.
        let detour = &(&x + &Integer::from(i64::MAX)) - &Integer::from(i64::MAX);
        prop_assert_eq!(hash_of(&detour), hash_of(&x));
        prop_assert_eq!(x.to_string(), a.to_string());
        prop_assert_eq!(x.to_i64(), a.to_i64());
        prop_assert_eq!(x.to_u64(), a.to_u64());
        prop_assert_eq!(x.to_u32(), a.to_u32());
        prop_assert_eq!(x.to_i128(), a.to_i128());
        prop_assert_eq!(x.to_bigint(), a.clone());
        prop_assert_eq!(x.signum(), if a.is_negative() { -1 } else if a.is_zero() { 0 } else { 1 });
        prop_assert_eq!(x.is_odd(), a.is_odd());
        prop_assert_eq!(x.is_even(), a.is_even());
    }

    #[test]
    fn integer_bit_ops_agree_with_bigint(a in any_bigint(), k in prop_oneof![0u64..70, 0u64..300]) {
        let x = Integer::from(&a);
        prop_assert_eq!(x.shl(k), Integer::from(&a << k));
        // num-bigint's right shift rounds towards minus infinity too.
        prop_assert_eq!(x.shr(k), Integer::from(&a >> k));
        let floor = a.div_floor(&(BigInt::one() << k));
        prop_assert_eq!(x.shr(k), Integer::from(floor));
        prop_assert_eq!(x.bit_length(), a.bits());
        prop_assert_eq!(x.trailing_zeros(), a.trailing_zeros());
        prop_assert_eq!(x.lb(), if a.is_positive() { Some(a.bits() - 1) } else { None });
        if a.is_negative() {
            prop_assert_eq!(x.count_ones(), None);
            prop_assert_eq!(x.isqrt(), None);
            prop_assert!(!x.is_two_power());
        } else {
            let ones = a.magnitude().count_ones();
            prop_assert_eq!(x.count_ones(), Some(ones));
            prop_assert_eq!(x.is_evil(), Some(ones % 2 == 0));
            prop_assert_eq!(x.is_odious(), Some(ones % 2 == 1));
            prop_assert_eq!(x.is_two_power(), ones == 1);
            let r = x.isqrt().unwrap();
            let r1 = &r + &Integer::one();
            prop_assert!(&r * &r <= x && x < &r1 * &r1);
        }
    }

    #[test]
    fn integer_pow_agrees_with_bigint(a in any_bigint(), e in 0u32..12) {
        prop_assert_eq!(Integer::from(&a).pow(e), Integer::from(a.pow(e)));
    }

    #[test]
    fn dyadic_arithmetic_agrees_with_big_rational(x in any_dyadic(), y in any_dyadic()) {
        let (rx, ry) = (dyadic_to_big_rational(&x), dyadic_to_big_rational(&y));
        for d in [&x, &y] {
            prop_assert!(d.exponent() == 0 || d.numerator().is_odd());
            prop_assert!(!d.is_zero() || d.exponent() == 0);
        }
        prop_assert_eq!(dyadic_to_big_rational(&(&x + &y)), &rx + &ry);
        prop_assert_eq!(dyadic_to_big_rational(&(x.clone() + y.clone())), &rx + &ry);
        prop_assert_eq!(dyadic_to_big_rational(&(&x - &y)), &rx - &ry);
        prop_assert_eq!(dyadic_to_big_rational(&(x.clone() - &y)), &rx - &ry);
        prop_assert_eq!(dyadic_to_big_rational(&(&x * &y)), &rx * &ry);
        prop_assert_eq!(dyadic_to_big_rational(&(&x * y.clone())), &rx * &ry);
        prop_assert_eq!(dyadic_to_big_rational(&-&x), -&rx);
        prop_assert_eq!(x.cmp(&y), rx.cmp(&ry));
        prop_assert_eq!(x == y, rx == ry);
        prop_assert_eq!(Integer::from(rx.floor().to_integer()), x.floor());
        prop_assert_eq!(Integer::from(rx.ceil().to_integer()), x.ceil());
        prop_assert_eq!(dyadic_to_big_rational(&x.abs()), rx.abs());
        prop_assert_eq!(x.to_string(), rx.to_string());
        prop_assert_eq!(to_big_rational(&x.to_rational()), rx.clone());
        prop_assert_eq!(x.to_rational().to_dyadic(), Some(x.clone()));
        prop_assert_eq!(x.is_integer(), rx.is_integer());
        prop_assert_eq!(x.to_integer().is_some(), rx.is_integer());
        prop_assert_eq!(x.signum(), ordering_sign(rx.cmp(&BigRational::zero())));
    }

    /// The prepared (fixed-point) comparison of dyadics is their order,
    /// on both sides of where the fixed-point form stops being exact
    /// (numerators past a machine word, exponents past 64).
    #[test]
    fn prepared_dyadics_compare_as_values(
        (n, e) in (any_bigint(), prop_oneof![0u32..4, 60u32..70, 0u32..200]),
        (m, f) in (any_bigint(), prop_oneof![0u32..4, 60u32..70, 0u32..200]),
    ) {
        let (x, y) = (Dyadic::new(Integer::from(n), e), Dyadic::new(Integer::from(m), f));
        let (rx, ry) = (dyadic_to_big_rational(&x), dyadic_to_big_rational(&y));
        prop_assert_eq!(Prepared::new(&x).cmp(&Prepared::new(&y)), rx.cmp(&ry));
        prop_assert_eq!(Prepared::new(&x) == Prepared::new(&y), x == y);
        // The compact form at scale 2^32 (kept by the store) is the same
        // number, and exists exactly when x * 2^32 is an i64.
        let p = Prepared::new(&x);
        prop_assert_eq!(p.to_dyadic(), x.clone());
        let scaled = rx * BigRational::from_integer(BigInt::one() << 32u32);
        let fits = scaled.is_integer() && scaled.to_integer().to_i64().is_some();
        prop_assert_eq!(p.scaled32().is_some(), fits);
        if let Some(k) = p.scaled32() {
            prop_assert_eq!(Prepared::from_scaled32(k).to_dyadic(), x.clone());
            prop_assert_eq!(Prepared::from_scaled32(k), p);
        }
    }

    #[test]
    fn dyadic_shifts_agree_with_big_rational(x in any_dyadic(), k in 0u32..100) {
        let rx = dyadic_to_big_rational(&x);
        let p = BigRational::from_integer(BigInt::one() << k);
        prop_assert_eq!(dyadic_to_big_rational(&x.shl(k)), &rx * &p);
        prop_assert_eq!(dyadic_to_big_rational(&x.shr(k)), &rx / &p);
        prop_assert_eq!(dyadic_to_big_rational(&x.half()), &rx / BigRational::from_integer(BigInt::from(2)));
        prop_assert_eq!(x.shr(k).shl(k), x.clone());
    }

    #[test]
    fn birthday_formula(x in any_dyadic()) {
        // Birthday of x and -x agree; for non-integers it exceeds that of
        // both neighbours at the same depth (they are its parents' level).
        prop_assert_eq!(x.birthday(), (-&x).birthday());
        if !x.is_integer() {
            let step = Dyadic::new(Integer::one(), x.exponent());
            let parent_lo = &x - &step;
            let parent_hi = &x + &step;
            let b = x.birthday();
            prop_assert!(parent_lo.birthday() < b || parent_hi.birthday() < b);
            prop_assert_eq!(Dyadic::simplest_between(Some(&parent_lo), Some(&parent_hi)), x.clone());
        }
    }

    #[test]
    fn rational_arithmetic_agrees_with_big_rational(x in any_rational(), y in any_rational()) {
        let (rx, ry) = (to_big_rational(&x), to_big_rational(&y));
        prop_assert_eq!(to_big_rational(&x.add(&y).unwrap()), &rx + &ry);
        prop_assert_eq!(to_big_rational(&x.sub(&y).unwrap()), &rx - &ry);
        prop_assert_eq!(to_big_rational(&x.mul(&y).unwrap()), &rx * &ry);
        if ry.is_zero() {
            prop_assert!(y.reciprocal().unwrap().is_infinite());
            prop_assert!(x.modulo(&y).is_err());
        } else {
            prop_assert_eq!(to_big_rational(&x.div(&y).unwrap()), &rx / &ry);
            let m = x.modulo(&y).unwrap();
            let expected = &rx - &ry * (&rx / &ry).floor();
            prop_assert_eq!(to_big_rational(&m), expected);
            prop_assert!(m.is_zero() || m.signum() == y.signum());
            prop_assert!(m.abs() < y.abs());
            prop_assert_eq!(to_big_rational(&y.reciprocal().unwrap()), ry.recip());
        }
        prop_assert_eq!(x.cmp(&y), rx.cmp(&ry));
        prop_assert_eq!(x == y, rx == ry);
        prop_assert_eq!(to_big_rational(&x.neg()), -&rx);
        prop_assert_eq!(Integer::from(rx.floor().to_integer()), x.floor().unwrap());
        prop_assert_eq!(Integer::from(rx.ceil().to_integer()), x.ceil().unwrap());
        prop_assert_eq!(x.to_string(), rx.to_string());
        prop_assert!(x.denominator().is_positive());
        prop_assert!(x.numerator().gcd(&x.denominator()).is_one());
        prop_assert_eq!(x.is_dyadic(), x.denominator().is_two_power());
    }

    #[test]
    fn rational_pow_agrees_with_big_rational(x in any_rational(), e in -6i32..6) {
        let rx = to_big_rational(&x);
        let got = x.pow(&Integer::from(e)).unwrap();
        if rx.is_zero() && e < 0 {
            prop_assert_eq!(got, Rational::infinity());
        } else {
            prop_assert_eq!(to_big_rational(&got), rx.pow(e));
        }
    }

    #[test]
    fn nim_field_laws(a in nimber(), b in nimber(), c in nimber()) {
        let m = nim_product_u64;
        prop_assert_eq!(m(a, b), m(b, a));
        prop_assert_eq!(m(m(a, b), c), m(a, m(b, c)));
        prop_assert_eq!(m(a, b ^ c), m(a, b) ^ m(a, c));
        prop_assert_eq!(m(a, 1), a);
        prop_assert_eq!(m(a, 0), 0);
        // Frobenius: squaring is additive in characteristic 2.
        prop_assert_eq!(m(a ^ b, a ^ b), m(a, a) ^ m(b, b));
        if a != 0 {
            let inv = nim_inverse_u64(a).unwrap();
            prop_assert_eq!(m(a, inv), 1);
            prop_assert_eq!(nim_div(&Integer::from(m(a, b)), &Integer::from(a)), Some(Integer::from(b)));
        }
        // The numbers below each Fermat 2-power form a subfield.
        for f in [4u64, 16, 256, 65536, 1 << 32] {
            if a < f && b < f {
                prop_assert!(m(a, b) < f);
            }
        }
    }

    #[test]
    fn nim_u64_agrees_with_reference_and_big_path(a in nimber(), b in nimber()) {
        let expected = nim_product_u64(a, b);
        prop_assert_eq!(u128::from(expected), nim_product_reference(a.into(), b.into(), 64));
        prop_assert_eq!(nim_product(&Integer::from(a), &Integer::from(b)), Some(Integer::from(expected)));
        // Lifting one factor past 2^64 forces the multi-limb path:
        // (a·2^64) ⊗ b = (a ⊗ b)·2^64 since 2^64 is a Fermat 2-power.
        let f = two_pow(64);
        let lifted = nim_product(&(&Integer::from(a) * &f), &Integer::from(b)).unwrap();
        prop_assert_eq!(lifted, &Integer::from(expected) * &f);
        // (a·2^64) ⊗ (b·2^64) = (a ⊗ b) ⊗ (2^64 ⊕ 2^63).
        let both = nim_product(&(&Integer::from(a) * &f), &(&Integer::from(b) * &f)).unwrap();
        let hi = &Integer::from(expected) * &f;
        let lo = Integer::from(nim_product_u64(expected, 1 << 63));
        prop_assert_eq!(both, nim_sum(&hi, &lo).unwrap());
        prop_assert_eq!(nim_sum(&Integer::from(a), &Integer::from(b)), Some(Integer::from(a ^ b)));
    }

    #[test]
    fn nim_128_bit_agrees_with_reference(a in any::<u128>(), b in any::<u128>()) {
        let got = nim_product(&Integer::from(a), &Integer::from(b)).unwrap();
        prop_assert_eq!(u128_of(&got), nim_product_reference(a, b, 128));
        if a != 0 {
            let inv = nim_inverse(&Integer::from(a)).unwrap();
            prop_assert_eq!(nim_product_reference(a, u128_of(&inv), 128), 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn big_nim_field_laws(a in big_nimber(), b in big_nimber(), c in big_nimber()) {
        let m = |x: &Integer, y: &Integer| nim_product(x, y).unwrap();
        let s = |x: &Integer, y: &Integer| nim_sum(x, y).unwrap();
        prop_assert_eq!(m(&a, &b), m(&b, &a));
        prop_assert_eq!(m(&m(&a, &b), &c), m(&a, &m(&b, &c)));
        prop_assert_eq!(m(&a, &s(&b, &c)), s(&m(&a, &b), &m(&a, &c)));
        prop_assert_eq!(m(&a, &Integer::one()), a.clone());
        if a.is_positive() {
            let inv = nim_inverse(&a).unwrap();
            prop_assert_eq!(m(&a, &inv), Integer::one());
            prop_assert_eq!(nim_div(&m(&a, &b), &a), Some(b.clone()));
            // The inverse lies in the least field 2^(2^k) containing a.
            let field_bits = a.bit_length().next_power_of_two();
            prop_assert!(inv.bit_length() <= field_bits);
        }
    }

    #[test]
    fn simplest_between_is_the_oldest_number_inside(
        lo in prop::option::of(-40i64..40),
        hi in prop::option::of(-40i64..40),
    ) {
        // Bounds are multiples of 1/8 in [-5, 5]; every number older than
        // the answer has denominator at most 2^9 and lies in [-12, 12].
        let lo = lo.map(|n| dy(n, 3));
        let hi = hi.map(|n| dy(n, 3));
        if let (Some(l), Some(h)) = (&lo, &hi) {
            prop_assume!(l < h);
        }
        let r = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
        prop_assert!(inside(&lo, &hi, &r));
        let b = r.birthday();
        for j in -12 * 512..=12 * 512 {
            let y = dy(j, 9);
            if inside(&lo, &hi, &y) && y != r {
                prop_assert!(y.birthday() > b, "{} is older than {}", y, r);
            }
        }
    }

    #[test]
    fn simplest_between_has_the_least_denominator(x in any_dyadic(), y in any_dyadic()) {
        prop_assume!(x != y);
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let r = Dyadic::simplest_between(Some(&lo), Some(&hi));
        prop_assert!(lo < r && r < hi);
        let no_integer_inside = Dyadic::from_integer(lo.floor() + Integer::one()) >= hi;
        if r.is_integer() {
            prop_assert!(!no_integer_inside);
            // No integer of smaller absolute value is inside.
            if !r.is_zero() {
                let closer = Dyadic::from_integer(r.numerator() - &Integer::from(r.signum()));
                prop_assert!(closer <= lo || closer >= hi);
            }
        } else {
            prop_assert!(no_integer_inside);
            // No multiple of 2^-(k-1) is inside, for 2^k the denominator.
            let coarse = r.exponent() - 1;
            let first_above = Dyadic::from_integer(lo.shl(coarse).floor() + Integer::one());
            prop_assert!(first_above.shr(coarse) >= hi);
        }
        // The reversed (empty) interval gives the simplest number of the
        // closed interval, which here is r or an endpoint.
        let back = Dyadic::simplest_between(Some(&hi), Some(&lo));
        prop_assert!(lo <= back && back <= hi);
        prop_assert!(back.birthday() <= r.birthday());
        prop_assert_eq!(Dyadic::simplest_between(Some(&lo), Some(&lo)), lo.clone());
    }
}
