//! Nim-value sequences of take-and-break codes (RULESETS 4.4), computed
//! without building option lists.
//!
//! * Codes whose digits leave at most one heap (subtraction games, Nim,
//!   `allbut` codes) take the mex of the few values g(n − j) directly:
//!   O(n·|S|).
//! * Octal codes (finitely many digits, at most two heaps) use the
//!   rare/common split of Gangolli and Plambeck (Winning Ways, "Extras"
//!   of chapter 4): values are classed by the parity of `v & mask`, with
//!   0 in the *rare* class. A common value can only be the XOR of one rare
//!   and one common value, so every common option value is found by
//!   pairing the few rare heaps with the rest; only rare candidates below
//!   the mex need a scan of the splits, which stops at the first hit. The
//!   mask is re-chosen at every doubling of n to make the rare class as
//!   small as possible. Unconstrained octal codes also stop computing once
//!   the Guy–Smith periodicity theorem proves the period: if
//!   g(m + p) = g(m) for n₀ ≤ m < 2n₀ + p + t (t the last digit's index),
//!   it holds for every m ≥ n₀.
//! * Other codes without additive digits enumerate the splits, adding up
//!   the values of smaller heaps.
//!
//! Heap 0 is fixed at 0; a digit d₀ that leaves one heap is loopy.

use super::code::{for_each_split, Code, Constraint, Digit};
use super::LOOPY;
use crate::framework::error::{RuleError, RuleResult};
use onag_core::packed::{Cell, Cells, PackedSeq};

/// Run `$body` with `$v` bound to the cells of `$seq` as a `&mut Vec<T>`
/// of its width.
macro_rules! with_cells {
    ($seq:expr, $v:ident => $body:expr) => {
        match $seq.cells_mut() {
            Cells::U8($v) => $body,
            Cells::U16($v) => $body,
            Cells::U32($v) => $body,
            Cells::U64($v) => $body,
        }
    };
}

/// How the values of a code are computed.
#[derive(Clone, Debug)]
pub(crate) enum Plan {
    /// Every digit leaves at most one heap.
    Subtraction,
    /// Finitely many digits, each leaving at most two heaps.
    Octal(Octal),
    /// Any other code without additive digits.
    General,
    /// Additive digits: heaps may grow, so values are computed recursively
    /// from the option lists.
    Additive,
}

/// The moves of an octal code.
#[derive(Clone, Debug)]
pub(crate) struct Octal {
    /// (j, count 0 allowed, least r for one heap) for each digit.
    singles: Vec<(u64, bool, Option<u64>)>,
    /// (j, constraint) for each digit allowing two heaps.
    pairs: Vec<(u64, Constraint)>,
    /// The index of the last digit.
    last: u64,
    /// Whether the periodicity theorem applies (no constraint on pairs).
    theorem: bool,
}

fn single(d: &Digit) -> (bool, Option<u64>) {
    (
        d.allows(0).is_some(),
        d.allows(1)
            .map(|c| if c == Constraint::NotAllEqual { 2 } else { 1 }),
    )
}

/// Choose how to compute the values of `code`.
pub(crate) fn plan(code: &Code) -> Plan {
    if code.additive_count() > 0 {
        return Plan::Additive;
    }
    let at_most = |m: u32| {
        code.all_digits()
            .all(|d| d.is_empty() || d.max_count().is_some_and(|c| c <= m))
    };
    if at_most(1) {
        return Plan::Subtraction;
    }
    if code.is_periodic() || !at_most(2) {
        return Plan::General;
    }
    let last = code.last_index().unwrap_or(0);
    let mut singles = vec![];
    let mut pairs = vec![];
    for j in 0..=last {
        let d = code.digit(j as i64);
        let (zero, one) = single(d);
        if zero || one.is_some() {
            singles.push((j, zero, one));
        }
        if let Some(c) = d.allows(2) {
            pairs.push((j, c));
        }
    }
    let theorem = pairs.iter().all(|&(_, c)| c == Constraint::None);
    Plan::Octal(Octal {
        singles,
        pairs,
        last,
        theorem,
    })
}

/// The working state of the octal method, kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct OctalState {
    mask: u64,
    rare: Vec<u32>,
    next_check: u64,
    max_value: u64,
    /// (n₀, p) once the period is proved.
    period: Option<(u64, u64)>,
}

