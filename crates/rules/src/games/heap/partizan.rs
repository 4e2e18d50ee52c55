//! Partizan heap rulesets (RULESETS 4.3): a position is a sum of heaps; Left
//! moves on a heap by the heap options of one impartial heap ruleset, Right
//! by those of another. Values are canonical forms, computed with a memo
//! table per ruleset value.
//!
//! `PartizanHeapRuleset(L, R)` takes any two heap rulesets;
//! `PartizanSubtraction(L, R, allbut)` and `PartizanSplittles(L, R, allbut)`
//! take two subtraction sets; `PartizanTakeAndBreak(lc, rc)` takes two
//! take-and-break codes, whose heap rules are the parsed codes themselves.
//! `R.PartizanJoin(S)` is `PartizanHeapRuleset(R, S)`.

use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{arg_text, position, HeapAdapter, Keys, PartizanKeys};
use crate::framework::kind::{self, HeapRules};
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use crate::games::heap::code::{self, Code};
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
        make: Make::Schema(|a| subtraction_pair("PartizanSubtraction", "3", a)),
    },
    RulesetEntry {
        name: "PartizanSplittles",
        package: Package::Heap,
        doc: "PartizanSplittles(L, R, allbut => false): subtract as in Splittles, Left by L, Right by R.",
        make: Make::Schema(|a| subtraction_pair("PartizanSplittles", "7", a)),
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
    game: Rc<PartizanKeys<u64>>,
}

/// The partizan heap ruleset named `name`: Left moves by `left`, Right by
/// `right`.
pub fn ruleset(
    name: String,
    left: Rc<dyn HeapRules>,
    right: Rc<dyn HeapRules>,
) -> Rc<dyn AnyRuleset> {
    Rc::new(PartizanHeapRuleset {
        game: PartizanKeys::new(
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
            [a] => {
                let n = a.heap_size(
                    &self.game.name,
                    "expects a heap size (a non-negative Integer)",
                )?;
                Ok(position(Keys::Partizan(self.game.clone()), vec![n]))
            }
            _ => Err(RuleError::bad_argument(format!(
                "{} expects one heap size",
                self.game.name
            ))),
        }
    }

    fn as_partizan_heap(&self) -> Option<&dyn kind::PartizanHeap> {
        Some(self)
    }
}

impl kind::PartizanHeap for PartizanHeapRuleset {
    fn game_value_sequence(&self, n: u64) -> RuleResult<Vec<Game>> {
        (1..=n).map(|k| self.game.value(k)).collect()
    }
}

/// The heap rules of a ruleset argument, or an error naming `what`.
pub fn heap_rules_arg(what: &str, a: &Arg) -> RuleResult<Rc<dyn HeapRules>> {
    match a {
        Arg::Ruleset(r) => r.as_heap().map(|h| h.rules()).ok_or_else(|| {
            RuleError::bad_argument(format!("{what}: {} is not a heap ruleset", r.name()))
        }),
        other => Err(RuleError::bad_argument(format!(
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

/// A subtraction set argument: a list or set of Integers.
pub fn subtraction_set(a: &Arg) -> RuleResult<Vec<i64>> {
    let bad = || RuleError::bad_argument("Subtraction set must be a set of `Integer`s.");
    a.elements()
        .ok_or_else(bad)?
        .iter()
        .map(|x| x.as_i64().ok_or_else(bad))
        .collect()
}

fn subtraction_pair(what: &str, digit: &str, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords(what, &["allbut"])?;
    args.expect_count(what, 2, "two subtraction sets")?;
    let allbut = match args.keyword("allbut") {
        None | Some(Arg::Nothing) => false,
        Some(Arg::Bool(b)) => *b,
        Some(other) => {
            return Err(RuleError::bad_argument(format!(
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
        subtraction_rules(&ls, allbut, digit)?,
        subtraction_rules(&rs, allbut, digit)?,
    ))
}

/// The heap rules of `Subtraction(set, allbut)` (digit `3`) or
/// `Splittles(set, allbut)` (digit `7`), as take-and-break codes (RULESETS
/// 4.2.4).
fn subtraction_rules(set: &[i64], allbut: bool, digit: &str) -> RuleResult<Rc<dyn HeapRules>> {
    take_and_break(&code::from_subtraction_set(set, digit, allbut)?)
}

/// The heap rules of the take-and-break code `code` (RULESETS 4.2).
pub fn take_and_break(code: &str) -> RuleResult<Rc<dyn HeapRules>> {
    Ok(Rc::new(Code::parse(code)?))
}

fn partizan_take_and_break(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    const WHAT: &str = "PartizanTakeAndBreak";
    args.check_keywords(WHAT, &[])?;
    match args.positional.as_slice() {
        [Arg::Str(l), Arg::Str(r)] => Ok(ruleset(
            format!("{WHAT}({l:?}, {r:?})"),
            take_and_break(l)?,
            take_and_break(r)?,
        )),
        _ => Err(RuleError::bad_argument(format!(
            "{WHAT} expects two code strings"
        ))),
    }
}
