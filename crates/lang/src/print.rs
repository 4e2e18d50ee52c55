//! How values print (NOTATION 4, SCRIPTING 4.10 and 7): games and numbers
//! as CGSuite prints them, lists `[a,b]`, sets `{a,b}` sorted, maps
//! `{k => v, ...}`, strings in quotes, instances through their `ToOutput`
//! method or as `Outer.Inner(args, name => value)`, tables in rows.

use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::{Interp, Session};
use crate::value::Value;
use std::cell::RefCell;
use std::fmt;
use std::rc::Weak;

thread_local! {
    /// The session values are printed with when no session is given (for
    /// `Display`): the last one that ran an input.
    static CURRENT: RefCell<Weak<Session>> = const { RefCell::new(Weak::new()) };
}

/// Makes `interp` the session `Display` prints instances with.
pub fn set_current(interp: &Interp) {
    CURRENT.with(|c| *c.borrow_mut() = interp.downgrade());
}

/// The value printed by the session, with the errors of `ToOutput`
/// methods reported.
pub fn render(interp: &Interp, v: &Value) -> EvalResult<String> {
    let mut out = String::new();
    show(&mut out, v, Some(interp))?;
    Ok(out)
}

/// `Display` of values: as [`render`], with a `ToOutput` error shown in
/// place of the instance.
pub fn write_value(f: &mut fmt::Formatter<'_>, v: &Value) -> fmt::Result {
    let interp = CURRENT.with(|c| Interp::upgrade(&c.borrow()));
    let mut out = String::new();
    if let Err(e) = show(&mut out, v, interp.as_ref()) {
        out.push_str(&format!("<error: {}>", e.message));
    }
    f.write_str(&out)
}

fn seq(
    out: &mut String,
    items: &[Value],
    open: &str,
    sep: &str,
    close: &str,
    interp: Option<&Interp>,
) -> EvalResult<()> {
    out.push_str(open);
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        show(out, x, interp)?;
    }
    out.push_str(close);
    Ok(())
}

fn entries(
    out: &mut String,
    items: &[(Value, Value)],
    open: &str,
    close: &str,
    interp: Option<&Interp>,
) -> EvalResult<()> {
    out.push_str(open);
    for (i, (k, v)) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        show(out, k, interp)?;
        out.push_str(" => ");
        show(out, v, interp)?;
    }
    out.push_str(close);
    Ok(())
}

pub(crate) fn show(out: &mut String, v: &Value, interp: Option<&Interp>) -> EvalResult<()> {
    // Printing a huge value stops when asked to, as computations do.
    onag_core::interrupt::check();
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || show_inner(out, v, interp))
}

