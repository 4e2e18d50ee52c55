//! The counterexample-driven recalibration of MISERE 11.2: when no
//! extension of the quotient of heaps < n by heap n can be certified (an
//! element of the old quotient splits once heap n is available), the
//! quotient of heaps ≤ n is rebuilt from outcomes of actual positions.
//!
//! Elements are represented by positions (multisets of heaps) and told
//! apart by a growing list of test positions: the row of a position is the
//! list of outcomes of the position plus each test. Positions with
//! different rows are distinct in the true quotient, so the hypothesis
//! never has more elements than the true one. The hypothesis is closed
//! (every representative plus every heap has the row of a representative)
//! and consistent (adding heaps commutes); a failure of either, and every
//! wrong prediction, yields a new test that separates two positions the
//! hypothesis had merged (the prefix-walk of Rivest and Schapire). The
//! result is accepted only after the exact verification of `solver`.
//!
//! Outcomes come from exhaustive search, except that a position without
//! heap n is read off the certified quotient of the heaps < n.

use super::monoid::Monoid;
use super::solver::{check_a, check_b};
use crate::misere::heap::p_by_moves;
use crate::misere::{MisereError, MisereResult};
use rustc_hash::FxHashMap;

/// The most positions whose outcome the exhaustive search remembers.
const MAX_MEMO: usize = 1 << 21;

/// The most tests before giving up.
const MAX_TESTS: usize = 4096;

/// The largest total size of positions searched for a wrong prediction.
const MAX_SEARCH: u32 = 48;

/// The most positions examined in one search for a wrong prediction.
const MAX_SEARCHED: usize = 1 << 20;

/// Outcomes of positions of heaps ≤ n, given the certified quotient of
/// the heaps < n.
struct Oracle<'a> {
    prev: &'a Monoid,
    prev_phi: &'a [usize],
    options: &'a [Vec<Vec<u32>>],
    n: u32,
    memo: FxHashMap<Vec<u32>, bool>,
}

impl Oracle<'_> {
    /// Whether the position (any order, no zero heaps) is a P-position.
    fn is_p(&mut self, pos: &[u32]) -> MisereResult<bool> {
        let mut pos = pos.to_vec();
        pos.sort_unstable_by(|a, b| b.cmp(a));
        self.sorted_is_p(pos)
    }

    fn sorted_is_p(&mut self, pos: Vec<u32>) -> MisereResult<bool> {
        if pos.first().is_none_or(|&h| h < self.n) {
            let x = pos
                .iter()
                .fold(0, |acc, &h| self.prev.mul(acc, self.prev_phi[h as usize]));
            return Ok(self.prev.p[x]);
        }
        if let Some(&p) = self.memo.get(&pos) {
            return Ok(p);
        }
        if self.memo.len() >= MAX_MEMO {
            return Err(MisereError(format!(
                "the exhaustive search at heap {} exceeds {MAX_MEMO} positions",
                self.n
            )));
        }
        crate::interrupt::checkpoint();
        let options = self.options;
        let p = crate::stack::descend(|| {
            p_by_moves(
                &pos,
                |h| &options[h as usize],
                |next| self.sorted_is_p(next),
            )
        })?;
        self.memo.insert(pos, p);
        Ok(p)
    }
}

fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter().chain(b).copied().collect()
}

/// The hypothesis: representatives, their rows, and the transitions.
struct Table {
    reps: Vec<Vec<u32>>,
    rows: Vec<Vec<bool>>,
    delta: Vec<Vec<usize>>,
}

struct Learner<'a> {
    oracle: Oracle<'a>,
    tests: Vec<Vec<u32>>,
    max_elements: usize,
}

