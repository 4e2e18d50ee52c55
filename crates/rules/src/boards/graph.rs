//! Graphs for the graph rulesets (RULESETS 3.1): the graph string grammar
//! (3.1.1, 3.1.2), vertex numbering and edge storage (3.1.3), the helpers
//! the rulesets use (3.1.5), printing a graph back to a string (3.1.6), and
//! the `Graph.*` constructors of the language.
//!
//! Vertices are numbered from 0 here (vertex 0 is CGSuite's vertex 1, the
//! Hackenbush ground). Labels are kept as their text: `""` is the
//! unlabelled vertex or edge, `"l"` a blue Hackenbush edge, `"L"` a
//! Left-tinted Col vertex, `"12"` a vertex weight.

use crate::framework::{Arg, Args, Object, RuleError, RuleResult, UserFn};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::fmt;

/// The largest number of vertices a `Graph` object may have.
pub const MAX_VERTICES: usize = 4096;
/// The largest number of edges a `Graph` object may have.
pub const MAX_EDGES: usize = 1 << 16;

/// An undirected multigraph with labelled vertices and edges (loops and
/// parallel edges allowed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Graph {
    /// Vertex labels, vertex i at index i.
    pub vertex_labels: Vec<String>,
    /// Edges (u, v, label) in creation order. Vertex v's adjacency list
    /// (RULESETS 3.1.3) is the edges incident to v in this order, a loop
    /// counted once.
    pub edges: Vec<(usize, usize, String)>,
}

/// How the tokens of a graph string are read as labels: a fixed table
/// (the rulesets) or a function (`Graph.Parse(..., vertexLabels => f)`).
pub enum LabelTable<'a> {
    /// The allowed tokens and the label each one stands for.
    Fixed(&'a [(&'a str, &'a str)]),
    /// Every token that is not punctuation of the grammar is a label, and
    /// `f` maps it to its label.
    Function(&'a dyn Fn(&str) -> RuleResult<String>),
}

/// `Invalid graph specification.` (CGSuite's message), optionally with a
/// detail.
fn invalid(detail: &str) -> RuleError {
    if detail.is_empty() {
        RuleError::bad_position("Invalid graph specification.")
    } else {
        RuleError::bad_position(format!("Invalid graph specification: {detail}"))
    }
}

fn unmatched() -> RuleError {
    invalid("Unmatched `(`")
}

/// One token: its text and whether it was written in braces (a braced
/// token is never punctuation).
#[derive(Clone, Debug)]
struct Token {
    text: String,
    braced: bool,
}

impl Token {
    fn is(&self, punct: &str) -> bool {
        !self.braced && self.text == punct
    }

    fn is_punct(&self) -> bool {
        !self.braced
            && matches!(
                self.text.as_str(),
                "-" | "(" | ")" | ";" | ":" | ">" | "<" | "."
            )
    }
}

/// RULESETS 3.1.1: spaces skipped, `{...}` one token, every other
/// character a token.
fn tokenize(s: &str) -> RuleResult<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' => {}
            '{' => {
                let mut text = String::new();
                loop {
                    match chars.next() {
                        None => return Err(invalid("")),
                        Some('}') => break,
                        Some(ch) => text.push(ch),
                    }
                }
                out.push(Token { text, braced: true });
            }
            _ => out.push(Token {
                text: c.to_string(),
                braced: false,
            }),
        }
    }
    Ok(out)
}

/// How a chain ended.
enum End {
    Eof,
    Semicolon,
    Close,
}

