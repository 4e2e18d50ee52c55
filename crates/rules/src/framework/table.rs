//! The transposition tables of the evaluators: where the value of each
//! normalised component is kept, and which components are being evaluated.
//!
//! Two kinds plug into the same evaluators:
//! - [`SharedTable`], a concurrent map for games that threads may share
//!   (the built-in rulesets). Their games are short by construction, so it
//!   does not track evaluations in progress;
//! - [`LocalTable`], for one thread (games holding `Rc`s, games defined by
//!   user functions). It marks the components being evaluated, so that
//!   reaching one again is reported as a loop instead of recursing for ever,
//!   and bounds how deep evaluations may nest.
//!
//! A table only ever receives complete entries; an evaluation stopped by
//! an error or an interrupt leaves no mark behind (see [`Pending`]).

use super::error::RuleError;
use super::position::{narrow, PackedKey};
use onag_core::game::Game;
use onag_core::line_table::{GameLine, Line, LineTable, PairGameLine, PairLine, WordLine};
use onag_core::sharded::ShardedMap;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::convert::Infallible;
use std::hash::Hash;

/// Values of normalised components, and the components in progress.
pub trait Table<K, V> {
    /// Why an evaluation may not start: `Infallible` for tables that do
    /// not track evaluations in progress.
    type Busy;

    /// The value stored for `k`.
    fn get(&self, k: &K) -> Option<V>;

    /// Mark `k` as being evaluated, or say why it may not be (it already
    /// is: the game is loopy; too many are: it is too deep).
    fn begin(&self, k: &K) -> Result<(), Self::Busy>;

    /// Store the value of `k` and end its evaluation.
    fn finish(&self, k: K, v: V);

    /// End the evaluation of `k` without a value.
    fn abandon(&self, k: &K);

    /// The number of values stored.
    fn len(&self) -> usize;

    /// Whether the table keeps games by their packed keys
    /// (`PartizanGame::packed`) when they have one; such games are then
    /// looked up and stored only through [`Table::get_packed`] and
    /// [`Table::insert_packed`]. The default keeps none.
    fn packs(&self) -> bool {
        false
    }

    /// The value stored for the game whose packed key is `k`.
    fn get_packed(&self, _k: &PackedKey) -> Option<V> {
        None
    }

    /// Store the value of the game whose packed key is `k`, found from
    /// `options` options: past the memory budget, entries found from fewer
    /// options are forgotten first.
    fn insert_packed(&self, _k: PackedKey, _v: V, _options: usize) {}

    /// Whether no value is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The evaluation of one component, ended by [`Pending::finish`] or, if
/// it stops early (an error, an interrupt unwinding), abandoned when
/// dropped.
pub struct Pending<'a, K, V, T: Table<K, V>> {
    table: &'a T,
    key: Option<&'a K>,
    value: std::marker::PhantomData<fn(V)>,
}

impl<'a, K: Clone, V, T: Table<K, V>> Pending<'a, K, V, T> {
    /// Begin evaluating `key` in `table`.
    pub fn begin(table: &'a T, key: &'a K) -> Result<Self, T::Busy> {
        table.begin(key)?;
        Ok(Pending {
            table,
            key: Some(key),
            value: std::marker::PhantomData,
        })
    }

    /// Store the value found.
    pub fn finish(mut self, v: V) {
        if let Some(k) = self.key.take() {
            self.table.finish(k.clone(), v);
        }
    }

    /// Store the value found from `options` options under the game's
    /// packed key `p` (in a table that [`Table::packs`]).
    pub fn finish_packed(mut self, p: PackedKey, v: V, options: usize) {
        if let Some(k) = self.key.take() {
            self.table.abandon(k);
            self.table.insert_packed(p, v, options);
        }
    }
}

impl<K, V, T: Table<K, V>> Drop for Pending<'_, K, V, T> {
    fn drop(&mut self) {
        if let Some(k) = self.key.take() {
            self.table.abandon(k);
        }
    }
}

