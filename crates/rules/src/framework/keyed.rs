//! The engine shared by the heap and coordinate rulesets of RULESETS 4.3 and
//! 4.7–4.9: a position is a sum of small keys (a heap size `n`, or a pair
//! `(m, n)`), the options of a key are lists of keys whose sum is the option,
//! and values are computed from options with a memo table owned by the
//! ruleset instance.
//!
//! Rulesets defined by user functions (`GenWythoff(f)`, `GenMem(pred)`,
//! `CoordinateRuleset(fn)`) cannot be shared between threads, so these
//! rulesets do not use the process-wide evaluators: each ruleset value keeps
//! its own table. Impartial values are nim values by mex and XOR (RULESETS
//! 4.4); partizan values are canonical forms `{L | R}` of sums.
//!
//! A key reached again while it is still being computed means the rules are
//! loopy; that is reported as `Those HeapRules specify a loopy game.`
//! (RULESETS 4.2.6), and recursion deeper than [`MAX_DEPTH`] is an error
//! instead of an endless computation.

use crate::framework::error::{RuleError, RuleResult};
use crate::framework::kind::HeapRules;
use crate::framework::nim::mex;
use crate::framework::position::Player;
use crate::framework::ruleset::AnyPosition;
use onag_core::game::Game;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::Hash;
use std::rc::Rc;

/// A coordinate pair `(m, n)`.
pub type Pair = (u64, u64);

/// The deepest chain of positions under evaluation before giving up.
pub const MAX_DEPTH: usize = 100_000;

/// The largest heap or coordinate whose options are listed one by one
/// (beyond it, listing them would exhaust memory).
pub const MAX_LISTED: u64 = 1 << 24;

/// An error if options numbering about `n` are too many to list.
pub fn check_listable(what: &str, n: u64) -> RuleResult<()> {
    if n > MAX_LISTED {
        return Err(RuleError::new(format!(
            "{what}: {n} is too large (options are listed up to {MAX_LISTED})"
        )));
    }
    Ok(())
}

/// The error of rules whose positions can repeat (RULESETS 4.2.6).
pub fn loopy() -> RuleError {
    RuleError::new("Those HeapRules specify a loopy game.")
}

/// A component of a position: a heap size or a coordinate pair.
pub trait Key: Copy + Eq + Hash + Ord + Debug + 'static {
    /// As written inside the ruleset's parentheses: `6`, `(8,8)`.
    fn text(&self) -> String;
}

impl Key for u64 {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Key for Pair {
    fn text(&self) -> String {
        format!("({},{})", self.0, self.1)
    }
}

/// Rules giving the options of one key: each option a list of keys whose
/// sum is the option (the empty list is 0), in the ruleset's order.
pub trait Rules<K> {
    fn options(&self, k: K) -> RuleResult<Vec<Vec<K>>>;
}

/// The coordinate options of a coordinate ruleset (RULESETS 4.8).
pub trait CoordRules: Rules<Pair> {}
impl<T: Rules<Pair> + ?Sized> CoordRules for T {}

/// A heap ruleset's options as [`Rules`] on heap sizes.
pub struct HeapAdapter(pub Rc<dyn HeapRules>);

impl Rules<u64> for HeapAdapter {
    fn options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        self.0.heap_options(n)
    }
}

/// The values computed so far, and the keys under evaluation.
struct Memo<K, V> {
    done: RefCell<FxHashMap<K, V>>,
    active: RefCell<FxHashSet<K>>,
}

/// Removes a key from the active set when its evaluation ends, even by an
/// unwinding interrupt.
struct Active<'a, K: Key>(&'a RefCell<FxHashSet<K>>, K);

impl<K: Key> Drop for Active<'_, K> {
    fn drop(&mut self) {
        self.0.borrow_mut().remove(&self.1);
    }
}

impl<K: Key, V: Copy> Memo<K, V> {
    fn new() -> Self {
        Memo {
            done: RefCell::new(FxHashMap::default()),
            active: RefCell::new(FxHashSet::default()),
        }
    }

