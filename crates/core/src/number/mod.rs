//! Exact numbers: arbitrary-precision integers, dyadic rationals (the
//! numbers that are short games) and rationals with CGSuite's two
//! infinities.
//!
//! Every operation is exact. Integers use a machine word while the value
//! fits and switch to a big integer transparently, so nothing overflows or
//! wraps; operations that can fail (division by zero, `inf - inf`, huge
//! powers) return a [`NumberError`] instead of panicking.

mod dyadic;
mod integer;
mod rational;

use std::fmt;

pub(crate) use dyadic::{birthday_scaled32, simplest_between_scaled32};
pub use dyadic::{Dyadic, Prepared};
pub use integer::Integer;
pub use rational::{Rational, MAX_POW_BITS};

/// The error of an arithmetic operation that has no value, such as `0/0`,
/// `inf + -inf` or a power too large to compute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberError {
    /// The message shown to the user (CGSuite's wording where it has one,
    /// e.g. `/ by zero`).
    pub message: String,
}

impl NumberError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> NumberError {
        NumberError {
            message: message.into(),
        }
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NumberError {}
