//! Loops and comprehensions (SCRIPTING 2.5): heads run nested, each
//! iteration binding the head's variable (in a fresh frame when a lambda in
//! the loop may capture it), then `while` (ends the head's loop), `where`
//! (skips the iteration), and the next head or the body.

use super::{Cx, Flow, Interp, Signal};
use crate::ast::BinOp;
use crate::compile::ir::{HeadIR, HeadSource, LoopBodyIR, LoopIR};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::list::Elements;
use crate::value::Value;
use onag_core::interrupt;
use onag_core::number::{Integer, Rational};

/// What the body produces, collected across iterations.
enum Collected {
    Nothing,
    Items(Vec<Value>),
    Entries(Vec<(Value, Value)>),
}

impl Interp {
    pub(super) fn run_loop(&self, l: &LoopIR, cx: &Cx<'_>) -> Flow {
        let mut out = match &l.body {
            LoopBodyIR::Do(_) => Collected::Nothing,
            LoopBodyIR::Map(..) => Collected::Entries(Vec::new()),
            _ => Collected::Items(Vec::new()),
        };
        match self.heads(l, 0, cx, &mut out) {
            Ok(()) | Err(Signal::Break) => {}
            Err(other) => return Err(other),
        }
        Ok(match (out, &l.body) {
            (Collected::Nothing, _) => Value::Nothing,
            (Collected::Items(items), LoopBodyIR::Set(_)) => Value::set(items),
            (Collected::Items(items), _) => Value::list(items),
            (Collected::Entries(entries), _) => Value::map(entries),
        })
    }

    /// Runs head `i` (or the body, past the last head).
    fn heads(&self, l: &LoopIR, i: usize, cx: &Cx<'_>, out: &mut Collected) -> Flow<()> {
        let Some(head) = l.heads.get(i) else {
            return self.body(&l.body, cx, out);
        };
        match &head.source {
            HeadSource::Range { from, to, by } => {
                let from = self.eval(from, cx)?;
                let to = match to {
                    Some(t) => Some(self.eval(t, cx)?),
                    None => None,
                };
                let by = match by {
                    Some(b) => self.eval(b, cx)?,
                    None => Value::integer(1),
                };
                self.count(l, i, head, from, to, by, cx, out)
            }
            HeadSource::In(collection) => {
                let c = self.eval(collection, cx)?;
                let items = self
                    .iteration_items(&c)
                    .map_err(|e| Signal::from(e.at(collection.span)))?;
                for item in items.iter() {
                    if !self.iteration(l, i, head, Some(item), cx, out)? {
                        break;
                    }
                }
                Ok(())
            }
            HeadSource::Assign(value) => {
                let v = self.eval(value, cx)?;
                self.iteration(l, i, head, Some(v), cx, out)?;
                Ok(())
            }
            HeadSource::While => {
                while self.iteration(l, i, head, None, cx, out)? {}
                Ok(())
            }
        }
    }

    /// One iteration of head `i` with its variable bound to `value`:
    /// false when the head's `while` ends its loop.
    fn iteration(
        &self,
        l: &LoopIR,
        i: usize,
        head: &HeadIR,
        value: Option<Value>,
        cx: &Cx<'_>,
        out: &mut Collected,
    ) -> Flow<bool> {
        interrupt::checkpoint();
        let frame;
        let inner;
        let cx = match head.frame {
            Some(size) => {
                frame = Interp::new_frame(size, cx.frame);
                inner = Cx {
                    frame: &frame,
                    this: cx.this,
                };
                &inner
            }
            None => cx,
        };
        if let (Some(slot), Some(v)) = (head.var, value) {
            cx.frame.set(slot, v);
        }
        if let Some(w) = &head.while_ {
            if !self.eval_bool(w, cx)? {
                return Ok(false);
            }
        }
        if let Some(w) = &head.where_ {
            if !self.eval_bool(w, cx)? {
                return Ok(true);
            }
        }
        self.heads(l, i + 1, cx, out)?;
        Ok(true)
    }

    fn body(&self, body: &LoopBodyIR, cx: &Cx<'_>, out: &mut Collected) -> Flow<()> {
        let result = match (body, out) {
            (LoopBodyIR::Do(n), _) => self.eval(n, cx).map(drop),
            (LoopBodyIR::Yield(sections), Collected::Items(items)) => {
                sections.iter().try_for_each(|s| {
                    items.push(self.eval(s, cx)?);
                    Ok(())
                })
            }
            (LoopBodyIR::List(n) | LoopBodyIR::Set(n), Collected::Items(items)) => {
                self.eval(n, cx).map(|v| items.push(v))
            }
            (LoopBodyIR::Map(k, v), Collected::Entries(entries)) => {
                let key = self.eval(k, cx)?;
                let value = self.eval(v, cx)?;
                entries.push((key, value));
                Ok(())
            }
            _ => Ok(()),
        };
        match result {
            Err(Signal::Continue) => Ok(()),
            other => other,
        }
    }

