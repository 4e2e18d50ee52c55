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

/// log2 of the number of entries per thread (16 bytes of key, 8 of tag
/// and value: 1.5 MiB). Four times the 2^14 entries of before, which fit
/// the processor's own cache: a slot read from the shared cache costs less
/// than the table's miss it saves (Konane `xoxoxo|oxoxox|xox.xo|oxoxox`:
/// 1.53M of 3.61M look-ups answered here with 2^14 entries, 2.51M with
/// 2^18; median of 8 runs 1.09 -> 1.06 s with 2^16, Fission 6x6 and
/// Domineering 5x6 3% less too; 2^18 took as long as 2^16).
const BITS: u32 = 16;

/// One slot: the key, the evaluator's tag (0: empty), the value.
#[derive(Clone, Copy)]
struct Slot {
    key: PackedKey,
    tag: u32,
    value: Game,
}

thread_local! {
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// The next tag given to an evaluator (0 marks an empty slot).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// A fresh tag for a new evaluator.
pub fn new_tag() -> u32 {
    NEXT_TAG.fetch_add(1, Ordering::Relaxed).max(1)
}

/// The slot of a key for an evaluator.
fn index(key: &PackedKey, tag: u32) -> usize {
    let h = (key.0 ^ key.1.rotate_left(29) ^ u64::from(tag).rotate_left(47))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - BITS)) as usize
}

/// The value this thread last saw for `key` in the evaluator tagged
/// `tag`, if its slot still holds it.
pub fn get(key: &PackedKey, tag: u32) -> Option<Game> {
    SLOTS.with(|s| {
        let s = s.borrow();
        let slot = s.get(index(key, tag))?;
        (slot.tag == tag && slot.key == *key).then_some(slot.value)
    })
}

/// Remember `value` for `key` in the evaluator tagged `tag` (replacing
/// whatever the slot held).
pub fn put(key: PackedKey, tag: u32, value: Game) {
    SLOTS.with(|s| {
        let mut s = s.borrow_mut();
        if s.is_empty() {
            s.resize(
                1 << BITS,
                Slot {
                    key: (0, 0),
                    tag: 0,
                    value: Game::ZERO,
                },
            );
        }
        let i = index(&key, tag);
        if let Some(slot) = s.get_mut(i) {
            *slot = Slot { key, tag, value };
        }
    })
}
