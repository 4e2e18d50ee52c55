//! Exact rationals with CGSuite's two infinities.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Neg;

use super::{Dyadic, Integer, NumberError};

/// The largest result, in bits, that [`Rational::pow`] computes: a power
/// whose numerator or denominator would certainly need more bits is
/// CGSuite's error `Overflow.` (2^22 bits is about 1.3 million decimal
/// digits, a fraction of a second of work; larger powers were found by
/// fuzzing to hold a session for many seconds).
pub const MAX_POW_BITS: u64 = 1 << 22;

/// An exact rational number, or one of the two infinities `inf` and `-inf`
/// that CGSuite has (`17/0` is `inf`, `-17/0` is `-inf`, `(0/7).Reciprocal`
/// is `inf`; `0/0` is the error "/ by zero").
///
/// Normalised: finite values are `num/den` with `den > 0` and
/// `gcd(num, den) = 1`; the infinities are `±1/0`. So the derived equality
/// and hash are those of values. The order is total, with
/// `-inf < every finite value < inf`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rational {
    num: Integer,
    den: Integer,
}

fn undefined(a: &Rational, op: &str, b: &Rational) -> NumberError {
    NumberError::new(format!("{a} {op} {b} is undefined"))
}

fn division_by_zero() -> NumberError {
    NumberError::new("/ by zero")
}

impl Rational {
    /// `num/den` in lowest terms: `±inf` when `den` is 0 and `num` is not,
    /// the error "/ by zero" for `0/0`.
    pub fn new(num: Integer, den: Integer) -> Result<Rational, NumberError> {
        match den.signum() {
            0 => match num.signum() {
                0 => Err(division_by_zero()),
                s => Ok(Rational::infinite(s)),
            },
            s if s < 0 => Ok(Rational::reduced(-num, -den)),
            _ => Ok(Rational::reduced(num, den)),
        }
    }

    /// Reduces `num/den` for `den > 0`.
    fn reduced(num: Integer, den: Integer) -> Rational {
        let g = num.gcd(&den);
        if g.is_one() {
            return Rational { num, den };
        }
        // g >= 1 because den > 0, so both divisions are exact and defined.
        match (num.div_floor(&g), den.div_floor(&g)) {
            (Some(num), Some(den)) => Rational { num, den },
            _ => Rational { num, den },
        }
    }

    /// `inf` for a positive sign, `-inf` for a negative one.
    fn infinite(sign: i32) -> Rational {
        Rational {
            num: Integer::from(sign.signum()),
            den: Integer::zero(),
        }
    }

    /// The number 0.
    pub const fn zero() -> Rational {
        Rational {
            num: Integer::zero(),
            den: Integer::one(),
        }
    }

    /// The number 1.
    pub const fn one() -> Rational {
        Rational {
            num: Integer::one(),
            den: Integer::one(),
        }
    }

    /// Positive infinity, `inf`.
    pub fn infinity() -> Rational {
        Rational::infinite(1)
    }

    /// Negative infinity, `-inf`.
    pub fn neg_infinity() -> Rational {
        Rational::infinite(-1)
    }

    /// The numerator in lowest terms (1 for `inf`, -1 for `-inf`).
    pub fn numerator(&self) -> Integer {
        self.num.clone()
    }

    /// The denominator in lowest terms, > 0 (0 for the infinities).
    pub fn denominator(&self) -> Integer {
        self.den.clone()
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.den.is_one()
    }

    /// Whether this is a dyadic rational (finite, with a power of two as
    /// denominator): the numbers that are short games.
    pub fn is_dyadic(&self) -> bool {
        self.den.is_two_power()
    }

    /// Whether this is finite.
    pub fn is_finite(&self) -> bool {
        !self.den.is_zero()
    }

