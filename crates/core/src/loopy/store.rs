//! The store of canonical loopy stoppers: hash-consed canonical graphs with
//! `u32` handles, beside the short-game store (`game/store.rs`).
//!
//! A canonical stopper graph keeps only its loopy vertices (those from
//! which a cycle is reachable); a move to a loopfree follower is a
//! [`Target::Short`] holding its canonical short game. Canonical stoppers
//! are unique up to isomorphism (Siegel CGT VI.3), so each graph is
//! relabelled canonically before interning: colour refinement (the
//! coarsest partition stable under the Left and Right successor sets,
//! i.e. bisimilarity, which preserves value) gives every vertex a colour
//! that depends only on the structure; vertices are then numbered in
//! depth-first preorder from the root, edges sorted by colour. Equal
//! values therefore get equal handles.
//!
//! Nodes are leaked and never freed, like the short-game nodes, so they
//! can be handed out as `&'static`.

use super::pseudonumber::Pseudonumber;
use crate::game::store::lock;
use crate::game::Game;
use rustc_hash::FxHashMap;
use std::sync::{Mutex, OnceLock, RwLock};

/// The target of an edge of a canonical stopper graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Target {
    /// A canonical short game.
    Short(Game),
    /// A loopy vertex of the same graph.
    Vertex(u32),
}

/// A stopper graph whose vertices are all loopy: `vertices[v]` holds the
/// Left and Right targets of `v`; the root is vertex 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct StopperGraph {
    pub vertices: Vec<[Vec<Target>; 2]>,
}

impl StopperGraph {
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    pub fn edges(&self, v: u32, side: usize) -> &[Target] {
        &self.vertices[v as usize][side]
    }
}

/// One interned canonical loopy stopper.
pub(crate) struct Node {
    pub graph: StopperGraph,
    /// `on`, `off`, `x over` or `x under` when the graph has that shape.
    pub pseudonumber: Option<Pseudonumber>,
    /// The handle of the stopper at each vertex (vertex 0 is this node).
    vertex_ids: Box<[OnceLock<u32>]>,
    /// The handle of the negative.
    pub neg: OnceLock<u32>,
    /// The value hash of LOOPY Appendix A.
    pub hash: OnceLock<i32>,
}

struct Store {
    nodes: RwLock<Vec<&'static Node>>,
    index: Mutex<FxHashMap<&'static StopperGraph, u32>>,
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        nodes: RwLock::new(Vec::new()),
        index: Mutex::new(FxHashMap::default()),
    })
}

/// The node of a handle.
pub(crate) fn node(id: u32) -> &'static Node {
    let nodes = store().nodes.read().unwrap_or_else(|e| e.into_inner());
    nodes[id as usize]
}

/// The handle of the stopper at vertex `v` of node `id`.
pub(crate) fn vertex_id(id: u32, v: u32) -> u32 {
    if v == 0 {
        return id;
    }
    let n = node(id);
    *n.vertex_ids[v as usize].get_or_init(|| intern(&n.graph, v))
}

/// Intern the stopper at `root` of `graph` (a graph of loopy vertices that
/// is canonical as a stopper), returning its handle.
pub(crate) fn intern(graph: &StopperGraph, root: u32) -> u32 {
    let canon = relabel(graph, root);
    let st = store();
    let mut index = lock(&st.index);
    if let Some(&id) = index.get(&canon) {
        return id;
    }
    let pseudonumber = pseudonumber_shape(&canon);
    let vertex_ids = (0..canon.len()).map(|_| OnceLock::new()).collect();
    let node: &'static Node = Box::leak(Box::new(Node {
        graph: canon,
        pseudonumber,
        vertex_ids,
        neg: OnceLock::new(),
        hash: OnceLock::new(),
    }));
    let mut nodes = st.nodes.write().unwrap_or_else(|e| e.into_inner());
    let id = nodes.len() as u32;
    nodes.push(node);
    drop(nodes);
    index.insert(&node.graph, id);
    id
}

