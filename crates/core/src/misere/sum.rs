//! Disjunctive sums (MISERE 3.4) and mates (MISERE 1, 6).

use super::construct::construct_sorted;
use super::order::sort_dedup;
use super::store::store;
use super::Misere;

impl Misere {
    /// The canonical form of G + H (MISERE 3.4): adding `*` toggles the
    /// parity; otherwise the even parts are added by options, memoised on
    /// the unordered pair, and the parity is the XOR of the parities.
    pub fn plus(self, h: Misere) -> Misere {
        let parity = self.is_odd() ^ h.is_odd();
        let (e, f) = (self.even_id(), h.even_id());
        let s = if e == 0 {
            Misere::from_parts(f, false)
        } else if f == 0 {
            Misere::from_parts(e, false)
        } else {
            add_even(e.min(f), e.max(f))
        };
        if parity {
            s.plus_star()
        } else {
            s
        }
    }

    /// The sum of several games (0 for none).
    pub fn sum(games: impl IntoIterator<Item = Misere>) -> Misere {
        games.into_iter().fold(Misere::ZERO, Misere::plus)
    }

    /// The mate G⁻ (`Mate`, MISERE 6): 0⁻ = `*`, `*`⁻ = 0, otherwise the
    /// game of the options' mates; G + G⁻ is a misère P-position.
    pub fn mate(self) -> Misere {
        if self == Misere::ZERO {
            return Misere::STAR;
        }
        if self == Misere::STAR {
            return Misere::ZERO;
        }
        let st = store();
        if let Some(m) = st.mates.get(&self) {
            return m;
        }
        let m = crate::stack::descend(|| {
            crate::interrupt::check();
            let mut v: Vec<Misere> = self.options().iter().map(|o| o.mate()).collect();
            sort_dedup(&mut v);
            construct_sorted(v)
        });
        st.mates.insert(self, m);
        m
    }
}

fn add_even(e: u32, f: u32) -> Misere {
    let st = store();
    if let Some(s) = st.sums.get(&(e, f)) {
        return s;
    }
    let (g, h) = (Misere::from_parts(e, false), Misere::from_parts(f, false));
    let s = crate::stack::descend(|| {
        crate::interrupt::check();
        let mut v: Vec<Misere> = Vec::with_capacity(g.options().len() + h.options().len());
        v.extend(g.options().iter().map(|&o| o.plus(h)));
        v.extend(h.options().iter().map(|&o| g.plus(o)));
        sort_dedup(&mut v);
        construct_sorted(v)
    });
    st.sums.insert((e, f), s);
    s
}

impl std::ops::Add for Misere {
    type Output = Misere;

    /// G + H (MISERE 3.4).
    fn add(self, h: Misere) -> Misere {
        self.plus(h)
    }
}
