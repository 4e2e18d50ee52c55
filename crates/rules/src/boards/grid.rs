//! Rectangular boards written as strings of rows separated by `|`
//! (docs/RULESETS.md 1.1).

use crate::framework::{Arg, Args, Object, RuleError, RuleResult};
use std::any::Any;

/// A board of small cell values, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The cell values, row by row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// An r x c board of zeros (`Grid.Empty(r, c)`); 0 x 0 if either is 0.
    pub fn empty(rows: usize, cols: usize) -> Grid {
        if rows == 0 || cols == 0 {
            return Grid {
                rows: 0,
                cols: 0,
                cells: vec![],
            };
        }
        Grid {
            rows,
            cols,
            cells: vec![0; rows * cols],
        }
    }

    /// Parse rows separated by `|`, each character lower-cased and looked
    /// up in `charmap` (its index is the cell value). As in CGSuite,
    /// trailing empty rows are dropped, all rows must have equal length,
    /// and the length check comes before the character check.
    pub fn parse(s: &str, charmap: &str) -> RuleResult<Grid> {
        let mut rows: Vec<&str> = s.split('|').collect();
        while rows.len() > 1 && rows.last().is_some_and(|r| r.is_empty()) {
            rows.pop();
        }
        if rows.len() == 1 && rows[0].is_empty() && s.contains('|') {
            rows.clear();
        }
        let widths: Vec<usize> = rows.iter().map(|r| r.chars().count()).collect();
        if widths.windows(2).any(|w| w[0] != w[1]) {
            return Err(RuleError::bad_position(
                "All rows of the position must have equal length.",
            ));
        }
        let map: Vec<char> = charmap.chars().collect();
        let mut cells = Vec::with_capacity(widths.iter().sum());
        for row in &rows {
            for ch in row.chars() {
                let lower = ch.to_lowercase().next().unwrap_or(ch);
                let Some(v) = map.iter().position(|&m| m == lower) else {
                    return Err(RuleError::bad_position(format!(
                        "The position may only contain the following characters: {charmap}"
                    )));
                };
                cells.push(v as u8);
            }
        }
        let cols = widths.first().copied().unwrap_or(0);
        let rows_n = if cols == 0 { 0 } else { rows.len() };
        Ok(Grid {
            rows: rows_n,
            cols,
            cells,
        })
    }

    /// The value of cell (r, c).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The board as a string with `charmap`.
    pub fn to_string_with(&self, charmap: &str) -> String {
        let map: Vec<char> = charmap.chars().collect();
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..self.rows {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols {
                s.push(map.get(self.get(r, c) as usize).copied().unwrap_or('?'));
            }
        }
        s
    }
}

impl Grid {
    /// The board given to a grid ruleset: a string in `charmap`, or a `Grid`
    /// object (taken as is, as CGSuite does).
    pub fn from_args(what: &str, args: &Args, charmap: &str) -> RuleResult<Grid> {
        args.check_keywords(what, &[])?;
        match args.positional.as_slice() {
            [Arg::Str(s)] => Ok(Grid::parse(s, charmap)?),
            [a @ Arg::Object(o)] => match a.as_object::<Grid>() {
                Some(g) => Ok(g.clone()),
                None => Err(RuleError::bad_argument(format!(
                    "{what} expects a grid, got {o}"
                ))),
            },
            _ => Err(RuleError::bad_argument(format!(
                "{what} expects one argument: a position string or a Grid"
            ))),
        }
    }
}

/// `Grid.Empty(rows, cols)`.
pub fn class_member(member: &str, args: &Args) -> Option<RuleResult<Arg>> {
    if member != "Empty" {
        return None;
    }
    let [r, c] = args.positional.as_slice() else {
        return Some(Err(RuleError::bad_argument(
            "Grid.Empty expects two arguments: rows and columns",
        )));
    };
    let dim = |v: &Arg, what: &str| -> RuleResult<usize> {
        match v.as_i64() {
            Some(n) if n < 0 => Err(RuleError::bad_argument(format!("Invalid {what}: {n}"))),
            Some(n) if n <= 4096 => Ok(n as usize),
            _ => Err(RuleError::bad_argument(format!("Invalid {what}: {v:?}"))),
        }
    };
    Some(
        dim(r, "RowCount")
            .and_then(|rows| Ok((rows, dim(c, "ColCount")?)))
            .map(|(rows, cols)| Arg::object(Grid::empty(rows, cols))),
    )
}

impl Object for Grid {
    fn class_name(&self) -> &'static str {
        "Grid"
    }

    fn text(&self) -> String {
        format!("Grid(\"{}\")", self.to_string_with(".123456789"))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
