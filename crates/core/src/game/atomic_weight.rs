//! Atomic weights (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7-8;
//! Siegel, *Combinatorial Game Theory* (2013), II.7).
//!
//! # Definition
//!
//! Write `g.^` for the Norton product of g by `^`: `n.^` is n copies of `^`
//! for an integer n, and `g.^ = {g^L.^ + ^^* | g^R.^ + vv*}` otherwise (the
//! incentives of `^` are `v` and `^*`). Write `☆` for a *remote star*
//! (`*m` with m beyond every nimber that occurs in the games at hand, see
//! [`remote_star`]). Atomic weight measures a game in units of `^`, up to
//! an error smaller than `^` "modulo ☆": G has atomic weight g when
//!
//! ```text
//!     (g - 1).^ + ☆  <  G  <  (g + 1).^ + ☆,
//! ```
//!
//! i.e. `G - g.^` lies strictly between `v + ☆` and `^ + ☆`. Such a G is
//! infinitesimal, since `g.^` is. This is the characterisation used to
//! check every weight in the tests: on all-small games it agrees with the
//! calculus below, and `g ± 1` never qualify in its place.
//!
//! # The atomic weight calculus
//!
//! Every all-small game is atomic, and its weight is computed from the
//! weights of its options (WW ch. 8; Siegel, CGT II.7): let
//!
//! ```text
//!     G' = { aw(G^L) - 2 | aw(G^R) + 2 }.
//! ```
//!
//! If G' is not an integer, `aw(G) = G'`. If it is an integer (the
//! *eccentric* cases) the weight is an integer chosen by comparing G with
//! the remote star:
//! - if `G > ☆`, aw(G) is the largest integer n with `n ◁ aw(G^R) + 2` for
//!   every G^R;
//! - if `G < ☆`, aw(G) is the least integer n with `n ▷ aw(G^L) - 2` for
//!   every G^L;
//! - otherwise (`G` confused with `☆`) aw(G) = 0.
//!
//! The last case is forced by the definition: a weight n >= 1 gives
//! `G > (n - 1).^ + ☆ >= ☆`, and n <= -1 gives `G < ☆`. For instance
//! `^^* = {0 | ^}` has candidate `{-2 | 3} = 0`, but `^^* > ☆`, and its
//! weight is the largest n with `n ◁ 3`, namely 2.
//!
//! # Games that are not all-small
//!
//! An infinitesimal G need not be all-small (`Tiny(x)`, the Childish
//! Hackenbush positions with long stalks). Against an all-small game A,
//! and in particular in the comparisons of the definition, such a G plays
//! like the all-small game `Ĝ_N` obtained by replacing every follower that
//! one player wins outright (both stops > 0, or both < 0) by `N.^`
//! (resp. `-N.^`) for N large enough: whatever is added from the
//! infinitesimals, the sign of such a follower decides, and a move to a
//! hot follower threatens a number and must be answered at once, which
//! `N.^` reproduces. So G is atomic exactly when `aw(Ĝ_N)` is the same game
//! g for all large N, and then `aw(G) = g`. We run the calculus on G with
//! weights `±N` at the decided followers for two large values of N (the
//! comparisons with `☆` are made on G itself, which compares with the
//! all-small `☆` as `Ĝ_N` does), and accept g only when both agree *and* g
//! satisfies the definition above; otherwise G is not atomic. For instance
//! `aw(Tiny(x)) = 0`, while `{^^ || 0 | -2}` (whose weight would be
//! "Tiny(infinity)") has none.

use super::Game;
use crate::number::Integer;
use crate::sharded::ShardedMap;
use crate::stack::descend;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

