//! A hash table of word keys laid out in cache lines: the table inside a
//! shard of [`ShardedMap`](crate::sharded::ShardedMap) for the evaluators'
//! packed positions that fit in a word.
//!
//! Entries live in buckets of one 64-byte line (four keys, then their four
//! values: a word key and a value of up to 8 bytes fill the line), probed
//! linearly from the bucket the hash picks. A look-up reads the keys of its
//! bucket, where the entry nearly always is: one line, where a table with
//! separate control bytes (hashbrown's) reads a control group and then the
//! entry's line, two dependent misses once the control bytes outgrow the
//! processor's own cache (past a million entries). Fission
//! `......|.x..x.|..xx..|.x..x.|......|......` (1.8M positions): 2.56-2.87
//! s -> 2.50-2.61 s of processor time (5 runs each, interleaved);
//! Domineering 4x8 9.13 -> 8.88 s, in the same memory.
//!
//! Nothing is deleted one entry at a time (forgetting rebuilds the table
//! from the entries kept), so a probe ends at the first empty slot. A slot
//! is empty when its key is [`EMPTY`]; the one key equal to it is kept
//! beside the buckets.

use crate::sharded::{hash_of, Slots};

/// Keys per bucket.
const WAYS: usize = 4;

/// The key of an empty slot.
const EMPTY: u64 = u64::MAX;

/// One bucket: a cache line when the values take at most 8 bytes.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket<V> {
    keys: [u64; WAYS],
    values: [V; WAYS],
}

/// A table of word keys in line-sized buckets (see the module
/// documentation). At most 7/8 of its slots are used.
pub struct LineTable<V> {
    /// A power of two of buckets, or none.
    buckets: Vec<Bucket<V>>,
    /// Entries in the buckets.
    len: usize,
    /// The value of the key [`EMPTY`], kept apart.
    empty_key: Option<V>,
}

impl<V: Copy + Default> Bucket<V> {
    /// A bucket of empty slots.
    fn empty() -> Self {
        Bucket {
            keys: [EMPTY; WAYS],
            values: [V::default(); WAYS],
        }
    }
}

/// The entries of `buckets`, in order.
fn occupied<V: Copy>(buckets: &[Bucket<V>]) -> impl Iterator<Item = (u64, V)> + '_ {
    buckets.iter().flat_map(|b| {
        b.keys
            .iter()
            .zip(&b.values)
            .filter(|(&k, _)| k != EMPTY)
            .map(|(&k, &v)| (k, v))
    })
}

impl<V> Default for LineTable<V> {
    fn default() -> Self {
        LineTable {
            buckets: Vec::new(),
            len: 0,
            empty_key: None,
        }
    }
}

