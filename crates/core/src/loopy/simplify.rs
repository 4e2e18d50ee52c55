//! The side simplifier (LOOPY 2.7-2.8): the onside or offside of any game
//! graph, simplified as far as the reductions allow.
//!
//! There is no canonical form for sides that are not stoppers
//! (carousels), so this pipeline *is* the definition of the printed
//! result; for stopper-sided games every correct method gives the same
//! canonical sides. The order in which vertices and edges are scanned
//! follows LOOPY 2.7 exactly, since carousel results depend on it.
//!
//! Steps: obvious irrelevance (moves to `on`, `off`, `dud` and moves that
//! the opponent can undo at once), a basic round of reductions, then for
//! graphs with alternating cycles: deletion of irrelevant cyclic edges,
//! *unravelling* of the cyclic edges of the player the side works against
//! (that player may follow such an edge only a bounded number of times),
//! a second basic round and a second deletion pass; finally fusion and
//! packing when a start vertex is given.

use super::compare::{leq_csr, Csr, Mode};
use super::error::LoopyResult;
use super::graph::{Alternating, Graph};
use super::reduce::{basic_round, fuse};
use super::{Player, Side};

/// The most vertices unravelling may grow a graph to, as a multiple of
/// its size before unravelling (unravelling can be exponential).
const UNRAVEL_GROWTH: usize = 16;

/// Simplify the `side` of `graph`: from `start` (packed, so the result's
/// start is vertex 0) or, with `None`, the whole graph at once (no
/// packing, no fusion; LOOPY 4.2).
pub(crate) fn simplify(graph: &Graph, start: Option<u32>, side: Side) -> LoopyResult<Graph> {
    // 1-2.
    let acf = match start {
        Some(s) => graph.is_stopper(s),
        None => graph.is_alternating_cycle_free(),
    };
    let (mut g, start) = match start {
        Some(s) => (graph.pack(s), Some(0)),
        None => (graph.clone(), None),
    };
    // 3.
    obvious_irrelevance(&mut g, start, side);
    // 4-5.
    let mut mode = if acf { Mode::Stopper } else { side.into() };
    let (_, mut table) = basic_round(&mut g, start, mode)?;
    // 6.
    if mode != Mode::Stopper {
        irrelevant_edges(&mut g, start, side, false)?;
        if unravel_all(&mut g, start, side)? {
            mode = Mode::Stopper;
        }
        table = basic_round(&mut g, start, mode)?.1;
        if mode != Mode::Stopper {
            irrelevant_edges(&mut g, start, side, true)?;
        }
    }
    // 7. In the stopper mode the last round's table still holds.
    match start {
        Some(s) if mode == Mode::Stopper => fuse(&g, s, false, Some(table)),
        Some(s) => fuse(&g, s, true, None),
        None => Ok(g),
    }
}

/// `on = {pass |}`.
fn is_on(g: &Graph, t: u32) -> bool {
    g.left(t) == [t] && g.right(t).is_empty()
}

/// `off = {| pass}`.
fn is_off(g: &Graph, t: u32) -> bool {
    g.right(t) == [t] && g.left(t).is_empty()
}

/// `dud = {pass | pass}`.
fn is_dud(g: &Graph, t: u32) -> bool {
    g.left(t) == [t] && g.right(t) == [t]
}

/// Step 3: obvious irrelevance, at every reachable vertex in increasing
/// order. A move to `on` (or to `dud` in the onside) makes every other
/// Left move pointless; a move to `off` (or `dud` in the offside) is never
/// worth making; in the offside a Left move that Right can undo at once
/// only helps Right (the repetition is Right's), and mirror-wise.
fn obvious_irrelevance(g: &mut Graph, start: Option<u32>, side: Side) {
    let reach = g.reachable(start);
    for v in 0..g.len() as u32 {
        if !reach[v as usize] {
            continue;
        }
        for p in Player::BOTH {
            let mut i = 0;
            while i < g.edges(v, p).len() {
                let t = g.edges(v, p)[i];
                let (best, worst) = match p {
                    Player::Left => (is_on(g, t), is_off(g, t)),
                    Player::Right => (is_off(g, t), is_on(g, t)),
                };
                let dud = is_dud(g, t);
                // The side in which infinite play favours p.
                let p_side = match p {
                    Player::Left => Side::Onside,
                    Player::Right => Side::Offside,
                };
                if best || (dud && side == p_side) {
                    *g.edges_mut(v, p) = vec![t];
                    break;
                }
                let undone = side != p_side && g.edges(t, p.other()).contains(&v);
                if worst || (dud && side != p_side) || undone {
                    g.edges_mut(v, p).remove(i);
                    continue;
                }
                i += 1;
            }
        }
    }
}

