//! Take-and-break codes (RULESETS 4.2): generalised octal and hexadecimal
//! codes such as `0.77`, `4!.0`, `0.{2,3?+}`, `80.0` and `0.7[03]`; their
//! syntax, constraint normalisation, normal form and printing, and the
//! option lists of a heap in CGSuite's order.

use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::HeapRules;
use std::fmt;

/// The largest heap count a brace item may name (RULESETS 4.2.1).
const MAX_COUNT: u32 = 63;

/// The most option lists one heap may have before `HeapOptions` gives up.
pub const MAX_OPTIONS: usize = 10_000_000;

/// The constraint attached to a heap count (RULESETS 4.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// No constraint.
    None,
    /// `!`: all heaps pairwise different.
    Distinct,
    /// `?`: heaps not all equal (and a single heap needs at least 2 tokens).
    NotAllEqual,
    /// `=`: all heaps equal.
    Equal,
}

impl Constraint {
    fn from_char(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Distinct),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::Equal),
            _ => None,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Constraint::None => "",
            Constraint::Distinct => "!",
            Constraint::NotAllEqual => "?",
            Constraint::Equal => "=",
        }
    }
}

/// One generalised digit: the heap counts a move may leave, each with its
/// constraint. Always kept in normal form (constraints normalised, the
/// open-ended tail extended down over equal neighbours).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Allowed counts below the tail, ascending.
    listed: Vec<(u32, Constraint)>,
    /// Every count from this one up is allowed, with this constraint.
    tail: Option<(u32, Constraint)>,
}

impl Digit {
    /// The empty digit `0`: no moves.
    pub fn empty() -> Digit {
        Digit {
            listed: vec![],
            tail: None,
        }
    }

    /// A digit from its counts, applying constraint normalisation
    /// (RULESETS 4.2.1).
    fn new(mut listed: Vec<(u32, Constraint)>, tail: Option<(u32, Constraint)>) -> Digit {
        listed.sort();
        listed.dedup_by_key(|x| x.0);
        if let Some((s, _)) = tail {
            listed.retain(|&(k, _)| k < s);
        }
        let mut kinds: Vec<Constraint> = listed
            .iter()
            .filter(|&&(k, _)| k >= 2)
            .map(|&(_, c)| c)
            .chain(tail.map(|t| t.1))
            .collect();
        kinds.sort();
        kinds.dedup();
        let mut tail = tail;
        if kinds.len() == 1 {
            let c = kinds[0];
            for item in &mut listed {
                item.1 = c;
            }
            if let Some(t) = &mut tail {
                t.1 = c;
            }
        } else {
            for item in &mut listed {
                if item.0 < 2 {
                    item.1 = Constraint::None;
                }
            }
        }
        while let (Some((s, c)), Some(&(k, kc))) = (tail, listed.last()) {
            if k + 1 == s && kc == c {
                listed.pop();
                tail = Some((k, c));
            } else {
                break;
            }
        }
        Digit { listed, tail }
    }

    /// The plain digit with bitmask `v` and one constraint.
    fn from_mask(v: u64, c: Constraint) -> Digit {
        Digit::new(
            (0..64)
                .filter(|i| v >> i & 1 == 1)
                .map(|i| (i, c))
                .collect(),
            None,
        )
    }

    /// Whether the digit allows no move.
    pub fn is_empty(&self) -> bool {
        self.listed.is_empty() && self.tail.is_none()
    }

    /// The constraint of count `k`, if `k` is allowed.
    pub fn allows(&self, k: u64) -> Option<Constraint> {
        if let Some((s, c)) = self.tail {
            if k >= s as u64 {
                return Some(c);
            }
        }
        self.listed
            .iter()
            .find(|&&(i, _)| i as u64 == k)
            .map(|&(_, c)| c)
    }

    /// The largest allowed count (None when unbounded or empty).
    pub fn max_count(&self) -> Option<u32> {
        if self.tail.is_some() {
            None
        } else {
            self.listed.last().map(|&(k, _)| k)
        }
    }

