//! `--json` output: a value's text plus structured fields for scripts.
//!
//! Every input gives one JSON object: `input`, and either `error` or
//! `text` (the value as printed) and `kind`; games add `canonical`,
//! `outcome`, `left_stop`, `right_stop`, `mean` and `temperature`;
//! impartial positions add `nim_value`.

use crate::run::Failure;
use onag_lang::Value;
use serde_json::{json, Map, Value as Json};

/// The JSON object for one input's result.
pub fn result(input: &str, outcome: &Result<Option<Value>, Failure>) -> Json {
    let mut obj = Map::new();
    obj.insert("input".into(), json!(input));
    match outcome {
        Err(f) => {
            obj.insert("error".into(), json!(f.message()));
        }
        Ok(None) => {
            obj.insert("kind".into(), json!("Nothing"));
            obj.insert("text".into(), json!(""));
        }
        Ok(Some(v)) => fields(v, &mut obj),
    }
    Json::Object(obj)
}

fn fields(v: &Value, obj: &mut Map<String, Json>) {
    obj.insert("text".into(), json!(v.to_string()));
    obj.insert("kind".into(), json!(v.kind()));
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
