//! Rulesets in the language: names and packages (`Domineering`,
//! `game.heap.Kayles`), calls that build rulesets and positions, the helper
//! classes (`Grid.Empty`), and the translation of values to and from the
//! rulesets' arguments.

use crate::eval::{EvalError, EvalResult, Interp, KeywordArgs};
use crate::value::Value;
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use onag_rules::framework::kind;
use onag_rules::registry::{self, Make, RulesetEntry, CLASSES};
use onag_rules::{AnyPosition, AnyRuleset, Periodicity};
use onag_rules::{Arg, Args, Player, RuleError};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// CGSuite's ruleset packages under `game`.
pub const PACKAGES: &[&str] = &["grid", "strip", "graph", "heap"];

impl From<RuleError> for EvalError {
    fn from(e: RuleError) -> Self {
        EvalError::new(e.into_message())
    }
}

/// The value a bare name denotes when it is not a variable: a ruleset, a
/// ruleset family, a package or a helper class.
pub fn named(name: &str) -> Option<Value> {
    if name == "game" || name == "Integer" || CLASSES.contains(&name) {
        return Some(Value::Namespace(name.into()));
    }
    registry::find(name).map(entry_value)
}

fn entry_value(e: &'static RulesetEntry) -> Value {
    match e.make {
        Make::Ruleset(make) => Value::Ruleset(make()),
        Make::Schema(_) => Value::Schema(e),
    }
}

/// `package.member` or `Class.Member(args)`.
pub fn namespace_member(
    interp: &Interp,
    ns: &str,
    name: &str,
    called: bool,
    args: Vec<Value>,
    kwargs: KeywordArgs,
) -> EvalResult {
    if ns == "game" && PACKAGES.contains(&name) && !called {
        return Ok(Value::Namespace(format!("game.{name}").into()));
    }
    if let Some(package) = ns.strip_prefix("game.") {
        if let Some(e) = registry::find(name).filter(|e| e.package.name() == package) {
            let v = entry_value(e);
            return if called {
                call(interp, &v, args, kwargs)
            } else {
                Ok(v)
            };
        }
    }
    if ns == "Integer" && name == "Parse" {
        return match args.as_slice() {
            [Value::Str(s)] => s
                .trim()
                .parse::<num_bigint::BigInt>()
                .map(|n| Value::integer(Integer::from(n)))
                .map_err(|_| EvalError::new(format!("Integer.Parse: not an integer: \"{s}\""))),
            _ => Err(EvalError::new("Integer.Parse expects one string")),
        };
    }
    if CLASSES.contains(&ns) {
        let args = to_args(interp, args, kwargs)?;
        if let Some(r) = registry::class_member(ns, name, &args) {
            return Ok(from_arg(r?));
        }
    }
    Err(EvalError::new(format!(
        "Unknown member of `{ns}`: `{name}`"
    )))
}

/// Whether `f` is something [`call`] applies.
pub fn is_callable(f: &Value) -> bool {
    matches!(f, Value::Ruleset(_) | Value::Schema(_))
}

/// Call a ruleset on a position's arguments (`Kayles(20)`), or a family on
/// its parameters (`Subtraction([2,3], allbut => true)`).
pub fn call(interp: &Interp, f: &Value, args: Vec<Value>, kwargs: KeywordArgs) -> EvalResult {
    let args = to_args(interp, args, kwargs)?;
    match f {
        Value::Ruleset(r) => Ok(Value::Position(r.position(&args)?)),
        Value::Schema(e) => match e.make {
            Make::Schema(make) => Ok(Value::Ruleset(make(&args)?)),
            Make::Ruleset(make) => Ok(Value::Ruleset(make())),
        },
        other => Err(EvalError::new(format!("Not a function: {other}"))),
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
        other => Err(EvalError::new(format!(
            "Expected a ruleset, got {} ({other})",
            other.kind()
        ))),
    }
}

/// The one error for a ruleset or position asked by `method` for what it
/// does not have: `code: Domineering has no method `code``,
/// `Board: Hackenbush("l") has no board`.
pub fn lacks(method: &str, what: &str, thing: &str) -> EvalError {
    EvalError::new(format!("{method}: {what} has no {thing}"))
}

