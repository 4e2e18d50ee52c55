//! Members every object answers (`Class`, `ToString`, `ToOutput`,
//! `EnclosingObject`), those of class objects, enum elements, players and
//! Coordinates (SCRIPTING 7.1, 7.2, 7.10), and `System` (7.12).

use super::{arg, method, static_method, MethodDef, StaticDef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::{Cx, Interp, NativeFn};
use crate::value::{Player, Value};
use std::rc::Rc;

fn this<'a>(cx: &'a Cx<'_>) -> EvalResult<&'a Value> {
    super::native_this(cx)
}

fn to_string(interp: &Interp, v: &Value) -> EvalResult {
    Ok(Value::Str(crate::print::render(interp, v)?.into()))
}

fn to_output(interp: &Interp, v: &Value) -> EvalResult {
    Ok(Value::Output(crate::print::render(interp, v)?.into()))
}

fn class_of(interp: &Interp, v: &Value) -> EvalResult {
    let class = interp.class_of(v)?;
    Ok(Value::Class(Rc::new(crate::value::ClassValue {
        class,
        enclosing: None,
    })))
}

fn enclosing(v: &Value) -> Value {
    match v {
        Value::Instance(i) => i.enclosing.clone().unwrap_or(Value::Nothing),
        _ => Value::Nothing,
    }
}

/// The members of `cgsuite.lang.Object`, inherited by every class.
pub static OBJECT_MEMBERS: &[(&str, NativeFn)] = &[
    ("ToString", |i, cx| to_string(i, this(cx)?)),
    ("ToOutput", |i, cx| to_output(i, this(cx)?)),
    ("Class", |i, cx| class_of(i, this(cx)?)),
    ("EnclosingObject", |_, cx| Ok(enclosing(this(cx)?))),
];

fn element(v: &Value) -> Option<(usize, Rc<str>)> {
    match v {
        Value::Instance(i) => i.element.clone(),
        _ => None,
    }
}

/// The members of `cgsuite.lang.Enum`, inherited by every enum.
pub static ENUM_MEMBERS: &[(&str, NativeFn)] = &[
    ("Literal", |_, cx| {
        Ok(element(this(cx)?).map_or(Value::Nothing, |(_, n)| Value::Str(n)))
    }),
    ("Ordinal", |_, cx| {
        Ok(element(this(cx)?).map_or(Value::Nothing, |(k, _)| Value::integer(k)))
    }),
];

fn player(v: &Value) -> Player {
    match v {
        Value::Player(p) => *p,
        _ => Player::Left,
    }
}

fn coordinates(v: &Value) -> (i64, i64) {
    match v {
        Value::Coordinates(r, c) => (*r, *c),
        _ => (0, 0),
    }
}

fn class_value(v: &Value) -> Option<&crate::value::ClassValue> {
    match v {
        Value::Class(c) => Some(c),
        _ => None,
    }
}

/// The methods of players, Coordinates, class objects and every object.
pub(super) static METHODS: &[MethodDef] = &[
    method!(
        "Ordinal",
        Player,
        [],
        "1 for Left, 2 for Right.",
        |_, r, _| {
            Ok(Value::integer(match player(r) {
                Player::Left => 1,
                Player::Right => 2,
            }))
        }
    ),
    method!("Opponent", Player, [], "The other player.", |_, r, _| Ok(
        Value::Player(player(r).opponent())
    )),
    method!(
        "Sign",
        Player,
        [],
        "1 for Left, -1 for Right.",
        |_, r, _| {
            Ok(Value::integer(match player(r) {
                Player::Left => 1,
                Player::Right => -1,
            }))
        }
    ),
    method!(
        "Literal",
        Player,
        [],
        "\"Left\" or \"Right\".",
        |_, r, _| {
            Ok(Value::str(match player(r) {
                Player::Left => "Left",
                Player::Right => "Right",
            }))
        }
    ),
    method!("Row", Coordinates, [], "The row.", |_, r, _| Ok(
        Value::integer(coordinates(r).0)
    )),
    method!("Col", Coordinates, [], "The column.", |_, r, _| Ok(
        Value::integer(coordinates(r).1)
    )),
    method!("Swap", Coordinates, [], "(col, row).", |_, r, _| {
        let (row, col) = coordinates(r);
        Ok(Value::Coordinates(col, row))
    }),
    method!(
        "IsUnit",
        Coordinates,
        [],
        "True if both components are -1, 0 or 1.",
        |_, r, _| {
            let (row, col) = coordinates(r);
            Ok(Value::Bool(row.abs() <= 1 && col.abs() <= 1))
        }
    ),
    method!(
        "Name",
        Class,
        [],
        "The class's name (`Outer.Inner` for a nested class).",
        |_, r, _| {
            Ok(class_value(r).map_or(Value::Nothing, |c| Value::Str(c.class.display.clone())))
        }
    ),
    method!(
        "QualifiedName",
        Class,
        [],
        "The class's name with its package.",
        |_, r, _| {
            Ok(class_value(r).map_or(Value::Nothing, |c| Value::Str(c.class.qualified.clone())))
        }
    ),
    method!(
        "Ordinal",
        Class,
        [],
        "A number that identifies the class in this run.",
        |_, r, _| {
            Ok(class_value(r).map_or(Value::Nothing, |c| Value::integer(c.class.id as i64)))
        }
    ),
    method!(
        "ToString",
        Object,
        [],
        "The value as it prints, as a string.",
        |i, r, _| to_string(i, r)
    ),
    method!(
        "ToOutput",
        Object,
        [],
        "The value as it prints.",
        |i, r, _| to_output(i, r)
    ),
    method!("Class", Object, [], "The value's class.", |i, r, _| {
        class_of(i, r)
    }),
    method!(
        "EnclosingObject",
        Object,
        [],
        "The object a nested class's instance was made through (Nothing otherwise).",
        |_, r, _| { Ok(enclosing(r)) }
    ),
];

fn coords(list: &[(i64, i64)]) -> Value {
    Value::list(
        list.iter()
            .map(|&(r, c)| Value::Coordinates(r, c))
            .collect(),
    )
}

fn direction_set(name: &'static str) -> EvalResult {
    // Made once per thread: board code reads these in its inner loops, and
    // a list value is immutable and shared.
    thread_local! {
        static SETS: std::cell::RefCell<Vec<(&'static str, Value)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    SETS.with(|sets| {
        if let Some((_, v)) = sets.borrow().iter().find(|(n, _)| *n == name) {
            return Ok(v.clone());
        }
        let v = coords(onag_rules::boards::directions::named(name).unwrap_or_default());
        sets.borrow_mut().push((name, v.clone()));
        Ok(v)
    })
}

/// The static members of `Coordinates`, `Player` and `System`.
pub(super) static STATICS: &[StaticDef] = &[
    static_method!(Coordinates."North", [], "(-1,0).", |_, _| Ok(Value::Coordinates(-1, 0))),
    static_method!(Coordinates."Northeast", [], "(-1,1).", |_, _| Ok(Value::Coordinates(-1, 1))),
    static_method!(Coordinates."East", [], "(0,1).", |_, _| Ok(Value::Coordinates(0, 1))),
    static_method!(Coordinates."Southeast", [], "(1,1).", |_, _| Ok(Value::Coordinates(1, 1))),
    static_method!(Coordinates."South", [], "(1,0).", |_, _| Ok(Value::Coordinates(1, 0))),
    static_method!(Coordinates."Southwest", [], "(1,-1).", |_, _| Ok(Value::Coordinates(1, -1))),
    static_method!(Coordinates."West", [], "(0,-1).", |_, _| Ok(Value::Coordinates(0, -1))),
    static_method!(Coordinates."Northwest", [], "(-1,-1).", |_, _| Ok(Value::Coordinates(-1, -1))),
    static_method!(Coordinates."Orthogonal", [], "North, East, South, West.", |_, _| direction_set("Orthogonal")),
    static_method!(Coordinates."Diagonal", [], "Northeast, Southeast, Southwest, Northwest.", |_, _| direction_set("Diagonal")),
    static_method!(Coordinates."Compass", [], "The eight directions, clockwise from North.", |_, _| {
        Ok(coords(&[(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]))
    }),
    static_method!(Coordinates."Hexagonal", [], "The six directions of a hexagonal board.", |_, _| direction_set("Hexagonal")),
    static_method!(Coordinates."KnightsMove", [], "The eight knight's moves.", |_, _| direction_set("KnightsMove")),
    static_method!(Player."Left", [], "Left.", |_, _| Ok(Value::Player(Player::Left))),
    static_method!(Player."Right", [], "Right.", |_, _| Ok(Value::Player(Player::Right))),
    static_method!(System."Print", ["x"], "Prints a value at once, on its own line; gives Nothing.", |i, a| {
        let text = crate::print::render(i, arg(a, 0)?)?;
        i.print_line(&text);
        Ok(Value::Nothing)
    }),
    static_method!(System."Error", ["message"], "Stops with the message.", |i, a| {
        let message = match arg(a, 0)? {
            Value::Str(s) => s.to_string(),
            other => crate::print::render(i, other)?,
        };
        Err(EvalError::of(ErrorKind::User, message))
    }),
    static_method!(System."Version", [], "onag's version.", |_, _| Ok(Value::str(concat!("onag ", env!("CARGO_PKG_VERSION"))))),
    static_method!(System."CopyrightYear", [], "The year of this version.", |_, _| Ok(Value::integer(2026))),
    static_method!(System."ClearAll", [], "Unloads every class and forgets the memo tables of user games.", |i, _| {
        i.classes().clear();
        Ok(Value::Nothing)
    }),
];