impl OctalState {
    /// (n₀, p) once the periodicity theorem has proved g(n + p) = g(n)
    /// for every n ≥ n₀.
    pub(crate) fn period(&self) -> Option<(u64, u64)> {
        self.period
    }
}

/// Extend `values` (heap 0 first, a prefix) to cover heap `upto`. The
/// values are packed ([`PackedSeq`]): the loops run on cells of the
/// sequence's width, and a value too wide for them stops the loop, which
/// resumes on wider cells.
pub(crate) fn extend(
    code: &Code,
    plan: &Plan,
    values: &mut PackedSeq,
    state: &mut OctalState,
    upto: u64,
) -> RuleResult<()> {
    if values.is_empty() {
        values.push(0);
    }
    if values.len() as u64 > upto {
        return Ok(());
    }
    // At least one byte per heap; wider cells reserve again as they widen.
    values.reserve((upto + 1 - values.len() as u64) as usize);
    match plan {
        Plan::Subtraction => {
            if let Some(fixed) = bit_mask_digits(code) {
                while !with_cells!(values, v => subtraction_fast(&fixed, v, upto)?) {
                    values.widen_to(values.width() * 2);
                }
                Ok(())
            } else {
                unpacked(values, upto, |v| subtraction(code, v, upto))
            }
        }
        Plan::Octal(o) => {
            while !with_cells!(values, v => octal(o, v, state, upto)?) {
                values.widen_to(values.width() * 2);
            }
            Ok(())
        }
        Plan::General => unpacked(values, upto, |v| general(code, v, upto)),
        Plan::Additive => Err(RuleError::bad_argument(
            "internal: additive codes are evaluated recursively",
        )),
    }
}

/// Run `f` on the values as a `Vec<u64>` and pack what it adds: for the
/// methods that are quadratic anyway.
fn unpacked(
    values: &mut PackedSeq,
    upto: u64,
    f: impl FnOnce(&mut Vec<u64>) -> RuleResult<()>,
) -> RuleResult<()> {
    let start = values.len();
    onag_core::memory::reserve((upto as u128 + 1) * 8, || {
        format!("The nim values of heaps up to {upto}")
    });
    let mut v = values.to_vec(0, start);
    let result = f(&mut v);
    // Keep what was computed, even when stopped by an error.
    for &x in &v[start..] {
        values.push(x);
    }
    result
}

fn loopy() -> RuleError {
    RuleError::loop_found(LOOPY)
}

/// The mex of `opts`, with `seen` as scratch space.
fn mex_of(opts: &[u64], seen: &mut Vec<bool>) -> u64 {
    seen.clear();
    seen.resize(opts.len() + 1, false);
    for &v in opts {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&b| !b).unwrap_or(opts.len()) as u64
}

/// The digits of a code whose moves leave at most one heap, as
/// (j, count 0 allowed, least r for one heap), when the mex can be taken
/// over a 64-bit mask (no periodic digits, fewer than 32 digits).
fn bit_mask_digits(code: &Code) -> Option<Vec<(u64, bool, Option<u64>)>> {
    let fixed = single_heap_digits(code);
    (!code.is_periodic() && fixed.len() < 32).then_some(fixed)
}

/// The digits of a code that allow a move leaving at most one heap, as
/// (j, count 0 allowed, least r for one heap).
fn single_heap_digits(code: &Code) -> Vec<(u64, bool, Option<u64>)> {
    (0..code.digit_count())
        .map(|j| {
            let (z, o) = single(code.digit(j as i64));
            (j, z, o)
        })
        .filter(|&(_, z, o)| z || o.is_some())
        .collect()
}

/// The subtraction method over a bit mask: at most 2 values per digit, so
/// the mex is below 64. False when a value does not fit a cell of `T`.
fn subtraction_fast<T: Cell>(
    fixed: &[(u64, bool, Option<u64>)],
    values: &mut Vec<T>,
    upto: u64,
) -> RuleResult<bool> {
    for n in values.len() as u64..=upto {
        if n % 65536 == 0 {
            onag_core::interrupt::checkpoint();
            onag_core::interrupt::progress("heaps", n, upto);
        }
        let mut seen = 0u64;
        for &(j, zero, one) in fixed {
            if j > n {
                break;
            }
            let r = n - j;
            if r == 0 && zero {
                seen |= 1;
            }
            if one.is_some_and(|m| r >= m) {
                if j == 0 {
                    return Err(loopy());
                }
                let v = values[r as usize].value();
                if v < 64 {
                    seen |= 1 << v;
                }
            }
        }
        let mex = u64::from((!seen).trailing_zeros());
        if mex > T::MAX {
            return Ok(false);
        }
        values.push(T::of(mex));
    }
    Ok(true)
}

