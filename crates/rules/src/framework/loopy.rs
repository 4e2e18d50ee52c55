//! `GameValue` of positions (LOOPY 4.1): the canonical form when the game
//! is short, otherwise the value of the position as a loopy game, found by
//! exploring its graph with the core's `LoopyEvaluator` (LOOPY 4.1 step 2,
//! 4.2).
//!
//! Step 1 tries the canonical form with the positions in progress tracked
//! ([`canonical_form`]): reaching one again is CGSuite's error `That is not
//! a short game. If that is intentional, try `GameValue` in place of
//! `CanonicalForm`.` (kind `Loopy`), which `GameValue` catches; the short
//! sub-results stay in the table. Step 2 explores:
//!
//! - built-in positions ([`Position`]) through [`Rules`], an adapter to the
//!   core's `LoopyRules`: options per player, decompositions (a loopy value
//!   known without exploring, [`Position::loopy_value`], is a fixed part),
//!   representatives under symmetries that keep the value, and
//!   [`Position::depth_hint`]; one evaluator per position type for the
//!   session, kept in `cache` (so `cache::forget_all` clears it);
//! - any other position ([`AnyPosition`]) through [`any_value`], keyed by
//!   its text (which reads back as the same position, so equal texts are
//!   equal positions), with one evaluator for the session.
//!
//! Exploration counts a unit of work per position and may be interrupted
//! (`interrupt::checkpoint` in the core), and stops with a `TooLarge` error
//! beyond [`POSITION_LIMIT`] positions per graph.

use super::cache;
use super::error::{ErrorKind, RuleError, RuleResult};
use super::evaluator::{self, Evaluator};
use super::game::PartizanGame;
use super::position::{Player, Position};
use super::ruleset::AnyPosition;
use super::table::LocalTable;
use onag_core::game::Game;
use onag_core::loopy::{
    self, explore, LoopyError, LoopyEvaluator, LoopyRules, Move, Part, SidedValue,
};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::rc::Rc;

/// Results of the core's loopy layer.
type LoopyResult<T> = Result<T, LoopyError>;

/// The most positions one explored graph may have.
pub const POSITION_LIMIT: usize = 1_000_000;

/// A position of a ruleset whose positions may repeat, as the canonical
/// form evaluator sees it: its components fail with the loopy error when
/// the position has a loopy value of its own, and only symmetries that
/// keep the value are used (a negated representative would make a
/// position and its negative share one mark in progress).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Repeating<P>(P);

impl<P: Position> PartizanGame for Repeating<P> {
    type Error = RuleError;

    fn options(&self, player: Player) -> RuleResult<Vec<Self>> {
        Ok(self.0.options(player).into_iter().map(Repeating).collect())
    }

    fn components(&self) -> RuleResult<Vec<Self>> {
        if self.0.loopy_value().is_some() {
            return Err(RuleError::loopy());
        }
        Ok(self.0.decompose().into_iter().map(Repeating).collect())
    }

    fn normal_form(&self) -> (Self, bool) {
        (Repeating(representative(&self.0)), false)
    }

    fn known_value(&self) -> Option<Game> {
        self.0.known_value()
    }
}

/// The normal form of `p` when it has the same value (not negated), else
/// `p`.
fn representative<P: Position>(p: &P) -> P {
    match p.normalize() {
        (q, false) => q,
        (_, true) => p.clone(),
    }
}

/// The canonical form of a position, tracking the positions in progress
/// when its ruleset may repeat positions (LOOPY 4.1 step 1): a position
/// reached again is the `Loopy` error `That is not a short game. If that is
/// intentional, try `GameValue` in place of `CanonicalForm`.`, and so is a
/// position with a loopy value of its own ([`Position::loopy_value`]).
pub fn canonical_form<P: Position>(p: &P) -> RuleResult<Game> {
    if !p.may_repeat() {
        return Ok(evaluator::shared::<P>().value(p));
    }
    type Tracked<P> = Evaluator<Repeating<P>, LocalTable<Repeating<P>, Game>>;
    let ev: Rc<Tracked<P>> = cache::kept((), || Rc::new(Evaluator::new()));
    ev.canonical_form(&Repeating(p.clone()))
}

