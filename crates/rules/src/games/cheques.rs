//! Cashing Cheques, the game a thesis on hot games uses to introduce
//! switches and temperature (M. T. de Laurentys, *Hot games: temperature,
//! advantage and numbers*, USP, section "Heating things up").
//!
//! "Simpler cashing cheques": a table holds cheques, each with two amounts
//! written on it. On a turn a player either cashes a cheque, receiving the
//! amount written for them, or pays one coin. A cheque `(a, b)` gives Left
//! `a` coins or Right `b` coins, so it is the switch `{a | -b}` =
//! `(a-b)/2 ± (a+b)/2`, and the table is the sum of its cheques: the
//! thesis's table `(8, 4), (5, 5), (1, 13)` is
//! `(2±6) + (0±5) + (-6±7) = -4 ±7 ±6 ±5`. Paying a coin is a move in the
//! number of coins won so far: Left, ahead by n > 0, pays one (n - 1), and
//! Right, ahead by n, likewise; the coins are the integer `n = {n-1 | }`.
//! "Purple cheques might also show negative values, indicating the
//! opponent receives the promised coins": amounts may be negative.
//!
//! "Extended simpler cashing cheques" adds yellow squares, from which a
//! player picks one of the cheques (or further squares) offered to them
//! before the square disappears: any short game. Such an entry is given as
//! a game value (`{-12 | -24, {-19|-35}}`) and played through its options.
//!
//! `CashingCheques([(8, 4), (5, 5), (1, 13)])`, `CashingCheques((8, 4),
//! (5, 5))`, `CashingCheques([(8, 4), {9|-5}], coins => 3)`: entries are
//! `(a, b)` cheques or games; integers add to the coins.

use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use onag_core::game::Game;
use onag_core::number::{Dyadic, Integer};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "CashingCheques",
    package: Package::Strip,
    doc:
        "A table of cheques (a, b): cash one for a coins (Left) or b coins (Right), or pay a coin; \
          the value is the sum of the switches {a | -b} plus the coins.",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "CashingCheques",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    Ok(partizan(prefix, Cheques::from_args(args)?))
}

/// The largest amount (in absolute value) on a cheque or in the coins, so
/// that sums of amounts never overflow.
pub const MAX_AMOUNT: i64 = 1 << 40;

/// The most entries on a table.
pub const MAX_ENTRIES: usize = 1 << 16;

/// One entry on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// A cheque giving Left `.0` coins or Right `.1` coins: `{a | -b}`.
    Cheque(i64, i64),
    /// A yellow square: any game, played through its options.
    Square(Game),
}

/// A Cashing Cheques position: the entries still on the table (sorted)
/// and the coins Left is ahead by (negative: Right is ahead).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cheques {
    entries: Vec<Entry>,
    coins: i64,
}

fn amount(what: &str, a: &Arg) -> RuleResult<i64> {
    match a.as_i64() {
        Some(n) if n.abs() <= MAX_AMOUNT => Ok(n),
        Some(_) => Err(RuleError::too_large(format!(
            "CashingCheques: {what} must be at most 2^40 in absolute value"
        ))),
        None => Err(RuleError::bad_argument(format!(
            "CashingCheques: {what} must be an integer, got {} ({a:?})",
            a.kind()
        ))),
    }
}

/// coins + n, within `MAX_AMOUNT`.
fn add_coins(coins: i64, n: i64) -> RuleResult<i64> {
    coins
        .checked_add(n)
        .filter(|c| c.abs() <= MAX_AMOUNT)
        .ok_or_else(|| RuleError::too_large("CashingCheques: too many coins (at most 2^40)"))
}

impl Cheques {
    /// A table of cheques `(a, b)` and no coins.
    pub fn new(cheques: &[(i64, i64)]) -> RuleResult<Cheques> {
        let mut entries = Vec::with_capacity(cheques.len());
        for &(a, b) in cheques {
            if a.abs() > MAX_AMOUNT || b.abs() > MAX_AMOUNT {
                return Err(RuleError::too_large(
                    "CashingCheques: amounts must be at most 2^40 in absolute value",
                ));
            }
            entries.push(Entry::Cheque(a, b));
        }
        Ok(Cheques::with(entries, 0))
    }

    /// A table of given entries and coins.
    pub fn with(mut entries: Vec<Entry>, coins: i64) -> Cheques {
        entries.sort();
        Cheques { entries, coins }
    }

    /// The entries on the table, sorted.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The coins Left is ahead by.
    pub fn coins(&self) -> i64 {
        self.coins
    }

