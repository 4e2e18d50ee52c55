//! Canonical forms from option lists (ONAG ch. 10, Theorems 68-69).
//!
//! Given canonical options, the canonical form of `{L | R}` is reached by
//! repeating, until nothing changes:
//! - deleting dominated options (a Left option `A <= A'` for another Left
//!   option `A'`; a Right option `B >= B'`);
//! - bypassing reversible options (a Left option `A` with some `A^R <= G`
//!   is replaced by the Left options of `A^R`; a Right option `B` with some
//!   `B^L >= G` by the Right options of `B^L`).
//!
//! Shortcuts: a form whose options' stops leave room for a number is the
//! simplest such number (the simplicity theorem, asked of the stops once,
//! before anything is simplified: in a Konane search, a third of the
//! canonical forms are numbers whose options are not all numbers);
//! identical option sets of `x + *j` give `x + *mex` (the mex rule,
//! translated). The result is then recognised as a nus value by the shape
//! of its options, or interned as a compound game.

use super::nus::Nus;
use super::order::{leq, leq_by_stops, RawGame};
use super::store::store;
use super::{Game, OptionList};
use crate::number::{birthday_scaled32, simplest_between_scaled32, Dyadic, Integer, Prepared};
use smallvec::{smallvec, SmallVec};

/// The canonical form of `{left | right}` for canonical options.
pub(crate) fn canonicalize(mut left: OptionList, mut right: OptionList) -> Game {
    crate::interrupt::check();
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    if let Some(g) = simplest_number(&left, &right) {
        return g;
    }
    if let Some(g) = translated_nimber(&left, &right) {
        return g;
    }
    loop {
        remove_dominated(&mut left, true);
        remove_dominated(&mut right, false);
        // One memo of comparisons with G = {left | right} for both sides.
        let mut g = RawGame::new(&left, &right);
        let new_left = bypass_left(&left, &mut g);
        let new_right = bypass_right(&right, &mut g);
        if new_left.is_none() && new_right.is_none() {
            break;
        }
        if let Some(mut l) = new_left {
            sort_dedup(&mut l);
            left = l;
        }
        if let Some(mut r) = new_right {
            sort_dedup(&mut r);
            right = r;
        }
    }
    finish(left, right)
}

/// Intern options that are already known to form a canonical compound game
/// (used by negation and number translation).
pub(crate) fn intern_sorted(mut left: OptionList, mut right: OptionList) -> Game {
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    store().intern_compound(&left, &right)
}

/// Sort a list and drop repeats; a list of two (the commonest of a
/// search, with one) by one exchange, without the general sort's set-up.
fn sort_dedup(v: &mut OptionList) {
    match v.as_mut_slice() {
        [] | [_] => {}
        [a, b] => {
            if *a > *b {
                std::mem::swap(a, b);
            }
            if a == b {
                v.truncate(1);
            }
        }
        _ => {
            v.sort_unstable();
            v.dedup();
        }
    }
}

/// Delete every option `a` for which some other option `b` has
/// `dominated(a, b)`, where `dominated(a, b)` is `a <= b` (Left options)
/// or `a >= b` (Right options, `left` false). Among the options all are
/// distinct games, so two options never dominate each other.
///
/// Each option's stops are read once, as scaled integers when every option
/// has them so (nearly always), else prepared (see [`undominated`]).
fn remove_dominated(opts: &mut OptionList, left: bool) {
    let n = opts.len();
    if n < 2 {
        return;
    }
    // Filled in place: a list collected and moved here was copied whole.
    let mut scaled: SmallVec<[(i64, i64); 16]> = SmallVec::new();
    let kept = if stops_in(opts, &mut scaled) {
        undominated(opts, &scaled, left)
    } else {
        let mut stops: SmallVec<[(Prepared, Prepared); 16]> = SmallVec::new();
        stops_in(opts, &mut stops);
        undominated(opts, &stops, left)
    };
    match kept {
        Kept::One(i) => {
            opts.swap(0, i);
            opts.truncate(1);
        }
        Kept::These(keep) => {
            let mut k = keep.iter();
            opts.retain(|_| *k.next().unwrap_or(&true));
        }
    }
}

