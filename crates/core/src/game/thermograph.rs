//! Thermographs, exactly (Winning Ways ch. 6; Siegel, CGT II.5).
//!
//! A wall is a piecewise-linear function of the temperature t on
//! [-1, infinity), with dyadic breakpoints and slopes dv/dt in {-1, 0, 1}.
//! With L'(t) = max over G^L of (RW(G^L)(t) - t) and
//! R'(t) = min over G^R of (LW(G^R)(t) + t), L' - R' never increases, and
//! the temperature T is the least t >= -1 with L'(t) <= R'(t); the mast
//! value m = L'(T) = R'(T) is the mean. Below T the walls are L' and R';
//! above it both are the vertical mast at m. Numbers are computed through
//! their options too, so they keep the subzero structure down to t = -1
//! that CGSuite shows (25/16 has temperature -1/16).

use super::Game;
use super::Nus;
use crate::number::{Dyadic, Integer};
use crate::sharded::ShardedMap;
use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A piecewise-linear function of temperature on [-1, infinity).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    /// Points (t, v) with strictly decreasing t; the last one has t = -1.
    points: Vec<(Dyadic, Dyadic)>,
    /// `slopes[0]` is dv/dt above the first point; `slopes[i + 1]` is the
    /// slope between points i and i + 1.
    slopes: Vec<i64>,
}

fn minus_one() -> Dyadic {
    -Dyadic::one()
}

fn times(x: &Dyadic, k: i64) -> Dyadic {
    x * &Dyadic::from(k)
}

impl Trajectory {
    /// The constant (vertical) trajectory at v.
    pub fn constant(v: Dyadic) -> Trajectory {
        Trajectory {
            points: vec![(minus_one(), v)],
            slopes: vec![0],
        }
    }

    /// The points (t, v) where the slope changes, from the top down, and the
    /// end point at t = -1.
    pub fn points(&self) -> &[(Dyadic, Dyadic)] {
        &self.points
    }

    /// dv/dt of each segment from the top down (one more than the critical
    /// temperatures).
    pub fn slopes(&self) -> &[i64] {
        &self.slopes
    }

    /// The temperatures where the slope changes, from the top down.
    pub fn critical_temperatures(&self) -> Vec<Dyadic> {
        let n = self.points.len() - 1;
        self.points[..n].iter().map(|(t, _)| t.clone()).collect()
    }

    /// The value at the top (the mast value of a wall).
    pub fn mast(&self) -> &Dyadic {
        &self.points[0].1
    }

