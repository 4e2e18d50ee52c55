//! Distinguishers and links (MISERE 8). Memoised by the ordered pair, so
//! results never depend on which pairs were asked before (CGSuite's
//! unordered cache of `disc` is not reproduced: fresh-session results).

use super::store::store;
use super::{Misere, MisereError, MisereOutcome, MisereResult};

impl Misere {
    /// `IsLinkedTo` (MISERE 8): neither game is an option of the other.
    pub fn is_linked_to(self, h: Misere) -> bool {
        !self.has_option(h) && !h.has_option(self)
    }

    /// `Link` (MISERE 8): a game T with G + T and H + T both misère
    /// P-positions; an error when the games are not linked.
    pub fn link(self, h: Misere) -> MisereResult<Misere> {
        link(self, h)
            .ok_or_else(|| MisereError(format!("Those misere games are not linked: {self}, {h}")))
    }

    /// `Distinguisher` (MISERE 8): a game T with G + T a misère P-position
    /// and H + T an N-position; an error when G = H.
    pub fn distinguisher(self, h: Misere) -> MisereResult<Misere> {
        if self == h {
            return Err(MisereError(format!(
                "Those misere games are equal: {self}, {h}"
            )));
        }
        dpn(self, h).ok_or_else(|| MisereError(format!("No distinguisher found for {self}, {h}")))
    }
}

fn link(g: Misere, h: Misere) -> Option<Misere> {
    if g == Misere::ZERO && h == Misere::ZERO {
        return Some(Misere::STAR);
    }
    if !g.is_linked_to(h) {
        return None;
    }
    crate::interrupt::check();
    let mut opts = Vec::with_capacity(g.options().len() + h.options().len());
    for &go in g.options() {
        opts.push(dpn(go, h)?);
    }
    for &ho in h.options() {
        opts.push(dpn(ho, g)?);
    }
    Some(Misere::from_options(opts))
}

fn dpn(g: Misere, h: Misere) -> Option<Misere> {
    if g == h {
        return None;
    }
    let st = store();
    if let Some(d) = st.distinguishers.get(&(g, h)) {
        return Some(d);
    }
    let d = crate::stack::descend(|| {
        let d = disc(g, h)?;
        if g.plus(d).outcome() == MisereOutcome::P {
            Some(d)
        } else {
            let mut opts: Vec<Misere> = g.options().iter().map(|o| o.mate()).collect();
            opts.push(d);
            Some(Misere::from_options(opts))
        }
    })?;
    st.distinguishers.insert((g, h), d);
    Some(d)
}

fn disc(g: Misere, h: Misere) -> Option<Misere> {
    if (g == Misere::ZERO && h.outcome() == MisereOutcome::P)
        || (h == Misere::ZERO && g.outcome() == MisereOutcome::P)
    {
        return Some(Misere::ZERO);
    }
    g.options()
        .iter()
        .find_map(|&go| link(h, go))
        .or_else(|| h.options().iter().find_map(|&ho| link(g, ho)))
}
