//! Uptimal expansions (Siegel, *Combinatorial Game Theory* (2013), II.4;
//! NOTATION 4.3 and 5.1) and lattice companions (Siegel, CGT III.2).
//!
//! # Uptimals
//!
//! With `^<1> = ^` and `^<n> = {0 | v[n-1]*}` the Norton powers of up
//! ([`Game::up_pow`]), an *uptimal* is a value
//!
//! ```text
//!     x + d1.^<1> + d2.^<2> + ... + dn.^<n> + *m
//! ```
//!
//! with x a number, integer digits `d_i` and a nimber `*m`. The expansion
//! is unique once trailing zero digits are dropped. Two facts make the
//! digits computable (Siegel, CGT II.4):
//!
//! 1. *Lexicographic order.* A star-free uptimal `0.d1d2...dn` is positive
//!    exactly when its first non-zero digit is, and 0 when all digits are 0.
//! 2. *The powers are infinitesimal one relative to the previous.* For all
//!    N, `N.^<k+1> < ^<k>`; so in `e.^<j> + (terms of level > j)` the
//!    coefficient e decides the sign as soon as it is non-zero.
//!
//! A star spoils comparisons with 0 (`^* ‖ 0`, and `^<2> + *m ‖ 0` for
//! every m >= 1), but it vanishes when doubled: `2(S + *m) = 2S`. So for an
//! infinitesimal H we read the digits off `D = H + H` instead (compared
//! piecewise, never formed; see `DigitSearch`). If H is uptimal with
//! digits `d_i`, D is star-free with digits `2 d_i`, and after removing the
//! first j - 1 of them what is left is `T = 2 d_j.^<j> + (lower levels)`;
//! then for every integer c, `T - (2c - 1).^<j> = (2(d_j - c) + 1).^<j> +
//! ...` is positive iff `c <= d_j` and negative iff `c > d_j` (by 1 and 2:
//! its level-j coefficient is odd, never 0). So `d_j` is the largest c with
//! `T - (2c - 1).^<j> > 0`, found by exponential and binary search. Having
//! all digits, H is uptimal iff `H - sum d_i.^<i>` is a nimber `*m`. The
//! answer is verified by that equality of canonical forms, so a game is
//! never reported uptimal wrongly.
//!
//! 3. *The followers of an uptimal are uptimals.* Write the uptimal as the
//!    sum F of the canonical forms of its parts (x, the `^<i>` with their
//!    signs, `*m`). Every follower of F is a sum of followers of the
//!    parts, and those are uptimals: numbers and nimbers have only such
//!    followers, and the followers of `^<n> = {0 | v[n-1]*}` are 0, the
//!    uptimal `v[n-1]*` of lower levels and its followers (uptimals by
//!    induction on n; uptimals are closed under sums and negation). The
//!    canonical form comes from F by deleting dominated options and
//!    bypassing reversible ones at its followers (ONAG Theorems 68-69),
//!    which never changes the value of a follower and brings up only
//!    followers of F (a bypass replaces an option by options of one of
//!    its followers). So every follower of the canonical form equals a
//!    follower of F: an uptimal.
//!    Hence a game with an option that is not uptimal is not uptimal.
//!    The expansion asks this once the first digit is confirmed, before
//!    the searches of the higher levels: their answers are memoised, and a
//!    game that is not uptimal with options that are not used to run
//!    every digit search to its bound.
//!
//! The first digit is the atomic weight of H (`aw(^<k>) = 0` for k >= 2
//! and `aw(*m) = 0`), which saves the search at level 1; it is then
//! confirmed by the two signs the search would have seen, which cheaply
//! rejects many games whose remainder is not of higher level.
//!
//! The searches need bounds to stop on games that are not uptimal. In the
//! canonical form of an uptimal with infinitesimal part H, every digit has
//! been at most the birthday of H in absolute value (`k.^ + *m` is born on
//! day |k| or later), and the number of digits at most one more than the
//! compound depth of H (the nesting of options that are not number-up-star
//! values; `^<n>` itself has compound depth n - 1), on all uptimals tried
//! (thousands, up to 9 digits, where no digit exceeded two thirds of the
//! birthday; the tests check round trips on more). The searches allow
//! digits up to the birthday plus one and twice the observed length; past
//! them the game is reported not uptimal.

