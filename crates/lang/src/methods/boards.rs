//! Methods of grids, strips and graphs (SCRIPTING 7.3-7.5, RULESETS 3.1).

use super::{arg, class_name, i64_arg, method, static_method, string_arg, MethodDef, StaticDef};
use crate::board::{Grid, Strip, Symmetry};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::Interp;
use crate::value::Value;
use std::rc::Rc;

fn grid(v: &Value) -> EvalResult<&Grid> {
    match v {
        Value::Grid(g) => Ok(g),
        other => Err(EvalError::expected("cgsuite.util.Grid", &class_name(other))),
    }
}

fn strip(v: &Value) -> EvalResult<&Strip> {
    match v {
        Value::Strip(s) => Ok(s),
        other => Err(EvalError::expected(
            "cgsuite.util.Strip",
            &class_name(other),
        )),
    }
}

fn coordinates(v: &Value) -> EvalResult<(i64, i64)> {
    match v {
        Value::Coordinates(r, c) => Ok((*r, *c)),
        other => Err(EvalError::expected(
            "cgsuite.lang.Coordinates",
            &class_name(other),
        )),
    }
}

fn small(v: &Value) -> EvalResult<i64> {
    v.as_i64()
        .ok_or_else(|| EvalError::expected("game.Integer", &class_name(v)))
}

/// A symmetry given as an element of the enum `Symmetry`.
fn symmetry(v: &Value) -> EvalResult<Symmetry> {
    if let Value::Instance(i) = v {
        if let Some((_, name)) = &i.element {
            if let Some(s) = Symmetry::named(name) {
                return Ok(s);
            }
        }
    }
    Err(EvalError::expected("cgsuite.util.Symmetry", &class_name(v)))
}

fn entries(interp: &Interp, v: &Value) -> EvalResult<Vec<(Value, Value)>> {
    Ok(super::collections::elements(interp, v)?
        .into_iter()
        .filter_map(|e| match e {
            Value::MapEntry(e) => Some((e.0.clone(), e.1.clone())),
            _ => None,
        })
        .collect())
}

fn directions(interp: &Interp, v: &Value) -> EvalResult<Vec<(i64, i64)>> {
    super::collections::elements(interp, v)?
        .iter()
        .map(coordinates)
        .collect()
}

fn orthogonal() -> Vec<(i64, i64)> {
    onag_rules::registry::direction_set("Orthogonal").unwrap_or_default()
}

/// The methods of grids, strips and graphs.
pub(super) static METHODS: &[MethodDef] = &[
    method!("RowCount", Grid, [], "The number of rows.", |_, r, _| Ok(Value::integer(grid(r)?.row_count()))),
    method!("ColCount", Grid, [], "The number of columns.", |_, r, _| Ok(Value::integer(grid(r)?.col_count()))),
    method!("IsInBounds", Grid, ["coordinates"], "True if the coordinates are on the grid.", |_, r, a| {
        let (row, col) = coordinates(arg(a, 0)?)?;
        Ok(Value::Bool(grid(r)?.in_bounds(row, col)))
    }),
    method!("FindAll", Grid, ["value"], "The coordinates holding a value, row by row.", |_, r, a| {
        let v = small(arg(a, 0)?)?;
        Ok(Value::list(
            grid(r)?
                .find_all(v)
                .into_iter()
                .map(|(row, col)| Value::Coordinates(row, col))
                .collect(),
        ))
    }),
    method!("Updated", Grid, ["coordinates", "value?"], "A grid with one cell changed, or with the cells of a map (Coordinates => value) changed.", |i, r, a| {
        let g = grid(r)?;
        let changes = match a {
            [m @ (Value::Map(_) | Value::MutableMap(_))] => entries(i, m)?
                .iter()
                .map(|(k, v)| Ok((coordinates(k)?, small(v)?)))
                .collect::<EvalResult<Vec<_>>>()?,
            [c, v] => vec![(coordinates(c)?, small(v)?)],
            _ => return Err(EvalError::of(ErrorKind::Call, "Updated expects coordinates and a value, or a map")),
        };
        Ok(Value::Grid(Rc::new(g.updated(&changes)?)))
    }),
    method!("Subgrid", Grid, ["northwest", "southeast"], "The rectangle between two corners, inclusive.", |_, r, a| {
        let (nw, se) = (coordinates(arg(a, 0)?)?, coordinates(arg(a, 1)?)?);
        Ok(Value::Grid(Rc::new(grid(r)?.subgrid(nw, se))))
    }),
    method!("Decomposition", Grid, ["boundary", "directions?"], "The connected regions of cells other than the boundary value, each cropped (one region: the grid itself).", |i, r, a| {
        let boundary = small(arg(a, 0)?)?;
        let dirs = match a.get(1) {
            Some(d) => directions(i, d)?,
            None => orthogonal(),
        };
        Ok(Value::list(
            grid(r)?
                .decomposition(boundary, &dirs)?
                .into_iter()
                .map(|g| Value::Grid(Rc::new(g)))
                .collect(),
        ))
    }),
    method!("Permuted", Grid, ["symmetry"], "The grid rotated or reflected by a symmetry.", |_, r, a| {
        Ok(Value::Grid(Rc::new(grid(r)?.permuted(symmetry(arg(a, 0)?)?))))
    }),
    method!("SymmetryInvariant", Grid, ["symmetries"], "A representative of the grid under a list of symmetries.", |i, r, a| {
        let list = super::collections::elements(i, arg(a, 0)?)?
            .iter()
            .map(symmetry)
            .collect::<EvalResult<Vec<_>>>()?;
        Ok(Value::Grid(Rc::new(grid(r)?.symmetry_invariant(&list))))
    }),
    method!("ToString", Grid, ["charMap"], "The grid written with a character for each value, rows joined by `|`.", |_, r, a| {
        Ok(Value::Str(grid(r)?.to_string_with(&string_arg(a, 0)?).into()))
    }),
    method!("Length", Strip, [], "The number of cells.", |_, r, _| Ok(Value::integer(strip(r)?.len()))),
    method!("FindAll", Strip, ["value"], "The positions holding a value, ascending.", |_, r, a| {
        let v = small(arg(a, 0)?)?;
        Ok(Value::list(strip(r)?.find_all(v).into_iter().map(Value::integer).collect()))
    }),
    method!("Updated", Strip, ["index", "value?"], "A strip with one cell changed, or with the cells of a map (index => value) changed.", |i, r, a| {
        let s = strip(r)?;
        let changes = match a {
            [m @ (Value::Map(_) | Value::MutableMap(_))] => entries(i, m)?
                .iter()
                .map(|(k, v)| Ok((small(k)?, small(v)?)))
                .collect::<EvalResult<Vec<_>>>()?,
            [k, v] => vec![(small(k)?, small(v)?)],
            _ => return Err(EvalError::of(ErrorKind::Call, "Updated expects an index and a value, or a map")),
        };
        Ok(Value::Strip(Rc::new(s.updated(&changes)?)))
    }),
    method!("UpdatedRange", Strip, ["first", "last", "value"], "Cells first to last set to a value (clipped to the strip).", |_, r, a| {
        let (first, last, v) = (i64_arg(a, 0)?, i64_arg(a, 1)?, i64_arg(a, 2)?);
        Ok(Value::Strip(Rc::new(strip(r)?.updated_range(first, last, v)?)))
    }),
    method!("Substrip", Strip, ["first", "last"], "Cells first to last (empty when first > last).", |_, r, a| {
        Ok(Value::Strip(Rc::new(strip(r)?.substrip(i64_arg(a, 0)?, i64_arg(a, 1)?))))
    }),
    method!("Decomposition", Strip, ["boundary"], "The maximal runs of cells other than the boundary value.", |_, r, a| {
        Ok(Value::list(
            strip(r)?
                .decomposition(small(arg(a, 0)?)?)?
                .into_iter()
                .map(|s| Value::Strip(Rc::new(s)))
                .collect(),
        ))
    }),
    method!("ToString", Strip, ["charMap"], "The strip written with a character for each value.", |_, r, a| {
        Ok(Value::Str(strip(r)?.to_string_with(&string_arg(a, 0)?).into()))
    }),
];

