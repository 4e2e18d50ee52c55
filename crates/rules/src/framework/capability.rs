//! What rulesets of a kind are made of, for the rulesets built on others:
//! the heap options of an impartial heap ruleset (which joins, partizan
//! heaps, cake products and coin turning use).

use super::error::RuleResult;

/// An impartial heap ruleset, defined entirely by its heap options
/// (RULESETS 4.1).
pub trait HeapRules {
    /// The options of a heap of `n` tokens: each a list of heap sizes whose
    /// disjunctive sum is the option (the empty list is 0). Duplicates are
    /// kept, in the ruleset's order.
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>>;
}
