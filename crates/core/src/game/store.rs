//! The canonical short-game store: hash-consed canonical forms with `u32`
//! handles.
//!
//! Layout (DESIGN.md, "The core store"):
//! - nodes live in a segmented, append-only arena: segment 0 holds ids
//!   `0..1024`, segment k >= 1 holds ids `2^(k+9)..2^(k+10)`. Segments are
//!   allocated once and never freed or moved, so a node, once written, can
//!   be read without a lock for the rest of the process;
//! - option lists are carved out of large leaked chunks of `Game` (a bump
//!   allocator), so there is no `Vec` per node and slices are `'static`;
//! - interning maps are sharded by hash, each shard behind its own mutex, so
//!   that several threads can build games at once.
//!
//! Publication: a node is written completely before its id is inserted in
//! the interning map (under the shard lock), and every id a thread can see
//! comes from such a map or from the options of a node it has already read,
//! so reads of published nodes never race with their initialisation.

use super::nus::Nus;
use super::Game;
use crate::number::{Dyadic, Integer};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::cell::UnsafeCell;
use std::hash::{Hash, Hasher};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// One canonical game.
pub(crate) struct Node {
    pub kind: NodeKind,
    /// The canonical options, set at construction for compound games and on
    /// first use for nus values.
    options: OnceLock<(&'static [Game], &'static [Game])>,
    /// The id of the negative, or `NO_ID` until first computed.
    neg: AtomicU32,
}

pub(crate) enum NodeKind {
    /// A number + up-multiple + nimber, kept compactly.
    Nus(Nus),
    /// Any other canonical game, with its birthday and its Left and Right
    /// stops (kept here because comparisons consult them first).
    Compound {
        birthday: Integer,
        stops: Box<(Dyadic, Dyadic)>,
    },
}

const NO_ID: u32 = u32::MAX;

impl Node {
    pub fn nus(&self) -> Option<&Nus> {
        match &self.kind {
            NodeKind::Nus(n) => Some(n),
            NodeKind::Compound { .. } => None,
        }
    }

    pub fn options(&self) -> (&'static [Game], &'static [Game]) {
        *self.options.get_or_init(|| match &self.kind {
            NodeKind::Nus(n) => {
                let (l, r) = n.options();
                let st = store();
                let l: Vec<Game> = l.into_iter().map(|x| st.intern_nus(x)).collect();
                let r: Vec<Game> = r.into_iter().map(|x| st.intern_nus(x)).collect();
                (st.alloc_slice(&l), st.alloc_slice(&r))
            }
            // Compound nodes are created with their options set.
            NodeKind::Compound { .. } => (&[], &[]),
        })
    }

    pub fn cached_neg(&self) -> Option<Game> {
        match self.neg.load(Ordering::Acquire) {
            NO_ID => None,
            id => Some(Game(id)),
        }
    }

    pub fn set_neg(&self, g: Game) {
        self.neg.store(g.0, Ordering::Release);
    }
}

const SEGMENTS: usize = 23;
const SEG0_BITS: u32 = 10;
const SHARDS: usize = 64;
const CHUNK: usize = 1 << 16;

type Slot = UnsafeCell<MaybeUninit<Node>>;

/// An interning shard for compound games: (hash, id) pairs.
type CompoundShard = HashTable<(u64, u32)>;

/// The global store of canonical games.
pub(crate) struct Store {
    segments: [AtomicPtr<Slot>; SEGMENTS],
    next_id: AtomicU32,
    nus_shards: Box<[Mutex<FxHashMap<Nus, u32>>]>,
    compound_shards: Box<[Mutex<CompoundShard>]>,
    slices: Mutex<SliceChunk>,
    pub add_cache: ShardedCache<Game>,
    pub leq_cache: ShardedCache<bool>,
}

// SAFETY: slots are written exactly once, by the thread that allocated the
// id, before the id is published through a mutex-protected map; afterwards
// they are only read. Everything else is behind mutexes or atomics.
unsafe impl Sync for Store {}
unsafe impl Send for Store {}

struct SliceChunk {
    ptr: *mut Game,
    used: usize,
    cap: usize,
}

// SAFETY: the chunk pointer is only dereferenced under the mutex that owns it.
unsafe impl Send for SliceChunk {}

static STORE: OnceLock<Store> = OnceLock::new();

