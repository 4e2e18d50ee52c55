//! Construction of misère canonical forms from canonical options, exactly
//! as MISERE 3.3 describes CGSuite's procedure, and nim heaps.

use super::order::sort_dedup;
use super::store::{intern, lookup};
use super::{mex, phylum, Misere};
use std::sync::Mutex;

impl Misere {
    /// The canonical form of the game whose options are `options` (each
    /// canonical), by MISERE 3.3: odd recognition, lookup, the zero rule
    /// and the gap rule (Conway's simplification theorem, MISERE 1), else a
    /// new even game.
    pub fn from_options(options: impl IntoIterator<Item = Misere>) -> Misere {
        let mut opts: Vec<Misere> = options.into_iter().collect();
        sort_dedup(&mut opts);
        construct_sorted(opts)
    }

    /// The misère nim heap *n (MISERE 3.3): *(2k+1) = *2k + `*` and *2k has
    /// the options *0 … *(2k−1).
    pub fn nim(n: u32) -> Misere {
        static HEAPS: Mutex<Vec<Misere>> = Mutex::new(Vec::new());
        let mut heaps = HEAPS.lock().unwrap_or_else(|e| e.into_inner());
        if heaps.is_empty() {
            heaps.push(Misere::ZERO);
        }
        while heaps.len() <= n as usize {
            crate::interrupt::check();
            let k = heaps.len();
            let next = if k % 2 == 1 {
                heaps[k - 1].plus_star()
            } else {
                construct_sorted(heaps.clone())
            };
            heaps.push(next);
        }
        heaps[n as usize]
    }

    /// Whether this game is the nim heap *b, b its birthday (`IsNimHeap`).
    pub fn is_nim_heap(self) -> bool {
        self.nim_value() == self.birthday() && self == Misere::nim(self.birthday())
    }
}

/// Steps 2 and 3 of MISERE 3.3 for a sorted list without duplicates: the
/// odd game X + `*` whose options these are, or the stored even game with
/// exactly these options.
pub(crate) fn recognise(opts: &[Misere]) -> Option<Misere> {
    let &x = opts.last()?;
    if x.is_even() && x.plus_star().options() == opts {
        return Some(x.plus_star());
    }
    lookup(opts)
}

/// MISERE 3.3 on options sorted by the canonical order, without
/// duplicates.
pub(crate) fn construct_sorted(opts: Vec<Misere>) -> Misere {
    if opts.is_empty() {
        return Misere::ZERO;
    }
    if let Some(g) = recognise(&opts) {
        return g;
    }
    // Zero rule.
    if !opts.contains(&Misere::ZERO)
        && opts.iter().all(|o| o.has_option(Misere::ZERO))
        && opts.iter().any(|o| o.misere_nim_value() == 0)
    {
        return Misere::ZERO;
    }
    // Gap rule.
    for j in 1..opts.len() {
        if opts[j].birthday() > opts[j - 1].birthday() + 1 {
            if let Some(h) = recognise(&opts[..j]) {
                if opts[j..].iter().all(|o| o.has_option(h)) {
                    return h;
                }
            }
        }
    }
    intern(opts, |o| {
        let birthday = 1 + o.iter().map(|g| g.birthday()).max().unwrap_or(0);
        let gplus = mex(o.iter().map(|g| g.nim_value()));
        let gminus = mex(o.iter().map(|g| g.misere_nim_value()));
        let phylum = phylum::of_new(o, gplus, gminus);
        (birthday, gplus, gminus, phylum)
    })
}