    /// `CashingCheques(list)`, `CashingCheques(e1, e2, ...)`, with an
    /// optional `coins => n`.
    pub fn from_args(args: &Args) -> RuleResult<Cheques> {
        args.check_keywords("CashingCheques", &["coins"])?;
        let mut coins = match args.keyword("coins") {
            Some(a) => amount("coins", a)?,
            None => 0,
        };
        let items: &[Arg] = match args.positional.as_slice() {
            [Arg::List(v)] | [Arg::Set(v)] => v,
            many => many,
        };
        if items.len() > MAX_ENTRIES {
            return Err(RuleError::too_large(format!(
                "CashingCheques: at most {MAX_ENTRIES} entries"
            )));
        }
        let mut entries = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Arg::Tuple(ab) if ab.len() == 2 => {
                    entries.push(Entry::Cheque(
                        amount("a cheque amount", &ab[0])?,
                        amount("a cheque amount", &ab[1])?,
                    ));
                }
                Arg::Game(g) => match g.as_number().and_then(small_integer) {
                    Some(n) => coins = add_coins(coins, n)?,
                    None => entries.push(Entry::Square(*g)),
                },
                Arg::Number(r) if r.is_integer() => {
                    coins = add_coins(coins, amount("coins", item)?)?;
                }
                Arg::Number(r) => match r.to_dyadic() {
                    Some(d) => entries.push(Entry::Square(Game::number(d))),
                    None => {
                        return Err(RuleError::bad_argument(format!(
                            "CashingCheques: {r} is not a game (its denominator is not a power of 2)"
                        )))
                    }
                },
                other => {
                    return Err(RuleError::bad_argument(format!(
                        "CashingCheques: an entry must be a cheque (a, b) or a game, got {} ({other:?})",
                        other.kind()
                    )))
                }
            }
        }
        Ok(Cheques::with(entries, coins))
    }

    /// This table with entry i replaced by the game g (integers go to the
    /// coins).
    fn replace(&self, i: usize, g: Game, extra_coins: i64) -> Cheques {
        let mut entries = self.entries.clone();
        entries.remove(i);
        let mut coins = self.coins + extra_coins;
        match g.as_number().and_then(small_integer) {
            Some(n) => coins += n,
            None => entries.push(Entry::Square(g)),
        }
        Cheques::with(entries, coins)
    }
}

/// A dyadic that is an integer of at most `MAX_AMOUNT` in absolute value.
fn small_integer(d: &Dyadic) -> Option<i64> {
    d.to_integer()
        .and_then(|n: Integer| n.to_i64())
        .filter(|n| n.abs() <= MAX_AMOUNT)
}

impl Position for Cheques {
    fn text(&self) -> String {
        let entries: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e {
                Entry::Cheque(a, b) => format!("({a},{b})"),
                Entry::Square(g) => g.to_string(),
            })
            .collect();
        let list = format!("[{}]", entries.join(","));
        if self.coins == 0 {
            list
        } else {
            format!("{list}, coins => {}", self.coins)
        }
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        // Paying a coin: a move in the integer of the coins.
        match player {
            Player::Left if self.coins > 0 => out.push(Cheques {
                coins: self.coins - 1,
                ..self.clone()
            }),
            Player::Right if self.coins < 0 => out.push(Cheques {
                coins: self.coins + 1,
                ..self.clone()
            }),
            _ => {}
        }
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 && self.entries[i - 1] == *e {
                continue; // the same move as on the equal entry before
            }
            match (*e, player) {
                (Entry::Cheque(a, _), Player::Left) => {
                    let mut entries = self.entries.clone();
                    entries.remove(i);
                    out.push(Cheques::with(entries, self.coins + a));
                }
                (Entry::Cheque(_, b), Player::Right) => {
                    let mut entries = self.entries.clone();
                    entries.remove(i);
                    out.push(Cheques::with(entries, self.coins - b));
                }
                (Entry::Square(g), Player::Left) => {
                    for &o in g.left_options() {
                        out.push(self.replace(i, o, 0));
                    }
                }
                (Entry::Square(g), Player::Right) => {
                    for &o in g.right_options() {
                        out.push(self.replace(i, o, 0));
                    }
                }
            }
        }
        out
    }

    /// Each entry is a component of its own, and so are the coins.
    fn decompose(&self) -> Vec<Self> {
        let mut parts: Vec<Cheques> = self
            .entries
            .iter()
            .map(|&e| Cheques::with(vec![e], 0))
            .collect();
        if self.coins != 0 {
            parts.push(Cheques::with(vec![], self.coins));
        }
        parts
    }

    /// The negative of a table swaps the amounts of every cheque and
    /// negates squares and coins; the normal form is the lesser of the two.
    fn normalize(&self) -> (Self, bool) {
        let neg = Cheques::with(
            self.entries
                .iter()
                .map(|e| match *e {
                    Entry::Cheque(a, b) => Entry::Cheque(b, a),
                    Entry::Square(g) => Entry::Square(-g),
                })
                .collect(),
            -self.coins,
        );
        if neg < *self {
            (neg, true)
        } else {
            (self.clone(), false)
        }
    }
}

/// The value of a cheque `(a, b)`: `{a | -b}`.
pub fn cheque_value(a: i64, b: i64) -> Game {
    Game::from_options(&[Game::integer(a)], &[Game::integer(-b)])
}
