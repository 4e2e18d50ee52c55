//! Loopy games: canonical stoppers, pseudonumbers, stopper-sided values and
//! general sided values (Winning Ways ch. 11; Siegel, *Combinatorial Game
//! Theory*, ch. VI; LOOPY.md).
//!
//! A loopy game is a vertex of a finite [`Graph`] whose Left and Right
//! edges may form cycles (a *pass* is an edge back to the same vertex).
//! Values live in three layers, each contained in the next:
//!
//! - [`Stopper`]: a canonical stopper (no infinite alternating play), which
//!   is either a canonical short game or an interned canonical loopy graph;
//!   the pseudonumbers `on`, `off`, `x over`, `x under` are stoppers of a
//!   special shape ([`Pseudonumber`]);
//! - a stopper-sided value `S & T` (onside `S`, offside `T`, `T <= S`);
//! - a general sided value whose simplified sides are graphs that need not
//!   be stoppers (carousels).
//!
//! [`SidedValue`] holds any of them. Comparison is retrograde analysis on
//! the product graph (`compare`), simplification is the reduction pipeline
//! of LOOPY 2.4-2.7 (`reduce`, `simplify`), canonical stoppers are interned
//! by graph isomorphism (`store`), and printing follows LOOPY 3 (`display`).
//! Loopy specifiers (`{pass|*}`, `a{0|a}`) are built with [`Spec`]; large
//! graphs given by a successor function are valued by [`explore`].

mod arith;
mod compare;
mod display;
mod error;
mod explore;
mod flatten;
mod graph;
mod hash;
mod methods;
mod pseudonumber;
mod reduce;
mod sided;
mod simplify;
mod spec;
mod stopper;
mod store;

pub use display::{sort_values, value_order};
pub use error::{LoopyError, LoopyResult};
pub use explore::{explore, Explored, LoopyEvaluator, LoopyRules, Move, Part};
pub use graph::Graph;
pub use methods::{pow, pow_to, OutcomeClass};
pub use pseudonumber::Pseudonumber;
pub use sided::{SideGraph, SidedValue};
pub use spec::{Spec, SpecOption};
pub use stopper::Stopper;

/// A player: Left (positive) or Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Left, the positive player.
    Left,
    /// Right, the negative player.
    Right,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// 0 for Left, 1 for Right.
    pub(crate) fn index(self) -> usize {
        match self {
            Player::Left => 0,
            Player::Right => 1,
        }
    }

    pub(crate) const BOTH: [Player; 2] = [Player::Left, Player::Right];
}

/// The bias under which infinite play is read: in the onside every infinite
/// play is a win for Left, in the offside a win for Right (CGSuite's
/// `game.Side`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The onside: draws count as wins for Left.
    Onside,
    /// The offside: draws count as wins for Right.
    Offside,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Onside => Side::Offside,
            Side::Offside => Side::Onside,
        }
    }
}
