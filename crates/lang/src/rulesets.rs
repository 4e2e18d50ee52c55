//! Built-in rulesets in the language: names and packages (`Domineering`,
//! `game.heap.Kayles`), calls that build rulesets and positions, and the
//! translation of values to and from the rulesets' arguments (user
//! functions passed to rulesets call back into the session).

use crate::board::{Grid, Strip};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::Interp;
use crate::value::Value;
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use onag_rules::framework::kind;
use onag_rules::registry::{self, Make, RulesetEntry};
use onag_rules::{AnyPosition, AnyRuleset, Periodicity};
use onag_rules::{Arg, Args, Player, RuleError};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// CGSuite's ruleset packages under `game`.
pub const PACKAGES: &[&str] = &["grid", "strip", "graph", "heap"];

/// The built-in ruleset or ruleset family a bare name denotes.
pub fn named(name: &str) -> Option<Value> {
    registry::find(name).map(entry_value)
}

/// `game.grid.Domineering`: a built-in ruleset reached through its
/// package.
pub fn package_constant(package: &str, name: &str) -> Option<Value> {
    let short = package.strip_prefix("game.")?;
    registry::find(name)
        .filter(|e| e.package.name() == short)
        .map(entry_value)
}

fn entry_value(e: &'static RulesetEntry) -> Value {
    match e.make {
        Make::Ruleset(make) => Value::Ruleset(make()),
        Make::Schema(_) => Value::Schema(e),
    }
}

/// Call a ruleset on a position's arguments (`Kayles(20)`), or a family on
/// its parameters (`Subtraction([2,3], allbut => true)`).
pub fn call(
    interp: &Interp,
    f: &Value,
    args: Vec<Value>,
    kwargs: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    let args = to_args(interp, args, kwargs)?;
    match f {
        Value::Ruleset(r) => Ok(Value::Position(r.position(&args)?)),
        Value::Schema(e) => match e.make {
            Make::Schema(make) => Ok(Value::Ruleset(make(&args)?)),
            Make::Ruleset(make) => Ok(Value::Ruleset(make())),
        },
        other => Err(EvalError::of(
            ErrorKind::NoSuchMember,
            format!(
                "No method `Eval` for class: `{}`",
                interp.class_name_of(other)
            ),
        )),
    }
}

/// The ruleset behind a value, for ruleset methods.
pub fn ruleset(v: &Value) -> EvalResult<Rc<dyn AnyRuleset>> {
    match v {
        Value::Ruleset(r) => Ok(r.clone()),
        Value::Schema(e) => match e.make {
            Make::Schema(make) => Ok(make(&Args::default())?),
            Make::Ruleset(make) => Ok(make()),
        },
        other => Err(EvalError::expected("game.Ruleset", &type_name(other))),
    }
}

fn type_name(v: &Value) -> String {
    crate::classes::builtin::builtin_of(v)
        .map(|b| crate::classes::builtin::def(b).qualified.to_string())
        .unwrap_or_else(|| "cgsuite.lang.Object".into())
}

/// The one error for a ruleset or position asked by `method` for what it
/// does not have: `Board: Hackenbush("l") has no board`.
pub fn lacks(method: &str, what: &str, thing: &str) -> EvalError {
    EvalError::of(
        ErrorKind::NoSuchMember,
        format!("{method}: {what} has no {thing}"),
    )
}

/// The error for a ruleset method the ruleset does not have, worded as every
/// missing member is: `Not a method or member variable: `code` (in object of
/// class `game.Ruleset`)`.
pub fn no_method(_: &dyn AnyRuleset, method: &str) -> EvalError {
    EvalError::no_member(method, "game.Ruleset")
}

/// The ruleset as an impartial heap ruleset, for `method`.
pub fn heap<'a>(r: &'a Rc<dyn AnyRuleset>, method: &str) -> EvalResult<&'a dyn kind::Heap> {
    r.as_heap().ok_or_else(|| no_method(&**r, method))
}

/// The ruleset as an impartial coordinate ruleset, for `method`.
pub fn coordinate<'a>(
    r: &'a Rc<dyn AnyRuleset>,
    method: &str,
) -> EvalResult<&'a dyn kind::Coordinate> {
    r.as_coordinate().ok_or_else(|| no_method(&**r, method))
}

/// The ruleset as a partizan heap ruleset, for `method`.
pub fn partizan_heap<'a>(
    r: &'a Rc<dyn AnyRuleset>,
    method: &str,
) -> EvalResult<&'a dyn kind::PartizanHeap> {
    r.as_partizan_heap().ok_or_else(|| no_method(&**r, method))
}

