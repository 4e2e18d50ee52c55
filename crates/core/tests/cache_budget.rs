//! Caches under a memory budget (`memory::cache_budget`): a `ShardedMap`
//! that passes its share forgets entries instead of growing, and never
//! answers wrongly. A binary of its own, since the budget is process-wide.

use onag_core::game::Game;
use onag_core::memory;
use onag_core::sharded::ShardedMap;
use proptest::prelude::*;

/// A budget of 4 MB for the whole process: caches get 1.5 MB of it.
const LIMIT: u64 = 4 << 20;

fn budget() {
    memory::set_limit(Some(LIMIT));
}

#[test]
fn a_full_map_forgets_instead_of_growing() {
    budget();
    let map = ShardedMap::new();
    // 2 million entries of 16 bytes would need well over 32 MB.
    for k in 0u64..2_000_000 {
        map.insert(k, k.wrapping_mul(3));
    }
    let held = memory::cached();
    let share = memory::cache_budget().expect("a budget is set");
    // Every shard stops growing at its fair share, so the caches stay
    // within twice the budget (a shard below half its share may double).
    assert!(
        held <= 2 * share,
        "caches hold {held} bytes, budget {share}"
    );
    assert!(map.len() < 2_000_000, "nothing was forgotten");
    assert!(map.len() > 10_000, "too much was forgotten: {}", map.len());
    // What is kept is right; the last entries inserted are mostly kept.
    let mut found = 0;
    for k in 1_990_000u64..2_000_000 {
        if let Some(v) = map.get(&k) {
            assert_eq!(v, k.wrapping_mul(3));
            found += 1;
        }
    }
    assert!(found > 1000, "only {found} of the last 10000 entries kept");
    drop(map);
}

/// Keys divisible by 4 are expensive (class 200), the others cheap.
fn every_fourth_is_expensive(k: &u64, _: &u64) -> u8 {
    if k.is_multiple_of(4) {
        200
    } else {
        0
    }
}

#[test]
fn a_map_with_a_cost_forgets_cheap_entries_first() {
    budget();
    let map = ShardedMap::with_cost(every_fourth_is_expensive);
    for k in 0u64..2_000_000 {
        map.insert(k, k.wrapping_mul(3));
    }
    assert!(map.len() < 2_000_000, "nothing was forgotten");
    let (mut expensive, mut cheap) = (0, 0);
    for k in 0u64..2_000_000 {
        if let Some(v) = map.get(&k) {
            assert_eq!(v, k.wrapping_mul(3));
            if k.is_multiple_of(4) {
                expensive += 1;
            } else {
                cheap += 1;
            }
        }
    }
    // Inserted one to three; forgetting by hash alone would keep about
    // that ratio. Cheap entries go first, so the expensive ones kept are
    // well over half as many as the cheap ones (those inserted since the
    // last forgetting are still one to three).
    assert!(
        expensive * 2 > cheap,
        "{expensive} expensive entries kept, {cheap} cheap ones"
    );
    drop(map);
}

#[test]
fn game_values_under_a_tiny_budget() {
    budget();
    // Sums and comparisons go through the store's caches, which forget
    // under the budget; the values must not change. *a + *b = *(a xor b),
    for a in 0u64..40 {
        for b in 0u64..40 {
            assert_eq!(Game::nimber(a) + Game::nimber(b), Game::nimber(a ^ b));
        }
    }
    // n.^ built one ^ at a time: each is above the one before, and adding
    // its negative gives 0.
    let up = Game::up();
    let mut acc = Game::ZERO;
    for _ in 1..=30 {
        let next = acc + up;
        assert!(acc.leq(next) && !next.leq(acc));
        assert_eq!(next + (-next), Game::ZERO);
        acc = next;
    }
}

/// Inserts `ops` into `map` under a small budget: a look-up then answers
/// the last value stored for each key, or nothing (forgotten).
fn never_wrong(map: ShardedMap<u32, u16>, ops: &[(u32, u16)]) -> Result<(), TestCaseError> {
    budget();
    let mut model = std::collections::HashMap::new();
    for &(k, v) in ops {
        map.insert(k, v);
        model.insert(k, v);
    }
    for (k, v) in &model {
        if let Some(got) = map.get(k) {
            prop_assert_eq!(got, *v);
        }
    }
    Ok(())
}

proptest! {
    /// Whatever is inserted, a look-up answers the last value stored for
    /// the key or nothing (forgotten), never another value.
    #[test]
    fn forgetting_never_answers_wrongly(ops in prop::collection::vec((0u32..5000, any::<u16>()), 0..3000)) {
        never_wrong(ShardedMap::new(), &ops)?;
    }

    /// The same with cheap entries forgotten first.
    #[test]
    fn forgetting_by_cost_never_answers_wrongly(ops in prop::collection::vec((0u32..5000, any::<u16>()), 0..3000)) {
        never_wrong(ShardedMap::with_cost(|k: &u32, v: &u16| (*k as u8) ^ (*v as u8)), &ops)?;
    }
}
