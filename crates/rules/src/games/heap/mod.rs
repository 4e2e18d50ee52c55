//! Heap rulesets (RULESETS 4): impartial games played on heaps of tokens,
//! defined by the option lists of a heap of each size.
//!
//! A position is a multiset of heaps (a sum), so the options of a heap,
//! which are sums of heaps, are positions too. Its nim value is the XOR of
//! the heaps' values g(n) from the ruleset's nim-value sequence (RULESETS
//! 4.4), never the mex of its options. Rulesets built from a take-and-break
//! code ([`code`]) compute their sequences with the fast methods of
//! `sequence` and share them per normal form; spawning codes
//! compute option values without listing the options (see [`spawning`](mod@spawning)); any other
//! [`HeapRules`] (user functions, joins, products) is evaluated by the
//! recursive mex of 4.4, with CGSuite's loop detection.

pub mod code;
pub mod functional;
pub mod partizan;
pub mod periodicity;
pub(crate) mod sequence;
pub mod spawning;

use crate::framework::args::{Arg, Args};
use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{ImpartialKeys, KeySum, Rules};
use crate::framework::kind::HeapRules;
use crate::framework::kind::{self, Periodicity};
use crate::framework::nim::mex;
use crate::framework::position::Player;
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use crate::framework::table::Busy;
use code::Code;
use onag_core::game::Game;
use onag_core::packed::{PackedSeq, PackedSlice};
use std::cell::RefCell;
use std::rc::Rc;

pub use periodicity::arithmetic_periodicity;

pub use crate::framework::keyed::LOOPY;

/// The largest heap whose nim value is computed by the recursive
/// evaluation (values are kept for every smaller heap).
pub const MAX_HEAP: u64 = 1 << 26;

/// The largest heap of a packed sequence (take-and-break and spawning
/// codes): the octal method numbers heaps with `u32`s. The memory budget
/// refuses long sequences before this bound does.
pub const MAX_SEQUENCE_HEAP: u64 = u32::MAX as u64 - 1;

/// Octal codes whose period is proved within this many heaps answer
/// `HeapNimValue` for heaps of any size.
const PROOF_RANGE: u64 = 1 << 16;

/// The nim values of a code ruleset, heap 0 first, computed in order and
/// packed; lists of the language share the array (copy on write).
#[derive(Default)]
struct Sequence {
    values: Rc<PackedSeq>,
    octal: sequence::OctalState,
}

/// How a ruleset's values are computed, and where they are kept.
enum Engine {
    /// The recursive mex over option lists (RULESETS 4.4), through the nim
    /// evaluator: any heap rules, and codes with additive digits.
    Recursive(Rc<ImpartialKeys<u64>>),
    /// A take-and-break code without additive digits: its sequence.
    Code(sequence::Plan, Rc<RefCell<Sequence>>),
    /// A spawning code: option values without option lists.
    Spawning(Rc<spawning::SpawnCode>, Rc<RefCell<Sequence>>),
}

struct Inner {
    name: String,
    rules: Rc<dyn HeapRules>,
    code: Option<String>,
    /// The parsed take-and-break code, for code rulesets.
    parsed: Option<Rc<Code>>,
    engine: Engine,
}

/// An impartial heap ruleset for the language.
#[derive(Clone)]
pub struct HeapRuleset(Rc<Inner>);

/// Heap rules as the keyed evaluation sees them: heaps beyond
/// [`MAX_HEAP`] are refused.
struct Bounded(Rc<dyn HeapRules>);

impl Rules<u64> for Bounded {
    fn options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let opts = self.0.heap_options(n)?;
        if let Some(&a) = opts.iter().flatten().find(|&&a| a > MAX_HEAP) {
            return Err(unbounded(a));
        }
        Ok(opts)
    }
}

fn unbounded(n: u64) -> RuleError {
    RuleError::too_large(format!(
        "The heap options grow without bound (heap {n} reached while evaluating a smaller heap)"
    ))
}

