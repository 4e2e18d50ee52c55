//! The order of games: `G <= H` iff there is no `G^L >= H` and no
//! `H^R <= G` (ONAG ch. 1), with shortcuts:
//! - nus against nus by formula (`Nus::leq`);
//! - a number against a non-number through the non-number's options only
//!   (the Number Avoidance Theorem: x <= H iff no H^R <= x);
//! - memoisation of every computed pair.
//!
//! Canonicalisation must compare candidate options against a game that is
//! not yet in the store; [`leq_raw_right`] and [`leq_raw_left`] take that
//! game as raw option lists.

use super::store::store;
use super::Game;

/// G <= H for canonical games.
pub(crate) fn leq(g: Game, h: Game) -> bool {
    if g == h {
        return true;
    }
    if let (Some(a), Some(b)) = (g.nus(), h.nus()) {
        return a.leq(b);
    }
    // Stops are monotone: G <= H needs LS(G) <= LS(H) and RS(G) <= RS(H);
    // and LS(G) < RS(H) makes H - G have positive stops, so G < H.
    let ((gl, gr), (hl, hr)) = (g.stop_refs(), h.stop_refs());
    if gl > hl || gr > hr {
        return false;
    }
    if gl < hr {
        return true;
    }
    let st = store();
    if let Some(v) = st.leq_cache.get(&(g, h)) {
        return v;
    }
    let result = stacker::maybe_grow(64 * 1024, 1024 * 1024, || leq_by_options(g, h));
    st.leq_cache.insert((g, h), result);
    result
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

/// x <= G where G = {left | right} is given by raw options:
/// no G^R <= x and no x^L >= G.
pub(crate) fn leq_raw_right(x: Game, left: &[Game], right: &[Game]) -> bool {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        !right.iter().any(|&gr| leq(gr, x))
            && !x
                .left_options()
                .iter()
                .any(|&xl| leq_raw_left(left, right, xl))
    })
}

/// G <= y where G = {left | right} is given by raw options:
/// no G^L >= y and no y^R <= G.
pub(crate) fn leq_raw_left(left: &[Game], right: &[Game], y: Game) -> bool {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        !left.iter().any(|&gl| leq(y, gl))
            && !y
                .right_options()
                .iter()
                .any(|&yr| leq_raw_right(yr, left, right))
    })
}
