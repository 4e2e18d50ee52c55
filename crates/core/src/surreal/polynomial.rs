//! Generalized ordinals as integer polynomials, and their greatest common
//! divisor (SURREAL 2.3 and 3.2).
//!
//! Write every exponent in Cantor normal form, `α = Σ ω^βⱼ·nⱼ`; then
//! `ω^α = Π x_βⱼ^nⱼ` with the independent indeterminates `x_β = ω^(ω^β)`,
//! and the generalized ordinals are the polynomial ring `ℤ[x_β : β < ε₀]`.
//! The ordinal order of exponents is the lexicographic order of the degree
//! vectors with the variables by decreasing β: a monomial order (natural
//! sum is strictly monotone), so the leading term of a generalized ordinal
//! is the leading monomial of the polynomial and division by leading terms
//! is exact division.
//!
//! The greatest common divisor is computed recursively, viewing a
//! polynomial in its largest variable with coefficients in the others:
//! contents by recursion and primitive parts by the primitive
//! pseudo-remainder sequence (Knuth, TAOCP vol. 2, 4.6.1, Algorithm E;
//! Geddes, Czapor and Labahn, "Algorithms for Computer Algebra", ch. 7).
//! `ℤ[x_β]` is a unique factorisation domain whose units are ±1, so the gcd
//! with a positive leading coefficient is unique.

use std::collections::BTreeMap;

use crate::interrupt;
use crate::number::{Integer, NumberError};

use super::generalized::{GeneralizedOrdinal, Term};
use super::ordinal::Ordinal;

/// The most elementary steps (term divisions and pseudo-division steps)
/// one gcd may take before it is refused.
const MAX_STEPS: usize = 1 << 16;

/// The steps left to a gcd computation; each one also honours a stop
/// request.
struct Budget(usize);

impl Budget {
    fn spend(&mut self) -> Result<(), NumberError> {
        interrupt::checkpoint();
        match self.0.checked_sub(1) {
            Some(left) => {
                self.0 = left;
                Ok(())
            }
            None => Err(NumberError::new(
                "Quotient too large to reduce to lowest terms.",
            )),
        }
    }
}

/// The greatest common divisor of a and b in `ℤ[x_β]`, with a positive
/// leading coefficient (`gcd(0, 0) = 0`).
pub fn gcd(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
) -> Result<GeneralizedOrdinal, NumberError> {
    gcd_in(a, b, &mut Budget(MAX_STEPS))
}

/// The quotient a/b when b divides a exactly in `ℤ[x_β]`, else `None`.
/// The steps are bounded; an `Err` means the division was too long.
pub fn divide_exact(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
) -> Result<Option<GeneralizedOrdinal>, NumberError> {
    div_exact(a, b, &mut Budget(MAX_STEPS))
}

fn gcd_in(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
    budget: &mut Budget,
) -> Result<GeneralizedOrdinal, NumberError> {
    if a.is_zero() {
        return Ok(b.abs());
    }
    if b.is_zero() {
        return Ok(a.abs());
    }
    if let [t] = a.terms() {
        return Ok(monomial_gcd(t, b));
    }
    if let [t] = b.terms() {
        return Ok(monomial_gcd(t, a));
    }
    // Neither is a monomial, so both involve some variable.
    let Some(v) = main_variable(a, b) else {
        return Ok(GeneralizedOrdinal::from_integer(
            integer_content(a).gcd(&integer_content(b)),
        ));
    };
    let (pa, pb) = (split(a, &v), split(b, &v));
    let (da, db) = (degree(&pa), degree(&pb));
    if da.is_zero() {
        let cb = content(&pb, budget)?;
        return gcd_in(a, &cb, budget);
    }
    if db.is_zero() {
        let ca = content(&pa, budget)?;
        return gcd_in(&ca, b, budget);
    }
    let (ca, cb) = (content(&pa, budget)?, content(&pb, budget)?);
    let c = gcd_in(&ca, &cb, budget)?;
    let mut p = exact(a, &ca, budget)?;
    let mut q = exact(b, &cb, budget)?;
    if da < db {
        std::mem::swap(&mut p, &mut q);
    }
    loop {
        let r = pseudo_remainder(&p, &q, &v, budget)?;
        if r.is_zero() {
            break;
        }
        let pr = split(&r, &v);
        if degree(&pr).is_zero() {
            // The primitive parts are coprime.
            q = GeneralizedOrdinal::one();
            break;
        }
        let cr = content(&pr, budget)?;
        p = q;
        q = exact(&r, &cr, budget)?;
    }
    let g = &c * &q;
    Ok(g.abs_leading())
}