/// The refusals of the recursive evaluation: loops with CGSuite's message,
/// and evaluations nested too deep as heaps growing without bound.
fn refusal(k: &KeySum<u64>, busy: Busy) -> RuleError {
    match busy {
        Busy::Loop => RuleError::loop_found(LOOPY),
        Busy::TooDeep(_) => unbounded(k.parts().first().copied().unwrap_or(0)),
    }
}

/// The recursive evaluation of `rules`, heap 0 fixed at 0.
fn recursive(name: &str, rules: &Rc<dyn HeapRules>) -> Rc<ImpartialKeys<u64>> {
    ImpartialKeys::with_refusal(
        name.to_string(),
        Rc::new(Bounded(rules.clone())),
        Some(0),
        refusal,
    )
}

/// Wrap any heap rules as a ruleset named `name` (positions print as
/// `name(n)`), answering `code` with `code` if given. Values are computed
/// by the recursive mex of RULESETS 4.4 and remembered by this ruleset
/// object; `CheckPeriodicity` gives Nothing.
pub fn ruleset(name: String, rules: Rc<dyn HeapRules>, code: Option<String>) -> Rc<dyn AnyRuleset> {
    Rc::new(HeapRuleset(Rc::new(Inner {
        engine: Engine::Recursive(recursive(&name, &rules)),
        name,
        rules,
        code,
        parsed: None,
    })))
}

/// The take-and-break ruleset of `code` (RULESETS 4.2), named `name`;
/// `.code` answers the code as supplied. Rulesets of the same code in
/// normal form share their values for the session (`Kayles` and
/// `TakeAndBreak("0.77")`).
pub fn take_and_break(name: String, code: &str) -> RuleResult<HeapRuleset> {
    let parsed = Rc::new(Code::parse(code)?);
    let plan = sequence::plan(&parsed);
    let rules: Rc<dyn HeapRules> = parsed.clone();
    let engine = match plan {
        sequence::Plan::Additive => Engine::Recursive(cache::kept((*parsed).clone(), || {
            recursive("TakeAndBreak", &rules)
        })),
        plan => Engine::Code(
            plan,
            cache::kept((*parsed).clone(), Rc::<RefCell<Sequence>>::default),
        ),
    };
    Ok(HeapRuleset(Rc::new(Inner {
        name,
        rules,
        code: Some(code.to_string()),
        parsed: Some(parsed),
        engine,
    })))
}

/// The spawning (coin-turning) ruleset of `code` (RULESETS 4.5).
pub fn spawning(code: &str) -> RuleResult<HeapRuleset> {
    let parsed = Rc::new(spawning::SpawnCode::parse(code)?);
    let values = cache::kept((*parsed).clone(), Rc::<RefCell<Sequence>>::default);
    Ok(HeapRuleset(Rc::new(Inner {
        name: format!("Spawning({code:?})"),
        rules: parsed.clone(),
        code: Some(code.to_string()),
        parsed: None,
        engine: Engine::Spawning(parsed, values),
    })))
}

/// The sequence, to extend it: copied first (its size reserved in the
/// memory budget) while a list of the language still shares it.
fn unshared(values: &mut Rc<PackedSeq>) -> &mut PackedSeq {
    if Rc::strong_count(values) > 1 {
        let bytes = values.len() as u128 * values.width() as u128;
        onag_core::memory::reserve(bytes, || format!("A copy of {} nim values", values.len()));
    }
    Rc::make_mut(values)
}

impl HeapRuleset {
    /// The ruleset as a trait object.
    pub fn into_any(self) -> Rc<dyn AnyRuleset> {
        Rc::new(self)
    }

    /// The parsed take-and-break code, for code rulesets.
    pub fn parsed_code(&self) -> Option<&Code> {
        self.0.parsed.as_deref()
    }

    /// g(n) (RULESETS 4.4): heap 0 is 0.
    pub fn nim_value(&self, n: u64) -> RuleResult<u64> {
        if n == 0 {
            return Ok(0);
        }
        if let Engine::Code(sequence::Plan::Octal(_), seq) = &self.0.engine {
            if n > MAX_SEQUENCE_HEAP {
                // A proved period answers heaps of any size.
                self.ensure(PROOF_RANGE)?;
                let s = seq.borrow();
                if let Some((n0, p)) = s.octal.period() {
                    let m = n0 + (n - n0) % p;
                    return Ok(s.values.at(m as usize));
                }
            }
        }
        self.ensure(n)?;
        match &self.0.engine {
            Engine::Recursive(keys) => keys.nim_value(n),
            Engine::Code(_, seq) | Engine::Spawning(_, seq) => {
                Ok(seq.borrow().values.at(n as usize))
            }
        }
    }

