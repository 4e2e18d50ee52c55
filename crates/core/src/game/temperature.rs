//! Cooling, heating and overheating; incentives; stop counts; the
//! confusion interval (Winning Ways ch. 6; Siegel, CGT II.5; NOTATION 5.1).

use super::Game;
use crate::number::{Dyadic, Integer};
use crate::sharded::ShardedMap;
use crate::stack::descend;
use rustc_hash::FxHashMap;
use std::sync::{Mutex, OnceLock};

/// A memo table keyed by a game and a parameter.
struct PairMemo<K> {
    map: Mutex<FxHashMap<(Game, K), Game>>,
}

impl<K: std::hash::Hash + Eq + Clone> PairMemo<K> {
    fn new() -> Self {
        PairMemo {
            map: Mutex::new(FxHashMap::default()),
        }
    }

    fn get_or_compute(&self, g: Game, k: &K, compute: impl FnOnce() -> Game) -> Game {
        let key = (g, k.clone());
        if let Some(&v) = self.map.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return v;
        }
        let v = compute();
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, v);
        v
    }
}

/// One end of a confusion interval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntervalEnd {
    /// The end's value.
    pub value: Dyadic,
    /// Whether the end belongs to the interval.
    pub closed: bool,
}

/// The numbers x with G confused with x: from the Right stop to the Left
/// stop, each end open or closed; None when G is comparable with every
/// number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfusionInterval {
    /// The lower end (the Right stop).
    pub low: IntervalEnd,
    /// The upper end (the Left stop).
    pub high: IntervalEnd,
}

impl std::fmt::Display for ConfusionInterval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let open = if self.low.closed { "[" } else { "(" };
        let close = if self.high.closed { "]" } else { ")" };
        write!(f, "{open}{},{}{close}", self.low.value, self.high.value)
    }
}

impl Game {
    /// G cooled by t (t > -1; the caller checks): Conway's cooling,
    /// `G_t = {G^L_t - t | G^R_t + t}`, except that above the temperature
    /// the result is the mean (the cooled game has become the number it is
    /// infinitesimally close to; ONAG ch. 9, NOTATION 5.1).
    ///
    /// Numbers follow the same definition: a number `m/2^k` has temperature
    /// `-1/2^k`, so it is unchanged only above that; cooling it by a lower
    /// (negative) t heats it into a switch (`1/4` cooled by `-3/8` is
    /// `{3/8|1/8}`, by `-1/4` it is `1/4*`). Integers, of temperature -1,
    /// are always unchanged.
    pub fn cool(self, t: &Dyadic) -> Game {
        static MEMO: OnceLock<PairMemo<Dyadic>> = OnceLock::new();
        // Cooling by 0 changes nothing: every follower is cooled by 0 too,
        // and the numbers among them (below 0 in temperature) stay.
        if t.is_zero() {
            return self;
        }
        if *t > self.temperature() {
            return Game::number(self.mean());
        }
        MEMO.get_or_init(PairMemo::new).get_or_compute(self, t, || {
            descend(|| {
                let tg = Game::number(t.clone());
                let l: Vec<Game> = self
                    .left_options()
                    .iter()
                    .map(|&o| o.cool(t) - tg)
                    .collect();
                let r: Vec<Game> = self
                    .right_options()
                    .iter()
                    .map(|&o| o.cool(t) + tg)
                    .collect();
                Game::from_options(&l, &r)
            })
        })
    }

    /// G heated by t (any game): numbers are unchanged, otherwise
    /// `{G^L heated + t | G^R heated - t}`.
    pub fn heat(self, t: Game) -> Game {
        static MEMO: OnceLock<PairMemo<Game>> = OnceLock::new();
        if self.is_number() {
            return self;
        }
        MEMO.get_or_init(PairMemo::new)
            .get_or_compute(self, &t, || {
                descend(|| {
                    let l: Vec<Game> = self.left_options().iter().map(|&o| o.heat(t) + t).collect();
                    let r: Vec<Game> = self
                        .right_options()
                        .iter()
                        .map(|&o| o.heat(t) - t)
                        .collect();
                    Game::from_options(&l, &r)
                })
            })
    }

