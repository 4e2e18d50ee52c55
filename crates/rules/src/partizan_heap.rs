//! Partizan heap rulesets (RULESETS 4.3): a position is a sum of heaps; Left
//! moves on a heap by the heap options of one impartial heap ruleset, Right
//! by those of another. Values are canonical forms, computed with a memo
//! table per ruleset value.
//!
//! `PartizanHeapRuleset(L, R)` takes any two heap rulesets;
//! `PartizanSubtraction(L, R, allbut)` and `PartizanSplittles(L, R, allbut)`
//! take two subtraction sets; `PartizanTakeAndBreak(lc, rc)` takes two
//! take-and-break codes, whose rulesets it makes through the registry's
//! `TakeAndBreak`. `R.PartizanJoin(S)` is `PartizanHeapRuleset(R, S)`.

use crate::args::{Arg, Args};
use crate::dynamic::{AnyPosition, AnyRuleset};
use crate::error::{RuleError, RuleResult};
use crate::heap::HeapRules;
use crate::registry::{self, Make, Package, RulesetEntry};
use crate::table_game::{arg_text, position, HeapAdapter, PartizanGame, Table};
use onag_core::game::Game;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "PartizanHeapRuleset",
        package: Package::Heap,
        doc: "PartizanHeapRuleset(L, R): Left moves on a heap by heap ruleset L, Right by R.",
        make: Make::Schema(partizan_heap_ruleset),
    },
    RulesetEntry {
        name: "PartizanSubtraction",
        package: Package::Heap,
        doc: "PartizanSubtraction(L, R, allbut => false): Left subtracts an element of L, Right of R.",
        make: Make::Schema(|a| subtraction_pair("PartizanSubtraction", Digit::Subtraction, a)),
    },
    RulesetEntry {
        name: "PartizanSplittles",
        package: Package::Heap,
        doc: "PartizanSplittles(L, R, allbut => false): subtract as in Splittles, Left by L, Right by R.",
        make: Make::Schema(|a| subtraction_pair("PartizanSplittles", Digit::Splittles, a)),
    },
    RulesetEntry {
        name: "PartizanTakeAndBreak",
        package: Package::Heap,
        doc: "PartizanTakeAndBreak(leftCode, rightCode): Left moves by one take-and-break code, Right by the other.",
        make: Make::Schema(partizan_take_and_break),
    },
];

/// A partizan heap ruleset.
pub struct PartizanHeapRuleset {
    game: Rc<PartizanGame<u64>>,
}

/// The partizan heap ruleset named `name`: Left moves by `left`, Right by
/// `right`.
pub fn ruleset(
    name: String,
    left: Rc<dyn HeapRules>,
    right: Rc<dyn HeapRules>,
) -> Rc<dyn AnyRuleset> {
    Rc::new(PartizanHeapRuleset {
        game: PartizanGame::new(
            name,
            Rc::new(HeapAdapter(left)),
            Rc::new(HeapAdapter(right)),
        ),
    })
}

impl PartizanHeapRuleset {
    /// The canonical form of heap n.
    pub fn value(&self, n: u64) -> RuleResult<Game> {
        self.game.value(n)
    }
}

impl AnyRuleset for PartizanHeapRuleset {
    fn name(&self) -> String {
        self.game.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        args.check_keywords(&self.game.name, &[])?;
        match args.positional.as_slice() {
            [a] => match a.as_u64() {
                Some(n) => Ok(position(Table::Partizan(self.game.clone()), vec![n])),
                None => Err(RuleError::new(format!(
                    "{} expects a heap size (a non-negative Integer), got {a:?}",
                    self.game.name
                ))),
            },
            _ => Err(RuleError::new(format!(
                "{} expects one heap size",
                self.game.name
            ))),
        }
    }

    fn game_value_sequence(&self, n: u64) -> RuleResult<Vec<Game>> {
        (1..=n).map(|k| self.game.value(k)).collect()
    }
}

/// The heap rules of a ruleset argument, or an error naming `what`.
pub fn heap_rules_arg(what: &str, a: &Arg) -> RuleResult<Rc<dyn HeapRules>> {
    match a {
        Arg::Ruleset(r) => r
            .heap_rules()
            .ok_or_else(|| RuleError::new(format!("{what}: {} is not a heap ruleset", r.name()))),
        other => Err(RuleError::new(format!(
            "{what} expects heap rulesets, got {} ({other:?})",
            other.kind()
        ))),
    }
}

fn partizan_heap_ruleset(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    const WHAT: &str = "PartizanHeapRuleset";
    args.check_keywords(WHAT, &[])?;
    args.expect_count(WHAT, 2, "two heap rulesets")?;
    let (l, r) = (&args.positional[0], &args.positional[1]);
    Ok(ruleset(
        format!("{WHAT}({}, {})", arg_text(l), arg_text(r)),
        heap_rules_arg(WHAT, l)?,
        heap_rules_arg(WHAT, r)?,
    ))
}

