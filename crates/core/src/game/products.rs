//! Products of games: Norton's product by a unit (Winning Ways ch. 8;
//! Siegel, CGT II.?) and Conway's product (ONAG ch. 10), which is the
//! number product on numbers and the nim product on nimbers.

use super::Game;
use crate::nim::nim_product_u64;
use crate::sharded::ShardedMap;
use std::sync::OnceLock;

impl Game {
    /// The Norton product G.U: n copies of U when G is an integer n;
    /// otherwise `{G^L.U + (U + I) | G^R.U - (U + I)}` with I ranging over
    /// the incentives of U.
    pub fn norton_product(self, u: Game) -> Game {
        static CACHE: OnceLock<ShardedMap<(Game, Game), Game>> = OnceLock::new();
        if let Some(n) = self.as_number().and_then(|x| x.to_integer()) {
            return u.times(&n);
        }
        let cache = CACHE.get_or_init(ShardedMap::new);
        if let Some(p) = cache.get(&(self, u)) {
            return p;
        }
        let p = self.norton_product_by_options(u);
        cache.insert((self, u), p);
        p
    }

    fn norton_product_by_options(self, u: Game) -> Game {
        let shifts: Vec<Game> = u.incentives().into_iter().map(|i| u + i).collect();
        crate::stack::descend(|| {
            let side = |opts: &[Game], sign: bool| -> Vec<Game> {
                let mut v = Vec::new();
                for &o in opts {
                    let p = o.norton_product(u);
                    v.extend(shifts.iter().map(|&s| if sign { p + s } else { p - s }));
                }
                v
            };
            Game::from_options(
                &side(self.left_options(), true),
                &side(self.right_options(), false),
            )
        })
    }

    /// Conway's product G.H = {G^L H + G H^L - G^L H^L, G^R H + G H^R -
    /// G^R H^R | G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}, on
    /// canonical forms.
    pub fn conway_product(self, h: Game) -> Game {
        crate::interrupt::check();
        static CACHE: OnceLock<ShardedMap<(Game, Game), Game>> = OnceLock::new();
        if self.is_zero() || h.is_zero() {
            return Game::ZERO;
        }
        if let (Some(x), Some(y)) = (self.as_number(), h.as_number()) {
            return Game::number(x * y);
        }
        if let (Some(a), Some(b)) = (self.as_nimber(), h.as_nimber()) {
            return Game::nimber(nim_product_u64(a, b));
        }
        let (g, h) = if self <= h { (self, h) } else { (h, self) };
        let cache = CACHE.get_or_init(ShardedMap::new);
        if let Some(p) = cache.get(&(g, h)) {
            return p;
        }
        let p = crate::stack::descend(|| {
            let term =
                |a: Game, b: Game| a.conway_product(h) + g.conway_product(b) - a.conway_product(b);
            let pairs = |xs: &[Game], ys: &[Game]| -> Vec<Game> {
                xs.iter()
                    .flat_map(|&a| ys.iter().map(move |&b| (a, b)))
                    .map(|(a, b)| term(a, b))
                    .collect()
            };
            let (gl, gr, hl, hr) = (
                g.left_options(),
                g.right_options(),
                h.left_options(),
                h.right_options(),
            );
            let mut left = pairs(gl, hl);
            left.extend(pairs(gr, hr));
            let mut right = pairs(gl, hr);
            right.extend(pairs(gr, hl));
            Game::from_options(&left, &right)
        });
        cache.insert((g, h), p);
        p
    }
}
