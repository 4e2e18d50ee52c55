//! Comparison of loopy games by retrograde analysis on the product graph
//! (LOOPY 2.3; Siegel CGT VI.1-VI.2).
//!
//! To decide `G <= H` we play `H - G`: a state is a pair of vertices
//! `(x, y)` (standing for `H_y - G_x`) and the player to move. Left moves
//! along Right edges of `G` or Left edges of `H`; Right along Left edges of
//! `G` or Right edges of `H`.
//!
//! - Phase A labels, by backward induction from the states where the mover
//!   has no move, every state one player can win in finitely many moves.
//! - Phase B (only for the onside and offside orders) solves the rest as a
//!   Büchi game for Left: Left wins an infinite play when infinitely many
//!   moves are *accepting* (made in `H` for the onside order, in `G` for
//!   the offside order). Each round finds the open states from which Left
//!   can force one more accepting move without losing; the others are won
//!   by Right and are propagated as in phase A, until nothing changes.
//!
//! `G <= H` iff Right, moving first from `(g, h)`, does not win. In the
//! stopper order every infinite play is Left's (survival), so phase A
//! alone decides.
//!
//! A single comparison explores only the states reachable from its start,
//! indexed through a hash map; a full table (every pair of vertices of one
//! graph, as the simplifier needs) uses dense arrays.

use super::error::{LoopyError, LoopyResult};
use super::graph::Graph;
use super::Side;
use rustc_hash::FxHashMap;

/// The order a comparison decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// The order of stoppers: infinite play is a win for Left (survival).
    Stopper,
    /// `<=` of onsides: Left wins an infinite play with infinitely many
    /// moves in `H`.
    Onside,
    /// `<=` of offsides: Left wins an infinite play with infinitely many
    /// moves in `G`.
    Offside,
}

impl From<Side> for Mode {
    fn from(side: Side) -> Mode {
        match side {
            Side::Onside => Mode::Onside,
            Side::Offside => Mode::Offside,
        }
    }
}

/// The most states one comparison may use (each costs up to ten bytes).
pub(crate) const STATE_BUDGET: u64 = 1 << 26;

/// Up to this many states in the whole product, a single comparison keeps
/// its states in dense arrays (faster than a hash map); beyond, only the
/// reachable states are stored, in a hash map.
const DENSE_LIMIT: u64 = 1 << 25;

/// A graph's edges in compressed rows, with the reverse edges.
pub(crate) struct Csr {
    fwd: [Rows; 2],
    rev: [Rows; 2],
}

struct Rows {
    off: Vec<u32>,
    to: Vec<u32>,
}

impl Rows {
    fn get(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.to[self.off[v] as usize..self.off[v + 1] as usize]
    }

    fn forward(g: &Graph, left: bool) -> Rows {
        let mut off = Vec::with_capacity(g.len() + 1);
        let mut to = Vec::new();
        off.push(0);
        for v in 0..g.len() as u32 {
            to.extend_from_slice(if left { g.left(v) } else { g.right(v) });
            off.push(to.len() as u32);
        }
        Rows { off, to }
    }

    fn reverse(fwd: &Rows, n: usize) -> Rows {
        let mut off = vec![0u32; n + 1];
        for &t in &fwd.to {
            off[t as usize + 1] += 1;
        }
        for i in 0..n {
            off[i + 1] += off[i];
        }
        let mut fill = off.clone();
        let mut to = vec![0u32; fwd.to.len()];
        for v in 0..n as u32 {
            for &t in fwd.get(v) {
                to[fill[t as usize] as usize] = v;
                fill[t as usize] += 1;
            }
        }
        Rows { off, to }
    }
}

impl Csr {
    pub fn new(g: &Graph) -> Csr {
        let l = Rows::forward(g, true);
        let r = Rows::forward(g, false);
        let rl = Rows::reverse(&l, g.len());
        let rr = Rows::reverse(&r, g.len());
        Csr {
            fwd: [l, r],
            rev: [rl, rr],
        }
    }

    fn len(&self) -> usize {
        self.fwd[0].off.len() - 1
    }

    fn left(&self, v: u32) -> &[u32] {
        self.fwd[0].get(v)
    }

    fn right(&self, v: u32) -> &[u32] {
        self.fwd[1].get(v)
    }

    fn preds_left(&self, v: u32) -> &[u32] {
        self.rev[0].get(v)
    }

    fn preds_right(&self, v: u32) -> &[u32] {
        self.rev[1].get(v)
    }
}

