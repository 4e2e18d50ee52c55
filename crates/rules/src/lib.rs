//! Rulesets of classic combinatorial games, in three layers and a registry
//! on top:
//!
//! - [`framework`]: positions ([`Position`] for partizan games,
//!   [`ImpartialPosition`]), the [`Evaluator`] that turns them into
//!   canonical games through transposition tables keyed by normalised
//!   components, the [`NimEvaluator`] that computes nim values by mex, the
//!   object-safe faces the language uses ([`AnyPosition`], [`AnyRuleset`]),
//!   ruleset entries, arguments and errors;
//! - [`boards`]: grids, strips, graphs, bitboards, canonical graph
//!   numberings, directions;
//! - [`games`]: every ruleset, by family;
//! - [`registry`]: the names of the rulesets and helper classes.
//!
//! A layer imports only from the layers below it. This crate depends on
//! `onag-core` only.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod boards;
pub mod framework;
pub mod games;
pub mod registry;

pub use framework::{
    AnyPosition, AnyRuleset, Arg, Args, Evaluator, ImpartialPosition, NimEvaluator, Object,
    Periodicity, Player, Position, RuleError, RuleResult, RulesetEntry,
};
