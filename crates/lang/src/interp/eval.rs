//! Evaluation of the resolved tree, node by node.

use super::ops::Star;
use super::{Closure, Cx, Flow, Frame, Interp, Signal};
use crate::ast::{BinOp, Span, UnaryOp};
use crate::classes::builtin;
use crate::compile::ir::{GlobalRef, Node, NodeKind, Target, TermIR};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::value::Value;
use onag_core::game::Game;
use onag_core::nim::transfinite::TransfiniteNimber;
use onag_core::number::Rational;
use std::rc::Rc;

/// Remaining stack below which evaluation switches to a fresh segment.
const STACK_RED_ZONE: usize = 512 * 1024;
/// The stack is measured at every this many levels of nested evaluation.
const STACK_CHECK_EVERY: u32 = 8;
/// Size of each fresh stack segment.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// Coordinates `(r, c)`, whose components must lie strictly between
/// -2^31 and 2^31 (SCRIPTING 7.2).
pub(crate) fn coordinates_of(r: i64, c: i64) -> EvalResult {
    const LIMIT: i64 = 1 << 31;
    if r.abs() < LIMIT && c.abs() < LIMIT {
        Ok(Value::Coordinates(r, c))
    } else {
        Err(outside_coordinates(r, c))
    }
}

/// The error for Coordinates outside the range of SCRIPTING 7.2.
fn outside_coordinates(r: impl std::fmt::Display, c: impl std::fmt::Display) -> EvalError {
    EvalError::of(
        ErrorKind::Domain,
        format!("Coordinates must lie between -2^31 and 2^31: ({r},{c})"),
    )
}

/// `Expected `cgsuite.lang.Boolean`; found `T`.`
pub(crate) fn expect_bool(interp: &Interp, v: &Value) -> EvalResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(EvalError::expected(
            "cgsuite.lang.Boolean",
            &interp.class_name_of(other),
        )),
    }
}

