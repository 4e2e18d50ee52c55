//! Nim values of impartial positions, never through canonical forms: the
//! nim value of a sum is the XOR of its components' values and the value of
//! a component is the mex of its options' values (the Sprague-Grundy
//! theorem, ONAG chapter 11).

use super::cache;
use super::game::{infallible, ImpartialGame};
use super::position::ImpartialPosition;
use super::table::{Pending, SharedTable, Table};
use std::marker::PhantomData;
use std::rc::Rc;

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

/// Evaluates nim values of games of one type, remembering every
/// component it has seen in its table. The recursion is the same as the
/// [`Evaluator`](super::evaluator::Evaluator)'s, with mex in place of the
/// canonical form and XOR in place of the sum.
pub struct NimEvaluator<G, T = SharedTable<G, u64>> {
    table: T,
    decompose: bool,
    symmetry: bool,
    game: PhantomData<fn(&G)>,
}

impl<G, T: Default> Default for NimEvaluator<G, T> {
    fn default() -> Self {
        Self::with_table(T::default())
    }
}

/// The nim evaluator of the built-in positions of type `P` for this
/// session, created on first use.
pub fn shared<P: ImpartialPosition>() -> Rc<NimEvaluator<P>> {
    cache::kept((), || Rc::new(NimEvaluator::new()))
}

impl<G, T: Default> NimEvaluator<G, T> {
    /// An evaluator with an empty table, using decomposition and symmetry.
    pub fn new() -> Self {
        Self::default()
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
}

impl<G, T> NimEvaluator<G, T> {
    /// An evaluator keeping its values in `table`, using decomposition and
    /// symmetry.
    pub fn with_table(table: T) -> Self {
        NimEvaluator {
            table,
            decompose: true,
            symmetry: true,
            game: PhantomData,
        }
    }

    /// The table.
    pub fn table(&self) -> &T {
        &self.table
    }
}

impl<G, T> NimEvaluator<G, T>
where
    G: ImpartialGame,
    T: Table<G, u64>,
    G::Error: From<T::Busy>,
{
    /// The nim value of a game: the XOR of its components' values.
    pub fn nim_value(&self, g: &G) -> Result<u64, G::Error> {
        if !self.decompose {
            return self.component(g);
        }
        let mut acc = 0;
        for c in &g.components()? {
            acc ^= self.component(c)?;
        }
        Ok(acc)
    }

    /// Number of components in the table.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// The nim value of a component, through the table: the mex of its
    /// options' values.
    fn component(&self, g: &G) -> Result<u64, G::Error> {
        let q = if self.symmetry {
            g.normal_form()
        } else {
            g.clone()
        };
        if let Some(v) = self.table.get(&q) {
            return Ok(v);
        }
        onag_core::interrupt::checkpoint();
        let pending = Pending::begin(&self.table, &q)?;
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let mut values = Vec::new();
            for o in &q.options()? {
                values.push(self.nim_value(o)?);
            }
            Ok::<_, G::Error>(mex(values))
        })?;
        pending.finish(v);
        Ok(v)
    }
}

impl<P: ImpartialPosition> NimEvaluator<P> {
    /// The nim value of a position of a built-in ruleset.
    pub fn value(&self, p: &P) -> u64 {
        infallible(self.nim_value(p))
    }
}
