//! From games to canonical forms: the one evaluator every kind of game
//! plugs into.
//!
//! The value of a game is the sum of the values of its components (DESIGN
//! "Rulesets"); the value of a component is looked up in a transposition
//! table keyed by its normal form, or computed from the values of its
//! options (ONAG Theorems 68-69, in `onag-core`) and stored. The recursion
//! is written once, over [`PartizanGame`] and any [`Table`]; how the
//! options of a component are valued is the only thing that varies: one
//! after the other for any game, in parallel (rayon) for games that are
//! `Send + Sync` when a component has many options.
//!
//! A game with a level (a measure every move lowers, such as Konane's
//! stones) is first valued without recursion: its positions listed level
//! by level from the top, then valued from the bottom up ([`levels`]).

use super::cache;
use super::game::{infallible, PartizanGame};
use super::position::{PackedKey, Position, Symmetries};
use super::recent;
use super::table::{Pending, SharedTable, Table};
use onag_core::game::{Game, OptionList};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::marker::PhantomData;
use std::rc::Rc;

mod levels;

/// Evaluates games of one type, remembering every component it has seen in
/// its table.
pub struct Evaluator<G, T = SharedTable<G, Game>> {
    table: T,
    decompose: bool,
    symmetry: bool,
    /// Whether games with a level are valued level by level
    /// ([`levels`]).
    levels: bool,
    /// Components with at least this many options evaluate them in
    /// parallel (when the game type allows it): [`PARALLEL_OPTIONS`].
    parallel_threshold: usize,
    /// This evaluator's tag in the per-thread cache of recent look-ups.
    tag: u32,
    game: PhantomData<fn(&G)>,
}

impl<G, T: Default> Default for Evaluator<G, T> {
    fn default() -> Self {
        Self::with_table(T::default())
    }
}

/// The evaluator of the built-in positions of type `P` for this session
/// (the thread running it), created on first use, so that values computed
/// for one expression are reused by the next.
pub fn shared<P: Position>() -> Rc<Evaluator<P>> {
    cache::kept((), || Rc::new(Evaluator::new()))
}

impl<G, T: Default> Evaluator<G, T> {
    /// An evaluator with an empty table, using decomposition and symmetry.
    pub fn new() -> Self {
        Self::default()
    }

    /// An evaluator that neither decomposes nor normalises: the plain
    /// recursive definition, for checking the shortcuts.
    pub fn plain() -> Self {
        Evaluator {
            decompose: false,
            symmetry: false,
            levels: false,
            parallel_threshold: usize::MAX,
            ..Self::new()
        }
    }
}

/// The fewest options a component needs to have them valued in parallel.
/// A second thread pays only when the search below is large: a Domineering
/// board of 20 to 22 cells (31 to 34 options, about 20 ms in all) spent
/// 15-20% more processor time with its options split between two threads
/// (the threads search the same transpositions twice) for a few
/// milliseconds on the clock, while boards of 24 cells and more (4x6: 38
/// options) split at the root as they did with a threshold of 24, and
/// lose nothing on the clock (4x6, 3x8, 5x5, 4x7 measured).
const PARALLEL_OPTIONS: usize = 36;

impl<G, T> Evaluator<G, T> {
    /// An evaluator keeping its values in `table`, using decomposition and
    /// symmetry.
    pub fn with_table(table: T) -> Self {
        Evaluator {
            table,
            decompose: true,
            symmetry: true,
            levels: true,
            parallel_threshold: PARALLEL_OPTIONS,
            tag: recent::new_tag(),
            game: PhantomData,
        }
    }

    /// The evaluator valuing in parallel the options of components with at
    /// least `options` options (when the game type allows it), instead of
    /// `PARALLEL_OPTIONS` (36): for tests of the parallel path on small games.
    pub fn parallel_from(self, options: usize) -> Self {
        Evaluator {
            parallel_threshold: options,
            ..self
        }
    }

    /// The evaluator searching depth first always, also games that have a
    /// level ([`levels`]): for checking one search against the other.
    pub fn depth_first(self) -> Self {
        Evaluator {
            levels: false,
            ..self
        }
    }