struct Parser<'a> {
    tokens: Vec<Token>,
    pos: usize,
    vertices: &'a LabelTable<'a>,
    edge_labels: &'a LabelTable<'a>,
    graph: Graph,
    names: FxHashMap<String, usize>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    fn new_vertex(&mut self, label: String) -> RuleResult<usize> {
        if self.graph.vertex_labels.len() >= MAX_VERTICES {
            return Err(invalid(&format!(
                "graphs are limited to {MAX_VERTICES} vertices"
            )));
        }
        self.graph.vertex_labels.push(label);
        Ok(self.graph.vertex_labels.len() - 1)
    }

    /// A vertex: optional label token or `.`, then optional `:name`.
    fn vertex(&mut self) -> RuleResult<usize> {
        let mut label = String::new();
        if let Some(t) = self.peek().cloned() {
            if t.is(".") {
                self.pos += 1;
            } else {
                match self.vertices {
                    LabelTable::Fixed(table) => {
                        if !t.is_punct() {
                            if let Some((_, l)) =
                                table.iter().find(|(k, _)| !k.is_empty() && *k == t.text)
                            {
                                label = l.to_string();
                                self.pos += 1;
                            }
                        }
                    }
                    LabelTable::Function(f) => {
                        if !t.is_punct() {
                            label = f(&t.text)?;
                            self.pos += 1;
                        }
                    }
                }
            }
        }
        if self.peek().is_some_and(|t| t.is(":")) {
            self.pos += 1;
            let Some(name) = self.next() else {
                return Err(invalid(""));
            };
            if let Some(&v) = self.names.get(&name.text) {
                if self.graph.vertex_labels[v] != label {
                    return Err(invalid(
                        "The same named vertex has multiple distinct labels",
                    ));
                }
                return Ok(v);
            }
            let v = self.new_vertex(label)?;
            self.names.insert(name.text, v);
            return Ok(v);
        }
        self.new_vertex(label)
    }

    /// An edge token (already known not to be `;`, `)` or `(`).
    fn edge_label(&mut self) -> RuleResult<String> {
        let Some(t) = self.next() else {
            return Err(invalid(""));
        };
        if t.is(">") || t.is("<") {
            return Err(invalid("Directed graph edges are not allowed here"));
        }
        let label = if t.is("-") {
            match self.edge_labels {
                LabelTable::Fixed(table) => table
                    .iter()
                    .find(|(k, _)| k.is_empty())
                    .map(|(_, l)| l.to_string())
                    .ok_or_else(|| invalid("unlabelled edges (`-`) are not allowed here"))?,
                LabelTable::Function(_) => String::new(),
            }
        } else {
            match self.edge_labels {
                LabelTable::Fixed(table) => table
                    .iter()
                    .find(|(k, _)| !k.is_empty() && *k == t.text)
                    .map(|(_, l)| l.to_string())
                    .ok_or_else(|| invalid(&format!("unknown edge label `{}`", t.text)))?,
                LabelTable::Function(f) => {
                    if t.is_punct() {
                        return Err(invalid(&format!("unknown edge label `{}`", t.text)));
                    }
                    f(&t.text)?
                }
            }
        };
        if self.peek().is_some_and(|t| t.is(">") || t.is("<")) {
            return Err(invalid("Directed graph edges are not allowed here"));
        }
        Ok(label)
    }

    fn add_edge(&mut self, u: usize, v: usize, label: String) -> RuleResult<()> {
        if self.graph.edges.len() >= MAX_EDGES {
            return Err(invalid(&format!("graphs are limited to {MAX_EDGES} edges")));
        }
        self.graph.edges.push((u, v, label));
        Ok(())
    }

    /// The steps of a chain from vertex `v`, with an optional final branch
    /// group; `depth` is the number of enclosing groups.
    fn steps(&mut self, mut v: usize, depth: usize) -> RuleResult<End> {
        onag_core::interrupt::checkpoint();
        loop {
            let Some(t) = self.peek().cloned() else {
                return Ok(End::Eof);
            };
            if t.is(";") {
                self.pos += 1;
                return Ok(End::Semicolon);
            }
            if t.is(")") {
                self.pos += 1;
                return Ok(End::Close);
            }
            if t.is("(") {
                self.pos += 1;
                self.group(v, depth + 1)?;
                return match self.next() {
                    None => Ok(End::Eof),
                    Some(t) if t.is(";") => Ok(End::Semicolon),
                    Some(t) if t.is(")") => Ok(End::Close),
                    Some(_) if depth == 0 => Err(invalid("")),
                    Some(_) => Err(unmatched()),
                };
            }
            let label = self.edge_label()?;
            let w = self.vertex()?;
            self.add_edge(v, w, label)?;
            v = w;
        }
    }

    /// A branch group hanging from `v`, after its `(`, through its `)`.
    fn group(&mut self, v: usize, depth: usize) -> RuleResult<()> {
        stacker::maybe_grow(32 * 1024, 1024 * 1024, || self.group_body(v, depth))
    }

    fn group_body(&mut self, v: usize, depth: usize) -> RuleResult<()> {
        loop {
            let Some(t) = self.peek().cloned() else {
                return Err(unmatched());
            };
            if t.is(";") {
                self.pos += 1;
                continue;
            }
            if t.is(")") {
                self.pos += 1;
                return Ok(());
            }
            if t.is("(") {
                // A group directly inside a group hangs from the same vertex.
                self.pos += 1;
                self.group(v, depth + 1)?;
                match self.next() {
                    None => return Err(unmatched()),
                    Some(t) if t.is(";") => continue,
                    Some(t) if t.is(")") => return Ok(()),
                    Some(_) => return Err(unmatched()),
                }
            }
            let label = self.edge_label()?;
            let w = self.vertex()?;
            self.add_edge(v, w, label)?;
            match self.steps(w, depth)? {
                End::Eof => return Err(unmatched()),
                End::Semicolon => continue,
                End::Close => return Ok(()),
            }
        }
    }

    fn graph(mut self) -> RuleResult<Graph> {
        while self.peek().is_some() {
            let v = self.vertex()?;
            match self.steps(v, 0)? {
                End::Eof => break,
                End::Semicolon => continue,
                End::Close => return Err(invalid("")),
            }
        }
        Ok(self.graph)
    }
}

