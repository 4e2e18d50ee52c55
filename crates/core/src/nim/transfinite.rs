//! Transfinite nim arithmetic: Conway's field On₂ on the ordinals (ONAG
//! ch. 6), below `ω^(ω^55)` (SURREAL 7).
//!
//! Nim addition of ordinals adds the Cantor-normal-form coefficients
//! term by term by exclusive or. Nim multiplication follows Lenstra
//! ("On the algebraic closure of two", Indag. Math. 1977; "Nim
//! multiplication", Séminaire de Théorie des Nombres de Bordeaux 1978)
//! exactly as SURREAL 7.3 describes it: for the `(k+1)`-th odd prime p,
//! `κ_{p^(n+1)} = ω^(ω^k·pⁿ)`, so that an exponent `α = Σ ω^k·a_k < ω^ω`
//! written with the base-p digits of each `a_k` makes `ω^α` a product of
//! powers `κ^d` with `d < p`; such monomials multiply by adding digits,
//! with the carries `κ_{p^(n+1)}^p = κ_{pⁿ}` and `κ_p^p = α_p`, Lenstra's
//! constants (tabulated below for the 54 odd primes up to 257). The
//! finite coefficients multiply as finite nimbers ([`crate::nim`]).
//!
//! Beyond CGSuite, every non-zero ordinal in range has a nim inverse and
//! a nim square root: the ordinals whose monomials use only the digits
//! below some `(k, n)` form a subfield K′, and adjoining `κ = κ_{(k,n)}`
//! gives `K′[κ]` with `κ^p = a ∈ K′`, a field of degree p over K′. Inverses
//! come from the extended Euclidean algorithm in `K′[t] mod (t^p − a)`,
//! square roots from the Frobenius map being additive and multiplicative:
//! `√κ = κ^((p+1)/2) / √a`.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use crate::interrupt;
use crate::number::{Integer, NumberError};
use crate::surreal::{write_grouped, GeneralizedOrdinal, Ordinal};

use super::{
    nim_inverse as finite_inverse, nim_product as finite_product, nim_sqrt as finite_sqrt,
    nim_sum as finite_sum,
};

/// The largest k such that exponents `ω^k·a` are in range (SURREAL 7.5):
/// the ordinals handled are those below `ω^(ω^55)`, with exponent
/// coefficients a below 2^64 (beyond CGSuite's limit, an onag bound).
pub const MAX_K: u32 = 54;

/// The odd primes `p_{k+1}` for `k = 0..=54`.
const PRIMES: [u32; 55] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263,
];

/// An exponent `Σ ω^k·a_k` below `ω^ω`, as its pairs `(k, a_k)`.
type SmallExponent = &'static [(u32, u64)];

