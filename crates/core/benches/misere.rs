//! Measurements of the misère quotient solver (MISERE 11), printed, not
//! asserted: how far the quotients of 0.75, 0.31, 0.123 and 0.77 get in
//! one minute each, and the time to decide a sum of 100 random heaps by
//! the quotient against exhaustive search.
//!
//! Run with `cargo bench -p onag-core --bench misere`.

use onag_core::interrupt;
use onag_core::misere::quotient::MisereQuotient;
use onag_core::misere::HeapGame;
use std::time::{Duration, Instant};

fn reach(code: &str, budget: Duration) {
    let game = HeapGame::octal(code).expect("a code");
    let mut q = MisereQuotient::new(game);
    let start = Instant::now();
    let mut stop = String::from("the time budget or the heap cap (1000)");
    let mut final_at = None;
    while start.elapsed() < budget && q.max_heap() < 1000 {
        if let Err(e) = q.step() {
            stop = e.to_string();
            break;
        }
        if final_at.is_none() && q.is_final() {
            final_at = Some((q.max_heap(), start.elapsed()));
        }
    }
    println!(
        "{code}: heap {} in {:.1?}; |Q| = {}, |P| = {}, generators at {:?}; final: {:?} (period {:?}); stopped by: {stop}",
        q.max_heap(),
        start.elapsed(),
        q.size(),
        q.p_size(),
        q.generator_heaps(),
        final_at,
        q.period()
    );
}

/// A small deterministic pseudo-random sequence.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

fn main() {
    for code in ["0.75", "0.31", "0.123", "0.77", "0.07"] {
        reach(code, Duration::from_secs(60));
    }
    let q = MisereQuotient::compute(HeapGame::octal("0.75").expect("a code"), 30).expect("0.75");
    let mut seed = 7;
    let heaps: Vec<u32> = (0..100).map(|_| 1 + (lcg(&mut seed) % 30) as u32).collect();
    let start = Instant::now();
    let mut outcome = None;
    for _ in 0..1000 {
        outcome = Some(q.outcome(&heaps).expect("certified"));
    }
    println!(
        "0.75, 100 random heaps <= 30: {:?} by the quotient in {:?} per sum",
        outcome,
        start.elapsed() / 1000
    );
    // Exhaustive search on the first k of those heaps, until one takes
    // more than 10 seconds.
    for k in 2..=100 {
        let game = HeapGame::octal("0.75").expect("a code");
        let part = heaps[..k].to_vec();
        let start = Instant::now();
        let handle = std::thread::spawn(move || game.brute_force_outcome(&part));
        while !handle.is_finished() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        if !handle.is_finished() {
            interrupt::request();
            let _ = handle.join();
            interrupt::clear();
            println!(
                "brute force, first {k} heaps: gave up after {:?}",
                start.elapsed()
            );
            break;
        }
        let r = handle.join().ok();
        println!(
            "brute force, first {k} heaps (total {}): {:?} in {:?}; quotient says {:?}",
            heaps[..k].iter().sum::<u32>(),
            r,
            start.elapsed(),
            q.outcome(&heaps[..k]).ok()
        );
    }
}
