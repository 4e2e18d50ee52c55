//! The shared bitboards of the grid rulesets: symmetries, regions and
//! cropping against cell-by-cell definitions.

use onag_rules::boards::bitboard::BitBoard;
use onag_rules::boards::grid::Grid;
use proptest::prelude::*;

/// A grid of 1 to `side` rows and columns with cells of values 0..=`max`.
fn grid_of(side: usize, max: u8) -> impl Strategy<Value = Grid> {
    (1usize..=side, 1usize..=side).prop_flat_map(move |(rows, cols)| {
        prop::collection::vec(0u8..=max, rows * cols).prop_map(move |cells| Grid {
            rows,
            cols,
            cells,
        })
    })
}

/// A grid of up to 6 x 6 cells of values 0..=2.
fn grid() -> impl Strategy<Value = Grid> {
    grid_of(6, 2)
}

fn cell(b: &BitBoard<2>, r: usize, c: usize) -> u8 {
    b.get(r * b.cols() + c)
}

/// The regions of `within` by breadth-first search, cell by cell.
fn naive_regions(b: &BitBoard<2>, within: u128, dirs: &[(i64, i64)]) -> Vec<u128> {
    let mut rest = within;
    let mut out = vec![];
    while rest != 0 {
        let start = rest.trailing_zeros() as usize;
        let mut seen = 1u128 << start;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for &(dr, dc) in dirs {
                for (a, c) in [(dr, dc), (-dr, -dc)] {
                    if let Some(j) = b.step(i, a, c) {
                        if within >> j & 1 == 1 && seen >> j & 1 == 0 {
                            seen |= 1 << j;
                            stack.push(j);
                        }
                    }
                }
            }
        }
        rest &= !seen;
        out.push(seen);
    }
    out
}

#[test]
fn limits_and_errors() {
    assert!(BitBoard::<2>::from_grid("T", &Grid::empty(12, 11)).is_err());
    assert!(BitBoard::<2>::from_grid("T", &Grid::empty(8, 16)).is_ok());
    let bad = Grid {
        rows: 1,
        cols: 1,
        cells: vec![3],
    };
    assert!(BitBoard::<2>::from_grid("T", &bad).is_err());
    let b = BitBoard::<2>::from_grid("T", &Grid::parse("x.o|..x", ".xo").expect("valid"))
        .expect("fits");
    assert_eq!(b.board_string(".xo"), "x.o|..x");
    assert_eq!(b.transform(4).board_string(".xo"), "x.|..|ox");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every symmetry moves each cell where its definition says.
    #[test]
    fn transform_moves_cells(g in grid(), sym in 0u8..8) {
        let b = BitBoard::<2>::from_grid("T", &g).expect("fits");
        let t = b.transform(sym);
        let (rows, cols) = (b.rows(), b.cols());
        for r in 0..rows {
            for c in 0..cols {
                let (mut nr, mut nc) = (r, c);
                if sym & 1 != 0 { nr = rows - 1 - nr; }
                if sym & 2 != 0 { nc = cols - 1 - nc; }
                if sym & 4 != 0 { std::mem::swap(&mut nr, &mut nc); }
                prop_assert_eq!(cell(&t, nr, nc), cell(&b, r, c));
            }
        }
    }

    /// The flood fill finds the regions a cell-by-cell search finds.
    #[test]
    fn regions_match_search(g in grid(), which in 0usize..3) {
        let dirs: &[(i64, i64)] = match which {
            0 => &[(1, 0), (0, 1)],
            1 => &[(1, 0), (0, 1), (1, 1), (1, -1)],
            _ => &[(1, 2), (2, 1), (2, -1), (1, -2)],
        };
        let b = BitBoard::<2>::from_grid("T", &g).expect("fits");
        let within = b.occupied();
        prop_assert_eq!(b.regions(within, dirs), naive_regions(&b, within, dirs));
    }

    /// Cropping keeps the region's cells, fills the rest of its bounding box.
    #[test]
    fn crop_keeps_the_region(g in grid(), fill in 0u8..=2) {
        let b = BitBoard::<2>::from_grid("T", &g).expect("fits");
        for region in b.regions(b.occupied(), &[(1, 0), (0, 1)]) {
            let (r0, r1, c0, c1) = b.bounds(region);
            let c = b.crop(region, fill);
            prop_assert_eq!((c.rows(), c.cols()), (r1 - r0, c1 - c0));
            for r in r0..r1 {
                for col in c0..c1 {
                    let i = r * b.cols() + col;
                    let want = if region >> i & 1 == 1 { b.get(i) } else { fill };
                    prop_assert_eq!(cell(&c, r - r0, col - c0), want);
                }
            }
        }
    }

    /// The images of the normal form are the images of their symmetries,
    /// and the least image is the least of them (with the colour swap
    /// negating, and the transpose negating when asked).
    #[test]
    fn least_image_is_the_least_transform(g in grid(), swap in any::<bool>(), transpose in any::<bool>(), allowed in 1u8..=255) {
        let b = BitBoard::<2>::from_grid("T", &g).expect("fits");
        for (sym, image) in b.candidate_images() {
            prop_assert!(b.candidate_symmetries().contains(&sym));
            prop_assert_eq!(image, b.transform(sym));
        }
        let exchange = |x: &BitBoard<2>| BitBoard { layers: [x.layers[1], x.layers[0]], ..*x };
        let mut images = vec![];
        for &sym in b.candidate_symmetries().iter().filter(|&&s| allowed >> s & 1 == 1) {
            let t = b.transform(sym);
            let neg = transpose && sym & 4 != 0;
            images.push((t, neg));
            if swap {
                images.push((exchange(&t), !neg));
            }
        }
        let least = images.iter().map(|(t, _)| *t).min().unwrap_or(b);
        let ex: Option<fn(&BitBoard<2>) -> BitBoard<2>> = if swap { Some(|x| BitBoard { layers: [x.layers[1], x.layers[0]], ..*x }) } else { None };
        let (got, neg) = b.least_image(|s| allowed >> s & 1 == 1, ex, transpose);
        prop_assert_eq!(got, least);
        if !images.is_empty() {
            prop_assert!(images.contains(&(got, neg)));
        }
    }
}