    /// [g(1), ..., g(n)] packed: for code rulesets, a window on the
    /// ruleset's own array (nothing copied).
    pub fn packed_sequence(&self, n: u64) -> RuleResult<PackedSlice> {
        self.ensure(n)?;
        match &self.0.engine {
            Engine::Code(_, seq) | Engine::Spawning(_, seq) => Ok(PackedSlice::new(
                seq.borrow().values.clone(),
                1,
                n as usize + 1,
            )),
            Engine::Recursive(_) => Ok(PackedSlice::from_values(&self.sequence(n)?)),
        }
    }

    /// [g(1), ..., g(n)].
    pub fn sequence(&self, n: u64) -> RuleResult<Vec<u64>> {
        Ok(self.sequence_from_zero(n)?.split_off(1))
    }

    /// [g(0), ..., g(n)].
    fn sequence_from_zero(&self, n: u64) -> RuleResult<Vec<u64>> {
        self.ensure(n)?;
        match &self.0.engine {
            Engine::Recursive(keys) => (0..=n).map(|m| keys.nim_value(m)).collect(),
            Engine::Code(_, seq) | Engine::Spawning(_, seq) => {
                let mut v = seq.borrow().values.to_vec(0, n as usize + 1);
                v[0] = 0;
                Ok(v)
            }
        }
    }

    /// Compute g(1..=n), in order.
    fn ensure(&self, n: u64) -> RuleResult<()> {
        let max = match self.0.engine {
            Engine::Recursive(_) => MAX_HEAP,
            Engine::Code(..) | Engine::Spawning(..) => MAX_SEQUENCE_HEAP,
        };
        if n > max {
            return Err(RuleError::too_large(format!(
                "Nim values are computed for heaps up to {max}; {n} is too large"
            )));
        }
        let busy = || RuleError::bad_argument("Nim values requested while being computed");
        match &self.0.engine {
            Engine::Code(plan, seq) => {
                let mut s = seq.try_borrow_mut().map_err(|_| busy())?;
                if (s.values.len() as u64) > n {
                    return Ok(());
                }
                let Sequence { values, octal } = &mut *s;
                match &self.0.parsed {
                    Some(code) => sequence::extend(code, plan, unshared(values), octal, n),
                    None => Ok(()),
                }
            }
            Engine::Spawning(code, seq) => {
                let mut s = seq.try_borrow_mut().map_err(|_| busy())?;
                let values = unshared(&mut s.values);
                if values.is_empty() {
                    values.push(0);
                }
                let start = values.len();
                if start as u64 > n {
                    return Ok(());
                }
                onag_core::memory::reserve((u128::from(n) + 1) * 8, || {
                    format!("The nim values of heaps up to {n}")
                });
                let mut g = values.to_vec(0, start);
                let mut result = Ok(());
                for m in start as u64..=n {
                    match code.option_values(m, &g) {
                        Ok(vals) => g.push(mex(vals)),
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                }
                for &x in &g[start..] {
                    values.push(x);
                }
                result
            }
            Engine::Recursive(keys) => {
                for m in 1..=n {
                    keys.nim_value(m)?;
                }
                Ok(())
            }
        }
    }

    /// The position made of `heaps`.
    pub fn position_of(&self, heaps: Vec<u64>) -> Rc<dyn AnyPosition> {
        let mut heaps = heaps;
        heaps.sort_unstable();
        Rc::new(HeapPosition {
            ruleset: self.clone(),
            heaps,
        })
    }
}

impl AnyRuleset for HeapRuleset {
    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        args.check_keywords(&self.0.name, &[])?;
        match args.positional.as_slice() {
            [a] => {
                let n = a.heap_size(&self.0.name, "expects a non-negative integer heap size")?;
                Ok(self.position_of(vec![n]))
            }
            other => Err(RuleError::bad_argument(format!(
                "{} expects one argument: a heap size, got {} arguments",
                self.0.name,
                other.len()
            ))),
        }
    }

