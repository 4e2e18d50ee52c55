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

use super::board_game::{BoardGame, BoardRules};
use crate::boards::bitboard::{shift, BitBoard};
use crate::boards::directions::{Step, ORTHOGONAL};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::position::Player;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Fission",
    package: Package::Grid,
    doc: "Split a neutral stone (`x`) into the two empty cells beside it: vertically for Left, horizontally for Right (`#` blocked).",
    make: Make::Ruleset(Fission::ruleset),
}];

/// A Fission position (layer 0 stones, layer 1 blocked cells; at most 128
/// cells).
pub type Fission = BoardGame<FissionRules, 2>;

/// The rules of Fission.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FissionRules;

impl BoardRules<2> for FissionRules {
    const NAME: &'static str = "Fission";
    const CHARMAP: &'static str = ".x#";
    const BLOCKED: u8 = 2;
    const CONNECT: &'static [Step] = &ORTHOGONAL;
    const COLOUR_SWAP: bool = false;
    const TRANSPOSE_NEGATES: bool = true;

    /// The stones that can split are found for the whole layer at once:
    /// those whose two neighbours along the player's axis are on the board
    /// and empty. Options come stone by stone in cell order.
    fn options_into(b: &BitBoard<2>, player: Player, out: &mut Vec<BitBoard<2>>) {
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        let starts = b.row_starts();
        let (before, back) = b.step_mask(starts, -dr, -dc);
        let (after, ahead) = b.step_mask(starts, dr, dc);
        // Bit i of `shift(empty, -s)` is whether cell i + s is empty.
        let empty = b.empty();
        let mut movable = b.layers[0] & before & after & shift(empty, -back) & shift(empty, -ahead);
        out.reserve(movable.count_ones() as usize);
        while movable != 0 {
            let i = movable.trailing_zeros() as i64;
            movable &= movable - 1;
            let mut board = *b;
            board.layers[0] &= !(1 << i);
            board.layers[0] |= 1 << (i + back) | 1 << (i + ahead);
            out.push(board);
        }
    }

    /// A region without stones has no move.
    fn live(b: &BitBoard<2>, region: u128) -> bool {
        region & b.layers[0] != 0
    }

    /// The empty cells: every move fills one (a stone becomes two).
    fn level(b: &BitBoard<2>) -> Option<u32> {
        Some(b.empty_count())
    }
}
