//! Games written in CGScript (SCRIPTING 5): the native parts of
//! `game.Game` and `game.ImpartialGame`, the canonical form and nim value
//! of a user position from its `Options`, validation of what `Options` and
//! `Decomposition` return, and the game methods a user position answers
//! through its canonical form.
//!
//! Values are memoised per class for the session, keyed by the position's
//! structural value (SCRIPTING 4.11), and reduced component by component
//! (SCRIPTING 5.3): a position's `Decomposition` is asked at every position
//! reached, each component is looked up or marked in progress, its options
//! reduced, its canonical form built and stored. Reaching a component that
//! is in progress means the game is loopy, which is an error here.

use crate::classes::builtin::Builtin;
use crate::classes::ClassRef;
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::{Cx, Interp, NativeFn};
use crate::order::Key;
use crate::value::Value;
use onag_core::game::Game;
use onag_rules::Player;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// The memo tables of one game class.
#[derive(Default)]
struct Tables {
    values: FxHashMap<Key, Game>,
    nim_values: FxHashMap<Key, u64>,
    in_progress: FxHashSet<Key>,
}

fn with_tables<T>(class: &ClassRef, f: impl FnOnce(&mut Tables) -> T) -> T {
    let mut slot = class.games.borrow_mut();
    if slot.as_ref().is_none_or(|b| !b.is::<Tables>()) {
        *slot = Some(Box::new(Tables::default()));
    }
    match slot.as_mut().and_then(|b| b.downcast_mut::<Tables>()) {
        Some(t) => f(t),
        None => f(&mut Tables::default()),
    }
}

/// Removes the in-progress mark of a position when dropped (also when an
/// error or a stop request unwinds through the recursion).
struct InProgress {
    class: ClassRef,
    key: Option<Key>,
}

impl Drop for InProgress {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            with_tables(&self.class, |t| t.in_progress.remove(&key));
        }
    }
}

fn not_short(method: &str) -> EvalError {
    EvalError::of(
        ErrorKind::Game,
        format!(
            "That is not a short game. If that is intentional, try `GameValue` in place of `{method}`."
        ),
    )
}

/// Which value is being computed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reduction {
    Canonical,
    Nim,
}

impl Reduction {
    fn method(self) -> &'static str {
        match self {
            Reduction::Canonical => "CanonicalForm",
            Reduction::Nim => "NimValue",
        }
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
    position_value(interp, v, Reduction::Canonical).map(|r| match r {
        Reduced::Game(g) => g,
        Reduced::Nim(n) => Game::nimber(n),
    })
}

/// The nim value of an instance of an impartial game class.
pub fn nim_value(interp: &Interp, v: &Value) -> EvalResult<u64> {
    match position_value(interp, v, Reduction::Nim)? {
        Reduced::Nim(n) => Ok(n),
        Reduced::Game(g) => g.as_nimber().ok_or_else(|| {
            EvalError::of(
                ErrorKind::Game,
                format!("NimValue: {} is not impartial", Value::game(g)),
            )
        }),
    }
}

enum Reduced {
    Game(Game),
    Nim(u64),
}

/// The value of a position: the sum of its components' values.
fn position_value(interp: &Interp, v: &Value, how: Reduction) -> EvalResult<Reduced> {
    let Value::Instance(i) = v else {
        return element_value(interp, v, how);
    };
    let class = i.class.clone();
    let memo = !v.is_mutable();
    if memo {
        if let Some(r) = lookup(&class, v, how) {
            return Ok(r);
        }
    }
    let components = decomposition(interp, v, &class)?;
    let value = match components {
        None => component_value(interp, v, &class, how)?,
        Some(parts) => {
            let mut total = match how {
                Reduction::Canonical => Reduced::Game(Game::ZERO),
                Reduction::Nim => Reduced::Nim(0),
            };
            for part in &parts {
                let r = match part {
                    Value::Instance(p) => component_value(interp, part, &p.class.clone(), how)?,
                    other => element_value(interp, other, how)?,
                };
                total = add(total, r)?;
            }
            total
        }
    };
    if memo {
        store(&class, v, &value);
    }
    Ok(value)
}