impl Graph {
    /// Parse a graph string (RULESETS 3.1.1-3.1.2) with the given vertex and
    /// edge label tables.
    pub fn parse(s: &str, vertices: &LabelTable, edges: &LabelTable) -> RuleResult<Graph> {
        let parser = Parser {
            tokens: tokenize(s)?,
            pos: 0,
            vertices,
            edge_labels: edges,
            graph: Graph::default(),
            names: FxHashMap::default(),
        };
        parser.graph()
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.vertex_labels.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.vertex_labels.is_empty()
    }

    /// The edge list of the graph (RULESETS 3.1.3): by smaller endpoint,
    /// then in creation order; each edge once. Indices into `edges`.
    pub fn edge_order(&self) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.edges.len()).collect();
        idx.sort_by_key(|&i| self.edges[i].0.min(self.edges[i].1));
        idx
    }

    /// Whether every vertex is reachable from every other (an empty graph
    /// counts as connected).
    pub fn is_connected(&self) -> bool {
        self.components().len() <= 1
    }

    /// The connected components (RULESETS 3.1.5), as vertex lists in
    /// increasing order, one per not yet visited vertex in increasing order.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let n = self.len();
        let mut uf = UnionFind::new(n);
        for (u, v, _) in &self.edges {
            uf.union(*u, *v);
        }
        let mut index: Vec<Option<usize>> = vec![None; n];
        let mut out: Vec<Vec<usize>> = Vec::new();
        for v in 0..n {
            let r = uf.find(v);
            match index[r] {
                Some(i) => out[i].push(v),
                None => {
                    index[r] = Some(out.len());
                    out.push(vec![v]);
                }
            }
        }
        out
    }

    /// The connected components of the vertices not labelled `label` (those
    /// are dropped entirely), as in [`Graph::components`].
    pub fn components_avoiding(&self, label: &str) -> Vec<Vec<usize>> {
        let keep: Vec<usize> = (0..self.len())
            .filter(|&v| self.vertex_labels[v] != label)
            .collect();
        self.induced(&keep)
            .components()
            .into_iter()
            .map(|c| c.into_iter().map(|v| keep[v]).collect())
            .collect()
    }

    /// The graph without the given vertices and their edges, the survivors
    /// renumbered in order (RULESETS 3.1.5).
    pub fn delete_vertices(&self, gone: &[usize]) -> Graph {
        let keep: Vec<usize> = (0..self.len()).filter(|v| !gone.contains(v)).collect();
        self.induced(&keep)
    }

    /// The graph without one edge {u, v} labelled `label`: the first
    /// matching entry of each endpoint's list goes (RULESETS 3.1.5).
    pub fn delete_edge(&self, u: usize, v: usize, label: &str) -> Graph {
        let mut g = self.clone();
        if let Some(i) = g
            .edges
            .iter()
            .position(|(a, b, l)| l == label && ((*a, *b) == (u, v) || (*a, *b) == (v, u)))
        {
            g.edges.remove(i);
        }
        g
    }

    /// The connected component of vertex 0, renumbered in order so that
    /// vertex 0 stays first (RULESETS 3.1.5); empty for an empty graph.
    pub fn component_of_first(&self) -> Graph {
        match self.components().into_iter().next() {
            Some(c) => self.induced(&c),
            None => Graph::default(),
        }
    }

    /// The subgraph induced by `keep` (increasing vertex indices), renumbered
    /// in order (RULESETS 3.1.5).
    pub fn induced(&self, keep: &[usize]) -> Graph {
        let mut map = vec![usize::MAX; self.len()];
        for (i, &v) in keep.iter().enumerate() {
            map[v] = i;
        }
        Graph {
            vertex_labels: keep
                .iter()
                .map(|&v| self.vertex_labels[v].clone())
                .collect(),
            edges: self
                .edges
                .iter()
                .filter(|(u, v, _)| map[*u] != usize::MAX && map[*v] != usize::MAX)
                .map(|(u, v, l)| (map[*u], map[*v], l.clone()))
                .collect(),
        }
    }

    /// Adjacency lists: for each vertex, (edge index, other end) in creation
    /// order, a loop once.
    fn adjacency(&self) -> Vec<Vec<(usize, usize)>> {
        let mut adj = vec![Vec::new(); self.len()];
        for (i, (u, v, _)) in self.edges.iter().enumerate() {
            adj[*u].push((i, *v));
            if u != v {
                adj[*v].push((i, *u));
            }
        }
        adj
    }

    /// The graph written back as a string (RULESETS 3.1.6).
    pub fn to_graph_string(&self) -> String {
        let n = self.len();
        let mut lists: Vec<std::collections::VecDeque<(usize, usize)>> =
            self.adjacency().into_iter().map(Into::into).collect();
        let mut reached = vec![0u32; n];
        // Trees as nodes: (vertex, children as (edge index, node index)).
        let mut nodes: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
        let mut roots = Vec::new();
        for start in 0..n {
            if reached[start] > 0 {
                continue;
            }
            // Iterative DFS: a stack of node indices still taking edges.
            reached[start] = 1;
            nodes.push((start, Vec::new()));
            roots.push(nodes.len() - 1);
            let mut stack = vec![nodes.len() - 1];
            while let Some(&node) = stack.last() {
                let v = nodes[node].0;
                let Some((e, w)) = lists[v].pop_front() else {
                    stack.pop();
                    continue;
                };
                if w != v {
                    if let Some(k) = lists[w].iter().position(|&(f, x)| x == v && f == e) {
                        lists[w].remove(k);
                    } else if let Some(k) = lists[w]
                        .iter()
                        .position(|&(f, x)| x == v && self.edges[f].2 == self.edges[e].2)
                    {
                        lists[w].remove(k);
                    }
                }
                reached[w] += 1;
                nodes.push((w, Vec::new()));
                let child = nodes.len() - 1;
                nodes[node].1.push((e, child));
                if reached[w] == 1 {
                    stack.push(child);
                }
            }
        }
        let mut names: Vec<Option<String>> = vec![None; n];
        let mut out = String::new();
        let mut printer = Printer {
            graph: self,
            nodes: &nodes,
            reached: &reached,
            names: &mut names,
            named: 0,
        };
        for (i, &root) in roots.iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            let (v, children) = &nodes[root];
            if children.is_empty() && reached[*v] <= 1 && self.vertex_labels[*v].is_empty() {
                out.push('.');
            } else {
                printer.render(root, &mut out);
            }
        }
        out
    }
}

