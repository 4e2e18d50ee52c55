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

use super::board_game::{BoardGame, BoardRules};
use crate::boards::bitboard::BitBoard;
use crate::boards::directions::{Step, COMPASS};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::position::Player;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Amazons",
    package: Package::Grid,
    doc: "Move an amazon like a queen, then shoot an arrow like a queen from where it lands (`x` Left, `o` Right, `#` burnt).",
    make: Make::Ruleset(Amazons::ruleset),
}];

/// An Amazons position (layers: Left amazons, Right amazons, burnt cells;
/// at most 128 cells).
pub type Amazons = BoardGame<AmazonsRules, 3>;

/// The rules of Amazons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AmazonsRules;

/// The cells reached from `from` along queen lines through cells of
/// `free`, as a mask.
fn queen_reach(b: &BitBoard<3>, from: usize, free: u128) -> u128 {
    let mut out = 0u128;
    for &(dr, dc) in &COMPASS {
        let mut at = from;
        while let Some(next) = b.step(at, dr, dc) {
            if free >> next & 1 == 0 {
                break;
            }
            out |= 1 << next;
            at = next;
        }
    }
    out
}

impl BoardRules<3> for AmazonsRules {
    const NAME: &'static str = "Amazons";
    const CHARMAP: &'static str = ".xo#";
    const BLOCKED: u8 = 3;
    const CONNECT: &'static [Step] = &COMPASS;
    const COLOUR_SWAP: bool = true;
    const TRANSPOSE_NEGATES: bool = false;

    fn options_into(b: &BitBoard<3>, player: Player, out: &mut Vec<BitBoard<3>>) {
        let me = match player {
            Player::Left => 0,
            Player::Right => 1,
        };
        let empty = b.empty();
        let mut amazons = b.layers[me];
        while amazons != 0 {
            let a = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            let mut landings = queen_reach(b, a, empty);
            while landings != 0 {
                let m = landings.trailing_zeros() as usize;
                landings &= landings - 1;
                let mut moved = *b;
                moved.layers[me] = (moved.layers[me] & !(1 << a)) | 1 << m;
                let mut arrows = queen_reach(b, m, empty | 1 << a);
                while arrows != 0 {
                    let f = arrows.trailing_zeros() as usize;
                    arrows &= arrows - 1;
                    let mut option = moved;
                    option.layers[2] |= 1 << f;
                    out.push(option);
                }
            }
        }
    }

    /// A region without an amazon has no move.
    fn live(b: &BitBoard<3>, region: u128) -> bool {
        region & (b.layers[0] | b.layers[1]) != 0
    }
}
