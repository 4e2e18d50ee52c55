//! The hot path of the grid games: canonical forms of empty Domineering
//! rectangles and of a Konane position, each from a fresh evaluator (an
//! empty transposition table; the core's game store and its caches persist
//! between iterations, as they do in a session). Decomposition into
//! regions, normal forms under the symmetries, table look-ups and
//! canonicalisation are all on this path.

use criterion::{criterion_group, criterion_main, Criterion};
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::games::grid::konane::Konane;
use onag_rules::Evaluator;
use std::hint::black_box;

fn grid(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid");
    group.sample_size(10);
    for (rows, cols) in [(3, 7), (4, 5), (4, 6)] {
        let board = Domineering::empty(rows, cols).expect("fits");
        group.bench_function(format!("Domineering {rows}x{cols}"), |b| {
            b.iter(|| Evaluator::<Domineering>::new().value(black_box(&board)))
        });
    }
    let konane = Konane::parse("xoxox|oxoxo|xo.ox|oxoxo").expect("valid board");
    group.bench_function("Konane xoxox|oxoxo|xo.ox|oxoxo", |b| {
        b.iter(|| Evaluator::<Konane>::new().value(black_box(&konane)))
    });
    group.finish();
}

criterion_group!(benches, grid);
criterion_main!(benches);
