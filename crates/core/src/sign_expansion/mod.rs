//! Sign expansions (ONAG ch. 3; Gonshor, "An Introduction to the Theory
//! of Surreal Numbers", ch. 2 and 5; SURREAL 9): the path from 0 to x in
//! the tree of numbers born day by day, a sequence of `+` (go right) and
//! `-` (go left) whose length is the birthday of x. Blue-red Hackenbush
//! strings (Hackenstrings) are the same sequences, blue for `+`.
//!
//! Dyadics have finite expansions, handled directly on `bool` signs by the
//! functions of this module. Every element of the field of
//! [`crate::surreal`] has a transfinite one, a [`SignExpansion`] in block
//! form (runs `σ^α` and ω-fold repetitions), computed from its Conway normal
//! form (`normal_form`) by Gonshor's formula for monomials and Conway's
//! rule of irrelevant signs for sums (`gonshor`); rationals by
//! Berlekamp's rule (`real`). [`SignExpansion::value`] goes back
//! (`decode`), and the block form prints and parses (`parse`).
//! Implemented for every element whose normal form is finite (the
//! denominator is a single term: all rationals and generalized ordinals)
//! or eventually periodic; other quotients are an error saying so.

mod decode;
mod gonshor;
mod normal_form;
mod parse;
mod real;
mod sequence;

pub use gonshor::{generalized_expansion, term_expansion, Threshold};
pub use normal_form::{normal_form, NormalTerm, Series};
pub use sequence::{Segment, Sign, SignExpansion};

use crate::number::{Dyadic, Integer, NumberError};
use crate::surreal::{Ordinal, SurrealNumber};

impl SignExpansion {
    /// The sign expansion of an element of the field (SURREAL 9): Berlekamp's
    /// rule for rationals, runs for generalized ordinals, Gonshor's formula
    /// with Conway's irrelevant signs for the normal form of other
    /// elements. `±inf` has none; a quotient whose normal form is neither
    /// finite nor eventually periodic is an error saying so.
    pub fn of(x: &SurrealNumber) -> Result<SignExpansion, NumberError> {
        if let Some(r) = x.to_rational() {
            return real::expansion(&r);
        }
        if let Some(g) = x.to_generalized() {
            return Ok(generalized_expansion(&g));
        }
        gonshor::expansion(&normal_form(x)?)
    }

    /// The number with this sign expansion, if it is in the field (SURREAL
    /// 9; the inverse of [`SignExpansion::of`]): `+-+` is 3/4, `+-(-+)^ω`
    /// is 1/3, `+^ω-^ω` is ω/2. Sequences of numbers outside the field
    /// (such as `+^ω-^ω^2`, √ω) are an error.
    pub fn value(&self) -> Result<SurrealNumber, NumberError> {
        decode::value(self)
    }
}

/// The birthday of an element of the field: the length of its sign
/// expansion (SURREAL 9.1), an ordinal.
pub fn birthday(x: &SurrealNumber) -> Result<Ordinal, NumberError> {
    Ok(SignExpansion::of(x)?.length())
}

/// Longest sign expansion that is materialised (the birthday of the number).
pub const MAX_LENGTH: u64 = 1 << 20;

/// The sign expansion of x, `true` for `+`; None when longer than
/// [`MAX_LENGTH`].
pub fn sign_expansion(x: &Dyadic) -> Option<Vec<bool>> {
    let len = x.birthday().to_u64().filter(|&b| b <= MAX_LENGTH)?;
    let mut signs = Vec::with_capacity(len as usize);
    let positive = x.is_positive();
    // Integer steps to the first integer at or beyond x, away from 0.
    let start = if positive { x.ceil() } else { x.floor() };
    let steps = start.abs().to_u64()?;
    signs.extend(std::iter::repeat_n(positive, steps as usize));
    let mut c = Dyadic::from_integer(start);
    let mut step = Dyadic::one().half();
    while &c != x {
        let go_right = &c < x;
        signs.push(go_right);
        c = if go_right { &c + &step } else { &c - &step };
        step = step.half();
    }
    Some(signs)
}

/// The number with the given sign expansion: an initial run of k equal
/// signs reaches ±k, and each later sign moves by half the previous step.
pub fn from_sign_expansion(signs: &[bool]) -> Dyadic {
    let Some(&first) = signs.first() else {
        return Dyadic::zero();
    };
    let run = signs.iter().take_while(|&&s| s == first).count();
    let k = Dyadic::from_integer(Integer::from(run as u64));
    let mut c = if first { k } else { -k };
    let mut step = Dyadic::one().half();
    for &s in &signs[run..] {
        c = if s { &c + &step } else { &c - &step };
        step = step.half();
    }
    c
}

/// `x.Subordinate(b)`: the number y with `b : y = x`, i.e. x's sign
/// expansion with b's removed from its front; None when x's expansion does
/// not begin with b's (or is too long to materialise).
pub fn subordinate(x: &Dyadic, b: &Dyadic) -> Option<Dyadic> {
    let xs = sign_expansion(x)?;
    let bs = sign_expansion(b)?;
    xs.starts_with(&bs)
        .then(|| from_sign_expansion(&xs[bs.len()..]))
}