/// Exact division known to succeed (a divisor computed by [`gcd_in`]);
/// a failure would be an internal error, reported rather than panicking.
fn exact(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
    budget: &mut Budget,
) -> Result<GeneralizedOrdinal, NumberError> {
    div_exact(a, b, budget)?
        .ok_or_else(|| NumberError::new(format!("Internal error: {b} does not divide {a}")))
}

impl GeneralizedOrdinal {
    /// The associate with a positive leading coefficient.
    fn abs_leading(&self) -> GeneralizedOrdinal {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }
}

/// The gcd of the integer coefficients.
pub fn integer_content(a: &GeneralizedOrdinal) -> Integer {
    a.terms()
        .iter()
        .fold(Integer::zero(), |g, t| g.gcd(&t.coefficient))
}

/// gcd of a monomial `c·ω^α` with a non-zero b: the gcd of the integer
/// contents times the largest monomial dividing both.
fn monomial_gcd(m: &Term, b: &GeneralizedOrdinal) -> GeneralizedOrdinal {
    let c = b
        .terms()
        .iter()
        .fold(m.coefficient.abs(), |g, t| g.gcd(&t.coefficient));
    let exponent = b
        .terms()
        .iter()
        .fold(m.exponent.clone(), |e, t| meet(&e, &t.exponent));
    GeneralizedOrdinal::monomial(c, exponent)
}

/// The largest monomial dividing both `ω^α` and `ω^β`: in each variable
/// the smaller degree.
fn meet(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let terms = a.terms().iter().filter_map(|t| {
        let d = b.as_generalized().coefficient_of(&t.exponent);
        let m = t.coefficient.clone().min(d);
        m.is_positive().then(|| (t.exponent.clone(), m))
    });
    GeneralizedOrdinal::from_terms(terms)
        .to_ordinal()
        .unwrap_or_default()
}

/// The largest β such that `x_β` occurs in a or b (`None` when both are
/// integers).
fn main_variable(a: &GeneralizedOrdinal, b: &GeneralizedOrdinal) -> Option<Ordinal> {
    a.terms()
        .iter()
        .chain(b.terms())
        .filter_map(|t| t.exponent.terms().first().map(|e| &e.exponent))
        .max()
        .cloned()
}

/// a as a polynomial in `x_v` (v at least every variable of a): the
/// coefficients of the powers `x_v^k`, by decreasing k.
fn split(a: &GeneralizedOrdinal, v: &Ordinal) -> Vec<(Integer, GeneralizedOrdinal)> {
    let mut by_degree: BTreeMap<Integer, Vec<Term>> = BTreeMap::new();
    for t in a.terms() {
        let (k, rest) = match t.exponent.terms().split_first() {
            Some((first, rest)) if &first.exponent == v => (first.coefficient.clone(), rest),
            _ => (Integer::zero(), t.exponent.terms()),
        };
        let rest = GeneralizedOrdinal::from_normal_terms(rest.to_vec())
            .to_ordinal()
            .unwrap_or_default();
        by_degree.entry(k).or_default().push(Term {
            exponent: rest,
            coefficient: t.coefficient.clone(),
        });
    }
    by_degree
        .into_iter()
        .rev()
        .map(|(k, terms)| (k, GeneralizedOrdinal::from_normal_terms(terms)))
        .collect()
}

/// The degree of a polynomial given by [`split`] (0 for 0).
fn degree(parts: &[(Integer, GeneralizedOrdinal)]) -> Integer {
    parts.first().map_or_else(Integer::zero, |(k, _)| k.clone())
}

