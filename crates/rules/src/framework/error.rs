//! The one error type of the rulesets: a message a person can act on.

use std::fmt;

/// Why a position, argument or ruleset was rejected, or why a value could
/// not be computed (a loopy heap rule, a user function that failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }

    /// A game that is not short, found by reaching a position still being
    /// evaluated (CGSuite's message for `CanonicalForm`).
    pub fn loopy() -> RuleError {
        RuleError(LOOPY.into())
    }

    /// A computation refused for its size.
    pub fn too_large(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }
}

/// CGSuite's message for a game that is not short.
pub const LOOPY: &str =
    "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.";

impl From<std::convert::Infallible> for RuleError {
    fn from(never: std::convert::Infallible) -> RuleError {
        match never {}
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// Results of ruleset code.
pub type RuleResult<T> = Result<T, RuleError>;