/// The options no other dominates: one (as in most lists of a search),
/// to which the list is cut in place, or those a mask keeps. Making and
/// applying a mask for one option cost Konane `xoxoxo|oxoxox|xox.xo|oxoxox`
/// 1.3% of its instructions.
enum Kept {
    One(usize),
    These(SmallVec<[bool; 32]>),
}

/// Which options no other dominates (see [`remove_dominated`]), given
/// their stops in any exact ordered form. Stops are monotone, so `a <= b`
/// needs `LS(a) <= LS(b)` and `RS(a) <= RS(b)`, and `LS(a) < RS(b)` gives
/// `a < b` (the same shortcuts `leq` takes, here without looking the two
/// nodes up for every pair); only the undecided pairs go to `leq`.
fn undominated<S: Ord + Copy>(opts: &[Game], stops: &[(S, S)], left: bool) -> Kept {
    // a <= b, decided from the stops when they can decide it.
    let below = |a: usize, b: usize| {
        leq_by_stops(stops[a], stops[b]).unwrap_or_else(|| leq(opts[a], opts[b]))
    };
    let dominated = |a: usize, b: usize| if left { below(a, b) } else { below(b, a) };
    if opts.len() < BEST_FIRST {
        match champion(stops, left, dominated) {
            Some(i) => Kept::One(i),
            None => Kept::These(in_list_order(opts.len(), dominated)),
        }
    } else {
        let ups = |i: usize| opts[i].nus().map(|n| &n.ups);
        Kept::These(best_first(stops, left, ups, dominated))
    }
}

/// The index of the one option kept when a single option dominates every
/// other (as it does in most lists of a search: in a Konane 4x6 search,
/// six in seven forms that are not numbers end with one option a side),
/// else None.
/// Only the option with the best stops can (for Left the largest Left stop,
/// then the largest Right stop; for Right the least), since stops are
/// monotone; and an option that dominates every other is dominated by none
/// (the options are distinct games), so it alone is kept.
fn champion<S: Ord + Copy>(
    stops: &[(S, S)],
    left: bool,
    dominated: impl Fn(usize, usize) -> bool,
) -> Option<usize> {
    let n = stops.len();
    let best = if left {
        (0..n).max_by_key(|&i| stops[i])
    } else {
        (0..n).min_by_key(|&i| stops[i])
    }?;
    (0..n)
        .all(|i| i == best || dominated(i, best))
        .then_some(best)
}

/// The fewest options [`best_first`] takes: below it, sorting by stops
/// costs more than the comparisons it saves (taking every list best first,
/// Konane `xoxoxo|oxoxox|xox.xo|oxoxox`, whose positions have a few options
/// each, was 10% slower). From 8 options on, Domineering 5x6 takes 5% less
/// time, and 6x6 55.6 s on the clock and 0.95 GB instead of 59-62 s and
/// 1.40 GB (fewer comparisons computed, so fewer kept in the cache).
const BEST_FIRST: usize = 8;

/// Which of `n` options no other dominates, each compared with the others
/// in list order, skipping those already found dominated.
fn in_list_order(n: usize, dominated: impl Fn(usize, usize) -> bool) -> SmallVec<[bool; 32]> {
    let mut keep: SmallVec<[bool; 32]> = smallvec![true; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && keep[j] && dominated(i, j) {
                keep[i] = false;
                break;
            }
        }
    }
    keep
}

