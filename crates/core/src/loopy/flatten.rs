//! Flattening values into one explicit game graph (LOOPY 1.4).
//!
//! Every vertex of the working graphs the algorithms use is explicit, so a
//! short game is expanded into its option graph and a canonical loopy
//! stopper into its canonical graph. Vertices are numbered in depth-first
//! preorder from each root added (an item, then its Left targets in order,
//! then its Right targets); equal short games share one vertex, and so do
//! the vertices of one interned stopper graph, so nothing is expanded
//! twice.

use super::error::{LoopyError, LoopyResult};
use super::graph::Graph;
use super::stopper::{Repr, Stopper};
use super::store::{node, Target};
use super::Player;
use crate::game::Game;
use rustc_hash::FxHashMap;

/// The most vertices a flattened graph may have.
pub(crate) const VERTEX_BUDGET: usize = 1 << 22;

/// Something that becomes one vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Item {
    /// A canonical short game.
    Short(Game),
    /// Vertex `v` of the canonical graph of loopy stopper `id`.
    Loopy(u32, u32),
    /// Vertex `v` of registered graph `k`.
    Side(u32, u32),
    /// An external node whose targets the caller supplies.
    Ext(u32),
}

impl Item {
    pub fn of(s: Stopper) -> Item {
        match s.repr() {
            Repr::Short(g) => Item::Short(g),
            Repr::Loopy(id) => Item::Loopy(id, 0),
        }
    }
}

/// Builds one graph from many roots.
pub(crate) struct Flattener<'a> {
    pub graph: Graph,
    index: FxHashMap<Item, u32>,
    sides: Vec<&'a Graph>,
}

/// The targets of an external node: Left items, Right items.
pub(crate) type Targets = (Vec<Item>, Vec<Item>);

impl<'a> Flattener<'a> {
    pub fn new() -> Flattener<'a> {
        Flattener {
            graph: Graph::new(),
            index: FxHashMap::default(),
            sides: Vec::new(),
        }
    }

    /// Register a graph whose vertices can then be added as
    /// `Item::Side(k, v)`; returns `k`.
    pub fn register(&mut self, g: &'a Graph) -> u32 {
        self.sides.push(g);
        (self.sides.len() - 1) as u32
    }

    /// The vertex of an item already added.
    pub fn vertex_of(&self, item: Item) -> Option<u32> {
        self.index.get(&item).copied()
    }

    /// Add a stopper and return its vertex.
    pub fn stopper(&mut self, s: Stopper) -> LoopyResult<u32> {
        self.add(Item::of(s), &mut |_| (Vec::new(), Vec::new()))
    }

    fn targets(&self, item: Item, ext: &mut dyn FnMut(u32) -> Targets) -> LoopyResult<Targets> {
        Ok(match item {
            Item::Short(g) => {
                // A game has more followers than its birthday and than
                // its options: refuse early what cannot fit.
                let (l, r) = g.option_counts();
                let wide = l.saturating_add(r);
                let deep = g.birthday().to_u64().unwrap_or(u64::MAX);
                if wide.max(deep) > VERTEX_BUDGET as u64 {
                    return Err(too_large(wide.max(deep) as u128));
                }
                let map = |opts: &[Game]| opts.iter().map(|&o| Item::Short(o)).collect();
                (map(g.left_options()), map(g.right_options()))
            }
            Item::Loopy(id, v) => {
                let g = &node(id).graph;
                let map = |s: usize| {
                    g.edges(v, s)
                        .iter()
                        .map(|t| match *t {
                            Target::Short(x) => Item::Short(x),
                            Target::Vertex(u) => Item::Loopy(id, u),
                        })
                        .collect()
                };
                (map(0), map(1))
            }
            Item::Side(k, v) => {
                let g = self.sides[k as usize];
                let map = |p: Player| g.edges(v, p).iter().map(|&t| Item::Side(k, t)).collect();
                (map(Player::Left), map(Player::Right))
            }
            Item::Ext(i) => ext(i),
        })
    }

    /// Add `root` and everything reachable from it, numbering new vertices
    /// in depth-first preorder; returns the vertex of `root`.
    pub fn add(&mut self, root: Item, ext: &mut dyn FnMut(u32) -> Targets) -> LoopyResult<u32> {
        if let Some(v) = self.vertex_of(root) {
            return Ok(v);
        }
        let mut pending: Vec<(u32, Targets)> = Vec::new();
        let mut stack = vec![root];
        while let Some(item) = stack.pop() {
            if self.index.contains_key(&item) {
                continue;
            }
            if self.graph.len() >= VERTEX_BUDGET {
                return Err(too_large(self.graph.len() as u128 + 1));
            }
            if self.graph.len().is_multiple_of(4096) {
                crate::interrupt::check();
            }
            let v = self.graph.add_vertex();
            self.index.insert(item, v);
            let targets = self.targets(item, ext)?;
            for t in targets.1.iter().rev().chain(targets.0.iter().rev()) {
                if !self.index.contains_key(t) {
                    stack.push(*t);
                }
            }
            pending.push((v, targets));
        }
        for (v, (l, r)) in pending {
            for (p, items) in [(Player::Left, l), (Player::Right, r)] {
                for t in items {
                    let w = self.index[&t];
                    self.graph.add_edge(v, p, w);
                }
            }
        }
        Ok(self.index[&root])
    }
}

fn too_large(needed: u128) -> LoopyError {
    LoopyError::too_large("a game graph", needed, VERTEX_BUDGET as u128)
}