    /// A counting head: `from A [to B] [by C]`. The counter is compared
    /// with `to` by `<=` (reversed for a negative numeric step) and advanced
    /// with `+`, so game counters work (`from 0 to ^5 by ^*`).
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        l: &LoopIR,
        i: usize,
        head: &HeadIR,
        from: Value,
        to: Option<Value>,
        by: Value,
        cx: &Cx<'_>,
        out: &mut Collected,
    ) -> Flow<()> {
        let descending = match &by {
            Value::Number(r) if r.signum() == 0 && to.is_some() => {
                return Err(EvalError::of(ErrorKind::Domain, "Loop step must not be zero").into())
            }
            Value::Number(r) => r.signum() < 0,
            _ => false,
        };
        // Machine integers when everything fits.
        if let (Some(a), Some(step)) = (from.as_i64(), by.as_i64()) {
            let bound = match &to {
                None => Some(None),
                Some(Value::Number(r)) => integer_bound(r, descending).map(Some),
                Some(_) => None,
            };
            if let Some(bound) = bound {
                return self.count_small(l, i, head, a, step, bound, cx, out);
            }
        }
        let mut counter = from;
        loop {
            if let Some(t) = &to {
                let inside = if descending {
                    self.leq(t, &counter)
                } else {
                    self.leq(&counter, t)
                }
                .map_err(|e| Signal::from(e.at(head.span)))?;
                if !inside {
                    return Ok(());
                }
            }
            if !self.iteration(l, i, head, Some(counter.clone()), cx, out)? {
                return Ok(());
            }
            counter = self.binary(BinOp::Add, counter, by.clone())?;
        }
    }

    /// The counting loop on machine integers; `bound` is the last value a
    /// bounded loop may take.
    #[allow(clippy::too_many_arguments)]
    fn count_small(
        &self,
        l: &LoopIR,
        i: usize,
        head: &HeadIR,
        from: i64,
        step: i64,
        bound: Option<i64>,
        cx: &Cx<'_>,
        out: &mut Collected,
    ) -> Flow<()> {
        let mut counter = from;
        loop {
            if let Some(b) = bound {
                if (step >= 0 && counter > b) || (step < 0 && counter < b) {
                    return Ok(());
                }
            }
            if !self.iteration(l, i, head, Some(Value::integer(counter)), cx, out)? {
                return Ok(());
            }
            counter = match counter.checked_add(step) {
                Some(c) => c,
                None => return Ok(()),
            };
        }
    }

    /// The elements a `for ... in` loop visits: lists and ranges in order,
    /// sets in their printed order, maps as entries; anything else is
    /// `Expected `cgsuite.lang.Collection`; found ...`.
    pub(crate) fn iteration_items(&self, c: &Value) -> EvalResult<Elements> {
        use std::rc::Rc;
        Ok(Elements::Values(match c {
            Value::List(items) => return Ok(Elements::List(items.clone())),
            Value::Set(items) => items.clone(),
            Value::Map(entries) => Rc::new(
                entries
                    .iter()
                    .map(|(k, v)| Value::MapEntry(Rc::new((k.clone(), v.clone()))))
                    .collect(),
            ),
            Value::MutableList(items) | Value::MutableSet(items) => Rc::new(items.borrow().clone()),
            Value::MutableMap(entries) => Rc::new(
                entries
                    .borrow()
                    .iter()
                    .map(|(k, v)| Value::MapEntry(Rc::new((k.clone(), v.clone()))))
                    .collect(),
            ),
            other => {
                return Err(EvalError::expected(
                    "cgsuite.lang.Collection",
                    &self.class_name_of(other),
                ))
            }
        }))
    }
}

/// The last integer a counting loop may reach before passing `to`, when it
/// fits a machine integer (otherwise the loop counts with exact numbers).
fn integer_bound(to: &Rational, descending: bool) -> Option<i64> {
    if to.is_infinite() {
        return None;
    }
    let b = if descending { to.ceil() } else { to.floor() };
    b.ok().and_then(|b: Integer| b.to_i64())
}
