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

use super::board_game::{BoardGame, BoardRules};
use crate::boards::bitboard::{shift, BitBoard};
use crate::boards::directions::{Step, ORTHOGONAL};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::position::Player;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Konane",
    package: Package::Grid,
    doc: "Jump a stone orthogonally over adjacent enemy stones into empty cells, capturing them (`x` Left, `o` Right, `#` blocked).",
    make: Make::Ruleset(Konane::ruleset),
}];

/// A Konane position (layers: Left stones, Right stones, blocked cells; at
/// most 128 cells).
pub type Konane = BoardGame<KonaneRules, 3>;

/// The rules of Konane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KonaneRules;

impl BoardRules<3> for KonaneRules {
    const NAME: &'static str = "Konane";
    const CHARMAP: &'static str = ".xo#";
    const BLOCKED: u8 = 3;
    const CONNECT: &'static [Step] = &ORTHOGONAL;
    const COLOUR_SWAP: bool = true;
    const TRANSPOSE_NEGATES: bool = false;

    fn options(b: &BitBoard<3>, player: Player) -> Vec<BitBoard<3>> {
        let (me, them) = match player {
            Player::Left => (0, 1),
            Player::Right => (1, 0),
        };
        let cols = b.cols() as i64;
        let empty = b.empty();
        let enemy = b.layers[them];
        let mine = b.layers[me];
        // For each direction, the stones that can make a first jump, all
        // at once: the landing cell is on the board and empty, the cell
        // jumped over holds an enemy stone.
        // Per direction: the stones that can jump that way, where a jump
        // stays on the board, the shift of one step and of two.
        let mut steps = [(0u128, 0u128, 0i64, 0i64); 4];
        let mut any = 0;
        let mut first_jumps = 0;
        let starts = b.row_starts();
        for (step, &(dr, dc)) in steps.iter_mut().zip(&ORTHOGONAL) {
            let (ok, two) = b.step_mask(starts, 2 * dr, 2 * dc);
            let one = dr * cols + dc;
            // Bit i + s moved back to bit i: a shift by -s.
            let jumpers = mine & ok & shift(enemy, -one) & shift(empty, -two);
            *step = (jumpers, ok, one, two);
            any |= jumpers;
            first_jumps += jumpers.count_ones() as usize;
        }
        let mut out = Vec::with_capacity(first_jumps);
        // Stone by stone (in cell order), direction by direction.
        while any != 0 {
            let i = any.trailing_zeros() as i64;
            any &= any - 1;
            for &(jumpers, ok, one, two) in &steps {
                if jumpers >> i & 1 == 0 {
                    continue;
                }
                let mut from = i;
                let mut board = *b;
                board.layers[me] &= !(1 << i);
                // The k-th jump passes over i + (2k - 1)·d and lands on
                // i + 2k·d, which must stay on the board.
                while ok >> from & 1 == 1
                    && enemy >> (from + one) & 1 == 1
                    && empty >> (from + two) & 1 == 1
                {
                    board.layers[them] &= !(1 << (from + one));
                    from += two;
                    let mut option = board;
                    option.layers[me] |= 1 << from;
                    out.push(option);
                }
            }
        }
        out
    }

    /// A region without stones of both colours has no jump.
    fn live(b: &BitBoard<3>, region: u128) -> bool {
        region & b.layers[0] != 0 && region & b.layers[1] != 0
    }
}
