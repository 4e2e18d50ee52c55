//! Positions defined outside Rust: game classes written in the language
//! (SCRIPTING 5), and later ones from other front ends (Python bindings).
//!
//! A front end describes its positions through [`External`]: which class a
//! position belongs to, its structural key, its options by player and,
//! optionally, its decomposition into independent components. The values
//! live here, in one [`ClassTable`] per class for the session, keyed by the
//! structural value (SCRIPTING 4.11), and the recursion that fills them is
//! written once, in [`value`]:
//!
//! - the value of a position is the sum of its components' values
//!   (SCRIPTING 5.3; a sum of canonical forms, or the XOR of nim values by
//!   the Sprague-Grundy theorem, ONAG chapter 11);
//! - the value of a component is looked up in its class's table, or its
//!   evaluation begins (marked in progress), its options are valued, and
//!   its canonical form (ONAG Theorems 68-69, in `onag-core`) or nim value
//!   (mex) is stored;
//! - reaching a component still in progress means the game is not short,
//!   which is an error (`Loopy`), never an endless recursion.
//!
//! Options and components may belong to other classes, or be values the
//! front end knows directly (a canonical game, a number, a built-in
//! position): [`External::element_value`]. Positions the front end may
//! still change ([`External::is_memoised`] false) are tracked while in
//! progress but never stored.
//!
//! The tables are [`LocalTable`]s: they receive only complete entries (an
//! error or an interrupt unwinding leaves no mark, see [`Pending`]), and a
//! table can be cleared between computations.

use super::error::{ErrorKind, RuleError};
use super::loopy::POSITION_LIMIT;
use super::nim::mex;
use super::position::Player;
use super::table::{Busy, LocalTable, Pending, Table};
use onag_core::game::Game;
use onag_core::loopy::{self, LoopyError, LoopyEvaluator, LoopyRules, Part, SidedValue};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// Which value of a position is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// Its canonical form (`CanonicalForm`).
    Canonical,
    /// Its nim value (`NimValue`), for impartial positions.
    Nim,
}

impl Reduction {
    /// The method of the language that asks for it.
    pub fn method(self) -> &'static str {
        match self {
            Reduction::Canonical => "CanonicalForm",
            Reduction::Nim => "NimValue",
        }
    }
}

/// The value of a position or component: a canonical form, or a nim value
/// where one was asked for and the position is impartial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valued {
    /// A canonical form.
    Game(Game),
    /// A nim value: the value is the nimber `*n`.
    Nim(u64),
}

impl Valued {
    /// The canonical form.
    pub fn game(self) -> Game {
        match self {
            Valued::Game(g) => g,
            Valued::Nim(n) => Game::nimber(n),
        }
    }

    /// The value as `how` asks for it: a nim value when one was asked for
    /// and the canonical form is a nimber.
    pub fn reduced(g: Game, how: Reduction) -> Valued {
        match (how, g.as_nimber()) {
            (Reduction::Nim, Some(n)) => Valued::Nim(n),
            _ => Valued::Game(g),
        }
    }
}

impl std::ops::Add for Valued {
    type Output = Valued;

    /// The disjunctive sum: XOR of nim values, else the sum of canonical
    /// forms.
    fn add(self, other: Valued) -> Valued {
        match (self, other) {
            (Valued::Nim(x), Valued::Nim(y)) => Valued::Nim(x ^ y),
            (a, b) => Valued::Game(a.game() + b.game()),
        }
    }
}

/// How the tables word a loop: CGSuite's message for the method asked.
fn refusal_canonical<K>(_: &K, busy: Busy) -> RuleError {
    refusal(Reduction::Canonical, busy)
}

fn refusal_nim<K>(_: &K, busy: Busy) -> RuleError {
    refusal(Reduction::Nim, busy)
}

/// The error of a component reached while still in progress, or of
/// evaluations nested too deep.
pub fn refusal(how: Reduction, busy: Busy) -> RuleError {
    match busy {
        Busy::Loop => RuleError::loop_found(format!(
            "That is not a short game. If that is intentional, try `GameValue` in place of `{}`.",
            how.method()
        )),
        Busy::TooDeep(n) => RuleError::too_large(format!(
            "The positions reachable from here go more than {n} moves deep"
        )),
    }
}