/// Lenstra's `α_p = κ_p^p` for the first 54 odd primes (SURREAL 7.3): the
/// exponents of its ω-power terms and its finite part.
#[rustfmt::skip]
const ALPHA: [(&[SmallExponent], u64); 54] = [
    (&[], 2),                           // 3: 2
    (&[], 4),                           // 5: 4
    (&[&[(0, 1)]], 1),                  // 7: ω+1
    (&[&[(1, 1)]], 1),                  // 11: ω^ω+1
    (&[&[(0, 1)]], 4),                  // 13: ω+4
    (&[], 16),                          // 17: 16
    (&[&[(0, 3)]], 4),                  // 19: ω^3+4
    (&[&[(3, 1)]], 1),                  // 23: ω^ω^3+1
    (&[&[(2, 1)]], 4),                  // 29: ω^ω^2+4
    (&[&[(1, 1)]], 1),                  // 31: ω^ω+1
    (&[&[(0, 3)]], 4),                  // 37: ω^3+4
    (&[&[(1, 1)]], 1),                  // 41: ω^ω+1
    (&[&[(2, 1)]], 1),                  // 43: ω^ω^2+1
    (&[&[(7, 1)]], 1),                  // 47: ω^ω^7+1
    (&[&[(4, 1)]], 1),                  // 53: ω^ω^4+1
    (&[&[(8, 1)]], 1),                  // 59: ω^ω^8+1
    (&[&[(1, 1)], &[(0, 1)]], 0),       // 61: ω^ω+ω
    (&[&[(3, 1)], &[(0, 1)]], 0),       // 67: ω^ω^3+ω
    (&[&[(2, 1)], &[(1, 1)]], 0),       // 71: ω^ω^2+ω^ω
    (&[&[(0, 3)]], 1),                  // 73: ω^3+1
    (&[&[(4, 1)]], 1),                  // 79: ω^ω^4+1
    (&[&[(11, 1)]], 1),                 // 83: ω^ω^11+1
    (&[&[(3, 1)]], 1),                  // 89: ω^ω^3+1
    (&[&[(0, 1)]], 256),                // 97: ω+256
    (&[&[(1, 5)]], 1),                  // 101: ω^(ω×5)+1
    (&[&[(5, 1)], &[(0, 1)]], 0),       // 103: ω^ω^5+ω
    (&[&[(14, 1)]], 1),                 // 107: ω^ω^14+1
    (&[&[(0, 3)]], 4),                  // 109: ω^3+4
    (&[&[(2, 1)]], 4),                  // 113: ω^ω^2+4
    (&[&[(2, 1)]], 1),                  // 127: ω^ω^2+1
    (&[&[(4, 1)], &[(1, 1)]], 0),       // 131: ω^ω^4+ω^ω
    (&[&[(5, 1)]], 1),                  // 137: ω^ω^5+1
    (&[&[(7, 1)], &[(0, 1)]], 0),       // 139: ω^ω^7+ω
    (&[&[(10, 1)]], 1),                 // 149: ω^ω^10+1
    (&[&[(1, 1)], &[(0, 1)]], 0),       // 151: ω^ω+ω
    (&[&[(4, 1)]], 1),                  // 157: ω^ω^4+1
    (&[&[(0, 27)]], 4),                 // 163: ω^27+4
    (&[&[(21, 1)]], 1),                 // 167: ω^ω^21+1
    (&[&[(12, 1)]], 4),                 // 173: ω^ω^12+4
    (&[&[(22, 1)]], 1),                 // 179: ω^ω^22+1
    (&[&[(1, 1)], &[(0, 3)]], 0),       // 181: ω^ω+ω^3
    (&[&[(6, 1)], &[(1, 1)]], 0),       // 191: ω^ω^6+ω^ω
    (&[&[(0, 1)]], 65536),              // 193: ω+65536
    (&[&[(2, 7)]], 4),                  // 197: ω^(ω^2×7)+4
    (&[&[(3, 1)], &[(0, 3)]], 0),       // 199: ω^ω^3+ω^3
    (&[&[(2, 1)], &[(1, 1)]], 0),       // 211: ω^ω^2+ω^ω
    (&[&[(10, 1)]], 1),                 // 223: ω^ω^10+1
    (&[&[(28, 1)]], 1),                 // 227: ω^ω^28+1
    (&[&[(6, 1)]], 1),                  // 229: ω^ω^6+1
    (&[&[(8, 1)]], 1),                  // 233: ω^ω^8+1
    (&[&[(5, 1)], &[(2, 1)]], 0),       // 239: ω^ω^5+ω^ω^2
    (&[&[(0, 1)]], 16),                 // 241: ω+16
    (&[&[(1, 5)]], 1),                  // 251: ω^(ω×5)+1
    (&[], 256),                         // 257: 256
];

fn out_of_range() -> NumberError {
    NumberError::new("NimProduct out of range.")
}

/// A place `(k, n)` of the digits of a monomial: the digit d there stands
/// for `κ^d` with `κ = κ_{p^(n+1)} = ω^(ω^k·pⁿ)`, p the (k+1)-th odd
/// prime. Places are ordered by k, then n; a carry only ever moves to a
/// smaller place.
type Place = (u32, u32);

