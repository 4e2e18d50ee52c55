//! Every ruleset the language can name, with its package and documentation,
//! and the helper classes (`Grid`, `Strip`, `Graph`, `Coordinates`) whose
//! members build board objects and constants.
//!
//! Each ruleset module lists its own entries in an `ENTRIES` table; this
//! module only concatenates them. It is the top layer of the crate: it
//! names the games, and no game reaches another through it.

use crate::boards::{directions, graph, grid, strip};
use crate::framework::{Arg, Args, RuleResult};

pub use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::games::{
    coordinate, graph as graph_games, grid as grid_games, heap, strip as strip_games,
};

/// The tables of every ruleset module.
const TABLES: &[&[RulesetEntry]] = &[
    grid_games::domineering::ENTRIES,
    grid_games::cram::ENTRIES,
    grid_games::clobber::ENTRIES,
    grid_games::konane::ENTRIES,
    grid_games::amazons::ENTRIES,
    grid_games::fission::ENTRIES,
    grid_games::fox_and_geese::ENTRIES,
    strip_games::toads::ENTRIES,
    strip_games::toppling::ENTRIES,
    crate::games::cheques::ENTRIES,
    graph_games::hackenbush::ENTRIES,
    graph_games::col::ENTRIES,
    graph_games::arc_kayles::ENTRIES,
    heap::ENTRIES,
    strip_games::turning::ENTRIES,
    coordinate::ENTRIES,
    heap::partizan::ENTRIES,
    coordinate::partizan::ENTRIES,
    coordinate::euclid::ENTRIES,
    coordinate::cake::ENTRIES,
    coordinate::white_knight::ENTRIES,
];

/// Every named ruleset, in the order of the modules.
pub fn entries() -> impl Iterator<Item = &'static RulesetEntry> {
    TABLES.iter().flat_map(|t| t.iter())
}

/// The ruleset or family of this name.
pub fn find(name: &str) -> Option<&'static RulesetEntry> {
    entries().find(|e| e.name == name)
}

/// The helper classes whose members [`class_member`] answers.
pub const CLASSES: &[&str] = &["Grid", "Strip", "Graph", "Coordinates"];

/// `Class.Member` or `Class.Member(args)`: `Grid.Empty(4,4)`,
/// `Coordinates.Orthogonal`. None if the class has no such member.
pub fn class_member(class: &str, member: &str, args: &Args) -> Option<RuleResult<Arg>> {
    match class {
        "Grid" => grid::class_member(member, args),
        "Strip" => strip::class_member(member, args),
        "Graph" => graph::class_member(member, args),
        "Coordinates" => directions::coordinates(member).map(Ok),
        _ => None,
    }
}