    /// Whether this is `inf` or `-inf`.
    pub fn is_infinite(&self) -> bool {
        self.den.is_zero()
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1 (±1 for the infinities).
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// Whether this is < 0 (including `-inf`).
    pub fn is_negative(&self) -> bool {
        self.num.is_negative()
    }

    /// Whether this is > 0 (including `inf`).
    pub fn is_positive(&self) -> bool {
        self.num.is_positive()
    }

    /// The value as an `i64`, when it is an integer that fits (without
    /// building an [`Integer`]).
    pub fn to_i64(&self) -> Option<i64> {
        if self.den.is_one() {
            self.num.to_i64()
        } else {
            None
        }
    }

    /// The value as an integer, if it is one.
    pub fn to_integer(&self) -> Option<Integer> {
        self.is_integer().then(|| self.num.clone())
    }

    /// The value as a dyadic, if it is one whose exponent fits a `u32`.
    pub fn to_dyadic(&self) -> Option<Dyadic> {
        if !self.is_dyadic() {
            return None;
        }
        let exp = u32::try_from(self.den.trailing_zeros()?).ok()?;
        Some(Dyadic::new(self.num.clone(), exp))
    }

    /// The sum. `inf + -inf` is an error; otherwise an infinite operand
    /// gives that infinity.
    pub fn add(&self, other: &Rational) -> Result<Rational, NumberError> {
        match (self.is_finite(), other.is_finite()) {
            (true, true) => Ok(add_finite(self, other)),
            (false, false) if self.num != other.num => Err(undefined(self, "+", other)),
            (false, _) => Ok(self.clone()),
            (true, false) => Ok(other.clone()),
        }
    }

    /// The difference. `inf - inf` is an error; otherwise an infinite
    /// operand decides the result.
    pub fn sub(&self, other: &Rational) -> Result<Rational, NumberError> {
        if self.is_infinite() && other.is_infinite() && self.num == other.num {
            return Err(undefined(self, "-", other));
        }
        self.add(&-other)
    }

    /// The product. `0 * inf` is an error; otherwise a product with an
    /// infinity is the infinity of the product's sign.
    pub fn mul(&self, other: &Rational) -> Result<Rational, NumberError> {
        if self.is_finite() && other.is_finite() {
            return Ok(mul_finite(self, other));
        }
        match self.signum() * other.signum() {
            0 => Err(undefined(self, "*", other)),
            s => Ok(Rational::infinite(s)),
        }
    }

    /// The quotient. `0/0` is "/ by zero"; `x/0` for other x is the
    /// infinity of x's sign; `finite/inf` is 0; `inf/inf` is an error.
    pub fn div(&self, other: &Rational) -> Result<Rational, NumberError> {
        if other.is_zero() {
            return match self.signum() {
                0 => Err(division_by_zero()),
                s => Ok(Rational::infinite(s)),
            };
        }
        if self.is_infinite() && other.is_infinite() {
            return Err(undefined(self, "/", other));
        }
        self.mul(&other.reciprocal_nonzero())
    }

    /// The negation.
    pub fn neg(&self) -> Rational {
        Rational {
            num: -&self.num,
            den: self.den.clone(),
        }
    }

    /// The absolute value (`inf` for both infinities).
    pub fn abs(&self) -> Rational {
        Rational {
            num: self.num.abs(),
            den: self.den.clone(),
        }
    }

    /// The reciprocal 1/x: `inf` for 0, 0 for `inf` and `-inf`. Never an
    /// error; the `Result` keeps the signature uniform with the other
    /// operations.
    pub fn reciprocal(&self) -> Result<Rational, NumberError> {
        if self.is_zero() {
            Ok(Rational::infinity())
        } else {
            Ok(self.reciprocal_nonzero())
        }
    }

    /// 1/x for x != 0 (the infinities go to 0).
    fn reciprocal_nonzero(&self) -> Rational {
        if self.is_infinite() {
            return Rational::zero();
        }
        let (num, den) = if self.num.is_negative() {
            (-&self.den, -&self.num)
        } else {
            (self.den.clone(), self.num.clone())
        };
        Rational { num, den }
    }

    /// The greatest integer <= x; an error for the infinities.
    pub fn floor(&self) -> Result<Integer, NumberError> {
        self.num
            .div_floor(&self.den)
            .ok_or_else(|| NumberError::new(format!("{self} has no floor")))
    }

    /// The least integer >= x; an error for the infinities.
    pub fn ceil(&self) -> Result<Integer, NumberError> {
        (-&self.num)
            .div_floor(&self.den)
            .map(|q| -q)
            .ok_or_else(|| NumberError::new(format!("{self} has no ceiling")))
    }

    /// The power x^n for any integer n; a negative exponent gives the
    /// reciprocal power (so `0^-1` is `inf`), and `x^0 = 1` for every x.
    /// Powers of 0, ±1 and the infinities are computed for every exponent;
    /// other bases give CGSuite's error `Overflow.` when |n| exceeds
    /// `u32::MAX` or the result would exceed [`MAX_POW_BITS`] bits.
    pub fn pow(&self, exp: &Integer) -> Result<Rational, NumberError> {
        if exp.is_zero() {
            return Ok(Rational::one());
        }
        let base = if exp.is_negative() {
            self.reciprocal()?
        } else {
            self.clone()
        };
        base.pow_positive(&exp.abs())
    }

    /// x^n for n >= 1.
    fn pow_positive(&self, n: &Integer) -> Result<Rational, NumberError> {
        let unit = self.num.abs().is_one() && self.den.bit_length() <= 1;
        if self.is_zero() || unit {
            // 0, ±1, ±inf: only the sign can change, by the parity of n.
            let negate = self.is_negative() && n.is_even();
            return Ok(if negate { self.neg() } else { self.clone() });
        }
        let too_large = || NumberError::new("Overflow.");
        let e = n.to_u32().ok_or_else(too_large)?;
        // x^e needs at least (bit_length(x) - 1) * e + 1 bits.
        let bits = self.num.bit_length().max(self.den.bit_length()) - 1;
        if bits.saturating_mul(u64::from(e)) >= MAX_POW_BITS {
            return Err(too_large());
        }
        // Numerator and denominator of the power, in bytes.
        let size = (u128::from(self.num.bit_length()) + u128::from(self.den.bit_length()))
            * u128::from(e)
            / 8;
        if let Some(message) = crate::memory::refusal(size, || format!("{self}^{e}")) {
            return Err(NumberError::new(message));
        }
        // Powers of coprime integers stay coprime, and den^e > 0.
        Ok(Rational {
            num: self.num.pow(e),
            den: self.den.pow(e),
        })
    }

    /// The remainder `x - y * floor(x / y)` (CGSuite's `x % y`): in
    /// `[0, y)` for `y > 0` and in `(y, 0]` for `y < 0`. `y = 0` is the
    /// error "/ by zero"; an infinite operand is an error.
    pub fn modulo(&self, other: &Rational) -> Result<Rational, NumberError> {
        if other.is_zero() {
            return Err(division_by_zero());
        }
        if self.is_infinite() || other.is_infinite() {
            return Err(undefined(self, "%", other));
        }
        // x = a/b, y = c/d: floor(x / y) = floor(a d / (b c)).
        let q = (&self.num * &other.den)
            .div_floor(&(&self.den * &other.num))
            .ok_or_else(division_by_zero)?;
        let qy = mul_finite(&Rational::from(q), other);
        Ok(add_finite(self, &qy.neg()))
    }

    /// The larger of the two.
    pub fn max(&self, other: &Rational) -> Rational {
        if self >= other {
            self.clone()
        } else {
            other.clone()
        }
    }

    /// The smaller of the two.
    pub fn min(&self, other: &Rational) -> Rational {
        if self <= other {
            self.clone()
        } else {
            other.clone()
        }
    }
}

/// `a/b + c/d` for finite operands, reduced with the gcd of the
/// denominators (Knuth, TAOCP 4.5.1).
fn add_finite(x: &Rational, y: &Rational) -> Rational {
    if x.den == y.den {
        return Rational::reduced(&x.num + &y.num, x.den.clone());
    }
    let g = x.den.gcd(&y.den);
    if g.is_one() {
        let num = &x.num * &y.den + &y.num * &x.den;
        return Rational {
            num,
            den: &x.den * &y.den,
        };
    }
    // g >= 1, so the exact divisions below are defined.
    match (x.den.div_floor(&g), y.den.div_floor(&g)) {
        (Some(bx), Some(by)) => Rational::reduced(&x.num * &by + &y.num * &bx, bx * &y.den),
        _ => Rational::reduced(&x.num * &y.den + &y.num * &x.den, &x.den * &y.den),
    }
}

/// `(a/b) * (c/d)` for finite operands, cancelling `gcd(a, d)` and
/// `gcd(c, b)` first so that the product is already reduced.
fn mul_finite(x: &Rational, y: &Rational) -> Rational {
    let g1 = x.num.gcd(&y.den);
    let g2 = y.num.gcd(&x.den);
    // The denominators are >= 1, so g1, g2 >= 1 and the divisions exact.
    match (
        x.num.div_floor(&g1),
        y.den.div_floor(&g1),
        y.num.div_floor(&g2),
        x.den.div_floor(&g2),
    ) {
        (Some(a), Some(d), Some(c), Some(b)) => Rational {
            num: a * c,
            den: b * d,
        },
        _ => Rational::reduced(&x.num * &y.num, &x.den * &y.den),
    }
}

impl Neg for &Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        Rational::neg(self)
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        Rational {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Rational) -> Ordering {
        match (self.is_finite(), other.is_finite()) {
            (true, true) => cmp_finite(self, other),
            // An infinity is ±1/0: compare by sign (finite ones lie between).
            (false, false) => self.num.cmp(&other.num),
            (false, true) => self.num.signum().cmp(&0),
            (true, false) => 0.cmp(&other.num.signum()),
        }
    }
}

