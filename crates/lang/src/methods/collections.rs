//! Methods of collections (SCRIPTING 7.7-7.8, 7.11): lists, sets, maps,
//! their mutable forms, map entries, and tables.

use super::{arg, class_name, function_arg, i64_arg, method, static_method, MethodDef, StaticDef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::eval::expect_bool;
use crate::interp::Interp;
use crate::order::{value_eq, value_order};
use crate::value::{normalise_map, normalise_set, Value};
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

fn empty() -> EvalError {
    EvalError::of(ErrorKind::Index, "That `Collection` is empty.")
}

fn list_index(i: i64) -> EvalError {
    EvalError::of(ErrorKind::Index, format!("List index out of bounds: {i}"))
}

/// The elements of a collection, in iteration order (a map's as entries).
pub fn elements(interp: &Interp, v: &Value) -> EvalResult<Vec<Value>> {
    Ok(interp.iteration_items(v)?.into_vec())
}

/// The number of elements of a collection, without copying them.
fn size(interp: &Interp, v: &Value) -> EvalResult<usize> {
    Ok(interp.iteration_items(v)?.len())
}

/// A collection of the same kind as `like` with these elements (lists
/// and mutable lists give lists, sets give sets, maps give maps).
fn rebuild(like: &Value, items: Vec<Value>) -> Value {
    match like {
        Value::Set(_) | Value::MutableSet(_) => Value::set(items),
        Value::Map(_) | Value::MutableMap(_) => {
            let entries = items
                .into_iter()
                .filter_map(|e| match e {
                    Value::MapEntry(e) => Some((e.0.clone(), e.1.clone())),
                    _ => None,
                })
                .collect();
            Value::map(entries)
        }
        _ => Value::list(items),
    }
}

fn apply(interp: &Interp, f: &Value, args: Vec<Value>) -> EvalResult {
    interp.apply(f, args)
}

fn predicate(interp: &Interp, f: &Value, x: &Value) -> EvalResult<bool> {
    let v = apply(interp, f, vec![x.clone()])?;
    expect_bool(interp, &v)
}

/// `Max`/`Min`: the first element, replaced by each later one that is
/// strictly greater (smaller), under the order of its kind.
pub fn extreme(interp: &Interp, items: &[Value], largest: bool) -> EvalResult {
    let mut best = items.first().cloned().ok_or_else(empty)?;
    for x in &items[1..] {
        let better = if largest {
            !interp.leq(x, &best)? && interp.leq(&best, x)?
        } else {
            !interp.leq(&best, x)? && interp.leq(x, &best)?
        };
        if better {
            best = x.clone();
        }
    }
    Ok(best)
}

/// `Sum`: the elements added in order (strings concatenate).
pub fn sum(interp: &Interp, items: &[Value]) -> EvalResult {
    let mut total = items.first().cloned().ok_or_else(empty)?;
    if items
        .iter()
        .all(|x| matches!(x, Value::Number(r) if r.is_integer()))
    {
        let mut acc = Integer::zero();
        for x in items {
            if let Some(n) = x.as_integer() {
                acc = &acc + &n;
            }
        }
        return Ok(Value::integer(acc));
    }
    if items
        .iter()
        .all(|x| matches!(x, Value::Game(_) | Value::Number(_)))
        && items.iter().any(|x| matches!(x, Value::Game(_)))
    {
        let mut acc = Game::ZERO;
        for x in items {
            acc = acc + interp.to_game(x)?;
        }
        return Ok(Value::game(acc));
    }
    for x in &items[1..] {
        total = interp.binary(crate::ast::BinOp::Add, total, x.clone())?;
    }
    Ok(total)
}

/// `Mex`: the least non-negative integer not among the elements (others
/// ignored; nimbers count as their nim values).
pub fn mex(items: &[Value]) -> EvalResult {
    let mut seen: Vec<Integer> = items
        .iter()
        .filter_map(|x| match x {
            Value::Game(g) => g.as_nimber().map(Integer::from),
            other => other.as_integer(),
        })
        .filter(|n| !n.is_negative())
        .collect();
    seen.sort();
    let mut m = Integer::zero();
    for n in seen {
        if n == m {
            m = &m + &Integer::one();
        } else if n > m {
            break;
        }
    }
    Ok(Value::integer(m))
}

/// A stable merge sort with a comparison that may fail.
fn sort_with(
    items: Vec<Value>,
    cmp: &mut dyn FnMut(&Value, &Value) -> EvalResult<Ordering>,
) -> EvalResult<Vec<Value>> {
    if items.len() <= 1 {
        return Ok(items);
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let left = sort_with(left, cmp)?;
    let right = sort_with(right, cmp)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut a, mut b) = (left.into_iter().peekable(), right.into_iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => {
                if cmp(y, x)? == Ordering::Less {
                    out.extend(b.next());
                } else {
                    out.extend(a.next());
                }
            }
            (Some(_), None) => out.extend(a.by_ref()),
            (None, Some(_)) => out.extend(b.by_ref()),
            (None, None) => return Ok(out),
        }
    }
}

