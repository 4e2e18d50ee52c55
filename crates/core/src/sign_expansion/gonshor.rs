//! From a Conway normal form to the sign expansion (SURREAL 9.3 and 9.4;
//! Gonshor, "An Introduction to the Theory of Surreal Numbers", Theorems
//! 5.11 and 5.12 for monomials; ONAG ch. 3 for the irrelevant signs of
//! sums).
//!
//! The monomial `ω^y·r`, with `r = r₀r₁r₂…`, has the expansion
//! `r₀ · Π_{δ<ℓ(y)} (y_δ ⊙ r₀)^(ω^(pl(δ)+1)) · Π_{j≥1} r_j^(ω^PL)` where
//! `pl(δ)` counts the `+` signs of y before δ and PL all of them. A sum
//! `Σ ω^(yᵢ)·rᵢ` is the concatenation of the contributions of its terms,
//! each computed after deleting the irrelevant signs of its exponent: the
//! minus signs of yᵢ whose prefix up to and including them is at least
//! some earlier exponent. For a successor i that earlier exponent is
//! `y_{i−1}`, followed by a `-` when `r_{i−1}` is not dyadic (SURREAL 9.4
//! omits this case; see [`Threshold::previous`]); after an ω-sequence of exponents `H − n·c·ω^e + …` it is
//! their limit, and the condition is that the prefix is above the sequence
//! `s(H)` followed by `-^(ω^(e+1))`.
//!
//! Everything here works on sign sequences, not values: the exponent may
//! be any number with a finite sign expansion (a generalized ordinal, or a
//! dyadic as in `ω^(1/2) = √ω`), which is how SURREAL 9.6's rows outside
//! the field are checked.

use crate::number::{NumberError, Rational};
use crate::surreal::{GeneralizedOrdinal, Ordinal};

use super::normal_form::{part_above, NormalTerm, Series};
use super::real;
use super::sequence::{Segment, Sign, SignExpansion};

/// The earlier exponent against which the irrelevant signs of a term's
/// exponent are found.
#[derive(Clone, Debug)]
pub struct Threshold {
    /// The expansion of the previous exponent, or of the limit of an
    /// ω-sequence of exponents.
    pub signs: Vec<(Sign, Ordinal)>,
    /// True after an ω-sequence: a prefix is irrelevant when strictly
    /// above the limit; false for a previous exponent: when at least it.
    pub strict: bool,
}

impl Threshold {
    /// After the ω exponents `H − n·c·ω^e + …` of a periodic series (one of
    /// them given): their limit, the sequence `s(H)` followed by
    /// `-^(ω^(e+1))`, as a strict threshold.
    pub fn limit(exponent: &GeneralizedOrdinal, e: &Ordinal) -> Threshold {
        let h = generalized_expansion(&part_above(exponent, e));
        let tail = Segment::Run(Sign::Minus, Ordinal::omega_power(e.successor()));
        let limit = SignExpansion::new(h.segments().iter().cloned().chain([tail]));
        Threshold {
            signs: limit.runs().unwrap_or_default(),
            strict: true,
        }
    }

    /// After the term `ω^y·r` (y given by its expansion): the expansion of
    /// y, followed by a `-` when r is not dyadic. A non-dyadic coefficient's
    /// tail is an ω-sequence of blocks `ω^PL`, as long as the block a `-`
    /// appended to y would add: the next term continues from `ω^(y-)`'s
    /// scale. (So `s(1/3 + ε)` is `s(1/3)` followed by `+`, born on day
    /// ω + 1: `1/3 + ε = {1/3 | the dyadics above 1/3}`.)
    pub fn previous(exponent: &SignExpansion, coefficient: &Rational) -> Option<Threshold> {
        let mut signs = exponent.runs()?;
        if !coefficient.is_dyadic() {
            match signs.last_mut() {
                Some((Sign::Minus, l)) => *l = l.successor(),
                _ => signs.push((Sign::Minus, Ordinal::one())),
            }
        }
        Some(Threshold {
            signs,
            strict: false,
        })
    }
}

