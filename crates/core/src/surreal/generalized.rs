//! Generalized ordinals: finite sums `c₁·ω^α₁ + … + cₙ·ω^αₙ` with non-zero
//! integer coefficients and ordinal exponents (SURREAL 2).
//!
//! These are the differences `α − β` of ordinals below ε₀, with natural
//! (Hessenberg) sum and product, which coincide with surreal sum and
//! product (ONAG ch. 2; Gonshor, "An Introduction to the Theory of Surreal
//! Numbers", ch. 3). Writing every exponent in Cantor normal form, the
//! generalized ordinals are exactly the integer polynomials in the
//! independent indeterminates `x_β = ω^(ω^β)` (SURREAL 2.3), and natural
//! arithmetic is polynomial arithmetic.

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

use crate::interrupt;
use crate::number::{Integer, NumberError, MAX_POW_BITS};

use super::ordinal::Ordinal;
use super::overflow;

/// One term `coefficient · ω^exponent` of a generalized ordinal.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Term {
    /// The exponent, an ordinal below ε₀.
    pub exponent: Ordinal,
    /// The coefficient, never zero (positive in an [`Ordinal`]).
    pub coefficient: Integer,
}

/// A generalized ordinal (CGSuite's `GeneralizedOrdinal`, which includes the
/// integers): a finite sum of terms `c·ω^α` (SURREAL 2.1).
///
/// Normalised: the exponents are distinct and strictly decreasing and no
/// coefficient is zero, so the derived equality and hash are those of
/// values. 0 is the empty sum and an integer n ≠ 0 is the one term
/// `n·ω^0`.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct GeneralizedOrdinal {
    terms: Vec<Term>,
}

/// The largest number of term products one natural product may form before
/// it is refused with `Overflow.` (a product of two sums of 1024 terms,
/// about a second of work).
pub const MAX_TERM_PRODUCTS: usize = 1 << 20;

/// The highest tower of exponents `ω^(ω^(…))` a power of ω may build
/// (values are trees of that depth, handled recursively).
pub const MAX_HEIGHT: usize = 256;

impl GeneralizedOrdinal {
    /// The value 0.
    pub const fn zero() -> GeneralizedOrdinal {
        GeneralizedOrdinal { terms: Vec::new() }
    }

    /// The value 1.
    pub fn one() -> GeneralizedOrdinal {
        GeneralizedOrdinal::from_integer(Integer::one())
    }

    /// ω.
    pub fn omega() -> GeneralizedOrdinal {
        GeneralizedOrdinal::monomial(Integer::one(), Ordinal::one())
    }

    /// The integer n.
    pub fn from_integer(n: Integer) -> GeneralizedOrdinal {
        GeneralizedOrdinal::monomial(n, Ordinal::zero())
    }

    /// The single term `c·ω^α` (0 when c is 0).
    pub fn monomial(coefficient: Integer, exponent: Ordinal) -> GeneralizedOrdinal {
        if coefficient.is_zero() {
            return GeneralizedOrdinal::zero();
        }
        GeneralizedOrdinal {
            terms: vec![Term {
                exponent,
                coefficient,
            }],
        }
    }

    /// The sum of the given terms `(α, c)` meaning `c·ω^α`, in any order and
    /// with repeated exponents allowed.
    pub fn from_terms(terms: impl IntoIterator<Item = (Ordinal, Integer)>) -> GeneralizedOrdinal {
        let mut terms: Vec<Term> = terms
            .into_iter()
            .map(|(exponent, coefficient)| Term {
                exponent,
                coefficient,
            })
            .collect();
        terms.sort_by(|a, b| b.exponent.cmp(&a.exponent));
        GeneralizedOrdinal::from_sorted(terms)
    }

