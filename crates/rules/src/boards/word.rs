//! The word-sized paths of the bitboard (`super::bitboard`): on a board of
//! at most 64 cells every layer fits in one `u64`, so the orthogonal flood
//! fill, the bounding box, the crop and the images of a layer under the
//! symmetries of the rectangle are done in 64-bit words, with the masks
//! they need found once per call. Each computes exactly what the general
//! `u128` path computes (property tests in `bitboard.rs` compare them).

/// The low `n` bits of a word (all of them when `n >= 64`).
#[inline]
pub fn low64(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The first cell of every row of a `rows` x `cols` board (at most 64
/// cells): one bit per row, at column 0.
#[inline]
pub fn row_starts64(rows: usize, cols: usize) -> u64 {
    // Doubling: the starts of the first n rows, then of the first 2n (each
    // shift below the board's cells, at most 64; an empty board has none).
    let (mut starts, mut n) = (1u64, 1);
    while n < rows {
        starts |= starts << (n * cols);
        n *= 2;
    }
    starts & low64(rows * cols)
}

/// The orthogonal steps of a board of at most 64 cells: the cells with a
/// cell to their right, those with a cell to their left, and the row
/// length (the shift of a vertical step).
#[derive(Clone, Copy, Debug)]
pub struct Orthogonal64 {
    right: u64,
    left: u64,
    cols: u32,
}

impl Orthogonal64 {
    /// The steps of a `rows` x `cols` board of at most 64 cells.
    pub fn new(rows: usize, cols: usize) -> Self {
        let all = low64(rows * cols);
        let starts = row_starts64(rows, cols);
        let last = if cols == 0 { 0 } else { starts << (cols - 1) };
        Orthogonal64 {
            right: all & !last,
            left: all & !starts,
            cols: cols as u32,
        }
    }

    /// The cells of `within` (cells of the board) connected to the cells
    /// of `seed` by orthogonal steps. A vertical step leaves the board
    /// exactly when it leaves the low `rows * cols` bits, which `within`
    /// masks; a 1 x 64 board shifts by 64 = 0 (mod 64), adding nothing.
    #[inline]
    pub fn fill(&self, within: u64, seed: u64) -> u64 {
        let mut seen = seed & within;
        loop {
            let next = (seen
                | (seen & self.right) << 1
                | (seen & self.left) >> 1
                | seen.wrapping_shl(self.cols)
                | seen.wrapping_shr(self.cols))
                & within;
            if next == seen {
                return seen;
            }
            seen = next;
        }
    }
}

/// The bounding box (r0, r1, c0, c1), exclusive ends, of a non-empty mask
/// of a board `cols` wide of at most 64 cells: the columns are the rows
/// of the box folded onto one by doubling shifts.
#[inline]
pub fn bounds64(mask: u64, cols: usize) -> (usize, usize, usize, usize) {
    if mask == 0 || cols == 0 {
        return (0, 0, 0, 0);
    }
    let (first, last) = (
        mask.trailing_zeros() as usize,
        63 - mask.leading_zeros() as usize,
    );
    let (r0, r1) = (first / cols, last / cols + 1);
    let mut folded = mask >> (r0 * cols);
    let mut k = 1;
    while k < r1 - r0 {
        folded |= folded >> (k * cols);
        k *= 2;
    }
    let columns = folded & low64(cols);
    let c0 = columns.trailing_zeros() as usize;
    let c1 = 64 - columns.leading_zeros() as usize;
    (r0, r1, c0, c1)
}

/// The layers of the sub-board of the box (r0..r1, c0..c1) of a board
/// `width` wide (at most 64 cells): the cells of `mask` keep their layers,
/// the other cells of the box go to layer `fill - 1` (none when `fill` is
/// 0). Layer `k` of the result is `out[k]`.
pub fn crop64<const K: usize>(
    layers: &[u128; K],
    mask: u64,
    (r0, r1, c0, c1): (usize, usize, usize, usize),
    width: usize,
    fill: u8,
) -> [u128; K] {
    let (rows, cols) = (r1 - r0, c1 - c0);
    let mut out = [0u128; K];
    let row = low64(cols);
    let fill = fill as usize;
    if (c0, cols) == (0, width) {
        // Whole rows: one shift per layer.
        let (at, keep) = (r0 * width, low64(rows * cols));
        let m = mask >> at & keep;
        for (k, (&layer, dst)) in layers.iter().zip(out.iter_mut()).enumerate() {
            let l = (layer as u64) >> at & keep;
            let outside = if k + 1 == fill { keep & !m } else { 0 };
            *dst = (l & m | outside) as u128;
        }
        return out;
    }
    for r in 0..rows {
        let at = (r + r0) * width + c0;
        let m = mask >> at & row;
        for (k, (&layer, dst)) in layers.iter().zip(out.iter_mut()).enumerate() {
            let l = (layer as u64) >> at & row;
            let outside = if k + 1 == fill { row & !m } else { 0 };
            *dst |= ((l & m | outside) as u128) << (r * cols);
        }
    }
    out
}

/// Row r of a layer of `rows` x `cols` cells (at most 64) moved to row
/// `rows - 1 - r`.
#[inline]
pub fn flip_rows64(x: u64, rows: usize, cols: usize) -> u64 {
    let row = low64(cols);
    let mut out = 0;
    for r in 0..rows {
        out |= (x >> (r * cols) & row) << ((rows - 1 - r) * cols);
    }
    out
}

/// The half turn of a layer of `n` cells (1..=64): cell i moved to
/// `n - 1 - i`.
#[inline]
pub fn half_turn64(x: u64, n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - n)
    }
}

