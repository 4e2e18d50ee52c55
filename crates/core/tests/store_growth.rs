//! The game store tells the memory budget of its next segment of slots
//! while the last quarter of the current one fills (`memory::expect_growth`),
//! so that the caches make room for it before it is written whole. A
//! binary of its own, since the store is process-wide. (Without it, a
//! segment of 13.6 MB written at once carried `onag --max-memory 90M -e
//! 'Domineering(Grid.Empty(4,8)).CanonicalForm.Temperature'` past the
//! limit, and it was stopped.)

use onag_core::game::Game;
use onag_core::memory;

/// Make games until the store holds at least `n` (integers are distinct
/// games, each with an id of its own).
fn fill_to(next: &mut i64, n: usize) {
    while Game::store_size() < n {
        let _ = Game::integer(*next);
        *next += 1;
    }
}

#[test]
fn the_store_announces_its_next_segment() {
    let mut next = 1;
    // Segment 0 holds ids 0..1024; its last quarter starts at 768.
    fill_to(&mut next, 700);
    assert_eq!(memory::expected_growth(), 0);
    fill_to(&mut next, 800);
    let first = memory::expected_growth();
    assert!(
        first > 0,
        "nothing expected in the last quarter of segment 0"
    );
    // Segment 1 (ids 1024..2048) is allocated: nothing is expected until
    // its own last quarter (from id 1792), which expects twice as much.
    fill_to(&mut next, 1100);
    assert_eq!(memory::expected_growth(), 0);
    fill_to(&mut next, 1800);
    assert_eq!(memory::expected_growth(), 2 * first);
}