    fn as_heap(&self) -> Option<&dyn kind::Heap> {
        Some(self)
    }
}

impl kind::Heap for HeapRuleset {
    fn rules(&self) -> Rc<dyn HeapRules> {
        self.0.rules.clone()
    }

    fn code(&self) -> Option<String> {
        self.0.code.clone()
    }

    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        self.0.rules.heap_options(n)
    }

    fn nim_value(&self, n: u64) -> RuleResult<u64> {
        HeapRuleset::nim_value(self, n)
    }

    fn nim_value_sequence(&self, n: u64) -> RuleResult<Vec<u64>> {
        self.sequence(n)
    }

    fn packed_sequence(&self, n: u64) -> RuleResult<PackedSlice> {
        HeapRuleset::packed_sequence(self, n)
    }

    fn check_periodicity(&self, n: u64) -> RuleResult<Option<Periodicity>> {
        match &self.0.parsed {
            Some(code) => Ok(periodicity::check(code, &self.sequence_from_zero(n)?)),
            None => Ok(None),
        }
    }
}

/// A sum of heaps of one ruleset.
struct HeapPosition {
    ruleset: HeapRuleset,
    /// The heap sizes, ascending.
    heaps: Vec<u64>,
}

impl AnyPosition for HeapPosition {
    /// `Kayles(20)`, `Kayles(3) + Kayles(5)`; the empty sum prints as heap
    /// 0 (`Kayles(0)`), which has the same value.
    fn display(&self) -> String {
        let name = &self.ruleset.0.name;
        if self.heaps.is_empty() {
            return format!("{name}(0)");
        }
        self.heaps
            .iter()
            .map(|h| format!("{name}({h})"))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn options(&self, _player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            for opt in self.ruleset.0.rules.heap_options(h)? {
                let mut heaps: Vec<u64> = self.heaps[..i].to_vec();
                heaps.extend_from_slice(&self.heaps[i + 1..]);
                heaps.extend(opt);
                out.push(self.ruleset.position_of(heaps));
            }
        }
        Ok(out)
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Ok(Game::nimber(self.value()?))
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        Some(self.value())
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(self
            .heaps
            .iter()
            .map(|&h| self.ruleset.position_of(vec![h]))
            .collect())
    }
}

impl HeapPosition {
    fn value(&self) -> RuleResult<u64> {
        self.heaps
            .iter()
            .try_fold(0, |acc, &h| Ok(acc ^ self.ruleset.nim_value(h)?))
    }
}

// ---------------------------------------------------------------------------
// Named rulesets (RULESETS 4.2.5, 4.1, 4.5).

fn named(name: &str, code: &str) -> Rc<dyn AnyRuleset> {
    match take_and_break(name.to_string(), code) {
        Ok(r) => r.into_any(),
        Err(e) => unreachable!("the built-in code {code} is valid: {e}"),
    }
}

/// A subtraction-set argument: integers, as a list or set.
fn subtraction_set(what: &str, args: &Args) -> RuleResult<(Vec<i64>, bool)> {
    args.check_keywords(what, &["allbut"])?;
    let allbut = match args.keyword("allbut") {
        None | Some(Arg::Nothing) => false,
        Some(Arg::Bool(b)) => *b,
        Some(other) => {
            return Err(RuleError::bad_argument(format!(
                "{what}: `allbut` must be true or false, got {other:?}"
            )))
        }
    };
    let [set] = args.positional.as_slice() else {
        return Err(RuleError::bad_argument(format!(
            "{what} expects one argument: a subtraction set"
        )));
    };
    let bad = || RuleError::bad_argument("Subtraction set must be a set of `Integer`s.");
    let elems = set.elements().ok_or_else(bad)?;
    let ints = elems
        .iter()
        .map(|a| a.as_i64().ok_or_else(bad))
        .collect::<RuleResult<Vec<i64>>>()?;
    Ok((ints, allbut))
}