/// The transposition table of one externally defined class for the
/// session: the canonical forms and the nim values of its positions by
/// structural key, and the components in progress (one mark per value
/// asked for).
pub struct ClassTable<K> {
    canonical: LocalTable<K, Game>,
    nim: LocalTable<K, u64>,
    /// `GameValue`s of positions that are not short (LOOPY 4.1).
    loopy: RefCell<FxHashMap<K, SidedValue>>,
}

impl<K: Hash + Eq + Clone> Default for ClassTable<K> {
    fn default() -> Self {
        ClassTable {
            canonical: LocalTable::new(refusal_canonical),
            nim: LocalTable::new(refusal_nim),
            loopy: RefCell::default(),
        }
    }
}

impl<K: Hash + Eq + Clone> ClassTable<K> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value stored for `k`, as `how` asks for it.
    pub fn get(&self, k: &K, how: Reduction) -> Option<Valued> {
        match how {
            Reduction::Canonical => self.canonical.get(k).map(Valued::Game),
            Reduction::Nim => self.nim.get(k).map(Valued::Nim),
        }
    }

    /// Store the complete value of a position that is not being evaluated
    /// (a sum of components).
    pub fn store(&self, k: K, v: Valued) {
        match v {
            Valued::Game(g) => self.canonical.finish(k, g),
            Valued::Nim(n) => self.nim.finish(k, n),
        }
    }

    /// The `GameValue` stored for `k`: its canonical form when one is
    /// stored, else its loopy value.
    pub fn game_value(&self, k: &K) -> Option<SidedValue> {
        match self.canonical.get(k) {
            Some(g) => Some(g.into()),
            None => self.loopy.borrow().get(k).cloned(),
        }
    }

    /// Store the `GameValue` of a position that is not short.
    pub fn store_game_value(&self, k: K, v: SidedValue) {
        self.loopy.borrow_mut().insert(k, v);
    }

    /// The number of values stored (canonical forms, nim values and loopy
    /// values).
    pub fn len(&self) -> usize {
        self.canonical.len() + self.nim.len() + self.loopy.borrow().len()
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forget every value stored. Evaluations in progress keep their marks
    /// (they end as usual).
    pub fn clear(&self) {
        self.canonical.clear();
        self.nim.clear();
        self.loopy.borrow_mut().clear();
    }

    /// Evaluate `k` through the table: `compute` runs with `k` marked in
    /// progress, and its value is stored when `keep` (and when it succeeds).
    fn evaluate<E: From<RuleError>>(
        &self,
        k: &K,
        how: Reduction,
        keep: bool,
        compute: impl FnOnce() -> Result<Valued, E>,
    ) -> Result<Valued, E> {
        let v = match how {
            Reduction::Canonical => {
                let _pending = Pending::begin(&self.canonical, k)?;
                compute()?
            }
            Reduction::Nim => {
                let _pending = Pending::begin(&self.nim, k)?;
                compute()?
            }
        };
        // The mark is gone (the `Pending` dropped): the value is complete.
        if keep {
            self.store(k.clone(), v);
        }
        Ok(v)
    }
}

/// A class of positions defined outside Rust, as its front end shows it.
pub struct Class<'a, K> {
    /// The class's table.
    pub table: &'a ClassTable<K>,
    /// Whether the class is impartial (its positions are valued by nim
    /// values, its options listed once for both players).
    pub impartial: bool,
}

/// A front end's positions: what the recursion of [`value`] needs to know
/// of them. Options and components are positions of the front end too.
pub trait External {
    /// A position (or any element of an option list).
    type Position;
    /// The structural key of a position: equal keys are the same position.
    type Key: Clone + Eq + Hash;
    /// The front end's errors (a failing user method); the tables' own
    /// errors (loops, depth) convert into it.
    type Error: From<RuleError>;

    /// The class of `p` when it is a position of an externally defined
    /// class, None when it is an element valued by [`element_value`].
    ///
    /// [`element_value`]: External::element_value
    fn class<'a>(&'a self, p: &'a Self::Position) -> Option<Class<'a, Self::Key>>;

    /// The key of `p` in its class's table.
    fn key(&self, p: &Self::Position) -> Self::Key;

    /// Whether values of `p` may be stored (false for a position the front
    /// end may still change).
    fn is_memoised(&self, p: &Self::Position) -> bool;

