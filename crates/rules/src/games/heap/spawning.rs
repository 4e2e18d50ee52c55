//! Spawning (coin-turning) codes (RULESETS 4.5): `Spawning("1-3")` is
//! Mock Turtles. Heap n is the rightmost turned coin at position n; an
//! option lists the other turned coins, all below n, ascending. CGSuite's
//! quirks are kept: `E` with a one-coin move divides by zero, `F` with one
//! coin, and `F` tested once at an element's minimum count, skipping the
//! whole element when it fails (so Sympler has no moves at even heaps).

use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::HeapRules;

/// How the turned coins must be spaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Any,
    /// `C`: consecutive.
    Consecutive,
    /// `E`: equally spaced.
    Equal,
    /// `S`: symmetric.
    Symmetric,
}

/// One element of a code: a range of coin counts with modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Element {
    lo: u64,
    /// None: unbounded.
    hi: Option<u64>,
    spacing: Spacing,
    first: bool,
    /// `C(m)`: all turned coins within m adjacent coins.
    window: Option<u64>,
}

/// A parsed spawning code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpawnCode {
    text: String,
    elements: Vec<Element>,
}

/// The most option lists one heap may have.
const MAX_OPTIONS: usize = super::code::MAX_OPTIONS;

fn number(chars: &[char], i: &mut usize) -> Option<u64> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i == start {
        return None;
    }
    chars[start..*i].iter().collect::<String>().parse().ok()
}

impl SpawnCode {
    /// Parse a code; `Malformed code: <code>` if invalid.
    pub fn parse(code: &str) -> RuleResult<SpawnCode> {
        let malformed = || RuleError::bad_argument(format!("Malformed code: {code}"));
        let upper = code.to_uppercase();
        let mut elements = vec![];
        for part in upper.split(',') {
            let chars: Vec<char> = part.chars().collect();
            let mut i = 0;
            let lo = number(&chars, &mut i).ok_or_else(malformed)?;
            let hi = match chars.get(i) {
                Some('-') => {
                    i += 1;
                    Some(number(&chars, &mut i).ok_or_else(malformed)?)
                }
                Some('+') => {
                    i += 1;
                    None
                }
                _ => Some(lo),
            };
            let mut e = Element {
                lo,
                hi,
                spacing: Spacing::Any,
                first: false,
                window: None,
            };
            while i < chars.len() {
                match chars[i] {
                    'C' if chars.get(i + 1) == Some(&'(') => {
                        i += 2;
                        e.window = Some(number(&chars, &mut i).ok_or_else(malformed)?);
                        if chars.get(i) != Some(&')') {
                            return Err(malformed());
                        }
                        i += 1;
                    }
                    'C' => {
                        e.spacing = Spacing::Consecutive;
                        i += 1;
                    }
                    'E' => {
                        e.spacing = Spacing::Equal;
                        i += 1;
                    }
                    'S' => {
                        e.spacing = Spacing::Symmetric;
                        i += 1;
                    }
                    'F' => {
                        e.first = true;
                        i += 1;
                    }
                    _ => return Err(malformed()),
                }
            }
            if lo == 0 {
                return Err(RuleError::bad_argument(format!(
                    "Spawning code {code}: a move turns at least one coin (lower bound 0 is not supported)"
                )));
            }
            if let Some(m) = e.window {
                if m < lo {
                    continue;
                }
                e.hi = Some(e.hi.map_or(m, |h| h.min(m)));
            }
            elements.push(e);
        }
        if elements.is_empty() {
            return Err(RuleError::bad_argument(format!(
                "Spawning code {code}: every element needs more coins than its window allows"
            )));
        }
        Ok(SpawnCode {
            text: code.to_string(),
            elements,
        })
    }

