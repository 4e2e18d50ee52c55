//! Random hot games for benchmarks and timing examples.

use onag_core::game::Game;
use onag_core::number::{Dyadic, Integer};

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A random hot game of the given depth: numbers at the leaves, and at each
/// level 1 to 2 Left options shifted up and 1 to 2 Right options shifted
/// down, so that Left's options tend to exceed Right's.
pub fn hot_game(rng: &mut Rng, depth: u32) -> Game {
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