    /// The options of `p` for `player` (`None` for an impartial class).
    fn options(
        &self,
        p: &Self::Position,
        player: Option<Player>,
    ) -> Result<Vec<Self::Position>, Self::Error>;

    /// The components of `p`, or None when it is its own only component.
    fn decomposition(&self, p: &Self::Position)
        -> Result<Option<Vec<Self::Position>>, Self::Error>;

    /// The value of an element that is not a position of an external
    /// class (a canonical game, a number, a built-in position).
    fn element_value(&self, p: &Self::Position, how: Reduction) -> Result<Valued, Self::Error>;

    /// The error of an option `option` of `p`, of an impartial class, whose
    /// value is not a nimber.
    fn not_impartial(&self, p: &Self::Position, option: &Self::Position) -> Self::Error;

    /// The `GameValue` of an element that is not a position of an
    /// external class (a loopy value, a position of a loopy ruleset). The
    /// default is its canonical form ([`element_value`]).
    ///
    /// [`element_value`]: External::element_value
    fn element_game_value(&self, p: &Self::Position) -> Result<SidedValue, Self::Error> {
        Ok(self.element_value(p, Reduction::Canonical)?.game().into())
    }

    /// CGSuite's `DepthHint` of a position (LOOPY 4.1): if `depth_hint(G)
    /// < depth_hint(H)` then H is not a follower of G. The default 0 puts
    /// every position in one graph.
    fn depth_hint(&self, _p: &Self::Position) -> Result<i64, Self::Error> {
        Ok(0)
    }
}

/// How a recursion of this module ended early: the game is not short (the
/// loop error, kept for its message), or anything else.
enum Stop<E> {
    NotShort(RuleError),
    Failed(E),
}

impl<E: From<RuleError>> From<RuleError> for Stop<E> {
    fn from(e: RuleError) -> Stop<E> {
        if e.kind() == ErrorKind::Loopy {
            Stop::NotShort(e)
        } else {
            Stop::Failed(E::from(e))
        }
    }
}

impl<E: From<RuleError>> Stop<E> {
    fn into_error(self) -> E {
        match self {
            Stop::NotShort(e) => E::from(e),
            Stop::Failed(e) => e,
        }
    }
}

/// What a recursion computes: the value `how` asks for, and whether
/// elements are valued by `GameValue` (a loopy element then ends it as not
/// short) or by `element_value`.
#[derive(Clone, Copy)]
struct Mode {
    how: Reduction,
    loopy_elements: bool,
}

impl Mode {
    fn with(self, how: Reduction) -> Mode {
        Mode { how, ..self }
    }
}

/// The value of an element (not a position of an external class).
fn element<F: External>(front: &F, p: &F::Position, mode: Mode) -> Result<Valued, Stop<F::Error>> {
    if !mode.loopy_elements {
        return front.element_value(p, mode.how).map_err(Stop::Failed);
    }
    match front
        .element_game_value(p)
        .map_err(Stop::Failed)?
        .as_short()
    {
        Some(g) => Ok(Valued::reduced(g, mode.how)),
        None => Err(Stop::NotShort(RuleError::loopy())),
    }
}

/// The value of a position as `how` asks for it: the sum of its
/// components' values, each through its class's table (SCRIPTING 5.3).
/// The value of a memoised position is stored under its own key as well.
pub fn value<F: External>(front: &F, p: &F::Position, how: Reduction) -> Result<Valued, F::Error> {
    let mode = Mode {
        how,
        loopy_elements: false,
    };
    valued(front, p, mode).map_err(Stop::into_error)
}

/// [`value`], in a mode.
fn valued<F: External>(front: &F, p: &F::Position, mode: Mode) -> Result<Valued, Stop<F::Error>> {
    let how = mode.how;
    let Some(class) = front.class(p) else {
        return element(front, p, mode);
    };
    let memo = front.is_memoised(p);
    let key = front.key(p);
    if memo {
        if let Some(v) = class.table.get(&key, how) {
            return Ok(v);
        }
    }
    let Some(parts) = front.decomposition(p).map_err(Stop::Failed)? else {
        // Its own only component (looked up above already, stored there).
        return component(front, p, &class, key, mode, false);
    };
    let mut total = match how {
        Reduction::Canonical => Valued::Game(Game::ZERO),
        Reduction::Nim => Valued::Nim(0),
    };
    for part in &parts {
        let v = match front.class(part) {
            Some(c) => component(front, part, &c, front.key(part), mode, true)?,
            None => element(front, part, mode)?,
        };
        total = total + v;
    }
    if memo {
        class.table.store(key, total);
    }
    Ok(total)
}

