//! ArcKayles, WeightedArcKayles (GenArcKayles, RULESETS 3.4) and
//! PartizanArcKayles (RULESETS 3.5).
//!
//! * ArcKayles (impartial): choose an edge and delete both endpoints; a
//!   loop at u deletes u alone.
//! * WeightedArcKayles (impartial): vertices carry non-negative integer
//!   weights; choose an edge whose endpoints both have positive weight and
//!   decrease each by one (a loop decreases its vertex once). The edge
//!   stays.
//! * PartizanArcKayles: edges `l`, `r`, `e`; Left chooses a blue or green
//!   edge, Right a red or green one, and its endpoints are deleted.
//!
//! Graphs have at most 64 vertices, as adjacency bitmasks (parallel edges
//! never change the options, so they are merged). Every position is the sum
//! of its connected components (for WeightedArcKayles after dropping the
//! weight-0 vertices); each component is numbered canonically
//! ([`crate::boards::canon`]); in PartizanArcKayles the colour-swapped component,
//! whose value is the negative, is used when smaller.

use crate::boards::canon::{
    canonical_order, compact, components, lists, permute_adj, permute_mask, pext,
};
use crate::boards::graph::{from_args, Graph, LabelTable};
use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{ImpartialPosition, Player, Position};
use crate::framework::ruleset::{impartial, partizan, AnyPosition, AnyRuleset, Simple};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "ArcKayles",
        package: Package::Graph,
        doc: "Impartial: choose an edge and delete both its endpoints (`-` edges; a loop deletes its vertex).",
        make: Make::Ruleset(|| Rc::new(ArcKaylesRules { weighted: false })),
    },
    RulesetEntry {
        name: "WeightedArcKayles",
        package: Package::Graph,
        doc: "Impartial: choose an edge whose endpoints have positive weight and decrease both weights by 1.",
        make: Make::Ruleset(|| Rc::new(ArcKaylesRules { weighted: true })),
    },
    RulesetEntry {
        name: "GenArcKayles",
        package: Package::Graph,
        doc: "GenArcKayles(weighted => false): ArcKayles, or WeightedArcKayles when weighted.",
        make: Make::Schema(schema),
    },
    RulesetEntry {
        name: "PartizanArcKayles",
        package: Package::Graph,
        doc: "Left chooses a blue (`l`) or green (`e`) edge, Right a red (`r`) or green one; its endpoints are deleted.",
        make: Make::Ruleset(|| {
            Rc::new(Simple {
                name: "PartizanArcKayles",
                build: build_partizan,
            })
        }),
    },
];

fn schema(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords("GenArcKayles", &["weighted"])?;
    if !args.positional.is_empty() {
        return Err(RuleError::bad_argument(
            "GenArcKayles takes only the keyword argument weighted",
        ));
    }
    let weighted = match args.keyword("weighted") {
        None => false,
        Some(Arg::Bool(b)) => *b,
        Some(other) => {
            return Err(RuleError::bad_argument(format!(
                "GenArcKayles: weighted must be true or false, got {other:?}"
            )))
        }
    };
    Ok(Rc::new(ArcKaylesRules { weighted }))
}

/// ArcKayles's tokens: `.` vertices, `-` edges.
const NO_VERTEX_LABELS: LabelTable<'static> = LabelTable::Fixed(&[]);
const DASH: LabelTable<'static> = LabelTable::Fixed(&[("", "")]);
/// PartizanArcKayles's edge tokens, as in Hackenbush.
const COLOURED: LabelTable<'static> = LabelTable::Fixed(&[("l", "l"), ("r", "r"), ("e", "e")]);

/// ArcKayles or WeightedArcKayles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArcKaylesRules {
    /// WeightedArcKayles rather than ArcKayles.
    pub weighted: bool,
}

impl AnyRuleset for ArcKaylesRules {
    fn name(&self) -> String {
        if self.weighted {
            "WeightedArcKayles".into()
        } else {
            "ArcKayles".into()
        }
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let name = self.name();
        let g = from_args(&name, args, &NO_VERTEX_LABELS, &DASH)?;
        let prefix: Rc<str> = Rc::from(name.as_str());
        if self.weighted {
            Ok(impartial(&prefix, WeightedArcKayles::from_graph(&g)?))
        } else {
            Ok(impartial(&prefix, ArcKayles::from_graph(&g)?))
        }
    }
}

