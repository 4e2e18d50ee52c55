//! Reduced canonical forms (Grossman and Siegel, "Reductions of partizan
//! games", 2009; Siegel, *Combinatorial Game Theory* (2013), II.6).
//!
//! Games are compared *modulo infinitesimals*: `G >= H (mod Inf)` when
//! `G + e >= H` for some infinitesimal e, and `G = H (mod Inf)` when both
//! ways hold, i.e. when `G - H` is infinitesimal. Every class has a unique
//! simplest member, the reduced canonical form `rcf(G)`:
//! - if G is infinitesimally close to a number x (its stops agree), then
//!   `rcf(G) = x`;
//! - otherwise rcf(G) is obtained from `{rcf(G^L) | rcf(G^R)}` by deleting
//!   Inf-dominated options (a Left option A with `A <= B (mod Inf)` for
//!   another Left option B, dually on the Right) and bypassing
//!   Inf-reversible ones (a Left option A with some `A^R <= G (mod Inf)` is
//!   replaced by the Left options of that A^R, dually on the Right), until
//!   neither applies. Reversibility may be tested against G itself, as
//!   every intermediate game is equal to G modulo Inf.
//!
//! The comparison is decided by a stop: `G >= H (mod Inf)` iff
//! `RS(G - H) >= 0`. If `G - H + e >= 0` then `RS(G - H) = RS(G - H + e)`
//! is at least 0, as adding an infinitesimal does not move stops;
//! conversely a large enough multiple of `^` lets Left win whenever
//! Right's stop is not negative. (The tests check the defining property
//! directly: games that differ by an infinitesimal get the same reduced
//! form.)

use super::Game;
use crate::sharded::ShardedMap;
use crate::stack::descend;
use std::sync::OnceLock;

impl Game {
    /// The reduced canonical form: the simplest game infinitesimally close
    /// to G (Grossman and Siegel; Siegel, CGT II.6). `G - rcf(G)` is
    /// infinitesimal, and games differing by an infinitesimal have the same
    /// reduced canonical form. For example `rcf(^) = 0`,
    /// `rcf({3||2*|1*}) = {3||2|1}`, and a number is its own reduced form.
    pub fn reduced_canonical_form(self) -> Game {
        if let Some(n) = self.nus() {
            return Game::number(n.number.clone());
        }
        let (ls, rs) = self.stops();
        if ls == rs {
            return Game::number(ls);
        }
        static CACHE: OnceLock<ShardedMap<Game, Game>> = OnceLock::new();
        CACHE
            .get_or_init(ShardedMap::new)
            .get_or_compute(self, || descend(|| reduce(self)))
    }
}

/// `a <= b (mod Inf)`: `RS(b - a) >= 0`.
fn leq_inf(a: Game, b: Game) -> bool {
    a == b || !(b - a).right_stop().is_negative()
}

/// The reduction of a game that is not infinitesimally close to a number.
fn reduce(g: Game) -> Game {
    let reduce_all = |opts: &[Game]| -> Vec<Game> {
        let mut v: Vec<Game> = opts.iter().map(|o| o.reduced_canonical_form()).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut left = reduce_all(g.left_options());
    let mut right = reduce_all(g.right_options());
    loop {
        remove_dominated(&mut left, leq_inf);
        remove_dominated(&mut right, |a, b| leq_inf(b, a));
        let new_left = bypass(&left, |a| {
            a.right_options()
                .iter()
                .find(|&&ar| leq_inf(ar, g))
                .map(|ar| ar.left_options())
        });
        let new_right = bypass(&right, |b| {
            b.left_options()
                .iter()
                .find(|&&bl| leq_inf(g, bl))
                .map(|bl| bl.right_options())
        });
        if new_left.is_none() && new_right.is_none() {
            break;
        }
        if let Some(l) = new_left {
            left = l;
        }
        if let Some(r) = new_right {
            right = r;
        }
    }
    Game::from_options(&left, &right)
}

/// Delete every option `a` for which another option `b` has
/// `dominated(a, b)`. Options are distinct reduced forms, hence pairwise
/// distinct modulo Inf, so two options never dominate each other.
fn remove_dominated(opts: &mut Vec<Game>, dominated: impl Fn(Game, Game) -> bool) {
    let snapshot = opts.clone();
    opts.retain(|&a| !snapshot.iter().any(|&b| b != a && dominated(a, b)));
}

/// Replace every option that `reversal` reverses by the options it
/// returns; None if nothing reverses. The replacements are options of
/// options of reduced forms, hence reduced.
fn bypass(opts: &[Game], reversal: impl Fn(Game) -> Option<&'static [Game]>) -> Option<Vec<Game>> {
    let mut changed = false;
    let mut out = Vec::with_capacity(opts.len());
    for &a in opts {
        match reversal(a) {
            Some(replacement) => {
                changed = true;
                out.extend(replacement.iter().map(|r| r.reduced_canonical_form()));
            }
            None => out.push(a),
        }
    }
    out.sort_unstable();
    out.dedup();
    changed.then_some(out)
}