fn subtraction(code: &Code, values: &mut Vec<u64>, upto: u64) -> RuleResult<()> {
    let fixed = single_heap_digits(code);
    let periodic = code.is_periodic();
    let mut opts = Vec::new();
    let mut seen = Vec::new();
    for n in values.len() as u64..=upto {
        if n % 4096 == 0 {
            onag_core::interrupt::checkpoint();
        }
        opts.clear();
        let mut visit = |j: u64, zero: bool, one: Option<u64>| -> RuleResult<()> {
            let r = n - j;
            if r == 0 && zero {
                opts.push(0);
            }
            if one.is_some_and(|m| r >= m) {
                if j == 0 {
                    return Err(loopy());
                }
                opts.push(values[r as usize]);
            }
            Ok(())
        };
        if periodic {
            for j in 0..=n {
                let (z, o) = single(code.digit(j as i64));
                visit(j, z, o)?;
            }
        } else {
            for &(j, z, o) in &fixed {
                if j > n {
                    break;
                }
                visit(j, z, o)?;
            }
        }
        values.push(mex_of(&opts, &mut seen));
    }
    Ok(())
}

/// The distinct values g(a₁) ⊕ … ⊕ g(a_k) over the unconstrained splits
/// of m into k heaps, memoised per (k, m): V_k(m) = ∪ₐ g(a) ⊕ V_{k−1}(m − a).
#[derive(Default)]
struct SplitValues {
    sets: Vec<Vec<Option<Vec<u64>>>>,
    mark: Vec<bool>,
}

/// Splits into at most this many heaps use the memoised value sets.
const MEMO_HEAPS: u64 = 16;

impl SplitValues {
    fn get(&self, k: usize, m: usize) -> &[u64] {
        self.sets[k][m].as_deref().unwrap_or(&[])
    }

    fn ensure(&mut self, k: usize, m: usize, g: &[u64]) {
        if self.sets.len() <= k {
            self.sets.resize(k + 1, vec![]);
        }
        if self.sets[k].len() <= m {
            self.sets[k].resize(m + 1, None);
        }
        if self.sets[k][m].is_some() {
            return;
        }
        let out = if k == 1 {
            if m >= 1 {
                vec![g[m]]
            } else {
                vec![]
            }
        } else {
            let top = m.saturating_sub(k - 1);
            for a in 1..=top {
                self.ensure(k - 1, m - a, g);
            }
            let mut out = vec![];
            for (a, &ga) in g.iter().enumerate().take(top + 1).skip(1) {
                for i in 0..self.get(k - 1, m - a).len() {
                    let y = (ga ^ self.sets[k - 1][m - a].as_ref().map_or(0, |v| v[i])) as usize;
                    if y >= self.mark.len() {
                        self.mark.resize((y + 1).next_power_of_two(), false);
                    }
                    if !self.mark[y] {
                        self.mark[y] = true;
                        out.push(y as u64);
                    }
                }
            }
            for &y in &out {
                self.mark[y as usize] = false;
            }
            out
        };
        self.sets[k][m] = Some(out);
    }
}

