//! A hash table of one- or two-word keys laid out in cache lines: the
//! table inside a shard of [`ShardedMap`](crate::sharded::ShardedMap) for
//! the evaluators' packed positions.
//!
//! Entries live in buckets of one 64-byte line, probed linearly from the
//! bucket the hash picks. A look-up reads the keys of its bucket, where the
//! entry nearly always is: one line, where a table with separate control
//! bytes (hashbrown's) reads a control group and then the entry's line, two
//! dependent misses once the control bytes outgrow the processor's own
//! cache (past a million entries). Fission
//! `......|.x..x.|..xx..|.x..x.|......|......` (1.8M positions): 2.56-2.87
//! s -> 2.50-2.61 s of processor time (5 runs each, interleaved);
//! Domineering 4x8 9.13 -> 8.88 s, in the same memory.
//!
//! What a line holds is its [`Line`]. Word keys: four with their values of
//! up to 8 bytes ([`WordLine`]), or five with a game and a cost class each
//! ([`GameLine`], the transposition tables of partizan games). Two-word
//! keys: two with values of up to 16 bytes ([`PairLine`]), or three with a
//! game and a class each ([`PairGameLine`]). A table of five entries a
//! line holds a quarter more in the same memory, and its tables are half as
//! large at the sizes where a table of four doubles: Konane
//! `xoxoxo|oxoxox|xox.xo|oxoxox` (555K positions) fits its table in 8 MB
//! instead of 16, where this processor's last cache level keeps about 8 MB
//! for one process (a chain of dependent reads through 8 MB takes 17 ns a
//! read, through 16 MB 130 ns). Two-word keys in lines of three instead of
//! hashbrown's table: Konane `xoxoxox|oxoxoxo|xox.xox|oxoxoxo` (keys of 56
//! bits) 9.38 / 8.89 s -> 8.68 / 8.23 s, at 246 MB instead of 216 (its
//! table had just doubled).
//!
//! Nothing is deleted one entry at a time (forgetting rebuilds the table
//! from the entries kept), so a probe ends at the first empty slot. A slot
//! is empty when its key is [`LineKey::EMPTY`]; the one key equal to it is
//! kept beside the buckets.

use crate::game::Game;
use crate::sharded::{hash_of, Slots};

/// A key a line holds: a word, or a pair of words.
pub trait LineKey: Copy + Eq + std::hash::Hash {
    /// The key of an empty slot (the one key equal to it is kept beside
    /// the buckets).
    const EMPTY: Self;
}

impl LineKey for u64 {
    const EMPTY: Self = u64::MAX;
}

impl LineKey for (u64, u64) {
    const EMPTY: Self = (u64::MAX, u64::MAX);
}

/// The layout of one bucket: a cache line of keys and their values.
pub trait Line: Copy {
    /// The keys it holds.
    type Key: LineKey;
    /// The value kept with each key.
    type Value: Copy;

    /// The slots of a line.
    const WAYS: usize;

    /// A line of empty slots.
    fn empty() -> Self;

    /// The keys of the slots ([`LineKey::EMPTY`] for an empty one).
    fn keys(&self) -> &[Self::Key];

    /// The value of slot `s`, which holds a key.
    fn value(&self, s: usize) -> Self::Value;

    /// Put key `k` with value `v` in slot `s`.
    fn set(&mut self, s: usize, k: Self::Key, v: Self::Value);
}

/// `N` keys and their values, in one aligned line.
#[derive(Clone, Copy)]
#[repr(align(64))]
pub struct PlainLine<K, V, const N: usize> {
    keys: [K; N],
    values: [V; N],
}

/// Four word keys and their values: a cache line when the values take at
/// most 8 bytes.
pub type WordLine<V> = PlainLine<u64, V, 4>;

/// Two keys of two words and their values: a cache line when the values
/// take at most 16 bytes.
pub type PairLine<V> = PlainLine<(u64, u64), V, 2>;

impl<K: LineKey, V: Copy + Default, const N: usize> Line for PlainLine<K, V, N> {
    type Key = K;
    type Value = V;
    const WAYS: usize = N;

