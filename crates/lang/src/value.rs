//! The values of the language and how they print (NOTATION section 4).
//!
//! Numbers are kept as exact rationals (with CGSuite's two infinities);
//! every canonical game that is a number is normalised to a number, so a
//! value has one representation and equality is structural.

use crate::ast::Expr;
use onag_core::game::{
    print_order, ConfusionInterval, Game, Outcome, Thermograph, UptimalExpansion,
};
use onag_core::number::{Dyadic, Integer, Rational};
use onag_rules::{AnyPosition, AnyRuleset, Object, Periodicity, RulesetEntry};
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

pub use onag_rules::Player;

/// A user function: a lambda with the local variables it captured.
#[derive(Debug)]
pub struct Closure {
    pub params: Vec<String>,
    pub body: Rc<Expr>,
    pub captured: Vec<(String, Value)>,
}

#[derive(Clone, Debug)]
pub enum Value {
    /// An exact number: integer, dyadic or other rational, or ±inf.
    Number(Rational),
    /// A canonical short game that is not a number.
    Game(Game),
    Bool(bool),
    Str(Rc<str>),
    Outcome(Outcome),
    Player(Player),
    List(Rc<Vec<Value>>),
    /// Elements sorted in printing order, without duplicates.
    Set(Rc<Vec<Value>>),
    Tuple(Rc<Vec<Value>>),
    Function(Rc<Closure>),
    Thermograph(Arc<Thermograph>),
    /// A confusion interval (`ConfusionInterval`, beyond CGSuite).
    Interval(Rc<ConfusionInterval>),
    /// An uptimal expansion, `x.d1d2...`.
    Uptimal(Rc<UptimalExpansion>),
    /// A position of a ruleset, such as `Domineering("..|..")`.
    Position(Rc<dyn AnyPosition>),
    /// A ruleset, callable on a position: `Domineering`, `Kayles`,
    /// `TakeAndBreak("0.77")`.
    Ruleset(Rc<dyn AnyRuleset>),
    /// A family of rulesets, callable on its parameters: `GenClobber`,
    /// `TakeAndBreak`, `Subtraction`.
    Schema(&'static RulesetEntry),
    /// A board, strip or graph, as made by `Grid.Empty(r, c)`.
    Object(Rc<dyn Object>),
    /// The result of `CheckPeriodicity`.
    Periodicity(Periodicity),
    /// A map `{k => v, ...}`, entries in the order written.
    Map(Rc<Vec<(Value, Value)>>),
    /// A picture drawn with text (`G.Tree(2)`, `P.Board`), printed as is.
    Picture(Rc<str>),
    /// A table of values (`NimValueTable`), printed in rows.
    Table(Rc<Vec<Vec<Value>>>),
    /// A package or class name: `game`, `game.grid`, `Grid`.
    Namespace(Rc<str>),
    Nothing,
}

impl Value {
    /// A game, normalised to a number when it is one.
    pub fn game(g: Game) -> Value {
        match g.as_number() {
            Some(x) => Value::Number(Rational::from(x)),
            None => Value::Game(g),
        }
    }

    pub fn integer(n: impl Into<Integer>) -> Value {
        Value::Number(Rational::from(n.into()))
    }

    pub fn dyadic(x: Dyadic) -> Value {
        Value::Number(Rational::from(x))
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    /// A set: sorts and removes duplicates.
    pub fn set(mut items: Vec<Value>) -> Value {
        items.sort_by(value_order);
        items.dedup_by(|a, b| value_order(a, b) == Ordering::Equal);
        Value::Set(Rc::new(items))
    }

    /// The name of the value's kind, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Number(r) if r.is_integer() => "Integer",
            Value::Number(r) if r.is_dyadic() => "DyadicRational",
            Value::Number(_) => "Rational",
            Value::Game(_) => "CanonicalShortGame",
            Value::Bool(_) => "Boolean",
            Value::Str(_) => "String",
            Value::Outcome(_) => "OutcomeClass",
            Value::Player(_) => "Player",
            Value::List(_) => "List",
            Value::Set(_) => "Set",
            Value::Tuple(_) => "Tuple",
            Value::Function(_) => "Function",
            Value::Thermograph(_) => "Thermograph",
            Value::Interval(_) => "Interval",
            Value::Uptimal(_) => "UptimalExpansion",
            Value::Position(_) => "Position",
            Value::Ruleset(_) | Value::Schema(_) => "Ruleset",
            Value::Object(o) => o.class_name(),
            Value::Periodicity(_) => "Periodicity",
            Value::Table(_) => "Table",
            Value::Picture(_) => "Picture",
            Value::Map(_) => "Map",
            Value::Namespace(_) => "Package",
            Value::Nothing => "Nothing",
        }
    }

    /// The short game this value denotes, if any (dyadic numbers and games).
    pub fn as_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Position(p) => p.canonical_form().ok(),
            Value::Number(r) => r.to_dyadic().map(Game::number),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<Integer> {
        match self {
            Value::Number(r) => r.to_integer(),
            _ => None,
        }
    }
}

fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Number(_) => 0,
        Value::Game(_) => 1,
        Value::Outcome(_) => 2,
        Value::Player(_) => 3,
        Value::Bool(_) => 4,
        Value::Str(_) => 5,
        Value::Tuple(_) => 6,
        Value::List(_) => 7,
        Value::Set(_) => 8,
        Value::Function(_) => 9,
        Value::Thermograph(_) => 10,
        Value::Interval(_) => 11,
        Value::Position(_) => 12,
        Value::Ruleset(_) | Value::Schema(_) => 13,
        Value::Object(_) => 14,
        Value::Namespace(_) => 15,
        Value::Uptimal(_) => 16,
        Value::Periodicity(_) => 17,
        Value::Table(_) => 18,
        Value::Picture(_) => 18,
        Value::Map(_) => 18,
        Value::Nothing => 19,
    }
}