const OPEN: u8 = 0;
/// The player to move wins.
const WIN: u8 = 1;
/// The player to move loses.
const LOSE: u8 = 2;

/// The product game `H - G` over two graphs.
struct Product<'a> {
    g: &'a Csr,
    h: &'a Csr,
    nh: u64,
    mode: Mode,
}

/// Which component a move is made in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Component {
    G,
    H,
}

impl Product<'_> {
    fn key(&self, x: u32, y: u32, right_to_move: bool) -> u64 {
        ((x as u64 * self.nh + y as u64) << 1) | right_to_move as u64
    }

    fn decode(&self, key: u64) -> (u32, u32, bool) {
        let pair = key >> 1;
        (
            (pair / self.nh) as u32,
            (pair % self.nh) as u32,
            key & 1 == 1,
        )
    }

    fn accepting(&self, c: Component) -> bool {
        match self.mode {
            Mode::Stopper => false,
            Mode::Onside => c == Component::H,
            Mode::Offside => c == Component::G,
        }
    }

    fn out_degree(&self, key: u64) -> u32 {
        let (x, y, right) = self.decode(key);
        if right {
            (self.g.left(x).len() + self.h.right(y).len()) as u32
        } else {
            (self.g.right(x).len() + self.h.left(y).len()) as u32
        }
    }

    /// Every move from the state `key`, with whether it is accepting.
    fn moves(&self, key: u64, mut f: impl FnMut(u64, bool)) {
        let (x, y, right) = self.decode(key);
        let (gs, hs) = if right {
            (self.g.left(x), self.h.right(y))
        } else {
            (self.g.right(x), self.h.left(y))
        };
        let (ag, ah) = (self.accepting(Component::G), self.accepting(Component::H));
        for &x2 in gs {
            f(self.key(x2, y, !right), ag);
        }
        for &y2 in hs {
            f(self.key(x, y2, !right), ah);
        }
    }

    /// Every move into the state `key`, with whether it is accepting.
    fn moves_into(&self, key: u64, mut f: impl FnMut(u64, bool)) {
        let (x, y, right) = self.decode(key);
        // The mover before was the other player.
        let (gs, hs) = if right {
            // A Left move: a Right edge of G or a Left edge of H.
            (self.g.preds_right(x), self.h.preds_left(y))
        } else {
            (self.g.preds_left(x), self.h.preds_right(y))
        };
        let (ag, ah) = (self.accepting(Component::G), self.accepting(Component::H));
        for &x0 in gs {
            f(self.key(x0, y, !right), ag);
        }
        for &y0 in hs {
            f(self.key(x, y0, !right), ah);
        }
    }
}

/// How states are stored: every state of the product in dense arrays,
/// the states reachable from a start in dense arrays, or the reachable
/// states through a hash map (when dense arrays would be too large).
trait Slots {
    /// The array index of a state, if the state is considered.
    fn slot(&self, key: u64) -> Option<usize>;
    /// The state at an array index.
    fn key(&self, slot: usize) -> u64;
    /// The length of the arrays.
    fn capacity(&self) -> usize;
    /// Call `f` on the index of every state considered.
    fn each(&self, f: impl FnMut(usize));
}

/// Every state; the index is the key.
struct Dense(usize);

impl Slots for Dense {
    fn slot(&self, key: u64) -> Option<usize> {
        Some(key as usize)
    }
    fn key(&self, slot: usize) -> u64 {
        slot as u64
    }
    fn capacity(&self) -> usize {
        self.0
    }
    fn each(&self, f: impl FnMut(usize)) {
        (0..self.0).for_each(f)
    }
}

/// The states reachable from a start; the index is the key.
struct Reached {
    total: usize,
    seen: Vec<u64>,
    keys: Vec<u64>,
}

impl Slots for Reached {
    fn slot(&self, key: u64) -> Option<usize> {
        let k = key as usize;
        (self.seen[k / 64] >> (k % 64) & 1 == 1).then_some(k)
    }
    fn key(&self, slot: usize) -> u64 {
        slot as u64
    }
    fn capacity(&self) -> usize {
        self.total
    }
    fn each(&self, mut f: impl FnMut(usize)) {
        for &k in &self.keys {
            f(k as usize)
        }
    }
}

/// The states reachable from a start, indexed through a hash map.
struct Sparse {
    map: FxHashMap<u64, u32>,
    keys: Vec<u64>,
}

