//! The games, by family, above the framework and the boards. Each game
//! module lists its named rulesets in an `ENTRIES` table, which the
//! registry concatenates; a game that builds on another (a partizan heap on
//! take-and-break codes, coin turning on spawning codes) uses that game's
//! types directly.

pub mod cheques;
pub mod coordinate;
pub mod graph;
pub mod grid;
pub mod heap;
pub mod operations;
pub mod strip;
pub mod variant;
