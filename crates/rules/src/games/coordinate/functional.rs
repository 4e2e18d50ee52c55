//! `CoordinateRuleset(fn)` and `FunctionalCoordinateRuleset(fn)`
//! (RULESETS 4.8): coordinate options given by a user function.

use super::{int_arg, ruleset, single_fn};
use crate::framework::args::{Arg, Args, UserFn};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{Pair, Rules};
use crate::framework::ruleset::AnyRuleset;
use std::rc::Rc;

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
        // A pair past the largest coordinate a position holds is refused
        // with the limit.
        let refuse = |p: &Arg, item: &Arg| match p {
            Arg::Tuple(v) if v.iter().any(Arg::past_limit) => RuleError::user_function(format!(
                "{}: at ({m},{n}) the function returned {p:?}; {}",
                self.what,
                Arg::limit("coordinates")
            )),
            _ => bad(item),
        };
        items
            .iter()
            .map(|item| match item {
                Arg::Tuple(_) => Ok(vec![self.pair(item).ok_or_else(|| refuse(item, item))?]),
                Arg::List(sum) => sum
                    .iter()
                    .map(|p| self.pair(p).ok_or_else(|| refuse(p, item)))
                    .collect(),
                other => Err(bad(other)),
            })
            .collect()
    }
}

pub(super) fn functional(what: &'static str, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let f = single_fn(what, args)?;
    Ok(ruleset(
        format!("{what}(<function>)"),
        Rc::new(Functional { what, f: f.clone() }),
    ))
}
