//! Games written in CGScript (SCRIPTING 5): the native parts of
//! `game.Game` and `game.ImpartialGame`, the canonical form and nim value
//! of a user position from its `Options`, validation of what `Options` and
//! `Decomposition` return, and the game methods a user position answers
//! through its canonical form.
//!
//! Values are computed and memoised by `onag-rules`
//! (`framework::external`): this module is its front end, supplying the
//! options and decomposition of a user position (by calling `Options` and
//! `Decomposition`) and the values of elements that are not user positions;
//! the per-class transposition tables, keyed by the position's structural
//! value (SCRIPTING 4.11), live there, one per class (`Class::games`).
//! Positions are reduced component by component (SCRIPTING 5.3); reaching a
//! component that is in progress means the game is loopy, which is an
//! error here.

use crate::classes::builtin::Builtin;
use crate::classes::ClassRef;
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::{Cx, Interp, NativeFn};
use crate::order::Key;
use crate::value::Value;
use onag_core::game::Game;
use onag_core::loopy::SidedValue;
use onag_rules::framework::external::{self, Class, External, Reduction, Valued};
use onag_rules::Player;
use rustc_hash::FxHashSet;

/// The interpreter as the front end of the external positions of
/// `onag-rules` (`framework::external`): instances of game classes are its
/// positions, keyed by their structural value, with one table per class
/// (`Class::games`); any other element is valued by the interpreter.
struct Front<'a> {
    interp: &'a Interp,
}

impl External for Front<'_> {
    type Position = Value;
    type Key = Key;
    type Error = EvalError;

    fn class<'a>(&'a self, p: &'a Value) -> Option<Class<'a, Key>> {
        match p {
            Value::Instance(i) => Some(Class {
                table: &i.class.games,
                impartial: i.class.is_impartial,
            }),
            _ => None,
        }
    }

    fn key(&self, p: &Value) -> Key {
        Key(p.clone())
    }

    fn is_memoised(&self, p: &Value) -> bool {
        !p.is_mutable()
    }

    fn options(&self, p: &Value, player: Option<Player>) -> EvalResult<Vec<Value>> {
        match p {
            Value::Instance(i) => options(self.interp, p, &i.class.clone(), player),
            _ => Ok(Vec::new()),
        }
    }

    fn decomposition(&self, p: &Value) -> EvalResult<Option<Vec<Value>>> {
        match p {
            Value::Instance(i) => decomposition(self.interp, p, &i.class.clone()),
            _ => Ok(None),
        }
    }

    fn element_value(&self, p: &Value, how: Reduction) -> EvalResult<Valued> {
        element_value(self.interp, p, how)
    }

    fn not_impartial(&self, p: &Value, option: &Value) -> EvalError {
        match p {
            Value::Instance(i) => not_impartial(self.interp, &i.class, option),
            _ => EvalError::of(ErrorKind::Game, "not impartial"),
        }
    }

    fn element_game_value(&self, p: &Value) -> EvalResult<SidedValue> {
        element_game_value(self.interp, p)
    }

    fn depth_hint(&self, p: &Value) -> EvalResult<i64> {
        let Value::Instance(i) = p else {
            return Ok(0);
        };
        let default = i
            .class
            .member("DepthHint")
            .and_then(|m| m.auto.as_ref())
            .is_none_or(|m| &*m.owner == "game.Game");
        if default {
            return Ok(0);
        }
        let v = self.interp.invoke_values(p, "DepthHint", None)?;
        v.as_integer().and_then(|n| n.to_i64()).ok_or_else(|| {
            EvalError::of(
                ErrorKind::Game,
                format!(
                    "DepthHint must be an Integer; found `{}`.",
                    self.interp.class_name_of(&v)
                ),
            )
        })
    }
}

/// The `GameValue` of a game object (LOOPY 4.1): a user position through
/// the tables of `onag-rules` (its graph explored when it is loopy), a
/// built-in position by its ruleset, an explicit game by exploring it,
/// any other game as itself.
pub fn game_value(interp: &Interp, v: &Value) -> EvalResult<SidedValue> {
    match v {
        Value::Instance(_) => external::game_value(&Front { interp }, v),
        other => element_game_value(interp, other),
    }
}

/// The `GameValue` of an element that is not a user position.
fn element_game_value(interp: &Interp, v: &Value) -> EvalResult<SidedValue> {
    match v {
        Value::Loopy(x) => Ok((**x).clone()),
        Value::Position(p) => Ok(p.game_value()?),
        Value::Explicit(_) => crate::explicit::game_value(interp, v),
        other => Ok(interp.to_game(other)?.into()),
    }
}

/// The canonical form of an instance of a game class.
pub fn canonical_form(interp: &Interp, v: &Value) -> EvalResult<Game> {
    let Value::Instance(i) = v else {
        return interp.to_game(v);
    };
    if i.class.is_impartial {
        return nim_value(interp, v).map(Game::nimber);
    }
    position_value(interp, v, Reduction::Canonical).map(Valued::game)
}

