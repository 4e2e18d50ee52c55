//! Hackenbush, ChildishHackenbush and GenHackenbush (RULESETS 3.2).
//!
//! A position is a connected multigraph whose vertex 0 is the ground, with
//! blue (`l`), red (`r`) and green (`e`) edges. Left removes a blue or green
//! edge, Right a red or green one, and everything no longer connected to
//! the ground falls away. A childish colour may only be removed when
//! nothing falls. Positions print as graph strings (RULESETS 3.1.6).
//!
//! Shortcuts (each preserves the value):
//! * the pieces hanging from the ground (the components of the graph minus
//!   the ground, each with its own copy of the ground, and each loop at the
//!   ground) are independent, so a position is the sum of its pieces;
//! * a piece is numbered canonically ([`crate::boards::canon`]), and when blue and
//!   red are treated alike the colour-swapped piece (the negative) is used
//!   if it is smaller;
//! * a green tree piece (green not childish) is replaced by the green stalk
//!   of its nim value (the colon principle, Winning Ways ch. 7).

use crate::boards::canon::canonical_order;
use crate::boards::graph::{from_args, Graph, LabelTable};
use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset};
use onag_core::game::Game;
use std::rc::Rc;

/// A blue edge (`l`), Left's. Edge colours are stored as these numbers.
pub const BLUE: u8 = 0;
/// A red edge (`r`), Right's.
pub const RED: u8 = 1;
/// A green edge (`e`), either player's.
pub const GREEN: u8 = 2;

/// Hackenbush's childish colours: none. The presets' childish-colour sets
/// have bit c for colour c.
pub const NONE_CHILDISH: u8 = 0;
/// Hackenbush's childish colours: blue and red (ChildishHackenbush).
pub const CHILDISH: u8 = 1 << BLUE | 1 << RED;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "Hackenbush",
        package: Package::Graph,
        doc: "Remove an edge (Left blue `l` or green `e`, Right red `r` or green); what loses contact with the ground falls.",
        make: Make::Ruleset(|| Rc::new(HackenbushRules { childish: NONE_CHILDISH })),
    },
    RulesetEntry {
        name: "ChildishHackenbush",
        package: Package::Graph,
        doc: "Hackenbush where a blue or red edge may only be removed if nothing else falls.",
        make: Make::Ruleset(|| Rc::new(HackenbushRules { childish: CHILDISH })),
    },
    RulesetEntry {
        name: "GenHackenbush",
        package: Package::Graph,
        doc: "GenHackenbush(childishEdges => [...]): Hackenbush where the listed colours may only be removed if nothing else falls.",
        make: Make::Schema(schema),
    },
];

fn schema(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords("GenHackenbush", &["childishEdges"])?;
    if !args.positional.is_empty() {
        return Err(RuleError::bad_argument(
            "GenHackenbush takes only the keyword argument childishEdges",
        ));
    }
    let mut childish = 0u8;
    if let Some(list) = args.keyword("childishEdges") {
        let items = list.elements().ok_or_else(|| {
            RuleError::bad_argument(format!(
                "GenHackenbush: childishEdges must be a list of edge colours, got {}",
                list.kind()
            ))
        })?;
        for item in items {
            childish |= 1 << colour_arg(item)?;
        }
    }
    Ok(Rc::new(HackenbushRules { childish }))
}

/// An edge colour given as an argument: `Left` (blue), `Right` (red), or
/// one of the strings `"l"`, `"r"`, `"e"`, `"Blue"`, `"Red"`, `"Green"`.
fn colour_arg(a: &Arg) -> RuleResult<u8> {
    let c = match a {
        Arg::Player(Player::Left) => Some(BLUE),
        Arg::Player(Player::Right) => Some(RED),
        Arg::Str(s) => colour_label(s),
        _ => None,
    };
    c.ok_or_else(|| {
        RuleError::bad_argument(format!(
            "GenHackenbush: not an edge colour: {a:?} (expected Left, Right or \"e\")"
        ))
    })
}

/// The colour of an edge label of a Graph.
fn colour_label(s: &str) -> Option<u8> {
    match s {
        "l" | "Left" | "Blue" | "blue" => Some(BLUE),
        "r" | "Right" | "Red" | "red" => Some(RED),
        "e" | "Green" | "green" => Some(GREEN),
        _ => None,
    }
}

