//! The syntax tree printed back as source text, as CGSuite prints a
//! function (SCRIPTING 3.6): one parameter bare (`x -> x + 1`), several in
//! parentheses (`(x, y) -> (x - y) / 2`), binary operators with one space
//! on each side, parentheses only where precedence needs them, calls
//! `f(a, b)`, lists `[a, b]`, blocks `begin s1; s2 end`.

use crate::ast::{
    game_sides, Arg, Assignment, BinOp, Chain, CollectionKind, Comprehension, Expr, ExprKind,
    ForSource, IfExpr, InfixCall, Lambda, LoopBody, LoopExpr, LoopHead, MethodCall, Param,
    StarPart, Stmt, SuperCall, TermNumber, UnaryOp, UpPart,
};
use std::fmt::Write;

/// How a lambda prints.
pub fn lambda_text(l: &Lambda) -> String {
    let mut out = String::new();
    lambda(&mut out, l);
    out
}

const ASSIGN: u8 = 0;
const LAMBDA: u8 = 1;
const OR: u8 = 2;
const AND: u8 = 3;
const NOT: u8 = 4;
const IS: u8 = 5;
const COMPARE: u8 = 6;
const INFIX: u8 = 7;
const RANGE: u8 = 8;
const ADD: u8 = 9;
const SIDLE: u8 = 10;
const ORDINAL: u8 = 11;
const MUL: u8 = 12;
const UNARY: u8 = 13;
const POW: u8 = 14;
const POSTFIX: u8 = 15;
const ATOM: u8 = 16;

fn binop_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => OR,
        BinOp::And => AND,
        BinOp::Is => IS,
        BinOp::Eq
        | BinOp::Neq
        | BinOp::Leq
        | BinOp::Geq
        | BinOp::Lt
        | BinOp::Gt
        | BinOp::LessOrConfused
        | BinOp::GreaterOrConfused
        | BinOp::Confused
        | BinOp::Identical
        | BinOp::NotIdentical
        | BinOp::Compare => COMPARE,
        BinOp::Add | BinOp::Sub | BinOp::PlusMinus => ADD,
        BinOp::OrdinalSum => ORDINAL,
        BinOp::Sidle => SIDLE,
        BinOp::Mul | BinOp::Div | BinOp::Mod => MUL,
        BinOp::Pow => POW,
    }
}

fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Assign(_) => ASSIGN,
        ExprKind::Lambda(_) => LAMBDA,
        ExprKind::Binary { op, .. } => binop_prec(*op),
        ExprKind::Chain(chain) => chain.rest.first().map_or(ATOM, |(op, _)| binop_prec(*op)),
        ExprKind::InfixMethod(_) => INFIX,
        ExprKind::Range { .. } => RANGE,
        ExprKind::Unary {
            op: UnaryOp::Not, ..
        } => NOT,
        ExprKind::Unary { .. } => UNARY,
        ExprKind::Method(_) | ExprKind::Call { .. } | ExprKind::Index { .. } => POSTFIX,
        ExprKind::Return(_) => LAMBDA,
        _ => ATOM,
    }
}

fn lambda(out: &mut String, l: &Lambda) {
    match l.params.as_slice() {
        [p] if p.ty.is_none() && p.default.is_none() && !p.expand => out.push_str(&p.name),
        params => {
            out.push('(');
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                param(out, p);
            }
            out.push(')');
        }
    }
    out.push_str(" -> ");
    expr(out, &l.body, LAMBDA);
}

fn param(out: &mut String, p: &Param) {
    out.push_str(&p.name);
    if let Some(t) = &p.ty {
        let _ = write!(out, " as {}", t.dotted());
    }
    if let Some(d) = &p.default {
        out.push_str(" ? ");
        expr(out, d, LAMBDA);
    }
    if p.expand {
        out.push_str("...");
    }
}

fn list(out: &mut String, items: &[Expr], separator: &str) {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        expr(out, x, ASSIGN);
    }
}

fn args(out: &mut String, items: &[Arg]) {
    out.push('(');
    for (i, a) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match a {
            Arg::Positional(e) => expr(out, e, ASSIGN),
            Arg::Keyword { name, value } => {
                let _ = write!(out, "{name} => ");
                expr(out, value, ASSIGN);
            }
        }
    }
    out.push(')');
}

fn statements(out: &mut String, stmts: &[Stmt]) {
    for (i, s) in stmts.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        statement(out, s);
    }
}

fn statement(out: &mut String, s: &Stmt) {
    match s {
        Stmt::Expr(e) => expr(out, e, ASSIGN),
        Stmt::Assign { name, value, .. } => {
            let _ = write!(out, "{name} := ");
            expr(out, value, ASSIGN);
        }
        Stmt::Var { name, value, .. } => {
            let _ = write!(out, "var {name}");
            if let Some(v) = value {
                out.push_str(" := ");
                expr(out, v, ASSIGN);
            }
        }
        Stmt::Def { name, function, .. } => {
            let _ = write!(out, "{name} := ");
            lambda(out, function);
        }
    }
}

