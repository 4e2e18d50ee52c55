//! Exact combinatorial game theory: numbers, nimbers and canonical short games.
//!
//! `onag-core` knows nothing of text syntax beyond `Display` of its own values
//! and does no I/O.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod game;
pub mod interrupt;
pub mod line_table;
pub mod loopy;
pub mod memory;
pub mod misere;
pub mod nim;
pub mod number;
pub mod packed;
pub mod sharded;
pub mod sign_expansion;
pub mod stack;
pub mod surreal;
