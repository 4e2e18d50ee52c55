//! The evaluator: statements, expressions, operators and functions.
//!
//! Operators follow CGSuite: numbers do exact arithmetic, games add and
//! compare as games, an integer times a game is that many copies of it.
//! Every failure is an [`EvalError`] naming what was wrong; the session's
//! variables survive any error.

use crate::ast::*;
use crate::methods;
use crate::parser::{parse_program, ParseError};
use crate::rulesets;
use crate::value::{value_eq, Closure, Player, Value};
use num_bigint::BigInt;
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use rustc_hash::FxHashMap;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::rc::Rc;

/// An evaluation error: a message and, where known, the span it refers to.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub message: String,
    pub span: Option<Span>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
            span: None,
        }
    }

    fn at(mut self, span: Span) -> EvalError {
        self.span.get_or_insert(span);
        self
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

impl From<String> for EvalError {
    fn from(message: String) -> Self {
        EvalError::new(message)
    }
}

impl From<onag_core::number::NumberError> for EvalError {
    fn from(e: onag_core::number::NumberError) -> Self {
        EvalError::new(e.to_string())
    }
}

/// Any error from running a line: a syntax error or an evaluation error.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    Parse(ParseError),
    Eval(EvalError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "{e}"),
            Error::Eval(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

pub type EvalResult<T = Value> = Result<T, EvalError>;

/// Keyword arguments of a call, `name => value`, in order.
pub type KeywordArgs = Vec<(String, Value)>;

/// An interpreter session: global variables persist across runs.
#[derive(Default)]
pub struct Interp {
    globals: FxHashMap<String, Value>,
    /// Local bindings (lambda parameters, comprehension variables), innermost
    /// last.
    locals: Vec<(String, Value)>,
}

impl Interp {
    pub fn new() -> Interp {
        Interp::default()
    }

    /// Parse and run one input (a line or a script): the value of the last
    /// statement, or None when the input ends with `;` or is empty.
    pub fn run(&mut self, src: &str) -> Result<Option<Value>, Error> {
        let program = parse_program(src).map_err(Error::Parse)?;
        self.locals.clear();
        let mut last = None;
        for stmt in &program.statements {
            last = Some(self.exec(stmt).map_err(Error::Eval)?);
        }
        Ok(if program.trailing_semicolon {
            None
        } else {
            last
        })
    }

    /// A copy of the session (its variables), for running user functions
    /// passed to rulesets.
    pub fn snapshot(&self) -> Interp {
        Interp {
            globals: self.globals.clone(),
            locals: self.locals.clone(),
        }
    }

    /// The value of a global variable.
    pub fn global(&self, name: &str) -> Option<&Value> {
        self.globals.get(name)
    }

    /// Names of the global variables, for completion.
    pub fn global_names(&self) -> impl Iterator<Item = &str> {
        self.globals.keys().map(String::as_str)
    }

    fn exec(&mut self, stmt: &Stmt) -> EvalResult {
        match stmt {
            Stmt::Assign { name, value, .. } => {
                let v = self.eval(value)?;
                self.globals.insert(name.clone(), v.clone());
                Ok(v)
            }
            Stmt::Expr(e) => self.eval(e),
        }
    }

    /// Evaluate an expression.
    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.eval_inner(e))
            .map_err(|err| err.at(e.span))
    }

    fn eval_inner(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Integer(n) => Ok(Value::integer(Integer::from(n))),
            ExprKind::Term { number, up, star } => {
                self.term(number.as_ref(), up.as_ref(), star.as_ref())
            }
            ExprKind::Game { left, right } => {
                let l = self.options(left)?;
                let r = self.options(right)?;
                Ok(Value::game(Game::from_options(&l, &r)))
            }
            ExprKind::List(items) => Ok(Value::list(self.eval_all(items)?)),
            ExprKind::Set(items) => Ok(Value::set(self.eval_all(items)?)),
            ExprKind::Map(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    out.push((self.eval(k)?, self.eval(v)?));
                }
                Ok(Value::Map(Rc::new(out)))
            }
            ExprKind::Tuple(items) => Ok(Value::Tuple(Rc::new(self.eval_all(items)?))),
            ExprKind::Comprehension {
                kind,
                body,
                clauses,
            } => {
                let mut out = Vec::new();
                self.comprehension(body, clauses, &mut out)?;
                Ok(match kind {
                    CollectionKind::List => Value::list(out),
                    CollectionKind::Set => Value::set(out),
                })
            }
            ExprKind::Str(s) => Ok(Value::Str(s.as_str().into())),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Ident(name) => self.lookup(name),
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                unary(*op, v)
            }
            ExprKind::Binary {
                op: BinOp::And,
                lhs,
                rhs,
            } => Ok(Value::Bool(self.truth(lhs)? && self.truth(rhs)?)),
            ExprKind::Binary {
                op: BinOp::Or,
                lhs,
                rhs,
            } => Ok(Value::Bool(self.truth(lhs)? || self.truth(rhs)?)),
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                binary(*op, a, b)
            }
            ExprKind::InfixMethod { name, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                methods::call_method(self, &a, name, vec![b], vec![])
            }
            ExprKind::Range { from, to, step } => {
                let from = self.eval_integer(from)?;
                let to = self.eval_integer(to)?;
                let step = match step {
                    Some(s) => self.eval_integer(s)?,
                    None => Integer::one(),
                };
                Ok(Value::list(
                    range(&from, &to, &step)?
                        .into_iter()
                        .map(Value::integer)
                        .collect(),
                ))
            }
            ExprKind::Method {
                receiver,
                name,
                args,
                ..
            } => {
                let r = self.eval(receiver)?;
                let (pos, kw) = self.eval_args(args.as_deref().unwrap_or(&[]))?;
                if let Value::Namespace(ns) = &r {
                    return rulesets::namespace_member(self, ns, name, args.is_some(), pos, kw);
                }
                methods::call_method(self, &r, name, pos, kw)
            }
            ExprKind::Call { callee, args } => self.call(callee, args),
            ExprKind::Index { target, index } => {
                let t = self.eval(target)?;
                let i = self.eval_integer(index)?;
                index_value(&t, &i)
            }
            ExprKind::Lambda { params, body } => Ok(Value::Function(Rc::new(Closure {
                params: params.clone(),
                body: Rc::new((**body).clone()),
                captured: self.locals.clone(),
            }))),
        }
    }

    fn eval_all(&mut self, items: &[Expr]) -> EvalResult<Vec<Value>> {
        items.iter().map(|e| self.eval(e)).collect()
    }

    fn options(&mut self, items: &[Expr]) -> EvalResult<Vec<Game>> {
        items
            .iter()
            .map(|e| {
                let v = self.eval(e)?;
                to_game(&v).map_err(|err| err.at(e.span))
            })
            .collect()
    }

    fn truth(&mut self, e: &Expr) -> EvalResult<bool> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            v => Err(
                EvalError::new(format!("Expected a Boolean, got {} ({v})", v.kind())).at(e.span),
            ),
        }
    }

    fn eval_integer(&mut self, e: &Expr) -> EvalResult<Integer> {
        let v = self.eval(e)?;
        v.as_integer()
            .ok_or_else(|| EvalError::new(format!("Expected an integer, got {v}")).at(e.span))
    }

    fn lookup(&self, name: &str) -> EvalResult {
        if let Some((_, v)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if let Some(v) = self.globals.get(name) {
            return Ok(v.clone());
        }
        match name {
            "Left" => Ok(Value::Player(Player::Left)),
            "Right" => Ok(Value::Player(Player::Right)),
            "inf" => Ok(Value::Number(Rational::infinity())),
            "Nothing" => Ok(Value::Nothing),
            _ => rulesets::named(name)
                .ok_or_else(|| EvalError::new(format!("That variable is not defined: `{name}`"))),
        }
    }

    fn eval_args(&mut self, args: &[Arg]) -> EvalResult<(Vec<Value>, KeywordArgs)> {
        let mut pos = Vec::new();
        let mut kw = Vec::new();
        for a in args {
            match a {
                Arg::Positional(e) => pos.push(self.eval(e)?),
                Arg::Keyword { name, value } => kw.push((name.clone(), self.eval(value)?)),
            }
        }
        Ok((pos, kw))
    }

    fn call(&mut self, callee: &Expr, args: &[Arg]) -> EvalResult {
        if let ExprKind::Ident(name) = &callee.kind {
            let bound =
                self.locals.iter().any(|(n, _)| n == name) || self.globals.contains_key(name);
            if !bound {
                let (pos, kw) = self.eval_args(args)?;
                return methods::call_function(self, name, pos, kw);
            }
        }
        let f = self.eval(callee)?;
        let (pos, kw) = self.eval_args(args)?;
        if rulesets::is_callable(&f) {
            return rulesets::call(self, &f, pos, kw);
        }
        if !kw.is_empty() {
            return Err(EvalError::new(
                "Keyword arguments are not accepted by user functions",
            ));
        }
        self.apply(&f, pos)
    }

    /// Apply a function value to arguments.
    pub fn apply(&mut self, f: &Value, args: Vec<Value>) -> EvalResult {
        if rulesets::is_callable(f) {
            return rulesets::call(self, f, args, vec![]);
        }
        let Value::Function(c) = f else {
            return Err(EvalError::new(format!("Not a function: {f}")));
        };
        if c.params.len() != args.len() {
            return Err(EvalError::new(format!(
                "Function expects {} argument(s), got {}",
                c.params.len(),
                args.len()
            )));
        }
        let saved = std::mem::replace(&mut self.locals, c.captured.clone());
        self.locals.extend(c.params.iter().cloned().zip(args));
        let result = self.eval(&c.body);
        self.locals = saved;
        result
    }

    fn comprehension(
        &mut self,
        body: &Expr,
        clauses: &[Clause],
        out: &mut Vec<Value>,
    ) -> EvalResult<()> {
        let Some((first, rest)) = clauses.split_first() else {
            out.push(self.eval(body)?);
            return Ok(());
        };
        match first {
            Clause::Where(cond) => {
                if self.truth(cond)? {
                    self.comprehension(body, rest, out)?;
                }
                Ok(())
            }
            Clause::ForRange { var, from, to, by } => {
                let from = self.eval_integer(from)?;
                let to = self.eval_integer(to)?;
                let step = match by {
                    Some(s) => self.eval_integer(s)?,
                    None => Integer::one(),
                };
                let items: Vec<Value> = range(&from, &to, &step)?
                    .into_iter()
                    .map(Value::integer)
                    .collect();
                self.each(var, items, body, rest, out)
            }
            Clause::ForIn { var, iter } => {
                let items = match self.eval(iter)? {
                    Value::List(v) | Value::Set(v) | Value::Tuple(v) => (*v).clone(),
                    v => {
                        return Err(EvalError::new(format!(
                            "Cannot iterate over {}: {v}",
                            v.kind()
                        ))
                        .at(iter.span))
                    }
                };
                self.each(var, items, body, rest, out)
            }
        }
    }

    fn each(
        &mut self,
        var: &str,
        items: Vec<Value>,
        body: &Expr,
        rest: &[Clause],
        out: &mut Vec<Value>,
    ) -> EvalResult<()> {
        for item in items {
            self.locals.push((var.to_string(), item));
            let r = self.comprehension(body, rest, out);
            self.locals.pop();
            r?;
        }
        Ok(())
    }

    fn term(
        &mut self,
        number: Option<&TermNumber>,
        up: Option<&UpPart>,
        star: Option<&StarPart>,
    ) -> EvalResult {
        let mut g = Game::ZERO;
        if let Some(n) = number {
            let mut num = Integer::from(&n.numerator);
            if n.negative {
                num = -num;
            }
            let den = n
                .denominator
                .as_ref()
                .map_or_else(Integer::one, Integer::from);
            let r = Rational::new(num, den)?;
            let d = r.to_dyadic().ok_or_else(|| {
                EvalError::new(format!(
                    "{r} is not a dyadic rational, so it is not a short game"
                ))
            })?;
            g = Game::number(d);
        }
        if let Some(up) = up {
            g = g.add(up_part(up)?);
        }
        if let Some(star) = star {
            let n = match star {
                StarPart::Nimber(n) => Integer::from(n),
                StarPart::Expr(e) => self.eval_integer(e)?,
            };
            g = g.add(nimber(&n)?);
        }
        Ok(Value::game(g))
    }
}

