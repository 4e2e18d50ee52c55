//! The position abstractions shared by every ruleset: partizan positions
//! (an option list per player) and impartial ones (one option list).

use onag_core::loopy::SidedValue;
use std::fmt::Debug;
use std::hash::Hash;

/// Left (blue, vertical in Domineering, `x`) or Right (red, `o`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves blue pieces, vertical dominoes, `x` stones.
    Left,
    /// The player who moves red pieces, horizontal dominoes, `o` stones.
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// The core's loopy layer names the players the same way.
impl From<onag_core::loopy::Player> for Player {
    fn from(p: onag_core::loopy::Player) -> Player {
        match p {
            onag_core::loopy::Player::Left => Player::Left,
            onag_core::loopy::Player::Right => Player::Right,
        }
    }
}

impl From<Player> for onag_core::loopy::Player {
    fn from(p: Player) -> onag_core::loopy::Player {
        match p {
            Player::Left => onag_core::loopy::Player::Left,
            Player::Right => onag_core::loopy::Player::Right,
        }
    }
}

/// The board a position is played on, as the characters of its cells (the
/// ones its position text uses, `.` for an empty cell): a grid, or a strip
/// as a single row. This is what `P.Board` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The cells, row by row.
    pub cells: Vec<char>,
}

impl Board {
    /// A board from rows of cell characters joined by `|`, as board
    /// strings are written (`"..|.#"`).
    pub fn from_rows(text: &str) -> Board {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if cols == 0 {
            return Board {
                rows: 0,
                cols: 0,
                cells: vec![],
            };
        }
        Board {
            rows: rows.len(),
            cols,
            cells: rows
                .into_iter()
                .flat_map(|mut r| {
                    r.resize(cols, '.');
                    r
                })
                .collect(),
        }
    }
}

/// An exact 128-bit encoding of a position, told apart from every other
/// position of its type: tables keep it in place of the position, a
/// smaller entry that is cheaper to hash and compare.
pub type PackedKey = (u64, u64);

/// A packed key in one word, when it has at most 48 bits in its low word
/// and none but the top 16 in its high one (where the boards keep their
/// dimensions): the top 16 bits of the high word over the low word. Two
/// keys that both narrow are equal exactly when their narrow forms are,
/// and a key that narrows is kept only by its narrow form (in the shared
/// table's narrow map, and in the recent values' narrow lines), so that
/// the narrow and the wide entries never disagree. Domineering components
/// of up to 48 cells and Konane boards of up to 24 narrow: Konane
/// `xoxoxo|oxoxox|xox.xo|oxoxox` peaked at 48 MB instead of 55 MB, 2%
/// faster, when the shared table first kept them so.
pub fn narrow(k: &PackedKey) -> Option<u64> {
    const TOP: u64 = 0xffff << 48;
    let (low, high) = *k;
    (low & TOP == 0 && high & !TOP == 0).then_some(low | high)
}

/// A set of symmetries of a game, as bits in the game's own numbering (a
/// board game's: the symmetries of its rectangle, each alone or with the
/// exchange of the players' pieces), the identity being bit 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetries(pub u32);

impl Symmetries {
    /// Every symmetry of the game.
    pub const ALL: Symmetries = Symmetries(u32::MAX);
    /// The identity alone.
    pub const IDENTITY: Symmetries = Symmetries(1);
}

/// Both players' options ([`Position::both_options`]).
pub enum Both<G> {
    /// Left's options followed by Right's in one list, and the number of
    /// Left's.
    One(Vec<G>, usize),
    /// Left's options and Right's.
    Two(Vec<G>, Vec<G>),
}

impl<G> Both<G> {
    /// Left's options and Right's.
    pub fn sides(&self) -> (&[G], &[G]) {
        match self {
            Both::One(all, left) => all.split_at((*left).min(all.len())),
            Both::Two(left, right) => (left, right),
        }
    }
}

/// A position of a partizan game: short, unless [`Position::may_repeat`].
///
/// Every parameter of the ruleset that affects the options must be part of
/// the position (and of its `Eq`/`Hash`), because evaluators are shared by
/// all positions of one type.
pub trait Position: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Self>;

    /// Both players' options: a search lists both sides of every position
    /// it values, and a game that can make one list for both saves an
    /// allocation. By default, two lists.
    fn both_options(&self) -> Both<Self> {
        Both::Two(self.options(Player::Left), self.options(Player::Right))
    }

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

    /// Whether the position is known to be its own only component without
    /// decomposing it (see `PartizanGame::undivided`).
    fn undivided(&self) -> bool {
        false
    }

    /// The symmetries that map this position to itself or to its negative
    /// (see `PartizanGame::symmetries`).
    fn symmetries(&self) -> Symmetries {
        Symmetries::ALL
    }

    /// The representative a search from `root` takes for this position
    /// (see `PartizanGame::normal_form_from`; None: the position itself):
    /// by default its normal form.
    fn normalize_from(&self, _root: &Self, _root_symmetries: Symmetries) -> Option<(Self, bool)> {
        Some(self.normalize())
    }

    /// The value of this component when theory gives it without a search,
    /// or None (see `PartizanGame::known_value`).
    fn known_value(&self) -> Option<onag_core::game::Game> {
        None
    }

    /// A packed key of this position when it has one (see
    /// `PartizanGame::packed`).
    fn packed(&self) -> Option<PackedKey> {
        None
    }

    /// A measure every move strictly lowers (see
    /// `PartizanGame::level`), or None.
    fn level(&self) -> Option<u32> {
        None
    }

    /// The position as written inside the ruleset's parentheses, e.g.
    /// `"..|.."` (with the quotes) or `20`.
    fn text(&self) -> String;

    /// The board the position is played on, if it is played on one.
    fn board(&self) -> Option<Board> {
        None
    }

    /// Whether positions of this ruleset may repeat (a loopy ruleset such
    /// as Backsliding Toads and Frogs). Canonical forms of such positions
    /// are computed with the positions in progress tracked, so that a
    /// repeated position is the error of LOOPY 4.1 step 1, and `GameValue`
    /// then values them as loopy games (`framework::loopy`).
    fn may_repeat(&self) -> bool {
        false
    }

    /// CGSuite's `DepthHint` (LOOPY 4.1): if `depth_hint(G) <
    /// depth_hint(H)` then H is not a follower of G, so that options of
    /// smaller depth are valued separately, each in a graph of its own.
    /// The default 0 puts every position in one graph (correct, slower).
    fn depth_hint(&self) -> i64 {
        0
    }

    /// The value of this position when it is a loopy value known without
    /// exploring (Fox and Geese decomposes an escaped fox as `[off]`,
    /// LOOPY 4.3), or None. Such a position has no canonical form.
    fn loopy_value(&self) -> Option<SidedValue> {
        None
    }
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

    /// The board the position is played on, if it is played on one.
    fn board(&self) -> Option<Board> {
        None
    }
}