fn general(code: &Code, values: &mut Vec<u64>, upto: u64) -> RuleResult<()> {
    let mut seen: Vec<bool> = Vec::new();
    let mut buf = Vec::new();
    let mut memo = SplitValues::default();
    for n in values.len() as u64..=upto {
        onag_core::interrupt::checkpoint();
        seen.iter_mut().for_each(|b| *b = false);
        let mark = |x: usize, seen: &mut Vec<bool>| {
            if x >= seen.len() {
                seen.resize((x + 1).next_power_of_two(), false);
            }
            seen[x] = true;
        };
        for j in code.removals(n) {
            let d = code.digit(j);
            if d.is_empty() {
                continue;
            }
            let r = n - j as u64;
            let counts: Vec<(u64, Constraint)> = (0..=r)
                .filter_map(|k| d.allows(k).map(|c| (k, c)))
                .collect();
            for (k, c) in counts {
                if j == 0 && k == 1 && n >= if c == Constraint::NotAllEqual { 2 } else { 1 } {
                    return Err(loopy());
                }
                if c == Constraint::None && (2..=MEMO_HEAPS).contains(&k) {
                    memo.ensure(k as usize, r as usize, values);
                    for &x in memo.get(k as usize, r as usize) {
                        mark(x as usize, &mut seen);
                    }
                    continue;
                }
                let vals: &Vec<u64> = values;
                for_each_split(r, k, c, &mut buf, &mut |parts| {
                    let x = parts.iter().fold(0, |acc, &a| acc ^ vals[a as usize]) as usize;
                    mark(x, &mut seen);
                    Ok(())
                })?;
            }
        }
        let mex = seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u64;
        values.push(mex);
    }
    Ok(())
}

fn odd(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 1
}

/// Pairs (a, r − a) examined in one go by the scan for rare values.
const SCAN_CHUNK: u64 = 64;

/// The octal method on cells of type `T`; false when a value does not fit
/// (the caller widens the cells and calls again).
///
/// For each heap n the option values are marked in `seen`, a table indexed
/// by value holding a mark that changes from heap to heap (so it is
/// cleared only once every 255 heaps). First the single heaps and every pair with a
/// rare heap are marked: that gives every common option value. The least
/// unmarked value is then the mex if it is common; if it is rare, it may
/// still be the XOR of two common heaps, and [`scan_pairs`] scans the
/// remaining pairs until the mex is certain.
fn octal<T: Cell>(
    o: &Octal,
    values: &mut Vec<T>,
    st: &mut OctalState,
    upto: u64,
) -> RuleResult<bool> {
    if st.next_check == 0 {
        st.next_check = 1024;
    }
    let mut seen: Vec<u8> = Vec::new();
    let mut stamp: u8 = 0;
    let mut cursors: Vec<u64> = vec![0; o.pairs.len()];
    let mut cands: Vec<usize> = Vec::new();
    for n in values.len() as u64..=upto {
        if let Some((n0, p)) = st.period {
            if n >= n0 + p {
                values.push(values[(n - p) as usize]);
                continue;
            }
        }
        if n % 1024 == 0 {
            onag_core::interrupt::checkpoint();
            if n % 65536 == 0 {
                onag_core::interrupt::progress("heaps", n, upto);
            }
        }
        if n >= st.next_check {
            st.next_check = n * 2;
            choose_mask(values, st);
            // Proofs are tried up to 2^24 heaps (the test needs memory for
            // the whole prefix).
            if o.theorem && n <= 1 << 24 {
                st.period = prove_period(values, o.last);
                if let Some((n0, p)) = st.period {
                    if n >= n0 + p {
                        values.push(values[(n - p) as usize]);
                        continue;
                    }
                }
            }
        }
        // XORs of values below 2^k stay below 2^k; one more slot so that
        // the least unmarked value always has one.
        let size = ((st.max_value + 1).next_power_of_two() * 2).max(64) as usize;
        let size = if T::MAX < NARROW_MARKS as u64 {
            size.max(NARROW_MARKS)
        } else {
            size
        };
        if seen.len() < size {
            seen.resize(size, 0);
        }
        // Marks are 1..=255, one per heap computed in turn; the table is
        // cleared when they start again (bytes keep the table small: fewer
        // false conflicts between its stores and the loads of values).
        if stamp == u8::MAX {
            seen.fill(0);
            stamp = 0;
        }
        stamp += 1;
        for &(j, zero, one) in &o.singles {
            if j > n {
                break;
            }
            let r = n - j;
            if r == 0 && zero {
                seen[0] = stamp;
            }
            if one.is_some_and(|m| r >= m) {
                if j == 0 {
                    return Err(loopy());
                }
                seen[values[r as usize].value() as usize] = stamp;
            }
        }
        for (i, &(j, c)) in o.pairs.iter().enumerate() {
            cursors[i] = 1;
            if j > n {
                cursors[i] = u64::MAX;
                continue;
            }
            let r = n - j;
            if c == Constraint::Equal {
                if r >= 2 && r % 2 == 0 {
                    seen[0] = stamp;
                }
                cursors[i] = u64::MAX;
                continue;
            }
            if st.mask != 0 {
                // Every pair with a rare heap a < r: below r / 2 and above
                // it, leaving out a = r / 2 when equal heaps are not a move.
                let vals: &[T] = values;
                let marks: &mut [u8] = &mut seen;
                let r32 = r as usize;
                let rare = &st.rare[..st.rare.partition_point(|&a| u64::from(a) < r)];
                let half = rare.partition_point(|&a| 2 * u64::from(a) < r);
                let (low, mut high) = rare.split_at(half);
                if c != Constraint::None && r % 2 == 0 && high.first() == Some(&((r / 2) as u32)) {
                    high = &high[1..];
                }
                mark_rare_pairs(vals, r32, low, marks, stamp);
                mark_rare_pairs(vals, r32, high, marks, stamp);
            }
        }
        let mex = scan_pairs(
            o,
            values,
            n,
            st.mask,
            &mut seen,
            stamp,
            &mut cursors,
            &mut cands,
        );
        if mex > T::MAX {
            return Ok(false);
        }
        values.push(T::of(mex));
        st.max_value = st.max_value.max(mex);
        if st.mask != 0 && !odd(mex, st.mask) {
            st.rare.push(n as u32);
        }
    }
    Ok(true)
}

