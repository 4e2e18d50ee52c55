//! Arbitrary-precision integers with a machine-word fast path.

use std::cmp::Ordering;
use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::{Integer as _, Roots as _};
use num_traits::{Signed as _, ToPrimitive as _};

use super::NumberError;

/// An integer of any size.
///
/// Values that fit an `i64` are kept in a machine word; larger ones in a
/// [`BigInt`]. The representation is always normalised (a big integer only
/// when the value does not fit `i64`), so the derived equality and hash are
/// equality and hash of values. Arithmetic never overflows: an `i64`
/// operation that would overflow is redone in big-integer arithmetic.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Integer(Repr);

/// The two representations of an [`Integer`]. Invariant: `Big` holds only
/// values outside the `i64` range.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(i64),
    Big(Box<BigInt>),
}

impl Integer {
    const fn small(v: i64) -> Integer {
        Integer(Repr::Small(v))
    }

    /// Normalises a big integer: machine word when it fits.
    fn from_big(b: BigInt) -> Integer {
        match b.to_i64() {
            Some(v) => Integer::small(v),
            None => Integer(Repr::Big(Box::new(b))),
        }
    }

    fn from_i128(v: i128) -> Integer {
        match i64::try_from(v) {
            Ok(s) => Integer::small(s),
            Err(_) => Integer(Repr::Big(Box::new(BigInt::from(v)))),
        }
    }

    /// The integer 0.
    pub const fn zero() -> Integer {
        Integer::small(0)
    }

    /// The integer 1.
    pub const fn one() -> Integer {
        Integer::small(1)
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        matches!(self.0, Repr::Small(1))
    }