    fn element_options(&self, e: &Element, n: u64, out: &mut Vec<Vec<u64>>) -> RuleResult<()> {
        if n == 0 {
            return Ok(());
        }
        if e.spacing == Spacing::Equal && e.lo <= 1 {
            return Err(RuleError::bad_argument(format!(
                "Spawning({:?}): an E element with a one-coin move divides by zero (/ by zero), as in CGSuite",
                self.text
            )));
        }
        let m = e.window.unwrap_or(u64::MAX);
        let lowest = if m >= n { 1 } else { n - m + 1 };
        if e.first && !first_test(e, n, lowest) {
            return Ok(());
        }
        let top = e.hi.unwrap_or(u64::MAX).min(m).min(n);
        let mut t = e.lo;
        while t <= top {
            let start = out.len();
            match e.spacing {
                Spacing::Any => {
                    if e.first && t >= 2 {
                        // 1 is turned (lowest is 1 here), and t − 2 more.
                        let mut chosen = vec![1];
                        combinations(2, n - 1, t - 2, &mut chosen, out)?;
                    } else {
                        combinations(lowest, n - 1, t - 1, &mut vec![], out)?;
                    }
                }
                Spacing::Consecutive => {
                    let x0 = n + 1 - t;
                    if x0 >= lowest && (!e.first || t == 1 || x0 == 1) {
                        out.push((x0..n).collect());
                    }
                }
                Spacing::Equal => {
                    let mut d = 1;
                    while (t - 1)
                        .checked_mul(d)
                        .is_some_and(|s| s < n && n - s >= lowest)
                    {
                        let x0 = n - (t - 1) * d;
                        if !e.first || x0 == 1 {
                            out.push((0..t - 1).map(|i| x0 + i * d).collect());
                        }
                        d += 1;
                    }
                }
                Spacing::Symmetric => symmetric(n, t, lowest, e.first, out)?,
            }
            out[start..].sort();
            if out.len() > MAX_OPTIONS {
                return Err(RuleError::bad_argument(format!(
                    "Heap {n} has more than {MAX_OPTIONS} options"
                )));
            }
            t += 1;
        }
        Ok(())
    }
}

impl SpawnCode {
    /// The nim values of the options of heap n (with duplicates), given
    /// g(0..n): every option heap is below n. The turned sets of an element
    /// without spacing are not listed: a subset-XOR table over the coins
    /// gives the values of all sets of each size at once.
    pub(crate) fn option_values(&self, n: u64, g: &[u64]) -> RuleResult<Vec<u64>> {
        let mut out = vec![];
        for e in &self.elements {
            if e.spacing != Spacing::Any || !self.any_values(e, n, g, &mut out) {
                let mut lists = vec![];
                self.element_options(e, n, &mut lists)?;
                out.extend(
                    lists
                        .iter()
                        .map(|l| l.iter().fold(0, |a, &x| a ^ g[x as usize])),
                );
            }
        }
        Ok(out)
    }

