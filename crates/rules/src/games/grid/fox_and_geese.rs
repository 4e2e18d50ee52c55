//! Fox and Geese (LOOPY 4.3): `GenFoxAndGeese(boardWidth ? 8, foxRange ?
//! 1)` and the presets `FoxAndGeese` and `CeyloneseFoxAndGeese`
//! (`foxRange => 2`), a loopy game valued by `GameValue`.
//!
//! The board has columns 1..boardWidth and rows 1, 2, ... without an upper
//! bound; a square is valid when `row + col` is even. The geese (Left)
//! step one square diagonally down; the fox (Right) moves diagonally in
//! any direction, up to `foxRange` squares in a straight line, never over
//! or onto a goose. A position is the set of geese and the fox's square.
//!
//! When the fox is at or above the highest goose row M, or one row below
//! it with a free square of row M diagonally above it, the fox can escape
//! for ever and no goose can come back up: the position is `off` (CGSuite's
//! decomposition `[off]`, which also keeps the graph finite). The depth
//! hint is the sum of the goose rows (goose moves lower it, fox moves keep
//! it), so that each explored graph holds positions of one sum.

use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::{TableCell, ValuesTable};
use crate::framework::loopy;
use crate::framework::position::{Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset};
use onag_core::loopy::{SidedValue, Stopper};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "GenFoxAndGeese",
        package: Package::Grid,
        doc: "Fox and Geese on a board of any width, the fox moving up to foxRange squares; \
              keywords boardWidth (8), foxRange (1). A loopy game, valued by GameValue.",
        make: Make::Schema(|args| Ok(Rc::new(FoxAndGeeseRuleset::from_args(args)?))),
    },
    RulesetEntry {
        name: "FoxAndGeese",
        package: Package::Grid,
        doc:
            "Geese (Left) step diagonally down, the fox (Right) diagonally any way, on 8 columns; \
              positions `FoxAndGeese(geese, fox)`. A loopy game, valued by GameValue.",
        make: Make::Ruleset(|| Rc::new(FoxAndGeeseRuleset::preset("FoxAndGeese", 1))),
    },
    RulesetEntry {
        name: "CeyloneseFoxAndGeese",
        package: Package::Grid,
        doc: "Fox and Geese with a fox moving up to two squares (`GenFoxAndGeese(foxRange => 2)`).",
        make: Make::Ruleset(|| Rc::new(FoxAndGeeseRuleset::preset("CeyloneseFoxAndGeese", 2))),
    },
];

/// The default board width.
pub const DEFAULT_WIDTH: i64 = 8;

/// The largest row or board width accepted (rows beyond it would only
/// take the fox further from the geese).
pub const MAX_COORDINATE: i64 = 1 << 31;

/// A square: (row, column), row 1 at the bottom.
pub type Square = (i64, i64);

/// A Fox and Geese ruleset with its printed name.
#[derive(Clone, Debug)]
pub struct FoxAndGeeseRuleset {
    name: String,
    width: i64,
    range: i64,
}

/// What a valid square is, as CGSuite's errors say it.
const RULE: &str = "(1 <= col <= boardWidth; row >= 1; row + col even)";

/// The most cells a `ValuesTable` may have.
pub const MAX_TABLE_CELLS: i64 = 1 << 20;

/// The keyword parameters, in the order they print.
const KEYWORDS: [&str; 2] = ["boardWidth", "foxRange"];

impl FoxAndGeeseRuleset {
    fn preset(name: &str, range: i64) -> FoxAndGeeseRuleset {
        FoxAndGeeseRuleset {
            name: name.to_string(),
            width: DEFAULT_WIDTH,
            range,
        }
    }