/// The digits of a monomial `ω^α`: `α = Σ ω^k·(Σ dₙ·pⁿ)`, digits in `1..p`.
type Digits = BTreeMap<Place, u32>;

/// A sum of monomials with finite nimber coefficients: `⊕ c·ω^α`.
type NimPolynomial = HashMap<Digits, Integer>;

fn prime(k: u32) -> Result<u32, NumberError> {
    usize::try_from(k)
        .ok()
        .and_then(|k| PRIMES.get(k))
        .copied()
        .ok_or_else(out_of_range)
}

/// The digits of an exponent α, if α is below `ω^55`: every term `ω^k·a`
/// of α has a finite `k ≤ 54` (SURREAL 7.5), and `a < 2^64`.
fn digits_of(alpha: &Ordinal) -> Result<Digits, NumberError> {
    let mut digits = Digits::new();
    for t in alpha.terms() {
        let k = t
            .exponent
            .to_u64()
            .and_then(|k| u32::try_from(k).ok())
            .filter(|&k| k <= MAX_K)
            .ok_or_else(out_of_range)?;
        // Exponent coefficients are bounded to 64 bits (at most 41 digits).
        let a = t.coefficient.to_u64().ok_or_else(out_of_range)?;
        for (place, d) in base_digits(k, a)? {
            digits.insert(place, d);
        }
    }
    Ok(digits)
}

/// The exponent α whose digits these are.
fn exponent_of(digits: &Digits) -> Ordinal {
    let mut by_k: BTreeMap<u32, Integer> = BTreeMap::new();
    for (&(k, n), &d) in digits {
        let p = Integer::from(PRIMES.get(k as usize).copied().unwrap_or(1));
        let value = Integer::from(d) * p.pow(n);
        let slot = by_k.entry(k).or_default();
        *slot += value;
    }
    let terms = by_k
        .into_iter()
        .map(|(k, a)| (Ordinal::from(u64::from(k)), a));
    GeneralizedOrdinal::from_terms(terms)
        .to_ordinal()
        .unwrap_or_default()
}

/// Adds `c·ω^α` (given by its digits) to a sum, by nim addition.
fn accumulate(sum: &mut NimPolynomial, digits: Digits, c: Integer) {
    if c.is_zero() {
        return;
    }
    match sum.remove(&digits) {
        None => {
            sum.insert(digits, c);
        }
        Some(old) => {
            let s = finite_sum(&old, &c).unwrap_or_default();
            if !s.is_zero() {
                sum.insert(digits, s);
            }
        }
    }
}

fn add_into(sum: &mut NimPolynomial, other: NimPolynomial) {
    for (digits, c) in other {
        accumulate(sum, digits, c);
    }
}

/// `(c·ω^α) ⊗ κ_{(k,n)}^d`: adds the digit with Lenstra's carries.
fn times_kappa(
    mut digits: Digits,
    c: Integer,
    place: Place,
    d: u32,
) -> Result<NimPolynomial, NumberError> {
    interrupt::check();
    let (k, n) = place;
    let p = prime(k)?;
    let s = digits.get(&place).copied().unwrap_or(0) + d;
    if s < p {
        digits.insert(place, s);
        return Ok(HashMap::from([(digits, c)]));
    }
    if s == p {
        digits.remove(&place);
    } else {
        digits.insert(place, s - p);
    }
    if n > 0 {
        // κ_{p^(n+1)}^p = κ_{pⁿ}.
        return times_kappa(digits, c, (k, n - 1), 1);
    }
    // κ_p^p = α_p, a nim sum of ω-powers and a finite part.
    let (terms, finite) = usize::try_from(k)
        .ok()
        .and_then(|k| ALPHA.get(k))
        .copied()
        .ok_or_else(out_of_range)?;
    let mut result = NimPolynomial::new();
    for term in terms {
        let mut branch = HashMap::from([(digits.clone(), c.clone())]);
        for &(k2, a) in *term {
            for (place2, d2) in base_digits(k2, a)? {
                branch = times_kappa_all(branch, place2, d2)?;
            }
        }
        add_into(&mut result, branch);
    }
    if finite != 0 {
        let m = finite_product(&c, &Integer::from(finite)).unwrap_or_default();
        accumulate(&mut result, digits, m);
    }
    Ok(result)
}

