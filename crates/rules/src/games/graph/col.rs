//! GenCol and its presets Col, Snort and Fjords (RULESETS 3.3).
//!
//! Every vertex carries a tint: none, Left (`L`) or Right (`R`). A player
//! colours a vertex whose tint is in the player's permitted list: its
//! untinted neighbours take the player's tint, its neighbours tinted for
//! the opponent are deleted, and the vertex itself is deleted.
//!
//! Graphs have at most 64 vertices and are kept as adjacency bitmasks
//! (loops and parallel edges never change a move, so they are dropped).
//! A position is the sum of its connected components; each component is
//! numbered canonically ([`crate::boards::canon`]), and when the rules treat the
//! players alike (Col, Snort, Fjords) the tint-swapped component, whose
//! value is the negative, is used if it is smaller.

use crate::boards::canon::{
    canonical_order, compact, components, lists, permute_adj, permute_mask, pext,
};
use crate::boards::graph::{from_args, Graph, LabelTable};
use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset};
use std::rc::Rc;

/// Tints, as bits of a permitted set: bit 0 untinted, bit 1 Left, bit 2
/// Right.
pub const NOTHING: u8 = 1;
/// Left-tinted (`L`).
pub const LEFT: u8 = 2;
/// Right-tinted (`R`).
pub const RIGHT: u8 = 4;

/// Col: Left may colour untinted or Right-tinted vertices (a vertex next to
/// a blue one is tinted `L`, so only Right may colour it).
pub const COL: (u8, u8) = (NOTHING | RIGHT, NOTHING | LEFT);
/// Snort: Left may colour untinted or Left-tinted vertices.
pub const SNORT: (u8, u8) = (NOTHING | LEFT, NOTHING | RIGHT);
/// Fjords: only tinted vertices, each by its own player.
pub const FJORDS: (u8, u8) = (LEFT, RIGHT);

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "Col",
        package: Package::Graph,
        doc: "Colour a vertex not next to one of your own colour (`L`/`R` tint a vertex next to a blue/red one; edges `-`).",
        make: Make::Ruleset(|| Rc::new(ColRules { permitted: COL })),
    },
    RulesetEntry {
        name: "Snort",
        package: Package::Graph,
        doc: "Colour a vertex not next to one of your opponent's colour (`L`/`R` tint; edges `-`).",
        make: Make::Ruleset(|| Rc::new(ColRules { permitted: SNORT })),
    },
    RulesetEntry {
        name: "Fjords",
        package: Package::Graph,
        doc: "Left plays on `L`-tinted vertices and Right on `R`-tinted ones; edges `-`.",
        make: Make::Ruleset(|| Rc::new(ColRules { permitted: FJORDS })),
    },
    RulesetEntry {
        name: "GenCol",
        package: Package::Graph,
        doc: "GenCol(leftPermitted, rightPermitted): each player colours vertices whose tint (Nothing, Left, Right) is in their list.",
        make: Make::Schema(schema),
    },
];

fn schema(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords("GenCol", &[])?;
    let [l, r] = args.positional.as_slice() else {
        return Err(RuleError::bad_argument(
            "GenCol expects two arguments: leftPermitted and rightPermitted",
        ));
    };
    Ok(Rc::new(ColRules {
        permitted: (tints(l)?, tints(r)?),
    }))
}

/// A permitted list: elements Nothing, Left, Right.
fn tints(a: &Arg) -> RuleResult<u8> {
    let bad = || {
        RuleError::bad_argument(format!(
            "GenCol: a permitted list must hold Nothing, Left and Right, got {a:?}"
        ))
    };
    let mut out = 0;
    for t in a.elements().ok_or_else(bad)? {
        out |= match t {
            Arg::Nothing => NOTHING,
            Arg::Player(Player::Left) => LEFT,
            Arg::Player(Player::Right) => RIGHT,
            _ => return Err(bad()),
        };
    }
    Ok(out)
}

fn tint_list(t: u8) -> String {
    let names: Vec<&str> = [(NOTHING, "Nothing"), (LEFT, "Left"), (RIGHT, "Right")]
        .iter()
        .filter(|(b, _)| t & b != 0)
        .map(|(_, n)| *n)
        .collect();
    format!("[{}]", names.join(", "))
}

/// A GenCol ruleset: the tints Left and Right may colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColRules {
    /// The tints Left and Right may colour, as bit sets.
    pub permitted: (u8, u8),
}

/// GenCol's vertex tokens (RULESETS 3.1).
pub const VERTEX_TABLE: LabelTable<'static> = LabelTable::Fixed(&[("L", "L"), ("R", "R")]);
/// GenCol's edge token: `-` only.
pub const EDGE_TABLE: LabelTable<'static> = LabelTable::Fixed(&[("", "")]);

impl AnyRuleset for ColRules {
    fn name(&self) -> String {
        match self.permitted {
            COL => "Col".into(),
            SNORT => "Snort".into(),
            FJORDS => "Fjords".into(),
            (l, r) => format!("GenCol({}, {})", tint_list(l), tint_list(r)),
        }
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let name = self.name();
        let g = from_args(&name, args, &VERTEX_TABLE, &EDGE_TABLE)?;
        Ok(partizan(
            &Rc::from(name.as_str()),
            Col::from_graph(&g, self.permitted)?,
        ))
    }
}