fn build_partizan(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let g = from_args("PartizanArcKayles", args, &NO_VERTEX_LABELS, &COLOURED)?;
    Ok(partizan(prefix, PartizanArcKayles::from_graph(&g)?))
}

fn check_size(what: &str, g: &Graph) -> RuleResult<()> {
    if g.len() > 64 {
        return Err(RuleError::too_large(format!(
            "{what} graphs are limited to 64 vertices; this one has {}",
            g.len()
        )));
    }
    Ok(())
}

fn all(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Adjacency masks (no loops) and the loop mask of a graph's edges.
fn masks<'a>(n: usize, edges: impl Iterator<Item = &'a (usize, usize, String)>) -> (Vec<u64>, u64) {
    let mut adj = vec![0u64; n];
    let mut loops = 0u64;
    for &(u, v, _) in edges {
        if u == v {
            loops |= 1 << u;
        } else {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
    }
    (adj, loops)
}

/// The graph string of adjacency masks, loops and vertex labels.
fn graph_text(
    adj: &[u64],
    loops: &[(u64, &str)],
    labels: &[String],
    edge: &dyn Fn(usize, usize) -> &'static str,
) -> String {
    let n = adj.len();
    let mut edges = Vec::new();
    for (u, &a) in adj.iter().enumerate() {
        for &(mask, l) in loops {
            if mask >> u & 1 == 1 {
                edges.push((u, u, l.to_string()));
            }
        }
        for v in u + 1..n {
            if a >> v & 1 == 1 {
                edges.push((u, v, edge(u, v).to_string()));
            }
        }
    }
    let g = Graph {
        vertex_labels: labels.to_vec(),
        edges,
    };
    format!("\"{}\"", g.to_graph_string())
}

/// An ArcKayles position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArcKayles {
    loops: u64,
    adj: Box<[u64]>,
}

impl ArcKayles {
    /// A position from a graph (labels are ignored).
    pub fn from_graph(g: &Graph) -> RuleResult<ArcKayles> {
        check_size("ArcKayles", g)?;
        let (adj, loops) = masks(g.len(), g.edges.iter());
        Ok(ArcKayles {
            loops,
            adj: adj.into(),
        })
    }

    /// Parse an ArcKayles string (`.` vertices, `-` edges).
    pub fn parse(s: &str) -> RuleResult<ArcKayles> {
        ArcKayles::from_graph(&Graph::parse(s, &NO_VERTEX_LABELS, &DASH)?)
    }

    fn n(&self) -> usize {
        self.adj.len()
    }

    fn without(&self, gone: u64) -> ArcKayles {
        self.restrict(all(self.n()) & !gone)
    }

    fn restrict(&self, keep: u64) -> ArcKayles {
        ArcKayles {
            loops: pext(self.loops, keep),
            adj: compact(&self.adj, keep).into(),
        }
    }
}

impl ImpartialPosition for ArcKayles {
    fn options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for u in 0..self.n() {
            if self.loops >> u & 1 == 1 {
                out.push(self.without(1 << u));
            }
            let mut m = self.adj[u] & !all(u + 1);
            while m != 0 {
                let v = m.trailing_zeros();
                m &= m - 1;
                out.push(self.without(1 << u | 1 << v));
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let comps = components(&self.adj, all(self.n()));
        if comps.len() == 1 {
            return vec![self.clone()];
        }
        comps
            .into_iter()
            .filter(|&c| c.count_ones() > 1 || c & self.loops != 0)
            .map(|c| self.restrict(c))
            .collect()
    }

    fn normalize(&self) -> Self {
        let colours: Vec<u64> = (0..self.n()).map(|v| self.loops >> v & 1).collect();
        let order = canonical_order(&colours, &lists(&self.adj, |_, _| 0));
        ArcKayles {
            loops: permute_mask(self.loops, &order),
            adj: permute_adj(&self.adj, &order).into(),
        }
    }

    fn text(&self) -> String {
        let labels = vec![String::new(); self.n()];
        graph_text(&self.adj, &[(self.loops, "")], &labels, &|_, _| "")
    }
}

/// The largest vertex weight of a WeightedArcKayles position.
pub const MAX_WEIGHT: u64 = u32::MAX as u64;

/// A WeightedArcKayles position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WeightedArcKayles {
    weights: Box<[u32]>,
    loops: u64,
    adj: Box<[u64]>,
}

