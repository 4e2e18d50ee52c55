//! Every ruleset the language can name, with its package and documentation,
//! and the helper classes (`Grid`, `Strip`, `Graph`, `Coordinates`) whose
//! members build board objects and constants.
//!
//! Each ruleset module lists its own entries in an `ENTRIES` table; this
//! module only concatenates them.

use crate::args::{Arg, Args};
use crate::dynamic::AnyRuleset;
use crate::error::{RuleError, RuleResult};
use crate::grid::Grid;
use std::fmt;
use std::rc::Rc;

/// CGSuite's package of a ruleset: `game.grid`, `game.strip`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Package {
    Grid,
    Strip,
    Graph,
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
    pub name: &'static str,
    pub package: Package,
    /// One line saying what the game is, for help and the reference page.
    pub doc: &'static str,
    pub make: Make,
}

/// The tables of every ruleset module.
const TABLES: &[&[RulesetEntry]] = &[
    crate::domineering::ENTRIES,
    crate::cram::ENTRIES,
    crate::clobber::ENTRIES,
    crate::konane::ENTRIES,
    crate::amazons::ENTRIES,
    crate::fission::ENTRIES,
    crate::toads::ENTRIES,
    crate::toppling::ENTRIES,
    crate::cheques::ENTRIES,
    crate::hackenbush::ENTRIES,
    crate::col::ENTRIES,
    crate::arc_kayles::ENTRIES,
    crate::heap::ENTRIES,
    crate::turning::ENTRIES,
    crate::coordinate::ENTRIES,
    crate::partizan_heap::ENTRIES,
    crate::partizan_coordinate::ENTRIES,
    crate::euclid::ENTRIES,
    crate::cake::ENTRIES,
    crate::white_knight::ENTRIES,
];

/// Every named ruleset, in the order of the modules.
pub fn entries() -> impl Iterator<Item = &'static RulesetEntry> {
    TABLES.iter().flat_map(|t| t.iter())
}

/// The ruleset or family of this name.
pub fn find(name: &str) -> Option<&'static RulesetEntry> {
    entries().find(|e| e.name == name)
}

/// A board, strip or graph, as made by `Grid.Empty(r, c)`, `Strip.Empty(n)`
/// or `Graph.Path(n)`, passed to ruleset constructors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Object {
    Grid(Grid),
    Strip(crate::strip::Strip),
    Graph(crate::graph::Graph),
}

impl fmt::Display for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Object::Grid(g) => write!(f, "Grid(\"{}\")", g.to_string_with(".123456789")),
            Object::Strip(s) => write!(f, "Strip(\"{}\")", s.to_string_with(".123456789")),
            Object::Graph(g) => write!(f, "Graph(\"{g}\")"),
        }
    }
}

/// The helper classes whose members [`class_member`] answers.
pub const CLASSES: &[&str] = &["Grid", "Strip", "Graph", "Coordinates"];

/// `Class.Member` or `Class.Member(args)`: `Grid.Empty(4,4)`,
/// `Coordinates.Orthogonal`. None if the class has no such member.
pub fn class_member(class: &str, member: &str, args: &Args) -> Option<RuleResult<Arg>> {
    match class {
        "Grid" => crate::grid::class_member(member, args),
        "Strip" => crate::strip::class_member(member, args),
        "Graph" => crate::graph::class_member(member, args),
        "Coordinates" => coordinates(member).map(Ok),
        _ => None,
    }
}

/// The names of CGSuite's direction constants (`Coordinates.Orthogonal`...).
pub const DIRECTION_SETS: &[&str] = &[
    "Orthogonal",
    "Diagonal",
    "Compass",
    "KnightsMove",
    "Hexagonal",
];

/// CGSuite's direction constants (RULESETS 1.4, 7): (row, col) steps, rows
/// growing downward. Compass is the orthogonal steps followed by the
/// diagonal ones.
pub fn direction_set(name: &str) -> Option<Vec<(i64, i64)>> {
    const ORTHOGONAL: &[(i64, i64)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];
    const DIAGONAL: &[(i64, i64)] = &[(-1, 1), (1, 1), (1, -1), (-1, -1)];
    const KNIGHTS: &[(i64, i64)] = &[
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const HEXAGONAL: &[(i64, i64)] = &[(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];
    Some(match name {
        "Orthogonal" => ORTHOGONAL.to_vec(),
        "Diagonal" => DIAGONAL.to_vec(),
        "Compass" => [ORTHOGONAL, DIAGONAL].concat(),
        "KnightsMove" => KNIGHTS.to_vec(),
        "Hexagonal" => HEXAGONAL.to_vec(),
        _ => return None,
    })
}

/// `Coordinates.Name` as a list of (row, col) tuples.
fn coordinates(member: &str) -> Option<Arg> {
    Some(Arg::List(
        direction_set(member)?
            .into_iter()
            .map(|(r, c)| Arg::Tuple(vec![Arg::int(r), Arg::int(c)]))
            .collect(),
    ))
}

/// Read a list of (row, col) direction tuples, as given for `directions`.
pub fn directions(what: &str, arg: &Arg) -> RuleResult<Vec<(i64, i64)>> {
    let bad = || RuleError(format!("{what}: expected a list of (row, col) directions"));
    arg.elements()
        .ok_or_else(bad)?
        .iter()
        .map(|d| match d {
            Arg::Tuple(v) if v.len() == 2 => Ok((
                v[0].as_i64().ok_or_else(bad)?,
                v[1].as_i64().ok_or_else(bad)?,
            )),
            _ => Err(bad()),
        })
        .collect()
}