    /// The table.
    pub fn table(&self) -> &T {
        &self.table
    }
}

/// What a search knows of the game it started from: the normal forms it
/// takes depend on it (`PartizanGame::normal_form_from`).
struct Root<'r, G> {
    game: &'r G,
    symmetries: Symmetries,
}

impl<'r, G: PartizanGame> Root<'r, G> {
    fn new(game: &'r G) -> Self {
        Root {
            game,
            symmetries: game.symmetries(),
        }
    }
}

/// How the options of a component are valued, in a search from a root.
trait Spread<G: PartizanGame, T>: Sized {
    /// The game the search started from.
    fn root(&self) -> &Root<'_, G>;

    /// The values of a list of options.
    fn each(&self, ev: &Evaluator<G, T>, opts: &[G]) -> Result<OptionList, G::Error>;

    /// The values of Left's and Right's options.
    fn values(
        &self,
        ev: &Evaluator<G, T>,
        left: &[G],
        right: &[G],
    ) -> Result<(OptionList, OptionList), G::Error> {
        Ok((self.each(ev, left)?, self.each(ev, right)?))
    }
}

/// One option after the other.
struct Serial<'r, G>(Root<'r, G>);

/// Options of large components in parallel.
struct Parallel<'r, G>(Root<'r, G>);

impl<G, T> Spread<G, T> for Serial<'_, G>
where
    G: PartizanGame,
    T: Table<G, Game>,
    G::Error: From<T::Busy>,
{
    fn root(&self) -> &Root<'_, G> {
        &self.0
    }

    fn each(&self, ev: &Evaluator<G, T>, opts: &[G]) -> Result<OptionList, G::Error> {
        ev.one_by_one(opts, self)
    }
}

impl<G, T> Spread<G, T> for Parallel<'_, G>
where
    G: PartizanGame + Send + Sync,
    T: Table<G, Game> + Sync,
    G::Error: From<T::Busy> + Send,
{
    fn root(&self) -> &Root<'_, G> {
        &self.0
    }

    /// Each side of a component with few options, one option after the
    /// other (see [`Parallel::values`]).
    fn each(&self, ev: &Evaluator<G, T>, opts: &[G]) -> Result<OptionList, G::Error> {
        ev.one_by_one(opts, self)
    }

    /// The options of both players together, in parallel when they are
    /// many (see [`Evaluator::distinct_in_parallel`]).
    fn values(
        &self,
        ev: &Evaluator<G, T>,
        left: &[G],
        right: &[G],
    ) -> Result<(OptionList, OptionList), G::Error> {
        if left.len() + right.len() >= ev.parallel_threshold {
            let mut l = ev.distinct_in_parallel(left.iter().chain(right), self)?;
            let r = l.split_off(left.len());
            Ok((l.into(), r.into()))
        } else {
            Ok((self.each(ev, left)?, self.each(ev, right)?))
        }
    }
}

