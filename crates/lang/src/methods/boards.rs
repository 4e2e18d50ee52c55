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
    onag_rules::boards::directions::ORTHOGONAL.to_vec()
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
        // Moves change a few cells: the list of changes stays on the stack.
        type Changes = smallvec::SmallVec<[((i64, i64), i64); 4]>;
        let change = |(k, v): &(Value, Value)| Ok((coordinates(k)?, small(v)?));
        let changes = match a {
            [Value::Map(m)] => m.iter().map(change).collect::<EvalResult<Changes>>()?,
            [m @ Value::MutableMap(_)] => entries(i, m)?.iter().map(change).collect::<EvalResult<Changes>>()?,
            [c, v] => smallvec::smallvec![(coordinates(c)?, small(v)?)],
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
    method!("VertexCount", Graph, [], "The number of vertices.", |_, r, _| Ok(Value::integer(graph(r)?.len()))),
    method!("EdgeCount", Graph, [], "The number of edges.", |_, r, _| Ok(Value::integer(graph(r)?.edges.len()))),
    method!("IsEmpty", Graph, [], "True if the graph has no vertices.", |_, r, _| Ok(Value::Bool(graph(r)?.is_empty()))),
    method!("IsConnected", Graph, [], "True if every vertex can be reached from every other.", |_, r, _| {
        Ok(Value::Bool(graph(r)?.is_connected()))
    }),
    method!("IsSimple", Graph, [], "True if the graph has no loop and no two edges joining the same vertices.", |_, r, _| {
        let g = graph(r)?;
        let mut seen = rustc_hash::FxHashSet::default();
        let simple = g.edges.iter().all(|&(a, b, _)| a != b && seen.insert((a.min(b), a.max(b))));
        Ok(Value::Bool(simple))
    }),
    method!("AdjacencyList", Graph, [], "For each vertex, its neighbours.", |_, r, _| {
        let g = graph(r)?;
        Ok(Value::list(
            (0..g.len())
                .map(|v| Value::list(neighbours(g, v).into_iter().map(|w| Value::integer(w + 1)).collect()))
                .collect(),
        ))
    }),
    method!("Vertices", Graph, [], "The vertices, in order.", |_, r, _| {
        let o = object(r)?;
        let n = graph(r)?.len();
        Ok(Value::list((0..n).map(|v| Value::Vertex(Rc::new((o.clone(), v)))).collect()))
    }),
    method!("Edges", Graph, [], "The edges, each once.", |_, r, _| {
        let o = object(r)?;
        let edges = edge_list(graph(r)?);
        Ok(Value::list(edges.into_iter().map(|e| Value::Edge(Rc::new((o.clone(), e)))).collect()))
    }),
    method!("ConnectedComponent", Graph, ["vertex"], "The connected component of a vertex.", |_, r, a| {
        let g = graph(r)?;
        let v = vertex_index(g, arg(a, 0)?)?;
        let component = g.components().into_iter().find(|c| c.contains(&v)).unwrap_or_default();
        Ok(graph_value(g.induced(&component)))
    }),
    method!("ConnectedComponents", Graph, [], "The connected components.", |_, r, _| {
        let g = graph(r)?;
        Ok(Value::list(g.components().iter().map(|c| graph_value(g.induced(c))).collect()))
    }),
    method!("Decomposition", Graph, ["label"], "The connected components once the vertices with a label are removed.", |i, r, a| {
        let g = graph(r)?;
        let label = label_text(i, arg(a, 0)?)?;
        Ok(Value::list(g.components_avoiding(&label).iter().map(|c| graph_value(g.induced(c))).collect()))
    }),
    method!("DeleteEdge", Graph, ["edge"], "The graph without an edge.", |_, r, a| {
        let g = graph(r)?;
        match arg(a, 0)? {
            Value::Edge(e) if e.1 < g.edges.len() => Ok(without_edge(g, e.1)),
            other => Err(EvalError::expected("cgsuite.util.Edge", &class_name(other))),
        }
    }),
    method!("DeleteEdgeByIndex", Graph, ["vertex", "index"], "The graph without the k-th edge of a vertex.", |_, r, a| {
        let g = graph(r)?;
        let v = vertex_index(g, arg(a, 0)?)?;
        let e = edge_at(g, v, i64_arg(a, 1)?)?;
        Ok(without_edge(g, e))
    }),
    method!("DeleteVertex", Graph, ["vertex"], "The graph without a vertex and its edges.", |_, r, a| {
        let g = graph(r)?;
        let v = vertex_index(g, arg(a, 0)?)?;
        Ok(graph_value(g.delete_vertices(&[v])))
    }),
    method!("DeleteVertices", Graph, ["vertices"], "The graph without some vertices and their edges.", |i, r, a| {
        let g = graph(r)?;
        let gone = vertices(i, g, arg(a, 0)?)?;
        Ok(graph_value(g.delete_vertices(&gone)))
    }),
    method!("RetainVertices", Graph, ["vertices"], "The subgraph on some vertices.", |i, r, a| {
        let g = graph(r)?;
        let mut keep = vertices(i, g, arg(a, 0)?)?;
        keep.sort_unstable();
        keep.dedup();
        Ok(graph_value(g.induced(&keep)))
    }),
    method!("UpdatedVertexLabels", Graph, ["labels"], "The graph with vertices relabelled (a map vertex => label).", |i, r, a| {
        let mut g = graph(r)?.clone();
        for (k, v) in entries(i, arg(a, 0)?)? {
            let index = vertex_index(&g, &k)?;
            g.vertex_labels[index] = label_text(i, &v)?;
        }
        Ok(graph_value(g))
    }),
];