/// The largest birthday of the right operand of an ordinal sum: `G : H`
/// recurses through every follower of H, so H must be small.
const MAX_ORDINAL_BIRTHDAY: u64 = 1 << 16;

/// `G : H`, refused when H is too large to recurse through.
pub fn ordinal_sum(g: Game, h: Game) -> EvalResult {
    let b = h.birthday();
    if b.to_u64().is_none_or(|b| b > MAX_ORDINAL_BIRTHDAY) {
        return Err(EvalError::new(format!(
            "Ordinal sum: the right operand's birthday {b} is too large (at most {MAX_ORDINAL_BIRTHDAY})"
        )));
    }
    Ok(Value::game(g.ordinal_sum(h)))
}

/// The nimber *n.
pub fn nimber(n: &Integer) -> EvalResult<Game> {
    if n.is_negative() {
        return Err(EvalError::new(format!("Nim value is negative: {n}")));
    }
    n.to_u64()
        .filter(|&m| m < 1 << 62)
        .map(Game::nimber)
        .ok_or_else(|| EvalError::new(format!("Nim value is too large: {n}")))
}

fn small_count(n: &BigInt, what: &str) -> EvalResult<u32> {
    u32::try_from(n)
        .ok()
        .filter(|&k| k <= 100_000)
        .ok_or_else(|| EvalError::new(format!("{what} out of range: {n}")))
}

