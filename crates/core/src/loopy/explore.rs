//! The values of the positions of a large game graph given by a successor
//! function (LOOPY 4.1-4.2), for loopy rulesets.
//!
//! [`explore`] builds, from a start position, the graph of every position
//! reachable from it; a move may also lead to a fixed value (a position
//! valued separately), which is hung on the graph as its onside (in the
//! onside graph) or its offside (in the offside graph). Each side's graph
//! is simplified once as a whole (LOOPY 2.7 without a start vertex); the
//! value of a position is then read from the simplified graphs: the
//! canonical stopper where no alternating cycle is reachable from it,
//! otherwise a simplification from that vertex, and the sided
//! construction of the two.
//!
//! [`LoopyEvaluator`] adds what rulesets need around it: a memo of values,
//! decompositions into independent components, and `DepthHint` layering
//! (a position's options of smaller depth are valued first, separately,
//! so that each explored graph stays small).

use super::error::{LoopyError, LoopyResult};
use super::flatten::{Flattener, Item, Targets};
use super::graph::Graph;
use super::sided::{side_index, SidedValue};
use super::simplify::simplify;
use super::stopper::{canonical, Stopper};
use super::{Player, Side};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A move from a position: to another position of the same graph, or to
/// a position whose value is already known.
#[derive(Clone, Debug)]
pub enum Move<P> {
    /// A move to this position, explored in turn.
    To(P),
    /// A move to a position whose value is already known.
    Value(SidedValue),
}

/// The explored graph of a start position, ready to give the value of any
/// position in it.
pub struct Explored<P> {
    index: FxHashMap<P, u32>,
    positions: Vec<P>,
    /// The vertex of each position in each side's graph.
    vertex: [Vec<u32>; 2],
    /// Each side's graph, simplified as a whole.
    graphs: [Graph; 2],
    /// The vertices of each simplified graph that start stoppers.
    stoppers: [Vec<bool>; 2],
}

/// A target of a position: another position (by index) or a value.
#[derive(Clone, Copy)]
enum Edge {
    Position(u32),
    Value(u32),
}

/// Explore the positions reachable from `start` (at most `limit` of them)
/// and simplify their graph. `moves(p, player)` lists the moves of
/// `player` from `p` in the ruleset's order. Each position explored counts
/// one unit of work for progress reports and may be interrupted.
pub fn explore<P: Clone + Eq + Hash>(
    start: P,
    mut moves: impl FnMut(&P, Player) -> LoopyResult<Vec<Move<P>>>,
    limit: usize,
) -> LoopyResult<Explored<P>> {
    let mut index: FxHashMap<P, u32> = FxHashMap::default();
    let mut positions = vec![start.clone()];
    index.insert(start, 0);
    let mut values: Vec<SidedValue> = Vec::new();
    let mut edges: Vec<[Vec<Edge>; 2]> = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        crate::interrupt::checkpoint();
        let mut out = [Vec::new(), Vec::new()];
        for p in Player::BOTH {
            for m in moves(&positions[i], p)? {
                out[p.index()].push(match m {
                    Move::To(q) => {
                        let next = positions.len() as u32;
                        let k = *index.entry(q.clone()).or_insert(next);
                        if k == next {
                            if positions.len() >= limit {
                                return Err(LoopyError::over_budget(format!(
                                    "That game has more than {limit} positions to explore."
                                )));
                            }
                            positions.push(q);
                        }
                        Edge::Position(k)
                    }
                    Move::Value(v) => {
                        values.push(v);
                        Edge::Value(values.len() as u32 - 1)
                    }
                });
            }
        }
        edges.push(out);
        i += 1;
    }
    let mut vertex = [Vec::new(), Vec::new()];
    let mut graphs = [Graph::new(), Graph::new()];
    let mut stoppers = [Vec::new(), Vec::new()];
    for side in [Side::Onside, Side::Offside] {
        let s = side_index(side);
        let sides: Vec<Option<std::sync::Arc<Graph>>> = values
            .iter()
            .map(|v| match v.as_stopper() {
                Some(_) => Ok(None),
                None => v.side_graph(side).map(Some),
            })
            .collect::<LoopyResult<_>>()?;
        let mut f = Flattener::new();
        let keys: Vec<Option<u32>> = sides
            .iter()
            .map(|g| g.as_deref().map(|g| f.register(g)))
            .collect();
        let item = |e: &Edge| match *e {
            Edge::Position(k) => Item::Ext(k),
            Edge::Value(j) => match (values[j as usize].as_stopper(), keys[j as usize]) {
                (Some(st), _) => Item::of(st),
                (None, Some(k)) => Item::Side(k, 0),
                (None, None) => Item::of(Stopper::ZERO),
            },
        };
        let mut targets = |k: u32| -> Targets {
            let [l, r] = &edges[k as usize];
            (l.iter().map(item).collect(), r.iter().map(item).collect())
        };
        f.add(Item::Ext(0), &mut targets)?;
        vertex[s] = (0..positions.len() as u32)
            .map(|k| f.vertex_of(Item::Ext(k)).unwrap_or(0))
            .collect();
        let simplified = simplify(&f.graph, None, side)?;
        stoppers[s] = simplified.stopper_vertices();
        graphs[s] = simplified;
    }
    Ok(Explored {
        index,
        positions,
        vertex,
        graphs,
        stoppers,
    })
}