/// A table that threads share: sharded concurrent maps, one keyed by the
/// games, one by the packed keys of those that have one, where each value
/// keeps the number of options it was found from (in the room the key's
/// alignment leaves), so that past the memory budget the entries that were
/// cheapest to find are forgotten first.
pub struct SharedTable<K, V: TableValue> {
    map: ShardedMap<K, V>,
    /// The packed keys that do not fit in a word: two or three entries to a
    /// cache line ([`LineTable`], in the layout of
    /// [`TableValue::PairLine`]).
    packed: ShardedMap<PackedKey, (V, u32), LineTable<V::PairLine>>,
    /// The packed keys that fit in one word ([`narrow`]): four or five
    /// entries to a cache line ([`LineTable`], in the layout of
    /// [`TableValue::Line`]) instead of 24 bytes an entry.
    narrow: ShardedMap<u64, (V, u32), LineTable<V::Line>>,
}

/// A value a [`SharedTable`] keeps, and how a cache line holds its entries
/// of packed keys: the number of options an entry was found from is its
/// cost class (`options_class`).
pub trait TableValue: Copy + Default {
    /// The layout of a line of entries of word keys.
    type Line: Line<Key = u64, Value = (Self, u32)>;
    /// The layout of a line of entries of two-word keys.
    type PairLine: Line<Key = PackedKey, Value = (Self, u32)>;
}

/// Games, five to a line (three of two-word keys), with classes up to 63
/// options.
impl TableValue for Game {
    type Line = GameLine;
    type PairLine = PairGameLine;
}

/// Nim values, four to a bucket of two cache lines (two to a line of
/// two-word keys).
impl TableValue for u64 {
    type Line = WordLine<(u64, u32)>;
    type PairLine = PairLine<(u64, u32)>;
}

/// The weight of a shared table's maps in the sharing of the caches'
/// budget (`ShardedMap::weighted`), against 1 for the store's caches: an
/// entry here saves the whole search below a component, one of the
/// store's caches a single sum or comparison. Domineering 4x8 under
/// `--max-memory 100M` takes 12.5-15.2 s of processor time with weight 1,
/// 10.9-11.3 s with weights 4 to 64 (10.7 s unbounded).
const TABLE_WEIGHT: u64 = 8;

/// The cost class of a packed entry: its number of options, at most 255
/// (at most 63 in a line of games, `ClassedLine`).
fn options_class<K, V>(_: &K, v: &(V, u32)) -> u8 {
    v.1.min(255) as u8
}

impl<K: Hash + Eq, V: TableValue> Default for SharedTable<K, V> {
    fn default() -> Self {
        SharedTable {
            map: ShardedMap::new().weighted(TABLE_WEIGHT),
            packed: ShardedMap::with_cost(options_class::<PackedKey, V>).weighted(TABLE_WEIGHT),
            narrow: ShardedMap::with_cost(options_class::<u64, V>).weighted(TABLE_WEIGHT),
        }
    }
}

impl<K: Hash + Eq, V: TableValue> Table<K, V> for SharedTable<K, V> {
    type Busy = Infallible;

    fn get(&self, k: &K) -> Option<V> {
        self.map.get(k)
    }

    fn begin(&self, _: &K) -> Result<(), Infallible> {
        Ok(())
    }

    fn finish(&self, k: K, v: V) {
        self.map.insert(k, v);
    }

    fn abandon(&self, _: &K) {}

    fn len(&self) -> usize {
        self.map.len() + self.packed.len() + self.narrow.len()
    }

    fn packs(&self) -> bool {
        true
    }

    fn get_packed(&self, k: &PackedKey) -> Option<V> {
        match narrow(k) {
            Some(n) => self.narrow.get(&n),
            None => self.packed.get(k),
        }
        .map(|(v, _)| v)
    }

    fn insert_packed(&self, k: PackedKey, v: V, options: usize) {
        let entry = (v, options.min(u32::MAX as usize) as u32);
        match narrow(&k) {
            Some(n) => self.narrow.insert(n, entry),
            None => self.packed.insert(k, entry),
        }
    }
}

/// Why a [`LocalTable`] refuses to begin an evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// The component is already being evaluated: the game is loopy.
    Loop,
    /// This many evaluations are already nested.
    TooDeep(usize),
}

/// How a table words a refusal, given the component refused.
pub type Refusal<K> = fn(&K, Busy) -> RuleError;