/// Which options no other dominates, the options taken best stops first
/// (for Left, the largest left stop, then the largest right stop; for
/// Right, the least). An option can then be dominated only by one taken
/// before it or by one with the same stops; and an option dominated by
/// some other is dominated by one that is not (the order is transitive and
/// the list finite). So each option is compared only with the undominated
/// options taken before it and with those of its own stops: the best
/// options come first, and most others meet their dominator at once.
///
/// Options of equal stops `(x, x)` that are nus values `x + k.^ + *n` of
/// one k (`ups` gives k, or None for another game) are not compared with
/// each other: two of them differ by a nimber other than 0, which is
/// fuzzy. A group of such options is pruned in time linear in its size
/// (the options of `*n : ^`, and of the games its printing makes, are the
/// n nimbers below `*n`, or those plus ups, and a few more, pruned again
/// after each bypass).
fn best_first<'g, S: Ord + Copy>(
    stops: &[(S, S)],
    left: bool,
    ups: impl Fn(usize) -> Option<&'g Integer>,
    dominated: impl Fn(usize, usize) -> bool,
) -> SmallVec<[bool; 32]> {
    let n = stops.len();
    let mut order: SmallVec<[usize; 32]> = (0..n).collect();
    if left {
        order.sort_unstable_by(|&a, &b| stops[b].cmp(&stops[a]));
    } else {
        order.sort_unstable_by(|&a, &b| stops[a].cmp(&stops[b]));
    }
    let mut keep: SmallVec<[bool; 32]> = smallvec![false; n];
    // The undominated options of the groups of stops taken so far.
    let mut best: SmallVec<[usize; 16]> = SmallVec::new();
    let mut start = 0;
    while start < n {
        let first = stops[order[start]];
        let same = order[start..]
            .iter()
            .take_while(|&&i| stops[i] == first)
            .count();
        let group = &order[start..start + same];
        let before = best.len();
        // A group of one stop value (x, x) whose options include nus values
        // is taken by class, sorted: its nus values by their ups (x + k.^ +
        // *n has stops (x, x)), None for the others, each of which is
        // compared with every option of the group. Other groups (most have
        // one option) are compared pairwise, without a list of classes.
        let classed = same > 1 && first.0 == first.1 && group.iter().any(|&i| ups(i).is_some());
        let mut classes: SmallVec<[(Option<&Integer>, usize); 16]> = SmallVec::new();
        if classed {
            classes.extend(group.iter().map(|&i| (ups(i), i)));
            classes.sort_unstable();
        }
        for at in 0..same {
            // A list of n options may take up to n^2 comparisons: look for
            // a stop request once per option.
            crate::interrupt::check();
            let i = if classed { classes[at].1 } else { group[at] };
            let beaten_in_group = || {
                if !classed {
                    return group.iter().any(|&j| j != i && dominated(i, j));
                }
                // The options of i's class need no comparison with it.
                let (from, to) = match classes[at].0 {
                    None => (at, at + 1),
                    class => (
                        classes.partition_point(|c| c.0 < class),
                        classes.partition_point(|c| c.0 <= class),
                    ),
                };
                classes[..from]
                    .iter()
                    .chain(&classes[to..])
                    .any(|&(_, j)| dominated(i, j))
            };
            let beaten = best[..before].iter().any(|&m| dominated(i, m)) || beaten_in_group();
            if !beaten {
                keep[i] = true;
                best.push(i);
            }
        }
        start += same;
    }
    keep
}

/// Bypass reversible Left options, or None if there are none.
fn bypass_left(left: &[Game], g: &mut RawGame) -> Option<OptionList> {
    bypass(left, |a| {
        a.right_options()
            .iter()
            .find(|&&ar| g.ge(ar))
            .map(|ar| ar.left_options())
    })
}

/// Bypass reversible Right options, or None if there are none.
fn bypass_right(right: &[Game], g: &mut RawGame) -> Option<OptionList> {
    bypass(right, |b| {
        b.left_options()
            .iter()
            .find(|&&bl| g.le(bl))
            .map(|bl| bl.right_options())
    })
}

/// Each option replaced by the options `reversal` gives when it is
/// reversible, or None if none is. The new list is made only once a
/// reversible option is found (most lists have none).
fn bypass(
    options: &[Game],
    mut reversal: impl FnMut(Game) -> Option<&'static [Game]>,
) -> Option<OptionList> {
    let mut out: Option<OptionList> = None;
    for (i, &a) in options.iter().enumerate() {
        match (reversal(a), &mut out) {
            (Some(replacement), Some(out)) => out.extend_from_slice(replacement),
            (Some(replacement), None) => {
                let mut new = OptionList::with_capacity(options.len() + replacement.len());
                new.extend_from_slice(&options[..i]);
                new.extend_from_slice(replacement);
                out = Some(new);
            }
            (None, Some(out)) => out.push(a),
            (None, None) => {}
        }
    }
    out
}

