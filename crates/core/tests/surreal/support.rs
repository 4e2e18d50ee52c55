//! Building values for the tests: a tiny expression vocabulary over the
//! core API (the language's syntax is not available in core).

#![allow(dead_code)]

use onag_core::number::{Integer, Rational};
use onag_core::surreal::{GeneralizedOrdinal, Ordinal, SurrealNumber};

pub type S = SurrealNumber;

/// The integer n.
pub fn n(v: i64) -> S {
    S::from(v)
}

/// The rational a/b.
pub fn q(a: i64, b: i64) -> S {
    S::from_rational(Rational::new(Integer::from(a), Integer::from(b)).expect("b != 0"))
}

/// ω.
pub fn w() -> S {
    S::omega()
}

pub fn add(a: &S, b: &S) -> S {
    a.add(b).expect("sum")
}

pub fn sub(a: &S, b: &S) -> S {
    a.sub(b).expect("difference")
}

pub fn mul(a: &S, b: &S) -> S {
    a.mul(b).expect("product")
}

pub fn div(a: &S, b: &S) -> S {
    a.div(b).expect("quotient")
}

pub fn pow(a: &S, b: &S) -> S {
    a.pow(b).expect("power")
}

/// `omega^e`.
pub fn wp(e: &S) -> S {
    pow(&w(), e)
}

/// The generalized ordinal of a value that is one.
pub fn go(x: &S) -> GeneralizedOrdinal {
    x.to_generalized().expect("a generalized ordinal")
}

/// The ordinal of a value that is one.
pub fn ord(x: &S) -> Ordinal {
    x.to_ordinal().expect("an ordinal")
}

/// Asserts the printed form.
#[track_caller]
pub fn shows(x: &S, expected: &str) {
    assert_eq!(x.to_string(), expected);
}

/// Asserts the error message.
#[track_caller]
pub fn fails<T: std::fmt::Debug>(r: Result<T, onag_core::number::NumberError>, message: &str) {
    match r {
        Ok(v) => panic!("expected the error {message:?}, got {v:?}"),
        Err(e) => assert_eq!(e.message, message),
    }
}