/// The deepest nesting of evaluations a [`LocalTable`] allows by default.
pub const MAX_DEPTH: usize = 100_000;

/// A table for one thread, tracking the evaluations in progress.
pub struct LocalTable<K, V> {
    done: RefCell<FxHashMap<K, V>>,
    active: RefCell<FxHashSet<K>>,
    max_depth: usize,
    refusal: Refusal<K>,
}

/// The refusal of a game that is not short: the loop is reported as
/// CGSuite reports it for `CanonicalForm`.
fn not_short<K>(_: &K, busy: Busy) -> RuleError {
    match busy {
        Busy::Loop => RuleError::loopy(),
        Busy::TooDeep(n) => RuleError::too_large(format!(
            "The positions reachable from here go more than {n} moves deep"
        )),
    }
}

impl<K: Hash + Eq, V> Default for LocalTable<K, V> {
    fn default() -> Self {
        LocalTable::new(not_short)
    }
}

impl<K: Hash + Eq, V> LocalTable<K, V> {
    /// An empty table whose refusals `refusal` words.
    pub fn new(refusal: Refusal<K>) -> Self {
        LocalTable {
            done: RefCell::default(),
            active: RefCell::default(),
            max_depth: MAX_DEPTH,
            refusal,
        }
    }

    /// Forget every value stored (the marks of evaluations in progress
    /// stay: those evaluations end as usual).
    pub fn clear(&self) {
        self.done.borrow_mut().clear();
    }
}

impl<K: Hash + Eq + Clone, V: Clone> Table<K, V> for LocalTable<K, V> {
    type Busy = RuleError;

    fn get(&self, k: &K) -> Option<V> {
        self.done.borrow().get(k).cloned()
    }

    fn begin(&self, k: &K) -> Result<(), RuleError> {
        let mut active = self.active.borrow_mut();
        if active.len() >= self.max_depth {
            return Err((self.refusal)(k, Busy::TooDeep(self.max_depth)));
        }
        if !active.insert(k.clone()) {
            return Err((self.refusal)(k, Busy::Loop));
        }
        Ok(())
    }

    fn finish(&self, k: K, v: V) {
        self.active.borrow_mut().remove(&k);
        self.done.borrow_mut().insert(k, v);
    }

    fn abandon(&self, k: &K) {
        self.active.borrow_mut().remove(k);
    }

    fn len(&self) -> usize {
        self.done.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::{narrow, PackedKey, SharedTable, Table};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Keys near the line between the narrow and the wide ones: low words
    /// below and above 2^48, high words with only their top 16 bits or more.
    fn key() -> impl Strategy<Value = PackedKey> {
        let low = prop_oneof![
            0u64..1 << 48,
            any::<u64>(),
            Just((1 << 48) - 1),
            Just(1 << 48)
        ];
        let high = prop_oneof![
            (0u64..1 << 16).prop_map(|d| d << 48),
            any::<u64>(),
            Just(1),
            Just(0)
        ];
        (low, high)
    }

    proptest! {
        /// Narrow forms are equal exactly for equal keys.
        #[test]
        fn narrowing_is_exact(a in key(), b in key()) {
            if let (Some(x), Some(y)) = (narrow(&a), narrow(&b)) {
                prop_assert_eq!(x == y, a == b);
            }
            let fits = a.0 >> 48 == 0 && a.1 << 16 == 0;
            prop_assert_eq!(narrow(&a).is_some(), fits);
        }

        /// The table keeps what a `HashMap` given the same inserts keeps,
        /// whichever map each key goes to.
        #[test]
        fn packed_entries_behave_as_a_hash_map(
            ops in prop::collection::vec((key(), any::<u64>()), 0..200)
        ) {
            let table: SharedTable<u8, u64> = SharedTable::default();
            let mut model = HashMap::new();
            for &(k, v) in &ops {
                table.insert_packed(k, v, 1);
                model.insert(k, v);
            }
            prop_assert_eq!(table.len(), model.len());
            for (k, _) in &ops {
                prop_assert_eq!(table.get_packed(k), model.get(k).copied());
            }
        }
    }
}
