//! Toppling Dominoes (RULESETS 2.3): a row of dominoes, blue (`l`, Left's),
//! red (`r`, Right's) and grey (`e`, either player's), with gaps (`.`). A
//! player chooses a domino of their colour or a grey one and topples it
//! leftward, clearing it and every cell to its left, or rightward, clearing
//! it and every cell to its right. As in CGSuite, a gap does not stop the
//! toppling (the \[QUIRK\] of RULESETS 2.3 and 6.4) and the strip keeps its
//! length.
//!
//! A position is packed two bits per cell in a `u128` (at most 64 cells).
//! Since gaps never stop a toppling, they never matter, so the normal form
//! drops them; it is then the least of the row, its reversal (same value),
//! and the colour-swapped row and its reversal (negated values).

use crate::boards::strip::Strip;
use crate::framework::args::Args;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, Simple};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "TopplingDominoes",
    package: Package::Strip,
    doc: "Topple a domino of your colour (`l` Left, `r` Right) or a grey one (`e`), \
          clearing everything on one side of it (`.` gaps do not stop it).",
    make: Make::Ruleset(|| {
        Rc::new(Simple {
            name: "TopplingDominoes",
            build,
        })
    }),
}];

fn build(prefix: &Rc<str>, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
    let strip = Strip::from_args("TopplingDominoes", args, ".lre")?;
    Ok(partizan(prefix, Toppling::from_strip(&strip)?))
}

/// The longest strip (in cells, gaps included).
pub const MAX_CELLS: usize = 64;

const GAP: u8 = 0;
const BLUE: u8 = 1;
const RED: u8 = 2;
const GREY: u8 = 3;

/// A Toppling Dominoes position: cell i in bits 2i, 2i+1 (0 gap, 1 blue,
/// 2 red, 3 grey).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Toppling {
    len: u8,
    cells: u128,
}

impl Toppling {
    /// A position from a strip of `.lre` cells (values 0..=3).
    pub fn from_strip(strip: &Strip) -> RuleResult<Toppling> {
        if strip.cells.len() > MAX_CELLS {
            return Err(RuleError::too_large(format!(
                "Toppling Dominoes strips are limited to {MAX_CELLS} cells; this one has {}",
                strip.cells.len()
            )));
        }
        let mut cells = 0u128;
        for (i, &v) in strip.cells.iter().enumerate() {
            if v > GREY {
                return Err(RuleError::bad_position(
                    "The position may only contain the following characters: .lre",
                ));
            }
            cells |= (v as u128) << (2 * i);
        }
        Ok(Toppling {
            len: strip.cells.len() as u8,
            cells,
        })
    }

    /// A position from a string of `.`, `l`, `r`, `e` (either case).
    pub fn parse(s: &str) -> RuleResult<Toppling> {
        Toppling::from_strip(&Strip::parse(s, ".lre")?)
    }

    fn len(&self) -> usize {
        self.len as usize
    }

    fn cell(&self, i: usize) -> u8 {
        (self.cells >> (2 * i) & 3) as u8
    }

    /// The strip as a string of `.`, `l`, `r`, `e`.
    pub fn cells(&self) -> String {
        (0..self.len())
            .map(|i| ['.', 'l', 'r', 'e'][self.cell(i) as usize])
            .collect()
    }

    /// Only cells lo..hi kept, the others made gaps.
    fn keep(&self, lo: usize, hi: usize) -> Toppling {
        let low = |n: usize| {
            if n >= 64 {
                u128::MAX
            } else {
                (1u128 << (2 * n)) - 1
            }
        };
        Toppling {
            len: self.len,
            cells: self.cells & low(hi) & !low(lo),
        }
    }

    /// The dominoes without gaps, as a list of colours.
    fn dominoes(&self) -> Vec<u8> {
        (0..self.len())
            .map(|i| self.cell(i))
            .filter(|&c| c != GAP)
            .collect()
    }

    fn pack(colours: impl Iterator<Item = u8>) -> Toppling {
        let mut cells = 0u128;
        let mut len = 0u8;
        for c in colours {
            cells |= (c as u128) << (2 * len as u32);
            len += 1;
        }
        Toppling { len, cells }
    }
}

/// Blue and red swapped (grey stays).
fn swap(c: u8) -> u8 {
    match c {
        BLUE => RED,
        RED => BLUE,
        other => other,
    }
}

impl Position for Toppling {
    fn text(&self) -> String {
        format!("\"{}\"", self.cells())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.cells()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let own = match player {
            Player::Left => BLUE,
            Player::Right => RED,
        };
        let mut out = Vec::new();
        for i in 0..self.len() {
            let c = self.cell(i);
            if c == own || c == GREY {
                // Leftward: cells 0..=i cleared; rightward: cells i.. cleared.
                out.push(self.keep(i + 1, self.len()));
                out.push(self.keep(0, i));
            }
        }
        out
    }

    fn normalize(&self) -> (Self, bool) {
        let d = self.dominoes();
        let candidates = [
            (Toppling::pack(d.iter().copied()), false),
            (Toppling::pack(d.iter().rev().copied()), false),
            (Toppling::pack(d.iter().map(|&c| swap(c))), true),
            (Toppling::pack(d.iter().rev().map(|&c| swap(c))), true),
        ];
        candidates
            .into_iter()
            .min_by_key(|(p, _)| (p.len, p.cells))
            .unwrap_or((*self, false))
    }
}