/// The number `{left | right}` equals, if it equals one.
///
/// By the simplicity theorem in its general form (ONAG ch. 2; Siegel,
/// *Combinatorial Game Theory*, ch. II; the seeds' Simplicity Principle is
/// its case of number options), a game G is the simplest number x with
/// `G^L ⧏ x ⧏ G^R` for all its options whenever there is one, and there
/// is one whenever G is a number (x = G). Stops are
/// monotone, so `x <= G^L` gives `x <= RS(G^L)`, and `RS(G^L) > x` gives
/// `x <= G^L` (then `G^L - x` has a positive Right stop); likewise on the
/// other side. So, with a the largest Right stop of a Left option and b
/// the least Left stop of a Right option, these x are the numbers strictly
/// between a and b, with a itself when no Left option of Right stop a is
/// `>= a`, and b when no Right option of Left stop b is `<= b`. Options
/// need not be canonical: the rule gives the value of the form as it is,
/// so it is asked once, before the form is simplified. When every option
/// is a number it is the simplicity rule of `{max L | min R}`.
fn simplest_number(left: &[Game], right: &[Game]) -> Option<Game> {
    // Stops as scaled integers when every option has them so (nearly
    // always), else prepared.
    simplest_number_by::<i64>(left, right)
        .unwrap_or_else(|| simplest_number_by::<Prepared>(left, right).flatten())
}

/// [`simplest_number`] with the stops read in the form `S`; None if some
/// option's stops have no such form.
fn simplest_number_by<S: StopForm>(left: &[Game], right: &[Game]) -> Option<Option<Game>> {
    let a = End::<S>::of(left, true)?;
    let b = End::<S>::of(right, false)?;
    if let (Some(a), Some(b)) = (&a, &b) {
        if a.stop > b.stop {
            return Some(None);
        }
        if a.stop == b.stop {
            return Some(
                (a.contains(left, true) && b.contains(right, false)).then(|| a.stop.game()),
            );
        }
    }
    if let Some(g) = S::quick_number(&a, &b, left, right) {
        return Some(Some(g));
    }
    let (lo, hi) = (
        a.as_ref().map(|a| a.stop.dyadic()),
        b.as_ref().map(|b| b.stop.dyadic()),
    );
    let between = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
    let ends = [a.as_ref().zip(lo), b.as_ref().zip(hi)];
    let best = simplest_allowed(between, ends, [left, right], Dyadic::birthday);
    Some(Some(Game::number(best)))
}

/// The number `{left | right}` equals, given `between`, the simplest
/// number strictly between the ends of its options' stops, and the ends of
/// Left's and Right's options (`options`), each with its value in the form
/// of `between`: an end may be simpler than every number strictly
/// between, and is the number when its options allow it (two numbers of
/// one birthday have a simpler one between them: no tie).
fn simplest_allowed<S: StopForm, N, B: Ord>(
    between: N,
    ends: [Option<(&End<S>, N)>; 2],
    options: [&[Game]; 2],
    birthday: impl Fn(&N) -> B,
) -> N {
    let mut best = between;
    let mut born = birthday(&best);
    for ((end, opts), left) in ends.into_iter().zip(options).zip([true, false]) {
        if let Some((end, x)) = end {
            let day = birthday(&x);
            if day < born && end.contains(opts, left) {
                (best, born) = (x, day);
            }
        }
    }
    best
}

/// A form in which stops are read and compared.
trait StopForm: Ord + Copy {
    /// The Left and Right stops of `g`, if they have this form.
    fn stops(g: Game) -> Option<(Self, Self)>;

    /// The stop as a dyadic.
    fn dyadic(self) -> Dyadic;