impl Learner<'_> {
    fn row(&mut self, pos: &[u32]) -> MisereResult<Vec<bool>> {
        let mut row = Vec::with_capacity(self.tests.len());
        for i in 0..self.tests.len() {
            let p = join(pos, &self.tests[i]);
            row.push(self.oracle.is_p(&p)?);
        }
        Ok(row)
    }

    /// The closed table: representatives found by adding heaps to earlier
    /// ones, smallest total size first.
    fn close(&mut self) -> MisereResult<Table> {
        let n = self.oracle.n as usize;
        let mut reps = vec![Vec::new()];
        let mut rows = vec![self.row(&[])?];
        let mut index: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        index.insert(rows[0].clone(), 0);
        let mut delta: Vec<Option<Vec<usize>>> = vec![None];
        loop {
            let next = (0..reps.len())
                .filter(|&i| delta[i].is_none())
                .min_by_key(|&i| (reps[i].iter().sum::<u32>(), i));
            let Some(i) = next else { break };
            let mut out = vec![0usize; n + 1];
            for (h, slot) in out.iter_mut().enumerate().skip(1) {
                let pos = join(&reps[i], &[h as u32]);
                let row = self.row(&pos)?;
                *slot = match index.get(&row) {
                    Some(&j) => j,
                    None => {
                        if reps.len() >= self.max_elements {
                            return Err(MisereError(format!(
                                "the quotient at heap {n} would exceed {} elements",
                                self.max_elements
                            )));
                        }
                        index.insert(row.clone(), reps.len());
                        reps.push(pos);
                        rows.push(row);
                        delta.push(None);
                        reps.len() - 1
                    }
                };
            }
            delta[i] = Some(out);
        }
        let delta = delta.into_iter().map(|d| d.unwrap_or_default()).collect();
        Ok(Table { reps, rows, delta })
    }

    /// Walk `path` from `start`; the truth is the outcome of rep(start) +
    /// path + test. Returns a new test separating two positions the table
    /// merged, if the walk's prediction is wrong.
    fn split(
        &mut self,
        table: &Table,
        start: usize,
        path: &[u32],
        test: &[u32],
    ) -> MisereResult<Option<Vec<u32>>> {
        let mut states = vec![start];
        for &h in path {
            let s = *states.last().unwrap_or(&0);
            states.push(table.delta[s][h as usize]);
        }
        let value = |this: &mut Self, j: usize| -> MisereResult<bool> {
            let pos = join(&join(&table.reps[states[j]], &path[j..]), test);
            this.oracle.is_p(&pos)
        };
        let k = path.len();
        let first = value(self, 0)?;
        if first == value(self, k)? {
            return Ok(None);
        }
        // Binary search for j with value(j) = first ≠ value(j + 1).
        let (mut lo, mut hi) = (0, k);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if value(self, mid)? == first {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Ok(Some(join(&path[hi..], test)))
    }

    fn add_test(&mut self, t: Vec<u32>) -> MisereResult<()> {
        let mut t = t;
        t.sort_unstable_by(|a, b| b.cmp(a));
        if self.tests.contains(&t) || self.tests.len() >= MAX_TESTS {
            return Err(MisereError(format!(
                "the quotient at heap {} cannot be separated by {MAX_TESTS} tests",
                self.oracle.n
            )));
        }
        self.tests.push(t);
        Ok(())
    }

    /// A new test from a failure of commutativity, if any.
    fn inconsistency(&mut self, table: &Table) -> MisereResult<Option<Vec<u32>>> {
        let n = self.oracle.n as usize;
        for i in 0..table.reps.len() {
            crate::interrupt::checkpoint();
            for h in 1..=n {
                for g in h + 1..=n {
                    let s1 = table.delta[table.delta[i][h]][g];
                    let s2 = table.delta[table.delta[i][g]][h];
                    if s1 == s2 {
                        continue;
                    }
                    let c = (0..self.tests.len())
                        .find(|&c| table.rows[s1][c] != table.rows[s2][c])
                        .unwrap_or(0);
                    let test = self.tests[c].clone();
                    for path in [[h as u32, g as u32], [g as u32, h as u32]] {
                        if let Some(t) = self.split(table, i, &path, &test)? {
                            return Ok(Some(t));
                        }
                    }
                }
            }
        }
        Ok(None)
    }
}

/// The hypothesis as a monoid: x·y follows y's representative from x.
fn monoid_of(table: &Table) -> (Monoid, Vec<usize>) {
    let size = table.reps.len();
    let mut mul = vec![0u32; size * size];
    for x in 0..size {
        for y in 0..size {
            let z = table.reps[y]
                .iter()
                .fold(x, |s, &h| table.delta[s][h as usize]);
            mul[x * size + y] = z as u32;
        }
    }
    let p = table.rows.iter().map(|r| r[0]).collect();
    let phi = (0..table.delta[0].len())
        .map(|h| table.delta[0][h])
        .collect();
    (Monoid::from_table(size, mul, p), phi)
}

