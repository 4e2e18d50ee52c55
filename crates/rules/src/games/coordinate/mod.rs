//! Impartial coordinate rulesets (RULESETS 4.8): a position is a pair
//! `(m, n)`, or a sum of pairs, and its options are given by
//! `CoordinateOptions((m, n))`, each one pair or a sum of pairs. Nim values
//! come from the options by mex, with a memo table per ruleset value (there
//! is no fixed `(0,0)`).
//!
//! The rulesets: `GenWythoff(f)` and `Wythoff` (the Wyt Queens of the seeds'
//! Nim notes), `GenMem(pred)`, `Mem`, `TakeAway(r | f)`, `FibonacciNim`,
//! `CoordinateRuleset(fn)` / `FunctionalCoordinateRuleset(fn)`, and the
//! method `Adjoin` (RULESETS 4.7).

pub mod cake;
pub mod euclid;
pub mod partizan;
pub mod white_knight;

use crate::framework::args::{Arg, Args, UserFn};
use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{check_listable, position, ImpartialKeys, Keys, Pair, Rules};
use crate::framework::kind;
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_core::number::Rational;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "Wythoff",
        package: Package::Heap,
        doc: "Wythoff's game on (m, n): take from one heap, or the same amount from both.",
        make: Make::Ruleset(wythoff),
    },
    RulesetEntry {
        name: "GenWythoff",
        package: Package::Heap,
        doc: "GenWythoff(f): take k and l from the two heaps when max(k,l) < f(min(k,l)).",
        make: Make::Schema(gen_wythoff),
    },
    RulesetEntry {
        name: "GenMem",
        package: Package::Heap,
        doc: "GenMem(pred): heap n with memory k; take a tokens when pred(k, a).",
        make: Make::Schema(gen_mem),
    },
    RulesetEntry {
        name: "Mem",
        package: Package::Heap,
        doc: "Take at least as many tokens as the last move took: GenMem((k, a) -> a >= k).",
        make: Make::Ruleset(|| preset("Mem", || Rc::new(Mem::AtLeast))),
    },
    RulesetEntry {
        name: "TakeAway",
        package: Package::Heap,
        doc: "TakeAway(r) or TakeAway(f): take at most r times (or f of) the last move.",
        make: Make::Schema(take_away),
    },
    RulesetEntry {
        name: "FibonacciNim",
        package: Package::Heap,
        doc: "Take at most twice what the last move took: TakeAway(2).",
        make: Make::Ruleset(|| {
            preset("FibonacciNim", || {
                Rc::new(Mem::AtMostTimes(Rational::from(2)))
            })
        }),
    },
    RulesetEntry {
        name: "CoordinateRuleset",
        package: Package::Heap,
        doc: "CoordinateRuleset(fn): fn(m, n) lists the options of (m, n), each a pair or a list of pairs.",
        make: Make::Schema(|a| functional("CoordinateRuleset", a)),
    },
    RulesetEntry {
        name: "FunctionalCoordinateRuleset",
        package: Package::Heap,
        doc: "The same as CoordinateRuleset(fn).",
        make: Make::Schema(|a| functional("FunctionalCoordinateRuleset", a)),
    },
];

/// The preset `name` of the session, with these options.
fn preset(name: &'static str, rules: impl FnOnce() -> Rc<dyn Rules<Pair>>) -> Rc<dyn AnyRuleset> {
    cache::preset(name, || ruleset(name.to_string(), rules()))
}

/// The coordinate ruleset named `name` with these options.
pub fn ruleset(name: String, rules: Rc<dyn Rules<Pair>>) -> Rc<dyn AnyRuleset> {
    register(ImpartialKeys::new(name, rules))
}

/// `Wythoff`, with its nim values from a dense native table.
fn wythoff() -> Rc<dyn AnyRuleset> {
    cache::preset("Wythoff", || {
        let table = RefCell::new(WythoffTable::default());
        register(ImpartialKeys::with_shortcut(
            "Wythoff".into(),
            Rc::new(Wythoff),
            Box::new(move |p| table.borrow_mut().value(p)),
        ))
    })
}

fn register(game: Rc<ImpartialKeys<Pair>>) -> Rc<dyn AnyRuleset> {
    Rc::new(CoordinateRuleset { game })
}

/// The coordinate options of `r`, if it is an impartial coordinate ruleset.
pub fn rules_of(r: &Rc<dyn AnyRuleset>) -> Option<Rc<dyn Rules<Pair>>> {
    r.as_coordinate().map(|c| c.rules())
}