/// The ruleset as a partizan coordinate ruleset, for `method`.
pub fn partizan_coordinate<'a>(
    r: &'a Rc<dyn AnyRuleset>,
    method: &str,
) -> EvalResult<&'a dyn kind::PartizanCoordinate> {
    r.as_partizan_coordinate()
        .ok_or_else(|| no_method(&**r, method))
}

/// The position behind a value, for position methods.
pub fn position(v: &Value) -> EvalResult<&Rc<dyn AnyPosition>> {
    match v {
        Value::Position(p) => Ok(p),
        other => Err(EvalError::expected("game.Position", &type_name(other))),
    }
}

/// The most positions `Followers` and `FollowerCount` of a position visit.
pub const FOLLOWER_LIMIT: usize = 1_000_000;

/// The distinct positions reachable from `p` by zero or more moves of either
/// player, `p` included (CGSuite's `Followers` of a position: positions,
/// not the followers of its canonical form), sorted by their text as a set
/// of positions prints. Positions are told apart by their text, which reads
/// back as the same position. Interruptible; an error naming the limit when
/// more than `limit` positions are reachable (the methods use
/// [`FOLLOWER_LIMIT`]).
pub fn position_followers(
    p: &Rc<dyn AnyPosition>,
    limit: usize,
) -> EvalResult<Vec<(String, Rc<dyn AnyPosition>)>> {
    let mut seen: FxHashMap<String, Rc<dyn AnyPosition>> = FxHashMap::default();
    let mut queue = vec![p.clone()];
    seen.insert(p.display(), p.clone());
    while let Some(q) = queue.pop() {
        onag_core::interrupt::checkpoint();
        for player in [Player::Left, Player::Right] {
            for o in q.options(player)? {
                let key = o.display();
                if seen.contains_key(&key) {
                    continue;
                }
                if seen.len() >= limit {
                    return Err(EvalError::new(format!(
                        "more than {limit} positions are reachable from {}",
                        p.display()
                    )));
                }
                seen.insert(key, o.clone());
                queue.push(o);
            }
        }
    }
    let mut all: Vec<(String, Rc<dyn AnyPosition>)> = seen.into_iter().collect();
    all.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(all)
}

/// The canonical form of a position, with the ruleset's error if it has
/// none (a loopy heap rule, a failing user function).
pub fn canonical_form(p: &Rc<dyn AnyPosition>) -> EvalResult<Game> {
    Ok(p.canonical_form()?)
}

/// Arguments for a ruleset.
pub fn to_args(
    interp: &Interp,
    args: Vec<Value>,
    kwargs: Vec<(Rc<str>, Value)>,
) -> EvalResult<Args> {
    Ok(Args {
        positional: args
            .into_iter()
            .map(|v| to_arg(interp, v))
            .collect::<EvalResult<_>>()?,
        keywords: kwargs
            .into_iter()
            .map(|(k, v)| Ok((k.to_string(), to_arg(interp, v)?)))
            .collect::<EvalResult<_>>()?,
    })
}

/// A language value as a ruleset argument.
pub fn to_arg(interp: &Interp, v: Value) -> EvalResult<Arg> {
    let all = |items: &[Value]| -> EvalResult<Vec<Arg>> {
        items.iter().map(|x| to_arg(interp, x.clone())).collect()
    };
    Ok(match v {
        Value::Number(r) => Arg::Number(r),
        Value::Game(g) => Arg::Game(g),
        Value::Bool(b) => Arg::Bool(b),
        Value::Str(s) => Arg::Str(s.to_string()),
        Value::Player(p) => Arg::Player(p),
        Value::Nothing => Arg::Nothing,
        Value::Coordinates(r, c) => Arg::Tuple(vec![Arg::int(r), Arg::int(c)]),
        Value::List(items) => Arg::List(all(&items)?),
        Value::MutableList(items) => Arg::List(all(&items.borrow())?),
        Value::Set(items) => Arg::Set(all(&items)?),
        Value::MutableSet(items) => Arg::Set(all(&items.borrow())?),
        Value::Map(entries) => Arg::Map(
            entries
                .iter()
                .map(|(k, v)| Ok((to_arg(interp, k.clone())?, to_arg(interp, v.clone())?)))
                .collect::<EvalResult<_>>()?,
        ),
        Value::Grid(g) => Arg::Object(Rc::new(g.to_object()?)),
        Value::Strip(s) => Arg::Object(Rc::new(s.to_object()?)),
        Value::Object(o) => Arg::Object(o),
        Value::Ruleset(r) => Arg::Ruleset(r),
        Value::Schema(_) => Arg::Ruleset(ruleset(&v)?),
        Value::Position(p) => Arg::Game(canonical_form(&p)?),
        Value::Instance(_) if interp.game_of(&v).is_some() => Arg::Game(interp.to_game(&v)?),
        f @ Value::Function(_) => function_arg(interp, f),
        other => {
            return Err(EvalError::of(
                ErrorKind::TypeMismatch,
                format!(
                    "A {} cannot be passed to a ruleset ({})",
                    interp.class_name_of(&other),
                    crate::print::render(interp, &other)?
                ),
            ))
        }
    })
}

