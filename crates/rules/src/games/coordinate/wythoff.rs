//! Wythoff's game (the Wyt Queens of Nim) with its dense native table of
//! nim values, and `GenWythoff(f)` (RULESETS 4.8).

use super::{int_arg, register, ruleset, single_fn};
use crate::framework::args::{Arg, Args, UserFn};
use crate::framework::cache;
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{check_listable, ImpartialKeys, Pair, Rules};
use crate::framework::ruleset::AnyRuleset;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// `Wythoff`, with its nim values from a dense native table.
pub(super) fn wythoff() -> Rc<dyn AnyRuleset> {
    cache::preset("Wythoff", || {
        let table = RefCell::new(WythoffTable::default());
        register(ImpartialKeys::with_shortcut(
            "Wythoff".into(),
            Rc::new(Wythoff),
            Box::new(move |p| table.borrow_mut().value(p)),
        ))
    })
}

/// Wythoff's game, natively: take any amount from one heap, or the same
/// amount from both (`GenWythoff(k -> k + 1)`).
struct Wythoff;

impl Rules<Pair> for Wythoff {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        check_listable("Wythoff", m.saturating_add(n))?;
        let mut out = Vec::with_capacity((m + n + m.min(n)) as usize);
        out.extend((1..=m).map(|a| vec![(m - a, n)]));
        out.extend((1..=n).map(|b| vec![(m, n - b)]));
        out.extend((1..=m.min(n)).map(|k| vec![(m - k, n - k)]));
        Ok(out)
    }
}

/// Wythoff nim values for every (m, n) below (rows, cols), row by row:
/// each the mex of the values to its left, above it and on its diagonal.
#[derive(Default)]
struct WythoffTable {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl WythoffTable {
    /// The largest table kept (entries).
    const MAX_CELLS: usize = 1 << 24;

    fn value(&mut self, (m, n): Pair) -> Option<u64> {
        let (m, n) = (usize::try_from(m).ok()?, usize::try_from(n).ok()?);
        if m >= self.rows || n >= self.cols {
            // Grow by half at least, to keep refills rare; if that is too
            // large, fill just the rectangle needed.
            let grow = |need: usize, have: usize| -> Option<usize> {
                if need < have {
                    Some(have)
                } else {
                    Some(need.checked_add(1)?.max(have + have / 2).max(16))
                }
            };
            let (mut rows, mut cols) = (grow(m, self.rows)?, grow(n, self.cols)?);
            let fits = |r: usize, c: usize| {
                r.checked_mul(c).is_some_and(|x| x <= Self::MAX_CELLS)
                    && Self::words(r, c).is_some_and(|x| x <= Self::MAX_WORDS)
            };
            if !fits(rows, cols) {
                (rows, cols) = (m.checked_add(1)?, n.checked_add(1)?);
                if !fits(rows, cols) {
                    return None;
                }
            }
            self.fill(rows, cols);
        }
        Some(u64::from(self.values[m * self.cols + n]))
    }

    /// The most bitset words [`fill`](Self::fill) may use: larger (thin)
    /// tables are left to the general evaluation.
    const MAX_WORDS: usize = 1 << 24;

    fn words(rows: usize, cols: usize) -> Option<usize> {
        // Values are at most m + n + min(m, n) < 2 (rows + cols).
        let w = rows.checked_add(cols)?.checked_mul(2)? / 64 + 1;
        cols.checked_mul(2)?.checked_add(rows)?.checked_mul(w)
    }

    /// Computes the table, keeping for the current row, each column and
    /// each diagonal the set of values seen (as bitsets), so that each
    /// entry's mex is a scan for the first word not full.
    fn fill(&mut self, rows: usize, cols: usize) {
        let w = (2 * (rows + cols)) / 64 + 1;
        let values = {
            let mut v = vec![0u32; rows * cols];
            let mut col = vec![0u64; cols * w];
            let mut diag = vec![0u64; (rows + cols) * w];
            let mut row = vec![0u64; w];
            for m in 0..rows {
                onag_core::interrupt::checkpoint();
                row.fill(0);
                for n in 0..cols {
                    let (c, d) = (n * w, (n + rows - 1 - m) * w);
                    let mut g = 0;
                    for i in 0..w {
                        let seen = row[i] | col[c + i] | diag[d + i];
                        if seen != u64::MAX {
                            g = i * 64 + seen.trailing_ones() as usize;
                            break;
                        }
                    }
                    v[m * cols + n] = g as u32;
                    let (word, bit) = (g / 64, 1u64 << (g % 64));
                    row[word] |= bit;
                    col[c + word] |= bit;
                    diag[d + word] |= bit;
                }
            }
            v
        };
        *self = WythoffTable { rows, cols, values };
    }
}

/// `GenWythoff(f)`: also take k and l from the two heaps when
/// `0 < min(k,l)` and `max(k,l) < f(min(k,l))`.
struct GenWythoff {
    f: UserFn,
    cache: RefCell<FxHashMap<u64, u64>>,
}

impl GenWythoff {
    /// The largest amount allowed with `k` as the smaller one: f(k) - 1,
    /// clamped at 0.
    fn bound(&self, k: u64) -> RuleResult<u64> {
        if let Some(&b) = self.cache.borrow().get(&k) {
            return Ok(b);
        }
        let v = (self.f)(&[int_arg(k)?])?;
        let b = match &v {
            Arg::Number(r) if r.is_integer() => match r.to_integer().and_then(|i| i.to_i64()) {
                Some(i) => u64::try_from(i.saturating_sub(1)).unwrap_or(0),
                None if r.is_positive() => u64::MAX,
                None => 0,
            },
            other => {
                return Err(RuleError::user_function(format!(
                    "GenWythoff: the function must return an Integer, got {} ({other:?})",
                    other.kind()
                )))
            }
        };
        self.cache.borrow_mut().insert(k, b);
        Ok(b)
    }
}

impl Rules<Pair> for GenWythoff {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        check_listable("GenWythoff", m.saturating_add(n))?;
        let mut out = Vec::new();
        out.extend((1..=m).map(|a| vec![(m - a, n)]));
        out.extend((1..=n).map(|b| vec![(m, n - b)]));
        for k in 1..=m {
            let top = n.min(self.bound(k)?);
            out.extend((k..=top).map(|l| vec![(m - k, n - l)]));
        }
        for l in 1..=n {
            let top = m.min(self.bound(l)?);
            out.extend((l + 1..=top).map(|k| vec![(m - k, n - l)]));
        }
        Ok(out)
    }
}

pub(super) fn gen_wythoff(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn("GenWythoff", args)?;
    Ok(ruleset(
        "GenWythoff(<function>)".into(),
        Rc::new(GenWythoff {
            f: f.clone(),
            cache: RefCell::new(FxHashMap::default()),
        }),
    ))
}