    /// The number the stop is, as a game.
    fn game(self) -> Game {
        Game::number(self.dyadic())
    }

    /// The number [`simplest_number_by`] finds between the ends `a` and
    /// `b` (`a < b`) of `left` and `right`, when this form finds it on its
    /// own (else None, and the dyadics find it).
    fn quick_number(
        _a: &Option<End<Self>>,
        _b: &Option<End<Self>>,
        _left: &[Game],
        _right: &[Game],
    ) -> Option<Game> {
        None
    }
}

/// The stops of `opts` in the form `S`, into `out`; false (with `out`
/// cut short) if some option's stops have no such form.
fn stops_in<S: StopForm>(opts: &[Game], out: &mut SmallVec<[(S, S); 16]>) -> bool {
    out.extend(opts.iter().map_while(|&g| S::stops(g)));
    out.len() == opts.len()
}

/// Stops times 2^32, as the store keeps most of them.
impl StopForm for i64 {
    #[inline(always)]
    fn stops(g: Game) -> Option<(i64, i64)> {
        g.scaled_stops()
    }

    fn dyadic(self) -> Dyadic {
        Prepared::from_scaled32(self).to_dyadic()
    }

    fn game(self) -> Game {
        Game::number_scaled32(self)
    }

    /// In machine words, when the simplest number strictly between the
    /// ends has a scaled form: it, or an end that is simpler and allowed
    /// ([`simplest_allowed`], as on the dyadic path).
    fn quick_number(
        a: &Option<End<Self>>,
        b: &Option<End<Self>>,
        left: &[Game],
        right: &[Game],
    ) -> Option<Game> {
        let (lo, hi) = (a.as_ref().map(|a| a.stop), b.as_ref().map(|b| b.stop));
        let between = simplest_between_scaled32(lo, hi)?;
        let ends = [a.as_ref().zip(lo), b.as_ref().zip(hi)];
        let best = simplest_allowed(between, ends, [left, right], |&v| birthday_scaled32(v));
        Some(Game::number_scaled32(best))
    }
}

/// Any stops.
impl StopForm for Prepared<'static> {
    #[inline(always)]
    fn stops(g: Game) -> Option<(Self, Self)> {
        Some(g.prepared_stops())
    }

    fn dyadic(self) -> Dyadic {
        self.to_dyadic()
    }
}

/// The end of the interval of numbers an option list allows: the largest
/// Right stop of Left's options, or the least Left stop of Right's, with
/// the first option that has it and whether another has it too.
struct End<S> {
    stop: S,
    first: usize,
    tied: bool,
}

impl<S: StopForm> End<S> {
    /// The stop of `g` that bounds the numbers: its Right stop for a Left
    /// option (`left`), its Left stop for a Right option.
    fn stop_of(g: Game, left: bool) -> Option<S> {
        S::stops(g).map(|(ls, rs)| if left { rs } else { ls })
    }

    /// The end of Left's options (`left`) or Right's: Some(None) if there
    /// are none, None if some option's stops have no form `S`.
    fn of(opts: &[Game], left: bool) -> Option<Option<Self>> {
        let mut end: Option<Self> = None;
        for (i, &g) in opts.iter().enumerate() {
            let stop = Self::stop_of(g, left)?;
            match &mut end {
                Some(e) if stop == e.stop => e.tied = true,
                Some(e) if (stop > e.stop) != left => {}
                _ => {
                    end = Some(End {
                        stop,
                        first: i,
                        tied: false,
                    })
                }
            }
        }
        Some(end)
    }

    /// Whether the end x itself is in the interval: no option with stop x
    /// has `x <= G^L` (Left's options, `left`) or `G^R <= x` (Right's). A
    /// number option with stop x is x. (The game x is made only when an
    /// option that is not a number has stop x.)
    fn contains(&self, opts: &[Game], left: bool) -> bool {
        let mut x = None;
        let mut allows = |g: Game| {
            if g.is_number() {
                return false;
            }
            let x = *x.get_or_insert_with(|| self.stop.game());
            !(if left { leq(x, g) } else { leq(g, x) })
        };
        if !self.tied {
            return allows(opts[self.first]);
        }
        opts[self.first..]
            .iter()
            .all(|&g| Self::stop_of(g, left) != Some(self.stop) || allows(g))
    }
}

