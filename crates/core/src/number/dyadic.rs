//! Dyadic rationals: the numbers that are short games (ONAG ch. 0).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use super::{Integer, Rational};

/// The dyadic rational `num / 2^exp`.
///
/// Normalised: `exp == 0` or `num` is odd (and 0 is `0 / 2^0`), so the
/// derived equality and hash are those of values. These are exactly the
/// numbers among the short games (ONAG ch. 0); the order is the order of
/// values.
///
/// The exponent is a `u32`, so denominators up to `2^(2^32 - 1)` are
/// representable without ever materialising them. The few operations that
/// can push the exponent beyond that ([`Dyadic::checked_mul`],
/// [`Dyadic::checked_half`], [`Dyadic::checked_shr`],
/// [`Dyadic::checked_simplest_between`]) have checked forms returning
/// `None`; the unchecked forms panic in that case only.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: Integer,
    exp: u32,
}

impl Dyadic {
    /// The number `num / 2^exp`, normalised.
    pub fn new(num: Integer, exp: u32) -> Dyadic {
        // Cancel min(trailing zeros, exp) factors of two; a count of
        // trailing zeros beyond u32 exceeds any exponent.
        let cancel = match num.trailing_zeros() {
            Some(tz) => u32::try_from(tz).map_or(exp, |tz| tz.min(exp)),
            None => 0,
        };
        if cancel == 0 {
            return Dyadic::raw(num, exp);
        }
        Dyadic::raw(num.shr(u64::from(cancel)), exp - cancel)
    }

    /// Builds from parts already normalised (or zero).
    fn raw(num: Integer, exp: u32) -> Dyadic {
        if num.is_zero() {
            Dyadic::zero()
        } else {
            Dyadic { num, exp }
        }
    }

    /// `num / 2^exp` for a wide exponent; `None` if the normalised exponent
    /// does not fit a `u32`.
    fn from_wide(num: Integer, exp: u64) -> Option<Dyadic> {
        if let Ok(e) = u32::try_from(exp) {
            return Some(Dyadic::new(num, e));
        }
        let excess = exp - u64::from(u32::MAX);
        match num.trailing_zeros() {
            None => Some(Dyadic::zero()),
            Some(tz) if tz >= excess => Some(Dyadic::new(num.shr(excess), u32::MAX)),
            Some(_) => None,
        }
    }

    /// The integer n as a dyadic.
    pub fn from_integer(n: Integer) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The number 0.
    pub const fn zero() -> Dyadic {
        Dyadic {
            num: Integer::zero(),
            exp: 0,
        }
    }

    /// The number 1.
    pub const fn one() -> Dyadic {
        Dyadic {
            num: Integer::one(),
            exp: 0,
        }
    }

    /// The numerator in lowest terms (odd unless the number is an integer).
    pub fn numerator(&self) -> &Integer {
        &self.num
    }

