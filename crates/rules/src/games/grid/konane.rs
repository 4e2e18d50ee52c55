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
use crate::boards::bitboard::{count, low, row_starts_of, BitBoard};
use crate::boards::directions::{Step, ORTHOGONAL};
use crate::boards::word::{low64, row_starts64};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::position::Player;
use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

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

    fn options_into(b: &BitBoard<3>, player: Player, out: &mut Vec<BitBoard<3>>) {
        if b.rows() * b.cols() <= 64 {
            jumps::<u64>(b, player, out)
        } else {
            jumps::<u128>(b, player, out)
        }
    }

    /// A region without stones of both colours has no jump.
    fn live(b: &BitBoard<3>, region: u128) -> bool {
        region & b.layers[0] != 0 && region & b.layers[1] != 0
    }

    /// The stones on the board: every jump captures at least one.
    fn level(b: &BitBoard<3>) -> Option<u32> {
        Some(count(b.layers[0] | b.layers[1]))
    }
}

/// A layer as the jump generator reads it: one bit per cell, in a `u64`
/// on a board of at most 64 cells (where every mask and shift is one
/// instruction), in a `u128` on the others.
trait Layer:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;

    /// The low bits of a `u128` layer (all of it on the boards that use
    /// the type).
    fn of(x: u128) -> Self;

    /// The layer as a `u128`.
    fn wide(self) -> u128;

    /// The low `n` bits (`n` at most the width).
    fn low(n: u32) -> Self;

    /// The first cell of each row of a `rows` x `cols` board (which the
    /// type holds).
    fn row_starts(rows: u32, cols: u32) -> Self;

    /// The lowest set cell, and the layer without it (None when empty).
    fn pop(self) -> Option<(u32, Self)>;
}

macro_rules! layer {
    ($($t:ty => $low:path, $starts:path),*) => {$(
        impl Layer for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;

            fn of(x: u128) -> Self {
                x as $t
            }

            fn wide(self) -> u128 {
                self.into()
            }

            fn low(n: u32) -> Self {
                $low(n as usize)
            }

            fn row_starts(rows: u32, cols: u32) -> Self {
                $starts(rows as usize, cols as usize)
            }

            fn pop(self) -> Option<(u32, Self)> {
                (self != 0).then(|| (self.trailing_zeros(), self & (self - 1)))
            }
        }
    )*};
}

layer!(u64 => low64, row_starts64, u128 => low, row_starts_of);

/// Whether cell `i` of `layer` is set.
#[inline]
fn has<W: Layer>(layer: W, i: u32) -> bool {
    layer >> i & W::ONE == W::ONE
}

/// One direction of jumps: the stones that can make a first jump that
/// way, the cells from which a jump stays on the board, and the step of
/// one cell and of two (as additions modulo 2^32: a negative step is a
/// cell plus its complement).
#[derive(Clone, Copy)]
struct Direction<W> {
    jumpers: W,
    ok: W,
    one: u32,
    two: u32,
}

/// The options of `player` on `b`, pushed onto `out`, the layers read as
/// `W` (which must hold every cell of the board).
fn jumps<W: Layer>(b: &BitBoard<3>, player: Player, out: &mut Vec<BitBoard<3>>) {
    let (me, them) = match player {
        Player::Left => (0, 1),
        Player::Right => (1, 0),
    };
    let (rows, cols) = (b.rows() as u32, b.cols() as u32);
    let all = W::low(rows * cols);
    let (mine, enemy) = (W::of(b.layers[me]), W::of(b.layers[them]));
    let empty = all & !(mine | enemy | W::of(b.layers[2]));
    let starts = W::row_starts(rows, cols);
    // For each direction, in the order of `ORTHOGONAL` (up, right, down,
    // left), the cells from which two steps stay on the board, and the
    // stones that can make a first jump: the cell jumped over holds an
    // enemy stone, the landing cell is empty (bit i + s moved to bit i by
    // a shift right by s, bit i - s by a shift left).
    let none = Direction {
        jumpers: W::ZERO,
        ok: W::ZERO,
        one: 0,
        two: 0,
    };
    let mut dirs = [none; 4];
    if rows >= 3 {
        let (one, two) = (cols, 2 * cols);
        let up = all & !W::low(two);
        let down = W::low((rows - 2) * cols);
        dirs[0] = Direction {
            jumpers: mine & up & enemy << one & empty << two,
            ok: up,
            one: one.wrapping_neg(),
            two: two.wrapping_neg(),
        };
        dirs[2] = Direction {
            jumpers: mine & down & enemy >> one & empty >> two,
            ok: down,
            one,
            two,
        };
    }
    if cols >= 3 {
        let right = all & !(starts << (cols - 1) | starts << (cols - 2));
        let left = all & !(starts | starts << 1);
        dirs[1] = Direction {
            jumpers: mine & right & enemy >> 1 & empty >> 2,
            ok: right,
            one: 1,
            two: 2,
        };
        dirs[3] = Direction {
            jumpers: mine & left & enemy << 1 & empty << 2,
            ok: left,
            one: 1u32.wrapping_neg(),
            two: 2u32.wrapping_neg(),
        };
    }
    let mut any = W::ZERO;
    for d in &dirs {
        any = any | d.jumpers;
    }
    // Stone by stone (in cell order), direction by direction. The list
    // grows as it needs: it is made with room for most positions' options
    // (`BoardGame::both_options`), and counting the stones to reserve room
    // cost more (a count of bits is a dozen instructions on the baseline
    // processor).
    while let Some((i, rest)) = any.pop() {
        any = rest;
        // The layers are changed as words of type W and widened once an
        // option is made (a shift of a u128 by a variable amount is
        // several instructions).
        let stay = mine & !(W::ONE << i);
        for d in &dirs {
            if !has(d.jumpers, i) {
                continue;
            }
            // The k-th jump passes over i + (2k - 1)·d and lands on
            // i + 2k·d, which must stay on the board; the first is known
            // to (the stone is one of the direction's jumpers).
            let mut captured = enemy & !(W::ONE << i.wrapping_add(d.one));
            let mut from = i.wrapping_add(d.two);
            loop {
                let mut option = *b;
                option.layers[me] = (stay | W::ONE << from).wide();
                option.layers[them] = captured.wide();
                out.push(option);
                if !(has(d.ok, from)
                    && has(enemy, from.wrapping_add(d.one))
                    && has(empty, from.wrapping_add(d.two)))
                {
                    break;
                }
                captured = captured & !(W::ONE << from.wrapping_add(d.one));
                from = from.wrapping_add(d.two);
            }
        }
    }
}
