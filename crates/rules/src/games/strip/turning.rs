//! Turning (RULESETS 2.4): coin-turning games on a strip of `t` (tails)
//! and `h` (heads), from a heap ruleset: `Turning("1-3")` (Mock Turtles,
//! the spawning code of RULESETS 4.5) or `Turning(heapRuleset)`.
//!
//! A move picks a heads coin n, takes an option list L of heap n, flips
//! every coin in L (once, however often it is listed) and turns coin n to
//! tails. The nim value is not computed from these moves: it is the XOR of
//! the heap ruleset's g(n) over the heads coins n.

use crate::boards::strip::Strip;
use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::{self, HeapRules};
use crate::framework::position::{Board, Player};
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_core::game::Game;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[RulesetEntry {
    name: "Turning",
    package: Package::Strip,
    doc: "Coin turning from a spawning code or heap ruleset: Turning(\"1-3\")(\"htth\").",
    make: Make::Schema(build),
}];

fn build(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords("Turning", &[])?;
    let (name, heap) = match args.positional.as_slice() {
        [Arg::Str(code)] => (
            format!("Turning({code:?})"),
            crate::games::heap::spawning(code)?.into_any(),
        ),
        [Arg::Ruleset(r)] => (format!("Turning({})", r.name()), r.clone()),
        _ => {
            return Err(RuleError::bad_argument(
                "Turning expects one argument: a spawning code or a heap ruleset",
            ))
        }
    };
    let rules = match heap.as_heap() {
        Some(h) => h.rules(),
        None => {
            return Err(RuleError::bad_argument(format!(
                "Turning expects an impartial heap ruleset, got {}",
                heap.name()
            )))
        }
    };
    Ok(Rc::new(Turning(Rc::new(Inner { name, heap, rules }))))
}

struct Inner {
    name: String,
    heap: Rc<dyn AnyRuleset>,
    rules: Rc<dyn HeapRules>,
}

/// A coin-turning ruleset.
#[derive(Clone)]
pub struct Turning(Rc<Inner>);

impl Turning {
    /// The heap ruleset the coins follow (checked to be one when made).
    fn heap(&self) -> RuleResult<&dyn kind::Heap> {
        self.0.heap.as_heap().ok_or_else(|| {
            RuleError::bad_argument(format!(
                "Turning expects an impartial heap ruleset, got {}",
                self.0.heap.name()
            ))
        })
    }
}

impl AnyRuleset for Turning {
    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let strip = Strip::from_args(&self.0.name, args, "th")?;
        Ok(Rc::new(Coins {
            ruleset: self.clone(),
            heads: strip.cells.iter().map(|&c| c == 1).collect(),
        }))
    }
}

/// A row of coins.
struct Coins {
    ruleset: Turning,
    heads: Vec<bool>,
}

impl Coins {
    fn value(&self) -> RuleResult<u64> {
        let mut v = 0;
        for (i, &h) in self.heads.iter().enumerate() {
            if h {
                v ^= self.ruleset.heap()?.nim_value(i as u64 + 1)?;
            }
        }
        Ok(v)
    }
}

impl Coins {
    /// The coins as `t` (tails) and `h` (heads).
    fn faces(&self) -> String {
        self.heads
            .iter()
            .map(|&h| if h { 'h' } else { 't' })
            .collect()
    }
}

impl AnyPosition for Coins {
    fn display(&self) -> String {
        format!("{}(\"{}\")", self.ruleset.0.name, self.faces())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.faces()))
    }

    fn options(&self, _player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        let len = self.heads.len() as u64;
        let mut out: Vec<Rc<dyn AnyPosition>> = Vec::new();
        for (i, &h) in self.heads.iter().enumerate() {
            if !h {
                continue;
            }
            let n = i as u64 + 1;
            for list in self.ruleset.0.rules.heap_options(n)? {
                let mut heads = self.heads.clone();
                let mut flipped = list.clone();
                flipped.sort_unstable();
                flipped.dedup();
                for &a in &flipped {
                    if a == 0 || a > len {
                        return Err(RuleError::bad_position(format!(
                            "{}: the option {list:?} of heap {n} turns coin {a}, which is not on the strip of {len} coins",
                            self.ruleset.0.name
                        )));
                    }
                    heads[a as usize - 1] ^= true;
                }
                heads[i] = false;
                out.push(Rc::new(Coins {
                    ruleset: self.ruleset.clone(),
                    heads,
                }));
            }
        }
        Ok(out)
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Ok(Game::nimber(self.value()?))
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        Some(self.value())
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(vec![Rc::new(Coins {
            ruleset: self.ruleset.clone(),
            heads: self.heads.clone(),
        })])
    }
}
