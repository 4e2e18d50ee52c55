//! Deep recursions: one guard for every recursion over the followers of a
//! game (sums, comparisons, canonical forms, temperatures, misère forms, ...).
//!
//! [`descend`] runs one level of such a recursion: it stops when asked to
//! (the interrupt flag), grows the stack on the heap when the current one
//! runs low, and refuses a recursion deeper than [`MAX_DEPTH`] levels with
//! an ordinary error. The bound is what keeps an interruption prompt: a
//! cancelled computation unwinds every level it is in, and a million levels
//! take about a second to unwind, whereas games of any real interest are
//! born long before day 100,000 (the number-up-star values such as
//! `1000000.^`, far deeper, are handled by formula and never recursed into).
//!
//! [`grow`] only grows the stack, for recursions bounded otherwise (the
//! positions of a loopy graph, which are counted; the nesting of a parsed
//! expression).

use std::cell::Cell;

/// The deepest recursion over followers [`descend`] accepts.
pub const MAX_DEPTH: u32 = 100_000;

/// Below this much stack left, a new segment is allocated.
const RED_ZONE: usize = 64 * 1024;
/// The size of each new stack segment.
const SEGMENT: usize = 1024 * 1024;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Leaves a level on drop, unwinding included.
struct Level;

impl Drop for Level {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Run `f` as one level deeper of a recursion over followers: stop if
/// asked to, refuse beyond [`MAX_DEPTH`] levels, grow the stack if needed.
#[inline]
pub fn descend<R>(f: impl FnOnce() -> R) -> R {
    crate::interrupt::check();
    let depth = DEPTH.with(|d| {
        let n = d.get() + 1;
        d.set(n);
        n
    });
    let _level = Level;
    if depth > MAX_DEPTH {
        crate::interrupt::refuse(format!(
            "Too deep: the computation went through more than {MAX_DEPTH} levels of options"
        ));
    }
    grow(f)
}

/// Run `f`, on a new stack segment if the current one runs low.
#[inline]
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            descend(|| chain(n - 1)) + 1
        }
    }

    #[test]
    fn recursions_within_the_bound_run_and_leave_no_depth_behind() {
        assert_eq!(chain(MAX_DEPTH), MAX_DEPTH);
        assert_eq!(DEPTH.with(Cell::get), 0);
    }

    #[test]
    fn deeper_recursions_are_refused_and_the_depth_is_restored() {
        let caught = std::panic::catch_unwind(|| chain(MAX_DEPTH + 1)).unwrap_err();
        let message = crate::interrupt::refusal(caught.as_ref()).expect("a refusal");
        assert!(message.starts_with("Too deep"), "{message}");
        assert_eq!(DEPTH.with(Cell::get), 0);
        assert_eq!(chain(10), 10);
    }
}