/// A Hackenbush ruleset: its set of childish colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HackenbushRules {
    /// The childish colours, as a bit set (bit c for colour c).
    pub childish: u8,
}

impl AnyRuleset for HackenbushRules {
    fn name(&self) -> String {
        match self.childish {
            NONE_CHILDISH => "Hackenbush".into(),
            CHILDISH => "ChildishHackenbush".into(),
            c => {
                let names: Vec<&str> = [(BLUE, "Left"), (RED, "Right"), (GREEN, "\"e\"")]
                    .iter()
                    .filter(|(b, _)| c >> b & 1 == 1)
                    .map(|(_, n)| *n)
                    .collect();
                format!("GenHackenbush(childishEdges => [{}])", names.join(", "))
            }
        }
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let name = self.name();
        let graph = from_args(&name, args, &LabelTable::Fixed(&[]), &EDGE_TABLE)?;
        Ok(partizan(
            &Rc::from(name.as_str()),
            Hackenbush::from_graph(&graph, self.childish)?,
        ))
    }
}

/// Hackenbush's edge tokens (RULESETS 3.1).
pub const EDGE_TABLE: LabelTable<'static> =
    LabelTable::Fixed(&[("l", "l"), ("r", "r"), ("e", "e")]);

/// The largest number of vertices of a Hackenbush position.
pub const MAX_VERTICES: usize = u16::MAX as usize;

/// A Hackenbush position: vertex 0 is the ground; edges (u, v, colour) in
/// creation order (which fixes the order of the options and the printing).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hackenbush {
    childish: u8,
    vertices: u16,
    edges: Box<[(u16, u16, u8)]>,
}

impl Hackenbush {
    /// A position from a graph (RULESETS 3.2 construction checks: the graph
    /// must be connected, then non-empty; edge labels `l`, `r`, `e`).
    pub fn from_graph(g: &Graph, childish: u8) -> RuleResult<Hackenbush> {
        if !g.is_connected() {
            return Err(RuleError::bad_position("That `Graph` is not connected."));
        }
        if g.is_empty() {
            return Err(RuleError::bad_position(
                "That `Graph` is empty (no ground).",
            ));
        }
        if g.len() > MAX_VERTICES {
            return Err(RuleError::too_large(format!(
                "Hackenbush graphs are limited to {MAX_VERTICES} vertices"
            )));
        }
        let edges = g
            .edges
            .iter()
            .map(|(u, v, l)| {
                let c = colour_label(l).ok_or_else(|| {
                    RuleError::bad_position(format!(
                        "Hackenbush edges must be labelled l, r or e; found `{l}`"
                    ))
                })?;
                Ok((*u as u16, *v as u16, c))
            })
            .collect::<RuleResult<_>>()?;
        Ok(Hackenbush {
            childish: childish & 7,
            vertices: g.len() as u16,
            edges,
        })
    }

    /// Parse a Hackenbush string (childish colours as a bit set: bit 0
    /// blue, bit 1 red, bit 2 green).
    pub fn parse(s: &str, childish: u8) -> RuleResult<Hackenbush> {
        Hackenbush::from_graph(
            &Graph::parse(s, &LabelTable::Fixed(&[]), &EDGE_TABLE)?,
            childish,
        )
    }