    /// Whether the digit allows arbitrarily many heaps.
    pub fn is_unbounded(&self) -> bool {
        self.tail.is_some()
    }

    /// The allowed counts up to `r`, ascending, with their constraints.
    fn counts_up_to(&self, r: u64) -> impl Iterator<Item = (u64, Constraint)> + '_ {
        let listed = self
            .listed
            .iter()
            .map(|&(k, c)| (k as u64, c))
            .filter(move |&(k, _)| k <= r);
        let tail = self
            .tail
            .into_iter()
            .flat_map(move |(s, c)| (s as u64..=r).map(move |k| (k, c)));
        listed.chain(tail)
    }

    /// The heap-count bound H of the periodicity criteria (RULESETS 4.6):
    /// largest allowed count + 1, 0 for the empty digit, `i32::MAX` when
    /// unbounded.
    pub(crate) fn count_bound(&self) -> i32 {
        match (self.tail, self.listed.last()) {
            (Some(_), _) => i32::MAX,
            (None, Some(&(k, _))) => k as i32 + 1,
            (None, None) => 0,
        }
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("0");
        }
        let mut kinds: Vec<Constraint> = self
            .listed
            .iter()
            .map(|&(_, c)| c)
            .chain(self.tail.map(|t| t.1))
            .collect();
        kinds.sort();
        kinds.dedup();
        if kinds.len() == 1 {
            let c = kinds[0];
            match self.tail {
                None => {
                    let v: u64 = self.listed.iter().map(|&(k, _)| 1u64 << k).sum();
                    if v < 32 {
                        let ch = char::from_digit(v as u32, 32)
                            .map(|d| d.to_ascii_uppercase())
                            .unwrap_or('?');
                        write!(f, "{ch}{}", c.symbol())
                    } else {
                        write!(f, "&{v};{}", c.symbol())
                    }
                }
                Some((0, _)) => write!(f, "*{}", c.symbol()),
                Some((s, _)) => {
                    f.write_str("{")?;
                    for &(k, _) in &self.listed {
                        write!(f, "{k},")?;
                    }
                    write!(f, "{s}+}}{}", c.symbol())
                }
            }
        } else {
            let items: Vec<String> = self
                .listed
                .iter()
                .map(|&(k, c)| format!("{k}{}", c.symbol()))
                .chain(self.tail.map(|(s, c)| format!("{s}{}+", c.symbol())))
                .collect();
            write!(f, "{{{}}}", items.join(","))
        }
    }
}

/// A parsed take-and-break code in normal form (RULESETS 4.2.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// d₋₁, d₋₂, ...: the additive digits, nearest the point first.
    additive: Vec<Digit>,
    /// d₀, d₁, ...: the digits before any period.
    digits: Vec<Digit>,
    /// The periodic digits (empty when the code has no period).
    period: Vec<Digit>,
}

