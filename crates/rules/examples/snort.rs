//! Times Snort on untinted paths, each from a fresh transposition table:
//! `cargo run --release -p onag-rules --example snort [n ...]` (default 13;
//! the Rust crate cgt takes 65 ms for n = 13).

use onag_rules::boards::graph::Graph;
use onag_rules::games::graph::col::{Col, SNORT};
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() { vec![13] } else { sizes };
    for n in sizes {
        let Ok(pos) = Col::from_graph(&Graph::path(n), SNORT) else {
            eprintln!("path of {n} vertices: too large");
            continue;
        };
        let eval = Evaluator::new();
        let start = Instant::now();
        let v = eval.value(&pos);
        let elapsed = start.elapsed();
        println!(
            "Snort path {n:>2}: {elapsed:>10.2?}  table {:>6}  value {v}",
            eval.table_size()
        );
    }
}
