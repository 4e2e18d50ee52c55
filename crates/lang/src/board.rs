//! Grids and strips of small integers as the language sees them
//! (`cgsuite.util.Grid`, `cgsuite.util.Strip`, SCRIPTING 7.3-7.5): cell
//! values -128..127, 1-based coordinates, and the operations user-defined
//! games are written with. Built-in rulesets receive them converted to the
//! rules crate's boards.

use crate::error::{ErrorKind, EvalError, EvalResult};
use std::fmt;

/// The error for a cell value outside -128..127.
fn value_range(v: i64) -> EvalError {
    EvalError::of(
        ErrorKind::Index,
        format!("Value is out of range (must satisfy -128 <= x <= 127): {v}"),
    )
}

/// A cell value, checked to fit -128..127.
pub fn cell_value(v: i64) -> EvalResult<i8> {
    i8::try_from(v).map_err(|_| value_range(v))
}

/// The eight symmetries of a rectangle (SCRIPTING 7.5), as the three flags
/// applied in order: reverse the rows (H), reverse the columns (V), then
/// transpose (T).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Reverse the row order.
    pub h: bool,
    /// Reverse the column order.
    pub v: bool,
    /// Transpose.
    pub t: bool,
}

impl Symmetry {
    /// The symmetry of an element of the enum `Symmetry`, by its name.
    pub fn named(name: &str) -> Option<Symmetry> {
        let (h, v, t) = match name {
            "Identity" => (false, false, false),
            "Inversion" => (true, true, false),
            "HorizontalFlip" => (true, false, false),
            "VerticalFlip" => (false, true, false),
            "Transpose" => (false, false, true),
            "AntiTranspose" => (true, true, true),
            "ClockwiseRotation" => (false, true, true),
            "AnticlockwiseRotation" => (true, false, true),
            _ => return None,
        };
        Some(Symmetry { h, v, t })
    }

    /// True for the identity.
    pub fn is_identity(self) -> bool {
        !(self.h || self.v || self.t)
    }
}

/// A rectangle of small integers, rows 1..RowCount, columns 1..ColCount.
/// The derived order is CGSuite's: fewer rows first, then fewer columns,
/// then the cells in row-major order as signed numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Cells,
}

/// The cells of a grid, row by row: boards of up to 24 cells (the common
/// ones) are kept beside the grid, so a changed copy is one allocation.
type Cells = smallvec::SmallVec<[i8; 24]>;

/// A step of a flood fill over a grid's cells: the first and last (excluded)
/// rows, the first and last (excluded) columns it can start from, and the
/// offset it adds to a cell's index.
type FloodStep = (usize, usize, usize, usize, isize);

/// The step (dr, dc) on a `rows` x `cols` grid as a [`FloodStep`], or None
/// when it is longer than the grid (it never applies).
fn flood_step(dr: i64, dc: i64, rows: usize, cols: usize) -> Option<FloodStep> {
    let ar = usize::try_from(dr.unsigned_abs()).ok()?;
    let ac = usize::try_from(dc.unsigned_abs()).ok()?;
    if ar >= rows || ac >= cols {
        return None;
    }
    let (r0, r1) = if dr < 0 { (ar, rows) } else { (0, rows - ar) };
    let (c0, c1) = if dc < 0 { (ac, cols) } else { (0, cols - ac) };
    // |dr| < rows and |dc| < cols, so the offset stays within the grid.
    let offset = dr as isize * cols as isize + dc as isize;
    Some((r0, r1, c0, c1, offset))
}

/// The largest number of cells a grid or strip may have.
pub const MAX_CELLS: usize = 1 << 24;

