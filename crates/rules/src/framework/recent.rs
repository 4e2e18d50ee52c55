//! A small per-thread cache of recent look-ups by packed key, in front of
//! an evaluator's shared table: the options of sibling positions overlap
//! (moves a then b, b then a), so most look-ups repeat a recent one, and a
//! cache that fits in the processor's own cache answers them without
//! touching the large, locked, memory-bound table.
//!
//! The cache is set-associative: a key's hash picks one cache line, which
//! holds the last five keys that narrow to a word ([`narrow`]) put there
//! with their values, or the last three wider keys (two arrays of lines,
//! one for each). A look-up reads one line; a put shifts the line's
//! entries by one and writes the new one first, forgetting the oldest. In
//! a Konane `xoxoxo|oxoxox|xox.xo|oxoxox` search, replayed through models
//! of the cache, 1.97M of 3.61M look-ups were answered by 2^16 slots of one
//! key each (1.5 MiB), 2.18M by 2^14 lines of five (1 MiB), 2.52M by 2^15
//! lines of five (2 MiB); keeping the most recently read keys first
//! instead answered as many.
//!
//! Each line is tagged with the evaluator its entries came from (a number
//! given once per evaluator, never reused), so that evaluators never see
//! each other's values: a put for another evaluator takes the whole line.
//! A value, once found, never changes (canonical forms are values, and the
//! store's handles are permanent), so an entry stays true even after the
//! shared table forgets it.

use super::position::{narrow, PackedKey};
use onag_core::game::Game;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, Ordering};

/// log2 of the most lines of each kind per thread (1 MiB of narrow lines).
/// Twice as many answered more look-ups (2.52M against 2.18M in the
/// Konane search of the module documentation) but did not fit beside the
/// rest in the processor's own cache (1 MiB a core): with the last level
/// shared with busy neighbours, 2^15 lines took 0.76 s against 0.73 s on
/// that search (median of 11), Fission
/// `......|.x..x.|..xx..|.x..x.|......|......` 1.89 s against 1.71 s (of
/// 5), and a simulated 2 MiB last level missed 4.51M times against 4.34M.
/// Fewer lines trade the other way: the look-ups they no longer answer go
/// to the shared table, and cost a Fission or Domineering search, whose
/// misses are decomposed and normalised again, more than they save in the
/// processor's cache (2^10 lines: Fission 6x6 and Domineering 4x7 3-5%
/// slower, with two searches side by side; 2^13: 1.5-2.5% faster side by
/// side, with 3% more instructions and no difference alone).
const MAX_BITS: u32 = 14;

/// log2 of the lines of a kind a thread starts with (64 KiB). A thread's
/// lines grow fourfold, forgetting what they held, each time they have
/// taken twice as many values as they have slots, up to 2^[`MAX_BITS`]:
/// made whole from the start, the cache was written for every search, a
/// tenth of the time of the small ones (Domineering 4x5 in 11-14 ms).
const FIRST_BITS: u32 = 10;

/// A cache line of recent values for one evaluator: `N` keys and their
/// values, the most recent first, and the evaluator's tag (0: the line
/// holds nothing).
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line<K, const N: usize> {
    keys: [K; N],
    values: [Game; N],
    tag: u32,
}

impl<K: Copy + PartialEq + Default, const N: usize> Line<K, N> {
    /// A line holding nothing.
    fn empty() -> Self {
        Line {
            keys: [K::default(); N],
            values: [Game::ZERO; N],
            tag: 0,
        }
    }

    /// The value of `key` for the evaluator tagged `tag`, if held here.
    #[inline]
    fn find(&self, key: &K, tag: u32) -> Option<Game> {
        if self.tag != tag {
            return None;
        }
        let i = self.keys.iter().position(|k| k == key)?;
        Some(self.values[i])
    }

    /// Hold `value` for `key` for the evaluator tagged `tag`, first,
    /// forgetting the oldest entry (or all of them, if they came from
    /// another evaluator).
    #[inline]
    fn push(&mut self, key: K, tag: u32, value: Game) {
        if self.tag == tag {
            self.keys.copy_within(..N - 1, 1);
            self.values.copy_within(..N - 1, 1);
            self.keys[0] = key;
            self.values[0] = value;
        } else {
            // Every slot holds the new entry: a line of one evaluator has
            // no empty slots.
            *self = Line {
                keys: [key; N],
                values: [value; N],
                tag,
            };
        }
    }
}