/// Renders the trees of [`Graph::to_graph_string`].
struct Printer<'a> {
    graph: &'a Graph,
    nodes: &'a [(usize, Vec<(usize, usize)>)],
    reached: &'a [u32],
    names: &'a mut Vec<Option<String>>,
    named: usize,
}

impl Printer<'_> {
    fn render(&mut self, node: usize, out: &mut String) {
        stacker::maybe_grow(32 * 1024, 1024 * 1024, || {
            let (v, children) = &self.nodes[node];
            push_braced(out, &self.graph.vertex_labels[*v]);
            if self.reached[*v] > 1 {
                out.push(':');
                if self.names[*v].is_none() {
                    let k = self.named;
                    self.named += 1;
                    self.names[*v] = Some(if k < 26 {
                        ((b'A' + k as u8) as char).to_string()
                    } else {
                        format!("v{k}")
                    });
                }
                if let Some(name) = &self.names[*v] {
                    push_braced(out, name);
                }
            }
            let many = children.len() > 1;
            if many {
                out.push('(');
            }
            for (k, &(e, child)) in children.iter().enumerate() {
                if k > 0 {
                    out.push(';');
                }
                let label = &self.graph.edges[e].2;
                if label.is_empty() {
                    out.push('-');
                } else {
                    push_braced(out, label);
                }
                self.render(child, out);
            }
            if many {
                out.push(')');
            }
        })
    }
}

fn push_braced(out: &mut String, s: &str) {
    if s.chars().count() > 1 {
        out.push('{');
        out.push_str(s);
        out.push('}');
    } else {
        out.push_str(s);
    }
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_graph_string())
    }
}

