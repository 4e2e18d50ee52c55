//! Rulesets and positions behind object-safe interfaces, for the language:
//! how a position prints, its options as positions, its value; what a
//! ruleset answers (`code`, `NimValueSequence`, `CheckPeriodicity`, ...).
//!
//! Concrete rulesets implement [`Position`] or [`ImpartialPosition`] and are
//! wrapped here by [`partizan`] and [`impartial`], whose values come from the
//! process-wide evaluators of their types.

use super::{evaluator, nim};
use crate::framework::args::Args;
use crate::framework::capability::HeapRules;
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{Pair, Rules};
use crate::framework::position::{ImpartialPosition, Player, Position};
use onag_core::game::Game;
use std::rc::Rc;

/// A position of some ruleset.
pub trait AnyPosition {
    /// The position as printed, which reads back as the same position:
    /// `Domineering("..|..")`, `Kayles(20)`, `Wythoff((3,5))`.
    fn display(&self) -> String;
    /// The positions `player` can move to (the same list for both players
    /// of an impartial position).
    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>>;
    /// The canonical form (for impartial positions, `*` of the nim value).
    fn canonical_form(&self) -> RuleResult<Game>;
    /// The nim value, for impartial positions (None for partizan ones).
    fn nim_value(&self) -> Option<RuleResult<u64>> {
        None
    }
    /// The independent components whose sum is this position.
    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>>;
}

/// The period, preperiod and saltus of an arithmetic-periodic sequence:
/// g(n + period) = g(n) + saltus for every n >= preperiod (RULESETS 4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: u64,
    pub preperiod: u64,
    pub saltus: i64,
}

/// A ruleset: makes positions from arguments, and answers the methods of
/// its kind. Every method a ruleset does not have returns an error naming
/// it.
pub trait AnyRuleset {
    /// The ruleset as printed: `Domineering`, `TakeAndBreak("0.77")`,
    /// `GenToadsAndFrogs(maxJump => 2)`.
    fn name(&self) -> String;

    /// A position from constructor arguments: `R("..|..")`, `R(20)`,
    /// `R((3,5))`.
    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>>;

    /// The heap options of an impartial heap ruleset (RULESETS 4.1), which
    /// the ruleset operations and cake products are built from.
    fn heap_rules(&self) -> Option<Rc<dyn HeapRules>> {
        None
    }

    /// The coordinate options of an impartial coordinate ruleset
    /// (RULESETS 4.8), which `Adjoin` and `PartizanCoordinateRuleset` are
    /// built from.
    fn coordinate_rules(&self) -> Option<Rc<dyn Rules<Pair>>> {
        None
    }

    /// The code string as supplied (`Nim.code` is `"0.[3]"`).
    fn code(&self) -> RuleResult<String> {
        Err(unsupported(&self.name(), "code"))
    }

    /// `HeapOptions(n)`: the option lists of heap n.
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        match self.heap_rules() {
            Some(h) => h.heap_options(n),
            None => Err(unsupported(&self.name(), "HeapOptions")),
        }
    }

    /// `HeapNimValue(n)`: the nim value of heap n (RULESETS 4.4).
    fn heap_nim_value(&self, _n: u64) -> RuleResult<u64> {
        Err(unsupported(&self.name(), "HeapNimValue"))
    }

    /// `NimValueSequence(n)`: the nim values of heaps 1..=n.
    fn nim_value_sequence(&self, _n: u64) -> RuleResult<Vec<u64>> {
        Err(unsupported(&self.name(), "NimValueSequence"))
    }

    /// `CheckPeriodicity(n)` (RULESETS 4.6): `None` is CGSuite's Nothing.
    fn check_periodicity(&self, _n: u64) -> RuleResult<Option<Periodicity>> {
        Ok(None)
    }

    /// `NimValueTable(rows, cols)` of a coordinate ruleset: rows 0..=rows,
    /// columns 0..=cols.
    fn nim_value_table(&self, _rows: u64, _cols: u64) -> RuleResult<Vec<Vec<u64>>> {
        Err(unsupported(&self.name(), "NimValueTable"))
    }

    /// `GameValueSequence(n)` of a partizan heap ruleset: heaps 1..=n.
    fn game_value_sequence(&self, _n: u64) -> RuleResult<Vec<Game>> {
        Err(unsupported(&self.name(), "GameValueSequence"))
    }

    /// `GameValueTable(rows, cols)` of a partizan coordinate ruleset: rows
    /// 1..=rows, columns 1..=cols.
    fn game_value_table(&self, _rows: u64, _cols: u64) -> RuleResult<Vec<Vec<Game>>> {
        Err(unsupported(&self.name(), "GameValueTable"))
    }
}

/// The error for a method a ruleset does not have.
pub fn unsupported(ruleset: &str, method: &str) -> RuleError {
    RuleError(format!("{ruleset} has no method `{method}`"))
}

/// A partizan position, printed as `prefix(text)` and valued by the shared
/// evaluator of its type.
pub struct Partizan<P: Position> {
    pub prefix: Rc<str>,
    pub pos: P,
}

/// Wrap a partizan position for the language.
pub fn partizan<P: Position>(prefix: &Rc<str>, pos: P) -> Rc<dyn AnyPosition> {
    Rc::new(Partizan {
        prefix: prefix.clone(),
        pos,
    })
}

impl<P: Position> AnyPosition for Partizan<P> {
    fn display(&self) -> String {
        format!("{}({})", self.prefix, self.pos.text())
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .pos
            .options(player)
            .into_iter()
            .map(|o| partizan(&self.prefix, o))
            .collect())
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Ok(evaluator::shared::<P>().value(&self.pos))
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .pos
            .decompose()
            .into_iter()
            .map(|o| partizan(&self.prefix, o))
            .collect())
    }
}

/// An impartial position, printed as `prefix(text)` and valued by the
/// shared nim evaluator of its type.
pub struct Impartial<P: ImpartialPosition> {
    pub prefix: Rc<str>,
    pub pos: P,
}

/// Wrap an impartial position for the language.
pub fn impartial<P: ImpartialPosition>(prefix: &Rc<str>, pos: P) -> Rc<dyn AnyPosition> {
    Rc::new(Impartial {
        prefix: prefix.clone(),
        pos,
    })
}

impl<P: ImpartialPosition> AnyPosition for Impartial<P> {
    fn display(&self) -> String {
        format!("{}({})", self.prefix, self.pos.text())
    }

    fn options(&self, _player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .pos
            .options()
            .into_iter()
            .map(|o| impartial(&self.prefix, o))
            .collect())
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Ok(Game::nimber(nim::shared::<P>().value(&self.pos)))
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        Some(Ok(nim::shared::<P>().value(&self.pos)))
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .pos
            .decompose()
            .into_iter()
            .map(|o| impartial(&self.prefix, o))
            .collect())
    }
}

/// Builds a position of a ruleset from its printed name and arguments.
pub type BuildFn = fn(&Rc<str>, &Args) -> RuleResult<Rc<dyn AnyPosition>>;

/// A ruleset without parameters whose positions come from one constructor
/// function (`Domineering`, `Fission`, `Kayles` are built this way).
pub struct Simple {
    pub name: &'static str,
    pub build: BuildFn,
}

impl AnyRuleset for Simple {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        (self.build)(&Rc::from(self.name), args)
    }
}

impl std::fmt::Debug for dyn AnyPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display())
    }
}

impl std::fmt::Debug for dyn AnyRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}