    /// The value at temperature t (t >= -1).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        let (t0, v0) = &self.points[0];
        if t >= t0 {
            return v0 + &times(&(t - t0), self.slopes[0]);
        }
        for i in 0..self.points.len() - 1 {
            let (ti, vi) = &self.points[i];
            let (tn, _) = &self.points[i + 1];
            if t >= tn {
                return vi + &times(&(t - ti), self.slopes[i + 1]);
            }
        }
        self.points[self.points.len() - 1].1.clone()
    }

    /// The trajectory v(t) + k t.
    fn tilt(&self, k: i64) -> Trajectory {
        Trajectory {
            points: self
                .points
                .iter()
                .map(|(t, v)| (t.clone(), v + &times(t, k)))
                .collect(),
            slopes: self.slopes.iter().map(|s| s + k).collect(),
        }
    }

    /// Build from values at decreasing temperatures (the last at -1) and
    /// the slope above the first, dropping points where the slope does not
    /// change.
    fn from_samples(samples: Vec<(Dyadic, Dyadic)>, top_slope: i64) -> Trajectory {
        let mut points: Vec<(Dyadic, Dyadic)> = Vec::with_capacity(samples.len());
        // `slopes.last()` is always the slope into the last point.
        let mut slopes = vec![top_slope];
        for (t, v) in samples {
            if let Some((pt, pv)) = points.last() {
                let s = slope_between(pt, pv, &t, &v);
                if slopes.last() == Some(&s) {
                    points.pop();
                } else {
                    slopes.push(s);
                }
            }
            points.push((t, v));
        }
        Trajectory { points, slopes }
    }

    /// The pointwise maximum (or minimum) of two trajectories.
    fn combine(&self, other: &Trajectory, maximum: bool) -> Trajectory {
        let better = |a: &Dyadic, b: &Dyadic| if maximum { a >= b } else { a <= b };
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort_by(|a, b| b.cmp(a));
        ts.dedup();
        // A crossing above the highest breakpoint.
        let top = ts[0].clone();
        let (sa, sb) = (self.slopes[0], other.slopes[0]);
        let (va, vb) = (self.value_at(&top), other.value_at(&top));
        if sa != sb {
            if let Some(x) = crossing(&top, &va, sa, &vb, sb) {
                if x > top {
                    ts.insert(0, x);
                }
            }
        }
        // Crossings between consecutive breakpoints.
        let mut all = Vec::with_capacity(ts.len() * 2);
        for i in 0..ts.len() {
            all.push(ts[i].clone());
            if let Some(lo) = ts.get(i + 1) {
                let hi = &ts[i];
                let da = self.value_at(hi) - other.value_at(hi);
                let db = self.value_at(lo) - other.value_at(lo);
                if da.signum() * db.signum() < 0 {
                    let sa = self.slope_below(hi);
                    let sb = other.slope_below(hi);
                    if let Some(x) = crossing(hi, &self.value_at(hi), sa, &other.value_at(hi), sb) {
                        if &x < hi && &x > lo {
                            all.push(x);
                        }
                    }
                }
            }
        }
        let samples: Vec<(Dyadic, Dyadic)> = all
            .into_iter()
            .map(|t| {
                let (a, b) = (self.value_at(&t), other.value_at(&t));
                (t, if better(&a, &b) { a } else { b })
            })
            .collect();
        // Above the top, the one that is better just above wins.
        let top = &samples[0];
        let (va, vb) = (self.value_at(&top.0), other.value_at(&top.0));
        let top_slope = match va.cmp(&vb) {
            Ordering::Equal => {
                if maximum {
                    sa.max(sb)
                } else {
                    sa.min(sb)
                }
            }
            _ if better(&va, &vb) => sa,
            _ => sb,
        };
        Trajectory::from_samples(samples, top_slope)
    }

    /// The slope just below temperature t.
    fn slope_below(&self, t: &Dyadic) -> i64 {
        for (i, (ti, _)) in self.points.iter().enumerate() {
            if t > ti {
                return self.slopes[i];
            }
            if t == ti {
                return self.slopes.get(i + 1).copied().unwrap_or(self.slopes[i]);
            }
        }
        *self.slopes.last().unwrap_or(&0)
    }

    /// This trajectory below temperature `top`, with the vertical mast at
    /// its value there above it.
    fn with_mast_at(&self, top: &Dyadic) -> Trajectory {
        let m = self.value_at(top);
        let mut samples = vec![(top.clone(), m)];
        samples.extend(self.points.iter().filter(|(t, _)| t < top).cloned());
        if samples.last().map(|(t, _)| t) != Some(&minus_one()) {
            let v = self.value_at(&minus_one());
            samples.push((minus_one(), v));
        }
        Trajectory::from_samples(samples, 0)
    }
}

/// The integer slope of the segment from (t1, v1) down to (t2, v2).
fn slope_between(t1: &Dyadic, v1: &Dyadic, t2: &Dyadic, v2: &Dyadic) -> i64 {
    let dv = v1 - v2;
    let dt = t1 - t2;
    if dv.is_zero() {
        0
    } else if dv == dt {
        1
    } else if dv == -&dt {
        -1
    } else if dv == times(&dt, 2) {
        2
    } else if dv == times(&dt, -2) {
        -2
    } else {
        // Slopes of walls are -1, 0 or 1; anything else cannot arise.
        debug_assert!(false, "unexpected slope {dv} / {dt}");
        0
    }
}

/// Where the lines through (t, va) with slope sa and (t, vb) with slope sb
/// meet: t + (vb - va) / (sa - sb), dyadic since |sa - sb| <= 2.
fn crossing(t: &Dyadic, va: &Dyadic, sa: i64, vb: &Dyadic, sb: i64) -> Option<Dyadic> {
    let d = vb - va;
    let shift = match sa - sb {
        1 => d,
        -1 => -d,
        2 => d.half(),
        -2 => -d.half(),
        _ => return None,
    };
    Some(t + &shift)
}

/// The thermograph of a game: its two walls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    /// The left wall.
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    temperature: Dyadic,
}

impl Thermograph {
    /// The mast value, the mean of the game.
    pub fn mast(&self) -> &Dyadic {
        self.left.mast()
    }

    /// The temperature where the walls meet the mast.
    pub fn temperature(&self) -> &Dyadic {
        &self.temperature
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("[")?;
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    f.write_str("]")
}

/// `Thermograph(LM,[LT...],[LS...],RM,[RT...],[RS...])` (NOTATION 4.3).
impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Thermograph(")?;
        for (i, wall) in [&self.left, &self.right].into_iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{},", wall.mast())?;
            write_list(f, &wall.critical_temperatures())?;
            f.write_str(",")?;
            write_list(f, wall.slopes())?;
        }
        f.write_str(")")
    }
}

