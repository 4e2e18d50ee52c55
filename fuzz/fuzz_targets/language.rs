//! Fuzz the language end to end: any text, parsed and evaluated in one
//! session line by line, must give a value or an error, never a crash.
//! Each input is stopped after a second through the interrupt mechanism
//! (a cancellation, not a failure).

#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;
use onag_core::interrupt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

fuzz_target!(
    init: {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<interrupt::Interrupted>().is_none() {
                default(info);
                std::process::abort();
            }
        }));
    },
    |data: &[u8]| {
        let text = String::from_utf8_lossy(data);
        let mut session = onag_lang::Interp::new();
        for line in text.lines().take(8) {
            interrupt::clear();
            let (done, wait) = mpsc::channel::<()>();
            let watchdog = std::thread::spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_secs(1)) {
                    interrupt::request();
                }
            });
            let _ = panic::catch_unwind(AssertUnwindSafe(|| {
                if let Ok(Some(v)) = session.run(line) {
                    let _ = v.to_string();
                }
            }));
            drop(done);
            let _ = watchdog.join();
        }
    }
);
