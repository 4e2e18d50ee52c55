//! Progress and cancellation of long computations.
//!
//! Long-running loops (the evaluators of rulesets, nim-value sequences)
//! call [`checkpoint`], which counts work done and, once [`request`] has
//! been called (by a Ctrl-C handler or a timeout), unwinds with the payload
//! [`Interrupted`]. The front end catches that unwind, reports
//! "Interrupted", calls [`clear`] and goes on; every table stays valid,
//! because entries are only ever inserted complete.
//!
//! A computation deep in the core that meets a size it must not build (the
//! option list of a nimber with billions of options) unwinds the same way
//! with [`Refused`] and a message ([`refuse`]); the front end reports the
//! message as an ordinary error.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

static CANCEL: AtomicBool = AtomicBool::new(false);
static WORK: AtomicU64 = AtomicU64::new(0);
static PROGRESS: Mutex<Option<Progress>> = Mutex::new(None);

/// How far a long computation with a known end has come: `done` of
/// `total` units named `what` ("heaps"), for the front end's progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is counted, plural ("heaps").
    pub what: &'static str,
    /// Units done.
    pub done: u64,
    /// Units to do.
    pub total: u64,
}

/// Report that `done` of `total` `what` are done (call it now and then,
/// not in the innermost loop: it takes a lock).
pub fn progress(what: &'static str, done: u64, total: u64) {
    *PROGRESS.lock().unwrap_or_else(|e| e.into_inner()) = Some(Progress { what, done, total });
}

/// The last progress reported since [`forget_progress`].
pub fn last_progress() -> Option<Progress> {
    *PROGRESS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Forget the progress reported (when a new input starts).
pub fn forget_progress() {
    *PROGRESS.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// The panic payload of a cancelled computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Ask the running computation to stop at its next checkpoint.
pub fn request() {
    CANCEL.store(true, Ordering::SeqCst);
}

/// Forget a pending request (before starting the next computation).
pub fn clear() {
    CANCEL.store(false, Ordering::SeqCst);
}

/// Whether a stop has been requested.
pub fn requested() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// Count one unit of work (a position evaluated, a heap size computed)
/// and stop if asked to.
#[inline]
pub fn checkpoint() {
    WORK.fetch_add(1, Ordering::Relaxed);
    if CANCEL.load(Ordering::Relaxed) {
        std::panic::panic_any(Interrupted);
    }
}

/// Stop if asked to, without counting work: for the hottest loops
/// (canonicalisation), where a shared counter would cost more than the
/// check.
#[inline]
pub fn check() {
    if CANCEL.load(Ordering::Relaxed) {
        std::panic::panic_any(Interrupted);
    }
}

/// Units of work counted since the process started (for progress bars).
pub fn work_done() -> u64 {
    WORK.load(Ordering::Relaxed)
}

/// Whether a caught panic payload is a cancellation.
pub fn is_interrupted(payload: &(dyn std::any::Any + Send)) -> bool {
    payload.downcast_ref::<Interrupted>().is_some()
}

/// The panic payload of a computation that refused to build something too
/// large: what and why, for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// Stop the running computation because it would build something too
/// large; the front end reports `message` as an error and goes on.
pub fn refuse(message: String) -> ! {
    std::panic::panic_any(Refused(message))
}

/// The message of a caught refusal ([`refuse`]), if the payload is one.
pub fn refusal(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    payload.downcast_ref::<Refused>().map(|r| r.0.as_str())
}
