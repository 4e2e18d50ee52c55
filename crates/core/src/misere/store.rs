//! The store of misère canonical forms (MISERE 3.1): only even games are
//! kept; each is written once, leaked, and never moved, so a handle can be
//! read for the rest of the process. Option lists are interned in one map
//! under one lock, which also serialises the creation of new games, so two
//! threads can never create the same game twice (equal forms, equal ids).
//!
//! Memo tables (sums, mates, genera, 2-partitions, the canonical order,
//! distinguishers) are `ShardedMap`s keyed by everything their result
//! depends on: results never depend on the order of earlier calls.

use super::genus::Genus;
use super::{Misere, Phylum};
use crate::sharded::ShardedMap;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// One stored even canonical game.
pub(crate) struct EvenNode {
    /// Canonical options, ascending by the canonical order (MISERE 3.2).
    pub options: Box<[Misere]>,
    /// Birthday b.
    pub birthday: u32,
    /// g⁺.
    pub gplus: u32,
    /// g⁻.
    pub gminus: u32,
    /// Phylum (MISERE 5.1).
    pub phylum: Phylum,
    /// The options of this game + `*`, listed on first use.
    odd: OnceLock<Box<[Misere]>>,
}

impl EvenNode {
    /// The sorted options of `even + *` (MISERE 1): {0} for even = 0, else
    /// {E} ∪ {E′ + `*`}.
    pub fn odd_options(&'static self, even: Misere) -> &'static [Misere] {
        self.odd.get_or_init(|| {
            let mut v: Vec<Misere> = Vec::with_capacity(self.options.len() + 1);
            v.push(even);
            v.extend(self.options.iter().map(|o| o.plus_star()));
            super::order::sort(&mut v);
            v.into_boxed_slice()
        })
    }
}

/// The store and its memo tables.
pub(crate) struct Store {
    nodes: RwLock<Vec<&'static EvenNode>>,
    interned: Mutex<FxHashMap<Box<[Misere]>, u32>>,
    pub order: ShardedMap<(u32, u32), Ordering>,
    pub sums: ShardedMap<(u32, u32), Misere>,
    pub mates: ShardedMap<Misere, Misere>,
    pub genera: ShardedMap<Misere, Arc<Genus>>,
    pub partitions: ShardedMap<u32, Arc<[(Misere, Misere)]>>,
    pub distinguishers: ShardedMap<(Misere, Misere), Misere>,
}

static STORE: OnceLock<Store> = OnceLock::new();

/// The process-wide store; 0 is id 0.
pub(crate) fn store() -> &'static Store {
    STORE.get_or_init(|| {
        let zero: &'static EvenNode = Box::leak(Box::new(EvenNode {
            options: Box::new([]),
            birthday: 0,
            gplus: 0,
            gminus: 1,
            phylum: Phylum::NimHeap,
            odd: OnceLock::new(),
        }));
        let mut interned = FxHashMap::default();
        interned.insert(Box::<[Misere]>::from([]), 0);
        Store {
            nodes: RwLock::new(vec![zero]),
            interned: Mutex::new(interned),
            order: ShardedMap::new(),
            sums: ShardedMap::new(),
            mates: ShardedMap::new(),
            genera: ShardedMap::new(),
            partitions: ShardedMap::new(),
            distinguishers: ShardedMap::new(),
        }
    })
}

/// The node of a stored even id.
pub(crate) fn node(id: u32) -> &'static EvenNode {
    let nodes = store().nodes.read().unwrap_or_else(|e| e.into_inner());
    match nodes.get(id as usize) {
        Some(n) => n,
        None => unpublished(id),
    }
}

/// The number of even games stored so far.
pub fn stored_count() -> usize {
    store()
        .nodes
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .len()
}

/// The stored even game with exactly these (sorted, distinct) options.
pub(crate) fn lookup(options: &[Misere]) -> Option<Misere> {
    let map = store().interned.lock().unwrap_or_else(|e| e.into_inner());
    map.get(options).map(|&id| Misere::from_parts(id, false))
}

/// The even game with these options (sorted, distinct, already known to
/// be canonical and even), created with the given values if new.
pub(crate) fn intern(
    options: Vec<Misere>,
    make: impl FnOnce(&[Misere]) -> (u32, u32, u32, Phylum),
) -> Misere {
    let st = store();
    let mut map = st.interned.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&id) = map.get(options.as_slice()) {
        return Misere::from_parts(id, false);
    }
    let (birthday, gplus, gminus, phylum) = make(&options);
    let options: Box<[Misere]> = options.into_boxed_slice();
    let node: &'static EvenNode = Box::leak(Box::new(EvenNode {
        options: options.clone(),
        birthday,
        gplus,
        gminus,
        phylum,
        odd: OnceLock::new(),
    }));
    let mut nodes = st.nodes.write().unwrap_or_else(|e| e.into_inner());
    let id = nodes.len();
    if id >= (1usize << 31) {
        crate::interrupt::refuse("the misère game store is full (2^31 games)".to_string());
    }
    nodes.push(node);
    drop(nodes);
    map.insert(options, id as u32);
    Misere::from_parts(id as u32, false)
}

/// An id that was never stored: a broken invariant, never input.
#[cold]
fn unpublished(id: u32) -> ! {
    panic!("misère game {id} was read before it was stored")
}
