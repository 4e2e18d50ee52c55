//! Sign expansions of rational numbers by Berlekamp's rule (Winning Ways
//! ch. 2; SURREAL 9.2), and back.
//!
//! For `x > 0` with integer part n and fractional part `f = 0.b₁b₂…` in
//! binary: `+^n` if `f = 0`, else `+^(n+1) -` followed by the binary digits
//! (`+` for 1, `-` for 0), the final 1 of a dyadic not written. Dyadics have
//! finite expansions and other rationals expansions of length ω whose
//! digits are eventually periodic, which the block form writes as a
//! repetition. Negative numbers have every sign flipped.

use crate::number::{Integer, NumberError, Rational};
use crate::surreal::Ordinal;

use super::sequence::{Segment, Sign, SignExpansion};

/// The longest period of binary digits written out (a rational whose
/// denominator has a larger odd part may have a longer one: 2 has order
/// `d − 1` modulo a prime d).
pub const MAX_PERIOD: u64 = 1 << 16;

/// The sign expansion of a finite rational.
pub fn expansion(r: &Rational) -> Result<SignExpansion, NumberError> {
    if r.is_infinite() {
        return Err(NumberError::new(format!("{r} has no sign expansion")));
    }
    if r.is_negative() {
        return Ok(expansion(&-r)?.negated());
    }
    let n = r.floor()?;
    let f = r.sub(&Rational::from(n.clone()))?;
    if f.is_zero() {
        return Ok(SignExpansion::run(Sign::Plus, ordinal(&n)));
    }
    let mut segments = vec![
        Segment::Run(Sign::Plus, ordinal(&(n + Integer::one()))),
        Segment::Run(Sign::Minus, Ordinal::one()),
    ];
    let (a, d) = (f.numerator(), f.denominator());
    let two_power = d.trailing_zeros().unwrap_or(0);
    let mut rem = a;
    let digit = |rem: &mut Integer| {
        *rem = rem.shl(1);
        let one = *rem >= d;
        if one {
            *rem -= &d;
        }
        one
    };
    if d.is_two_power() {
        // Finitely many digits, the last a 1 not written.
        let mut digits = Vec::new();
        while !rem.is_zero() {
            digits.push(digit(&mut rem));
        }
        digits.pop();
        segments.extend(signs(&digits));
        return Ok(SignExpansion::new(segments));
    }
    let mut prefix = Vec::new();
    for _ in 0..two_power {
        prefix.push(digit(&mut rem));
    }
    let start = rem.clone();
    let mut period = Vec::new();
    loop {
        if period.len() as u64 >= MAX_PERIOD {
            return Err(NumberError::new(format!(
                "The binary digits of {r} have a period longer than {MAX_PERIOD}"
            )));
        }
        period.push(digit(&mut rem));
        if rem == start {
            break;
        }
    }
    segments.extend(signs(&prefix));
    segments.push(Segment::Repeat(signs(&period).collect()));
    Ok(SignExpansion::new(segments))
}

fn ordinal(n: &Integer) -> Ordinal {
    Ordinal::from_integer(n).unwrap_or_default()
}

fn signs(digits: &[bool]) -> impl Iterator<Item = Segment> + '_ {
    digits.iter().map(|&b| {
        let s = if b { Sign::Plus } else { Sign::Minus };
        Segment::Run(s, Ordinal::one())
    })
}

/// The rational whose sign expansion this is, if it is one: a finite
/// sequence (a dyadic), or a sequence of length ω of finite runs ending in
/// a repetition of both signs and not beginning with ω equal signs.
pub fn value(s: &SignExpansion) -> Option<Rational> {
    let (mut prefix, period) = flatten(s.segments())?;
    if period.is_empty() {
        let bits: Vec<bool> = prefix.iter().map(|&x| x == Sign::Plus).collect();
        return Some(super::from_sign_expansion(&bits).to_rational());
    }
    if period.iter().all(|&x| x == Sign::Plus) || period.iter().all(|&x| x == Sign::Minus) {
        return None;
    }
    let first = *prefix.first().or(period.first())?;
    while !prefix.contains(&first.flip()) {
        prefix.extend_from_slice(&period);
    }
    let m = prefix.iter().take_while(|&&x| x == first).count();
    let digits = |xs: &[Sign]| -> Vec<bool> { xs.iter().map(|&x| x == first).collect() };
    let frac = binary_fraction(&digits(&prefix[m + 1..]), &digits(&period))?;
    let x = Rational::from(Integer::from(m as u64 - 1))
        .add(&frac)
        .ok()?;
    Some(if first == Sign::Minus { -x } else { x })
}

/// The signs of a sequence of finite runs, as a finite prefix and the
/// period of a final repetition (empty if there is none).
fn flatten(segments: &[Segment]) -> Option<(Vec<Sign>, Vec<Sign>)> {
    let mut prefix = Vec::new();
    let mut total: u64 = 0;
    let mut put = |out: &mut Vec<Sign>, sign: Sign, a: &Ordinal| -> Option<()> {
        let n = a.to_u64()?;
        total = total.checked_add(n).filter(|&t| t <= 4 * MAX_PERIOD)?;
        out.extend(std::iter::repeat_n(sign, usize::try_from(n).ok()?));
        Some(())
    };
    for (i, seg) in segments.iter().enumerate() {
        match seg {
            Segment::Run(sign, a) => put(&mut prefix, *sign, a)?,
            Segment::Repeat(body) if i + 1 == segments.len() => {
                let mut period = Vec::new();
                for b in body {
                    let Segment::Run(sign, a) = b else {
                        return None;
                    };
                    put(&mut period, *sign, a)?;
                }
                return Some((prefix, period));
            }
            Segment::Repeat(_) => return None,
        }
    }
    Some((prefix, Vec::new()))
}

/// `0.P(Q)(Q)…` in binary, P and Q digit strings (Q may be empty).
fn binary_fraction(prefix: &[bool], period: &[bool]) -> Option<Rational> {
    let bits = |ds: &[bool]| {
        ds.iter().fold(Integer::zero(), |acc, &b| {
            acc.shl(1) + Integer::from(i64::from(b))
        })
    };
    let p = Integer::one().shl(prefix.len() as u64);
    let head = Rational::new(bits(prefix), p.clone()).ok()?;
    if period.is_empty() {
        return Some(head);
    }
    // The period contributes Q / ((2^q − 1)·2^p).
    let q = Integer::one().shl(period.len() as u64) - Integer::one();
    let tail = Rational::new(bits(period), q * p).ok()?;
    head.add(&tail).ok()
}
