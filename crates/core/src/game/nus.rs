//! Number-up-star values: `x + k.^ + *n` with `x` dyadic, `k` an integer and
//! `n` a nimber. Most games met in practice are nus or have nus options, so
//! the store keeps them compactly and adds, negates and compares them by
//! formula, never through their options.

use crate::number::{Dyadic, Integer};
use std::cmp::Ordering;
use std::fmt;

/// The value `number + ups.^ + *nimber`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part x.
    pub number: Dyadic,
    /// The up-multiple k of `k.^`.
    pub ups: Integer,
    /// The nimber part n of `*n`.
    pub nimber: u64,
}

/// The outcome class of a game: who wins, with whom moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G is confused with 0).
    N,
    /// The second player wins (G = 0).
    P,
}

impl Outcome {
    /// The outcome from the two facts `G >= 0` and `G <= 0`.
    pub fn from_signs(geq_zero: bool, leq_zero: bool) -> Outcome {
        match (geq_zero, leq_zero) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }

    /// True for `L` and `P`, the outcomes of games `>= 0`.
    pub fn geq_zero(self) -> bool {
        matches!(self, Outcome::L | Outcome::P)
    }

    /// True for `R` and `P`, the outcomes of games `<= 0`.
    pub fn leq_zero(self) -> bool {
        matches!(self, Outcome::R | Outcome::P)
    }

    /// The outcome of `-G` given that of `G`.
    pub fn negate(self) -> Outcome {
        match self {
            Outcome::L => Outcome::R,
            Outcome::R => Outcome::L,
            other => other,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        };
        f.write_str(s)
    }
}

impl Nus {
    /// The value `number + ups.^ + *nimber`.
    pub fn new(number: Dyadic, ups: Integer, nimber: u64) -> Nus {
        Nus {
            number,
            ups,
            nimber,
        }
    }

    /// The number x.
    pub fn number(number: Dyadic) -> Nus {
        Nus::new(number, Integer::zero(), 0)
    }

    /// The nimber `*n`.
    pub fn nimber(n: u64) -> Nus {
        Nus::new(Dyadic::zero(), Integer::zero(), n)
    }

    /// Whether there are no ups and no nimber.
    pub fn is_number(&self) -> bool {
        self.ups.is_zero() && self.nimber == 0
    }

    /// Whether there is no number part and no ups.
    pub fn is_nimber(&self) -> bool {
        self.number.is_zero() && self.ups.is_zero()
    }

    /// The sum, by formula: numbers add, up-multiples add, nimbers nim-add.
    pub fn add(&self, other: &Nus) -> Nus {
        Nus::new(
            &self.number + &other.number,
            &self.ups + &other.ups,
            self.nimber ^ other.nimber,
        )
    }

    /// The negative: every part negated (a nimber is its own negative).
    pub fn neg(&self) -> Nus {
        Nus::new(-&self.number, -&self.ups, self.nimber)
    }

    /// The outcome class of `x + k.^ + *n`: the number part decides when it
    /// is non-zero; otherwise `k.^ + *n` is positive for k >= 1 except that
    /// `^*` is confused with 0 (likewise for downs), and `*n` (n > 0) is
    /// confused with 0 (Winning Ways ch. 3; Siegel, CGT II.4).
    pub fn outcome(&self) -> Outcome {
        match self.number.signum() {
            1 => return Outcome::L,
            -1 => return Outcome::R,
            _ => {}
        }
        let k = self.ups.signum();
        if self.nimber == 0 {
            return match k {
                1 => Outcome::L,
                -1 => Outcome::R,
                _ => Outcome::P,
            };
        }
        if k == 0 || (self.nimber == 1 && self.ups.abs().is_one()) {
            return Outcome::N;
        }
        if k > 0 {
            Outcome::L
        } else {
            Outcome::R
        }
    }