/// `Subtraction(set)` or `Splittles(set)`: the code of the set with
/// `digit` (RULESETS 4.2.4, 4.2.5).
fn subtraction_like(what: &str, digit: &str, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    let (set, allbut) = subtraction_set(what, args)?;
    let code = code::from_subtraction_set(&set, digit, allbut)?;
    let mut shown = set.clone();
    shown.sort_unstable();
    shown.dedup();
    let list = shown
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let name = if allbut {
        format!("{what}([{list}], allbut => true)")
    } else {
        format!("{what}([{list}])")
    };
    Ok(take_and_break(name, &code)?.into_any())
}

fn function_ruleset(what: &str, args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords(what, &[])?;
    match args.positional.as_slice() {
        [Arg::Function(f)] => Ok(ruleset(
            format!("{what}(<function>)"),
            Rc::new(functional::Functional::new(what, f.clone())),
            None,
        )),
        [other] => Err(RuleError::bad_argument(format!(
            "{what} expects a function from heap sizes to lists of lists of heap sizes, got {} ({other:?})",
            other.kind()
        ))),
        other => Err(RuleError::bad_argument(format!(
            "{what} expects one argument: a function, got {} arguments",
            other.len()
        ))),
    }
}

/// The named heap rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "Nim",
        package: Package::Heap,
        doc: "Remove any positive number of tokens from a heap (code 0.[3]).",
        make: Make::Ruleset(|| named("Nim", "0.[3]")),
    },
    RulesetEntry {
        name: "Kayles",
        package: Package::Heap,
        doc: "Remove 1 or 2 tokens, leaving at most two heaps (code 0.77).",
        make: Make::Ruleset(|| named("Kayles", "0.77")),
    },
    RulesetEntry {
        name: "DawsonsKayles",
        package: Package::Heap,
        doc: "Remove 2 tokens, leaving at most two heaps (code 0.07).",
        make: Make::Ruleset(|| named("DawsonsKayles", "0.07")),
    },
    RulesetEntry {
        name: "GrundysGame",
        package: Package::Heap,
        doc: "Split a heap into two unequal heaps (code 4!.0).",
        make: Make::Ruleset(|| named("GrundysGame", "4!.0")),
    },
    RulesetEntry {
        name: "TakeAndBreak",
        package: Package::Heap,
        doc: "The take-and-break game of a generalised octal code: TakeAndBreak(\"0.77\").",
        make: Make::Schema(|args| {
            args.check_keywords("TakeAndBreak", &[])?;
            let code = args.single_str("TakeAndBreak")?;
            Ok(take_and_break(format!("TakeAndBreak({code:?})"), code)?.into_any())
        }),
    },
    RulesetEntry {
        name: "Subtraction",
        package: Package::Heap,
        doc: "Remove a number of tokens in the set (or, with allbut => true, not in it): Subtraction([2,3,7]).",
        make: Make::Schema(|args| subtraction_like("Subtraction", "3", args)),
    },
    RulesetEntry {
        name: "Splittles",
        package: Package::Heap,
        doc: "Remove a number of tokens in the set, leaving at most two heaps: Splittles([1,2]).",
        make: Make::Schema(|args| subtraction_like("Splittles", "7", args)),
    },
    RulesetEntry {
        name: "Spawning",
        package: Package::Heap,
        doc: "The heap ruleset of a coin-turning code: Spawning(\"1-3\") (Mock Turtles).",
        make: Make::Schema(|args| {
            args.check_keywords("Spawning", &[])?;
            Ok(spawning(args.single_str("Spawning")?)?.into_any())
        }),
    },
    RulesetEntry {
        name: "HeapRuleset",
        package: Package::Heap,
        doc: "The heap ruleset of a function from a heap size to its option lists.",
        make: Make::Schema(|args| function_ruleset("HeapRuleset", args)),
    },
    RulesetEntry {
        name: "FunctionalHeapRuleset",
        package: Package::Heap,
        doc: "The heap ruleset of a function from a heap size to its option lists.",
        make: Make::Schema(|args| function_ruleset("FunctionalHeapRuleset", args)),
    },
];
