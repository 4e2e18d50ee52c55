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
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// Results of ruleset code.
pub type RuleResult<T> = Result<T, RuleError>;