/// `GameValue` of a built-in position (LOOPY 4.1): its canonical form as a
/// sided value when it is short, else its value as a loopy game, from the
/// session's evaluator of its type (layered by depth hints).
pub fn game_value<P: Position>(p: &P) -> RuleResult<SidedValue> {
    match canonical_form(p) {
        Ok(g) => Ok(g.into()),
        Err(e) if e.kind() == ErrorKind::Loopy => explored_value(p),
        Err(e) => Err(e),
    }
}

/// The value of a built-in position as a loopy game (LOOPY 4.1 step 2),
/// from the session's evaluator of its type, without trying the canonical
/// form first.
pub fn explored_value<P: Position>(p: &P) -> RuleResult<SidedValue> {
    let ev: Rc<RefCell<LoopyEvaluator<Rules<P>>>> = cache::kept((), || {
        Rc::new(RefCell::new(LoopyEvaluator::new(
            Rules::layered(),
            POSITION_LIMIT,
        )))
    });
    let value = match ev.try_borrow_mut() {
        Ok(mut ev) => ev.value(&representative(p)),
        // Asked again while it runs: a fresh evaluator, never a panic.
        Err(_) => {
            LoopyEvaluator::new(Rules::<P>::layered(), POSITION_LIMIT).value(&representative(p))
        }
    };
    Ok(value?)
}

/// The value of a position as a loopy game computed afresh (no session
/// memo), with or without depth hints: without them every position
/// reachable outside decompositions is in one graph. For checking the
/// layering.
pub fn fresh_value<P: Position>(p: &P, layered: bool, limit: usize) -> RuleResult<SidedValue> {
    let rules = if layered {
        Rules::layered()
    } else {
        Rules::one_graph()
    };
    Ok(LoopyEvaluator::new(rules, limit).value(p)?)
}

/// The value of a position from the whole graph of the positions
/// reachable from it, built and simplified at once (LOOPY 4.2, as CGSuite
/// was checked against): no depth hints, no decompositions, no memo; a
/// position with a loopy value of its own ([`Position::loopy_value`]) is a
/// fixed value. For checking the evaluator.
pub fn graph_value<P: Position>(p: &P, limit: usize) -> RuleResult<SidedValue> {
    if let Some(v) = p.loopy_value() {
        return Ok(v);
    }
    let moves = |q: &P, who: loopy::Player| -> LoopyResult<Vec<Move<P>>> {
        Ok(q.options(who.into())
            .into_iter()
            .map(|o| match o.loopy_value() {
                Some(v) => Move::Value(v),
                None => Move::To(o),
            })
            .collect())
    };
    let all = explore(p.clone(), moves, limit)?;
    all.value(p)?
        .ok_or_else(|| RuleError::bad_position("The position was not explored."))
}

/// A built-in ruleset as the core's loopy evaluator sees it (LOOPY 4.1):
/// options per player, decompositions, representatives, depth hints.
pub struct Rules<P> {
    layered: bool,
    position: PhantomData<fn(&P)>,
}

impl<P> Rules<P> {
    /// The rules with depth hints (options of smaller depth valued in
    /// graphs of their own).
    pub fn layered() -> Self {
        Rules {
            layered: true,
            position: PhantomData,
        }
    }

    /// The rules without depth hints: one graph.
    pub fn one_graph() -> Self {
        Rules {
            layered: false,
            position: PhantomData,
        }
    }
}

impl<P: Position> LoopyRules for Rules<P> {
    type Position = P;

    fn options(&self, p: &P, who: loopy::Player) -> LoopyResult<Vec<P>> {
        Ok(p.options(who.into()).iter().map(representative).collect())
    }

