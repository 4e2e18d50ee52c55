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

/// The most binary digits before the period (the exponent of 2 in the
/// denominator) written out.
pub const MAX_PREFIX: u64 = 1 << 20;

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
    // f = a / (2^k·d) with d odd: 2^k·f = q + rem/d, so the first k digits
    // are q's and the rest the purely periodic digits of rem/d.
    let (a, den) = (f.numerator(), f.denominator());
    let k = den.trailing_zeros().unwrap_or(0);
    if k > MAX_PREFIX {
        return Err(NumberError::new(format!(
            "The binary digits of {r} have more than {MAX_PREFIX} digits before their period"
        )));
    }
    let d = den.shr(k);
    let (q, mut rem) = a.div_mod_floor(&d).unwrap_or_default();
    let mut prefix = bits(&q, k);
    if d.is_one() {
        // A dyadic: finitely many digits, the last a 1 not written.
        prefix.pop();
        segments.extend(signs(&prefix));
        return Ok(SignExpansion::new(segments));
    }
    let start = rem.clone();
    let mut period = Vec::new();
    loop {
        if period.len() as u64 >= MAX_PERIOD {
            return Err(NumberError::new(format!(
                "The binary digits of {r} have a period longer than {MAX_PERIOD}"
            )));
        }
        rem = rem.shl(1);
        let one = rem >= d;
        if one {
            rem -= &d;
        }
        period.push(one);
        if rem == start {
            break;
        }
    }
    segments.extend(signs(&prefix));
    segments.push(Segment::Repeat(signs(&period).collect()));
    Ok(SignExpansion::new(segments))
}

/// The k lowest binary digits of q ≥ 0, most significant first.
fn bits(q: &Integer, k: u64) -> Vec<bool> {
    let (_, words) = q.to_bigint().to_u64_digits();
    (0..k)
        .rev()
        .map(|i| {
            let word = usize::try_from(i / 64).ok().and_then(|w| words.get(w));
            word.is_some_and(|w| (w >> (i % 64)) & 1 == 1)
        })
        .collect()
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
/// a repetition of both signs and not beginning with ω equal signs. The
/// first run (the integer part) may be of any length.
pub fn value(s: &SignExpansion) -> Option<Rational> {
    let segments = s.segments();
    let (first, mut m, (prefix, period)) = match segments.split_first() {
        None => return Some(Rational::zero()),
        Some((Segment::Run(sign, a), rest)) => (*sign, a.to_integer()?, flatten(rest)?),
        Some((Segment::Repeat(_), _)) => {
            let (prefix, period) = flatten(segments)?;
            let first = *prefix.first().or(period.first())?;
            (first, Integer::zero(), (prefix, period))
        }
    };
    if !period.is_empty() && period.iter().all(|&x| x == period[0]) {
        return None;
    }
    // More signs of the integer part, then the other sign, then the digits.
    let seq = Digits { prefix, period };
    let leading = seq.leading(first);
    m += Integer::from(leading);
    let seq = seq.skip(leading);
    if seq.first().is_none() {
        let x = Rational::from(m);
        return Some(if first == Sign::Minus { -x } else { x });
    }
    let digits = seq.skip(1);
    let x = Rational::from(m - Integer::one())
        .add(&fraction(first, &digits.prefix, &digits.period)?)
        .ok()?;
    Some(if first == Sign::Minus { -x } else { x })
}

/// A sequence `prefix period period …` (just `prefix` when the period is
/// empty).
struct Digits {
    prefix: Vec<Sign>,
    period: Vec<Sign>,
}

impl Digits {
    fn first(&self) -> Option<Sign> {
        self.prefix.first().or(self.period.first()).copied()
    }

    /// How many signs equal to s it begins with (finite: a repeated period
    /// has both signs).
    fn leading(&self, s: Sign) -> usize {
        let p = self.prefix.iter().take_while(|&&x| x == s).count();
        if p < self.prefix.len() {
            return p;
        }
        p + self.period.iter().take_while(|&&x| x == s).count()
    }

    /// The sequence without its first n signs.
    fn skip(&self, n: usize) -> Digits {
        if n <= self.prefix.len() {
            return Digits {
                prefix: self.prefix[n..].to_vec(),
                period: self.period.clone(),
            };
        }
        let mut period = self.period.clone();
        if !period.is_empty() {
            let k = (n - self.prefix.len()) % period.len();
            period.rotate_left(k);
        }
        Digits {
            prefix: Vec::new(),
            period,
        }
    }
}

/// `0.d₁d₂…` for the digits after the integer part (`+` for 1 when the
/// number is positive), periodic with the given period if it is not empty,
/// else with the final 1 of a dyadic restored.
fn fraction(first: Sign, digits: &[Sign], period: &[Sign]) -> Option<Rational> {
    let bits = |xs: &[Sign]| -> Vec<bool> { xs.iter().map(|&x| x == first).collect() };
    if period.is_empty() {
        let mut d = bits(digits);
        d.push(true);
        return binary_fraction(&d, &[]);
    }
    binary_fraction(&bits(digits), &bits(period))
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