    /// The exponent k of the denominator 2^k in lowest terms.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// The denominator 2^k in lowest terms. This materialises 2^k: for a
    /// huge exponent prefer [`Dyadic::exponent`].
    pub fn denominator(&self) -> Integer {
        Integer::one().shl(u64::from(self.exp))
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// Whether this is < 0.
    pub fn is_negative(&self) -> bool {
        self.num.is_negative()
    }

    /// Whether this is > 0.
    pub fn is_positive(&self) -> bool {
        self.num.is_positive()
    }

    /// The value as an integer, if it is one.
    pub fn to_integer(&self) -> Option<Integer> {
        self.is_integer().then(|| self.num.clone())
    }

    /// The absolute value |x|.
    pub fn abs(&self) -> Dyadic {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }

    /// x / 2.
    ///
    /// # Panics
    ///
    /// Only if the exponent would exceed `u32::MAX`; see
    /// [`Dyadic::checked_half`].
    pub fn half(&self) -> Dyadic {
        self.checked_half().unwrap_or_else(|| exponent_overflow())
    }

    /// x / 2, or `None` if the exponent would exceed `u32::MAX`.
    pub fn checked_half(&self) -> Option<Dyadic> {
        self.checked_shr(1)
    }

    /// x * 2^k (never fails: the exponent only decreases).
    pub fn shl(&self, k: u32) -> Dyadic {
        match self.exp.checked_sub(k) {
            Some(exp) => Dyadic::raw(self.num.clone(), exp),
            None => Dyadic::raw(self.num.shl(u64::from(k - self.exp)), 0),
        }
    }

    /// x / 2^k.
    ///
    /// # Panics
    ///
    /// Only if the exponent would exceed `u32::MAX`; see
    /// [`Dyadic::checked_shr`].
    pub fn shr(&self, k: u32) -> Dyadic {
        self.checked_shr(k).unwrap_or_else(|| exponent_overflow())
    }

    /// x / 2^k, or `None` if the exponent would exceed `u32::MAX`.
    pub fn checked_shr(&self, k: u32) -> Option<Dyadic> {
        Dyadic::from_wide(self.num.clone(), u64::from(self.exp) + u64::from(k))
    }

    /// The product, or `None` if its exponent would exceed `u32::MAX`.
    pub fn checked_mul(&self, other: &Dyadic) -> Option<Dyadic> {
        let exp = u64::from(self.exp) + u64::from(other.exp);
        Dyadic::from_wide(&self.num * &other.num, exp)
    }

    /// The greatest integer <= x.
    pub fn floor(&self) -> Integer {
        self.num.shr(u64::from(self.exp))
    }

    /// The least integer >= x.
    pub fn ceil(&self) -> Integer {
        -(-&self.num).shr(u64::from(self.exp))
    }

    /// The day on which the number is born (ONAG ch. 0; the seeds' "dyadic
    /// numbers have birthdays"): |n| for an integer n, and for other
    /// numbers `floor(|x|) + 1 + k` where 2^k is the denominator, i.e. the
    /// length of the sign expansion. So 25/16 is born on day 6, -1/2 on
    /// day 2, 3/4 on day 3.
    pub fn birthday(&self) -> Integer {
        if let Some(n) = self.num.to_i64() {
            // In machine words: |n| >> exp is below 2^64, the fraction's
            // days at most 2^32.
            let int_part = n.unsigned_abs().checked_shr(self.exp).unwrap_or(0);
            let fraction = if self.exp == 0 {
                0
            } else {
                u64::from(self.exp) + 1
            };
            return Integer::from(i128::from(int_part) + i128::from(fraction));
        }
        self.birthday_of_big()
    }

    /// [`Dyadic::birthday`] in big integers.
    fn birthday_of_big(&self) -> Integer {
        let int_part = self.num.abs().shr(u64::from(self.exp));
        if self.exp == 0 {
            int_part
        } else {
            int_part + Integer::from(u64::from(self.exp) + 1)
        }
    }

    /// The value as an exact rational.
    pub fn to_rational(&self) -> Rational {
        Rational::from(self)
    }

    /// The simplest number strictly between `lo` and `hi` (`None` meaning
    /// unbounded on that side), which by the simplicity theorem (ONAG
    /// ch. 0; the seeds' Simplicity Principle) is the value of `{lo | hi}`.
    /// The simplest number is the one born first: the integer of least
    /// absolute value if the interval contains an integer (so 0 if it
    /// contains 0), otherwise the unique dyadic in the interval with the
    /// smallest denominator.
    ///
    /// Runs in time about linear in the sizes of the bounds and of the
    /// answer, times the logarithm of the answer's exponent; it never
    /// materialises the denominators of deep bounds.
    ///
    /// Precondition `lo < hi`. If it is violated (an empty interval), the
    /// result is the simplest number of the closed interval `[hi, lo]`, so
    /// `lo` itself when `lo == hi`.
    ///
    /// # Panics
    ///
    /// Only if the answer's exponent would exceed `u32::MAX`, i.e. for
    /// bounds exactly `2^-(2^32 - 1)` apart; see
    /// [`Dyadic::checked_simplest_between`].
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        Dyadic::checked_simplest_between(lo, hi).unwrap_or_else(|| exponent_overflow())
    }

    /// [`Dyadic::simplest_between`], or `None` if the answer's exponent
    /// would exceed `u32::MAX`.
    pub fn checked_simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        match (lo, hi) {
            (None, None) => Some(Dyadic::zero()),
            (Some(l), None) if l.is_negative() => Some(Dyadic::zero()),
            (Some(l), None) => Some(Dyadic::from_integer(l.floor() + Integer::one())),
            (None, Some(h)) if h.is_positive() => Some(Dyadic::zero()),
            (None, Some(h)) => Some(Dyadic::from_integer(h.ceil() - Integer::one())),
            (Some(l), Some(h)) if l < h => {
                simplest_in_words(l, h).or_else(|| simplest_in(l, h, Bounds::Open))
            }
            (Some(l), Some(h)) => simplest_in(h, l, Bounds::Closed),
        }
    }
}