impl Interp {
    /// Evaluates a node.
    pub(crate) fn eval(&self, n: &Node, cx: &Cx<'_>) -> Flow {
        match &n.kind {
            NodeKind::Const(v) => Ok(v.clone()),
            NodeKind::Local(slot) => Ok(cx.frame.get(*slot)),
            _ => {
                // The stack is measured every few levels of nesting only:
                // the red zone covers the levels in between.
                let nesting = self.s.nesting.get();
                self.s.nesting.set(nesting.wrapping_add(1));
                let result = if nesting.is_multiple_of(STACK_CHECK_EVERY) {
                    stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.eval_compound(n, cx))
                } else {
                    self.eval_compound(n, cx)
                };
                self.s.nesting.set(nesting);
                result.map_err(|s| match s {
                    Signal::Error(e) => Signal::Error(Box::new(e.at(n.span))),
                    other => other,
                })
            }
        }
    }

    /// Evaluates a node to a value; control signals cannot reach here.
    pub(crate) fn eval_value(&self, n: &Node, cx: &Cx<'_>) -> EvalResult {
        self.eval(n, cx).map_err(Signal::into_error)
    }

    /// Evaluates a condition, which must be a Boolean.
    pub(crate) fn eval_bool(&self, n: &Node, cx: &Cx<'_>) -> Flow<bool> {
        let v = self.eval(n, cx)?;
        expect_bool(self, &v).map_err(|e| Signal::from(e.at(n.span)))
    }

    fn eval_all(&self, nodes: &[Node], cx: &Cx<'_>) -> Flow<Vec<Value>> {
        nodes.iter().map(|n| self.eval(n, cx)).collect()
    }

    fn eval_compound(&self, n: &Node, cx: &Cx<'_>) -> Flow {
        match &n.kind {
            NodeKind::Const(v) => Ok(v.clone()),
            NodeKind::Raise(e) => Err(Signal::Error(e.clone())),
            NodeKind::Local(slot) => Ok(cx.frame.get(*slot)),
            NodeKind::Outer(depth, slot) => Ok(cx
                .frame
                .outer(*depth)
                .map_or(Value::Nothing, |f| f.get(*slot))),
            NodeKind::Global(g) => Ok(self.global_value(g)?),
            NodeKind::Assign(target, value) => {
                let v = self.eval(value, cx)?;
                self.assign(target, v.clone(), cx)?;
                Ok(v)
            }
            NodeKind::Declare(slot, value) => {
                let v = match value {
                    Some(value) => self.eval(value, cx)?,
                    None => Value::Nothing,
                };
                cx.frame.set(*slot, v.clone());
                Ok(v)
            }
            NodeKind::This => cx.this.cloned().ok_or_else(|| {
                Signal::from(EvalError::of(
                    ErrorKind::UndefinedName,
                    "`this` is only valid inside a class",
                ))
            }),
            NodeKind::Member(m) => Ok(self.member_value(cx, m)?),
            NodeKind::CallMember(m, args) => self.call_member(cx, m, args),
            NodeKind::Static(s) => Ok(self.static_value(s)?),
            NodeKind::Class(c) => Ok(self.class_value(c)?),
            NodeKind::Seq(nodes) => {
                let mut last = Value::Nothing;
                for node in nodes {
                    last = self.eval(node, cx)?;
                }
                Ok(last)
            }
            NodeKind::If(branches, otherwise) => {
                for (cond, body) in branches {
                    if self.eval_bool(cond, cx)? {
                        return self.eval(body, cx);
                    }
                }
                match otherwise {
                    Some(body) => self.eval(body, cx),
                    None => Ok(Value::Nothing),
                }
            }
            NodeKind::Loop(l) => self.run_loop(l, cx),
            NodeKind::Lambda(func) => Ok(Value::Function(Rc::new(Closure::Script {
                func: func.clone(),
                env: Some(cx.frame.clone()),
                this: cx.this.cloned(),
            }))),
            NodeKind::Call(callee, args) => self.eval_call(callee, args, cx),
            NodeKind::Method(recv, name, args) => {
                let r = self.eval(recv, cx)?;
                self.invoke(&r, name, args.as_ref(), cx)
            }
            NodeKind::Super(class, name, args) => self.call_super(cx, class, name, args.as_ref()),
            NodeKind::Unary(op, operand) => {
                let v = self.eval(operand, cx)?;
                Ok(self.unary(*op, v)?)
            }
            NodeKind::Binary(op, lhs, rhs) => {
                if matches!(rhs.kind, NodeKind::Local(_) | NodeKind::Const(_)) {
                    return self.binary_on_slots(*op, lhs, rhs, cx);
                }
                let a = self.eval(lhs, cx)?;
                let b = self.eval(rhs, cx)?;
                Ok(self.binary(*op, a, b)?)
            }
            NodeKind::Chain(first, rest) => {
                let mut acc = self.eval(first, cx)?;
                for (op, operand) in rest {
                    let b = self.eval(operand, cx)?;
                    acc = self
                        .binary(*op, acc, b)
                        .map_err(|e| e.at(first.span.to(operand.span)))?;
                }
                Ok(acc)
            }
            NodeKind::And(lhs, rhs) => Ok(Value::Bool(
                self.eval_bool(lhs, cx)? && self.eval_bool(rhs, cx)?,
            )),
            NodeKind::Or(lhs, rhs) => Ok(Value::Bool(
                self.eval_bool(lhs, cx)? || self.eval_bool(rhs, cx)?,
            )),
            NodeKind::List(items) => Ok(Value::list(self.eval_all(items, cx)?)),
            NodeKind::Set(items) => Ok(Value::set(self.eval_all(items, cx)?)),
            NodeKind::Map(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    out.push((self.eval(k, cx)?, self.eval(v, cx)?));
                }
                Ok(Value::map(out))
            }
            NodeKind::Tuple(items) => {
                let values = self.eval_all(items, cx)?;
                Ok(self.coordinates(&values)?)
            }
            NodeKind::Switch(items) => {
                let values = self.eval_all(items, cx)?;
                if values.iter().any(|v| matches!(v, Value::Loopy(_))) {
                    let s = self.switch_of(&Value::list(values))?;
                    return Ok(Value::loopy(s.into()));
                }
                let games = values
                    .iter()
                    .map(|v| self.to_game(v))
                    .collect::<EvalResult<Vec<Game>>>()?;
                Ok(Value::game(Game::switch_of(&games)))
            }
            NodeKind::Game(left, right) => self.game_specifier(left, right, cx),
            NodeKind::Loopy(spec) => self.loopy_specifier(spec, cx),
            NodeKind::Explicit(left, right) => {
                let mut sides = Vec::with_capacity(2);
                for nodes in [left, right] {
                    let options = self.option_values(nodes, cx)?;
                    for (v, span) in &options {
                        if !crate::explicit::is_game(self, v) {
                            return Err(crate::explicit::not_a_game().at(*span).into());
                        }
                    }
                    sides.push(options.into_iter().map(|(v, _)| v).collect());
                }
                let right = sides.pop().unwrap_or_default();
                let left = sides.pop().unwrap_or_default();
                Ok(Value::Explicit(Rc::new(
                    crate::explicit::Explicit::Options { left, right },
                )))
            }
            NodeKind::Term(t) => self.term(t, cx),
            NodeKind::Index(target, index) => {
                let t = self.eval(target, cx)?;
                let i = self.eval(index, cx)?;
                Ok(self.index(&t, &i)?)
            }
            NodeKind::Range(from, to, step) => {
                let from = self.eval(from, cx)?;
                let to = self.eval(to, cx)?;
                let step = match step {
                    Some(s) => Some(self.eval(s, cx)?),
                    None => None,
                };
                Ok(self.range(&from, &to, step.as_ref())?)
            }
            NodeKind::Return(value) => {
                let v = match value {
                    Some(v) => self.eval(v, cx)?,
                    None => Value::Nothing,
                };
                Err(Signal::Return(Box::new(v)))
            }
            NodeKind::Break => Err(Signal::Break),
            NodeKind::Continue => Err(Signal::Continue),
            NodeKind::Error(message) => {
                let v = self.eval(message, cx)?;
                let text = match &v {
                    Value::Str(s) => s.to_string(),
                    other => crate::print::render(self, other)?,
                };
                Err(EvalError::of(ErrorKind::User, text).into())
            }
            NodeKind::Native(f) => Ok(f(self, cx)?),
        }
    }

    /// `lhs op rhs` where `rhs` is a local variable or a constant (so
    /// reading it has no effect and may come after `lhs`): operands in
    /// slots are read in place, and cloned only when the operation is not
    /// one of [`super::ops::quick_binary`]'s.
    fn binary_on_slots(&self, op: BinOp, lhs: &Node, rhs: &Node, cx: &Cx<'_>) -> Flow {
        fn operand<'a>(n: &'a Node, slots: &'a [Value]) -> Option<&'a Value> {
            match &n.kind {
                NodeKind::Local(slot) => slots.get(*slot as usize),
                NodeKind::Const(v) => Some(v),
                _ => None,
            }
        }
        let evaluated = match lhs.kind {
            NodeKind::Local(_) => None,
            _ => Some(self.eval(lhs, cx)?),
        };
        let operands = {
            let slots = cx.frame.slots.borrow();
            let a = match &evaluated {
                Some(v) => Some(v),
                None => operand(lhs, &slots),
            };
            match (a, operand(rhs, &slots)) {
                (Some(a), Some(b)) => match super::ops::quick_binary(op, a, b) {
                    Some(v) => return Ok(v),
                    None => Some((a.clone(), b.clone())),
                },
                _ => None,
            }
        };
        match operands {
            // The quick operations are tried already.
            Some((a, b)) => Ok(self.binary_general(op, a, b)?),
            // A slot out of range: read it as `Frame::get` does.
            None => {
                let a = match evaluated {
                    Some(v) => v,
                    None => self.eval(lhs, cx)?,
                };
                Ok(self.binary(op, a, self.eval(rhs, cx)?)?)
            }
        }
    }

    /// The values of the options of a specifier, a list or set among
    /// them standing for its elements (LOOPY 1.2), each with the span of
    /// the expression it came from.
    pub(super) fn option_values(&self, nodes: &[Node], cx: &Cx<'_>) -> Flow<Vec<(Value, Span)>> {
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            match self.eval(n, cx)? {
                Value::List(items) => out.extend(items.iter().map(|v| (v, n.span))),
                Value::Set(items) => out.extend(items.iter().map(|v| (v.clone(), n.span))),
                v => out.push((v, n.span)),
            }
        }
        Ok(out)
    }

    /// `{L | R}` with evaluated options (LOOPY 1.6): a short game when
    /// every option is one, else the loopy value of the options.
    fn game_specifier(&self, left: &[Node], right: &[Node], cx: &Cx<'_>) -> Flow {
        let l = self.option_values(left, cx)?;
        let r = self.option_values(right, cx)?;
        if l.iter()
            .chain(&r)
            .any(|(v, _)| matches!(v, Value::Explicit(_)))
        {
            // An explicit game among the options: the game stays explicit
            // (LOOPY 1.6).
            for (v, span) in l.iter().chain(&r) {
                if !crate::explicit::is_game(self, v) {
                    return Err(crate::explicit::not_a_game().at(*span).into());
                }
            }
            let values = |o: Vec<(Value, Span)>| o.into_iter().map(|(v, _)| v).collect();
            let game = crate::explicit::Explicit::Options {
                left: values(l),
                right: values(r),
            };
            return Ok(Value::Explicit(Rc::new(game)));
        }
        if l.iter()
            .chain(&r)
            .any(|(v, _)| matches!(v, Value::Loopy(_)))
        {
            return Ok(self.sided_specifier(&l, &r)?);
        }
        let games = |options: &[(Value, Span)]| -> EvalResult<Vec<Game>> {
            options
                .iter()
                .map(|(v, span)| self.to_game(v).map_err(|e| e.at(*span)))
                .collect()
        };
        Ok(Value::game(Game::from_options(&games(&l)?, &games(&r)?)))
    }

    fn term(&self, t: &TermIR, cx: &Cx<'_>) -> Flow {
        let mut g = t.base;
        if let Some((count, positive)) = &t.ups {
            let v = self.eval(count, cx)?;
            let k = v.as_integer().ok_or_else(|| {
                EvalError::no_operation("up", &[&self.class_name_of(&v), "game.Zero"])
            })?;
            let ups = Game::ups(if *positive { k } else { -k });
            g = g + ups;
        }
        if let Some(star) = &t.star {
            let v = self.eval(star, cx)?;
            if matches!(v, Value::List(_)) && g == Game::ZERO {
                // `*[...]`: a misère canonical game (MISERE 2).
                return Ok(Value::Misere(crate::methods::misere::from_list(&v)?));
            }
            match super::ops::star(&v) {
                Some(Ok(Star::Finite(n))) => g = g + n,
                Some(Ok(Star::Transfinite(n))) if g == Game::ZERO => {
                    return Ok(Value::Transfinite(Rc::new(n)))
                }
                Some(Ok(Star::Transfinite(_))) => {
                    return Err(EvalError::no_operation(
                        "+",
                        &[
                            &self.class_name_of(&Value::game(g)),
                            TransfiniteNimber::CLASS_NAME,
                        ],
                    )
                    .into())
                }
                Some(Err(e)) => return Err(e.into()),
                None => {
                    return Err(EvalError::no_operation("nim", &[&self.class_name_of(&v)]).into())
                }
            }
        }
        Ok(Value::game(g))
    }

    /// The value of a session variable, or of the constant of that name.
    fn global_value(&self, g: &GlobalRef) -> EvalResult {
        if let Some(v) = self.get_global(g) {
            return Ok(v);
        }
        self.worksheet_constant(&g.name)
            .ok_or_else(|| EvalError::undefined(&g.name))
    }

    fn assign(&self, target: &Target, v: Value, cx: &Cx<'_>) -> EvalResult<()> {
        match target {
            Target::Local(slot) => cx.frame.set(*slot, v),
            Target::Outer(depth, slot) => {
                if let Some(f) = cx.frame.outer(*depth) {
                    f.set(*slot, v);
                }
            }
            Target::Global(g) => self.set_global(g, v),
            Target::Member(m) => self.assign_member(cx, m, v)?,
            Target::Static(s) => self.assign_static(s, v)?,
        }
        Ok(())
    }

    /// `(a, b)`: Coordinates from two integers (SCRIPTING 7.2).
    pub(crate) fn coordinates(&self, values: &[Value]) -> EvalResult {
        if let [a, b] = values {
            if let (Some(r), Some(c)) = (a.as_i64(), b.as_i64()) {
                return coordinates_of(r, c);
            }
            if let (Some(r), Some(c)) = (a.as_integer(), b.as_integer()) {
                return Err(outside_coordinates(r, c));
            }
        }
        let types: Vec<String> = values.iter().map(|v| self.class_name_of(v)).collect();
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        Err(EvalError::no_operation("(,)", &types))
    }

    /// The qualified class name of a value, for messages.
    pub(crate) fn class_name_of(&self, v: &Value) -> String {
        match v {
            Value::Instance(i) => i.class.qualified.to_string(),
            other => builtin::builtin_of(other).map_or_else(
                || "cgsuite.lang.Object".to_string(),
                |b| builtin::def(b).qualified.to_string(),
            ),
        }
    }

    /// A unary operator.
    pub(crate) fn unary(&self, op: UnaryOp, v: Value) -> EvalResult {
        match op {
            UnaryOp::Pos => match v {
                Value::Number(_) | Value::Surreal(_) | Value::Game(_) | Value::Loopy(_) => Ok(v),
                _ if self.game_of(&v).is_some() => Ok(v),
                _ => Err(EvalError::no_operation("+", &[&self.class_name_of(&v)])),
            },
            UnaryOp::Neg => match &v {
                Value::Loopy(x) => Ok(Value::loopy(x.neg())),
                // An impartial game is its own negative (MISERE 3.4).
                Value::Misere(_) => Ok(v.clone()),
                Value::Number(r) => Ok(Value::Number(std::ops::Neg::neg(r.clone()))),
                Value::Surreal(x) => Ok(Value::surreal(x.neg())),
                Value::Game(g) => Ok(Value::game(-*g)),
                Value::Coordinates(r, c) => Ok(Value::Coordinates(-r, -c)),
                _ => match self.game_of(&v) {
                    Some(g) => Ok(Value::game(-g?)),
                    None => Err(EvalError::no_operation("-", &[&self.class_name_of(&v)])),
                },
            },
            UnaryOp::PlusMinus => match self.game_of(&v) {
                Some(g) => Ok(Value::game(g?.switch())),
                None => Ok(Value::loopy(self.switch_of(&v)?.into())),
            },
            UnaryOp::Not => match v {
                Value::Bool(b) => Ok(Value::Bool(!b)),
                other => Err(EvalError::expected(
                    "cgsuite.lang.Boolean",
                    &self.class_name_of(&other),
                )),
            },
        }
    }

    /// The short game a value denotes, or an error naming its class.
    pub(crate) fn to_game(&self, v: &Value) -> EvalResult<Game> {
        if let Some(g) = self.game_of(v) {
            return g;
        }
        Err(match v {
            Value::Number(r) => EvalError::of(
                ErrorKind::TypeMismatch,
                format!("{r} is not a dyadic rational, so it is not a short game"),
            ),
            other => EvalError::expected("game.CanonicalShortGame", &self.class_name_of(other)),
        })
    }

    /// The canonical form of a value that is a game (a number, a canonical
    /// game, a built-in position, an instance of a game class), or None.
    pub(crate) fn game_of(&self, v: &Value) -> Option<EvalResult<Game>> {
        match v {
            Value::Game(g) => Some(Ok(*g)),
            Value::Number(r) => r.to_dyadic().map(|d| Ok(Game::number(d))),
            Value::Position(p) => Some(p.canonical_form().map_err(EvalError::from)),
            Value::Instance(i) if self.is_game_class(&i.class) => {
                Some(crate::games::canonical_form(self, v))
            }
            _ => None,
        }
    }

    /// `inf` as a value.
    pub(crate) fn infinity() -> Value {
        Value::Number(Rational::infinity())
    }

    /// A frame for a loop iteration or a call.
    pub(crate) fn new_frame(size: u32, parent: &Rc<Frame>) -> Rc<Frame> {
        Frame::new(size, Some(parent.clone()))
    }
}
