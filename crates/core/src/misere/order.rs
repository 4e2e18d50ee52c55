//! The canonical total order of misère canonical games (MISERE 3.2), used
//! to sort option lists and every printed list.

use super::store::store;
use super::Misere;
use std::cmp::Ordering;

/// Compare two canonical games by MISERE 3.2: the even member of a pair
/// first; otherwise the even parts by birthday, number of options, g⁺, g⁻,
/// then their option lists element by element. Memoised by the ordered
/// pair of even ids.
pub fn compare(g: Misere, h: Misere) -> Ordering {
    if g == h {
        return Ordering::Equal;
    }
    if g.even_part() == h.even_part() {
        return if g.is_even() {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    compare_even(g.even_id(), h.even_id())
}

fn compare_even(e: u32, f: u32) -> Ordering {
    let (a, b) = (Misere::from_parts(e, false), Misere::from_parts(f, false));
    let (na, nb) = (a.node(), b.node());
    let quick = na
        .birthday
        .cmp(&nb.birthday)
        .then(na.options.len().cmp(&nb.options.len()))
        .then(na.gplus.cmp(&nb.gplus))
        .then(na.gminus.cmp(&nb.gminus));
    if quick != Ordering::Equal {
        return quick;
    }
    let st = store();
    if let Some(o) = st.order.get(&(e, f)) {
        return o;
    }
    let o = crate::stack::descend(|| {
        na.options
            .iter()
            .zip(nb.options.iter())
            .map(|(&x, &y)| compare(x, y))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
    });
    st.order.insert((e, f), o);
    o
}

/// Sort ascending by the canonical order.
pub fn sort(games: &mut [Misere]) {
    games.sort_by(|&a, &b| compare(a, b));
}

/// Sort ascending by the canonical order and remove duplicates.
pub fn sort_dedup(games: &mut Vec<Misere>) {
    sort(games);
    games.dedup();
}