#[cold]
fn exponent_overflow() -> ! {
    panic!("dyadic exponent exceeds u32::MAX (denominator beyond 2^4294967295)")
}

// ---------------------------------------------------------------------------
// The simplicity rule.

#[derive(Clone, Copy)]
enum Bounds {
    Open,
    Closed,
}

/// The simplest number strictly between `a < b` in machine arithmetic,
/// when both have a numerator of one word and an exponent of at most 62
/// (else None): both bounds are integers at the scale 2^s of the larger
/// exponent ([`simplest_at_scale`]); when no number lies between them at
/// that scale (b = a + 1 there), the midpoint, at the next. This is what
/// the canonical forms of a search ask (stops of a few bits), without big
/// integers.
fn simplest_in_words(a: &Dyadic, b: &Dyadic) -> Option<Dyadic> {
    let s = a.exp.max(b.exp);
    if s > 62 {
        return None;
    }
    let scaled = |x: &Dyadic| x.num.to_i64().map(|n| i128::from(n) << (s - x.exp));
    let (lo, hi) = (scaled(a)?, scaled(b)?);
    Some(match simplest_at_scale(lo, hi, s) {
        Some(best) => Dyadic::new(Integer::from(best), s),
        None => Dyadic::new(Integer::from(2 * lo + 1), s + 1),
    })
}

/// The simplest number strictly between `lo < hi`, numbers times 2^s
/// (integers at that scale), times 2^s: 0 when the interval holds it; else
/// the integer of least absolute value inside; else, among the integers
/// from `lo + 1` to `hi - 1` at this scale, the one with the most trailing
/// zeros (the common high bits of the two ends, then a one where they
/// first differ, or the lower end itself when its bits below are zero).
/// None when there is no integer between at this scale (`hi = lo + 1`).
/// The bounds are at most 2^126 in absolute value.
fn simplest_at_scale(lo: i128, hi: i128, s: u32) -> Option<i128> {
    if lo < 0 && hi > 0 {
        return Some(0);
    }
    // Nonnegative from here on (a negative interval is mirrored).
    let (lo, hi, sign) = if lo >= 0 { (lo, hi, 1) } else { (-hi, -lo, -1) };
    let integer = ((lo >> s) + 1) << s;
    if integer < hi {
        return Some(sign * integer);
    }
    let (first, last) = (lo + 1, hi - 1);
    if first > last {
        return None;
    }
    // The bits below the highest where the ends differ (none when they
    // are one number).
    let below = ((1i128 << (128 - (first ^ last).leading_zeros())) - 1) >> 1;
    Some(
        sign * if first & below == 0 {
            first
        } else {
            last & !below
        },
    )
}

/// The scale of the stops the game store keeps as integers: a number x is
/// kept as x·2^32 when that is an `i64`.
const SCALE32: u32 = 32;

/// The simplest number strictly between `lo < hi`, numbers times 2^32
/// (`None` meaning unbounded on that side), times 2^32, when it is an
/// `i64` so (else None: it needs a finer scale, or is too large). The rule
/// of [`Dyadic::simplest_between`], in machine words: 0 when the interval
/// holds it; else the integer nearest 0; else the number of fewest
/// fractional bits ([`simplest_at_scale`], at scale 2^32). The canonical
/// forms of a search ask it of their options' stops, which the store keeps
/// at this scale.
pub(crate) fn simplest_between_scaled32(lo: Option<i64>, hi: Option<i64>) -> Option<i64> {
    let one = 1i128 << SCALE32;
    let best = match (lo.map(i128::from), hi.map(i128::from)) {
        (None, None) => 0,
        (Some(l), None) if l < 0 => 0,
        // The least integer above l.
        (Some(l), None) => ((l >> SCALE32) + 1) * one,
        (None, Some(h)) if h > 0 => 0,
        // The greatest integer below h.
        (None, Some(h)) => -(((-h) >> SCALE32) + 1) * one,
        (Some(l), Some(h)) if l >= h => return None,
        // None: only a finer scale has a number between.
        (Some(l), Some(h)) => simplest_at_scale(l, h, SCALE32)?,
    };
    i64::try_from(best).ok()
}

