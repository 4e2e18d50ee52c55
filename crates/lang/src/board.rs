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
        let b = cell_value(boundary)?;
        let n = self.cells.len();
        let mut region = vec![usize::MAX; n];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for start in 0..n {
            if self.cells[start] == b || region[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut members = vec![start];
            region[start] = id;
            let mut next = 0;
            while let Some(&cell) = members.get(next) {
                next += 1;
                let (r, c) = ((cell / self.cols) as i64 + 1, (cell % self.cols) as i64 + 1);
                for &(dr, dc) in directions {
                    for (sr, sc) in [(dr, dc), (-dr, -dc)] {
                        if let Some(j) = self.index(r + sr, c + sc) {
                            if self.cells[j] != b && region[j] == usize::MAX {
                                region[j] = id;
                                members.push(j);
                            }
                        }
                    }
                }
            }
            regions.push(members);
        }
        if regions.len() == 1 {
            return Ok(vec![self.clone()]);
        }
        Ok(regions
            .iter()
            .enumerate()
            .map(|(id, members)| {
                let rows = members.iter().map(|&i| i / self.cols);
                let cols = members.iter().map(|&i| i % self.cols);
                let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
                let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
                let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
                let mut cells = vec![b; h * w];
                for &i in members {
                    let (r, c) = (i / self.cols, i % self.cols);
                    if region[i] == id {
                        cells[(r - r0) * w + (c - c0)] = self.cells[i];
                    }
                }
                Grid::from_cells(h, w, cells)
            })
            .collect())
    }

    /// The grid rotated or reflected by a symmetry.
    pub fn permuted(&self, s: Symmetry) -> Grid {
        let (rows, cols) = (self.rows, self.cols);
        let source = |r: usize, c: usize| {
            let r = if s.h { rows - 1 - r } else { r };
            let c = if s.v { cols - 1 - c } else { c };
            self.cells[r * cols + c]
        };
        if !s.t {
            let cells = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| source(r, c))
                .collect();
            return Grid::from_cells(rows, cols, cells);
        }
        let cells = (0..cols)
            .flat_map(|r| (0..rows).map(move |c| (r, c)))
            .map(|(r, c)| source(c, r))
            .collect();
        Grid::from_cells(cols, rows, cells)
    }

    /// CGSuite's representative under a list of symmetries: starting from
    /// the grid, each listed symmetry other than the identity, in order,
    /// permutes the best grid so far, keeping the result if it is smaller.
    pub fn symmetry_invariant(&self, symmetries: &[Symmetry]) -> Grid {
        let mut best = self.clone();
        for &s in symmetries.iter().filter(|s| !s.is_identity()) {
            let candidate = best.permuted(s);
            if candidate < best {
                best = candidate;
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