/// Union-find over vertex indices.
pub struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    /// Every vertex of 0..n alone in its set.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    /// The representative of v's set.
    pub fn find(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    /// Join the sets of a and b.
    pub fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// The text of a label computed by a user function: integers in decimal,
/// strings as they are, players as `Left`/`Right`.
pub fn label_text(a: &Arg) -> RuleResult<String> {
    Ok(match a {
        Arg::Number(r) => r.to_string(),
        Arg::Str(s) => s.clone(),
        Arg::Player(p) => format!("{p:?}"),
        Arg::Nothing => String::new(),
        Arg::Bool(b) => b.to_string(),
        Arg::Game(g) => g.to_string(),
        other => {
            return Err(RuleError::bad_argument(format!(
                "Graph.Parse: a label must be a number, string or player, got {}",
                other.kind()
            )))
        }
    })
}

fn count_arg(what: &str, args: &Args, max: usize) -> RuleResult<usize> {
    args.check_keywords(what, &[])?;
    match args.positional.as_slice() {
        [n] => match n.as_i64() {
            Some(k) if k >= 0 && (k as u64) <= max as u64 => Ok(k as usize),
            Some(k) if k >= 0 => Err(RuleError::too_large(format!(
                "{what}: at most {max} vertices are supported, got {k}"
            ))),
            _ => Err(RuleError::bad_argument(format!(
                "{what} expects a non-negative integer, got {n:?}"
            ))),
        },
        args => Err(RuleError::bad_argument(format!(
            "{what} expects one argument (the number of vertices), got {}",
            args.len()
        ))),
    }
}

fn unlabelled(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Graph {
    Graph {
        vertex_labels: vec![String::new(); n],
        edges: edges
            .into_iter()
            .map(|(u, v)| (u, v, String::new()))
            .collect(),
    }
}

impl Graph {
    /// `Graph.Path(n)`: vertices 1..n, each joined to the next.
    pub fn path(n: usize) -> Graph {
        unlabelled(n, (1..n).map(|i| (i - 1, i)))
    }

    /// `Graph.Cycle(n)`: vertex i joined to i+1 and n to 1 (a loop when
    /// n = 1, two parallel edges when n = 2).
    pub fn cycle(n: usize) -> Graph {
        unlabelled(n, (0..n).map(|i| (i, (i + 1) % n)))
    }

    /// `Graph.Clique(n)`: every two of n vertices joined.
    pub fn clique(n: usize) -> Graph {
        unlabelled(n, (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))))
    }

    /// `Graph.Star(n)`: vertex 1 joined to each of vertices 2..n.
    pub fn star(n: usize) -> Graph {
        unlabelled(n, (1..n).map(|i| (0, i)))
    }

    /// `Graph.FromAdjacencyList(lists)`: list i holds the (1-based)
    /// neighbours of vertex i. Every edge must appear in both lists (a loop
    /// once, in its vertex's list); parallel edges are repeated entries.
    pub fn from_adjacency(lists: &[Vec<usize>]) -> RuleResult<Graph> {
        let n = lists.len();
        if n > MAX_VERTICES {
            return Err(RuleError::too_large(format!(
                "Graph.FromAdjacencyList: at most {MAX_VERTICES} vertices are supported"
            )));
        }
        let mut count: FxHashMap<(usize, usize), i64> = FxHashMap::default();
        let mut edges = Vec::new();
        for (u, list) in lists.iter().enumerate() {
            for &w in list {
                if w == 0 || w > n {
                    return Err(RuleError::bad_argument(format!(
                        "Graph.FromAdjacencyList: vertex {} lists {w}, which is not a vertex (1..{n})",
                        u + 1
                    )));
                }
                let v = w - 1;
                if v >= u {
                    edges.push((u, v));
                    *count.entry((u, v)).or_insert(0) += 1;
                } else {
                    *count.entry((v, u)).or_insert(0) -= 1;
                }
            }
        }
        if let Some(((u, v), _)) = count.iter().filter(|(&(u, v), &c)| u != v && c != 0).min() {
            return Err(RuleError::bad_argument(format!(
                "Graph.FromAdjacencyList: the lists are not symmetric (vertices {} and {} list each other a different number of times)",
                u + 1,
                v + 1
            )));
        }
        if edges.len() > MAX_EDGES {
            return Err(RuleError::too_large(format!(
                "Graph.FromAdjacencyList: at most {MAX_EDGES} edges are supported"
            )));
        }
        Ok(unlabelled(n, edges))
    }
}

fn graph_arg(g: Graph) -> Arg {
    Arg::object(g)
}

