//! The position abstractions shared by every ruleset: partizan positions
//! (an option list per player) and impartial ones (one option list).

use std::fmt::Debug;
use std::hash::Hash;

/// Left (blue, vertical in Domineering, `x`) or Right (red, `o`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
///
/// Every parameter of the ruleset that affects the options must be part of
/// the position (and of its `Eq`/`Hash`), because evaluators are shared by
/// all positions of one type.
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

    /// The position as written inside the ruleset's parentheses, e.g.
    /// `"..|.."` (with the quotes) or `20`.
    fn text(&self) -> String;
}

/// A position of a short impartial game: both players have the same
/// options, and the value is the nimber of its nim value.
pub trait ImpartialPosition: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// The positions either player can move to.
    fn options(&self) -> Vec<Self>;

    /// Independent components whose disjunctive sum is this position; the
    /// nim value is the XOR of theirs (Sprague-Grundy). Empty means 0.
    fn decompose(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// A representative of this position under the game's symmetries (the
    /// value of an impartial game never changes sign).
    fn normalize(&self) -> Self {
        self.clone()
    }

    /// The position as written inside the ruleset's parentheses.
    fn text(&self) -> String;
}