impl<V: Copy + Default> LineTable<V> {
    /// The bucket and slot of `k` (hash `h`) if it is in the buckets, else
    /// the first empty slot of its probe (there is always one).
    #[inline]
    fn probe(&self, h: u64, k: u64) -> Result<(usize, usize), (usize, usize)> {
        let mask = self.buckets.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let keys = &self.buckets[i].keys;
            for (s, &key) in keys.iter().enumerate() {
                if key == k {
                    return Ok((i, s));
                }
                if key == EMPTY {
                    return Err((i, s));
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Buckets enough for `entries` entries at most 7/8 full (none for 0).
    fn buckets_for(entries: usize) -> usize {
        if entries == 0 {
            return 0;
        }
        (entries * 8).div_ceil(7 * WAYS).next_power_of_two()
    }

    /// Move every entry into `n` buckets (growing, or shrinking after
    /// forgetting).
    fn resize(&mut self, n: usize) {
        let old = std::mem::replace(&mut self.buckets, vec![Bucket::empty(); n]);
        self.len = 0;
        for (k, v) in occupied(&old) {
            self.put_new(hash_of(&k), k, v);
        }
    }

    /// Put an entry for a key that is not [`EMPTY`] and not in the
    /// buckets, which have room for it.
    fn put_new(&mut self, h: u64, k: u64, v: V) {
        if let Err((i, s)) = self.probe(h, k) {
            let b = &mut self.buckets[i];
            b.keys[s] = k;
            b.values[s] = v;
            self.len += 1;
        }
    }

    /// Slots in the buckets.
    fn slots(&self) -> usize {
        self.buckets.len() * WAYS
    }
}

impl<V: Copy + Default> Slots<u64, V> for LineTable<V> {
    #[inline]
    fn find(&self, h: u64, k: &u64) -> Option<&V> {
        if *k == EMPTY {
            return self.empty_key.as_ref();
        }
        if self.buckets.is_empty() {
            return None;
        }
        let (i, s) = self.probe(h, *k).ok()?;
        Some(&self.buckets[i].values[s])
    }

    fn find_mut(&mut self, h: u64, k: &u64) -> Option<&mut V> {
        if *k == EMPTY {
            return self.empty_key.as_mut();
        }
        if self.buckets.is_empty() {
            return None;
        }
        let (i, s) = self.probe(h, *k).ok()?;
        Some(&mut self.buckets[i].values[s])
    }

    fn insert_new(&mut self, h: u64, k: u64, v: V) {
        if k == EMPTY {
            self.empty_key = Some(v);
            return;
        }
        if (self.len + 1) * 8 > self.slots() * 7 {
            self.resize(Self::buckets_for(self.len + 1).max(2 * self.buckets.len()));
        }
        self.put_new(h, k, v);
    }

    fn retain(&mut self, mut keep: impl FnMut(&u64, &V) -> bool) {
        if self.empty_key.is_some_and(|v| !keep(&EMPTY, &v)) {
            self.empty_key = None;
        }
        // The kept entries set aside and the buckets emptied in place, so
        // that the table's room is not allocated twice.
        let kept: Vec<(u64, V)> = occupied(&self.buckets)
            .filter(|(k, v)| keep(k, v))
            .collect();
        self.buckets.fill(Bucket::empty());
        self.len = 0;
        for (k, v) in kept {
            self.put_new(hash_of(&k), k, v);
        }
    }

    fn for_each(&self, mut f: impl FnMut(&u64, &V)) {
        if let Some(v) = &self.empty_key {
            f(&EMPTY, v);
        }
        for (k, v) in occupied(&self.buckets) {
            f(&k, &v);
        }
    }

    fn len(&self) -> usize {
        self.len + usize::from(self.empty_key.is_some())
    }

    fn allocation_size(&self) -> usize {
        self.buckets.capacity() * std::mem::size_of::<Bucket<V>>()
    }

    fn would_grow(&self) -> bool {
        (self.len + 1) * 8 > self.slots() * 7
    }

    fn shrink_to_fit(&mut self) {
        let n = Self::buckets_for(self.len);
        if n < self.buckets.len() {
            self.resize(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LineTable, EMPTY};
    use crate::sharded::{hash_of, Slots};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Keys from a small range (many collisions of buckets), any key, and
    /// the key of an empty slot.
    fn key() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..64, any::<u64>(), Just(EMPTY)]
    }

    proptest! {
        /// The table holds what a `HashMap` given the same operations
        /// holds: inserts of new keys, updates in place, forgetting by a
        /// predicate and shrinking; it is never more than 7/8 full.
        #[test]
        fn behaves_as_a_hash_map(
            ops in prop::collection::vec((key(), any::<u32>(), 0u8..10), 0..600)
        ) {
            let mut table: LineTable<u32> = LineTable::default();
            let mut model: HashMap<u64, u32> = HashMap::new();
            for &(k, v, op) in &ops {
                let h = hash_of(&k);
                match op {
                    0 => {
                        // Forget the odd values.
                        table.retain(|_, v| v % 2 == 0);
                        model.retain(|_, v| *v % 2 == 0);
                    }
                    1 => table.shrink_to_fit(),
                    _ => match table.find_mut(h, &k) {
                        Some(slot) => {
                            prop_assert!(model.contains_key(&k));
                            *slot = v;
                            model.insert(k, v);
                        }
                        None => {
                            prop_assert!(!model.contains_key(&k));
                            table.insert_new(h, k, v);
                            model.insert(k, v);
                        }
                    },
                }
                prop_assert_eq!(table.len(), model.len());
                prop_assert!(table.len <= table.slots() / 8 * 7 || table.slots() < 8);
            }
            for (k, v) in &model {
                prop_assert_eq!(table.find(hash_of(k), k), Some(v));
            }
            let mut seen = HashMap::new();
            table.for_each(|k, v| {
                seen.insert(*k, *v);
            });
            prop_assert_eq!(seen, model);
        }
    }
}