fn cmp_finite(x: &Rational, y: &Rational) -> Ordering {
    let (sx, sy) = (x.num.signum(), y.num.signum());
    if sx != sy || sx == 0 {
        return sx.cmp(&sy);
    }
    if x.den == y.den {
        return x.num.cmp(&y.num);
    }
    (&x.num * &y.den).cmp(&(&y.num * &x.den))
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Rational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Default for Rational {
    /// The number 0.
    fn default() -> Rational {
        Rational::zero()
    }
}

impl fmt::Display for Rational {
    /// `inf`, `-inf`, the integer, or `p/q` in lowest terms with the sign
    /// in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.den.signum() {
            0 if self.num.is_negative() => f.write_str("-inf"),
            0 => f.write_str("inf"),
            _ if self.den.is_one() => write!(f, "{}", self.num),
            _ => write!(f, "{}/{}", self.num, self.den),
        }
    }
}

impl fmt::Debug for Rational {
    /// As `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Integer> for Rational {
    fn from(n: Integer) -> Rational {
        Rational {
            num: n,
            den: Integer::one(),
        }
    }
}

impl From<&Integer> for Rational {
    fn from(n: &Integer) -> Rational {
        Rational::from(n.clone())
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational::from(Integer::from(n))
    }
}

impl From<&Dyadic> for Rational {
    fn from(x: &Dyadic) -> Rational {
        // The numerator of a non-integer dyadic is odd: already reduced.
        Rational {
            num: x.numerator().clone(),
            den: x.denominator(),
        }
    }
}

