//! The entries of the ruleset registry: each game module lists its named
//! rulesets in an `ENTRIES` table of [`RulesetEntry`], and the registry on
//! top of the games concatenates them.

use super::args::Args;
use super::error::RuleResult;
use super::ruleset::AnyRuleset;
use std::rc::Rc;

/// CGSuite's package of a ruleset: `game.grid`, `game.strip`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Package {
    /// `game.grid`: rectangular boards.
    Grid,
    /// `game.strip`: one-row boards.
    Strip,
    /// `game.graph`: graphs.
    Graph,
    /// `game.heap`: heaps and coordinates.
    Heap,
}

impl Package {
    /// The package's last name component: `grid`.
    pub fn name(self) -> &'static str {
        match self {
            Package::Grid => "grid",
            Package::Strip => "strip",
            Package::Graph => "graph",
            Package::Heap => "heap",
        }
    }
}

/// How a named ruleset is made.
#[derive(Debug)]
pub enum Make {
    /// A ruleset without parameters, such as `Domineering` or `Kayles`:
    /// the name denotes the ruleset.
    Ruleset(fn() -> Rc<dyn AnyRuleset>),
    /// A family of rulesets, such as `GenClobber(...)`,
    /// `TakeAndBreak("0.77")` or `Subtraction([2,3])`: called with its
    /// parameters, it gives a ruleset.
    Schema(fn(&Args) -> RuleResult<Rc<dyn AnyRuleset>>),
}

/// One named ruleset or ruleset family.
#[derive(Debug)]
pub struct RulesetEntry {
    /// The name the language knows it by.
    pub name: &'static str,
    /// Its package.
    pub package: Package,
    /// One line saying what the game is, for help and the reference page.
    pub doc: &'static str,
    /// How it is made.
    pub make: Make,
}