fn show_inner(out: &mut String, v: &Value, interp: Option<&Interp>) -> EvalResult<()> {
    use std::fmt::Write;
    match v {
        Value::Nothing => out.push_str("Nothing"),
        Value::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Number(r) => {
            let _ = write!(out, "{r}");
        }
        Value::Surreal(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Transfinite(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Game(g) => {
            let _ = write!(out, "{g}");
        }
        Value::Loopy(v) => {
            let _ = write!(out, "{v}");
        }
        Value::Explicit(e) => match &**e {
            crate::explicit::Explicit::Options { left, right } => {
                out.push('\'');
                seq(out, left, "{", ",", "|", interp)?;
                seq(out, right, "", ",", "}", interp)?;
                out.push('\'');
            }
            crate::explicit::Explicit::OrdinalSum(g, h) => {
                show(out, g, interp)?;
                out.push(':');
                show(out, h, interp)?;
            }
        },
        Value::Str(s) => {
            let _ = write!(out, "\"{s}\"");
        }
        Value::Outcome(o) => {
            let _ = write!(out, "{o}");
        }
        Value::Player(onag_rules::Player::Left) => out.push_str("Left"),
        Value::Player(onag_rules::Player::Right) => out.push_str("Right"),
        Value::Coordinates(r, c) => {
            let _ = write!(out, "({r},{c})");
        }
        Value::List(items) => match items.as_packed() {
            // Packed integers print as the boxed ones do, without boxing.
            Some(p) => {
                out.reserve(p.len() * 2 + 2);
                out.push('[');
                for (i, x) in p.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if i % 65536 == 65535 {
                        onag_core::interrupt::check();
                    }
                    let _ = write!(out, "{x}");
                }
                out.push(']');
            }
            None => seq(out, items, "[", ",", "]", interp)?,
        },
        Value::Set(items) => seq(out, items, "{", ",", "}", interp)?,
        Value::Map(items) if items.is_empty() => out.push_str("{=>}"),
        Value::Map(items) => entries(out, items, "{", "}", interp)?,
        Value::MapEntry(e) => {
            show(out, &e.0, interp)?;
            out.push_str(" => ");
            show(out, &e.1, interp)?;
        }
        Value::MutableList(items) => {
            let items = items.borrow().clone();
            seq(out, &items, "MutableList(", ", ", ")", interp)?
        }
        Value::MutableSet(items) => {
            let items = items.borrow().clone();
            seq(out, &items, "MutableSet(", ", ", ")", interp)?
        }
        Value::MutableMap(items) => {
            let items = items.borrow().clone();
            entries(out, &items, "MutableMap(", ")", interp)?
        }
        Value::Function(c) => out.push_str(c.text()),
        Value::Class(c) => {
            let _ = write!(out, "⟪{}⟫", c.class.qualified);
        }
        Value::Instance(_) => instance(out, v, interp)?,
        Value::Output(s) | Value::Picture(s) => out.push_str(s),
        Value::Table(rows) => table(out, rows, interp)?,
        Value::Grid(g) => {
            let _ = write!(out, "{g}");
        }
        Value::Strip(s) => {
            let _ = write!(out, "{s}");
        }
        Value::Thermograph(t) => {
            let _ = write!(out, "{t}");
        }
        Value::Interval(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Uptimal(u) => {
            let _ = write!(out, "{u}");
        }
        Value::Position(p) => out.push_str(&p.display()),
        Value::Ruleset(r) => out.push_str(&r.name()),
        Value::Schema(e) => out.push_str(e.name),
        Value::Object(o) => {
            let _ = write!(out, "{o}");
        }
        Value::Periodicity(p) => {
            let _ = write!(
                out,
                "Periodicity(Period => {}, Preperiod => {}, Saltus => {})",
                p.period, p.preperiod, p.saltus
            );
        }
        Value::Package(p) => out.push_str(p),
        Value::Vertex(v) => crate::methods::show_vertex(out, v, interp)?,
        Value::Edge(e) => crate::methods::show_edge(out, e, interp)?,
        Value::Script(s) => out.push_str(&s.qualified),
        Value::Misere(g) => {
            let _ = write!(out, "{g}");
        }
        Value::MisereQuotient(q) => out.push_str(&q.presentation()),
    }
    Ok(())
}

/// An instance: its `ToOutput` (a String prints without quotes), else
/// `C.instance` for a mutable object, the element's name for an enum
/// element, or the instantiated name and constructor arguments.
fn instance(out: &mut String, v: &Value, interp: Option<&Interp>) -> EvalResult<()> {
    let Value::Instance(i) = v else { return Ok(()) };
    let class = &i.class;
    let custom = class
        .member("ToOutput")
        .and_then(|m| m.auto.as_ref())
        .filter(|m| &*m.owner != "cgsuite.lang.Object");
    if let (Some(m), Some(interp)) = (custom, interp) {
        let r = interp.call_method(m, v, Vec::new(), Vec::new())?;
        match &r {
            Value::Str(s) | Value::Output(s) => out.push_str(s),
            Value::Table(_) | Value::Picture(_) => show(out, &r, Some(interp))?,
            other => {
                return Err(EvalError::of(
                    ErrorKind::TypeMismatch,
                    format!(
                        "`ToOutput` method of class `{}` returned an object of type `{}` (expecting type `Output` or `String`)",
                        class.qualified,
                        interp.class_name_of(other)
                    ),
                ))
            }
        }
        return Ok(());
    }
    if let Some((_, name)) = &i.element {
        out.push_str(name);
        return Ok(());
    }
    if class.flags.mutable {
        out.push_str(&class.display);
        out.push_str(".instance");
        return Ok(());
    }
    out.push_str(&instantiated_name(v));
    if let Some(ctor) = &class.constructor {
        out.push('(');
        for (k, p) in ctor.params.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            if p.default.is_some() {
                out.push_str(&p.name);
                out.push_str(" => ");
            }
            let field = i.field(&p.name).unwrap_or(Value::Nothing);
            show(out, &field, interp)?;
        }
        out.push(')');
    }
    Ok(())
}

/// The name an instance prints with: its class's name, after its
/// enclosing object's instantiated name for a nested class.
pub fn instantiated_name(v: &Value) -> String {
    match v {
        Value::Instance(i) => match &i.enclosing {
            Some(e @ Value::Instance(_)) => format!("{}.{}", instantiated_name(e), i.class.name),
            _ => i.class.display.to_string(),
        },
        _ => String::new(),
    }
}

/// A table as CGSuite lays one out (SCRIPTING 7.11): each cell right-aligned
/// to its column's width, cells joined by ` | `, a short row ending early,
/// rows separated by a rule of dashes joined by `-+-`.
fn table(out: &mut String, rows: &[Vec<Value>], interp: Option<&Interp>) -> EvalResult<()> {
    let mut cells: Vec<Vec<String>> = Vec::with_capacity(rows.len());
    for row in rows {
        let mut r = Vec::with_capacity(row.len());
        for v in row {
            let mut s = String::new();
            show(&mut s, v, interp)?;
            r.push(s);
        }
        cells.push(r);
    }
    let columns = cells.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            cells
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    let rule = rule.join("-+-");
    for (i, row) in cells.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(&rule);
            out.push('\n');
        }
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, s)| format!("{s:>w$}", w = widths[c]))
            .collect();
        out.push_str(&line.join(" | "));
    }
    Ok(())
}