/// A total order on values, used to sort sets: numbers ascending, then games
/// in printing order (NOTATION 4.2), then everything else by kind.
pub fn value_order(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::Game(g), Value::Game(h)) => print_order(*g, *h),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        (Value::Outcome(x), Value::Outcome(y)) => outcome_rank(*x).cmp(&outcome_rank(*y)),
        (Value::Player(x), Value::Player(y)) => x.cmp(y),
        (Value::List(x), Value::List(y))
        | (Value::Set(x), Value::Set(y))
        | (Value::Tuple(x), Value::Tuple(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                let c = value_order(p, q);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Function(x), Value::Function(y)) => Rc::as_ptr(x).cmp(&Rc::as_ptr(y)),
        (Value::Thermograph(x), Value::Thermograph(y)) => x.to_string().cmp(&y.to_string()),
        (Value::Interval(x), Value::Interval(y)) => x.to_string().cmp(&y.to_string()),
        (Value::Position(x), Value::Position(y)) => x.display().cmp(&y.display()),
        (Value::Ruleset(_) | Value::Schema(_), Value::Ruleset(_) | Value::Schema(_))
        | (Value::Object(_), Value::Object(_))
        | (Value::Periodicity(_), Value::Periodicity(_))
        | (Value::Table(_), Value::Table(_))
        | (Value::Picture(_), Value::Picture(_))
        | (Value::Map(_), Value::Map(_)) => a.to_string().cmp(&b.to_string()),
        (Value::Namespace(x), Value::Namespace(y)) => x.cmp(y),
        (Value::Uptimal(x), Value::Uptimal(y)) => x.to_game().cmp(&y.to_game()),
        _ => kind_rank(a).cmp(&kind_rank(b)),
    }
}

fn outcome_rank(o: Outcome) -> u8 {
    match o {
        Outcome::L => 0,
        Outcome::R => 1,
        Outcome::N => 2,
        Outcome::P => 3,
    }
}

/// Structural equality of values (games by handle, numbers by value).
pub fn value_eq(a: &Value, b: &Value) -> bool {
    value_order(a, b) == Ordering::Equal
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(r) => write!(f, "{r}"),
            Value::Game(g) => write!(f, "{g}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => write!(f, "\"{s}\""),
            Value::Outcome(o) => write!(f, "{o}"),
            Value::Player(Player::Left) => f.write_str("Left"),
            Value::Player(Player::Right) => f.write_str("Right"),
            Value::List(items) => write_seq(f, "[", items, "]"),
            Value::Set(items) => write_seq(f, "{", items, "}"),
            Value::Tuple(items) => write_seq(f, "(", items, ")"),
            Value::Function(c) => write!(f, "<function of {} argument(s)>", c.params.len()),
            Value::Thermograph(t) => write!(f, "{t}"),
            Value::Interval(i) => write!(f, "{i}"),
            Value::Position(p) => f.write_str(&p.display()),
            Value::Ruleset(r) => f.write_str(&r.name()),
            Value::Schema(e) => f.write_str(e.name),
            Value::Object(o) => write!(f, "{o}"),
            Value::Periodicity(p) => write!(
                f,
                "Periodicity(Period => {}, Preperiod => {}, Saltus => {})",
                p.period, p.preperiod, p.saltus
            ),
            Value::Table(rows) => write_table(f, rows),
            Value::Picture(p) => f.write_str(p),
            Value::Map(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k} => {v}")?;
                }
                f.write_str("}")
            }
            Value::Namespace(n) => f.write_str(n),
            Value::Uptimal(u) => write!(f, "{u}"),
            Value::Nothing => f.write_str("Nothing"),
        }
    }
}

fn write_seq(f: &mut fmt::Formatter<'_>, open: &str, items: &[Value], close: &str) -> fmt::Result {
    f.write_str(open)?;
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{v}")?;
    }
    f.write_str(close)
}

/// A table as CGSuite prints one (SCRIPTING 7.11, RULESETS 4.4): columns
/// right-aligned to their widest entry, cells separated by ` | `, rows
/// separated (not followed) by a rule of `-` runs joined by `+`.
fn write_table(f: &mut fmt::Formatter<'_>, rows: &[Vec<Value>]) -> fmt::Result {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|v| v.to_string()).collect())
        .collect();
    let ncols = cells.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..ncols)
        .map(|c| {
            cells
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule: Vec<String> = widths
        .iter()
        .enumerate()
        .map(|(c, w)| {
            let pad = if c == 0 || c + 1 == ncols { 1 } else { 2 };
            "-".repeat(w + if ncols == 1 { 0 } else { pad })
        })
        .collect();
    for (i, row) in cells.iter().enumerate() {
        if i > 0 {
            writeln!(f)?;
            writeln!(f, "{}", rule.join("+"))?;
        }
        let line: Vec<String> = (0..ncols)
            .map(|c| {
                let s = row.get(c).map_or("", String::as_str);
                format!("{s:>w$}", w = widths[c])
            })
            .collect();
        f.write_str(&line.join(" | "))?;
    }
    Ok(())
}
