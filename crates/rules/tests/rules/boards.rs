//! Random board strings for the property tests of the grid games, and the
//! colour swap `x` <-> `o`.

use proptest::prelude::*;

/// Boards of 1..=max_rows by 1..=max_cols cells, each drawn from `cells`
/// (repeat a character to make it likelier), rows joined by `|`.
pub fn board_strings(
    max_rows: usize,
    max_cols: usize,
    cells: Vec<char>,
) -> impl Strategy<Value = String> {
    (1..=max_rows, 1..=max_cols).prop_flat_map(move |(r, c)| {
        prop::collection::vec(prop::sample::select(cells.clone()), r * c).prop_map(move |cells| {
            let rows: Vec<String> = cells.chunks(c).map(|row| row.iter().collect()).collect();
            rows.join("|")
        })
    })
}

/// The board with Left's and Right's pieces exchanged.
pub fn swap_colours(s: &str) -> String {
    s.chars()
        .map(|ch| match ch {
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}