impl Code {
    /// Parse and normalise a code; `Malformed code: <code>` if invalid.
    pub fn parse(code: &str) -> RuleResult<Code> {
        let malformed = || RuleError::bad_argument(format!("Malformed code: {code}"));
        let chars: Vec<char> = code.chars().collect();
        let mut before: Vec<Digit> = vec![];
        let mut after: Vec<Digit> = vec![];
        let mut period: Option<Vec<Digit>> = None;
        let mut seen_dot = false;
        let mut in_period = false;
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '.' => {
                    if seen_dot {
                        return Err(malformed());
                    }
                    seen_dot = true;
                    i += 1;
                }
                '[' => {
                    if !seen_dot || in_period || period.is_some() {
                        return Err(malformed());
                    }
                    in_period = true;
                    period = Some(vec![]);
                    i += 1;
                }
                ']' => {
                    if !in_period
                        || i + 1 != chars.len()
                        || period.as_ref().is_some_and(Vec::is_empty)
                    {
                        return Err(malformed());
                    }
                    in_period = false;
                    i += 1;
                }
                _ => {
                    let (d, next) = parse_digit(&chars, i).ok_or_else(malformed)?;
                    i = next;
                    match (&mut period, seen_dot) {
                        (Some(p), _) => p.push(d),
                        (None, true) => after.push(d),
                        (None, false) => before.push(d),
                    }
                }
            }
        }
        if !seen_dot || before.is_empty() || in_period {
            return Err(malformed());
        }
        let period = period.unwrap_or_default();
        let d0 = before.pop().ok_or_else(malformed)?;
        before.reverse();
        let mut digits = vec![d0];
        digits.extend(after);
        Ok(Code::normalised(before, digits, period))
    }

    fn normalised(
        mut additive: Vec<Digit>,
        mut digits: Vec<Digit>,
        mut period: Vec<Digit>,
    ) -> Code {
        while additive.last().is_some_and(Digit::is_empty) {
            additive.pop();
        }
        if period.iter().all(Digit::is_empty) {
            period.clear();
        }
        if period.is_empty() {
            let keep = usize::from(!additive.is_empty());
            while digits.len() > keep && digits.last().is_some_and(Digit::is_empty) {
                digits.pop();
            }
        }
        if digits.is_empty() {
            digits.push(Digit::empty());
        }
        Code {
            additive,
            digits,
            period,
        }
    }

    /// The number A of additive digits.
    pub fn additive_count(&self) -> u64 {
        self.additive.len() as u64
    }

    /// Whether the code has a bracketed period.
    pub fn is_periodic(&self) -> bool {
        !self.period.is_empty()
    }

    /// The index J of the last digit of a code without period (None when
    /// periodic: every removal is covered).
    pub fn last_index(&self) -> Option<u64> {
        if self.is_periodic() {
            None
        } else {
            Some(self.digits.len() as u64 - 1)
        }
    }

    /// Digit dⱼ (j < 0 for additive digits).
    pub fn digit(&self, j: i64) -> &Digit {
        static EMPTY: Digit = Digit {
            listed: vec![],
            tail: None,
        };
        if j < 0 {
            return self.additive.get((-j - 1) as usize).unwrap_or(&EMPTY);
        }
        let j = j as usize;
        if let Some(d) = self.digits.get(j) {
            return d;
        }
        if self.period.is_empty() {
            return &EMPTY;
        }
        let p = self.digits.len();
        &self.period[(j - p) % self.period.len()]
    }

    /// Every digit of the code, additive and periodic ones included.
    pub fn all_digits(&self) -> impl Iterator<Item = &Digit> {
        self.additive
            .iter()
            .chain(self.digits.iter())
            .chain(self.period.iter())
    }

    /// D of the periodicity criteria: the number of digits d₀, d₁, ... of
    /// the normal form, bracketed ones counted once (RULESETS 4.6).
    pub fn digit_count(&self) -> u64 {
        (self.digits.len() + self.period.len()) as u64
    }

    /// H of the periodicity criteria (RULESETS 4.6).
    pub fn heap_bound(&self) -> i32 {
        self.all_digits().map(Digit::count_bound).max().unwrap_or(0)
    }

    /// The removals j tried from heap n, ascending (RULESETS 4.2.1).
    pub fn removals(&self, n: u64) -> impl Iterator<Item = i64> {
        let top = match self.last_index() {
            Some(j) => j.min(n),
            None => n,
        };
        let a = self.additive.len() as i64;
        -a..=top as i64
    }

    /// Visit every option of heap n in CGSuite's order: by removal, then
    /// heap count, then lexicographic non-decreasing split. `f` gets the
    /// heap sizes; an error from `f` stops the walk.
    pub fn for_each_option(
        &self,
        n: u64,
        f: &mut dyn FnMut(&[u64]) -> RuleResult<()>,
    ) -> RuleResult<()> {
        let mut buf = Vec::new();
        for j in self.removals(n) {
            let d = self.digit(j);
            if d.is_empty() {
                continue;
            }
            let r = (n as i128 - j as i128) as u64;
            for (k, c) in d.counts_up_to(r) {
                if k > n && k <= r && k >= 2 && split_exists(r, k, c) {
                    return Err(RuleError::bad_argument(format!(
                        "Heap {n} has an additive move to {k} heaps, more heaps than the \
                         original heap size (CGSuite fails with an internal index error here)"
                    )));
                }
                for_each_split(r, k, c, &mut buf, f)?;
            }
        }
        Ok(())
    }
}

