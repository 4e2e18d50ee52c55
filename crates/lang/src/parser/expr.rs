//! Expressions: assignment, lambdas, precedence climbing over the binary
//! operators, prefix operators, powers, postfix operations and atoms.

use super::terms::{is_down_word, Suffix};
use super::tree::{args_height, boxed, into_args, max_height, ArgTree, Tree};
use super::{ParseError, Parser};
use crate::ast::{
    Assignment, BinOp, CollectionKind, Expr, ExprKind, InfixCall, Lambda, MethodCall, Param, Span,
    SuperCall, TypeName, UnaryOp,
};
use crate::lexer::{string_value, Keyword, TokenKind};

/// A binary operator at the current token, as precedence climbing sees it.
#[derive(Clone, Copy)]
enum Infix {
    Binary(BinOp),
    /// A capitalised word between operands: `a Name b`.
    Method,
    /// `..`
    Range,
}

const PREC_OR: u8 = 2;
const PREC_AND: u8 = 3;
const PREC_NOT: u8 = 4;
const PREC_IS: u8 = 5;
const PREC_COMPARE: u8 = 6;
const PREC_INFIX_METHOD: u8 = 7;
const PREC_RANGE: u8 = 8;
const PREC_ADD: u8 = 9;
/// `&` binds tighter than `+` and looser than `:` (LOOPY 1.7).
const PREC_SIDLE: u8 = 10;
const PREC_ORDINAL: u8 = 11;
const PREC_MUL: u8 = 12;
/// `×` binds tighter than `*` and `/`, so that a printed surreal number
/// such as `(ω+7)/ω×7` reads back as itself.
const PREC_TIMES: u8 = 13;

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
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
            | BinOp::Compare
    )
}

