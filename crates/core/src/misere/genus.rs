//! Genus (MISERE 5.2) and its printing (MISERE 5.3).

use super::store::store;
use super::{mex, Misere};
use std::sync::Arc;

/// Which rule extends a genus beyond its stored list (MISERE 5.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GenusKind {
    /// Generally tame phylum.
    Tame,
    /// Generally restive phylum.
    Restive,
    /// Any other phylum: the last two entries repeat.
    Other,
}

/// A genus g^{γ₀γ₁…} (MISERE 1, 5.2): `base` = g⁺ and the stored
/// superscript list (empty for nim heaps); later digits follow from `kind`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Genus {
    /// g⁺.
    pub base: u32,
    /// The stored superscript entries γ₀, γ₁, … .
    pub list: Vec<u32>,
    /// How the superscript continues past the list.
    pub kind: GenusKind,
}

impl Genus {
    /// γᵢ = g⁻(G + i copies of *2), by the continuation rules of MISERE 5.2.
    pub fn digit(&self, i: usize) -> u32 {
        if let Some(&d) = self.list.get(i) {
            return d;
        }
        let alt = if i % 2 == 1 { 2 } else { 0 };
        match self.kind {
            GenusKind::Tame => {
                if i == 0 && self.base < 2 {
                    1 - self.base
                } else {
                    self.base ^ alt
                }
            }
            GenusKind::Restive => {
                let first = self.list.first().copied().unwrap_or(self.base);
                (if first < 4 { first } else { self.base }) ^ alt
            }
            GenusKind::Other => {
                let l = self.list.len();
                if l < 2 {
                    self.list.first().copied().unwrap_or(self.base)
                } else {
                    self.list[l - 2 + ((l ^ i) & 1)]
                }
            }
        }
    }

    /// The "differ length" of MISERE 5.2.
    fn differ_length(&self) -> usize {
        match self.kind {
            GenusKind::Tame => {
                if self.base < 2 && self.list.first().is_none_or(|&g| g != self.base) {
                    2
                } else {
                    1
                }
            }
            GenusKind::Restive => {
                if self.list.first().is_some_and(|&g| g < 4) {
                    1
                } else {
                    2
                }
            }
            GenusKind::Other => self.list.len().saturating_sub(1),
        }
    }
}

impl std::fmt::Display for Genus {
    /// MISERE 5.3: `base`, or `base^` and the entries (comma-separated in
    /// parentheses when one is ≥ 10).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.base)?;
        if self.list.is_empty() {
            return Ok(());
        }
        f.write_str("^")?;
        if self.list.iter().all(|&d| d < 10) {
            for d in &self.list {
                write!(f, "{d}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.list.iter().map(|d| d.to_string()).collect();
            write!(f, "({})", parts.join(","))
        }
    }
}

impl Misere {
    /// The genus (`Genus`, MISERE 5.2): (g⁺, [g⁻]) for restive-or-tame
    /// phyla (no list for nim heaps), otherwise computed from the options'
    /// genera and memoised.
    pub fn genus(self) -> Arc<Genus> {
        let ph = self.phylum();
        if ph.is_restive_or_tame() {
            let list = if ph == super::Phylum::NimHeap {
                Vec::new()
            } else {
                vec![self.misere_nim_value()]
            };
            let kind = if ph.is_generally_tame() {
                GenusKind::Tame
            } else {
                GenusKind::Restive
            };
            return Arc::new(Genus {
                base: self.nim_value(),
                list,
                kind,
            });
        }
        let st = store();
        if let Some(g) = st.genera.get(&self) {
            return g;
        }
        let g = crate::stack::descend(|| {
            let opts: Vec<Arc<Genus>> = self.options().iter().map(|o| o.genus()).collect();
            let base = mex(opts.iter().map(|g| g.base));
            let d = 2 + opts
                .iter()
                .map(|g| g.differ_length())
                .max()
                .unwrap_or(0)
                .max(1);
            let mut list = Vec::with_capacity(d + 1);
            list.push(mex(opts.iter().map(|g| g.digit(0))));
            for i in 1..=d {
                let prev = list[i - 1];
                list.push(mex([prev, prev ^ 1]
                    .into_iter()
                    .chain(opts.iter().map(|g| g.digit(i)))));
            }
            let mut len = d;
            while len > 1 && list[len] == list[len - 2] {
                len -= 1;
            }
            list.truncate(len + 1);
            Arc::new(Genus {
                base,
                list,
                kind: GenusKind::Other,
            })
        });
        st.genera.insert(self, g.clone());
        g
    }
}