/// The birthday of the number `v / 2^32`: its integer part in absolute
/// value, plus one and its number of fractional bits when it has some (as
/// [`Dyadic::birthday`]).
pub(crate) fn birthday_scaled32(v: i64) -> u64 {
    let a = v.unsigned_abs();
    let (int, fraction) = (a >> SCALE32, a & ((1 << SCALE32) - 1));
    if fraction == 0 {
        int
    } else {
        int + 1 + u64::from(SCALE32 - fraction.trailing_zeros())
    }
}

/// The simplest number in the interval from `a` to `b` (`a < b` when open,
/// `a <= b` when closed).
fn simplest_in(a: &Dyadic, b: &Dyadic, bounds: Bounds) -> Option<Dyadic> {
    if let Some(n) = simplest_integer_in(a, b, bounds) {
        return Some(Dyadic::from_integer(n));
    }
    // No integer in the interval. The multiples of 2^-k in it form a
    // monotone family in k (a multiple of 2^-k is one of 2^-(k+1)), and at
    // the least k with one there is exactly one (two consecutive ones would
    // include a multiple of 2^-(k-1)). Level max(exponents) + 1 always has
    // one, so search for the least level: doubling, then bisection.
    let top = u64::from(a.exp.max(b.exp)) + 1;
    let has_point = |k: u64| {
        let p = first_point(a, k, bounds);
        let order = cmp_scaled(&p, k, &b.num, u64::from(b.exp));
        match bounds {
            Bounds::Open => order == Ordering::Less,
            Bounds::Closed => order != Ordering::Greater,
        }
    };
    let (mut below, mut k) = (0, 1);
    while k < top && !has_point(k) {
        below = k;
        k = k.saturating_mul(2).min(top);
    }
    while k - below > 1 {
        let mid = below + (k - below) / 2;
        if has_point(mid) {
            k = mid;
        } else {
            below = mid;
        }
    }
    Dyadic::from_wide(first_point(a, k, bounds), k)
}

/// The integer of least absolute value in the interval, if any.
fn simplest_integer_in(a: &Dyadic, b: &Dyadic, bounds: Bounds) -> Option<Integer> {
    let zero = Dyadic::zero();
    let (zero_after_a, zero_before_b) = match bounds {
        Bounds::Open => (a < &zero, &zero < b),
        Bounds::Closed => (a <= &zero, &zero <= b),
    };
    if zero_after_a && zero_before_b {
        return Some(Integer::zero());
    }
    let candidate = if zero_before_b {
        // The interval lies at or above 0: its least integer.
        first_point(a, 0, bounds)
    } else {
        // The interval lies at or below 0: its greatest integer.
        -first_point(&-b, 0, bounds)
    };
    let c = Dyadic::from_integer(candidate);
    let inside = match bounds {
        Bounds::Open => a < &c && &c < b,
        Bounds::Closed => a <= &c && &c <= b,
    };
    inside.then_some(c.num)
}

/// The least multiple of 2^-k that is above `a` (strictly when open), as
/// its numerator at scale 2^k.
fn first_point(a: &Dyadic, k: u64, bounds: Bounds) -> Integer {
    match bounds {
        Bounds::Open => floor_scaled(a, k) + Integer::one(),
        Bounds::Closed => -floor_scaled(&-a, k),
    }
}

/// `floor(x * 2^k)`.
fn floor_scaled(x: &Dyadic, k: u64) -> Integer {
    let e = u64::from(x.exp);
    if k >= e {
        x.num.shl(k - e)
    } else {
        x.num.shr(e - k)
    }
}

/// A dyadic made ready for many comparisons: its value times 2^64 as an
/// `i128` when that is exact (a machine-word numerator and an exponent of
/// at most 64, so the product stays below 2^127 in magnitude), so that two
/// such numbers compare as two integers; otherwise the dyadic itself. Stops
/// of games are compared pairwise while options are pruned; each is
/// prepared once (or kept prepared by the game store).
#[derive(Clone, Copy, Debug)]
pub enum Prepared<'a> {
    /// The value times 2^64.
    Fixed(i128),
    /// A value without an exact `i128` form at scale 2^64.
    Exact(&'a Dyadic),
}

