//! Domineering (RULESETS.md 1.2): Left places vertical dominoes, Right
//! horizontal ones, on empty cells.
//!
//! Boards of up to 128 cells are bitboards: bit `r * cols + c` is set when
//! the cell is free. A position decomposes into its regions of free cells
//! (4-connected), each cut to its bounding box; its normal form is the least
//! of its 8 images under the symmetries of the rectangle, where the 4 that
//! transpose the board swap the players and so negate the value.

use crate::boards::grid::{Grid, GridError};
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::RuleResult;
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Domineering",
    package: Package::Grid,
    doc: "Left places vertical dominoes, Right horizontal ones (`.` free, `#` filled).",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "Domineering",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let grid = Grid::from_args("Domineering", args, ".#")?;
    Ok(partizan(prefix, Domineering::from_grid(&grid)?))
}

/// The largest board (in cells) a position may have.
pub const MAX_CELLS: usize = 128;

/// A Domineering position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    rows: u8,
    cols: u8,
    free: u128,
}

impl Domineering {
    /// From a board string (`.` free, `#` filled).
    pub fn parse(s: &str) -> Result<Domineering, GridError> {
        Domineering::from_grid(&Grid::parse(s, ".#")?)
    }

    /// From a grid whose cells are 0 (free) or anything else (filled).
    pub fn from_grid(g: &Grid) -> Result<Domineering, GridError> {
        if g.rows * g.cols > MAX_CELLS {
            return Err(GridError(format!(
                "Domineering boards are limited to {MAX_CELLS} cells; this one has {}",
                g.rows * g.cols
            )));
        }
        let mut free = 0u128;
        for (i, &v) in g.cells.iter().enumerate() {
            if v == 0 {
                free |= 1 << i;
            }
        }
        Ok(Domineering {
            rows: g.rows as u8,
            cols: g.cols as u8,
            free,
        })
    }

    /// The empty r x c board.
    pub fn empty(rows: usize, cols: usize) -> Result<Domineering, GridError> {
        Domineering::from_grid(&Grid::empty(rows, cols))
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    fn is_free(&self, r: usize, c: usize) -> bool {
        self.free >> (r * self.cols() + c) & 1 == 1
    }

    /// The board string, rows separated by `|`.
    pub fn board_string(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                s.push(if self.is_free(r, c) { '.' } else { '#' });
            }
        }
        s
    }

    /// Free cells with a free cell below (Left's moves) or to the right
    /// (Right's moves), as a bit mask of the top/left cells.
    fn move_mask(&self, player: Player) -> u128 {
        let cols = self.cols as u32;
        match player {
            Player::Left if self.rows < 2 => 0,
            Player::Right if self.cols < 2 => 0,
            Player::Left => self.free & (self.free >> cols),
            Player::Right => {
                let mut not_last = 0u128;
                for r in 0..self.rows() {
                    let row = ((1u128 << (cols - 1)) - 1) << (r * self.cols());
                    not_last |= row;
                }
                self.free & (self.free >> 1) & not_last
            }
        }
    }

    /// A subboard: rows r0..r1, cols c0..c1, with only the cells of `mask`.
    fn crop(&self, mask: u128, r0: usize, r1: usize, c0: usize, c1: usize) -> Domineering {
        let (rows, cols) = (r1 - r0, c1 - c0);
        let mut free = 0u128;
        for r in 0..rows {
            for c in 0..cols {
                let src = (r + r0) * self.cols() + c + c0;
                if mask >> src & 1 == 1 {
                    free |= 1 << (r * cols + c);
                }
            }
        }
        Domineering {
            rows: rows as u8,
            cols: cols as u8,
            free,
        }
    }

    /// The 4-connected region of free cells containing bit `start`.
    fn region(&self, start: u32) -> u128 {
        let cols = self.cols();
        let mut seen = 1u128 << start;
        let mut stack = vec![start as usize];
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            let mut visit = |j: usize| {
                if self.free >> j & 1 == 1 && seen >> j & 1 == 0 {
                    seen |= 1 << j;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - cols);
            }
            if r + 1 < self.rows() {
                visit(i + cols);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < cols {
                visit(i + 1);
            }
        }
        seen
    }

    /// The bounding box of a mask: (r0, r1, c0, c1), exclusive ends.
    fn bounds(&self, mask: u128) -> (usize, usize, usize, usize) {
        crate::boards::bitboard::bounds(mask, self.cols())
    }

    /// The image of the board under one of the 8 symmetries: bit 0 flips
    /// rows, bit 1 flips columns, bit 2 transposes (after the flips).
    fn transform(&self, sym: u8) -> Domineering {
        let (rows, cols) = (self.rows(), self.cols());
        let transpose = sym & 4 != 0;
        let (nr, nc) = if transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut free = 0u128;
        let mut m = self.free;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (mut r, mut c) = (i / cols, i % cols);
            if sym & 1 != 0 {
                r = rows - 1 - r;
            }
            if sym & 2 != 0 {
                c = cols - 1 - c;
            }
            if transpose {
                std::mem::swap(&mut r, &mut c);
            }
            free |= 1 << (r * nc + c);
        }
        Domineering {
            rows: nr as u8,
            cols: nc as u8,
            free,
        }
    }
}

impl Position for Domineering {
    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let step = match player {
            Player::Left => self.cols as u32,
            Player::Right => 1,
        };
        let mut moves = self.move_mask(player);
        let mut out = Vec::with_capacity(moves.count_ones() as usize);
        while moves != 0 {
            let i = moves.trailing_zeros();
            moves &= moves - 1;
            let placed = (1u128 << i) | (1u128 << (i + step));
            out.push(Domineering {
                free: self.free & !placed,
                ..*self
            });
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let mut rest = self.free;
        let mut parts = Vec::new();
        while rest != 0 {
            let region = self.region(rest.trailing_zeros());
            rest &= !region;
            // A single cell has no moves for either player: value 0.
            if region.count_ones() > 1 {
                let (r0, r1, c0, c1) = self.bounds(region);
                parts.push(self.crop(region, r0, r1, c0, c1));
            }
        }
        parts
    }

    fn normalize(&self) -> (Self, bool) {
        (0..8u8)
            .map(|sym| (self.transform(sym), sym & 4 != 0))
            .min_by_key(|(d, _)| (d.rows, d.cols, d.free))
            .unwrap_or((*self, false))
    }
}