/// `{x + *a, x + *b, ... | same}` is `x + *mex{a, b, ...}`.
fn translated_nimber(left: &[Game], right: &[Game]) -> Option<Game> {
    if left != right || left.is_empty() {
        return None;
    }
    let first = left[0].nus()?;
    let mut seen = Vec::with_capacity(left.len());
    for &g in left {
        let n = g.nus()?;
        if !n.ups.is_zero() || n.number != first.number {
            return None;
        }
        seen.push(n.nimber);
    }
    seen.sort_unstable();
    let mex = seen.iter().zip(0u64..).take_while(|(a, b)| *a == b).count() as u64;
    Some(Game::from_nus(Nus::new(
        first.number.clone(),
        Integer::zero(),
        mex,
    )))
}

/// Recognise a fully simplified form as a nus value, else intern it as a
/// compound game.
fn finish(left: OptionList, right: OptionList) -> Game {
    // Not a number: `canonicalize` asked `simplest_number` first.
    if let Some(g) = translated_nimber(&left, &right) {
        return g;
    }
    if let Some(n) = nus_shape(&left, &right) {
        return Game::from_nus(n);
    }
    store().intern_compound(&left, &right)
}

/// The nus value whose canonical form is `{left | right}`, if any. By the
/// option formulas of `Nus::options`, for x a number and k >= 0:
/// `{x | x + k.^ + *n} = x + (k+1).^ + *(n xor 1)` (excluding {x|x} = x*),
/// `{x, x* | x} = x + ^*`, and symmetrically for downs.
fn nus_shape(left: &[Game], right: &[Game]) -> Option<Nus> {
    match (left, right) {
        (&[l], &[r]) => {
            let (a, b) = (l.nus()?, r.nus()?);
            if a.is_number() && b.number == a.number && !b.ups.is_negative() && !b.is_number() {
                return Some(Nus::new(
                    a.number.clone(),
                    &b.ups + &Integer::one(),
                    b.nimber ^ 1,
                ));
            }
            if b.is_number() && a.number == b.number && !a.ups.is_positive() && !a.is_number() {
                return Some(Nus::new(
                    b.number.clone(),
                    &a.ups - &Integer::one(),
                    a.nimber ^ 1,
                ));
            }
            None
        }
        (&[l1, l2], &[r]) => unit_star_shape(l1, l2, r).map(|x| Nus::new(x, Integer::one(), 1)),
        (&[l], &[r1, r2]) => unit_star_shape(r1, r2, l).map(|x| Nus::new(x, -Integer::one(), 1)),
        _ => None,
    }
}

/// The number x if `{a, b}` is `{x, x*}` and `c` is x.
fn unit_star_shape(a: Game, b: Game, c: Game) -> Option<Dyadic> {
    let x = c.as_number()?;
    let (a, b) = (a.nus()?, b.nus()?);
    let star_of = |n: &Nus| n.ups.is_zero() && n.number == *x;
    let is_pair = (a.is_number() && b.nimber == 1 || b.is_number() && a.nimber == 1)
        && star_of(a)
        && star_of(b);
    is_pair.then(|| x.clone())
}

#[cfg(test)]
mod tests {
    use super::{best_first, champion, in_list_order, simplest_number, sort_dedup};
    use crate::game::arbitrary::{game, leaf};
    use crate::game::order::RawGame;
    use crate::game::{Game, OptionList};
    use crate::number::Prepared;
    use proptest::prelude::*;

    /// Games of birthday up to 4: options of birthday up to 3, with
    /// numbers among them and halves, so that forms equal to numbers and
    /// forms whose stops meet are both common.
    fn option() -> impl Strategy<Value = Game> {
        prop_oneof![
            leaf(),
            (-4i64..=4).prop_map(|n| Game::number(crate::number::Dyadic::new(n.into(), 1))),
            game(),
        ]
    }