/// Candidates searched for alone, when there are at most this many.
const FEW: usize = 4;

/// Candidates enough to mark four chunks of pairs before looking at them
/// again.
const MANY: usize = 16;

/// Pairs (a, r − a) searched in one go for a few candidates.
const SEARCH_RUN: u64 = 4096;

/// The mex of heap `n`'s option values, once the single heaps and every
/// pair with a rare heap are marked in `seen` (with `stamp`): the pairs of
/// common heaps left (from `cursors` on, one per pair digit) are scanned
/// from the small heaps up until the mex is certain.
///
/// The least unmarked value is the mex if it is common (under `mask`) or
/// when no pair is left: a common value is the value of a single heap or
/// the XOR of a rare and a common heap, all marked already, so the least
/// unmarked common value is no option's and bounds the mex. Below it only
/// the unmarked values, the candidates, can still change, and only by a
/// pair of common heaps: the pairs are marked a chunk at a time while
/// there are many candidates, and searched for the candidates alone, a
/// long run at a time, once at most [`FEW`] are left (then a pair that
/// reaches none of them changes nothing). Without a mask every value is
/// rare and every pair is marked.
#[allow(clippy::too_many_arguments)]
fn scan_pairs<T: Cell>(
    o: &Octal,
    values: &[T],
    n: u64,
    mask: u64,
    seen: &mut [u8],
    stamp: u8,
    cursors: &mut [u64],
    cands: &mut Vec<usize>,
) -> u64 {
    // The least unmarked value from `from` on (every value below it is
    // marked).
    let least = |seen: &[u8], from: usize| {
        from + seen[from..]
            .iter()
            .position(|&m| m != stamp)
            .unwrap_or(seen.len() - from)
    };
    let v = least(seen, 0);
    if mask != 0 && odd(v as u64, mask) {
        return v as u64;
    }
    // The candidates, and the least unmarked common value above them (the
    // end of the table if there is none).
    cands.clear();
    let mut bound = v;
    if mask != 0 {
        while bound < seen.len() && (seen[bound] == stamp || !odd(bound as u64, mask)) {
            if seen[bound] != stamp {
                cands.push(bound);
            }
            bound += 1;
        }
    }
    loop {
        let mut few = None;
        if mask != 0 {
            cands.retain(|&x| seen[x] != stamp);
            match cands.first() {
                None => return bound as u64,
                // No XOR of two cells reaches it: the mex, too wide for
                // the cells (which are widened).
                Some(&x) if x as u64 > T::MAX => return x as u64,
                Some(_) => {}
            }
            let reachable = match cands.last() {
                Some(&x) if x as u64 > T::MAX => cands.partition_point(|&x| x as u64 <= T::MAX),
                _ => cands.len(),
            };
            if reachable <= FEW {
                let mut targets = [T::of(cands[0] as u64); FEW];
                for (t, &x) in targets.iter_mut().zip(&cands[..reachable]) {
                    *t = T::of(x as u64);
                }
                few = Some(targets);
            }
        }
        let mut active = false;
        for (i, &(j, c)) in o.pairs.iter().enumerate() {
            let r = n.wrapping_sub(j);
            let a = cursors[i];
            // Splits a + (r - a) with a <= r / 2; a constrained digit
            // cannot split into two equal heaps.
            let limit = if c != Constraint::None && r % 2 == 0 {
                r / 2
            } else {
                r / 2 + 1
            };
            if a == u64::MAX || a >= limit {
                continue;
            }
            active = true;
            if let Some(targets) = &few {
                // Search a long run for the candidates, and mark the
                // first reached.
                let end = (a + SEARCH_RUN).min(limit);
                let lo = &values[a as usize..end as usize];
                let hi = &values[(r + 1 - end) as usize..=(r - a) as usize];
                cursors[i] = match first_hit(lo, hi, targets) {
                    Some(k) => {
                        seen[(lo[k] ^ hi[hi.len() - 1 - k]).value() as usize] = stamp;
                        a + k as u64 + 1
                    }
                    None => end,
                };
            } else {
                // Many candidates: several chunks before looking again.
                let chunk = if cands.len() > MANY {
                    4 * SCAN_CHUNK
                } else {
                    SCAN_CHUNK
                };
                let end = (a + chunk).min(limit);
                cursors[i] = end;
                let lo = &values[a as usize..end as usize];
                let hi = &values[(r + 1 - end) as usize..=(r - a) as usize];
                mark_run(lo, hi, seen, stamp);
            }
        }
        if !active {
            return least(seen, v) as u64;
        }
    }
}

