//! The position abstraction shared by every ruleset.

use std::fmt::Debug;
use std::hash::Hash;

/// Left (blue, vertical in Domineering, `x`) or Right (red, `o`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Left,
    Right,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// A position of a short partizan game.
pub trait Position: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Self>;

    /// Independent components whose disjunctive sum is this position (the
    /// position itself when it does not split). An empty list means 0.
    fn decompose(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// A representative of this position under the game's symmetries, and
    /// whether the representative's value is the negative of this one's
    /// (as when transposing a Domineering board swaps the players).
    fn normalize(&self) -> (Self, bool) {
        (self.clone(), false)
    }
}
