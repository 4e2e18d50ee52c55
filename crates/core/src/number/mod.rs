//! Exact numbers.