    fn get_or(&self, k: K, compute: impl FnOnce() -> RuleResult<V>) -> RuleResult<V> {
        if let Some(&v) = self.done.borrow().get(&k) {
            return Ok(v);
        }
        {
            let mut active = self.active.borrow_mut();
            if active.len() >= MAX_DEPTH {
                return Err(RuleError::new(format!(
                    "The positions reachable from here go more than {MAX_DEPTH} moves deep"
                )));
            }
            if !active.insert(k) {
                return Err(loopy());
            }
        }
        let _guard = Active(&self.active, k);
        onag_core::interrupt::checkpoint();
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, compute)?;
        self.done.borrow_mut().insert(k, v);
        Ok(v)
    }
}

/// An impartial ruleset on keys `K`, with its memo of nim values.
pub struct ImpartialGame<K: Key> {
    /// The ruleset as printed, also the prefix of its positions.
    pub name: String,
    pub rules: Rc<dyn Rules<K>>,
    /// Whether key `K::default`-like heap 0 has value 0 without looking at
    /// its options (heap rulesets, RULESETS 4.4).
    zero_fixed: Option<K>,
    /// A faster way to some values (a native table), tried first.
    shortcut: Option<Shortcut<K>>,
    memo: Memo<K, u64>,
}

/// A native computation of nim values: `None` where it does not apply.
pub type Shortcut<K> = Box<dyn Fn(K) -> Option<u64>>;

impl<K: Key> ImpartialGame<K> {
    pub fn new(name: String, rules: Rc<dyn Rules<K>>) -> Rc<Self> {
        Rc::new(ImpartialGame {
            name,
            rules,
            zero_fixed: None,
            shortcut: None,
            memo: Memo::new(),
        })
    }

    /// A ruleset whose values `shortcut` computes natively where it can
    /// (they must equal the values by mex over `rules`).
    pub fn with_shortcut(name: String, rules: Rc<dyn Rules<K>>, shortcut: Shortcut<K>) -> Rc<Self> {
        Rc::new(ImpartialGame {
            name,
            rules,
            zero_fixed: None,
            shortcut: Some(shortcut),
            memo: Memo::new(),
        })
    }

    /// A heap ruleset: heap `zero` is fixed at nim value 0.
    pub fn with_fixed_zero(name: String, rules: Rc<dyn Rules<K>>, zero: K) -> Rc<Self> {
        Rc::new(ImpartialGame {
            name,
            rules,
            zero_fixed: Some(zero),
            shortcut: None,
            memo: Memo::new(),
        })
    }

    /// The nim value of one key: the mex of its options' values.
    pub fn nim_value(&self, k: K) -> RuleResult<u64> {
        if self.zero_fixed == Some(k) {
            return Ok(0);
        }
        if let Some(v) = self.shortcut.as_ref().and_then(|f| f(k)) {
            return Ok(v);
        }
        self.memo.get_or(k, || {
            let opts = self.rules.options(k)?;
            let mut values = Vec::with_capacity(opts.len());
            for o in &opts {
                values.push(self.sum_value(o)?);
            }
            Ok(mex(values))
        })
    }

    /// The nim value of a sum of keys: the XOR of theirs.
    pub fn sum_value(&self, parts: &[K]) -> RuleResult<u64> {
        parts
            .iter()
            .try_fold(0, |acc, &k| Ok(acc ^ self.nim_value(k)?))
    }
}

/// A partizan ruleset on keys `K`: Left's and Right's rules, and the memo of
/// canonical forms.
pub struct PartizanGame<K: Key> {
    pub name: String,
    pub left: Rc<dyn Rules<K>>,
    pub right: Rc<dyn Rules<K>>,
    memo: Memo<K, Game>,
}

impl<K: Key> PartizanGame<K> {
    pub fn new(name: String, left: Rc<dyn Rules<K>>, right: Rc<dyn Rules<K>>) -> Rc<Self> {
        Rc::new(PartizanGame {
            name,
            left,
            right,
            memo: Memo::new(),
        })
    }

