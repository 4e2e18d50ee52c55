//! `--json` output: a value's text plus structured fields for scripts
//! (the schema is docs/JSON.md).
//!
//! Every input gives one JSON object: `input`, and either `error` or
//! `text` (the value as printed), `kind` and `value` (the value as JSON:
//! collections and tables as arrays, thermographs as objects with their
//! walls as breakpoint lists, numbers and games as their exact text); games
//! add `canonical`, `outcome`, `left_stop`, `right_stop`, `mean` and
//! `temperature`; impartial positions add `nim_value`.

use crate::run::Failure;
use onag_core::game::{Thermograph, Trajectory};
use onag_lang::Value;
use serde_json::{json, Map, Value as Json};

/// The JSON object for one input's result.
pub fn result(input: &str, outcome: &Result<Option<Value>, Failure>) -> Json {
    match outcome {
        Ok(v) => shown(input, v.as_ref()),
        Err(f) => failed(input, f),
    }
}

/// The JSON object of an input that has a value (or none, for `None`).
pub fn shown(input: &str, v: Option<&Value>) -> Json {
    let mut obj = Map::new();
    obj.insert("input".into(), json!(input));
    match v {
        None => {
            obj.insert("kind".into(), json!("Nothing"));
            obj.insert("text".into(), json!(""));
            obj.insert("value".into(), Json::Null);
        }
        Some(v) => fields(v, &mut obj),
    }
    Json::Object(obj)
}

/// The JSON object of an input that failed.
pub fn failed(input: &str, f: &Failure) -> Json {
    json!({ "input": input, "error": f.message() })
}

fn fields(v: &Value, obj: &mut Map<String, Json>) {
    obj.insert("text".into(), json!(v.to_string()));
    obj.insert("kind".into(), json!(v.kind()));
    obj.insert("value".into(), value(v));
    if let Value::Position(p) = v {
        if let Some(Ok(n)) = p.nim_value() {
            obj.insert("nim_value".into(), json!(n));
        }
    }
    let Some(g) = v.as_game() else { return };
    let (l, r) = g.stops();
    obj.insert("canonical".into(), json!(Value::game(g).to_string()));
    obj.insert("outcome".into(), json!(g.outcome().to_string()));
    obj.insert("left_stop".into(), json!(l.to_string()));
    obj.insert("right_stop".into(), json!(r.to_string()));
    obj.insert("mean".into(), json!(g.mean().to_string()));
    obj.insert("temperature".into(), json!(g.temperature().to_string()));
}

/// A value as JSON: booleans as booleans, Nothing as null, lists, sets and
/// coordinates as arrays, tables as arrays of rows, maps as arrays of
/// `[key, value]` pairs, thermographs and periodicities as objects, and
/// every other value (numbers, games, strings, positions...) as the exact
/// text it prints as (strings without their quotes).
pub fn value(v: &Value) -> Json {
    match v {
        Value::Bool(b) => json!(b),
        Value::Nothing => Json::Null,
        Value::Str(s) => json!(s.as_ref()),
        Value::List(items) => Json::Array(items.iter().map(|x| value(&x)).collect()),
        Value::Set(items) => Json::Array(items.iter().map(value).collect()),
        Value::Table(rows) => Json::Array(
            rows.iter()
                .map(|row| Json::Array(row.iter().map(value).collect()))
                .collect(),
        ),
        Value::Map(entries) => Json::Array(
            entries
                .iter()
                .map(|(k, x)| Json::Array(vec![value(k), value(x)]))
                .collect(),
        ),
        Value::Coordinates(r, c) => json!([r.to_string(), c.to_string()]),
        Value::Thermograph(t) => thermograph(t),
        Value::Periodicity(p) => json!({
            "period": p.period,
            "preperiod": p.preperiod,
            "saltus": p.saltus,
        }),
        other => json!(other.to_string()),
    }
}

/// A thermograph: its mast value, temperature, and each wall as its
/// breakpoints `[t, v]` (exact text): the points where the wall's slope
/// changes, from the top down, then its point at t = -1. Above the first
/// point a wall is vertical (the mast).
fn thermograph(t: &Thermograph) -> Json {
    json!({
        "mast": t.mast().to_string(),
        "temperature": t.temperature().to_string(),
        "left": wall(&t.left),
        "right": wall(&t.right),
    })
}

fn wall(w: &Trajectory) -> Json {
    Json::Array(
        w.points()
            .iter()
            .map(|(t, v)| json!([t.to_string(), v.to_string()]))
            .collect(),
    )
}
