//! Fox and Geese `GameValue` (LOOPY 4.3) on boards of width 8 and 10, the
//! geese on one row (3, 4 or 5) and the fox at the bottom: each iteration
//! values the position afresh (no session memo), layered by depth hints.

use criterion::{criterion_group, criterion_main, Criterion};
use onag_rules::framework::loopy::{fresh_value, POSITION_LIMIT};
use onag_rules::games::grid::fox_and_geese::FoxAndGeeseRuleset;
use onag_rules::{Arg, Args};
use std::hint::black_box;

/// The geese on every valid square of `row`, the fox on row 1.
fn case(
    width: i64,
    row: i64,
    fox_col: i64,
) -> (String, onag_rules::games::grid::fox_and_geese::FoxAndGeese) {
    let args = Args {
        positional: vec![],
        keywords: vec![("boardWidth".into(), Arg::int(width))],
    };
    let rules = FoxAndGeeseRuleset::from_args(&args).expect("valid width");
    let geese: Vec<(i64, i64)> = (1..=width)
        .filter(|c| (row + c) % 2 == 0)
        .map(|c| (row, c))
        .collect();
    let pos = rules.make(&geese, (1, fox_col)).expect("valid position");
    (format!("width {width}, geese on row {row}"), pos)
}

fn fox_and_geese(c: &mut Criterion) {
    let mut group = c.benchmark_group("fox_and_geese");
    group.sample_size(10);
    for (width, row, fox) in [(8, 3, 1), (8, 4, 1), (8, 5, 1), (10, 3, 9), (10, 4, 1)] {
        let (name, pos) = case(width, row, fox);
        group.bench_function(name, |b| {
            b.iter(|| fresh_value(black_box(&pos), true, POSITION_LIMIT).expect("a value"))
        });
    }
    group.finish();
}

criterion_group!(benches, fox_and_geese);
criterion_main!(benches);