    /// Merges equal exponents and drops zero coefficients of terms sorted by
    /// decreasing exponent (ties adjacent).
    pub(super) fn from_sorted(terms: Vec<Term>) -> GeneralizedOrdinal {
        let mut out: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match out.last_mut() {
                Some(last) if last.exponent == t.exponent => {
                    last.coefficient += t.coefficient;
                    if last.coefficient.is_zero() {
                        out.pop();
                    }
                }
                _ if t.coefficient.is_zero() => {}
                _ => out.push(t),
            }
        }
        GeneralizedOrdinal { terms: out }
    }

    /// Builds from terms already normalised (strictly decreasing exponents,
    /// non-zero coefficients).
    pub(super) fn from_normal_terms(terms: Vec<Term>) -> GeneralizedOrdinal {
        GeneralizedOrdinal { terms }
    }

    /// The terms, by strictly decreasing exponent.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The term of largest exponent (`None` for 0).
    pub fn leading_term(&self) -> Option<&Term> {
        self.terms.first()
    }

    /// The coefficient of `ω^α` (0 if there is no such term).
    pub fn coefficient_of(&self, exponent: &Ordinal) -> Integer {
        self.terms
            .binary_search_by(|t| exponent.cmp(&t.exponent))
            .ok()
            .and_then(|i| self.terms.get(i))
            .map_or_else(Integer::zero, |t| t.coefficient.clone())
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        self.to_integer().is_some_and(|n| n.is_one())
    }

    /// Whether this is an integer (0 or a single term of exponent 0).
    pub fn is_integer(&self) -> bool {
        match self.terms.as_slice() {
            [] => true,
            [t] => t.exponent.is_zero(),
            _ => false,
        }
    }

    /// The value as an integer, if it is one.
    pub fn to_integer(&self) -> Option<Integer> {
        match self.terms.as_slice() {
            [] => Some(Integer::zero()),
            [t] if t.exponent.is_zero() => Some(t.coefficient.clone()),
            _ => None,
        }
    }

    /// Whether this is an ordinal: every coefficient is positive (SURREAL 6,
    /// `IsOrdinal`).
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coefficient.is_positive())
    }

    /// The value as an ordinal, if it is one.
    pub fn to_ordinal(&self) -> Option<Ordinal> {
        self.is_ordinal()
            .then(|| Ordinal::from_generalized_unchecked(self.clone()))
    }

    /// The sign of the value: the sign of the leading coefficient (SURREAL
    /// 2.2).
    pub fn signum(&self) -> i32 {
        self.terms.first().map_or(0, |t| t.coefficient.signum())
    }

    /// Whether this is > 0.
    pub fn is_positive(&self) -> bool {
        self.signum() > 0
    }

    /// Whether this is < 0.
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// The absolute value.
    pub fn abs(&self) -> GeneralizedOrdinal {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    /// The height of the tower of exponents: 0 for an integer, 1 for a
    /// sum of powers `ω^n` with finite n, `1 + ` the largest height of an
    /// exponent otherwise.
    pub fn height(&self) -> usize {
        self.terms
            .iter()
            .filter(|t| !t.exponent.is_zero())
            .map(|t| 1 + t.exponent.as_generalized().height())
            .max()
            .unwrap_or(0)
    }

    /// The birthday of a generalized ordinal: the ordinal `Σ |cᵢ|·ω^αᵢ`, the
    /// length of its sign expansion, a concatenation of runs of `|cᵢ|·ω^αᵢ`
    /// equal signs (SURREAL 6 and 9.4; ONAG ch. 3).
    pub fn birthday(&self) -> Ordinal {
        Ordinal::from_generalized_unchecked(self.map_coefficients(Integer::abs))
    }

    /// Multiplies every coefficient by the integer n.
    pub fn scale(&self, n: &Integer) -> GeneralizedOrdinal {
        if n.is_zero() {
            return GeneralizedOrdinal::zero();
        }
        self.map_coefficients(|c| c * n)
    }

    /// The same exponents with every coefficient mapped by f (which must
    /// keep them non-zero).
    fn map_coefficients(&self, f: impl Fn(&Integer) -> Integer) -> GeneralizedOrdinal {
        GeneralizedOrdinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term {
                    exponent: t.exponent.clone(),
                    coefficient: f(&t.coefficient),
                })
                .collect(),
        }
    }

    /// Multiplies by `ω^α`: adds α to every exponent (natural sum).
    pub fn shift(&self, alpha: &Ordinal) -> GeneralizedOrdinal {
        if alpha.is_zero() {
            return self.clone();
        }
        GeneralizedOrdinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term {
                    exponent: t.exponent.natural_sum(alpha),
                    coefficient: t.coefficient.clone(),
                })
                .collect(),
        }
    }

    /// The natural sum: term lists concatenated and normalised (SURREAL 2.3).
    pub fn add_ref(&self, other: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        self.merge(other, false)
    }

    /// The natural difference.
    pub fn sub_ref(&self, other: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        self.merge(other, true)
    }

    /// Merges two sorted term lists, negating the second if asked.
    fn merge(&self, other: &GeneralizedOrdinal, negate: bool) -> GeneralizedOrdinal {
        let rhs = |t: &Term| Term {
            exponent: t.exponent.clone(),
            coefficient: if negate {
                -&t.coefficient
            } else {
                t.coefficient.clone()
            },
        };
        let mut out = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut a, mut b) = (self.terms.iter().peekable(), other.terms.iter().peekable());
        loop {
            match (a.peek(), b.peek()) {
                (None, None) => break,
                (Some(_), None) => out.extend(a.by_ref().cloned()),
                (None, Some(_)) => out.extend(b.by_ref().map(rhs)),
                (Some(x), Some(y)) => match x.exponent.cmp(&y.exponent) {
                    Ordering::Greater => out.extend(a.next().cloned()),
                    Ordering::Less => out.extend(b.next().map(rhs)),
                    Ordering::Equal => {
                        let c = if negate {
                            &x.coefficient - &y.coefficient
                        } else {
                            &x.coefficient + &y.coefficient
                        };
                        if !c.is_zero() {
                            out.push(Term {
                                exponent: x.exponent.clone(),
                                coefficient: c,
                            });
                        }
                        a.next();
                        b.next();
                    }
                },
            }
        }
        GeneralizedOrdinal { terms: out }
    }

    /// The natural (Hessenberg) product: every term of one factor times
    /// every term of the other, `(c·ω^α)(d·ω^β) = cd·ω^(α ⊕ β)` (SURREAL
    /// 2.3). `Overflow.` when it would form more than
    /// [`MAX_TERM_PRODUCTS`] term products.
    pub fn checked_mul(
        &self,
        other: &GeneralizedOrdinal,
    ) -> Result<GeneralizedOrdinal, NumberError> {
        let pairs = self.terms.len().saturating_mul(other.terms.len());
        if pairs > MAX_TERM_PRODUCTS {
            return Err(overflow());
        }
        Ok(self.mul_unchecked(other))
    }

    fn mul_unchecked(&self, other: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        if self.is_zero() || other.is_zero() {
            return GeneralizedOrdinal::zero();
        }
        if let [t] = self.terms.as_slice() {
            return other.shift(&t.exponent).scale(&t.coefficient);
        }
        if let [t] = other.terms.as_slice() {
            return self.shift(&t.exponent).scale(&t.coefficient);
        }
        let mut products = Vec::with_capacity(self.terms.len() * other.terms.len());
        for x in &self.terms {
            interrupt::check();
            for y in &other.terms {
                products.push(Term {
                    exponent: x.exponent.natural_sum(&y.exponent),
                    coefficient: &x.coefficient * &y.coefficient,
                });
            }
        }
        products.sort_by(|a, b| b.exponent.cmp(&a.exponent));
        GeneralizedOrdinal::from_sorted(products)
    }

    /// The power `xⁿ` by natural multiplication (SURREAL 2.4, case 3):
    /// `Overflow.` when a coefficient would exceed [`MAX_POW_BITS`] bits or a
    /// product in the computation would exceed [`MAX_TERM_PRODUCTS`].
    pub fn pow(&self, n: u32) -> Result<GeneralizedOrdinal, NumberError> {
        if n == 0 {
            return Ok(GeneralizedOrdinal::one());
        }
        if let [t] = self.terms.as_slice() {
            // (c·ω^α)ⁿ = cⁿ·ω^(α·n), α·n the natural multiple.
            let bits = t.coefficient.bit_length().saturating_sub(1);
            if bits.saturating_mul(u64::from(n)) >= MAX_POW_BITS {
                return Err(overflow());
            }
            return Ok(GeneralizedOrdinal::monomial(
                t.coefficient.pow(n),
                t.exponent.natural_multiple(&Integer::from(n)),
            ));
        }
        // A sum of k ≥ 2 terms has coefficients of at least n bits in its
        // n-th power (the binomial coefficients).
        let bits = self
            .terms
            .iter()
            .map(|t| t.coefficient.bit_length())
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        if bits.saturating_mul(u64::from(n)) >= MAX_POW_BITS {
            return Err(overflow());
        }
        let mut result = GeneralizedOrdinal::one();
        let mut base = self.clone();
        let mut e = n;
        loop {
            if e & 1 == 1 {
                result = result.checked_mul(&base)?;
            }
            e >>= 1;
            if e == 0 {
                return Ok(result);
            }
            base = base.checked_mul(&base)?;
        }
    }
}

