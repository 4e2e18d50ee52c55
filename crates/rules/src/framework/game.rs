//! What the evaluators value: a game given by its options. Every kind of
//! game plugs into the evaluators through these two traits: the built-in
//! rulesets (through [`Position`] and [`ImpartialPosition`], whose options
//! cannot fail), the rulesets given by option functions (heaps and
//! coordinates), the variants of any ruleset, and games defined in the
//! language, whose options come from the interpreter and may fail.
//!
//! Neither trait asks for `Send` or `Sync`: a game may hold `Rc`s. The
//! evaluators use threads only for types that are `Send + Sync`.

use super::position::{Both, ImpartialPosition, PackedKey, Player, Position, Symmetries};
use onag_core::game::Game;
use std::convert::Infallible;
use std::hash::Hash;

/// A short partizan game given by its options, with the shortcuts the
/// evaluator takes: its independent components and its normal form under
/// the game's symmetries. Equal values (`Eq`, `Hash`) must be the same
/// game: the evaluator's table is keyed by them.
pub trait PartizanGame: Clone + Eq + Hash {
    /// Why options could not be listed: `Infallible` for the built-in
    /// rulesets, `RuleError` for games whose options come from user code.
    type Error;

    /// The games `player` can move to.
    fn options(&self, player: Player) -> Result<Vec<Self>, Self::Error>;

    /// Both players' options (see [`Position::both_options`]).
    fn both_options(&self) -> Result<Both<Self>, Self::Error> {
        Ok(Both::Two(
            self.options(Player::Left)?,
            self.options(Player::Right)?,
        ))
    }

    /// Independent components whose disjunctive sum is this game (the game
    /// itself when it does not split). An empty list means 0.
    fn components(&self) -> Result<Vec<Self>, Self::Error> {
        Ok(vec![self.clone()])
    }

    /// Whether the game is known to be its own only component without
    /// listing its components (the evaluator then makes no list): false
    /// unless the game says.
    fn undivided(&self) -> bool {
        false
    }

    /// A representative under the game's symmetries, and whether its value
    /// is the negative of this game's.
    fn normal_form(&self) -> (Self, bool) {
        (self.clone(), false)
    }

    /// The symmetries of the game that map this game to itself or to its
    /// negative: a search from it meets the images of its positions under
    /// these, and under the others only by coincidence. All of them unless
    /// the game says.
    fn symmetries(&self) -> Symmetries {
        Symmetries::ALL
    }

    /// The representative a search from `root` (whose symmetries are
    /// `root_symmetries`, [`PartizanGame::symmetries`]) takes for this
    /// game: by default its normal form. A game may take the least image
    /// under the root's symmetries only, for the positions whose other
    /// images such a search meets only by coincidence (a board of the
    /// root's shape), and keep them as they stand when the root has no
    /// symmetry: which is as exact, and saves most of the normal form of
    /// every look-up. None when the game is its own representative (a
    /// search then makes no copy of it).
    fn normal_form_from(&self, _root: &Self, _root_symmetries: Symmetries) -> Option<(Self, bool)> {
        Some(self.normal_form())
    }

    /// The value of this component when theory gives it without a search
    /// (a blue-red Hackenbush string is the number its sign expansion
    /// writes), or None. Evaluators ask it on a table miss, instead of
    /// valuing the options, and store what it gives.
    fn known_value(&self) -> Option<Game> {
        None
    }

    /// An exact encoding of this game in 128 bits, when it has one: two
    /// games of the type with equal packed keys are equal, and the game
    /// gives one whenever it is small enough (see [`PackedKey`]). Tables
    /// that can keep games by their packed keys then do (an entry of 24
    /// bytes); the default has none.
    fn packed(&self) -> Option<PackedKey> {
        None
    }

    /// A measure every move strictly lowers, and that no component of a
    /// game exceeds the game's (a board's stones, or its empty cells), when
    /// the game has one: a search can then value the positions below a
    /// game level by level (`Evaluator::by_levels`). None by default.
    fn level(&self) -> Option<u32> {
        None
    }
}

/// A short impartial game given by its options: both players have the
/// same options, and its value is the nimber of its nim value.
pub trait ImpartialGame: Clone + Eq + Hash {
    /// Why options could not be listed.
    type Error;

    /// The games either player can move to.
    fn options(&self) -> Result<Vec<Self>, Self::Error>;

    /// Independent components whose disjunctive sum is this game; the nim
    /// value is the XOR of theirs. Empty means 0.
    fn components(&self) -> Result<Vec<Self>, Self::Error> {
        Ok(vec![self.clone()])
    }

    /// A representative under the game's symmetries (an impartial value
    /// never changes sign).
    fn normal_form(&self) -> Self {
        self.clone()
    }
}

impl<P: Position> PartizanGame for P {
    type Error = Infallible;

    fn options(&self, player: Player) -> Result<Vec<Self>, Infallible> {
        Ok(Position::options(self, player))
    }

    fn both_options(&self) -> Result<Both<Self>, Infallible> {
        Ok(Position::both_options(self))
    }

    fn components(&self) -> Result<Vec<Self>, Infallible> {
        Ok(self.decompose())
    }

    fn undivided(&self) -> bool {
        Position::undivided(self)
    }

    fn normal_form(&self) -> (Self, bool) {
        self.normalize()
    }

    fn symmetries(&self) -> Symmetries {
        Position::symmetries(self)
    }

    fn normal_form_from(&self, root: &Self, root_symmetries: Symmetries) -> Option<(Self, bool)> {
        self.normalize_from(root, root_symmetries)
    }

    fn known_value(&self) -> Option<Game> {
        Position::known_value(self)
    }

    fn packed(&self) -> Option<PackedKey> {
        Position::packed(self)
    }

    fn level(&self) -> Option<u32> {
        Position::level(self)
    }
}

impl<P: ImpartialPosition> ImpartialGame for P {
    type Error = Infallible;

    fn options(&self) -> Result<Vec<Self>, Infallible> {
        Ok(ImpartialPosition::options(self))
    }

    fn components(&self) -> Result<Vec<Self>, Infallible> {
        Ok(self.decompose())
    }

    fn normal_form(&self) -> Self {
        self.normalize()
    }
}

/// The value of a computation that cannot fail.
pub fn infallible<T>(r: Result<T, Infallible>) -> T {
    match r {
        Ok(v) => v,
        Err(never) => match never {},
    }
}
