//! Operators (NOTATION 3.4, SCRIPTING 2.4): arithmetic on numbers, sums
//! and comparisons of games, Coordinates arithmetic and order, string
//! concatenation, identity tests, indexing and ranges.

use super::Interp;
use crate::ast::{BinOp, UpPart};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::order::value_eq;
use crate::value::Value;
use onag_core::game::Game;
use onag_core::nim::transfinite::{Star as TransfiniteStar, TransfiniteNimber};
use onag_core::number::Integer;
use onag_core::surreal::Ordinal;

/// The largest birthday of the right operand of an ordinal sum: `G : H`
/// recurses through every follower of H, so H must be small.
const MAX_ORDINAL_BIRTHDAY: u64 = 1 << 16;

/// The longest range (`a..b`) a program may build.
const MAX_RANGE: u64 = 10_000_000;

/// `G : H`, refused when H is too large to recurse through.
pub fn ordinal_sum(g: Game, h: Game) -> EvalResult {
    let b = h.birthday();
    if b.to_u64().is_none_or(|b| b > MAX_ORDINAL_BIRTHDAY) {
        return Err(EvalError::of(
            ErrorKind::ResourceLimit,
            format!(
                "Ordinal sum: the right operand's birthday {b} is too large (at most {MAX_ORDINAL_BIRTHDAY})"
            ),
        ));
    }
    Ok(Value::game(g.ordinal_sum(h)))
}

/// The nimber *n.
pub fn nimber(n: &Integer) -> EvalResult<Game> {
    if n.is_negative() {
        return Err(EvalError::of(
            ErrorKind::Domain,
            format!("Nim value is negative: {n}"),
        ));
    }
    n.to_u64().map(Game::nimber).ok_or_else(|| {
        EvalError::of(
            ErrorKind::ResourceLimit,
            format!("Nim value is too large: {n}"),
        )
    })
}

/// What unary `*x` makes of a value (SURREAL 7.1).
pub enum Star {
    /// A short nimber.
    Finite(Game),
    /// A nimber of an infinite ordinal, or of an integer too large for a
    /// short nimber.
    Transfinite(TransfiniteNimber),
}

/// `*x` for an integer or a generalized ordinal x: a short nimber when x is
/// a non-negative integer below 2^64 (short nimbers are closed under nim
/// sum and product there), a transfinite nimber for any other
/// ordinal, `Nim value is negative: -8` or `Nim value is not an ordinal:
/// ω-1` otherwise. None for values that are neither.
pub fn star(v: &Value) -> Option<EvalResult<Star>> {
    let x = match v {
        Value::Number(r) => return Some(star_of_integer(r.to_integer()?)),
        Value::Surreal(x) => x.to_generalized()?,
        _ => return None,
    };
    Some(match TransfiniteNimber::star(&x) {
        Ok(TransfiniteStar::Finite(n)) => Ok(Star::Finite(Game::nimber(u64::from(n)))),
        Ok(TransfiniteStar::Transfinite(n)) => Ok(Star::Transfinite(n)),
        Err(e) => Err(EvalError::of(ErrorKind::Domain, e.to_string())),
    })
}

/// `*n` for an integer n (see [`star`]).
pub fn star_of_integer(n: Integer) -> EvalResult<Star> {
    match Ordinal::from_integer(&n) {
        Some(alpha) if n.to_u64().is_none() => Ok(Star::Transfinite(TransfiniteNimber::new(alpha))),
        _ => nimber(&n).map(Star::Finite),
    }
}

fn small_count(n: &num_bigint::BigInt, what: &str) -> EvalResult<u32> {
    u32::try_from(n)
        .ok()
        .filter(|&k| k <= 100_000)
        .ok_or_else(|| {
            EvalError::of(
                ErrorKind::ResourceLimit,
                format!("{what} out of range: {n}"),
            )
        })
}

/// The value of a fixed up part (`^`, `v3`, `^<2>`, `v[3]`).
pub fn up_part(up: &UpPart) -> EvalResult<Game> {
    Ok(match up {
        UpPart::Ups(k) => Game::ups(Integer::from(k)),
        UpPart::Pow { positive, n } => {
            let n = small_count(n, "Norton power of up")?;
            if n == 0 {
                return Err(EvalError::of(
                    ErrorKind::Domain,
                    "^<0> is not defined: powers of up start at ^<1>",
                ));
            }
            signed(*positive, Game::up_pow(n))
        }
        UpPart::PowTo { positive, n } => signed(
            *positive,
            Game::up_pow_to(small_count(n, "Sum of powers of up")?),
        ),
        UpPart::Multiple { .. } => Game::ZERO,
    })
}

