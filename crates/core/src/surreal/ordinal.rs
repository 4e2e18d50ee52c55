//! Ordinals below ε₀ in Cantor normal form (ONAG ch. 2; SURREAL 2.1).
//!
//! An ordinal is a generalized ordinal whose coefficients are all
//! positive. Two arithmetics live here: the natural (Hessenberg) sum and
//! product, commutative, which are surreal arithmetic and what CGSuite
//! computes with; and Cantor's ordinal sum and product, which measure the
//! lengths of concatenated sign sequences (a run of `α` signs followed by a
//! run of `β` signs has length `α + β`, so `1 + ω = ω`).

use std::cmp::Ordering;
use std::fmt;

use crate::number::Integer;

use super::generalized::{GeneralizedOrdinal, Term};

/// An ordinal below ε₀: `ω^α₁·c₁ + … + ω^αₙ·cₙ` with `α₁ > … > αₙ`
/// ordinals and `cᵢ > 0` integers.
///
/// Derived equality and hash are those of values (the representation is
/// normalised); the order is the ordinal order.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Ordinal(GeneralizedOrdinal);

impl Ordinal {
    /// Wraps a generalized ordinal known to have positive coefficients.
    pub(super) fn from_generalized_unchecked(x: GeneralizedOrdinal) -> Ordinal {
        debug_assert!(x.is_ordinal());
        Ordinal(x)
    }

    /// 0.
    pub const fn zero() -> Ordinal {
        Ordinal(GeneralizedOrdinal::zero())
    }

    /// 1.
    pub fn one() -> Ordinal {
        Ordinal::from(1u64)
    }

    /// ω.
    pub fn omega() -> Ordinal {
        Ordinal::omega_power(Ordinal::one())
    }

    /// `ω^α`.
    pub fn omega_power(alpha: Ordinal) -> Ordinal {
        Ordinal(GeneralizedOrdinal::monomial(Integer::one(), alpha))
    }

    /// `ω^α·c` for `c > 0` (0 when c is not positive).
    pub fn monomial(alpha: Ordinal, c: Integer) -> Ordinal {
        if c.is_positive() {
            Ordinal(GeneralizedOrdinal::monomial(c, alpha))
        } else {
            Ordinal::zero()
        }
    }

    /// The finite ordinal n, if n ≥ 0.
    pub fn from_integer(n: &Integer) -> Option<Ordinal> {
        (!n.is_negative()).then(|| Ordinal(GeneralizedOrdinal::from_integer(n.clone())))
    }

    /// The generalized ordinal this is.
    pub fn as_generalized(&self) -> &GeneralizedOrdinal {
        &self.0
    }

    /// The generalized ordinal this is, by value.
    pub fn into_generalized(self) -> GeneralizedOrdinal {
        self.0
    }

    /// The terms `ω^α·c` by decreasing exponent.
    pub fn terms(&self) -> &[Term] {
        self.0.terms()
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        self.0.is_one()
    }

    /// Whether this is finite.
    pub fn is_finite(&self) -> bool {
        self.0.is_integer()
    }

    /// The value as an integer, if finite.
    pub fn to_integer(&self) -> Option<Integer> {
        self.0.to_integer()
    }

