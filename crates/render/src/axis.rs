//! Exact values on the page: conversion to picture coordinates, labels and
//! axis ticks.
//!
//! Values stay exact [`Dyadic`]s; only their positions on the page are
//! floating point. Positions are taken relative to an exact origin near the
//! data, so a picture of values around 2^200 still resolves 1/16.

use onag_core::number::{Dyadic, Integer};

/// Positions are clamped to this magnitude, so that picture arithmetic
/// never overflows.
const LIMIT: f64 = 1e300;

/// `x` as a floating-point picture coordinate (clamped to +-1e300).
pub(crate) fn approx(x: &Dyadic) -> f64 {
    let num = x.numerator();
    // Keep the top 62 bits of the numerator: an i64, exact in sign.
    let shift = num.bit_length().saturating_sub(62);
    let mantissa = num.shr(shift).to_i64().unwrap_or(0) as f64;
    let exponent = i64::try_from(shift)
        .unwrap_or(i64::MAX)
        .saturating_sub(i64::from(x.exponent()))
        .clamp(-1100, 1100);
    // `exponent` is within +-1100, so the cast is exact.
    let value = mantissa * 2f64.powi(exponent as i32);
    if value.is_nan() {
        0.0
    } else {
        value.clamp(-LIMIT, LIMIT)
    }
}

/// `x - origin` as a picture coordinate.
pub(crate) fn relative(x: &Dyadic, origin: &Dyadic) -> f64 {
    approx(&(x - origin))
}

/// The exact value as text: an integer or `p/q`, with a typographic minus
/// sign (U+2212).
pub(crate) fn exact(x: &Dyadic) -> String {
    x.to_string().replace('-', "\u{2212}")
}

/// The finest tick step is 2^-FINEST.
const FINEST: u32 = 7;

/// A tick step `mantissa / 2^exponent`.
#[derive(Clone, Debug)]
struct Step {
    mantissa: Integer,
    exponent: u32,
}

impl Step {
    /// The candidate steps in increasing order: 1/128, ..., 1/4, 1/2, then
    /// 1, 2, 5, 10, 20, 50, ... Index `FINEST` is the step 1.
    fn nth(i: u32) -> Step {
        if i < FINEST {
            return Step {
                mantissa: Integer::one(),
                exponent: FINEST - i,
            };
        }
        let k = i - FINEST;
        let lead = Integer::from([1i64, 2, 5][(k % 3) as usize]);
        Step {
            mantissa: lead * Integer::from(10i64).pow(k / 3),
            exponent: 0,
        }
    }

    fn value(&self) -> Dyadic {
        Dyadic::new(self.mantissa.clone(), self.exponent)
    }

    /// The largest multiple of the step that is at most `x`.
    fn floor(&self, x: &Dyadic) -> Dyadic {
        // Every step is a multiple of 2^-FINEST, so flooring x to such a
        // multiple c / 2^e first changes nothing and keeps the shifts small.
        let e = x.exponent().min(FINEST);
        let c = x.numerator().shr(u64::from(x.exponent() - e));
        // floor(x / step) = floor(c * 2^exponent / (mantissa * 2^e)).
        let n = c.shl(u64::from(self.exponent));
        let d = self.mantissa.shl(u64::from(e));
        let k = n.div_floor(&d).unwrap_or_default();
        Dyadic::new(k * &self.mantissa, self.exponent)
    }
}

/// A tick: its exact value as text and its position relative to the axis
/// origin.
#[derive(Clone, Debug)]
pub(crate) struct Tick {
    pub(crate) label: String,
    pub(crate) position: f64,
}

/// Ticks at exact multiples of a round step (a power of two below 1, else
/// 1, 2 or 5 times a power of ten) inside `[lo, hi]` (relative to
/// `origin`), as dense as possible while at most `max_count` and at least
/// `gap(label_a, label_b)` apart in units of the axis.
pub(crate) fn ticks(
    lo: f64,
    hi: f64,
    origin: &Dyadic,
    max_count: usize,
    gap: impl Fn(&str, &str) -> f64,
) -> Vec<Tick> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) {
        return Vec::new();
    }
    // The fractional steps and three per power of ten up to 1e301 cover
    // any span below 2e300.
    for i in 0..(FINEST + 3 * 302) {
        let step = Step::nth(i);
        let width = approx(&step.value());
        if span / width > max_count as f64 {
            continue;
        }
        let found = ticks_with_step(lo, hi, origin, &step, width);
        let fits = found
            .windows(2)
            .all(|w| w[1].position - w[0].position >= gap(&w[0].label, &w[1].label));
        if fits {
            return found;
        }
    }
    Vec::new()
}

