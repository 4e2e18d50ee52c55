//! The errors of the language: syntax errors ([`ParseError`]) and
//! evaluation errors ([`EvalError`]), each evaluation error with a kind
//! that callers can branch on, its message (CGSuite's wording where
//! SCRIPTING.md section 8 gives one) and where it happened.

use std::fmt;
use std::sync::Arc;

use crate::ast::Span;
pub use crate::parser::ParseError;

/// What kind of mistake an [`EvalError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A syntax error in a class file or script loaded while evaluating.
    Syntax,
    /// `That variable is not defined: ...`.
    UndefinedName,
    /// A value of the wrong class: `Expected ...; found ...`, `No operation
    /// ... for arguments of types ...`, an argument of the wrong type.
    TypeMismatch,
    /// `Not a method or member variable: ...` and the other member errors.
    NoSuchMember,
    /// A call with the wrong arguments: too many, missing, unknown names.
    Call,
    /// An index or key out of range, an empty collection.
    Index,
    /// A value outside the domain of an operation (a negative nim value, a
    /// game that is not atomic, division by zero...).
    Domain,
    /// A class that cannot be loaded or is declared wrongly.
    Class,
    /// A game class whose options are invalid, or a game that is not short.
    Game,
    /// An assignment the rules forbid (an immutable field, a class name).
    Assignment,
    /// A declaration the rules forbid: a variable declared where one of
    /// that name is already visible.
    Declaration,
    /// A computation too large to carry out, or recursion too deep.
    ResourceLimit,
    /// Stopped by Ctrl-C or a time limit.
    Interrupted,
    /// Raised by the program itself: `error(...)`, `System.Error(...)`.
    User,
    /// `break`, `continue` or `return` where there is nothing to leave.
    ControlFlow,
    /// Anything else a method or ruleset rejects.
    Other,
}

/// A source text an error can point into: the session's input (no source
/// attached) or a class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file's path, as shown in messages.
    pub name: String,
    /// The file's text.
    pub text: String,
}

impl Source {
    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let before = self.text.get(..offset.min(self.text.len())).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }
}

/// An evaluation error: its kind, its message and, where known, the span
/// it refers to (in `source`, or in the input being run when `source` is
/// `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    /// What kind of mistake this is.
    pub kind: ErrorKind,
    /// The message.
    pub message: String,
    /// Where, if known.
    pub span: Option<Span>,
    /// The class file the span is in; `None` for the input itself.
    pub source: Option<Arc<Source>>,
}

impl EvalError {
    /// An error of kind [`ErrorKind::Other`].
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError::of(ErrorKind::Other, message)
    }

    /// An error of the given kind.
    pub fn of(kind: ErrorKind, message: impl Into<String>) -> EvalError {
        EvalError {
            kind,
            message: message.into(),
            span: None,
            source: None,
        }
    }

    /// Sets the span if none is set yet (the innermost span wins).
    pub fn at(mut self, span: Span) -> EvalError {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// Attaches the source file of a span that has none yet.
    pub fn in_source(mut self, source: &Option<Arc<Source>>) -> EvalError {
        if self.source.is_none() && self.span.is_some() {
            self.source.clone_from(source);
        }
        self
    }

    /// `file:line:column` when the error happened in a class file.
    pub fn location(&self) -> Option<String> {
        let source = self.source.as_ref()?;
        let span = self.span?;
        let (line, column) = source.line_column(span.start());
        Some(format!("{}:{line}:{column}", source.name))
    }

    /// `That variable is not defined: `NAME``.
    pub fn undefined(name: &str) -> EvalError {
        EvalError::of(
            ErrorKind::UndefinedName,
            format!("That variable is not defined: `{name}`"),
        )
    }

    /// `Expected `EXPECTED`; found `FOUND`.`
    pub fn expected(expected: &str, found: &str) -> EvalError {
        EvalError::of(
            ErrorKind::TypeMismatch,
            format!("Expected `{expected}`; found `{found}`."),
        )
    }

    /// `Not a method or member variable: `NAME` (in object of class `CLS`)`.
    pub fn no_member(name: &str, class: &str) -> EvalError {
        EvalError::of(
            ErrorKind::NoSuchMember,
            format!("Not a method or member variable: `{name}` (in object of class `{class}`)"),
        )
    }

    /// `No operation `OP` for arguments of types `T1`, `T2``.
    pub fn no_operation(op: &str, types: &[&str]) -> EvalError {
        let types: Vec<String> = types.iter().map(|t| format!("`{t}`")).collect();
        let message = if types.len() == 1 {
            format!(
                "No operation `{op}` for argument of type {}",
                types.join(", ")
            )
        } else {
            format!(
                "No operation `{op}` for arguments of types {}",
                types.join(", ")
            )
        };
        EvalError::of(ErrorKind::TypeMismatch, message)
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

impl From<onag_core::number::NumberError> for EvalError {
    fn from(e: onag_core::number::NumberError) -> Self {
        EvalError::of(ErrorKind::Domain, e.to_string())
    }
}

impl From<onag_core::loopy::LoopyError> for EvalError {
    fn from(e: onag_core::loopy::LoopyError) -> Self {
        // CGSuite's own messages (LOOPY.md), shown as they are.
        let kind = if e.is_too_large() {
            ErrorKind::ResourceLimit
        } else {
            ErrorKind::Game
        };
        EvalError::of(kind, e.message)
    }
}

impl From<onag_rules::RuleError> for EvalError {
    fn from(e: onag_rules::RuleError) -> Self {
        use onag_rules::framework::error::ErrorKind as Rule;
        let kind = match e.kind() {
            Rule::BadPosition | Rule::BadArgument => ErrorKind::Domain,
            Rule::Unsupported => ErrorKind::NoSuchMember,
            Rule::TooLarge => ErrorKind::ResourceLimit,
            Rule::Loopy => ErrorKind::Game,
            Rule::UserFunction => ErrorKind::User,
        };
        EvalError::of(kind, e.into_message())
    }
}

/// Any error from running an input: a syntax error or an evaluation error.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The input does not parse.
    Parse(ParseError),
    /// The input parsed and failed while running.
    Eval(EvalError),
}

impl Error {
    /// The kind of the error; syntax errors are [`ErrorKind::Syntax`].
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Parse(_) => ErrorKind::Syntax,
            Error::Eval(e) => e.kind,
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            Error::Parse(e) => &e.message,
            Error::Eval(e) => &e.message,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "{e}"),
            Error::Eval(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

/// The result of evaluating something.
pub type EvalResult<T = crate::value::Value> = Result<T, EvalError>;