    /// The option lists of `player` from one key.
    pub fn options(&self, player: Player, k: K) -> RuleResult<Vec<Vec<K>>> {
        match player {
            Player::Left => self.left.options(k),
            Player::Right => self.right.options(k),
        }
    }

    /// The canonical form of one key.
    pub fn value(&self, k: K) -> RuleResult<Game> {
        self.memo.get_or(k, || {
            let mut sides = [Vec::new(), Vec::new()];
            for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
                for o in self.options(player, k)? {
                    side.push(self.sum_value(&o)?);
                }
            }
            Ok(Game::from_options(&sides[0], &sides[1]))
        })
    }

    /// The canonical form of a sum of keys.
    pub fn sum_value(&self, parts: &[K]) -> RuleResult<Game> {
        parts
            .iter()
            .try_fold(Game::ZERO, |acc, &k| Ok(acc + self.value(k)?))
    }
}

/// Either kind of ruleset, as seen by a position.
pub enum Table<K: Key> {
    Impartial(Rc<ImpartialGame<K>>),
    Partizan(Rc<PartizanGame<K>>),
}

impl<K: Key> Clone for Table<K> {
    fn clone(&self) -> Self {
        match self {
            Table::Impartial(g) => Table::Impartial(g.clone()),
            Table::Partizan(g) => Table::Partizan(g.clone()),
        }
    }
}

impl<K: Key> Table<K> {
    fn name(&self) -> &str {
        match self {
            Table::Impartial(g) => &g.name,
            Table::Partizan(g) => &g.name,
        }
    }
}

/// A position of such a ruleset: a sum of keys, printed
/// `R(6) + R(2)` (and `0` for the empty sum).
pub struct SumPosition<K: Key> {
    pub table: Table<K>,
    pub parts: Vec<K>,
}

/// A position of `table`: the sum of `parts`.
pub fn position<K: Key>(table: Table<K>, mut parts: Vec<K>) -> Rc<dyn AnyPosition> {
    parts.sort_unstable();
    Rc::new(SumPosition { table, parts })
}

impl<K: Key> AnyPosition for SumPosition<K> {
    fn display(&self) -> String {
        if self.parts.is_empty() {
            return "0".to_string();
        }
        let name = self.table.name();
        self.parts
            .iter()
            .map(|k| format!("{name}({})", k.text()))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        let mut out = Vec::new();
        for (i, &k) in self.parts.iter().enumerate() {
            let opts = match &self.table {
                Table::Impartial(g) => g.rules.options(k)?,
                Table::Partizan(g) => g.options(player, k)?,
            };
            for o in opts {
                let mut parts = self.parts.clone();
                parts.remove(i);
                parts.extend(o);
                out.push(position(self.table.clone(), parts));
            }
        }
        Ok(out)
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        match &self.table {
            Table::Impartial(g) => Ok(Game::nimber(g.sum_value(&self.parts)?)),
            Table::Partizan(g) => g.sum_value(&self.parts),
        }
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        match &self.table {
            Table::Impartial(g) => Some(g.sum_value(&self.parts)),
            Table::Partizan(_) => None,
        }
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .parts
            .iter()
            .map(|&k| position(self.table.clone(), vec![k]))
            .collect())
    }
}

/// An argument as written in a ruleset's printed name, in the language's
/// syntax: `[1,3]`, `{1,2}`, `(2,3)`, `"0.7"`, `Kayles`.
pub fn arg_text(a: &crate::framework::args::Arg) -> String {
    use crate::framework::args::Arg;
    let join = |v: &[Arg]| v.iter().map(arg_text).collect::<Vec<_>>().join(",");
    match a {
        Arg::List(v) => format!("[{}]", join(v)),
        Arg::Set(v) => format!("{{{}}}", join(v)),
        Arg::Tuple(v) => format!("({})", join(v)),
        Arg::Ruleset(r) => r.name(),
        other => format!("{other:?}"),
    }
}