/// The transpose of a layer of `rows` x `cols` cells (at most 64): (r, c)
/// moved to (c, r) of a `cols` x `rows` layer. A layer of at most 8 rows
/// and 8 columns is spread to one row per byte, transposed as an 8x8 bit
/// matrix and gathered back; a longer one is moved cell by cell. An empty
/// layer (the blocked cells of most boards) is its own transpose.
pub fn transpose64(x: u64, rows: usize, cols: usize) -> u64 {
    if x == 0 {
        0
    } else if rows <= 8 && cols <= 8 {
        let row = low64(cols);
        let mut square = 0u64;
        for r in 0..rows {
            square |= (x >> (r * cols) & row) << (8 * r);
        }
        let square = transpose8x8(square);
        let column = low64(rows);
        let mut t = 0u64;
        for c in 0..cols {
            t |= (square >> (8 * c) & column) << (c * rows);
        }
        t
    } else {
        transpose_cells64(x, rows, cols)
    }
}

/// The transpose of an 8x8 bit matrix whose row r is byte r: bit 8r + c
/// moved to 8c + r, by three exchanges of blocks across the diagonal
/// (2x2 of bits, then of 2x2 blocks, then of 4x4 ones).
fn transpose8x8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^= t ^ (t << 28);
    x
}

/// [`transpose64`] cell by cell: those of the layer or of its complement,
/// whichever are fewer (the transpose of the whole board is the whole
/// board).
fn transpose_cells64(x: u64, rows: usize, cols: usize) -> u64 {
    let all = low64(rows * cols);
    let x = x & all;
    let complement = x.count_ones() * 2 > all.count_ones();
    let mut bits = if complement { all & !x } else { x };
    let mut t = 0u64;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (r, c) = (i / cols, i % cols);
        t |= 1 << (c * rows + r);
    }
    if complement {
        all & !t
    } else {
        t
    }
}

/// The image of a layer of `rows` x `cols` cells (at most 64) under flip
/// `j`: the identity (0), the row flip (1), the column flip (2) or the
/// half turn (3).
#[inline]
pub fn flip_image64(x: u64, j: usize, rows: usize, cols: usize) -> u64 {
    match j {
        _ if x == 0 => 0,
        0 => x,
        1 => flip_rows64(x, rows, cols),
        2 => flip_columns64(x, rows, cols),
        _ => half_turn64(x, rows * cols),
    }
}

/// Column c of a layer of `rows` x `cols` cells (at most 64) moved to
/// column `cols - 1 - c`: the columns exchanged two by two, from the
/// outside in, each pair by one delta swap of all its rows at once (fewer
/// steps than a bit reversal of the word and a flip of its rows, which the
/// baseline processor has no instruction for).
#[inline]
pub fn flip_columns64(x: u64, rows: usize, cols: usize) -> u64 {
    let starts = row_starts64(rows, cols);
    let mut out = x;
    for c in 0..cols / 2 {
        // Column c and column cols - 1 - c, `d` cells apart.
        let d = cols - 1 - 2 * c;
        let differ = (out >> d ^ out) & starts << c;
        out ^= differ | differ << d;
    }
    out
}

/// The images of a layer of `rows` x `cols` cells (at most 64) under the
/// identity, the row flip, the column flip and the half turn.
#[inline]
pub fn layer_images64(x: u64, rows: usize, cols: usize) -> [u64; 4] {
    if x == 0 {
        return [0; 4];
    }
    let n = rows * cols;
    let flipped = flip_rows64(x, rows, cols);
    [x, flipped, half_turn64(flipped, n), half_turn64(x, n)]
}

#[cfg(test)]
mod tests {
    use super::{
        flip_columns64, flip_rows64, half_turn64, low64, row_starts64, transpose64,
        transpose_cells64,
    };
    use proptest::prelude::*;

    /// Shapes of at most 64 cells (half of them at most 8 by 8), with a
    /// layer on them.
    fn layer() -> impl Strategy<Value = (u64, usize, usize)> {
        prop_oneof![(1usize..=8, 1usize..=8), (1usize..=64, 1usize..=64)]
            .prop_map(|(rows, cols)| (rows, cols.min(64 / rows)))
            .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), any::<u64>()))
            .prop_map(|(rows, cols, x)| (x & low64(rows * cols), rows, cols))
    }

    proptest! {
        /// The row starts in words are the general ones.
        #[test]
        fn row_starts_in_words((_, rows, cols) in layer()) {
            prop_assert_eq!(
                u128::from(row_starts64(rows, cols)),
                crate::boards::bitboard::row_starts_of(rows, cols)
            );
        }

        /// The column flip by delta swaps is the half turn of the row
        /// flip.
        #[test]
        fn columns_flip_by_delta_swaps((x, rows, cols) in layer()) {
            prop_assert_eq!(
                flip_columns64(x, rows, cols),
                half_turn64(flip_rows64(x, rows, cols), rows * cols)
            );
        }

        /// The transpose through an 8x8 bit matrix moves each cell as
        /// moving it alone does, and transposing back gives the layer.
        #[test]
        fn transposes_agree((x, rows, cols) in layer()) {
            let t = transpose64(x, rows, cols);
            let mut cells = 0u64;
            for i in 0..rows * cols {
                if x >> i & 1 == 1 {
                    cells |= 1 << ((i % cols) * rows + i / cols);
                }
            }
            prop_assert_eq!(t, cells);
            prop_assert_eq!(transpose_cells64(x, rows, cols), cells);
            prop_assert_eq!(transpose64(t, cols, rows), x);
        }
    }
}
