//! Explicit games and the value of any game object (LOOPY 1.2, 4.1, 4.5).
//!
//! `'{L | R}'` is a game whose options are kept as written, never
//! simplified: numbers, canonical games, loopy values, positions,
//! instances of game classes and other explicit games. An ordinal sum
//! `G : H` with an explicit operand is an explicit game too, whose options
//! are G's options and `G : H'` for H's options, so `'{-1|1}' : on` has a
//! Left move to itself.
//!
//! [`game_value`] values any game object by exploring its graph of
//! positions with the loopy evaluator of onag-core: explicit games are
//! explored, every other game object is a known value hung on the graph.

use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::Interp;
use crate::order::{hash_value, value_order};
use crate::value::Value;
use onag_core::loopy::{
    self, LoopyError, LoopyEvaluator, LoopyResult, LoopyRules, Part, SidedValue,
};
use onag_rules::Player;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// The most positions explored to value one explicit game.
const MAX_POSITIONS: usize = 1 << 20;

/// An explicit game.
#[derive(Clone)]
pub enum Explicit {
    /// `'{L | R}'`: the options as written.
    Options {
        /// Left's options.
        left: Vec<Value>,
        /// Right's options.
        right: Vec<Value>,
    },
    /// `G : H` where G or H is an explicit game.
    OrdinalSum(Value, Value),
}

impl Explicit {
    /// The structural order of explicit games (what sets and tables use).
    pub fn order(&self, other: &Explicit) -> Ordering {
        let seq = |x: &[Value], y: &[Value]| {
            x.iter()
                .zip(y)
                .map(|(a, b)| value_order(a, b))
                .find(|o| o.is_ne())
                .unwrap_or_else(|| x.len().cmp(&y.len()))
        };
        match (self, other) {
            (Explicit::Options { left, right }, Explicit::Options { left: l, right: r }) => {
                seq(left, l).then_with(|| seq(right, r))
            }
            (Explicit::OrdinalSum(g, h), Explicit::OrdinalSum(g2, h2)) => {
                value_order(g, g2).then_with(|| value_order(h, h2))
            }
            (Explicit::Options { .. }, _) => Ordering::Less,
            (_, Explicit::Options { .. }) => Ordering::Greater,
        }
    }

    /// A hash agreeing with [`Explicit::order`].
    pub fn hash_into<H: Hasher>(&self, state: &mut H) {
        match self {
            Explicit::Options { left, right } => {
                0u8.hash(state);
                left.len().hash(state);
                left.iter().chain(right).for_each(|v| hash_value(v, state));
            }
            Explicit::OrdinalSum(g, h) => {
                1u8.hash(state);
                hash_value(g, state);
                hash_value(h, state);
            }
        }
    }
}

/// Whether a value is a game object: something with options (numbers
/// that are dyadic, canonical games, loopy values, positions, instances
/// of game classes, explicit games).
pub fn is_game(interp: &Interp, v: &Value) -> bool {
    match v {
        Value::Number(r) => r.to_dyadic().is_some(),
        Value::Game(_) | Value::Loopy(_) | Value::Position(_) | Value::Explicit(_) => true,
        Value::Instance(i) => interp.is_game_class(&i.class),
        _ => false,
    }
}

/// The error for an option that is not a game.
pub fn not_a_game() -> EvalError {
    EvalError::of(
        ErrorKind::TypeMismatch,
        "Invalid game specifier: objects must be of type `Game` or `SidedValue`",
    )
}

/// The options of `player` from a game object, as values.
pub fn options(interp: &Interp, v: &Value, player: Player) -> EvalResult<Vec<Value>> {
    Ok(match v {
        Value::Explicit(e) => match &**e {
            Explicit::Options { left, right } => match player {
                Player::Left => left.clone(),
                Player::Right => right.clone(),
            },
            Explicit::OrdinalSum(g, h) => {
                let mut out = options(interp, g, player)?;
                for h2 in options(interp, h, player)? {
                    out.push(Value::Explicit(std::rc::Rc::new(Explicit::OrdinalSum(
                        g.clone(),
                        h2,
                    ))));
                }
                out
            }
        },
        Value::Position(p) => p
            .options(player)?
            .into_iter()
            .map(Value::Position)
            .collect(),
        Value::Loopy(x) => match x.as_stopper() {
            Some(s) => s
                .options(player.into())
                .into_iter()
                .map(|s| Value::loopy(s.into()))
                .collect(),
            None => {
                return Err(EvalError::of(
                    ErrorKind::Game,
                    format!(
                        "{} has no options: it is not a stopper.",
                        crate::print::render(interp, v)?
                    ),
                ))
            }
        },
        Value::Instance(_) => crate::games::options_of(interp, v, player)?,
        other => {
            let g = interp.to_game(other)?;
            let list = match player {
                Player::Left => g.left_options(),
                Player::Right => g.right_options(),
            };
            list.iter().map(|&g| Value::game(g)).collect()
        }
    })
}

/// The value of a game object (`GameValue`, LOOPY 4.1): a game that is
/// not explicit is valued by its own means; an explicit game by
/// exploring the graph of its explicit followers.
pub fn game_value(interp: &Interp, v: &Value) -> EvalResult<SidedValue> {
    if let Some(x) = known_value(interp, v)? {
        return Ok(x);
    }
    let mut evaluator = LoopyEvaluator::new(Rules { interp }, MAX_POSITIONS);
    evaluator
        .value(&Position(v.clone()))
        .map_err(EvalError::from)
}

/// The value of a game object that is not explored: None for an
/// explicit game (other than an ordinal sum of two values).
fn known_value(interp: &Interp, v: &Value) -> EvalResult<Option<SidedValue>> {
    Ok(Some(match v {
        Value::Explicit(e) => match &**e {
            Explicit::OrdinalSum(g, h) => match (g.as_stopper(), h.as_stopper()) {
                (Some(g), Some(h)) => g.ordinal_sum(h)?.into(),
                _ => return Ok(None),
            },
            Explicit::Options { .. } => return Ok(None),
        },
        _ => crate::games::game_value(interp, v)?,
    }))
}

/// A game object as a position of the explored graph (equal by
/// structure).
#[derive(Clone)]
struct Position(Value);

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        value_order(&self.0, &other.0).is_eq()
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(&self.0, state)
    }
}

/// Game objects as a loopy ruleset: explicit games are explored, other
/// games are components of known value.
struct Rules<'a> {
    interp: &'a Interp,
}

fn loopy_error(e: EvalError) -> LoopyError {
    LoopyError::new(e.message)
}

impl LoopyRules for Rules<'_> {
    type Position = Position;

    fn options(&self, p: &Position, player: loopy::Player) -> LoopyResult<Vec<Position>> {
        let options = options(self.interp, &p.0, player.into()).map_err(loopy_error)?;
        Ok(options.into_iter().map(Position).collect())
    }

    fn decompose(&self, p: &Position) -> LoopyResult<Option<Vec<Part<Position>>>> {
        Ok(known_value(self.interp, &p.0)
            .map_err(loopy_error)?
            .map(|v| vec![Part::Value(v)]))
    }
}
