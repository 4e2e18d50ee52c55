//! Parts, 2-partitions, subtraction and partitions (MISERE 7): H is a part
//! of G if G ≡ H + X for some X; the 2-partition list of an even game is
//! found by Siegel's characterisation of parts, in CGSuite's discovery
//! order.

use super::construct::construct_sorted;
use super::order::{compare, sort_dedup};
use super::store::store;
use super::{Misere, MisereError, MisereResult};
use std::cmp::Ordering;
use std::sync::Arc;

/// The partner of `g` in a list of pairs: the other member of the first
/// pair containing it.
fn partner(list: &[(Misere, Misere)], g: Misere) -> Option<Misere> {
    list.iter().find_map(|&(x, y)| {
        if x == g {
            Some(y)
        } else if y == g {
            Some(x)
        } else {
            None
        }
    })
}

fn occurs(list: &[(Misere, Misere)], g: Misere) -> bool {
    list.iter().any(|&(x, y)| x == g || y == g)
}

fn with_parity(g: Misere, odd: bool) -> Misere {
    if odd {
        g.plus_star()
    } else {
        g
    }
}

/// The 2-partition list of G's even part (MISERE 7): pairs (X, Y) of even
/// games with X + Y ≡ E, the first always (0, E). Memoised by the even id.
pub fn two_partitions(g: Misere) -> Arc<[(Misere, Misere)]> {
    let e = g.even_part();
    let st = store();
    if let Some(l) = st.partitions.get(&e.even_id()) {
        return l;
    }
    let l: Arc<[(Misere, Misere)]> = crate::stack::descend(|| compute(e)).into();
    st.partitions.insert(e.even_id(), l.clone());
    l
}

fn compute(e: Misere) -> Vec<(Misere, Misere)> {
    let trivial = vec![(Misere::ZERO, e)];
    let opts = e.options();
    let pps: Vec<Arc<[(Misere, Misere)]>> = opts.iter().map(|&o| two_partitions(o)).collect();
    // Prime shortcut.
    let mut count = 0;
    for (o, pp) in opts.iter().zip(&pps) {
        if o.even_id() == 0 {
            return trivial;
        }
        if pp.len() == 1 && (o.is_even() || !opts.contains(&o.even_part())) {
            count += 1;
            if count >= 3 {
                return trivial;
            }
        }
    }
    let mut cands: Vec<Misere> = pps
        .iter()
        .flat_map(|pp| pp.iter().flat_map(|&(x, y)| [x, y]))
        .collect();
    sort_dedup(&mut cands);
    let mut list = trivial;
    loop {
        let before = list.len();
        for &x in &cands {
            crate::interrupt::check();
            if occurs(&list, x) {
                continue;
            }
            if let Some(y) = partner_of(e, opts, &pps, &list, x) {
                list.push((x, y));
            }
        }
        if list.len() == before {
            return list;
        }
    }
}

/// The Y with (x, Y) a 2-partition of `e`, given the list so far, by the
/// type 1 and type 2 tests of MISERE 7.
fn partner_of(
    e: Misere,
    opts: &[Misere],
    pps: &[Arc<[(Misere, Misere)]>],
    list: &[(Misere, Misere)],
    x: Misere,
) -> Option<Misere> {
    let _ = e;
    let mut formed: Vec<Misere> = Vec::new();
    // (i)
    let mut failed_i: Option<Misere> = None;
    for &xo in x.options() {
        match partner(list, xo.even_part()) {
            Some(z) => formed.push(with_parity(z, xo.is_odd())),
            None => {
                failed_i = Some(xo);
                break;
            }
        }
    }
    // (ii)
    let mut failed_ii: Option<usize> = None;
    if failed_i.is_none() {
        for (j, (o, pp)) in opts.iter().zip(pps).enumerate() {
            match partner(pp, x) {
                Some(w) => formed.push(with_parity(w, o.is_odd())),
                None => {
                    failed_ii = Some(j);
                    break;
                }
            }
        }
        if failed_ii.is_none() {
            sort_dedup(&mut formed);
            return Some(construct_sorted(formed));
        }
    }
    // Type 2 candidates.
    let candidates: Vec<Misere> = match (failed_i, failed_ii) {
        (Some(xo), _) => pps
            .iter()
            .filter_map(|pp| partner(pp, xo.even_part()))
            .collect(),
        (None, Some(j)) => x
            .options()
            .iter()
            .filter_map(|xo| partner(&pps[j], xo.even_part()))
            .collect(),
        (None, None) => Vec::new(),
    };
    candidates
        .into_iter()
        .find(|&y| accepts(opts, pps, list, x, y))
}

