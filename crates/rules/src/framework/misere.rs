//! Misère values of the positions of every ruleset (MISERE 2 and 10):
//! misère canonical forms of impartial positions, misère outcomes of any
//! short position, and heap rulesets as the core's [`HeapGame`] option
//! functions for misère quotients (MISERE 11).
//!
//! Canonical forms are memoised in the session cache ([`super::cache`]),
//! one table keyed by the position's printed text (which names its
//! ruleset), so `[DawsonsKayles(n).Genus for n from 0 to 100]` computes
//! each heap once; [`super::cache::forget_all`] clears it.

use super::cache;
use super::error::{RuleError, RuleResult};
use super::kind;
use super::position::Player;
use super::ruleset::AnyPosition;
use onag_core::misere::{HeapGame, Misere};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::rc::Rc;

/// A memo of values of components, by printed text: misère canonical
/// forms, misère outcomes (Left wins moving first, Right wins moving first).
struct Memo<V>(FxHashMap<String, V>);

/// The session's memo of values of type `V`.
fn memo<V: 'static>() -> Rc<RefCell<Memo<V>>> {
    cache::kept((), || Rc::new(RefCell::new(Memo(FxHashMap::default()))))
}

/// The value of component `p` from `memo`, or computed by `compute` (which
/// recurses through `active`) and remembered; a component met again while
/// it is being computed is a loop: `That is not a short game.`
fn memoised<V: Copy>(
    p: &dyn AnyPosition,
    memo: &RefCell<Memo<V>>,
    active: &mut FxHashSet<String>,
    compute: impl FnOnce(&mut FxHashSet<String>) -> RuleResult<V>,
) -> RuleResult<V> {
    let key = p.display();
    if let Some(&v) = memo.borrow().0.get(&key) {
        return Ok(v);
    }
    if !active.insert(key.clone()) {
        return Err(RuleError::loopy());
    }
    onag_core::interrupt::checkpoint();
    let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || compute(active))?;
    active.remove(&key);
    memo.borrow_mut().0.insert(key, v);
    Ok(v)
}

/// Whether a position is impartial (its ruleset gives it a nim value).
pub fn is_impartial(p: &dyn AnyPosition) -> bool {
    p.nim_value().is_some()
}

/// The misère canonical form of an impartial position (MISERE 2): the sum
/// of its components' forms, each component's form built from its
/// options' forms by `Misere::from_options`. A position reached again
/// while being evaluated is a loopy game: `That is not a short game.`
pub fn misere_form(p: &dyn AnyPosition) -> RuleResult<Misere> {
    if !is_impartial(p) {
        return Err(RuleError::unsupported(format!(
            "{} is not impartial, so it has no misère canonical form",
            p.display()
        )));
    }
    form_of(p, &memo(), &mut FxHashSet::default())
}

fn form_of(
    p: &dyn AnyPosition,
    table: &RefCell<Memo<Misere>>,
    active: &mut FxHashSet<String>,
) -> RuleResult<Misere> {
    let parts = p.decomposition()?;
    if parts.len() == 1 {
        return component_form(&*parts[0], table, active);
    }
    let mut sum = Misere::ZERO;
    for part in &parts {
        sum = sum.plus(component_form(&**part, table, active)?);
    }
    Ok(sum)
}

fn component_form(
    p: &dyn AnyPosition,
    table: &RefCell<Memo<Misere>>,
    active: &mut FxHashSet<String>,
) -> RuleResult<Misere> {
    memoised(p, table, active, |active| {
        let mut options = Vec::new();
        for o in p.options(Player::Left)? {
            options.push(form_of(&*o, table, active)?);
        }
        Ok(Misere::from_options(options))
    })
}

/// The misère outcome of any short position (MISERE 2, "a player who
/// cannot move wins"), by direct recursion over its options: whether Left
/// wins moving first, and whether Right wins moving first.
pub fn misere_outcome(p: &dyn AnyPosition) -> RuleResult<(bool, bool)> {
    outcome_of(p, &memo(), &mut FxHashSet::default())
}

fn outcome_of(
    p: &dyn AnyPosition,
    table: &RefCell<Memo<(bool, bool)>>,
    active: &mut FxHashSet<String>,
) -> RuleResult<(bool, bool)> {
    memoised(p, table, active, |active| {
        // A player moving first wins with no move, or with a move to a
        // position that the opponent, moving first there, loses.
        let mut wins = |player: Player| -> RuleResult<bool> {
            let options = p.options(player)?;
            for o in &options {
                let (left, right) = outcome_of(&**o, table, active)?;
                let opponent_wins = if player == Player::Left { right } else { left };
                if !opponent_wins {
                    return Ok(true);
                }
            }
            Ok(options.is_empty())
        };
        Ok((wins(Player::Left)?, wins(Player::Right)?))
    })
}

/// A heap ruleset as the core's heap game for heaps up to `max_heap`
/// (MISERE 11.2): the options of every heap are read once from the
/// ruleset. Every heap of an option of heap n must be smaller than n (as
/// in take-and-break games, subtraction games and Grundy's game), so
/// that sums of heaps are short games; otherwise an error.
pub fn heap_game(h: &dyn kind::Heap, name: &str, max_heap: u32) -> RuleResult<HeapGame> {
    let mut table: Vec<Vec<Vec<u32>>> = Vec::with_capacity(max_heap as usize + 1);
    for n in 0..=max_heap {
        onag_core::interrupt::checkpoint();
        let mut opts = Vec::new();
        for opt in h.heap_options(u64::from(n))? {
            let mut heaps = Vec::with_capacity(opt.len());
            for k in opt {
                if k >= u64::from(n) {
                    return Err(RuleError::unsupported(format!(
                        "MisereQuotient: heap {n} of {name} has an option with a heap of {k} tokens; only rulesets whose moves leave smaller heaps are supported"
                    )));
                }
                heaps.push(k as u32);
            }
            opts.push(heaps);
        }
        table.push(opts);
    }
    let table = std::sync::Arc::new(table);
    // A game named by its code lets the solver recognise a final quotient
    // (a periodic Φ of an octal game); it checks the options against the
    // code before relying on it.
    let name = h.code().unwrap_or_else(|| name.to_string());
    Ok(HeapGame::from_fn(name, move |n| {
        table.get(n as usize).cloned().unwrap_or_default()
    }))
}
