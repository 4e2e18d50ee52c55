//! Derived properties of canonical games: stops, smallness, followers, and
//! the parity predicates of NOTATION 5.1. Each is memoised per game.

use super::store::{store, NodeKind};
use super::Game;
use crate::number::{Dyadic, Integer};
use crate::sharded::ShardedMap;
use crate::stack::descend;
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// The four parity predicates, packed as bits.
#[derive(Clone, Copy)]
struct Parity(u8);

const EVEN: u8 = 1;
const ODD: u8 = 2;
const EVEN_TEMPERED: u8 = 4;
const ODD_TEMPERED: u8 = 8;

impl Game {
    /// The Left and Right stops: the number reached when Left (resp. Right)
    /// moves first and both keep playing until a number appears
    /// (WW ch. 6): LS(x) = RS(x) = x for numbers, otherwise
    /// LS(G) = max RS(G^L) and RS(G) = min LS(G^R).
    pub fn stops(self) -> (Dyadic, Dyadic) {
        match &store().node(self).kind {
            NodeKind::Nus(n) => (n.number.clone(), n.number.clone()),
            NodeKind::Compound { stops, .. } => stops.values(),
        }
    }

    /// The Left stop (ONAG chapter 9).
    pub fn left_stop(self) -> Dyadic {
        self.stops().0
    }

    /// The Right stop (ONAG chapter 9).
    pub fn right_stop(self) -> Dyadic {
        self.stops().1
    }

    /// Infinitesimally close to a number: the two stops agree.
    pub fn is_numberish(self) -> bool {
        let (l, r) = self.stops();
        l == r
    }

    /// Infinitesimal: both stops are 0.
    pub fn is_infinitesimal(self) -> bool {
        let (l, r) = self.stops();
        l.is_zero() && r.is_zero()
    }

    /// All-small: every follower with a move for one player has a move for
    /// the other (on the canonical form, so 0 is the only terminal
    /// position).
    pub fn is_all_small(self) -> bool {
        static CACHE: OnceLock<ShardedMap<Game, bool>> = OnceLock::new();
        if let Some(n) = self.nus() {
            return n.number.is_zero();
        }
        CACHE.get_or_init(ShardedMap::new).get_or_compute(self, || {
            descend(|| {
                let (l, r) = (self.left_options(), self.right_options());
                !l.is_empty() && !r.is_empty() && l.iter().chain(r).all(|g| g.is_all_small())
            })
        })
    }

    fn parity(self) -> Parity {
        static CACHE: OnceLock<ShardedMap<Game, Parity>> = OnceLock::new();
        CACHE.get_or_init(ShardedMap::new).get_or_compute(self, || {
            descend(|| {
                let opts = || self.left_options().iter().chain(self.right_options());
                let mut bits = 0;
                if self.is_zero() || opts().all(|g| g.is_odd()) {
                    bits |= EVEN;
                }
                if !self.is_zero() && opts().all(|g| g.is_even()) {
                    bits |= ODD;
                }
                if self.is_number() || opts().all(|g| g.is_odd_tempered()) {
                    bits |= EVEN_TEMPERED;
                }
                if !self.is_number() && opts().all(|g| g.is_even_tempered()) {
                    bits |= ODD_TEMPERED;
                }
                Parity(bits)
            })
        })
    }

    /// Even: G is 0 or every option is odd (on the canonical form).
    pub fn is_even(self) -> bool {
        self.integer_parity()
            .map_or_else(|| self.parity().0 & EVEN != 0, |odd| !odd)
    }

    /// Odd: G is not 0 and every option is even.
    pub fn is_odd(self) -> bool {
        self.integer_parity()
            .unwrap_or_else(|| self.parity().0 & ODD != 0)
    }

    /// Even-tempered: G is a number or every option is odd-tempered.
    pub fn is_even_tempered(self) -> bool {
        self.is_number() || self.parity().0 & EVEN_TEMPERED != 0
    }

    /// Odd-tempered: G is not a number and every option is even-tempered.
    pub fn is_odd_tempered(self) -> bool {
        !self.is_number() && self.parity().0 & ODD_TEMPERED != 0
    }

    /// For integers, whose canonical forms are chains, parity is that of
    /// the integer (computed without walking the chain).
    fn integer_parity(self) -> Option<bool> {
        let x = self.as_number()?;
        x.to_integer().map(|n| n.is_odd())
    }

    /// Every game reachable by zero or more moves, including G itself, as
    /// distinct canonical games; None if there are more than `limit`.
    pub fn followers(self, limit: usize) -> Option<Vec<Game>> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![self];
        let mut out = Vec::new();
        while let Some(g) = stack.pop() {
            crate::interrupt::check();
            if !seen.insert(g) {
                continue;
            }
            let (l, r) = g.option_counts();
            if out.len() >= limit || l.saturating_add(r) > limit as u64 {
                return None;
            }
            out.push(g);
            stack.extend(g.left_options().iter().chain(g.right_options()));
        }
        Some(out)
    }

    /// The number of distinct followers, including G itself. Integer chains
    /// are counted without being walked: the integer followers of any game
    /// form one range containing 0.
    pub fn follower_count(self) -> Integer {
        let mut seen = FxHashSet::default();
        let mut stack = vec![self];
        let mut others = 0u64;
        let (mut lo, mut hi) = (Integer::zero(), Integer::zero());
        let mut any_integer = false;
        while let Some(g) = stack.pop() {
            crate::interrupt::check();
            if let Some(n) = g.as_number().and_then(|x| x.to_integer()) {
                any_integer = true;
                if n < lo {
                    lo = n;
                } else if n > hi {
                    hi = n;
                }
                continue;
            }
            if !seen.insert(g) {
                continue;
            }
            others += 1;
            stack.extend(g.left_options().iter().chain(g.right_options()));
        }
        let integers = if any_integer {
            &(&hi - &lo) + &Integer::one()
        } else {
            Integer::zero()
        };
        &integers + &Integer::from(others)
    }
}