fn heads(out: &mut String, hs: &[LoopHead]) {
    for (i, h) in hs.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match h {
            LoopHead::For {
                var,
                source,
                while_,
                where_,
                ..
            } => {
                let _ = write!(out, "for {var}");
                match source {
                    ForSource::Range { from, to, by } => {
                        out.push_str(" from ");
                        expr(out, from, ASSIGN);
                        if let Some(t) = to {
                            out.push_str(" to ");
                            expr(out, t, ASSIGN);
                        }
                        if let Some(b) = by {
                            out.push_str(" by ");
                            expr(out, b, ASSIGN);
                        }
                    }
                    ForSource::In(e) => {
                        out.push_str(" in ");
                        expr(out, e, ASSIGN);
                    }
                    ForSource::Assign(e) => {
                        out.push_str(" := ");
                        expr(out, e, ASSIGN);
                    }
                }
                clauses(out, while_.as_ref(), where_.as_ref());
            }
            LoopHead::While { cond, where_ } => {
                out.push_str("while ");
                expr(out, cond, ASSIGN);
                clauses(out, None, where_.as_ref());
            }
        }
    }
}

fn clauses(out: &mut String, while_: Option<&Expr>, where_: Option<&Expr>) {
    if let Some(w) = while_ {
        out.push_str(" while ");
        expr(out, w, ASSIGN);
    }
    if let Some(w) = where_ {
        out.push_str(" where ");
        expr(out, w, ASSIGN);
    }
}

fn term(
    out: &mut String,
    number: Option<&TermNumber>,
    up: Option<&UpPart>,
    star: Option<&StarPart>,
) {
    if let Some(n) = number {
        if n.negative {
            out.push('-');
        }
        let _ = write!(out, "{}", n.numerator);
        if let Some(d) = &n.denominator {
            let _ = write!(out, "/{d}");
        }
    }
    match up {
        Some(UpPart::Ups(k)) => {
            let (arrow, count) = if k.sign() == num_bigint::Sign::Minus {
                ('v', -k.clone())
            } else {
                ('^', k.clone())
            };
            if count == 1.into() {
                out.push(arrow);
            } else if count == 2.into() {
                out.push(arrow);
                out.push(arrow);
            } else {
                let _ = write!(out, "{arrow}{count}");
            }
        }
        Some(UpPart::Pow { positive, n }) => {
            let _ = write!(out, "{}<{n}>", if *positive { '^' } else { 'v' });
        }
        Some(UpPart::PowTo { positive, n }) => {
            let _ = write!(out, "{}[{n}]", if *positive { '^' } else { 'v' });
        }
        Some(UpPart::Multiple { positive, count }) => {
            out.push(if *positive { '^' } else { 'v' });
            out.push(' ');
            expr(out, count, POSTFIX);
        }
        None => {}
    }
    match star {
        Some(StarPart::Nimber(n)) if *n == 1.into() => out.push('*'),
        Some(StarPart::Nimber(n)) => {
            let _ = write!(out, "*{n}");
        }
        Some(StarPart::Expr(e)) => {
            out.push_str("*(");
            expr(out, e, ASSIGN);
            out.push(')');
        }
        None => {}
    }
}

/// Prints `e`, in parentheses when it binds more loosely than `min`.
fn expr(out: &mut String, e: &Expr, min: u8) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let parens = prec(e) < min;
        if parens {
            out.push('(');
        }
        inner(out, e);
        if parens {
            out.push(')');
        }
    })
}

