//! `MisereCanonicalGame.DayN` (MISERE 9): the even canonical games born by
//! day n, with caps on the number of games and of options.

use super::order::sort;
use super::{Misere, MisereError, MisereResult};

/// The default cap on games and on options of `DayN` (MISERE 9).
pub const DEFAULT_DAY_LIMIT: usize = 1_000_000;

/// The even canonical games of birthday ≤ `n` whose positions all have at
/// most `max_options` options, at most `max_games` of them, sorted by the
/// canonical order (MISERE 9). Which games survive the cap follows
/// CGSuite's enumeration order: option sets grouped by the birthday group
/// of their largest element (≤ n−2, then n−1), then by size, then in
/// odometer order with the lowest positions varying fastest.
pub fn day_n(n: u32, max_games: usize, max_options: usize) -> MisereResult<Vec<Misere>> {
    if n <= 1 {
        return Ok(if max_games == 0 {
            Vec::new()
        } else {
            vec![Misere::ZERO]
        });
    }
    let previous = day_n(n - 1, max_games, max_options)?;
    let mut cands: Vec<Misere> = previous.clone();
    for &e in &previous {
        if e.birthday() < n - 1 && e.options().len() < max_options {
            cands.push(e.plus_star());
        }
    }
    // Group A: birthday ≤ n−2, then group B: birthday n−1, each sorted.
    let (mut cands, mut later): (Vec<Misere>, Vec<Misere>) =
        cands.into_iter().partition(|g| g.birthday() + 2 <= n);
    sort(&mut cands);
    sort(&mut later);
    let split = cands.len();
    cands.extend(later);
    if cands.len() >= 64 {
        return Err(MisereError(format!(
            "DayN({n}) would enumerate subsets of {} games; too many",
            cands.len()
        )));
    }
    let groups: [(usize, usize); 2] = [(0, split), (split, cands.len())];
    let m = cands.len();
    let mut out: Vec<Misere> = Vec::new();
    'groups: for (gi, &(lo, hi)) in groups.iter().enumerate() {
        if lo == hi && gi == 1 {
            continue;
        }
        let top = hi; // indices below `hi` may be used
        for size in 0..=top.min(max_options) {
            if size == 0 && gi == 1 {
                continue;
            }
            let mut comb: Vec<usize> = (0..size).collect();
            if size > top {
                break;
            }
            loop {
                crate::interrupt::checkpoint();
                let largest_ok = size == 0 || (comb[size - 1] >= lo && comb[size - 1] < hi);
                if largest_ok {
                    let set: Vec<Misere> = comb.iter().map(|&i| cands[i]).collect();
                    let g = Misere::from_options(set.iter().copied());
                    if g.is_even() && g.options() == set.as_slice() {
                        out.push(g);
                        if out.len() >= max_games {
                            break 'groups;
                        }
                    }
                }
                // Colex successor.
                let mut j = 0;
                loop {
                    if j == size {
                        break;
                    }
                    let limit = if j + 1 < size { comb[j + 1] } else { top };
                    if comb[j] + 1 < limit {
                        comb[j] += 1;
                        for (k, c) in comb.iter_mut().enumerate().take(j) {
                            *c = k;
                        }
                        break;
                    }
                    j += 1;
                }
                if j == size {
                    break;
                }
            }
        }
    }
    let _ = m;
    sort(&mut out);
    Ok(out)
}
