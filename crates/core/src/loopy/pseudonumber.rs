//! Pseudonumbers: `off`, `x under`, the dyadic numbers `x`, `x over` and
//! `on` (Siegel CGT VI.2; LOOPY 2.6). They are totally ordered,
//! `off < ... < x under < x < x over < ... < on`, with `x over < y under`
//! for numbers `x < y`, and play for stoppers the part numbers play for
//! short games: the stops of a stopper are pseudonumbers.

use crate::number::Dyadic;
use std::cmp::Ordering;
use std::fmt;

/// A pseudonumber.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// `off = {| pass}`.
    Off,
    /// `x under = {pass | x}`.
    Under(Dyadic),
    /// The number `x`.
    Number(Dyadic),
    /// `x over = {x | pass}`.
    Over(Dyadic),
    /// `on = {pass |}`.
    On,
}

impl Pseudonumber {
    /// The number part (None for `on` and `off`).
    pub fn number(&self) -> Option<&Dyadic> {
        match self {
            Pseudonumber::Under(x) | Pseudonumber::Number(x) | Pseudonumber::Over(x) => Some(x),
            Pseudonumber::On | Pseudonumber::Off => None,
        }
    }

    /// The pseudonumber with `over`/`under` dropped (CGSuite's strong
    /// stop): `x over` and `x under` become `x`.
    pub fn strong(&self) -> Pseudonumber {
        match self {
            Pseudonumber::Under(x) | Pseudonumber::Over(x) => Pseudonumber::Number(x.clone()),
            p => p.clone(),
        }
    }

    /// The negative: `-(x over) = (-x) under`, `-on = off`.
    pub fn neg(&self) -> Pseudonumber {
        match self {
            Pseudonumber::Off => Pseudonumber::On,
            Pseudonumber::On => Pseudonumber::Off,
            Pseudonumber::Under(x) => Pseudonumber::Over(-x),
            Pseudonumber::Over(x) => Pseudonumber::Under(-x),
            Pseudonumber::Number(x) => Pseudonumber::Number(-x),
        }
    }

    /// The pseudonumber translated by the number `y`.
    pub fn translate(&self, y: &Dyadic) -> Pseudonumber {
        match self {
            Pseudonumber::Under(x) => Pseudonumber::Under(x + y),
            Pseudonumber::Number(x) => Pseudonumber::Number(x + y),
            Pseudonumber::Over(x) => Pseudonumber::Over(x + y),
            p => p.clone(),
        }
    }

    /// A key ordering pseudonumbers: (infinity rank, number, offset).
    fn rank(&self) -> (i8, Option<&Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (-1, None, 0),
            Pseudonumber::Under(x) => (0, Some(x), -1),
            Pseudonumber::Number(x) => (0, Some(x), 0),
            Pseudonumber::Over(x) => (0, Some(x), 1),
            Pseudonumber::On => (1, None, 0),
        }
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Pseudonumber) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Pseudonumber) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pseudonumber {
    /// `on`, `off`, the number, or the number (omitted when 0) followed by
    /// `over`/`under`: `over`, `5over`, `-5under`, `3/2under` (LOOPY 3.2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = |f: &mut fmt::Formatter<'_>, x: &Dyadic| {
            if x.is_zero() {
                Ok(())
            } else {
                write!(f, "{x}")
            }
        };
        match self {
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::Number(x) => write!(f, "{x}"),
            Pseudonumber::Over(x) => {
                prefix(f, x)?;
                f.write_str("over")
            }
            Pseudonumber::Under(x) => {
                prefix(f, x)?;
                f.write_str("under")
            }
        }
    }
}