use super::nus::Nus;
use super::Game;
use crate::number::{Dyadic, Integer};
use crate::sharded::ShardedMap;
use crate::stack::descend;
use std::fmt;
use std::sync::OnceLock;

/// The uptimal expansion `x + d1.^<1> + ... + dn.^<n> + *m` of a game
/// (Siegel, CGT II.4), with no trailing zero digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    number: Dyadic,
    digits: Vec<Integer>,
    nimber: u64,
}

impl UptimalExpansion {
    /// The expansion `number + sum digits[i-1].^<i> + *nimber`; trailing
    /// zero digits are dropped.
    pub fn new(number: Dyadic, mut digits: Vec<Integer>, nimber: u64) -> Self {
        while digits.last().is_some_and(Integer::is_zero) {
            digits.pop();
        }
        UptimalExpansion {
            number,
            digits,
            nimber,
        }
    }

    /// The number part x.
    pub fn number(&self) -> &Dyadic {
        &self.number
    }

    /// The digits d1, ..., dn (the coefficients of `^<1>`, ..., `^<n>`); the
    /// last one is non-zero.
    pub fn digits(&self) -> &[Integer] {
        &self.digits
    }

    /// The nimber part m.
    pub fn nimber(&self) -> u64 {
        self.nimber
    }

    /// The game `x + d1.^<1> + ... + dn.^<n> + *m`.
    pub fn to_game(&self) -> Game {
        let mut g = Game::from_nus(Nus::new(self.number.clone(), Integer::zero(), self.nimber));
        for (i, d) in self.digits.iter().enumerate() {
            if let Ok(level) = u32::try_from(i + 1) {
                g = g + Game::up_pow(level).times(d);
            }
        }
        g
    }
}

/// `x.d1d2...dn` with the star after the number part (NOTATION 4.3): the
/// number is omitted when it is 0 and there is a star; digits 0-9, then A-Z
/// for 10-35, then `(n)`; a negative digit is followed by `-`; no digits
/// print as `0`. Examples: `5.0`, `0.0202`, `*.12`, `73/16*8.9-`.
impl fmt::Display for UptimalExpansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || self.nimber == 0 {
            write!(f, "{}", self.number)?;
        }
        match self.nimber {
            0 => {}
            1 => f.write_str("*")?,
            m => write!(f, "*{m}")?,
        }
        f.write_str(".")?;
        if self.digits.is_empty() {
            return f.write_str("0");
        }
        for d in &self.digits {
            write_digit(f, d)?;
        }
        Ok(())
    }
}

fn write_digit(f: &mut fmt::Formatter<'_>, d: &Integer) -> fmt::Result {
    let a = d.abs();
    match a.to_u64() {
        Some(v) if v < 10 => write!(f, "{v}")?,
        Some(v) if v < 36 => write!(f, "{}", char::from(b'A' + (v - 10) as u8))?,
        _ => write!(f, "({a})")?,
    }
    if d.is_negative() {
        f.write_str("-")?;
    }
    Ok(())
}

impl Game {
    /// The uptimal expansion of G, or None if G is not an uptimal
    /// `x + d1.^<1> + ... + dn.^<n> + *m` (Siegel, CGT II.4; the method is
    /// described in the module documentation). A nus value `x + k.^ + *m`
    /// has digits `[k]` (none when k = 0).
    pub fn uptimal_expansion(self) -> Option<UptimalExpansion> {
        if let Some(n) = self.nus() {
            let digits = if n.ups.is_zero() {
                vec![]
            } else {
                vec![n.ups.clone()]
            };
            return Some(UptimalExpansion::new(n.number.clone(), digits, n.nimber));
        }
        static CACHE: OnceLock<ShardedMap<Game, Option<UptimalExpansion>>> = OnceLock::new();
        CACHE
            .get_or_init(ShardedMap::new)
            .get_or_compute(self, || expand(self))
    }