fn accepts(
    opts: &[Misere],
    pps: &[Arc<[(Misere, Misere)]>],
    list: &[(Misere, Misere)],
    x: Misere,
    y: Misere,
) -> bool {
    // (a)
    let a = opts.iter().zip(pps).all(|(o, pp)| {
        partner(pp, x).is_some_and(|w| y.has_option(with_parity(w, o.is_odd())))
            || partner(pp, y).is_some_and(|w| x.has_option(with_parity(w, o.is_odd())))
    });
    if !a {
        return false;
    }
    // (b)
    let b = x.options().iter().all(|&xo| {
        partner(list, xo.even_part()).is_some_and(|z| y.has_option(with_parity(z, xo.is_odd())))
            || opts
                .iter()
                .zip(pps)
                .any(|(o, pp)| partner(pp, y).is_some_and(|w| xo == with_parity(w, o.is_odd())))
    });
    if !b {
        return false;
    }
    // (c)
    y.options().iter().all(|&yo| {
        partner(list, yo.even_part()).is_some_and(|z| {
            let target = with_parity(z, yo.is_odd()).even_part();
            x.options().iter().any(|xo| xo.even_part() == target)
        }) || opts
            .iter()
            .zip(pps)
            .any(|(o, pp)| partner(pp, x).is_some_and(|w| yo == with_parity(w, o.is_odd())))
    })
}

impl Misere {
    /// `Parts` (MISERE 7): for each 2-partition after (0, E), X and then Y
    /// if Y ≠ X.
    pub fn parts(self) -> Vec<Misere> {
        let mut out = Vec::new();
        for &(x, y) in two_partitions(self).iter().skip(1) {
            out.push(x);
            if y != x {
                out.push(y);
            }
        }
        out
    }

    /// `IsPrime` (MISERE 6): not 0 or `*`, and the even part has only the
    /// trivial 2-partition.
    pub fn is_prime(self) -> bool {
        self.even_id() != 0 && two_partitions(self).len() == 1
    }

    /// G − H (`MisereMinus`, MISERE 7): the partner of H's even part in G's
    /// 2-partition list, plus `*` if the parities differ.
    pub fn minus(self, h: Misere) -> MisereResult<Misere> {
        self.try_minus(h).ok_or_else(|| {
            MisereError(format!(
                "Those misere games are not subtractable: {self}, {h}"
            ))
        })
    }

    /// G − H if H is a part of G (MISERE 7).
    pub fn try_minus(self, h: Misere) -> Option<Misere> {
        let list = two_partitions(self);
        partner(&list, h.even_part()).map(|z| with_parity(z, self.is_odd() != h.is_odd()))
    }

    /// `IsExtraverted` (MISERE 6): {G} − G exists.
    pub fn is_extraverted(self) -> bool {
        Misere::from_options([self]).try_minus(self).is_some()
    }

    /// `Partitions` (MISERE 7): every way of writing G as a sum of primes
    /// in ascending canonical order, by depth-first search over the parts;
    /// an odd game's partitions end with `*`.
    pub fn partitions(self) -> Vec<Vec<Misere>> {
        let mut out = Vec::new();
        let mut current = Vec::new();
        partitions_from(self, &mut current, &mut out);
        out
    }
}

fn partitions_from(r: Misere, current: &mut Vec<Misere>, out: &mut Vec<Vec<Misere>>) {
    crate::interrupt::check();
    if r == Misere::ZERO {
        out.push(current.clone());
        return;
    }
    if r == Misere::STAR {
        let mut p = current.clone();
        p.push(Misere::STAR);
        out.push(p);
        return;
    }
    let mut primes: Vec<Misere> = Vec::new();
    if r.is_prime() {
        primes.push(r.even_part());
    }
    for p in r.parts() {
        if p.is_prime() && !primes.contains(&p) {
            primes.push(p);
        }
    }
    for p in primes {
        if current
            .last()
            .is_some_and(|&last| compare(p, last) == Ordering::Less)
        {
            continue;
        }
        if let Some(rest) = r.try_minus(p) {
            current.push(p);
            partitions_from(rest, current, out);
            current.pop();
        }
    }
}
