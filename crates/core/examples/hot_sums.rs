//! Times the canonical form of sums of n random hot games of depth 3:
//! `cargo run --release -p onag-core --example hot_sums [n...]`.

use onag_core::game::Game;
use onag_core::number::{Dyadic, Integer};
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn hot_game(rng: &mut Rng, depth: u32) -> Game {
    if depth == 0 {
        let num = rng.below(33) as i64 - 16;
        return Game::number(Dyadic::new(Integer::from(num), rng.below(3) as u32));
    }
    let mut side = |shift: i64| -> Vec<Game> {
        (0..1 + rng.below(2))
            .map(|_| hot_game(rng, depth - 1) + Game::integer(shift))
            .collect()
    };
    let left = side(2);
    let right = side(-2);
    Game::from_options(&left, &right)
}

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
