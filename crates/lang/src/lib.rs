//! The onag language (NOTATION.md, SCRIPTING.md): lexer, parser, compiler,
//! interpreter, classes and printer.
//!
//! ```
//! let mut session = onag_lang::Interp::new();
//! let v = session.run("{0|*}").unwrap().unwrap();
//! assert_eq!(v.to_string(), "^");
//! let v = session.run("def f(n) := if n == 0 then 0 else {f(n-1)|} end; f(3)").unwrap().unwrap();
//! assert_eq!(v.to_string(), "3");
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
pub mod board;
pub mod classes;
pub mod compile;
pub mod decl;
pub mod drawing;
pub mod error;
pub mod explicit;
pub mod games;
pub mod interp;
pub mod lexer;
pub mod library;
pub mod list;
pub mod methods;
pub mod order;
pub mod parser;
pub mod picture;
pub mod print;
pub mod rulesets;
pub mod source;
pub mod value;

pub use error::{Error, ErrorKind, EvalError, EvalResult, ParseError};
pub use interp::Interp;
pub use value::Value;