/// The largest table `NimValueTable` / `GameValueTable` computes.
pub const MAX_TABLE_CELLS: u64 = 4_000_000;

/// An error unless a table of these dimensions is small enough.
pub fn check_table(what: &str, rows: u64, cols: u64) -> RuleResult<()> {
    let cells = rows
        .checked_add(1)
        .and_then(|r| cols.checked_add(1).and_then(|c| r.checked_mul(c)));
    match cells {
        Some(c) if c <= MAX_TABLE_CELLS => Ok(()),
        _ => Err(RuleError::too_large(format!(
            "{what}: tables are limited to {MAX_TABLE_CELLS} entries"
        ))),
    }
}

/// An impartial coordinate ruleset (RULESETS 4.8).
pub struct CoordinateRuleset {
    game: Rc<ImpartialKeys<Pair>>,
}

impl CoordinateRuleset {
    /// The nim value of `(m, n)`.
    pub fn nim_value(&self, p: Pair) -> RuleResult<u64> {
        self.game.nim_value(p)
    }
}

impl AnyRuleset for CoordinateRuleset {
    fn name(&self) -> String {
        self.game.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let p = parse_pair(&self.game.name, args, false)?;
        Ok(position(Keys::Impartial(self.game.clone()), vec![p]))
    }

    fn as_coordinate(&self) -> Option<&dyn kind::Coordinate> {
        Some(self)
    }
}

impl kind::Coordinate for CoordinateRuleset {
    fn rules(&self) -> Rc<dyn Rules<Pair>> {
        self.game.rules.clone()
    }

    fn nim_value_table(&self, rows: u64, cols: u64) -> RuleResult<Vec<Vec<u64>>> {
        check_table("NimValueTable", rows, cols)?;
        (0..=rows)
            .map(|m| (0..=cols).map(|n| self.game.nim_value((m, n))).collect())
            .collect()
    }
}

/// The pair of `R((m, n))`, or of `R(m, n)` unless `tuple_only`.
pub fn parse_pair(what: &str, args: &Args, tuple_only: bool) -> RuleResult<Pair> {
    args.check_keywords(what, &[])?;
    let bad = || {
        RuleError::bad_argument(format!(
            "{what} expects a position ({}), with non-negative integers m and n",
            if tuple_only {
                "(m, n)"
            } else {
                "(m, n) or m, n"
            }
        ))
    };
    let (a, b) = match args.positional.as_slice() {
        [Arg::Tuple(v)] if v.len() == 2 => (&v[0], &v[1]),
        [a, b] if !tuple_only => (a, b),
        _ => return Err(bad()),
    };
    Ok((a.as_u64().ok_or_else(bad)?, b.as_u64().ok_or_else(bad)?))
}

/// `Arg::int` of a coordinate, or an error if it does not fit.
pub(crate) fn int_arg(n: u64) -> RuleResult<Arg> {
    i64::try_from(n)
        .map(Arg::int)
        .map_err(|_| RuleError::too_large(format!("{n} is too large")))
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

fn single_fn<'a>(what: &str, args: &'a Args) -> RuleResult<&'a UserFn> {
    args.check_keywords(what, &[])?;
    match args.positional.as_slice() {
        [Arg::Function(f)] => Ok(f),
        _ => Err(RuleError::bad_argument(format!(
            "{what} expects one function argument"
        ))),
    }
}

fn gen_wythoff(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn("GenWythoff", args)?;
    Ok(ruleset(
        "GenWythoff(<function>)".into(),
        Rc::new(GenWythoff {
            f: f.clone(),
            cache: RefCell::new(FxHashMap::default()),
        }),
    ))
}

/// Heap with memory (RULESETS 4.8): position (n, k), options (n - a, a)
/// for a = 1..n with the rule allowing a after a move of k.
enum Mem {
    /// `Mem`: a >= k.
    AtLeast,
    /// `TakeAway(r)`: a <= k r.
    AtMostTimes(Rational),
    /// `TakeAway(f)`: a <= f(k).
    AtMostFn(UserFn, RefCell<FxHashMap<u64, Rational>>),
    /// `GenMem(pred)`: pred(k, a).
    Pred(UserFn, RefCell<FxHashMap<(u64, u64), bool>>),
}

