//! Operations combining two rulesets (RULESETS 4.7, 4.9): joins, partizan
//! joins, acrostic and direct products, cake products.
//!
//! * `R.Join(S)` (heap rulesets): HeapOptions(n) is R's list followed by
//!   S's; nim values as for every heap ruleset (RULESETS 4.4, heap 0 fixed
//!   at 0).
//! * `R.Adjoin(S)` (coordinate rulesets): R's coordinate options followed
//!   by S's.
//! * `R.PartizanJoin(S)` = `PartizanHeapRuleset(R, S)`.
//! * `R.AcrosticProduct(S)`: on (m, n), an R-move on m or an S-move on n.
//! * `R.DirectProduct(S)` (Tartan): an R-move on m together with an S-move
//!   on n; its nim values are the nim products of the factors' (the Tartan
//!   theorem, ONAG chapter 14).
//! * `R.CakeProduct(S, twisted)` = `GenCutcake(R, S, twisted)`.

use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{Pair, Rules};
use crate::framework::kind::HeapRules;
use crate::framework::ruleset::AnyRuleset;
use crate::games::coordinate::cake::{cutcake_name, gen_cutcake};
use crate::games::coordinate::{self, rules_of, Adjoin};
use crate::games::heap::partizan;
use std::rc::Rc;

/// How two rulesets are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `R.Join(S)`: heap options of R followed by those of S.
    Join,
    /// `R.Adjoin(S)`: coordinate options of R followed by those of S.
    Adjoin,
    /// `R.PartizanJoin(S)`: Left moves by R, Right by S.
    PartizanJoin,
    /// `R.AcrosticProduct(S)`.
    AcrosticProduct,
    /// `R.DirectProduct(S)` (Tartan).
    DirectProduct,
    /// `R.CakeProduct(S, twisted)` = `GenCutcake(R, S, twisted)`.
    CakeProduct {
        /// Whether the cake turns after each move.
        twisted: bool,
    },
}

impl Operation {
    fn method(self) -> &'static str {
        match self {
            Operation::Join => "Join",
            Operation::Adjoin => "Adjoin",
            Operation::PartizanJoin => "PartizanJoin",
            Operation::AcrosticProduct => "AcrosticProduct",
            Operation::DirectProduct => "DirectProduct",
            Operation::CakeProduct { .. } => "CakeProduct",
        }
    }
}

/// The ruleset `a op b`.
pub fn combine(
    a: &Rc<dyn AnyRuleset>,
    op: Operation,
    b: &Rc<dyn AnyRuleset>,
) -> RuleResult<Rc<dyn AnyRuleset>> {
    let method = op.method();
    let name = match op {
        Operation::CakeProduct { twisted } => cutcake_name(&a.name(), &b.name(), twisted),
        _ => format!("{}.{method}({})", a.name(), b.name()),
    };
    let coord = |r: &Rc<dyn AnyRuleset>| {
        rules_of(r).ok_or_else(|| {
            RuleError::bad_argument(format!(
                "{method}: {} is not a coordinate ruleset",
                r.name()
            ))
        })
    };
    let heap = |r: &Rc<dyn AnyRuleset>| {
        r.as_heap().map(|h| h.rules()).ok_or_else(|| {
            RuleError::bad_argument(format!("{method}: {} is not a heap ruleset", r.name()))
        })
    };
    Ok(match op {
        Operation::Adjoin => coordinate::ruleset(name, Rc::new(Adjoin(coord(a)?, coord(b)?))),
        Operation::Join => {
            crate::games::heap::ruleset(name, Rc::new(Join(heap(a)?, heap(b)?)), None)
        }
        Operation::PartizanJoin => partizan::ruleset(name, heap(a)?, heap(b)?),
        Operation::AcrosticProduct => {
            coordinate::ruleset(name, Rc::new(Acrostic(heap(a)?, heap(b)?)))
        }
        Operation::DirectProduct => coordinate::ruleset(name, Rc::new(Direct(heap(a)?, heap(b)?))),
        Operation::CakeProduct { twisted } => gen_cutcake(name, heap(a)?, heap(b)?, twisted),
    })
}

/// `R.Join(S)`: R's heap options followed by S's.
struct Join(Rc<dyn HeapRules>, Rc<dyn HeapRules>);

impl HeapRules for Join {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let mut out = self.0.heap_options(n)?;
        out.extend(self.1.heap_options(n)?);
        Ok(out)
    }
}

/// `R.AcrosticProduct(S)`: each R-option list [a..] of m gives
/// (a1,n) + ... ; each S-option list [b..] of n gives (m,b1) + ...
struct Acrostic(Rc<dyn HeapRules>, Rc<dyn HeapRules>);

impl Rules<Pair> for Acrostic {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        let mut out: Vec<Vec<Pair>> = self
            .0
            .heap_options(m)?
            .into_iter()
            .map(|l| l.into_iter().map(|a| (a, n)).collect())
            .collect();
        out.extend(
            self.1
                .heap_options(n)?
                .into_iter()
                .map(|l| l.into_iter().map(|b| (m, b)).collect()),
        );
        Ok(out)
    }
}

/// `R.DirectProduct(S)`: for every R-option list [a..] of m and S-option
/// list [b..] of n, the sum of every (ai, n), every (m, bj) and every
/// (ai, bj).
struct Direct(Rc<dyn HeapRules>, Rc<dyn HeapRules>);

impl Rules<Pair> for Direct {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        let (ra, sb) = (self.0.heap_options(m)?, self.1.heap_options(n)?);
        let mut out = Vec::with_capacity(ra.len() * sb.len());
        for a in &ra {
            for b in &sb {
                let mut sum: Vec<Pair> = a.iter().map(|&x| (x, n)).collect();
                sum.extend(b.iter().map(|&y| (m, y)));
                for &x in a {
                    sum.extend(b.iter().map(|&y| (x, y)));
                }
                out.push(sum);
            }
        }
        Ok(out)
    }
}
