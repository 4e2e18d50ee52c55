//! Heap games given by their option function (heap n → list of multisets
//! of heaps), as MISERE 10 and 11 use them: octal and take-and-break codes,
//! subtraction games, Grundy's game, Nim, or any rule a caller supplies.
//! Misère canonical forms of heaps and sums (MISERE 2) and the brute-force
//! misère outcome of a multiset of heaps.

use super::{Misere, MisereError, MisereOutcome, MisereResult};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// The option function of a heap game: the options of heap n, each a
/// multiset of non-empty heaps (an empty multiset is the empty position).
pub type HeapOptions = dyn Fn(u32) -> Vec<Vec<u32>> + Send + Sync;

/// A heap game: a name and an option function, with memo tables of the
/// misère forms of single heaps and brute-force outcomes of positions.
#[derive(Clone)]
pub struct HeapGame {
    name: String,
    rule: Arc<HeapOptions>,
    forms: Arc<Mutex<Vec<Misere>>>,
    outcomes: Arc<Mutex<FxHashMap<Vec<u32>, bool>>>,
}

impl std::fmt::Debug for HeapGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeapGame({})", self.name)
    }
}

/// All multisets (non-increasing lists) of `parts` positive integers
/// summing to `total`.
fn splits(total: u32, parts: u32, max: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if parts == 0 {
        if total == 0 {
            out.push(prefix.clone());
        }
        return;
    }
    if total < parts {
        return;
    }
    let hi = max.min(total - (parts - 1));
    let lo = total.div_ceil(parts);
    for first in (lo..=hi).rev() {
        prefix.push(first);
        splits(total - first, parts - 1, first, prefix, out);
        prefix.pop();
    }
}

fn normalise(mut options: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    for o in &mut options {
        o.retain(|&h| h > 0);
        o.sort_unstable_by(|a, b| b.cmp(a));
    }
    options.sort();
    options.dedup();
    options
}

impl HeapGame {
    /// A heap game from any option function (options are normalised:
    /// zero heaps dropped, duplicates removed).
    pub fn from_fn(
        name: impl Into<String>,
        rule: impl Fn(u32) -> Vec<Vec<u32>> + Send + Sync + 'static,
    ) -> HeapGame {
        HeapGame {
            name: name.into(),
            rule: Arc::new(move |n| normalise(rule(n))),
            forms: Arc::new(Mutex::new(Vec::new())),
            outcomes: Arc::new(Mutex::new(FxHashMap::default())),
        }
    }

    /// The game's name (its code for take-and-break games).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options of heap `n`, as multisets of non-empty heaps.
    pub fn options(&self, n: u32) -> Vec<Vec<u32>> {
        (self.rule)(n)
    }

    /// Nim: a heap moves to any smaller heap.
    pub fn nim() -> HeapGame {
        HeapGame::from_fn("Nim", |n| (0..n).map(|k| vec![k]).collect())
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundy() -> HeapGame {
        HeapGame::from_fn("GrundysGame", |n| {
            (1..n.div_ceil(2)).map(|a| vec![n - a, a]).collect()
        })
    }

    /// The subtraction game: remove s ∈ `set` tokens from a heap.
    pub fn subtraction(set: &[u32]) -> HeapGame {
        let set = set.to_vec();
        let name = format!("Subtraction({set:?})");
        HeapGame::from_fn(name, move |n| {
            set.iter()
                .filter(|&&s| s <= n && s > 0)
                .map(|&s| vec![n - s])
                .collect()
        })
    }

    /// A take-and-break game given by an octal or hexadecimal code
    /// `d₀.d₁d₂…` (MISERE 10, 11): bit j of digit d_k allows removing k
    /// tokens from a heap and leaving exactly j non-empty heaps (j ≤ 3).
    /// Digit d₀ may only allow splitting (bits 2 and 3).
    pub fn octal(code: &str) -> MisereResult<HeapGame> {
        let bad = || MisereError(format!("Invalid take-and-break code: {code}"));
        let (head, tail) = code.split_once('.').ok_or_else(bad)?;
        let digit = |c: char| c.to_digit(16).ok_or_else(bad);
        let d0 = match head {
            "" => 0,
            h if h.chars().count() == 1 => digit(h.chars().next().ok_or_else(bad)?)?,
            _ => return Err(bad()),
        };
        if d0 & 3 != 0 {
            return Err(MisereError(format!(
                "Invalid take-and-break code: {code} (digit 0 may only split heaps)"
            )));
        }
        let mut digits = vec![d0];
        for c in tail.chars() {
            digits.push(digit(c)?);
        }
        let name = code.to_string();
        Ok(HeapGame::from_fn(name, move |n| {
            let mut out = Vec::new();
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u32;
                if k > n {
                    break;
                }
                for j in 0..4u32 {
                    if d & (1 << j) == 0 {
                        continue;
                    }
                    let rest = n - k;
                    if j == 0 {
                        if rest == 0 {
                            out.push(Vec::new());
                        }
                        continue;
                    }
                    splits(rest, j, rest, &mut Vec::new(), &mut out);
                }
            }
            out
        }))
    }