    /// The value as a `u64`, if finite and small enough.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_integer().and_then(|n| n.to_u64())
    }

    /// Whether this is a successor ordinal (it has a finite part).
    pub fn is_successor(&self) -> bool {
        self.terms().last().is_some_and(|t| t.exponent.is_zero())
    }

    /// Whether this is a limit ordinal (non-zero with no finite part).
    pub fn is_limit(&self) -> bool {
        !self.is_zero() && !self.is_successor()
    }

    /// The finite part (the coefficient of `ω^0`).
    pub fn finite_part(&self) -> Integer {
        if self.is_successor() {
            self.terms()
                .last()
                .map_or_else(Integer::zero, |t| t.coefficient.clone())
        } else {
            Integer::zero()
        }
    }

    /// The exponent of the leading term (0 for 0).
    pub fn leading_exponent(&self) -> Ordinal {
        self.terms()
            .first()
            .map_or_else(Ordinal::zero, |t| t.exponent.clone())
    }

    /// The natural (Hessenberg) sum `α ⊕ β`: coefficients of equal
    /// exponents add (commutative).
    pub fn natural_sum(&self, other: &Ordinal) -> Ordinal {
        Ordinal(self.0.add_ref(&other.0))
    }

    /// The natural product `α ⊗ β` (commutative; SURREAL 2.3).
    pub fn natural_product(&self, other: &Ordinal) -> Ordinal {
        Ordinal(&self.0 * &other.0)
    }

    /// The natural multiple `α ⊕ … ⊕ α` (n times), for n ≥ 0.
    pub fn natural_multiple(&self, n: &Integer) -> Ordinal {
        if !n.is_positive() {
            return Ordinal::zero();
        }
        Ordinal(self.0.scale(n))
    }

    /// The natural difference: the δ with `other ⊕ δ = self`, if there is
    /// one (every coefficient of `other` at most the one of `self`).
    pub fn natural_difference(&self, other: &Ordinal) -> Option<Ordinal> {
        self.0.sub_ref(&other.0).to_ordinal()
    }

    /// Cantor's ordinal sum `α + β`: the terms of α below the leading
    /// exponent of β are absorbed (`1 + ω = ω`).
    pub fn cantor_sum(&self, other: &Ordinal) -> Ordinal {
        let Some(lead) = other.terms().first() else {
            return self.clone();
        };
        let mut terms: Vec<Term> = Vec::new();
        for t in self.terms() {
            match t.exponent.cmp(&lead.exponent) {
                Ordering::Greater => terms.push(t.clone()),
                Ordering::Equal => {
                    terms.push(Term {
                        exponent: t.exponent.clone(),
                        coefficient: &t.coefficient + &lead.coefficient,
                    });
                }
                Ordering::Less => break,
            }
        }
        let merged = terms.last().is_some_and(|t| t.exponent == lead.exponent);
        let skip = usize::from(merged);
        terms.extend(other.terms().iter().skip(skip).cloned());
        Ordinal(GeneralizedOrdinal::from_normal_terms(terms))
    }

    /// Cantor's ordinal product `α · β` (α copies laid end to end β times).
    pub fn cantor_product(&self, other: &Ordinal) -> Ordinal {
        let Some(lead) = self.terms().first() else {
            return Ordinal::zero();
        };
        let mut terms: Vec<Term> = Vec::new();
        for t in other.terms() {
            if t.exponent.is_zero() {
                // α · n: the leading coefficient is multiplied by n.
                terms.push(Term {
                    exponent: lead.exponent.clone(),
                    coefficient: &lead.coefficient * &t.coefficient,
                });
                terms.extend(self.terms().iter().skip(1).cloned());
            } else {
                terms.push(Term {
                    exponent: lead.exponent.cantor_sum(&t.exponent),
                    coefficient: t.coefficient.clone(),
                });
            }
        }
        Ordinal(GeneralizedOrdinal::from_normal_terms(terms))
    }

    /// The γ with `self + γ = other` (Cantor sum), which exists exactly when
    /// `self ≤ other`.
    pub fn left_difference(&self, other: &Ordinal) -> Option<Ordinal> {
        let (a, b) = (self.terms(), other.terms());
        for (i, bt) in b.iter().enumerate() {
            let Some(at) = a.get(i) else {
                return Some(Ordinal(GeneralizedOrdinal::from_normal_terms(
                    b[i..].to_vec(),
                )));
            };
            if at == bt {
                continue;
            }
            let rest = || b.iter().skip(i + 1).cloned();
            return match at.exponent.cmp(&bt.exponent) {
                Ordering::Greater => None,
                Ordering::Less => Some(Ordinal(GeneralizedOrdinal::from_normal_terms(
                    b[i..].to_vec(),
                ))),
                Ordering::Equal if at.coefficient < bt.coefficient => {
                    let mut terms = vec![Term {
                        exponent: bt.exponent.clone(),
                        coefficient: &bt.coefficient - &at.coefficient,
                    }];
                    terms.extend(rest());
                    Some(Ordinal(GeneralizedOrdinal::from_normal_terms(terms)))
                }
                Ordering::Equal => None,
            };
        }
        (a.len() == b.len()).then(Ordinal::zero)
    }

    /// The least γ with `γ + other = self` (Cantor sum), if there is one:
    /// a run of `self` signs ends with a run of `other` signs exactly when
    /// it is `γ` signs followed by them.
    pub fn right_difference(&self, other: &Ordinal) -> Option<Ordinal> {
        let Some(lead) = other.terms().first() else {
            return Some(self.clone());
        };
        // self must be [terms above e] + ω^e·c' + [other's terms below e]
        // with c' at least other's leading coefficient.
        let e = &lead.exponent;
        let above: Vec<Term> = self
            .terms()
            .iter()
            .take_while(|t| &t.exponent > e)
            .cloned()
            .collect();
        let rest = &self.terms()[above.len()..];
        let (at_e, below) = match rest.split_first() {
            Some((t, below)) if &t.exponent == e => (t.coefficient.clone(), below),
            _ => return None,
        };
        if at_e < lead.coefficient || below != &other.terms()[1..] {
            return None;
        }
        let mut terms = above;
        let left = at_e - &lead.coefficient;
        if left.is_positive() {
            terms.push(Term {
                exponent: e.clone(),
                coefficient: left,
            });
        }
        Some(Ordinal(GeneralizedOrdinal::from_normal_terms(terms)))
    }

    /// The successor `α + 1`.
    pub fn successor(&self) -> Ordinal {
        self.cantor_sum(&Ordinal::one())
    }
}

impl Ord for Ordinal {
    fn cmp(&self, other: &Ordinal) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Ordinal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<u64> for Ordinal {
    fn from(n: u64) -> Ordinal {
        Ordinal(GeneralizedOrdinal::from_integer(Integer::from(n)))
    }
}

impl fmt::Display for Ordinal {
    /// As the generalized ordinal (SURREAL 5.1): `ω^ω+ω×3+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