impl Game {
    /// The thermograph (memoised).
    pub fn thermograph(self) -> Arc<Thermograph> {
        static CACHE: OnceLock<ShardedMap<Game, Arc<Thermograph>>> = OnceLock::new();
        CACHE
            .get_or_init(ShardedMap::new)
            .get_or_compute(self, || Arc::new(crate::stack::descend(|| compute(self))))
    }

    /// The mean value: the mast of the thermograph.
    pub fn mean(self) -> Dyadic {
        self.thermograph().mast().clone()
    }

    /// The temperature: -1 for integers, -1/2^k for numbers m/2^k, and for
    /// other games the least t at which G cooled by t is infinitesimally
    /// close to a number.
    pub fn temperature(self) -> Dyadic {
        self.thermograph().temperature().clone()
    }
}

/// Beyond this many ups or this nimber, a number-up-star's thermograph is
/// taken from a small representative instead of its (long) option chains.
pub const THERMAL_NUS_BOUND: u64 = 32;

/// For `x + k.^ + *n` with |k| or n beyond [`THERMAL_NUS_BOUND`], the game
/// `x + sign(k).^` (or `x + *` when k = 0), whose thermograph, subzero part
/// included, is the same. The walls of a number-up-star that is not a
/// number are those of `x + *` when k = 0 or the game is `x + ^*` or
/// `x + v*`, and otherwise those of `x + sign(k).^` (checked by recursion
/// for every |k|, n up to the bound in `tests/temperature.rs`). Without
/// this, `1000000000.^` would walk a billion followers.
fn thermal_representative(g: Game) -> Option<Game> {
    let nus = g.nus()?;
    let big = nus.ups.abs() > Integer::from(THERMAL_NUS_BOUND) || nus.nimber > THERMAL_NUS_BOUND;
    if !big || nus.is_number() {
        return None;
    }
    let ups = Integer::from(i64::from(nus.ups.signum()));
    let nimber = u64::from(nus.ups.is_zero());
    Some(Game::from_nus(Nus::new(nus.number.clone(), ups, nimber)))
}

fn compute(g: Game) -> Thermograph {
    // An integer's walls are vertical at its value down to -1; its option
    // chain is never walked (it may be astronomically long).
    if let Some(n) = g.as_number().filter(|x| x.is_integer()) {
        return vertical(n.clone());
    }
    if let Some(small) = thermal_representative(g) {
        return small.thermograph().as_ref().clone();
    }
    let left = g
        .left_options()
        .iter()
        .map(|&o| o.thermograph().right.tilt(-1))
        .reduce(|a, b| a.combine(&b, true));
    let right = g
        .right_options()
        .iter()
        .map(|&o| o.thermograph().left.tilt(1))
        .reduce(|a, b| a.combine(&b, false));
    let (Some(l), Some(r)) = (left, right) else {
        // Options on one side only: in canonical form, only integers, which
        // were handled above.
        return vertical(g.as_number().cloned().unwrap_or_default());
    };
    let t = meeting_temperature(&l, &r);
    Thermograph {
        left: l.with_mast_at(&t),
        right: r.with_mast_at(&t),
        temperature: t,
    }
}

/// The thermograph of an integer: both walls vertical at v, temperature -1.
fn vertical(v: Dyadic) -> Thermograph {
    Thermograph {
        left: Trajectory::constant(v.clone()),
        right: Trajectory::constant(v),
        temperature: minus_one(),
    }
}

/// The least t >= -1 with l(t) <= r(t), given that l - r never increases:
/// walk the breakpoints upward to the first where l <= r and solve on the
/// segment below it (or above the top breakpoint).
fn meeting_temperature(l: &Trajectory, r: &Trajectory) -> Dyadic {
    let diff = |t: &Dyadic| l.value_at(t) - r.value_at(t);
    let mut a = minus_one();
    if diff(&a) <= Dyadic::zero() {
        return a;
    }
    let mut ts: Vec<Dyadic> = l
        .points
        .iter()
        .chain(&r.points)
        .map(|(t, _)| t.clone())
        .collect();
    ts.sort();
    ts.dedup();
    for b in ts.into_iter().filter(|t| *t > minus_one()) {
        if diff(&b) <= Dyadic::zero() {
            break;
        }
        a = b;
    }
    let (sl, sr) = (l.slope_above(&a), r.slope_above(&a));
    crossing(&a, &l.value_at(&a), sl, &r.value_at(&a), sr).unwrap_or(a)
}

impl Trajectory {
    /// The slope just above temperature t.
    fn slope_above(&self, t: &Dyadic) -> i64 {
        for (i, (ti, _)) in self.points.iter().enumerate() {
            if t >= ti {
                return self.slopes[i];
            }
        }
        *self.slopes.last().unwrap_or(&0)
    }
}