fn graph(v: &Value) -> EvalResult<&onag_rules::boards::graph::Graph> {
    match v {
        Value::Object(o) => o
            .as_any()
            .downcast_ref()
            .ok_or_else(|| EvalError::expected("cgsuite.util.Graph", &class_name(v))),
        other => Err(EvalError::expected(
            "cgsuite.util.Graph",
            &class_name(other),
        )),
    }
}

fn graph_value(g: onag_rules::boards::graph::Graph) -> Value {
    Value::Object(Rc::new(g))
}

/// The graph an object holds.
fn object_graph(o: &dyn onag_rules::Object) -> EvalResult<&onag_rules::boards::graph::Graph> {
    o.as_any()
        .downcast_ref()
        .ok_or_else(|| EvalError::expected("cgsuite.util.Graph", "cgsuite.lang.Object"))
}

fn object(v: &Value) -> EvalResult<Rc<dyn onag_rules::Object>> {
    match v {
        Value::Object(o) => Ok(o.clone()),
        other => Err(EvalError::expected(
            "cgsuite.util.Graph",
            &class_name(other),
        )),
    }
}

/// A label as a value: none is `Nothing`, `Left`/`Right` players,
/// integers numbers, anything else a string.
fn label_value(text: &str) -> Value {
    match text {
        "" => Value::Nothing,
        "Left" => Value::Player(crate::value::Player::Left),
        "Right" => Value::Player(crate::value::Player::Right),
        t => match t.parse::<i64>() {
            Ok(n) => Value::integer(n),
            Err(_) => Value::str(t),
        },
    }
}

fn label_text(interp: &Interp, v: &Value) -> EvalResult<String> {
    let arg = crate::rulesets::to_arg(interp, v.clone())?;
    Ok(onag_rules::boards::graph::label_text(&arg)?)
}

/// The edges at vertex `v`, most recent first (a loop once): the order of
/// `g[v][k]` and of the edge list.
fn incident(g: &onag_rules::boards::graph::Graph, v: usize) -> Vec<usize> {
    (0..g.edges.len())
        .rev()
        .filter(|&e| g.edges[e].0 == v || g.edges[e].1 == v)
        .collect()
}

/// The neighbours of `v`, in increasing order (a loop once).
fn neighbours(g: &onag_rules::boards::graph::Graph, v: usize) -> Vec<usize> {
    let mut out: Vec<usize> = g
        .edges
        .iter()
        .filter_map(|&(a, b, _)| {
            if a == v {
                Some(b)
            } else if b == v {
                Some(a)
            } else {
                None
            }
        })
        .collect();
    out.sort_unstable();
    out
}

/// Every edge once: for each vertex in order, its edges to vertices not
/// before it.
fn edge_list(g: &onag_rules::boards::graph::Graph) -> Vec<usize> {
    let mut out = Vec::new();
    for v in 0..g.len() {
        for e in incident(g, v) {
            let (a, b, _) = &g.edges[e];
            if (*a).max(*b) >= v && (*a).min(*b) == v {
                out.push(e);
            }
        }
    }
    out
}