impl Slots for Sparse {
    fn slot(&self, key: u64) -> Option<usize> {
        self.map.get(&key).map(|&s| s as usize)
    }
    fn key(&self, slot: usize) -> u64 {
        self.keys[slot]
    }
    fn capacity(&self) -> usize {
        self.keys.len()
    }
    fn each(&self, f: impl FnMut(usize)) {
        (0..self.keys.len()).for_each(f)
    }
}

/// The states reachable from `start`, in discovery order; `insert(key)`
/// records a state and says whether it is new.
fn discover(p: &Product, start: u64, mut insert: impl FnMut(u64) -> bool) -> LoopyResult<Vec<u64>> {
    let mut keys = vec![start];
    insert(start);
    let mut i = 0;
    while i < keys.len() {
        if i.is_multiple_of(4096) {
            crate::interrupt::check();
        }
        p.moves(keys[i], |k, _| {
            if insert(k) {
                keys.push(k);
            }
        });
        if keys.len() as u64 > STATE_BUDGET {
            return Err(LoopyError::too_large(
                "a comparison",
                keys.len() as u128,
                STATE_BUDGET as u128,
            ));
        }
        i += 1;
    }
    Ok(keys)
}

impl Reached {
    fn explore(p: &Product, start: u64, total: usize) -> LoopyResult<Reached> {
        let mut seen = vec![0u64; total.div_ceil(64)];
        let keys = discover(p, start, |k| {
            let (w, b) = (k as usize / 64, k % 64);
            let new = seen[w] >> b & 1 == 0;
            seen[w] |= 1 << b;
            new
        })?;
        Ok(Reached { total, seen, keys })
    }
}

impl Sparse {
    fn explore(p: &Product, start: u64) -> LoopyResult<Sparse> {
        let mut map = FxHashMap::default();
        let mut next = 0u32;
        let keys = discover(p, start, |k| match map.entry(k) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(next);
                next += 1;
                true
            }
            std::collections::hash_map::Entry::Occupied(_) => false,
        })?;
        Ok(Sparse { map, keys })
    }
}

/// Retrograde analysis over the states of `slots`.
fn solve<S: Slots>(p: &Product, slots: &S) -> Vec<u8> {
    let n = slots.capacity();
    let mut status = vec![OPEN; n];
    let mut count = vec![0u32; n];
    let mut queue = Vec::new();
    slots.each(|s| {
        let d = p.out_degree(slots.key(s));
        count[s] = d;
        if d == 0 {
            status[s] = LOSE;
            queue.push(s);
        }
    });
    propagate(p, slots, &mut status, &mut count, queue);
    if p.mode == Mode::Stopper {
        return status;
    }
    let mut good = vec![false; n];
    let mut pending = vec![0u32; n];
    loop {
        crate::interrupt::check();
        let mut open: Vec<usize> = Vec::new();
        slots.each(|s| {
            if status[s] == OPEN {
                open.push(s);
            }
        });
        if open.is_empty() {
            break;
        }
        let mut stack = Vec::new();
        for &s in &open {
            good[s] = false;
        }
        for &s in &open {
            let key = slots.key(s);
            let right = key & 1 == 1;
            if right {
                // Good when every non-accepting move is already good for
                // Left (accepting Right moves impose no condition).
                let mut c = 0;
                p.moves(key, |k, acc| {
                    if !acc {
                        if let Some(t) = slots.slot(k) {
                            if status[t] == OPEN {
                                c += 1;
                            }
                        }
                    }
                });
                pending[s] = c;
                if c == 0 {
                    good[s] = true;
                    stack.push(s);
                }
            } else {
                // Good when Left has an accepting move to a state Right
                // has not won.
                let mut found = false;
                p.moves(key, |k, acc| {
                    if acc && !found {
                        if let Some(t) = slots.slot(k) {
                            found = status[t] != WIN;
                        }
                    }
                });
                if found {
                    good[s] = true;
                    stack.push(s);
                }
            }
        }
        let mut steps = 0u32;
        while let Some(s) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                crate::interrupt::check();
            }
            p.moves_into(slots.key(s), |k, acc| {
                if acc {
                    return;
                }
                let Some(q) = slots.slot(k) else { return };
                if status[q] != OPEN || good[q] {
                    return;
                }
                if k & 1 == 1 {
                    pending[q] -= 1;
                    if pending[q] == 0 {
                        good[q] = true;
                        stack.push(q);
                    }
                } else {
                    good[q] = true;
                    stack.push(q);
                }
            });
        }
        let mut decided = Vec::new();
        for &s in &open {
            if !good[s] {
                // Right wins: a Left-to-move state is lost by its mover, a
                // Right-to-move one is won by its mover.
                status[s] = if slots.key(s) & 1 == 1 { WIN } else { LOSE };
                decided.push(s);
            }
        }
        if decided.is_empty() {
            break;
        }
        propagate(p, slots, &mut status, &mut count, decided);
    }
    status
}

