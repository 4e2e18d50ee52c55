//! The canonical short-game store: hash-consed canonical forms with `u32`
//! handles.
//!
//! Layout (docs/DESIGN.md, "The core store"):
//! - nodes live in an append-only arena of segments: segment 0 holds ids
//!   `0..1024`, segment k in 1..=8 holds ids `2^(k+9)..2^(k+10)`, and every
//!   later segment holds 2^18 ids (a slot is 104 bytes and a head 24:
//!   34 MB a segment; the table of segments has 16,392 entries to
//!   initialise at start-up,
//!   and a store never holds more than twice its nodes' slots before it
//!   reaches 2^18 nodes). A segment is allocated when its first id is, and
//!   never freed or moved, so a node, once written, can be read without a
//!   lock for the rest of the process. Its slots are written whole when it
//!   is allocated, a step of up to 34 MB, so while the last quarter of a
//!   segment fills, the store tells the memory budget the size of the next
//!   one (`memory::expect_growth`) and the caches make room for it;
//! - every slot is a `OnceLock`: written once, by the thread that allocated
//!   its id, before the id is published through an interning map (under
//!   the shard lock); every id a thread can see comes from such a map or
//!   from the options of a node it has already read, so a published slot
//!   is always initialised;
//! - beside its slots a segment keeps each node's [`Head`]: its stops
//!   times 2^32 and its kind, 24 bytes a game, written (before the slot)
//!   by the same thread and published the same way. Comparisons read the
//!   heads first: a slot is two cache lines of its segment (its `OnceLock`
//!   state and its node), where four heads share one line, and in a search
//!   the first reads of the options' nodes wait on memory;
//! - option lists are carved out of large leaked chunks of `Game` (a bump
//!   allocator), so there is no `Vec` per node and slices are `'static`;
//! - interning maps are sharded by hash, each shard behind its own mutex, so
//!   that several threads can build games at once.
//!
//! The store is written in safe Rust: the segments and slots are
//! `OnceLock`s, and the option chunks are leaked boxes split as they are
//! handed out.

use super::nus::Nus;
use super::Game;
use crate::number::{Dyadic, Integer, Prepared};
use crate::sharded::{hash_of, shard_index, ShardLock, ShardedMap, SHARDS};
use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use std::mem::size_of;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU8, Ordering};
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
    Compound { birthday: Integer, stops: Stops },
}

/// The Left and Right stops of a compound game: inline as values times
/// 2^32 when both fit an `i64` exactly (nearly always), boxed otherwise, so
/// that most nodes need no allocation of their own for them and a
/// comparison reads them from the node itself.
pub(crate) enum Stops {
    /// Both stops times 2^32.
    Scaled(i64, i64),
    /// Stops without that form.
    Exact(Box<(Dyadic, Dyadic)>),
}

impl Stops {
    /// The stops `left` and `right`, inline when they fit.
    fn new(left: Prepared, right: Prepared) -> Stops {
        match (left.scaled32(), right.scaled32()) {
            (Some(l), Some(r)) => Stops::Scaled(l, r),
            _ => Stops::Exact(Box::new((left.to_dyadic(), right.to_dyadic()))),
        }
    }

    /// Both stops, ready for comparisons.
    #[inline(always)]
    pub fn prepared(&self) -> (Prepared<'_>, Prepared<'_>) {
        match self {
            Stops::Scaled(l, r) => (Prepared::from_scaled32(*l), Prepared::from_scaled32(*r)),
            Stops::Exact(b) => (Prepared::new(&b.0), Prepared::new(&b.1)),
        }
    }

    /// Both stops as dyadics.
    pub fn values(&self) -> (Dyadic, Dyadic) {
        let (l, r) = self.prepared();
        (l.to_dyadic(), r.to_dyadic())
    }
}

const NO_ID: u32 = u32::MAX;

/// The most options of a nimber `x + *n` the store lists (each is interned
/// and kept for the session): asking for more is refused with an error
/// instead of exhausting memory.
pub const MAX_LISTED_OPTIONS: u64 = 1 << 20;

impl Node {
    pub fn nus(&self) -> Option<&Nus> {
        match &self.kind {
            NodeKind::Nus(n) => Some(n),
            NodeKind::Compound { .. } => None,
        }
    }

