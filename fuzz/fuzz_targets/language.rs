//! Fuzz the language end to end: any text, parsed and evaluated in one
//! session line by line, must give a value or an error, never a crash.
//! Each input is stopped after a second through the interrupt mechanism
//! (a cancellation, not a failure).

#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;

#[path = "../generators/session.rs"]
mod session;

fuzz_target!(
    init: session::init(),
    |data: &[u8]| {
        let text = String::from_utf8_lossy(data);
        let mut interp = onag_lang::Interp::new();
        for line in text.lines().take(8) {
            session::run(&mut interp, line);
        }
    }
);