impl Game {
    /// The atomic weight of G, or None if G is not atomic (Siegel, CGT
    /// II.7; see the module documentation for the definition and the
    /// calculus). All-small games are always atomic; a game that is not
    /// infinitesimal never is; other infinitesimals (such as `Tiny(x)`,
    /// weight 0) are atomic when their weight exists.
    ///
    /// `aw(x + k.^ + *n) = k` for x = 0, `aw(*n) = 0`, `aw(^<k>) = 0` for
    /// k >= 2, and aw is additive on all-small games.
    pub fn atomic_weight(self) -> Option<Game> {
        if let Some(n) = self.nus() {
            return n.number.is_zero().then(|| Game::integer(n.ups.clone()));
        }
        if !self.is_infinitesimal() {
            return None;
        }
        if self.is_all_small() {
            return Some(all_small_weight(self));
        }
        static CACHE: OnceLock<ShardedMap<Game, Option<Game>>> = OnceLock::new();
        CACHE
            .get_or_init(ShardedMap::new)
            .get_or_compute(self, || infinitesimal_weight(self))
    }

    /// Whether G has an atomic weight (see [`Game::atomic_weight`]).
    pub fn is_atomic(self) -> bool {
        self.atomic_weight().is_some()
    }
}

/// The weight of an all-small game by the atomic weight calculus.
fn all_small_weight(g: Game) -> Game {
    if let Some(n) = g.nus() {
        return Game::integer(n.ups.clone());
    }
    static CACHE: OnceLock<ShardedMap<Game, Game>> = OnceLock::new();
    CACHE.get_or_init(ShardedMap::new).get_or_compute(g, || {
        descend(|| calculus(g, &mut |o: Game| all_small_weight(o)))
    })
}

/// One step of the atomic weight calculus, given the weights of the
/// options: `{aw(G^L) - 2 | aw(G^R) + 2}`, or the eccentric integer.
fn calculus(g: Game, weight: &mut dyn FnMut(Game) -> Game) -> Game {
    let two = Game::integer(2);
    let left: Vec<Game> = g.left_options().iter().map(|&o| weight(o) - two).collect();
    let right: Vec<Game> = g.right_options().iter().map(|&o| weight(o) + two).collect();
    let candidate = Game::from_options(&left, &right);
    if !candidate.is_integer() {
        return candidate;
    }
    eccentric(g, &left, &right).unwrap_or(candidate)
}

/// The eccentric case: the candidate weight is an integer. `left` and
/// `right` hold the shifted weights `aw(G^L) - 2` and `aw(G^R) + 2`. None
/// when the side that decides is empty (which no game with options on both
/// sides, i.e. no non-integer, meets).
fn eccentric(g: Game, left: &[Game], right: &[Game]) -> Option<Game> {
    let star = remote_star(g);
    if star.leq(g) {
        // G > ☆ (G = ☆ is impossible: ☆ is not a follower of G).
        let n = right.iter().map(|&x| largest_integer_below(x)).min()?;
        Some(Game::integer(n))
    } else if g.leq(star) {
        let n = left.iter().map(|&x| least_integer_above(x)).max()?;
        Some(Game::integer(n))
    } else {
        Some(Game::ZERO)
    }
}

