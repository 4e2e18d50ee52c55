//! Timings of the loopy engine, to run in release:
//! `cargo run --release -p onag-core --example loopy_bench`.
//!
//! Comparisons and simplifications on generated graphs of growing size,
//! and Fox and Geese positions valued through the evaluator. Each line
//! prints the size, the time and the answer (so the work is not skipped).

#[path = "../tests/loopy/rulesets.rs"]
mod rulesets;

use onag_core::loopy::{Graph, LoopyEvaluator, Player, SidedValue, Stopper};
use rulesets::{Backsliding, FoxAndGeese};
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A stopper of `n` vertices: edges go forward (to the next few
/// vertices), every fourth vertex has a Left pass and every other fourth a
/// Right pass, so every cycle is a pass and no alternating cycle exists.
/// With `back` Right edges pointing backwards as well, alternating cycles
/// appear (a game that is not a stopper).
fn forward_graph(n: u32, seed: u64, back: u32) -> Graph {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut g = Graph::with_vertices(n as usize);
    for v in 0..n.saturating_sub(1) {
        let ahead = (n - 1 - v) as u64;
        for p in [Player::Left, Player::Right] {
            for _ in 0..1 + rng.below(2) {
                g.add_edge(v, p, v + 1 + rng.below(ahead.min(8)) as u32);
            }
        }
        match v % 4 {
            0 => g.add_edge(v, Player::Left, v),
            2 => g.add_edge(v, Player::Right, v),
            _ => {}
        }
    }
    for _ in 0..back {
        let v = 1 + rng.below(n as u64 - 1) as u32;
        let t = rng.below(v as u64) as u32;
        g.add_edge(v, Player::Right, t);
    }
    g
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed().as_secs_f64() * 1000.0)
}

fn main() {
    let over = Stopper::over().graph().expect("over");
    println!("comparison G <= over, G a stopper of n vertices");
    for n in [1_000u32, 10_000, 100_000] {
        let g = forward_graph(n, 1, 0);
        let (r, ms) = time(|| g.leq(0, &over, 0, None));
        println!("  n = {n:>7}: {ms:>10.1} ms  {r:?}");
    }
    println!("comparison G <= H, both stoppers of n vertices (up to 2n^2 states)");
    for n in [500u32, 1_000, 2_000, 4_000] {
        let (g, h) = (forward_graph(n, 2, 0), forward_graph(n, 3, 0));
        let (r, ms) = time(|| g.leq(0, &h, 0, None));
        println!("  n = {n:>7}: {ms:>10.1} ms  {r:?}");
    }
    println!("canonical stopper of a stopper graph of n vertices (all-pairs tables)");
    for n in [250u32, 500, 1_000, 2_000, 4_000] {
        let g = forward_graph(n, 4, 0);
        let (r, ms) = time(|| Stopper::from_graph(&g, 0).map(|s| s.graph().map(|c| c.len())));
        println!("  n = {n:>7}: {ms:>10.1} ms  canonical vertices {r:?}");
    }
    println!("sides of a graph with alternating cycles, n vertices, n/10 back edges");
    for n in [50u32, 100, 200, 400] {
        let g = forward_graph(n, 5, n / 10);
        let (r, ms) = time(|| SidedValue::from_graph(&g, 0).map(|v| v.class_name()));
        println!("  n = {n:>7}: {ms:>10.1} ms  {r:?}");
    }
    println!("Backsliding Toads and Frogs, a fresh evaluator each");
    for start in ["ttt..fff", "tt...ff", "ttt...fff", "tttt..ffff"] {
        let mut e = LoopyEvaluator::new(Backsliding { layered: true }, 10_000_000);
        let (r, ms) = time(|| e.value(&start.as_bytes().to_vec()).map(|v| v.to_string()));
        println!("  {start:>10}: {ms:>10.1} ms  {r:?}");
    }
    println!("Fox and Geese (fox range 1), a fresh evaluator each");
    type Square = (i32, i32);
    let cases: [(i32, &[Square], Square); 4] = [
        (8, &[(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1)),
        (8, &[(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1)),
        (10, &[(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)], (1, 9)),
        (10, &[(4, 2), (4, 4), (4, 6), (4, 8), (4, 10)], (1, 1)),
    ];
    for (width, geese, fox) in cases {
        let mut e = LoopyEvaluator::new(FoxAndGeese { width, range: 1 }, 10_000_000);
        let mut gs = geese.to_vec();
        gs.sort_unstable();
        let (r, ms) = time(|| e.value(&(gs, fox)).map(|v| v.to_string()));
        println!("  width {width:>2}, geese {geese:?}: {ms:>10.1} ms  {r:?}");
    }
}
