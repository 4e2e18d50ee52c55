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

/// The memo of misère canonical forms of components, by printed text.
#[derive(Default)]
struct FormTable(FxHashMap<String, Misere>);

/// The memo of misère outcomes (Left wins moving first, Right wins moving
/// first) of components, by printed text.
#[derive(Default)]
struct OutcomeTable(FxHashMap<String, (bool, bool)>);

fn forms() -> Rc<RefCell<FormTable>> {
    cache::kept((), || Rc::new(RefCell::new(FormTable::default())))
}

fn outcomes() -> Rc<RefCell<OutcomeTable>> {
    cache::kept((), || Rc::new(RefCell::new(OutcomeTable::default())))
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
    let table = forms();
    let mut active = FxHashSet::default();
    form_of(p, &table, &mut active)
}

fn form_of(
    p: &dyn AnyPosition,
    table: &Rc<RefCell<FormTable>>,
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
    table: &Rc<RefCell<FormTable>>,
    active: &mut FxHashSet<String>,
) -> RuleResult<Misere> {
    let key = p.display();
    if let Some(&g) = table.borrow().0.get(&key) {
        return Ok(g);
    }
    if !active.insert(key.clone()) {
        return Err(RuleError::loopy());
    }
    onag_core::interrupt::checkpoint();
    let g = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let mut options = Vec::new();
        for o in p.options(Player::Left)? {
            options.push(form_of(&*o, table, active)?);
        }
        Ok::<_, RuleError>(Misere::from_options(options))
    })?;
    active.remove(&key);
    table.borrow_mut().0.insert(key, g);
    Ok(g)
}

/// The misère outcome of any short position (MISERE 2, "a player who
/// cannot move wins"), by direct recursion over its options: whether Left
/// wins moving first, and whether Right wins moving first.
pub fn misere_outcome(p: &dyn AnyPosition) -> RuleResult<(bool, bool)> {
    let table = outcomes();
    let mut active = FxHashSet::default();
    outcome_of(p, &table, &mut active)
}

fn outcome_of(
    p: &dyn AnyPosition,
    table: &Rc<RefCell<OutcomeTable>>,
    active: &mut FxHashSet<String>,
) -> RuleResult<(bool, bool)> {
    let key = p.display();
    if let Some(&o) = table.borrow().0.get(&key) {
        return Ok(o);
    }
    if !active.insert(key.clone()) {
        return Err(RuleError::loopy());
    }
    onag_core::interrupt::checkpoint();
    let o = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        // Left moving first wins with no move, or with a move to a
        // position that Right, moving first there, loses.
        let left = p.options(Player::Left)?;
        let mut left_wins = left.is_empty();
        for o in &left {
            if left_wins {
                break;
            }
            left_wins = !outcome_of(&**o, table, active)?.1;
        }
        let right = p.options(Player::Right)?;
        let mut right_wins = right.is_empty();
        for o in &right {
            if right_wins {
                break;
            }
            right_wins = !outcome_of(&**o, table, active)?.0;
        }
        Ok::<_, RuleError>((left_wins, right_wins))
    })?;
    active.remove(&key);
    table.borrow_mut().0.insert(key, o);
    Ok(o)
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
