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
use std::ops::{BitAnd, Shr};

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
        if b.rows() * b.cols() <= 64 {
            jumps::<u64>(b, player)
        } else {
            jumps::<u128>(b, player)
        }
    }

    /// A region without stones of both colours has no jump.
    fn live(b: &BitBoard<3>, region: u128) -> bool {
        region & b.layers[0] != 0 && region & b.layers[1] != 0
    }
}

/// A layer as the jump loop reads it: one bit per cell, in a `u64` on a
/// board of at most 64 cells (where a shift by a variable amount is one
/// instruction), in a `u128` on the others.
trait Layer: Copy + Eq + BitAnd<Output = Self> + Shr<u32, Output = Self> {
    const ZERO: Self;
    const ONE: Self;

    /// The low bits of a `u128` layer (all of it on the boards that use
    /// the type).
    fn of(x: u128) -> Self;

    /// The lowest set cell, and the layer without it (None when empty).
    fn pop(self) -> Option<(u32, Self)>;
}

macro_rules! layer {
    ($($t:ty),*) => {$(
        impl Layer for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;

            fn of(x: u128) -> Self {
                x as $t
            }

            fn pop(self) -> Option<(u32, Self)> {
                (self != 0).then(|| (self.trailing_zeros(), self & (self - 1)))
            }
        }
    )*};
}

layer!(u64, u128);

/// Whether cell `i` of `layer` is set.
#[inline]
fn has<W: Layer>(layer: W, i: u32) -> bool {
    layer >> i & W::ONE == W::ONE
}

/// The options of `player` on `b`, the jump loop reading layers as `W`
/// (which must hold every cell of the board).
fn jumps<W: Layer>(b: &BitBoard<3>, player: Player) -> Vec<BitBoard<3>> {
    let (me, them) = match player {
        Player::Left => (0, 1),
        Player::Right => (1, 0),
    };
    let cols = b.cols() as i64;
    let (empty, enemy, mine) = (b.empty(), b.layers[them], b.layers[me]);
    // For each direction, the stones that can make a first jump, all at
    // once: the landing cell is on the board and empty, the cell jumped
    // over holds an enemy stone. Per direction: the stones that can jump
    // that way, where a jump stays on the board, the shift of one step and
    // of two (as additions modulo 2^32: a cell plus a negative step).
    let mut steps = [(W::ZERO, W::ZERO, 0u32, 0u32); 4];
    let mut any = 0u128;
    let mut first_jumps = 0;
    let starts = b.row_starts();
    for (step, &(dr, dc)) in steps.iter_mut().zip(&ORTHOGONAL) {
        let (ok, two) = b.step_mask(starts, 2 * dr, 2 * dc);
        let one = dr * cols + dc;
        // Bit i + s moved back to bit i: a shift by -s.
        let jumpers = mine & ok & shift(enemy, -one) & shift(empty, -two);
        *step = (W::of(jumpers), W::of(ok), one as u32, two as u32);
        any |= jumpers;
        first_jumps += jumpers.count_ones() as usize;
    }
    let (empty, enemy, mut any) = (W::of(empty), W::of(enemy), W::of(any));
    let mut out = Vec::with_capacity(first_jumps);
    // Stone by stone (in cell order), direction by direction.
    while let Some((i, rest)) = any.pop() {
        any = rest;
        for &(jumpers, ok, one, two) in &steps {
            if !has(jumpers, i) {
                continue;
            }
            let mut from = i;
            let mut board = *b;
            board.layers[me] &= !(1 << i);
            // The k-th jump passes over i + (2k - 1)·d and lands on
            // i + 2k·d, which must stay on the board.
            while has(ok, from)
                && has(enemy, from.wrapping_add(one))
                && has(empty, from.wrapping_add(two))
            {
                board.layers[them] &= !(1 << from.wrapping_add(one));
                from = from.wrapping_add(two);
                let mut option = board;
                option.layers[me] |= 1 << from;
                out.push(option);
            }
        }
    }
    out
}