/// The error for a ruleset method the ruleset does not have.
pub fn no_method(r: &dyn AnyRuleset, method: &str) -> EvalError {
    lacks(method, &r.name(), &format!("method `{method}`"))
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
        other => Err(EvalError::new(format!(
            "Expected a position, got {} ({other})",
            other.kind()
        ))),
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

fn to_args(interp: &Interp, args: Vec<Value>, kwargs: KeywordArgs) -> EvalResult<Args> {
    Ok(Args {
        positional: args
            .into_iter()
            .map(|v| to_arg(interp, v))
            .collect::<EvalResult<_>>()?,
        keywords: kwargs
            .into_iter()
            .map(|(k, v)| Ok((k, to_arg(interp, v)?)))
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
        Value::List(items) => Arg::List(all(&items)?),
        Value::Set(items) => Arg::Set(all(&items)?),
        Value::Tuple(items) => Arg::Tuple(all(&items)?),
        Value::Map(entries) => Arg::Map(
            entries
                .iter()
                .map(|(k, v)| Ok((to_arg(interp, k.clone())?, to_arg(interp, v.clone())?)))
                .collect::<EvalResult<_>>()?,
        ),
        Value::Object(o) => Arg::Object(o),
        Value::Ruleset(r) => Arg::Ruleset(r),
        Value::Schema(_) => Arg::Ruleset(ruleset(&v)?),
        Value::Position(p) => Arg::Game(canonical_form(&p)?),
        f @ Value::Function(_) => {
            // One copy of the session serves every call (a ruleset calls its
            // function many times); a call made while another is running
            // (the function itself uses the ruleset) gets its own copy.
            let base = interp.snapshot();
            let session = std::cell::RefCell::new(base.snapshot());
            Arg::Function(Rc::new(move |args: &[Arg]| {
                let args = args.iter().cloned().map(from_arg).collect();
                let run = |session: &mut Interp| {
                    session
                        .apply(&f, args)
                        .map_err(|e| RuleError::user_function(e.message))
                        .and_then(|v| {
                            to_arg(session, v).map_err(|e| RuleError::user_function(e.message))
                        })
                };
                match session.try_borrow_mut() {
                    Ok(mut shared) => run(&mut shared),
                    Err(_) => run(&mut base.snapshot()),
                }
            }))
        }
        other => {
            return Err(EvalError::new(format!(
                "A {} cannot be passed to a ruleset ({other})",
                other.kind()
            )))
        }
    })
}

/// A ruleset's result as a language value.
pub fn from_arg(a: Arg) -> Value {
    let all = |items: Vec<Arg>| Rc::new(items.into_iter().map(from_arg).collect());
    match a {
        Arg::Number(r) => Value::Number(r),
        Arg::Game(g) => Value::game(g),
        Arg::Str(s) => Value::Str(s.into()),
        Arg::Bool(b) => Value::Bool(b),
        Arg::Player(p) => Value::Player(p),
        Arg::Nothing => Value::Nothing,
        Arg::List(v) => Value::List(all(v)),
        Arg::Set(v) => Value::set(v.into_iter().map(from_arg).collect()),
        Arg::Tuple(v) => Value::Tuple(all(v)),
        Arg::Map(m) => Value::Map(Rc::new(
            m.into_iter()
                .map(|(k, v)| (from_arg(k), from_arg(v)))
                .collect(),
        )),
        Arg::Object(o) => Value::Object(o),
        Arg::Ruleset(r) => Value::Ruleset(r),
        Arg::Function(_) => Value::Nothing,
    }
}

/// A non-negative machine-size integer argument.
pub fn count(v: &Value, what: &str) -> EvalResult<u64> {
    v.as_integer()
        .and_then(|n| if n.is_negative() { None } else { n.to_u64() })
        .ok_or_else(|| EvalError::new(format!("{what}: expected a non-negative integer, got {v}")))
}

/// Nim values as a list of integers.
pub fn nim_list(values: Vec<u64>) -> Value {
    Value::list(
        values
            .into_iter()
            .map(|n| Value::integer(Integer::from(n)))
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