/// Visit the multisets of heaps ≤ `top` with total `total`, largest heap
/// first, until `f` returns true.
fn find_position(
    total: u32,
    top: u32,
    prefix: &mut Vec<u32>,
    f: &mut dyn FnMut(&[u32]) -> MisereResult<bool>,
) -> MisereResult<bool> {
    if total == 0 {
        return f(prefix);
    }
    for h in (1..=top.min(total)).rev() {
        prefix.push(h);
        let found = find_position(total - h, h, prefix, f)?;
        prefix.pop();
        if found {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The quotient of heaps 0..=n (n = `options.len() - 1`) and its Φ,
/// certified, rebuilt from positions (see the module documentation);
/// `prev` and `prev_phi` are the certified quotient of heaps < n.
pub(crate) fn relearn(
    prev: &Monoid,
    prev_phi: &[usize],
    options: &[Vec<Vec<u32>>],
    max_elements: usize,
) -> MisereResult<(Monoid, Vec<usize>)> {
    let n = (options.len() - 1) as u32;
    let oracle = Oracle {
        prev,
        prev_phi,
        options,
        n,
        memo: FxHashMap::default(),
    };
    let mut learner = Learner {
        oracle,
        tests: vec![Vec::new()],
        max_elements,
    };
    // Seed tests: a position for each old element (they tell the old
    // elements apart) and heap n.
    for rep in old_representatives(prev, prev_phi) {
        if !rep.is_empty() {
            learner.tests.push(rep);
        }
    }
    learner.tests.push(vec![n]);
    learner.tests.sort();
    learner.tests.dedup();
    learner
        .tests
        .sort_by_key(|t| (t.iter().sum::<u32>(), t.len()));
    loop {
        let table = learner.close()?;
        if let Some(t) = learner.inconsistency(&table)? {
            learner.add_test(t)?;
            continue;
        }
        let (m, phi) = monoid_of(&table);
        let vals: Vec<Vec<usize>> = options
            .iter()
            .map(|os| {
                let mut v: Vec<usize> = os
                    .iter()
                    .map(|o| o.iter().fold(0, |acc, &h| m.mul(acc, phi[h as usize])))
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        if check_a(&m, &phi, &vals) && check_b(&m, &phi, &vals) {
            return Ok((m, phi));
        }
        // A wrong prediction: the smallest position whose outcome differs.
        let mut wrong: Option<Vec<u32>> = None;
        let mut searched = 0usize;
        for total in 1..=MAX_SEARCH {
            let found = find_position(total, n, &mut Vec::new(), &mut |pos| {
                searched += 1;
                if searched > MAX_SEARCHED {
                    return Ok(true);
                }
                let x = pos.iter().fold(0, |acc, &h| m.mul(acc, phi[h as usize]));
                if learner.oracle.is_p(pos)? != m.p[x] {
                    wrong = Some(pos.to_vec());
                    return Ok(true);
                }
                Ok(false)
            })?;
            if found {
                break;
            }
        }
        let Some(pos) = wrong else {
            return Err(MisereError(format!(
                "the misère quotient cannot be certified at heap {n}: no wrong prediction found among small positions"
            )));
        };
        match learner.split(&table, 0, &pos, &[])? {
            Some(t) => learner.add_test(t)?,
            None => {
                return Err(MisereError(format!(
                    "the misère quotient cannot be certified at heap {n}: a wrong prediction yields no test"
                )))
            }
        }
    }
}

/// A position for each element of a certified quotient (fewest heaps
/// first, breadth-first over the heaps' values).
fn old_representatives(m: &Monoid, phi: &[usize]) -> Vec<Vec<u32>> {
    let mut reps: Vec<Option<Vec<u32>>> = vec![None; m.size];
    reps[0] = Some(Vec::new());
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(x) = queue.pop_front() {
        for (h, &v) in phi.iter().enumerate().skip(1) {
            let y = m.mul(x, v);
            if reps[y].is_none() {
                let mut r = reps[x].clone().unwrap_or_default();
                r.push(h as u32);
                reps[y] = Some(r);
                queue.push_back(y);
            }
        }
    }
    reps.into_iter().flatten().collect()
}
