//! Running fuzzed inputs in one session, shared by the fuzz targets: a
//! panic hook that lets cancellations and refusals unwind (they are the
//! session's ordinary answers) and aborts on anything else, and one input
//! run under a one-second watchdog.

use onag_core::interrupt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Set up the fuzzing process: a memory budget of 1 GB for bulk
/// allocations (so that a refusal, not the fuzzer's memory limit, answers an
/// input that asks for too much), and an abort on every panic except a
/// cancellation or a refusal.
pub fn init() {
    onag_core::memory::set_limit(Some(BUDGET));
    abort_on_defects();
}

/// Abort on every panic except a cancellation or a refusal.
fn abort_on_defects() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let expected = payload.downcast_ref::<interrupt::Interrupted>().is_some()
            || interrupt::refusal(payload).is_some();
        if !expected {
            default(info);
            std::process::abort();
        }
    }));
}

/// The memory budget of the fuzzing process: bulk allocations past it are
/// refused, and an input running while the process's resident memory is
/// past it is stopped, as the command line's watchdog stops it. The game
/// store keeps every game of a session, so that without the watch a long
/// run of inputs grew past the fuzzer's own limit (4 GB) and ended as an
/// out-of-memory finding, as the command line never would.
const BUDGET: u64 = 1 << 30;

/// How often the watchdog looks at the clock and the resident memory.
const TICK: Duration = Duration::from_millis(10);

/// Run one input in the session, printing its value, stopped after a
/// second, or when the process's resident memory passes the budget,
/// through the interrupt mechanism.
pub fn run(session: &mut onag_lang::Interp, input: &str) {
    interrupt::clear();
    let (done, wait) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(1);
        while let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(TICK) {
            let resident = onag_core::memory::resident();
            if let Some(bytes) = resident {
                onag_core::memory::observe_resident(bytes);
            }
            if Instant::now() >= deadline || resident.is_some_and(|b| b > BUDGET) {
                interrupt::request();
                break;
            }
        }
    });
    let _ = panic::catch_unwind(AssertUnwindSafe(|| {
        if let Ok(Some(v)) = session.run(input) {
            let _ = v.to_string();
        }
    }));
    drop(done);
    let _ = watchdog.join();
}
