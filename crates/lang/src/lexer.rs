//! Tokens of the onag language.