/// A grid of up to 8 x 8 cells of values 0..=max.
fn grid_upto(max: u8) -> impl Strategy<Value = Grid> {
    grid_of(8, max)
}

proptest! {
    /// Packed keys tell boards apart exactly: equal keys for equal boards
    /// only (one, two and three layers), and a key whenever the planes fit
    /// in 112 bits.
    #[test]
    fn packed_keys_are_exact(a in grid_upto(3), b in grid_upto(3), c in grid_upto(1), d in grid_upto(1)) {
        let (a, b) = (BitBoard::<3>::from_grid("t", &a).unwrap(), BitBoard::<3>::from_grid("t", &b).unwrap());
        prop_assert_eq!(a.packed().is_some(), a.rows() * a.cols() <= 56);
        if let (Some(x), Some(y)) = (a.packed(), b.packed()) {
            prop_assert_eq!(x == y, a == b);
        }
        let (c, d) = (BitBoard::<1>::from_grid("t", &c).unwrap(), BitBoard::<1>::from_grid("t", &d).unwrap());
        prop_assert!(c.packed().is_some());
        prop_assert_eq!(c.packed() == d.packed(), c == d);
        // Boards one cell apart, of the same shape.
        let mut e = a;
        let i = a.rows() * a.cols() - 1;
        e.set(i, (a.get(i) + 1) % 4);
        if let (Some(x), Some(y)) = (a.packed(), e.packed()) {
            prop_assert_ne!(x, y);
        }
    }
}

proptest! {
    /// A packed key is the documented layout: below the shape in the top
    /// two bytes, plane j of n bits holds the cells whose value has bit j.
    /// Boards of up to 32 cells are packed in words, larger ones in a
    /// `u128`; both read back to the board.
    #[test]
    fn packed_keys_read_back(a in grid_upto(3)) {
        let b = BitBoard::<3>::from_grid("t", &a).unwrap();
        if let Some((low, high)) = b.packed() {
            let key = u128::from(high) << 64 | u128::from(low);
            let n = b.rows() * b.cols();
            prop_assert_eq!(key >> 112, (b.cols as u128) << 8 | b.rows as u128);
            prop_assert_eq!(key >> (2 * n) & ((1u128 << (112 - 2 * n)) - 1), 0);
            for i in 0..n {
                let value = (key >> i & 1) | (key >> (n + i) & 1) << 1;
                prop_assert_eq!(value as u8, b.get(i));
            }
        }
    }
}

#[test]
fn boards_too_large_to_pack() {
    let big = Grid {
        rows: 8,
        cols: 15,
        cells: vec![0; 120],
    };
    assert_eq!(BitBoard::<1>::from_grid("t", &big).unwrap().packed(), None);
    let fits = Grid {
        rows: 8,
        cols: 14,
        cells: vec![0; 112],
    };
    assert!(BitBoard::<1>::from_grid("t", &fits)
        .unwrap()
        .packed()
        .is_some());
    let konane = Grid {
        rows: 3,
        cols: 19,
        cells: vec![1; 57],
    };
    assert_eq!(
        BitBoard::<3>::from_grid("t", &konane).unwrap().packed(),
        None
    );
}

proptest! {
    /// The least image with the colour swap found from the first two
    /// layers is the least image over all 8 symmetries and the swap, with
    /// a negation flag that one of the images that equal it carries.
    #[test]
    fn least_image_swapped_is_the_least_image(
        // Up to 4 x 4, symmetric boards (ties between images) are common;
        // up to 11 x 11, boards past 64 cells take the general path.
        g in prop_oneof![grid_of(4, 3), grid_upto(3), grid_of(11, 3)],
        transpose in any::<bool>(),
    ) {
        let b = BitBoard::<3>::from_grid("T", &g).expect("fits");
        let swap: fn(&BitBoard<3>) -> BitBoard<3> = |x| BitBoard { layers: [x.layers[1], x.layers[0], x.layers[2]], ..*x };
        let mut images = vec![];
        for &sym in b.candidate_symmetries() {
            let t = b.transform(sym);
            let neg = transpose && sym & 4 != 0;
            images.push((t, neg));
            images.push((swap(&t), !neg));
        }
        let least = images.iter().map(|(t, _)| *t).min().expect("8 or 4 candidates");
        let (got, neg) = b.least_image_swapped(transpose);
        prop_assert_eq!(got, least);
        prop_assert!(images.contains(&(got, neg)));
        let (old, _) = b.least_image(|_| true, Some(swap), transpose);
        prop_assert_eq!(got, old);
    }
}