/// A thread's lines of one kind (a power of two of them, or none yet),
/// and the values taken since they were made.
struct Lines<K, const N: usize> {
    lines: Vec<Line<K, N>>,
    puts: usize,
}

impl<K: Copy + PartialEq + Default, const N: usize> Lines<K, N> {
    const NONE: Self = Lines {
        lines: Vec::new(),
        puts: 0,
    };

    /// The line of a key hashed to `h`: the top bits of `h`.
    fn index(&self, h: u64) -> usize {
        (h >> (64 - self.lines.len().trailing_zeros())) as usize
    }

    /// The value held for `key` (hashed to `h`) in the evaluator tagged
    /// `tag`.
    #[inline]
    fn get(&self, h: u64, key: &K, tag: u32) -> Option<Game> {
        if self.lines.is_empty() {
            return None;
        }
        self.lines.get(self.index(h))?.find(key, tag)
    }

    /// Hold `value` for `key` (hashed to `h`) in the evaluator tagged
    /// `tag`, after growing the lines if they have taken twice as many
    /// values as they have slots.
    fn put(&mut self, h: u64, key: K, tag: u32, value: Game) {
        let len = self.lines.len();
        if len == 0 || (self.puts > 2 * N * len && len < 1 << MAX_BITS) {
            let bits = if len == 0 {
                FIRST_BITS
            } else {
                len.trailing_zeros() + 2
            };
            self.lines = vec![Line::empty(); 1 << bits.min(MAX_BITS)];
            self.puts = 0;
        }
        self.puts += 1;
        let i = self.index(h);
        if let Some(line) = self.lines.get_mut(i) {
            line.push(key, tag, value);
        }
    }
}

/// A thread's cache: lines of narrow keys and lines of wide ones.
struct Cache {
    /// Five narrow keys a line, with their values and tag: 64 bytes.
    narrow: Lines<u64, 5>,
    /// Three wide keys a line, with their values and tag: 64 bytes.
    wide: Lines<PackedKey, 3>,
}

thread_local! {
    static CACHE: RefCell<Cache> = const {
        RefCell::new(Cache {
            narrow: Lines::NONE,
            wide: Lines::NONE,
        })
    };
}

/// The next tag given to an evaluator (0 marks an empty line).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// A fresh tag for a new evaluator.
pub fn new_tag() -> u32 {
    NEXT_TAG.fetch_add(1, Ordering::Relaxed).max(1)
}

