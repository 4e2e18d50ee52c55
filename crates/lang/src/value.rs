//! The values of the language and how they print (NOTATION section 4,
//! SCRIPTING section 7).
//!
//! Numbers are kept as exact rationals (with CGSuite's two infinities);
//! every canonical game that is a number is normalised to a number, so a
//! value has one representation and equality is structural (see
//! [`crate::order`]). Values are cheap to clone: anything larger than a
//! number is behind an `Rc`.

use crate::board::{Grid, Strip};
use crate::classes::{ClassRef, Instance};
use crate::interp::Closure;
pub use crate::list::List;
use crate::order::value_order;
use onag_core::game::{ConfusionInterval, Game, Thermograph, UptimalExpansion};
use onag_core::loopy::{OutcomeClass, SidedValue, Stopper};
use onag_core::nim::transfinite::TransfiniteNimber;
use onag_core::number::{Dyadic, Integer, Rational};
use onag_core::surreal::SurrealNumber;
use onag_rules::{AnyPosition, AnyRuleset, Periodicity};
use onag_rules::{Object, RulesetEntry};
use std::borrow::Cow;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

pub use onag_rules::Player;

/// A class as a value, with the object it was reached through (for a
/// nested class: `R.Position` is `Position` with `R` as its enclosing
/// object).
#[derive(Clone, Debug)]
pub struct ClassValue {
    /// The class.
    pub class: ClassRef,
    /// The enclosing object new instances get.
    pub enclosing: Option<Value>,
}

