//! Amazons (RULESETS 1.5): a move takes one of the mover's amazons along a
//! queen line over empty cells to a landing cell, then shoots an arrow from
//! there along a queen line over empty cells (the vacated cell counts as
//! empty), burning the cell it lands on.
//!
//! CharMap `.xo#`: 0 empty, 1 Left amazon `x`, 2 Right amazon `o`, 3 burnt.
//! CGSuite does not decompose; values do not depend on it, and the engine
//! splits a board into its regions of unburnt cells connected by king steps
//! (a queen move or an arrow never leaves one, and nothing else couples
//! them), each cut to its bounding box with burnt cells around it, dropping
//! regions without an amazon (no one can move there: value 0). Normal forms
//! range over the 8 symmetries of the rectangle (queen moves are symmetric
//! and no symmetry swaps the players) and the colour exchange, which
//! negates.

use crate::boards::bitboard::BitBoard;
use crate::boards::grid::Grid;
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use std::rc::Rc;

const CHARMAP: &str = ".xo#";
const COMPASS: &[(i64, i64)] = &[
    (-1, 0),
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Amazons",
    package: Package::Grid,
    doc: "Move an amazon like a queen, then shoot an arrow like a queen from where it lands (`x` Left, `o` Right, `#` burnt).",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "Amazons",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let grid = Grid::from_args("Amazons", args, CHARMAP)?;
    Ok(partizan(prefix, Amazons::from_grid(&grid)?))
}

/// An Amazons position (layers: Left amazons, Right amazons, burnt cells;
/// at most 128 cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Amazons(BitBoard<3>);

impl Amazons {
    /// From a board string (`.xo#`).
    pub fn parse(s: &str) -> RuleResult<Amazons> {
        Amazons::from_grid(&Grid::parse(s, CHARMAP)?)
    }

    /// From a grid of cell values 0..=3.
    pub fn from_grid(g: &Grid) -> RuleResult<Amazons> {
        Ok(Amazons(BitBoard::from_grid("Amazons", g)?))
    }

    /// The board string (`.xo#`).
    pub fn board_string(&self) -> String {
        self.0.board_string(CHARMAP)
    }

    /// The same board with the colours exchanged.
    pub fn colour_swapped(&self) -> Amazons {
        let [x, o, b] = self.0.layers;
        Amazons(BitBoard {
            layers: [o, x, b],
            ..self.0
        })
    }

    /// The cells reached from `from` along queen lines through cells of
    /// `free`, as a mask.
    fn queen_reach(&self, from: usize, free: u128) -> u128 {
        let mut out = 0u128;
        for &(dr, dc) in COMPASS {
            let mut at = from;
            while let Some(next) = self.0.step(at, dr, dc) {
                if free >> next & 1 == 0 {
                    break;
                }
                out |= 1 << next;
                at = next;
            }
        }
        out
    }
}

impl Position for Amazons {
    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let me = match player {
            Player::Left => 0,
            Player::Right => 1,
        };
        let empty = self.0.empty();
        let mut out = Vec::new();
        let mut amazons = self.0.layers[me];
        while amazons != 0 {
            let a = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            let mut landings = self.queen_reach(a, empty);
            while landings != 0 {
                let m = landings.trailing_zeros() as usize;
                landings &= landings - 1;
                let mut moved = self.0;
                moved.layers[me] = (moved.layers[me] & !(1 << a)) | 1 << m;
                let mut arrows = self.queen_reach(m, empty | 1 << a);
                while arrows != 0 {
                    let f = arrows.trailing_zeros() as usize;
                    arrows &= arrows - 1;
                    let mut option = moved;
                    option.layers[2] |= 1 << f;
                    out.push(Amazons(option));
                }
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let open = self.0.all() & !self.0.layers[2];
        let amazons = self.0.layers[0] | self.0.layers[1];
        self.0
            .regions(open, COMPASS)
            .into_iter()
            .filter(|r| r & amazons != 0)
            .map(|r| Amazons(self.0.crop(r, 3)))
            .collect()
    }

    /// The least image under the symmetries and the colour exchange; the
    /// exchanged image of a symmetric image is its layers permuted.
    fn normalize(&self) -> (Self, bool) {
        let mut best = (self.0, false);
        for &s in self.0.candidate_symmetries() {
            let t = self.0.transform(s);
            let [x, o, b] = t.layers;
            let swapped = BitBoard {
                layers: [o, x, b],
                ..t
            };
            for (c, neg) in [(t, false), (swapped, true)] {
                if c < best.0 {
                    best = (c, neg);
                }
            }
        }
        (Amazons(best.0), best.1)
    }
}