/// The places and digits of `a` written in base `p_{k+1}`.
fn base_digits(k: u32, a: u64) -> Result<Vec<(Place, u32)>, NumberError> {
    let p = u64::from(prime(k)?);
    let mut out = Vec::new();
    let (mut a, mut n) = (a, 0u32);
    while a > 0 {
        let d = u32::try_from(a % p).map_err(|_| out_of_range())?;
        if d != 0 {
            out.push(((k, n), d));
        }
        a /= p;
        n += 1;
    }
    Ok(out)
}

/// Multiplies every monomial of a sum by `κ_{(k,n)}^d`.
fn times_kappa_all(sum: NimPolynomial, place: Place, d: u32) -> Result<NimPolynomial, NumberError> {
    let mut result = NimPolynomial::new();
    for (digits, c) in sum {
        add_into(&mut result, times_kappa(digits, c, place, d)?);
    }
    Ok(result)
}

/// The ordinal `⊕ c·ω^α` of a sum of monomials.
fn ordinal_of(sum: NimPolynomial) -> Ordinal {
    let terms = sum.into_iter().map(|(digits, c)| (exponent_of(&digits), c));
    GeneralizedOrdinal::from_terms(terms)
        .to_ordinal()
        .unwrap_or_default()
}

/// The digits of every term of an ordinal.
fn monomials(a: &Ordinal) -> Result<Vec<(Digits, Integer)>, NumberError> {
    a.terms()
        .iter()
        .map(|t| Ok((digits_of(&t.exponent)?, t.coefficient.clone())))
        .collect()
}

// ---------------------------------------------------------------------------
// Public interface on ordinals.

/// The nim sum `a ⊕ b` of ordinals: the coefficients of equal exponents
/// combined by exclusive or (SURREAL 7.2). No range limit.
pub fn nim_sum(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let mut terms: BTreeMap<&Ordinal, Integer> = BTreeMap::new();
    for t in a.terms().iter().chain(b.terms()) {
        let slot = terms.entry(&t.exponent).or_default();
        *slot = finite_sum(slot, &t.coefficient).unwrap_or_default();
    }
    let terms = terms
        .into_iter()
        .filter(|(_, c)| !c.is_zero())
        .map(|(e, c)| (e.clone(), c));
    GeneralizedOrdinal::from_terms(terms)
        .to_ordinal()
        .unwrap_or_default()
}

/// The nim product `a ⊗ b` of ordinals by Lenstra's algorithm (SURREAL
/// 7.3). `NimProduct out of range.` when a term product is formed with an
/// exponent not below `ω^55`, or needs Lenstra's constant for a prime above
/// 257 (SURREAL 7.5); a zero operand gives 0 without any check.
pub fn nim_product(a: &Ordinal, b: &Ordinal) -> Result<Ordinal, NumberError> {
    if a.is_zero() || b.is_zero() {
        return Ok(Ordinal::zero());
    }
    if let (Some(x), Some(y)) = (a.to_integer(), b.to_integer()) {
        let p = finite_product(&x, &y).unwrap_or_default();
        return Ok(Ordinal::from_integer(&p).unwrap_or_default());
    }
    let (xs, ys) = (monomials(a)?, monomials(b)?);
    let mut sum = NimPolynomial::new();
    for (dx, cx) in &xs {
        for (dy, cy) in &ys {
            interrupt::checkpoint();
            let c = finite_product(cx, cy).unwrap_or_default();
            let mut product = HashMap::from([(dx.clone(), c)]);
            // Largest places first (SURREAL 7.3).
            for (&place, &d) in dy.iter().rev() {
                product = times_kappa_all(product, place, d)?;
            }
            add_into(&mut sum, product);
        }
    }
    Ok(ordinal_of(sum))
}

