//! Disjunctive sums and negation of canonical games.
//!
//! - nus + nus by formula;
//! - number + non-number by translation: for G not a number in canonical
//!   form, `x + G = {x + G^L | x + G^R}` is already canonical (the Number
//!   Translation Theorem, Siegel CGT II.3), so no simplification is needed;
//! - otherwise `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, simplified,
//!   and memoised by the unordered pair (translations too): in a small
//!   per-thread cache of recent sums, in front of the store's shared one.
//!
//! Negation maps a canonical form `{L | R}` to `{-R | -L}`, which is again
//! canonical, so it never simplifies; the result is cached in the node.

use super::canonical::{canonicalize, intern_sorted};
use super::recent_pairs::RecentPairs;
use super::store::store;
use super::{Game, OptionList};

pub(crate) fn add(g: Game, h: Game) -> Game {
    if g.is_zero() {
        return h;
    }
    if h.is_zero() {
        return g;
    }
    let (g, h) = if g <= h { (g, h) } else { (h, g) };
    match (g.nus(), h.nus()) {
        (Some(a), Some(b)) => return Game::from_nus(a.add(b)),
        (Some(a), None) if a.is_number() => return translate(g, h),
        (None, Some(b)) if b.is_number() => return translate(h, g),
        _ => {}
    }
    cached(g, h, || add_by_options(g, h))
}

thread_local! {
    /// Recent sums `G + H` of this thread, in front of the store's shared
    /// cache, as the comparisons have theirs (`order`).
    static RECENT: RecentPairs<Game> = RecentPairs::new(Game::ZERO);
}

/// The sum of `g <= h` (neither 0): from this thread's recent sums, the
/// store's cache, or `compute()`, kept in both.
fn cached(g: Game, h: Game, compute: impl FnOnce() -> Game) -> Game {
    if let Some(s) = RECENT.with(|c| c.get(g, h)) {
        return s;
    }
    let st = store();
    let s = match st.add_cache.get(&(g, h)) {
        Some(s) => s,
        None => {
            let s = crate::stack::descend(compute);
            st.add_cache.insert((g, h), s);
            s
        }
    };
    RECENT.with(|c| c.put(g, h, s));
    s
}

fn add_by_options(g: Game, h: Game) -> Game {
    let side = |gs: &[Game], hs: &[Game]| -> OptionList {
        let mut v = OptionList::with_capacity(gs.len() + hs.len());
        v.extend(gs.iter().map(|&x| add(x, h)));
        v.extend(hs.iter().map(|&y| add(g, y)));
        v
    };
    let left = side(g.left_options(), h.left_options());
    let right = side(g.right_options(), h.right_options());
    canonicalize(left, right)
}

/// x + G for a number x and a compound (non-nus) canonical G.
fn translate(x: Game, g: Game) -> Game {
    cached(x.min(g), x.max(g), || {
        let left: OptionList = g.left_options().iter().map(|&gl| add(x, gl)).collect();
        let right: OptionList = g.right_options().iter().map(|&gr| add(x, gr)).collect();
        intern_sorted(left, right)
    })
}

pub(crate) fn neg(g: Game) -> Game {
    let node = store().node(g);
    if let Some(n) = node.cached_neg() {
        return n;
    }
    let result = match node.nus() {
        Some(n) => Game::from_nus(n.neg()),
        None => crate::stack::descend(|| {
            let left: OptionList = g.right_options().iter().map(|&r| neg(r)).collect();
            let right: OptionList = g.left_options().iter().map(|&l| neg(l)).collect();
            intern_sorted(left, right)
        }),
    };
    node.set_neg(result);
    store().node(result).set_neg(g);
    result
}