/// The content: the gcd of the coefficients of a polynomial given by
/// [`split`].
fn content(
    parts: &[(Integer, GeneralizedOrdinal)],
    budget: &mut Budget,
) -> Result<GeneralizedOrdinal, NumberError> {
    let mut g = GeneralizedOrdinal::zero();
    for (_, c) in parts {
        g = gcd_in(&g, c, budget)?;
        if g.is_one() {
            break;
        }
    }
    Ok(g)
}

/// `x_v^k` as an ordinal exponent, `ω^v·k`.
fn power_of(v: &Ordinal, k: &Integer) -> Ordinal {
    Ordinal::monomial(v.clone(), k.clone())
}

/// A sparse pseudo-remainder of p by q in the variable v (deg q ≥ 1): an r
/// with `u·p ≡ r (mod q)` for a u free of v, and `deg r < deg q`. Leading
/// terms are cancelled one at a time, scaling by the leading coefficient
/// of q divided by its integer gcd with the one of the remainder.
fn pseudo_remainder(
    p: &GeneralizedOrdinal,
    q: &GeneralizedOrdinal,
    v: &Ordinal,
    budget: &mut Budget,
) -> Result<GeneralizedOrdinal, NumberError> {
    let pq = split(q, v);
    let Some((dq, lq)) = pq.first() else {
        return Ok(GeneralizedOrdinal::zero());
    };
    let mut r = p.clone();
    loop {
        budget.spend()?;
        let pr = split(&r, v);
        let Some((dr, lr)) = pr.first() else {
            return Ok(r);
        };
        if dr < dq {
            return Ok(r);
        }
        let g = integer_content(lq).gcd(&integer_content(lr));
        let (mq, mr) = (lq.divide_integer(&g), lr.divide_integer(&g));
        let shift = power_of(v, &(dr - dq));
        let cancel = (&mr * q).shift(&shift);
        r = &(&mq * &r) - &cancel;
    }
}

impl GeneralizedOrdinal {
    /// Divides every coefficient by g (which divides them all).
    fn divide_integer(&self, g: &Integer) -> GeneralizedOrdinal {
        if g.is_one() || g.is_zero() {
            return self.clone();
        }
        let terms = self.terms().iter().map(|t| {
            (
                t.exponent.clone(),
                t.coefficient.div_floor(g).unwrap_or_default(),
            )
        });
        GeneralizedOrdinal::from_terms(terms)
    }
}

/// Exact division by leading terms (the order of exponents is a monomial
/// order); `None` when b does not divide a.
fn div_exact(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
    budget: &mut Budget,
) -> Result<Option<GeneralizedOrdinal>, NumberError> {
    let Some(lb) = b.leading_term() else {
        return Ok(None);
    };
    if b.is_one() {
        return Ok(Some(a.clone()));
    }
    if let [t] = b.terms() {
        // Division by a monomial, term by term.
        let mut terms = Vec::with_capacity(a.terms().len());
        for x in a.terms() {
            match monomial_quotient(x, t) {
                Some(q) => terms.push(q),
                None => return Ok(None),
            }
        }
        return Ok(Some(GeneralizedOrdinal::from_normal_terms(terms)));
    }
    let mut quotient = Vec::new();
    let mut r = a.clone();
    while let Some(lr) = r.leading_term() {
        budget.spend()?;
        let Some(t) = monomial_quotient(lr, lb) else {
            return Ok(None);
        };
        let t = GeneralizedOrdinal::from_normal_terms(vec![t]);
        r = &r - &(&t * b);
        quotient.extend(t.terms().iter().cloned());
    }
    Ok(Some(GeneralizedOrdinal::from_normal_terms(quotient)))
}

/// `x / y` for monomials, when y divides x.
fn monomial_quotient(x: &Term, y: &Term) -> Option<Term> {
    let (q, rem) = x.coefficient.div_mod_floor(&y.coefficient)?;
    if !rem.is_zero() {
        return None;
    }
    let exponent = x.exponent.natural_difference(&y.exponent)?;
    Some(Term {
        exponent,
        coefficient: q,
    })
}
