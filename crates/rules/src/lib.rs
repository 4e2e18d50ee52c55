//! Rulesets of classic combinatorial games.
//!
//! A ruleset is a position type implementing [`Position`] (partizan) or
//! [`ImpartialPosition`]: its options, its decomposition into independent
//! components, and its normal form under the game's symmetries. The
//! [`Evaluator`] turns partizan positions into canonical games through a
//! transposition table keyed by normalised components; the
//! [`NimEvaluator`] computes nim values by mex, never through canonical
//! forms. [`dynamic`] puts every ruleset behind one object-safe interface
//! for the language, and [`registry`] names them. This crate depends on
//! `onag-core` only.

#![forbid(unsafe_code)]

pub mod amazons;
pub mod arc_kayles;
pub mod args;
pub mod bitgrid;
pub mod cake;
pub mod canon;
pub mod cheques;
pub mod clobber;
pub mod col;
pub mod coordinate;
pub mod cram;
pub mod domineering;
pub mod dynamic;
pub mod error;
pub mod euclid;
pub mod evaluator;
pub mod fission;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heap;
pub mod impartial;
pub mod konane;
pub mod operations;
pub mod partizan_coordinate;
pub mod partizan_heap;
pub mod position;
pub mod registry;
pub mod singleton;
pub mod strip;
pub mod table_game;
pub mod toads;
pub mod toppling;
pub mod turning;
pub mod variant;
pub mod white_knight;

pub use args::{Arg, Args};
pub use error::{RuleError, RuleResult};
pub use evaluator::Evaluator;
pub use impartial::NimEvaluator;
pub use position::{ImpartialPosition, Player, Position};
