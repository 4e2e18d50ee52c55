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
use crate::boards::bitboard::BitBoard;
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
        let (rows, cols) = (b.rows() as i64, b.cols() as i64);
        let empty = b.empty();
        let enemy = b.layers[them];
        let mut out = Vec::new();
        let mut stones = b.layers[me];
        while stones != 0 {
            let i = stones.trailing_zeros() as i64;
            stones &= stones - 1;
            let (r, c) = (i / cols, i % cols);
            for &(dr, dc) in &ORTHOGONAL {
                let mut board = *b;
                board.layers[me] &= !(1 << i);
                // The k-th jump passes over (r, c) + (2k - 1)·d and lands
                // on (r, c) + 2k·d, which must stay on the board.
                let (mut lr, mut lc) = (r + 2 * dr, c + 2 * dc);
                while (0..rows).contains(&lr) && (0..cols).contains(&lc) {
                    let over = (lr - dr) * cols + (lc - dc);
                    let land = lr * cols + lc;
                    if enemy >> over & 1 == 0 || empty >> land & 1 == 0 {
                        break;
                    }
                    board.layers[them] &= !(1 << over);
                    let mut option = board;
                    option.layers[me] |= 1 << land;
                    out.push(option);
                    lr += 2 * dr;
                    lc += 2 * dc;
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
