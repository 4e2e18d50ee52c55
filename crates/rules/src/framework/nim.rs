//! Nim values of impartial positions, never through canonical forms: the
//! nim value of a sum is the XOR of its components' values and the value of
//! a component is the mex of its options' values (the Sprague-Grundy
//! theorem, ONAG chapter 11).

use crate::framework::position::ImpartialPosition;
use onag_core::sharded::ShardedMap;

/// The minimum excludant: the least natural number not in `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// Evaluates nim values of positions of one impartial ruleset, remembering
/// every component it has seen.
pub struct NimEvaluator<P: ImpartialPosition> {
    table: ShardedMap<P, u64>,
    decompose: bool,
    symmetry: bool,
}

impl<P: ImpartialPosition> Default for NimEvaluator<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// The nim evaluator of positions of type `P` shared by the whole process.
pub fn shared<P: ImpartialPosition>() -> &'static NimEvaluator<P> {
    crate::framework::singleton::per_type()
}

impl<P: ImpartialPosition> NimEvaluator<P> {
    /// An evaluator using decomposition and symmetry.
    pub fn new() -> Self {
        NimEvaluator {
            table: ShardedMap::new(),
            decompose: true,
            symmetry: true,
        }
    }

    /// An evaluator that neither decomposes nor normalises: the plain mex
    /// recursion, for checking the shortcuts.
    pub fn plain() -> Self {
        NimEvaluator {
            decompose: false,
            symmetry: false,
            ..Self::new()
        }
    }

    /// Number of components in the table.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// The nim value of a position.
    pub fn value(&self, p: &P) -> u64 {
        if !self.decompose {
            return self.component_value(p);
        }
        p.decompose()
            .iter()
            .fold(0, |acc, c| acc ^ self.component_value(c))
    }

    fn component_value(&self, p: &P) -> u64 {
        let q = if self.symmetry {
            p.normalize()
        } else {
            p.clone()
        };
        if let Some(v) = self.table.get(&q) {
            return v;
        }
        onag_core::interrupt::checkpoint();
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            mex(q.options().iter().map(|o| self.value(o)))
        });
        self.table.insert(q, v);
        v
    }
}