impl From<Dyadic> for Rational {
    fn from(x: Dyadic) -> Rational {
        Rational::from(&x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Rational {
        Rational::new(Integer::from(n), Integer::from(d)).unwrap()
    }

    #[test]
    fn normalisation() {
        assert_eq!(q(4, 6), q(2, 3));
        assert_eq!(q(4, -6), q(-2, 3));
        assert_eq!(q(0, -6), Rational::zero());
        assert_eq!(q(-17, 0), Rational::neg_infinity());
        assert_eq!(q(17, -0), Rational::infinity());
        assert_eq!(q(i64::MIN, -1).to_string(), "9223372036854775808");
        assert!(Rational::new(Integer::zero(), Integer::zero()).is_err());
    }

    #[test]
    fn pow_of_units_with_huge_exponent() {
        let huge: Integer = "123456789012345678901234567890".parse().unwrap();
        let odd = &huge + &Integer::one();
        assert_eq!(q(-1, 1).pow(&huge).unwrap(), Rational::one());
        assert_eq!(q(-1, 1).pow(&odd).unwrap(), q(-1, 1));
        assert_eq!(q(-1, 1).pow(&-&odd).unwrap(), q(-1, 1));
        assert_eq!(Rational::zero().pow(&huge).unwrap(), Rational::zero());
        assert_eq!(Rational::zero().pow(&-&huge).unwrap(), Rational::infinity());
        assert_eq!(
            Rational::neg_infinity().pow(&odd).unwrap(),
            Rational::neg_infinity()
        );
        assert_eq!(
            Rational::neg_infinity().pow(&huge).unwrap(),
            Rational::infinity()
        );
        assert_eq!(Rational::infinity().pow(&-&huge).unwrap(), Rational::zero());
        assert!(q(2, 1).pow(&huge).is_err());
        assert!(q(1, 2).pow(&Integer::from(1u64 << 40)).is_err());
    }
}