/// The first k with g(lo[k]) ⊕ g(hi[len − 1 − k]) among `targets`, if any:
/// 64 splits at a time compared without a branch (a loop the compiler
/// vectorises), then the one found.
#[inline(never)]
fn first_hit<T: Cell>(lo: &[T], hi: &[T], targets: &[T; FEW]) -> Option<usize> {
    const BLOCK: usize = 64;
    let [t0, t1, t2, t3] = *targets;
    let mut start = 0;
    for (l, h) in lo.chunks(BLOCK).zip(hi.rchunks(BLOCK)) {
        let mut any = 0u8;
        for (&x, &y) in l.iter().zip(h.iter().rev()) {
            let v = x ^ y;
            any |= u8::from(v == t0) | u8::from(v == t1) | u8::from(v == t2) | u8::from(v == t3);
        }
        if any != 0 {
            return l
                .iter()
                .zip(h.iter().rev())
                .position(|(&x, &y)| targets.contains(&(x ^ y)))
                .map(|k| start + k);
        }
        start += l.len();
    }
    None
}

/// The number of marks when cells are at most 16 bits wide: every XOR of
/// two values then has an index in a table of this fixed size, which the
/// marking loops index without a bounds check.
const NARROW_MARKS: usize = 1 << 16;

/// `marks` as the fixed-size table of [`NARROW_MARKS`], when cells of type
/// `T` are at most 16 bits wide (the table is then made that large).
fn narrow<T: Cell>(marks: &mut [u8]) -> Option<&mut [u8; NARROW_MARKS]> {
    if T::MAX >= NARROW_MARKS as u64 {
        return None;
    }
    marks.get_mut(..NARROW_MARKS)?.try_into().ok()
}

/// Mark g(a) ⊕ g(r − a) for each heap a of `rare` (all below r). `marks`
/// has a power-of-two length that every XOR of two values stays below.
#[inline(never)]
fn mark_rare_pairs<T: Cell>(vals: &[T], r: usize, rare: &[u32], marks: &mut [u8], stamp: u8) {
    if let Some(table) = narrow::<T>(marks) {
        for &a in rare {
            let a = a as usize;
            table[(vals[a].value() ^ vals[r - a].value()) as usize & (NARROW_MARKS - 1)] = stamp;
        }
        return;
    }
    let top = marks.len() - 1;
    for &a in rare {
        let a = a as usize;
        marks[(vals[a].value() ^ vals[r - a].value()) as usize & top] = stamp;
    }
}