/// Which take-and-break digit a subtraction set stands for (RULESETS
/// 4.2.5): `3` leaves one heap or none, `7` up to two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Digit {
    Subtraction,
    Splittles,
}

/// The heap options of `Subtraction(set, allbut)` or `Splittles(set,
/// allbut)`, natively, in CGSuite's order: by amount removed, then the
/// remainder as one heap, then its splits into two.
#[derive(Clone, Debug)]
pub(crate) struct SubtractionRules {
    /// The amounts, ascending, distinct, all positive.
    set: Vec<u64>,
    allbut: bool,
    digit: Digit,
}

impl SubtractionRules {
    /// The rules of a subtraction set. Amounts below 1 would let a heap
    /// stay or grow without end, so they are rejected as loopy.
    pub(crate) fn new(set: &[i64], allbut: bool, digit: Digit) -> RuleResult<SubtractionRules> {
        if set.is_empty() {
            return Err(RuleError::new("The subtraction set must not be empty."));
        }
        if allbut && set.iter().any(|&j| j < 1) {
            return Err(RuleError::new(
                "If `allbut` == true, then subtraction set must contain strictly positive `Integer`s.",
            ));
        }
        if set.iter().any(|&j| j < 1) {
            return Err(crate::table_game::loopy());
        }
        let mut set: Vec<u64> = set.iter().map(|&j| j as u64).collect();
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionRules { set, allbut, digit })
    }

    fn amounts(&self, n: u64) -> Vec<u64> {
        if self.allbut {
            (1..=n)
                .filter(|j| self.set.binary_search(j).is_err())
                .collect()
        } else {
            self.set.iter().copied().filter(|&j| j <= n).collect()
        }
    }
}

impl HeapRules for SubtractionRules {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        crate::table_game::check_listable("Subtraction", n)?;
        let mut out = Vec::new();
        for j in self.amounts(n) {
            let r = n - j;
            if r == 0 {
                out.push(vec![]);
                continue;
            }
            out.push(vec![r]);
            if self.digit == Digit::Splittles {
                out.extend((1..=r / 2).map(|a| vec![a, r - a]));
            }
        }
        Ok(out)
    }
}

/// A subtraction set argument: a list or set of Integers.
pub fn subtraction_set(a: &Arg) -> RuleResult<Vec<i64>> {
    let bad = || RuleError::new("Subtraction set must be a set of `Integer`s.");
    a.elements()
        .ok_or_else(bad)?
        .iter()
        .map(|x| x.as_i64().ok_or_else(bad))
        .collect()
}

fn subtraction_pair(what: &str, digit: Digit, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords(what, &["allbut"])?;
    args.expect_count(what, 2, "two subtraction sets")?;
    let allbut = match args.keyword("allbut") {
        None | Some(Arg::Nothing) => false,
        Some(Arg::Bool(b)) => *b,
        Some(other) => {
            return Err(RuleError::new(format!(
                "{what}: `allbut` must be true or false, got {other:?}"
            )))
        }
    };
    let (l, r) = (&args.positional[0], &args.positional[1]);
    let (ls, rs) = (subtraction_set(l)?, subtraction_set(r)?);
    let name = if allbut {
        format!("{what}({}, {}, allbut => true)", arg_text(l), arg_text(r))
    } else {
        format!("{what}({}, {})", arg_text(l), arg_text(r))
    };
    Ok(ruleset(
        name,
        Rc::new(SubtractionRules::new(&ls, allbut, digit)?),
        Rc::new(SubtractionRules::new(&rs, allbut, digit)?),
    ))
}

/// `TakeAndBreak(code)`'s heap rules, through the registry.
pub fn take_and_break(what: &str, code: &str) -> RuleResult<Rc<dyn HeapRules>> {
    let entry = registry::find("TakeAndBreak").ok_or_else(|| {
        RuleError::new(format!(
            "{what} needs the TakeAndBreak ruleset, which is not available"
        ))
    })?;
    let r = match &entry.make {
        Make::Schema(f) => f(&Args::new(vec![Arg::Str(code.to_string())]))?,
        Make::Ruleset(f) => f(),
    };
    r.heap_rules().ok_or_else(|| {
        RuleError::new(format!(
            "{what}: TakeAndBreak(\"{code}\") is not a heap ruleset"
        ))
    })
}

fn partizan_take_and_break(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    const WHAT: &str = "PartizanTakeAndBreak";
    args.check_keywords(WHAT, &[])?;
    match args.positional.as_slice() {
        [Arg::Str(l), Arg::Str(r)] => Ok(ruleset(
            format!("{WHAT}({l:?}, {r:?})"),
            take_and_break(WHAT, l)?,
            take_and_break(WHAT, r)?,
        )),
        _ => Err(RuleError::new(format!("{WHAT} expects two code strings"))),
    }
}