/// `on`, `off`, `x over`, `x under` by the shape of a canonical graph
/// (LOOPY 2.6).
fn pseudonumber_shape(g: &StopperGraph) -> Option<Pseudonumber> {
    shape_at(g, 0)
}

/// The pseudonumber vertex `v` of a canonical graph is, by its shape.
pub(crate) fn shape_at(g: &StopperGraph, v: u32) -> Option<Pseudonumber> {
    let [l, r] = &g.vertices[v as usize];
    let me = Target::Vertex(v);
    let number = |t: &Target| match t {
        Target::Short(x) => x.as_number().cloned(),
        Target::Vertex(_) => None,
    };
    match (l.as_slice(), r.as_slice()) {
        ([a], []) if *a == me => Some(Pseudonumber::On),
        ([], [b]) if *b == me => Some(Pseudonumber::Off),
        ([x], [b]) if *b == me => number(x).map(Pseudonumber::Over),
        ([a], [x]) if *a == me => number(x).map(Pseudonumber::Under),
        _ => None,
    }
}

/// A sort key of a target under a colouring.
fn key(t: &Target, colour: &[u32]) -> (u8, u32) {
    match *t {
        Target::Short(g) => (0, g.id()),
        Target::Vertex(u) => (1, colour[u as usize]),
    }
}

/// The canonical relabelling of the part of `g` reachable from `root`:
/// colour refinement to the bisimilarity partition, the quotient by it,
/// and depth-first preorder from the root with edges sorted by colour.
fn relabel(g: &StopperGraph, root: u32) -> StopperGraph {
    let reachable = restrict(g, root);
    let (g, root) = (&reachable, 0u32);
    let n = g.len();
    let mut colour = vec![0u32; n];
    let mut count = 1usize;
    type Signature = (u32, Vec<(u8, u32)>, Vec<(u8, u32)>);
    loop {
        crate::interrupt::check();
        let sigs: Vec<Signature> = (0..n)
            .map(|v| {
                let side = |s: usize| {
                    let mut k: Vec<(u8, u32)> =
                        g.vertices[v][s].iter().map(|t| key(t, &colour)).collect();
                    k.sort_unstable();
                    k.dedup();
                    k
                };
                (colour[v], side(0), side(1))
            })
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| sigs[a].cmp(&sigs[b]));
        let mut next = vec![0u32; n];
        let mut c = 0u32;
        for (i, &v) in order.iter().enumerate() {
            if i > 0 && sigs[v] != sigs[order[i - 1]] {
                c += 1;
            }
            next[v] = c;
        }
        let new_count = c as usize + 1;
        colour = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // One representative per colour.
    let mut rep = vec![u32::MAX; count];
    for v in (0..n).rev() {
        rep[colour[v] as usize] = v as u32;
    }
    let sorted_side = |v: u32, s: usize| -> Vec<Target> {
        let mut t: Vec<Target> = g.vertices[v as usize][s]
            .iter()
            .map(|t| match *t {
                Target::Short(x) => Target::Short(x),
                Target::Vertex(u) => Target::Vertex(colour[u as usize]),
            })
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    };
    // Depth-first preorder over colours from the root's colour.
    let mut new_of = vec![u32::MAX; count];
    let mut order = Vec::new();
    let mut stack = vec![colour[root as usize]];
    while let Some(c) = stack.pop() {
        if new_of[c as usize] != u32::MAX {
            continue;
        }
        new_of[c as usize] = order.len() as u32;
        order.push(c);
        let v = rep[c as usize];
        let children: Vec<u32> = [0, 1]
            .iter()
            .flat_map(|&s| sorted_side(v, s))
            .filter_map(|t| match t {
                Target::Vertex(u) => Some(u),
                Target::Short(_) => None,
            })
            .collect();
        stack.extend(children.into_iter().rev());
    }
    let vertices = order
        .iter()
        .map(|&c| {
            let v = rep[c as usize];
            [0, 1].map(|s| rename(sorted_side(v, s), &new_of))
        })
        .collect();
    StopperGraph { vertices }
}

