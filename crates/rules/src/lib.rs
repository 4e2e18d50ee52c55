//! Rulesets of classic combinatorial games (grid, strip, graph, heap games).
//!
//! This crate depends on `onag-core` only. The ruleset abstraction and the
//! games themselves are built on top of the canonical short-game store.