/// The sign expansion of a generalized ordinal: the runs
/// `(sign cᵢ)^(ω^αᵢ·|cᵢ|)` in order (SURREAL 9.4).
pub fn generalized_expansion(x: &GeneralizedOrdinal) -> SignExpansion {
    SignExpansion::new(x.terms().iter().map(|t| {
        let length = Ordinal::omega_power(t.exponent.clone())
            .cantor_product(&Ordinal::from_integer(&t.coefficient.abs()).unwrap_or_default());
        Segment::Run(Sign::of(t.coefficient.signum()), length)
    }))
}

/// The contribution of the term `ω^y·r` (y given by a finite sign
/// expansion), after deleting the signs of y irrelevant against the
/// threshold.
pub fn term_expansion(
    y: &[(Sign, Ordinal)],
    r: &Rational,
    threshold: Option<&Threshold>,
) -> Result<SignExpansion, NumberError> {
    let (r0, tail) = real::expansion(r)?
        .split_first()
        .ok_or_else(|| NumberError::new("A term of a normal form is 0"))?;
    let common = threshold.map(|t| common_prefix(y, &t.signs));
    let mut segments = vec![Segment::Run(r0, Ordinal::one())];
    let mut pl = Ordinal::zero();
    let mut start = Ordinal::zero();
    for (sign, lambda) in y {
        let end = start.cantor_sum(lambda);
        match sign {
            Sign::Plus => {
                // Σ_{ι<λ} ω^(pl+ι+1) = ω^(pl+λ).
                pl = pl.cantor_sum(lambda);
                segments.push(Segment::Run(r0, Ordinal::omega_power(pl.clone())));
            }
            Sign::Minus => {
                let kept = match (threshold, &common) {
                    (Some(t), Some(c)) => kept_minus(&start, &end, c, t),
                    _ => lambda.clone(),
                };
                let block = Ordinal::omega_power(pl.successor()).cantor_product(&kept);
                segments.push(Segment::Run(Sign::Minus.times(r0), block));
            }
        }
        start = end;
    }
    let tail = tail.stretched(&pl);
    segments.extend(tail.segments().iter().cloned());
    Ok(SignExpansion::new(segments))
}

/// How the sequence t goes on at the end of the common prefix c of y and
/// t: its sign there, or `None` if t ends there.
struct Common {
    length: Ordinal,
    next_in_t: Option<Sign>,
}

fn common_prefix(y: &[(Sign, Ordinal)], t: &[(Sign, Ordinal)]) -> Common {
    let (mut i, mut j) = (0, 0);
    let (mut oy, mut ot) = (Ordinal::zero(), Ordinal::zero());
    let mut length = Ordinal::zero();
    loop {
        let (Some((sy, ly)), Some((st, lt))) = (y.get(i), t.get(j)) else {
            let next_in_t = t.get(j).map(|(s, _)| *s);
            return Common { length, next_in_t };
        };
        if sy != st {
            return Common {
                length,
                next_in_t: Some(*st),
            };
        }
        let ry = oy.left_difference(ly).unwrap_or_default();
        let rt = ot.left_difference(lt).unwrap_or_default();
        let m = (&ry).min(&rt).clone();
        length = length.cantor_sum(&m);
        oy = oy.cantor_sum(&m);
        ot = ot.cantor_sum(&m);
        if &oy >= ly {
            i += 1;
            oy = Ordinal::zero();
        }
        if &ot >= lt {
            j += 1;
            ot = Ordinal::zero();
        }
    }
}

/// The order type of the kept positions of a run of minus signs of y at
/// `[start, end)`: the positions from the end of the common prefix on, and
/// the last common position when t goes on with `+` there (or ends, for a
/// strict threshold), the minus signs before being followed in t by more
/// minus signs.
fn kept_minus(start: &Ordinal, end: &Ordinal, c: &Common, t: &Threshold) -> Ordinal {
    let from = (&c.length).max(start);
    let beyond = if from < end {
        from.left_difference(end).unwrap_or_default()
    } else {
        Ordinal::zero()
    };
    let last_kept = &c.length > start
        && c.length.is_successor()
        && &c.length <= end
        && match c.next_in_t {
            Some(Sign::Plus) => true,
            None => t.strict,
            Some(Sign::Minus) => false,
        };
    if last_kept {
        Ordinal::one().cantor_sum(&beyond)
    } else {
        beyond
    }
}

