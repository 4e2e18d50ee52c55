//! The one error type of the rulesets: a message a person can act on, and
//! its kind, for callers that branch on what went wrong.

use std::fmt;

/// What kind of thing went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A position that is not one of the ruleset's: characters outside its
    /// character map, rows of unequal length, a graph that does not parse
    /// or is not connected, a label the game does not know.
    BadPosition,
    /// An argument of the wrong kind or out of range, or a malformed code.
    BadArgument,
    /// Something the ruleset has but onag does not support yet (the loopy
    /// rulesets).
    Unsupported,
    /// A computation refused for its size: a board, heap, table or depth
    /// beyond the limits.
    TooLarge,
    /// A game that is not short: a position was reached again while it was
    /// still being evaluated.
    Loopy,
    /// A function given by the user failed, or returned something that is
    /// not what the ruleset needs.
    UserFunction,
}

/// Why a position, argument or ruleset was rejected, or why a value could
/// not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    kind: ErrorKind,
    message: String,
}

impl RuleError {
    /// An error of this kind with this message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> RuleError {
        RuleError {
            kind,
            message: message.into(),
        }
    }

    /// A position that is not one of the ruleset's.
    pub fn bad_position(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::BadPosition, message)
    }

    /// An argument of the wrong kind or out of range.
    pub fn bad_argument(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::BadArgument, message)
    }

    /// Something not supported yet.
    pub fn unsupported(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::Unsupported, message)
    }

    /// A computation refused for its size.
    pub fn too_large(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::TooLarge, message)
    }

    /// A game that is not short, found by reaching a position still being
    /// evaluated (CGSuite's message for `CanonicalForm`).
    pub fn loopy() -> RuleError {
        RuleError::new(ErrorKind::Loopy, LOOPY)
    }

    /// A loop, worded by the ruleset (`Those HeapRules specify a loopy
    /// game.`).
    pub fn loop_found(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::Loopy, message)
    }

    /// A user function that failed or returned something unusable.
    pub fn user_function(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorKind::UserFunction, message)
    }

    /// What kind of thing went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message, consuming the error.
    pub fn into_message(self) -> String {
        self.message
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

impl From<onag_core::loopy::LoopyError> for RuleError {
    /// A loopy-game computation that failed: beyond a budget (`TooLarge`),
    /// or a position the loopy evaluator cannot value (`BadPosition`).
    fn from(e: onag_core::loopy::LoopyError) -> RuleError {
        let kind = if e.is_too_large() {
            ErrorKind::TooLarge
        } else {
            ErrorKind::BadPosition
        };
        RuleError::new(kind, e.message)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuleError {}

/// Results of ruleset code.
pub type RuleResult<T> = Result<T, RuleError>;