fn ticks_with_step(lo: f64, hi: f64, origin: &Dyadic, step: &Step, width: f64) -> Vec<Tick> {
    let first = step.floor(origin);
    let offset = relative(&first, origin);
    // The multiples first + k step for k in [k_lo, k_hi] cover [lo, hi];
    // both bounds are small since the origin lies in the range.
    let k_lo = ((lo - offset) / width).floor() as i64;
    let k_hi = ((hi - offset) / width).ceil() as i64;
    if k_hi.checked_sub(k_lo).is_none_or(|n| n > 1000) {
        return Vec::new();
    }
    let step_value = step.value();
    (k_lo..=k_hi)
        .filter_map(|k| {
            let value = &first + &(&step_value * &Dyadic::from(k));
            let position = relative(&value, origin);
            (lo - 1e-9 * width..=hi + 1e-9 * width)
                .contains(&position)
                .then(|| Tick {
                    label: exact(&value),
                    position,
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i64, exp: u32) -> Dyadic {
        Dyadic::new(Integer::from(num), exp)
    }

    #[test]
    fn approx_is_close() {
        assert_eq!(approx(&d(5, 1)), 2.5);
        assert_eq!(approx(&d(-25, 4)), -1.5625);
        let huge = Dyadic::new(Integer::one().shl(2000), 0);
        assert_eq!(approx(&huge), LIMIT);
        assert_eq!(approx(&-huge), -LIMIT);
        let tiny = Dyadic::new(Integer::one(), 4000);
        assert_eq!(approx(&tiny), 0.0);
    }

    #[test]
    fn exact_uses_minus_sign() {
        assert_eq!(exact(&d(-5, 1)), "\u{2212}5/2");
        assert_eq!(exact(&d(3, 0)), "3");
    }

    #[test]
    fn ticks_are_round_and_exact() {
        let labels: Vec<String> = ticks(-2.3, 4.4, &d(0, 0), 10, |_, _| 0.0)
            .into_iter()
            .map(|t| t.label)
            .collect();
        assert_eq!(labels, ["\u{2212}2", "\u{2212}1", "0", "1", "2", "3", "4"]);
        let labels: Vec<String> = ticks(-0.6, 0.3, &d(25, 4), 10, |_, _| 0.0)
            .into_iter()
            .map(|t| t.label)
            .collect();
        assert_eq!(labels, ["1", "9/8", "5/4", "11/8", "3/2", "13/8", "7/4"]);
    }

    #[test]
    fn step_floor_is_exact() {
        let quarter = Step::nth(FINEST - 2);
        assert_eq!(quarter.floor(&d(-25, 4)), d(-7, 2));
        assert_eq!(quarter.floor(&d(25, 4)), d(3, 1));
        let five = Step::nth(FINEST + 2);
        assert_eq!(five.floor(&d(-1, 10)), d(-5, 0));
        assert_eq!(five.floor(&d(29, 2)), d(5, 0));
        // A fine origin costs no big shifts.
        let fine = Dyadic::new(Integer::from(3), 1 << 20);
        assert_eq!(quarter.floor(&fine), d(0, 0));
        assert_eq!(quarter.floor(&-fine), d(-1, 2));
    }

    #[test]
    fn ticks_near_huge_values() {
        let origin = Dyadic::new(Integer::one().shl(200), 0) + d(1, 2);
        let found = ticks(-0.3, 0.3, &origin, 5, |_, _| 0.0);
        assert!(found.len() >= 2);
        assert!(found
            .windows(2)
            .all(|w| (w[1].position - w[0].position - 0.125).abs() < 1e-9));
    }

    #[test]
    fn degenerate_ranges_have_no_ticks() {
        assert!(ticks(1.0, 1.0, &d(0, 0), 10, |_, _| 0.0).is_empty());
        assert!(ticks(0.0, f64::NAN, &d(0, 0), 10, |_, _| 0.0).is_empty());
    }
}
