//! The one table of board directions: CGSuite's `Coordinates` constants
//! (RULESETS 1.4, 7) as (row, col) steps, rows growing downward, and
//! direction arguments given as lists of such steps.

use crate::framework::args::Arg;
use crate::framework::error::{RuleError, RuleResult};

/// A step on a board: (rows down, columns right).
pub type Step = (i64, i64);

/// The four orthogonal steps: up, right, down, left.
pub const ORTHOGONAL: [Step; 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The four diagonal steps, clockwise from up-right.
pub const DIAGONAL: [Step; 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];

/// The eight king steps: the orthogonal ones, then the diagonal ones.
pub const COMPASS: [Step; 8] = concat(ORTHOGONAL, DIAGONAL);

/// The eight knight jumps.
pub const KNIGHTS_MOVE: [Step; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The six steps of a hexagonal board drawn on a rectangle.
pub const HEXAGONAL: [Step; 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// CGSuite's named direction sets (`Coordinates.Orthogonal`, ...).
pub const NAMED: [(&str, &[Step]); 5] = [
    ("Orthogonal", &ORTHOGONAL),
    ("Diagonal", &DIAGONAL),
    ("Compass", &COMPASS),
    ("KnightsMove", &KNIGHTS_MOVE),
    ("Hexagonal", &HEXAGONAL),
];

/// `a` followed by `b`.
const fn concat<const A: usize, const B: usize, const C: usize>(
    a: [Step; A],
    b: [Step; B],
) -> [Step; C] {
    let mut out = [(0, 0); C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < C {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

/// The direction set named `name` (`"Orthogonal"`, ...).
pub fn named(name: &str) -> Option<&'static [Step]> {
    NAMED.iter().find(|(n, _)| *n == name).map(|&(_, d)| d)
}

/// The name of a direction set that is one of CGSuite's constants.
pub fn name_of(steps: &[Step]) -> Option<&'static str> {
    NAMED.iter().find(|(_, d)| *d == steps).map(|&(n, _)| n)
}

/// `Coordinates.Name` as a list of (row, col) tuples.
pub fn coordinates(member: &str) -> Option<Arg> {
    Some(Arg::List(
        named(member)?
            .iter()
            .map(|&(r, c)| Arg::Tuple(vec![Arg::int(r), Arg::int(c)]))
            .collect(),
    ))
}

/// Read a list of (row, col) direction tuples, as given for `directions`.
pub fn directions(what: &str, arg: &Arg) -> RuleResult<Vec<Step>> {
    let bad =
        || RuleError::bad_argument(format!("{what}: expected a list of (row, col) directions"));
    arg.elements()
        .ok_or_else(bad)?
        .iter()
        .map(|d| match d {
            Arg::Tuple(v) if v.len() == 2 => Ok((
                v[0].as_i64().ok_or_else(bad)?,
                v[1].as_i64().ok_or_else(bad)?,
            )),
            _ => Err(bad()),
        })
        .collect()
}
