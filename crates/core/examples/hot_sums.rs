//! Times the canonical form of sums of n random hot games of depth 3:
//! `cargo run --release -p onag-core --example hot_sums [n...]`.

use onag_core::game::Game;
use std::time::Instant;

#[path = "../benches/support/random_games.rs"]
mod random_games;

use random_games::{hot_game, Rng};

fn main() {
    let ns: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let ns = if ns.is_empty() { vec![4, 6, 8] } else { ns };
    for n in ns {
        for seed in 1..=3u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (n as u64) | 1);
            let games: Vec<Game> = (0..n).map(|_| hot_game(&mut rng, 3)).collect();
            let start = Instant::now();
            let s = games.iter().fold(Game::ZERO, |acc, &g| acc + g);
            let t = start.elapsed();
            let start = Instant::now();
            let temp = s.temperature();
            let tt = start.elapsed();
            let (l, r) = (s.left_options().len(), s.right_options().len());
            println!(
                "n={n} seed={seed}: sum {t:>10.3?}, temperature {temp} in {tt:>10.3?}, options {l}|{r}, birthday {}, store {}",
                s.birthday(),
                Game::store_size()
            );
        }
    }
}