/// Whether r tokens can be split into k heaps under constraint c.
fn split_exists(r: u64, k: u64, c: Constraint) -> bool {
    let mut found = false;
    let mut buf = Vec::new();
    let _ = for_each_split(r, k, c, &mut buf, &mut |_| {
        found = true;
        Err(RuleError::bad_argument(String::new()))
    });
    found
}

/// Visit the splits of r tokens into exactly k non-empty heaps allowed by
/// constraint c, as non-decreasing lists in lexicographic order
/// (RULESETS 4.2.1: k = 0 needs r = 0; k = 1 needs r ≥ 1, or r ≥ 2 for `?`).
pub fn for_each_split(
    r: u64,
    k: u64,
    c: Constraint,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> RuleResult<()>,
) -> RuleResult<()> {
    // A heap of a billion splits takes long: stop when asked to.
    onag_core::interrupt::check();
    match k {
        0 => {
            if r == 0 {
                f(&[])?;
            }
            Ok(())
        }
        1 => {
            let min = if c == Constraint::NotAllEqual { 2 } else { 1 };
            if r >= min {
                f(&[r])?;
            }
            Ok(())
        }
        _ => {
            if k > r {
                return Ok(());
            }
            if c == Constraint::Equal {
                if r.is_multiple_of(k) {
                    buf.clear();
                    buf.resize(k as usize, r / k);
                    f(buf)?;
                }
                return Ok(());
            }
            buf.clear();
            splits(r, k, 1, c, buf, f)
        }
    }
}

fn splits(
    r: u64,
    k: u64,
    min: u64,
    c: Constraint,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> RuleResult<()>,
) -> RuleResult<()> {
    if k == 1 {
        if r < min {
            return Ok(());
        }
        buf.push(r);
        let skip = c == Constraint::NotAllEqual && buf.iter().all(|&x| x == r);
        let res = if skip { Ok(()) } else { f(buf) };
        buf.pop();
        return res;
    }
    let distinct = c == Constraint::Distinct;
    let mut a = min;
    loop {
        // The remaining k - 1 heaps are each at least a (a + 1 if distinct).
        let rest_min = if distinct {
            (a + 1)
                .checked_mul(k - 1)
                .and_then(|x| x.checked_add((k - 1) * (k - 2) / 2))
        } else {
            a.checked_mul(k - 1)
        };
        match rest_min.and_then(|m| m.checked_add(a)) {
            Some(total) if total <= r => {}
            _ => return Ok(()),
        }
        if buf.len().is_multiple_of(64) {
            onag_core::interrupt::checkpoint();
        }
        buf.push(a);
        let next = if distinct { a + 1 } else { a };
        let res = splits(r - a, k - 1, next, c, buf, f);
        buf.pop();
        res?;
        a += 1;
    }
}

