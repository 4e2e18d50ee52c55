//! The order of games: `G <= H` iff there is no `G^L >= H` and no
//! `H^R <= G` (ONAG ch. 1), with shortcuts:
//! - nus against nus by formula (`Nus::leq`);
//! - a number against a non-number through the non-number's options only
//!   (the Number Avoidance Theorem: x <= H iff no H^R <= x);
//! - the stops, which decide most pairs (`leq_by_stops`, shared with the
//!   pruning of dominated options);
//! - memoisation: a small direct-mapped cache per thread (`RecentPairs`),
//!   which answers the pairs met again soon (siblings compare the same
//!   options) without a lock or a miss in a large table, in front of the
//!   store's shared cache, which keeps the pairs whose computation needed
//!   another pair computed (see `COMPUTED`).
//!
//! Canonicalisation must compare candidate options against a game that is
//! not yet in the store; [`RawGame`] takes that game as raw option lists.

use super::recent_pairs::RecentPairs;
use super::store::store;
use super::Game;
use rustc_hash::FxHashMap;
use std::cell::Cell;

thread_local! {
    /// Recent answers `G <= H` of this thread.
    static LOCAL: RecentPairs<bool> = RecentPairs::new(false);

    /// Comparisons this thread has computed from options (not found in a
    /// cache). Only a comparison that needed another one computed is kept
    /// in the shared cache: one settled by stops, formulas and cached
    /// answers alone costs a scan of the options to redo, about what a
    /// look-up in a large table costs, and such leaves are most of the
    /// pairs asked (keeping only the others, Domineering 4x8 peaks at
    /// 126 MB instead of 178 MB, in the same time).
    static COMPUTED: Cell<u64> = const { Cell::new(0) };
}

/// G <= H for canonical games.
pub(crate) fn leq(g: Game, h: Game) -> bool {
    if g == h {
        return true;
    }
    let st = store();
    // The heads first (a line holds four), the nodes only when they decide
    // nothing.
    let (gh, hh) = (st.head(g), st.head(h));
    if gh.is_nus() && hh.is_nus() {
        if let (Some(a), Some(b)) = (st.node(g).nus(), st.node(h).nus()) {
            return a.leq(b);
        }
    }
    let by_stops = match (gh.scaled_stops(), hh.scaled_stops()) {
        (Some(a), Some(b)) => leq_by_stops(a, b),
        _ => leq_by_stops(st.node(g).prepared_stops(), st.node(h).prepared_stops()),
    };
    if let Some(answer) = by_stops {
        return answer;
    }
    if let Some(v) = LOCAL.with(|c| c.get(g, h)) {
        return v;
    }
    let result = match st.leq_cache.get(&(g, h)) {
        Some(v) => v,
        None => {
            let before = COMPUTED.get();
            COMPUTED.set(before.wrapping_add(1));
            let v = crate::stack::descend(|| leq_by_options(g, h));
            if COMPUTED.get() != before.wrapping_add(1) {
                st.leq_cache.insert((g, h), v);
            }
            v
        }
    };
    LOCAL.with(|c| c.put(g, h, result));
    result
}

/// `G <= H` when the stops of G and H (in any exact ordered form) decide
/// it. Stops are monotone: G <= H needs LS(G) <= LS(H) and RS(G) <= RS(H);
/// and LS(G) < RS(H) makes H - G have positive stops, so G < H.
#[inline(always)]
pub(crate) fn leq_by_stops<S: Ord>((gl, gr): (S, S), (hl, hr): (S, S)) -> Option<bool> {
    if gl > hl || gr > hr {
        Some(false)
    } else if gl < hr {
        Some(true)
    } else {
        None
    }
}

fn leq_by_options(g: Game, h: Game) -> bool {
    let g_number = g.is_number();
    let h_number = h.is_number();
    // Number avoidance: G <= y (y a number, G not) iff no G^L >= y, and
    // x <= H (x a number, H not) iff no H^R <= x.
    let check_right = !h_number || g_number;
    let check_left = !g_number || h_number;
    if check_right && h.right_options().iter().any(|&hr| leq(hr, g)) {
        return false;
    }
    if check_left && g.left_options().iter().any(|&gl| leq(h, gl)) {
        return false;
    }
    true
}

/// A game `G = {left | right}` that is not in the store (canonicalisation
/// is still working on it), compared with canonical games.
///
/// `x <= G` iff no `G^R <= x` and no `x^L >= G`; `G <= y` iff no `G^L >= y`
/// and no `y^R <= G` (ONAG ch. 1). The two recursions alternate through the
/// followers of `x` and `y` only, since `G` is fixed, so each answer is
/// memoised for the lifetime of the value: without the memo a follower
/// reached along many paths (every smaller nimber is an option of each
/// option of `*n`) is compared again on each path, exponentially often.
/// Most canonicalisations compare a handful of followers, so the memo
/// starts only after [`RawGame::UNREMEMBERED`] comparisons.
pub(crate) struct RawGame<'a> {
    left: &'a [Game],
    right: &'a [Game],
    /// `x <= G`, by x.
    below: FxHashMap<Game, bool>,
    /// `G <= y`, by y.
    above: FxHashMap<Game, bool>,
    /// Comparisons made so far.
    calls: u32,
}

impl<'a> RawGame<'a> {
    /// Comparisons made before answers are remembered.
    const UNREMEMBERED: u32 = 64;

    /// `{left | right}`, with canonical options.
    pub(crate) fn new(left: &'a [Game], right: &'a [Game]) -> Self {
        RawGame {
            left,
            right,
            below: FxHashMap::default(),
            above: FxHashMap::default(),
            calls: 0,
        }
    }

    /// `x <= G`.
    pub(crate) fn ge(&mut self, x: Game) -> bool {
        if x.left_options().is_empty() {
            // No recursion: nothing to remember.
            return self.no_right_option_below(x);
        }
        if let Some(&v) = self.below.get(&x) {
            return v;
        }
        let v = crate::stack::descend(|| {
            self.no_right_option_below(x) && !x.left_options().iter().any(|&xl| self.le(xl))
        });
        if self.remember() {
            self.below.insert(x, v);
        }
        v
    }

    /// `G <= y`.
    pub(crate) fn le(&mut self, y: Game) -> bool {
        if y.right_options().is_empty() {
            return self.no_left_option_above(y);
        }
        if let Some(&v) = self.above.get(&y) {
            return v;
        }
        let v = crate::stack::descend(|| {
            self.no_left_option_above(y) && !y.right_options().iter().any(|&yr| self.ge(yr))
        });
        if self.remember() {
            self.above.insert(y, v);
        }
        v
    }

    /// No `G^R <= x`.
    fn no_right_option_below(&self, x: Game) -> bool {
        !self.right.iter().any(|&gr| leq(gr, x))
    }

    /// No `G^L >= y`.
    fn no_left_option_above(&self, y: Game) -> bool {
        !self.left.iter().any(|&gl| leq(y, gl))
    }

    /// Count a comparison; whether to remember its answer.
    fn remember(&mut self) -> bool {
        self.calls = self.calls.saturating_add(1);
        self.calls > Self::UNREMEMBERED
    }
}