    /// The position as a graph with labels `l`, `r`, `e`.
    pub fn graph(&self) -> Graph {
        Graph {
            vertex_labels: vec![String::new(); self.vertices as usize],
            edges: self
                .edges
                .iter()
                .map(|&(u, v, c)| {
                    (
                        u as usize,
                        v as usize,
                        ["l", "r", "e"][c as usize % 3].to_string(),
                    )
                })
                .collect(),
        }
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The same graph with blue and red swapped (the negative, when blue and
    /// red are both childish or both not).
    pub fn swapped(&self) -> Hackenbush {
        Hackenbush {
            edges: self
                .edges
                .iter()
                .map(|&(u, v, c)| (u, v, swap_colour(c)))
                .collect(),
            childish: self.childish & 4 | (self.childish & 1) << 1 | (self.childish >> 1) & 1,
            ..self.clone()
        }
    }

    /// The graph without edge `edge`, cut to the component of the ground
    /// and renumbered in order (RULESETS 3.1.5).
    fn remove_edge(&self, edge: usize) -> Hackenbush {
        // As in CGSuite, the first entry with the same endpoints and colour
        // goes (which differs from `edge` only among parallel edges).
        let (a, b, c) = self.edges[edge];
        let skip = self
            .edges
            .iter()
            .position(|&(u, v, d)| d == c && ((u, v) == (a, b) || (u, v) == (b, a)))
            .unwrap_or(edge);
        let n = self.vertices as usize;
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(u, v, _)) in self.edges.iter().enumerate() {
            if i != skip {
                adj[u as usize].push(v as usize);
                adj[v as usize].push(u as usize);
            }
        }
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut stack = vec![0usize];
        while let Some(u) = stack.pop() {
            for &w in &adj[u] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        let mut map = vec![u16::MAX; n];
        let mut k = 0u16;
        for v in 0..n {
            if seen[v] {
                map[v] = k;
                k += 1;
            }
        }
        Hackenbush {
            childish: self.childish,
            vertices: k,
            edges: self
                .edges
                .iter()
                .enumerate()
                .filter(|&(i, &(u, _, _))| i != skip && seen[u as usize])
                .map(|(_, &(u, v, c))| (map[u as usize], map[v as usize], c))
                .collect(),
        }
    }

    /// The nim value of a green tree rooted at the ground, by the colon
    /// principle; None unless the piece is an all-green tree.
    fn green_tree_value(&self) -> Option<usize> {
        let n = self.vertices as usize;
        if self.edges.len() + 1 != n || self.edges.iter().any(|e| e.2 != GREEN || e.0 == e.1) {
            return None;
        }
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(u, v, _) in self.edges.iter() {
            adj[u as usize].push(v as usize);
            adj[v as usize].push(u as usize);
        }
        // Preorder from the ground; connected with n-1 edges means a tree.
        let mut parent = vec![usize::MAX; n];
        let mut order = Vec::with_capacity(n);
        let mut stack = vec![0usize];
        parent[0] = 0;
        while let Some(u) = stack.pop() {
            order.push(u);
            for &w in &adj[u] {
                if parent[w] == usize::MAX {
                    parent[w] = u;
                    stack.push(w);
                }
            }
        }
        if order.len() != n {
            return None;
        }
        let mut value = vec![0usize; n];
        for &u in order.iter().rev().filter(|&&u| u != 0) {
            value[parent[u]] ^= value[u] + 1;
        }
        Some(value[0])
    }

    /// The value of a blue-red string rooted at the ground in standard
    /// (not childish) play: the number whose sign expansion the string
    /// writes from the ground up, blue for `+` (Berlekamp's rule; ONAG
    /// ch. 3). None for any other piece.
    fn string_value(&self) -> Option<Game> {
        let n = self.vertices as usize;
        if self.childish & CHILDISH != 0
            || self.edges.len() + 1 != n
            || self.edges.iter().any(|e| e.2 == GREEN || e.0 == e.1)
        {
            return None;
        }
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(u, v, _)) in self.edges.iter().enumerate() {
            incident[u as usize].push(i);
            incident[v as usize].push(i);
        }
        if incident[0].len() > 1 || incident.iter().any(|e| e.len() > 2) {
            return None;
        }
        let mut signs = Vec::with_capacity(self.edges.len());
        let (mut at, mut came_by) = (0usize, usize::MAX);
        while let Some(&e) = incident[at].iter().find(|&&e| e != came_by) {
            let (u, v, c) = self.edges[e];
            signs.push(c == BLUE);
            at = if u as usize == at {
                v as usize
            } else {
                u as usize
            };
            came_by = e;
        }
        (signs.len() == self.edges.len())
            .then(|| Game::number(onag_core::sign_expansion::from_sign_expansion(&signs)))
    }

    /// A tree piece numbered canonically: children in the order of their
    /// (edge colour, subtree class), vertices in preorder (the AHU encoding
    /// of rooted trees). Subtree classes are numbered height by height in
    /// the order of their keys (sorted (colour, child class) lists), so
    /// equal classes mean isomorphic subtrees and the numbering depends on
    /// shape alone. None unless the piece is a tree.
    fn canonical_tree(&self) -> Option<Hackenbush> {
        let n = self.vertices as usize;
        let m = self.edges.len();
        if m + 1 != n || self.edges.iter().any(|e| e.0 == e.1) {
            return None;
        }
        // Adjacency in compressed rows.
        let mut start = vec![0usize; n + 1];
        for &(u, v, _) in self.edges.iter() {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut nb = vec![(0u32, 0u8); 2 * m];
        for &(u, v, c) in self.edges.iter() {
            nb[fill[u as usize]] = (v as u32, c);
            fill[u as usize] += 1;
            nb[fill[v as usize]] = (u as u32, c);
            fill[v as usize] += 1;
        }
        // Parents and a preorder from the ground.
        let mut parent = vec![u32::MAX; n];
        parent[0] = 0;
        let mut order = Vec::with_capacity(n);
        let mut stack = vec![0u32];
        while let Some(u) = stack.pop() {
            order.push(u);
            for &(w, _) in &nb[start[u as usize]..start[u as usize + 1]] {
                if parent[w as usize] == u32::MAX {
                    parent[w as usize] = u;
                    stack.push(w);
                }
            }
        }
        if order.len() != n {
            return None;
        }
        let mut height = vec![0u32; n];
        for &u in order.iter().rev() {
            if u != 0 {
                let p = parent[u as usize] as usize;
                height[p] = height[p].max(height[u as usize] + 1);
            }
        }
        // Each vertex's children as (colour, class, child), in one buffer;
        // a vertex's segment is filled once its children have classes.
        let mut buf = vec![(0u8, 0u32, 0u32); m];
        let mut seg = vec![(0usize, 0usize); n];
        let mut at = 0usize;
        for u in 0..n {
            let k = start[u + 1] - start[u] - usize::from(u != 0);
            seg[u] = (at, at + k);
            at += k;
        }
        let mut by_height: Vec<u32> = (0..n as u32).collect();
        by_height.sort_unstable_by_key(|&v| height[v as usize]);
        let mut class = vec![0u32; n];
        let mut next_class = 0u32;
        let mut i = 0;
        while i < n {
            let h = height[by_height[i] as usize];
            let mut j = i;
            while j < n && height[by_height[j] as usize] == h {
                let u = by_height[j] as usize;
                let (s0, _) = seg[u];
                let mut k = s0;
                for &(w, c) in &nb[start[u]..start[u + 1]] {
                    if w != 0 && parent[w as usize] as usize == u {
                        buf[k] = (c, class[w as usize], w);
                        k += 1;
                    }
                }
                buf[s0..k].sort_unstable();
                j += 1;
            }
            let key = |v: u32| {
                let (a, b) = seg[v as usize];
                buf[a..b].iter().map(|&(c, cl, _)| (c, cl))
            };
            by_height[i..j].sort_unstable_by(|&x, &y| key(x).cmp(key(y)));
            for t in i..j {
                if t > i && key(by_height[t]).ne(key(by_height[t - 1])) {
                    next_class += 1;
                }
                class[by_height[t] as usize] = next_class;
            }
            next_class += 1;
            i = j;
        }
        // Preorder numbering, children in sorted order.
        let mut edges = Vec::with_capacity(m);
        let mut number = 0u16;
        let mut walk: Vec<(usize, u16, usize)> = vec![(0, 0, seg[0].0)];
        while let Some(top) = walk.last_mut() {
            let (u, id, k) = *top;
            if k == seg[u].1 {
                walk.pop();
                continue;
            }
            top.2 += 1;
            let (c, _, w) = buf[k];
            number += 1;
            edges.push((id, number, c));
            walk.push((w as usize, number, seg[w as usize].0));
        }
        Some(Hackenbush {
            childish: self.childish,
            vertices: self.vertices,
            edges: edges.into(),
        })
    }

    /// The piece numbered canonically.
    fn canonical(&self) -> Hackenbush {
        if let Some(t) = self.canonical_tree() {
            return t;
        }
        let n = self.vertices as usize;
        let colours: Vec<u64> = (0..n).map(|v| u64::from(v != 0)).collect();
        let mut adj: Vec<Vec<(usize, u8)>> = vec![Vec::new(); n];
        for &(u, v, c) in self.edges.iter() {
            adj[u as usize].push((v as usize, c));
            if u != v {
                adj[v as usize].push((u as usize, c));
            }
        }
        let order = canonical_order(&colours, &adj);
        let mut edges: Vec<(u16, u16, u8)> = self
            .edges
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (order[u as usize] as u16, order[v as usize] as u16);
                (a.min(b), a.max(b), c)
            })
            .collect();
        edges.sort_unstable();
        Hackenbush {
            childish: self.childish,
            vertices: self.vertices,
            edges: edges.into(),
        }
    }
}