    /// `GenFoxAndGeese(boardWidth ? 8, foxRange ? 1)`, positionally or by
    /// keyword; `foxRange < 1` is the error `` `foxRange` must be >= 1 ``.
    pub fn from_args(args: &Args) -> RuleResult<FoxAndGeeseRuleset> {
        const WHAT: &str = "GenFoxAndGeese";
        args.check_keywords(WHAT, &KEYWORDS)?;
        if args.positional.len() > KEYWORDS.len() {
            return Err(RuleError::bad_argument(format!(
                "{WHAT} takes at most {} arguments (boardWidth, foxRange), got {}",
                KEYWORDS.len(),
                args.positional.len()
            )));
        }
        let mut values = [None, None];
        for (k, key) in KEYWORDS.iter().enumerate() {
            let given = match (args.positional.get(k), args.keyword(key)) {
                (Some(_), Some(_)) => {
                    return Err(RuleError::bad_argument(format!(
                        "{WHAT}: `{key}` is given twice"
                    )))
                }
                (a, b) => a.or(b),
            };
            if let Some(a) = given {
                values[k] = Some(a.as_i64().ok_or_else(|| {
                    RuleError::bad_argument(format!(
                        "{WHAT}: `{key}` must be an integer, got {} ({a:?})",
                        a.kind()
                    ))
                })?);
            }
        }
        let width = values[0].unwrap_or(DEFAULT_WIDTH);
        let range = values[1].unwrap_or(1);
        if range < 1 {
            return Err(RuleError::bad_argument("`foxRange` must be >= 1"));
        }
        if width > MAX_COORDINATE {
            return Err(RuleError::too_large(format!(
                "{WHAT}: `boardWidth` is limited to {MAX_COORDINATE}"
            )));
        }
        let shown: Vec<String> = KEYWORDS
            .iter()
            .zip(values)
            .filter_map(|(key, v)| v.map(|v| format!("{key} => {v}")))
            .collect();
        Ok(FoxAndGeeseRuleset {
            name: format!("{WHAT}({})", shown.join(", ")),
            width,
            range,
        })
    }

    /// The board width.
    pub fn width(&self) -> i64 {
        self.width
    }

    /// The fox's range.
    pub fn range(&self) -> i64 {
        self.range
    }

    /// The position with these geese and this fox, checked as CGSuite
    /// checks it (LOOPY 4.3).
    pub fn make(&self, geese: &[Square], fox: Square) -> RuleResult<FoxAndGeese> {
        self.check_geese(geese)?;
        if !self.valid(fox) {
            return Err(RuleError::bad_position(format!(
                "`fox` must be a valid `Coordinates` {RULE}"
            )));
        }
        if geese.iter().chain([&fox]).any(|&(r, _)| r > MAX_COORDINATE) {
            return Err(RuleError::too_large(format!(
                "Fox and Geese rows are limited to {MAX_COORDINATE}"
            )));
        }
        let mut geese = geese.to_vec();
        geese.sort_unstable();
        geese.dedup();
        Ok(FoxAndGeese {
            width: self.width,
            // The fox never moves further than the board is wide.
            range: self.range.min(self.width.max(1)),
            geese: geese.into(),
            fox,
        })
    }

    /// Whether a square is on the board and of the colour pieces stand on.
    fn valid(&self, (r, c): Square) -> bool {
        r >= 1 && c >= 1 && c <= self.width && (r + c) % 2 == 0
    }

    /// The error of LOOPY 4.3 unless every goose is on a valid square.
    fn check_geese(&self, geese: &[Square]) -> RuleResult<()> {
        if geese.iter().all(|&g| self.valid(g)) {
            Ok(())
        } else {
            Err(RuleError::bad_position(format!(
                "Every element of `geese` must be a valid `Coordinates` {RULE}"
            )))
        }
    }

    /// The squares of a collection of `Coordinates` (`geese`), or the
    /// error of `what` when an element is not a pair of integers.
    fn squares(&self, arg: &Arg) -> RuleResult<Vec<Square>> {
        let bad = || {
            RuleError::bad_position(format!(
                "Every element of `geese` must be a valid `Coordinates` {RULE}"
            ))
        };
        let items = match arg {
            Arg::List(v) | Arg::Set(v) => v,
            other => {
                return Err(RuleError::bad_argument(format!(
                    "{}: `geese` must be a collection of `Coordinates`, got {} ({other:?})",
                    self.name,
                    other.kind()
                )))
            }
        };
        items.iter().map(|a| square(a).ok_or_else(bad)).collect()
    }
}

/// A pair of integers as a square.
fn square(a: &Arg) -> Option<Square> {
    match a {
        Arg::Tuple(v) if v.len() == 2 => Some((v[0].as_i64()?, v[1].as_i64()?)),
        _ => None,
    }
}

impl AnyRuleset for FoxAndGeeseRuleset {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// `R(geese, fox)`: a collection of `Coordinates` and one `Coordinates`.
    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        args.check_keywords(&self.name, &[])?;
        args.expect_count(
            &self.name,
            2,
            "the geese (a collection of Coordinates) and the fox (Coordinates)",
        )?;
        let geese = self.squares(&args.positional[0])?;
        let fox = square(&args.positional[1]).ok_or_else(|| {
            RuleError::bad_position(format!("`fox` must be a valid `Coordinates` {RULE}"))
        })?;
        let pos = self.make(&geese, fox)?;
        Ok(partizan(&Rc::from(self.name.as_str()), pos))
    }

    fn as_values_table(&self) -> Option<&dyn ValuesTable> {
        Some(self)
    }
}

