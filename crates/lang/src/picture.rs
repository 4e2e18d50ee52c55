//! Pictures of values: thermographs of games, alone or overlaid.

use crate::error::{EvalError, EvalResult};
use crate::value::Value;
use onag_render::Plot;

/// The picture of a value: a thermograph, a game (its thermograph), or a
/// list or set of them (overlaid, each labelled with its value).
pub fn plot_of(v: &Value) -> EvalResult<Plot> {
    let mut plot = Plot::new();
    let items: Vec<&Value> = match v {
        Value::List(xs) | Value::Set(xs) => xs.iter().collect(),
        other => vec![other],
    };
    if items.is_empty() {
        return Err(EvalError::new("Plot: nothing to draw"));
    }
    for item in items {
        plot = match item {
            Value::Thermograph(t) => plot.add(t.to_string(), t),
            other => {
                let g = other
                    .as_game()
                    .ok_or_else(|| EvalError::new(format!("Plot: cannot draw {other}")))?;
                plot.add(other.to_string(), &g.thermograph())
            }
        };
    }
    Ok(plot)
}

/// Write a picture to `path` as SVG or PNG, by its extension.
pub fn write(plot: &Plot, path: &str) -> EvalResult {
    let lower = path.to_lowercase();
    let bytes = if lower.ends_with(".svg") {
        plot.to_svg().into_bytes()
    } else if lower.ends_with(".png") {
        plot.to_png()
            .map_err(|e| EvalError::new(format!("Plot: {e}")))?
    } else {
        return Err(EvalError::new(format!(
            "Plot: the file name must end in .svg or .png: {path}"
        )));
    };
    std::fs::write(path, bytes)
        .map_err(|e| EvalError::new(format!("Plot: cannot write {path}: {e}")))?;
    Ok(Value::Str(path.into()))
}
