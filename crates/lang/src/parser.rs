//! The parser of the onag language.
