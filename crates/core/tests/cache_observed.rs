//! The caches' budget once the resident memory is observed
//! (`memory::observe_resident`): it is what the rest of the process leaves
//! of seven eighths of the limit, and caches give memory back when the
//! rest grows under them. A binary of its own, since the budget is
//! process-wide.

use onag_core::memory;
use onag_core::sharded::ShardedMap;

const MB: u64 = 1 << 20;

#[test]
fn caches_shrink_when_the_rest_of_the_process_grows() {
    memory::set_limit(Some(64 * MB));
    // Before any observation: three eighths of the limit.
    assert_eq!(memory::cache_budget(), Some(24 * MB));
    // Observed with nothing cached: 8 MB are the rest of the process, so
    // the caches may hold 7/8 * 64 - 8 = 48 MB.
    memory::observe_resident(8 * MB);
    assert_eq!(memory::cache_budget(), Some(48 * MB));
    // A step the rest of the process is about to take at once: a small
    // one fits in the last eighth; a large one takes from the caches, which
    // then leave it room below fifteen sixteenths of the limit.
    memory::expect_growth(2 * MB);
    assert_eq!(memory::cache_budget(), Some(48 * MB));
    memory::expect_growth(16 * MB);
    assert_eq!(memory::cache_budget(), Some(60 * MB - 16 * MB - 8 * MB));
    memory::expect_growth(0);
    assert_eq!(memory::cache_budget(), Some(48 * MB));

    let map = ShardedMap::new();
    let mut k = 0u64;
    let mut fill = |map: &ShardedMap<u64, u64>, n: u64| {
        for _ in 0..n {
            map.insert(k, k ^ 0x5555);
            k += 1;
        }
    };
    // 4 million entries of 16 bytes need more than 48 MB: the map stops
    // growing near the budget.
    fill(&map, 4_000_000);
    let full = memory::cached();
    assert!(full > 16 * MB, "the map held only {full} bytes");
    assert!(full <= 2 * 48 * MB, "the map held {full} bytes");

    // The rest of the process grows by 32 MB: the caches' budget drops by
    // as much, and the map gives memory back as entries keep coming.
    memory::observe_resident(memory::cached() + 40 * MB);
    let budget = memory::cache_budget().expect("a budget is set");
    assert_eq!(budget, 16 * MB);
    fill(&map, 200_000);
    let after = memory::cached();
    assert!(
        after < full && after <= budget + budget / 4,
        "caches hold {after} bytes after the budget fell to {budget} (held {full})"
    );
    // The rest of the process is about to take 8 MB at once: the budget
    // leaves room for it below fifteen sixteenths of the limit, and the
    // caches come within the budget itself (not an eighth above it) as
    // entries keep coming, so that the step fits when it comes. (Without
    // this, `onag --max-memory 200M -e
    // 'Domineering(Grid.Empty(3,12)).CanonicalForm.Temperature'` was
    // stopped by the limit when the store's next segment came.)
    memory::expect_growth(8 * MB);
    let budget = memory::cache_budget().expect("a budget is set");
    assert_eq!(budget, 60 * MB - 8 * MB - 40 * MB);
    fill(&map, 200_000);
    let before_step = memory::cached();
    assert!(
        before_step <= budget,
        "caches hold {before_step} bytes before a step, budget {budget}"
    );
    memory::expect_growth(0);
    // What is kept is right.
    for j in (0..k).step_by(997) {
        if let Some(v) = map.get(&j) {
            assert_eq!(v, j ^ 0x5555);
        }
    }
    drop(map);
    memory::set_limit(None);
}
