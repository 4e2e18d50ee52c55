//! Impartial coordinate rulesets (RULESETS 4.8): a position is a pair
//! `(m, n)`, or a sum of pairs, and its options are given by
//! `CoordinateOptions((m, n))`, each one pair or a sum of pairs. Nim values
//! come from the options by mex, with a memo table per ruleset value (there
//! is no fixed `(0,0)`).
//!
//! The rulesets: `GenWythoff(f)` and `Wythoff` ([`wythoff`]), `GenMem(pred)`,
//! `Mem`, `TakeAway(r | f)`, `FibonacciNim` ([`mem`]),
//! `CoordinateRuleset(fn)` / `FunctionalCoordinateRuleset(fn)`
//! ([`functional`]), the White Knight, and the method `Adjoin` (RULESETS
//! 4.7); the partizan coordinate rulesets, Partizan Euclid and the cakes
//! (RULESETS 4.9).

pub mod cake;
pub mod euclid;
pub mod functional;
pub mod mem;
pub mod partizan;
pub mod white_knight;
pub mod wythoff;

use crate::framework::args::{Arg, Args, UserFn};
use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{position, ImpartialKeys, Keys, Pair, Rules};
use crate::framework::kind;
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use functional::functional;
use mem::{gen_mem, take_away, Mem};
use onag_core::number::Rational;
use std::rc::Rc;
use wythoff::{gen_wythoff, wythoff};

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

pub(crate) fn register(game: Rc<ImpartialKeys<Pair>>) -> Rc<dyn AnyRuleset> {
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
    let expects = || {
        format!(
            "{what} expects a position ({}), with non-negative integers m and n",
            if tuple_only {
                "(m, n)"
            } else {
                "(m, n) or m, n"
            }
        )
    };
    let (a, b) = match args.positional.as_slice() {
        [Arg::Tuple(v)] if v.len() == 2 => (&v[0], &v[1]),
        [a, b] if !tuple_only => (a, b),
        _ => return Err(RuleError::bad_argument(expects())),
    };
    Ok((
        a.bounded(what, "coordinates", expects)?,
        b.bounded(what, "coordinates", expects)?,
    ))
}

/// `Arg::int` of a coordinate, or an error if it does not fit.
pub(crate) fn int_arg(n: u64) -> RuleResult<Arg> {
    i64::try_from(n)
        .map(Arg::int)
        .map_err(|_| RuleError::too_large(format!("{n} is too large")))
}

pub(crate) fn single_fn<'a>(what: &str, args: &'a Args) -> RuleResult<&'a UserFn> {
    args.check_keywords(what, &[])?;
    match args.positional.as_slice() {
        [Arg::Function(f)] => Ok(f),
        _ => Err(RuleError::bad_argument(format!(
            "{what} expects one function argument"
        ))),
    }
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
