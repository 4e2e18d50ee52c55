//! A concurrent hash map split into shards, each behind its own lock, so
//! that threads working on different keys rarely contend.
//!
//! It is the one map type behind every memo table that several threads may
//! fill at once: the store's sum and comparison caches, the per-game memo
//! tables of the core, and the transposition tables of the evaluators in
//! `onag-rules`. Each key is hashed once: the hash picks the shard and is
//! reused inside it.
//!
//! Every such map is a cache (a value can always be computed again), so
//! the maps share the memory budget for caches ([`memory::cache_budget`]):
//! each charges the bytes its tables allocate to [`memory::charge`]. A
//! shard whose table would double while the caches have no room for the
//! step forgets about half of its entries and reuses their room instead,
//! unless the doubled table stays within its fair share
//! ([`memory::cache_share`]: the budget divided among the shards that hold
//! memory, in proportion to their maps' weights, [`ShardedMap::weighted`]).
//! Shares add up to the budget, so the caches settle within it, and a map
//! that holds nothing takes no share from the others. A map built with a
//! cost ([`ShardedMap::with_cost`]: how much work an entry saves, in 256
//! classes) forgets its cheapest entries first: the entries below the
//! median class, and those of the median class whose hash has a given bit
//! (another bit each time); a map without one forgets by the hash bit
//! alone. While the caches are over the budget by more than an eighth
//! (the rest of the process grew, or a heavier map grew within its share),
//! a shard past its fair share forgets half of its entries and gives their
//! room back. Answers never change, only the work done to
//! find them; the memory of the caches stays about where the budget is.
//!
//! [`memory::cache_budget`]: crate::memory::cache_budget
//! [`memory::cache_share`]: crate::memory::cache_share
//! [`memory::charge`]: crate::memory::charge

use crate::memory;
use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use spin::mutex::{SpinMutex, SpinMutexGuard};
use spin::relax::RelaxStrategy;
use std::cell::Cell;
use std::hash::{BuildHasher, Hash};

/// The lock of a shard of the engine's concurrent tables (these maps, and
/// the interning shards of the game store): a spin lock. Its unlock is a
/// plain release store, where the standard mutex's is an exchange, which
/// waits on this processor family until every store of the critical
/// section has reached the cache: an insert waited there for the line of
/// its new entry (three quarters of the inserts' time in a Fission
/// search). Fission 6x6 (`......|.x..x.|..xx..|.x..x.|......|......`)
/// 3.08-3.18 s -> 2.93-3.03 s of processor time; Domineering 5x6 on two
/// threads 3.37-3.47 s -> 3.18-3.45 s. A thread finding it taken waits as
/// [`PauseThenYield`] says. A panic inside a critical section (an
/// interrupted computation) leaves the shard whole, since entries are
/// written whole, and releases the lock.
pub(crate) type ShardLock<T> = SpinMutex<T, PauseThenYield>;

/// How a thread waits for a taken shard: with the processor's pause hint,
/// and every 64th time by giving the rest of its time slice away. Shards
/// are many and held for a few hundred instructions, so a wait is short,
/// unless the holder was preempted (more threads than cores): spinning
/// alone then took Domineering 5x6 on 8 threads and 2 cores from 1.9 s to
/// 5 s on the clock, while yielding at every check cost 6x6 on two threads
/// 1.5-3.8 s of system time (0.8 s spinning).
pub(crate) struct PauseThenYield;

impl RelaxStrategy for PauseThenYield {
    fn relax() {
        thread_local! {
            static CHECKS: Cell<u32> = const { Cell::new(0) };
        }
        let n = CHECKS.with(|c| {
            let n = c.get().wrapping_add(1);
            c.set(n);
            n
        });
        if n.is_multiple_of(64) {
            std::thread::yield_now();
        } else {
            std::hint::spin_loop();
        }
    }
}

type ShardGuard<'a, T> = SpinMutexGuard<'a, T>;

/// The number of shards.
pub(crate) const SHARDS: usize = 64;

/// The bits of the hash that choose the shard: above the bits a table of
/// fewer than 2^48 buckets uses for its slots, and below the top 7 bits
/// hashbrown compares inside a group, so that the keys of one shard still
/// spread over the whole shard.
const SHARD_SHIFT: u32 = 48;