/// The sign expansion of a normal form given as consecutive series.
pub fn expansion(series: &[Series]) -> Result<SignExpansion, NumberError> {
    let mut segments: Vec<Segment> = Vec::new();
    let mut previous: Option<Threshold> = None;
    let mut previous_exponent: Option<GeneralizedOrdinal> = None;
    for s in series {
        for term in &s.head {
            let y = generalized_expansion(&term.exponent);
            segments.extend(contribution(&y, term, previous.as_ref())?);
            previous = Threshold::previous(&y, &term.coefficient);
            previous_exponent = Some(term.exponent.clone());
        }
        let Some(shift_term) = s.shift.terms().first() else {
            continue;
        };
        let e = shift_term.exponent.clone();
        // Terms of the period one by one until the contributions repeat:
        // once the previous exponent has a negative coefficient of ω^e,
        // and the contributions of a period are those of the next one.
        // The first period after the head may differ from the next even
        // then, its first term's signs being compared with the head's last
        // exponent, at another distance than within the period: in
        // `−ε + 2ε³ − 2ε⁴ + 2ε⁵ − …` one sign of `ε³`'s exponent is
        // irrelevant against `ε`'s, three of `ε⁵`'s against `ε⁴`'s.
        let period_len = s.period.len();
        let mut k = 0usize;
        // Terms written since the previous exponent's coefficient turned
        // negative.
        let mut settling = 0usize;
        loop {
            crate::interrupt::checkpoint();
            let stable = previous_exponent
                .as_ref()
                .is_some_and(|p| p.coefficient_of(&e).is_negative());
            if stable {
                let (body, after) = period_contributions(s, k, previous.clone())?;
                let (next, _) = period_contributions(s, k + period_len, after)?;
                if body == next {
                    segments.push(Segment::Repeat(body));
                    break;
                }
                settling += 1;
                if settling > MAX_SETTLING_TERMS.saturating_add(period_len) {
                    return Err(NumberError::new(
                        "SignExpansion: the contributions of a periodic normal form do not settle",
                    ));
                }
            }
            let term = periodic_term(s, k);
            let y = generalized_expansion(&term.exponent);
            segments.extend(contribution(&y, &term, previous.as_ref())?);
            previous = Threshold::previous(&y, &term.coefficient);
            previous_exponent = Some(term.exponent.clone());
            k += 1;
        }
        previous = s.period.first().map(|t| Threshold::limit(&t.exponent, &e));
        previous_exponent = None;
    }
    Ok(SignExpansion::new(segments))
}

/// The most terms of a periodic part written one by one, once the previous
/// exponent has a negative coefficient of the shift's power, before the
/// contributions repeat (they settle within a period of that term): a
/// bound against a loop, past which the expansion is an error rather than
/// a guess.
const MAX_SETTLING_TERMS: usize = 64;

/// The contributions of the period of `s` starting at its term `from`,
/// the term before having left `previous`, and what the period's last
/// term leaves for the next.
fn period_contributions(
    s: &Series,
    from: usize,
    mut previous: Option<Threshold>,
) -> Result<(Vec<Segment>, Option<Threshold>), NumberError> {
    let mut body = Vec::new();
    for i in from..from + s.period.len() {
        let t = periodic_term(s, i);
        let y = generalized_expansion(&t.exponent);
        body.extend(contribution(&y, &t, previous.as_ref())?);
        previous = Threshold::previous(&y, &t.coefficient);
    }
    Ok((body, previous))
}

/// The i-th term of the periodic part: `period[i mod P]·ω^(⌊i/P⌋·shift)`.
fn periodic_term(s: &Series, i: usize) -> NormalTerm {
    let p = s.period.len().max(1);
    let base = s.period.get(i % p).cloned().unwrap_or_else(|| NormalTerm {
        exponent: GeneralizedOrdinal::zero(),
        coefficient: Rational::one(),
    });
    let k = crate::number::Integer::from(i / p);
    NormalTerm {
        exponent: &base.exponent + &s.shift.scale(&k),
        coefficient: base.coefficient,
    }
}

fn contribution(
    y: &SignExpansion,
    term: &NormalTerm,
    threshold: Option<&Threshold>,
) -> Result<Vec<Segment>, NumberError> {
    let runs = y
        .runs()
        .ok_or_else(|| NumberError::new("An exponent has an infinite repetition"))?;
    Ok(term_expansion(&runs, &term.coefficient, threshold)?
        .segments()
        .to_vec())
}
