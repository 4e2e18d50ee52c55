//! Canonical short games.
//!
//! A [`Game`] is a `u32` handle into the process-wide store of canonical
//! forms. Every handle denotes a game in canonical form (no dominated and
//! no reversible options, ONAG Theorems 68-69), and equal games have equal
//! handles, so equality is an integer compare.

#[cfg(test)]
mod arbitrary;
mod atomic_weight;
mod canonical;
mod construct;
pub(crate) mod display;
mod nus;
mod order;
mod products;
mod props;
mod recent_pairs;
mod reduced;
pub(crate) mod store;
mod sum;
mod temperature;
mod thermograph;
mod uptimal;

pub use display::{print_order, sorted_options, Term, UpTerm};
pub use nus::{Nus, Outcome};
pub use temperature::{ConfusionInterval, IntervalEnd};
pub use thermograph::{Thermograph, Trajectory, THERMAL_NUS_BOUND};
pub use uptimal::UptimalExpansion;

use crate::number::{Dyadic, Integer, Prepared};
use std::cell::Cell;
use store::{store, NodeKind};

/// A list of options of one player, on the stack up to eight: the lists
/// a search builds for each position it values, and that canonical forms
/// reorder and shorten, need no allocation of their own.
pub type OptionList = smallvec::SmallVec<[Game; 8]>;

/// A canonical short game. The default is 0 (the empty slots of tables
/// of games hold it).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(pub(crate) u32);

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.nus() {
            Some(n) => write!(f, "Game#{}({}+{}^+*{})", self.0, n.number, n.ups, n.nimber),
            None => write!(f, "Game#{}", self.0),
        }
    }
}

impl Game {
    /// The game 0 = { | }.
    pub const ZERO: Game = Game(0);

    /// The session-local id of this handle (never persist it).
    pub fn id(self) -> u32 {
        self.0
    }

    /// Number of canonical games created so far in this process.
    pub fn store_size() -> usize {
        store().len()
    }

    /// The number-up-star value `x + k.^ + *n`.
    pub fn from_nus(value: Nus) -> Game {
        store().intern_nus(value)
    }

    /// The dyadic number x as a game.
    pub fn number(x: Dyadic) -> Game {
        Game::from_nus(Nus::number(x))
    }

    /// The number `v / 2^32` as a game (a stop as the store keeps it),
    /// through a small cache of this thread's recent ones: the numbers a
    /// search's canonical forms come to are few, and a handle, once made,
    /// is the same for the whole process.
    pub(crate) fn number_scaled32(v: i64) -> Game {
        // Every slot starts as 0, the game 0: a true entry.
        thread_local! {
            static RECENT: [Cell<(i64, Game)>; 64] =
                const { [const { Cell::new((0, Game::ZERO)) }; 64] };
        }
        let slot = ((v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize;
        RECENT.with(|r| {
            let cell = &r[slot % 64];
            let (key, g) = cell.get();
            if key == v {
                return g;
            }
            let g = Game::number(Prepared::from_scaled32(v).to_dyadic());
            cell.set((v, g));
            g
        })
    }

    /// The integer n as a game.
    pub fn integer(n: impl Into<Integer>) -> Game {
        Game::number(Dyadic::from_integer(n.into()))
    }

    /// The nimber *n.
    pub fn nimber(n: u64) -> Game {
        Game::from_nus(Nus::nimber(n))
    }

    /// The nimber `*` = {0|0}.
    pub fn star() -> Game {
        Game::nimber(1)
    }

    /// k.^ (k copies of up; negative k gives downs).
    pub fn ups(k: impl Into<Integer>) -> Game {
        Game::from_nus(Nus::new(Dyadic::zero(), k.into(), 0))
    }

    /// `^` = {0|*}.
    pub fn up() -> Game {
        Game::ups(1)
    }

    /// The canonical form of `{left | right}`, for any lists of canonical
    /// games (ONAG Theorems 68-69).
    pub fn from_options(left: &[Game], right: &[Game]) -> Game {
        Game::from_option_lists(OptionList::from_slice(left), OptionList::from_slice(right))
    }

    /// [`Game::from_options`] taking the lists (an [`OptionList`], or a
    /// `Vec`, whose buffer it keeps), which it reorders and shortens in
    /// place instead of copying them.
    pub fn from_option_lists(left: impl Into<OptionList>, right: impl Into<OptionList>) -> Game {
        canonical::canonicalize(left.into(), right.into())
    }

    /// The compact value of a number-up-star game.
    pub fn nus(self) -> Option<&'static Nus> {
        store().node(self).nus()
    }

    /// The number this game equals, if it is one.
    pub fn as_number(self) -> Option<&'static Dyadic> {
        self.nus().filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// The nimber n if this game is *n.
    pub fn as_nimber(self) -> Option<u64> {
        self.nus().filter(|n| n.is_nimber()).map(|n| n.nimber)
    }

    /// Whether the game is a (dyadic) number.
    pub fn is_number(self) -> bool {
        store().head(self).is_number()
    }

    /// Whether the game is an integer.
    pub fn is_integer(self) -> bool {
        self.as_number().is_some_and(|x| x.is_integer())
    }

    /// Whether the game is a nimber `*n` (0 included).
    pub fn is_nimber(self) -> bool {
        self.as_nimber().is_some()
    }

    /// Whether the game is a number + up-multiple + nimber.
    pub fn is_nus(self) -> bool {
        self.nus().is_some()
    }

    /// Whether the game is 0.
    pub fn is_zero(self) -> bool {
        self == Game::ZERO
    }

    /// The canonical Left options, sorted by handle.
    pub fn left_options(self) -> &'static [Game] {
        store().node(self).options().0
    }

