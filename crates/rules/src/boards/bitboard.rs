//! Small rectangular boards as bitboards, shared by the grid rulesets of
//! RULESETS 1.3-1.6 (Clobber, Konane, Amazons, Fission): one `u128` layer per
//! non-zero cell value, bit `r * cols + c` for cell (r, c), at most 128
//! cells. Provides parsing from a [`Grid`], printing with a character map,
//! the 8 symmetries of the rectangle, connected regions and cropping.

use crate::boards::grid::{Grid, GridError};

/// The largest board (in cells) a bitboard holds.
pub const MAX_CELLS: usize = 128;

/// A board whose cell (r, c) has value v > 0 when bit `r * cols + c` of
/// `layers[v - 1]` is set, and 0 (empty) when no layer has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitBoard<const K: usize> {
    pub rows: u8,
    pub cols: u8,
    pub layers: [u128; K],
}

impl<const K: usize> BitBoard<K> {
    /// From a grid whose cells are 0..=K; `what` names the ruleset in the
    /// errors (too many cells, a cell value outside the character map).
    pub fn from_grid(what: &str, g: &Grid) -> Result<Self, GridError> {
        if g.rows * g.cols > MAX_CELLS {
            return Err(GridError(format!(
                "{what} boards are limited to {MAX_CELLS} cells; this one has {}",
                g.rows * g.cols
            )));
        }
        let mut layers = [0u128; K];
        for (i, &v) in g.cells.iter().enumerate() {
            match v as usize {
                0 => {}
                k if k <= K => layers[k - 1] |= 1 << i,
                _ => {
                    return Err(GridError(format!(
                        "{what}: invalid cell value {} at row {}, column {}",
                        v as i8,
                        i / g.cols + 1,
                        i % g.cols + 1
                    )))
                }
            }
        }
        Ok(BitBoard {
            rows: g.rows as u8,
            cols: g.cols as u8,
            layers,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Every cell of the board.
    pub fn all(&self) -> u128 {
        let n = self.rows() * self.cols();
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The cells with a non-zero value.
    pub fn occupied(&self) -> u128 {
        self.layers.iter().fold(0, |a, &l| a | l)
    }

    /// The cells of value 0.
    pub fn empty(&self) -> u128 {
        self.all() & !self.occupied()
    }

    /// The value of cell bit `i`.
    pub fn get(&self, i: usize) -> u8 {
        for (k, l) in self.layers.iter().enumerate() {
            if l >> i & 1 == 1 {
                return k as u8 + 1;
            }
        }
        0
    }

    /// Set cell bit `i` to value `v` (0..=K).
    pub fn set(&mut self, i: usize, v: u8) {
        for (k, l) in self.layers.iter_mut().enumerate() {
            if k + 1 == v as usize {
                *l |= 1 << i;
            } else {
                *l &= !(1 << i);
            }
        }
    }

    /// The cell bit reached from bit `i` by the step (dr, dc), if on the
    /// board.
    pub fn step(&self, i: usize, dr: i64, dc: i64) -> Option<usize> {
        let (r, c) = ((i / self.cols()) as i64, (i % self.cols()) as i64);
        let (nr, nc) = (r.checked_add(dr)?, c.checked_add(dc)?);
        if nr < 0 || nc < 0 || nr >= self.rows as i64 || nc >= self.cols as i64 {
            return None;
        }
        Some(nr as usize * self.cols() + nc as usize)
    }

    /// The board string with `charmap` (index = cell value), rows joined
    /// by `|`.
    pub fn board_string(&self, charmap: &str) -> String {
        let map: Vec<char> = charmap.chars().collect();
        let mut s = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                let v = self.get(r * self.cols() + c) as usize;
                s.push(map.get(v).copied().unwrap_or('?'));
            }
        }
        s
    }

    /// The mask of one row (row 0) of `cols` cells.
    fn row_mask(&self) -> u128 {
        if self.cols() >= 128 {
            u128::MAX
        } else {
            (1u128 << self.cols()) - 1
        }
    }

    /// The image under one of the 8 symmetries: bit 0 flips rows, bit 1
    /// flips columns, bit 2 transposes (after the flips).
    pub fn transform(&self, sym: u8) -> Self {
        let (rows, cols) = (self.rows(), self.cols());
        let mut out = *self;
        if sym & 3 != 0 && cols > 0 {
            let row = self.row_mask();
            for (k, &layer) in self.layers.iter().enumerate() {
                let mut img = 0u128;
                for r in 0..rows {
                    let mut bits = layer >> (r * cols) & row;
                    if sym & 2 != 0 {
                        bits = bits.reverse_bits() >> (128 - cols);
                    }
                    let nr = if sym & 1 != 0 { rows - 1 - r } else { r };
                    img |= bits << (nr * cols);
                }
                out.layers[k] = img;
            }
        }
        if sym & 4 == 0 {
            return out;
        }
        let mut layers = [0u128; K];
        for (k, &layer) in out.layers.iter().enumerate() {
            let mut m = layer;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let (r, c) = (i / cols, i % cols);
                layers[k] |= 1 << (c * rows + r);
            }
        }
        BitBoard {
            rows: self.cols,
            cols: self.rows,
            layers,
        }
    }

    /// The symmetries (as in [`BitBoard::transform`]) whose images can be the
    /// least under the derived order, which compares the row count first:
    /// the 4 keeping the shape when there are fewer rows than columns, the
    /// 4 transposing ones when there are more, all 8 for a square.
    pub fn candidate_symmetries(&self) -> &'static [u8] {
        match self.rows.cmp(&self.cols) {
            std::cmp::Ordering::Less => &[0, 1, 2, 3],
            std::cmp::Ordering::Greater => &[4, 5, 6, 7],
            std::cmp::Ordering::Equal => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    /// The cells from which the step (dr, dc) stays on the board, and the
    /// shift of the bit index it makes.
    fn step_mask(&self, dr: i64, dc: i64) -> (u128, i64) {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let mut ok = 0u128;
        if dc.abs() < cols && dr.abs() < rows {
            let row = self.row_mask();
            let cols_ok = if dc >= 0 {
                row >> dc
            } else {
                (row << (-dc)) & row
            };
            for r in 0..rows {
                if (0..rows).contains(&(r + dr)) {
                    ok |= cols_ok << (r * cols);
                }
            }
        }
        (ok, dr * cols + dc)
    }

    /// The cells of `within` connected to the cells of `seed` by steps of
    /// ±d for d in `dirs` (a bit-parallel flood fill).
    fn fill(&self, within: u128, seed: u128, steps: &[(u128, i64)]) -> u128 {
        let mut seen = seed & within;
        loop {
            let mut next = seen;
            for &(ok, shift) in steps {
                let src = seen & ok;
                next |= if shift >= 0 {
                    src << shift
                } else {
                    src >> (-shift)
                };
            }
            next &= within;
            if next == seen {
                return seen;
            }
            seen = next;
        }
    }

    fn steps(&self, dirs: &[(i64, i64)]) -> Vec<(u128, i64)> {
        dirs.iter()
            .flat_map(|&(dr, dc)| [(dr, dc), (-dr, -dc)])
            .map(|(dr, dc)| self.step_mask(dr, dc))
            .filter(|&(ok, _)| ok != 0)
            .collect()
    }

    /// The cells of `within` connected to bit `start` by steps of ±d for d
    /// in `dirs`.
    pub fn region(&self, within: u128, start: usize, dirs: &[(i64, i64)]) -> u128 {
        self.fill(within | 1 << start, 1 << start, &self.steps(dirs))
    }

    /// The regions of `within` (connected by ±`dirs`), in row-major order
    /// of their first cell.
    pub fn regions(&self, within: u128, dirs: &[(i64, i64)]) -> Vec<u128> {
        let steps = self.steps(dirs);
        let mut rest = within;
        let mut out = Vec::new();
        while rest != 0 {
            let region = self.fill(within, rest & rest.wrapping_neg(), &steps);
            rest &= !region;
            out.push(region);
        }
        out
    }

    /// The bounding box of a non-empty mask: (r0, r1, c0, c1), exclusive
    /// ends.
    pub fn bounds(&self, mask: u128) -> (usize, usize, usize, usize) {
        bounds(mask, self.cols())
    }

    /// The sub-board of the bounding box of `mask` (non-empty), where the
    /// cells of `mask` keep their values and every other cell becomes
    /// `fill`.
    pub fn crop(&self, mask: u128, fill: u8) -> Self {
        let (r0, r1, c0, c1) = self.bounds(mask);
        if (r0, r1, c0, c1) == (0, self.rows(), 0, self.cols()) {
            let outside = self.all() & !mask;
            let already = self.layers.iter().enumerate().all(|(k, &l)| {
                if k + 1 == fill as usize {
                    l & outside == outside
                } else {
                    l & outside == 0
                }
            });
            if already {
                return *self;
            }
        }
        let (rows, cols) = (r1 - r0, c1 - c0);
        let mut out = BitBoard {
            rows: rows as u8,
            cols: cols as u8,
            layers: [0u128; K],
        };
        for r in 0..rows {
            for c in 0..cols {
                let src = (r + r0) * self.cols() + c + c0;
                let v = if mask >> src & 1 == 1 {
                    self.get(src)
                } else {
                    fill
                };
                if v != 0 {
                    out.set(r * cols + c, v);
                }
            }
        }
        out
    }
}

/// The bounding box of the cells of a non-empty row-major mask on a board
/// `cols` wide: (r0, r1, c0, c1), exclusive ends.
pub fn bounds(mask: u128, cols: usize) -> (usize, usize, usize, usize) {
    let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let (r, c) = (i / cols, i % cols);
        r0 = r0.min(r);
        r1 = r1.max(r + 1);
        c0 = c0.min(c);
        c1 = c1.max(c + 1);
    }
    (r0, r1, c0, c1)
}
