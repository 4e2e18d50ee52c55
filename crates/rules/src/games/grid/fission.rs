//! Fission (RULESETS 1.6): stones are neutral; Left splits a stone into
//! the two empty cells above and below it, Right into the two empty cells
//! left and right of it.
//!
//! CharMap `.x#`: 0 empty, 1 stone, 2 blocked. CGSuite does not decompose
//! Fission positions; values do not depend on it, and the engine splits a
//! board into its regions of unblocked cells (4-connected, which every move
//! stays inside), each cut to its bounding box, dropping stoneless ones.
//! Normal forms range over the 8 symmetries of the rectangle; the four that
//! transpose swap the players and negate the value.

use crate::boards::bitboard::BitBoard;
use crate::boards::grid::Grid;
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use std::rc::Rc;

const CHARMAP: &str = ".x#";
const ORTHOGONAL: &[(i64, i64)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Fission",
    package: Package::Grid,
    doc: "Split a neutral stone (`x`) into the two empty cells beside it: vertically for Left, horizontally for Right (`#` blocked).",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "Fission",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let grid = Grid::from_args("Fission", args, CHARMAP)?;
    Ok(partizan(prefix, Fission::from_grid(&grid)?))
}

/// A Fission position (layer 0 stones, layer 1 blocked cells; at most 128
/// cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fission(BitBoard<2>);

impl Fission {
    /// From a board string (`.x#`).
    pub fn parse(s: &str) -> RuleResult<Fission> {
        Fission::from_grid(&Grid::parse(s, CHARMAP)?)
    }

    /// From a grid of cell values 0..=2.
    pub fn from_grid(g: &Grid) -> RuleResult<Fission> {
        Ok(Fission(BitBoard::from_grid("Fission", g)?))
    }

    /// The board string (`.x#`).
    pub fn board_string(&self) -> String {
        self.0.board_string(CHARMAP)
    }
}

impl Position for Fission {
    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        let empty = self.0.empty();
        let mut out = Vec::new();
        let mut stones = self.0.layers[0];
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let (Some(a), Some(b)) = (self.0.step(i, -dr, -dc), self.0.step(i, dr, dc)) else {
                continue;
            };
            if empty >> a & 1 == 1 && empty >> b & 1 == 1 {
                let mut board = self.0;
                board.layers[0] = (board.layers[0] & !(1 << i)) | 1 << a | 1 << b;
                out.push(Fission(board));
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let open = self.0.all() & !self.0.layers[1];
        self.0
            .regions(open, ORTHOGONAL)
            .into_iter()
            .filter(|r| r & self.0.layers[0] != 0)
            .map(|r| Fission(self.0.crop(r, 2)))
            .collect()
    }

    fn normalize(&self) -> (Self, bool) {
        self.0
            .candidate_symmetries()
            .iter()
            .map(|&s| (Fission(self.0.transform(s)), s & 4 != 0))
            .min_by_key(|(f, _)| f.0)
            .unwrap_or((*self, false))
    }
}
