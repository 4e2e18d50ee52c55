//! Named constructions: switches, tinies and minies, ordinal sums, and the
//! Norton powers of up and their partial sums.

use super::Game;
use crate::number::Dyadic;
use std::ops::{Add, Neg, Sub};
use std::sync::Mutex;

impl Game {
    /// `+-G = {G | -G}`.
    pub fn switch(self) -> Game {
        Game::from_options(&[self], &[self.neg()])
    }

    /// `+-(A, B, ...) = {A, B, ... | -A, -B, ...}`.
    pub fn switch_of(options: &[Game]) -> Game {
        let negs: Vec<Game> = options.iter().map(|g| g.neg()).collect();
        Game::from_options(options, &negs)
    }

    /// `Tiny(G) = {0 || 0 | -G}` (Winning Ways ch. 5).
    pub fn tiny(self) -> Game {
        let inner = Game::from_options(&[Game::ZERO], &[self.neg()]);
        Game::from_options(&[Game::ZERO], &[inner])
    }

    /// `Miny(G) = {G | 0 || 0} = -Tiny(G)`.
    pub fn miny(self) -> Game {
        self.tiny().neg()
    }

    /// The ordinal sum `G : H = {G^L, G:H^L | G^R, G:H^R}`, taken on the
    /// canonical forms of G and H (Siegel, CGT II.3).
    pub fn ordinal_sum(self, h: Game) -> Game {
        if h.is_zero() {
            return self;
        }
        crate::stack::descend(|| {
            crate::interrupt::check();
            let mut left = self.left_options().to_vec();
            left.extend(h.left_options().iter().map(|&hl| self.ordinal_sum(hl)));
            let mut right = self.right_options().to_vec();
            right.extend(h.right_options().iter().map(|&hr| self.ordinal_sum(hr)));
            Game::from_options(&left, &right)
        })
    }

    /// `^<n>`, the n-th Norton power of up (n >= 1): `^<1> = ^` and
    /// `^<n> = {0 | v[n-1]*}`, CGSuite's `^.Pow(n)`.
    pub fn up_pow(n: u32) -> Game {
        up_table(n).0
    }

    /// `^[n] = ^ + ^<2> + ... + ^<n>` (n >= 0), CGSuite's `^.PowTo(n)`,
    /// which is the ordinal sum `^ : (n - 1)` for n >= 1.
    pub fn up_pow_to(n: u32) -> Game {
        if n == 0 {
            return Game::ZERO;
        }
        up_table(n).1
    }

    /// G.Pow(x) for G = {0 | H} and a number x >= 1: `{0 | H - G.PowTo(x - 1)}`
    /// (NOTATION 5.1; Siegel, CGT II.4 on the ordinal powers `^<x>` of up).
    /// For an integer n, `^.Pow(n)` is `^<n>`; for other x the exponent
    /// goes through `PowTo`'s ordinal sum, so `^.Pow(3/2)` is
    /// `{0 | * - ^:-1}` = `{0||0,v*|0,*}`. None for any other base, or when
    /// x < 1 (x - 1 then has no sign expansion starting with `+`).
    pub fn pow(self, x: &Dyadic) -> Option<Game> {
        let (l, r) = (self.left_options(), self.right_options());
        if l != [Game::ZERO] || r.len() != 1 || *x < Dyadic::one() {
            return None;
        }
        let below = self.pow_to(&(x.clone() - Dyadic::one()))?;
        Some(Game::from_options(&[Game::ZERO], &[r[0].sub(below)]))
    }

    /// G.PowTo(x) for a number x: 0 for x = 0, else `G : x.Subordinate(1)`;
    /// None when x's sign expansion does not start with `+`.
    pub fn pow_to(self, x: &Dyadic) -> Option<Game> {
        if x.is_zero() {
            return Some(Game::ZERO);
        }
        let y = crate::sign_expansion::subordinate(x, &Dyadic::one())?;
        Some(self.ordinal_sum(Game::number(y)))
    }
}

/// `(^<n>, ^[n])` for n >= 1, built once and kept.
fn up_table(n: u32) -> (Game, Game) {
    static TABLE: Mutex<Vec<(Game, Game)>> = Mutex::new(Vec::new());
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if t.is_empty() {
        t.push((Game::up(), Game::up()));
    }
    while t.len() < n as usize {
        let (_, prev_sum) = t[t.len() - 1];
        // ^<k> = {0 | * - ^[k-1]}, ^[k] = ^[k-1] + ^<k>.
        let pow = Game::from_options(&[Game::ZERO], &[Game::star().sub(prev_sum)]);
        t.push((pow, prev_sum.add(pow)));
    }
    t[(n.max(1) - 1) as usize]
}
