//! Small rectangular boards as bitboards, the one board engine of the grid
//! rulesets (RULESETS 1.2-1.6: Domineering, Cram, the Clobber family,
//! Konane, Amazons, Fission): one `u128` layer per non-zero cell value, bit
//! `r * cols + c` for cell (r, c), at most 128 cells.
//!
//! Besides parsing and printing, a bitboard gives the 8 symmetries of the
//! rectangle, its least image under a set of them (the normal form of the
//! grid games), its connected regions by any set of steps, and the
//! sub-board of a region. Each works a row or a whole layer at a time:
//! flips move rows, a half turn reverses the layer, regions grow by shifts
//! of the whole layer, and cropping moves rows, so that only the transpose
//! visits cells one by one.

use super::directions::{Step, ORTHOGONAL};
use super::grid::Grid;
use super::word::{self, Orthogonal64};
use crate::framework::error::{RuleError, RuleResult};

/// The largest board (in cells) a bitboard holds.
pub const MAX_CELLS: usize = 128;

/// A set of the symmetries of a board's rectangle that keep its shape, each
/// alone or followed by the exchange of layers 0 and 1: bit `2 * s + e`
/// for the symmetry `s` of [`BitBoard::transform`] (0..4, and 4..8 on a
/// square) and `e` 1 for the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymmetrySet(pub u16);

impl SymmetrySet {
    /// The identity alone.
    pub const IDENTITY: SymmetrySet = SymmetrySet(1);

    /// Every symmetry keeping the shape of a `rows` x `cols` rectangle,
    /// each alone and, with `exchange`, followed by the exchange.
    pub fn all(rows: usize, cols: usize, exchange: bool) -> SymmetrySet {
        let alone: u16 = if rows == cols { 0x5555 } else { 0x55 };
        SymmetrySet(if exchange { alone | alone << 1 } else { alone })
    }
}

/// A board whose cell (r, c) has value v > 0 when bit `r * cols + c` of
/// `layers[v - 1]` is set, and 0 (empty) when no layer has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitBoard<const K: usize> {
    /// The number of rows.
    pub rows: u8,
    /// The number of columns.
    pub cols: u8,
    /// For each cell value 1..=K, the cells that have it.
    pub layers: [u128; K],
}

/// The number of cells in `cells`, counted a word at a time and the high
/// word only when it has any: without the processor's population count (a
/// baseline x86-64 build), each word counted costs a dozen instructions,
/// and most boards fit the low word.
#[inline]
pub fn count(cells: u128) -> u32 {
    let (low, high) = (cells as u64, (cells >> 64) as u64);
    low.count_ones() + if high == 0 { 0 } else { high.count_ones() }
}

/// The low `n` bits (all of them when `n >= 128`).
#[inline]
pub(crate) fn low(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The whole-layer shift by `s` bits (left when positive); every bit
/// leaves a layer shifted by 128 or more (a vertical step on a board of
/// one 128-cell row).
#[inline]
pub(crate) fn shift(x: u128, s: i64) -> u128 {
    let by = u32::try_from(s.unsigned_abs()).unwrap_or(u32::MAX);
    if s >= 0 {
        x.checked_shl(by).unwrap_or(0)
    } else {
        x.checked_shr(by).unwrap_or(0)
    }
}

/// The first cell of every row of a `rows` x `cols` board (at most 128
/// cells): one bit per row, at column 0.
pub(crate) fn row_starts_of(rows: usize, cols: usize) -> u128 {
    if rows == 0 || cols == 0 {
        return 0;
    }
    // Doubling: the starts of the first n rows, then of the first 2n.
    let (mut starts, mut n) = (1u128, 1);
    while n < rows {
        starts |= starts << (n * cols);
        n *= 2;
    }
    starts & low(rows * cols)
}

/// Row r of a layer of `rows` x `cols` cells moved to row `rows - 1 - r`.
fn flip_rows_layer(x: u128, rows: usize, cols: usize) -> u128 {
    let row = low(cols);
    let mut out = 0;
    for r in 0..rows {
        out |= (x >> (r * cols) & row) << ((rows - 1 - r) * cols);
    }
    out
}

/// The half turn of a layer of `n` cells: cell i moved to `n - 1 - i`.
fn half_turn_layer(x: u128, n: usize) -> u128 {
    if n == 0 {
        0
    } else {
        x.reverse_bits() >> (128 - n)
    }
}

/// The transpose of a layer of `rows` x `cols` cells: (r, c) moved to
/// (c, r) of a `cols` x `rows` layer.
fn transpose_layer(x: u128, rows: usize, cols: usize) -> u128 {
    let row = low(cols);
    let mut t = 0u128;
    if x == 0 {
        return 0;
    }
    for r in 0..rows {
        let mut bits = x >> (r * cols) & row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            t |= 1 << (c * rows + r);
        }
    }
    t
}

/// The images of a layer of `rows` x `cols` cells under the identity, the
/// row flip, the column flip and the half turn, in the order of
/// [`BitBoard::candidate_images`].
fn layer_images(x: u128, rows: usize, cols: usize) -> [u128; 4] {
    if x == 0 {
        return [0; 4];
    }
    let n = rows * cols;
    let flipped = flip_rows_layer(x, rows, cols);
    [
        x,
        flipped,
        half_turn_layer(flipped, n),
        half_turn_layer(x, n),
    ]
}

