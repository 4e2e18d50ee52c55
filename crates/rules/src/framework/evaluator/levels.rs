//! Valuing the positions below a game level by level.
//!
//! When every move lowers a measure of the game (`PartizanGame::level`:
//! Konane's stones, Fission's empty cells), the positions below a game can
//! be listed level by level from the top, each with its options as
//! references to nodes of the levels below, and then valued from the
//! bottom level up, every option's value already known.
//!
//! The depth-first search finds the values of a position's options one
//! after the other, each a look-up in a table too large for the caches,
//! and each waiting for the search below the one before: a quarter of a
//! Konane search waited on these loads. Here a position's options are
//! looked up in the index of one level (a few megabytes), in a loop whose
//! look-ups do not wait for each other, and the values are read from an
//! array, in the order the options were listed. Against the depth-first
//! search: Konane `xoxoxo|oxoxox|xox.xo|oxoxox` takes 20-25% less
//! processor time, the symmetric `xoxox|oxoxo|xo.ox|oxoxo|xoxox` a third
//! less, Fission `......|.x..x.|..xx..|.x..x.|......|......` 30-35% less.
//! Domineering, whose positions split into many small components that the
//! depth-first search meets again from other boards, gains nothing, and
//! has no level.
//!
//! The lists take more memory than the depth-first search's table (peak
//! resident: Konane 4x6 54 MB against 35 MB, Fission 6x6 145 MB against
//! 58 MB), and only for the time of the search: past a share of the memory
//! budget ([`max_bytes`]), the search gives up and the depth-first search
//! values the game. The table receives the values of the game's
//! components and of their options, where a session is likely to look
//! next; the other values are forgotten with the lists.

use super::{Evaluator, Root};
use crate::framework::game::PartizanGame;
use crate::framework::position::{narrow, PackedKey};
use crate::framework::table::Table;
use onag_core::game::{Game, OptionList};
use rustc_hash::FxHashMap;

/// The flag of an option reference to a sum of several components (the
/// rest is an index into `Levels::sums`); otherwise the reference is a
/// node, negated when [`NEGATED`] is set.
const SUM: u32 = 1 << 31;
/// The flag of a negated node reference.
const NEGATED: u32 = 1 << 30;
/// The node of the game 0 (an option without components).
const ZERO: u32 = 0;

/// The levels a search by levels takes at most (each has its lists and
/// index, empty or not).
const MAX_LEVELS: u32 = 1 << 16;

/// How many nodes are listed or valued between two checks for an
/// interrupt.
const CHECKPOINT: usize = 4096;

/// The most memory the lists of a search by levels may take: an eighth of
/// the budget, and at most a gigabyte.
fn max_bytes() -> usize {
    const GIGABYTE: u64 = 1 << 30;
    let bytes = onag_core::memory::limit().map_or(GIGABYTE, |l| (l / 8).min(GIGABYTE));
    usize::try_from(bytes).unwrap_or(usize::MAX)
}

/// A search by levels under way. A node is a normalised component, named
/// by its index in `values`; node 0 is the game 0.
struct Levels<G> {
    /// The value of each node, once known.
    values: Vec<Game>,
    /// Where each listed node's options are.
    spans: Vec<Span>,
    /// The options of each level's listed nodes, as references.
    options: Vec<Vec<u32>>,
    /// The positions of each level's nodes still to be listed.
    todo: Vec<Vec<G>>,
    /// Each level's nodes to be listed, in the order of `todo`.
    ids: Vec<Vec<u32>>,
    /// Each level's nodes by packed key, while they may still be reached.
    index: Vec<Index>,
    /// The components of options that are sums of several: `(start, len)`
    /// into `parts`.
    sums: Vec<(u32, u32)>,
    parts: Vec<u32>,
    /// The nodes whose values go to the table (the game's components and
    /// their options' components), with their packed keys once listed.
    kept: FxHashMap<u32, Option<PackedKey>>,
    /// The most nodes and option references the lists may hold.
    max_nodes: usize,
    max_options: usize,
    /// The option references held.
    held_options: usize,
    /// Whether the table was empty when the search began: it then has no
    /// value to give, and is not asked.
    table_empty: bool,
}

/// Where a node's options are in its level's `Levels::options`: Left's
/// from `start`, then Right's.
#[derive(Clone, Copy, Default)]
struct Span {
    start: u32,
    left: u16,
    right: u16,
}

