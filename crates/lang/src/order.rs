//! The universal order, structural equality and hashing of values
//! (SCRIPTING 4.11): what sets, map keys, `Sorted` and the transposition
//! tables of user-defined games rest on.
//!
//! The order is total: `Nothing`, then numbers and games in their printing
//! order (NOTATION 4.2), then the other kinds of values (Booleans, strings,
//! lists...), instances of classes grouped by qualified class name and
//! compared field by field. Two values are structurally equal exactly when
//! the order says `Equal`, and [`hash_value`] agrees with that equality
//! (set and map hashes are order-independent because sets and maps are
//! kept sorted).

use crate::value::{List, Value};
use onag_core::game::print_order;
use onag_core::loopy::OutcomeClass;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The rank of a value's kind in the universal order.
fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Nothing => 0,
        Value::Number(_) | Value::Surreal(_) => 1,
        Value::Game(_) => 2,
        Value::Loopy(_) => 3,
        Value::Transfinite(_) => 4,
        Value::Outcome(_) => 5,
        Value::Player(_) => 6,
        Value::Bool(_) => 7,
        Value::Str(_) => 8,
        Value::Coordinates(..) => 9,
        Value::List(_) => 10,
        Value::Set(_) => 11,
        Value::Map(_) => 12,
        Value::MapEntry(_) => 13,
        Value::MutableList(_) => 14,
        Value::MutableSet(_) => 15,
        Value::MutableMap(_) => 16,
        Value::Grid(_) => 17,
        Value::Strip(_) => 18,
        Value::Object(_) => 19,
        Value::Position(_) => 20,
        Value::Instance(_) => 21,
        Value::Class(_) => 22,
        Value::Function(_) => 23,
        Value::Thermograph(_) => 24,
        Value::Interval(_) => 25,
        Value::Uptimal(_) => 26,
        Value::Periodicity(_) => 27,
        Value::Table(_) => 28,
        Value::Picture(_) => 29,
        Value::Output(_) => 30,
        Value::Ruleset(_) | Value::Schema(_) => 31,
        Value::Package(_) => 32,
        Value::Script(_) => 33,
        Value::Vertex(_) => 34,
        Value::Edge(_) => 35,
        Value::Explicit(_) => 36,
        Value::Misere(_) => 37,
        Value::MisereQuotient(_) => 38,
    }
}

fn outcome_rank(o: OutcomeClass) -> u8 {
    match o {
        OutcomeClass::L => 0,
        OutcomeClass::R => 1,
        OutcomeClass::N => 2,
        OutcomeClass::P => 3,
        OutcomeClass::D => 4,
        OutcomeClass::NHat => 5,
        OutcomeClass::PHat => 6,
        OutcomeClass::NCheck => 7,
        OutcomeClass::PCheck => 8,
    }
}

fn seq_order(x: &[Value], y: &[Value]) -> Ordering {
    for (p, q) in x.iter().zip(y.iter()) {
        let c = value_order(p, q);
        if c != Ordering::Equal {
            return c;
        }
    }
    x.len().cmp(&y.len())
}

/// Lists in the order of [`seq_order`]; packed lists of integers are
/// compared cell by cell (integers order by value), never boxed.
fn list_order(x: &List, y: &List) -> Ordering {
    if let (Some(p), Some(q)) = (x.as_packed(), y.as_packed()) {
        return p.iter().cmp(q.iter());
    }
    if x.as_packed().is_some() || y.as_packed().is_some() {
        for (p, q) in x.iter().zip(y.iter()) {
            let c = value_order(&p, &q);
            if c != Ordering::Equal {
                return c;
            }
        }
        return x.len().cmp(&y.len());
    }
    seq_order(x, y)
}

fn entries_order(x: &[(Value, Value)], y: &[(Value, Value)]) -> Ordering {
    for ((k1, v1), (k2, v2)) in x.iter().zip(y.iter()) {
        let c = value_order(k1, k2).then_with(|| value_order(v1, v2));
        if c != Ordering::Equal {
            return c;
        }
    }
    x.len().cmp(&y.len())
}

/// The universal order on values (total).
pub fn value_order(a: &Value, b: &Value) -> Ordering {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || order(a, b))
}