/// The comparison of `SortedWith`: `f(a, b)` must be an Integer, negative
/// when `a` comes first.
fn user_order<'a>(
    interp: &'a Interp,
    f: &Value,
) -> impl FnMut(&Value, &Value) -> EvalResult<Ordering> + 'a {
    let f = f.clone();
    move |a, b| {
        let r = interp.apply(&f, vec![a.clone(), b.clone()])?;
        match r.as_integer() {
            Some(n) => Ok(n.signum().cmp(&0)),
            None => Err(EvalError::expected("game.Integer", &class_name(&r))),
        }
    }
}

/// A 1-based position in a list of `len` elements.
fn position(i: i64, len: usize) -> EvalResult<usize> {
    usize::try_from(i)
        .ok()
        .filter(|&k| k >= 1 && k <= len)
        .ok_or_else(|| list_index(i))
}

fn map_entries(v: &Value) -> Vec<(Value, Value)> {
    match v {
        Value::Map(e) => e.to_vec(),
        Value::MutableMap(e) => e.borrow().clone(),
        _ => Vec::new(),
    }
}

fn entry(k: &Value, v: &Value) -> Value {
    Value::MapEntry(Rc::new((k.clone(), v.clone())))
}

fn contains(interp: &Interp, items: &[Value], x: &Value) -> EvalResult<bool> {
    for y in items {
        if interp.equals(y, x)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The methods of collections.
pub(super) static METHODS: &[MethodDef] = &[
    // Mutable collections first: their mutators.
    method!("Add", MutableList, ["x"], "Appends x.", |_, r, a| {
        if let Value::MutableList(l) = r {
            l.borrow_mut().push(arg(a, 0)?.clone());
        }
        Ok(Value::Nothing)
    }),
    method!(
        "AddAll",
        MutableList,
        ["collection"],
        "Appends every element of a collection.",
        |i, r, a| {
            let items = elements(i, arg(a, 0)?)?;
            if let Value::MutableList(l) = r {
                l.borrow_mut().extend(items);
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Remove",
        MutableList,
        ["x"],
        "Removes the first occurrence of x.",
        |_, r, a| {
            let x = arg(a, 0)?;
            if let Value::MutableList(l) = r {
                let mut l = l.borrow_mut();
                if let Some(k) = l.iter().position(|y| value_eq(y, x)) {
                    l.remove(k);
                }
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "RemoveAll",
        MutableList,
        ["collection"],
        "Removes one occurrence of each element of a collection.",
        |i, r, a| {
            let items = elements(i, arg(a, 0)?)?;
            if let Value::MutableList(l) = r {
                let mut l = l.borrow_mut();
                for x in &items {
                    if let Some(k) = l.iter().position(|y| value_eq(y, x)) {
                        l.remove(k);
                    }
                }
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "RemoveAt",
        MutableList,
        ["index"],
        "Removes and returns the element at a position.",
        |_, r, a| {
            let i = i64_arg(a, 0)?;
            match r {
                Value::MutableList(l) => {
                    let mut l = l.borrow_mut();
                    let k = position(i, l.len())?;
                    Ok(l.remove(k - 1))
                }
                _ => Ok(Value::Nothing),
            }
        }
    ),
    method!(
        "Update",
        MutableList,
        ["index", "x"],
        "Replaces the element at a position.",
        |_, r, a| {
            let i = i64_arg(a, 0)?;
            if let Value::MutableList(l) = r {
                let mut l = l.borrow_mut();
                let k = position(i, l.len())?;
                l[k - 1] = arg(a, 1)?.clone();
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Sort",
        MutableList,
        [],
        "Sorts the list in the universal order.",
        |_, r, _| {
            if let Value::MutableList(l) = r {
                l.borrow_mut().sort_by(value_order);
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "SortWith",
        MutableList,
        ["f"],
        "Sorts the list by a comparison function f(a, b) (negative: a first).",
        |i, r, a| {
            let f = function_arg(a, 0, 2)?;
            if let Value::MutableList(l) = r {
                let items = l.borrow().clone();
                let sorted = sort_with(items, &mut user_order(i, f))?;
                *l.borrow_mut() = sorted;
            }
            Ok(r.clone())
        }
    ),
    method!(
        "Clear",
        MutableList,
        [],
        "Removes every element.",
        |_, r, _| {
            if let Value::MutableList(l) = r {
                l.borrow_mut().clear();
            }
            Ok(Value::Nothing)
        }
    ),
    method!("Add", MutableSet, ["x"], "Adds x.", |_, r, a| {
        if let Value::MutableSet(s) = r {
            let mut items = s.borrow().clone();
            items.push(arg(a, 0)?.clone());
            *s.borrow_mut() = normalise_set(items);
        }
        Ok(Value::Nothing)
    }),
    method!(
        "AddAll",
        MutableSet,
        ["collection"],
        "Adds every element of a collection.",
        |i, r, a| {
            let extra = elements(i, arg(a, 0)?)?;
            if let Value::MutableSet(s) = r {
                let mut items = s.borrow().clone();
                items.extend(extra);
                *s.borrow_mut() = normalise_set(items);
            }
            Ok(Value::Nothing)
        }
    ),
    method!("Remove", MutableSet, ["x"], "Removes x.", |_, r, a| {
        let x = arg(a, 0)?;
        if let Value::MutableSet(s) = r {
            s.borrow_mut().retain(|y| !value_eq(y, x));
        }
        Ok(Value::Nothing)
    }),
    method!(
        "RemoveAll",
        MutableSet,
        ["collection"],
        "Removes every element of a collection.",
        |i, r, a| {
            let gone = elements(i, arg(a, 0)?)?;
            if let Value::MutableSet(s) = r {
                s.borrow_mut()
                    .retain(|y| !gone.iter().any(|x| value_eq(x, y)));
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Clear",
        MutableSet,
        [],
        "Removes every element.",
        |_, r, _| {
            if let Value::MutableSet(s) = r {
                s.borrow_mut().clear();
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Put",
        MutableMap,
        ["key", "value"],
        "Maps key to value.",
        |_, r, a| {
            if let Value::MutableMap(m) = r {
                let mut entries = m.borrow().clone();
                entries.push((arg(a, 0)?.clone(), arg(a, 1)?.clone()));
                *m.borrow_mut() = normalise_map(entries);
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "PutAll",
        MutableMap,
        ["map"],
        "Adds every entry of a map.",
        |_, r, a| {
            let extra = map_entries(arg(a, 0)?);
            if let Value::MutableMap(m) = r {
                let mut entries = m.borrow().clone();
                entries.extend(extra);
                *m.borrow_mut() = normalise_map(entries);
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Remove",
        MutableMap,
        ["key"],
        "Removes the entry of a key.",
        |_, r, a| {
            let k = arg(a, 0)?;
            if let Value::MutableMap(m) = r {
                m.borrow_mut().retain(|(x, _)| !value_eq(x, k));
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "RemoveAll",
        MutableMap,
        ["keys"],
        "Removes the entries of every key of a collection.",
        |i, r, a| {
            let gone = elements(i, arg(a, 0)?)?;
            if let Value::MutableMap(m) = r {
                m.borrow_mut()
                    .retain(|(y, _)| !gone.iter().any(|x| value_eq(x, y)));
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Clear",
        MutableMap,
        [],
        "Removes every entry.",
        |_, r, _| {
            if let Value::MutableMap(m) = r {
                m.borrow_mut().clear();
            }
            Ok(Value::Nothing)
        }
    ),
    // Maps.
    method!(
        "ContainsKey",
        Map,
        ["key"],
        "True if the map has an entry for the key.",
        |_, r, a| {
            let k = arg(a, 0)?;
            Ok(Value::Bool(
                map_entries(r).iter().any(|(x, _)| value_eq(x, k)),
            ))
        }
    ),
    method!("Keys", Map, [], "The keys, as a set.", |_, r, _| {
        Ok(Value::set(
            map_entries(r).into_iter().map(|(k, _)| k).collect(),
        ))
    }),
    method!("Values", Map, [], "The values, as a set.", |_, r, _| {
        Ok(Value::set(
            map_entries(r).into_iter().map(|(_, v)| v).collect(),
        ))
    }),
    method!(
        "Entries",
        Map,
        [],
        "The entries (`k => v`), as a set.",
        |_, r, _| {
            Ok(Value::set(
                map_entries(r).iter().map(|(k, v)| entry(k, v)).collect(),
            ))
        }
    ),
    method!(
        "Reversed",
        Map,
        [],
        "The map with keys and values swapped.",
        |_, r, _| {
            Ok(Value::map(
                map_entries(r).into_iter().map(|(k, v)| (v, k)).collect(),
            ))
        }
    ),
    method!(
        "Updated",
        Map,
        ["key", "value?"],
        "The map with key mapped to value, or with every entry of another map.",
        |_, r, a| {
            let mut entries = map_entries(r);
            match a {
                [m @ (Value::Map(_) | Value::MutableMap(_))] => entries.extend(map_entries(m)),
                [k, v] => entries.push((k.clone(), v.clone())),
                _ => {
                    return Err(EvalError::of(
                        ErrorKind::Call,
                        "Updated expects a key and a value, or a map",
                    ))
                }
            }
            Ok(Value::map(entries))
        }
    ),
    method!("Key", MapEntry, [], "The entry's key.", |_, r, _| match r {
        Value::MapEntry(e) => Ok(e.0.clone()),
        _ => Ok(Value::Nothing),
    }),
    method!(
        "Value",
        MapEntry,
        [],
        "The entry's value.",
        |_, r, _| match r {
            Value::MapEntry(e) => Ok(e.1.clone()),
            _ => Ok(Value::Nothing),
        }
    ),
    // Sets.
    method!(
        "Apply",
        Set,
        ["f"],
        "The set of f(x) for each element x.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            let out = elements(i, r)?
                .into_iter()
                .map(|x| apply(i, f, vec![x]))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::set(out))
        }
    ),
    method!(
        "Union",
        Set,
        ["collection"],
        "The elements of both.",
        |i, r, a| {
            let mut items = elements(i, r)?;
            items.extend(elements(i, arg(a, 0)?)?);
            Ok(Value::set(items))
        }
    ),
    method!(
        "Intersection",
        Set,
        ["set"],
        "The elements of both sets.",
        |i, r, a| {
            let other = elements(i, arg(a, 0)?)?;
            let items = elements(i, r)?
                .into_iter()
                .filter(|x| other.iter().any(|y| value_eq(x, y)))
                .collect();
            Ok(Value::set(items))
        }
    ),
    method!(
        "Replaced",
        Set,
        ["map"],
        "The set without every key of the map, with every value of the map.",
        |i, r, a| {
            let m = map_entries(arg(a, 0)?);
            let mut items: Vec<Value> = elements(i, r)?
                .into_iter()
                .filter(|x| !m.iter().any(|(k, _)| value_eq(k, x)))
                .collect();
            items.extend(m.into_iter().map(|(_, v)| v));
            Ok(Value::set(items))
        }
    ),
    // Lists.
    method!("Length", List, [], "The number of elements.", |i, r, _| Ok(
        Value::integer(size(i, r)?)
    )),
    method!(
        "IndexOf",
        List,
        ["x"],
        "The position of the first occurrence of x (0 if absent).",
        |i, r, a| {
            let x = arg(a, 0)?;
            let items = elements(i, r)?;
            for (k, y) in items.iter().enumerate() {
                if i.equals(y, x)? {
                    return Ok(Value::integer(k + 1));
                }
            }
            Ok(Value::integer(0))
        }
    ),
    method!(
        "Apply",
        List,
        ["f"],
        "The list of f(x) for each element x.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            let out = elements(i, r)?
                .into_iter()
                .map(|x| apply(i, f, vec![x]))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::list(out))
        }
    ),
    method!(
        "Distinct",
        List,
        [],
        "The first occurrence of each element, in order.",
        |i, r, _| {
            let mut out: Vec<Value> = Vec::new();
            for x in elements(i, r)? {
                if !out.iter().any(|y| value_eq(y, &x)) {
                    out.push(x);
                }
            }
            Ok(Value::list(out))
        }
    ),
    method!(
        "Grouped",
        List,
        ["n"],
        "The list cut into lists of n elements (the last may be shorter).",
        |i, r, a| {
            let n = i64_arg(a, 0)?;
            let n = usize::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                EvalError::of(
                    ErrorKind::Domain,
                    format!("Grouped: the group size must be positive, got {n}"),
                )
            })?;
            Ok(Value::list(
                elements(i, r)?
                    .chunks(n)
                    .map(|c| Value::list(c.to_vec()))
                    .collect(),
            ))
        }
    ),
    method!(
        "Sorted",
        List,
        [],
        "The elements sorted in the universal order.",
        |i, r, _| {
            let mut items = elements(i, r)?;
            items.sort_by(value_order);
            Ok(Value::list(items))
        }
    ),
    method!(
        "SortedWith",
        List,
        ["f"],
        "The elements sorted by a comparison function f(a, b) (negative: a first).",
        |i, r, a| {
            let f = function_arg(a, 0, 2)?;
            Ok(Value::list(sort_with(
                elements(i, r)?,
                &mut user_order(i, f),
            )?))
        }
    ),
    method!(
        "Sublist",
        List,
        ["first", "last"],
        "The elements from position first to last, inclusive.",
        |i, r, a| {
            let items = elements(i, r)?;
            let (first, last) = (i64_arg(a, 0)?, i64_arg(a, 1)?);
            if first > last {
                return Ok(Value::list(Vec::new()));
            }
            let (f, l) = (position(first, items.len())?, position(last, items.len())?);
            Ok(Value::list(items[f - 1..l].to_vec()))
        }
    ),
    method!("Take", List, ["n"], "The first n elements.", |i, r, a| {
        let items = elements(i, r)?;
        let n = usize::try_from(i64_arg(a, 0)?)
            .unwrap_or(0)
            .min(items.len());
        Ok(Value::list(items[..n].to_vec()))
    }),
    method!(
        "Updated",
        List,
        ["index", "x"],
        "The list with the element at a position replaced.",
        |i, r, a| {
            let mut items = elements(i, r)?;
            let k = position(i64_arg(a, 0)?, items.len())?;
            items[k - 1] = arg(a, 1)?.clone();
            Ok(Value::list(items))
        }
    ),
    method!(
        "MkOutput",
        List,
        ["separator"],
        "The elements' printed forms joined by a separator.",
        |i, r, a| {
            let sep = super::string_arg(a, 0)?;
            let parts = elements(i, r)?
                .iter()
                .map(|x| match x {
                    Value::Str(s) => Ok(s.to_string()),
                    other => crate::print::render(i, other),
                })
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Value::Output(parts.join(&sep).into()))
        }
    ),
    method!(
        "PeriodicTable",
        List,
        ["n"],
        "A table of the elements, n to a row.",
        |i, r, a| {
            let n = i64_arg(a, 0)?;
            let n = usize::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                EvalError::of(
                    ErrorKind::Domain,
                    format!("PeriodicTable: the row length must be positive, got {n}"),
                )
            })?;
            Ok(Value::Table(Rc::new(
                elements(i, r)?.chunks(n).map(<[Value]>::to_vec).collect(),
            )))
        }
    ),
    // Every collection.
    method!(
        "Size",
        Collection,
        [],
        "The number of elements.",
        |i, r, _| Ok(Value::integer(size(i, r)?))
    ),
    method!(
        "IsEmpty",
        Collection,
        [],
        "True if there are no elements.",
        |i, r, _| Ok(Value::Bool(elements(i, r)?.is_empty()))
    ),
    method!("Head", Collection, [], "The first element.", |i, r, _| {
        elements(i, r)?.first().cloned().ok_or_else(empty)
    }),
    method!(
        "Tail",
        Collection,
        [],
        "All elements but the first.",
        |i, r, _| {
            let items = elements(i, r)?;
            if items.is_empty() {
                return Err(empty());
            }
            Ok(rebuild(r, items[1..].to_vec()))
        }
    ),
    method!(
        "Contains",
        Collection,
        ["x"],
        "True if x is an element.",
        |i, r, a| { Ok(Value::Bool(contains(i, &elements(i, r)?, arg(a, 0)?)?)) }
    ),
    method!(
        "Adjoin",
        Collection,
        ["x"],
        "The collection with x added (at the end of a list).",
        |i, r, a| {
            let mut items = elements(i, r)?;
            items.push(arg(a, 0)?.clone());
            Ok(rebuild(r, items))
        }
    ),
    method!(
        "Concat",
        Collection,
        ["collection"],
        "The elements of both; the receiver's kind decides the result's.",
        |i, r, a| {
            let mut items = elements(i, r)?;
            items.extend(elements(i, arg(a, 0)?)?);
            Ok(rebuild(r, items))
        }
    ),
    method!(
        "Count",
        Collection,
        ["p"],
        "The number of elements satisfying a predicate.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            let mut n = 0usize;
            for x in elements(i, r)? {
                if predicate(i, f, &x)? {
                    n += 1;
                }
            }
            Ok(Value::integer(n))
        }
    ),
    method!(
        "Exists",
        Collection,
        ["p"],
        "True if some element satisfies a predicate.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            for x in elements(i, r)? {
                if predicate(i, f, &x)? {
                    return Ok(Value::Bool(true));
                }
            }
            Ok(Value::Bool(false))
        }
    ),
    method!(
        "ForAll",
        Collection,
        ["p"],
        "True if every element satisfies a predicate.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            for x in elements(i, r)? {
                if !predicate(i, f, &x)? {
                    return Ok(Value::Bool(false));
                }
            }
            Ok(Value::Bool(true))
        }
    ),
    method!(
        "Filter",
        Collection,
        ["p"],
        "The elements satisfying a predicate.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            let mut out = Vec::new();
            for x in elements(i, r)? {
                if predicate(i, f, &x)? {
                    out.push(x);
                }
            }
            Ok(rebuild(r, out))
        }
    ),
    method!(
        "Find",
        Collection,
        ["p"],
        "The first element satisfying a predicate, or Nothing.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            for x in elements(i, r)? {
                if predicate(i, f, &x)? {
                    return Ok(x);
                }
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "ForEach",
        Collection,
        ["f"],
        "Calls f on each element.",
        |i, r, a| {
            let f = function_arg(a, 0, 1)?;
            for x in elements(i, r)? {
                apply(i, f, vec![x])?;
            }
            Ok(Value::Nothing)
        }
    ),
    method!(
        "Flattened",
        Collection,
        [],
        "The elements, with nested collections spliced in (one level).",
        |i, r, _| {
            let mut out = Vec::new();
            for x in elements(i, r)? {
                match &x {
                    Value::List(_)
                    | Value::Set(_)
                    | Value::MutableList(_)
                    | Value::MutableSet(_) => out.extend(elements(i, &x)?),
                    _ => out.push(x),
                }
            }
            Ok(rebuild(r, out))
        }
    ),
    method!(
        "Max",
        Collection,
        [],
        "The largest element (the first, replaced by each later one strictly greater).",
        |i, r, _| { extreme(i, &elements(i, r)?, true) }
    ),
    method!(
        "Min",
        Collection,
        [],
        "The smallest element (the first, replaced by each later one strictly smaller).",
        |i, r, _| { extreme(i, &elements(i, r)?, false) }
    ),
    method!(
        "Sum",
        Collection,
        [],
        "The elements added in order (strings concatenate).",
        |i, r, _| sum(i, &elements(i, r)?)
    ),
    method!(
        "Mex",
        Collection,
        [],
        "The least non-negative integer not among the elements.",
        |i, r, _| mex(&elements(i, r)?)
    ),
    method!(
        "ToList",
        Collection,
        [],
        "The elements as a list.",
        |i, r, _| Ok(Value::list(elements(i, r)?))
    ),
    method!(
        "ToSet",
        Collection,
        [],
        "The elements as a set.",
        |i, r, _| Ok(Value::set(elements(i, r)?))
    ),
];

/// The static members of the collection classes.
pub(super) static STATICS: &[StaticDef] = &[
    static_method!(MutableList."Eval", ["collection?"], "A new mutable list (of a collection's elements).", |i, a| {
        let items = match a.first() {
            Some(c) => elements(i, c)?,
            None => Vec::new(),
        };
        Ok(Value::MutableList(Rc::new(RefCell::new(items))))
    }),
    static_method!(MutableSet."Eval", ["collection?"], "A new mutable set (of a collection's elements).", |i, a| {
        let items = match a.first() {
            Some(c) => elements(i, c)?,
            None => Vec::new(),
        };
        Ok(Value::MutableSet(Rc::new(RefCell::new(normalise_set(items)))))
    }),
    static_method!(MutableMap."Eval", ["map?"], "A new mutable map (of a map's entries).", |_, a| {
        let entries = a.first().map(map_entries).unwrap_or_default();
        Ok(Value::MutableMap(Rc::new(RefCell::new(normalise_map(entries)))))
    }),
    static_method!(Table."Eval", ["rows"], "A table: each row a list of values.", |i, a| {
        let rows = elements(i, arg(a, 0)?)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            match &row {
                Value::List(items) => out.push(items.to_vec()),
                Value::MutableList(items) => out.push(items.borrow().clone()),
                _ => {
                    return Err(EvalError::of(
                        ErrorKind::TypeMismatch,
                        "The rows of a `Table` must all have type `cgsuite.lang.List`.",
                    ))
                }
            }
        }
        Ok(Value::Table(Rc::new(out)))
    }),
];

#[allow(dead_code)]
fn zero() -> Rational {
    Rational::zero()
}