fn up_part(up: &UpPart) -> EvalResult<Game> {
    Ok(match up {
        UpPart::Ups(k) => Game::ups(Integer::from(k)),
        UpPart::Pow { positive, n } => {
            let n = small_count(n, "Norton power of up")?;
            if n == 0 {
                return Err(EvalError::new(
                    "^<0> is not defined: powers of up start at ^<1>",
                ));
            }
            signed(*positive, Game::up_pow(n))
        }
        UpPart::PowTo { positive, n } => signed(
            *positive,
            Game::up_pow_to(small_count(n, "Sum of powers of up")?),
        ),
    })
}

fn signed(positive: bool, g: Game) -> Game {
    if positive {
        g
    } else {
        g.neg()
    }
}

/// The short game a value denotes, or an error naming the value.
pub fn to_game(v: &Value) -> EvalResult<Game> {
    if let Value::Position(p) = v {
        return rulesets::canonical_form(p);
    }
    v.as_game().ok_or_else(|| match v {
        Value::Number(r) => EvalError::new(format!(
            "{r} is not a dyadic rational, so it is not a short game"
        )),
        _ => EvalError::new(format!("Expected a game, got {} ({v})", v.kind())),
    })
}

/// The integers from `from` to `to` (inclusive) by `step`.
pub fn range(from: &Integer, to: &Integer, step: &Integer) -> EvalResult<Vec<Integer>> {
    if step.is_zero() {
        return Err(EvalError::new("Range step must not be 0"));
    }
    const LIMIT: u64 = 10_000_000;
    let span = if step.is_positive() {
        to - from
    } else {
        from - to
    };
    if span.is_negative() {
        return Ok(vec![]);
    }
    let count = span
        .div_floor(&step.abs())
        .and_then(|c| c.to_u64())
        .filter(|&c| c < LIMIT);
    let Some(count) = count else {
        return Err(EvalError::new(format!(
            "Range too long (more than {LIMIT} elements)"
        )));
    };
    let mut out = Vec::with_capacity(count as usize + 1);
    let mut x = from.clone();
    for _ in 0..=count {
        out.push(x.clone());
        x = &x + step;
    }
    Ok(out)
}

