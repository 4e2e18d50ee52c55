//! Nim-value sequences of heap games (RULESETS 4.4), the heap workloads of
//! `onag bench`: a subtraction game (bit-mask mex) and Grundy's game (the
//! rare/common octal method). Each iteration computes the sequence afresh
//! (the session's cached sequences are forgotten first).

use criterion::{criterion_group, criterion_main, Criterion};
use onag_rules::framework::cache;
use onag_rules::games::heap::take_and_break;
use std::hint::black_box;

fn sequence(code: &str, n: u64) -> u64 {
    cache::forget_all();
    let r = take_and_break("T".into(), code).expect("a valid code");
    r.packed_sequence(n)
        .expect("a sequence")
        .iter()
        .max()
        .unwrap_or(0)
}

fn heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim-value sequences");
    group.sample_size(10);
    // Subtraction([2,3,5]) is the code 0.03303.
    group.bench_function("Subtraction([2,3,5]) to 10^6", |b| {
        b.iter(|| sequence(black_box("0.03303"), 1_000_000))
    });
    group.bench_function("GrundysGame (4!.0) to 2^15", |b| {
        b.iter(|| sequence(black_box("4!.0"), 1 << 15))
    });
    group.bench_function("Kayles (0.77) to 10^5", |b| {
        b.iter(|| sequence(black_box("0.77"), 100_000))
    });
    group.finish();
}

criterion_group!(benches, heaps);
criterion_main!(benches);