    fn empty() -> Self {
        PlainLine {
            keys: [K::EMPTY; N],
            values: [V::default(); N],
        }
    }

    #[inline]
    fn keys(&self) -> &[K] {
        &self.keys
    }

    #[inline]
    fn value(&self, s: usize) -> V {
        self.values[s]
    }

    fn set(&mut self, s: usize, k: K, v: V) {
        self.keys[s] = k;
        self.values[s] = v;
    }
}

/// The greatest cost class a line of games keeps: 6 bits a slot.
pub const MAX_CLASS: u32 = 63;

/// `N` keys (at most five), each with a game and a cost class of 6 bits
/// (how many options the game was found from, at most [`MAX_CLASS`]), the
/// classes in one word. Its value is the pair (game, class): a count past
/// [`MAX_CLASS`] is read back as [`MAX_CLASS`].
#[derive(Clone, Copy)]
#[repr(align(64))]
pub struct ClassedLine<K, const N: usize> {
    keys: [K; N],
    games: [Game; N],
    classes: u32,
}

/// Five word keys with their games and classes: 40 bytes of keys, 20 of
/// games, 4 of classes.
pub type GameLine = ClassedLine<u64, 5>;

/// Three keys of two words with their games and classes: 48 bytes of keys,
/// 12 of games, 4 of classes.
pub type PairGameLine = ClassedLine<(u64, u64), 3>;

impl<K: LineKey, const N: usize> Line for ClassedLine<K, N> {
    type Key = K;
    type Value = (Game, u32);
    const WAYS: usize = {
        assert!(6 * N <= 32, "the classes of a line fill one word");
        N
    };

    fn empty() -> Self {
        ClassedLine {
            keys: [K::EMPTY; N],
            games: [Game::ZERO; N],
            classes: 0,
        }
    }

    #[inline]
    fn keys(&self) -> &[K] {
        &self.keys
    }

    #[inline]
    fn value(&self, s: usize) -> (Game, u32) {
        (self.games[s], self.classes >> (6 * s) & MAX_CLASS)
    }

    fn set(&mut self, s: usize, k: K, (g, class): (Game, u32)) {
        self.keys[s] = k;
        self.games[s] = g;
        let shift = 6 * s;
        self.classes = self.classes & !(MAX_CLASS << shift) | class.min(MAX_CLASS) << shift;
    }
}

/// A table of keys in line-sized buckets of layout `L` (see the
/// module documentation). At most 7/8 of its slots are used.
pub struct LineTable<L: Line> {
    /// A power of two of buckets, or none.
    buckets: Vec<L>,
    /// Entries in the buckets.
    len: usize,
    /// The entry of the key [`LineKey::EMPTY`], kept apart in the first slot of a
    /// line of its own (so that its value is kept as a line keeps values).
    empty_key: Option<L>,
}

/// The entries of `buckets`, in order.
fn occupied<L: Line>(buckets: &[L]) -> impl Iterator<Item = (L::Key, L::Value)> + '_ {
    buckets.iter().flat_map(|b| {
        b.keys()
            .iter()
            .enumerate()
            .filter(|(_, &k)| k != L::Key::EMPTY)
            .map(|(s, &k)| (k, b.value(s)))
    })
}

impl<L: Line> Default for LineTable<L> {
    fn default() -> Self {
        LineTable {
            buckets: Vec::new(),
            len: 0,
            empty_key: None,
        }
    }
}