impl<'a> Prepared<'a> {
    /// `x`, in its fixed-point form when it has one.
    #[inline]
    pub fn new(x: &'a Dyadic) -> Self {
        match x.num.to_i64() {
            Some(n) if x.exp <= 64 => Prepared::Fixed(i128::from(n) << (64 - x.exp)),
            _ => Prepared::Exact(x),
        }
    }

    /// The number `n / 2^32` (every `i64` has an exact form at scale 2^64).
    #[inline]
    pub fn from_scaled32(n: i64) -> Self {
        Prepared::Fixed(i128::from(n) << 32)
    }

    /// The value times 2^32 as an `i64`, if that is exact and fits: the
    /// compact form in which the game store keeps most stops.
    #[inline]
    pub fn scaled32(self) -> Option<i64> {
        match self {
            Prepared::Fixed(f) if f & 0xffff_ffff == 0 => i64::try_from(f >> 32).ok(),
            _ => None,
        }
    }

    /// The number as a dyadic.
    pub fn to_dyadic(self) -> Dyadic {
        match self {
            // The commonest stop, without counting its zeros (Dyadic::new
            // would end with the same zero).
            Prepared::Fixed(0) => Dyadic::zero(),
            Prepared::Fixed(f) => {
                // Cancelled here, so that a numerator of one word is never
                // made a big integer first.
                let cancel = f.trailing_zeros().min(64);
                Dyadic::new(Integer::from(f >> cancel), 64 - cancel)
            }
            Prepared::Exact(x) => x.clone(),
        }
    }
}

impl Ord for Prepared<'_> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Prepared::Fixed(a), Prepared::Fixed(b)) => a.cmp(b),
            _ => cmp_exact(*self, *other),
        }
    }
}

/// The order of two prepared numbers one of which has no fixed-point form.
#[cold]
#[inline(never)]
fn cmp_exact(a: Prepared, b: Prepared) -> Ordering {
    a.to_dyadic().cmp(&b.to_dyadic())
}

impl PartialOrd for Prepared<'_> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Prepared<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Prepared<'_> {}

/// Compares `x / 2^ex` with `y / 2^ey` without materialising a large power
/// of two when the magnitudes differ.
fn cmp_scaled(x: &Integer, ex: u64, y: &Integer, ey: u64) -> Ordering {
    // Machine-word numerators and exponents below 63: scaling to the larger
    // exponent fits in an i128 (|x| < 2^63, shift < 63).
    if let (Some(a), Some(b)) = (x.to_i64(), y.to_i64()) {
        if ex < 63 && ey < 63 {
            let e = ex.max(ey);
            return (i128::from(a) << (e - ex)).cmp(&(i128::from(b) << (e - ey)));
        }
    }
    let (sx, sy) = (x.signum(), y.signum());
    if sx != sy || sx == 0 {
        return sx.cmp(&sy);
    }
    // |x / 2^ex| lies in [2^(m-1), 2^m) with m = bit_length(x) - ex.
    let mx = i128::from(x.bit_length()) - i128::from(ex);
    let my = i128::from(y.bit_length()) - i128::from(ey);
    match mx.cmp(&my) {
        Ordering::Equal => match ex.cmp(&ey) {
            // Equal magnitudes: the shifted operand has the other's size.
            Ordering::Less => x.shl(ey - ex).cmp(y),
            Ordering::Equal => x.cmp(y),
            Ordering::Greater => x.cmp(&y.shl(ex - ey)),
        },
        magnitude if sx > 0 => magnitude,
        magnitude => magnitude.reverse(),
    }
}

// ---------------------------------------------------------------------------
// Arithmetic.

/// Applies `op` to the numerators brought to the larger exponent.
fn combine(a: &Dyadic, b: &Dyadic, op: impl Fn(Integer, &Integer) -> Integer) -> Dyadic {
    match a.exp.cmp(&b.exp) {
        Ordering::Equal => Dyadic::new(op(a.num.clone(), &b.num), a.exp),
        Ordering::Less => {
            let a_num = a.num.shl(u64::from(b.exp - a.exp));
            Dyadic::new(op(a_num, &b.num), b.exp)
        }
        Ordering::Greater => {
            let b_num = b.num.shl(u64::from(a.exp - b.exp));
            Dyadic::new(op(a.num.clone(), &b_num), a.exp)
        }
    }
}

