//! A concurrent hash map split into shards, each behind its own lock, so
//! that threads working on different keys rarely contend.
//!
//! It is the one map type behind every memo table that several threads may
//! fill at once: the store's sum and comparison caches, the per-game memo
//! tables of the core, and the transposition tables of the evaluators in
//! `onag-rules`. Each key is hashed once: the hash picks the shard and is
//! reused inside it.

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};
use std::sync::{Mutex, MutexGuard};

/// The number of shards.
pub(crate) const SHARDS: usize = 64;

/// The bits of the hash that choose the shard: above the bits a table of
/// fewer than 2^48 buckets uses for its slots, and below the top 7 bits
/// hashbrown compares inside a group, so that the keys of one shard still
/// spread over the whole shard.
const SHARD_SHIFT: u32 = 48;

/// One shard: entries with their keys.
type Shard<K, V> = Mutex<HashTable<(K, V)>>;

/// A concurrent map from keys to values.
pub struct ShardedMap<K, V> {
    shards: Box<[Shard<K, V>]>,
}

impl<K: Hash + Eq, V> Default for ShardedMap<K, V> {
    fn default() -> Self {
        ShardedMap::new()
    }
}

/// The hash every sharded table of the crate uses (the game store's
/// shards too): Fx, computed once per key.
pub(crate) fn hash_of<K: Hash>(k: &K) -> u64 {
    FxBuildHasher.hash_one(k)
}

/// The shard of a hash (see [`SHARD_SHIFT`] for the bits it takes).
pub(crate) fn shard_index(hash: u64) -> usize {
    (hash >> SHARD_SHIFT) as usize % SHARDS
}

impl<K: Hash + Eq, V> ShardedMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        ShardedMap {
            shards: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
        }
    }

    /// The shard of a hash, locked. A panic while a shard was locked (a
    /// cancelled computation) leaves it intact, since entries are inserted
    /// whole, so a poisoned lock is still usable.
    fn shard(&self, hash: u64) -> MutexGuard<'_, HashTable<(K, V)>> {
        self.shards[shard_index(hash)]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The value stored for `k`.
    pub fn get(&self, k: &K) -> Option<V>
    where
        V: Clone,
    {
        let h = hash_of(k);
        self.shard(h)
            .find(h, |(q, _)| q == k)
            .map(|(_, v)| v.clone())
    }

    /// Store `v` for `k`, replacing any value stored before.
    pub fn insert(&self, k: K, v: V) {
        let h = hash_of(&k);
        let mut shard = self.shard(h);
        match shard.entry(h, |(q, _)| *q == k, |(q, _)| hash_of(q)) {
            hashbrown::hash_table::Entry::Occupied(mut e) => e.get_mut().1 = v,
            hashbrown::hash_table::Entry::Vacant(e) => {
                e.insert((k, v));
            }
        }
    }

    /// The value stored for `k`, or `compute()` stored for next time. No
    /// lock is held while computing, so `compute` may use the map.
    pub fn get_or_compute(&self, k: K, compute: impl FnOnce() -> V) -> V
    where
        V: Clone,
    {
        if let Some(v) = self.get(&k) {
            return v;
        }
        let v = compute();
        self.insert(k, v.clone());
        v
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().map_or_else(|e| e.into_inner().len(), |m| m.len()))
            .sum()
    }

    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::ShardedMap;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// The map holds exactly what a `HashMap` given the same inserts
        /// holds: the last value per key, and as many entries as keys.
        #[test]
        fn behaves_as_a_hash_map(ops in prop::collection::vec((0u32..200, any::<u16>()), 0..400)) {
            let map = ShardedMap::new();
            let mut model = HashMap::new();
            for &(k, v) in &ops {
                map.insert(k, v);
                model.insert(k, v);
            }
            prop_assert_eq!(map.len(), model.len());
            for k in 0u32..200 {
                prop_assert_eq!(map.get(&k), model.get(&k).copied());
            }
            let computed = map.get_or_compute(1000, || 7);
            prop_assert_eq!(computed, 7);
            prop_assert_eq!(map.get_or_compute(1000, || 8), 7);
        }
    }
}
