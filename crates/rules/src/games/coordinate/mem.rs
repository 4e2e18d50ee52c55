//! Heaps with memory (RULESETS 4.8): `GenMem(pred)`, `Mem`, `TakeAway(r)`
//! or `TakeAway(f)`, and `FibonacciNim`.

use super::{int_arg, ruleset, single_fn};
use crate::framework::args::{Arg, Args, UserFn};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{check_listable, Pair, Rules};
use crate::framework::ruleset::AnyRuleset;
use onag_core::number::Rational;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// Heap with memory (RULESETS 4.8): position (n, k), options (n - a, a)
/// for a = 1..n with the rule allowing a after a move of k.
pub(super) enum Mem {
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

pub(super) fn gen_mem(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn("GenMem", args)?;
    Ok(ruleset(
        "GenMem(<function>)".into(),
        Rc::new(Mem::Pred(f.clone(), RefCell::new(FxHashMap::default()))),
    ))
}

pub(super) fn take_away(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
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
