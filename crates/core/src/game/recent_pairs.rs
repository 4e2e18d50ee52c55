//! A small per-thread direct-mapped cache of answers about pairs of games,
//! in front of a memo table the threads share (the order's and the sums'):
//! siblings in a search compare and add the same games, so most questions
//! repeat a recent one, and a slot of this thread answers without a lock
//! or a miss in the large table.

use super::Game;
use std::cell::RefCell;

/// Slots of a cache (a power of two): 4096 pairs.
const SLOTS: usize = 1 << 12;

/// The last answer for each slot's pair, by `(G, H)` packed in a word;
/// the word 0 marks an empty slot, so the pair (0, 0) is never kept.
pub(crate) struct RecentPairs<V> {
    slots: RefCell<Box<[(u64, V)]>>,
}

/// The pair `(g, h)` as one word, and its slot.
#[inline]
fn key_and_slot(g: Game, h: Game) -> (u64, usize) {
    let key = u64::from(g.0) << 32 | u64::from(h.0);
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize & (SLOTS - 1);
    (key, slot)
}

impl<V: Copy> RecentPairs<V> {
    /// An empty cache (`empty` fills the unused slots).
    pub(crate) fn new(empty: V) -> Self {
        RecentPairs {
            slots: RefCell::new(vec![(0, empty); SLOTS].into_boxed_slice()),
        }
    }

    /// The answer kept for `(g, h)`, if its slot still holds it.
    #[inline]
    pub(crate) fn get(&self, g: Game, h: Game) -> Option<V> {
        let (key, slot) = key_and_slot(g, h);
        let (k, v) = self.slots.borrow()[slot];
        (k == key && key != 0).then_some(v)
    }

    /// Keep `v` for `(g, h)`, replacing whatever its slot held.
    #[inline]
    pub(crate) fn put(&self, g: Game, h: Game, v: V) {
        let (key, slot) = key_and_slot(g, h);
        if key != 0 {
            self.slots.borrow_mut()[slot] = (key, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{RecentPairs, SLOTS};
    use crate::game::Game;

    /// A slot answers only for the pair it holds: pairs sharing a slot
    /// replace each other, and the pair (0, 0) is never kept.
    #[test]
    fn a_slot_answers_only_for_its_pair() {
        let cache = RecentPairs::new(0u32);
        let (a, b) = (Game(3), Game(7));
        assert_eq!(cache.get(a, b), None);
        cache.put(a, b, 5);
        assert_eq!(cache.get(a, b), Some(5));
        assert_eq!(cache.get(b, a), None);
        // Another pair in the same slot takes it.
        let slot = super::key_and_slot(a, b).1;
        let other = (1..)
            .map(|i| (Game(i), Game(i + 1)))
            .find(|&(g, h)| super::key_and_slot(g, h).1 == slot && (g, h) != (a, b))
            .expect("some pair shares the slot");
        cache.put(other.0, other.1, 9);
        assert_eq!(cache.get(other.0, other.1), Some(9));
        assert_eq!(cache.get(a, b), None);
        cache.put(Game(0), Game(0), 1);
        assert_eq!(cache.get(Game(0), Game(0)), None);
        assert!(SLOTS.is_power_of_two());
    }
}
