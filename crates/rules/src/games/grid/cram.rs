//! Cram (RULESETS 1.3): either player places a domino in either
//! orientation on two adjacent empty cells; `Cram = Domineering.ImpartialVariant`.
//!
//! A Cram position is a Domineering bitboard read impartially: its options
//! are the Domineering options of both players, it decomposes into the same
//! regions of free cells, and its normal form is the least image under all 8
//! symmetries of the rectangle (transposition included, since swapping the
//! players changes nothing in an impartial game). Values are nim values,
//! computed by mex (`NimEvaluator`).

use crate::boards::grid::Grid;
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, ImpartialPosition, Player, Position};
use crate::framework::ruleset::{impartial, AnyPosition, Simple};
use crate::games::grid::domineering::Domineering;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Cram",
    package: Package::Grid,
    doc: "Either player places a domino in either orientation (`.` free, `#` filled); impartial.",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "Cram",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let grid = Grid::from_args("Cram", args, ".#")?;
    Ok(impartial(prefix, Cram::from_grid(&grid)?))
}

/// A Cram position: a board of free and filled cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram(pub Domineering);

impl Cram {
    /// From a board string (`.` free, `#` filled).
    pub fn parse(s: &str) -> RuleResult<Cram> {
        Domineering::parse(s).map(Cram)
    }

    /// From a grid whose cells are 0 (free) or 1 (filled); at most 128
    /// cells.
    pub fn from_grid(g: &Grid) -> RuleResult<Cram> {
        Domineering::from_grid(g).map(Cram)
    }
}

impl ImpartialPosition for Cram {
    fn options(&self) -> Vec<Self> {
        let mut out: Vec<Cram> = self.0.options(Player::Left).into_iter().map(Cram).collect();
        out.extend(self.0.options(Player::Right).into_iter().map(Cram));
        out
    }

    fn decompose(&self) -> Vec<Self> {
        self.0.decompose().into_iter().map(Cram).collect()
    }

    /// Domineering's normal form ranges over all 8 symmetries; the sign it
    /// reports is irrelevant for an impartial game.
    fn normalize(&self) -> Self {
        Cram(self.0.normalize().0)
    }

    fn text(&self) -> String {
        self.0.text()
    }

    fn board(&self) -> Option<Board> {
        self.0.board()
    }
}