    /// Whether this is < 0.
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// Whether this is > 0.
    pub fn is_positive(&self) -> bool {
        self.signum() > 0
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small(v) => ordering_sign(v.cmp(&0)),
            Repr::Big(b) => match b.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// Whether this is odd.
    pub fn is_odd(&self) -> bool {
        match &self.0 {
            Repr::Small(v) => v & 1 != 0,
            Repr::Big(b) => b.is_odd(),
        }
    }

    /// Whether this is even.
    pub fn is_even(&self) -> bool {
        !self.is_odd()
    }

    /// The absolute value |x|.
    pub fn abs(&self) -> Integer {
        match &self.0 {
            Repr::Small(v) => match v.checked_abs() {
                Some(a) => Integer::small(a),
                None => Integer::from(v.unsigned_abs()),
            },
            Repr::Big(b) => Integer::from_big(b.abs()),
        }
    }

    /// The value as an `i64`, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) => u64::try_from(*v).ok(),
            Repr::Big(b) => b.to_u64(),
        }
    }

    /// The value as a `u32`, if it fits.
    pub fn to_u32(&self) -> Option<u32> {
        match &self.0 {
            Repr::Small(v) => u32::try_from(*v).ok(),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `usize`, if it fits.
    pub fn to_usize(&self) -> Option<usize> {
        match &self.0 {
            Repr::Small(v) => usize::try_from(*v).ok(),
            Repr::Big(b) => b.to_usize(),
        }
    }

    /// The value as an `i128`, if it fits.
    pub fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small(v) => Some(i128::from(*v)),
            Repr::Big(b) => b.to_i128(),
        }
    }

    /// The value as a [`BigInt`].
    pub fn to_bigint(&self) -> BigInt {
        match &self.0 {
            Repr::Small(v) => BigInt::from(*v),
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// Floor division `floor(self / d)`; `None` when `d` is 0.
    pub fn div_floor(&self, d: &Integer) -> Option<Integer> {
        self.div_mod_floor(d).map(|(q, _)| q)
    }

    /// The remainder of floor division, `self - d * floor(self / d)`: it has
    /// the sign of the divisor and lies in `[0, d)` for `d > 0`. `None` when
    /// `d` is 0.
    pub fn mod_floor(&self, d: &Integer) -> Option<Integer> {
        self.div_mod_floor(d).map(|(_, r)| r)
    }

    /// Floor quotient and remainder together (see [`Integer::div_floor`] and
    /// [`Integer::mod_floor`]); `None` when `d` is 0.
    pub fn div_mod_floor(&self, d: &Integer) -> Option<(Integer, Integer)> {
        if d.is_zero() {
            return None;
        }
        Some(match (&self.0, &d.0) {
            (Repr::Small(a), Repr::Small(b)) => {
                // In i128 the one overflowing case, i64::MIN / -1, is exact.
                let (q, r) = i128::from(*a).div_mod_floor(&i128::from(*b));
                (Integer::from_i128(q), Integer::from_i128(r))
            }
            _ => {
                let (q, r) = self.to_bigint().div_mod_floor(&d.to_bigint());
                (Integer::from_big(q), Integer::from_big(r))
            }
        })
    }

    /// The power `self^exp` (with `0^0 = 1`). The result has about
    /// `exp * bit_length` bits; callers that take the exponent from user
    /// input should bound it first (as [`crate::number::Rational::pow`]
    /// does).
    pub fn pow(&self, exp: u32) -> Integer {
        match &self.0 {
            Repr::Small(v) => match v.checked_pow(exp) {
                Some(p) => Integer::small(p),
                None => Integer::from_big(BigInt::from(*v).pow(exp)),
            },
            Repr::Big(b) => Integer::from_big(b.pow(exp)),
        }
    }

    /// `self * 2^shift`. The result must fit in memory: shifting a non-zero
    /// value by `shift` allocates about `shift / 8` bytes.
    pub fn shl(&self, shift: u64) -> Integer {
        match &self.0 {
            Repr::Small(0) => Integer::zero(),
            // A shift below 64 of an i64 fits in an i128.
            Repr::Small(v) if shift < 64 => Integer::from_i128(i128::from(*v) << shift),
            Repr::Small(v) => Integer::from_big(BigInt::from(*v) << shift),
            Repr::Big(b) => Integer::from_big(&**b << shift),
        }
    }

    /// `floor(self / 2^shift)` (an arithmetic shift: negative values round
    /// towards minus infinity).
    pub fn shr(&self, shift: u64) -> Integer {
        match &self.0 {
            Repr::Small(v) if shift < 64 => Integer::small(v >> shift),
            Repr::Small(v) => Integer::small(if *v < 0 { -1 } else { 0 }),
            // num-bigint's right shift of a negative value rounds down.
            Repr::Big(b) => Integer::from_big(&**b >> shift),
        }
    }

    /// The number of trailing zero bits (the 2-adic valuation); `None` for 0.
    pub fn trailing_zeros(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(0) => None,
            Repr::Small(v) => Some(u64::from(v.trailing_zeros())),
            Repr::Big(b) => b.trailing_zeros(),
        }
    }

    /// The number of bits of |x| (0 for 0): the least `n` with
    /// `|x| < 2^n`.
    pub fn bit_length(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => u64::from(u64::BITS - v.unsigned_abs().leading_zeros()),
            Repr::Big(b) => b.bits(),
        }
    }

    /// The greatest common divisor, always >= 0 (`gcd(0, 0) = 0`).
    pub fn gcd(&self, other: &Integer) -> Integer {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => {
                Integer::from(a.unsigned_abs().gcd(&b.unsigned_abs()))
            }
            _ => Integer::from_big(self.to_bigint().gcd(&other.to_bigint())),
        }
    }

    /// The integer square root `floor(sqrt(x))`; `None` for negative x.
    pub fn isqrt(&self) -> Option<Integer> {
        if self.is_negative() {
            return None;
        }
        Some(match &self.0 {
            Repr::Small(v) => Integer::from(v.unsigned_abs().sqrt()),
            Repr::Big(b) => Integer::from_big(b.sqrt()),
        })
    }

    /// `floor(log2(x))` for x > 0 (CGSuite's `Lb`); `None` otherwise.
    pub fn lb(&self) -> Option<u64> {
        if self.is_positive() {
            Some(self.bit_length() - 1)
        } else {
            None
        }
    }

    /// Whether x is a positive power of two (1 included).
    pub fn is_two_power(&self) -> bool {
        self.is_positive() && self.trailing_zeros() == self.lb()
    }

    /// The number of 1 bits in the binary expansion; `None` for negative x.
    pub fn count_ones(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) if *v >= 0 => Some(u64::from(v.count_ones())),
            Repr::Big(b) if b.sign() == Sign::Plus => Some(b.magnitude().count_ones()),
            _ => None,
        }
    }

    /// Whether x is evil (Winning Ways): an even number of 1 bits; `None` for
    /// negative x.
    pub fn is_evil(&self) -> Option<bool> {
        self.count_ones().map(|c| c % 2 == 0)
    }

    /// Whether x is odious: an odd number of 1 bits; `None` for negative x.
    pub fn is_odious(&self) -> Option<bool> {
        self.count_ones().map(|c| c % 2 == 1)
    }
}

