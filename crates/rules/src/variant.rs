//! Variants of any ruleset (RULESETS 5): impartial, dicotic, twisted.

use crate::dynamic::AnyRuleset;
use crate::error::{RuleError, RuleResult};
use std::rc::Rc;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Either player may make any move of either player.
    Impartial,
    /// A player may move only when the opponent also has a move.
    Dicotic,
    /// The players swap roles after every move.
    Twisted,
}

/// The variant of `base`.
pub fn variant(base: &Rc<dyn AnyRuleset>, kind: Variant) -> RuleResult<Rc<dyn AnyRuleset>> {
    Err(RuleError(format!(
        "The {kind:?} variant of {} is not available",
        base.name()
    )))
}