impl WeightedArcKayles {
    /// A position from a graph whose vertex labels are non-negative
    /// integers (as made by `Graph.Parse(s, vertexLabels => ...)`).
    pub fn from_graph(g: &Graph) -> RuleResult<WeightedArcKayles> {
        check_size("WeightedArcKayles", g)?;
        let weights = g
            .vertex_labels
            .iter()
            .map(|l| match l.parse::<u64>() {
                Ok(w) if w <= MAX_WEIGHT => Ok(w as u32),
                Ok(_) => Err(RuleError::too_large(format!(
                    "WeightedArcKayles: weights are limited to {MAX_WEIGHT}"
                ))),
                Err(_) => Err(RuleError::bad_position(format!(
                    "WeightedArcKayles: every vertex needs a non-negative integer weight; found `{l}`"
                ))),
            })
            .collect::<RuleResult<_>>()?;
        let (adj, loops) = masks(g.len(), g.edges.iter());
        Ok(WeightedArcKayles {
            weights,
            loops,
            adj: adj.into(),
        })
    }

    /// A position from weights and edges (0-based; u == v is a loop).
    pub fn new(weights: &[u32], edges: &[(usize, usize)]) -> RuleResult<WeightedArcKayles> {
        let g = Graph {
            vertex_labels: weights.iter().map(|w| w.to_string()).collect(),
            edges: edges.iter().map(|&(u, v)| (u, v, String::new())).collect(),
        };
        if edges
            .iter()
            .any(|&(u, v)| u >= weights.len() || v >= weights.len())
        {
            return Err(RuleError::bad_position(
                "WeightedArcKayles: edge to a missing vertex",
            ));
        }
        WeightedArcKayles::from_graph(&g)
    }

    fn n(&self) -> usize {
        self.adj.len()
    }

    fn restrict(&self, keep: u64) -> WeightedArcKayles {
        WeightedArcKayles {
            weights: (0..self.n())
                .filter(|&v| keep >> v & 1 == 1)
                .map(|v| self.weights[v])
                .collect(),
            loops: pext(self.loops, keep),
            adj: compact(&self.adj, keep).into(),
        }
    }

    fn positive(&self) -> u64 {
        (0..self.n())
            .filter(|&v| self.weights[v] > 0)
            .fold(0, |m, v| m | 1 << v)
    }
}

impl ImpartialPosition for WeightedArcKayles {
    fn options(&self) -> Vec<Self> {
        let pos = self.positive();
        let mut out = Vec::new();
        for u in 0..self.n() {
            if pos >> u & 1 == 0 {
                continue;
            }
            if self.loops >> u & 1 == 1 {
                let mut o = self.clone();
                o.weights[u] -= 1;
                out.push(o);
            }
            let mut m = self.adj[u] & pos & !all(u + 1);
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut o = self.clone();
                o.weights[u] -= 1;
                o.weights[v] -= 1;
                out.push(o);
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let pos = self.positive();
        let adj: Vec<u64> = self.adj.iter().map(|a| a & pos).collect();
        components(&adj, pos)
            .into_iter()
            .filter(|&c| c.count_ones() > 1 || c & self.loops != 0)
            .map(|c| self.restrict(c))
            .collect()
    }

    fn normalize(&self) -> Self {
        let colours: Vec<u64> = (0..self.n())
            .map(|v| (self.weights[v] as u64) << 1 | self.loops >> v & 1)
            .collect();
        let order = canonical_order(&colours, &lists(&self.adj, |_, _| 0));
        let mut weights = vec![0u32; self.n()];
        for v in 0..self.n() {
            weights[order[v]] = self.weights[v];
        }
        WeightedArcKayles {
            weights: weights.into(),
            loops: permute_mask(self.loops, &order),
            adj: permute_adj(&self.adj, &order).into(),
        }
    }

    fn text(&self) -> String {
        let labels: Vec<String> = self.weights.iter().map(|w| w.to_string()).collect();
        graph_text(&self.adj, &[(self.loops, "")], &labels, &|_, _| "")
    }
}

/// A PartizanArcKayles position: Left's and Right's edges (green edges in
/// both) and loops.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartizanArcKayles {
    loops: (u64, u64),
    left: Box<[u64]>,
    right: Box<[u64]>,
}