impl Mem {
    fn allows(&self, k: u64, a: u64) -> RuleResult<bool> {
        let ra = || Rational::from(i64::try_from(a).unwrap_or(i64::MAX));
        match self {
            Mem::AtLeast => Ok(a >= k),
            Mem::AtMostTimes(r) => {
                let bound = Rational::from(i64::try_from(k).unwrap_or(i64::MAX))
                    .mul(r)
                    .map_err(|e| RuleError::bad_argument(format!("TakeAway: {e:?}")))?;
                Ok(ra() <= bound)
            }
            Mem::AtMostFn(f, cache) => {
                let bound = match cache.borrow().get(&k) {
                    Some(b) => b.clone(),
                    None => {
                        let v = f(&[int_arg(k)?])?;
                        match v {
                            Arg::Number(r) => r,
                            other => {
                                return Err(RuleError::user_function(format!(
                                "TakeAway: the function must return a number, got {} ({other:?})",
                                other.kind()
                            )))
                            }
                        }
                    }
                };
                cache.borrow_mut().insert(k, bound.clone());
                Ok(ra() <= bound)
            }
            Mem::Pred(f, cache) => {
                if let Some(&b) = cache.borrow().get(&(k, a)) {
                    return Ok(b);
                }
                let b = match f(&[int_arg(k)?, int_arg(a)?])? {
                    Arg::Bool(b) => b,
                    other => {
                        return Err(RuleError::user_function(format!(
                            "GenMem: the predicate must return a Boolean, got {} ({other:?})",
                            other.kind()
                        )))
                    }
                };
                cache.borrow_mut().insert((k, a), b);
                Ok(b)
            }
        }
    }
}

impl Rules<Pair> for Mem {
    fn options(&self, (n, k): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        check_listable("Mem", n)?;
        let mut out = Vec::new();
        for a in 1..=n {
            if self.allows(k, a)? {
                out.push(vec![(n - a, a)]);
            }
        }
        Ok(out)
    }
}

fn gen_mem(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn("GenMem", args)?;
    Ok(ruleset(
        "GenMem(<function>)".into(),
        Rc::new(Mem::Pred(f.clone(), RefCell::new(FxHashMap::default()))),
    ))
}

fn take_away(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords("TakeAway", &[])?;
    match args.positional.as_slice() {
        [Arg::Number(r)] if r.is_finite() => Ok(ruleset(
            format!("TakeAway({r})"),
            Rc::new(Mem::AtMostTimes(r.clone())),
        )),
        [Arg::Function(f)] => Ok(ruleset(
            "TakeAway(<function>)".into(),
            Rc::new(Mem::AtMostFn(f.clone(), RefCell::new(FxHashMap::default()))),
        )),
        _ => Err(RuleError::bad_argument(
            "TakeAway expects a number or a function of the last move",
        )),
    }
}

/// `CoordinateRuleset(fn)`: fn(m, n) lists the options.
struct Functional {
    what: &'static str,
    f: UserFn,
}

impl Functional {
    fn pair(&self, a: &Arg) -> Option<Pair> {
        match a {
            Arg::Tuple(v) if v.len() == 2 => Some((v[0].as_u64()?, v[1].as_u64()?)),
            _ => None,
        }
    }
}

impl Rules<Pair> for Functional {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        let (am, an) = (int_arg(m)?, int_arg(n)?);
        let v = match (self.f)(&[am.clone(), an.clone()]) {
            Ok(v) => v,
            Err(e) => (self.f)(&[Arg::Tuple(vec![am, an])]).map_err(|_| e)?,
        };
        let bad = |x: &Arg| {
            RuleError::user_function(format!(
                "{}: the function must return a list of pairs (m, n) or lists of pairs, got {x:?} at ({m},{n})",
                self.what
            ))
        };
        let items = match &v {
            Arg::List(items) => items,
            other => return Err(bad(other)),
        };
        items
            .iter()
            .map(|item| match item {
                Arg::Tuple(_) => Ok(vec![self.pair(item).ok_or_else(|| bad(item))?]),
                Arg::List(sum) => sum
                    .iter()
                    .map(|p| self.pair(p).ok_or_else(|| bad(item)))
                    .collect(),
                other => Err(bad(other)),
            })
            .collect()
    }
}

fn functional(what: &'static str, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn(what, args)?;
    Ok(ruleset(
        format!("{what}(<function>)"),
        Rc::new(Functional { what, f: f.clone() }),
    ))
}

/// `R.Adjoin(S)`: R's coordinate options followed by S's (RULESETS 4.7).
pub struct Adjoin(pub Rc<dyn Rules<Pair>>, pub Rc<dyn Rules<Pair>>);

impl Rules<Pair> for Adjoin {
    fn options(&self, p: Pair) -> RuleResult<Vec<Vec<Pair>>> {
        let mut out = self.0.options(p)?;
        out.extend(self.1.options(p)?);
        Ok(out)
    }
}