/// The nim power `a^⊗n` by square and multiply (SURREAL 7.4); `n = 0`
/// gives 1 without looking at a.
pub fn nim_power(a: &Ordinal, n: &Integer) -> Result<Ordinal, NumberError> {
    if n.is_negative() {
        return Err(NumberError::new(
            "Exponent for NimExp must be a nonnegative integer.",
        ));
    }
    let mut result = Ordinal::one();
    if n.is_zero() {
        return Ok(result);
    }
    let mut base = a.clone();
    let bits = n.bit_length();
    for i in 0..bits {
        if n.shr(i).is_odd() {
            result = nim_product(&result, &base)?;
        }
        if i + 1 < bits {
            base = nim_product(&base, &base)?;
        }
    }
    Ok(result)
}

/// The nim inverse: the b with `a ⊗ b = 1` (`/ by zero` for 0). Every
/// non-zero ordinal below `ω^(ω^55)` has one (On₂ is a field); it is
/// computed in the tower of extensions `K′[κ]` (see the module
/// documentation). Not in CGSuite beyond finite nimbers.
pub fn nim_inverse(a: &Ordinal) -> Result<Ordinal, NumberError> {
    if a.is_zero() {
        return Err(NumberError::new("/ by zero"));
    }
    if let Some(x) = a.to_integer() {
        let inv = finite_inverse(&x).ok_or_else(|| NumberError::new("/ by zero"))?;
        return Ok(Ordinal::from_integer(&inv).unwrap_or_default());
    }
    let monos = monomials(a)?;
    let Some(top) = monos
        .iter()
        .filter_map(|(d, _)| d.keys().next_back())
        .max()
        .copied()
    else {
        return Err(out_of_range());
    };
    if let [(digits, c)] = monos.as_slice() {
        return monomial_inverse(digits, c);
    }
    let p = prime(top.0)?;
    let parts = split_at_place(&monos, top, p);
    let a_p = kappa_power_p(top)?;
    // Extended Euclid in K′[t] modulo t^p + a (characteristic 2).
    let mut modulus = vec![Ordinal::zero(); p as usize + 1];
    if let Some(first) = modulus.first_mut() {
        *first = a_p;
    }
    if let Some(last) = modulus.last_mut() {
        *last = Ordinal::one();
    }
    let (mut r0, mut r1) = (modulus, trim(parts));
    let (mut s0, mut s1) = (Vec::new(), vec![Ordinal::one()]);
    while !r1.is_empty() {
        interrupt::checkpoint();
        let (q, r) = poly_divmod(&r0, &r1)?;
        let s = poly_add(&s0, &poly_mul(&q, &s1)?);
        (r0, r1) = (r1, r);
        (s0, s1) = (s1, s);
    }
    // r0 is the non-zero constant gcd g, and s0·x ≡ g.
    let g = r0.first().cloned().unwrap_or_default();
    let g_inv = nim_inverse(&g)?;
    let kappa = Ordinal::omega_power(kappa_exponent(top));
    evaluate(&poly_scale(&s0, &g_inv)?, &kappa)
}