    /// Whether G is uptimal (has an uptimal expansion).
    pub fn is_uptimal(self) -> bool {
        self.uptimal_expansion().is_some()
    }
}

/// The expansion of a game that is not a nus value.
fn expand(g: Game) -> Option<UptimalExpansion> {
    let (ls, rs) = g.stops();
    if ls != rs {
        return None;
    }
    let h = g - Game::number(ls.clone());
    // x + (sums of powers of up and a nimber) has an all-small infinitesimal
    // part.
    if !h.is_all_small() {
        return None;
    }
    let (digits, nimber) = digits_and_nimber(g, h)?;
    Some(UptimalExpansion::new(ls, digits, nimber))
}

/// Whether every option of G is uptimal, as every option of an uptimal is
/// (fact 3 of the module documentation).
fn options_are_uptimal(g: Game) -> bool {
    descend(|| {
        g.left_options()
            .iter()
            .chain(g.right_options())
            .all(|o| o.is_uptimal())
    })
}

/// `^<j>`, if j fits the table of Norton powers.
fn level(j: u64) -> Option<Game> {
    u32::try_from(j).ok().map(Game::up_pow)
}

/// The digits and nimber of the all-small part H of G, or None if G is
/// not uptimal.
///
/// After the digits found so far are removed, `U = H - sum d_i.^<i>`
/// should be `d_j.^<j> + (lower levels) + *m`. The search works with `2U`
/// (star-free), but never forms it: the sign of `2U - k.^<j>` is that of
/// `A + B` for `A = U - c.^<j>`, `B = U - (k - c).^<j>`, decided by
/// comparing A with -B.
fn digits_and_nimber(g: Game, h: Game) -> Option<(Vec<Integer>, u64)> {
    let first = h.atomic_weight()?.as_number()?.to_integer()?;
    // Beyond the observed bounds (see the module documentation).
    let cap = &h.birthday() + &Integer::one();
    let max_len = compound_depth(h).saturating_add(1).saturating_mul(2);
    // Confirm the first digit as the search would find it: 2H - (2d - 1).^
    // positive and 2H - (2d + 1).^ negative (otherwise what remains is not
    // of higher level, and H is not uptimal).
    let mut first_level = DigitSearch::new(h, Game::up());
    if !first_level.positive(&first)? || first_level.positive(&(&first + &Integer::one()))? {
        return None;
    }
    let mut u = first_level.shifted(&first);
    let mut digits = vec![first];
    // The searches of the higher levels run to their bounds on a game
    // that is not uptimal; one option that is not rejects it first.
    if u.as_nimber().is_none() && !options_are_uptimal(g) {
        return None;
    }
    for j in 2.. {
        if let Some(m) = u.as_nimber() {
            return Some((digits, m));
        }
        let twice_zero = u == -u;
        // 2U is a star-free uptimal, never confused with 0 (fact 1), and
        // 0 only when U is a nimber.
        if j > max_len || twice_zero || u.confused(-u) {
            return None;
        }
        let mut search = DigitSearch::new(u, level(j)?);
        let d = search.digit(&cap)?;
        u = search.shifted(&d);
        digits.push(d);
    }
    None
}

/// The search for one digit: the largest c with `2U - (2c - 1).p > 0`,
/// where `2U = 2d.p + (lower levels)`, so that c = d.
struct DigitSearch {
    u: Game,
    p: Game,
    /// `U - c.p` by c, as computed so far.
    shifted: Vec<(Integer, Game)>,
}

impl DigitSearch {
    fn new(u: Game, p: Game) -> Self {
        DigitSearch {
            u,
            p,
            shifted: Vec::new(),
        }
    }

    /// `U - c.p`.
    fn shifted(&mut self, c: &Integer) -> Game {
        if let Some((_, g)) = self.shifted.iter().find(|(k, _)| k == c) {
            return *g;
        }
        let g = self.u - self.p.times(c);
        self.shifted.push((c.clone(), g));
        g
    }