/// The process-wide store.
pub(crate) fn store() -> &'static Store {
    STORE.get_or_init(|| {
        let st = Store::new();
        // Zero is always id 0.
        let zero = st.intern_nus(Nus::number(crate::number::Dyadic::zero()));
        debug_assert_eq!(zero, Game::ZERO);
        st
    })
}

/// Segment and offset of an id.
fn locate(id: u32) -> (usize, usize) {
    if id < (1 << SEG0_BITS) {
        (0, id as usize)
    } else {
        let bits = 32 - id.leading_zeros();
        let seg = (bits - SEG0_BITS) as usize;
        (seg, (id - (1 << (bits - 1))) as usize)
    }
}

fn segment_len(seg: usize) -> usize {
    if seg == 0 {
        1 << SEG0_BITS
    } else {
        1 << (seg as u32 + SEG0_BITS - 1)
    }
}

fn hash_of<T: Hash>(t: &T) -> u64 {
    let mut h = FxHasher::default();
    t.hash(&mut h);
    h.finish()
}

fn shard_of(hash: u64) -> usize {
    (hash >> 58) as usize % SHARDS
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a shard lock cannot leave a shard inconsistent
    // (inserts are single operations), so a poisoned lock is still usable.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    fn new() -> Store {
        Store {
            segments: std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut())),
            next_id: AtomicU32::new(0),
            nus_shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            compound_shards: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
            slices: Mutex::new(SliceChunk {
                ptr: std::ptr::null_mut(),
                used: 0,
                cap: 0,
            }),
            add_cache: ShardedCache::new(),
            leq_cache: ShardedCache::new(),
        }
    }

    /// The node of a published id.
    #[inline]
    pub fn node(&self, g: Game) -> &'static Node {
        let (seg, off) = locate(g.0);
        let base = self.segments[seg].load(Ordering::Acquire);
        debug_assert!(!base.is_null());
        // SAFETY: `g` was published, so its segment exists and its slot was
        // initialised before publication; slots are never moved or freed,
        // and the store itself is a never-dropped static.
        unsafe {
            let slot: &'static Slot = &*base.add(off);
            (*slot.get()).assume_init_ref()
        }
    }

    /// Number of games in the store.
    pub fn len(&self) -> usize {
        self.next_id.load(Ordering::Relaxed) as usize
    }

    fn segment(&self, seg: usize) -> *mut Slot {
        let p = self.segments[seg].load(Ordering::Acquire);
        if !p.is_null() {
            return p;
        }
        let len = segment_len(seg);
        let fresh: Box<[Slot]> = (0..len)
            .map(|_| UnsafeCell::new(MaybeUninit::uninit()))
            .collect();
        let fresh = Box::into_raw(fresh) as *mut Slot;
        match self.segments[seg].compare_exchange(
            std::ptr::null_mut(),
            fresh,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => fresh,
            Err(existing) => {
                // SAFETY: `fresh` was never shared; rebuild the box to free it.
                unsafe {
                    drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
                        fresh, len,
                    )))
                };
                existing
            }
        }
    }

    /// Write a new node and return its (not yet published) id.
    fn push(&self, node: Node) -> Game {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        assert!(id != NO_ID, "the game store is full (2^32 - 1 games)");
        let (seg, off) = locate(id);
        let base = self.segment(seg);
        // SAFETY: `id` is unique to this call, so no one else touches the
        // slot; it is within the segment by construction of `locate`.
        unsafe { (*(*base.add(off)).get()).write(node) };
        Game(id)
    }

    /// Copy `games` into the option arena.
    pub fn alloc_slice(&self, games: &[Game]) -> &'static [Game] {
        if games.is_empty() {
            return &[];
        }
        let mut chunk = lock(&self.slices);
        if chunk.cap - chunk.used < games.len() {
            let cap = CHUNK.max(games.len());
            let fresh: Box<[MaybeUninit<Game>]> = Box::new_uninit_slice(cap);
            chunk.ptr = Box::into_raw(fresh) as *mut Game;
            chunk.used = 0;
            chunk.cap = cap;
        }
        // SAFETY: the chunk has room for `games.len()` more elements from
        // `used`; chunks are leaked, so the slice lives for 'static, and the
        // region handed out is never written again.
        unsafe {
            let dst = chunk.ptr.add(chunk.used);
            std::ptr::copy_nonoverlapping(games.as_ptr(), dst, games.len());
            chunk.used += games.len();
            std::slice::from_raw_parts(dst, games.len())
        }
    }

    /// The handle of a nus value, interning it if new.
    pub fn intern_nus(&self, value: Nus) -> Game {
        let hash = hash_of(&value);
        let mut shard = lock(&self.nus_shards[shard_of(hash)]);
        if let Some(&id) = shard.get(&value) {
            return Game(id);
        }
        let g = self.push(Node {
            kind: NodeKind::Nus(value.clone()),
            options: OnceLock::new(),
            neg: AtomicU32::new(NO_ID),
        });
        shard.insert(value, g.0);
        g
    }

    /// The handle of the compound canonical game with exactly these options
    /// (each list sorted by id, without duplicates), interning it if new.
    /// The caller guarantees the options form a canonical form that is not
    /// a nus value.
    pub fn intern_compound(&self, left: &[Game], right: &[Game]) -> Game {
        let hash = hash_of(&(left, right));
        let mut shard = lock(&self.compound_shards[shard_of(hash)]);
        let found = shard.find(hash, |&(h, id)| {
            h == hash && {
                let (l, r) = self.node(Game(id)).options();
                l == left && r == right
            }
        });
        if let Some(&(_, id)) = found {
            return Game(id);
        }
        let birthday = left
            .iter()
            .chain(right)
            .map(|&g| g.birthday())
            .max()
            .map_or_else(Integer::zero, |b| &b + &Integer::one());
        // A compound game has options on both sides and is not a number, so
        // LS = max RS(G^L) and RS = min LS(G^R).
        let left_stop = left.iter().map(|&g| g.stops().1).max().unwrap_or_default();
        let right_stop = right.iter().map(|&g| g.stops().0).min().unwrap_or_default();
        let stops = Box::new((left_stop, right_stop));
        let options = OnceLock::new();
        let _ = options.set((self.alloc_slice(left), self.alloc_slice(right)));
        let g = self.push(Node {
            kind: NodeKind::Compound { birthday, stops },
            options,
            neg: AtomicU32::new(NO_ID),
        });
        shard.insert_unique(hash, (hash, g.0), |&(h, _)| h);
        g
    }
}

