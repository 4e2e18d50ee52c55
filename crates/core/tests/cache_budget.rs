//! Caches under a memory budget (`memory::cache_budget`): a `ShardedMap`
//! that passes its share forgets entries instead of growing, and never
//! answers wrongly. A binary of its own, since the budget is process-wide.

use onag_core::game::Game;
use onag_core::line_table::{LineTable, WordLine};
use onag_core::memory;
use onag_core::sharded::{HashSlots, ShardedMap, Slots};
use proptest::prelude::*;
use std::sync::{Mutex, MutexGuard};

/// A budget of 4 MB for the whole process: caches get 1.5 MB of it.
const LIMIT: u64 = 4 << 20;

/// Set the budget, and hold the lock that runs this file's tests one at a
/// time: what the caches hold is counted for the whole process.
fn budget() -> MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    memory::set_limit(Some(LIMIT));
    guard
}

#[test]
fn a_full_map_forgets_instead_of_growing() {
    fills_within_the_budget(ShardedMap::<u64, u64, HashSlots<u64, u64>>::new());
    fills_within_the_budget(ShardedMap::<u64, u64, LineTable<WordLine<u64>>>::new());
}

/// Either table in the shards, filled far past the budget.
fn fills_within_the_budget<S: Slots<u64, u64>>(map: ShardedMap<u64, u64, S>) {
    let _one = budget();
    // 2 million entries of 16 bytes would need well over 32 MB.
    for k in 0u64..2_000_000 {
        map.insert(k, k.wrapping_mul(3));
    }
    let held = memory::cached();
    let budget = memory::cache_budget().expect("a budget is set");
    // A shard grows past its fair share only while the caches have room,
    // so the caches stay within the budget (a shard could double while
    // the caches were under it, and the 64 shards of a map, filled evenly,
    // doubled together past it).
    assert!(held <= budget, "caches hold {held} bytes, budget {budget}");
    assert!(
        held > budget / 4,
        "caches hold only {held} bytes of {budget}"
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
    cheap_entries_go_first(ShardedMap::<u64, u64, HashSlots<u64, u64>>::with_cost(
        every_fourth_is_expensive,
    ));
    cheap_entries_go_first(ShardedMap::<u64, u64, LineTable<WordLine<u64>>>::with_cost(
        every_fourth_is_expensive,
    ));
}

/// Either table in the shards, with a cost.
fn cheap_entries_go_first<S: Slots<u64, u64>>(map: ShardedMap<u64, u64, S>) {
    let _one = budget();
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
fn a_heavier_map_keeps_a_larger_share() {
    let _one = budget();
    // Maps that hold nothing take no share of the budget.
    let idle: Vec<ShardedMap<u64, u64>> = (0..20).map(|_| ShardedMap::new()).collect();
    let light: ShardedMap<u64, u64> = ShardedMap::new();
    let heavy: ShardedMap<u64, u64> = ShardedMap::new().weighted(8);
    let before = memory::cached();
    // The light map fills the budget alone first; then both are used, and
    // the heavy one takes its share from the light one.
    for k in 0u64..2_000_000 {
        light.insert(k, k);
    }
    for k in 2_000_000u64..4_000_000 {
        light.insert(k, k);
        heavy.insert(k, k);
    }
    let (light_n, heavy_n) = (light.len(), heavy.len());
    // Both forgot; the heavier one keeps half as many again at least. Its
    // shards may hold 8 times as much, but tables double in size, and the
    // light map gives memory back only when the caches pass the budget by
    // an eighth; with an even split, each would keep about as many.
    assert!(heavy_n < 2_000_000, "the heavy map forgot nothing");
    assert!(light_n < 4_000_000, "the light map forgot nothing");
    assert!(
        2 * heavy_n > 3 * light_n,
        "weight 8 keeps {heavy_n} entries, weight 1 keeps {light_n}"
    );
    // Together they fill most of the budget, though 20 maps are alive
    // beside them (with an even split among every map alive, they would
    // get a share of 2 in 22).
    let held = memory::cached() - before;
    let budget = memory::cache_budget().expect("a budget is set");
    assert!(
        held > budget / 2,
        "the two maps hold {held} bytes of {budget}"
    );
    assert!(idle.iter().all(ShardedMap::is_empty));
    drop((light, heavy, idle));
}

#[test]
fn game_values_under_a_tiny_budget() {
    let _one = budget();
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
fn never_wrong<S: Slots<u64, u16>>(
    map: ShardedMap<u64, u16, S>,
    ops: &[(u64, u16)],
) -> Result<(), TestCaseError> {
    let _one = budget();
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
    fn forgetting_never_answers_wrongly(ops in prop::collection::vec((0u64..5000, any::<u16>()), 0..3000)) {
        never_wrong(ShardedMap::<u64, u16, HashSlots<u64, u16>>::new(), &ops)?;
        never_wrong(ShardedMap::<u64, u16, LineTable<WordLine<u16>>>::new(), &ops)?;
    }

    /// The same with cheap entries forgotten first.
    #[test]
    fn forgetting_by_cost_never_answers_wrongly(ops in prop::collection::vec((0u64..5000, any::<u16>()), 0..3000)) {
        let cost = |k: &u64, v: &u16| (*k as u8) ^ (*v as u8);
        never_wrong(ShardedMap::<u64, u16, HashSlots<u64, u16>>::with_cost(cost), &ops)?;
        never_wrong(ShardedMap::<u64, u16, LineTable<WordLine<u16>>>::with_cost(cost), &ops)?;
    }
}
