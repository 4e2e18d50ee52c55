//! Running fuzzed inputs in one session, shared by the fuzz targets: a
//! panic hook that lets cancellations and refusals unwind (they are the
//! session's ordinary answers) and aborts on anything else, and one input
//! run under a one-second watchdog.

use onag_core::interrupt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

/// Set up the fuzzing process: a memory budget of 1 GB for bulk
/// allocations (so that a refusal, not the fuzzer's memory limit, answers an
/// input that asks for too much), and an abort on every panic except a
/// cancellation or a refusal.
pub fn init() {
    onag_core::memory::set_limit(Some(1 << 30));
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

/// Run one input in the session, printing its value, stopped after a
/// second through the interrupt mechanism.
pub fn run(session: &mut onag_lang::Interp, input: &str) {
    interrupt::clear();
    let (done, wait) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_secs(1)) {
            interrupt::request();
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