/// The table of entries inside a shard: hashbrown's for any keys and
/// values ([`HashSlots`], the default), [`LineTable`] for word keys with
/// small values (one cache line per look-up). Each method takes the key's
/// hash ([`hash_of`]) when it needs one.
///
/// [`LineTable`]: crate::line_table::LineTable
pub trait Slots<K, V>: Default {
    /// The value of `k`, whose hash is `h`.
    fn find(&self, h: u64, k: &K) -> Option<V>;
    /// Replace the value of `k` by `v` if `k` is in the table, else give
    /// `v` back.
    fn replace(&mut self, h: u64, k: &K, v: V) -> Result<(), V>;
    /// Add the entry of a key that is not in the table.
    fn insert_new(&mut self, h: u64, k: K, v: V);
    /// Keep only the entries `keep` keeps.
    fn retain(&mut self, keep: impl FnMut(&K, &V) -> bool);
    /// Call `f` on every entry.
    fn for_each(&self, f: impl FnMut(&K, &V));
    /// The number of entries.
    fn len(&self) -> usize;
    /// Whether there is no entry.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The bytes the table has allocated.
    fn allocation_size(&self) -> usize;
    /// Whether inserting one more entry could make the table allocate a
    /// larger one.
    fn would_grow(&self) -> bool;
    /// Give back the room of forgotten entries.
    fn shrink_to_fit(&mut self);
}

/// hashbrown's table of `(key, value)` pairs.
pub struct HashSlots<K, V>(HashTable<(K, V)>);

impl<K, V> Default for HashSlots<K, V> {
    fn default() -> Self {
        HashSlots(HashTable::new())
    }
}

impl<K: Hash + Eq, V: Clone> Slots<K, V> for HashSlots<K, V> {
    #[inline]
    fn find(&self, h: u64, k: &K) -> Option<V> {
        self.0.find(h, |(q, _)| q == k).map(|(_, v)| v.clone())
    }

    fn replace(&mut self, h: u64, k: &K, v: V) -> Result<(), V> {
        match self.0.find_mut(h, |(q, _)| q == k) {
            Some((_, e)) => {
                *e = v;
                Ok(())
            }
            None => Err(v),
        }
    }

    fn insert_new(&mut self, h: u64, k: K, v: V) {
        self.0.insert_unique(h, (k, v), |(q, _)| hash_of(q));
    }

    fn retain(&mut self, mut keep: impl FnMut(&K, &V) -> bool) {
        self.0.retain(|(k, v)| keep(k, v));
    }

    fn for_each(&self, mut f: impl FnMut(&K, &V)) {
        for (k, v) in self.0.iter() {
            f(k, v);
        }
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn allocation_size(&self) -> usize {
        self.0.allocation_size()
    }

    /// The table is full, or holds more than half of the entries its
    /// buckets can take (hashbrown then grows instead of reusing the room
    /// of forgotten entries).
    fn would_grow(&self) -> bool {
        let entry = std::mem::size_of::<(K, V)>() + 1;
        let buckets = self.0.allocation_size() / entry;
        let room = buckets / 8 * 7;
        self.0.len() >= self.0.capacity() && (self.0.len() + 1) * 2 > room
    }

    fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit(|(q, _)| hash_of(q));
    }
}

/// One shard: entries with their keys, the bytes charged to the budget for
/// them, how many times it has forgotten entries, and its map's weight.
struct Shard<S> {
    map: S,
    charged: u64,
    evictions: u32,
    weight: u64,
}

impl<S> Shard<S> {
    /// Charge (or give back) the difference between the bytes the table
    /// holds now and the bytes charged, and count the shard's weight among
    /// those sharing the budget while it holds memory.
    fn account<K, V>(&mut self)
    where
        S: Slots<K, V>,
    {
        let now = self.map.allocation_size() as u64;
        if now > self.charged {
            memory::charge(now - self.charged);
        } else if now < self.charged {
            memory::release(self.charged - now);
        }
        if (now > 0) != (self.charged > 0) {
            memory::count_cache_weight(self.weight, now > 0);
        }
        self.charged = now;
    }

