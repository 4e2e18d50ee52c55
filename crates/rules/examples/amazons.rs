//! Times Amazons canonical forms from a fresh transposition table:
//! `cargo run --release -p onag-rules --example amazons [--check] [BOARD ...]`
//! (default `x...|....|...o`, RULESETS 1.5).
//! With `--check`, each value is also computed by the plain evaluator (no
//! decomposition, no symmetry) and compared.

mod timing;

use onag_rules::games::grid::amazons::Amazons;

fn main() {
    let (boards, check) = timing::arguments("x...|....|...o");
    timing::time_all("Amazons", &boards, check, Amazons::parse);
}