/// The largest integer n with `n ◁ x` (n not >= x). It lies between the
/// stops of x: n < RS(x) implies n < x, and n > LS(x) implies n > x.
fn largest_integer_below(x: Game) -> Integer {
    let (ls, rs) = x.stops();
    // Invariant: lo ◁ x and hi >= x.
    let mut lo = rs.floor() - Integer::one();
    let mut hi = ls.ceil() + Integer::one();
    while &hi - &lo > Integer::one() {
        let mid = (&lo + &hi).shr(1);
        if Game::integer(mid.clone()).geq(x) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    lo
}

/// The least integer n with `n ▷ x` (n not <= x).
fn least_integer_above(x: Game) -> Integer {
    -largest_integer_below(-x)
}

/// A remote star for G: `*(m + 1)` where m bounds the nimbers among the
/// followers of G ([`nimber_bound`]).
///
/// Every larger nimber `*K` compares with G, and with each follower of G,
/// exactly as `*(m + 1)` does. Write `Φ(K)` for `*K <= G` and `Ψ(K)` for
/// `G <= *K`. By definition `Φ(K)` asks that no `G^R <= *K` and no option
/// `*j` (j < K) of `*K` has `*j >= G`; `Ψ(K)` dually. Next to the
/// conditions of `Φ(m + 1)`, the options `*j` with m < j < K add "not
/// `Ψ(j)`", which by induction on K (and on followers, for the `G^R`) is
/// "not `Ψ(m + 1)`"; and `Φ(m + 1)` already excludes `Ψ(m + 1)`, as both
/// together would make G the nimber `*(m + 1)`. So `Φ(K) = Φ(m + 1)`, and
/// dually `Ψ(K) = Ψ(m + 1)`: `*(m + 1)` is the far star `☆` of Winning Ways
/// for G, and comparing with it takes only ordinary comparisons with the
/// small nimbers `*j`, j <= m.
fn remote_star(g: Game) -> Game {
    Game::nimber(nimber_bound(g).saturating_add(1))
}

/// An upper bound for the nimbers `*j` that are followers of G (including
/// G). A number has no nimber follower but 0: bound 0. For another nus
/// value `x + k.^ + *n` the bound is n + 1: `*n` has the `*j` with j <= n,
/// and for k != 0 the only nimber followers are 0, `*`, `*n` and
/// `*(n xor 1)`. Otherwise it is the largest bound of an option.
fn nimber_bound(g: Game) -> u64 {
    if let Some(n) = g.nus() {
        return if n.is_number() {
            0
        } else {
            n.nimber.saturating_add(1)
        };
    }
    static CACHE: OnceLock<ShardedMap<Game, u64>> = OnceLock::new();
    CACHE.get_or_init(ShardedMap::new).get_or_compute(g, || {
        descend(|| {
            g.left_options()
                .iter()
                .chain(g.right_options())
                .map(|&o| nimber_bound(o))
                .max()
                .unwrap_or(0)
        })
    })
}

/// The atomic weight of an infinitesimal that is not all-small: the
/// calculus with weights ±N at the decided followers, for two values of N,
/// accepted only if they agree and satisfy the definition.
fn infinitesimal_weight(g: Game) -> Option<Game> {
    let big = infinity_for(g);
    let a = ExtendedCalculus::new(big.clone()).weight(g);
    let b = ExtendedCalculus::new(big.shl(1)).weight(g);
    (a == b && has_weight(g, a)).then_some(a)
}

/// A value of N far beyond every finite weight met in the calculus on G:
/// the stops of a weight exceed those of the options' weights by at most 2
/// (the candidate lies between them, shifted by 2, and so do the eccentric
/// integers), and `aw(k.^ + *m) = k` with `|k|` at most the birthday, so
/// finite weights stay within twice G's birthday. The final check against
/// the definition guards the choice.
fn infinity_for(g: Game) -> Integer {
    let bits = g.birthday().bit_length().saturating_add(8).max(40);
    Integer::one().shl(bits)
}

/// The calculus on a game whose decided followers (one player wins
/// outright, whatever is added from the infinitesimals) weigh ±N.
struct ExtendedCalculus {
    infinity: Integer,
    memo: FxHashMap<Game, Game>,
}

impl ExtendedCalculus {
    fn new(infinity: Integer) -> Self {
        ExtendedCalculus {
            infinity,
            memo: FxHashMap::default(),
        }
    }

    fn weight(&mut self, p: Game) -> Game {
        if p.is_all_small() {
            return all_small_weight(p);
        }
        let (ls, rs) = p.stops();
        if rs.is_positive() {
            return Game::integer(self.infinity.clone());
        }
        if ls.is_negative() {
            return Game::integer(-&self.infinity);
        }
        if let Some(&w) = self.memo.get(&p) {
            return w;
        }
        let w = descend(|| calculus(p, &mut |o: Game| self.weight(o)));
        self.memo.insert(p, w);
        w
    }
}

/// Whether g is the atomic weight of G by the definition:
/// `v + ☆ < G - g.^ < ^ + ☆`.
fn has_weight(g: Game, w: Game) -> bool {
    let x = g - w.norton_product(Game::up());
    let up = Game::up();
    let below = x - up;
    let above = x + up;
    below.lt(remote_star(below)) && remote_star(above).lt(above)
}
