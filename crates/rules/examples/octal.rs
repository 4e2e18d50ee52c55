//! Times nim-value sequences of octal games by the rare/common method
//! (RULESETS 4.4): `cargo run --release -p onag-rules --example octal
//! [seconds] [codes...]`. For each code, the heap size is doubled from
//! 2^16 while the whole computation stays within the time budget, and the
//! largest size reached is reported.

use onag_rules::games::heap::take_and_break;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let budget: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let mut codes: Vec<String> = args.collect();
    if codes.is_empty() {
        codes = [
            "0.77", "0.07", "0.137", "0.4?", "4!.0", "0.16", "0.6", "0.165",
        ]
        .map(String::from)
        .to_vec();
    }
    for code in codes {
        let r = take_and_break(format!("TakeAndBreak({code:?})"), &code).expect("valid code");
        let start = Instant::now();
        let mut n = 1u64 << 16;
        let mut reached = 0;
        loop {
            let t = Instant::now();
            if r.sequence(n).is_err() {
                break;
            }
            reached = n;
            let step = t.elapsed().as_secs_f64();
            let total = start.elapsed().as_secs_f64();
            // Doubling costs at least twice the last step.
            if total + 3.0 * step > budget || n >= onag_rules::games::heap::MAX_HEAP {
                break;
            }
            n *= 2;
        }
        let values = r.sequence(reached).expect("computed");
        println!(
            "{code:>8}: {reached:>9} heaps in {:6.2} s, largest value {}",
            start.elapsed().as_secs_f64(),
            values.iter().max().copied().unwrap_or(0)
        );
    }
}
