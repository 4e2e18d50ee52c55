//! Benchmarks of the loopy engine (LOOPY 2.3-2.7) on graphs of 10^3 to
//! 10^5 vertices: comparison by retrograde analysis on the product graph,
//! canonicalisation of stoppers and the side simplifier.
//!
//! Two families of random graphs, each vertex with up to two Left and two
//! Right edges: *stoppers* (every Right edge and every Left edge but a
//! pass goes to a smaller vertex, so no play alternates for ever) and
//! *carousels* (edges anywhere, so most vertices have both sides loopy).
//! Vertex 0 is 0 (no options) in both.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use onag_core::loopy::{Graph, Player, Side, SidedValue};

// Only its generator is used here.
#[allow(dead_code)]
#[path = "support/random_games.rs"]
mod random_games;

use random_games::Rng;

/// A random stopper graph of `n` vertices; its root is the last vertex.
fn stopper_graph(n: usize, seed: u64) -> Graph {
    let mut rng = Rng(seed | 1);
    let mut g = Graph::with_vertices(n);
    for v in 1..n as u32 {
        for p in [Player::Left, Player::Right] {
            for _ in 0..=rng.below(2) {
                let t = rng.below(u64::from(v)) as u32;
                g.add_edge(v, p, t);
            }
        }
        if rng.below(8) == 0 {
            g.add_edge(v, Player::Left, v);
        }
    }
    g
}

/// A random graph of `n` vertices with edges anywhere (vertex 0 excepted).
fn carousel_graph(n: usize, seed: u64) -> Graph {
    let mut rng = Rng(seed | 1);
    let mut g = Graph::with_vertices(n);
    for v in 1..n as u32 {
        for p in [Player::Left, Player::Right] {
            for _ in 0..=rng.below(2) {
                g.add_edge(v, p, rng.below(n as u64) as u32);
            }
        }
    }
    g
}

/// The sizes measured for each family: comparisons explore the reachable
/// pairs of the product graph, simplification builds all-pairs tables
/// (n² states per table, one per tried edge for a carousel's loopy edges,
/// LOOPY 5), so carousels are simplified only up to a few hundred vertices.
/// A family of graphs: its name, its generator and the sizes measured.
type Family = (&'static str, fn(usize, u64) -> Graph, &'static [usize]);

const COMPARE: [Family; 2] = [
    ("stopper", stopper_graph, &[1_000, 10_000, 100_000]),
    ("carousel", carousel_graph, &[1_000, 10_000]),
];
const SIMPLIFY: [Family; 2] = [
    ("stopper", stopper_graph, &[1_000, 3_000, 10_000]),
    ("carousel", carousel_graph, &[30, 100, 300]),
];

fn compare(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy: G <= H (onside), random graphs of n vertices");
    group.sample_size(10);
    for (family, make, sizes) in COMPARE {
        for &n in sizes {
            let (g, h) = (make(n, 7), make(n, 11));
            let (x, y) = (n as u32 - 1, n as u32 - 1);
            group.bench_with_input(BenchmarkId::new(family, n), &n, |b, _| {
                b.iter(|| g.leq(x, &h, y, Some(Side::Onside)))
            });
        }
    }
    group.finish();
}

fn simplify(c: &mut Criterion) {
    let mut group =
        c.benchmark_group("loopy: value of the root (canonical stopper or both sides simplified)");
    group.sample_size(10);
    let mut seed = 100u64;
    for (family, make, sizes) in SIMPLIFY {
        for &n in sizes {
            group.bench_with_input(BenchmarkId::new(family, n), &n, |b, &n| {
                b.iter_batched(
                    || {
                        // A fresh graph each time: canonical stoppers are
                        // interned for the session.
                        seed += 1;
                        make(n, seed)
                    },
                    |g| SidedValue::from_graph(&g, n as u32 - 1).map(|v| v.is_stopper()),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, compare, simplify);
criterion_main!(benches);