impl<G, T> Evaluator<G, T>
where
    G: PartizanGame,
    T: Table<G, Game>,
    G::Error: From<T::Busy>,
{
    /// The value of `g`, its positions valued level by level, or None when
    /// the game has no level or no packed key, or its lists would pass
    /// their share of the memory budget ([`max_bytes`]).
    pub(super) fn by_levels(&self, g: &G, root: &Root<'_, G>) -> Result<Option<Game>, G::Error> {
        self.by_levels_within(g, root, max_bytes())
    }

    /// [`Evaluator::by_levels`], the lists taking at most about `max`
    /// bytes.
    fn by_levels_within(
        &self,
        g: &G,
        root: &Root<'_, G>,
        max: usize,
    ) -> Result<Option<Game>, G::Error> {
        if !self.levels || !self.table.packs() {
            return Ok(None);
        }
        let Some(top) = g.level().filter(|&l| l < MAX_LEVELS) else {
            return Ok(None);
        };
        let n = top as usize + 1;
        // A node: its value, span, id, position (while it waits to be
        // listed) and index entry (with the index's spare room).
        let node_bytes = 4 + 8 + 4 + std::mem::size_of::<G>() + 24;
        let mut s = Levels {
            values: vec![Game::ZERO],
            spans: vec![Span::default()],
            options: (0..n).map(|_| Vec::new()).collect(),
            todo: (0..n).map(|_| Vec::new()).collect(),
            ids: (0..n).map(|_| Vec::new()).collect(),
            index: (0..n).map(|_| Index::default()).collect(),
            sums: Vec::new(),
            parts: Vec::new(),
            kept: FxHashMap::default(),
            max_nodes: max / 2 / node_bytes,
            max_options: max / 2 / 4,
            held_options: 0,
            table_empty: self.table.is_empty(),
        };
        let Some(game) = self.reference(&mut s, g, top + 1, root)? else {
            return Ok(None);
        };
        let components = s.values.len() as u32;
        for id in 1..components {
            s.kept.insert(id, None);
        }
        // Listing, from the top level down: a level's nodes are all known
        // once the levels above it are listed.
        for level in (0..n).rev() {
            let todo = std::mem::take(&mut s.todo[level]);
            for (q, i) in todo.iter().zip(0..) {
                if i % CHECKPOINT == 0 {
                    onag_core::interrupt::checkpoint();
                }
                let id = s.ids[level][i];
                let Some(span) = self.list(&mut s, q, level, root)? else {
                    return Ok(None);
                };
                s.spans[id as usize] = span;
                if let Some(key) = s.kept.get_mut(&id) {
                    *key = q.packed();
                    if id < components {
                        s.keep_options(level, span);
                    }
                }
            }
            // No level below reaches this one.
            s.index[level] = Index::default();
        }
        // Valuing, from the bottom level up.
        for level in 0..n {
            for (i, &id) in s.ids[level].iter().enumerate() {
                if i % CHECKPOINT == 0 {
                    onag_core::interrupt::checkpoint();
                }
                let Span { start, left, right } = s.spans[id as usize];
                let start = start as usize;
                let l = start + usize::from(left);
                let r = l + usize::from(right);
                let options = &s.options[level];
                let left: OptionList = options[start..l].iter().map(|&o| s.value(o)).collect();
                let right: OptionList = options[l..r].iter().map(|&o| s.value(o)).collect();
                s.values[id as usize] = Game::from_option_lists(left, right);
            }
        }
        for (&id, key) in &s.kept {
            if let Some(key) = key {
                let Span { left, right, .. } = s.spans[id as usize];
                let options = usize::from(left) + usize::from(right);
                self.table
                    .insert_packed(*key, s.values[id as usize], options);
            }
        }
        Ok(Some(s.value(game)))
    }

    /// List the options of `q`, a node of `level`: their references, in
    /// the level's options. None when the search gives up.
    fn list(
        &self,
        s: &mut Levels<G>,
        q: &G,
        level: usize,
        root: &Root<'_, G>,
    ) -> Result<Option<Span>, G::Error> {
        let options = q.both_options()?;
        let (left, right) = options.sides();
        let start = s.options[level].len();
        for o in left.iter().chain(right) {
            let Some(r) = self.reference(s, o, level as u32, root)? else {
                return Ok(None);
            };
            s.options[level].push(r);
        }
        s.held_options += left.len() + right.len();
        let (Ok(start), Ok(left), Ok(right)) = (
            u32::try_from(start),
            u16::try_from(left.len()),
            u16::try_from(right.len()),
        ) else {
            return Ok(None);
        };
        if s.held_options > s.max_options {
            return Ok(None);
        }
        Ok(Some(Span { start, left, right }))
    }

    /// The reference of a game, an option of a node of level `below` (or
    /// the game searched, of a level below `below`): its components'
    /// nodes, made when new. None when a component has no packed key or
    /// level, or a level not below `below`, or the nodes are too many.
    fn reference(
        &self,
        s: &mut Levels<G>,
        g: &G,
        below: u32,
        root: &Root<'_, G>,
    ) -> Result<Option<u32>, G::Error> {
        if !self.decompose || g.undivided() {
            return Ok(self.node(s, g, below, root));
        }
        let parts = g.components()?;
        match parts.as_slice() {
            [] => Ok(Some(ZERO)),
            [one] => Ok(self.node(s, one, below, root)),
            many => {
                let start = s.parts.len() as u32;
                for c in many {
                    let Some(r) = self.node(s, c, below, root) else {
                        return Ok(None);
                    };
                    s.parts.push(r);
                }
                s.sums.push((start, many.len() as u32));
                Ok(Some(SUM | (s.sums.len() - 1) as u32))
            }
        }
    }

    /// The reference of a component: the node of its normal form, negated
    /// when the normal form's value is its negative. The component is
    /// first looked for as it stands, and the index keeps a component that
    /// is not its own normal form under both keys, so that each image is
    /// brought to normal form once (the depth-first search's recent values
    /// do this for it). A new normal form is made a node: valued at once
    /// when the table or theory knows its value, otherwise to be listed.
    /// None when the component has no key or level, or a level not below
    /// `below`, or the nodes are too many.
    #[inline]
    fn node(&self, s: &mut Levels<G>, c: &G, below: u32, root: &Root<'_, G>) -> Option<u32> {
        let key = c.packed()?;
        let level = c.level()?;
        if level >= below {
            return None;
        }
        let index = &mut s.index[level as usize];
        if let Some(r) = index.get(&key) {
            return Some(r);
        }
        let normal = self.normal_form(c, root);
        let (q, negated) = normal.as_ref().map_or((c, false), |(q, n)| (q, *n));
        let flag = if negated { NEGATED } else { 0 };
        let q_key = if normal.is_some() { q.packed()? } else { key };
        if q_key == key {
            // Its own normal form (negated only if its value is 0).
            let id = s.values.len() as u32;
            index.insert(key, id);
            return self.make(s, c, key, level, id).then_some(id | flag);
        }
        if q.level() != Some(level) {
            return None;
        }
        let id = s.values.len() as u32;
        let found = index.find_or_insert(&q_key, id);
        index.insert(key, found | flag);
        if found != id {
            return Some(found | flag);
        }
        self.make(s, q, q_key, level, id).then_some(id | flag)
    }

    /// Make node `id` of `q`, a normal form of `level` whose packed key is
    /// `key`: false when the nodes are too many.
    fn make(&self, s: &mut Levels<G>, q: &G, key: PackedKey, level: u32, id: u32) -> bool {
        if s.values.len() >= s.max_nodes {
            return false;
        }
        s.spans.push(Span::default());
        let stored = if s.table_empty {
            None
        } else {
            self.table.get_packed(&key)
        };
        if let Some(v) = stored.or_else(|| q.known_value()) {
            s.values.push(v);
        } else {
            s.values.push(Game::ZERO);
            s.todo[level as usize].push(q.clone());
            s.ids[level as usize].push(id);
        }
        true
    }
}

