//! Arithmetic of loopy values (LOOPY 2.9): sums through product graphs,
//! upsums and downsums, negation, integer multiples and ordinal sums.
//!
//! The onside of a sum is the *upsum* of the onsides and the offside the
//! *downsum* of the offsides (Siegel CGT VI.4): the sum's graph is
//! simplified under each bias.

use super::error::{LoopyError, LoopyResult};
use super::graph::Graph;
use super::sided::{side_index, SideGraph, SidedValue};
use super::simplify::simplify;
use super::stopper::{canonical, Stopper};
use super::{Player, Side};
use crate::game::store::lock;
use crate::number::Integer;
use rustc_hash::FxHashMap;
use std::ops::Neg;
use std::sync::{Arc, Mutex, OnceLock};

/// The most vertices of a product graph.
const PRODUCT_BUDGET: u64 = 1 << 22;

/// The reachable part of the product graph `G + H` from `(g, h)`
/// (LOOPY 2.9.1): vertex `(i, j)` is ordered by `i * |H| + j`, the Left
/// edges of `(i, j)` are `(i', j)` for Left edges `i -> i'` of `G` and
/// `(i, j')` for Left edges `j -> j'` of `H`, sorted in that order. The
/// result's vertices are numbered in increasing product order.
pub(crate) fn product(g: &Graph, g0: u32, h: &Graph, h0: u32) -> LoopyResult<(Graph, u32)> {
    let nh = h.len() as u64;
    let key = |i: u32, j: u32| i as u64 * nh + j as u64;
    let mut seen: FxHashMap<u64, u32> = FxHashMap::default();
    let mut keys = vec![key(g0, h0)];
    seen.insert(keys[0], 0);
    let mut i = 0;
    while i < keys.len() {
        if keys.len() as u64 > PRODUCT_BUDGET {
            return Err(LoopyError::too_large(
                "a sum",
                keys.len() as u128,
                PRODUCT_BUDGET as u128,
            ));
        }
        if i.is_multiple_of(4096) {
            crate::interrupt::check();
        }
        let (a, b) = ((keys[i] / nh) as u32, (keys[i] % nh) as u32);
        for p in Player::BOTH {
            let next = g
                .edges(a, p)
                .iter()
                .map(|&a2| key(a2, b))
                .chain(h.edges(b, p).iter().map(|&b2| key(a, b2)));
            for k in next {
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(k) {
                    e.insert(0);
                    keys.push(k);
                }
            }
        }
        i += 1;
    }
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    for (idx, k) in sorted.iter().enumerate() {
        seen.insert(*k, idx as u32);
    }
    let mut out = Graph::with_vertices(sorted.len());
    for (idx, &k) in sorted.iter().enumerate() {
        let (a, b) = ((k / nh) as u32, (k % nh) as u32);
        for p in Player::BOTH {
            let mut targets: Vec<u64> = g
                .edges(a, p)
                .iter()
                .map(|&a2| key(a2, b))
                .chain(h.edges(b, p).iter().map(|&b2| key(a, b2)))
                .collect();
            targets.sort_unstable();
            for t in targets {
                out.add_edge(idx as u32, p, seen[&t]);
            }
        }
    }
    Ok((out, seen[&key(g0, h0)]))
}

/// The sides of a game graph that is not a stopper, both required to be
/// stoppers (LOOPY 2.9.1).
fn stopper_sides(g: &Graph, start: u32) -> LoopyResult<SidedValue> {
    let onside = simplify(g, Some(start), Side::Onside)?;
    let offside = simplify(g, Some(start), Side::Offside)?;
    if !onside.is_stopper(0) || !offside.is_stopper(0) {
        return Err(LoopyError::finite_sides());
    }
    SidedValue::from_sides(onside, offside)
}