fn index_value(t: &Value, i: &Integer) -> EvalResult {
    let items = match t {
        Value::List(v) | Value::Tuple(v) => v,
        _ => {
            return Err(EvalError::new(format!(
                "Cannot index into {}: {t}",
                t.kind()
            )))
        }
    };
    i.to_usize()
        .filter(|&k| k >= 1 && k <= items.len())
        .map(|k| items[k - 1].clone())
        .ok_or_else(|| EvalError::new(format!("Index out of bounds: {i} (length {})", items.len())))
}

fn unary(op: UnaryOp, v: Value) -> EvalResult {
    match op {
        UnaryOp::Pos => match v {
            Value::Number(_) | Value::Game(_) => Ok(v),
            _ => Err(no_operation("+", &[&v])),
        },
        UnaryOp::Neg => match &v {
            Value::Number(r) => Ok(Value::Number(r.neg())),
            Value::Game(g) => Ok(Value::game(g.neg())),
            _ => Err(no_operation("-", &[&v])),
        },
        UnaryOp::PlusMinus => match &v {
            Value::Tuple(items) | Value::Set(items) => {
                let games = items.iter().map(to_game).collect::<EvalResult<Vec<_>>>()?;
                Ok(Value::game(Game::switch_of(&games)))
            }
            _ => Ok(Value::game(to_game(&v)?.switch())),
        },
        UnaryOp::Not => match v {
            Value::Bool(b) => Ok(Value::Bool(!b)),
            _ => Err(no_operation("not", &[&v])),
        },
    }
}