/// Parse one digit form at `i` with its constraint; the index after it.
fn parse_digit(chars: &[char], i: usize) -> Option<(Digit, usize)> {
    let c = chars[i];
    let constraint_at = |j: usize| chars.get(j).and_then(|&c| Constraint::from_char(c));
    match c {
        '*' => {
            let cons = constraint_at(i + 1);
            let next = i + 1 + usize::from(cons.is_some());
            Some((
                Digit::new(vec![], Some((0, cons.unwrap_or(Constraint::None)))),
                next,
            ))
        }
        '&' => {
            let end = chars[i + 1..].iter().position(|&c| c == ';')? + i + 1;
            let text: String = chars[i + 1..end].iter().collect();
            if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let v: u64 = text.parse().ok()?;
            let cons = constraint_at(end + 1);
            let next = end + 1 + usize::from(cons.is_some());
            Some((Digit::from_mask(v, cons.unwrap_or(Constraint::None)), next))
        }
        '{' => {
            let end = chars[i + 1..].iter().position(|&c| c == '}')? + i + 1;
            let items: String = chars[i + 1..end].iter().collect();
            let outer = constraint_at(end + 1);
            let next = end + 1 + usize::from(outer.is_some());
            let parts: Vec<&str> = items.split(',').collect();
            let mut listed = vec![];
            let mut tail = None;
            let mut any_inner = false;
            for (idx, item) in parts.iter().enumerate() {
                let (item, plus) = match item.strip_suffix('+') {
                    Some(s) if idx + 1 == parts.len() => (s, true),
                    Some(_) => return None,
                    None => (*item, false),
                };
                let (num, cons) = match item.chars().last().and_then(Constraint::from_char) {
                    Some(c) => (&item[..item.len() - 1], Some(c)),
                    None => (item, None),
                };
                if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                let k: u32 = num.parse().ok()?;
                if k > MAX_COUNT {
                    return None;
                }
                any_inner |= cons.is_some();
                let c = cons.or(outer).unwrap_or(Constraint::None);
                if plus {
                    tail = Some((k, c));
                } else {
                    listed.push((k, c));
                }
            }
            if any_inner && outer.is_some() {
                return None;
            }
            Some((Digit::new(listed, tail), next))
        }
        _ => {
            let v = c.to_digit(32)?;
            let cons = constraint_at(i + 1);
            let next = i + 1 + usize::from(cons.is_some());
            Some((
                Digit::from_mask(v as u64, cons.unwrap_or(Constraint::None)),
                next,
            ))
        }
    }
}

impl fmt::Display for Code {
    /// The normal form (RULESETS 4.2.3): `04.30` prints `4.3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.additive.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 && self.period.is_empty() {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        if !self.period.is_empty() {
            f.write_str("[")?;
            for d in &self.period {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl HeapRules for Code {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        self.for_each_option(n, &mut |parts| {
            if out.len() >= MAX_OPTIONS {
                return Err(RuleError::bad_argument(format!(
                    "Heap {n} has more than {MAX_OPTIONS} options"
                )));
            }
            out.push(parts.to_vec());
            Ok(())
        })?;
        Ok(out)
    }
}

/// `TakeAndBreak.FromSubtractionSet(set, digit, allbut)` (RULESETS 4.2.4):
/// the code string of a subtraction set, with `digit` for each allowed
/// removal.
pub fn from_subtraction_set(set: &[i64], digit: &str, allbut: bool) -> RuleResult<String> {
    let mut s: Vec<i64> = set.to_vec();
    s.sort_unstable();
    s.dedup();
    let (Some(&min), Some(&max)) = (s.first(), s.last()) else {
        return Err(RuleError::bad_argument(
            "Subtraction set must not be empty.",
        ));
    };
    const LIMIT: i64 = 1 << 20;
    if min < -LIMIT || max > LIMIT {
        return Err(RuleError::bad_argument(format!(
            "Subtraction set elements must lie between -{LIMIT} and {LIMIT}."
        )));
    }
    let mut code = String::new();
    if min < 1 {
        if allbut {
            return Err(RuleError::bad_argument(
                "If `allbut` == true, then subtraction set must contain strictly positive `Integer`s.",
            ));
        }
        for m in min..=0 {
            code.push_str(if s.binary_search(&m).is_ok() {
                digit
            } else {
                "0"
            });
        }
    } else {
        code.push('0');
    }
    code.push('.');
    if max >= 1 {
        for j in 1..=max {
            code.push_str(if s.binary_search(&j).is_ok() != allbut {
                digit
            } else {
                "0"
            });
        }
    } else if !allbut {
        code.push('0');
    }
    if allbut {
        code.push('[');
        code.push_str(digit);
        code.push(']');
    }
    Ok(code)
}
