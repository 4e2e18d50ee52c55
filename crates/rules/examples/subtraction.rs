//! Times the Grundy sequence of Subtraction([2,3,5]) to 10^6 (RULESETS
//! 4.4): `cargo run --release -p onag-rules --example subtraction [n]`.

use onag_rules::games::heap::take_and_break;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let start = Instant::now();
    let r = take_and_break("Subtraction([2,3,5])".into(), "0.03303").expect("valid code");
    let values = r.sequence(n).expect("sequence");
    let elapsed = start.elapsed();
    let sum: u64 = values.iter().sum();
    println!(
        "Subtraction([2,3,5]) to {n}: {:.1} ms (sum of values {sum})",
        elapsed.as_secs_f64() * 1e3
    );
}
