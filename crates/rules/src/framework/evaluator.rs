//! From positions to canonical games.
//!
//! The value of a position is the sum of the values of its components
//! (DESIGN.md, "Rulesets"); the value of a component is looked up in a
//! transposition table keyed by its normal form, or computed from the values
//! of its options and stored. Options of large components are evaluated in
//! parallel.

use crate::framework::position::{Player, Position};
use onag_core::game::Game;
use onag_core::sharded::ShardedMap;
use rayon::prelude::*;

/// Evaluates positions of one ruleset, remembering every component it has
/// seen.
pub struct Evaluator<P: Position> {
    table: ShardedMap<P, Game>,
    decompose: bool,
    symmetry: bool,
    /// Components with at least this many options evaluate them in
    /// parallel.
    parallel_threshold: usize,
}

impl<P: Position> Default for Evaluator<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// The evaluator of positions of type `P` shared by the whole process (one
/// per type, created on first use and never freed), so that values computed
/// for one expression are reused by the next.
pub fn shared<P: Position>() -> &'static Evaluator<P> {
    crate::framework::singleton::per_type()
}

impl<P: Position> Evaluator<P> {
    /// An evaluator using decomposition and symmetry.
    pub fn new() -> Self {
        Evaluator {
            table: ShardedMap::new(),
            decompose: true,
            symmetry: true,
            parallel_threshold: 24,
        }
    }

    /// An evaluator that neither decomposes nor normalises: the plain
    /// recursive definition, for checking the shortcuts.
    pub fn plain() -> Self {
        Evaluator {
            decompose: false,
            symmetry: false,
            parallel_threshold: usize::MAX,
            ..Self::new()
        }
    }

    /// Number of components in the transposition table.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of a position.
    pub fn value(&self, p: &P) -> Game {
        if !self.decompose {
            return self.component_value(p);
        }
        let parts = p.decompose();
        if parts.len() == 1 {
            return self.component_value(&parts[0]);
        }
        parts
            .iter()
            .fold(Game::ZERO, |acc, c| acc + self.component_value(c))
    }

    fn component_value(&self, p: &P) -> Game {
        let (q, negated) = if self.symmetry {
            p.normalize()
        } else {
            (p.clone(), false)
        };
        let v = self.lookup_or_compute(&q);
        if negated {
            -v
        } else {
            v
        }
    }

    fn lookup_or_compute(&self, q: &P) -> Game {
        if let Some(v) = self.table.get(q) {
            return v;
        }
        onag_core::interrupt::checkpoint();
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.compute(q));
        self.table.insert(q.clone(), v);
        v
    }

    fn compute(&self, q: &P) -> Game {
        let left = q.options(Player::Left);
        let right = q.options(Player::Right);
        let eval = |opts: &[P]| -> Vec<Game> {
            if opts.len() >= self.parallel_threshold {
                opts.par_iter().map(|o| self.value(o)).collect()
            } else {
                opts.iter().map(|o| self.value(o)).collect()
            }
        };
        let (l, r) = if left.len() + right.len() >= self.parallel_threshold {
            rayon::join(|| eval(&left), || eval(&right))
        } else {
            (eval(&left), eval(&right))
        };
        Game::from_options(&l, &r)
    }
}
