//! Domineering (docs/RULESETS.md 1.2): Left places vertical dominoes, Right
//! horizontal ones, on empty cells.
//!
//! A position is a bitboard of at most 128 cells whose one layer holds the
//! filled cells (CharMap `.#`). It decomposes into its regions of free
//! cells (4-connected), each cut to its bounding box, dropping single cells
//! (no move for either player); its normal form is the least of its images
//! under the symmetries of the rectangle, where the transposing ones swap
//! the players and so negate the value.

use super::board_game::{BoardGame, BoardRules};
use crate::boards::bitboard::{shift, BitBoard};
use crate::boards::directions::{Step, ORTHOGONAL};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::position::Player;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Domineering",
    package: Package::Grid,
    doc: "Left places vertical dominoes, Right horizontal ones (`.` free, `#` filled).",
    make: Make::Ruleset(Domineering::ruleset),
}];

/// The largest board (in cells) a position may have.
pub const MAX_CELLS: usize = crate::boards::bitboard::MAX_CELLS;

/// A Domineering position.
pub type Domineering = BoardGame<DomineeringRules, 1>;

/// The rules of Domineering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DomineeringRules;

/// The cells of a board with a cell to their right: every column but the
/// last.
fn not_last_column(b: &BitBoard<1>) -> u128 {
    let (rows, cols) = (b.rows(), b.cols());
    if cols < 2 {
        return 0;
    }
    let row = (1u128 << (cols - 1)) - 1;
    (0..rows).fold(0, |m, r| m | row << (r * cols))
}

impl BoardRules<1> for DomineeringRules {
    const NAME: &'static str = "Domineering";
    const CHARMAP: &'static str = ".#";
    const BLOCKED: u8 = 1;
    const CONNECT: &'static [Step] = &ORTHOGONAL;
    const COLOUR_SWAP: bool = false;
    const TRANSPOSE_NEGATES: bool = true;

    /// Free cells with a free cell below (Left) or to the right (Right)
    /// are the top or left cells of the dominoes that can be placed.
    fn options_into(b: &BitBoard<1>, player: Player, out: &mut Vec<BitBoard<1>>) {
        let free = b.all() & !b.layers[0];
        let (mut moves, step) = match player {
            // Shifted whole (a board of one 128-cell row has no cell
            // below any other).
            Player::Left => (free & shift(free, -i64::from(b.cols)), u32::from(b.cols)),
            Player::Right => (free & (free >> 1) & not_last_column(b), 1),
        };
        out.reserve(moves.count_ones() as usize);
        while moves != 0 {
            let i = moves.trailing_zeros();
            moves &= moves - 1;
            let mut o = *b;
            o.layers[0] |= (1u128 << i) | (1u128 << (i + step));
            out.push(o);
        }
    }

    /// A single free cell has no move for either player.
    fn live(_: &BitBoard<1>, region: u128) -> bool {
        region.count_ones() > 1
    }
}