impl<G, T> Evaluator<G, T>
where
    G: PartizanGame,
    T: Table<G, Game>,
    G::Error: From<T::Busy>,
{
    /// The canonical form of a game, its options valued one after the
    /// other.
    pub fn canonical_form(&self, g: &G) -> Result<Game, G::Error> {
        let root = Root::new(g);
        match self.by_levels(g, &root)? {
            Some(v) => Ok(v),
            None => self.sum(g, &Serial(root)),
        }
    }

    /// Number of components in the table.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// The values of `opts`, one after the other, into a list on the stack
    /// (up to eight) or of the right length from the start: collected from
    /// an iterator of results, the list grew past eight options, a fifth of
    /// a million reallocations in a Konane 4x6 search, and every list was
    /// an allocation.
    fn one_by_one<S: Spread<G, T>>(&self, opts: &[G], s: &S) -> Result<OptionList, G::Error> {
        let mut values = OptionList::with_capacity(opts.len());
        for o in opts {
            values.push(self.sum(o, s)?);
        }
        Ok(values)
    }

    /// The value of a game: the sum of its components' values. A game
    /// with a packed key is first looked for, as it stands (before it is
    /// decomposed or normalised), in this thread's cache of recent values:
    /// positions reached by the same moves in another order are met again
    /// soon after.
    ///
    /// The steps from here to the table (`through_recent`, `parts`,
    /// `by_normal_form`, `normal_form`) are inlined, so that a look-up
    /// makes one call where it made four: Konane
    /// `xoxoxo|oxoxox|xox.xo|oxoxox` 3.481G -> 3.458G instructions.
    fn sum<S: Spread<G, T>>(&self, g: &G, s: &S) -> Result<Game, G::Error> {
        let key = if self.table.packs() { g.packed() } else { None };
        self.through_recent(key, || self.parts(g, s, key))
    }

    /// The value kept for `key` in this thread's cache of recent values,
    /// or `compute()`, kept there for next time (no key: `compute()`).
    #[inline(always)]
    fn through_recent(
        &self,
        key: Option<PackedKey>,
        compute: impl FnOnce() -> Result<Game, G::Error>,
    ) -> Result<Game, G::Error> {
        let Some(k) = key else {
            return compute();
        };
        let place = recent::Place::of(&k, self.tag);
        if let Some(v) = place.get() {
            return Ok(v);
        }
        let v = compute()?;
        place.put(v);
        Ok(v)
    }

    /// The sum of the values of a game's components; `probed` is the
    /// game's packed key when it was already looked for in the recent
    /// values.
    #[inline(always)]
    fn parts<S: Spread<G, T>>(
        &self,
        g: &G,
        s: &S,
        probed: Option<PackedKey>,
    ) -> Result<Game, G::Error> {
        if !self.decompose || g.undivided() {
            return self.by_normal_form(g, s, probed);
        }
        let parts = g.components()?;
        if let [one] = parts.as_slice() {
            if one == g {
                // Already looked for by its packed key in `sum`.
                return self.by_normal_form(g, s, probed);
            }
        }
        let mut acc = Game::ZERO;
        for c in &parts {
            acc = acc + self.component(c, s)?;
        }
        Ok(acc)
    }

    /// The value of a component of a game: first looked for, as it stands,
    /// in this thread's cache of recent values (components cut from
    /// different boards are often the same board, in the same orientation,
    /// and then need no normal form), then through its normal form.
    fn component<S: Spread<G, T>>(&self, c: &G, s: &S) -> Result<Game, G::Error> {
        let key = if self.symmetry && self.table.packs() {
            c.packed()
        } else {
            None
        };
        self.through_recent(key, || self.by_normal_form(c, s, key))
    }

    /// The value of a component, through its normal form and the table;
    /// `probed` is the component's packed key when it was already looked
    /// for in the recent values (then, when the component is its own normal
    /// form, as it is on most look-ups of a search from a board without
    /// symmetry, the key is neither computed nor looked for again).
    #[inline(always)]
    fn by_normal_form<S: Spread<G, T>>(
        &self,
        c: &G,
        s: &S,
        probed: Option<PackedKey>,
    ) -> Result<Game, G::Error> {
        let Some((q, negated)) = self.normal_form(c, s.root()) else {
            return self.normalized(c, s, probed);
        };
        let probed = probed.filter(|_| !negated && q == *c);
        let v = self.normalized(&q, s, probed)?;
        Ok(if negated { -v } else { v })
    }

    /// A component's representative under the game's symmetries in a
    /// search from `root`, and whether the representative's value is the
    /// negative of the component's; None when the component is its own
    /// representative (always, when the evaluator takes no symmetry).
    #[inline(always)]
    fn normal_form(&self, g: &G, root: &Root<'_, G>) -> Option<(G, bool)> {
        if self.symmetry {
            g.normal_form_from(root.game, root.symmetries)
        } else {
            None
        }
    }

    /// The value of a component in normal form, through the table. When
    /// `probed` is given, it is the component's packed key, already looked
    /// for in the recent values by the caller, who keeps the value there.
    fn normalized<S: Spread<G, T>>(
        &self,
        q: &G,
        s: &S,
        probed: Option<PackedKey>,
    ) -> Result<Game, G::Error> {
        let packed = probed.or_else(|| if self.table.packs() { q.packed() } else { None });
        // The key's place in the recent values, when this function keeps
        // the value there.
        let place = match (&packed, probed) {
            (Some(p), None) => Some(recent::Place::of(p, self.tag)),
            _ => None,
        };
        let found = match (&packed, &place) {
            (Some(p), Some(place)) => place.get().or_else(|| {
                let v = self.table.get_packed(p)?;
                place.put(v);
                Some(v)
            }),
            (Some(p), None) => self.table.get_packed(p),
            (None, _) => self.table.get(q),
        };
        if let Some(v) = found {
            return Ok(v);
        }
        onag_core::interrupt::checkpoint();
        let pending = Pending::begin(&self.table, q)?;
        // A value theory gives is stored like a searched one, so that
        // later lookups find it.
        let (v, options) = match q.known_value() {
            Some(v) => (v, 0),
            None => stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
                let options = q.both_options()?;
                let (left, right) = options.sides();
                let (l, r) = s.values(self, left, right)?;
                let options = l.len() + r.len();
                Ok::<_, G::Error>((Game::from_option_lists(l, r), options))
            })?,
        };
        if let Some(place) = place {
            place.put(v);
        }
        match packed {
            Some(p) => pending.finish_packed(p, v, options),
            None => pending.finish(v),
        }
        Ok(v)
    }
}

