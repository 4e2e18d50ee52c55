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

/// Extend `values` (heap 0 first, a prefix) to cover heap `upto`.
pub(crate) fn extend(
    code: &Code,
    plan: &Plan,
    values: &mut Vec<u64>,
    state: &mut OctalState,
    upto: u64,
) -> RuleResult<()> {
    if values.is_empty() {
        values.push(0);
    }
    match plan {
        Plan::Subtraction => subtraction(code, values, upto),
        Plan::Octal(o) => octal(o, values, state, upto),
        Plan::General => general(code, values, upto),
        Plan::Additive => Err(RuleError::bad_argument(
            "internal: additive codes are evaluated recursively",
        )),
    }
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

fn subtraction(code: &Code, values: &mut Vec<u64>, upto: u64) -> RuleResult<()> {
    let fixed: Vec<(u64, bool, Option<u64>)> = (0..code.digit_count())
        .map(|j| {
            let (z, o) = single(code.digit(j as i64));
            (j, z, o)
        })
        .filter(|&(_, z, o)| z || o.is_some())
        .collect();
    let periodic = code.is_periodic();
    values.reserve((upto + 1).saturating_sub(values.len() as u64) as usize);
    if !periodic && fixed.len() < 32 {
        // At most 2 values per digit, so the mex is below 64: a bit mask.
        for n in values.len() as u64..=upto {
            if n % 65536 == 0 {
                onag_core::interrupt::checkpoint();
            }
            let mut seen = 0u64;
            for &(j, zero, one) in &fixed {
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
                    let v = values[r as usize];
                    if v < 64 {
                        seen |= 1 << v;
                    }
                }
            }
            values.push((!seen).trailing_zeros() as u64);
        }
        return Ok(());
    }
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

fn octal(o: &Octal, values: &mut Vec<u64>, st: &mut OctalState, upto: u64) -> RuleResult<()> {
    if st.next_check == 0 {
        st.next_check = 1024;
    }
    let mut hits: Vec<u64> = Vec::new();
    let mut cursors: Vec<u64> = vec![0; o.pairs.len()];
    for n in values.len() as u64..=upto {
        if let Some((n0, p)) = st.period {
            if n >= n0 + p {
                values.push(values[(n - p) as usize]);
                continue;
            }
        }
        if n % 1024 == 0 {
            onag_core::interrupt::checkpoint();
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
        let bits = (st.max_value + 1).next_power_of_two().max(64);
        hits.clear();
        hits.resize(bits as usize / 64 + 1, 0);
        let set = |hits: &mut Vec<u64>, x: u64| hits[(x / 64) as usize] |= 1 << (x % 64);
        for &(j, zero, one) in &o.singles {
            if j > n {
                break;
            }
            let r = n - j;
            if r == 0 && zero {
                set(&mut hits, 0);
            }
            if one.is_some_and(|m| r >= m) {
                if j == 0 {
                    return Err(loopy());
                }
                set(&mut hits, values[r as usize]);
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
                    set(&mut hits, 0);
                }
                cursors[i] = u64::MAX;
                continue;
            }
            if st.mask != 0 {
                for &a in &st.rare {
                    let a = a as u64;
                    if a >= r {
                        break;
                    }
                    let b = r - a;
                    if c != Constraint::None && a == b {
                        continue;
                    }
                    set(&mut hits, values[a as usize] ^ values[b as usize]);
                }
            }
        }
        let first_unhit = |hits: &[u64]| -> u64 {
            for (w, &word) in hits.iter().enumerate() {
                if word != u64::MAX {
                    return w as u64 * 64 + (!word).trailing_zeros() as u64;
                }
            }
            hits.len() as u64 * 64
        };
        let mex = 'outer: loop {
            let v = first_unhit(&hits);
            if st.mask != 0 && odd(v, st.mask) {
                break v;
            }
            loop {
                let mut active = false;
                for (i, &(j, c)) in o.pairs.iter().enumerate() {
                    let r = n.wrapping_sub(j);
                    let a = cursors[i];
                    if a == u64::MAX || a > r / 2 {
                        continue;
                    }
                    active = true;
                    cursors[i] = a + 1;
                    if c != Constraint::None && 2 * a == r {
                        continue;
                    }
                    let x = values[a as usize] ^ values[(r - a) as usize];
                    set(&mut hits, x);
                    if x == v {
                        continue 'outer;
                    }
                }
                if !active {
                    break 'outer v;
                }
            }
        };
        values.push(mex);
        st.max_value = st.max_value.max(mex);
        if st.mask != 0 && !odd(mex, st.mask) {
            st.rare.push(n as u32);
        }
    }
    Ok(())
}

/// Re-choose the mask so that as few of the recent values as possible are
/// rare, and rebuild the list of rare heaps.
fn choose_mask(values: &[u64], st: &mut OctalState) {
    const BITS: u32 = 10;
    let low = (1u64 << BITS) - 1;
    let n = values.len();
    let mut hist = vec![0u64; 1 << BITS];
    for &v in &values[n / 2..] {
        hist[(v & low) as usize] += 1;
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
                .filter(|&a| !odd(values[a], st.mask))
                .map(|a| a as u32)
                .collect()
        };
    }
}

/// A period (n₀, p) proved by the periodicity theorem from `values`, or
/// None.
fn prove_period(values: &[u64], last: u64) -> Option<(u64, u64)> {
    let n = values.len();
    // KMP failure function of the reversed sequence: the prefix of length L
    // of the reversal is the suffix of `values` starting at n − L.
    let rev: Vec<u64> = values.iter().rev().copied().collect();
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
