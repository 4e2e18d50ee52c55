//! Rulesets given by option functions, whose positions are sums of small
//! keys (a heap size `n`, or a pair `(m, n)`): the heap and coordinate
//! rulesets of RULESETS 4.3 and 4.7-4.9 and the recursive heap rulesets of
//! 4.4. The options of a key are lists of keys whose sum is the option.
//!
//! These rulesets plug into the evaluators like any game: a sum of keys is
//! a [`KeySum`], whose components are its keys, valued by an
//! [`Evaluator`] or [`NimEvaluator`] with a [`LocalTable`] owned by the
//! ruleset value (rules given by user functions cannot be shared between
//! threads). Impartial values are nim values by mex and XOR (RULESETS
//! 4.4); partizan values are canonical forms of sums.
//!
//! A key reached again while it is still being evaluated means the rules
//! are loopy: `Those HeapRules specify a loopy game.` (RULESETS 4.2.6).
//! Evaluations nested deeper than [`MAX_DEPTH`] are an error instead of an
//! endless computation.

use super::error::{RuleError, RuleResult};
use super::evaluator::Evaluator;
use super::game::{ImpartialGame, PartizanGame};
use super::kind::HeapRules;
use super::nim::NimEvaluator;
use super::position::Player;
use super::ruleset::AnyPosition;
use super::table::{Busy, LocalTable, Refusal};
use onag_core::game::Game;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

pub use super::table::MAX_DEPTH;

/// A coordinate pair `(m, n)`.
pub type Pair = (u64, u64);

/// The largest heap or coordinate whose options are listed one by one
/// (beyond it, listing them would exhaust memory).
pub const MAX_LISTED: u64 = 1 << 24;

/// An error if options numbering about `n` are too many to list.
pub fn check_listable(what: &str, n: u64) -> RuleResult<()> {
    if n > MAX_LISTED {
        return Err(RuleError::too_large(format!(
            "{what}: {n} is too large (options are listed up to {MAX_LISTED})"
        )));
    }
    Ok(())
}

/// CGSuite's message for heap rules whose options lead back to a heap
/// still being evaluated (RULESETS 4.2.6, 4.4).
pub const LOOPY: &str = "Those HeapRules specify a loopy game.";

/// The error of rules whose positions can repeat (RULESETS 4.2.6).
pub fn loopy() -> RuleError {
    RuleError::loop_found(LOOPY)
}

/// How the tables of these rulesets word a refusal: a loop is CGSuite's
/// loopy heap rules.
fn refusal<K>(_: &K, busy: Busy) -> RuleError {
    match busy {
        Busy::Loop => loopy(),
        Busy::TooDeep(n) => RuleError::too_large(format!(
            "The positions reachable from here go more than {n} moves deep"
        )),
    }
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
    /// The option lists of key `k`.
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

/// The moves of a keyed ruleset: Left's and Right's rules (the same for
/// an impartial ruleset), and the key whose value is 0 whatever its options
/// (heap 0 of a heap ruleset, RULESETS 4.4).
pub struct Moves<K> {
    left: Rc<dyn Rules<K>>,
    right: Rc<dyn Rules<K>>,
    zero: Option<K>,
}

/// A sum of keys of one ruleset, as the evaluators see it. Equality and
/// hashing look at the keys only: every sum in one table has the same
/// moves.
#[derive(Clone)]
pub struct KeySum<K> {
    moves: Rc<Moves<K>>,
    /// The keys, ascending.
    parts: Vec<K>,
}

impl<K: Key> KeySum<K> {
    fn new(moves: &Rc<Moves<K>>, mut parts: Vec<K>) -> Self {
        parts.sort_unstable();
        KeySum {
            moves: moves.clone(),
            parts,
        }
    }

    /// The sums `rules` lets a player move to: one key replaced by one of
    /// its option lists.
    fn moves_by(&self, rules: &dyn Rules<K>) -> RuleResult<Vec<Self>> {
        let mut out = Vec::new();
        for (i, &k) in self.parts.iter().enumerate() {
            for o in rules.options(k)? {
                let mut parts = self.parts.clone();
                parts.remove(i);
                parts.extend(o);
                out.push(KeySum::new(&self.moves, parts));
            }
        }
        Ok(out)
    }

    /// The keys, ascending.
    pub fn parts(&self) -> &[K] {
        &self.parts
    }

    fn keys(&self) -> Vec<Self> {
        self.parts
            .iter()
            .filter(|&&k| Some(k) != self.moves.zero)
            .map(|&k| KeySum::new(&self.moves, vec![k]))
            .collect()
    }
}

impl<K: PartialEq> PartialEq for KeySum<K> {
    fn eq(&self, other: &Self) -> bool {
        self.parts == other.parts
    }
}

impl<K: Eq> Eq for KeySum<K> {}

impl<K: Hash> Hash for KeySum<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.parts.hash(state);
    }
}