    /// The Left and Right stops times 2^32, when both are exactly an
    /// `i64` so (nearly always): compared as integers.
    #[inline(always)]
    pub fn scaled_stops(&self) -> Option<(i64, i64)> {
        match &self.kind {
            NodeKind::Nus(n) => {
                let x = Prepared::new(&n.number).scaled32()?;
                Some((x, x))
            }
            NodeKind::Compound {
                stops: Stops::Scaled(l, r),
                ..
            } => Some((*l, *r)),
            NodeKind::Compound { .. } => None,
        }
    }

    /// The Left and Right stops, ready for comparisons (read in place).
    #[inline(always)]
    pub fn prepared_stops(&self) -> (Prepared<'_>, Prepared<'_>) {
        match &self.kind {
            NodeKind::Nus(n) => {
                let x = Prepared::new(&n.number);
                (x, x)
            }
            NodeKind::Compound { stops, .. } => stops.prepared(),
        }
    }

    pub fn options(&self) -> (&'static [Game], &'static [Game]) {
        *self.options.get_or_init(|| match &self.kind {
            NodeKind::Nus(n) => {
                if n.ups.is_zero() && n.nimber > MAX_LISTED_OPTIONS {
                    crate::interrupt::refuse(format!(
                        "{} has {} options for each player; games with more than {MAX_LISTED_OPTIONS} options are not listed",
                        Game::from_nus(n.clone()),
                        n.nimber
                    ));
                }
                let (l, r) = n.options();
                let st = store();
                // A million options take seconds: stop when asked to.
                let intern = |list: Vec<Nus>| -> Vec<Game> {
                    list.into_iter()
                        .enumerate()
                        .map(|(i, x)| {
                            if i % 4096 == 4095 {
                                crate::interrupt::check();
                            }
                            st.intern_nus(x)
                        })
                        .collect()
                };
                if n.ups.is_zero() && !n.is_number() {
                    // The options of `x + *k` are the same for both players.
                    let both = st.alloc_slice(&intern(l));
                    (both, both)
                } else {
                    (st.alloc_slice(&intern(l)), st.alloc_slice(&intern(r)))
                }
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

/// Ids below 2^SMALL_BITS live in the growing segments 0..=8; the others
/// in segments of 2^SMALL_BITS ids each.
const SMALL_BITS: u32 = 18;
const SEG0_BITS: u32 = 10;
/// The growing segments: 0 (ids below 2^SEG0_BITS) and one per doubling up
/// to 2^SMALL_BITS.
const GROWING: usize = (SMALL_BITS - SEG0_BITS + 1) as usize;
const SEGMENTS: usize = GROWING + (1 << (32 - SMALL_BITS)) - 1;
const CHUNK: usize = 1 << 16;

type Slot = OnceLock<Node>;

/// What comparisons read first of a game, apart from its node: its Left
/// and Right stops times 2^32 when both are an `i64` so, and its kind
/// (flags [`Head::NUS`], [`Head::NUMBER`], [`Head::SCALED`]).
pub(crate) struct Head {
    left: AtomicI64,
    right: AtomicI64,
    kind: AtomicU8,
}

impl Head {
    /// The game is a nus value (a number plus ups plus a nimber).
    const NUS: u8 = 1;
    /// The game is a number.
    const NUMBER: u8 = 2;
    /// The stops are kept scaled.
    const SCALED: u8 = 4;

    fn empty() -> Head {
        Head {
            left: AtomicI64::new(0),
            right: AtomicI64::new(0),
            kind: AtomicU8::new(0),
        }
    }

    /// Write the head of `node`. Relaxed: the id is published later
    /// through a lock, as the node is.
    fn write(&self, node: &Node) {
        let mut kind = 0;
        if let NodeKind::Nus(n) = &node.kind {
            kind |= Head::NUS;
            if n.is_number() {
                kind |= Head::NUMBER;
            }
        }
        if let Some((l, r)) = node.scaled_stops() {
            self.left.store(l, Ordering::Relaxed);
            self.right.store(r, Ordering::Relaxed);
            kind |= Head::SCALED;
        }
        self.kind.store(kind, Ordering::Relaxed);
    }

    /// The stops times 2^32, if both have that form.
    #[inline]
    pub fn scaled_stops(&self) -> Option<(i64, i64)> {
        (self.kind.load(Ordering::Relaxed) & Head::SCALED != 0).then(|| {
            (
                self.left.load(Ordering::Relaxed),
                self.right.load(Ordering::Relaxed),
            )
        })
    }

    /// Whether the game is a nus value.
    #[inline]
    pub fn is_nus(&self) -> bool {
        self.kind.load(Ordering::Relaxed) & Head::NUS != 0
    }

    /// Whether the game is a number.
    #[inline]
    pub fn is_number(&self) -> bool {
        self.kind.load(Ordering::Relaxed) & Head::NUMBER != 0
    }
}

/// The slots of a segment's ids and their heads.
struct Segment {
    slots: Box<[Slot]>,
    heads: Box<[Head]>,
}

/// An interning shard for compound games: (hash, id) pairs.
type CompoundShard = HashTable<(u64, u32)>;

/// The global store of canonical games.
pub(crate) struct Store {
    segments: Box<[OnceLock<Segment>; SEGMENTS]>,
    next_id: AtomicU32,
    nus_shards: Box<[ShardLock<FxHashMap<Nus, u32>>]>,
    compound_shards: Box<[ShardLock<CompoundShard>]>,
    /// The unused rest of the current option chunk.
    slices: Mutex<&'static mut [Game]>,
    pub add_cache: ShardedMap<(Game, Game), Game>,
    pub leq_cache: ShardedMap<(Game, Game), bool>,
}

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
#[inline]
fn locate(id: u32) -> (usize, usize) {
    if id >= 1 << SMALL_BITS {
        let seg = GROWING - 1 + (id >> SMALL_BITS) as usize;
        (seg, (id & ((1 << SMALL_BITS) - 1)) as usize)
    } else if id < (1 << SEG0_BITS) {
        (0, id as usize)
    } else {
        let bits = 32 - id.leading_zeros();
        let seg = (bits - SEG0_BITS) as usize;
        (seg, (id - (1 << (bits - 1))) as usize)
    }
}

fn segment_len(seg: usize) -> usize {
    match seg {
        0 => 1 << SEG0_BITS,
        s if s < GROWING => 1 << (s as u32 + SEG0_BITS - 1),
        _ => 1 << SMALL_BITS,
    }
}

/// A standard mutex of the core's rarely taken tables (the store's option
/// chunk, the loopy store's index and caches), locked. The maps behind
/// them are changed by single operations, so a panic while one was locked
/// (a cancelled computation) leaves it whole and a poisoned lock is still
/// usable. The hot shards take `ShardLock` instead.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    fn new() -> Store {
        let segments: Box<[OnceLock<Segment>]> = (0..SEGMENTS).map(|_| OnceLock::new()).collect();
        let Ok(segments) = segments.try_into() else {
            unreachable!("the segment table is built with SEGMENTS entries")
        };
        Store {
            segments,
            next_id: AtomicU32::new(0),
            nus_shards: (0..SHARDS)
                .map(|_| ShardLock::new(FxHashMap::default()))
                .collect(),
            compound_shards: (0..SHARDS)
                .map(|_| ShardLock::new(HashTable::new()))
                .collect(),
            slices: Mutex::new(&mut []),
            add_cache: ShardedMap::new(),
            leq_cache: ShardedMap::new(),
        }
    }

    /// The node of a published id.
    #[inline]
    pub fn node(&'static self, g: Game) -> &'static Node {
        let (seg, off) = locate(g.0);
        let node = self.segments[seg]
            .get()
            .and_then(|s| s.slots.get(off))
            .and_then(OnceLock::get);
        match node {
            Some(n) => n,
            None => unpublished(g),
        }
    }

    /// The head of a published id.
    #[inline]
    pub fn head(&'static self, g: Game) -> &'static Head {
        let (seg, off) = locate(g.0);
        match self.segments[seg].get().and_then(|s| s.heads.get(off)) {
            Some(h) => h,
            None => unpublished(g),
        }
    }

    /// Number of games in the store.
    pub fn len(&self) -> usize {
        self.next_id.load(Ordering::Relaxed) as usize
    }

    /// Write a new node and return its (not yet published) id.
    fn push(&self, node: Node) -> Game {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        assert!(id != NO_ID, "the game store is full (2^32 - 1 games)");
        let (seg, off) = locate(id);
        let len = segment_len(seg);
        if off == len / 4 * 3 {
            // The caches make room for the next segment, written whole when
            // it is allocated, while the last quarter of this one fills.
            let next = segment_len(seg + 1) * (size_of::<Slot>() + size_of::<Head>());
            crate::memory::expect_growth(next as u64);
        }
        let segment = self.segments[seg].get_or_init(|| {
            crate::memory::expect_growth(0);
            Segment {
                slots: (0..len).map(|_| OnceLock::new()).collect(),
                heads: (0..len).map(|_| Head::empty()).collect(),
            }
        });
        if let Some(head) = segment.heads.get(off) {
            head.write(&node);
        }
        // `id` is unique to this call, so the slot is empty.
        let written = segment.slots.get(off).map(|slot| slot.set(node).is_ok());
        debug_assert_eq!(written, Some(true), "slot {id} is written once");
        Game(id)
    }

    /// Copy `games` into the option arena.
    pub fn alloc_slice(&self, games: &[Game]) -> &'static [Game] {
        if games.is_empty() {
            return &[];
        }
        let mut rest = lock(&self.slices);
        if rest.len() < games.len() {
            *rest = Box::leak(vec![Game::ZERO; CHUNK.max(games.len())].into_boxed_slice());
        }
        let (head, tail) = std::mem::take(&mut *rest).split_at_mut(games.len());
        head.copy_from_slice(games);
        *rest = tail;
        head
    }
    /// The handle of a nus value, interning it if new.
    pub fn intern_nus(&self, value: Nus) -> Game {
        let hash = hash_of(&value);
        let mut shard = self.nus_shards[shard_index(hash)].lock();
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
    pub fn intern_compound(&'static self, left: &[Game], right: &[Game]) -> Game {
        let hash = hash_of(&(left, right));
        let mut shard = self.compound_shards[shard_index(hash)].lock();
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
        let zero = Prepared::Fixed(0);
        let left_stop = left.iter().map(|&g| g.prepared_stops().1).max();
        let right_stop = right.iter().map(|&g| g.prepared_stops().0).min();
        let stops = Stops::new(left_stop.unwrap_or(zero), right_stop.unwrap_or(zero));
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

/// A published id whose slot is empty: a broken invariant of the store,
/// never a consequence of input.
#[cold]
fn unpublished(g: Game) -> ! {
    panic!("game {} was read before it was written", g.0)
}

#[cfg(test)]
mod tests {
    use super::store;
    use crate::game::{arbitrary, Game};
    use crate::number::{Dyadic, Integer};
    use proptest::prelude::*;

    /// Games of small nus values, and numbers whose stops have no scaled
    /// form (too fine, too large), and forms of them.
    fn game() -> BoxedStrategy<Game> {
        let unscaled = prop_oneof![
            (1i64..4).prop_map(|n| Game::number(Dyadic::new(Integer::from(2 * n - 1), 40))),
            (0u32..2).prop_map(|k| Game::integer(Integer::from(1i64 << 40) + Integer::from(k))),
        ];
        let leaf = prop_oneof![arbitrary::leaf(), unscaled].boxed();
        prop_oneof![leaf.clone(), arbitrary::form_of(leaf)].boxed()
    }

    proptest! {
        /// A game's head says what its node says: its kind, and its stops
        /// times 2^32 exactly when both have that form.
        #[test]
        fn heads_agree_with_nodes(g in game()) {
            let (head, node) = (store().head(g), store().node(g));
            prop_assert_eq!(head.is_nus(), node.nus().is_some());
            prop_assert_eq!(head.is_number(), node.nus().is_some_and(|n| n.is_number()));
            prop_assert_eq!(head.scaled_stops(), node.scaled_stops());
            prop_assert_eq!(g.is_number(), g.as_number().is_some());
        }
    }
}