fn add_ref(a: &Dyadic, b: &Dyadic) -> Dyadic {
    combine(a, b, |x, y| x + y)
}

fn sub_ref(a: &Dyadic, b: &Dyadic) -> Dyadic {
    combine(a, b, |x, y| x - y)
}

/// The product; the `*` operator. Panics only if the exponent would exceed
/// `u32::MAX` (see [`Dyadic::checked_mul`]).
fn mul_ref(a: &Dyadic, b: &Dyadic) -> Dyadic {
    a.checked_mul(b).unwrap_or_else(|| exponent_overflow())
}

/// Implements a binary operator for the four owned/borrowed combinations
/// through the by-reference kernel `$f`.
macro_rules! binop {
    ($Trait:ident, $method:ident, $f:ident) => {
        impl $Trait<&Dyadic> for &Dyadic {
            type Output = Dyadic;
            fn $method(self, rhs: &Dyadic) -> Dyadic {
                $f(self, rhs)
            }
        }
        impl $Trait<&Dyadic> for Dyadic {
            type Output = Dyadic;
            fn $method(self, rhs: &Dyadic) -> Dyadic {
                $f(&self, rhs)
            }
        }
        impl $Trait<Dyadic> for &Dyadic {
            type Output = Dyadic;
            fn $method(self, rhs: Dyadic) -> Dyadic {
                $f(self, &rhs)
            }
        }
        impl $Trait<Dyadic> for Dyadic {
            type Output = Dyadic;
            fn $method(self, rhs: Dyadic) -> Dyadic {
                $f(&self, &rhs)
            }
        }
    };
}

binop!(Add, add, add_ref);
binop!(Sub, sub, sub_ref);
binop!(Mul, mul, mul_ref);

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

// ---------------------------------------------------------------------------
// Order, formatting, conversions.

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        cmp_scaled(
            &self.num,
            u64::from(self.exp),
            &other.num,
            u64::from(other.exp),
        )
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// The integer, or `p/q` in lowest terms with the sign in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.denominator())
        }
    }
}

impl fmt::Debug for Dyadic {
    /// As `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Integer> for Dyadic {
    fn from(n: Integer) -> Dyadic {
        Dyadic::from_integer(n)
    }
}

