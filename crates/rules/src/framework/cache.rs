//! The one cache of the session's per-ruleset values: the tables that must
//! outlive the expression that made them, so that values computed for one
//! expression serve the next. The shared evaluator of a position type, the
//! nim values of a take-and-break code, the one instance of a preset
//! ruleset (`Wythoff`, `Cutcake`) and the derived data of a GenClobber rule
//! set all live here, each under a key: the value it depends on.
//!
//! The cache belongs to the thread that runs the session (values may hold
//! `Rc`s and user functions), and a value lives until it is forgotten or
//! the thread ends. Parallel evaluation borrows a value fetched here; it
//! never fetches one itself.

use super::ruleset::AnyRuleset;
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::hash::Hash;
use std::rc::Rc;

thread_local! {
    /// For each (key type, value type), a map from keys to values.
    static CACHE: RefCell<FxHashMap<TypeId, Box<dyn Any>>> = RefCell::default();
}

/// The value kept under `key`, made by `make` the first time it is asked
/// for. Values are cloned out (keep `Rc`s or `Arc`s here); `make` runs
/// without the cache borrowed, so it may use the cache itself.
pub fn kept<K, V>(key: K, make: impl FnOnce() -> V) -> V
where
    K: Eq + Hash + 'static,
    V: Clone + 'static,
{
    let found = CACHE.with(|c| {
        c.borrow()
            .get(&TypeId::of::<(K, V)>())
            .and_then(|m| m.downcast_ref::<FxHashMap<K, V>>())
            .and_then(|m| m.get(&key).cloned())
    });
    if let Some(v) = found {
        return v;
    }
    let made = make();
    // A value made meanwhile (by `make` itself) wins, so that there is one
    // value per key; the spare one is dropped once the cache is released.
    let (kept, _spare) = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let map = c
            .entry(TypeId::of::<(K, V)>())
            .or_insert_with(|| Box::new(FxHashMap::<K, V>::default()));
        match map.downcast_mut::<FxHashMap<K, V>>() {
            Some(m) => match m.get(&key) {
                Some(v) => (v.clone(), Some(made)),
                None => {
                    m.insert(key, made.clone());
                    (made, None)
                }
            },
            None => (made, None),
        }
    });
    kept
}

/// Forget every kept value (evaluators, their tables, sequences): what a
/// session does to give memory back after a computation was stopped for
/// using too much. Later requests make new values.
pub fn forget_all() {
    // The values are dropped once the cache is released.
    let _forgotten = CACHE.with(|c| std::mem::take(&mut *c.borrow_mut()));
}

/// Forget the value kept under `key` (a ruleset whose definition changed):
/// the next [`kept`] makes a new one.
pub fn forget<K, V>(key: &K)
where
    K: Eq + Hash + 'static,
    V: Clone + 'static,
{
    // The value is dropped once the cache is released.
    let _forgotten = CACHE.with(|c| {
        c.borrow_mut()
            .get_mut(&TypeId::of::<(K, V)>())
            .and_then(|m| m.downcast_mut::<FxHashMap<K, V>>())
            .and_then(|m| m.remove(key))
    });
}

/// The one instance of the parameterless ruleset `name` for the session,
/// so that its tables last from one expression to the next.
pub fn preset(name: &'static str, make: impl FnOnce() -> Rc<dyn AnyRuleset>) -> Rc<dyn AnyRuleset> {
    kept(name, make)
}