/// The nim square root: the b with `b ⊗ b = a` (unique: squaring is the
/// Frobenius automorphism of a field of characteristic 2). Computed term by
/// term, `√(c·Π κ^d) = √c ⊗ Π (√κ)^d` with `√κ = κ^((p+1)/2) ⊗ (√(κ^p))⁻¹`.
/// Not in CGSuite.
pub fn nim_sqrt(a: &Ordinal) -> Result<Ordinal, NumberError> {
    let mut result = Ordinal::zero();
    for (digits, c) in monomials(a)? {
        let root = finite_sqrt(&c).unwrap_or_default();
        let mut term = Ordinal::from_integer(&root).unwrap_or_default();
        for (&place, &d) in &digits {
            let root = kappa_sqrt(place)?;
            term = nim_product(&term, &nim_power(&root, &Integer::from(d))?)?;
        }
        result = nim_sum(&result, &term);
    }
    Ok(result)
}

/// `√κ` for `κ = κ_{(k,n)}`: `κ^((p+1)/2) ⊗ (√(κ^p))⁻¹`.
fn kappa_sqrt(place: Place) -> Result<Ordinal, NumberError> {
    let p = prime(place.0)?;
    let kappa = Ordinal::omega_power(kappa_exponent(place));
    let half = nim_power(&kappa, &Integer::from(p.div_ceil(2)))?;
    let root_of_power = nim_sqrt(&kappa_power_p(place)?)?;
    nim_product(&half, &nim_inverse(&root_of_power)?)
}

/// The exponent `ω^k·pⁿ` of `κ_{(k,n)}`.
fn kappa_exponent((k, n): Place) -> Ordinal {
    let p = Integer::from(PRIMES.get(k as usize).copied().unwrap_or(1));
    Ordinal::monomial(Ordinal::from(u64::from(k)), p.pow(n))
}

/// `κ^p` for `κ = κ_{(k,n)}`: `κ_{(k,n−1)}` or, for n = 0, `α_p`.
fn kappa_power_p(place: Place) -> Result<Ordinal, NumberError> {
    let digits = Digits::from([(place, 1)]);
    let p = prime(place.0)?;
    let sum = times_kappa(digits, Integer::one(), place, p - 1)?;
    Ok(ordinal_of(sum))
}

/// The inverse of `c·Π κ^d`: `c⁻¹ ⊗ Π (κ^(p−d) ⊗ (κ^p)⁻¹)`.
fn monomial_inverse(digits: &Digits, c: &Integer) -> Result<Ordinal, NumberError> {
    let c_inv = finite_inverse(c).ok_or_else(|| NumberError::new("/ by zero"))?;
    let mut result = Ordinal::from_integer(&c_inv).unwrap_or_default();
    for (&place, &d) in digits {
        let p = prime(place.0)?;
        let power = times_kappa(Digits::new(), Integer::one(), place, p - d)?;
        let inv = nim_inverse(&kappa_power_p(place)?)?;
        result = nim_product(&result, &nim_product(&ordinal_of(power), &inv)?)?;
    }
    Ok(result)
}

/// Writes `a = Σ aᵢ ⊗ κ^i` (`i < p`, κ at the given place, the `aᵢ` free
/// of it): the coefficients `aᵢ`.
fn split_at_place(monos: &[(Digits, Integer)], place: Place, p: u32) -> Vec<Ordinal> {
    let mut parts: Vec<NimPolynomial> = vec![NimPolynomial::new(); p as usize];
    for (digits, c) in monos {
        let mut rest = digits.clone();
        let i = rest.remove(&place).unwrap_or(0) as usize;
        if let Some(part) = parts.get_mut(i) {
            accumulate(part, rest, c.clone());
        }
    }
    parts.into_iter().map(ordinal_of).collect()
}

// Polynomials over a subfield K′ of On₂: coefficient vectors, lowest degree
// first, without trailing zeros.

fn trim(mut a: Vec<Ordinal>) -> Vec<Ordinal> {
    while a.last().is_some_and(Ordinal::is_zero) {
        a.pop();
    }
    a
}

fn poly_add(a: &[Ordinal], b: &[Ordinal]) -> Vec<Ordinal> {
    let n = a.len().max(b.len());
    let zero = Ordinal::zero();
    trim(
        (0..n)
            .map(|i| nim_sum(a.get(i).unwrap_or(&zero), b.get(i).unwrap_or(&zero)))
            .collect(),
    )
}

