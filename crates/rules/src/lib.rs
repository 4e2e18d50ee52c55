//! Rulesets of classic combinatorial games.
//!
//! A ruleset is a position type implementing [`Position`]: its options for
//! each player, its decomposition into independent components, and its
//! normal form under the game's symmetries. The [`Evaluator`] turns
//! positions into canonical games through a transposition table keyed by
//! normalised components. This crate depends on `onag-core` only.

pub mod domineering;
pub mod dynamic;
pub mod evaluator;
pub mod grid;
pub mod position;

pub use evaluator::Evaluator;
pub use position::{Player, Position};