/// Targets with their vertices renumbered by `new_of`.
fn rename(side: Vec<Target>, new_of: &[u32]) -> Vec<Target> {
    side.into_iter()
        .map(|t| match t {
            Target::Vertex(u) => Target::Vertex(new_of[u as usize]),
            t => t,
        })
        .collect()
}

/// The part of `g` reachable from `root`, with `root` as vertex 0 (the
/// colours of refinement must not depend on unreachable vertices).
fn restrict(g: &StopperGraph, root: u32) -> StopperGraph {
    let mut new_of = vec![u32::MAX; g.len()];
    let mut order = vec![root];
    new_of[root as usize] = 0;
    let mut i = 0;
    while i < order.len() {
        let v = order[i] as usize;
        for t in g.vertices[v].iter().flatten() {
            if let Target::Vertex(u) = *t {
                if new_of[u as usize] == u32::MAX {
                    new_of[u as usize] = order.len() as u32;
                    order.push(u);
                }
            }
        }
        i += 1;
    }
    let vertices = order
        .iter()
        .map(|&v| {
            g.vertices[v as usize]
                .clone()
                .map(|side| rename(side, &new_of))
        })
        .collect();
    StopperGraph { vertices }
}

/// The canonical structure of the part of an explicit graph reachable from
/// `root`: the bisimilarity quotient, numbered as in [`intern`]. Two
/// graphs have equal structures iff their unfoldings from the roots are
/// the same game tree.
pub(crate) fn structure(g: &super::graph::Graph, root: u32) -> StopperGraph {
    use super::Player;
    let vertices = (0..g.len() as u32)
        .map(|v| {
            [Player::Left, Player::Right]
                .map(|p| g.edges(v, p).iter().map(|&t| Target::Vertex(t)).collect())
        })
        .collect();
    relabel(&StopperGraph { vertices }, root)
}

/// Whether every cycle through the loopy vertices of node `id` reachable
/// from its root is a pass (short followers have no cycles).
pub(crate) fn plumtree(id: u32) -> bool {
    !has_cycle(&node(id).graph, true, 0)
}

/// Whether vertex `v` of node `id` lies on a cycle (passes included).
pub(crate) fn on_cycle(id: u32, v: u32) -> bool {
    let g = &node(id).graph;
    let mut seen = vec![false; g.len()];
    let mut stack: Vec<u32> = successors(g, v).collect();
    while let Some(u) = stack.pop() {
        if u == v {
            return true;
        }
        if !std::mem::replace(&mut seen[u as usize], true) {
            stack.extend(successors(g, u));
        }
    }
    false
}

fn successors(g: &StopperGraph, v: u32) -> impl Iterator<Item = u32> + '_ {
    g.vertices[v as usize]
        .iter()
        .flatten()
        .filter_map(|t| match *t {
            Target::Vertex(u) => Some(u),
            Target::Short(_) => None,
        })
}

/// Whether a cycle (of length >= 2 when `ignore_passes`) is reachable from
/// `root`.
fn has_cycle(g: &StopperGraph, ignore_passes: bool, root: u32) -> bool {
    let mut mark = vec![0u8; g.len()];
    let mut stack: Vec<(u32, Vec<u32>)> = vec![(root, successors(g, root).collect())];
    mark[root as usize] = 1;
    while let Some((v, next)) = stack.last_mut() {
        let v = *v;
        match next.pop() {
            Some(u) if ignore_passes && u == v => {}
            Some(u) => match mark[u as usize] {
                1 => return true,
                0 => {
                    mark[u as usize] = 1;
                    let s = successors(g, u).collect();
                    stack.push((u, s));
                }
                _ => {}
            },
            None => {
                mark[v as usize] = 2;
                stack.pop();
            }
        }
    }
    false
}