/// The value of one component of class `class`, from its options (looked
/// up first when `look_up`).
fn component<F: External>(
    front: &F,
    p: &F::Position,
    class: &Class<'_, F::Key>,
    key: F::Key,
    mode: Mode,
    look_up: bool,
) -> Result<Valued, Stop<F::Error>> {
    let how = mode.how;
    let memo = front.is_memoised(p);
    if memo && look_up {
        if let Some(v) = class.table.get(&key, how) {
            return Ok(v);
        }
    }
    onag_core::interrupt::checkpoint();
    class.table.evaluate(&key, how, memo, || {
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            from_options(front, p, class.impartial, mode)
        })
    })
}

/// The value of a component from its options' values: the mex of their
/// nim values (impartial), or the canonical form of their canonical forms.
fn from_options<F: External>(
    front: &F,
    p: &F::Position,
    impartial: bool,
    mode: Mode,
) -> Result<Valued, Stop<F::Error>> {
    let how = mode.how;
    if impartial {
        let options = front.options(p, None).map_err(Stop::Failed)?;
        let mut seen = Vec::with_capacity(options.len());
        for o in &options {
            match valued(front, o, mode.with(Reduction::Nim))? {
                Valued::Nim(n) => seen.push(n),
                Valued::Game(g) => match g.as_nimber() {
                    Some(n) => seen.push(n),
                    None => return Err(Stop::Failed(front.not_impartial(p, o))),
                },
            }
        }
        return Ok(Valued::reduced(Game::nimber(mex(seen)), how));
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        for o in front.options(p, Some(player)).map_err(Stop::Failed)? {
            sides[k].push(valued(front, &o, mode.with(Reduction::Canonical))?.game());
        }
    }
    Ok(Valued::reduced(
        Game::from_options(&sides[0], &sides[1]),
        how,
    ))
}

/// `GameValue` of a position of a front end (LOOPY 4.1): its canonical
/// form as a sided value when the game is short (found as [`value`] finds
/// it, elements valued by [`External::element_game_value`]); when a
/// position repeats (or an element is not short), its value as a loopy
/// game, explored through the front end's options, decompositions and
/// depth hints. Loopy values are kept in the class tables
/// ([`ClassTable::game_value`]), short ones as canonical forms; the
/// exploration may be interrupted and is bounded by
/// [`POSITION_LIMIT`] positions per graph.
pub fn game_value<F>(front: &F, p: &F::Position) -> Result<SidedValue, F::Error>
where
    F: External,
    F::Position: Clone,
{
    let Some(class) = front.class(p) else {
        return front.element_game_value(p);
    };
    if front.is_memoised(p) {
        if let Some(v) = class.table.game_value(&front.key(p)) {
            return Ok(v);
        }
    }
    let mode = Mode {
        how: Reduction::Canonical,
        loopy_elements: true,
    };
    match valued(front, p, mode) {
        Ok(v) => return Ok(v.game().into()),
        Err(Stop::Failed(e)) => return Err(e),
        Err(Stop::NotShort(_)) => {}
    }
    let rules = Front {
        front,
        failure: RefCell::new(None),
        values: RefCell::new(Vec::new()),
    };
    let start = rules.node(p.clone());
    let mut ev = LoopyEvaluator::new(rules, POSITION_LIMIT);
    let found = ev.value(&start);
    if let Some(e) = ev.rules().failure.borrow_mut().take() {
        return Err(e);
    }
    let v = found.map_err(|e| F::Error::from(RuleError::from(e)))?;
    for (node, w) in ev.values() {
        if let Node::Position { pos, key, .. } = node {
            if let Some(c) = front.class(pos) {
                if front.is_memoised(pos) {
                    c.table.store_game_value(key.clone(), w.clone());
                }
            }
        }
    }
    Ok(v)
}

/// A vertex of a front end's game graph: a position of an external class
/// (identified by its class's table and its key), or an element whose
/// value is known (by its index among the values found).
#[derive(Clone)]
enum Node<K, P> {
    Position { table: usize, key: K, pos: P },
    Element(usize),
}

