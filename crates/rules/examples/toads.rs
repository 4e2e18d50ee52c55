//! Times Toads and Frogs positions, each from a fresh transposition table:
//! `cargo run --release -p onag-rules --example toads [position ...]`
//! (default: the CGSuite test position `ttttt..fffff`, RULESETS 2.2).
//! With `--check`, each value is also computed by the plain evaluator (no
//! decomposition, no symmetry) and compared.

use onag_rules::games::strip::toads::{Toads, TOADS_AND_FROGS};
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    args.retain(|a| a != "--check");
    let positions = if args.is_empty() {
        vec!["ttttt..fffff".to_string()]
    } else {
        args
    };
    for s in positions {
        let pos = match Toads::parse(&s, TOADS_AND_FROGS) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{s}: {e}");
                continue;
            }
        };
        let eval = Evaluator::new();
        let start = Instant::now();
        let v = eval.value(&pos);
        let elapsed = start.elapsed();
        println!(
            "ToadsAndFrogs(\"{s}\") = {v}\n  {:.3} ms, {} components in the table",
            elapsed.as_secs_f64() * 1e3,
            eval.table_size()
        );
        if check {
            let start = Instant::now();
            let plain = Evaluator::plain().value(&pos);
            println!(
                "  plain evaluator: {:.3} ms, {}",
                start.elapsed().as_secs_f64() * 1e3,
                if plain == v {
                    "same value"
                } else {
                    "DIFFERENT VALUE"
                }
            );
        }
    }
}
