//! `HeapRuleset(fn)` and `FunctionalHeapRuleset(fn)` (RULESETS 4.1): heap
//! rules given by a user function from a heap size to its option lists.

use crate::framework::args::{Arg, UserFn};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::HeapRules;

/// Heap rules computed by a user function.
pub struct Functional {
    what: &'static str,
    f: UserFn,
}

impl Functional {
    /// The rules of `f`; `what` names the constructor in errors.
    pub fn new(what: &str, f: UserFn) -> Functional {
        let what = if what == "HeapRuleset" {
            "HeapRuleset"
        } else {
            "FunctionalHeapRuleset"
        };
        Functional { what, f }
    }
}

impl HeapRules for Functional {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let what = self.what;
        let arg = i64::try_from(n)
            .map(Arg::int)
            .map_err(|_| RuleError::too_large(format!("{what}: heap {n} is too large")))?;
        let result = (self.f)(&[arg]).map_err(|e| {
            RuleError::user_function(format!("{what}: the function failed on heap {n}: {e}"))
        })?;
        let bad = |got: &Arg| {
            RuleError::user_function(format!(
                "{what}: the function must return a list of lists of non-negative integers; for heap {n} it returned {got:?}"
            ))
        };
        let lists = result.elements().ok_or_else(|| bad(&result))?;
        lists
            .iter()
            .map(|l| {
                l.elements()
                    .ok_or_else(|| bad(&result))?
                    .iter()
                    .map(|h| {
                        h.as_u64().ok_or_else(|| {
                            if h.past_limit() {
                                RuleError::user_function(format!(
                                    "{what}: for heap {n} the function returned heap {h:?}; {}",
                                    Arg::limit("heap sizes")
                                ))
                            } else {
                                bad(&result)
                            }
                        })
                    })
                    .collect()
            })
            .collect()
    }
}