impl Ord for GeneralizedOrdinal {
    /// The surreal order (SURREAL 2.2): at the first position where the
    /// term lists differ, the larger term (a missing term counting as 0)
    /// decides.
    fn cmp(&self, other: &GeneralizedOrdinal) -> Ordering {
        let n = self.terms.len().max(other.terms.len());
        for i in 0..n {
            match (self.terms.get(i), other.terms.get(i)) {
                (Some(a), Some(b)) => match a.exponent.cmp(&b.exponent) {
                    Ordering::Equal => match a.coefficient.cmp(&b.coefficient) {
                        Ordering::Equal => continue,
                        o => return o,
                    },
                    Ordering::Greater => return a.coefficient.signum().cmp(&0),
                    Ordering::Less => return 0.cmp(&b.coefficient.signum()),
                },
                (Some(a), None) => return a.coefficient.signum().cmp(&0),
                (None, Some(b)) => return 0.cmp(&b.coefficient.signum()),
                (None, None) => break,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for GeneralizedOrdinal {
    fn partial_cmp(&self, other: &GeneralizedOrdinal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for &GeneralizedOrdinal {
    type Output = GeneralizedOrdinal;
    fn neg(self) -> GeneralizedOrdinal {
        self.map_coefficients(|c| -c)
    }
}

impl Neg for GeneralizedOrdinal {
    type Output = GeneralizedOrdinal;
    fn neg(mut self) -> GeneralizedOrdinal {
        for t in &mut self.terms {
            t.coefficient = -std::mem::take(&mut t.coefficient);
        }
        self
    }
}

impl Add for &GeneralizedOrdinal {
    type Output = GeneralizedOrdinal;
    fn add(self, rhs: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        self.add_ref(rhs)
    }
}

impl Sub for &GeneralizedOrdinal {
    type Output = GeneralizedOrdinal;
    fn sub(self, rhs: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        self.sub_ref(rhs)
    }
}

impl Mul for &GeneralizedOrdinal {
    type Output = GeneralizedOrdinal;
    /// The natural product, without the size limit of
    /// [`GeneralizedOrdinal::checked_mul`] (for values built by code, not
    /// by users).
    fn mul(self, rhs: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        self.mul_unchecked(rhs)
    }
}

impl From<Integer> for GeneralizedOrdinal {
    fn from(n: Integer) -> GeneralizedOrdinal {
        GeneralizedOrdinal::from_integer(n)
    }
}

impl From<i64> for GeneralizedOrdinal {
    fn from(n: i64) -> GeneralizedOrdinal {
        GeneralizedOrdinal::from_integer(Integer::from(n))
    }
}

impl From<Ordinal> for GeneralizedOrdinal {
    fn from(a: Ordinal) -> GeneralizedOrdinal {
        a.into_generalized()
    }
}

impl From<&Ordinal> for GeneralizedOrdinal {
    fn from(a: &Ordinal) -> GeneralizedOrdinal {
        a.as_generalized().clone()
    }
}
