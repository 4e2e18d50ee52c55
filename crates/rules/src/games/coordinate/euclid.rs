//! Partizan Euclid (RULESETS 4.9): at (p, q), if q = 0 or q divides p
//! neither player can move; otherwise Left moves to (q, p mod q) and Right
//! to (q, q - (p mod q)).

use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::keyed::{Pair, Rules};
use crate::framework::ruleset::AnyRuleset;
use crate::games::coordinate::partizan::ruleset;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "PartizanEuclid",
    package: Package::Heap,
    doc: "Partizan Euclid: from (p, q) Left moves to (q, p mod q), Right to (q, q - p mod q).",
    make: Make::Ruleset(partizan_euclid),
}];

/// The `PartizanEuclid` ruleset (one per session, keeping its table).
pub fn partizan_euclid() -> Rc<dyn AnyRuleset> {
    cache::preset("PartizanEuclid", || {
        ruleset(
            "PartizanEuclid".into(),
            Rc::new(Euclid { right: false }),
            Rc::new(Euclid { right: true }),
        )
    })
}

/// One side's Euclid move.
struct Euclid {
    right: bool,
}

impl Rules<Pair> for Euclid {
    fn options(&self, (p, q): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        if q == 0 || p % q == 0 {
            return Ok(vec![]);
        }
        let r = p % q;
        Ok(vec![vec![(q, if self.right { q - r } else { r })]])
    }
}