impl Grid {
    /// `Grid.Empty(rows, cols)`: all zeros; 0 x 0 if either is 0.
    pub fn empty(rows: i64, cols: i64) -> EvalResult<Grid> {
        let bad =
            |what: &str, n: i64| EvalError::of(ErrorKind::Domain, format!("Invalid {what}: {n}"));
        let r = usize::try_from(rows).map_err(|_| bad("RowCount", rows))?;
        let c = usize::try_from(cols).map_err(|_| bad("ColCount", cols))?;
        if r == 0 || c == 0 {
            return Ok(Grid::from_cells(0, 0, Vec::new()));
        }
        let n = r
            .checked_mul(c)
            .filter(|&n| n <= MAX_CELLS)
            .ok_or_else(|| {
                EvalError::of(
                    ErrorKind::ResourceLimit,
                    format!("A grid has at most {MAX_CELLS} cells: {rows} x {cols}"),
                )
            })?;
        Ok(Grid::from_cells(r, c, vec![0; n]))
    }

    fn from_cells(rows: usize, cols: usize, cells: Vec<i8>) -> Grid {
        Grid {
            rows,
            cols,
            cells: Cells::from_vec(cells),
        }
    }

    /// `Grid.Parse(str, charMap)`: rows separated by `|`, each character
    /// (lower-cased) looked up in `charMap`.
    pub fn parse(text: &str, charmap: &str) -> EvalResult<Grid> {
        let g = onag_rules::boards::grid::Grid::parse(text, charmap)
            .map_err(|e| EvalError::of(ErrorKind::Domain, e.into_message()))?;
        let cells = g
            .cells
            .iter()
            .map(|&c| i8::try_from(c).map_err(|_| value_range(i64::from(c))))
            .collect::<EvalResult<Vec<i8>>>()?;
        Ok(Grid::from_cells(g.rows, g.cols, cells))
    }

    /// Number of rows.
    pub fn row_count(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn col_count(&self) -> usize {
        self.cols
    }

    fn index(&self, row: i64, col: i64) -> Option<usize> {
        let r = usize::try_from(row.checked_sub(1)?).ok()?;
        let c = usize::try_from(col.checked_sub(1)?).ok()?;
        (r < self.rows && c < self.cols).then(|| r * self.cols + c)
    }

    /// The value at (row, col), None out of bounds.
    pub fn get(&self, row: i64, col: i64) -> Option<i8> {
        self.index(row, col)
            .and_then(|i| self.cells.get(i).copied())
    }

    /// Whether (row, col) is on the grid.
    pub fn in_bounds(&self, row: i64, col: i64) -> bool {
        self.index(row, col).is_some()
    }

    /// The coordinates holding `value`, row by row.
    pub fn find_all(&self, value: i64) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for (i, &c) in self.cells.iter().enumerate() {
            if i64::from(c) == value {
                out.push(((i / self.cols) as i64 + 1, (i % self.cols) as i64 + 1));
            }
        }
        out
    }

    /// A copy with the given cells changed.
    pub fn updated(&self, changes: &[((i64, i64), i64)]) -> EvalResult<Grid> {
        let mut g = self.clone();
        for &((r, c), v) in changes {
            let i = self.index(r, c).ok_or_else(|| {
                EvalError::of(
                    ErrorKind::Index,
                    format!("Coordinate is out of bounds: ({r},{c})"),
                )
            })?;
            let v = cell_value(v)?;
            if let Some(cell) = g.cells.get_mut(i) {
                *cell = v;
            }
        }
        Ok(g)
    }

    /// The rectangle between two corners, inclusive, clipped to the grid.
    pub fn subgrid(&self, (r1, c1): (i64, i64), (r2, c2): (i64, i64)) -> Grid {
        let (r1, r2) = (r1.max(1), r2.min(self.rows as i64));
        let (c1, c2) = (c1.max(1), c2.min(self.cols as i64));
        if r1 > r2 || c1 > c2 {
            return Grid::from_cells(0, 0, Vec::new());
        }
        let (rows, cols) = ((r2 - r1 + 1) as usize, (c2 - c1 + 1) as usize);
        let mut cells = Vec::with_capacity(rows * cols);
        for r in r1..=r2 {
            for c in c1..=c2 {
                cells.push(self.get(r, c).unwrap_or(0));
            }
        }
        Grid::from_cells(rows, cols, cells)
    }

