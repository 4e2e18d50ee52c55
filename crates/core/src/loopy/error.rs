//! The error of a loopy-game operation: CGSuite's message where it has one
//! (LOOPY.md), otherwise a message naming what is wrong.

use std::fmt;

/// Why a loopy-game operation has no value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyError {
    /// The message shown to the user.
    pub message: String,
    /// Whether a budget of vertices, states or positions was exceeded
    /// (rather than the game having no such value).
    too_large: bool,
}

impl LoopyError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> LoopyError {
        LoopyError {
            message: message.into(),
            too_large: false,
        }
    }

    /// A computation needs more than its budget of vertices or states.
    pub(crate) fn too_large(what: &str, needed: u128, budget: u128) -> LoopyError {
        LoopyError::over_budget(format!(
            "That loopy game is too large: {what} needs {needed} entries, more than the limit of {budget}."
        ))
    }

    /// An error for a computation beyond one of its budgets.
    pub(crate) fn over_budget(message: String) -> LoopyError {
        LoopyError {
            too_large: true,
            ..LoopyError::new(message)
        }
    }

    /// Whether the computation was beyond a budget (of vertices, states or
    /// positions explored), rather than without a value.
    pub fn is_too_large(&self) -> bool {
        self.too_large
    }

    /// `Variety degree must be an idempotent.`
    pub(crate) fn not_idempotent() -> LoopyError {
        LoopyError::new("Variety degree must be an idempotent.")
    }

    /// `That game cannot be subordinated to the specified base.`
    pub(crate) fn not_subordinate() -> LoopyError {
        LoopyError::new("That game cannot be subordinated to the specified base.")
    }

    /// `Invalid exponent.`
    pub(crate) fn invalid_exponent() -> LoopyError {
        LoopyError::new("Invalid exponent.")
    }

    /// The error CGSuite raises if a sum of stoppers had a side that is not
    /// a stopper (never observed; LOOPY 2.9.1).
    pub(crate) fn finite_sides() -> LoopyError {
        LoopyError::new(
            "Congratulations! You've found a counterexample to the Finite Sides Conjecture. Please report this finding to asiegel@users.sourceforge.net.",
        )
    }
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LoopyError {}

/// The result of a loopy-game operation.
pub type LoopyResult<T> = Result<T, LoopyError>;