/// A value of the language.
#[derive(Clone)]
pub enum Value {
    /// CGScript's null: what an `if` without a taken branch or a `do` loop
    /// is worth.
    Nothing,
    /// `true` / `false`.
    Bool(bool),
    /// An exact number: integer, dyadic or other rational, or ±inf.
    Number(Rational),
    /// A surreal number that is not a rational: a generalized ordinal
    /// (`ω+1`) or another element of the field of SURREAL 3 (`1/ω`).
    /// Rationals are always [`Value::Number`], so a number has one
    /// representation (see [`Value::surreal`]).
    Surreal(Rc<SurrealNumber>),
    /// A nimber `*α` that is not a short game: α infinite, or too large
    /// for a short nimber (CGSuite's `TransfiniteNimber`, SURREAL 7.1).
    Transfinite(Rc<TransfiniteNimber>),
    /// A canonical short game that is not a number.
    Game(Game),
    /// A loopy value that is not a short game (LOOPY 1.5): a canonical
    /// stopper (`on`, `over`, `^[on]`), a stopper-sided value (`1 & 0`,
    /// `dud`) or a general sided value. Short games are always
    /// [`Value::Game`] or [`Value::Number`] (see [`Value::loopy`]).
    Loopy(Rc<SidedValue>),
    /// An explicit game `'{L | R}'`, or an ordinal sum with one (LOOPY
    /// 1.2, 4.5): a game object whose options are kept as written.
    Explicit(Rc<crate::explicit::Explicit>),
    /// A string (immutable).
    Str(Rc<str>),
    /// An outcome class: `L`, `R`, `N`, `P`, or for a loopy game one of
    /// `D`, `NHat`, `PHat`, `NCheck`, `PCheck` (LOOPY 2.10).
    Outcome(OutcomeClass),
    /// `Left` or `Right`.
    Player(Player),
    /// `(row, col)`, components within ±2^31 (SCRIPTING 7.2).
    Coordinates(i64, i64),
    /// A list (ranges are lists too): boxed values, or non-negative
    /// integers packed in narrow cells (nim-value sequences), which users
    /// cannot tell apart (see [`List`]).
    List(Rc<List>),
    /// Elements sorted in the universal order, without duplicates.
    Set(Rc<Vec<Value>>),
    /// Entries sorted by key in the universal order, keys unique.
    Map(Rc<Vec<(Value, Value)>>),
    /// One entry of a map: `.Key`, `.Value`; prints `k => v`.
    MapEntry(Rc<(Value, Value)>),
    /// `MutableList(...)`.
    MutableList(Rc<RefCell<Vec<Value>>>),
    /// `MutableSet(...)`: kept sorted and without duplicates.
    MutableSet(Rc<RefCell<Vec<Value>>>),
    /// `MutableMap(...)`: kept sorted by key.
    MutableMap(Rc<RefCell<Vec<(Value, Value)>>>),
    /// A function (a lambda with the frame it captured).
    Function(Rc<Closure>),
    /// A class object: `Integer`, `examples.Clobber.Position`.
    Class(Rc<ClassValue>),
    /// An instance of a class declared in CGScript (user classes, enum
    /// elements, singletons, library rulesets).
    Instance(Rc<Instance>),
    /// Text printed as is: `ToUnquotedOutput`, a `ToOutput` result, `Table`.
    Output(Rc<str>),
    /// A table of values (`Table(rows)`, `NimValueTable`), printed in rows.
    Table(Rc<Vec<Vec<Value>>>),
    /// A grid of small integers (`cgsuite.util.Grid`).
    Grid(Rc<Grid>),
    /// A strip of small integers (`cgsuite.util.Strip`).
    Strip(Rc<Strip>),
    /// A thermograph.
    Thermograph(Arc<Thermograph>),
    /// A confusion interval (`ConfusionInterval`, beyond CGSuite).
    Interval(Rc<ConfusionInterval>),
    /// An uptimal expansion, `x.d1d2...`.
    Uptimal(Rc<UptimalExpansion>),
    /// A position of a built-in ruleset, such as `Domineering("..|..")`.
    Position(Rc<dyn AnyPosition>),
    /// A built-in ruleset, callable on a position: `Domineering`, `Kayles`,
    /// `TakeAndBreak("0.77")`.
    Ruleset(Rc<dyn AnyRuleset>),
    /// A family of built-in rulesets, callable on its parameters:
    /// `GenClobber`, `TakeAndBreak`, `Subtraction`.
    Schema(&'static RulesetEntry),
    /// A graph (as made by `Graph.Path(n)`).
    Object(Rc<dyn Object>),
    /// A vertex of a graph (`g[1]`, `g.Vertices`): the graph and the
    /// vertex's index (from 0).
    Vertex(Rc<(Rc<dyn Object>, usize)>),
    /// An edge of a graph (`g.Edges`, `g[1][1]`): the graph and the edge's
    /// index in its creation order.
    Edge(Rc<(Rc<dyn Object>, usize)>),
    /// The result of `CheckPeriodicity`.
    Periodicity(Periodicity),
    /// A picture drawn with text (`G.Tree(2)`, `P.Board`), printed as is.
    Picture(Rc<str>),
    /// A package name: `game`, `game.grid`, `examples`.
    Package(Rc<str>),
    /// A script file (a `.cgs` file without a class), called with `()`.
    Script(Rc<crate::classes::Script>),
    /// A misère canonical impartial game `*[...]` (MISERE 3), class
    /// `game.misere.MisereCanonicalGame`.
    Misere(onag_core::misere::Misere),
    /// A misère quotient of a heap ruleset (MISERE 11), class
    /// `game.heap.MisereQuotient`.
    MisereQuotient(Rc<onag_core::misere::quotient::MisereQuotient>),
}

impl Value {
    /// A game, normalised to a number when it is one.
    pub fn game(g: Game) -> Value {
        match g.as_number() {
            Some(x) => Value::Number(Rational::from(x)),
            None => Value::Game(g),
        }
    }

    /// A loopy value, re-classified: a short game is a [`Value::Game`] or
    /// a [`Value::Number`], anything else a [`Value::Loopy`].
    pub fn loopy(v: SidedValue) -> Value {
        match v.as_short() {
            Some(g) => Value::game(g),
            None => Value::Loopy(Rc::new(v)),
        }
    }

    /// The loopy value this value is: a short game or number as a
    /// stopper, a loopy value as itself.
    pub fn as_sided(&self) -> Option<Cow<'_, SidedValue>> {
        match self {
            Value::Loopy(v) => Some(Cow::Borrowed(v)),
            other => other.as_game().map(|g| Cow::Owned(SidedValue::from(g))),
        }
    }

    /// The canonical stopper this value is (short games included).
    pub fn as_stopper(&self) -> Option<Stopper> {
        self.as_sided().and_then(|v| v.as_stopper())
    }

    /// An element of the surreal field, re-classified: a rational (or
    /// `±inf`) is a [`Value::Number`], anything else a [`Value::Surreal`].
    pub fn surreal(x: SurrealNumber) -> Value {
        match x.to_rational() {
            Some(r) => Value::Number(r),
            None => Value::Surreal(Rc::new(x)),
        }
    }