/// `graph[i]`.
pub fn graph_index(interp: &Interp, t: &Value, i: &Value) -> EvalResult {
    Err(EvalError::no_operation(
        "[]",
        &[&interp.class_name_of(t), &interp.class_name_of(i)],
    ))
}

fn graph_member(name: &str, a: &[Value], interp: &Interp) -> EvalResult {
    let args = crate::rulesets::to_args(interp, a.to_vec(), Vec::new())?;
    match onag_rules::registry::class_member("Graph", name, &args) {
        Some(r) => Ok(crate::rulesets::from_arg(r?)),
        None => Err(EvalError::no_member(name, "cgsuite.lang.Class")),
    }
}

/// The static members of `Grid`, `Strip` and `Graph`.
pub(super) static STATICS: &[StaticDef] = &[
    static_method!(Grid."Empty", ["rows", "cols"], "A grid of zeros.", |_, a| {
        Ok(Value::Grid(Rc::new(Grid::empty(i64_arg(a, 0)?, i64_arg(a, 1)?)?)))
    }),
    static_method!(Grid."Eval", ["rows", "cols"], "A grid of zeros (as Grid.Empty).", |_, a| {
        Ok(Value::Grid(Rc::new(Grid::empty(i64_arg(a, 0)?, i64_arg(a, 1)?)?)))
    }),
    static_method!(Grid."Parse", ["str", "charMap"], "The grid a string spells: rows joined by `|`, each character's value its position in charMap.", |_, a| {
        Ok(Value::Grid(Rc::new(Grid::parse(&string_arg(a, 0)?, &string_arg(a, 1)?)?)))
    }),
    static_method!(Strip."Empty", ["length"], "A strip of zeros.", |_, a| {
        Ok(Value::Strip(Rc::new(Strip::empty(i64_arg(a, 0)?)?)))
    }),
    static_method!(Strip."Parse", ["str", "charMap"], "The strip a string spells, each character's value its position in charMap.", |_, a| {
        Ok(Value::Strip(Rc::new(Strip::parse(&string_arg(a, 0)?, &string_arg(a, 1)?)?)))
    }),
    static_method!(Graph."Path", ["n"], "The path on n vertices.", |i, a| graph_member("Path", a, i)),
    static_method!(Graph."Cycle", ["n"], "The cycle on n vertices.", |i, a| graph_member("Cycle", a, i)),
    static_method!(Graph."Clique", ["n"], "The complete graph on n vertices.", |i, a| graph_member("Clique", a, i)),
    static_method!(Graph."Star", ["n"], "The star with n leaves.", |i, a| graph_member("Star", a, i)),
    static_method!(Graph."FromAdjacencyList", ["lists"], "The graph whose vertex i is adjacent to the vertices of list i.", |i, a| {
        graph_member("FromAdjacencyList", a, i)
    }),
    static_method!(Graph."Parse", ["str"], "The graph a string spells (RULESETS 3.1).", |i, a| graph_member("Parse", a, i)),
];