impl<K: Key> ImpartialGame for KeySum<K> {
    type Error = RuleError;

    fn options(&self) -> RuleResult<Vec<Self>> {
        self.moves_by(&*self.moves.left)
    }

    /// The keys, without the key fixed at 0.
    fn components(&self) -> RuleResult<Vec<Self>> {
        Ok(self.keys())
    }
}

impl<K: Key> PartizanGame for KeySum<K> {
    type Error = RuleError;

    fn options(&self, player: Player) -> RuleResult<Vec<Self>> {
        match player {
            Player::Left => self.moves_by(&*self.moves.left),
            Player::Right => self.moves_by(&*self.moves.right),
        }
    }

    fn components(&self) -> RuleResult<Vec<Self>> {
        Ok(self.keys())
    }
}

/// A native computation of nim values: `None` where it does not apply.
pub type Shortcut<K> = Box<dyn Fn(K) -> Option<u64>>;

/// An impartial ruleset on keys `K`, with the table of its nim values.
pub struct ImpartialKeys<K: Key> {
    /// The ruleset as printed, also the prefix of its positions.
    pub name: String,
    /// The options of a key.
    pub rules: Rc<dyn Rules<K>>,
    moves: Rc<Moves<K>>,
    /// A faster way to the values of some keys (a native table), tried
    /// first.
    shortcut: Option<Shortcut<K>>,
    eval: NimEvaluator<KeySum<K>, LocalTable<KeySum<K>, u64>>,
}

impl<K: Key> ImpartialKeys<K> {
    fn make(
        name: String,
        rules: Rc<dyn Rules<K>>,
        zero: Option<K>,
        shortcut: Option<Shortcut<K>>,
        refusal: Refusal<KeySum<K>>,
    ) -> Rc<Self> {
        Rc::new(ImpartialKeys {
            name,
            moves: Rc::new(Moves {
                left: rules.clone(),
                right: rules.clone(),
                zero,
            }),
            rules,
            shortcut,
            eval: NimEvaluator::with_table(LocalTable::new(refusal)),
        })
    }

    /// The ruleset `name` with these options.
    pub fn new(name: String, rules: Rc<dyn Rules<K>>) -> Rc<Self> {
        Self::make(name, rules, None, None, refusal)
    }

    /// A ruleset whose values `shortcut` computes natively where it can
    /// (they must equal the values by mex over `rules`).
    pub fn with_shortcut(name: String, rules: Rc<dyn Rules<K>>, shortcut: Shortcut<K>) -> Rc<Self> {
        Self::make(name, rules, None, Some(shortcut), refusal)
    }

    /// A ruleset whose key `zero` (if any) has nim value 0, and whose
    /// loops and runaway evaluations `refusal` words (a heap ruleset,
    /// RULESETS 4.4).
    pub fn with_refusal(
        name: String,
        rules: Rc<dyn Rules<K>>,
        zero: Option<K>,
        refusal: Refusal<KeySum<K>>,
    ) -> Rc<Self> {
        Self::make(name, rules, zero, None, refusal)
    }

    /// The nim value of one key: the mex of its options' values.
    pub fn nim_value(&self, k: K) -> RuleResult<u64> {
        if let Some(v) = self.shortcut.as_ref().and_then(|f| f(k)) {
            return Ok(v);
        }
        self.eval.nim_value(&KeySum::new(&self.moves, vec![k]))
    }

    /// The nim value of a sum of keys: the XOR of theirs.
    pub fn sum_value(&self, parts: &[K]) -> RuleResult<u64> {
        parts
            .iter()
            .try_fold(0, |acc, &k| Ok(acc ^ self.nim_value(k)?))
    }
}