fn ordering_sign(o: Ordering) -> i32 {
    match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

// ---------------------------------------------------------------------------
// Arithmetic kernels. Each operator impl below forwards to one of these.

fn add_ref(a: &Integer, b: &Integer) -> Integer {
    match (&a.0, &b.0) {
        (Repr::Small(x), Repr::Small(y)) => match x.checked_add(*y) {
            Some(s) => Integer::small(s),
            None => Integer::from_i128(i128::from(*x) + i128::from(*y)),
        },
        (Repr::Small(x), Repr::Big(y)) | (Repr::Big(y), Repr::Small(x)) => {
            Integer::from_big(&**y + *x)
        }
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(&**x + &**y),
    }
}

/// `a + b`, reusing `a`'s buffer when it is big.
fn add_owned(a: Integer, b: &Integer) -> Integer {
    match (a.0, &b.0) {
        (Repr::Big(x), Repr::Small(y)) => Integer::from_big(*x + *y),
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(*x + &**y),
        (small, _) => add_ref(&Integer(small), b),
    }
}

fn sub_ref(a: &Integer, b: &Integer) -> Integer {
    match (&a.0, &b.0) {
        (Repr::Small(x), Repr::Small(y)) => match x.checked_sub(*y) {
            Some(s) => Integer::small(s),
            None => Integer::from_i128(i128::from(*x) - i128::from(*y)),
        },
        (Repr::Small(x), Repr::Big(y)) => Integer::from_big(BigInt::from(*x) - &**y),
        (Repr::Big(x), Repr::Small(y)) => Integer::from_big(&**x - *y),
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(&**x - &**y),
    }
}

/// `a - b`, reusing `a`'s buffer when it is big.
fn sub_owned(a: Integer, b: &Integer) -> Integer {
    match (a.0, &b.0) {
        (Repr::Big(x), Repr::Small(y)) => Integer::from_big(*x - *y),
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(*x - &**y),
        (small, _) => sub_ref(&Integer(small), b),
    }
}

/// `a - b` for an owned `b`, reusing `b`'s buffer when it is big.
fn sub_owned_rhs(a: &Integer, b: Integer) -> Integer {
    match (&a.0, b.0) {
        (Repr::Small(x), Repr::Big(y)) => Integer::from_big(*x - *y),
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(&**x - *y),
        (_, small) => sub_ref(a, &Integer(small)),
    }
}

fn mul_ref(a: &Integer, b: &Integer) -> Integer {
    match (&a.0, &b.0) {
        (Repr::Small(x), Repr::Small(y)) => match x.checked_mul(*y) {
            Some(p) => Integer::small(p),
            // |x|, |y| <= 2^63, so the product fits an i128.
            None => Integer::from_i128(i128::from(*x) * i128::from(*y)),
        },
        (Repr::Small(x), Repr::Big(y)) | (Repr::Big(y), Repr::Small(x)) => {
            Integer::from_big(&**y * *x)
        }
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(&**x * &**y),
    }
}

/// `a * b`, reusing `a`'s buffer when it is big.
fn mul_owned(a: Integer, b: &Integer) -> Integer {
    match (a.0, &b.0) {
        (Repr::Big(x), Repr::Small(y)) => Integer::from_big(*x * *y),
        (Repr::Big(x), Repr::Big(y)) => Integer::from_big(*x * &**y),
        (small, _) => mul_ref(&Integer(small), b),
    }
}

fn neg_ref(a: &Integer) -> Integer {
    match &a.0 {
        Repr::Small(v) => match v.checked_neg() {
            Some(n) => Integer::small(n),
            None => Integer::from_i128(-i128::from(*v)),
        },
        Repr::Big(b) => Integer::from_big(-&**b),
    }
}

fn neg_owned(a: Integer) -> Integer {
    match a.0 {
        Repr::Big(b) => Integer::from_big(-*b),
        small => neg_ref(&Integer(small)),
    }
}

/// Implements a binary operator for the four owned/borrowed combinations.
/// `$ref` takes two references, `$own` an owned left and a borrowed right
/// operand, and `$own_rhs` a borrowed left and an owned right operand.
macro_rules! binop {
    ($Trait:ident, $method:ident, $ref:expr, $own:expr, $own_rhs:expr) => {
        impl $Trait<&Integer> for &Integer {
            type Output = Integer;
            fn $method(self, rhs: &Integer) -> Integer {
                $ref(self, rhs)
            }
        }
        impl $Trait<&Integer> for Integer {
            type Output = Integer;
            fn $method(self, rhs: &Integer) -> Integer {
                $own(self, rhs)
            }
        }
        impl $Trait<Integer> for &Integer {
            type Output = Integer;
            fn $method(self, rhs: Integer) -> Integer {
                $own_rhs(self, rhs)
            }
        }
        impl $Trait<Integer> for Integer {
            type Output = Integer;
            fn $method(self, rhs: Integer) -> Integer {
                $own(self, &rhs)
            }
        }
    };
}

binop!(Add, add, add_ref, add_owned, |a: &Integer, b: Integer| {
    add_owned(b, a)
});
binop!(Sub, sub, sub_ref, sub_owned, sub_owned_rhs);
binop!(Mul, mul, mul_ref, mul_owned, |a: &Integer, b: Integer| {
    mul_owned(b, a)
});

/// Implements a compound assignment operator for owned and borrowed
/// right-hand sides, through the owned kernel `$own`.
macro_rules! assignop {
    ($Trait:ident, $method:ident, $own:expr) => {
        impl $Trait<&Integer> for Integer {
            fn $method(&mut self, rhs: &Integer) {
                *self = $own(std::mem::take(self), rhs);
            }
        }
        impl $Trait<Integer> for Integer {
            fn $method(&mut self, rhs: Integer) {
                *self = $own(std::mem::take(self), &rhs);
            }
        }
    };
}

assignop!(AddAssign, add_assign, add_owned);
assignop!(SubAssign, sub_assign, sub_owned);
assignop!(MulAssign, mul_assign, mul_owned);

impl Neg for &Integer {
    type Output = Integer;
    fn neg(self) -> Integer {
        neg_ref(self)
    }
}

impl Neg for Integer {
    type Output = Integer;
    fn neg(self) -> Integer {
        neg_owned(self)
    }
}

impl Sum for Integer {
    fn sum<I: Iterator<Item = Integer>>(iter: I) -> Integer {
        iter.fold(Integer::zero(), |acc, x| add_owned(acc, &x))
    }
}

impl<'a> Sum<&'a Integer> for Integer {
    fn sum<I: Iterator<Item = &'a Integer>>(iter: I) -> Integer {
        iter.fold(Integer::zero(), add_owned)
    }
}

