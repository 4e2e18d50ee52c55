//! Operations combining two rulesets (RULESETS 4.7, 4.9): joins, partizan
//! joins, acrostic and direct products, cake products.

use crate::dynamic::AnyRuleset;
use crate::error::{RuleError, RuleResult};
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
    CakeProduct { twisted: bool },
}

/// The ruleset `a op b`.
pub fn combine(
    a: &Rc<dyn AnyRuleset>,
    op: Operation,
    b: &Rc<dyn AnyRuleset>,
) -> RuleResult<Rc<dyn AnyRuleset>> {
    Err(RuleError(format!(
        "{op:?} of {} and {} is not available",
        a.name(),
        b.name()
    )))
}
