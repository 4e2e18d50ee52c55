//! `CheckPeriodicity(N)` (RULESETS 4.6) and arithmetic periodicity of nim
//! sequences.

use super::code::Code;
use crate::framework::kind::Periodicity;

/// The smallest period p(a) of every suffix w_a = (d_a, ..., d_{T−1}) of
/// the difference word d_i = g(i+1) − g(i), for a = 0..=T (1 for words of
/// length ≤ 1), by the failure function of the reversed word.
fn suffix_periods(g: &[i64]) -> Vec<usize> {
    let t = g.len() - 1;
    let d: Vec<i64> = (0..t).map(|i| g[i + 1] - g[i]).collect();
    let rev: Vec<i64> = d.iter().rev().copied().collect();
    let mut fail = vec![0usize; t];
    let mut k = 0;
    for i in 1..t {
        while k > 0 && rev[i] != rev[k] {
            k = fail[k - 1];
        }
        if rev[i] == rev[k] {
            k += 1;
        }
        fail[i] = k;
    }
    (0..=t)
        .map(|a| {
            let len = t - a;
            if len <= 1 {
                1
            } else {
                len - fail[len - 1]
            }
        })
        .collect()
}

/// CGSuite's periodicity check of a take-and-break code (RULESETS 4.6),
/// given g(0), ..., g(N): only g(0..N−1) is examined, the saltus must be 0
/// and the period must pass the linear criterion H·P + H·q + (D − 1) + H ≤ N,
/// evaluated in 32-bit wrapping arithmetic like CGSuite's.
pub fn check(code: &Code, values: &[u64]) -> Option<Periodicity> {
    let n = values.len().checked_sub(1)?;
    if n < 2 {
        return None;
    }
    let g: Vec<i64> = values[..n].iter().map(|&v| v as i64).collect();
    let t = n - 1;
    let p = suffix_periods(&g);
    let h = code.heap_bound();
    let dd = code.digit_count() as i32;
    let criteria = |pre: usize, q: usize, s: i64| {
        s == 0
            && h.wrapping_mul(pre as i32)
                .wrapping_add(h.wrapping_mul(q as i32))
                .wrapping_add(dd - 1)
                .wrapping_add(h)
                <= n as i32
    };
    let mut s = 0i64;
    for a in (0..t).rev() {
        if p[a] >= p[a + 1] + 2 {
            let pre = a + 1;
            let q = p[pre];
            if 2 * q <= t - pre + 1 {
                s = g[t] - g[t - q];
            }
            if criteria(pre, q, s) {
                return Some(Periodicity {
                    period: q as u64,
                    preperiod: pre as u64,
                    saltus: s,
                });
            }
        }
    }
    let q = p[0];
    if q < t {
        s = g[t] - g[t - q];
    }
    criteria(0, q, s).then_some(Periodicity {
        period: q as u64,
        preperiod: 0,
        saltus: s,
    })
}

/// The arithmetic periodicity of a sequence g(0), g(1), ...: the least
/// preperiod P, and for it the least period q, such that
/// g(n + q) = g(n) + s for every n ≥ P in the sequence, with at least
/// three full periods from P to the end (so the pattern is seen repeating
/// twice). The saltus s may be non-zero: Nim gives period 1, saltus 1.
/// None if no suffix qualifies. (CGSuite's `CheckPeriodicity` keeps the
/// saltus 0 for codes; this is the separate, general test.)
pub fn arithmetic_periodicity(values: &[u64]) -> Option<Periodicity> {
    if values.len() < 4 {
        return None;
    }
    let g: Vec<i64> = values.iter().map(|&v| v as i64).collect();
    let t = g.len() - 1;
    let p = suffix_periods(&g);
    (0..t).find_map(|pre| {
        let q = p[pre];
        (3 * q <= t - pre).then(|| Periodicity {
            period: q as u64,
            preperiod: pre as u64,
            saltus: g[pre + q] - g[pre],
        })
    })
}