impl Product for Integer {
    fn product<I: Iterator<Item = Integer>>(iter: I) -> Integer {
        iter.fold(Integer::one(), |acc, x| mul_owned(acc, &x))
    }
}

// ---------------------------------------------------------------------------
// Order, formatting, parsing, conversions.

impl Ord for Integer {
    fn cmp(&self, other: &Integer) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
            // A big value lies outside the i64 range, on the side of its sign.
            (Repr::Small(_), Repr::Big(b)) => {
                if b.is_positive() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Repr::Big(a), Repr::Small(_)) => {
                if a.is_positive() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
        }
    }
}

impl PartialOrd for Integer {
    fn partial_cmp(&self, other: &Integer) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Default for Integer {
    /// The integer 0.
    fn default() -> Integer {
        Integer::zero()
    }
}

impl fmt::Display for Integer {
    /// Decimal, with a leading `-` when negative.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::Display::fmt(v, f),
            Repr::Big(b) => fmt::Display::fmt(b, f),
        }
    }
}

impl fmt::Debug for Integer {
    /// The decimal value, as for `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Integer {
    type Err = NumberError;

    /// Parses a decimal integer: an optional `+` or `-`, then one or more
    /// ASCII digits, nothing else.
    fn from_str(s: &str) -> Result<Integer, NumberError> {
        let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return Err(NumberError::new(format!("Invalid integer: {s}")));
        }
        match s.parse::<i64>() {
            Ok(v) => Ok(Integer::small(v)),
            Err(_) => BigInt::from_str(s)
                .map(Integer::from_big)
                .map_err(|_| NumberError::new(format!("Invalid integer: {s}"))),
        }
    }
}

impl From<i64> for Integer {
    fn from(v: i64) -> Integer {
        Integer::small(v)
    }
}

impl From<i32> for Integer {
    fn from(v: i32) -> Integer {
        Integer::small(i64::from(v))
    }
}

impl From<u32> for Integer {
    fn from(v: u32) -> Integer {
        Integer::small(i64::from(v))
    }
}

impl From<u64> for Integer {
    fn from(v: u64) -> Integer {
        match i64::try_from(v) {
            Ok(s) => Integer::small(s),
            Err(_) => Integer(Repr::Big(Box::new(BigInt::from(v)))),
        }
    }
}

impl From<usize> for Integer {
    fn from(v: usize) -> Integer {
        match i64::try_from(v) {
            Ok(s) => Integer::small(s),
            Err(_) => Integer(Repr::Big(Box::new(BigInt::from(v)))),
        }
    }
}

