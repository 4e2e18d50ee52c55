//! The timing loop the examples share: each position's value from a fresh
//! transposition table, and with `--check` the same value from the plain
//! evaluator (no decomposition, no symmetry).

use onag_rules::{Evaluator, Position};
use std::fmt::Display;
use std::time::Instant;

/// The positions named on the command line (or `default` when none is),
/// and whether `--check` was given.
pub fn arguments(default: &str) -> (Vec<String>, bool) {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    args.retain(|a| a != "--check");
    if args.is_empty() {
        args.push(default.to_string());
    }
    (args, check)
}

/// Parses each position with `parse`, then prints `NAME("text") = value`
/// with the time it took and the size of the table; with `check`, also the
/// plain evaluator's time and whether it agrees.
pub fn time_all<P: Position, E: Display>(
    name: &str,
    texts: &[String],
    check: bool,
    parse: impl Fn(&str) -> Result<P, E>,
) {
    for s in texts {
        let pos = match parse(s) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{s}: {e}");
                continue;
            }
        };
        let eval = Evaluator::new();
        let start = Instant::now();
        let v = eval.value(&pos);
        println!(
            "{name}(\"{s}\") = {v}\n  {:.3} ms, {} components in the table, {} games in the store, {} in caches",
            start.elapsed().as_secs_f64() * 1e3,
            eval.table_size(),
            onag_core::game::Game::store_size(),
            onag_core::memory::human(onag_core::memory::cached().into())
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