/// The nim value of an instance of an impartial game class.
pub fn nim_value(interp: &Interp, v: &Value) -> EvalResult<u64> {
    match position_value(interp, v, Reduction::Nim)? {
        Valued::Nim(n) => Ok(n),
        Valued::Game(g) => g.as_nimber().ok_or_else(|| {
            EvalError::of(
                ErrorKind::Game,
                format!("NimValue: {} is not impartial", Value::game(g)),
            )
        }),
    }
}

/// The value of a position: the sum of its components' values, through
/// the tables of `onag-rules` (`framework::external::value`).
fn position_value(interp: &Interp, v: &Value, how: Reduction) -> EvalResult<Valued> {
    external::value(&Front { interp }, v, how)
}

/// The value of an option or component that is not an instance: a
/// canonical game, a number, a built-in position.
fn element_value(interp: &Interp, v: &Value, how: Reduction) -> EvalResult<Valued> {
    if let (Reduction::Nim, Value::Position(p)) = (how, v) {
        if let Some(n) = p.nim_value() {
            return Ok(Valued::Nim(n?));
        }
    }
    Ok(Valued::reduced(interp.to_game(v)?, how))
}

fn not_impartial(interp: &Interp, class: &ClassRef, element: &Value) -> EvalError {
    EvalError::of(
        ErrorKind::Game,
        format!(
            "The `Options` returned by class `{}` includes an element of type `{}`, which is not a `game.ImpartialGame`.",
            class.qualified,
            interp.class_name_of(element)
        ),
    )
}

/// Whether an element of `Options` or `Decomposition` is a game (for an
/// impartial class: an impartial one).
fn is_game_element(interp: &Interp, v: &Value, impartial: bool) -> bool {
    match v {
        Value::Number(r) => {
            if impartial {
                r.is_zero()
            } else {
                r.is_dyadic()
            }
        }
        Value::Game(g) => !impartial || g.as_nimber().is_some(),
        Value::Position(p) => !impartial || p.nim_value().is_some(),
        Value::Instance(i) => {
            if impartial {
                i.class.is_impartial
            } else {
                interp.is_game_class(&i.class)
            }
        }
        _ => false,
    }
}

/// The elements of a collection returned by `method`, validated
/// (SCRIPTING 5.2).
fn validated(
    interp: &Interp,
    class: &ClassRef,
    method: &str,
    returned: Value,
    impartial: bool,
) -> EvalResult<Vec<Value>> {
    let items = interp.iteration_items(&returned).map_err(|_| {
        EvalError::of(
            ErrorKind::Game,
            format!(
                "The `{method}` method in class `{}` returned an invalid value of type `{}` (expected a `cgsuite.lang.Collection`).",
                class.qualified,
                interp.class_name_of(&returned)
            ),
        )
    })?;
    for item in items.iter() {
        let item = &item;
        if !is_game_element(interp, item, impartial) {
            let expected = if impartial {
                "game.ImpartialGame"
            } else {
                "game.Game"
            };
            return Err(EvalError::of(
                ErrorKind::Game,
                format!(
                    "The `{method}` returned by class `{}` includes an element of type `{}`, which is not a `{expected}`.",
                    class.qualified,
                    interp.class_name_of(item)
                ),
            ));
        }
    }
    // The list itself, not a copy, when `returned` was its only holder.
    drop(returned);
    Ok(items.into_vec())
}

/// The options of `player` from an instance of a game class (an impartial
/// class has the same options for both players).
pub fn options_of(interp: &Interp, v: &Value, player: Player) -> EvalResult<Vec<Value>> {
    let Value::Instance(i) = v else {
        return Ok(Vec::new());
    };
    let class = i.class.clone();
    let player = (!class.is_impartial).then_some(player);
    options(interp, v, &class, player)
}

/// The options of a position for `player` (or, impartial, `None`).
fn options(
    interp: &Interp,
    v: &Value,
    class: &ClassRef,
    player: Option<Player>,
) -> EvalResult<Vec<Value>> {
    let returned = match player {
        Some(p) => {
            interp.invoke_values(v, "Options", Some((vec![Value::Player(p)], Vec::new())))?
        }
        None => interp.invoke_values(v, "Options", None)?,
    };
    validated(interp, class, "Options", returned, class.is_impartial)
}

/// The components of a position, or None when its decomposition is the
/// default `[this]`.
fn decomposition(interp: &Interp, v: &Value, class: &ClassRef) -> EvalResult<Option<Vec<Value>>> {
    let default = class
        .member("Decomposition")
        .and_then(|m| m.auto.as_ref())
        .is_none_or(|m| &*m.owner == "game.Game");
    if default {
        return Ok(None);
    }
    let returned = interp.invoke_values(v, "Decomposition", None)?;
    let parts = validated(interp, class, "Decomposition", returned, class.is_impartial)?;
    if let [only] = parts.as_slice() {
        if crate::order::value_eq(only, v) {
            return Ok(None);
        }
    }
    Ok(Some(parts))
}

