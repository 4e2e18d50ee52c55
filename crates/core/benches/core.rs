//! Benchmarks of the game core: canonical forms of sums of hot games,
//! thermographs of random games, comparisons, deep constructions, nim
//! products and packed sequences.
//!
//! The store is global and memoises sums and comparisons, so every timed
//! iteration works on freshly generated random games (generation is not
//! timed); shared small followers are reused as they would be in a session.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use onag_core::game::Game;
use onag_core::nim::nim_product_u64;

#[path = "support/random_games.rs"]
mod random_games;

use random_games::{hot_game, Rng};

fn sum_of_hot_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("canonical sum of n hot games (depth 3)");
    group.sample_size(10);
    let mut seed = 1u64;
    for n in [4usize, 8, 12, 16] {
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter_batched(
                || {
                    seed += 1;
                    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                    (0..n).map(|_| hot_game(&mut rng, 3)).collect::<Vec<_>>()
                },
                |games| games.iter().fold(Game::ZERO, |acc, &g| acc + g),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn temperature_of_sum(c: &mut Criterion) {
    let mut group = c.benchmark_group("temperature of the sum of 12 hot games (depth 3)");
    group.sample_size(10);
    let mut seed = 1000u64;
    group.bench_function("build and take the temperature", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                (0..12).map(|_| hot_game(&mut rng, 3)).collect::<Vec<_>>()
            },
            |games| {
                games
                    .iter()
                    .fold(Game::ZERO, |acc, &g| acc + g)
                    .temperature()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// The thermograph workload of `onag bench`: temperatures and means of
/// 100 random games of depth 4 (fresh games each iteration, so every
/// thermograph is computed, not looked up).
fn thermographs_of_random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("thermographs of 100 random games (depth 4)");
    group.sample_size(10);
    let mut seed = 5000u64;
    group.bench_function("temperatures and means", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                (0..100).map(|_| hot_game(&mut rng, 4)).collect::<Vec<_>>()
            },
            |games| {
                games
                    .iter()
                    .map(|&g| (g.temperature(), g.mean()))
                    .collect::<Vec<_>>()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// Packed sequences: pushing values that widen the cells, and reading them.
fn packed_sequences(c: &mut Criterion) {
    use onag_core::packed::PackedSeq;
    let mut group = c.benchmark_group("packed sequence of 10^6 values");
    group.sample_size(10);
    group.bench_function("push (widening once) and sum", |b| {
        b.iter(|| {
            let mut s = PackedSeq::new();
            for i in 0..1_000_000u64 {
                s.push(if i == 999_999 { 300 } else { i % 7 });
            }
            s.iter().sum::<u64>()
        })
    });
    group.finish();
}

fn compare_pairs(c: &mut Criterion) {
    let mut seed = 7u64;
    c.bench_function("compare random pairs of depth-4 games", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                (hot_game(&mut rng, 4), hot_game(&mut rng, 4))
            },
            |(g, h)| (g.leq(h), h.leq(g)),
            BatchSize::SmallInput,
        )
    });
}

fn deep_construction(c: &mut Criterion) {
    let mut offset = 0i64;
    c.bench_function("construct a chain of 1000 nested games", |b| {
        b.iter(|| {
            offset += 1000;
            let mut g = Game::from_options(&[Game::integer(offset + 1)], &[Game::integer(offset)]);
            for i in 2..=1000 {
                g = Game::from_options(&[Game::integer(offset + i)], &[g]);
            }
            g
        })
    });
}

fn nim_products(c: &mut Criterion) {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let pairs: Vec<(u64, u64)> = (0..1024)
        .map(|_| (rng.next_u64(), rng.next_u64()))
        .collect();
    c.bench_function("1024 nim products of 64-bit numbers", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(0u64, |acc, &(x, y)| acc ^ nim_product_u64(x, y))
        })
    });
}

criterion_group!(
    benches,
    sum_of_hot_games,
    temperature_of_sum,
    thermographs_of_random_games,
    packed_sequences,
    compare_pairs,
    deep_construction,
    nim_products
);
criterion_main!(benches);
