//! Times Toads and Frogs positions, each from a fresh transposition table:
//! `cargo run --release -p onag-rules --example toads [position ...]`
//! (default: the CGSuite test position `ttttt..fffff`, RULESETS 2.2).
//! With `--check`, each value is also computed by the plain evaluator (no
//! decomposition, no symmetry) and compared.

mod timing;

use onag_rules::games::strip::toads::{Toads, TOADS_AND_FROGS};

fn main() {
    let (positions, check) = timing::arguments("ttttt..fffff");
    timing::time_all("ToadsAndFrogs", &positions, check, |s| {
        Toads::parse(s, TOADS_AND_FROGS)
    });
}