    /// The distinct games of a list, sorted, and their stops.
    fn distinct_with_stops(
        mut games: Vec<Game>,
    ) -> (Vec<Game>, Vec<(Prepared<'static>, Prepared<'static>)>) {
        games.sort_unstable();
        games.dedup();
        let stops = games.iter().map(|g| g.prepared_stops()).collect();
        (games, stops)
    }

    /// Whether option a is dominated by option b among Left's options
    /// (`left`) or Right's.
    fn dominance(games: &[Game], left: bool) -> impl Fn(usize, usize) -> bool + Copy + '_ {
        move |a, b| {
            if left {
                games[a].leq(games[b])
            } else {
                games[b].leq(games[a])
            }
        }
    }

    proptest! {
        /// The number a form is, by the simplicity theorem from its
        /// options' stops, is the number it equals: the form is x exactly
        /// when `simplest_number` says x. A form equal to a number has
        /// equal stops, so the number to check against, when there is one,
        /// is the canonical form's left stop.
        #[test]
        fn simplest_number_is_the_number_a_form_equals(
            left in prop::collection::vec(option(), 0..4),
            right in prop::collection::vec(option(), 0..4),
        ) {
            let said = simplest_number(&left, &right);
            let stop = Game::from_options(&left, &right).left_stop();
            let x = Game::number(stop);
            let mut g = RawGame::new(&left, &right);
            let equal = g.ge(x) && g.le(x);
            prop_assert_eq!(said, equal.then_some(x));
        }

        /// When one option dominates all the others it alone is kept, as
        /// comparing every pair keeps it; and it is found whenever it is
        /// the only one kept and no other option has its stops.
        #[test]
        fn a_champion_is_what_list_order_keeps(
            games in prop::collection::vec(game(), 1..8),
            left in any::<bool>(),
        ) {
            let (games, stops) = distinct_with_stops(games);
            let dominated = dominance(&games, left);
            let all = in_list_order(games.len(), dominated);
            match champion(&stops, left, dominated) {
                Some(best) => {
                    let kept: Vec<usize> = (0..games.len()).filter(|&i| all[i]).collect();
                    prop_assert_eq!(kept, vec![best]);
                }
                None => {
                    let kept: Vec<usize> = (0..games.len()).filter(|&i| all[i]).collect();
                    if let [one] = kept[..] {
                        prop_assert!(stops.iter().filter(|&&s| s == stops[one]).count() > 1);
                    }
                }
            }
        }

        /// Lists of two, sorted by an exchange, come out as the general
        /// sort and dedup leave lists: sorted, each game once. Ids from a
        /// range of four, so that lists of two are often repeats.
        #[test]
        fn sort_dedup_sorts_and_drops_repeats(ids in prop::collection::vec(0u32..4, 0..6)) {
            let mut list: OptionList = ids.iter().map(|&i| Game(i)).collect();
            let mut expected = list.to_vec();
            expected.sort_unstable();
            expected.dedup();
            sort_dedup(&mut list);
            prop_assert_eq!(list.to_vec(), expected);
        }

        /// Taking the options best stops first keeps exactly the options
        /// that comparing them in list order keeps, for either player.
        #[test]
        fn best_first_keeps_what_list_order_keeps(
            games in prop::collection::vec(game(), 8..40),
            left in any::<bool>(),
        ) {
            let (games, stops) = distinct_with_stops(games);
            let dominated = dominance(&games, left);
            let ups = |i: usize| games[i].nus().map(|n| &n.ups);
            prop_assert_eq!(
                best_first(&stops, left, ups, dominated),
                in_list_order(games.len(), dominated)
            );
            // The same with the stops as scaled integers (all these have
            // them).
            let scaled: Option<Vec<_>> = games.iter().map(|g| g.scaled_stops()).collect();
            prop_assert!(scaled.is_some());
            if let Some(scaled) = scaled {
                prop_assert_eq!(
                    best_first(&scaled, left, ups, dominated),
                    in_list_order(games.len(), dominated)
                );
            }
        }
    }
}