impl Stopper {
    /// The sum of two canonical stoppers (LOOPY 2.9.1): a stopper, or a
    /// stopper-sided value when the sum has alternating cycles
    /// (`on + off = dud`). Fallible (graphs have a budget), hence not
    /// `std::ops::Add`.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Stopper) -> LoopyResult<SidedValue> {
        if let (Some(a), Some(b)) = (self.as_short(), other.as_short()) {
            return Ok((a + b).into());
        }
        if self == Stopper::ZERO {
            return Ok(other.into());
        }
        if other == Stopper::ZERO {
            return Ok(self.into());
        }
        // A pseudonumber plus a number is translated: `x over + y` is
        // `(x + y) over`, `on + y` is `on`.
        for (p, y) in [(self, other), (other, self)] {
            if let (Some(p), Some(y)) = (
                p.as_pseudonumber(),
                y.as_short().and_then(|g| g.as_number().cloned()),
            ) {
                return Ok(Stopper::from_pseudonumber(&p.translate(&y)).into());
            }
        }
        type Sums = FxHashMap<(Stopper, Stopper), SidedValue>;
        static CACHE: OnceLock<Mutex<Sums>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let pair = if self.repr() <= other.repr() {
            (self, other)
        } else {
            (other, self)
        };
        if let Some(v) = lock(cache).get(&pair) {
            return Ok(v.clone());
        }
        let (g, h) = (self.graph()?, other.graph()?);
        let (p, start) = product(&g, 0, &h, 0)?;
        let value = if p.is_stopper(start) {
            canonical(&p, start)?.into()
        } else {
            stopper_sides(&p, start)?
        };
        lock(cache).insert(pair, value.clone());
        Ok(value)
    }

    /// `G Upsum H`: the onside of `G + H`.
    pub fn upsum(self, other: Stopper) -> LoopyResult<Stopper> {
        Ok(self.add(other)?.onside().unwrap_or(self))
    }

    /// `G Downsum H`: the offside of `G + H`.
    pub fn downsum(self, other: Stopper) -> LoopyResult<Stopper> {
        Ok(self.add(other)?.offside().unwrap_or(self))
    }

    /// `G - H = G + (-H)`.
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, other: Stopper) -> LoopyResult<SidedValue> {
        self.add(other.neg())
    }

    /// `+-(A, B, ...) = {A, B, ... | -A, -B, ...}` (`+-G` for one option).
    pub fn switch(options: &[Stopper]) -> LoopyResult<Stopper> {
        let negatives: Vec<Stopper> = options.iter().map(|&s| -s).collect();
        Stopper::from_options(options, &negatives)
    }

    /// The ordinal sum `G : H` (LOOPY 2.9.6): every vertex of `H` gains
    /// the options of `G`'s root.
    pub fn ordinal_sum(self, other: Stopper) -> LoopyResult<Stopper> {
        if let (Some(a), Some(b)) = (self.as_short(), other.as_short()) {
            return Ok(a.ordinal_sum(b).into());
        }
        let (g, h) = (self.graph()?, other.graph()?);
        let n = g.len() as u32;
        let mut out = (*g).clone();
        for _ in 0..h.len() {
            out.add_vertex();
        }
        for y in 0..h.len() as u32 {
            for p in Player::BOTH {
                let mut edges = g.edges(0, p).to_vec();
                edges.extend(h.edges(y, p).iter().map(|&t| t + n));
                *out.edges_mut(n + y, p) = edges;
            }
        }
        Stopper::from_graph(&out, n)
    }
}

impl SidedValue {
    /// The sum (LOOPY 1.8, 2.9): stoppers by 2.9.1, stopper-sided values
    /// side by side (upsum of the onsides, downsum of the offsides), other
    /// sided values through product graphs of their sides.
    pub fn add(&self, other: &SidedValue) -> LoopyResult<SidedValue> {
        if *other == SidedValue::zero() {
            return Ok(self.clone());
        }
        if *self == SidedValue::zero() {
            return Ok(other.clone());
        }
        if let (SidedValue::Stopper(a), SidedValue::Stopper(b)) = (self, other) {
            return a.add(*b);
        }
        if let (Some((s1, t1)), Some((s2, t2))) = (self.stopper_sides(), other.stopper_sides()) {
            return SidedValue::sided(s1.upsum(s2)?, t1.downsum(t2)?);
        }
        let mut sides = Vec::with_capacity(2);
        for side in [Side::Onside, Side::Offside] {
            let (g, h) = (self.side_graph(side)?, other.side_graph(side)?);
            let (p, start) = product(&g, 0, &h, 0)?;
            sides.push(simplify(&p, Some(start), side)?);
        }
        let offside = sides.pop().unwrap_or_default();
        let onside = sides.pop().unwrap_or_default();
        SidedValue::from_sides(onside, offside)
    }

    /// `G - H`.
    pub fn sub(&self, other: &SidedValue) -> LoopyResult<SidedValue> {
        self.add(&other.neg())
    }

    /// The negative (LOOPY 2.9.4): `-(S & T) = (-T) & (-S)`; a general
    /// value's new onside is its negated offside and vice versa.
    pub fn neg(&self) -> SidedValue {
        match self {
            SidedValue::Stopper(s) => s.neg().into(),
            SidedValue::StopperSided { onside, offside } => SidedValue::StopperSided {
                onside: offside.neg(),
                offside: onside.neg(),
            },
            SidedValue::General(s) => {
                let flip = |k: Side| {
                    let g = &s[side_index(k.other())];
                    SideGraph::new(g.graph().negate(), k)
                };
                SidedValue::General(Arc::new([flip(Side::Onside), flip(Side::Offside)]))
            }
        }
    }

    /// `n` copies of the value (LOOPY 2.9.5), by binary doubling
    /// (`3.G = (0 + G) + (G + G)`); negative `n` gives copies of the
    /// negative.
    pub fn times(&self, n: &Integer) -> LoopyResult<SidedValue> {
        if n.is_negative() {
            return Ok(self.times(&n.abs())?.neg());
        }
        if let Some(g) = self.as_short() {
            return Ok(g.times(n).into());
        }
        let mut k = n.clone();
        let mut result = SidedValue::zero();
        let mut square = self.clone();
        while !k.is_zero() {
            crate::interrupt::check();
            if k.is_odd() {
                result = result.add(&square)?;
            }
            k = k.shr(1);
            if !k.is_zero() {
                square = square.add(&square)?;
            }
        }
        Ok(result)
    }
}
