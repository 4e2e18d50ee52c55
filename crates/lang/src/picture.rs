//! Pictures of values: thermographs of games, alone or overlaid.

use crate::error::{EvalError, EvalResult};
use crate::value::Value;
use onag_render::Plot;

/// The picture of a value: a thermograph, a game (its thermograph), or a
/// list or set of them (overlaid, each labelled with its value).
pub fn plot_of(v: &Value) -> EvalResult<Plot> {
    let mut plot = Plot::new();
    let items: Vec<&Value> = match v {
        Value::List(_) | Value::Set(_) => v.elements().unwrap_or_default().iter().collect(),
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
    write_picture(std::path::Path::new(path), &bytes)
        .map_err(|e| EvalError::new(format!("Plot: {e}")))?;
    Ok(Value::Str(path.into()))
}

/// Whether a file's first bytes are those of a picture `Plot` writes (SVG
/// text or a PNG image).
fn is_picture(start: &[u8]) -> bool {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    let text = String::from_utf8_lossy(start);
    let text = text.trim_start();
    start.starts_with(PNG) || text.starts_with("<svg") || text.starts_with("<?xml")
}

/// Writes `bytes` to `path` atomically (a file beside it, then renamed
/// over it), never through a symbolic link and never over a file that is
/// not a picture: a mistyped name cannot destroy someone's work.
fn write_picture(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    use std::io::Read;
    let shown = path.display();
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.file_type().is_symlink() {
            return Err(format!(
                "{shown} is a symbolic link; pictures are not written through links"
            ));
        }
        if !meta.is_file() {
            return Err(format!("{shown} exists and is not a file"));
        }
        let mut start = [0u8; 64];
        let read = std::fs::File::open(path)
            .and_then(|mut f| f.read(&mut start))
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        if read > 0 && !is_picture(&start[..read]) {
            return Err(format!(
                "{shown} exists and is not a picture; remove it or choose another name"
            ));
        }
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            format!("cannot write {shown}: {e}")
        })
}
