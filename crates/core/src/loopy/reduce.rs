//! The basic reductions shared by every simplifier (LOOPY 2.4; Siegel CGT
//! VI.3): bypassing reversible options, removing dominated options, and
//! fusing equal vertices.
//!
//! One comparison table, computed at the start of a round, serves the whole
//! round: every reduction preserves the value of every vertex. In the
//! onside and offside modes the reductions that could change a value
//! through an alternating cycle are guarded (LOOPY 2.4, pitfall 4).

use super::compare::{table, LeqTable, Mode};
use super::error::LoopyResult;
use super::graph::{Alternating, Graph};
use super::Player;
use rustc_hash::FxHashMap;

/// A round of reductions over one graph.
struct Round<'a> {
    g: &'a mut Graph,
    mode: Mode,
    table: LeqTable,
    /// The alternating cycles of the current graph, recomputed after a
    /// change when a guard needs them.
    cycles: Option<Alternating>,
}

impl Round<'_> {
    fn cycles(&mut self) -> &Alternating {
        self.cycles.get_or_insert_with(|| Alternating::new(self.g))
    }

    fn changed(&mut self) {
        self.cycles = None;
    }

    /// (R1)/(R2): bypass the reversible options of `player` at `v`. A Left
    /// option `A` is reversible through a Right option `B` of `A` with
    /// `B <= v`; it is replaced by the Left options of `B` not already
    /// present. Right options mirror this with `B >= v`.
    fn bypass(&mut self, v: u32, player: Player) -> bool {
        let opp = player.other();
        let mut changed = false;
        let mut i = 0;
        // Reversals can in principle feed each other without end on a
        // cyclic graph; a bound on their number keeps the round finite.
        let mut budget = 4 * (self.g.len() + 1) * (self.g.len() + 1);
        let mut present: Option<FxHashMap<u32, u32>> = None;
        while i < self.g.edges(v, player).len() {
            let a = self.g.edges(v, player)[i];
            let mut reverser = None;
            for k in 0..self.g.edges(a, opp).len() {
                let b = self.g.edges(a, opp)[k];
                let dominates = match player {
                    Player::Left => self.table.leq(b, v),
                    Player::Right => self.table.leq(v, b),
                };
                if dominates
                    && (self.mode == Mode::Stopper || !self.cycles().together(b, player, a, opp))
                {
                    reverser = Some(b);
                    break;
                }
            }
            let Some(b) = reverser else {
                i += 1;
                continue;
            };
            if budget == 0 {
                break;
            }
            budget -= 1;
            // The targets in v's list, counted (lists can grow long while
            // options are bypassed).
            let present = present.get_or_insert_with(|| {
                let mut m: FxHashMap<u32, u32> = FxHashMap::default();
                for &t in self.g.edges(v, player) {
                    *m.entry(t).or_default() += 1;
                }
                m
            });
            let replacement = self.g.edges(b, player).to_vec();
            let list = self.g.edges_mut(v, player);
            list.remove(i);
            if let Some(c) = present.get_mut(&a) {
                *c -= 1;
            }
            for t in replacement {
                let c = present.entry(t).or_default();
                if t != a && *c == 0 {
                    *c = 1;
                    list.push(t);
                }
            }
            changed = true;
            self.changed();
        }
        changed
    }

    /// (R3): remove dominated options of `player` at `v`, pairwise by
    /// index. A deletion is allowed in the side mode that favours the
    /// opponent's infinite plays only if the dominating option does not lie
    /// on an alternating cycle through `v`.
    fn remove_dominated(&mut self, v: u32, player: Player) -> bool {
        let guarded = matches!(
            (self.mode, player),
            (Mode::Offside, Player::Left) | (Mode::Onside, Player::Right)
        );
        let mut changed = false;
        let mut i = 0;
        while i < self.g.edges(v, player).len() {
            let mut j = i + 1;
            let mut removed_i = false;
            while j < self.g.edges(v, player).len() {
                let list = self.g.edges(v, player);
                let (a, b) = (list[i], list[j]);
                // `worse(x, y)`: option x is dominated by option y.
                let worse = |x: u32, y: u32| match player {
                    Player::Left => self.table.leq(x, y),
                    Player::Right => self.table.leq(y, x),
                };
                let delete_j =
                    a == b || (worse(b, a) && (!guarded || !self.on_cycle_through(a, v, player)));
                if delete_j {
                    self.g.edges_mut(v, player).remove(j);
                    self.changed();
                    changed = true;
                    continue;
                }
                let worse_a = match player {
                    Player::Left => self.table.leq(a, b),
                    Player::Right => self.table.leq(b, a),
                };
                if worse_a && (!guarded || !self.on_cycle_through(b, v, player)) {
                    self.g.edges_mut(v, player).remove(i);
                    self.changed();
                    changed = true;
                    removed_i = true;
                    break;
                }
                j += 1;
            }
            if !removed_i {
                i += 1;
            }
        }
        changed
    }

    /// `alternatingReachable(d, other(p), v, p)` for an option `d` of `p`
    /// at `v`.
    fn on_cycle_through(&mut self, d: u32, v: u32, p: Player) -> bool {
        self.cycles().together(d, p.other(), v, p)
    }
}