/// A partizan ruleset on keys `K`: Left's and Right's rules, and the table
/// of canonical forms.
pub struct PartizanKeys<K: Key> {
    /// The ruleset as printed, also the prefix of its positions.
    pub name: String,
    moves: Rc<Moves<K>>,
    eval: Evaluator<KeySum<K>, LocalTable<KeySum<K>, Game>>,
}

impl<K: Key> PartizanKeys<K> {
    /// The ruleset `name`: Left moves by `left`, Right by `right`.
    pub fn new(name: String, left: Rc<dyn Rules<K>>, right: Rc<dyn Rules<K>>) -> Rc<Self> {
        Rc::new(PartizanKeys {
            name,
            moves: Rc::new(Moves {
                left,
                right,
                zero: None,
            }),
            eval: Evaluator::with_table(LocalTable::new(refusal)),
        })
    }

    /// The canonical form of one key.
    pub fn value(&self, k: K) -> RuleResult<Game> {
        self.sum_value(&[k])
    }

    /// The canonical form of a sum of keys.
    pub fn sum_value(&self, parts: &[K]) -> RuleResult<Game> {
        self.eval
            .canonical_form(&KeySum::new(&self.moves, parts.to_vec()))
    }
}

/// Either kind of ruleset, as seen by a position.
pub enum Keys<K: Key> {
    /// An impartial ruleset.
    Impartial(Rc<ImpartialKeys<K>>),
    /// A partizan ruleset.
    Partizan(Rc<PartizanKeys<K>>),
}

impl<K: Key> Clone for Keys<K> {
    fn clone(&self) -> Self {
        match self {
            Keys::Impartial(g) => Keys::Impartial(g.clone()),
            Keys::Partizan(g) => Keys::Partizan(g.clone()),
        }
    }
}

impl<K: Key> Keys<K> {
    fn name(&self) -> &str {
        match self {
            Keys::Impartial(g) => &g.name,
            Keys::Partizan(g) => &g.name,
        }
    }

    fn moves(&self) -> &Rc<Moves<K>> {
        match self {
            Keys::Impartial(g) => &g.moves,
            Keys::Partizan(g) => &g.moves,
        }
    }
}

/// A position of such a ruleset: a sum of keys, printed
/// `R(6) + R(2)` (and `0` for the empty sum).
pub struct SumPosition<K: Key> {
    keys: Keys<K>,
    parts: Vec<K>,
}

/// A position of `keys`: the sum of `parts`.
pub fn position<K: Key>(keys: Keys<K>, mut parts: Vec<K>) -> Rc<dyn AnyPosition> {
    parts.sort_unstable();
    Rc::new(SumPosition { keys, parts })
}

impl<K: Key> AnyPosition for SumPosition<K> {
    fn display(&self) -> String {
        if self.parts.is_empty() {
            return "0".to_string();
        }
        let name = self.keys.name();
        self.parts
            .iter()
            .map(|k| format!("{name}({})", k.text()))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        let sum = KeySum::new(self.keys.moves(), self.parts.clone());
        let opts = match &self.keys {
            Keys::Impartial(_) => ImpartialGame::options(&sum)?,
            Keys::Partizan(_) => PartizanGame::options(&sum, player)?,
        };
        Ok(opts
            .into_iter()
            .map(|o| position(self.keys.clone(), o.parts))
            .collect())
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        match &self.keys {
            Keys::Impartial(g) => Ok(Game::nimber(g.sum_value(&self.parts)?)),
            Keys::Partizan(g) => g.sum_value(&self.parts),
        }
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        match &self.keys {
            Keys::Impartial(g) => Some(g.sum_value(&self.parts)),
            Keys::Partizan(_) => None,
        }
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .parts
            .iter()
            .map(|&k| position(self.keys.clone(), vec![k]))
            .collect())
    }
}

/// An argument as written in a ruleset's printed name, in the language's
/// syntax: `[1,3]`, `{1,2}`, `(2,3)`, `"0.7"`, `Kayles`.
pub fn arg_text(a: &super::args::Arg) -> String {
    use super::args::Arg;
    let join = |v: &[Arg]| v.iter().map(arg_text).collect::<Vec<_>>().join(",");
    match a {
        Arg::List(v) => format!("[{}]", join(v)),
        Arg::Set(v) => format!("{{{}}}", join(v)),
        Arg::Tuple(v) => format!("({})", join(v)),
        Arg::Ruleset(r) => r.name(),
        other => format!("{other:?}"),
    }
}
