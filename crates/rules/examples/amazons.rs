//! Times Amazons canonical forms from a fresh transposition table:
//! `cargo run --release -p onag-rules --example amazons [BOARD ...]`
//! (default `x...|....|...o`, RULESETS 1.5).

use onag_rules::amazons::Amazons;
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let mut boards: Vec<String> = std::env::args().skip(1).collect();
    if boards.is_empty() {
        boards.push("x...|....|...o".into());
    }
    for b in boards {
        let pos = match Amazons::parse(&b) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{b}: {e}");
                continue;
            }
        };
        let eval = Evaluator::new();
        let start = Instant::now();
        let value = eval.value(&pos);
        println!(
            "Amazons(\"{b}\") = {value}  [{:.3} s, {} components]",
            start.elapsed().as_secs_f64(),
            eval.table_size()
        );
    }
}
