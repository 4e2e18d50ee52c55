//! Times Konane positions, each from a fresh transposition table:
//! `cargo run --release -p onag-rules --example konane [board ...]`
//! (rows separated by `|`, RULESETS 1; default: a 4x5 board with one hole).
//! With `--check`, each value is also computed by the plain evaluator (no
//! decomposition, no symmetry) and compared.

use onag_rules::games::grid::konane::Konane;
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    args.retain(|a| a != "--check");
    let boards = if args.is_empty() {
        vec!["xoxox|oxoxo|xo.ox|oxoxo".to_string()]
    } else {
        args
    };
    for s in boards {
        let pos = match Konane::parse(&s) {
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
            "Konane(\"{s}\") = {v}\n  {:.3} ms, {} components in the table",
            elapsed.as_secs_f64() * 1e3,
            eval.table_size()
        );
        if check {
            let plain = Evaluator::plain().value(&pos);
            println!("  plain evaluator agrees: {}", plain == v);
        }
    }
}