/// [`layer_images`], in words on a board of at most 64 cells.
#[inline]
fn layer_images_fast(x: u128, rows: usize, cols: usize) -> [u128; 4] {
    if rows * cols <= 64 {
        word::layer_images64(x as u64, rows, cols).map(u128::from)
    } else {
        layer_images(x, rows, cols)
    }
}

/// [`transpose_layer`], in words on a board of at most 64 cells.
#[inline]
fn transpose_layer_fast(x: u128, rows: usize, cols: usize) -> u128 {
    if rows * cols <= 64 {
        word::transpose64(x as u64, rows, cols).into()
    } else {
        transpose_layer(x, rows, cols)
    }
}

/// The steps of a flood fill: for each step, the cells it may leave from
/// and the shift it makes. Directions are few, so they live inline.
struct Steps {
    steps: [(u128, i64); 16],
    len: usize,
    /// Steps beyond the inline ones (long user-given direction lists).
    more: Vec<(u128, i64)>,
}

impl Steps {
    fn push(&mut self, s: (u128, i64)) {
        if self.len < self.steps.len() {
            self.steps[self.len] = s;
            self.len += 1;
        } else {
            self.more.push(s);
        }
    }

    fn iter(&self) -> impl Iterator<Item = &(u128, i64)> {
        self.steps[..self.len].iter().chain(&self.more)
    }
}