    /// The element of the surreal field this value is (rationals, `±inf`,
    /// generalized ordinals and quotients), if any; a quotient is borrowed,
    /// not copied.
    pub fn as_surreal(&self) -> Option<Cow<'_, SurrealNumber>> {
        match self {
            Value::Number(r) => Some(Cow::Owned(SurrealNumber::from_rational(r.clone()))),
            Value::Surreal(x) => Some(Cow::Borrowed(x)),
            _ => None,
        }
    }

    /// An integer.
    pub fn integer(n: impl Into<Integer>) -> Value {
        Value::Number(Rational::from(n.into()))
    }

    /// A dyadic rational.
    pub fn dyadic(x: Dyadic) -> Value {
        Value::Number(Rational::from(x))
    }

    /// A list.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(List::boxed(items)))
    }

    /// A list of the non-negative integers of a packed window, kept packed.
    pub fn packed_list(values: onag_core::packed::PackedSlice) -> Value {
        Value::List(Rc::new(List::packed(values)))
    }

    /// A string.
    pub fn str(s: &str) -> Value {
        Value::Str(s.into())
    }

    /// A set: sorts and removes duplicates.
    pub fn set(items: Vec<Value>) -> Value {
        Value::Set(Rc::new(normalise_set(items)))
    }

    /// A map: sorted by key, a later entry replacing an earlier one with an
    /// equal key.
    pub fn map(entries: Vec<(Value, Value)>) -> Value {
        Value::Map(Rc::new(normalise_map(entries)))
    }

    /// The short game this value denotes, if any (dyadic numbers, games and
    /// built-in positions).
    pub fn as_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Position(p) => p.canonical_form().ok(),
            Value::Number(r) => r.to_dyadic().map(Game::number),
            _ => None,
        }
    }

    /// The integer this value is, if it is one.
    pub fn as_integer(&self) -> Option<Integer> {
        match self {
            Value::Number(r) => r.to_integer(),
            _ => None,
        }
    }

    /// The integer this value is, if it fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(r) => r.to_i64(),
            _ => None,
        }
    }

    /// The short name of the value's class, for summaries (`Integer`,
    /// `CanonicalShortGame`, `List`, a user class's name).
    pub fn kind(&self) -> String {
        match self {
            Value::Instance(i) => i.class.name.to_string(),
            other => crate::classes::builtin::builtin_of(other)
                .map_or_else(|| "Object".to_string(), |b| b.name().to_string()),
        }
    }

    /// True for mutable values: mutable collections and instances of
    /// mutable classes (never memoised, never stored in immutable objects).
    pub fn is_mutable(&self) -> bool {
        match self {
            Value::MutableList(_) | Value::MutableSet(_) | Value::MutableMap(_) => true,
            Value::Instance(i) => i.class.flags.mutable,
            _ => false,
        }
    }

    /// The elements of an immutable collection (lists, sets), or None.
    pub fn elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(v) => Some(v.items()),
            Value::Set(v) => Some(v),
            _ => None,
        }
    }
}

/// Sorts in the universal order and removes duplicates.
pub fn normalise_set(mut items: Vec<Value>) -> Vec<Value> {
    items.sort_by(value_order);
    items.dedup_by(|a, b| value_order(a, b) == Ordering::Equal);
    items
}

/// Sorts by key in the universal order; of entries with equal keys the
/// last one written stays.
pub fn normalise_map(mut entries: Vec<(Value, Value)>) -> Vec<(Value, Value)> {
    // A stable sort keeps entries with equal keys in the order written.
    entries.sort_by(|a, b| value_order(&a.0, &b.0));
    // Of equal keys the last written wins: it takes the place of the
    // one kept before it.
    entries.dedup_by(|later, kept| {
        let equal = value_order(&later.0, &kept.0) == Ordering::Equal;
        if equal {
            std::mem::swap(later, kept);
        }
        equal
    });
    entries
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Value {
    /// The value as CGSuite prints it. Instances of classes with a
    /// `ToOutput` method are printed by running it (errors shown inline);
    /// [`crate::Interp::render`] reports such errors instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::write_value(f, self)
    }
}
