//! Konane (NOTATION 6; not in today's CGSuite): a move jumps one of the
//! mover's stones orthogonally over an adjacent enemy stone into the empty
//! cell beyond, capturing it, and may go on jumping in the same direction;
//! stopping after each jump is a separate option.
//!
//! CharMap `.xo#`: 0 empty, 1 Left stone `x`, 2 Right stone `o`, 3 blocked.
//! A board splits into its regions of unblocked cells (4-connected: every
//! jump stays inside one), each cut to its bounding box; regions without
//! stones of both colours have no moves and are dropped. Normal forms range
//! over the 8 symmetries of the rectangle (no player swap: moves are
//! orthogonal for both) and the colour exchange, which negates.

use crate::boards::bitboard::BitBoard;
use crate::boards::grid::Grid;
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use std::rc::Rc;

const CHARMAP: &str = ".xo#";
const ORTHOGONAL: &[(i64, i64)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Konane",
    package: Package::Grid,
    doc: "Jump a stone orthogonally over adjacent enemy stones into empty cells, capturing them (`x` Left, `o` Right, `#` blocked).",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "Konane",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let grid = Grid::from_args("Konane", args, CHARMAP)?;
    Ok(partizan(prefix, Konane::from_grid(&grid)?))
}

/// A Konane position (layers: Left stones, Right stones, blocked cells; at
/// most 128 cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane(BitBoard<3>);

impl Konane {
    /// From a board string (`.xo#`).
    pub fn parse(s: &str) -> RuleResult<Konane> {
        Konane::from_grid(&Grid::parse(s, CHARMAP)?)
    }

    /// From a grid of cell values 0..=3.
    pub fn from_grid(g: &Grid) -> RuleResult<Konane> {
        Ok(Konane(BitBoard::from_grid("Konane", g)?))
    }

    /// The board string (`.xo#`).
    pub fn board_string(&self) -> String {
        self.0.board_string(CHARMAP)
    }

    /// The same board with the colours exchanged.
    pub fn colour_swapped(&self) -> Konane {
        let [x, o, b] = self.0.layers;
        Konane(BitBoard {
            layers: [o, x, b],
            ..self.0
        })
    }
}

impl Position for Konane {
    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let (me, them) = match player {
            Player::Left => (0, 1),
            Player::Right => (1, 0),
        };
        let empty = self.0.empty();
        let enemy = self.0.layers[them];
        let mut out = Vec::new();
        let mut stones = self.0.layers[me];
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            for &(dr, dc) in ORTHOGONAL {
                let mut board = self.0;
                board.layers[me] &= !(1 << i);
                let mut at = i;
                while let Some((over, land)) = self
                    .0
                    .step(at, dr, dc)
                    .and_then(|over| Some((over, self.0.step(over, dr, dc)?)))
                {
                    if enemy >> over & 1 == 0 || empty >> land & 1 == 0 {
                        break;
                    }
                    board.layers[them] &= !(1 << over);
                    let mut option = board;
                    option.layers[me] |= 1 << land;
                    out.push(Konane(option));
                    at = land;
                }
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let open = self.0.all() & !self.0.layers[2];
        let [x, o, _] = self.0.layers;
        self.0
            .regions(open, ORTHOGONAL)
            .into_iter()
            .filter(|r| r & x != 0 && r & o != 0)
            .map(|r| Konane(self.0.crop(r, 3)))
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
        (Konane(best.0), best.1)
    }
}