/// A GenCol position: up to 64 vertices with tints and adjacency masks,
/// and the permitted tints of both players.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Col {
    permitted: (u8, u8),
    left: u64,
    right: u64,
    adj: Box<[u64]>,
}

impl Col {
    /// A position from a graph whose vertex labels are `""`, `L` or `R`
    /// (`Left`/`Right` are accepted too).
    pub fn from_graph(g: &Graph, permitted: (u8, u8)) -> RuleResult<Col> {
        if g.len() > 64 {
            return Err(RuleError::too_large(format!(
                "Col graphs are limited to 64 vertices; this one has {}",
                g.len()
            )));
        }
        let (mut left, mut right) = (0u64, 0u64);
        for (v, l) in g.vertex_labels.iter().enumerate() {
            match l.as_str() {
                "" | "." => {}
                "L" | "Left" => left |= 1 << v,
                "R" | "Right" => right |= 1 << v,
                other => {
                    return Err(RuleError::bad_position(format!(
                        "Col vertices must be untinted or tinted L or R; found `{other}`"
                    )))
                }
            }
        }
        let mut adj = vec![0u64; g.len()];
        for &(u, v, _) in &g.edges {
            if u != v {
                adj[u] |= 1 << v;
                adj[v] |= 1 << u;
            }
        }
        Ok(Col {
            permitted,
            left,
            right,
            adj: adj.into(),
        })
    }

    /// Parse a Col/Snort string with the given permitted tints.
    pub fn parse(s: &str, permitted: (u8, u8)) -> RuleResult<Col> {
        Col::from_graph(&Graph::parse(s, &VERTEX_TABLE, &EDGE_TABLE)?, permitted)
    }

    fn n(&self) -> usize {
        self.adj.len()
    }

    fn all(&self) -> u64 {
        if self.n() == 64 {
            u64::MAX
        } else {
            (1u64 << self.n()) - 1
        }
    }

    fn tint(&self, v: usize) -> u8 {
        if self.left >> v & 1 == 1 {
            LEFT
        } else if self.right >> v & 1 == 1 {
            RIGHT
        } else {
            NOTHING
        }
    }

    /// The vertices of `keep`, renumbered in order.
    fn restrict(&self, keep: u64) -> Col {
        Col {
            permitted: self.permitted,
            left: pext(self.left, keep),
            right: pext(self.right, keep),
            adj: compact(&self.adj, keep).into(),
        }
    }

    /// Left and Right tints exchanged (and the permitted lists with them).
    pub fn swapped(&self) -> Col {
        let swap = |t: u8| t & NOTHING | (t & LEFT) << 1 | (t & RIGHT) >> 1;
        Col {
            permitted: (swap(self.permitted.1), swap(self.permitted.0)),
            left: self.right,
            right: self.left,
            adj: self.adj.clone(),
        }
    }

    /// The position as a graph (tints `L`, `R`, edges `-`).
    pub fn graph(&self) -> Graph {
        let n = self.n();
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if self.adj[u] >> v & 1 == 1 {
                    edges.push((u, v, String::new()));
                }
            }
        }
        Graph {
            vertex_labels: (0..n)
                .map(|v| match self.tint(v) {
                    LEFT => "L".to_string(),
                    RIGHT => "R".to_string(),
                    _ => String::new(),
                })
                .collect(),
            edges,
        }
    }

    fn canonical(&self) -> Col {
        let colours: Vec<u64> = (0..self.n()).map(|v| self.tint(v) as u64).collect();
        let order = canonical_order(&colours, &lists(&self.adj, |_, _| 0));
        Col {
            permitted: self.permitted,
            left: permute_mask(self.left, &order),
            right: permute_mask(self.right, &order),
            adj: permute_adj(&self.adj, &order).into(),
        }
    }

    fn permitted_for(&self, p: Player) -> u8 {
        match p {
            Player::Left => self.permitted.0,
            Player::Right => self.permitted.1,
        }
    }
}

impl Position for Col {
    fn options(&self, player: Player) -> Vec<Self> {
        let permitted = self.permitted_for(player);
        let mut out = Vec::new();
        for v in 0..self.n() {
            if self.tint(v) & permitted == 0 {
                continue;
            }
            let nb = self.adj[v];
            let (mine, theirs) = match player {
                Player::Left => (self.left, self.right),
                Player::Right => (self.right, self.left),
            };
            let gone = 1u64 << v | nb & theirs;
            let mine = mine | nb & !self.left & !self.right;
            let (left, right) = match player {
                Player::Left => (mine, theirs),
                Player::Right => (theirs, mine),
            };
            let keep = self.all() & !gone;
            out.push(
                Col {
                    left,
                    right,
                    ..self.clone()
                }
                .restrict(keep),
            );
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let playable = |v: usize| self.tint(v) & (self.permitted.0 | self.permitted.1) != 0;
        let comps = components(&self.adj, self.all());
        if comps.len() == 1 {
            return vec![self.clone()];
        }
        comps
            .into_iter()
            .filter(|&c| (0..self.n()).any(|v| c >> v & 1 == 1 && playable(v)))
            .map(|c| self.restrict(c))
            .collect()
    }

    fn normalize(&self) -> (Self, bool) {
        let a = self.canonical();
        let s = self.swapped();
        if s.permitted != self.permitted {
            return (a, false);
        }
        let b = s.canonical();
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }

    fn text(&self) -> String {
        format!("\"{}\"", self.graph().to_graph_string())
    }
}