/// Phase A: from newly decided states, decide their predecessors.
fn propagate<S: Slots>(
    p: &Product,
    slots: &S,
    status: &mut [u8],
    count: &mut [u32],
    mut queue: Vec<usize>,
) {
    let mut steps = 0u32;
    while let Some(s) = queue.pop() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(4096) {
            crate::interrupt::check();
        }
        let lost = status[s] == LOSE;
        p.moves_into(slots.key(s), |k, _| {
            let Some(q) = slots.slot(k) else { return };
            if status[q] != OPEN {
                return;
            }
            if lost {
                status[q] = WIN;
                queue.push(q);
            } else {
                count[q] -= 1;
                if count[q] == 0 {
                    status[q] = LOSE;
                    queue.push(q);
                }
            }
        });
    }
}

/// `G_x <= H_y` in `mode`.
pub(crate) fn leq(g: &Graph, x: u32, h: &Graph, y: u32, mode: Mode) -> LoopyResult<bool> {
    leq_csr(&Csr::new(g), x, &Csr::new(h), y, mode)
}

/// `G_x <= H_y` in `mode`, for graphs already in compressed rows.
pub(crate) fn leq_csr(g: &Csr, x: u32, h: &Csr, y: u32, mode: Mode) -> LoopyResult<bool> {
    let p = Product {
        g,
        h,
        nh: h.len() as u64,
        mode,
    };
    let start = p.key(x, y, true);
    let total = 2 * g.len() as u128 * h.len() as u128;
    if total <= DENSE_LIMIT as u128 {
        let slots = Reached::explore(&p, start, total as usize)?;
        let status = solve(&p, &slots);
        return Ok(status[start as usize] != WIN);
    }
    let slots = Sparse::explore(&p, start)?;
    let status = solve(&p, &slots);
    Ok(status[0] != WIN)
}

/// `x <= y` for every pair of vertices of one graph, in one mode.
pub(crate) struct LeqTable {
    n: usize,
    bits: Vec<u64>,
}

impl LeqTable {
    /// Whether vertex `x` <= vertex `y`.
    pub fn leq(&self, x: u32, y: u32) -> bool {
        let i = x as usize * self.n + y as usize;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether `x` and `y` are equal.
    pub fn eq(&self, x: u32, y: u32) -> bool {
        self.leq(x, y) && self.leq(y, x)
    }
}

/// The comparison table of every pair of vertices of `g` in `mode`.
pub(crate) fn table(g: &Graph, mode: Mode) -> LoopyResult<LeqTable> {
    let n = g.len();
    let states = 2 * (n as u128) * (n as u128);
    if states > STATE_BUDGET as u128 {
        return Err(LoopyError::too_large(
            "a table of comparisons",
            states,
            STATE_BUDGET as u128,
        ));
    }
    let csr = Csr::new(g);
    let p = Product {
        g: &csr,
        h: &csr,
        nh: n as u64,
        mode,
    };
    let status = solve(&p, &Dense(states as usize));
    let mut bits = vec![0u64; (n * n).div_ceil(64)];
    for x in 0..n as u32 {
        for y in 0..n as u32 {
            if status[p.key(x, y, true) as usize] != WIN {
                let i = x as usize * n + y as usize;
                bits[i / 64] |= 1 << (i % 64);
            }
        }
    }
    Ok(LeqTable { n, bits })
}

impl Graph {
    /// `G_x <= H_y` (G = this graph): in the order of stoppers when `bias`
    /// is `None` (meaningful when both are stoppers), otherwise in the
    /// onside or offside order (LOOPY 2.2-2.3).
    pub fn leq(&self, x: u32, other: &Graph, y: u32, bias: Option<Side>) -> LoopyResult<bool> {
        if x as usize >= self.len() || y as usize >= other.len() {
            return Err(LoopyError::new("A vertex is not in its graph."));
        }
        let mode = bias.map_or(Mode::Stopper, Mode::from);
        leq(self, x, other, y, mode)
    }
}