/// One side of a position's value.
enum SideValue {
    Stopper(Stopper),
    Graph(Graph),
}

impl<P: Clone + Eq + Hash> Explored<P> {
    /// Every position explored, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The number of positions explored.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position has been explored yet.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    fn side_value(&self, k: u32, side: Side) -> LoopyResult<SideValue> {
        let s = side_index(side);
        let (g, v) = (&self.graphs[s], self.vertex[s][k as usize]);
        if self.stoppers[s][v as usize] {
            Ok(SideValue::Stopper(canonical(g, v)?))
        } else {
            Ok(SideValue::Graph(simplify(g, Some(v), side)?))
        }
    }

    /// The value of an explored position (None if it was not explored).
    pub fn value(&self, p: &P) -> LoopyResult<Option<SidedValue>> {
        let Some(&k) = self.index.get(p) else {
            return Ok(None);
        };
        let onside = self.side_value(k, Side::Onside)?;
        let offside = self.side_value(k, Side::Offside)?;
        let graph = |s: SideValue| -> LoopyResult<Graph> {
            match s {
                SideValue::Stopper(st) => Ok((*st.graph()?).clone()),
                SideValue::Graph(g) => Ok(g),
            }
        };
        Ok(Some(match (onside, offside) {
            (SideValue::Stopper(s), SideValue::Stopper(t)) => SidedValue::sided(s, t)?,
            (s, t) => SidedValue::from_sides(graph(s)?, graph(t)?)?,
        }))
    }
}

/// A part of a decomposed position.
#[derive(Clone, Debug)]
pub enum Part<P> {
    /// A component still to be explored.
    Position(P),
    /// A component whose value is already known.
    Value(SidedValue),
}

/// A loopy ruleset as the evaluator sees it.
pub trait LoopyRules {
    /// The positions of the ruleset (their equality and hash key the memo).
    type Position: Clone + Eq + Hash;

    /// The options of `player` from `p`, in the ruleset's order.
    fn options(&self, p: &Self::Position, player: Player) -> LoopyResult<Vec<Self::Position>>;

    /// The independent components `p` splits into, or a value known
    /// without exploring (as a single `Part::Value`); `None` explores `p`.
    fn decompose(&self, _p: &Self::Position) -> LoopyResult<Option<Vec<Part<Self::Position>>>> {
        Ok(None)
    }

    /// CGSuite's `DepthHint`: if `depth_hint(G) < depth_hint(H)` then H is
    /// not a follower of G. Options of smaller depth are valued
    /// separately. The default puts everything in one graph.
    fn depth_hint(&self, _p: &Self::Position) -> i64 {
        0
    }
}

/// Values of the positions of a loopy ruleset, memoised (LOOPY 4.1).
pub struct LoopyEvaluator<R: LoopyRules> {
    rules: R,
    memo: FxHashMap<R::Position, SidedValue>,
    limit: usize,
}

impl<R: LoopyRules> LoopyEvaluator<R> {
    /// An evaluator exploring at most `limit` positions per graph.
    pub fn new(rules: R, limit: usize) -> LoopyEvaluator<R> {
        LoopyEvaluator {
            rules,
            memo: FxHashMap::default(),
            limit,
        }
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Every position valued so far, with its value (the memo), so that a
    /// caller may keep the values beyond this evaluator.
    pub fn values(&self) -> impl Iterator<Item = (&R::Position, &SidedValue)> + '_ {
        self.memo.iter()
    }

    /// The value of `p`.
    pub fn value(&mut self, p: &R::Position) -> LoopyResult<SidedValue> {
        if let Some(v) = self.memo.get(p) {
            return Ok(v.clone());
        }
        if let Some(parts) = self.rules.decompose(p)? {
            let mut sum = SidedValue::zero();
            for part in parts {
                let v = match part {
                    Part::Value(v) => v,
                    Part::Position(q) if q == *p => {
                        return Err(LoopyError::new(
                            "A position cannot be a component of its own decomposition.",
                        ))
                    }
                    Part::Position(q) => crate::stack::grow(|| self.value(&q))?,
                };
                sum = sum.add(&v)?;
            }
            self.memo.insert(p.clone(), sum.clone());
            return Ok(sum);
        }
        let limit = self.limit;
        let explored = explore(
            p.clone(),
            |q, player| {
                let depth = self.rules.depth_hint(q);
                let mut out = Vec::new();
                for o in self.rules.options(q, player)? {
                    if let Some(v) = self.memo.get(&o) {
                        out.push(Move::Value(v.clone()));
                    } else if self.rules.depth_hint(&o) < depth
                        || self.rules.decompose(&o)?.is_some()
                    {
                        let v = crate::stack::grow(|| self.value(&o))?;
                        out.push(Move::Value(v));
                    } else {
                        out.push(Move::To(o));
                    }
                }
                Ok(out)
            },
            limit,
        )?;
        for q in explored.positions() {
            if !self.memo.contains_key(q) {
                if let Some(v) = explored.value(q)? {
                    self.memo.insert(q.clone(), v);
                }
            }
        }
        self.memo
            .get(p)
            .cloned()
            .ok_or_else(|| LoopyError::new("The position was not explored."))
    }
}