/// Anything callable (a function, a map) as a ruleset's function argument.
pub fn function_arg(interp: &Interp, f: Value) -> Arg {
    let session = interp.downgrade();
    Arg::Function(Rc::new(move |args: &[Arg]| {
        let interp = Interp::upgrade(&session)
            .ok_or_else(|| RuleError::user_function("the session of this function has ended"))?;
        let args = args.iter().cloned().map(from_arg).collect();
        interp
            .apply(&f, args)
            .and_then(|v| to_arg(&interp, v))
            .map_err(|e| RuleError::user_function(e.message))
    }))
}

/// A ruleset's result as a language value.
pub fn from_arg(a: Arg) -> Value {
    let all = |items: Vec<Arg>| Value::list(items.into_iter().map(from_arg).collect());
    match a {
        Arg::Number(r) => Value::Number(r),
        Arg::Game(g) => Value::game(g),
        Arg::Str(s) => Value::Str(s.into()),
        Arg::Bool(b) => Value::Bool(b),
        Arg::Player(p) => Value::Player(p),
        Arg::Nothing => Value::Nothing,
        Arg::List(v) => all(v),
        Arg::Set(v) => Value::set(v.into_iter().map(from_arg).collect()),
        Arg::Tuple(v) => match v.as_slice() {
            [a, b] => match (a.as_i64(), b.as_i64()) {
                (Some(r), Some(c)) => Value::Coordinates(r, c),
                _ => all(v),
            },
            _ => all(v),
        },
        Arg::Map(m) => Value::map(
            m.into_iter()
                .map(|(k, v)| (from_arg(k), from_arg(v)))
                .collect(),
        ),
        Arg::Object(o) => {
            let any = o.as_any();
            if let Some(g) = any.downcast_ref::<onag_rules::boards::grid::Grid>() {
                Value::Grid(Rc::new(Grid::from_rules(g)))
            } else if let Some(s) = any.downcast_ref::<onag_rules::boards::strip::Strip>() {
                Value::Strip(Rc::new(Strip::from_rules(s)))
            } else {
                Value::Object(o)
            }
        }
        Arg::Ruleset(r) => Value::Ruleset(r),
        Arg::Function(_) => Value::Nothing,
    }
}

/// A non-negative machine-size integer argument.
pub fn count(v: &Value, what: &str) -> EvalResult<u64> {
    v.as_integer()
        .and_then(|n| if n.is_negative() { None } else { n.to_u64() })
        .ok_or_else(|| {
            EvalError::of(
                ErrorKind::Domain,
                format!("{what}: expected a non-negative integer, got {v}"),
            )
        })
}

/// Nim values as a list of integers.
pub fn nim_list(values: Vec<u64>) -> Value {
    Value::list(
        values
            .into_iter()
            .map(|n| {
                // A list of millions of values takes a while: it stops
                // when asked to (a time or memory limit, Ctrl-C).
                onag_core::interrupt::check();
                Value::integer(Integer::from(n))
            })
            .collect(),
    )
}

/// `Periodicity(Period => q, Preperiod => p, Saltus => s)`, or Nothing.
pub fn periodicity(p: Option<Periodicity>) -> Value {
    match p {
        None => Value::Nothing,
        Some(p) => Value::Periodicity(p),
    }
}

/// A table of values (`NimValueTable`, `GameValueTable`).
pub fn table(rows: Vec<Vec<Value>>) -> Value {
    Value::Table(Rc::new(rows))
}

/// A number as a value.
pub fn number(n: i64) -> Value {
    Value::Number(Rational::from(Integer::from(n)))
}