impl<const K: usize> BitBoard<K> {
    /// From a grid whose cells are 0..=K; `what` names the ruleset in the
    /// errors (too many cells, a cell value outside the character map).
    pub fn from_grid(what: &str, g: &Grid) -> RuleResult<Self> {
        if g.rows * g.cols > MAX_CELLS {
            return Err(RuleError::too_large(format!(
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
                    return Err(RuleError::bad_position(format!(
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

    /// The board in 128 bits, when it fits: `rows` and `cols` in the top
    /// two bytes, and below them one bit plane per bit of the cell values
    /// (`n = rows * cols` bits each: plane j holds the cells whose value
    /// has bit j), so that distinct boards (with their layers disjoint, as
    /// every board is) have distinct keys. Fits when the planes take at
    /// most 112 bits: 112 cells with one layer, 56 with two or three.
    pub fn packed(&self) -> Option<(u64, u64)> {
        let n = self.rows() * self.cols();
        let planes = (usize::BITS - K.leading_zeros()) as usize;
        if n * planes > 112 {
            return None;
        }
        // The same planes of a board whose planes fit a word, in words
        // (every search of a small board makes a key for each option, and a
        // shift of a u128 by a variable amount is several instructions).
        let plane = |j: usize| {
            self.layers
                .iter()
                .enumerate()
                .filter(|(k, _)| (k + 1) >> j & 1 == 1)
                .fold(0, |a, (_, &l)| a | l)
        };
        if n * planes <= 64 {
            let mut bits = 0u64;
            for j in 0..planes {
                bits |= (plane(j) as u64 & word::low64(n)) << (j * n);
            }
            let shape = u64::from(self.rows) << 48 | u64::from(self.cols) << 56;
            return Some((bits, shape));
        }
        let mut bits = 0u128;
        for j in 0..planes {
            bits |= (plane(j) & low(n)) << (j * n);
        }
        bits |= (self.rows as u128) << 112 | (self.cols as u128) << 120;
        Some((bits as u64, (bits >> 64) as u64))
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Every cell of the board.
    pub fn all(&self) -> u128 {
        low(self.rows() * self.cols())
    }

    /// The cells with a non-zero value.
    pub fn occupied(&self) -> u128 {
        self.layers.iter().fold(0, |a, &l| a | l)
    }

    /// The cells of value 0.
    pub fn empty(&self) -> u128 {
        self.all() & !self.occupied()
    }

    /// The number of cells of value 0.
    pub fn empty_count(&self) -> u32 {
        count(self.empty())
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

    /// The mask of one row (row 0).
    fn row_mask(&self) -> u128 {
        low(self.cols())
    }

    /// A copy with every layer mapped by `f`.
    fn map_layers(&self, f: impl Fn(u128) -> u128) -> Self {
        let mut out = *self;
        for l in out.layers.iter_mut() {
            *l = f(*l);
        }
        out
    }

    /// Row r moved to row `rows - 1 - r`.
    fn flip_rows(&self) -> Self {
        let (rows, cols, row) = (self.rows(), self.cols(), self.row_mask());
        self.map_layers(|x| {
            let mut out = 0;
            for r in 0..rows {
                out |= (x >> (r * cols) & row) << ((rows - 1 - r) * cols);
            }
            out
        })
    }

    /// The half turn: cell i moved to cell `n - 1 - i`.
    fn half_turn(&self) -> Self {
        let n = self.rows() * self.cols();
        if n == 0 {
            return *self;
        }
        self.map_layers(|x| x.reverse_bits() >> (128 - n))
    }

    /// Cell (r, c) moved to (c, r).
    fn transpose(&self) -> Self {
        let (rows, cols) = (self.rows(), self.cols());
        let mut out = self.map_layers(|x| transpose_layer(x, rows, cols));
        out.rows = self.cols;
        out.cols = self.rows;
        out
    }

    /// The image under one of the 8 symmetries: bit 0 flips rows, bit 1
    /// flips columns, bit 2 transposes (after the flips).
    pub fn transform(&self, sym: u8) -> Self {
        let flipped = match sym & 3 {
            0 => *self,
            1 => self.flip_rows(),
            2 => self.flip_rows().half_turn(),
            _ => self.half_turn(),
        };
        if sym & 4 == 0 {
            flipped
        } else {
            flipped.transpose()
        }
    }

    /// The symmetries that map the board to itself (its stabiliser, a
    /// group; see [`SymmetrySet`]): among those of the rectangle keeping
    /// its shape (all 8 on a square, the flips and the half turn
    /// otherwise), each alone, and with `exchange` each followed by the
    /// exchange of layers 0 and 1 (Left's and Right's pieces). The
    /// identity is always there.
    pub fn stabiliser(&self, exchange: bool) -> SymmetrySet {
        let exchange = exchange && K >= 2;
        let symmetries: u8 = if self.rows == self.cols { 8 } else { 4 };
        let mut set = 0u16;
        for sym in 0..symmetries {
            let image = self.transform(sym);
            if image == *self {
                set |= 1 << (2 * sym);
            }
            if exchange && image.exchanged() == *self {
                set |= 1 << (2 * sym + 1);
            }
        }
        SymmetrySet(set)
    }

    /// Whether a symmetry other than the identity maps the board to
    /// itself (see [`BitBoard::stabiliser`]).
    pub fn has_symmetry(&self, exchange: bool) -> bool {
        self.stabiliser(exchange) != SymmetrySet::IDENTITY
    }

    /// The least image of the board under the symmetries of `group` (a
    /// group of symmetries keeping the board's shape, see
    /// [`SymmetrySet`]), and whether its value is the negative of the
    /// board's: an exchange of layers 0 and 1 negates, and with
    /// `transpose_negates` so does a transposing symmetry. Images are
    /// ordered as boards; among equal images the one of the lowest bit
    /// wins. A position and its images under `group` have the same least
    /// image, so the least image is a normal form for a search whose
    /// positions meet their images under `group` only (those of the
    /// root's stabiliser).
    pub fn least_image_in(&self, group: SymmetrySet, transpose_negates: bool) -> (Self, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        if rows * cols <= 64 && group.0 >> 8 == 0 {
            return self.least_flip_image64(group);
        }
        let mut best = (*self, false);
        // In the order of the bits: each symmetry alone, then with the
        // exchange.
        for sym in 0..8u8 {
            let (alone, exchanged) = (2 * sym, 2 * sym + 1);
            if group.0 >> alone & 3 == 0 {
                continue;
            }
            let image = self.transform(sym);
            let negates = transpose_negates && sym & 4 != 0;
            if sym != 0 && group.0 >> alone & 1 == 1 && image < best.0 {
                best = (image, negates);
            }
            if group.0 >> exchanged & 1 == 1 && image.exchanged() < best.0 {
                best = (image.exchanged(), !negates);
            }
        }
        best
    }

    /// [`BitBoard::least_image_in`] for a group without transposing
    /// symmetries on a board of at most 64 cells: the images of each layer
    /// made in words, compared as arrays of layers (one shape), and only
    /// the least made a board. Only the flips the group has are made (a
    /// search from a board whose one symmetry is a column flip makes two
    /// images of each layer, not four).
    fn least_flip_image64(&self, group: SymmetrySet) -> (Self, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        // A group of one symmetry besides the identity (a flip, alone or
        // with the exchange), as most symmetric roots have: the first
        // layers of the two boards nearly always differ, and then the
        // image's first layer alone decides, so the other layers are
        // imaged only when the image wins or ties.
        let others = group.0 & !1;
        if others.is_power_of_two() {
            let bit = others.trailing_zeros() as usize;
            let (j, exchange) = (bit / 2, bit % 2 == 1 && K >= 2);
            let image = |k: usize| {
                let k = match k {
                    0 | 1 if exchange => 1 - k,
                    _ => k,
                };
                word::flip_image64(self.layers[k] as u64, j, rows, cols)
            };
            if image(0) > self.layers[0] as u64 {
                return (*self, false);
            }
            let image: [u64; K] = std::array::from_fn(image);
            let own = self.layers.map(|l| l as u64);
            return if image < own {
                (Self::from_words(rows, cols, &image), exchange)
            } else {
                (*self, false)
            };
        }
        // images[j]: the layers under flip j (identity, row flip, column
        // flip, half turn), made for the flips the group has, alone or
        // with the exchange.
        let images: [[u64; K]; 4] = std::array::from_fn(|j| {
            if j == 0 || group.0 >> (2 * j) & 3 != 0 {
                self.layers
                    .map(|l| word::flip_image64(l as u64, j, rows, cols))
            } else {
                [0; K]
            }
        });
        let mut best = (images[0], false);
        for bit in 1..8 {
            if group.0 >> bit & 1 == 0 {
                continue;
            }
            let mut image = images[bit / 2];
            if bit % 2 == 1 && K >= 2 {
                image.swap(0, 1);
            }
            if image < best.0 {
                best = (image, bit % 2 == 1);
            }
        }
        (Self::from_words(rows, cols, &best.0), best.1)
    }

    /// Layers 0 and 1 exchanged (the board itself with fewer than two):
    /// Left's and Right's pieces, in the games that have both.
    pub fn exchanged(&self) -> Self {
        let mut out = *self;
        if K >= 2 {
            out.layers.swap(0, 1);
        }
        out
    }

    /// The images under the symmetries that can be least in the derived
    /// order, which compares the row count first: the 4 keeping the shape
    /// when there are fewer rows than columns, the 4 transposing ones when
    /// there are more, all 8 for a square. Each comes with its symmetry
    /// (as in [`BitBoard::transform`]); a transpose is computed once.
    pub fn candidate_images(&self) -> impl Iterator<Item = (u8, Self)> {
        let mut out = [(0u8, *self); 8];
        let mut n = 0;
        let mut four = |base: Self, transposed: bool| {
            // flip_rows then transpose is transpose then flip_cols, and
            // flip_cols is flip_rows then a half turn.
            let rows = base.flip_rows();
            let t = if transposed { 4 } else { 0 };
            let (r, c) = if transposed { (2, 1) } else { (1, 2) };
            out[n] = (t, base);
            out[n + 1] = (t | r, rows);
            out[n + 2] = (t | c, rows.half_turn());
            out[n + 3] = (t | 3, base.half_turn());
            n += 4;
        };
        if self.rows <= self.cols {
            four(*self, false);
        }
        if self.rows >= self.cols {
            four(self.transpose(), true);
        }
        out.into_iter().take(n)
    }

    /// The symmetries (as in [`BitBoard::transform`]) whose images can be
    /// least: those of [`BitBoard::candidate_images`].
    pub fn candidate_symmetries(&self) -> &'static [u8] {
        match self.rows.cmp(&self.cols) {
            std::cmp::Ordering::Less => &[0, 1, 2, 3],
            std::cmp::Ordering::Greater => &[4, 5, 6, 7],
            std::cmp::Ordering::Equal => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    /// The least image of the board, or of its image under `exchange` (a
    /// relabelling that negates the value, such as the colour swap), over
    /// the candidate symmetries that `allowed` keeps; with it, whether the
    /// image's value is the negative of this board's: it came through
    /// `exchange`, or (when `transpose_negates`, the transpose swapping the
    /// players) through a transposing symmetry, but not both.
    pub fn least_image(
        &self,
        allowed: impl Fn(u8) -> bool,
        exchange: Option<fn(&Self) -> Self>,
        transpose_negates: bool,
    ) -> (Self, bool) {
        let mut best: Option<(Self, bool)> = None;
        for (sym, image) in self.candidate_images().filter(|&(s, _)| allowed(s)) {
            let negated = transpose_negates && sym & 4 != 0;
            let mut consider = |b: Self, neg: bool| {
                if best.as_ref().is_none_or(|(least, _)| b < *least) {
                    best = Some((b, neg));
                }
            };
            consider(image, negated);
            if let Some(x) = exchange {
                consider(x(&image), !negated);
            }
        }
        best.unwrap_or((*self, false))
    }

    /// [`BitBoard::least_image`] over every candidate symmetry with no
    /// exchange: `least_image(|_| true, None, transpose_negates)`, the same
    /// board and flag (the first least image in the order of
    /// [`BitBoard::candidate_images`]). On a board of at most 64 cells the
    /// images are made layer by layer in words and compared as arrays of
    /// layers (the candidates all have one shape), and only the least is
    /// made a board.
    pub fn least_image_plain(&self, transpose_negates: bool) -> (Self, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        if rows * cols > 64 {
            return self.least_image(|_| true, None, transpose_negates);
        }
        // images[j][k]: layer k under candidate j.
        let mut images = [[0u64; K]; 8];
        let mut count = 0;
        if rows <= cols {
            for (k, &l) in self.layers.iter().enumerate() {
                for (j, x) in word::layer_images64(l as u64, rows, cols)
                    .into_iter()
                    .enumerate()
                {
                    images[j][k] = x;
                }
            }
            count = 4;
        }
        if rows >= cols {
            for (k, &l) in self.layers.iter().enumerate() {
                let base = word::transpose64(l as u64, rows, cols);
                for (j, x) in word::layer_images64(base, cols, rows)
                    .into_iter()
                    .enumerate()
                {
                    images[count + j][k] = x;
                }
            }
            count += 4;
        }
        let mut best = 0;
        for j in 1..count {
            if images[j] < images[best] {
                best = j;
            }
        }
        // The transposing candidates: all of them on a tall board, the
        // last four on a square one.
        let transposed = rows > cols || best >= 4;
        let (r, c) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        (
            Self::from_words(r, c, &images[best]),
            transpose_negates && transposed,
        )
    }

    /// The board of `rows` x `cols` cells (at most 64) whose layers are
    /// `words`.
    fn from_words(rows: usize, cols: usize, words: &[u64; K]) -> Self {
        BitBoard {
            rows: rows as u8,
            cols: cols as u8,
            layers: words.map(u128::from),
        }
    }

    /// [`BitBoard::least_image`] over every candidate symmetry with the
    /// exchange of layers 0 and 1 (Left's and Right's pieces) as the
    /// negating relabelling, found without building every image: the
    /// images of the first two layers decide the order unless two
    /// candidates tie on both, and only then are the other layers imaged.
    /// Same result as `least_image(|_| true, Some(swap), transpose_negates)`
    /// (the board itself; the negation flag may differ only between equal
    /// images, whose value is then 0).
    pub fn least_image_swapped(&self, transpose_negates: bool) -> (Self, bool) {
        if K < 2 {
            return self.least_image_plain(transpose_negates);
        }
        let (rows, cols) = (self.rows(), self.cols());
        if rows * cols <= 32 {
            return self.least_image_swapped32(transpose_negates);
        }
        // Candidates: (the images of the first two layers, image 0..4 of
        // the board or 4..8 of its transpose, exchanged).
        let mut keys = [((0u128, 0u128), 0usize, false); 16];
        let mut m = 0;
        let mut four = |a: u128, b: u128, r: usize, c: usize, base: usize| {
            let (xs, ys) = (layer_images_fast(a, r, c), layer_images_fast(b, r, c));
            for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
                keys[m] = ((x, y), base + i, false);
                keys[m + 1] = ((y, x), base + i, true);
                m += 2;
            }
        };
        let (l0, l1) = (self.layers[0], self.layers[1]);
        if rows <= cols {
            four(l0, l1, rows, cols, 0);
        }
        if rows >= cols {
            four(
                transpose_layer_fast(l0, rows, cols),
                transpose_layer_fast(l1, rows, cols),
                cols,
                rows,
                4,
            );
        }
        self.least_candidate(&keys[..m], |key| key, transpose_negates)
    }

    /// [`BitBoard::least_image_swapped`] on a board of at most 32 cells,
    /// in one word: an image of the first two layers, `x` and `y`, is the
    /// number `x << n | y` (n cells), ordered as the pair `(x, y)`, so that
    /// each candidate is one comparison.
    fn least_image_swapped32(&self, transpose_negates: bool) -> (Self, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        let (l0, l1) = (self.layers[0] as u64, self.layers[1] as u64);
        let mut keys = [(0u64, 0usize, false); 16];
        let mut m = 0;
        let mut four = |x: u64, y: u64, r: usize, c: usize, base: usize| {
            let (xs, ys) = (word::layer_images64(x, r, c), word::layer_images64(y, r, c));
            for (i, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
                keys[m] = (x << n | y, base + i, false);
                keys[m + 1] = (y << n | x, base + i, true);
                m += 2;
            }
        };
        if rows <= cols {
            four(l0, l1, rows, cols, 0);
        }
        if rows >= cols {
            let (x, y) = (
                word::transpose64(l0, rows, cols),
                word::transpose64(l1, rows, cols),
            );
            four(x, y, cols, rows, 4);
        }
        let mask = (1u64 << n) - 1;
        self.least_candidate(
            &keys[..m],
            |key| (u128::from(key >> n), u128::from(key & mask)),
            transpose_negates,
        )
    }

    /// The least image among `candidates` of [`BitBoard::least_image_swapped`]:
    /// `(key, image, exchanged)`, where keys order the candidates as the
    /// images of the first two layers they stand for (`layers` gives those
    /// two layers back), `image` is 0..4 among the images of the board
    /// (identity, row flip, column flip, half turn) or 4..8 among those of
    /// its transpose, and `exchanged` says that the two layers are
    /// exchanged. Candidates are in the order of the images, each before
    /// its exchange; among equal images the first wins. The other layers
    /// are imaged only for the candidates whose key is least, and only
    /// when they hold cells.
    fn least_candidate<Key: Copy + Ord>(
        &self,
        candidates: &[(Key, usize, bool)],
        layers: impl Fn(Key) -> (u128, u128),
        transpose_negates: bool,
    ) -> (Self, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        let build = |&(key, j, ex): &(Key, usize, bool)| {
            let t = j >= 4;
            let (r, c) = if t { (cols, rows) } else { (rows, cols) };
            let mut b = BitBoard {
                rows: r as u8,
                cols: c as u8,
                layers: [0u128; K],
            };
            (b.layers[0], b.layers[1]) = layers(key);
            // The other layers under the same symmetry.
            for k in 2..K {
                let l = self.layers[k];
                let base = if t {
                    transpose_layer_fast(l, rows, cols)
                } else {
                    l
                };
                b.layers[k] = layer_images_fast(base, r, c)[j % 4];
            }
            (b, (transpose_negates && t) != ex)
        };
        let Some(least) = candidates.iter().map(|c| c.0).min() else {
            return (*self, false);
        };
        let mut ties = candidates.iter().filter(|c| c.0 == least).map(build);
        let first = ties.next().unwrap_or((*self, false));
        if self.layers[2..].iter().all(|&l| l == 0) {
            // The first two layers decide (the others are empty).
            return first;
        }
        ties.fold(first, |a, b| if b.0 < a.0 { b } else { a })
    }

    /// The first cell of every row: one bit per row, at column 0.
    pub fn row_starts(&self) -> u128 {
        row_starts_of(self.rows(), self.cols())
    }

    /// The cells from which the step (dr, dc) stays on the board, and the
    /// shift of the bit index it makes (`dr * cols + dc`): a whole-layer
    /// move generator takes the pieces in the mask and shifts them.
    /// `starts` is [`Self::row_starts`] (found once for several steps).
    pub fn step_mask(&self, starts: u128, dr: i64, dc: i64) -> (u128, i64) {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        if dc.abs() >= cols || dr.abs() >= rows {
            return (0, 0);
        }
        let row = self.row_mask();
        let cols_ok = if dc >= 0 {
            row >> dc
        } else {
            (row << (-dc)) & row
        };
        // The rows from which the step stays on the board.
        let kept_rows = (rows - dr.abs()) as usize * cols as usize;
        let rows_ok = if dr >= 0 {
            low(kept_rows)
        } else {
            low(kept_rows) << (-dr * cols)
        };
        // A row pattern times the row starts repeats it on every row (the
        // copies do not overlap, so nothing carries).
        (cols_ok.wrapping_mul(starts) & rows_ok, dr * cols + dc)
    }

    /// The steps ±d for d in `dirs` that can be taken somewhere. The
    /// orthogonal steps (every game's regions but Clobber variants') are
    /// built directly from the row and column masks.
    fn steps(&self, dirs: &[Step]) -> Steps {
        let mut out = Steps {
            steps: [(0, 0); 16],
            len: 0,
            more: Vec::new(),
        };
        let starts = self.row_starts();
        if dirs == ORTHOGONAL {
            let (rows, cols) = (self.rows(), self.cols());
            let row = self.row_mask();
            if cols > 1 {
                out.push(((row >> 1).wrapping_mul(starts), 1));
                out.push(((row << 1 & row).wrapping_mul(starts), -1));
            }
            if rows > 1 {
                let kept = low((rows - 1) * cols);
                out.push((kept, cols as i64));
                out.push((kept << cols, -(cols as i64)));
            }
            return out;
        }
        for &(dr, dc) in dirs {
            for (a, b) in [(dr, dc), (-dr, -dc)] {
                let s = self.step_mask(starts, a, b);
                if s.0 != 0 && !out.iter().any(|t| *t == s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The cells of `within` connected to the cells of `seed` by the
    /// steps (a bit-parallel flood fill).
    fn fill(within: u128, seed: u128, steps: &Steps) -> u128 {
        if within >> 64 == 0 && steps.more.is_empty() {
            return Self::fill64(within as u64, seed as u64, steps).into();
        }
        let inline = &steps.steps[..steps.len];
        let mut seen = seed & within;
        loop {
            let mut next = seen;
            for &(ok, s) in inline {
                next |= shift(seen & ok, s);
            }
            for &(ok, s) in &steps.more {
                next |= shift(seen & ok, s);
            }
            next &= within;
            if next == seen {
                return seen;
            }
            seen = next;
        }
    }

    /// [`Self::fill`] on the low 64 cells (`within` has no other cells),
    /// with word-sized shifts: the boards of most searches are this small.
    fn fill64(within: u64, seed: u64, steps: &Steps) -> u64 {
        let mut moves = [(0u64, 0u32, false); 16];
        for (m, &(ok, s)) in moves.iter_mut().zip(&steps.steps[..steps.len]) {
            // A shift of 64 or more leaves nothing of a 64-cell board.
            *m = (ok as u64, s.unsigned_abs().min(63) as u32, s >= 0);
            if s.unsigned_abs() >= 64 {
                m.0 = 0;
            }
        }
        let moves = &moves[..steps.len];
        let mut seen = seed & within;
        loop {
            let mut next = seen;
            for &(ok, s, up) in moves {
                next |= if up {
                    (seen & ok) << s
                } else {
                    (seen & ok) >> s
                };
            }
            next &= within;
            if next == seen {
                return seen;
            }
            seen = next;
        }
    }

    /// The cells of `within` connected to bit `start` by steps of ±d for d
    /// in `dirs`.
    pub fn region(&self, within: u128, start: usize, dirs: &[Step]) -> u128 {
        Self::fill(within | 1 << start, 1 << start, &self.steps(dirs))
    }

    /// The regions of `within` (connected by ±`dirs`), in row-major order
    /// of their first cell.
    pub fn regions(&self, within: u128, dirs: &[Step]) -> Vec<u128> {
        let mut out = Vec::new();
        self.each_region(within, dirs, |r| out.push(r));
        out
    }

    /// Calls `f` on each region of [`BitBoard::regions`], in the same
    /// order, without collecting them. The orthogonal regions of a board of
    /// at most 64 cells are filled in words ([`Orthogonal64`]).
    pub fn each_region(&self, within: u128, dirs: &[Step], mut f: impl FnMut(u128)) {
        let (rows, cols) = (self.rows(), self.cols());
        if rows * cols <= 64 && within & !self.all() == 0 && dirs == ORTHOGONAL {
            let steps = Orthogonal64::new(rows, cols);
            let within = within as u64;
            let mut rest = within;
            while rest != 0 {
                let region = steps.fill(within, rest & rest.wrapping_neg());
                rest &= !region;
                f(region.into());
            }
            return;
        }
        self.each_region_general(within, dirs, f)
    }

    /// [`BitBoard::each_region`] by the general fill (any steps, any
    /// board).
    fn each_region_general(&self, within: u128, dirs: &[Step], mut f: impl FnMut(u128)) {
        let steps = self.steps(dirs);
        let mut rest = within;
        while rest != 0 {
            let region = Self::fill(within, rest & rest.wrapping_neg(), &steps);
            rest &= !region;
            f(region);
        }
    }

    /// The bounding box of a non-empty mask: (r0, r1, c0, c1), exclusive
    /// ends.
    pub fn bounds(&self, mask: u128) -> (usize, usize, usize, usize) {
        let cols = self.cols();
        if mask >> 64 == 0 && self.rows() * cols <= 64 {
            return word::bounds64(mask as u64, cols);
        }
        self.bounds_general(mask)
    }

    /// [`BitBoard::bounds`] on any board.
    fn bounds_general(&self, mask: u128) -> (usize, usize, usize, usize) {
        let cols = self.cols();
        if mask == 0 || cols == 0 {
            return (0, 0, 0, 0);
        }
        let (first, last) = (
            mask.trailing_zeros() as usize,
            127 - mask.leading_zeros() as usize,
        );
        let (r0, r1) = (first / cols, last / cols + 1);
        let row = self.row_mask();
        let mut columns = 0u128;
        for r in r0..r1 {
            columns |= mask >> (r * cols) & row;
        }
        let c0 = columns.trailing_zeros() as usize;
        let c1 = 128 - columns.leading_zeros() as usize;
        (r0, r1, c0, c1)
    }

    /// The sub-board of the bounding box of `mask` (non-empty), where the
    /// cells of `mask` keep their values and every other cell becomes
    /// `fill`.
    pub fn crop(&self, mask: u128, fill: u8) -> Self {
        let width = self.cols();
        if mask >> 64 == 0 && self.rows() * width <= 64 {
            let mask = mask as u64;
            let (r0, r1, c0, c1) = word::bounds64(mask, width);
            return BitBoard {
                rows: (r1 - r0) as u8,
                cols: (c1 - c0) as u8,
                layers: word::crop64(&self.layers, mask, (r0, r1, c0, c1), width, fill),
            };
        }
        self.crop_general(mask, fill)
    }

    /// [`BitBoard::crop`] on any board, row by row in `u128`.
    fn crop_general(&self, mask: u128, fill: u8) -> Self {
        let (r0, r1, c0, c1) = self.bounds_general(mask);
        let (rows, cols, width) = (r1 - r0, c1 - c0, self.cols());
        let mut box_mask = 0u128;
        let span = low(cols) << c0;
        for r in r0..r1 {
            box_mask |= span << (r * width);
        }
        let outside = box_mask & !mask;
        let mut out = BitBoard {
            rows: rows as u8,
            cols: cols as u8,
            layers: [0u128; K],
        };
        for (k, (&layer, dst)) in self.layers.iter().zip(out.layers.iter_mut()).enumerate() {
            let kept = layer & mask | if k + 1 == fill as usize { outside } else { 0 };
            if (rows, cols) == (self.rows(), width) {
                *dst = kept;
                continue;
            }
            let row = low(cols);
            for r in 0..rows {
                *dst |= (kept >> ((r + r0) * width + c0) & row) << (r * cols);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    //! The word-sized paths against the general `u128` ones they stand in
    //! for, on boards up to and beyond 64 cells.
    use super::*;
    use proptest::prelude::*;

    /// A board of up to 128 cells (often exactly 64 or just under or over)
    /// with cells of values 0..=2.
    fn board() -> impl Strategy<Value = BitBoard<2>> {
        let shape = prop_oneof![
            (1usize..=12, 1usize..=10),
            Just((1, 64)),
            Just((64, 1)),
            Just((8, 8)),
            Just((2, 32)),
            Just((1, 63)),
            Just((9, 7)),
            Just((5, 13)),
            Just((8, 16)),
        ];
        shape.prop_flat_map(|(rows, cols)| {
            prop::collection::vec(0u8..=2, rows * cols).prop_map(move |cells| {
                let g = Grid { rows, cols, cells };
                BitBoard::<2>::from_grid("T", &g).expect("at most 128 cells")
            })
        })
    }

    /// Two boards of one shape.
    fn two_boards() -> impl Strategy<Value = (BitBoard<2>, BitBoard<2>)> {
        board().prop_flat_map(|b| {
            let (rows, cols) = (b.rows(), b.cols());
            prop::collection::vec(0u8..=2, rows * cols).prop_map(move |cells| {
                let g = Grid { rows, cols, cells };
                let c = BitBoard::<2>::from_grid("T", &g).expect("at most 128 cells");
                (b, c)
            })
        })
    }

    /// Layer 0 alone, as a one-layer board.
    fn first_layer(b: &BitBoard<2>) -> BitBoard<1> {
        BitBoard {
            rows: b.rows,
            cols: b.cols,
            layers: [b.layers[0]],
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Orthogonal regions (each_region, regions) are those of the
        /// general fill, in the same order; so are their bounding boxes
        /// and crops.
        #[test]
        fn word_regions_and_crops_are_the_general_ones(b in board(), layer in 0usize..3, fill in 0u8..=2) {
            let within = if layer == 2 { b.empty() } else { b.layers[layer] };
            let mut general = Vec::new();
            b.each_region_general(within, &ORTHOGONAL, |r| general.push(r));
            prop_assert_eq!(b.regions(within, &ORTHOGONAL), general.clone());
            prop_assert_eq!(
                general.iter().fold(0, |a, r| a | r),
                within
            );
            for &r in &general {
                prop_assert_eq!(b.bounds(r), b.bounds_general(r));
                prop_assert_eq!(b.crop(r, fill), b.crop_general(r, fill));
            }
            // A mask that is not a region: every cell of the layer.
            if within != 0 {
                prop_assert_eq!(b.bounds(within), b.bounds_general(within));
                prop_assert_eq!(b.crop(within, fill), b.crop_general(within, fill));
            }
        }

        /// A board has a symmetry exactly when its images under the
        /// symmetries keeping its shape (with the exchange of the first two
        /// layers, when asked) are not all distinct: an orbit is smaller
        /// than the group only when a stabiliser is larger than the
        /// identity.
        #[test]
        fn symmetric_boards_have_fewer_images(b in board(), exchange in any::<bool>()) {
            // The board and its half turn laid over each other: a board the
            // half turn maps to itself.
            let mut turned = b;
            for (t, &l) in turned.layers.iter_mut().zip(&b.transform(3).layers) {
                *t |= l;
            }
            prop_assert!(turned.has_symmetry(exchange));
            prop_assert_eq!(
                turned.stabiliser(exchange).0 & 1 << 6,
                1 << 6,
                "the half turn is in the stabiliser"
            );
            for b in [b, turned] {
                let shape_keeping: u8 = if b.rows() == b.cols() { 8 } else { 4 };
                let mut images: Vec<BitBoard<2>> =
                    (0..shape_keeping).map(|s| b.transform(s)).collect();
                if exchange {
                    let swapped: Vec<BitBoard<2>> = images.iter().map(|i| i.exchanged()).collect();
                    images.extend(swapped);
                }
                let count = images.len();
                images.sort();
                images.dedup();
                prop_assert_eq!(b.has_symmetry(exchange), images.len() < count);
            }
        }

        /// The plain least image is the general least image with no
        /// exchange, flag included, on two layers and on one.
        #[test]
        fn plain_least_image_is_the_general_one(b in board(), transpose in any::<bool>()) {
            prop_assert_eq!(
                b.least_image_plain(transpose),
                b.least_image(|_| true, None, transpose)
            );
            let one = first_layer(&b);
            prop_assert_eq!(
                one.least_image_plain(transpose),
                one.least_image(|_| true, None, transpose)
            );
            prop_assert_eq!(
                one.least_image_swapped(transpose),
                one.least_image(|_| true, None, transpose)
            );
        }

        /// The least image under a group of symmetries (the stabiliser of a
        /// board laid over one of its images, and with `exchange` over its
        /// exchange too) is the least of the images under the group's
        /// elements, the lowest bit first among equal ones, with its flag;
        /// and every image of a board under the group has the same least
        /// image, with the flag of the image's own sign.
        #[test]
        fn least_images_in_a_group(
            (b, c) in two_boards(),
            sym in 0u8..8,
            exchange in any::<bool>(),
            transpose in any::<bool>(),
        ) {
            let shape_keeping: u8 = if b.rows() == b.cols() { 8 } else { 4 };
            let overlay = |x: BitBoard<2>, y: BitBoard<2>| {
                let mut out = x;
                for (o, &l) in out.layers.iter_mut().zip(&y.layers) {
                    *o |= l;
                }
                out
            };
            let mut source = overlay(b, b.transform(sym % shape_keeping));
            if exchange {
                source = overlay(source, source.exchanged());
            }
            let group = source.stabiliser(exchange);
            prop_assert!(group.0 & 1 == 1);
            // Each element of the group: its image of x, and whether it
            // negates.
            let elements = |x: &BitBoard<2>| {
                (0..16u8)
                    .filter(|&bit| group.0 >> bit & 1 == 1)
                    .map(|bit| {
                        let s = bit / 2;
                        let image = x.transform(s);
                        let negates = transpose && s & 4 != 0;
                        if bit % 2 == 1 {
                            (image.exchanged(), !negates)
                        } else {
                            (image, negates)
                        }
                    })
                    .collect::<Vec<_>>()
            };
            let mut least = (c, false);
            for (image, negates) in elements(&c) {
                if image < least.0 {
                    least = (image, negates);
                }
            }
            prop_assert_eq!(c.least_image_in(group, transpose), least);
            // The least image is fixed by a negating element only when its
            // value is 0, and then the flags may differ.
            let zero = elements(&least.0)
                .iter()
                .any(|&(image, negates)| negates && image == least.0);
            for (image, negates) in elements(&c) {
                let (rep, flag) = image.least_image_in(group, transpose);
                prop_assert_eq!(rep, least.0);
                if !zero {
                    prop_assert_eq!(flag ^ negates, least.1);
                }
            }
        }
    }

    /// Symmetric boards, where images tie: the first least image wins, as
    /// in the general path (the flag of a square board's identity, not of
    /// its transpose).
    #[test]
    fn ties_keep_the_first_least_image() {
        for s in [
            "...|...|...",
            "#..|...|..#",
            ".#.|###|.#.",
            "#.|.#",
            "..|..|..",
            "#.#.|....|#.#.",
        ] {
            let g = Grid::parse(s, ".#").expect("valid");
            let b = BitBoard::<1>::from_grid("T", &g).expect("fits");
            for t in [false, true] {
                assert_eq!(
                    b.least_image_plain(t),
                    b.least_image(|_| true, None, t),
                    "{s}"
                );
            }
        }
        let g = Grid::parse("...|...|...", ".#").expect("valid");
        let b = BitBoard::<1>::from_grid("T", &g).expect("fits");
        assert_eq!(b.least_image_plain(true), (b, false));
    }
}
