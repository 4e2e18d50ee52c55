//! Game graphs (bigraphs): finite sets of vertices with ordered Left and
//! Right edge lists (LOOPY 0), and the graph predicates of LOOPY 2.1.
//!
//! Every traversal uses an explicit stack, so deep graphs never overflow
//! the call stack.

use super::Player;

/// A game graph: vertices `0..n`, each with an ordered list of Left edges
/// and an ordered list of Right edges. An edge from a vertex to itself is a
/// *pass*. A loopy game is a graph together with a start vertex; only the
/// vertices reachable from the start matter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Graph {
    /// The empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// A graph with `n` vertices and no edges.
    pub fn with_vertices(n: usize) -> Graph {
        Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Add a vertex without edges and return it.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Append an edge `from -> to` for `player`.
    ///
    /// # Panics
    /// If either vertex does not exist (a programming error: graphs are
    /// built by code, never read from user input).
    pub fn add_edge(&mut self, from: u32, player: Player, to: u32) {
        assert!(
            (to as usize) < self.len() && (from as usize) < self.len(),
            "edge {from} -> {to} in a graph of {} vertices",
            self.len()
        );
        self.edges_mut(from, player).push(to);
    }

    /// The edges of `player` from `v`, in order.
    pub fn edges(&self, v: u32, player: Player) -> &[u32] {
        match player {
            Player::Left => &self.left[v as usize],
            Player::Right => &self.right[v as usize],
        }
    }

    /// The Left edges of `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// The Right edges of `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    pub(crate) fn edges_mut(&mut self, v: u32, player: Player) -> &mut Vec<u32> {
        match player {
            Player::Left => &mut self.left[v as usize],
            Player::Right => &mut self.right[v as usize],
        }
    }

    /// The total number of edges.
    pub fn edge_count(&self) -> usize {
        self.left.iter().chain(&self.right).map(Vec::len).sum()
    }

    /// Both edge lists of `v`, Left first.
    pub(crate) fn all_edges(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.left[v as usize]
            .iter()
            .chain(&self.right[v as usize])
            .copied()
    }

    /// The graph with Left and Right exchanged: vertex `v` of the result is
    /// the negative of vertex `v`.
    pub fn negate(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// Which vertices are reachable from `start` (by any moves), or every
    /// vertex when `start` is `None`.
    pub fn reachable(&self, start: Option<u32>) -> Vec<bool> {
        let Some(start) = start else {
            return vec![true; self.len()];
        };
        let mut seen = vec![false; self.len()];
        let mut stack = vec![start];
        seen[start as usize] = true;
        while let Some(v) = stack.pop() {
            for t in self.all_edges(v) {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// The vertices reachable from `start` numbered in depth-first preorder
    /// (a vertex, then its Left targets in order, then its Right targets):
    /// `order[k]` is the old number of new vertex `k`.
    pub(crate) fn preorder(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = Vec::new();
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            order.push(v);
            let targets: Vec<u32> = self.all_edges(v).collect();
            stack.extend(targets.into_iter().rev().filter(|&t| !seen[t as usize]));
        }
        order
    }

    /// Pack from `start` (LOOPY 2.4 F): keep the reachable vertices,
    /// renumber them in depth-first preorder (so `start` becomes 0), sort
    /// each edge list by old vertex number and remove duplicate edges.
    pub fn pack(&self, start: u32) -> Graph {
        let order = self.preorder(start);
        let mut new_of = vec![u32::MAX; self.len()];
        for (k, &v) in order.iter().enumerate() {
            new_of[v as usize] = k as u32;
        }
        let relabel = |edges: &[u32]| -> Vec<u32> {
            let mut e = edges.to_vec();
            e.sort_unstable();
            e.dedup();
            e.into_iter().map(|t| new_of[t as usize]).collect()
        };
        Graph {
            left: order.iter().map(|&v| relabel(self.left(v))).collect(),
            right: order.iter().map(|&v| relabel(self.right(v))).collect(),
        }
    }

    /// No directed cycle is reachable from `start`: the game is short.
    pub fn is_loopfree(&self, start: u32) -> bool {
        !self.has_cycle(start, false)
    }

    /// Every cycle reachable from `start` is a pass (has length 1).
    pub fn is_plumtree(&self, start: u32) -> bool {
        !self.has_cycle(start, true)
    }

    /// Whether a cycle (of length >= 2 when `ignore_passes`) is reachable
    /// from `start`: a depth-first search with on-stack marks.
    fn has_cycle(&self, start: u32, ignore_passes: bool) -> bool {
        const NEW: u8 = 0;
        const ACTIVE: u8 = 1;
        const DONE: u8 = 2;
        let mut mark = vec![NEW; self.len()];
        // (vertex, index of the next edge to follow)
        let mut stack: Vec<(u32, usize)> = vec![(start, 0)];
        mark[start as usize] = ACTIVE;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let (l, r) = (self.left(v), self.right(v));
            if *i < l.len() + r.len() {
                let t = if *i < l.len() { l[*i] } else { r[*i - l.len()] };
                *i += 1;
                if ignore_passes && t == v {
                    continue;
                }
                match mark[t as usize] {
                    ACTIVE => return true,
                    NEW => {
                        mark[t as usize] = ACTIVE;
                        stack.push((t, 0));
                    }
                    _ => {}
                }
            } else {
                mark[v as usize] = DONE;
                stack.pop();
            }
        }
        false
    }

    /// Every vertex from which no cycle at all is reachable.
    pub(crate) fn loopfree_vertices(&self) -> Vec<bool> {
        let n = self.len();
        let comp = strongly_connected(n, |v, out| out.extend(self.all_edges(v as u32)));
        let mut size = vec![0u32; comp.count];
        for &c in &comp.id {
            size[c as usize] += 1;
        }
        let cyclic: Vec<bool> = (0..n)
            .map(|v| {
                size[comp.id[v] as usize] > 1 || self.all_edges(v as u32).any(|t| t as usize == v)
            })
            .collect();
        self.cannot_reach(&cyclic)
    }

    /// The vertices that cannot reach (by any moves, in zero or more steps)
    /// a vertex marked in `bad`.
    pub(crate) fn cannot_reach(&self, bad: &[bool]) -> Vec<bool> {
        let n = self.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for t in self.all_edges(v) {
                preds[t as usize].push(v);
            }
        }
        let mut tainted = bad.to_vec();
        let mut stack: Vec<u32> = (0..n as u32).filter(|&v| bad[v as usize]).collect();
        while let Some(v) = stack.pop() {
            for &p in &preds[v as usize] {
                if !tainted[p as usize] {
                    tainted[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        tainted.into_iter().map(|t| !t).collect()
    }
}

/// The strongly connected components of a graph on `0..n`, numbered in the
/// order Tarjan's algorithm completes them.
pub(crate) struct Components {
    pub id: Vec<u32>,
    pub count: usize,
}

/// Tarjan's algorithm with an explicit stack; `successors(v, out)` appends
/// the successors of `v` to `out`.
pub(crate) fn strongly_connected(
    n: usize,
    successors: impl Fn(usize, &mut Vec<u32>),
) -> Components {
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut count = 0usize;
    let mut next = 0u32;
    // The vertices on the call stack, each with its successors and a cursor.
    let mut calls: Vec<(u32, Vec<u32>, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut pending = Some(root as u32);
        loop {
            if let Some(v) = pending.take() {
                index[v as usize] = next;
                low[v as usize] = next;
                next += 1;
                stack.push(v);
                on_stack[v as usize] = true;
                let mut succ = Vec::new();
                successors(v as usize, &mut succ);
                calls.push((v, succ, 0));
            }
            let Some((v, succ, i)) = calls.last_mut() else {
                break;
            };
            let v = *v;
            if *i < succ.len() {
                let w = succ[*i];
                *i += 1;
                if index[w as usize] == UNSEEN {
                    pending = Some(w);
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            calls.pop();
            if let Some((parent, _, _)) = calls.last() {
                let p = *parent as usize;
                low[p] = low[p].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp[w as usize] = count as u32;
                    if w == v {
                        break;
                    }
                }
                count += 1;
            }
        }
    }
    Components { id: comp, count }
}

/// The alternating cycles of a graph: the strongly connected components of
/// its *state graph*, whose states are (vertex, player to move) and whose
/// edges are the mover's edges, handing the move to the opponent
/// (LOOPY 2.1). Since every state edge changes the mover, a state lies on
/// an alternating cycle exactly when its component has more than one state.
pub(crate) struct Alternating {
    comp: Vec<u32>,
    size: Vec<u32>,
}

fn state(v: u32, p: Player) -> usize {
    2 * v as usize + p.index()
}

impl Alternating {
    pub fn new(g: &Graph) -> Alternating {
        let comp = strongly_connected(2 * g.len(), |s, out| {
            let v = (s / 2) as u32;
            let p = if s % 2 == 0 {
                Player::Left
            } else {
                Player::Right
            };
            let o = p.other().index() as u32;
            out.extend(g.edges(v, p).iter().map(|&t| 2 * t + o));
        });
        let mut size = vec![0u32; comp.count];
        for &c in &comp.id {
            size[c as usize] += 1;
        }
        Alternating {
            comp: comp.id,
            size,
        }
    }

    /// State (v, p) lies on an alternating cycle.
    pub fn cyclic(&self, v: u32, p: Player) -> bool {
        self.size[self.comp[state(v, p)] as usize] > 1
    }

    /// For an edge of `p` from `v` to `t`: the edge lies on an alternating
    /// cycle, i.e. `alternatingReachable(t, other(p), v, p)`.
    pub fn edge_cyclic(&self, v: u32, p: Player, t: u32) -> bool {
        self.comp[state(v, p)] == self.comp[state(t, p.other())]
    }

    /// States (a, p) and (b, q) lie in one component (each reaches the
    /// other).
    pub fn together(&self, a: u32, p: Player, b: u32, q: Player) -> bool {
        self.comp[state(a, p)] == self.comp[state(b, q)]
    }

    /// Vertices with some state on an alternating cycle.
    pub fn cyclic_vertices(&self) -> Vec<bool> {
        (0..self.comp.len() / 2)
            .map(|v| self.cyclic(v as u32, Player::Left) || self.cyclic(v as u32, Player::Right))
            .collect()
    }
}

impl Graph {
    /// The vertices from which no alternating cycle is reachable: each is
    /// the start of a stopper.
    pub(crate) fn stopper_vertices(&self) -> Vec<bool> {
        self.cannot_reach(&Alternating::new(self).cyclic_vertices())
    }

    /// No alternating cycle is reachable from `start` (LOOPY 2.1
    /// `isStopper`): the game is a stopper.
    pub fn is_stopper(&self, start: u32) -> bool {
        let cyclic = Alternating::new(self).cyclic_vertices();
        let reach = self.reachable(Some(start));
        !(0..self.len()).any(|v| reach[v] && cyclic[v])
    }

    /// No alternating cycle anywhere in the graph.
    pub(crate) fn is_alternating_cycle_free(&self) -> bool {
        !Alternating::new(self)
            .cyclic_vertices()
            .into_iter()
            .any(|c| c)
    }
}
