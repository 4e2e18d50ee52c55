//! Times Amazons canonical forms from a fresh transposition table:
//! `cargo run --release -p onag-rules --example amazons [BOARD ...]`
//! (default `x...|....|...o`, RULESETS 1.5). With `--plain` first, also
//! evaluates each board without decomposition or symmetry and checks that
//! the values agree.

use onag_rules::games::grid::amazons::Amazons;
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let mut boards: Vec<String> = std::env::args().skip(1).collect();
    let plain = boards.first().is_some_and(|a| a == "--plain");
    if plain {
        boards.remove(0);
    }
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
        if plain {
            let eval = Evaluator::plain();
            let start = Instant::now();
            let check = eval.value(&pos);
            println!(
                "  plain: {} [{:.3} s, {} positions]",
                if check == value {
                    "same value"
                } else {
                    "DIFFERENT VALUE"
                },
                start.elapsed().as_secs_f64(),
                eval.table_size()
            );
        }
    }
}
