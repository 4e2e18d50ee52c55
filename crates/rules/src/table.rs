//! The transposition tables of the evaluators: hash maps split into
//! shards, each behind its own lock, so that parallel evaluations rarely
//! contend.

use rustc_hash::FxHashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

const SHARDS: usize = 64;

/// A concurrent map from positions to values.
pub struct ShardedTable<K, V> {
    shards: Vec<Mutex<FxHashMap<K, V>>>,
}

impl<K: Hash + Eq, V: Copy> Default for ShardedTable<K, V> {
    fn default() -> Self {
        ShardedTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
        }
    }
}

impl<K: Hash + Eq, V: Copy> ShardedTable<K, V> {
    fn shard(&self, k: &K) -> std::sync::MutexGuard<'_, FxHashMap<K, V>> {
        let h = rustc_hash::FxBuildHasher.hash_one(k);
        // A panic while a shard was locked (a cancelled computation) leaves
        // the map intact: entries are inserted whole.
        self.shards[(h >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The value stored for `k`.
    pub fn get(&self, k: &K) -> Option<V> {
        self.shard(k).get(k).copied()
    }

    /// Store the value of `k`.
    pub fn insert(&self, k: K, v: V) {
        self.shard(&k).insert(k, v);
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().map(|m| m.len()).unwrap_or(0))
            .sum()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