    /// The connected regions of cells other than `boundary` (adjacent along
    /// `directions` and their negatives), each cropped to its bounding box
    /// with the cells outside the region set to `boundary`, numbered by
    /// their first cell in row-major order. No region gives `[]`; exactly
    /// one region gives the grid itself, uncropped (CGSuite's rule).
    pub fn decomposition(&self, boundary: i64, directions: &[(i64, i64)]) -> EvalResult<Vec<Grid>> {
        const NONE: u32 = u32::MAX;
        let b = cell_value(boundary)?;
        let cells: &[i8] = &self.cells;
        let n = cells.len();
        let (rows, cols) = (self.rows, self.cols);
        // Each step ±(dr, dc) once; a step longer than the grid never applies.
        let mut steps: smallvec::SmallVec<[FloodStep; 8]> = smallvec::SmallVec::new();
        for &(dr, dc) in directions {
            for (dr, dc) in [(dr, dc), (dr.saturating_neg(), dc.saturating_neg())] {
                if let Some(step) = flood_step(dr, dc, rows, cols) {
                    if !steps.contains(&step) {
                        steps.push(step);
                    }
                }
            }
        }
        // Regions are numbered in the order of their first cell (row-major);
        // grids have at most MAX_CELLS cells, so a number fits in a u32.
        let mut labels: smallvec::SmallVec<[u32; 32]> = smallvec::smallvec![NONE; n];
        let region: &mut [u32] = &mut labels;
        let mut stack: smallvec::SmallVec<[usize; 32]> = smallvec::SmallVec::new();
        let mut count = 0u32;
        for start in 0..n {
            if cells[start] == b || region[start] != NONE {
                continue;
            }
            region[start] = count;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                let (r, c) = (cell / cols, cell % cols);
                for &(r0, r1, c0, c1, offset) in &steps {
                    if r < r0 || r >= r1 || c < c0 || c >= c1 {
                        continue;
                    }
                    let j = cell.wrapping_add_signed(offset);
                    if cells[j] != b && region[j] == NONE {
                        region[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        let region: &[u32] = region;
        if count == 1 {
            return Ok(vec![self.clone()]);
        }
        // Each region's bounding box: first and last row, first and last column.
        let mut boxes = vec![(usize::MAX, 0, usize::MAX, 0); count as usize];
        for (i, &id) in region.iter().enumerate() {
            if let Some(bx) = boxes.get_mut(id as usize) {
                let (r, c) = (i / self.cols, i % self.cols);
                *bx = (bx.0.min(r), bx.1.max(r), bx.2.min(c), bx.3.max(c));
            }
        }
        Ok(boxes
            .iter()
            .zip(0u32..)
            .map(|(&(r0, r1, c0, c1), id)| {
                let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
                let mut cells: Cells = smallvec::smallvec![b; h * w];
                for r in r0..=r1 {
                    for c in c0..=c1 {
                        let i = r * self.cols + c;
                        if region[i] == id {
                            cells[(r - r0) * w + (c - c0)] = self.cells[i];
                        }
                    }
                }
                Grid {
                    rows: h,
                    cols: w,
                    cells,
                }
            })
            .collect())
    }

    /// The number of rows and columns of the grid's image under `s`.
    fn image_size(&self, s: Symmetry) -> (usize, usize) {
        if s.t {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    /// The index of the cell that lands at (row, col) (from 0) of the
    /// grid's image under `s`: transposing last, the image's (row, col)
    /// comes from (col, row) of the flipped grid.
    fn image_source(&self, s: Symmetry, row: usize, col: usize) -> usize {
        let (r, c) = if s.t { (col, row) } else { (row, col) };
        let r = if s.h { self.rows - 1 - r } else { r };
        let c = if s.v { self.cols - 1 - c } else { c };
        r * self.cols + c
    }

    /// The grid rotated or reflected by a symmetry.
    pub fn permuted(&self, s: Symmetry) -> Grid {
        let (rows, cols) = self.image_size(s);
        let cells = (0..rows * cols)
            .map(|k| self.cells[self.image_source(s, k / cols, k % cols)])
            .collect();
        Grid { rows, cols, cells }
    }

    /// How the grid's image under `s` compares with `other` in the order
    /// of grids, without making the image.
    fn image_cmp(&self, s: Symmetry, other: &Grid) -> std::cmp::Ordering {
        let (rows, cols) = self.image_size(s);
        (rows, cols).cmp(&(other.rows, other.cols)).then_with(|| {
            (0..rows * cols)
                .map(|k| self.cells[self.image_source(s, k / cols, k % cols)].cmp(&other.cells[k]))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// CGSuite's representative under a list of symmetries: starting from
    /// the grid, each listed symmetry other than the identity, in order,
    /// permutes the best grid so far, keeping the result if it is smaller.
    /// An image is made only when it is kept.
    pub fn symmetry_invariant(&self, symmetries: &[Symmetry]) -> Grid {
        let mut best = self.clone();
        for &s in symmetries.iter().filter(|s| !s.is_identity()) {
            if best.image_cmp(s, &best).is_lt() {
                best = best.permuted(s);
            }
        }
        best
    }

    /// The grid written with `charmap`, rows joined by `|`.
    pub fn to_string_with(&self, charmap: &str) -> String {
        let map: Vec<char> = charmap.chars().collect();
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..self.rows {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols {
                let v = self.cells[r * self.cols + c];
                s.push(
                    usize::try_from(v)
                        .ok()
                        .and_then(|i| map.get(i))
                        .copied()
                        .unwrap_or('?'),
                );
            }
        }
        s
    }

    /// The grid for a built-in ruleset (cell values must be 0..127).
    pub fn to_object(&self) -> EvalResult<onag_rules::boards::grid::Grid> {
        let cells = self
            .cells
            .iter()
            .map(|&c| u8::try_from(c).map_err(|_| value_range(i64::from(c))))
            .collect::<EvalResult<Vec<u8>>>()?;
        Ok(onag_rules::boards::grid::Grid {
            rows: self.rows,
            cols: self.cols,
            cells,
        })
    }

    /// A grid from a built-in ruleset's board.
    pub fn from_rules(g: &onag_rules::boards::grid::Grid) -> Grid {
        let cells = g.cells.iter().map(|&c| c.min(127) as i8).collect();
        Grid::from_cells(g.rows, g.cols, cells)
    }
}

impl fmt::Display for Grid {
    /// `Grid([[0,1],[2,0]])`; the empty grid is `Grid([])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Grid([")?;
        for r in 0..self.rows {
            if r > 0 {
                f.write_str(",")?;
            }
            f.write_str("[")?;
            for c in 0..self.cols {
                if c > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.cells[r * self.cols + c])?;
            }
            f.write_str("]")?;
        }
        f.write_str("])")
    }
}

/// A row of small integers, positions 1..Length.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    cells: Vec<i8>,
}

impl Strip {
    /// `Strip.Empty(n)`.
    pub fn empty(n: i64) -> EvalResult<Strip> {
        let n = usize::try_from(n)
            .map_err(|_| EvalError::of(ErrorKind::Domain, format!("Invalid Length: {n}")))?;
        if n > MAX_CELLS {
            return Err(EvalError::of(
                ErrorKind::ResourceLimit,
                format!("A strip has at most {MAX_CELLS} cells: {n}"),
            ));
        }
        Ok(Strip { cells: vec![0; n] })
    }

    /// `Strip.Parse(str, charMap)`.
    pub fn parse(text: &str, charmap: &str) -> EvalResult<Strip> {
        let s = onag_rules::boards::strip::Strip::parse(text, charmap)
            .map_err(|e| EvalError::of(ErrorKind::Domain, e.into_message()))?;
        let cells = s
            .cells
            .iter()
            .map(|&c| i8::try_from(c).map_err(|_| value_range(i64::from(c))))
            .collect::<EvalResult<Vec<i8>>>()?;
        Ok(Strip { cells })
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for the empty strip.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    fn index(&self, i: i64) -> Option<usize> {
        usize::try_from(i.checked_sub(1)?)
            .ok()
            .filter(|&k| k < self.cells.len())
    }

    /// The value at position `i`, None out of bounds.
    pub fn get(&self, i: i64) -> Option<i8> {
        self.index(i).map(|k| self.cells[k])
    }

    /// The positions holding `value`, ascending.
    pub fn find_all(&self, value: i64) -> Vec<i64> {
        (0..self.cells.len())
            .filter(|&k| i64::from(self.cells[k]) == value)
            .map(|k| k as i64 + 1)
            .collect()
    }

    /// A copy with the given cells changed.
    pub fn updated(&self, changes: &[(i64, i64)]) -> EvalResult<Strip> {
        let mut s = self.clone();
        for &(i, v) in changes {
            let k = self.index(i).ok_or_else(|| {
                EvalError::of(ErrorKind::Index, format!("Index is out of bounds: {i}"))
            })?;
            s.cells[k] = cell_value(v)?;
        }
        Ok(s)
    }

    /// Cells `first..last` set to `value`, clipped to the strip.
    pub fn updated_range(&self, first: i64, last: i64, value: i64) -> EvalResult<Strip> {
        let v = cell_value(value)?;
        let mut s = self.clone();
        let len = self.cells.len() as i64;
        for i in first.max(1)..=last.min(len) {
            if let Some(k) = self.index(i) {
                s.cells[k] = v;
            }
        }
        Ok(s)
    }

    /// Cells `first..last` (empty when `first > last`), clipped.
    pub fn substrip(&self, first: i64, last: i64) -> Strip {
        let len = self.cells.len() as i64;
        let (a, b) = (first.max(1), last.min(len));
        if a > b {
            return Strip { cells: Vec::new() };
        }
        Strip {
            cells: self.cells[(a - 1) as usize..b as usize].to_vec(),
        }
    }

    /// The maximal runs of cells other than `boundary`, left to right.
    pub fn decomposition(&self, boundary: i64) -> EvalResult<Vec<Strip>> {
        let b = cell_value(boundary)?;
        Ok(self
            .cells
            .split(|&c| c == b)
            .filter(|run| !run.is_empty())
            .map(|run| Strip {
                cells: run.to_vec(),
            })
            .collect())
    }

    /// The strip written with `charmap`.
    pub fn to_string_with(&self, charmap: &str) -> String {
        let map: Vec<char> = charmap.chars().collect();
        self.cells
            .iter()
            .map(|&v| {
                usize::try_from(v)
                    .ok()
                    .and_then(|i| map.get(i))
                    .copied()
                    .unwrap_or('?')
            })
            .collect()
    }

    /// The strip for a built-in ruleset (cell values must be 0..127).
    pub fn to_object(&self) -> EvalResult<onag_rules::boards::strip::Strip> {
        let cells = self
            .cells
            .iter()
            .map(|&c| u8::try_from(c).map_err(|_| value_range(i64::from(c))))
            .collect::<EvalResult<Vec<u8>>>()?;
        Ok(onag_rules::boards::strip::Strip { cells })
    }

    /// A strip from a built-in ruleset's board.
    pub fn from_rules(s: &onag_rules::boards::strip::Strip) -> Strip {
        Strip {
            cells: s.cells.iter().map(|&c| c.min(127) as i8).collect(),
        }
    }
}

impl fmt::Display for Strip {
    /// `Strip([0,1,2])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Strip([")?;
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("])")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALL: [&str; 8] = [
        "Identity",
        "Inversion",
        "HorizontalFlip",
        "VerticalFlip",
        "Transpose",
        "AntiTranspose",
        "ClockwiseRotation",
        "AnticlockwiseRotation",
    ];

    fn grid() -> impl Strategy<Value = Grid> {
        (1usize..=5, 1usize..=5).prop_flat_map(|(r, c)| {
            proptest::collection::vec(0i8..3, r * c).prop_map(move |v| Grid::from_cells(r, c, v))
        })
    }

    fn rows_of(g: &Grid) -> Vec<Vec<i8>> {
        g.cells.chunks(g.cols).map(|r| r.to_vec()).collect()
    }

    /// The image by the definition (SCRIPTING 7.5): reverse the rows, then
    /// the columns, then transpose, on nested rows.
    fn image_by_definition(g: &Grid, s: Symmetry) -> Grid {
        let mut m = rows_of(g);
        if s.h {
            m.reverse();
        }
        if s.v {
            m.iter_mut().for_each(|r| r.reverse());
        }
        if s.t {
            m = (0..g.cols)
                .map(|c| m.iter().map(|r| r[c]).collect())
                .collect();
        }
        let (rows, cols) = (m.len(), m[0].len());
        Grid::from_cells(rows, cols, m.concat())
    }

    /// The regions by repeated flood fill over nested rows, as sets of
    /// (row, col), in the order of their first cell.
    fn regions_by_definition(g: &Grid, b: i8, dirs: &[(i64, i64)]) -> Vec<Vec<(usize, usize)>> {
        let m = rows_of(g);
        let mut seen = vec![vec![false; g.cols]; g.rows];
        let mut out = Vec::new();
        for r in 0..g.rows {
            for c in 0..g.cols {
                if m[r][c] == b || seen[r][c] {
                    continue;
                }
                let mut todo = vec![(r, c)];
                let mut region = Vec::new();
                seen[r][c] = true;
                while let Some((y, x)) = todo.pop() {
                    region.push((y, x));
                    for &(dr, dc) in dirs {
                        for (sr, sc) in [(dr, dc), (-dr, -dc)] {
                            let (ny, nx) = (y as i64 + sr, x as i64 + sc);
                            if ny < 0 || nx < 0 || ny >= g.rows as i64 || nx >= g.cols as i64 {
                                continue;
                            }
                            let (ny, nx) = (ny as usize, nx as usize);
                            if m[ny][nx] != b && !seen[ny][nx] {
                                seen[ny][nx] = true;
                                todo.push((ny, nx));
                            }
                        }
                    }
                }
                region.sort();
                out.push(region);
            }
        }
        out
    }

    proptest! {
        /// Images, their comparison and the representative agree with the
        /// definition: every image made and compared in full.
        #[test]
        fn images_and_representatives(g in grid(), picks in proptest::collection::vec(0usize..8, 0..6)) {
            let list: Vec<Symmetry> = picks.iter().map(|&i| Symmetry::named(ALL[i]).unwrap()).collect();
            for &s in &list {
                prop_assert_eq!(g.permuted(s), image_by_definition(&g, s));
            }
            let mut best = g.clone();
            for &s in list.iter().filter(|s| !s.is_identity()) {
                let candidate = image_by_definition(&best, s);
                prop_assert_eq!(best.image_cmp(s, &best), candidate.cmp(&best));
                if candidate < best {
                    best = candidate;
                }
            }
            prop_assert_eq!(g.symmetry_invariant(&list), best);
        }

        /// The regions are those of a flood fill, in order, each cropped
        /// to its bounding box with the other cells set to the boundary;
        /// one region gives the grid itself.
        #[test]
        fn regions(g in grid(), b in 0i8..3, diagonals in any::<bool>()) {
            let dirs: &[(i64, i64)] = if diagonals {
                &[(1, 0), (0, 1), (1, 1), (1, -1)]
            } else {
                &[(1, 0), (0, 1)]
            };
            let parts = g.decomposition(i64::from(b), dirs).unwrap();
            let expected = regions_by_definition(&g, b, dirs);
            prop_assert_eq!(parts.len(), expected.len());
            if expected.len() == 1 {
                prop_assert_eq!(&parts[0], &g);
                return Ok(());
            }
            for (part, region) in parts.iter().zip(&expected) {
                let r0 = region.iter().map(|p| p.0).min().unwrap();
                let c0 = region.iter().map(|p| p.1).min().unwrap();
                let h = region.iter().map(|p| p.0).max().unwrap() - r0 + 1;
                let w = region.iter().map(|p| p.1).max().unwrap() - c0 + 1;
                let mut cells = vec![b; h * w];
                for &(r, c) in region {
                    cells[(r - r0) * w + (c - c0)] = g.cells[r * g.cols + c];
                }
                prop_assert_eq!(part, &Grid::from_cells(h, w, cells));
            }
        }
    }
}
