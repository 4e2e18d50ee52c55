//! A small per-thread direct-mapped cache of recent look-ups by packed key,
//! in front of an evaluator's shared table: the options of sibling
//! positions overlap (moves a then b, b then a), so most look-ups repeat a
//! recent one, and a cache that fits in the processor's own cache answers
//! them without touching the large, locked, memory-bound table.
//!
//! Entries are tagged with the evaluator they came from (a number given
//! once per evaluator, never reused), so that evaluators never see each
//! other's values. A value, once found, never changes (canonical forms are
//! values, and the store's handles are permanent), so an entry stays true
//! even after the shared table forgets it.

use super::position::PackedKey;
use onag_core::game::Game;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, Ordering};

/// log2 of the most entries per thread (16 bytes of key, 8 of tag and
/// value: 1.5 MiB). Four times the 2^14 entries of before, which fit the
/// processor's own cache: a slot read from the shared cache costs less
/// than the table's miss it saves (Konane `xoxoxo|oxoxox|xox.xo|oxoxox`:
/// 1.53M of 3.61M look-ups answered here with 2^14 entries, 2.51M with
/// 2^18; median of 8 runs 1.09 -> 1.06 s with 2^16, Fission 6x6 and
/// Domineering 5x6 3% less too; 2^18 took as long as 2^16).
const MAX_BITS: u32 = 16;

/// log2 of the entries a thread starts with (96 KiB). A thread's cache
/// grows fourfold, forgetting what it held, each time it has taken twice
/// as many values as it has slots, up to 2^[`MAX_BITS`]: made whole from
/// the start, the 1.5 MiB of each thread were written for every search,
/// a tenth of the time of the small ones (Domineering 4x5 in 11-14 ms).
const FIRST_BITS: u32 = 12;

/// One slot: the key, the evaluator's tag (0: empty), the value.
#[derive(Clone, Copy)]
struct Slot {
    key: PackedKey,
    tag: u32,
    value: Game,
}

/// A thread's slots (a power of two of them, or none yet), and the values
/// taken since they were made.
struct Cache {
    slots: Vec<Slot>,
    puts: usize,
}

const EMPTY: Slot = Slot {
    key: (0, 0),
    tag: 0,
    value: Game::ZERO,
};

thread_local! {
    static SLOTS: RefCell<Cache> = const {
        RefCell::new(Cache {
            slots: Vec::new(),
            puts: 0,
        })
    };
}

/// The next tag given to an evaluator (0 marks an empty slot).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// A fresh tag for a new evaluator.
pub fn new_tag() -> u32 {
    NEXT_TAG.fetch_add(1, Ordering::Relaxed).max(1)
}

/// The slot of a key for an evaluator among `len` slots (a power of two).
fn index(key: &PackedKey, tag: u32, len: usize) -> usize {
    let h = (key.0 ^ key.1.rotate_left(29) ^ u64::from(tag).rotate_left(47))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - len.trailing_zeros())) as usize
}

/// The value this thread last saw for `key` in the evaluator tagged
/// `tag`, if its slot still holds it.
pub fn get(key: &PackedKey, tag: u32) -> Option<Game> {
    SLOTS.with(|s| {
        let s = s.borrow();
        if s.slots.is_empty() {
            return None;
        }
        let slot = s.slots.get(index(key, tag, s.slots.len()))?;
        (slot.tag == tag && slot.key == *key).then_some(slot.value)
    })
}

/// Remember `value` for `key` in the evaluator tagged `tag` (replacing
/// whatever the slot held).
pub fn put(key: PackedKey, tag: u32, value: Game) {
    SLOTS.with(|s| {
        let mut s = s.borrow_mut();
        let len = s.slots.len();
        if len == 0 || (s.puts > 2 * len && len < 1 << MAX_BITS) {
            let bits = if len == 0 {
                FIRST_BITS
            } else {
                len.trailing_zeros() + 2
            };
            s.slots = vec![EMPTY; 1 << bits.min(MAX_BITS)];
            s.puts = 0;
        }
        s.puts += 1;
        let i = index(&key, tag, s.slots.len());
        if let Some(slot) = s.slots.get_mut(i) {
            *slot = Slot { key, tag, value };
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{get, new_tag, put, FIRST_BITS, MAX_BITS, SLOTS};
    use onag_core::game::Game;

    /// A thread's cache starts small and grows to its most entries; a
    /// look-up answers the last value put for the key in that evaluator,
    /// or nothing, never another evaluator's value or another key's.
    #[test]
    fn answers_only_what_was_put() {
        let values = [Game::ZERO, Game::star(), Game::up(), Game::integer(3)];
        let (a, b) = (new_tag(), new_tag());
        put((1, 2), a, values[1]);
        assert_eq!(SLOTS.with(|s| s.borrow().slots.len()), 1 << FIRST_BITS);
        assert_eq!(get(&(1, 2), a), Some(values[1]));
        assert_eq!(get(&(1, 2), b), None);
        let n = 1u64 << (MAX_BITS + 3);
        for i in 0..n {
            put((i, i.rotate_left(40)), a, values[(i % 4) as usize]);
        }
        assert_eq!(SLOTS.with(|s| s.borrow().slots.len()), 1 << MAX_BITS);
        let mut found = 0;
        for i in 0..n {
            if let Some(v) = get(&(i, i.rotate_left(40)), a) {
                assert_eq!(v, values[(i % 4) as usize]);
                found += 1;
            }
            assert_eq!(get(&(i, i.rotate_left(40)), b), None);
        }
        assert!(found > n / 16, "only {found} of {n} values kept");
    }
}
