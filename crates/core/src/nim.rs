//! Nim arithmetic.