    /// `self <= other`: `other - self >= 0`, read from the parts without
    /// forming the difference. A non-zero number part decides (see
    /// [`Nus::outcome`]); otherwise `k.^ + *n >= 0`, with `k` the
    /// difference of the up-multiples and `n` the nim-sum of the nimbers,
    /// holds for k = 0 only when n = 0, and for k > 0 except `^*`.
    pub fn leq(&self, other: &Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let n = self.nimber ^ other.nimber;
                match self.ups.cmp(&other.ups) {
                    Ordering::Greater => false,
                    Ordering::Equal => n == 0,
                    Ordering::Less => n != 1 || !(&other.ups - &self.ups).is_one(),
                }
            }
        }
    }

    /// The birthday of `x + k.^ + *n`: the number's birthday plus that of
    /// `k.^ + *n`, which by the option formulas below is `n` for k = 0,
    /// `b(1, n) = 1 + (n xor 1)` except `b(^*) = 2`, and
    /// `b(k, n) = 1 + b(k - 1, n xor 1)`.
    pub fn birthday(&self) -> Integer {
        let k = self.ups.abs();
        let infinitesimal = if k.is_zero() {
            Integer::from(self.nimber)
        } else {
            // After k - 1 steps down the chain the nimber has been flipped
            // (k - 1) times.
            let flips = if k.is_odd() { 0 } else { 1 };
            let m = self.nimber ^ flips;
            let last = if m == 1 {
                Integer::from(2)
            } else {
                Integer::from(1u64) + Integer::from(m ^ 1)
            };
            &(&k - &Integer::one()) + &last
        };
        &self.number.birthday() + &infinitesimal
    }

    /// The canonical Left and Right options, as nus values.
    ///
    /// Numbers: an integer n > 0 is `{n-1|}`, n < 0 is `{|n+1}`, and
    /// `m/2^k` is `{(m-1)/2^k | (m+1)/2^k}`. For non-numbers, with x the
    /// number part (number translation):
    /// `x + *n = {x + *j | x + *j}` (j < n);
    /// for k > 0, `x + k.^ + *n = {x | x + (k-1).^ + *(n xor 1)}`, except
    /// `x + ^* = {x, x* | x}`; downs by symmetry.
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        if self.is_number() {
            return number_options(&self.number);
        }
        let x = &self.number;
        let k = &self.ups;
        if k.is_zero() {
            let opts: Vec<Nus> = (0..self.nimber)
                .map(|j| Nus::new(x.clone(), Integer::zero(), j))
                .collect();
            return (opts.clone(), opts);
        }
        let plain = Nus::number(x.clone());
        let star = Nus::new(x.clone(), Integer::zero(), 1);
        let unit_star = self.nimber == 1 && k.abs().is_one();
        if k.is_positive() {
            let next = Nus::new(x.clone(), k - &Integer::one(), self.nimber ^ 1);
            let left = if unit_star {
                vec![plain, star]
            } else {
                vec![plain]
            };
            (left, vec![next])
        } else {
            let next = Nus::new(x.clone(), k + &Integer::one(), self.nimber ^ 1);
            let right = if unit_star {
                vec![plain, star]
            } else {
                vec![plain]
            };
            (vec![next], right)
        }
    }

    /// Compare two nus values in the printing order of options: numbers
    /// ascending first; then by number part, up-multiple and nimber.
    pub fn print_order(&self, other: &Nus) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| self.ups.cmp(&other.ups))
            .then_with(|| self.nimber.cmp(&other.nimber))
    }
}

/// The canonical options of a number (the simplest form).
fn number_options(x: &Dyadic) -> (Vec<Nus>, Vec<Nus>) {
    if let Some(n) = x.to_integer() {
        return match n.signum() {
            1 => (
                vec![Nus::number(Dyadic::from_integer(&n - &Integer::one()))],
                vec![],
            ),
            -1 => (
                vec![],
                vec![Nus::number(Dyadic::from_integer(&n + &Integer::one()))],
            ),
            _ => (vec![], vec![]),
        };
    }
    let exp = x.exponent();
    let lower = Dyadic::new(x.numerator() - &Integer::one(), exp);
    let upper = Dyadic::new(x.numerator() + &Integer::one(), exp);
    (vec![Nus::number(lower)], vec![Nus::number(upper)])
}