fn order(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Nothing, Value::Nothing) => Ordering::Equal,
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        // Numbers of the surreal field, by value (SURREAL 3.4).
        (Value::Surreal(_), Value::Number(_) | Value::Surreal(_))
        | (Value::Number(_), Value::Surreal(_)) => a.as_surreal().cmp(&b.as_surreal()),
        (Value::Transfinite(x), Value::Transfinite(y)) => x.value().cmp(y.value()),
        (Value::Game(g), Value::Game(h)) => print_order(*g, *h),
        (Value::Loopy(x), Value::Loopy(y)) => onag_core::loopy::value_order(x, y),
        (Value::Explicit(x), Value::Explicit(y)) => x.order(y),
        // Misère games in the canonical order (MISERE 3.2).
        (Value::Misere(x), Value::Misere(y)) => onag_core::misere::order::compare(*x, *y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => utf16_order(x, y),
        (Value::Outcome(x), Value::Outcome(y)) => outcome_rank(*x).cmp(&outcome_rank(*y)),
        (Value::Player(x), Value::Player(y)) => x.cmp(y),
        (Value::Coordinates(a, b), Value::Coordinates(c, d)) => (a, b).cmp(&(c, d)),
        (Value::List(x), Value::List(y)) => list_order(x, y),
        (Value::Set(x), Value::Set(y)) => seq_order(x, y),
        (Value::Map(x), Value::Map(y)) => entries_order(x, y),
        (Value::MapEntry(x), Value::MapEntry(y)) => {
            value_order(&x.0, &y.0).then_with(|| value_order(&x.1, &y.1))
        }
        (Value::MutableList(x), Value::MutableList(y))
        | (Value::MutableSet(x), Value::MutableSet(y)) => {
            if Rc::ptr_eq(x, y) {
                return Ordering::Equal;
            }
            seq_order(&x.borrow(), &y.borrow())
        }
        (Value::MutableMap(x), Value::MutableMap(y)) => {
            if Rc::ptr_eq(x, y) {
                return Ordering::Equal;
            }
            entries_order(&x.borrow(), &y.borrow())
        }
        (Value::Grid(x), Value::Grid(y)) => x.cmp(y),
        (Value::Strip(x), Value::Strip(y)) => x.cmp(y),
        (Value::Object(x), Value::Object(y)) => x.to_string().cmp(&y.to_string()),
        (Value::Position(x), Value::Position(y)) => x.display().cmp(&y.display()),
        (Value::Instance(x), Value::Instance(y)) => crate::classes::instance_order(x, y),
        (Value::Class(x), Value::Class(y)) => x
            .class
            .qualified
            .cmp(&y.class.qualified)
            .then_with(|| option_order(&x.enclosing, &y.enclosing)),
        (Value::Function(x), Value::Function(y)) => Rc::as_ptr(x).cmp(&Rc::as_ptr(y)),
        (Value::Uptimal(x), Value::Uptimal(y)) => x.to_game().cmp(&y.to_game()),
        (Value::Package(x), Value::Package(y)) => x.cmp(y),
        (Value::Table(x), Value::Table(y)) => {
            for (r, s) in x.iter().zip(y.iter()) {
                let c = seq_order(r, s);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Script(x), Value::Script(y)) => x.qualified.cmp(&y.qualified),
        (Value::Vertex(x), Value::Vertex(y)) | (Value::Edge(x), Value::Edge(y)) => {
            x.1.cmp(&y.1)
                .then_with(|| x.0.to_string().cmp(&y.0.to_string()))
        }
        (Value::Thermograph(_), Value::Thermograph(_))
        | (Value::Interval(_), Value::Interval(_))
        | (Value::Periodicity(_), Value::Periodicity(_))
        | (Value::MisereQuotient(_), Value::MisereQuotient(_))
        | (Value::Picture(_), Value::Picture(_))
        | (Value::Output(_), Value::Output(_))
        | (Value::Ruleset(_) | Value::Schema(_), Value::Ruleset(_) | Value::Schema(_)) => {
            a.to_string().cmp(&b.to_string())
        }
        _ => kind_rank(a).cmp(&kind_rank(b)),
    }
}

