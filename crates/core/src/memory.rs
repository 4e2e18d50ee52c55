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
//! leaves of seven eighths of the budget, less room for a step the rest is
//! about to take at once ([`expect_growth`]). Past it ([`caches_have_room`])
//! they forget entries rather than grow beyond their fair shares
//! ([`cache_share`]: the budget divided among the caches that hold memory,
//! in proportion to how much work an entry of each saves), and those past
//! their shares give memory back while the caches are far over the budget
//! ([`caches_far_over_budget`]: the rest grew under them), so that a long
//! search stays within the budget instead of being stopped by it.
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

/// Memory the rest of the process will soon take at once, whatever the
/// caches hold (see [`expect_growth`]).
static EXPECTED: AtomicU64 = AtomicU64::new(0);

/// Tell the budget that the rest of the process will soon take `bytes` at
/// once, or no longer expects to (0): the game store says so of its next
/// segment of slots, written whole when it is allocated, while the last
/// quarter of the current one fills. The caches make room for the step,
/// so that it does not carry the process past the limit between two
/// observations of the resident memory.
pub fn expect_growth(bytes: u64) {
    EXPECTED.store(bytes, Ordering::Relaxed);
}

/// The step told by [`expect_growth`].
pub fn expected_growth() -> u64 {
    EXPECTED.load(Ordering::Relaxed)
}

/// Tell the budget the process's resident memory now (the front end
/// samples it while a computation runs). From then on the caches may hold
/// what everything else leaves of seven eighths of the budget: the game
/// store, the stacks, the allocator's spare room, and whatever cannot be
/// forgotten, as resident now, keep their place, and the last eighth is
/// room for growth until the next observation.
pub fn observe_resident(bytes: u64) {
    OTHER.store(bytes.saturating_sub(cached()), Ordering::Relaxed);
}

/// The share of the budget caches may hold. Once resident memory has been
/// observed ([`observe_resident`]): what the rest of the process leaves of
/// seven eighths of the budget, or of fifteen sixteenths of it less the
/// step the rest is about to take ([`expect_growth`]), whichever is less
/// (the last eighth is room for growth between observations; a step larger
/// than a sixteenth takes from the caches). Before: three eighths of the
/// budget (a guess that leaves room for a game store as large as the
/// caches).
pub fn cache_budget() -> Option<u64> {
    let l = limit()?;
    Some(match OTHER.load(Ordering::Relaxed) {
        u64::MAX => l / 8 * 3,
        other => {
            let step = expected_growth();
            let room = (l / 16 * 15).saturating_sub(step);
            (l / 8 * 7).min(room).saturating_sub(other)
        }
    })
}

/// The weights of the shards of caches that hold memory, among which the
/// budget is shared in proportion ([`cache_share`]).
static CACHE_WEIGHT: AtomicU64 = AtomicU64::new(0);

/// A shard of weight `weight` starts (`holds`) or stops holding memory.
pub(crate) fn count_cache_weight(weight: u64, holds: bool) {
    if holds {
        CACHE_WEIGHT.fetch_add(weight, Ordering::Relaxed);
    } else {
        let _ = CACHE_WEIGHT.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
            Some(c.saturating_sub(weight))
        });
    }
}

/// The fair share of [`cache_budget`] of one shard of weight `weight`:
/// the budget divided among the shards that hold memory in proportion to
/// their weights (this one counted, whether it holds memory yet or not).
pub fn cache_share(weight: u64) -> Option<u64> {
    let budget = cache_budget()?;
    let total = CACHE_WEIGHT.load(Ordering::Relaxed).max(weight).max(1);
    Some((u128::from(budget) * u128::from(weight) / u128::from(total)) as u64)
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

/// Whether the caches may grow by `bytes` and stay within
/// [`cache_budget`]; when they may not, a cache past its share should
/// forget entries rather than grow.
pub fn caches_have_room(bytes: u64) -> bool {
    cache_budget().is_none_or(|b| cached().saturating_add(bytes) <= b)
}

/// Whether the caches hold more than [`cache_budget`] and an eighth of it
/// (less the step expected at once, [`expect_growth`], for which they must
/// make room in time): the budget has shrunk under them (the rest of the
/// process grew), or a heavier cache grew within its share, and those past
/// their shares should give memory back. The eighth keeps small changes of
/// the observed rest from making them forget and grow again in turn.
pub fn caches_far_over_budget() -> bool {
    cache_budget().is_some_and(|b| {
        let band = (b / 8).saturating_sub(expected_growth());
        cached() > b.saturating_add(band)
    })
}

/// The process's resident memory in bytes (Linux: `VmRSS` of
/// `/proc/self/status`; None elsewhere), as the front ends observe it.
pub fn resident() -> Option<u64> {
    proc_kilobytes("/proc/self/status", "VmRSS:")
}

/// The `KEY: N kB` entry of a file of `/proc`, in bytes (None where there
/// is no such file or entry).
pub fn proc_kilobytes(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
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