impl<L: Line> LineTable<L> {
    /// The bucket and slot of `k` (hash `h`) if it is in the buckets, else
    /// the first empty slot of its probe (there is always one).
    #[inline]
    fn probe(&self, h: u64, k: L::Key) -> Result<(usize, usize), (usize, usize)> {
        let mask = self.buckets.len() - 1;
        let mut i = h as usize & mask;
        loop {
            for (s, &key) in self.buckets[i].keys().iter().enumerate() {
                if key == k {
                    return Ok((i, s));
                }
                if key == L::Key::EMPTY {
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
        (entries * 8).div_ceil(7 * L::WAYS).next_power_of_two()
    }

    /// Move every entry into `n` buckets (growing, or shrinking after
    /// forgetting).
    fn resize(&mut self, n: usize) {
        let old = std::mem::replace(&mut self.buckets, vec![L::empty(); n]);
        self.len = 0;
        for (k, v) in occupied(&old) {
            self.put_new(hash_of(&k), k, v);
        }
    }

    /// Put an entry for a key that is not [`LineKey::EMPTY`] and not in the
    /// buckets, which have room for it.
    fn put_new(&mut self, h: u64, k: L::Key, v: L::Value) {
        if let Err((i, s)) = self.probe(h, k) {
            self.buckets[i].set(s, k, v);
            self.len += 1;
        }
    }

    /// Slots in the buckets.
    fn slots(&self) -> usize {
        self.buckets.len() * L::WAYS
    }
}

impl<L: Line> Slots<L::Key, L::Value> for LineTable<L> {
    #[inline]
    fn find(&self, h: u64, k: &L::Key) -> Option<L::Value> {
        if *k == L::Key::EMPTY {
            return self.empty_key.map(|l| l.value(0));
        }
        if self.buckets.is_empty() {
            return None;
        }
        let (i, s) = self.probe(h, *k).ok()?;
        Some(self.buckets[i].value(s))
    }

    fn replace(&mut self, h: u64, k: &L::Key, v: L::Value) -> Result<(), L::Value> {
        if *k == L::Key::EMPTY {
            return match &mut self.empty_key {
                Some(l) => {
                    l.set(0, L::Key::EMPTY, v);
                    Ok(())
                }
                None => Err(v),
            };
        }
        if self.buckets.is_empty() {
            return Err(v);
        }
        match self.probe(h, *k) {
            Ok((i, s)) => {
                self.buckets[i].set(s, *k, v);
                Ok(())
            }
            Err(_) => Err(v),
        }
    }

    fn insert_new(&mut self, h: u64, k: L::Key, v: L::Value) {
        if k == L::Key::EMPTY {
            let mut l = L::empty();
            l.set(0, L::Key::EMPTY, v);
            self.empty_key = Some(l);
            return;
        }
        if (self.len + 1) * 8 > self.slots() * 7 {
            self.resize(Self::buckets_for(self.len + 1).max(2 * self.buckets.len()));
        }
        self.put_new(h, k, v);
    }

    fn retain(&mut self, mut keep: impl FnMut(&L::Key, &L::Value) -> bool) {
        if self
            .empty_key
            .is_some_and(|l| !keep(&L::Key::EMPTY, &l.value(0)))
        {
            self.empty_key = None;
        }
        // The kept entries set aside and the buckets emptied in place, so
        // that the table's room is not allocated twice.
        let kept: Vec<(L::Key, L::Value)> = occupied(&self.buckets)
            .filter(|(k, v)| keep(k, v))
            .collect();
        self.buckets.fill(L::empty());
        self.len = 0;
        for (k, v) in kept {
            self.put_new(hash_of(&k), k, v);
        }
    }

    fn for_each(&self, mut f: impl FnMut(&L::Key, &L::Value)) {
        if let Some(l) = &self.empty_key {
            f(&L::Key::EMPTY, &l.value(0));
        }
        for (k, v) in occupied(&self.buckets) {
            f(&k, &v);
        }
    }

    fn len(&self) -> usize {
        self.len + usize::from(self.empty_key.is_some())
    }

    fn allocation_size(&self) -> usize {
        self.buckets.capacity() * std::mem::size_of::<L>()
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
    use super::{GameLine, Line, LineKey, LineTable, PairGameLine, PairLine, WordLine, MAX_CLASS};
    use crate::game::Game;
    use crate::sharded::{hash_of, Slots};
    use proptest::prelude::*;
    use std::collections::HashMap;
    use std::fmt::Debug;

    /// Keys from a small range (many collisions of buckets), any key, and
    /// the key of an empty slot.
    fn key() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..64, any::<u64>(), Just(u64::MAX)]
    }

    /// A key of a line's type from a number: the number itself for word
    /// keys, a pair that ties the two words for pairs (so that small
    /// numbers still collide in buckets); the empty marker maps to the
    /// empty marker.
    trait FromNumber: LineKey {
        fn from_number(n: u64) -> Self;
    }

    impl FromNumber for u64 {
        fn from_number(n: u64) -> Self {
            n
        }
    }

    impl FromNumber for (u64, u64) {
        fn from_number(n: u64) -> Self {
            if n == u64::MAX {
                Self::EMPTY
            } else {
                (n, n % 3)
            }
        }
    }

    /// A table of layout `L` holds what a `HashMap` given the same
    /// operations holds, the keys made from numbers (`FromNumber`), the
    /// values made by `value` from numbers and read back as `kept` says: inserts of new keys, updates in place,
    /// forgetting by a predicate (the values made from odd numbers) and
    /// shrinking; it is never more than 7/8 full.
    fn like_a_hash_map<L: Line>(
        ops: &[(u64, u32, u8)],
        value: impl Fn(u32) -> L::Value,
        kept: impl Fn(L::Value) -> L::Value,
        odd: impl Fn(&L::Value) -> bool,
    ) -> Result<(), TestCaseError>
    where
        L::Key: FromNumber + Debug,
        L::Value: PartialEq + Debug,
    {
        let mut table: LineTable<L> = LineTable::default();
        let mut model: HashMap<L::Key, L::Value> = HashMap::new();
        for &(k, n, op) in ops {
            let k = L::Key::from_number(k);
            let h = hash_of(&k);
            let v = value(n);
            match op {
                0 => {
                    table.retain(|_, v| !odd(v));
                    model.retain(|_, v| !odd(v));
                }
                1 => table.shrink_to_fit(),
                _ => match table.replace(h, &k, v) {
                    Ok(()) => {
                        prop_assert!(model.contains_key(&k));
                        model.insert(k, kept(v));
                    }
                    Err(v) => {
                        prop_assert!(!model.contains_key(&k));
                        table.insert_new(h, k, v);
                        model.insert(k, kept(v));
                    }
                },
            }
            prop_assert_eq!(table.len(), model.len());
            prop_assert!(table.len * 8 <= table.slots() * 7);
        }
        for (k, v) in &model {
            prop_assert_eq!(table.find(hash_of(k), k), Some(*v));
        }
        let mut seen = HashMap::new();
        table.for_each(|k, v| {
            seen.insert(*k, *v);
        });
        prop_assert_eq!(seen, model);
        Ok(())
    }

    /// The layouts of games, and of values of up to 8 bytes with their
    /// classes (16 with two-word keys), fill one cache line exactly.
    #[test]
    fn a_line_is_a_cache_line() {
        assert_eq!(std::mem::size_of::<WordLine<(Game, u32)>>(), 64);
        assert_eq!(std::mem::size_of::<PairLine<(u64, u32)>>(), 64);
        assert_eq!(std::mem::size_of::<GameLine>(), 64);
        assert_eq!(std::mem::size_of::<PairGameLine>(), 64);
    }

    proptest! {
        /// Every layout of line behaves as a hash map; a line of games
        /// keeps each game exactly and its class up to [`MAX_CLASS`],
        /// whatever its neighbours' classes.
        #[test]
        fn behaves_as_a_hash_map(
            ops in prop::collection::vec((key(), any::<u32>(), 0u8..10), 0..600)
        ) {
            like_a_hash_map::<WordLine<u32>>(&ops, |n| n, |v| v, |v| v % 2 == 1)?;
            like_a_hash_map::<PairLine<u32>>(&ops, |n| n, |v| v, |v| v % 2 == 1)?;
            let game = |n: u32| (Game::integer(i64::from(n >> 8) % 9), n % 128);
            let capped = |(g, c): (Game, u32)| (g, c.min(MAX_CLASS));
            let odd = |&(_, c): &(Game, u32)| c % 2 == 1;
            like_a_hash_map::<GameLine>(&ops, game, capped, odd)?;
            like_a_hash_map::<PairGameLine>(&ops, game, capped, odd)?;
        }
    }
}