impl From<i128> for Integer {
    fn from(v: i128) -> Integer {
        Integer::from_i128(v)
    }
}

impl From<u128> for Integer {
    fn from(v: u128) -> Integer {
        Integer::from_big(BigInt::from(v))
    }
}

impl From<BigInt> for Integer {
    fn from(b: BigInt) -> Integer {
        Integer::from_big(b)
    }
}

impl From<&BigInt> for Integer {
    fn from(b: &BigInt) -> Integer {
        match b.to_i64() {
            Some(v) => Integer::small(v),
            None => Integer(Repr::Big(Box::new(b.clone()))),
        }
    }
}

impl From<BigUint> for Integer {
    fn from(b: BigUint) -> Integer {
        Integer::from_big(BigInt::from(b))
    }
}

impl From<Integer> for BigInt {
    fn from(x: Integer) -> BigInt {
        match x.0 {
            Repr::Small(v) => BigInt::from(v),
            Repr::Big(b) => *b,
        }
    }
}

impl From<&Integer> for BigInt {
    fn from(x: &Integer) -> BigInt {
        x.to_bigint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> Integer {
        s.parse().unwrap()
    }

    #[test]
    fn normalisation_at_the_i64_boundary() {
        let max = Integer::from(i64::MAX);
        let min = Integer::from(i64::MIN);
        let above = &max + &Integer::one();
        assert!(matches!(above.0, Repr::Big(_)));
        assert_eq!(&above - &Integer::one(), max);
        assert!(matches!((&above - &Integer::one()).0, Repr::Small(_)));
        let below = &min - &Integer::one();
        assert_eq!(below.to_string(), "-9223372036854775809");
        assert_eq!(-&min, big("9223372036854775808"));
        assert_eq!(-(-&min), min);
        assert!(matches!((-(-&min)).0, Repr::Small(_)));
        assert_eq!(min.abs(), big("9223372036854775808"));
        assert_eq!(Integer::from(BigInt::from(5)), Integer::from(5));
        assert!(matches!(Integer::from(u64::MAX).0, Repr::Big(_)));
        assert!(matches!(Integer::from(i64::MAX as u64).0, Repr::Small(_)));
    }

    #[test]
    fn floor_division_edge_cases() {
        let min = Integer::from(i64::MIN);
        let m1 = Integer::from(-1);
        assert_eq!(min.div_floor(&m1), Some(big("9223372036854775808")));
        assert_eq!(min.mod_floor(&m1), Some(Integer::zero()));
        assert_eq!(Integer::from(7).div_floor(&Integer::zero()), None);
        assert_eq!(
            Integer::from(-7).div_floor(&Integer::from(2)),
            Some(Integer::from(-4))
        );
        assert_eq!(
            Integer::from(-7).mod_floor(&Integer::from(2)),
            Some(Integer::one())
        );
        assert_eq!(
            Integer::from(7).mod_floor(&Integer::from(-2)),
            Some(Integer::from(-1))
        );
    }

    #[test]
    fn shifts_and_bits() {
        assert_eq!(Integer::from(-5).shr(1), Integer::from(-3));
        assert_eq!(Integer::from(-5).shr(1000), Integer::from(-1));
        assert_eq!(Integer::from(5).shr(64), Integer::zero());
        assert_eq!(Integer::one().shl(64), big("18446744073709551616"));
        assert_eq!(Integer::from(-1).shl(63), Integer::from(i64::MIN));
        assert!(matches!(Integer::from(-1).shl(63).0, Repr::Small(_)));
        assert_eq!(big("-18446744073709551617").shr(64), Integer::from(-2));
        assert_eq!(Integer::zero().trailing_zeros(), None);
        assert_eq!(Integer::from(i64::MIN).trailing_zeros(), Some(63));
        assert_eq!(Integer::from(i64::MIN).bit_length(), 64);
        assert_eq!(Integer::zero().bit_length(), 0);
        assert_eq!(
            Integer::from(i64::MIN).gcd(&Integer::zero()),
            big("9223372036854775808")
        );
    }

    #[test]
    fn parsing_rejects_junk() {
        for s in ["", "-", "+", "1_000", " 1", "1 ", "0x10", "1e3", "--1", "١"] {
            assert!(s.parse::<Integer>().is_err(), "{s:?}");
        }
        assert_eq!(big("+17"), Integer::from(17));
        assert_eq!(big("-0"), Integer::zero());
        assert_eq!(big("000123"), Integer::from(123));
    }
}
