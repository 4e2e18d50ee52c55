//! The one wrapper of the games played on a bitboard whose moves stay
//! inside the regions of unblocked cells: Domineering, Konane, Amazons and
//! Fission. A game gives its character map, its blocked cell value, the
//! steps that connect a region, which regions can hold a move, its moves,
//! and the symmetries of its normal form; the wrapper does the rest:
//! parsing, printing, the board, decomposition into regions cut to their
//! bounding boxes, and the normal form as the least image.

use crate::boards::bitboard::{BitBoard, SymmetrySet};
use crate::boards::directions::Step;
use crate::boards::grid::Grid;
use crate::framework::args::Args;
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, Both, PackedKey, Player, Position, Symmetries};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset, Simple};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::rc::Rc;

/// The rules of a game on a bitboard with `K` non-zero cell values.
pub trait BoardRules<const K: usize>:
    Copy + Debug + Default + Eq + Hash + Ord + Send + Sync + 'static
{
    /// The ruleset's name, in errors and printed positions.
    const NAME: &'static str;
    /// The characters of the cell values 0..=K.
    const CHARMAP: &'static str;
    /// The value of a blocked cell: regions are made of the other cells,
    /// and the bounding box of a region is filled with it.
    const BLOCKED: u8;
    /// The steps that connect the cells of a region: no move and no
    /// influence crosses from one region to another.
    const CONNECT: &'static [Step];
    /// Whether exchanging values 1 and 2 (Left's and Right's pieces)
    /// negates the value, so that the normal form may exchange them.
    const COLOUR_SWAP: bool;
    /// Whether the transposing symmetries swap the players (negate).
    const TRANSPOSE_NEGATES: bool;

    /// The boards `player` can move to, pushed onto `out`.
    fn options_into(board: &BitBoard<K>, player: Player, out: &mut Vec<BitBoard<K>>);

    /// Whether the region `region` (of unblocked cells) can hold a move;
    /// regions that cannot are 0 and are dropped.
    fn live(board: &BitBoard<K>, region: u128) -> bool;

    /// A measure of the board that every move strictly lowers, and that no
    /// region of it exceeds the board's (see `PartizanGame::level`), or
    /// None. A game gives it when the search by levels pays: Konane and
    /// Fission; Domineering and Amazons, whose boards split into regions
    /// met again from many boards, search faster depth first (Amazons
    /// `x..|...|..o|...` 0.48 s depth first, 0.56 s by levels).
    fn level(_board: &BitBoard<K>) -> Option<u32> {
        None
    }
}

/// A position of a game on a bitboard: the board, at most 128 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardGame<R, const K: usize> {
    board: BitBoard<K>,
    rules: PhantomData<R>,
}

impl<R: BoardRules<K>, const K: usize> BoardGame<R, K> {
    /// The position on `board`.
    pub fn new(board: BitBoard<K>) -> Self {
        BoardGame {
            board,
            rules: PhantomData,
        }
    }

    /// From a board string in the game's character map.
    pub fn parse(s: &str) -> RuleResult<Self> {
        Self::from_grid(&Grid::parse(s, R::CHARMAP)?)
    }

    /// From a grid of cell values 0..=K.
    pub fn from_grid(g: &Grid) -> RuleResult<Self> {
        Ok(Self::new(BitBoard::from_grid(R::NAME, g)?))
    }

    /// The empty r x c board.
    pub fn empty(rows: usize, cols: usize) -> RuleResult<Self> {
        Self::from_grid(&Grid::empty(rows, cols))
    }

    /// The bitboard.
    pub fn bits(&self) -> &BitBoard<K> {
        &self.board
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.board.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The blocked cells.
    fn blocked(&self) -> u128 {
        match R::BLOCKED as usize {
            0 => 0,
            v => self.board.layers.get(v - 1).copied().unwrap_or(0),
        }
    }

    /// The board string in the game's character map.
    pub fn board_string(&self) -> String {
        self.board.board_string(R::CHARMAP)
    }

    /// The named ruleset of the game, whose positions are built from a
    /// board string or a `Grid`.
    pub fn ruleset() -> Rc<dyn AnyRuleset> {
        Rc::new(Simple {
            name: R::NAME,
            build: Self::build,
        })
    }

    fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let grid = Grid::from_args(R::NAME, args, R::CHARMAP)?;
        Ok(partizan(prefix, Self::from_grid(&grid)?))
    }
}

