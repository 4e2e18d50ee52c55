//! Reading sign sequences in the block form they print in.
//!
//! ```text
//! sequence := item*
//! item     := sign ['^' length] | '(' sequence ')' '^' ('ω' | integer)
//! sign     := '+' | '-' | '−'
//! length   := atom [('×' | '*') integer]
//! atom     := integer | 'ω' ['^' atom] | '(' ordinal ')'
//! ordinal  := length ('+' length)*
//! ```
//!
//! `w` may stand for `ω`, and spaces are ignored. A block raised to a finite
//! power n is repeated n times; raised to ω it is a repetition.

use std::str::FromStr;

use crate::number::{Integer, NumberError};
use crate::surreal::Ordinal;

use super::sequence::{Segment, Sign, SignExpansion};

impl FromStr for SignExpansion {
    type Err = NumberError;

    /// Parses the block form (`+-+`, `+^ω-^ω`, `+-(-+)^ω`, `-^(ω×2)+^5`).
    fn from_str(s: &str) -> Result<SignExpansion, NumberError> {
        let mut p = Parser {
            text: s,
            chars: s.chars().filter(|c| !c.is_whitespace()).collect(),
            pos: 0,
            depth: 0,
        };
        let segments = p.sequence()?;
        if p.pos < p.chars.len() {
            return Err(p.error("a sign or a parenthesis"));
        }
        Ok(SignExpansion::new(segments))
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// The deepest nesting of parentheses read.
const MAX_NESTING: usize = 256;

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// Reads a nested part, refusing nesting deeper than [`MAX_NESTING`].
    fn nested<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, NumberError>,
    ) -> Result<T, NumberError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error("at most 256 nested levels"));
        }
        self.depth += 1;
        let r = read(self);
        self.depth -= 1;
        r
    }

    fn eat_omega(&mut self) -> bool {
        self.eat('ω') || self.eat('w')
    }

    fn error(&self, expected: &str) -> NumberError {
        let found = match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "the end".to_string(),
        };
        NumberError::new(format!(
            "Invalid sign expansion `{}`: expected {expected} at position {}, found {found}",
            self.text,
            self.pos + 1
        ))
    }

    fn sign(&mut self) -> Option<Sign> {
        if self.eat('+') {
            Some(Sign::Plus)
        } else if self.eat('-') || self.eat('−') {
            Some(Sign::Minus)
        } else {
            None
        }
    }

    fn sequence(&mut self) -> Result<Vec<Segment>, NumberError> {
        let mut out = Vec::new();
        loop {
            if let Some(sign) = self.sign() {
                let length = if self.eat('^') {
                    self.length()?
                } else {
                    Ordinal::one()
                };
                if length.is_zero() {
                    return Err(self.error("a positive length"));
                }
                out.push(Segment::Run(sign, length));
            } else if self.eat('(') {
                let body = self.nested(Self::sequence)?;
                if !self.eat(')') {
                    return Err(self.error("`)`"));
                }
                if !self.eat('^') {
                    return Err(self.error("`^` after a parenthesised block"));
                }
                if self.eat_omega() {
                    if body.is_empty() {
                        return Err(self.error("a non-empty block"));
                    }
                    out.push(Segment::Repeat(body));
                } else {
                    let n = self.integer()?;
                    let n = n
                        .to_u64()
                        .filter(|&n| n <= 1 << 16)
                        .ok_or_else(|| self.error("ω or a repetition count up to 65536"))?;
                    for _ in 0..n {
                        out.extend(body.iter().cloned());
                    }
                }
            } else {
                return Ok(out);
            }
        }
    }

    fn integer(&mut self) -> Result<Integer, NumberError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error("a number"));
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        digits.parse()
    }

    /// `atom [× integer]`.
    fn length(&mut self) -> Result<Ordinal, NumberError> {
        let a = self.atom()?;
        if self.eat('×') || self.eat('*') {
            let n = self.integer()?;
            return Ok(a.cantor_product(&Ordinal::from_integer(&n).unwrap_or_default()));
        }
        Ok(a)
    }

    /// `integer | ω[^atom] | (ordinal)`.
    fn atom(&mut self) -> Result<Ordinal, NumberError> {
        if self.eat('(') {
            let a = self.nested(Self::ordinal)?;
            return if self.eat(')') {
                Ok(a)
            } else {
                Err(self.error("`)`"))
            };
        }
        if self.eat_omega() {
            let e = if self.eat('^') {
                self.nested(Self::atom)?
            } else {
                Ordinal::one()
            };
            return Ok(Ordinal::omega_power(e));
        }
        let n = self.integer()?;
        Ok(Ordinal::from_integer(&n).unwrap_or_default())
    }

    /// Lengths separated by `+`, added as ordinals.
    fn ordinal(&mut self) -> Result<Ordinal, NumberError> {
        let mut a = self.length()?;
        while self.eat('+') {
            a = a.cantor_sum(&self.length()?);
        }
        Ok(a)
    }
}