    fn decompose(&self, p: &P) -> LoopyResult<Option<Vec<Part<P>>>> {
        if let Some(v) = p.loopy_value() {
            return Ok(Some(vec![Part::Value(v)]));
        }
        let parts: Vec<P> = p.decompose().iter().map(representative).collect();
        if let [one] = parts.as_slice() {
            if one == p {
                return Ok(None);
            }
        }
        Ok(Some(parts.into_iter().map(Part::Position).collect()))
    }

    fn depth_hint(&self, p: &P) -> i64 {
        if self.layered {
            p.depth_hint()
        } else {
            0
        }
    }
}

/// A position of any ruleset, identified by its text.
#[derive(Clone)]
struct Node {
    key: Rc<str>,
    pos: Rc<dyn AnyPosition>,
}

impl Node {
    fn new(pos: Rc<dyn AnyPosition>) -> Node {
        Node {
            key: pos.display().into(),
            pos,
        }
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.key == other.key
    }
}

impl Eq for Node {}

impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

/// Positions of any ruleset as the core's loopy evaluator sees them: by
/// their text, with the first error of a ruleset kept to be returned as it
/// is.
#[derive(Default)]
struct AnyRules {
    failure: RefCell<Option<RuleError>>,
}

impl AnyRules {
    fn fail(&self, e: RuleError) -> LoopyError {
        let message = e.message().to_string();
        self.failure.borrow_mut().get_or_insert(e);
        LoopyError::new(message)
    }
}

impl LoopyRules for AnyRules {
    type Position = Node;

    fn options(&self, p: &Node, who: loopy::Player) -> LoopyResult<Vec<Node>> {
        match p.pos.options(who.into()) {
            Ok(opts) => Ok(opts.into_iter().map(Node::new).collect()),
            Err(e) => Err(self.fail(e)),
        }
    }

    fn decompose(&self, p: &Node) -> LoopyResult<Option<Vec<Part<Node>>>> {
        let parts = match p.pos.decomposition() {
            Ok(parts) => parts,
            Err(e) => return Err(self.fail(e)),
        };
        let parts: Vec<Node> = parts.into_iter().map(Node::new).collect();
        if let [one] = parts.as_slice() {
            if one == p {
                return Ok(None);
            }
        }
        Ok(Some(parts.into_iter().map(Part::Position).collect()))
    }
}

/// A position given by what was read of it once: the start of [`any_value`]
/// (whose position is only borrowed).
struct Snapshot {
    text: String,
    options: [Vec<Rc<dyn AnyPosition>>; 2],
    parts: Vec<Rc<dyn AnyPosition>>,
}

impl AnyPosition for Snapshot {
    fn display(&self) -> String {
        self.text.clone()
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(match player {
            Player::Left => self.options[0].clone(),
            Player::Right => self.options[1].clone(),
        })
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Err(RuleError::loopy())
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self.parts.clone())
    }
}

/// The value of a position of any ruleset as a loopy game (LOOPY 4.1 step
/// 2), exploring through its options and decomposition, positions
/// identified by their text; memoised for the session.
pub fn any_value(p: &(impl AnyPosition + ?Sized)) -> RuleResult<SidedValue> {
    let start = Node::new(Rc::new(Snapshot {
        text: p.display(),
        options: [p.options(Player::Left)?, p.options(Player::Right)?],
        parts: p.decomposition()?,
    }));
    let ev: Rc<RefCell<LoopyEvaluator<AnyRules>>> = cache::kept((), || {
        Rc::new(RefCell::new(LoopyEvaluator::new(
            AnyRules::default(),
            POSITION_LIMIT,
        )))
    });
    let run = |ev: &mut LoopyEvaluator<AnyRules>| {
        let value = ev.value(&start);
        match ev.rules().failure.borrow_mut().take() {
            Some(e) => Err(e),
            None => Ok(value?),
        }
    };
    let value = match ev.try_borrow_mut() {
        Ok(mut ev) => run(&mut ev),
        Err(_) => run(&mut LoopyEvaluator::new(
            AnyRules::default(),
            POSITION_LIMIT,
        )),
    };
    value
}