/// One basic round (LOOPY 2.4 R1-R3) over the vertices reachable from
/// `start` (every vertex when `None`), in increasing order. Returns whether
/// anything changed, and the round's comparison table, which stays valid
/// for the reduced graph (the reductions keep every vertex's value).
pub(crate) fn basic_round(
    g: &mut Graph,
    start: Option<u32>,
    mode: Mode,
) -> LoopyResult<(bool, LeqTable)> {
    let table = table(g, mode)?;
    let n = g.len();
    let mut round = Round {
        g,
        mode,
        table,
        cycles: None,
    };
    let mut reach = round.g.reachable(start);
    let mut changed = false;
    for v in 0..n as u32 {
        if !reach[v as usize] {
            continue;
        }
        crate::interrupt::check();
        let mut c = round.bypass(v, Player::Left);
        c |= round.bypass(v, Player::Right);
        c |= round.remove_dominated(v, Player::Left);
        c |= round.remove_dominated(v, Player::Right);
        if c {
            changed = true;
            if start.is_some() {
                reach = round.g.reachable(start);
            }
        }
    }
    Ok((changed, round.table))
}

/// Fusion (LOOPY 2.4 F): every vertex equal (in the stopper order) to a
/// smaller reachable vertex has its incoming edges redirected there; in a
/// side mode only vertices from which no alternating cycle is reachable
/// are fused. Then pack from `start`. `stopper_table`, if given, is a
/// stopper-order table of `g`'s vertices (a round's table, still valid).
pub(crate) fn fuse(
    g: &Graph,
    start: u32,
    side_mode: bool,
    stopper_table: Option<LeqTable>,
) -> LoopyResult<Graph> {
    let eq = match stopper_table {
        Some(t) => t,
        None => table(g, Mode::Stopper)?,
    };
    let stopper = if side_mode {
        g.stopper_vertices()
    } else {
        vec![true; g.len()]
    };
    let mut g = g.clone();
    let mut reach = g.reachable(Some(start));
    for i in 0..g.len() as u32 {
        if !reach[i as usize] || !stopper[i as usize] {
            continue;
        }
        let target = (0..i).find(|&j| reach[j as usize] && stopper[j as usize] && eq.eq(i, j));
        if let Some(j) = target {
            for v in 0..g.len() as u32 {
                for p in Player::BOTH {
                    for t in g.edges_mut(v, p) {
                        if *t == i {
                            *t = j;
                        }
                    }
                }
            }
            reach = g.reachable(Some(start));
        }
    }
    Ok(g.pack(start))
}