impl PartizanArcKayles {
    /// A position from a graph with edge labels `l`, `r`, `e`.
    pub fn from_graph(g: &Graph) -> RuleResult<PartizanArcKayles> {
        check_size("PartizanArcKayles", g)?;
        let pick = |want: &str| {
            masks(
                g.len(),
                g.edges
                    .iter()
                    .filter(move |(_, _, l)| l == want || l == "e"),
            )
        };
        if let Some((_, _, l)) = g
            .edges
            .iter()
            .find(|(_, _, l)| !matches!(l.as_str(), "l" | "r" | "e"))
        {
            return Err(RuleError::bad_position(format!(
                "PartizanArcKayles edges must be labelled l, r or e; found `{l}`"
            )));
        }
        let (left, ll) = pick("l");
        let (right, rl) = pick("r");
        Ok(PartizanArcKayles {
            loops: (ll, rl),
            left: left.into(),
            right: right.into(),
        })
    }

    /// Parse a PartizanArcKayles string (edges `l`, `r`, `e`).
    pub fn parse(s: &str) -> RuleResult<PartizanArcKayles> {
        PartizanArcKayles::from_graph(&Graph::parse(s, &NO_VERTEX_LABELS, &COLOURED)?)
    }

    fn n(&self) -> usize {
        self.left.len()
    }

    fn restrict(&self, keep: u64) -> PartizanArcKayles {
        PartizanArcKayles {
            loops: (pext(self.loops.0, keep), pext(self.loops.1, keep)),
            left: compact(&self.left, keep).into(),
            right: compact(&self.right, keep).into(),
        }
    }

    /// Blue and red exchanged: the negative.
    pub fn swapped(&self) -> PartizanArcKayles {
        PartizanArcKayles {
            loops: (self.loops.1, self.loops.0),
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    fn union(&self) -> Vec<u64> {
        self.left
            .iter()
            .zip(self.right.iter())
            .map(|(a, b)| a | b)
            .collect()
    }

    fn canonical(&self) -> PartizanArcKayles {
        let n = self.n();
        let colours: Vec<u64> = (0..n)
            .map(|v| (self.loops.0 >> v & 1) | (self.loops.1 >> v & 1) << 1)
            .collect();
        let colour = |u: usize, v: usize| -> u8 {
            (self.left[u] >> v & 1) as u8 | ((self.right[u] >> v & 1) as u8) << 1
        };
        let order = canonical_order(&colours, &lists(&self.union(), colour));
        PartizanArcKayles {
            loops: (
                permute_mask(self.loops.0, &order),
                permute_mask(self.loops.1, &order),
            ),
            left: permute_adj(&self.left, &order).into(),
            right: permute_adj(&self.right, &order).into(),
        }
    }
}

impl Position for PartizanArcKayles {
    fn options(&self, player: Player) -> Vec<Self> {
        let (adj, loops) = match player {
            Player::Left => (&self.left, self.loops.0),
            Player::Right => (&self.right, self.loops.1),
        };
        let everything = all(self.n());
        let mut out = Vec::new();
        for u in 0..self.n() {
            if loops >> u & 1 == 1 {
                out.push(self.restrict(everything & !(1 << u)));
            }
            let mut m = adj[u] & !all(u + 1);
            while m != 0 {
                let v = m.trailing_zeros();
                m &= m - 1;
                out.push(self.restrict(everything & !(1 << u | 1 << v)));
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let comps = components(&self.union(), all(self.n()));
        if comps.len() == 1 {
            return vec![self.clone()];
        }
        let looped = self.loops.0 | self.loops.1;
        comps
            .into_iter()
            .filter(|&c| c.count_ones() > 1 || c & looped != 0)
            .map(|c| self.restrict(c))
            .collect()
    }

    fn normalize(&self) -> (Self, bool) {
        let a = self.canonical();
        let b = self.swapped().canonical();
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }

    fn text(&self) -> String {
        let labels = vec![String::new(); self.n()];
        let green: Vec<u64> = self
            .left
            .iter()
            .zip(self.right.iter())
            .map(|(a, b)| a & b)
            .collect();
        let l = &self.left;
        let g = &green;
        graph_text(
            &self.union(),
            &[
                (self.loops.0 & !self.loops.1, "l"),
                (self.loops.1 & !self.loops.0, "r"),
                (self.loops.0 & self.loops.1, "e"),
            ],
            &labels,
            &|u, v| {
                if g[u] >> v & 1 == 1 {
                    "e"
                } else if l[u] >> v & 1 == 1 {
                    "l"
                } else {
                    "r"
                }
            },
        )
    }
}