fn poly_scale(a: &[Ordinal], c: &Ordinal) -> Result<Vec<Ordinal>, NumberError> {
    Ok(trim(
        a.iter()
            .map(|x| nim_product(x, c))
            .collect::<Result<_, _>>()?,
    ))
}

fn poly_mul(a: &[Ordinal], b: &[Ordinal]) -> Result<Vec<Ordinal>, NumberError> {
    if a.is_empty() || b.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = vec![Ordinal::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            if let Some(slot) = out.get_mut(i + j) {
                *slot = nim_sum(slot, &nim_product(x, y)?);
            }
        }
    }
    Ok(trim(out))
}

/// Quotient and remainder of a by a non-zero b.
fn poly_divmod(a: &[Ordinal], b: &[Ordinal]) -> Result<(Vec<Ordinal>, Vec<Ordinal>), NumberError> {
    let Some(lead) = b.last() else {
        return Err(NumberError::new("/ by zero"));
    };
    let lead_inv = nim_inverse(lead)?;
    let mut r = a.to_vec();
    let mut q = vec![Ordinal::zero(); a.len().saturating_sub(b.len()) + 1];
    while r.len() >= b.len() {
        interrupt::checkpoint();
        let shift = r.len() - b.len();
        let c = nim_product(r.last().unwrap_or(&Ordinal::zero()), &lead_inv)?;
        for (j, y) in b.iter().enumerate() {
            if let Some(slot) = r.get_mut(shift + j) {
                *slot = nim_sum(slot, &nim_product(&c, y)?);
            }
        }
        if let Some(slot) = q.get_mut(shift) {
            *slot = c;
        }
        r = trim(r);
    }
    Ok((trim(q), r))
}

/// `Σ aᵢ ⊗ x^i` by Horner's rule.
fn evaluate(a: &[Ordinal], x: &Ordinal) -> Result<Ordinal, NumberError> {
    let mut acc = Ordinal::zero();
    for c in a.iter().rev() {
        acc = nim_sum(&nim_product(&acc, x)?, c);
    }
    Ok(acc)
}

// ---------------------------------------------------------------------------
// CGSuite's methods on generalized ordinals.

impl GeneralizedOrdinal {
    /// CGSuite's `NimSum` on generalized ordinals (SURREAL 7.2): `NimSum
    /// applies only to ordinals.` unless both are ordinals.
    pub fn nim_sum(&self, other: &GeneralizedOrdinal) -> Result<GeneralizedOrdinal, NumberError> {
        let (a, b) = ordinals_for(self, other, "NimSum")?;
        Ok(nim_sum(&a, &b).into())
    }

    /// CGSuite's `NimProduct` (SURREAL 7.3): `NimProduct applies only to
    /// ordinals.` or `NimProduct out of range.`.
    pub fn nim_product(
        &self,
        other: &GeneralizedOrdinal,
    ) -> Result<GeneralizedOrdinal, NumberError> {
        let (a, b) = ordinals_for(self, other, "NimProduct")?;
        Ok(nim_product(&a, &b)?.into())
    }

    /// CGSuite's `NimExp` (SURREAL 7.4): `n = 0` gives 1 without any check.
    pub fn nim_exp(&self, n: &Integer) -> Result<GeneralizedOrdinal, NumberError> {
        if n.is_negative() {
            return Err(NumberError::new(
                "Exponent for NimExp must be a nonnegative integer.",
            ));
        }
        if n.is_zero() {
            return Ok(GeneralizedOrdinal::one());
        }
        let a = self
            .to_ordinal()
            .ok_or_else(|| NumberError::new("NimProduct applies only to ordinals."))?;
        Ok(nim_power(&a, n)?.into())
    }
}