    /// Forget about half of the entries: with a cost, those of a class
    /// below the median class, and those of the median class whose hash
    /// has bit `16 + evictions % 32` clear; without one, those whose hash
    /// has that bit clear (another half each time).
    fn evict<K: Hash, V>(&mut self, cost: Option<Cost<K, V>>)
    where
        S: Slots<K, V>,
    {
        let bit = 16 + self.evictions % 32;
        self.evictions = self.evictions.wrapping_add(1);
        let half_by_hash = |k: &K| hash_of(k) >> bit & 1 == 1;
        let Some(cost) = cost else {
            self.map.retain(|k, _| half_by_hash(k));
            return;
        };
        let mut classes = [0usize; 256];
        self.map.for_each(|k, v| classes[cost(k, v) as usize] += 1);
        let half = self.map.len() / 2;
        let (mut below, mut median) = (0, 255);
        for (c, &n) in classes.iter().enumerate() {
            if below + n > half {
                median = c as u8;
                break;
            }
            below += n;
        }
        self.map.retain(|k, v| match cost(k, v).cmp(&median) {
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => half_by_hash(k),
            std::cmp::Ordering::Greater => true,
        });
    }
}

/// How much work an entry saves, in classes 0..=255: entries of lower
/// classes are forgotten first.
pub type Cost<K, V> = fn(&K, &V) -> u8;

impl<S> Drop for Shard<S> {
    fn drop(&mut self) {
        memory::release(self.charged);
        if self.charged > 0 {
            memory::count_cache_weight(self.weight, false);
        }
    }
}

/// A shard on cache lines of its own (128 bytes: two lines, which this
/// processor family fetches in pairs). Every look-up writes its shard's
/// lock; with shards packed side by side, a thread locking one shard took
/// the line of its neighbour away from the other thread. Domineering 6x6
/// on two threads: 118.7 s of processor time, 62.5 s on the clock, against
/// 114.2 s and 60.5 s padded.
#[repr(align(128))]
struct Padded<T>(T);

/// A shard behind its lock, on lines of its own.
type LockedShard<S> = Padded<ShardLock<Shard<S>>>;

/// A concurrent map from keys to values, whose entries may be forgotten
/// when the caches pass their memory budget (see the module documentation),
/// each shard's entries in a table of type `S` ([`Slots`]).
pub struct ShardedMap<K, V, S = HashSlots<K, V>> {
    shards: Box<[LockedShard<S>]>,
    cost: Option<Cost<K, V>>,
}

impl<K: Hash + Eq, V, S: Slots<K, V>> Default for ShardedMap<K, V, S> {
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

impl<K: Hash + Eq, V, S: Slots<K, V>> ShardedMap<K, V, S> {
    /// An empty map whose entries, past the budget, are forgotten cheapest
    /// first by `cost` (see the module documentation).
    pub fn with_cost(cost: Cost<K, V>) -> Self {
        ShardedMap {
            cost: Some(cost),
            ..Self::new()
        }
    }

    /// An empty map of weight 1.
    pub fn new() -> Self {
        ShardedMap {
            cost: None,
            shards: (0..SHARDS)
                .map(|_| {
                    Padded(ShardLock::new(Shard {
                        map: S::default(),
                        charged: 0,
                        evictions: 0,
                        weight: 1,
                    }))
                })
                .collect(),
        }
    }

    /// The map with weight `weight` (at least 1) in the sharing of the
    /// budget: past it, each of its shards may hold `weight` times what a
    /// shard of a map of weight 1 may (see the module documentation).
    pub fn weighted(mut self, weight: u64) -> Self {
        let weight = weight.max(1);
        for shard in self.shards.iter_mut() {
            let shard = &mut shard.0;
            let shard = shard.get_mut();
            if shard.charged > 0 {
                // Counted with its old weight while it holds memory.
                memory::count_cache_weight(shard.weight, false);
                memory::count_cache_weight(weight, true);
            }
            shard.weight = weight;
        }
        self
    }

    /// The shard of a hash, locked (see [`ShardLock`]).
    fn shard(&self, hash: u64) -> ShardGuard<'_, Shard<S>> {
        self.shards[shard_index(hash)].0.lock()
    }

