//! Misère impartial games: Conway's misère canonical forms (MISERE 3), their
//! printing (MISERE 4), phylum and genus (MISERE 5), the methods of CGSuite's
//! `MisereCanonicalGame` (MISERE 6-9), heap games (MISERE 10) and misère
//! quotients of heap games (MISERE 11).
//!
//! A [`Misere`] is a `u32` handle into a process-wide hash-consed store
//! ([`store`]): equal canonical forms have equal handles, so `==` is
//! misère equivalence. Only even games are stored; the low bit of a handle
//! says whether the game is the odd member `E + *` of its pair.

pub mod construct;
pub mod day;
pub mod display;
pub mod genus;
pub mod heap;
pub mod link;
pub mod order;
pub mod parts;
pub mod phylum;
pub mod quotient;
pub mod store;
pub mod sum;

pub use genus::Genus;
pub use heap::HeapGame;
pub use phylum::Phylum;

use store::{node, EvenNode};

/// A misère canonical impartial game (MISERE 3.1): the even part's id in the
/// store, shifted left once, with the low bit set for an odd game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Misere(u32);

/// A misère outcome class (MISERE 1): `P` (the previous player wins) or `N`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MisereOutcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
}

impl std::fmt::Display for MisereOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MisereOutcome::P => "P",
            MisereOutcome::N => "N",
        })
    }
}

/// An error of a misère operation, with the message CGSuite gives where it
/// gives one (MISERE 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereError(pub String);

impl std::fmt::Display for MisereError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MisereError {}

/// The result type of fallible misère operations.
pub type MisereResult<T> = Result<T, MisereError>;

/// The minimum excluded value of a set of naturals.
pub(crate) fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

impl Misere {
    /// The game 0 (no options).
    pub const ZERO: Misere = Misere(0);
    /// The game `*` = {0}, the odd member of 0's pair.
    pub const STAR: Misere = Misere(1);

    pub(crate) fn from_parts(even_id: u32, odd: bool) -> Misere {
        Misere(even_id << 1 | odd as u32)
    }

    /// The id of the even part in the store.
    pub(crate) fn even_id(self) -> u32 {
        self.0 >> 1
    }

    /// Whether this is the odd member of its pair (MISERE 1, "Parity").
    pub fn is_odd(self) -> bool {
        self.0 & 1 == 1
    }

    /// Whether this is the even member of its pair (`IsEven`, MISERE 6).
    pub fn is_even(self) -> bool {
        !self.is_odd()
    }

    /// The even part E of the pair {E, E + `*`} (MISERE 1).
    pub fn even_part(self) -> Misere {
        Misere(self.0 & !1)
    }

    /// This game plus `*` (toggles the parity, MISERE 3.4).
    pub fn plus_star(self) -> Misere {
        Misere(self.0 ^ 1)
    }

    /// A raw handle, stable for the process (for hashing and tables).
    pub fn id(self) -> u32 {
        self.0
    }

    pub(crate) fn node(self) -> &'static EvenNode {
        node(self.even_id())
    }

    /// The birthday (`Birthday`, MISERE 3.1): an odd game is born one day
    /// after its even part.
    pub fn birthday(self) -> u32 {
        self.node().birthday + self.is_odd() as u32
    }

    /// The normal-play nim value g⁺ (`NimValue`, MISERE 1 and 3.1).
    pub fn nim_value(self) -> u32 {
        self.node().gplus ^ self.is_odd() as u32
    }

    /// The misère nim value g⁻ (`MisereNimValue`, MISERE 5.4): G + *m is a
    /// misère P-position iff m = g⁻(G).
    pub fn misere_nim_value(self) -> u32 {
        self.node().gminus ^ self.is_odd() as u32
    }

    /// The misère outcome (`MisereOutcomeClass`, MISERE 6): P iff g⁻ = 0.
    pub fn outcome(self) -> MisereOutcome {
        if self.misere_nim_value() == 0 {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        }
    }

    /// The canonical options in ascending canonical order (`Options`,
    /// MISERE 6). For odd E + `*` with E ≠ 0 they are {E} ∪ {E′ + `*`}
    /// (MISERE 1).
    pub fn options(self) -> &'static [Misere] {
        let n = self.node();
        if self.is_even() {
            &n.options
        } else {
            n.odd_options(self.even_part())
        }
    }

    /// Whether `h` is a canonical option of this game.
    pub fn has_option(self, h: Misere) -> bool {
        self.options().contains(&h)
    }

    /// The phylum (MISERE 5.1); an odd game has its even part's phylum.
    pub fn phylum(self) -> Phylum {
        self.node().phylum
    }
}