fn ordinals_for(
    a: &GeneralizedOrdinal,
    b: &GeneralizedOrdinal,
    method: &str,
) -> Result<(Ordinal, Ordinal), NumberError> {
    match (a.to_ordinal(), b.to_ordinal()) {
        (Some(x), Some(y)) => Ok((x, y)),
        _ => Err(NumberError::new(format!(
            "{method} applies only to ordinals."
        ))),
    }
}

// ---------------------------------------------------------------------------
// Transfinite nimbers.

/// The nimber `∗α` of an ordinal α (CGSuite's `TransfiniteNimber`, SURREAL
/// 7.1): an impartial game that is not a short game, with only the
/// product `ConwayProduct` (the nim product of the values).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TransfiniteNimber(Ordinal);

/// What unary `∗x` makes of an integer or generalized ordinal x.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Star {
    /// An ordinary nimber `∗n`, for `0 ≤ n < 2^31`.
    Finite(u32),
    /// A transfinite nimber, for any other ordinal.
    Transfinite(TransfiniteNimber),
}

impl TransfiniteNimber {
    /// The class name `.Class` prints.
    pub const CLASS_NAME: &'static str = "game.TransfiniteNimber";

    /// `∗α`.
    pub fn new(alpha: Ordinal) -> TransfiniteNimber {
        TransfiniteNimber(alpha)
    }

    /// The nim value α.
    pub fn value(&self) -> &Ordinal {
        &self.0
    }

    /// CGSuite's unary `*x` on a generalized ordinal (SURREAL 7.1): an
    /// ordinary nimber for `0 ≤ x < 2^31`, the error `Nim value is
    /// negative: -8` for other 32-bit integers, a transfinite nimber for
    /// any other ordinal and the error `Nim value is not an ordinal: ω-1`
    /// otherwise.
    pub fn star(x: &GeneralizedOrdinal) -> Result<Star, NumberError> {
        if let Some(n) = x.to_integer().and_then(|n| n.to_i64()) {
            if let Ok(n) = i32::try_from(n) {
                return u32::try_from(n)
                    .map(Star::Finite)
                    .map_err(|_| NumberError::new(format!("Nim value is negative: {n}")));
            }
        }
        x.to_ordinal()
            .map(|a| Star::Transfinite(TransfiniteNimber(a)))
            .ok_or_else(|| NumberError::new(format!("Nim value is not an ordinal: {x}")))
    }

    /// The outcome of a non-zero nimber: the first player wins.
    pub fn outcome(&self) -> crate::game::Outcome {
        crate::game::Outcome::N
    }

    /// CGSuite's answers of the game predicates on a transfinite nimber
    /// (SURREAL 7.1): true for `IsNimber`, `IsAllSmall`, `IsInfinitesimal`,
    /// `IsLoopfree`, `IsNumberish`, `IsPlumtree`, `IsStopper`,
    /// `IsStopperSided` and `IsUptimal`; `None` for other names.
    pub fn predicate(name: &str) -> Option<bool> {
        match name {
            "IsNimber" | "IsAllSmall" | "IsInfinitesimal" | "IsLoopfree" | "IsNumberish"
            | "IsPlumtree" | "IsStopper" | "IsStopperSided" | "IsUptimal" => Some(true),
            _ => None,
        }
    }

    /// CGSuite's `ConwayProduct`: `∗(α ⊗ β)`, again a transfinite nimber
    /// (SURREAL 7.1).
    pub fn conway_product(
        &self,
        other: &TransfiniteNimber,
    ) -> Result<TransfiniteNimber, NumberError> {
        nim_product(&self.0, &other.0).map(TransfiniteNimber)
    }
}

impl fmt::Display for TransfiniteNimber {
    /// `*ω`, `*(ω+5)`, `*(ω×5)`, `*1099511627776` (SURREAL 5.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("*")?;
        write_grouped(f, self.0.as_generalized())
    }
}