/// The bytes of boards a list of both players' options has room for from
/// the start: more than most positions of a search need (a Konane 4x6
/// search averages 6.5 options, 16 fit), and small enough for the
/// allocator's fast path. With room for 12 boards, Domineering's larger
/// positions grew their lists (0.5% more instructions on 5x5).
const BOTH_OPTIONS_BYTES: usize = 1024;

impl<R: BoardRules<K>, const K: usize> Position for BoardGame<R, K> {
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        R::options_into(&self.board, player, &mut out);
        out.into_iter().map(Self::new).collect()
    }

    /// Both players' options in one list, which starts with room for a
    /// kilobyte of boards ([`BOTH_OPTIONS_BYTES`]): most positions of a
    /// search have fewer.
    fn both_options(&self) -> Both<Self> {
        let room = BOTH_OPTIONS_BYTES / std::mem::size_of::<BitBoard<K>>().max(1);
        let mut out = Vec::with_capacity(room);
        R::options_into(&self.board, Player::Left, &mut out);
        let left = out.len();
        R::options_into(&self.board, Player::Right, &mut out);
        Both::One(out.into_iter().map(Self::new).collect(), left)
    }

    fn decompose(&self) -> Vec<Self> {
        let blocked = self.blocked();
        let open = self.board.all() & !blocked;
        if blocked == 0 {
            // The whole rectangle is one region, its own bounding box.
            return if R::live(&self.board, open) {
                vec![*self]
            } else {
                Vec::new()
            };
        }
        let mut parts = Vec::new();
        self.board.each_region(open, R::CONNECT, |r| {
            if R::live(&self.board, r) {
                parts.push(Self::new(self.board.crop(r, R::BLOCKED)));
            }
        });
        parts
    }

    /// A board without blocked cells that can hold a move.
    fn undivided(&self) -> bool {
        self.blocked() == 0 && R::live(&self.board, self.board.all())
    }

    fn normalize(&self) -> (Self, bool) {
        let (b, negated) = if R::COLOUR_SWAP {
            self.board.least_image_swapped(R::TRANSPOSE_NEGATES)
        } else {
            self.board.least_image_plain(R::TRANSPOSE_NEGATES)
        };
        (Self::new(b), negated)
    }

    fn symmetries(&self) -> Symmetries {
        Symmetries(self.board.stabiliser(R::COLOUR_SWAP).0.into())
    }

    /// A board of the root's shape is normalised over the root's
    /// symmetries only (a [`SymmetrySet`]): a search meets the images of
    /// its positions under the others only by coincidence. With none but
    /// the identity it is kept as it stands (Konane
    /// `xoxoxo|oxoxox|xox.xo|oxoxox`: 426 of 555,023 positions were images
    /// of others, and the least image of every look-up cost a fifth of the
    /// search); with a column flip alone (Fission
    /// `......|.x..x.|..xx..|.x..x.|......|......`) two images are made
    /// instead of eight. Regions cut to other shapes keep their normal
    /// forms: regions of one shape and orientation come from anywhere on a
    /// board.
    fn normalize_from(&self, root: &Self, root_symmetries: Symmetries) -> Option<(Self, bool)> {
        let (rows, cols) = (self.rows(), self.cols());
        if rows != root.rows() || cols != root.cols() {
            return Some(self.normalize());
        }
        // The root's symmetries are a `SymmetrySet` (its `symmetries`).
        let group = SymmetrySet(root_symmetries.0 as u16);
        if group == SymmetrySet::IDENTITY {
            None
        } else if group == SymmetrySet::all(rows, cols, R::COLOUR_SWAP && K >= 2) {
            Some(self.normalize())
        } else {
            let (b, negated) = self.board.least_image_in(group, R::TRANSPOSE_NEGATES);
            Some((Self::new(b), negated))
        }
    }

    fn packed(&self) -> Option<PackedKey> {
        self.board.packed()
    }

    fn level(&self) -> Option<u32> {
        R::level(&self.board)
    }

    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }
}