/// The non-ground vertices of a piece and its edges.
type Piece = (Vec<usize>, Vec<(u16, u16, u8)>);

fn swap_colour(c: u8) -> u8 {
    match c {
        BLUE => RED,
        RED => BLUE,
        c => c,
    }
}

impl Position for Hackenbush {
    fn options(&self, player: Player) -> Vec<Self> {
        let mine = match player {
            Player::Left => BLUE,
            Player::Right => RED,
        };
        let mut order: Vec<usize> = (0..self.edges.len()).collect();
        order.sort_by_key(|&i| self.edges[i].0.min(self.edges[i].1));
        let mut out = Vec::new();
        for i in order {
            let c = self.edges[i].2;
            if c != mine && c != GREEN {
                continue;
            }
            let o = self.remove_edge(i);
            if self.childish >> c & 1 == 1 && o.edges.len() + 1 != self.edges.len() {
                continue;
            }
            out.push(o);
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let n = self.vertices as usize;
        let mut uf = crate::boards::graph::UnionFind::new(n);
        for &(u, v, _) in self.edges.iter() {
            if u != 0 && v != 0 {
                uf.union(u as usize, v as usize);
            }
        }
        // Piece index of each non-ground root, in order of smallest vertex.
        let mut piece_of = vec![usize::MAX; n];
        let mut pieces: Vec<Piece> = Vec::new();
        for v in 1..n {
            let r = uf.find(v);
            if piece_of[r] == usize::MAX {
                piece_of[r] = pieces.len();
                pieces.push((Vec::new(), Vec::new()));
            }
            pieces[piece_of[r]].0.push(v);
        }
        let mut loops = Vec::new();
        for &e in self.edges.iter() {
            let (u, v, _) = e;
            if u == 0 && v == 0 {
                loops.push(e);
            } else {
                let w = if u == 0 { v } else { u };
                pieces[piece_of[uf.find(w as usize)]].1.push(e);
            }
        }
        if pieces.len() + loops.len() == 1 {
            return vec![self.clone()];
        }
        let mut out: Vec<Hackenbush> = Vec::with_capacity(pieces.len() + loops.len());
        let mut map = vec![0u16; n];
        for (vs, es) in pieces {
            if es.is_empty() {
                continue;
            }
            for (i, &v) in vs.iter().enumerate() {
                map[v] = i as u16 + 1;
            }
            out.push(Hackenbush {
                childish: self.childish,
                vertices: vs.len() as u16 + 1,
                edges: es
                    .iter()
                    .map(|&(u, v, c)| (map[u as usize], map[v as usize], c))
                    .collect(),
            });
        }
        for e in loops {
            out.push(Hackenbush {
                childish: self.childish,
                vertices: 1,
                edges: Box::new([e]),
            });
        }
        out
    }

    fn normalize(&self) -> (Self, bool) {
        if self.childish >> GREEN & 1 == 0 {
            if let Some(k) = self.green_tree_value().filter(|&k| k < MAX_VERTICES) {
                return (
                    Hackenbush {
                        childish: self.childish,
                        vertices: k as u16 + 1,
                        edges: (0..k as u16).map(|i| (i, i + 1, GREEN)).collect(),
                    },
                    false,
                );
            }
        }
        if self.childish & 1 != (self.childish >> 1) & 1 {
            return (self.canonical(), false);
        }
        // The colour counts decide between the piece and its negative when
        // they differ (they are invariants, so the choice stays canonical).
        let blue = self.edges.iter().filter(|e| e.2 == BLUE).count();
        let red = self.edges.iter().filter(|e| e.2 == RED).count();
        if blue != red {
            return if blue > red {
                (self.canonical(), false)
            } else {
                (self.swapped().canonical(), true)
            };
        }
        let a = self.canonical();
        let b = self.swapped().canonical();
        if b.edges < a.edges {
            (b, true)
        } else {
            (a, false)
        }
    }

    fn known_value(&self) -> Option<Game> {
        self.string_value()
    }

    fn text(&self) -> String {
        format!("\"{}\"", self.graph().to_graph_string())
    }
}