/// A cache keyed by an ordered pair of games, sharded for concurrency.
pub(crate) struct ShardedCache<V> {
    shards: Box<[Mutex<FxHashMap<u64, V>>]>,
}

impl<V: Copy> ShardedCache<V> {
    pub fn new() -> Self {
        ShardedCache {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
        }
    }

    fn key(a: Game, b: Game) -> u64 {
        ((a.0 as u64) << 32) | b.0 as u64
    }

    fn shard(&self, key: u64) -> &Mutex<FxHashMap<u64, V>> {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.shards[shard_of(h)]
    }

    pub fn get(&self, a: Game, b: Game) -> Option<V> {
        let k = Self::key(a, b);
        lock(self.shard(k)).get(&k).copied()
    }

    pub fn insert(&self, a: Game, b: Game, v: V) {
        let k = Self::key(a, b);
        lock(self.shard(k)).insert(k, v);
    }
}

/// A memo table from games to a derived property, sharded for concurrency.
pub(crate) struct GameMap<V> {
    shards: Box<[Mutex<FxHashMap<u32, V>>]>,
}

impl<V: Clone> GameMap<V> {
    pub fn new() -> Self {
        GameMap {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
        }
    }

    fn shard(&self, g: Game) -> &Mutex<FxHashMap<u32, V>> {
        let h = (g.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.shards[shard_of(h)]
    }

    pub fn get(&self, g: Game) -> Option<V> {
        lock(self.shard(g)).get(&g.0).cloned()
    }

    pub fn insert(&self, g: Game, v: V) {
        lock(self.shard(g)).insert(g.0, v);
    }

    /// The cached value, or `compute(g)` stored for next time. The lock is
    /// not held while computing, so `compute` may recurse.
    pub fn get_or_compute(&self, g: Game, compute: impl FnOnce() -> V) -> V {
        if let Some(v) = self.get(g) {
            return v;
        }
        let v = compute();
        self.insert(g, v.clone());
        v
    }
}