/// The hash of a key for an evaluator, whose top bits choose its line.
fn hash(key: &PackedKey, tag: u32) -> u64 {
    (key.0 ^ key.1.rotate_left(29) ^ u64::from(tag).rotate_left(47))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A key's place in this thread's cache for one evaluator: its hash and
/// its narrow form, found once for a look-up and the put that follows a
/// miss (each had hashed and narrowed the key).
#[derive(Clone, Copy)]
pub struct Place {
    h: u64,
    key: PackedKey,
    narrow: Option<u64>,
    tag: u32,
}

impl Place {
    /// The place of `key` for the evaluator tagged `tag`.
    #[inline]
    pub fn of(key: &PackedKey, tag: u32) -> Place {
        Place {
            h: hash(key, tag),
            key: *key,
            narrow: narrow(key),
            tag,
        }
    }

    /// The value this thread last saw for the key in the evaluator, if
    /// its line still holds it.
    #[inline]
    pub fn get(&self) -> Option<Game> {
        CACHE.with(|c| {
            let c = c.borrow();
            match self.narrow {
                Some(n) => c.narrow.get(self.h, &n, self.tag),
                None => c.wide.get(self.h, &self.key, self.tag),
            }
        })
    }

    /// Remember `value` for the key in the evaluator (forgetting the
    /// oldest entry of its line).
    #[inline]
    pub fn put(&self, value: Game) {
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            match self.narrow {
                Some(n) => c.narrow.put(self.h, n, self.tag, value),
                None => c.wide.put(self.h, self.key, self.tag, value),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{hash, new_tag, Line, Place, CACHE, FIRST_BITS, MAX_BITS};
    use crate::framework::position::{narrow, PackedKey};
    use onag_core::game::Game;

    /// The lines of a key's kind in this thread: their number, and the
    /// line of `key` for the evaluator tagged `tag`.
    fn lines_of(key: &PackedKey, tag: u32) -> (usize, usize) {
        let h = hash(key, tag);
        CACHE.with(|c| {
            let c = c.borrow();
            match narrow(key) {
                Some(_) => (c.narrow.lines.len(), c.narrow.index(h)),
                None => (c.wide.lines.len(), c.wide.index(h)),
            }
        })
    }

    fn get(key: &PackedKey, tag: u32) -> Option<Game> {
        Place::of(key, tag).get()
    }

    fn put(key: PackedKey, tag: u32, value: Game) {
        Place::of(&key, tag).put(value)
    }

    /// Keys that narrow (`wide` false) or not, numbered by `i`.
    fn key(i: u64, wide: bool) -> PackedKey {
        if wide {
            (i, i.rotate_left(40) | 1)
        } else {
            (i & 0xffff_ffff_ffff, 6 << 56 | 4 << 48)
        }
    }

    /// A thread's lines of each kind start small and grow to their most;
    /// a look-up answers the last value put for the key in that
    /// evaluator, or nothing, never another evaluator's value or another
    /// key's.
    #[test]
    fn answers_only_what_was_put() {
        let values = [Game::ZERO, Game::star(), Game::up(), Game::integer(3)];
        for wide in [false, true] {
            let (a, b) = (new_tag(), new_tag());
            assert_eq!(narrow(&key(7, wide)).is_none(), wide);
            put(key(7, wide), a, values[1]);
            assert_eq!(lines_of(&key(7, wide), a).0, 1 << FIRST_BITS);
            assert_eq!(get(&key(7, wide), a), Some(values[1]));
            assert_eq!(get(&key(7, wide), b), None);
            let n = 1u64 << (MAX_BITS + 3);
            for i in 0..n {
                put(key(i, wide), a, values[(i % 4) as usize]);
            }
            assert_eq!(lines_of(&key(0, wide), a).0, 1 << MAX_BITS);
            let mut found = 0;
            for i in 0..n {
                if let Some(v) = get(&key(i, wide), a) {
                    assert_eq!(v, values[(i % 4) as usize]);
                    found += 1;
                }
                assert_eq!(get(&key(i, wide), b), None);
            }
            assert!(found > n / 8, "only {found} of {n} values kept");
        }
    }

    /// A line answers only the evaluator its entries came from, and
    /// another evaluator's entry takes the whole line.
    fn one_evaluator_a_line<K, const N: usize>(k: K, other: K)
    where
        K: Copy + PartialEq + Default,
    {
        let (a, b) = (new_tag(), new_tag());
        let mut line = Line::<K, N>::empty();
        assert_eq!(line.find(&k, a), None);
        line.push(k, a, Game::star());
        line.push(other, a, Game::up());
        assert_eq!(line.find(&k, a), Some(Game::star()));
        assert_eq!(line.find(&k, b), None);
        line.push(k, b, Game::integer(2));
        assert_eq!(line.find(&k, b), Some(Game::integer(2)));
        assert_eq!(line.find(&k, a), None);
        assert_eq!(line.find(&other, a), None);
        assert_eq!(line.find(&other, b), None);
    }

    #[test]
    fn a_line_is_one_evaluators() {
        assert_eq!(std::mem::size_of::<Line<u64, 5>>(), 64);
        assert_eq!(std::mem::size_of::<Line<PackedKey, 3>>(), 64);
        one_evaluator_a_line::<u64, 5>(3, 0);
        one_evaluator_a_line::<PackedKey, 3>((3, 1), (0, 0));
    }

    /// A line keeps the last entries put in it (five narrow ones, three
    /// wide ones), and forgets the oldest.
    #[test]
    fn a_line_keeps_the_most_recent() {
        for (wide, ways) in [(false, 5), (true, 3)] {
            let a = new_tag();
            put(key(0, wide), a, Game::ZERO);
            let line = lines_of(&key(0, wide), a).1;
            let same: Vec<u64> = (1..)
                .filter(|&i| lines_of(&key(i, wide), a).1 == line)
                .take(ways + 1)
                .collect();
            for (j, &i) in same.iter().enumerate() {
                put(key(i, wide), a, Game::integer(j as i64));
            }
            assert_eq!(get(&key(0, wide), a), None);
            assert_eq!(get(&key(same[0], wide), a), None);
            for (j, &i) in same.iter().enumerate().skip(1) {
                assert_eq!(get(&key(i, wide), a), Some(Game::integer(j as i64)));
            }
        }
    }
}
