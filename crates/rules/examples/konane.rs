//! Times Konane positions, each from a fresh transposition table:
//! `cargo run --release -p onag-rules --example konane [board ...]`
//! (rows separated by `|`, RULESETS 1; default: a 4x5 board with one hole).
//! With `--check`, each value is also computed by the plain evaluator (no
//! decomposition, no symmetry) and compared.

mod timing;

use onag_rules::games::grid::konane::Konane;

fn main() {
    let (boards, check) = timing::arguments("xoxox|oxoxo|xo.ox|oxoxo");
    timing::time_all("Konane", &boards, check, Konane::parse);
}