/// A method of canonical games called on a user position: applied to its
/// canonical form (onag's decision, SCRIPTING 5.1). None when canonical
/// games have no such method.
pub fn game_method(
    interp: &Interp,
    recv: &Value,
    name: &str,
    args: crate::interp::Args,
) -> Option<EvalResult> {
    if !crate::methods::has_method(Builtin::CanonicalShortGame, name)
        && !crate::methods::has_method(Builtin::DyadicRational, name)
    {
        return None;
    }
    Some((|| {
        let g = Value::game(canonical_form(interp, recv)?);
        interp.invoke_values(&g, name, args)
    })())
}

/// The native method bodies of the library's game classes, by qualified
/// method name.
pub fn external(key: &str) -> Option<NativeFn> {
    Some(match key {
        "game.Game.CanonicalForm" => |i, cx| Ok(Value::game(canonical_form(i, this(cx)?)?)),
        "game.Game.GameValue" => |i, cx| Ok(Value::loopy(game_value(i, this(cx)?)?)),
        // The outcome of the game's value (LOOPY 4.5), loopy or not.
        "game.Game.OutcomeClass" => {
            |i, cx| Ok(Value::Outcome(game_value(i, this(cx)?)?.outcome()?))
        }
        "game.Game.Followers" => |i, cx| Ok(Value::set(followers(i, this(cx)?)?)),
        "game.Game.FollowerCount" => |i, cx| Ok(Value::integer(followers(i, this(cx)?)?.len())),
        "game.Game.SensibleOptions" => |i, cx| sensible_options(i, cx),
        "game.ImpartialGame.NimValue" => |i, cx| Ok(Value::integer(nim_value(i, this(cx)?)?)),
        "game.ImpartialGame.CanonicalForm" => {
            |i, cx| Ok(Value::game(Game::nimber(nim_value(i, this(cx)?)?)))
        }
        _ => return None,
    })
}

fn this<'a>(cx: &'a Cx<'_>) -> EvalResult<&'a Value> {
    cx.this.ok_or_else(|| {
        EvalError::of(
            ErrorKind::UndefinedName,
            "`this` is only valid inside a class",
        )
    })
}

/// The most positions `Followers` lists.
const MAX_FOLLOWERS: usize = 1_000_000;

/// Every position reachable from this one, itself included. (Keys hold
/// values compared structurally; a mutable position is compared by its
/// state when it is met.)
#[allow(clippy::mutable_key_type)]
fn followers(interp: &Interp, start: &Value) -> EvalResult<Vec<Value>> {
    let mut seen: FxHashSet<Key> = FxHashSet::default();
    let mut order = vec![start.clone()];
    seen.insert(Key(start.clone()));
    let mut next = 0;
    while let Some(v) = order.get(next).cloned() {
        next += 1;
        onag_core::interrupt::checkpoint();
        let children: Vec<Value> = match &v {
            Value::Instance(i) if i.class.is_game => {
                let class = i.class.clone();
                if class.is_impartial {
                    options(interp, &v, &class, None)?
                } else {
                    let mut all = options(interp, &v, &class, Some(Player::Left))?;
                    all.extend(options(interp, &v, &class, Some(Player::Right))?);
                    all
                }
            }
            Value::Game(g) => g
                .left_options()
                .iter()
                .chain(g.right_options().iter())
                .map(|&o| Value::game(o))
                .collect(),
            _ => Vec::new(),
        };
        for c in children {
            if seen.insert(Key(c.clone())) {
                if order.len() >= MAX_FOLLOWERS {
                    return Err(EvalError::of(
                        ErrorKind::ResourceLimit,
                        format!("More than {MAX_FOLLOWERS} followers"),
                    ));
                }
                order.push(c);
            }
        }
    }
    Ok(order)
}

/// `SensibleOptions(player)`: for each canonical option K of the player,
/// the first option (in `Options` order) whose value is at least as good
/// for the player as K.
fn sensible_options(interp: &Interp, cx: &Cx<'_>) -> EvalResult {
    let v = this(cx)?;
    let player = match cx.frame.get(0) {
        Value::Player(p) => p,
        other => {
            return Err(EvalError::expected(
                "game.Player",
                &interp.class_name_of(&other),
            ))
        }
    };
    let Value::Instance(i) = v else {
        return Ok(Value::list(Vec::new()));
    };
    let class = i.class.clone();
    let g = canonical_form(interp, v)?;
    let canonical: Vec<Game> = match player {
        Player::Left => g.left_options().to_vec(),
        Player::Right => g.right_options().to_vec(),
    };
    let opts = options(interp, v, &class, Some(player))?;
    let mut values = Vec::with_capacity(opts.len());
    for o in &opts {
        values.push(position_value(interp, o, Reduction::Canonical)?.game());
    }
    let mut out = Vec::new();
    for k in canonical {
        let found = opts.iter().zip(&values).find(|(_, &x)| match player {
            Player::Left => k.leq(x),
            Player::Right => x.leq(k),
        });
        if let Some((o, _)) = found {
            out.push(o.clone());
        }
    }
    Ok(Value::list(out))
}
