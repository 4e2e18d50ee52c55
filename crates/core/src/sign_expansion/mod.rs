//! Sign expansions of dyadic numbers (ONAG ch. 3; Siegel CGT VIII.?):
//! the path from 0 to x in the tree of numbers born day by day, written as
//! a string of `+` (go right) and `-` (go left). Its length is the birthday.

use crate::number::{Dyadic, Integer};

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

/// The birthday of an element of the field (placeholder).
pub fn birthday(
    x: &crate::surreal::SurrealNumber,
) -> Result<crate::surreal::Ordinal, crate::number::NumberError> {
    Err(crate::number::NumberError::new(format!(
        "Birthday of {x} is not implemented"
    )))
}
