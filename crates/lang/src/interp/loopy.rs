//! Operators on loopy values (LOOPY 1.7 and 1.8): sums, differences,
//! `+-`, multiples, ordinal sums, the sidling operator `&` and the order,
//! for canonical stoppers, stopper-sided values and general sided values.
//! Short games take part as the stoppers they are; a result that is a
//! short game comes back as one ([`Value::loopy`]).

use super::{Cx, Flow, Interp};
use crate::ast::{BinOp, Span};
use crate::compile::ir::{LoopyNode, LoopyOption};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::value::Value;
use onag_core::loopy::{SidedValue, Spec, SpecOption, Stopper};

impl Interp {
    /// The value of a loopy specifier (LOOPY 1.4-1.5): its graph, built
    /// from the nested braces, passes and back-references, valued as a
    /// canonical stopper or a sided value.
    pub(crate) fn loopy_specifier(&self, node: &LoopyNode, cx: &Cx<'_>) -> Flow {
        let spec = self.spec(node, cx)?;
        Ok(Value::loopy(spec.build().map_err(EvalError::from)?))
    }

    fn spec(&self, node: &LoopyNode, cx: &Cx<'_>) -> Flow<Spec> {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, options) in sides.iter_mut().zip([&node.left, &node.right]) {
            for option in options {
                match option {
                    LoopyOption::Node(n) => side.push(SpecOption::Node(stacker::maybe_grow(
                        64 * 1024,
                        2 * 1024 * 1024,
                        || self.spec(n, cx),
                    )?)),
                    LoopyOption::Label(l) => side.push(SpecOption::Label(l.clone())),
                    LoopyOption::Value(n) => {
                        for (v, span) in self.option_values(std::slice::from_ref(n), cx)? {
                            let s = self.stopper_option(&v).map_err(|e| e.at(span))?;
                            side.push(SpecOption::Value(s.into()));
                        }
                    }
                }
            }
        }
        let [left, right] = sides;
        Ok(Spec {
            label: node.label.clone(),
            left,
            right,
            left_pass: node.pass[0],
            right_pass: node.pass[1],
        })
    }

    /// An option of a loopy specifier: a canonical stopper (LOOPY 1.4).
    fn stopper_option(&self, v: &Value) -> EvalResult<Stopper> {
        if let Some(s) = v.as_stopper() {
            return Ok(s);
        }
        if let Some(g) = self.game_of(v) {
            return Ok(g?.into());
        }
        if let Value::Loopy(x) = v {
            return Err(EvalError::of(
                ErrorKind::TypeMismatch,
                format!("Invalid loopy game specifier: the option {x} is not a stopper."),
            ));
        }
        Err(EvalError::of(
            ErrorKind::TypeMismatch,
            format!(
                "Invalid loopy game specifier: an option must be a canonical stopper; found `{}`.",
                self.class_name_of(v)
            ),
        ))
    }

    /// `{L | R}` whose options include loopy values (LOOPY 1.6): a
    /// canonical stopper when they all are stoppers, else the sided
    /// construction.
    pub(crate) fn sided_specifier(
        &self,
        left: &[(Value, Span)],
        right: &[(Value, Span)],
    ) -> EvalResult {
        let sided = |options: &[(Value, Span)]| -> EvalResult<Vec<SidedValue>> {
            options
                .iter()
                .map(|(v, span)| match v.as_sided() {
                    Some(x) => Ok(x.into_owned()),
                    None => match self.game_of(v) {
                        Some(g) => Ok(SidedValue::from(g?)),
                        None => Err(EvalError::of(
                            ErrorKind::TypeMismatch,
                            "Invalid game specifier: objects must be of type `Game` or `SidedValue`",
                        )
                        .at(*span)),
                    },
                })
                .collect()
        };
        let v = SidedValue::from_options(&sided(left)?, &sided(right)?)?;
        Ok(Value::loopy(v))
    }

    /// `a op b` when the operator is `&` or an operand is a loopy value or
    /// an explicit game; None when the ordinary operators apply.
    pub(crate) fn loopy_binary(&self, op: BinOp, a: &Value, b: &Value) -> Option<EvalResult> {
        let explicit = matches!(a, Value::Explicit(_)) || matches!(b, Value::Explicit(_));
        if explicit && op == BinOp::OrdinalSum {
            if !crate::explicit::is_game(self, a) || !crate::explicit::is_game(self, b) {
                return Some(Err(self.no_op(":", a, b)));
            }
            let sum = crate::explicit::Explicit::OrdinalSum(a.clone(), b.clone());
            return Some(Ok(Value::Explicit(std::rc::Rc::new(sum))));
        }
        let loopy = matches!(a, Value::Loopy(_)) || matches!(b, Value::Loopy(_));
        if !loopy && op != BinOp::Sidle {
            return None;
        }
        let sided = |v: &Value| v.as_sided().map(std::borrow::Cow::into_owned);
        let result = match op {
            BinOp::Add | BinOp::Sub => match (sided(a), sided(b)) {
                (Some(x), Some(y)) if op == BinOp::Add => x.add(&y),
                (Some(x), Some(y)) => x.sub(&y),
                _ => return Some(Err(self.no_op(op.symbol(), a, b))),
            },
            BinOp::PlusMinus => {
                let Some(x) = sided(a) else {
                    return Some(Err(self.no_op("+-", a, b)));
                };
                match self.switch_of(b) {
                    Ok(s) => x.add(&s.into()),
                    Err(e) => return Some(Err(e)),
                }
            }
            BinOp::Mul => {
                let (n, g) = match (a.as_integer(), b.as_integer()) {
                    (Some(n), None) => (n, b),
                    (None, Some(n)) => (n, a),
                    _ => return Some(Err(self.no_op("*", a, b))),
                };
                match sided(g) {
                    Some(g) => g.times(&n),
                    None => return Some(Err(self.no_op("*", a, b))),
                }
            }
            BinOp::OrdinalSum => match (a.as_stopper(), b.as_stopper()) {
                (Some(g), Some(h)) => g.ordinal_sum(h).map(SidedValue::from),
                _ => return Some(Err(self.no_op(":", a, b))),
            },
            BinOp::Sidle => match (a.as_stopper(), b.as_stopper()) {
                (Some(s), Some(t)) => SidedValue::sided(s, t),
                _ => return Some(Err(self.no_op("&", a, b))),
            },
            _ => return None,
        };
        Some(result.map(Value::loopy).map_err(EvalError::from))
    }

    /// `(a <= b, b <= a)` when an operand is a loopy value (LOOPY 2.3).
    pub(crate) fn loopy_order(
        &self,
        op: &str,
        a: &Value,
        b: &Value,
    ) -> Option<EvalResult<(bool, bool)>> {
        if !matches!(a, Value::Loopy(_)) && !matches!(b, Value::Loopy(_)) {
            return None;
        }
        let (Some(x), Some(y)) = (a.as_sided(), b.as_sided()) else {
            return Some(Err(self.no_op(op, a, b)));
        };
        Some(
            x.leq(&y)
                .and_then(|le| Ok((le, y.leq(&x)?)))
                .map_err(EvalError::from),
        )
    }

    /// `+-G`: the switch `{G | -G}` of a canonical stopper, or `{Gs | -Gs}`
    /// of a collection of them (LOOPY 1.8); a sided value has no `+-`.
    pub(crate) fn switch_of(&self, v: &Value) -> EvalResult<Stopper> {
        let options: Vec<Stopper> = match v {
            Value::List(_) | Value::Set(_) => v
                .elements()
                .unwrap_or_default()
                .iter()
                .map(|x| x.as_stopper().ok_or_else(|| self.no_plus_minus(x)))
                .collect::<EvalResult<_>>()?,
            other => vec![other
                .as_stopper()
                .ok_or_else(|| self.no_plus_minus(other))?],
        };
        Stopper::switch(&options).map_err(EvalError::from)
    }

    fn no_plus_minus(&self, v: &Value) -> EvalError {
        EvalError::no_operation("+-", &[&self.class_name_of(v)])
    }
}
