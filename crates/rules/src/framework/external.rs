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

use super::error::RuleError;
use super::nim::mex;
use super::position::Player;
use super::table::{Busy, LocalTable, Pending, Table};
use onag_core::game::Game;
use std::hash::Hash;

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
}

impl<K: Hash + Eq + Clone> Default for ClassTable<K> {
    fn default() -> Self {
        ClassTable {
            canonical: LocalTable::new(refusal_canonical),
            nim: LocalTable::new(refusal_nim),
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

    /// The number of values stored (canonical forms and nim values).
    pub fn len(&self) -> usize {
        self.canonical.len() + self.nim.len()
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
}

/// The value of a position as `how` asks for it: the sum of its
/// components' values, each through its class's table (SCRIPTING 5.3).
/// The value of a memoised position is stored under its own key as well.
pub fn value<F: External>(front: &F, p: &F::Position, how: Reduction) -> Result<Valued, F::Error> {
    let Some(class) = front.class(p) else {
        return front.element_value(p, how);
    };
    let memo = front.is_memoised(p);
    let key = front.key(p);
    if memo {
        if let Some(v) = class.table.get(&key, how) {
            return Ok(v);
        }
    }
    let Some(parts) = front.decomposition(p)? else {
        // Its own only component (looked up above already, stored there).
        return component(front, p, &class, key, how, false);
    };
    let mut total = match how {
        Reduction::Canonical => Valued::Game(Game::ZERO),
        Reduction::Nim => Valued::Nim(0),
    };
    for part in &parts {
        let v = match front.class(part) {
            Some(c) => component(front, part, &c, front.key(part), how, true)?,
            None => front.element_value(part, how)?,
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
    how: Reduction,
    look_up: bool,
) -> Result<Valued, F::Error> {
    let memo = front.is_memoised(p);
    if memo && look_up {
        if let Some(v) = class.table.get(&key, how) {
            return Ok(v);
        }
    }
    onag_core::interrupt::checkpoint();
    class.table.evaluate(&key, how, memo, || {
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            from_options(front, p, class.impartial, how)
        })
    })
}

/// The value of a component from its options' values: the mex of their
/// nim values (impartial), or the canonical form of their canonical forms.
fn from_options<F: External>(
    front: &F,
    p: &F::Position,
    impartial: bool,
    how: Reduction,
) -> Result<Valued, F::Error> {
    if impartial {
        let options = front.options(p, None)?;
        let mut seen = Vec::with_capacity(options.len());
        for o in &options {
            match value(front, o, Reduction::Nim)? {
                Valued::Nim(n) => seen.push(n),
                Valued::Game(g) => match g.as_nimber() {
                    Some(n) => seen.push(n),
                    None => return Err(front.not_impartial(p, o)),
                },
            }
        }
        return Ok(Valued::reduced(Game::nimber(mex(seen)), how));
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        for o in front.options(p, Some(player))? {
            sides[k].push(value(front, &o, Reduction::Canonical)?.game());
        }
    }
    Ok(Valued::reduced(
        Game::from_options(&sides[0], &sides[1]),
        how,
    ))
}