    /// The canonical Right options, sorted by handle.
    pub fn right_options(self) -> &'static [Game] {
        store().node(self).options().1
    }

    /// The number of canonical options on each side, without listing them
    /// (nus values with huge nimbers have huge option lists).
    pub fn option_counts(self) -> (u64, u64) {
        match self.nus() {
            Some(n) if n.is_number() => {
                let (l, r) = nus_number_option_counts(&n.number);
                (l, r)
            }
            Some(n) if n.ups.is_zero() => (n.nimber, n.nimber),
            Some(n) => {
                let extra = u64::from(n.nimber == 1 && n.ups.abs().is_one());
                if n.ups.is_positive() {
                    (1 + extra, 1)
                } else {
                    (1, 1 + extra)
                }
            }
            None => (
                self.left_options().len() as u64,
                self.right_options().len() as u64,
            ),
        }
    }

    /// The Left and Right stops times 2^32, when both are exactly an `i64`
    /// so (nearly always).
    #[inline(always)]
    pub(crate) fn scaled_stops(self) -> Option<(i64, i64)> {
        store().head(self).scaled_stops()
    }

    /// The Left and Right stops, ready for comparisons (read from the
    /// store's node without copying).
    #[inline(always)]
    pub(crate) fn prepared_stops(self) -> (Prepared<'static>, Prepared<'static>) {
        store().node(self).prepared_stops()
    }

    /// Birthday: 0 for 0, else 1 + the largest birthday of an option.
    pub fn birthday(self) -> Integer {
        match &store().node(self).kind {
            NodeKind::Nus(n) => n.birthday(),
            NodeKind::Compound { birthday, .. } => birthday.clone(),
        }
    }

    /// G <= H: Left wins H - G when Right moves first.
    pub fn leq(self, other: Game) -> bool {
        order::leq(self, other)
    }

    /// G >= H.
    pub fn geq(self, other: Game) -> bool {
        order::leq(other, self)
    }

    /// G < H.
    pub fn lt(self, other: Game) -> bool {
        self != other && order::leq(self, other)
    }

    /// G confused with H (neither <= nor >=).
    pub fn confused(self, other: Game) -> bool {
        !order::leq(self, other) && !order::leq(other, self)
    }

    /// The outcome class: who wins G with either player moving first.
    pub fn outcome(self) -> Outcome {
        if let Some(n) = self.nus() {
            return n.outcome();
        }
        Outcome::from_signs(order::leq(Game::ZERO, self), order::leq(self, Game::ZERO))
    }

    /// n copies of G, G + G + ... + G (negative n gives copies of -G),
    /// by binary doubling.
    pub fn times(self, n: &Integer) -> Game {
        // A number-up-star multiplies part by part: n.(x + k.^ + *m) is
        // nx + nk.^ + (*m if n is odd), without walking the doublings.
        if let Some(v) = self.nus() {
            let number = &v.number * &Dyadic::from_integer(n.clone());
            let ups = &v.ups * n;
            let nimber = if n.is_odd() { v.nimber } else { 0 };
            return Game::from_nus(Nus::new(number, ups, nimber));
        }
        let mut base = if n.is_negative() { -self } else { self };
        let mut k = n.abs();
        let mut acc = Game::ZERO;
        while !k.is_zero() {
            crate::interrupt::check();
            if k.is_odd() {
                acc = acc + base;
            }
            k = k.shr(1);
            if !k.is_zero() {
                base = base + base;
            }
        }
        acc
    }
}

/// The disjunctive sum G + H.
impl std::ops::Add for Game {
    type Output = Game;

    fn add(self, other: Game) -> Game {
        sum::add(self, other)
    }
}

/// G - H = G + (-H).
impl std::ops::Sub for Game {
    type Output = Game;

    fn sub(self, other: Game) -> Game {
        sum::add(self, sum::neg(other))
    }
}

/// The negative -G = {-G^R | -G^L}.
impl std::ops::Neg for Game {
    type Output = Game;

    fn neg(self) -> Game {
        sum::neg(self)
    }
}

fn nus_number_option_counts(x: &Dyadic) -> (u64, u64) {
    if x.is_integer() {
        match x.signum() {
            1 => (1, 0),
            -1 => (0, 1),
            _ => (0, 0),
        }
    } else {
        (1, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Game;
    use crate::number::Prepared;
    use proptest::prelude::*;

    proptest! {
        /// A number made from a scaled stop is the number of its dyadic,
        /// whether the thread's cache holds it or not (values that share
        /// cache slots, 0 among them, are asked in turn and again).
        #[test]
        fn numbers_of_scaled_stops_are_their_dyadics(
            vs in prop::collection::vec(prop_oneof![-300i64..300, any::<i64>()], 1..200),
        ) {
            for round in 0..2 {
                for &v in vs.iter().chain([0i64].iter()) {
                    let v = if round == 0 { v << 24 >> 24 } else { v };
                    let expected = Game::number(Prepared::from_scaled32(v).to_dyadic());
                    prop_assert_eq!(Game::number_scaled32(v), expected);
                }
            }
        }
    }
}
