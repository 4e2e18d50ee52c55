//! The White Knight (seeds: Lu's Math576 notes on Nim, "Game of White
//! Knight"): a knight on a quarter-infinite chess board that may only move
//! "north-west", played alone or beside a Nim heap.
//!
//! The notes give only the rule and a table of the knight's values (rows
//! a, b, c, ... and columns 1, 2, 3, ...). The move set used here is the one
//! that reproduces that table: with a position `(m, n)` where m is the row
//! (a = 0, b = 1, ...) and n the column minus one, the knight moves to
//!
//! * (m + 1, n - 2), (m - 1, n - 2), (m - 2, n - 1), (m - 2, n + 1),
//!
//! whenever both coordinates stay non-negative. These are the four knight
//! moves that decrease m + n (by 1 or 3), so play always ends. A search over
//! all 255 non-empty subsets of the eight knight moves, and over 0- and
//! 1-based readings of the rows and columns, found this to be the only
//! choice matching all 256 legible entries of the table (it is the White
//! Knight of Winning Ways, chapter 12).

use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::keyed::{Pair, Rules};
use crate::framework::ruleset::AnyRuleset;
use crate::games::coordinate::ruleset;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "WhiteKnight",
    package: Package::Heap,
    doc: "A knight at (row, column) moving only to (m+1,n-2), (m-1,n-2), (m-2,n-1) or (m-2,n+1).",
    make: Make::Ruleset(white_knight),
}];

/// The `WhiteKnight` coordinate ruleset (one per session, keeping its
/// table).
pub fn white_knight() -> Rc<dyn AnyRuleset> {
    cache::preset("WhiteKnight", || {
        ruleset("WhiteKnight".into(), Rc::new(WhiteKnight))
    })
}

/// The knight's steps (row, column).
pub const MOVES: [(i64, i64); 4] = [(1, -2), (-1, -2), (-2, -1), (-2, 1)];

struct WhiteKnight;

impl Rules<Pair> for WhiteKnight {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        Ok(MOVES
            .iter()
            .filter_map(|&(dm, dn)| {
                let m2 = m.checked_add_signed(dm)?;
                let n2 = n.checked_add_signed(dn)?;
                Some(vec![(m2, n2)])
            })
            .collect())
    }
}
