//! The memory budget of a computation: sizes that cannot fit are refused
//! before they are allocated.
//!
//! The front end sets the budget ([`set_limit`], `--max-memory`); code that
//! is about to allocate in bulk, with a size it knows in advance (a long
//! range, a sequence of nim values, a huge power, a list of options), calls
//! [`reserve`] first, which refuses (through [`interrupt::refuse`], an
//! ordinary error for the user) when the size alone passes the budget:
//! "... needs about 88 TB; the limit is 18 GB". Growth that is not known in
//! advance (tables, lists built element by element) is watched by the front
//! end, which compares the resident memory with the same budget. Caches
//! (memo and transposition tables) charge what they hold to a share of the
//! budget ([`cache_budget`], [`charge`], [`release`]): what the rest of the
//! process, as the front end last observed it ([`observe_resident`]),
//! leaves of seven eighths of the budget. They forget entries rather than
//! grow once they pass it ([`caches_over_budget`]), and give memory back
//! when the rest grows under them ([`caches_far_over_budget`]), so that a
//! long search stays within the budget instead of being stopped by it.
//!
//! [`interrupt::refuse`]: crate::interrupt::refuse

use std::sync::atomic::{AtomicU64, Ordering};

static LIMIT: AtomicU64 = AtomicU64::new(u64::MAX);

/// Set the budget in bytes (None: no budget).
pub fn set_limit(bytes: Option<u64>) {
    LIMIT.store(bytes.unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// The budget in bytes, if there is one.
pub fn limit() -> Option<u64> {
    match LIMIT.load(Ordering::Relaxed) {
        u64::MAX => None,
        n => Some(n),
    }
}

/// The bytes held by caches (memo tables whose entries can be computed
/// again: every [`crate::sharded::ShardedMap`]).
static CACHED: AtomicU64 = AtomicU64::new(0);

/// The memory the process held besides the caches when its resident
/// memory was last observed ([`observe_resident`]); `u64::MAX` until then.
static OTHER: AtomicU64 = AtomicU64::new(u64::MAX);

/// Tell the budget the process's resident memory now (the front end
/// samples it while a computation runs). From then on the caches may hold
/// what everything else leaves of seven eighths of the budget: the game
/// store, the stacks, the allocator's spare room, and whatever cannot be
/// forgotten, as resident now, keep their place, and the last eighth is
/// room for growth until the next observation.
pub fn observe_resident(bytes: u64) {
    OTHER.store(bytes.saturating_sub(cached()), Ordering::Relaxed);
}

/// The share of the budget caches may hold: what the rest of the process
/// leaves of seven eighths of it once resident memory has been observed
/// ([`observe_resident`]), three eighths of it before (a guess that leaves
/// room for a game store as large as the caches).
pub fn cache_budget() -> Option<u64> {
    let l = limit()?;
    Some(match OTHER.load(Ordering::Relaxed) {
        u64::MAX => l / 8 * 3,
        other => (l / 8 * 7).saturating_sub(other),
    })
}

/// The shards of caches alive, among which the budget is shared.
static CACHE_SHARDS: AtomicU64 = AtomicU64::new(0);

/// Count `n` more (or fewer, when negative) shards of caches alive.
pub fn count_cache_shards(n: i64) {
    if n >= 0 {
        CACHE_SHARDS.fetch_add(n.unsigned_abs(), Ordering::Relaxed);
    } else {
        let _ = CACHE_SHARDS.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
            Some(c.saturating_sub(n.unsigned_abs()))
        });
    }
}

/// The shards of caches alive.
pub fn cache_shards() -> u64 {
    CACHE_SHARDS.load(Ordering::Relaxed)
}

/// Count `bytes` more held by caches.
pub fn charge(bytes: u64) {
    CACHED.fetch_add(bytes, Ordering::Relaxed);
}

/// Count `bytes` fewer held by caches.
pub fn release(bytes: u64) {
    let _ = CACHED.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
        Some(c.saturating_sub(bytes))
    });
}

/// The bytes held by caches now.
pub fn cached() -> u64 {
    CACHED.load(Ordering::Relaxed)
}

/// Whether the caches hold more than [`cache_budget`]: they should then
/// forget entries rather than grow.
pub fn caches_over_budget() -> bool {
    cache_budget().is_some_and(|b| cached() > b)
}

/// Whether the caches hold more than [`cache_budget`] and an eighth: the
/// budget has shrunk under them (the rest of the process grew), and they
/// should give memory back.
pub fn caches_far_over_budget() -> bool {
    cache_budget().is_some_and(|b| cached() > b.saturating_add(b / 8))
}

/// Whether `bytes` fit in the budget.
pub fn fits(bytes: u128) -> bool {
    limit().is_none_or(|l| bytes <= u128::from(l))
}

/// Refuse the running computation when `what` (computed only then) would
/// need `bytes` bytes, more than the budget.
pub fn reserve(bytes: u128, what: impl FnOnce() -> String) {
    if let Some(message) = refusal(bytes, what) {
        crate::interrupt::refuse(message);
    }
}

/// The message of [`reserve`] for a size that does not fit, if it does
/// not: for callers that report errors as values.
pub fn refusal(bytes: u128, what: impl FnOnce() -> String) -> Option<String> {
    let l = limit()?;
    (bytes > u128::from(l)).then(|| {
        format!(
            "{} needs about {}; the limit is {} (--max-memory)",
            what(),
            human(bytes),
            human(u128::from(l))
        )
    })
}

/// A size in bytes for people: `512 MB`, `1.5 GB`, `88 TB`.
pub fn human(n: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB"];
    let mut unit = 0;
    let mut whole = n;
    let mut tenths = 0;
    while whole >= 1024 && unit + 1 < UNITS.len() {
        tenths = (whole % 1024) * 10 / 1024;
        whole /= 1024;
        unit += 1;
    }
    if tenths == 0 || unit == 0 {
        format!("{whole} {}", UNITS[unit])
    } else {
        format!("{whole}.{tenths} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_for_people() {
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(1536), "1.5 KB");
        assert_eq!(human(3 << 30), "3 GB");
        assert_eq!(human(88 << 40), "88 TB");
        assert_eq!(human(1u128 << 70), "1024 EB");
    }
}
