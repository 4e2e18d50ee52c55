//! Fuzz every method of the registry: the input's bytes pick calls
//! `(receiver).Method(arguments)` with receivers and arguments of every
//! kind (fuzz/generators/calls.rs), run in one session, each stopped after
//! a second; every call must give a value or an error, never a crash.

#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;
use onag_core::interrupt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

#[path = "../generators/calls.rs"]
mod calls;

fuzz_target!(
    init: {
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
    },
    |data: &[u8]| {
        let methods: Vec<_> = onag_lang::methods::all().collect();
        let mut session = onag_lang::Interp::new();
        // Five bytes a call: method (two bytes), receiver, two arguments.
        for chunk in data.chunks_exact(5).take(8) {
            let m = methods[(usize::from(chunk[0]) << 8 | usize::from(chunk[1])) % methods.len()];
            let arity = m.params.len();
            let input = calls::call(
                m.name,
                arity,
                usize::from(chunk[2]),
                &[usize::from(chunk[3]), usize::from(chunk[4]), usize::from(chunk[3] ^ chunk[4])],
            );
            interrupt::clear();
            let (done, wait) = mpsc::channel::<()>();
            let watchdog = std::thread::spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_secs(1)) {
                    interrupt::request();
                }
            });
            let _ = panic::catch_unwind(AssertUnwindSafe(|| {
                if let Ok(Some(v)) = session.run(&input) {
                    let _ = v.to_string();
                }
            }));
            drop(done);
            let _ = watchdog.join();
        }
    }
);