    /// Whether `2U - (2c - 1).p = (U - c.p) + (U - (c - 1).p)` is positive
    /// (Some(true)) or negative (Some(false)); None if it is 0 or confused
    /// with 0, which no uptimal U allows.
    fn positive(&mut self, c: &Integer) -> Option<bool> {
        let a = self.shifted(c);
        let b = self.shifted(&(c - &Integer::one()));
        let minus_b = -b;
        if minus_b.lt(a) {
            Some(true)
        } else if a.lt(minus_b) {
            Some(false)
        } else {
            None
        }
    }

    /// The digit, which lies in `[-cap, cap]`; None if the signs do not
    /// single out such an integer.
    fn digit(&mut self, cap: &Integer) -> Option<Integer> {
        // Probe 0, then gallop away from 0 towards the answer (1, 2, 4, ...,
        // clamped to the bound). `near` is the last probe with the sign of
        // 0, `far` the first with the other sign.
        let up = self.positive(&Integer::zero())?;
        let bound = if up { cap + &Integer::one() } else { -cap };
        let mut near = Integer::zero();
        let mut step = Integer::one();
        let far = loop {
            let c = if up {
                (&near + &step).min(bound.clone())
            } else {
                (&near - &step).max(bound.clone())
            };
            if self.positive(&c)? != up {
                break c;
            }
            if c == bound {
                return None;
            }
            near = c;
            step = &step + &step;
        };
        // Positive at lo, negative at hi.
        let (mut lo, mut hi) = if up { (near, far) } else { (far, near) };
        while &hi - &lo > Integer::one() {
            let mid = (&lo + &hi).shr(1);
            if self.positive(&mid)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }
}

/// The nesting depth of options that are not nus values: 0 for a nus
/// value, else 1 + the largest depth of an option.
fn compound_depth(g: Game) -> u64 {
    if g.is_nus() {
        return 0;
    }
    static CACHE: OnceLock<ShardedMap<Game, u64>> = OnceLock::new();
    CACHE.get_or_init(ShardedMap::new).get_or_compute(g, || {
        descend(|| {
            g.left_options()
                .iter()
                .chain(g.right_options())
                .map(|&o| compound_depth(o))
                .max()
                .map_or(1, |d| d.saturating_add(1))
        })
    })
}

impl Game {
    /// The lattice companion of G (Siegel, CGT III.2), as NOTATION 5.1
    /// defines it: for `k.^ + *m` (number part 0) it is the value itself
    /// when m >= 2 and `k.^ + *(m xor 1)` otherwise; any other G has
    /// companion `{G^L's companions, and 0 if G >= 0 | G^R's companions,
    /// and 0 if G <= 0}`.
    ///
    /// A nus value `x + k.^ + *m` with x != 0 (numbers included) is its own
    /// companion, which is what the recursion gives: for x > 0 (x < 0 is
    /// symmetric) and by induction on k and m, the options are their own
    /// companions and the extra Left option 0 is dominated by the option x
    /// (or, for an integer, `{n - 1, 0 |} = n`; and `{*, 0 |} = 1`), while
    /// for a non-integer number `{x^L, 0 | x^R}` the added 0 is at most
    /// x^L and the companion `*` of an option 0 reverses out. Taking this
    /// shortcut keeps huge integers and nimbers from being walked.
    pub fn companion(self) -> Game {
        if let Some(n) = self.nus() {
            if !n.number.is_zero() || n.nimber >= 2 {
                return self;
            }
            return Game::from_nus(Nus::new(Dyadic::zero(), n.ups.clone(), n.nimber ^ 1));
        }
        static CACHE: OnceLock<ShardedMap<Game, Game>> = OnceLock::new();
        CACHE.get_or_init(ShardedMap::new).get_or_compute(self, || {
            descend(|| {
                let side = |opts: &[Game], with_zero: bool| -> Vec<Game> {
                    let mut v: Vec<Game> = opts.iter().map(|o| o.companion()).collect();
                    if with_zero {
                        v.push(Game::ZERO);
                    }
                    v
                };
                let outcome = self.outcome();
                let left = side(self.left_options(), outcome.geq_zero());
                let right = side(self.right_options(), outcome.leq_zero());
                Game::from_options(&left, &right)
            })
        })
    }
}