fn vertex_index(g: &onag_rules::boards::graph::Graph, v: &Value) -> EvalResult<usize> {
    let k = small(v)?;
    usize::try_from(k)
        .ok()
        .filter(|&k| k >= 1 && k <= g.len())
        .map(|k| k - 1)
        .ok_or_else(|| EvalError::of(ErrorKind::Index, format!("Vertex is out of bounds: {k}")))
}

fn vertices(
    interp: &Interp,
    g: &onag_rules::boards::graph::Graph,
    v: &Value,
) -> EvalResult<Vec<usize>> {
    super::collections::elements(interp, v)?
        .iter()
        .map(|x| vertex_index(g, x))
        .collect()
}

fn edge_at(g: &onag_rules::boards::graph::Graph, v: usize, k: i64) -> EvalResult<usize> {
    let edges = incident(g, v);
    usize::try_from(k)
        .ok()
        .filter(|&k| k >= 1 && k <= edges.len())
        .map(|k| edges[k - 1])
        .ok_or_else(|| EvalError::of(ErrorKind::Index, format!("Edge is out of bounds: {k}")))
}

fn without_edge(g: &onag_rules::boards::graph::Graph, e: usize) -> Value {
    let (u, v, label) = &g.edges[e];
    graph_value(g.delete_edge(*u, *v, label))
}

/// `graph[i]`: vertex i; `vertex[k]`: its k-th edge.
pub fn graph_index(interp: &Interp, t: &Value, i: &Value) -> EvalResult {
    match t {
        Value::Object(o) => {
            let g = graph(t)?;
            let v = vertex_index(g, i)?;
            Ok(Value::Vertex(Rc::new((o.clone(), v))))
        }
        Value::Vertex(x) => {
            let g = object_graph(&*x.0)?;
            let e = edge_at(g, x.1, small(i)?)?;
            Ok(Value::Edge(Rc::new((x.0.clone(), e))))
        }
        _ => Err(EvalError::no_operation(
            "[]",
            &[&interp.class_name_of(t), &interp.class_name_of(i)],
        )),
    }
}

/// `Vertex(label, [neighbours])`.
pub fn show_vertex(
    out: &mut String,
    x: &(Rc<dyn onag_rules::Object>, usize),
    interp: Option<&Interp>,
) -> EvalResult<()> {
    let g = object_graph(&*x.0)?;
    out.push_str("Vertex(");
    crate::print::show(out, &label_value(&g.vertex_labels[x.1]), interp)?;
    out.push_str(", ");
    let adj = Value::list(
        neighbours(g, x.1)
            .into_iter()
            .map(|w| Value::integer(w + 1))
            .collect(),
    );
    crate::print::show(out, &adj, interp)?;
    out.push(')');
    Ok(())
}

/// `Edge(label, u, v)`.
pub fn show_edge(
    out: &mut String,
    x: &(Rc<dyn onag_rules::Object>, usize),
    interp: Option<&Interp>,
) -> EvalResult<()> {
    let g = object_graph(&*x.0)?;
    let Some((a, b, label)) = g.edges.get(x.1) else {
        return Ok(());
    };
    out.push_str("Edge(");
    crate::print::show(out, &label_value(label), interp)?;
    out.push_str(&format!(", {}, {})", a.min(b) + 1, a.max(b) + 1));
    Ok(())
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
    static_method!(Graph."Parse", ["str"], keywords ["vertexLabels", "edgeLabels"], "The graph a string spells (RULESETS 3.1), labels read by functions.", |i, a| {
        let mut args = crate::rulesets::to_args(i, a[..1].to_vec(), Vec::new())?;
        for (k, name) in ["vertexLabels", "edgeLabels"].iter().enumerate() {
            if let Some(f) = a.get(k + 1).filter(|v| !matches!(v, Value::Nothing)) {
                args.keywords.push((name.to_string(), crate::rulesets::function_arg(i, f.clone())));
            }
        }
        match onag_rules::registry::class_member("Graph", "Parse", &args) {
            Some(r) => Ok(crate::rulesets::from_arg(r?)),
            None => Err(EvalError::no_member("Parse", "cgsuite.lang.Class")),
        }
    }),
    static_method!(Graph."Eval", ["str"], "The graph a string spells (as Graph.Parse).", |i, a| graph_member("Parse", a, i)),
];