fn signed(positive: bool, g: Game) -> Game {
    if positive {
        g
    } else {
        -g
    }
}

/// The value as a machine integer, if it is a small one.
fn small(v: &Value) -> Option<i64> {
    match v {
        Value::Number(r) => r.to_i64(),
        _ => None,
    }
}

/// `a op b` for the operands that loops and board code use most
/// (integers that fit a machine word, Coordinates), without moving or
/// cloning them; None hands the operation to [`Interp::binary`].
pub(crate) fn quick_binary(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    use BinOp::*;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if matches!(op, Eq | Neq) {
                return Some(Value::Bool((x == y) == (op == Eq)));
            }
            let (x, y) = (x.to_i64()?, y.to_i64()?);
            Some(match op {
                Add => Value::integer(x.checked_add(y)?),
                Sub => Value::integer(x.checked_sub(y)?),
                Lt => Value::Bool(x < y),
                Leq => Value::Bool(x <= y),
                Gt => Value::Bool(x > y),
                Geq => Value::Bool(x >= y),
                _ => return None,
            })
        }
        (Value::Coordinates(r1, c1), Value::Coordinates(r2, c2)) => match op {
            Add => super::eval::coordinates_of(r1 + r2, c1 + c2).ok(),
            Sub => super::eval::coordinates_of(r1 - r2, c1 - c2).ok(),
            Eq => Some(Value::Bool(r1 == r2 && c1 == c2)),
            Neq => Some(Value::Bool(r1 != r2 || c1 != c2)),
            _ => None,
        },
        (Value::Nothing, Value::Number(_)) | (Value::Number(_), Value::Nothing) => match op {
            Eq => Some(Value::Bool(false)),
            Neq => Some(Value::Bool(true)),
            _ => None,
        },
        _ => None,
    }
}

impl Interp {
    pub(super) fn no_op(&self, op: &str, a: &Value, b: &Value) -> EvalError {
        EvalError::no_operation(op, &[&self.class_name_of(a), &self.class_name_of(b)])
    }

    /// A binary operator on two values (`and` and `or` short-circuit in
    /// the evaluator; here they need Booleans).
    pub(crate) fn binary(&self, op: BinOp, a: Value, b: Value) -> EvalResult {
        match quick_binary(op, &a, &b) {
            Some(v) => Ok(v),
            None => self.binary_general(op, a, b),
        }
    }