/// The references of one level's components by packed key (a normal
/// form's is its node; another component's is its normal form's node,
/// negated or not): in a map of words for the keys that narrow to one
/// ([`narrow`]), the others in a map of pairs.
#[derive(Default)]
struct Index {
    narrow: FxHashMap<u64, u32>,
    wide: FxHashMap<PackedKey, u32>,
}

impl Index {
    /// The reference kept for `key`.
    #[inline]
    fn get(&self, key: &PackedKey) -> Option<u32> {
        match narrow(key) {
            Some(n) => self.narrow.get(&n),
            None => self.wide.get(key),
        }
        .copied()
    }

    /// Keep reference `r` for `key`.
    #[inline]
    fn insert(&mut self, key: PackedKey, r: u32) {
        match narrow(&key) {
            Some(n) => self.narrow.insert(n, r),
            None => self.wide.insert(key, r),
        };
    }

    /// The reference kept for `key`, or `r`, kept for it when it had none.
    #[inline]
    fn find_or_insert(&mut self, key: &PackedKey, r: u32) -> u32 {
        match narrow(key) {
            Some(n) => *self.narrow.entry(n).or_insert(r),
            None => *self.wide.entry(*key).or_insert(r),
        }
    }
}

impl<G> Levels<G> {
    /// The value of an option reference.
    fn value(&self, r: u32) -> Game {
        if r & SUM != 0 {
            let (start, len) = self.sums[(r & !SUM) as usize];
            self.parts[start as usize..(start + len) as usize]
                .iter()
                .fold(Game::ZERO, |acc, &p| acc + self.value(p))
        } else {
            let v = self.values[(r & !NEGATED) as usize];
            if r & NEGATED != 0 {
                -v
            } else {
                v
            }
        }
    }