impl<K: Eq, P> PartialEq for Node<K, P> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (
                Node::Position { table, key, .. },
                Node::Position {
                    table: t, key: k, ..
                },
            ) => table == t && key == k,
            (Node::Element(i), Node::Element(j)) => i == j,
            _ => false,
        }
    }
}

impl<K: Eq, P> Eq for Node<K, P> {}

impl<K: Hash, P> Hash for Node<K, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Node::Position { table, key, .. } => {
                table.hash(state);
                key.hash(state);
            }
            Node::Element(i) => i.hash(state),
        }
    }
}

/// A front end as the core's loopy evaluator sees it; the first error of
/// the front end is kept to be returned as it is.
struct Front<'a, F: External> {
    front: &'a F,
    failure: RefCell<Option<F::Error>>,
    values: RefCell<Vec<SidedValue>>,
}

impl<F: External> Front<'_, F>
where
    F::Position: Clone,
{
    /// The node of a position or element (an element is valued now).
    fn node(&self, p: F::Position) -> Node<F::Key, F::Position> {
        match self.front.class(&p) {
            Some(c) => Node::Position {
                table: std::ptr::from_ref(c.table) as usize,
                key: self.front.key(&p),
                pos: p,
            },
            None => match self.front.element_game_value(&p) {
                Ok(v) => {
                    let mut values = self.values.borrow_mut();
                    values.push(v);
                    Node::Element(values.len() - 1)
                }
                Err(e) => {
                    self.failure.borrow_mut().get_or_insert(e);
                    self.values.borrow_mut().push(SidedValue::zero());
                    Node::Element(self.values.borrow().len() - 1)
                }
            },
        }
    }

    /// Keep the front end's error; the core stops with a placeholder.
    fn fail(&self, e: F::Error) -> LoopyError {
        self.failure.borrow_mut().get_or_insert(e);
        LoopyError::new("The game's definition failed.")
    }

    /// Stop when an element could not be valued.
    fn check(&self) -> Result<(), LoopyError> {
        match self.failure.borrow().is_some() {
            true => Err(LoopyError::new("The game's definition failed.")),
            false => Ok(()),
        }
    }
}

impl<F: External> LoopyRules for Front<'_, F>
where
    F::Position: Clone,
{
    type Position = Node<F::Key, F::Position>;

    fn options(
        &self,
        n: &Self::Position,
        who: loopy::Player,
    ) -> Result<Vec<Self::Position>, LoopyError> {
        let Node::Position { pos, .. } = n else {
            return Ok(Vec::new());
        };
        let impartial = self.front.class(pos).is_some_and(|c| c.impartial);
        let player = (!impartial).then(|| who.into());
        let options = self.front.options(pos, player).map_err(|e| self.fail(e))?;
        let nodes = options.into_iter().map(|o| self.node(o)).collect();
        self.check()?;
        Ok(nodes)
    }

    fn decompose(
        &self,
        n: &Self::Position,
    ) -> Result<Option<Vec<Part<Self::Position>>>, LoopyError> {
        let pos = match n {
            Node::Element(i) => {
                return Ok(Some(vec![Part::Value(self.values.borrow()[*i].clone())]))
            }
            Node::Position { pos, key, .. } => {
                if let Some(c) = self.front.class(pos) {
                    if self.front.is_memoised(pos) {
                        if let Some(v) = c.table.game_value(key) {
                            return Ok(Some(vec![Part::Value(v)]));
                        }
                    }
                }
                pos
            }
        };
        let Some(parts) = self.front.decomposition(pos).map_err(|e| self.fail(e))? else {
            return Ok(None);
        };
        let parts: Vec<_> = parts.into_iter().map(|q| self.node(q)).collect();
        self.check()?;
        if let [one] = parts.as_slice() {
            if one == n {
                return Ok(None);
            }
        }
        Ok(Some(
            parts
                .into_iter()
                .map(|q| match q {
                    Node::Element(i) => Part::Value(self.values.borrow()[i].clone()),
                    q => Part::Position(q),
                })
                .collect(),
        ))
    }

    fn depth_hint(&self, n: &Self::Position) -> i64 {
        match n {
            Node::Position { pos, .. } => match self.front.depth_hint(pos) {
                Ok(d) => d,
                Err(e) => {
                    self.failure.borrow_mut().get_or_insert(e);
                    0
                }
            },
            Node::Element(_) => 0,
        }
    }
}
