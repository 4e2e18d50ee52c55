//! Phyla (MISERE 5.1): Conway's tame / restive / restless / wild
//! classification, computed once per stored game, and the `Is*`
//! predicates built on it.

use super::{mex, Misere};

/// The phyla of MISERE 5.1, in the order the classification scans them.
/// The `Wild*` intermediate states never end up stored (they become
/// `Wild`), but they keep their place in the order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Hereditarily tame, not a nim heap.
    HereditarilyTame,
    /// Tame, with some reversibly tame option.
    ReversiblyTame,
    /// Tameable (not generally tame).
    Tameable,
    /// Intermediate state: wild of tame genus.
    WildOfTameGenus,
    /// Hereditarily restive.
    HereditarilyRestive,
    /// Reversibly restive.
    ReversiblyRestive,
    /// Intermediate state: wild of restive genus.
    WildOfRestiveGenus,
    /// Restless.
    Restless,
    /// Intermediate state: wild of restless genus.
    WildOfRestlessGenus,
    /// Wild.
    Wild,
}

impl Phylum {
    /// NIMHEAP, HEREDITARILY_TAME or REVERSIBLY_TAME.
    pub fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// NIMHEAP or HEREDITARILY_TAME.
    pub fn is_hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Generally tame or TAMEABLE.
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// HEREDITARILY_RESTIVE or REVERSIBLY_RESTIVE.
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Generally tame or generally restive.
    pub fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum GenusType {
    Tame,
    Restive,
    Restless,
    Wild,
}

/// The phylum of a new even game with these sorted options and values
/// g⁺ = `p`, g⁻ = `m` (MISERE 5.1, steps 1-7).
pub(crate) fn of_new(options: &[Misere], p: u32, m: u32) -> Phylum {
    let mut wildest = Phylum::NimHeap;
    for o in options {
        if !wildest.is_generally_tame() {
            break;
        }
        if o.phylum() > wildest {
            wildest = o.phylum();
        }
    }
    let genus = if p == m || (p < 2 && m < 2) {
        GenusType::Tame
    } else if p < 2 {
        GenusType::Restive
    } else if m < 2 {
        GenusType::Restless
    } else {
        GenusType::Wild
    };
    if wildest == Phylum::NimHeap && genus == GenusType::Tame && (p > 1 || p != m) {
        return Phylum::NimHeap;
    }
    if wildest.is_hereditarily_tame() || wildest == Phylum::ReversiblyTame {
        let tame = if wildest == Phylum::ReversiblyTame {
            Phylum::ReversiblyTame
        } else {
            Phylum::HereditarilyTame
        };
        let restive = if wildest == Phylum::ReversiblyTame {
            Phylum::ReversiblyRestive
        } else {
            Phylum::HereditarilyRestive
        };
        return match genus {
            GenusType::Tame => tame,
            GenusType::Restive => restive,
            GenusType::Restless => Phylum::Restless,
            GenusType::Wild => Phylum::Wild,
        };
    }
    if genus == GenusType::Tame || genus == GenusType::Restive {
        if let Some(ph) = reversibility(options, p, m, genus == GenusType::Tame) {
            return ph;
        }
    }
    Phylum::Wild
}

/// Step 6 of MISERE 5.1: whether the non-generally-tame options reverse
/// out, leaving a reversibly tame / tameable / reversibly restive game.
fn reversibility(options: &[Misere], p: u32, m: u32, tame: bool) -> Option<Phylum> {
    let (mut rev_tame, mut tameable, mut rev_restive) = (tame, tame, !tame);
    let mut tp: Vec<u32> = Vec::new();
    let mut tm: Vec<u32> = Vec::new();
    for o in options.iter().filter(|o| o.phylum().is_generally_tame()) {
        tp.push(o.nim_value());
        tm.push(o.misere_nim_value());
    }
    let mut xp: Vec<u32> = Vec::new();
    let mut xm: Vec<u32> = Vec::new();
    for o in options.iter().filter(|o| !o.phylum().is_generally_tame()) {
        let (mut found_m, mut found_p) = (false, false);
        let (mut tf_m, mut tf_p) = (false, false);
        if tameable && o.phylum() == Phylum::Tameable {
            let e = o.even_part();
            xm.push(e.misere_nim_value());
            xp.push(e.nim_value());
            tf_m = true;
            tf_p = true;
        }
        for &q in o.options() {
            let ph = q.phylum();
            let (qp, qm) = (q.nim_value(), q.misere_nim_value());
            if tame && ph.is_generally_tame() {
                found_m |= qm == m;
                found_p |= qp == p;
            }
            if !tame && rev_restive && ph.is_restive_or_tame() {
                found_m |= qm == m && (qp < 2 || (qp ^ m) < 2);
                found_p |= qp == p && (qm < 2 || (qm ^ m) < 2);
            }
            if tameable && ph.is_tameable() {
                tf_m |= qm == m;
                tf_p |= qp == p;
            }
        }
        if !(found_m && found_p) {
            rev_tame = false;
            rev_restive = false;
        }
        if !(tf_m && tf_p) {
            tameable = false;
        }
        if !(rev_tame || tameable || rev_restive) {
            break;
        }
    }
    if rev_tame || tameable || rev_restive {
        if p != mex(tp.iter().copied()) || m != mex(tm.iter().copied()) {
            rev_tame = false;
            rev_restive = false;
        }
        if tameable {
            tp.extend(xp);
            tm.extend(xm);
            if (p != mex(tp.iter().copied()) || m != mex(tm.iter().copied()))
                && !(tp.is_empty() && p == 0)
            {
                tameable = false;
            }
        }
    }
    if rev_tame {
        Some(Phylum::ReversiblyTame)
    } else if tameable {
        Some(Phylum::Tameable)
    } else if rev_restive {
        Some(Phylum::ReversiblyRestive)
    } else {
        None
    }
}

impl Misere {
    /// `IsTame`: hereditarily tame (MISERE 5.1).
    pub fn is_tame(self) -> bool {
        self.phylum().is_hereditarily_tame()
    }

    /// `IsGenerallyTame` (MISERE 5.1).
    pub fn is_generally_tame(self) -> bool {
        self.phylum().is_generally_tame()
    }

    /// `IsTameable` (MISERE 5.1).
    pub fn is_tameable(self) -> bool {
        self.phylum().is_tameable()
    }

    /// `IsRestive`: hereditarily restive only (MISERE 5.1).
    pub fn is_restive(self) -> bool {
        self.phylum() == Phylum::HereditarilyRestive
    }

    /// `IsGenerallyRestive` (MISERE 5.1).
    pub fn is_generally_restive(self) -> bool {
        self.phylum().is_generally_restive()
    }

    /// `IsRestless` (MISERE 5.1).
    pub fn is_restless(self) -> bool {
        self.phylum() == Phylum::Restless
    }

    /// `IsHalfTame`: not generally tame, and G + G is generally tame with
    /// g⁺ = g⁻ = 0 (MISERE 5.1).
    pub fn is_half_tame(self) -> bool {
        if self.is_generally_tame() {
            return false;
        }
        let d = self.plus(self);
        d.is_generally_tame() && d.nim_value() == 0 && d.misere_nim_value() == 0
    }

    /// `IsIntroverted`: G is 0 or `*` (MISERE 6).
    pub fn is_introverted(self) -> bool {
        self.even_id() == 0
    }
}