    /// The values of an element without spacing by the subset-XOR table;
    /// false (nothing added) when the values are too large for it.
    fn any_values(&self, e: &Element, n: u64, g: &[u64], out: &mut Vec<u64>) -> bool {
        if n == 0 {
            return true;
        }
        let m = e.window.unwrap_or(u64::MAX);
        let lowest = if m >= n { 1 } else { n - m + 1 };
        if e.first && !first_test(e, n, lowest) {
            return true;
        }
        let top = e.hi.unwrap_or(u64::MAX).min(m).min(n);
        if e.lo > top {
            return true;
        }
        // Coins chosen besides n (and besides coin 1 under F).
        let (from, base, t_min) = if e.first {
            if e.lo == 1 {
                out.push(0);
            }
            (2, g.get(1).copied().unwrap_or(0), e.lo.max(2))
        } else {
            (lowest, 0, e.lo)
        };
        if t_min > top {
            return true;
        }
        let skip = u64::from(e.first) + 1;
        let (c_min, c_max) = ((t_min - skip) as usize, (top - skip) as usize);
        let max = g[from as usize..n as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            | base;
        let width = (max + 1).next_power_of_two() as usize;
        if width > 1 << 20 || (c_max + 1).saturating_mul(width) > 1 << 26 {
            return false;
        }
        let mut sets = vec![vec![false; width]; c_max + 1];
        sets[0][0] = true;
        let mut nonempty = 0;
        for x in from..n {
            onag_core::interrupt::checkpoint();
            let gx = g[x as usize] as usize;
            for c in (0..=nonempty.min(c_max.saturating_sub(1))).rev() {
                if c + 1 > c_max {
                    continue;
                }
                let (lo, hi) = sets.split_at_mut(c + 1);
                for (v, _) in lo[c].iter().enumerate().filter(|(_, &b)| b) {
                    hi[0][v ^ gx] = true;
                }
            }
            nonempty = (nonempty + 1).min(c_max);
        }
        for set in &sets[c_min..=c_max] {
            out.extend(
                set.iter()
                    .enumerate()
                    .filter(|(_, &b)| b)
                    .map(|(v, _)| v as u64 ^ base),
            );
        }
        true
    }
}

/// CGSuite's test of `F` at an element's minimum count (RULESETS 4.5).
fn first_test(e: &Element, n: u64, lowest: u64) -> bool {
    let t0 = e.lo;
    if t0 == 1 {
        return match e.spacing {
            Spacing::Any => lowest == 1,
            Spacing::Consecutive => n == 1,
            Spacing::Symmetric => lowest == 1 && n % 2 == 1,
            Spacing::Equal => false,
        };
    }
    match e.spacing {
        Spacing::Any => lowest == 1,
        Spacing::Consecutive => n == t0,
        Spacing::Equal => lowest == 1 && (n - 1).is_multiple_of(t0 - 1),
        Spacing::Symmetric => lowest == 1 && !(t0 % 2 == 1 && n.is_multiple_of(2)),
    }
}

/// Push every `k`-subset of lo..=hi (ascending, lexicographic), each after
/// the prefix `chosen`.
fn combinations(
    lo: u64,
    hi: u64,
    k: u64,
    chosen: &mut Vec<u64>,
    out: &mut Vec<Vec<u64>>,
) -> RuleResult<()> {
    if k == 0 {
        out.push(chosen.clone());
        if out.len() > MAX_OPTIONS {
            return Err(RuleError::bad_argument(format!(
                "A heap has more than {MAX_OPTIONS} options"
            )));
        }
        return Ok(());
    }
    if hi < lo || hi - lo + 1 < k {
        return Ok(());
    }
    if out.len().is_multiple_of(4096) {
        onag_core::interrupt::checkpoint();
    }
    for x in lo..=hi + 1 - k {
        chosen.push(x);
        let r = combinations(x + 1, hi, k - 1, chosen, out);
        chosen.pop();
        r?;
    }
    Ok(())
}

/// The symmetric sets of t coins with top n inside lowest..=n, less n.
fn symmetric(n: u64, t: u64, lowest: u64, first: bool, out: &mut Vec<Vec<u64>>) -> RuleResult<()> {
    if t == 1 {
        out.push(vec![]);
        return Ok(());
    }
    let inner = t - 2;
    for x0 in lowest..n {
        if first && x0 != 1 {
            continue;
        }
        let len = n - x0;
        let pairs = (len - 1) / 2;
        let centre = len.is_multiple_of(2);
        if inner % 2 == 1 && !centre {
            continue;
        }
        let k = inner / 2;
        if k > pairs {
            continue;
        }
        let mut picks = vec![];
        let mut sets = vec![];
        combinations(1, pairs, k, &mut picks, &mut sets)?;
        for s in sets {
            let mut x = vec![x0];
            for &i in &s {
                x.push(x0 + i);
                x.push(n - i);
            }
            if inner % 2 == 1 {
                x.push(x0 + len / 2);
            }
            x.sort_unstable();
            out.push(x);
            if out.len() > MAX_OPTIONS {
                return Err(RuleError::bad_argument(format!(
                    "Heap {n} has more than {MAX_OPTIONS} options"
                )));
            }
        }
    }
    Ok(())
}

impl HeapRules for SpawnCode {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let mut out = vec![];
        for e in &self.elements {
            self.element_options(e, n, &mut out)?;
        }
        Ok(out)
    }
}