fn no_operation(op: &str, args: &[&Value]) -> EvalError {
    let kinds: Vec<String> = args.iter().map(|v| format!("`{}`", v.kind())).collect();
    EvalError::new(format!(
        "No operation `{op}` for arguments of types {}",
        kinds.join(", ")
    ))
}

fn binary(op: BinOp, a: Value, b: Value) -> EvalResult {
    use BinOp::*;
    match op {
        Add | Sub | PlusMinus => additive(op, a, b),
        Mul => multiply(a, b),
        Div => match (&a, &b) {
            (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x.div(y)?)),
            _ => Err(no_operation("/", &[&a, &b])),
        },
        Mod => match (&a, &b) {
            (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x.modulo(y)?)),
            _ => Err(no_operation("%", &[&a, &b])),
        },
        Pow => match (&a, &b) {
            (Value::Number(x), Value::Number(y)) => {
                let e = y
                    .to_integer()
                    .ok_or_else(|| EvalError::new(format!("Exponent must be an integer: {y}")))?;
                Ok(Value::Number(x.pow(&e)?))
            }
            _ => Err(no_operation("^", &[&a, &b])),
        },
        OrdinalSum => ordinal_sum(to_game(&a)?, to_game(&b)?),
        Eq => Ok(Value::Bool(value_eq(&a, &b))),
        Neq => Ok(Value::Bool(!value_eq(&a, &b))),
        Leq | Geq | Lt | Gt | LessOrConfused | GreaterOrConfused | Confused => compare(op, &a, &b),
        And | Or => logical(op, &a, &b),
    }
}

/// `and` / `or` on two evaluated operands (the evaluator short-circuits
/// them before reaching here; this serves other callers of `binary`).
fn logical(op: BinOp, a: &Value, b: &Value) -> EvalResult {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(if op == BinOp::And {
            *x && *y
        } else {
            *x || *y
        })),
        _ => Err(no_operation(
            if op == BinOp::And { "and" } else { "or" },
            &[a, b],
        )),
    }
}

fn additive(op: BinOp, a: Value, b: Value) -> EvalResult {
    if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
        match op {
            BinOp::Add => return Ok(Value::Number(x.add(y)?)),
            BinOp::Sub => return Ok(Value::Number(x.sub(y)?)),
            _ => {}
        }
    }
    let name = match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        _ => "+-",
    };
    let (Some(g), Some(h)) = (a.as_game(), b.as_game()) else {
        return Err(no_operation(name, &[&a, &b]));
    };
    Ok(Value::game(match op {
        BinOp::Add => g.add(h),
        BinOp::Sub => g.sub(h),
        _ => g.add(h.switch()),
    }))
}

fn multiply(a: Value, b: Value) -> EvalResult {
    if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
        return Ok(Value::Number(x.mul(y)?));
    }
    match (&a, &b) {
        (Value::Number(n), Value::Game(g)) | (Value::Game(g), Value::Number(n)) => {
            match n.to_integer() {
                Some(k) => Ok(Value::game(g.times(&k))),
                None => Err(no_operation("*", &[&a, &b])),
            }
        }
        _ => Err(no_operation("*", &[&a, &b])),
    }
}

/// The order relations on numbers (exact, including infinities) and games.
fn compare(op: BinOp, a: &Value, b: &Value) -> EvalResult {
    let (le, ge) = match (a, b) {
        (Value::Number(x), Value::Number(y)) => (x <= y, x >= y),
        _ => match (a.as_game(), b.as_game()) {
            (Some(g), Some(h)) => (g.leq(h), h.leq(g)),
            _ => return Err(no_operation(op.symbol(), &[a, b])),
        },
    };
    Ok(Value::Bool(match op {
        BinOp::Leq => le,
        BinOp::Geq => ge,
        BinOp::Lt => le && !ge,
        BinOp::Gt => ge && !le,
        BinOp::LessOrConfused => !ge,
        BinOp::GreaterOrConfused => !le,
        _ => !le && !ge,
    }))
}