fn add(a: Reduced, b: Reduced) -> EvalResult<Reduced> {
    Ok(match (a, b) {
        (Reduced::Nim(x), Reduced::Nim(y)) => Reduced::Nim(x ^ y),
        (Reduced::Game(g), Reduced::Game(h)) => Reduced::Game(g + h),
        (Reduced::Game(g), Reduced::Nim(n)) | (Reduced::Nim(n), Reduced::Game(g)) => {
            Reduced::Game(g + Game::nimber(n))
        }
    })
}

fn lookup(class: &ClassRef, v: &Value, how: Reduction) -> Option<Reduced> {
    let key = Key(v.clone());
    with_tables(class, |t| match how {
        Reduction::Canonical => t.values.get(&key).map(|g| Reduced::Game(*g)),
        Reduction::Nim => t.nim_values.get(&key).map(|n| Reduced::Nim(*n)),
    })
}

fn store(class: &ClassRef, v: &Value, r: &Reduced) {
    let key = Key(v.clone());
    with_tables(class, |t| match r {
        Reduced::Game(g) => {
            t.values.insert(key, *g);
        }
        Reduced::Nim(n) => {
            t.nim_values.insert(key, *n);
        }
    });
}

/// The value of an option or component that is not an instance: a
/// canonical game, a number, a built-in position.
fn element_value(interp: &Interp, v: &Value, how: Reduction) -> EvalResult<Reduced> {
    if let (Reduction::Nim, Value::Position(p)) = (how, v) {
        if let Some(n) = p.nim_value() {
            return Ok(Reduced::Nim(n?));
        }
    }
    let g = interp.to_game(v)?;
    Ok(match how {
        Reduction::Nim => match g.as_nimber() {
            Some(n) => Reduced::Nim(n),
            None => Reduced::Game(g),
        },
        Reduction::Canonical => Reduced::Game(g),
    })
}

/// The value of one component, from its options (SCRIPTING 5.3 step 2).
fn component_value(
    interp: &Interp,
    v: &Value,
    class: &ClassRef,
    how: Reduction,
) -> EvalResult<Reduced> {
    if !matches!(v, Value::Instance(_)) {
        return element_value(interp, v, how);
    }
    let memo = !v.is_mutable();
    if memo {
        if let Some(r) = lookup(class, v, how) {
            return Ok(r);
        }
    }
    onag_core::interrupt::checkpoint();
    let key = Key(v.clone());
    let fresh = with_tables(class, |t| t.in_progress.insert(key.clone()));
    if !fresh {
        return Err(not_short(how.method()));
    }
    let _mark = InProgress {
        class: class.clone(),
        key: Some(key),
    };
    let value = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
        compute(interp, v, class, how)
    })?;
    if memo {
        store(class, v, &value);
    }
    Ok(value)
}

fn compute(interp: &Interp, v: &Value, class: &ClassRef, how: Reduction) -> EvalResult<Reduced> {
    if class.is_impartial {
        let options = options(interp, v, class, None)?;
        let mut seen = Vec::with_capacity(options.len());
        for o in &options {
            match position_value(interp, o, Reduction::Nim)? {
                Reduced::Nim(n) => seen.push(n),
                Reduced::Game(g) => match g.as_nimber() {
                    Some(n) => seen.push(n),
                    None => return Err(not_impartial(interp, class, o)),
                },
            }
        }
        let n = onag_rules::framework::mex(seen);
        return Ok(match how {
            Reduction::Nim => Reduced::Nim(n),
            Reduction::Canonical => Reduced::Game(Game::nimber(n)),
        });
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        for o in options(interp, v, class, Some(player))? {
            let g = match position_value(interp, &o, Reduction::Canonical)? {
                Reduced::Game(g) => g,
                Reduced::Nim(n) => Game::nimber(n),
            };
            sides[k].push(g);
        }
    }
    let g = Game::from_options(&sides[0], &sides[1]);
    Ok(match (how, g.as_nimber()) {
        (Reduction::Nim, Some(n)) => Reduced::Nim(n),
        _ => Reduced::Game(g),
    })
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
    Ok(Rc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone()))
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
        "game.Game.GameValue" => |i, cx| Ok(Value::game(canonical_form(i, this(cx)?)?)),
        "game.Game.OutcomeClass" => {
            |i, cx| Ok(Value::Outcome(canonical_form(i, this(cx)?)?.outcome()))
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
        values.push(match position_value(interp, o, Reduction::Canonical)? {
            Reduced::Game(g) => g,
            Reduced::Nim(n) => Game::nimber(n),
        });
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