    /// The value stored for `k`.
    pub fn get(&self, k: &K) -> Option<V>
    where
        V: Clone,
    {
        let h = hash_of(k);
        self.shard(h).map.find(h, k)
    }

    /// Store `v` for `k`, replacing any value stored before. A shard that
    /// would grow past the caches' budget forgets about half of its entries
    /// instead, unless it stays within its fair share; while the caches are
    /// far over the budget, a shard past its fair share forgets half and
    /// shrinks.
    pub fn insert(&self, k: K, v: V) {
        let h = hash_of(&k);
        let mut shard = self.shard(h);
        let Err(v) = shard.map.replace(h, &k, v) else {
            return;
        };
        if memory::limit().is_some() {
            self.make_room(&mut shard);
        }
        shard.map.insert_new(h, k, v);
        shard.account::<K, V>();
    }

    /// Before an insert into `shard`, under a budget: a table that would
    /// double (growing the caches by its size) while the caches have no
    /// room for it forgets instead, unless doubling keeps it within its
    /// fair share; a table past its fair share while the caches are far
    /// over the budget (the rest of the process grew, or a heavier map grew
    /// within its share) gives half back. Shares add up to the budget, so
    /// the caches settle within it.
    fn make_room(&self, shard: &mut Shard<S>) {
        let size = shard.map.allocation_size() as u64;
        let share = || memory::cache_share(shard.weight).unwrap_or(u64::MAX);
        if shard.map.would_grow() {
            if !memory::caches_have_room(size) && size * 2 > share() {
                shard.evict(self.cost);
                if shard.map.would_grow() {
                    shard.evict(self.cost);
                }
            }
        } else if memory::caches_far_over_budget() && size > share() {
            shard.evict(self.cost);
            shard.map.shrink_to_fit();
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
        self.shards.iter().map(|s| s.0.lock().map.len()).sum()
    }

    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::{HashSlots, ShardedMap, Slots};
    use crate::line_table::{LineTable, WordLine};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// More threads than cores filling one map (waiters on a taken shard
    /// spin, then yield to a preempted holder): every entry is there.
    fn threads_fill<S: Slots<u64, u64> + Send>(map: ShardedMap<u64, u64, S>) {
        std::thread::scope(|s| {
            for t in 0..8u64 {
                let map = &map;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        map.insert(i * 8 + t, i ^ t);
                    }
                });
            }
        });
        assert_eq!(map.len(), 160_000);
        for k in 0..160_000u64 {
            assert_eq!(map.get(&k), Some((k / 8) ^ (k % 8)));
        }
    }

    #[test]
    fn threads_share_the_map() {
        threads_fill(ShardedMap::<u64, u64, HashSlots<u64, u64>>::new());
        threads_fill(ShardedMap::<u64, u64, LineTable<WordLine<u64>>>::new());
    }

    /// The map holds exactly what a `HashMap` given the same inserts
    /// holds: the last value per key, and as many entries as keys.
    fn like_a_hash_map<S: Slots<u64, u16>>(
        map: ShardedMap<u64, u16, S>,
        ops: &[(u64, u16)],
    ) -> Result<(), TestCaseError> {
        let mut model = HashMap::new();
        for &(k, v) in ops {
            map.insert(k, v);
            model.insert(k, v);
        }
        prop_assert_eq!(map.len(), model.len());
        for k in 0u64..200 {
            prop_assert_eq!(map.get(&k), model.get(&k).copied());
        }
        let computed = map.get_or_compute(1000, || 7);
        prop_assert_eq!(computed, 7);
        prop_assert_eq!(map.get_or_compute(1000, || 8), 7);
        Ok(())
    }

    proptest! {
        /// Either table in the shards behaves as a hash map.
        #[test]
        fn behaves_as_a_hash_map(ops in prop::collection::vec((0u64..200, any::<u16>()), 0..400)) {
            like_a_hash_map(ShardedMap::<u64, u16, HashSlots<u64, u16>>::new(), &ops)?;
            like_a_hash_map(ShardedMap::<u64, u16, LineTable<WordLine<u16>>>::new(), &ops)?;
        }
    }
}
