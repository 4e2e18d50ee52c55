//! The onag language: lexer, parser, evaluator and printer (NOTATION.md).

pub mod ast;
pub mod lexer;
pub mod parser;
