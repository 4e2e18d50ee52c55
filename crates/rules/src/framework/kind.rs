//! What a ruleset is, when it is more than a maker of positions: the kinds
//! of rulesets with methods of their own (RULESETS 4), each a small trait
//! with only the methods that kind has. A ruleset says what it is through
//! [`AnyRuleset::as_heap`] and its siblings, which give `None` for every
//! kind it is not.

use super::args::Arg;
use super::error::RuleResult;
use super::keyed::{Pair, Rules};
#[cfg(doc)]
use super::ruleset::AnyRuleset;
use onag_core::game::Game;
use onag_core::loopy::SidedValue;
use std::rc::Rc;

/// The options of an impartial heap ruleset, heap by heap (RULESETS 4.1):
/// what joins, partizan heaps, cake products and coin turning are built
/// from.
pub trait HeapRules {
    /// The options of a heap of `n` tokens: each a list of heap sizes whose
    /// disjunctive sum is the option (the empty list is 0). Duplicates are
    /// kept, in the ruleset's order.
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>>;
}

/// The period, preperiod and saltus of an arithmetic-periodic sequence:
/// g(n + period) = g(n) + saltus for every n >= preperiod (RULESETS 4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least period.
    pub period: u64,
    /// The first index from which the sequence repeats.
    pub preperiod: u64,
    /// What one period adds to the values (0 for a periodic sequence).
    pub saltus: i64,
}

/// An impartial heap ruleset (RULESETS 4.1-4.6): `Kayles`,
/// `TakeAndBreak("0.77")`, `Subtraction([1,2])`, `HeapRuleset(f)`, joins.
pub trait Heap {
    /// Its heap options, which other rulesets are built from.
    fn rules(&self) -> Rc<dyn HeapRules>;

    /// `code`: the take-and-break or spawning code as supplied (`Nim.code`
    /// is `"0.[3]"`); `None` for a ruleset not given by a code.
    fn code(&self) -> Option<String>;

    /// `HeapOptions(n)`: the option lists of heap n.
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        self.rules().heap_options(n)
    }

    /// `HeapNimValue(n)`: the nim value of heap n (RULESETS 4.4).
    fn nim_value(&self, n: u64) -> RuleResult<u64>;

    /// `NimValueSequence(n)`: the nim values of heaps 1..=n.
    fn nim_value_sequence(&self, n: u64) -> RuleResult<Vec<u64>>;

    /// `NimValueSequence(n)` packed (one narrow cell per heap), for the
    /// language's lists: rulesets with a sequence engine share their array.
    fn packed_sequence(&self, n: u64) -> RuleResult<onag_core::packed::PackedSlice> {
        Ok(onag_core::packed::PackedSlice::from_values(
            &self.nim_value_sequence(n)?,
        ))
    }

    /// `CheckPeriodicity(n)` (RULESETS 4.6): `None` is CGSuite's Nothing,
    /// which is also the answer of a ruleset not given by an octal code.
    fn check_periodicity(&self, n: u64) -> RuleResult<Option<Periodicity>>;
}

/// An impartial coordinate ruleset (RULESETS 4.8): `Wythoff`, `GenMem(f)`,
/// `CoordinateRuleset(f)`, acrostic and direct products.
pub trait Coordinate {
    /// Its coordinate options, which `Adjoin` and
    /// `PartizanCoordinateRuleset` are built from.
    fn rules(&self) -> Rc<dyn Rules<Pair>>;

    /// `NimValueTable(rows, cols)`: the nim values of (m, n), rows
    /// 0..=rows, columns 0..=cols.
    fn nim_value_table(&self, rows: u64, cols: u64) -> RuleResult<Vec<Vec<u64>>>;
}

/// A partizan heap ruleset (RULESETS 4.3): `PartizanSubtraction(L, R)`,
/// `R.PartizanJoin(S)`.
pub trait PartizanHeap {
    /// `GameValueSequence(n)`: the values of heaps 1..=n.
    fn game_value_sequence(&self, n: u64) -> RuleResult<Vec<Game>>;
}

/// A partizan coordinate ruleset (RULESETS 4.9): `GenCutcake(L, R)`,
/// `PartizanEuclid`, `PartizanCoordinateRuleset(L, R)`.
pub trait PartizanCoordinate {
    /// `GameValueTable(rows, cols)`: the values of (m, n), rows 1..=rows,
    /// columns 1..=cols.
    fn game_value_table(&self, rows: u64, cols: u64) -> RuleResult<Vec<Vec<Game>>>;
}

/// One cell of a `ValuesTable` (LOOPY 4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableCell {
    /// A cell holding one of the fixed pieces (a goose: `X`).
    Piece,
    /// The value of the position with the moving piece (the fox) there.
    Value(SidedValue),
    /// A cell the moving piece can never stand on (printed blank).
    Blank,
}

/// A ruleset with a `ValuesTable` (Fox and Geese, LOOPY 4.3): for fixed
/// pieces, the value of each position of the moving piece, as a table.
pub trait ValuesTable {
    /// `ValuesTable(pieces)`: the rows of the table, top row first (for
    /// Fox and Geese rows M down to 1, M the highest goose row, and
    /// columns 1 to the board's width).
    fn values_table(&self, pieces: &Arg) -> RuleResult<Vec<Vec<TableCell>>>;
}
