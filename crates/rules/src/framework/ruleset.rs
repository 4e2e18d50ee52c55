//! Rulesets and positions behind object-safe interfaces, for the language:
//! how a position prints, its options as positions, its value, its board;
//! which kind of ruleset a ruleset is ([`kind`]).
//!
//! Concrete rulesets implement [`Position`] or [`ImpartialPosition`] and are
//! wrapped here by [`partizan`] and [`impartial`], whose values come from the
//! process-wide evaluators of their types.

use super::args::Args;
use super::error::{ErrorKind, RuleResult};
use super::kind;
use super::position::{Board, ImpartialPosition, Player, Position};
use super::{loopy, nim};
use onag_core::game::Game;
use onag_core::loopy::SidedValue;
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
    /// A position whose game is not short is the `Loopy` error `That is not
    /// a short game. If that is intentional, try `GameValue` in place of
    /// `CanonicalForm`.` (LOOPY 4.1).
    fn canonical_form(&self) -> RuleResult<Game>;
    /// `GameValue` (LOOPY 4.1): the canonical form as a sided value when
    /// the game is short; when the canonical form fails because the game
    /// is loopy, the value of the position as a loopy game, explored
    /// through its options and decomposition (`loopy::any_value`).
    fn game_value(&self) -> RuleResult<SidedValue> {
        match self.canonical_form() {
            Ok(g) => Ok(g.into()),
            Err(e) if e.kind() == ErrorKind::Loopy => loopy::any_value(self),
            Err(e) => Err(e),
        }
    }
    /// The nim value, for impartial positions (None for partizan ones).
    fn nim_value(&self) -> Option<RuleResult<u64>> {
        None
    }
    /// The independent components whose sum is this position.
    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>>;
    /// The board the position is played on (a grid, or a strip as one
    /// row), or None for a position that is not played on a board.
    fn board(&self) -> Option<Board> {
        None
    }
}

/// A ruleset: makes positions from arguments, and says what kind of
/// ruleset it is, when its kind has methods of its own (RULESETS 4).
pub trait AnyRuleset {
    /// The ruleset as printed: `Domineering`, `TakeAndBreak("0.77")`,
    /// `GenToadsAndFrogs(maxJump => 2)`.
    fn name(&self) -> String;

    /// A position from constructor arguments: `R("..|..")`, `R(20)`,
    /// `R((3,5))`.
    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>>;

    /// The ruleset as an impartial heap ruleset, if it is one.
    fn as_heap(&self) -> Option<&dyn kind::Heap> {
        None
    }

    /// The ruleset as an impartial coordinate ruleset, if it is one.
    fn as_coordinate(&self) -> Option<&dyn kind::Coordinate> {
        None
    }

    /// The ruleset as a partizan heap ruleset, if it is one.
    fn as_partizan_heap(&self) -> Option<&dyn kind::PartizanHeap> {
        None
    }

    /// The ruleset as a partizan coordinate ruleset, if it is one.
    fn as_partizan_coordinate(&self) -> Option<&dyn kind::PartizanCoordinate> {
        None
    }

    /// The ruleset as one with a `ValuesTable` (Fox and Geese), if it is
    /// one.
    fn as_values_table(&self) -> Option<&dyn kind::ValuesTable> {
        None
    }
}

/// A partizan position, printed as `prefix(text)` and valued by the shared
/// evaluator of its type.
pub struct Partizan<P: Position> {
    /// The ruleset's printed name, the prefix of the position's text.
    pub prefix: Rc<str>,
    /// The position.
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
        loopy::canonical_form(&self.pos)
    }

    fn game_value(&self) -> RuleResult<SidedValue> {
        loopy::game_value(&self.pos)
    }

    fn board(&self) -> Option<Board> {
        self.pos.board()
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
    /// The ruleset's printed name, the prefix of the position's text.
    pub prefix: Rc<str>,
    /// The position.
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

    fn board(&self) -> Option<Board> {
        self.pos.board()
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
    /// The ruleset's name.
    pub name: &'static str,
    /// Its positions from arguments.
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
