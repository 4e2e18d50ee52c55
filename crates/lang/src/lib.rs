//! The onag language: lexer, parser, evaluator and printer (NOTATION.md).
//!
//! ```
//! let mut session = onag_lang::Interp::new();
//! let v = session.run("{0|*}").unwrap().unwrap();
//! assert_eq!(v.to_string(), "^");
//! ```

#![forbid(unsafe_code)]

pub mod ast;
pub mod drawing;
pub mod eval;
pub mod lexer;
pub mod methods;
pub mod parser;
pub mod picture;
pub mod rulesets;
pub mod value;

pub use eval::{Error, EvalError, Interp};
pub use value::Value;