fn is_capitalised(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

impl Parser<'_> {
    /// Parses an expression, including assignments and lambdas.
    pub(super) fn parse_expr(&mut self) -> Result<Tree, ParseError> {
        self.nested(Parser::assignment)
    }

    /// `name := e` or a function expression.
    fn assignment(&mut self) -> Result<Tree, ParseError> {
        let assigns = matches!(self.peek().kind, TokenKind::Ident)
            && self.kind(self.pos + 1) == TokenKind::ColonEq;
        if !assigns {
            let value = self.function_inner()?;
            if self.at(&TokenKind::ColonEq) {
                return Err(ParseError::new(
                    "only a name can be assigned with `:=`",
                    self.peek().span,
                ));
            }
            return Ok(value);
        }
        let (name, name_span) = self.take_ident("a name")?;
        self.check_binding_name(&name, name_span)?;
        self.bump();
        let value = self.parse_expr()?;
        let span = name_span.to(value.span());
        self.node(value.height, || {
            Expr::new(
                ExprKind::Assign(Box::new(Assignment {
                    name,
                    name_span,
                    value: boxed(value),
                })),
                span,
            )
        })
    }

    /// An expression without a top-level assignment: a lambda or an `or`
    /// expression (the body of a lambda is one of these), one level deeper.
    pub(super) fn function_expr(&mut self) -> Result<Tree, ParseError> {
        self.nested(Parser::function_inner)
    }

    fn function_inner(&mut self) -> Result<Tree, ParseError> {
        match self.lambda_arrow_ahead() {
            Some(arrow) => self.lambda(arrow),
            None => self.binary_expr(PREC_OR),
        }
    }

    /// If a lambda starts at the current token (`x ->` or `( ... ) ->`),
    /// the index of its `->`, without consuming anything.
    fn lambda_arrow_ahead(&self) -> Option<usize> {
        let start = self.pos;
        if self.kind(start) == TokenKind::Ident {
            return (self.kind(start + 1) == TokenKind::Arrow).then_some(start + 1);
        }
        if self.kind(start) != TokenKind::LParen {
            return None;
        }
        // A parameter list: `name [as A.B] [? default | ...]`, comma
        // separated. Only a default can hold arbitrary tokens, so anything
        // else that is not a parameter ends the look-ahead at once.
        let mut index = start + 1;
        if self.kind(index) != TokenKind::RParen {
            loop {
                let TokenKind::Ident = self.kind(index) else {
                    return None;
                };
                index += 1;
                if self.kind(index) == TokenKind::Keyword(Keyword::As) {
                    index += 1;
                    while matches!(self.kind(index), TokenKind::Ident) {
                        index += 1;
                        if self.kind(index) != TokenKind::Dot {
                            break;
                        }
                        index += 1;
                    }
                }
                match self.kind(index) {
                    TokenKind::Question => index = self.skip_default(index + 1)?,
                    TokenKind::Ellipsis => index += 1,
                    _ => {}
                }
                match self.kind(index) {
                    TokenKind::Comma => index += 1,
                    TokenKind::RParen => break,
                    _ => return None,
                }
            }
        }
        (self.kind(index + 1) == TokenKind::Arrow).then_some(index + 1)
    }

    /// The index of the `,` or `)` that ends a parameter's default
    /// expression starting at `index`.
    fn skip_default(&self, mut index: usize) -> Option<usize> {
        let mut depth = 0usize;
        loop {
            match self.kind(index) {
                TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace => depth += 1,
                TokenKind::RParen if depth == 0 => return Some(index),
                TokenKind::Comma if depth == 0 => return Some(index),
                TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => {
                    depth = depth.checked_sub(1)?;
                }
                TokenKind::Eof => return None,
                _ => {}
            }
            index += 1;
        }
    }

    /// A lambda whose `->` is at token index `arrow`.
    fn lambda(&mut self, arrow: usize) -> Result<Tree, ParseError> {
        let start = self.peek().span;
        let (params, parenthesised, height) = if self.at(&TokenKind::LParen) {
            self.bump();
            let (params, height) = self.params(&TokenKind::RParen)?;
            self.expect(&TokenKind::RParen, "`,` or `)` after a parameter")?;
            (params, true, height)
        } else {
            let (name, span) = self.take_ident("a parameter name")?;
            self.check_binding_name(&name, span)?;
            let param = Param {
                name,
                span,
                ty: None,
                default: None,
                expand: false,
            };
            (vec![param], false, 0)
        };
        if self.pos != arrow {
            return Err(self.expected("`->`"));
        }
        self.bump();
        let body = self.function_expr()?;
        let span = start.to(body.span());
        self.node(height.max(body.height), || {
            Expr::new(
                ExprKind::Lambda(Box::new(Lambda {
                    params,
                    body: boxed(body),
                    parenthesised,
                })),
                span,
            )
        })
    }

    /// A parameter list (without its brackets), ending before `close`:
    /// `name [as Type] [? default] [...]`, separated by commas. Returns the
    /// parameters and the height of their default expressions.
    pub(super) fn params(&mut self, close: &TokenKind) -> Result<(Vec<Param>, usize), ParseError> {
        let mut params: Vec<Param> = Vec::new();
        let mut height = 0;
        if self.at(close) {
            return Ok((params, height));
        }
        let mut seen: Vec<String> = Vec::new();
        loop {
            let (name, span) = self.take_ident("a parameter name")?;
            self.check_binding_name(&name, span)?;
            if seen.contains(&name) {
                return Err(ParseError::new(format!("Duplicate var: `{name}`"), span));
            }
            seen.push(name.clone());
            let ty = match self.eat_keyword(Keyword::As) {
                Some(_) => Some(self.type_name()?),
                None => None,
            };
            let mut param = Param {
                name,
                span,
                ty,
                default: None,
                expand: false,
            };
            if self.eat(&TokenKind::Question).is_some() {
                let default = self.function_expr()?;
                height = height.max(default.height);
                param.default = Some(default.into_expr());
            } else if self.eat(&TokenKind::Ellipsis).is_some() {
                param.expand = true;
            }
            params.push(param);
            if self.eat(&TokenKind::Comma).is_none() {
                break;
            }
        }
        Ok((params, height))
    }

    /// A class name: `Integer`, `game.grid.Grid`.
    pub(super) fn type_name(&mut self) -> Result<TypeName, ParseError> {
        let (first, mut span) = self.take_ident("a class name")?;
        let mut path = vec![first];
        while self.at(&TokenKind::Dot) && matches!(self.kind(self.pos + 1), TokenKind::Ident) {
            self.bump();
            let (part, part_span) = self.take_ident("a class name")?;
            span = span.to(part_span);
            path.push(part);
        }
        Ok(TypeName { path, span })
    }

    /// The binary operator at the current token and its precedence.
    fn infix_at(&self) -> Option<(Infix, u8)> {
        let infix = match self.peek().kind {
            TokenKind::Keyword(Keyword::Or) => (Infix::Binary(BinOp::Or), PREC_OR),
            TokenKind::Keyword(Keyword::And) => (Infix::Binary(BinOp::And), PREC_AND),
            TokenKind::Keyword(Keyword::Is) => (Infix::Binary(BinOp::Is), PREC_IS),
            TokenKind::EqEq => (Infix::Binary(BinOp::Eq), PREC_COMPARE),
            TokenKind::NotEq => (Infix::Binary(BinOp::Neq), PREC_COMPARE),
            TokenKind::EqEqEq => (Infix::Binary(BinOp::Identical), PREC_COMPARE),
            TokenKind::NotEqEq => (Infix::Binary(BinOp::NotIdentical), PREC_COMPARE),
            TokenKind::Spaceship => (Infix::Binary(BinOp::Compare), PREC_COMPARE),
            TokenKind::LtEq => (Infix::Binary(BinOp::Leq), PREC_COMPARE),
            TokenKind::GtEq => (Infix::Binary(BinOp::Geq), PREC_COMPARE),
            TokenKind::Lt => (Infix::Binary(BinOp::Lt), PREC_COMPARE),
            TokenKind::Gt => (Infix::Binary(BinOp::Gt), PREC_COMPARE),
            TokenKind::LtBar => (Infix::Binary(BinOp::LessOrConfused), PREC_COMPARE),
            TokenKind::BarGt => (Infix::Binary(BinOp::GreaterOrConfused), PREC_COMPARE),
            TokenKind::LtGt => (Infix::Binary(BinOp::Confused), PREC_COMPARE),
            TokenKind::Ident if self.ident_at(self.pos).is_some_and(is_capitalised) => {
                (Infix::Method, PREC_INFIX_METHOD)
            }
            TokenKind::DotDot => (Infix::Range, PREC_RANGE),
            TokenKind::Plus => (Infix::Binary(BinOp::Add), PREC_ADD),
            TokenKind::Minus => (Infix::Binary(BinOp::Sub), PREC_ADD),
            TokenKind::PlusMinus => (Infix::Binary(BinOp::PlusMinus), PREC_ADD),
            TokenKind::Colon => (Infix::Binary(BinOp::OrdinalSum), PREC_ORDINAL),
            TokenKind::Amp => (Infix::Binary(BinOp::Sidle), PREC_SIDLE),
            TokenKind::Star => (Infix::Binary(BinOp::Mul), PREC_MUL),
            TokenKind::Slash => (Infix::Binary(BinOp::Div), PREC_MUL),
            TokenKind::Percent => (Infix::Binary(BinOp::Mod), PREC_MUL),
            TokenKind::Times => (Infix::Binary(BinOp::Mul), PREC_TIMES),
            _ => return None,
        };
        Some(infix)
    }

    /// Precedence climbing over the binary operators binding at least as
    /// tightly as `min_prec`.
    fn binary_expr(&mut self, min_prec: u8) -> Result<Tree, ParseError> {
        let mut lhs = self.operand(min_prec)?;
        while let Some((infix, prec)) = self.infix_at() {
            if prec < min_prec {
                break;
            }
            lhs = match infix {
                Infix::Binary(op) => self.finish_binary(lhs, op, prec)?,
                Infix::Method => self.finish_infix_method(lhs, prec)?,
                Infix::Range => self.finish_range(lhs, prec)?,
            };
        }
        Ok(lhs)
    }

    /// An operand of `binary_expr`: a loose `not` (binding looser than `is`
    /// and the comparisons) where the precedence allows it, else a unary
    /// expression.
    fn operand(&mut self, min_prec: u8) -> Result<Tree, ParseError> {
        if min_prec <= PREC_NOT && self.at_keyword(Keyword::Not) {
            let op_span = self.bump();
            let operand = self.nested(|p| p.binary_expr(PREC_IS))?;
            return self.unary(UnaryOp::Not, op_span, operand);
        }
        self.unary_expr()
    }

    fn finish_binary(&mut self, lhs: Tree, op: BinOp, prec: u8) -> Result<Tree, ParseError> {
        self.bump();
        let rhs = self.binary_expr(prec + 1)?;
        let tree = self.binary(op, lhs, rhs)?;
        if op == BinOp::Sidle && self.at(&TokenKind::Amp) {
            return Err(ParseError::new(
                "`&` cannot be chained: a sided value has one onside and one offside; \
                 write `(a & b)` as an operand"
                    .to_string(),
                self.peek().span,
            ));
        }
        if is_comparison(op) {
            if let Some((Infix::Binary(next), _)) = self.infix_at() {
                if is_comparison(next) {
                    return Err(ParseError::new(
                        format!(
                            "comparisons cannot be chained: found `{}` after a comparison; \
                             combine comparisons with `and`",
                            self.peek().kind
                        ),
                        self.peek().span,
                    ));
                }
            }
        }
        Ok(tree)
    }

    fn finish_infix_method(&mut self, lhs: Tree, prec: u8) -> Result<Tree, ParseError> {
        let (name, _) = self.take_ident("a method name")?;
        let rhs = self.binary_expr(prec + 1)?;
        let span = lhs.span().to(rhs.span());
        self.node(lhs.height.max(rhs.height), || {
            Expr::new(
                ExprKind::InfixMethod(Box::new(InfixCall {
                    name,
                    lhs: boxed(lhs),
                    rhs: boxed(rhs),
                })),
                span,
            )
        })
    }

    fn finish_range(&mut self, from: Tree, prec: u8) -> Result<Tree, ParseError> {
        self.bump();
        let to = self.binary_expr(prec + 1)?;
        let step = match self.eat(&TokenKind::DotDot) {
            Some(_) => Some(self.binary_expr(prec + 1)?),
            None => None,
        };
        if self.at(&TokenKind::DotDot) {
            return Err(ParseError::new(
                "a range has at most one step: expected `from .. to` or `from .. to .. step`, \
                 found a third `..`",
                self.peek().span,
            ));
        }
        let span = from.span().to(step.as_ref().map_or(to.span(), Tree::span));
        let height = max_height([&from, &to].into_iter().chain(&step));
        self.node(height, || {
            let kind = ExprKind::Range {
                from: boxed(from),
                to: boxed(to),
                step: step.map(boxed),
            };
            Expr::new(kind, span)
        })
    }

    /// Prefix operators, then a power expression.
    fn unary_expr(&mut self) -> Result<Tree, ParseError> {
        let op = match self.peek().kind {
            TokenKind::Minus if self.negative_term_ahead() => {
                let minus = self.bump();
                return self.number_led(Some(minus));
            }
            TokenKind::PlusMinus if self.fraction_ahead() => {
                // `+-1/2` reads back as onag prints {1/2|-1/2}: a division
                // of a game has no meaning, so the fraction is the operand.
                let op_span = self.bump();
                let numerator = self.take_int()?;
                self.bump();
                let denominator = self.take_int()?;
                let fraction = self.binary(
                    BinOp::Div,
                    Tree::leaf(ExprKind::Integer(numerator.0.into()), numerator.1),
                    Tree::leaf(ExprKind::Integer(denominator.0.into()), denominator.1),
                )?;
                return self.unary(UnaryOp::PlusMinus, op_span, fraction);
            }
            TokenKind::Minus => UnaryOp::Neg,
            TokenKind::Plus => UnaryOp::Pos,
            TokenKind::PlusMinus => UnaryOp::PlusMinus,
            TokenKind::Keyword(Keyword::Not) => UnaryOp::Not,
            _ => return self.power_expr(),
        };
        let op_span = self.bump();
        let operand = self.nested(Parser::unary_expr)?;
        self.unary(op, op_span, operand)
    }

    /// True when the current `+-` is followed by a plain fraction `a/b`
    /// written without spaces and not itself the number part of a term.
    fn fraction_ahead(&self) -> bool {
        let numerator = self.pos + 1;
        matches!(self.kind(numerator), TokenKind::Int)
            && self.kind(numerator + 1) == TokenKind::Slash
            && self.touches(numerator + 1)
            && matches!(self.kind(numerator + 2), TokenKind::Int)
            && self.touches(numerator + 2)
            && self.suffix_after_int(numerator + 2) == Suffix::None
            && !matches!(
                self.kind(numerator + 3),
                TokenKind::Caret | TokenKind::Dot | TokenKind::LBracket | TokenKind::LParen
            )
    }

    /// True when the current `-` touches an integer that is the number part
    /// of a term (`-1^^`, `-5/4v*`, `-2Tiny(2)`), so that the sign belongs
    /// to the number part alone.
    fn negative_term_ahead(&self) -> bool {
        let number = self.pos + 1;
        matches!(self.kind(number), TokenKind::Int)
            && self.touches(number)
            && self.number_shape(number).suffix != Suffix::None
    }

    /// A postfix expression, then `^` and a right-associative exponent.
    pub(super) fn power_expr(&mut self) -> Result<Tree, ParseError> {
        let base = self.postfix_expr()?;
        if self.eat(&TokenKind::Caret).is_none() {
            return Ok(base);
        }
        let exponent = self.nested(Parser::unary_expr)?;
        self.binary(BinOp::Pow, base, exponent)
    }

    /// An atom followed by `.Name`, `.Name(args)`, `[index]` and `(args)`.
    pub(super) fn postfix_expr(&mut self) -> Result<Tree, ParseError> {
        let tree = self.atom()?;
        self.postfix(tree)
    }

    /// The postfix operations after `tree`. After a control expression
    /// (`if`, a loop, `begin`) only `.Name` applies: a `(` or `[` there
    /// starts the next statement.
    fn postfix(&mut self, mut tree: Tree) -> Result<Tree, ParseError> {
        let control = matches!(
            tree.expr.kind,
            ExprKind::If(_) | ExprKind::Loop(_) | ExprKind::Block(_)
        );
        loop {
            if control && !self.at(&TokenKind::Dot) {
                return Ok(tree);
            }
            tree = match self.peek().kind {
                TokenKind::Dot => self.method(tree)?,
                TokenKind::LBracket => {
                    self.bump();
                    let index = self.parse_expr()?;
                    let close = self.expect(&TokenKind::RBracket, "`]`")?;
                    let span = tree.span().to(close);
                    self.node(tree.height.max(index.height), || {
                        let kind = ExprKind::Index {
                            target: boxed(tree),
                            index: boxed(index),
                        };
                        Expr::new(kind, span)
                    })?
                }
                TokenKind::LParen => {
                    let (args, close) = self.arguments()?;
                    let span = tree.span().to(close);
                    self.node(tree.height.max(args_height(&args)), || {
                        let kind = ExprKind::Call {
                            callee: boxed(tree),
                            args: into_args(args).into_boxed_slice(),
                        };
                        Expr::new(kind, span)
                    })?
                }
                _ => return Ok(tree),
            };
        }
    }

    /// `.Name` or `.Name(args)` after `receiver`; the current token is `.`.
    fn method(&mut self, receiver: Tree) -> Result<Tree, ParseError> {
        let dot = self.bump();
        let is_integer = matches!(receiver.expr.kind, ExprKind::Integer(_));
        if is_integer && self.touches(self.pos) && matches!(self.peek().kind, TokenKind::Int) {
            return Err(ParseError::new(
                format!(
                    "expected a method name after `.`, found {}; there are no decimal numbers, \
                     write a fraction such as `3/2`",
                    self.peek().describe(self.src)
                ),
                dot.to(self.peek().span),
            ));
        }
        let (name, name_span) = self.take_ident("a method name after `.`")?;
        let (args, end) = if self.at(&TokenKind::LParen) {
            let (args, close) = self.arguments()?;
            (Some(args), close)
        } else {
            (None, name_span)
        };
        let span = receiver.span().to(end);
        let height = receiver.height.max(args.as_deref().map_or(0, args_height));
        self.node(height, || {
            let args = args.map(into_args);
            Expr::new(
                ExprKind::Method(Box::new(MethodCall {
                    receiver: boxed(receiver),
                    name,
                    name_span,
                    args,
                })),
                span,
            )
        })
    }

    /// `(arg, ...)` where each argument is `expr` or `name => expr`, or
    /// `(expr for ...)`: one argument, the list the loop yields. The current
    /// token is `(`. Returns the arguments and the span of `)`.
    pub(super) fn arguments(&mut self) -> Result<(Vec<ArgTree>, Span), ParseError> {
        let open = self.bump();
        let mut args = Vec::new();
        if let Some(close) = self.eat(&TokenKind::RParen) {
            return Ok((args, close));
        }
        loop {
            let arg = self.argument()?;
            if args.is_empty() && arg.name.is_none() && self.at_keyword(Keyword::For) {
                let list = self.comprehension(CollectionKind::List, arg.value, open)?;
                let close = self.previous_span();
                args.push(ArgTree {
                    name: None,
                    value: list,
                });
                return Ok((args, close));
            }
            args.push(arg);
            if self.eat(&TokenKind::Comma).is_none() {
                let close = self.expect(&TokenKind::RParen, "`,` or `)` after an argument")?;
                return Ok((args, close));
            }
        }
    }

    fn argument(&mut self) -> Result<ArgTree, ParseError> {
        let keyword = matches!(self.peek().kind, TokenKind::Ident)
            && self.kind(self.pos + 1) == TokenKind::FatArrow;
        let name = if keyword {
            let (name, _) = self.take_ident("an argument name")?;
            self.bump();
            Some(name)
        } else {
            None
        };
        Ok(ArgTree {
            name,
            value: self.parse_expr()?,
        })
    }

    fn atom(&mut self) -> Result<Tree, ParseError> {
        match self.peek().kind {
            TokenKind::Int => self.number_led(None),
            TokenKind::Ident if self.ident_at(self.pos).is_some_and(is_down_word) => self.up_term(),
            TokenKind::Ident => {
                let (name, span) = self.take_ident("a name")?;
                let next = self.peek();
                if next.kind == TokenKind::LBrace && next.span.start() == span.end() {
                    return self.labelled_braces(Some((name, span)));
                }
                Ok(Tree::leaf(ExprKind::Ident(name), span))
            }
            TokenKind::Keyword(Keyword::True) => Ok(Tree::leaf(ExprKind::Bool(true), self.bump())),
            TokenKind::Keyword(Keyword::False) => {
                Ok(Tree::leaf(ExprKind::Bool(false), self.bump()))
            }
            TokenKind::Keyword(Keyword::This) => Ok(Tree::leaf(ExprKind::This, self.bump())),
            TokenKind::Keyword(Keyword::Super) => self.super_member(),
            TokenKind::Keyword(Keyword::Error) => self.error_expr(),
            TokenKind::Keyword(Keyword::If) => self.if_expr(),
            TokenKind::Keyword(Keyword::Begin) => self.block_expr(),
            TokenKind::Keyword(Keyword::For | Keyword::While) => self.loop_expr(),
            TokenKind::Keyword(Keyword::Return) => self.return_expr(),
            TokenKind::Keyword(Keyword::Break) => Ok(Tree::leaf(ExprKind::Break, self.bump())),
            TokenKind::Keyword(Keyword::Continue) => {
                Ok(Tree::leaf(ExprKind::Continue, self.bump()))
            }
            TokenKind::Keyword(Keyword::Try) => {
                Err(ParseError::new("`try` is not supported", self.peek().span))
            }
            TokenKind::Keyword(Keyword::Clear) => Err(ParseError::new(
                "`clear` is not supported",
                self.peek().span,
            )),
            TokenKind::Keyword(Keyword::Pass) => {
                Err(ParseError::new("Unexpected `pass`.", self.peek().span))
            }
            TokenKind::Str => {
                let text = string_value(self.src, self.peek().span);
                Ok(Tree::leaf(ExprKind::Str(text), self.bump()))
            }
            TokenKind::Caret | TokenKind::UpArrow(_) | TokenKind::DownArrow(_) => self.up_term(),
            TokenKind::Star => self.star_term(),
            TokenKind::LParen => self.parenthesised(),
            TokenKind::LBracket => self.list(),
            TokenKind::LBrace => self.braces(),
            TokenKind::Quote => self.explicit_game(),
            _ => Err(self.expected("an expression")),
        }
    }

    /// `super.Name` or `super.Name(args)`.
    fn super_member(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        self.expect(&TokenKind::Dot, "`.` after `super`")?;
        let (name, name_span) = self.take_ident("a method name after `super.`")?;
        let (args, end) = if self.at(&TokenKind::LParen) {
            let (args, close) = self.arguments()?;
            (Some(args), close)
        } else {
            (None, name_span)
        };
        let height = args.as_deref().map_or(0, args_height);
        self.node(height, || {
            Expr::new(
                ExprKind::Super(Box::new(SuperCall {
                    name,
                    name_span,
                    args: args.map(into_args),
                })),
                start.to(end),
            )
        })
    }

    /// `error(EXPR)`.
    fn error_expr(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        self.expect(&TokenKind::LParen, "`(` after `error`")?;
        let message = self.parse_expr()?;
        let close = self.expect(&TokenKind::RParen, "`)` after the message of `error`")?;
        self.node(message.height, || {
            Expr::new(ExprKind::Error(boxed(message)), start.to(close))
        })
    }

    /// `return` or `return EXPR`.
    fn return_expr(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        let ends = matches!(
            self.peek().kind,
            TokenKind::Semicolon
                | TokenKind::Eof
                | TokenKind::RParen
                | TokenKind::RBracket
                | TokenKind::RBrace
                | TokenKind::Keyword(
                    Keyword::End | Keyword::Else | Keyword::Elseif | Keyword::Yield
                )
        );
        if ends {
            return Ok(Tree::leaf(ExprKind::Return(None), start));
        }
        let value = self.parse_expr()?;
        let span = start.to(value.span());
        self.node(value.height, || {
            Expr::new(ExprKind::Return(Some(boxed(value))), span)
        })
    }

    /// `(e)` (grouping; the span grows to cover the parentheses), a tuple
    /// `(a, b, ...)`, or `(e for ...)`.
    fn parenthesised(&mut self) -> Result<Tree, ParseError> {
        let open = self.bump();
        let mut first = self.parse_expr()?;
        if self.at_keyword(Keyword::For) {
            return self.comprehension(CollectionKind::List, first, open);
        }
        if let Some(close) = self.eat(&TokenKind::RParen) {
            first.expr.span = open.to(close);
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(&TokenKind::Comma).is_some() {
            items.push(self.parse_expr()?);
        }
        let close = self.expect(&TokenKind::RParen, "`,` or `)`")?;
        self.node(max_height(&items), || {
            Expr::new(
                ExprKind::Tuple(super::tree::into_exprs(items)),
                open.to(close),
            )
        })
    }

    /// `[]`, `[a, b, ...]` or `[e for ...]`.
    pub(super) fn list(&mut self) -> Result<Tree, ParseError> {
        let open = self.bump();
        if let Some(close) = self.eat(&TokenKind::RBracket) {
            return Ok(Tree::leaf(ExprKind::List(Vec::new()), open.to(close)));
        }
        let first = self.parse_expr()?;
        if self.at_keyword(Keyword::For) {
            return self.comprehension(CollectionKind::List, first, open);
        }
        let mut items = vec![first];
        while self.eat(&TokenKind::Comma).is_some() {
            items.push(self.parse_expr()?);
        }
        let close = self.expect(&TokenKind::RBracket, "`,` or `]`")?;
        self.node(max_height(&items), || {
            Expr::new(
                ExprKind::List(super::tree::into_exprs(items)),
                open.to(close),
            )
        })
    }
}
