//! Fuzz every method of the registry: the input's bytes pick calls
//! `(receiver).Method(arguments)` with receivers and arguments of every
//! kind (fuzz/generators/calls.rs), run in one session, each stopped after
//! a second; every call must give a value or an error, never a crash.

#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;

#[path = "../generators/calls.rs"]
mod calls;
#[path = "../generators/session.rs"]
mod session;

fuzz_target!(
    init: session::init(),
    |data: &[u8]| {
        let methods: Vec<_> = onag_lang::methods::all().collect();
        let mut interp = onag_lang::Interp::new();
        // Five bytes a call: method (two bytes), receiver, two arguments.
        for chunk in data.chunks_exact(5).take(8) {
            let m = methods[(usize::from(chunk[0]) << 8 | usize::from(chunk[1])) % methods.len()];
            let input = calls::call(
                m.name,
                m.params.len(),
                usize::from(chunk[2]),
                &[usize::from(chunk[3]), usize::from(chunk[4]), usize::from(chunk[3] ^ chunk[4])],
            );
            session::run(&mut interp, &input);
        }
    }
);
