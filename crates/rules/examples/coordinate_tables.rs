//! Times the coordinate rulesets' tables in release:
//! `cargo run --release -p onag-rules --example coordinate_tables`.

use onag_rules::framework::ruleset::AnyRuleset;
use onag_rules::registry::{self, Make};
use std::rc::Rc;
use std::time::Instant;

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} needs arguments"),
    }
}

fn main() {
    for (name, size) in [
        ("Wythoff", 1000),
        ("Wythoff", 1999),
        ("WhiteKnight", 1000),
        ("Mem", 400),
    ] {
        let r = named(name);
        let t = Instant::now();
        let coordinate = r.as_coordinate().expect("a coordinate ruleset");
        let table = coordinate.nim_value_table(size, size).expect("table");
        println!(
            "{name}.NimValueTable({size}, {size}): {:?} (corner value {})",
            t.elapsed(),
            table[size as usize][size as usize]
        );
    }
    for (name, size) in [("Cutcake", 60), ("MaundyCake", 60), ("Eatcake", 14)] {
        let r = named(name);
        let t = Instant::now();
        let cake = r
            .as_partizan_coordinate()
            .expect("a partizan coordinate ruleset");
        let table = cake.game_value_table(size, size).expect("table");
        println!(
            "{name}.GameValueTable({size}, {size}): {:?} (corner value {})",
            t.elapsed(),
            table[size as usize - 1][size as usize - 1]
        );
    }
}