    /// Keep in the table the values of the components of the options in
    /// `span` of `level`.
    fn keep_options(&mut self, level: usize, span: Span) {
        let start = span.start as usize;
        let end = start + usize::from(span.left) + usize::from(span.right);
        for &r in &self.options[level][start..end] {
            let nodes = if r & SUM != 0 {
                let (start, len) = self.sums[(r & !SUM) as usize];
                &self.parts[start as usize..(start + len) as usize]
            } else {
                std::slice::from_ref(&r)
            };
            for &node in nodes {
                let id = node & !NEGATED;
                if id != ZERO {
                    self.kept.entry(id).or_insert(None);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Root;
    use crate::framework::game::{infallible, PartizanGame};
    use crate::framework::position::{PackedKey, Player};
    use crate::framework::table::{SharedTable, Table};
    use onag_core::game::Game;
    use std::convert::Infallible;

    /// A game of steps down a ladder: Left goes down one or two rungs,
    /// Right three; its level is its rung, or, when `flat`, always 1 (a
    /// wrong level, which moves do not lower).
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Ladder {
        rung: u32,
        flat: bool,
    }

    impl PartizanGame for Ladder {
        type Error = Infallible;

        fn options(&self, player: Player) -> Result<Vec<Self>, Infallible> {
            let steps: &[u32] = match player {
                Player::Left => &[1, 2],
                Player::Right => &[3],
            };
            Ok(steps
                .iter()
                .filter(|&&k| k <= self.rung)
                .map(|&k| Ladder {
                    rung: self.rung - k,
                    flat: self.flat,
                })
                .collect())
        }

        fn packed(&self) -> Option<PackedKey> {
            Some((u64::from(self.rung), u64::from(self.flat)))
        }

        fn level(&self) -> Option<u32> {
            Some(if self.flat { 1 } else { self.rung })
        }
    }

    type Evaluator = super::super::Evaluator<Ladder, SharedTable<Ladder, Game>>;

    fn ladder(rung: u32, flat: bool) -> Ladder {
        Ladder { rung, flat }
    }

    /// The value by levels within `max` bytes, from a fresh evaluator.
    fn within(g: &Ladder, max: usize) -> Option<Game> {
        let eval = Evaluator::new();
        infallible(eval.by_levels_within(g, &Root::new(g), max))
    }

    fn depth_first(g: &Ladder) -> Game {
        infallible(Evaluator::new().depth_first().canonical_form(g))
    }

    /// The search by levels values the ladder as the depth-first search
    /// does, and gives up past its memory (the evaluator then searches
    /// depth first).
    #[test]
    fn a_search_past_its_memory_gives_up() {
        let g = ladder(200, false);
        let v = within(&g, 1 << 20).expect("within a megabyte");
        assert_eq!(v, depth_first(&g));
        assert_eq!(within(&g, 1 << 10), None);
        assert_eq!(infallible(Evaluator::new().canonical_form(&g)), v);
    }

    /// A search by levels takes the values the table has from an earlier
    /// search (here the ladder from rung 10, and its options) instead of
    /// listing their positions again.
    #[test]
    fn values_in_the_table_are_taken() {
        let eval = Evaluator::new();
        let low = infallible(eval.canonical_form(&ladder(10, false)));
        assert_eq!(low, depth_first(&ladder(10, false)));
        assert!(!eval.table().is_empty());
        let g = ladder(30, false);
        assert_eq!(infallible(eval.canonical_form(&g)), depth_first(&g));
    }

    /// A level that a move does not lower makes the search give up, and
    /// the value is the depth-first search's.
    #[test]
    fn a_wrong_level_gives_up() {
        let g = ladder(12, true);
        assert_eq!(within(&g, 1 << 20), None);
        assert_eq!(
            infallible(Evaluator::new().canonical_form(&g)),
            depth_first(&g)
        );
        assert_eq!(within(&ladder(0, true), 1 << 20), Some(Game::ZERO));
        // A level past the most levels a search takes, with room for its
        // nodes.
        assert_eq!(within(&ladder(1 << 16, false), 1 << 30), None);
    }
}