impl<G, T> Evaluator<G, T>
where
    G: PartizanGame + Send + Sync,
    T: Table<G, Game> + Sync,
    G::Error: From<T::Busy> + Send,
{
    /// The canonical form of a game, the options of components with many
    /// of them valued in parallel.
    pub fn canonical_form_parallel(&self, g: &G) -> Result<Game, G::Error> {
        let root = Root::new(g);
        match self.by_levels(g, &root)? {
            Some(v) => Ok(v),
            None => self.sum(g, &Parallel(root)),
        }
    }

    /// The values of many games, searched in parallel: their components
    /// are brought to normal form first and each distinct one is valued
    /// once. Games that differ by a symmetry would otherwise be searched
    /// twice at the same time, by two threads that find nothing of each
    /// other's in the table yet: on a square Domineering board, Right's
    /// options are Left's transposed, and with the players' options given
    /// to two threads, each thread searched the same components as the
    /// other: 6x6 took 130 s on the clock (250 s of processor time), where
    /// it now takes 63 s (123 s).
    fn distinct_in_parallel<'g>(
        &self,
        games: impl Iterator<Item = &'g G>,
        s: &Parallel<'_, G>,
    ) -> Result<Vec<Game>, G::Error>
    where
        G: 'g,
    {
        let mut index: FxHashMap<G, usize> = FxHashMap::default();
        let mut distinct: Vec<G> = Vec::new();
        let mut games_parts: Vec<Vec<(usize, bool)>> = Vec::new();
        for g in games {
            let parts = if self.decompose {
                g.components()?
            } else {
                vec![g.clone()]
            };
            let parts = parts
                .iter()
                .map(|c| {
                    let (q, negated) = self
                        .normal_form(c, &s.0)
                        .unwrap_or_else(|| (c.clone(), false));
                    let i = *index.entry(q).or_insert_with_key(|q| {
                        distinct.push(q.clone());
                        distinct.len() - 1
                    });
                    (i, negated)
                })
                .collect();
            games_parts.push(parts);
        }
        let values = distinct
            .par_iter()
            .map(|q| self.normalized(q, s, None))
            .collect::<Result<Vec<Game>, G::Error>>()?;
        Ok(games_parts
            .iter()
            .map(|parts| {
                parts.iter().fold(Game::ZERO, |acc, &(i, negated)| {
                    acc + if negated { -values[i] } else { values[i] }
                })
            })
            .collect())
    }
}

impl<P: Position> Evaluator<P> {
    /// The canonical form of a position of a built-in ruleset (whose
    /// options cannot fail), in parallel where it pays.
    pub fn value(&self, p: &P) -> Game {
        infallible(self.canonical_form_parallel(p))
    }
}