/// Optional values, `None` first.
pub fn option_order(a: &Option<Value>, b: &Option<Value>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => value_order(x, y),
    }
}

/// Strings compare by UTF-16 code unit, as Java does (for ASCII, byte
/// order).
fn utf16_order(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Structural equality: numbers and games by value, strings by content,
/// collections element-wise, instances field-wise (SCRIPTING 4.11).
pub fn value_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        // Kinds whose derived equality is exactly the order's `Equal`
        // (numbers are kept in lowest terms, grids and strips compare
        // cell by cell), decided without ordering.
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Player(x), Value::Player(y)) => x == y,
        (Value::Coordinates(r1, c1), Value::Coordinates(r2, c2)) => r1 == r2 && c1 == c2,
        (Value::Grid(x), Value::Grid(y)) => Rc::ptr_eq(x, y) || x == y,
        (Value::Strip(x), Value::Strip(y)) => Rc::ptr_eq(x, y) || x == y,
        (Value::Instance(x), Value::Instance(y)) => {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || crate::classes::instance_eq(x, y))
        }
        _ => value_order(a, b) == Ordering::Equal,
    }
}

/// A hash consistent with [`value_eq`].
pub fn hash_value<H: Hasher>(v: &Value, state: &mut H) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || hash_inner(v, state))
}

fn hash_inner<H: Hasher>(v: &Value, state: &mut H) {
    kind_rank(v).hash(state);
    match v {
        Value::Nothing => {}
        Value::Number(r) => r.hash(state),
        Value::Surreal(x) => x.hash(state),
        Value::Transfinite(x) => x.hash(state),
        Value::Game(g) => g.hash(state),
        Value::Loopy(x) => x.hash(state),
        Value::Explicit(x) => x.hash_into(state),
        Value::Bool(b) => b.hash(state),
        Value::Str(s) => s.hash(state),
        Value::Outcome(o) => outcome_rank(*o).hash(state),
        Value::Player(p) => p.hash(state),
        Value::Coordinates(r, c) => (r, c).hash(state),
        Value::List(items) => {
            items.len().hash(state);
            for x in items.iter() {
                hash_value(&x, state);
            }
        }
        Value::Set(items) => {
            items.len().hash(state);
            for x in items.iter() {
                hash_value(x, state);
            }
        }
        Value::Map(entries) => {
            entries.len().hash(state);
            for (k, x) in entries.iter() {
                hash_value(k, state);
                hash_value(x, state);
            }
        }
        Value::MapEntry(e) => {
            hash_value(&e.0, state);
            hash_value(&e.1, state);
        }
        Value::MutableList(items) | Value::MutableSet(items) => {
            for x in items.borrow().iter() {
                hash_value(x, state);
            }
        }
        Value::MutableMap(entries) => {
            for (k, x) in entries.borrow().iter() {
                hash_value(k, state);
                hash_value(x, state);
            }
        }
        Value::Grid(g) => g.hash(state),
        Value::Strip(s) => s.hash(state),
        Value::Instance(i) => crate::classes::instance_hash(i).hash(state),
        Value::Class(c) => c.class.qualified.hash(state),
        Value::Position(p) => p.display().hash(state),
        Value::Package(p) => p.hash(state),
        Value::Function(f) => (Rc::as_ptr(f) as *const u8 as usize).hash(state),
        Value::Uptimal(u) => u.to_game().hash(state),
        Value::Script(s) => s.qualified.hash(state),
        Value::Vertex(x) | Value::Edge(x) => x.1.hash(state),
        Value::Misere(g) => g.hash(state),
        Value::Object(_)
        | Value::Thermograph(_)
        | Value::Interval(_)
        | Value::Periodicity(_)
        | Value::MisereQuotient(_)
        | Value::Table(_)
        | Value::Picture(_)
        | Value::Output(_)
        | Value::Ruleset(_)
        | Value::Schema(_) => v.to_string().hash(state),
    }
}

/// A value usable as a key of a hash map, compared structurally.
#[derive(Clone, Debug)]
pub struct Key(pub Value);

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        value_eq(&self.0, &other.0)
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(&self.0, state);
    }
}