    /// The misère canonical form of heap `n` (MISERE 2: each option is the
    /// sum of its heaps' forms), memoised for this game.
    pub fn misere_form(&self, n: u32) -> Misere {
        loop {
            let known = {
                let forms = self.forms.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(&g) = forms.get(n as usize) {
                    return g;
                }
                forms.len() as u32
            };
            crate::interrupt::checkpoint();
            let g = Misere::from_options(
                self.options(known)
                    .iter()
                    .map(|o| Misere::sum(o.iter().map(|&h| self.misere_form(h)))),
            );
            let mut forms = self.forms.lock().unwrap_or_else(|e| e.into_inner());
            if forms.len() as u32 == known {
                forms.push(g);
            }
        }
    }

    /// The misère canonical form of a sum of heaps.
    pub fn misere_form_of(&self, heaps: &[u32]) -> Misere {
        Misere::sum(heaps.iter().map(|&h| self.misere_form(h)))
    }

    /// The misère outcome of a sum of heaps by exhaustive search over the
    /// positions (memoised per game): independent of canonical forms and
    /// quotients, for checking them.
    pub fn brute_force_outcome(&self, heaps: &[u32]) -> MisereOutcome {
        let mut pos: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        pos.sort_unstable_by(|a, b| b.cmp(a));
        if self.brute_p(pos) {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        }
    }

    fn brute_p(&self, pos: Vec<u32>) -> bool {
        if let Some(&p) = self
            .outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&pos)
        {
            return p;
        }
        crate::interrupt::checkpoint();
        let p = crate::stack::descend(|| {
            let never: Result<bool, std::convert::Infallible> =
                p_by_moves(&pos, |h| self.options(h), |next| Ok(self.brute_p(next)));
            never.unwrap_or_else(|e| match e {})
        });
        self.outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(pos, p);
        p
    }
}

/// Whether a sum of heaps (sorted in decreasing order, no empty heap) is a
/// misère P-position, given whether each position one move away is
/// (`is_p`, which the caller memoises): it is when there is a move and
/// none leads to a P-position (a player without a move wins). A move
/// replaces one heap h by the heaps of one of its `options(h)`; equal heaps
/// are tried once.
pub(crate) fn p_by_moves<O: AsRef<[Vec<u32>]>, E>(
    pos: &[u32],
    options: impl Fn(u32) -> O,
    mut is_p: impl FnMut(Vec<u32>) -> Result<bool, E>,
) -> Result<bool, E> {
    let mut last = None;
    let mut any_move = false;
    for (i, &h) in pos.iter().enumerate() {
        if last == Some(h) {
            continue;
        }
        last = Some(h);
        for o in options(h).as_ref() {
            any_move = true;
            let mut next: Vec<u32> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
            next.extend(o);
            next.sort_unstable_by(|a, b| b.cmp(a));
            if is_p(next)? {
                return Ok(false);
            }
        }
    }
    Ok(any_move)
}