    /// `a op b` for the operands [`quick_binary`] leaves.
    pub(crate) fn binary_general(&self, op: BinOp, a: Value, b: Value) -> EvalResult {
        use BinOp::*;
        // One tag test keeps loopy values and explicit games off the path
        // of numbers and short games.
        let loopy = |v: &Value| matches!(v, Value::Loopy(_) | Value::Explicit(_));
        if op == Sidle || loopy(&a) || loopy(&b) {
            if let Some(r) = self.loopy_binary(op, &a, &b) {
                return r;
            }
        }
        if matches!(a, Value::Surreal(_)) || matches!(b, Value::Surreal(_)) {
            if let Some(r) = self.surreal_arithmetic(op, &a, &b) {
                return r;
            }
        }
        match op {
            Add | Sub | PlusMinus => self.additive(op, a, b),
            Mul => self.multiply(a, b),
            Div => match (&a, &b) {
                (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x.div(y)?)),
                _ => Err(self.no_op("/", &a, &b)),
            },
            Mod => match (&a, &b) {
                (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x.modulo(y)?)),
                _ => Err(self.no_op("%", &a, &b)),
            },
            Pow => match (&a, &b) {
                (Value::Number(x), Value::Number(y)) => {
                    let e = y.to_integer().ok_or_else(|| {
                        EvalError::of(
                            ErrorKind::Domain,
                            format!("Exponent must be an integer: {y}"),
                        )
                    })?;
                    Ok(Value::Number(x.pow(&e)?))
                }
                _ => Err(self.no_op("^", &a, &b)),
            },
            Sidle => Err(self.no_op("&", &a, &b)),
            OrdinalSum if crate::methods::misere::ordinal_sum(&a, &b).is_some() => {
                crate::methods::misere::ordinal_sum(&a, &b)
                    .unwrap_or_else(|| Err(self.no_op(":", &a, &b)))
            }
            OrdinalSum => match (self.game_of(&a), self.game_of(&b)) {
                (Some(g), Some(h)) => ordinal_sum(g?, h?),
                _ => Err(self.no_op(":", &a, &b)),
            },
            Eq => Ok(Value::Bool(self.equals(&a, &b)?)),
            Neq => Ok(Value::Bool(!self.equals(&a, &b)?)),
            Identical => Ok(Value::Bool(value_eq(&a, &b))),
            NotIdentical => Ok(Value::Bool(!value_eq(&a, &b))),
            Leq | Geq | Lt | Gt | LessOrConfused | GreaterOrConfused | Confused => {
                self.compare(op, &a, &b)
            }
            Compare => {
                let (le, ge) = self.order_pair("<=>", &a, &b)?;
                Ok(match (le, ge) {
                    (true, true) => Value::integer(0),
                    (true, false) => Value::integer(-1),
                    (false, true) => Value::integer(1),
                    (false, false) => Value::game(Game::nimber(1)),
                })
            }
            Is => match &b {
                Value::Class(c) => Ok(Value::Bool(self.is_instance(&a, &c.class))),
                other => Err(EvalError::expected(
                    "cgsuite.lang.Class",
                    &self.class_name_of(other),
                )),
            },
            And | Or => match (&a, &b) {
                (Value::Bool(x), Value::Bool(y)) => {
                    Ok(Value::Bool(if op == And { *x && *y } else { *x || *y }))
                }
                _ => Err(self.no_op(op.symbol(), &a, &b)),
            },
        }
    }

    /// `+ - * / ^` when an operand is a surreal number beyond the
    /// rationals (SURREAL 2.3, 2.4 and 3.3): the field's operations, the
    /// result re-classified. None for other operators; mixing with a game
    /// that is not a number is CGSuite's no-operation error.
    fn surreal_arithmetic(&self, op: BinOp, a: &Value, b: &Value) -> Option<EvalResult> {
        let symbol = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Pow => "^",
            _ => return None,
        };
        let (Some(x), Some(y)) = (a.as_surreal(), b.as_surreal()) else {
            return Some(Err(self.no_op(symbol, a, b)));
        };
        let r = match op {
            BinOp::Add => x.add(&y),
            BinOp::Sub => x.sub(&y),
            BinOp::Mul => x.mul(&y),
            BinOp::Div => x.div(&y),
            _ => x.pow(&y),
        };
        Some(r.map(Value::surreal).map_err(EvalError::from))
    }

    fn additive(&self, op: BinOp, a: Value, b: Value) -> EvalResult {
        let name = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            _ => "+-",
        };
        match (&a, &b) {
            (Value::Number(x), Value::Number(y)) if op != BinOp::PlusMinus => {
                return Ok(Value::Number(if op == BinOp::Add {
                    x.add(y)?
                } else {
                    x.sub(y)?
                }))
            }
            (Value::Coordinates(r1, c1), Value::Coordinates(r2, c2)) if op != BinOp::PlusMinus => {
                let (r, c) = if op == BinOp::Add {
                    (r1 + r2, c1 + c2)
                } else {
                    (r1 - r2, c1 - c2)
                };
                return super::eval::coordinates_of(r, c);
            }
            (Value::Str(x), Value::Str(y) | Value::Output(y)) if op == BinOp::Add => {
                return Ok(Value::Str(format!("{x}{y}").into()))
            }
            (Value::Output(x), Value::Str(y) | Value::Output(y)) if op == BinOp::Add => {
                return Ok(Value::Output(format!("{x}{y}").into()))
            }
            (Value::Misere(_), _) | (_, Value::Misere(_)) if op != BinOp::PlusMinus => {
                if let Some(r) = crate::methods::misere::additive(self, op == BinOp::Add, &a, &b) {
                    return r;
                }
            }
            _ => {}
        }
        match (self.game_of(&a), self.game_of(&b)) {
            (Some(g), Some(h)) => {
                let (g, h) = (g?, h?);
                Ok(Value::game(match op {
                    BinOp::Add => g + h,
                    BinOp::Sub => g - h,
                    _ => g + h.switch(),
                }))
            }
            _ => Err(self.no_op(name, &a, &b)),
        }
    }

    fn multiply(&self, a: Value, b: Value) -> EvalResult {
        if let (Some(x), Some(y)) = (small(&a), small(&b)) {
            if let Some(r) = x.checked_mul(y) {
                return Ok(Value::integer(r));
            }
        }
        match (&a, &b) {
            (Value::Number(x), Value::Number(y)) => return Ok(Value::Number(x.mul(y)?)),
            (Value::Coordinates(r, c), n) | (n, Value::Coordinates(r, c)) => {
                if let Some(k) = small(n) {
                    return match (r.checked_mul(k), c.checked_mul(k)) {
                        (Some(r), Some(c)) => {
                            self.coordinates(&[Value::integer(r), Value::integer(c)])
                        }
                        _ => Err(self.no_op("*", &a, &b)),
                    };
                }
                return Err(self.no_op("*", &a, &b));
            }
            _ => {}
        }
        // n copies of a game, either way round.
        let copies = |n: &Value, g: &Value| -> Option<EvalResult> {
            let k = n.as_integer()?;
            if matches!(g, Value::Number(_)) {
                return None;
            }
            let g = self.game_of(g)?;
            Some(g.map(|g| Value::game(g.times(&k))))
        };
        if let Some(r) = copies(&a, &b).or_else(|| copies(&b, &a)) {
            return r;
        }
        Err(self.no_op("*", &a, &b))
    }

    /// `a == b`: for two games or numbers (built-in positions and user game
    /// objects compared with a canonical value) equality of value, as
    /// CGSuite defines `==` on games; otherwise structural equality.
    pub(crate) fn equals(&self, a: &Value, b: &Value) -> EvalResult<bool> {
        let canonical = |v: &Value| matches!(v, Value::Number(_) | Value::Game(_));
        if canonical(a) != canonical(b) {
            // The canonical side is a game; only the other one may not be.
            let other = if canonical(a) { b } else { a };
            if let Some(g) = self.game_of(other) {
                let h = self.game_of(if canonical(a) { a } else { b });
                if let Some(h) = h {
                    return Ok(g? == h?);
                }
            }
        }
        Ok(value_eq(a, b))
    }

    /// `a <= b` (numbers, games, strings, Coordinates).
    pub(crate) fn leq(&self, a: &Value, b: &Value) -> EvalResult<bool> {
        Ok(self.order_pair("<=", a, b)?.0)
    }

    /// `(a <= b, b <= a)`, or `No operation OP` for values that cannot be
    /// compared.
    fn order_pair(&self, op: &str, a: &Value, b: &Value) -> EvalResult<(bool, bool)> {
        if let Some(r) = self.loopy_order(op, a, b) {
            return r;
        }
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => return Ok((x <= y, x >= y)),
            (Value::Surreal(_), Value::Number(_) | Value::Surreal(_))
            | (Value::Number(_), Value::Surreal(_)) => {
                let (x, y) = (a.as_surreal(), b.as_surreal());
                return Ok((x <= y, x >= y));
            }
            (Value::Str(x), Value::Str(y)) => {
                let o = crate::order::value_order(a, b);
                let _ = (x, y);
                return Ok((o.is_le(), o.is_ge()));
            }
            (Value::Coordinates(r1, c1), Value::Coordinates(r2, c2)) => {
                return Ok((r1 <= r2 && c1 <= c2, r2 <= r1 && c2 <= c1))
            }
            _ => {}
        }
        match (self.game_of(a), self.game_of(b)) {
            (Some(g), Some(h)) => {
                let (g, h) = (g?, h?);
                Ok((g.leq(h), h.leq(g)))
            }
            _ => Err(self.no_op(op, a, b)),
        }
    }

    fn compare(&self, op: BinOp, a: &Value, b: &Value) -> EvalResult {
        let (le, ge) = self.order_pair(op.symbol(), a, b)?;
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

    /// `t[i]`: lists and strings by position (from 1), maps by key, grids
    /// by Coordinates and strips by position (`Nothing` off the board).
    pub(crate) fn index(&self, t: &Value, i: &Value) -> EvalResult {
        let position = |len: usize, what: &str| -> EvalResult<usize> {
            let n = i
                .as_integer()
                .ok_or_else(|| EvalError::expected("game.Integer", &self.class_name_of(i)))?;
            let Some(k) = n.to_i64().filter(|k| i32::try_from(*k).is_ok()) else {
                return Err(EvalError::of(ErrorKind::Index, "Overflow."));
            };
            usize::try_from(k)
                .ok()
                .filter(|&k| k >= 1 && k <= len)
                .ok_or_else(|| {
                    EvalError::of(ErrorKind::Index, format!("{what} index out of bounds: {k}"))
                })
        };
        match t {
            Value::List(items) => Ok(items
                .get(position(items.len(), "List")? - 1)
                .unwrap_or(Value::Nothing)),
            Value::MutableList(items) => {
                let items = items.borrow();
                Ok(items[position(items.len(), "List")? - 1].clone())
            }
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                let k = position(chars.len(), "String")?;
                Ok(Value::Str(chars[k - 1].to_string().into()))
            }
            Value::Map(entries) => self.map_lookup(entries, i),
            Value::MutableMap(entries) => self.map_lookup(&entries.borrow(), i),
            Value::Grid(g) => match i {
                Value::Coordinates(r, c) => Ok(g
                    .get(*r, *c)
                    .map_or(Value::Nothing, |v| Value::integer(v as i64))),
                other => Err(EvalError::expected(
                    "cgsuite.lang.Coordinates",
                    &self.class_name_of(other),
                )),
            },
            Value::Strip(s) => match i.as_integer().and_then(|n| n.to_i64()) {
                Some(k) => Ok(s
                    .get(k)
                    .map_or(Value::Nothing, |v| Value::integer(v as i64))),
                None => Err(EvalError::expected("game.Integer", &self.class_name_of(i))),
            },
            Value::Object(_) | Value::Vertex(_) => crate::methods::graph_index(self, t, i),
            _ => Err(self.no_op("[]", t, i)),
        }
    }

    /// `m[k]`: the value, or `Key not found: K`.
    pub(crate) fn map_lookup(&self, entries: &[(Value, Value)], key: &Value) -> EvalResult {
        match entries.binary_search_by(|(k, _)| crate::order::value_order(k, key)) {
            Ok(i) => Ok(entries[i].1.clone()),
            Err(_) => Err(EvalError::of(
                ErrorKind::Index,
                format!("Key not found: {}", crate::print::render(self, key)?),
            )),
        }
    }

    /// `a .. b [.. step]`: the integers from `a` toward `b` by `step`.
    pub(crate) fn range(&self, from: &Value, to: &Value, step: Option<&Value>) -> EvalResult {
        let int = |v: &Value| {
            v.as_integer()
                .ok_or_else(|| EvalError::expected("game.Integer", &self.class_name_of(v)))
        };
        let (from, to) = (int(from)?, int(to)?);
        let step = match step {
            Some(s) => int(s)?,
            None => Integer::one(),
        };
        if step.is_zero() {
            return Err(EvalError::of(ErrorKind::Domain, "Range step must not be 0"));
        }
        let span = if step.is_positive() {
            &to - &from
        } else {
            &from - &to
        };
        if span.is_negative() {
            return Ok(Value::list(Vec::new()));
        }
        let count = span
            .div_floor(&step.abs())
            .and_then(|c| c.to_u64())
            .filter(|&c| c < MAX_RANGE);
        let Some(count) = count else {
            return Err(EvalError::of(
                ErrorKind::ResourceLimit,
                format!("Range too long (more than {MAX_RANGE} elements)"),
            ));
        };
        let cells = u128::from(count + 1) * std::mem::size_of::<Value>() as u128;
        if let Some(message) =
            onag_core::memory::refusal(cells, || format!("A range of {} elements", count + 1))
        {
            return Err(EvalError::of(ErrorKind::ResourceLimit, message));
        }
        let mut out = Vec::with_capacity(count as usize + 1);
        let mut x = from;
        for _ in 0..=count {
            out.push(Value::integer(x.clone()));
            x = &x + &step;
        }
        Ok(Value::list(out))
    }
}