impl From<&Integer> for Dyadic {
    fn from(n: &Integer) -> Dyadic {
        Dyadic::from_integer(n.clone())
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_integer(Integer::from(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i64, exp: u32) -> Dyadic {
        Dyadic::new(Integer::from(num), exp)
    }

    proptest::proptest! {
        /// A birthday counted in machine words is the one counted in big
        /// integers.
        #[test]
        fn birthdays_in_words_are_the_big_ones(
            n in proptest::prop_oneof![-40i64..40, proptest::num::i64::ANY],
            exp in 0u32..70,
        ) {
            let x = d(n, exp);
            proptest::prop_assert_eq!(x.birthday(), x.birthday_of_big());
        }

        /// The simplest number between two bounds of a word each, in
        /// machine arithmetic, is the one the general search finds, and
        /// the word path answers whenever the bounds' exponents are at
        /// most 62.
        #[test]
        fn simplest_in_words_is_the_general_one(
            x in proptest::prop_oneof![-40i64..40, proptest::num::i64::ANY],
            ex in 0u32..70,
            y in proptest::prop_oneof![-40i64..40, proptest::num::i64::ANY],
            ey in 0u32..70,
            near in proptest::option::of(1i64..40),
        ) {
            // Bounds a few steps apart at one scale have no integer
            // between them, most often.
            let y = match near {
                Some(step) => d(x.saturating_add(step), ex),
                None => d(y, ey),
            };
            let x = d(x, ex);
            proptest::prop_assume!(x != y);
            let (a, b) = if x < y { (x, y) } else { (y, x) };
            let general = simplest_in(&a, &b, Bounds::Open);
            match simplest_in_words(&a, &b) {
                Some(w) => proptest::prop_assert_eq!(Some(w), general),
                None => proptest::prop_assert!(a.exp.max(b.exp) > 62),
            }
        }
    }

    /// A scaled stop: small ones (at a few fractional bits, mostly) and
    /// any word.
    fn scaled() -> impl proptest::strategy::Strategy<Value = i64> {
        use proptest::strategy::Strategy;
        proptest::prop_oneof![
            (-64i64..64, 0u32..6).prop_map(|(n, k)| n << (32 - k)),
            proptest::num::i64::ANY,
        ]
    }

    proptest::proptest! {
        /// The simplest number between two scaled stops, in machine words,
        /// is the one the dyadics find, whenever it has a scaled form; it
        /// has none only when it needs a finer scale or is too large. The
        /// birthday of a scaled number is the dyadic's.
        #[test]
        fn simplest_between_scaled_stops_is_the_dyadic_one(
            x in proptest::option::of(scaled()),
            y in proptest::option::of(scaled()),
            // The second bound a few steps above the first, at a scale of
            // 2^-k: most often no integer lies between.
            near in proptest::option::of((1i64..40, 0u32..33)),
        ) {
            let near = near.map(|(steps, k)| steps << (32 - k));
            let y = match (near, x) {
                (Some(step), Some(x)) => Some(x.saturating_add(step)),
                _ => y,
            };
            let dyadic = |v: i64| Prepared::from_scaled32(v).to_dyadic();
            let (lo, hi) = (x.map(dyadic), y.map(dyadic));
            let open = match (x, y) {
                (Some(x), Some(y)) => x < y,
                _ => true,
            };
            let words = simplest_between_scaled32(x, y);
            if !open {
                proptest::prop_assert_eq!(words, None);
                return Ok(());
            }
            let general = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
            match words {
                Some(w) => {
                    proptest::prop_assert_eq!(dyadic(w), general.clone());
                    proptest::prop_assert_eq!(Integer::from(birthday_scaled32(w)), general.birthday());
                }
                None => proptest::prop_assert!(
                    Prepared::new(&general).scaled32().is_none(),
                    "{:?} has a scaled form", general
                ),
            }
            for v in [x, y].into_iter().flatten() {
                proptest::prop_assert_eq!(Integer::from(birthday_scaled32(v)), dyadic(v).birthday());
            }
        }
    }

    #[test]
    fn normalises() {
        assert_eq!(d(4, 3), d(1, 1));
        assert_eq!(d(0, 7), Dyadic::zero());
        assert_eq!(d(0, 7).exponent(), 0);
        assert_eq!(d(6, 0).exponent(), 0);
        assert_eq!(d(-12, 2), d(-3, 0));
    }

    #[test]
    fn from_wide_accepts_cancelling_factors() {
        let n = Integer::one().shl(10);
        let x = Dyadic::from_wide(n, u64::from(u32::MAX) + 10);
        assert_eq!(x, Some(Dyadic::new(Integer::one(), u32::MAX)));
        assert_eq!(
            Dyadic::from_wide(Integer::from(3), u64::from(u32::MAX) + 1),
            None
        );
        assert_eq!(
            Dyadic::from_wide(Integer::zero(), u64::MAX),
            Some(Dyadic::zero())
        );
    }

    #[test]
    fn deep_comparisons_do_not_materialise() {
        let tiny = Dyadic::new(Integer::one(), u32::MAX);
        let less_tiny = Dyadic::new(Integer::one(), u32::MAX - 1);
        assert!(tiny < less_tiny);
        assert!(Dyadic::zero() < tiny);
        assert!(-&tiny < Dyadic::zero());
        assert!(tiny < Dyadic::one());
        assert_eq!(tiny.floor(), Integer::zero());
        assert_eq!(tiny.ceil(), Integer::one());
        assert_eq!((-&tiny).floor(), Integer::from(-1));
        assert_eq!(tiny.checked_half(), None);
        assert_eq!(tiny.checked_mul(&tiny), None);
        assert_eq!(tiny.shl(u32::MAX), Dyadic::one());
    }

    #[test]
    fn simplest_between_deep_bounds() {
        let tiny = Dyadic::new(Integer::one(), u32::MAX);
        let half = d(1, 1);
        assert_eq!(
            Dyadic::simplest_between(Some(&tiny), Some(&Dyadic::one())),
            half
        );
        let deep = Dyadic::new(Integer::one(), u32::MAX - 1);
        assert_eq!(
            Dyadic::simplest_between(Some(&Dyadic::zero()), Some(&deep)),
            tiny
        );
        assert_eq!(
            Dyadic::checked_simplest_between(Some(&Dyadic::zero()), Some(&tiny)),
            None
        );
    }
}