fn inner(out: &mut String, e: &Expr) {
    match &e.kind {
        ExprKind::Integer(n) => {
            let _ = write!(out, "{n}");
        }
        ExprKind::Term(t) => term(out, t.number.as_ref(), t.up.as_ref(), t.star.as_ref()),
        ExprKind::Explicit(game) => {
            out.push('\'');
            expr(out, game, ATOM);
            out.push('\'');
        }
        ExprKind::Game {
            options,
            left_len,
            label,
            pass,
        } => {
            let (left, right) = game_sides(options, *left_len);
            if let Some(label) = label {
                out.push_str(label);
            }
            out.push('{');
            list(out, left, ", ");
            if pass[0] {
                out.push_str(if left.is_empty() { "pass" } else { ", pass" });
            }
            out.push_str(" | ");
            list(out, right, ", ");
            if pass[1] {
                out.push_str(if right.is_empty() { "pass" } else { ", pass" });
            }
            out.push('}');
        }
        ExprKind::List(items) => {
            out.push('[');
            list(out, items, ", ");
            out.push(']');
        }
        ExprKind::Set(items) => {
            out.push('{');
            list(out, items, ", ");
            out.push('}');
        }
        ExprKind::Tuple(items) => {
            out.push('(');
            list(out, items, ", ");
            out.push(')');
        }
        ExprKind::Map(entries) => {
            if entries.is_empty() {
                out.push_str("{=>}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expr(out, k, ASSIGN);
                out.push_str(" => ");
                expr(out, v, ASSIGN);
            }
            out.push('}');
        }
        ExprKind::Comprehension(comprehension) => {
            let Comprehension {
                kind,
                body,
                heads: hs,
            } = &**comprehension;
            let (open, close) = match kind {
                CollectionKind::List => ('[', ']'),
                _ => ('{', '}'),
            };
            out.push(open);
            expr(out, body, ASSIGN);
            if let CollectionKind::Map(v) = kind {
                out.push_str(" => ");
                expr(out, v, ASSIGN);
            }
            out.push(' ');
            heads(out, hs);
            out.push(close);
        }
        ExprKind::Loop(lp) => {
            let LoopExpr { heads: hs, body } = &**lp;
            heads(out, hs);
            match body {
                LoopBody::Do(s) => {
                    out.push_str(" do ");
                    statements(out, s);
                }
                LoopBody::Yield(sections) => {
                    for s in sections {
                        out.push_str(" yield ");
                        statements(out, s);
                    }
                }
            }
            out.push_str(" end");
        }
        ExprKind::If(if_expr) => {
            let IfExpr {
                branches,
                otherwise,
            } = &**if_expr;
            for (i, (c, b)) in branches.iter().enumerate() {
                out.push_str(if i == 0 { "if " } else { " elseif " });
                expr(out, c, ASSIGN);
                out.push_str(" then ");
                statements(out, b);
            }
            if let Some(o) = otherwise {
                out.push_str(" else ");
                statements(out, o);
            }
            out.push_str(" end");
        }
        ExprKind::Block(stmts) => {
            out.push_str("begin ");
            statements(out, stmts);
            out.push_str(" end");
        }
        ExprKind::Assign(assignment) => {
            let Assignment { name, value, .. } = &**assignment;
            let _ = write!(out, "{name} := ");
            expr(out, value, ASSIGN);
        }
        ExprKind::Str(s) => {
            let _ = write!(out, "\"{s}\"");
        }
        ExprKind::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        ExprKind::Ident(name) => out.push_str(name),
        ExprKind::This => out.push_str("this"),
        ExprKind::Super(call) => {
            let SuperCall { name, args: a, .. } = &**call;
            let _ = write!(out, "super.{name}");
            if let Some(a) = a {
                args(out, a);
            }
        }
        ExprKind::Unary { op, operand } => {
            let (symbol, operand_prec) = match op {
                UnaryOp::Neg => ("-", UNARY),
                UnaryOp::Pos => ("+", UNARY),
                UnaryOp::PlusMinus => ("+-", UNARY),
                UnaryOp::Not => ("not ", IS),
            };
            out.push_str(symbol);
            expr(out, operand, operand_prec);
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let p = binop_prec(*op);
            let (lp, rp) = match op {
                BinOp::Pow => (p + 1, p),
                _ if p == COMPARE => (p + 1, p + 1),
                _ => (p, p + 1),
            };
            expr(out, lhs, lp);
            let _ = write!(out, " {} ", op.symbol());
            expr(out, rhs, rp);
        }
        ExprKind::Chain(chain) => {
            let Chain { first, rest } = &**chain;
            let p = rest.first().map_or(ATOM, |(op, _)| binop_prec(*op));
            expr(out, first, p);
            for (op, e) in rest {
                let _ = write!(out, " {} ", op.symbol());
                expr(out, e, p + 1);
            }
        }
        ExprKind::InfixMethod(call) => {
            let InfixCall { name, lhs, rhs } = &**call;
            expr(out, lhs, INFIX);
            let _ = write!(out, " {name} ");
            expr(out, rhs, INFIX + 1);
        }
        ExprKind::Range { from, to, step } => {
            expr(out, from, RANGE + 1);
            out.push_str("..");
            expr(out, to, RANGE + 1);
            if let Some(s) = step {
                out.push_str("..");
                expr(out, s, RANGE + 1);
            }
        }
        ExprKind::Method(call) => {
            let MethodCall {
                receiver,
                name,
                args: a,
                ..
            } = &**call;
            expr(out, receiver, POSTFIX);
            let _ = write!(out, ".{name}");
            if let Some(a) = a {
                args(out, a);
            }
        }
        ExprKind::Call { callee, args: a } => {
            expr(out, callee, POSTFIX);
            args(out, a);
        }
        ExprKind::Index { target, index } => {
            expr(out, target, POSTFIX);
            out.push('[');
            expr(out, index, ASSIGN);
            out.push(']');
        }
        ExprKind::Lambda(l) => lambda(out, l),
        ExprKind::Return(v) => {
            out.push_str("return");
            if let Some(v) = v {
                out.push(' ');
                expr(out, v, ASSIGN);
            }
        }
        ExprKind::Break => out.push_str("break"),
        ExprKind::Continue => out.push_str("continue"),
        ExprKind::Error(v) => {
            out.push_str("error(");
            expr(out, v, ASSIGN);
            out.push(')');
        }
    }
}