    /// G overheated from s to t: an integer n gives n.s (n copies of s);
    /// any other G gives `{G^L overheated + t | G^R overheated - t}`,
    /// recursing through the options of non-integer numbers too.
    pub fn overheat(self, s: Game, t: Game) -> Game {
        static MEMO: OnceLock<PairMemo<(Game, Game)>> = OnceLock::new();
        if let Some(n) = self.as_number().and_then(|x| x.to_integer()) {
            return s.times(&n);
        }
        MEMO.get_or_init(PairMemo::new)
            .get_or_compute(self, &(s, t), || {
                descend(|| {
                    let l: Vec<Game> = self
                        .left_options()
                        .iter()
                        .map(|&o| o.overheat(s, t) + t)
                        .collect();
                    let r: Vec<Game> = self
                        .right_options()
                        .iter()
                        .map(|&o| o.overheat(s, t) - t)
                        .collect();
                    Game::from_options(&l, &r)
                })
            })
    }

    /// G cooled by its temperature. Numbers are unchanged: CGSuite freezes
    /// a number to itself (`(25/16).Freeze` is `25/16`, the reference
    /// corpus), where cooling it by its temperature would give `25/16*`.
    pub fn freeze(self) -> Game {
        if self.is_number() {
            return self;
        }
        self.cool(&self.temperature())
    }

    /// The Left incentives G^L - G, without repetition.
    pub fn left_incentives(self) -> Vec<Game> {
        let mut v: Vec<Game> = self.left_options().iter().map(|&o| o - self).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The Right incentives G - G^R, without repetition.
    pub fn right_incentives(self) -> Vec<Game> {
        let mut v: Vec<Game> = self.right_options().iter().map(|&o| self - o).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The incentives that matter: of all Left and Right incentives, those
    /// not dominated by (less than or equal to) another one, as CGSuite
    /// reports them (a player moves where the incentive is largest).
    pub fn incentives(self) -> Vec<Game> {
        let mut all = self.left_incentives();
        all.extend(self.right_incentives());
        all.sort_unstable();
        all.dedup();
        all.iter()
            .copied()
            .filter(|&a| {
                // Quadratic in the incentives: stop when asked to.
                crate::interrupt::check();
                !all.iter().any(|&b| b != a && a.leq(b))
            })
            .collect()
    }

    /// 1 for a number; otherwise the sum of the stop counts of all options
    /// (the number of leaves of the tree of play down to numbers).
    pub fn stop_count(self) -> Integer {
        static CACHE: OnceLock<ShardedMap<Game, Integer>> = OnceLock::new();
        if self.is_number() {
            return Integer::one();
        }
        CACHE.get_or_init(ShardedMap::new).get_or_compute(self, || {
            descend(|| {
                self.left_options()
                    .iter()
                    .chain(self.right_options())
                    .fold(Integer::zero(), |acc, o| &acc + &o.stop_count())
            })
        })
    }

    /// The confusion interval: the numbers x with G confused with x. It runs
    /// from the Right stop to the Left stop; each end is closed when G is
    /// confused with that number itself.
    pub fn confusion_interval(self) -> Option<ConfusionInterval> {
        let (ls, rs) = self.stops();
        let closed = |x: &Dyadic| self.confused(Game::number(x.clone()));
        let (lo_closed, hi_closed) = (closed(&rs), closed(&ls));
        if ls < rs || (ls == rs && !lo_closed) {
            return None;
        }
        Some(ConfusionInterval {
            low: IntervalEnd {
                value: rs,
                closed: lo_closed,
            },
            high: IntervalEnd {
                value: ls,
                closed: hi_closed,
            },
        })
    }
}
