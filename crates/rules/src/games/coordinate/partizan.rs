//! Partizan coordinate rulesets (RULESETS 4.9): a position is a pair
//! `(m, n)` or a sum of pairs; Left moves by the coordinate options of one
//! rule, Right by another. `PartizanCoordinateRuleset(L, R)` takes two
//! impartial coordinate rulesets; `PartizanEuclid` and `GenCutcake` (and its
//! presets) are built on the same engine. Values are canonical forms with a
//! memo table per ruleset value; `GameValueTable` is 1-based.

use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{arg_text, position, Keys, Pair, PartizanKeys, Rules};
use crate::framework::kind;
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use crate::games::coordinate::{check_table, parse_pair, rules_of};
use onag_core::game::Game;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "PartizanCoordinateRuleset",
    package: Package::Heap,
    doc: "PartizanCoordinateRuleset(L, R): Left moves by coordinate ruleset L, Right by R.",
    make: Make::Schema(partizan_coordinate_ruleset),
}];

/// A partizan coordinate ruleset.
pub struct PartizanCoordinateRuleset {
    game: Rc<PartizanKeys<Pair>>,
}

/// The partizan coordinate ruleset named `name`.
pub fn ruleset(
    name: String,
    left: Rc<dyn Rules<Pair>>,
    right: Rc<dyn Rules<Pair>>,
) -> Rc<dyn AnyRuleset> {
    Rc::new(PartizanCoordinateRuleset {
        game: PartizanKeys::new(name, left, right),
    })
}

impl PartizanCoordinateRuleset {
    /// The canonical form of `(m, n)`.
    pub fn value(&self, p: Pair) -> RuleResult<Game> {
        self.game.value(p)
    }
}

impl AnyRuleset for PartizanCoordinateRuleset {
    fn name(&self) -> String {
        self.game.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let p = parse_pair(&self.game.name, args, true)?;
        Ok(position(Keys::Partizan(self.game.clone()), vec![p]))
    }

    fn as_partizan_coordinate(&self) -> Option<&dyn kind::PartizanCoordinate> {
        Some(self)
    }
}

impl kind::PartizanCoordinate for PartizanCoordinateRuleset {
    fn game_value_table(&self, rows: u64, cols: u64) -> RuleResult<Vec<Vec<Game>>> {
        check_table("GameValueTable", rows, cols)?;
        (1..=rows)
            .map(|m| (1..=cols).map(|n| self.game.value((m, n))).collect())
            .collect()
    }
}

fn coordinate_arg(what: &str, a: &Arg) -> RuleResult<Rc<dyn Rules<Pair>>> {
    match a {
        Arg::Ruleset(r) => rules_of(r).ok_or_else(|| {
            RuleError::bad_argument(format!(
                "{what}: {} is not an impartial coordinate ruleset",
                r.name()
            ))
        }),
        other => Err(RuleError::bad_argument(format!(
            "{what} expects coordinate rulesets, got {} ({other:?})",
            other.kind()
        ))),
    }
}

fn partizan_coordinate_ruleset(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    const WHAT: &str = "PartizanCoordinateRuleset";
    args.check_keywords(WHAT, &[])?;
    args.expect_count(WHAT, 2, "two coordinate rulesets")?;
    let (l, r) = (&args.positional[0], &args.positional[1]);
    Ok(ruleset(
        format!("{WHAT}({}, {})", arg_text(l), arg_text(r)),
        coordinate_arg(WHAT, l)?,
        coordinate_arg(WHAT, r)?,
    ))
}