/// Mark g(lo[k]) ⊕ g(hi[len − 1 − k]) for each k: a run of splits
/// a + (r − a) with consecutive a.
#[inline(never)]
fn mark_run<T: Cell>(lo: &[T], hi: &[T], marks: &mut [u8], stamp: u8) {
    if let Some(table) = narrow::<T>(marks) {
        // The XORs of a chunk first (a loop the compiler vectorises), then
        // the marks.
        let mut xors = [0u16; SCAN_CHUNK as usize];
        for (lo, hi) in lo.chunks(xors.len()).zip(hi.rchunks(xors.len())) {
            for ((slot, &x), &y) in xors.iter_mut().zip(lo).zip(hi.iter().rev()) {
                *slot = (x.value() ^ y.value()) as u16;
            }
            for &v in &xors[..lo.len().min(hi.len())] {
                table[usize::from(v)] = stamp;
            }
        }
        return;
    }
    let top = marks.len() - 1;
    for (&x, &y) in lo.iter().zip(hi.iter().rev()) {
        marks[(x.value() ^ y.value()) as usize & top] = stamp;
    }
}

/// Re-choose the mask so that as few of the recent values as possible are
/// rare, and rebuild the list of rare heaps.
fn choose_mask<T: Cell>(values: &[T], st: &mut OctalState) {
    const BITS: u32 = 10;
    let low = (1u64 << BITS) - 1;
    let n = values.len();
    let mut hist = vec![0u64; 1 << BITS];
    for &v in &values[n / 2..] {
        hist[(v.value() & low) as usize] += 1;
    }
    let used: Vec<(u64, u64)> = hist
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, &c)| (v as u64, c))
        .collect();
    let width = 64
        - (st.max_value & low)
            .max(used.last().map_or(0, |u| u.0))
            .leading_zeros();
    let mut best = (u64::MAX, 0u64);
    for mask in 0..(1u64 << width.min(BITS)) {
        let rare: u64 = used
            .iter()
            .filter(|&&(v, _)| !odd(v, mask))
            .map(|&(_, c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    if best.1 != st.mask {
        st.mask = best.1;
        st.rare = if st.mask == 0 {
            vec![]
        } else {
            (1..n)
                .filter(|&a| !odd(values[a].value(), st.mask))
                .map(|a| a as u32)
                .collect()
        };
    }
}

/// A period (n₀, p) proved by the periodicity theorem from `values`, or
/// None.
fn prove_period<T: Cell>(values: &[T], last: u64) -> Option<(u64, u64)> {
    let n = values.len();
    // KMP failure function of the reversed sequence: the prefix of length L
    // of the reversal is the suffix of `values` starting at n − L.
    let rev: Vec<T> = values.iter().rev().copied().collect();
    let mut fail = vec![0usize; n];
    let mut k = 0;
    for i in 1..n {
        while k > 0 && rev[i] != rev[k] {
            k = fail[k - 1];
        }
        if rev[i] == rev[k] {
            k += 1;
        }
        fail[i] = k;
    }
    (1..=n).rev().find_map(|len| {
        let p = (len - fail[len - 1]) as u64;
        let n0 = (n - len) as u64;
        (p < len as u64 && n as u64 >= 2 * n0 + 2 * p + last).then_some((n0, p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values_of(code: &str, steps: &[(u64, usize)]) -> Vec<u64> {
        let code = Code::parse(code).unwrap();
        let plan = plan(&code);
        let mut values = PackedSeq::new();
        let mut state = OctalState::default();
        for &(upto, width) in steps {
            values.widen_to(width);
            extend(&code, &plan, &mut values, &mut state, upto).unwrap();
        }
        values.iter().collect()
    }

    /// A sequence extended in steps, its cells widened in between (as when
    /// a value does not fit), equals the sequence computed in one go.
    #[test]
    fn resumes_on_wider_cells() {
        for code in ["4!.0", "0.77", "0.165", "0.137", "0.4?", "0.033"] {
            let whole = values_of(code, &[(3000, 1)]);
            let steps = values_of(code, &[(700, 1), (1500, 2), (2100, 2), (3000, 8)]);
            assert_eq!(whole.len(), 3001, "{code}");
            assert_eq!(whole, steps, "{code}");
        }
    }

    /// Grundy's game (RULESETS 4.2.5), first values as in Winning Ways.
    #[test]
    fn grundys_game_values() {
        assert_eq!(
            values_of("4!.0", &[(20, 1)]),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
    }
}