impl FoxAndGeeseRuleset {
    /// `ValuesTable(geese)` (LOOPY 4.3): rows M down to 1 (M the highest
    /// goose row), columns 1..boardWidth; a goose's cell is
    /// [`TableCell::Piece`], a valid square the `GameValue` of the
    /// position with the fox there, any other cell blank.
    pub fn table(&self, geese: &[Square]) -> RuleResult<Vec<Vec<TableCell>>> {
        self.check_geese(geese)?;
        let top = geese.iter().map(|g| g.0).max().unwrap_or(0);
        if top.saturating_mul(self.width) > MAX_TABLE_CELLS {
            return Err(RuleError::too_large(format!(
                "A ValuesTable is limited to {MAX_TABLE_CELLS} cells"
            )));
        }
        let mut rows = Vec::new();
        for r in (1..=top).rev() {
            let mut row = Vec::new();
            for c in 1..=self.width {
                onag_core::interrupt::check();
                row.push(if geese.contains(&(r, c)) {
                    TableCell::Piece
                } else if (r + c) % 2 == 0 {
                    TableCell::Value(loopy::game_value(&self.make(geese, (r, c))?)?)
                } else {
                    TableCell::Blank
                });
            }
            rows.push(row);
        }
        Ok(rows)
    }
}

impl ValuesTable for FoxAndGeeseRuleset {
    fn values_table(&self, pieces: &Arg) -> RuleResult<Vec<Vec<TableCell>>> {
        self.table(&self.squares(pieces)?)
    }
}

/// A Fox and Geese position with its ruleset's parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FoxAndGeese {
    width: i64,
    range: i64,
    /// The geese, sorted.
    geese: Box<[Square]>,
    fox: Square,
}

impl FoxAndGeese {
    /// The geese, sorted by row, then column.
    pub fn geese(&self) -> &[Square] {
        &self.geese
    }

    /// The fox's square.
    pub fn fox(&self) -> Square {
        self.fox
    }

    fn on_board(&self, (r, c): Square) -> bool {
        r >= 1 && c >= 1 && c <= self.width
    }

    fn has_goose(&self, sq: Square) -> bool {
        self.geese.binary_search(&sq).is_ok()
    }

    /// Whether the fox can escape for ever (LOOPY 4.3's decomposition
    /// `[off]`): it is at or above the highest goose row M, or one row
    /// below it next to a free square of row M.
    pub fn fox_escapes(&self) -> bool {
        let m = self.geese.iter().map(|g| g.0).max().unwrap_or(0);
        let (r, c) = self.fox;
        let free = |sq: Square| !self.has_goose(sq);
        r >= m
            || (r == m - 1
                && ((c > 1 && free((r + 1, c - 1))) || (c < self.width && free((r + 1, c + 1)))))
    }
}

impl Position for FoxAndGeese {
    /// The geese's steps, goose by goose (down-left, then down-right); the
    /// fox's moves by direction (down-right, up-right, up-left,
    /// down-left), nearer squares first.
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        match player {
            Player::Left => {
                for (k, &(r, c)) in self.geese.iter().enumerate() {
                    for to in [(r - 1, c - 1), (r - 1, c + 1)] {
                        if self.on_board(to) && to != self.fox && !self.has_goose(to) {
                            let mut geese = self.geese.to_vec();
                            geese[k] = to;
                            geese.sort_unstable();
                            out.push(FoxAndGeese {
                                geese: geese.into(),
                                ..self.clone()
                            });
                        }
                    }
                }
            }
            Player::Right => {
                for (dr, dc) in [(-1, 1), (1, 1), (1, -1), (-1, -1)] {
                    for d in 1..=self.range {
                        let to = (self.fox.0 + d * dr, self.fox.1 + d * dc);
                        if !self.on_board(to) || self.has_goose(to) {
                            break;
                        }
                        out.push(FoxAndGeese {
                            fox: to,
                            ..self.clone()
                        });
                    }
                }
            }
        }
        out
    }

    /// `{(4,2),(4,4)}, (1,1)`.
    fn text(&self) -> String {
        let geese: Vec<String> = self
            .geese
            .iter()
            .map(|(r, c)| format!("({r},{c})"))
            .collect();
        format!("{{{}}}, ({},{})", geese.join(","), self.fox.0, self.fox.1)
    }

    fn may_repeat(&self) -> bool {
        true
    }

    /// The sum of the goose rows.
    fn depth_hint(&self) -> i64 {
        self.geese.iter().map(|g| g.0).sum()
    }

    /// `off` when the fox escapes.
    fn loopy_value(&self) -> Option<SidedValue> {
        self.fox_escapes().then(|| Stopper::off().into())
    }
}