/// Steps 6a and 6d: try deleting edges that lie on alternating cycles
/// (in the second pass, every edge of a vertex one of whose options of
/// that player lies on an alternating cycle with the opponent to move),
/// keeping a deletion when the value at the test vertex (the start, or
/// the vertex itself for a whole graph) does not change in the side's
/// order.
fn irrelevant_edges(
    g: &mut Graph,
    start: Option<u32>,
    side: Side,
    second: bool,
) -> LoopyResult<()> {
    let mode: Mode = side.into();
    let mut reach = g.reachable(start);
    let mut cycles = Alternating::new(g);
    for v in 0..g.len() as u32 {
        if !reach[v as usize] {
            continue;
        }
        for p in Player::BOTH {
            let every = second && g.edges(v, p).iter().any(|&w| cycles.cyclic(w, p.other()));
            let mut i = 0;
            while i < g.edges(v, p).len() {
                crate::interrupt::check();
                let t = g.edges(v, p)[i];
                if !every && !cycles.edge_cyclic(v, p, t) {
                    i += 1;
                    continue;
                }
                let mut modified = g.clone();
                modified.edges_mut(v, p).remove(i);
                let test = start.unwrap_or(v);
                let (a, b) = (Csr::new(g), Csr::new(&modified));
                // Deleting a Left edge can only lower the value: keep it
                // when modified >= original; mirror for Right.
                let same = match p {
                    Player::Left => leq_csr(&a, test, &b, test, mode)?,
                    Player::Right => leq_csr(&b, test, &a, test, mode)?,
                };
                if same {
                    *g = modified;
                    cycles = Alternating::new(g);
                    reach = g.reachable(start);
                } else {
                    i += 1;
                }
            }
        }
    }
    Ok(())
}

/// Step 6b: unravel every cyclic edge of the player the side works
/// against (Right for the onside, Left for the offside). Returns whether
/// that succeeded (the graph is then free of alternating cycles); on
/// failure the graph is left as it was before this step.
fn unravel_all(g: &mut Graph, start: Option<u32>, side: Side) -> LoopyResult<bool> {
    let mover = match side {
        Side::Onside => Player::Right,
        Side::Offside => Player::Left,
    };
    let mode: Mode = side.into();
    let limit = g.len().saturating_mul(UNRAVEL_GROWTH).max(64);
    let mut cur = g.clone();
    loop {
        crate::interrupt::check();
        let cycles = Alternating::new(&cur);
        let reach = cur.reachable(start);
        let found = (0..cur.len() as u32)
            .filter(|&v| reach[v as usize])
            .find_map(|v| {
                cur.edges(v, mover)
                    .iter()
                    .position(|&t| cycles.edge_cyclic(v, mover, t))
                    .map(|e| (v, e))
            });
        let Some((v, e)) = found else {
            *g = cur;
            return Ok(true);
        };
        let test = start.unwrap_or(v);
        let original = Csr::new(&cur);
        let mut accepted = None;
        for layers in 1..=3 {
            let u = unravel(&cur, &cycles, v, e, layers, mover);
            if u.len() > limit {
                break;
            }
            let unravelled = Csr::new(&u);
            let same = match side {
                Side::Onside => leq_csr(&unravelled, test, &original, test, mode)?,
                Side::Offside => leq_csr(&original, test, &unravelled, test, mode)?,
            };
            if same {
                accepted = Some(u);
                break;
            }
        }
        match accepted {
            Some(u) => cur = u,
            None => return Ok(false),
        }
    }
}

/// `unravel(v, e, n)` of LOOPY 2.7: `n` layers of copies of the vertices
/// on alternating cycles through the edge `e` of `mover` at `v`, each
/// vertex copied once with Left to move and once with Right to move, so
/// that the mover can follow `e` at most `n` times in an uninterrupted
/// alternating run.
fn unravel(
    g: &Graph,
    cycles: &Alternating,
    v: u32,
    e: usize,
    layers: usize,
    mover: Player,
) -> Graph {
    let n = g.len();
    let ac: Vec<u32> = (0..n as u32)
        .filter(|&x| {
            Player::BOTH
                .iter()
                .any(|&p| cycles.together(x, p, v, mover))
        })
        .collect();
    let m = ac.len();
    let mut pos = vec![usize::MAX; n];
    for (i, &x) in ac.iter().enumerate() {
        pos[x as usize] = i;
    }
    let copy =
        |k: usize, p: Player, x: u32| (n + k * 2 * m + p.index() * m + pos[x as usize]) as u32;
    let mut out = g.clone();
    for _ in 0..layers * 2 * m {
        out.add_vertex();
    }
    for k in 0..layers {
        for p in Player::BOTH {
            for &x in &ac {
                let c = copy(k, p, x);
                for q in Player::BOTH {
                    let targets: Vec<u32> = g
                        .edges(x, q)
                        .iter()
                        .map(|&t| {
                            if q == p && pos[t as usize] != usize::MAX {
                                copy(k, p.other(), t)
                            } else {
                                t
                            }
                        })
                        .collect();
                    *out.edges_mut(c, q) = targets;
                }
            }
        }
    }
    let t = g.edges(v, mover)[e];
    out.edges_mut(v, mover)[e] = copy(0, mover.other(), t);
    for k in 0..layers {
        let c = copy(k, mover, v);
        if k + 1 < layers {
            out.edges_mut(c, mover)[e] = copy(k + 1, mover.other(), t);
        } else {
            out.edges_mut(c, mover).remove(e);
        }
    }
    out
}