impl Object for Graph {
    fn class_name(&self) -> &'static str {
        "Graph"
    }

    fn text(&self) -> String {
        format!("Graph(\"{self}\")")
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `Graph.Parse(str, vertexLabels => f, edgeLabels => f)`. Without
/// `vertexLabels` the only vertex token is `.`; without `edgeLabels` the only
/// edge token is `-`. With a function, every token that is not punctuation
/// of the grammar is a label, and the function maps it (as a string) to the
/// label.
fn parse_member(args: &Args) -> RuleResult<Graph> {
    args.check_keywords("Graph.Parse", &["vertexLabels", "edgeLabels"])?;
    let s = args.single_str("Graph.Parse")?;
    let function = |name: &str| -> RuleResult<Option<UserFn>> {
        match args.keyword(name) {
            None | Some(Arg::Nothing) => Ok(None),
            Some(Arg::Function(f)) => Ok(Some(f.clone())),
            Some(other) => Err(RuleError::bad_argument(format!(
                "Graph.Parse: `{name}` must be a function, got {}",
                other.kind()
            ))),
        }
    };
    let (vf, ef) = (function("vertexLabels")?, function("edgeLabels")?);
    let call = |f: &UserFn, token: &str| -> RuleResult<String> {
        label_text(&f(&[Arg::Str(token.to_string())])?)
    };
    let vcall;
    let ecall;
    let none: &[(&str, &str)] = &[];
    let dash: &[(&str, &str)] = &[("", "")];
    let vt = match &vf {
        Some(f) => {
            vcall = move |t: &str| call(f, t);
            LabelTable::Function(&vcall)
        }
        None => LabelTable::Fixed(none),
    };
    let et = match &ef {
        Some(f) => {
            ecall = move |t: &str| call(f, t);
            LabelTable::Function(&ecall)
        }
        None => LabelTable::Fixed(dash),
    };
    Graph::parse(s, &vt, &et)
}

/// `Graph.Path(n)`, `Graph.Cycle(n)`, `Graph.Clique(n)`, `Graph.Star(n)`,
/// `Graph.FromAdjacencyList(lists)`, `Graph.Parse(str, ...)`.
pub fn class_member(member: &str, args: &Args) -> Option<RuleResult<Arg>> {
    let what = format!("Graph.{member}");
    let made = match member {
        "Path" => count_arg(&what, args, MAX_VERTICES).map(Graph::path),
        "Cycle" => count_arg(&what, args, MAX_VERTICES).map(Graph::cycle),
        "Star" => count_arg(&what, args, MAX_VERTICES).map(Graph::star),
        "Clique" => count_arg(&what, args, 256).map(Graph::clique),
        "FromAdjacencyList" => adjacency_member(args),
        "Parse" => parse_member(args),
        _ => return None,
    };
    Some(made.map(graph_arg))
}

fn adjacency_member(args: &Args) -> RuleResult<Graph> {
    let what = "Graph.FromAdjacencyList";
    args.check_keywords(what, &[])?;
    let bad =
        || RuleError::bad_argument(format!("{what} expects a list of lists of vertex numbers"));
    let [lists] = args.positional.as_slice() else {
        return Err(bad());
    };
    let lists = lists
        .elements()
        .ok_or_else(bad)?
        .iter()
        .map(|l| {
            l.elements()
                .ok_or_else(bad)?
                .iter()
                .map(|v| {
                    v.as_u64()
                        .and_then(|k| usize::try_from(k).ok())
                        .ok_or_else(bad)
                })
                .collect::<RuleResult<Vec<usize>>>()
        })
        .collect::<RuleResult<Vec<_>>>()?;
    Graph::from_adjacency(&lists)
}

/// The graph given to a graph ruleset: a string read with the ruleset's
/// label tables, or a `Graph` object.
pub fn from_args(
    what: &str,
    args: &Args,
    vertices: &LabelTable,
    edges: &LabelTable,
) -> RuleResult<Graph> {
    args.check_keywords(what, &[])?;
    match args.positional.as_slice() {
        [Arg::Str(s)] => Graph::parse(s, vertices, edges),
        [a @ Arg::Object(o)] => match a.as_object::<Graph>() {
            Some(g) => Ok(g.clone()),
            None => Err(RuleError::bad_argument(format!(
                "{what} expects a graph, got {o}"
            ))),
        },
        _ => Err(RuleError::bad_argument(format!(
            "{what} expects one argument: a graph string or a Graph"
        ))),
    }
}
