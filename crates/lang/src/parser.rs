//! The parser of the onag language (NOTATION.md sections 1-3).
//!
//! [`parse_program`] reads a whole input (statements separated by `;`) and
//! [`parse_expr`] a single expression. Both are hand-written recursive
//! descent over the tokens of [`crate::lexer`], with precedence climbing for
//! the binary operators. Loosest first:
//!
//! | level | syntax                                   | associativity |
//! |-------|------------------------------------------|---------------|
//! | 0     | lambda `x -> e`, `(x, y) -> e`            | right         |
//! | 1     | `or`                                     | left          |
//! | 2     | `and`                                    | left          |
//! | 3     | `not`                                    | prefix        |
//! | 4     | `==` `!=` `<=` `>=` `<` `>` `<\|` `\|>` `<>` | none      |
//! | 5     | infix method `a Name b`                  | left          |
//! | 6     | `a .. b`, `a .. b .. step`               | none          |
//! | 7     | `+` `-` `+-`                             | left          |
//! | 8     | `:` (ordinal sum)                        | left          |
//! | 9     | `*` `/` `%`                              | left          |
//! | 10    | unary `-` `+` `+-` `not`                 | prefix        |
//! | 11    | `^` (power)                              | right         |
//! | 12    | `.Name`, `.Name(args)`, `[i]`, `(args)`  | postfix       |
//!
//! `not` at level 3 takes a comparison as its operand (`not a == b` is
//! `not (a == b)`); where an operand is expected inside a tighter
//! expression (`x == not y`) it is a plain prefix operator.
//!
//! # Terms and juxtaposition (NOTATION 3.2 and 3.5)
//!
//! Whether two tokens touch (no space or comment between them) is read from
//! their spans. A *term* is an atom:
//!
//! - An up part (`^`, `^^`, `^n`, `v`, `vv`, `vn`, `^<n>`, `v[n]`, arrows)
//!   or a star (`*`, `*n`, `*(e)`) in operand position starts a term. A word
//!   made of one or more `v` and then optional digits is a down part, never
//!   a name.
//! - After an integer literal, a touching `^` is the power operator when the
//!   next token touches it and is an integer, `(`, `-`, `+`, `+-` or a word;
//!   any other touching `^` (or arrow, or down word) starts the up part.
//! - After an integer literal or an up part, a touching `*` is
//!   multiplication when the next token touches it and can begin an
//!   operand, except that `*digits` after an up part is the star part; any
//!   other touching `*` is the star part.
//! - `a/b` with no spaces is the number part of a term when an up or star
//!   part (or a word, below) touches `b`; otherwise it is division.
//! - A `-` in prefix position touching the number part of a term negates
//!   only the number part: `-1^^` is `Term { number: -1, up: ^^ }`.
//! - A word (not a keyword or down part) touching a number is added to it:
//!   `2Tiny(2)` is `2 + Tiny(2)`, `-1/2Tiny(1/4)` is `-1/2 + Tiny(1/4)`.
//!   The word with its postfix operations and power is the right operand.
//!
//! # Errors and limits
//!
//! Parsing never panics. Every error is a [`ParseError`] with the byte span
//! of the offending token and a message of the form "expected ..., found
//! ...". Recursion grows the stack on demand. Both the nesting of the input
//! and the height of the resulting tree are limited to [`MAX_DEPTH`], so
//! consumers of the tree can recurse over it; a parse that fails part way
//! tears down what it built without recursion.

use std::fmt;

use num_bigint::BigInt;
use num_traits::Zero;
use rustc_hash::FxHashSet;

use crate::ast::{
    Arg, BinOp, Clause, CollectionKind, Expr, ExprKind, Program, Span, StarPart, Stmt, TermNumber,
    UnaryOp, UpPart,
};
use crate::lexer::{tokenize, Keyword, LexError, Token, TokenKind};

/// The deepest nesting the parser accepts, and the greatest height of the
/// expression trees it returns. Nested sub-expressions (in brackets,
/// braces, parentheses, arguments and lambda bodies), prefix operators,
/// exponents and slash-nested games each count one level; so does each
/// operator or postfix operation in a chain (`1+1+...+1` is a tree as tall
/// as it is long).
pub const MAX_DEPTH: usize = 20_000;

/// Remaining stack below which a nested parse switches to a fresh segment.
const STACK_RED_ZONE: usize = 128 * 1024;
/// Size of each fresh stack segment.
const STACK_SEGMENT: usize = 2 * 1024 * 1024;

/// A syntax error: what was expected, what was found, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// A message such as "expected `}`, found end of input".
    pub message: String,
    /// The byte span of the offending source text; empty at the end of the
    /// input when the input ended too early.
    pub span: Span,
}

impl ParseError {
    fn new(message: impl Into<String>, span: Span) -> ParseError {
        ParseError {
            message: message.into(),
            span,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

impl From<LexError> for ParseError {
    fn from(err: LexError) -> ParseError {
        ParseError {
            message: err.message,
            span: err.span,
        }
    }
}

/// Parses a whole input: statements (`name := expr` or `expr`) separated by
/// `;`. Empty statements are skipped, so empty input (or only whitespace
/// and comments) gives a program with no statements.
pub fn parse_program(src: &str) -> Result<Program, ParseError> {
    Parser::new(src)?.program()
}

/// Parses a single expression that must make up the whole input.
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    let mut parser = Parser::new(src)?;
    let tree = parser.parse_expr()?;
    if !parser.at(&TokenKind::Eof) {
        return Err(parser.expected("an operator or end of input"));
    }
    Ok(tree.into_expr())
}

// ---------------------------------------------------------------------------
// Trees under construction.
// ---------------------------------------------------------------------------

/// An expression under construction, with the height of its tree.
///
/// The derived `Drop` of [`Expr`] recurses once per level, so dropping a
/// tall tree (after a syntax error that follows a long chain such as
/// `1+1+...+1`) could overflow the stack. A `Tree` that is dropped tears its
/// expression down iteratively instead; a finished tree is unwrapped with
/// [`Tree::into_expr`].
struct Tree {
    expr: Expr,
    /// 1 for a leaf, else 1 + the greatest height of the children.
    height: usize,
}

impl Tree {
    fn leaf(kind: ExprKind, span: Span) -> Tree {
        Tree {
            expr: Expr::new(kind, span),
            height: 1,
        }
    }

    fn span(&self) -> Span {
        self.expr.span
    }

    fn into_expr(mut self) -> Expr {
        std::mem::replace(&mut self.expr, placeholder())
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        dispose(std::mem::replace(&mut self.expr, placeholder()));
    }
}

/// A childless stand-in left in a [`Tree`] whose expression was moved out.
fn placeholder() -> Expr {
    Expr::new(ExprKind::Bool(false), Span::default())
}

/// The greatest height among `trees`, 0 if there are none.
fn max_height<'a>(trees: impl IntoIterator<Item = &'a Tree>) -> usize {
    trees.into_iter().map(|tree| tree.height).max().unwrap_or(0)
}

fn into_exprs(trees: Vec<Tree>) -> Vec<Expr> {
    trees.into_iter().map(Tree::into_expr).collect()
}

fn boxed(tree: Tree) -> Box<Expr> {
    Box::new(tree.into_expr())
}

/// Drops an expression without recursion, moving children onto an explicit
/// stack so that every node is dropped childless.
fn dispose(expr: Expr) {
    let mut stack = Vec::new();
    let mut next = Some(expr);
    while let Some(expr) = next.take().or_else(|| stack.pop()) {
        push_children(expr.kind, &mut stack);
    }
}

fn push_children(kind: ExprKind, out: &mut Vec<Expr>) {
    let arg_value = |arg: Arg| match arg {
        Arg::Positional(value) | Arg::Keyword { value, .. } => value,
    };
    match kind {
        ExprKind::Integer(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Ident(_) => {}
        ExprKind::Term { star, .. } => {
            if let Some(StarPart::Expr(value)) = star {
                out.push(*value);
            }
        }
        ExprKind::Game { left, right } => {
            out.extend(left);
            out.extend(right);
        }
        ExprKind::List(items) | ExprKind::Set(items) | ExprKind::Tuple(items) => out.extend(items),
        ExprKind::Map(entries) => {
            for (k, v) in entries {
                out.push(k);
                out.push(v);
            }
        }
        ExprKind::Comprehension { body, clauses, .. } => {
            out.push(*body);
            for clause in clauses {
                match clause {
                    Clause::ForRange { from, to, by, .. } => {
                        out.push(from);
                        out.push(to);
                        out.extend(by);
                    }
                    Clause::ForIn { iter, .. } => out.push(iter),
                    Clause::Where(cond) => out.push(cond),
                }
            }
        }
        ExprKind::Unary { operand, .. } => out.push(*operand),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::InfixMethod { lhs, rhs, .. } => {
            out.push(*lhs);
            out.push(*rhs);
        }
        ExprKind::Range { from, to, step } => {
            out.push(*from);
            out.push(*to);
            out.extend(step.map(|step| *step));
        }
        ExprKind::Method { receiver, args, .. } => {
            out.push(*receiver);
            out.extend(args.into_iter().flatten().map(arg_value));
        }
        ExprKind::Call { callee, args } => {
            out.push(*callee);
            out.extend(args.into_iter().map(arg_value));
        }
        ExprKind::Index { target, index } => {
            out.push(*target);
            out.push(*index);
        }
        ExprKind::Lambda { body, .. } => out.push(*body),
    }
}

/// A call argument under construction.
struct ArgTree {
    name: Option<String>,
    value: Tree,
}

impl ArgTree {
    fn into_arg(self) -> Arg {
        match self.name {
            Some(name) => Arg::Keyword {
                name,
                value: self.value.into_expr(),
            },
            None => Arg::Positional(self.value.into_expr()),
        }
    }
}

fn into_args(args: Vec<ArgTree>) -> Vec<Arg> {
    args.into_iter().map(ArgTree::into_arg).collect()
}

fn args_height(args: &[ArgTree]) -> usize {
    max_height(args.iter().map(|arg| &arg.value))
}

/// A comprehension clause under construction.
// Clauses live only while their comprehension is parsed; boxing the large
// variant would only add allocations.
#[allow(clippy::large_enum_variant)]
enum ClauseTree {
    ForRange {
        var: String,
        from: Tree,
        to: Tree,
        by: Option<Tree>,
    },
    ForIn {
        var: String,
        iter: Tree,
    },
    Where(Tree),
}

impl ClauseTree {
    fn height(&self) -> usize {
        match self {
            ClauseTree::ForRange { from, to, by, .. } => {
                max_height([from, to].into_iter().chain(by))
            }
            ClauseTree::ForIn { iter, .. } => iter.height,
            ClauseTree::Where(cond) => cond.height,
        }
    }

    fn into_clause(self) -> Clause {
        match self {
            ClauseTree::ForRange { var, from, to, by } => Clause::ForRange {
                var,
                from: from.into_expr(),
                to: to.into_expr(),
                by: by.map(Tree::into_expr),
            },
            ClauseTree::ForIn { var, iter } => Clause::ForIn {
                var,
                iter: iter.into_expr(),
            },
            ClauseTree::Where(cond) => Clause::Where(cond.into_expr()),
        }
    }
}

/// A statement under construction.
struct StmtTree {
    /// The name and its span, for `name := value`.
    target: Option<(String, Span)>,
    value: Tree,
}

impl StmtTree {
    fn into_stmt(self) -> Stmt {
        match self.target {
            Some((name, name_span)) => Stmt::Assign {
                name,
                name_span,
                value: self.value.into_expr(),
            },
            None => Stmt::Expr(self.value.into_expr()),
        }
    }
}

/// The contents of `{...}` between bar runs.
struct BraceParts {
    /// Comma-separated option lists; one more than `bars`.
    segments: Vec<Vec<Tree>>,
    /// Each bar run: its number of bars and its span.
    bars: Vec<(usize, Span)>,
}

// ---------------------------------------------------------------------------
// Operators and token classes.
// ---------------------------------------------------------------------------

/// A binary operator at the current token, as precedence climbing sees it.
#[derive(Clone, Copy)]
enum Infix {
    Binary(BinOp),
    /// A capitalised word between operands: `a Name b`.
    Method,
    /// `..`
    Range,
}

const PREC_OR: u8 = 1;
const PREC_AND: u8 = 2;
const PREC_NOT: u8 = 3;
const PREC_COMPARE: u8 = 4;
const PREC_INFIX_METHOD: u8 = 5;
const PREC_RANGE: u8 = 6;
const PREC_ADD: u8 = 7;
const PREC_ORDINAL: u8 = 8;
const PREC_MUL: u8 = 9;

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
    )
}

/// What touches an integer literal and decides how it reads (NOTATION 3.5).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Suffix {
    /// Nothing that extends the number: it is an ordinary integer operand.
    None,
    /// An up part or a star part: the integer is a term's number part.
    UpStar,
    /// A word: the number is added to the expression the word starts.
    Word,
}

/// How an integer literal at some token index reads.
#[derive(Clone, Copy)]
struct NumberShape {
    /// `a/b` with an up part, star part or word touching `b`.
    fraction: bool,
    suffix: Suffix,
}

/// A word made of `v`s and digits, which is a down part (NOTATION 3.2).
enum DownWord<'a> {
    /// `v`, `vv`, `vvv`, ...: that many downs.
    Run(usize),
    /// `vn`: n downs (the digits).
    Count(&'a str),
    /// `vvn`: not meaningful.
    RunWithCount,
}

fn down_word(word: &str) -> Option<DownWord<'_>> {
    let vs = word.bytes().take_while(|&b| b == b'v').count();
    let digits = word.get(vs..)?;
    if vs == 0 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        None
    } else if digits.is_empty() {
        Some(DownWord::Run(vs))
    } else if vs == 1 {
        Some(DownWord::Count(digits))
    } else {
        Some(DownWord::RunWithCount)
    }
}

fn is_down_word(word: &str) -> bool {
    down_word(word).is_some()
}

fn is_capitalised(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

/// Tokens that can begin an operand, for deciding whether `*` touching a
/// number is a product (`3*5`) or a star (`3*`).
fn can_begin_operand(kind: &TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Int(_)
            | TokenKind::Ident(_)
            | TokenKind::Keyword(_)
            | TokenKind::Str(_)
            | TokenKind::LParen
            | TokenKind::LBracket
            | TokenKind::LBrace
            | TokenKind::Minus
            | TokenKind::Plus
            | TokenKind::PlusMinus
            | TokenKind::Caret
            | TokenKind::UpArrow(_)
            | TokenKind::DownArrow(_)
            | TokenKind::Star
    )
}

// ---------------------------------------------------------------------------
// The parser.
// ---------------------------------------------------------------------------

struct Parser {
    /// The tokens, without the final `Eof`.
    tokens: Vec<Token>,
    /// The `Eof` token, returned for every index past the end.
    eof: Token,
    /// Index of the current token.
    pos: usize,
    /// Current nesting depth, bounded by `MAX_DEPTH`.
    depth: usize,
}

// Token access.
impl Parser {
    fn new(src: &str) -> Result<Parser, ParseError> {
        let mut tokens = tokenize(src)?;
        let end = Span::new(src.len(), src.len());
        let eof = match tokens.pop() {
            Some(token) if token.kind == TokenKind::Eof => token,
            Some(token) => {
                tokens.push(token);
                Token {
                    kind: TokenKind::Eof,
                    span: end,
                }
            }
            None => Token {
                kind: TokenKind::Eof,
                span: end,
            },
        };
        Ok(Parser {
            tokens,
            eof,
            pos: 0,
            depth: 0,
        })
    }

    fn token(&self, index: usize) -> &Token {
        self.tokens.get(index).unwrap_or(&self.eof)
    }

    fn kind(&self, index: usize) -> &TokenKind {
        &self.token(index).kind
    }

    fn peek(&self) -> &Token {
        self.token(self.pos)
    }

    fn at(&self, kind: &TokenKind) -> bool {
        self.peek().kind == *kind
    }

    fn at_keyword(&self, keyword: Keyword) -> bool {
        self.at(&TokenKind::Keyword(keyword))
    }

    /// True when the token at `index` directly follows the previous token
    /// with no space or comment between them.
    fn touches(&self, index: usize) -> bool {
        match index.checked_sub(1).and_then(|prev| self.tokens.get(prev)) {
            Some(prev) => prev.span.end == self.token(index).span.start,
            None => false,
        }
    }

    /// Consumes the current token (never moving past the end) and returns
    /// its span.
    fn bump(&mut self) -> Span {
        let span = self.peek().span;
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        span
    }

    /// The span of the last consumed token.
    fn previous_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|index| self.tokens.get(index))
            .map_or(self.eof.span, |token| token.span)
    }

    /// Consumes the current token if it is `kind`.
    fn eat(&mut self, kind: &TokenKind) -> Option<Span> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    /// Consumes the current token, which must be `kind`; `what` describes
    /// the expectation in the error message.
    fn expect(&mut self, kind: &TokenKind, what: &str) -> Result<Span, ParseError> {
        self.eat(kind).ok_or_else(|| self.expected(what))
    }

    /// An error "expected {what}, found {current token}" at the current
    /// token.
    fn expected(&self, what: &str) -> ParseError {
        let found = self.peek();
        ParseError::new(
            format!("expected {what}, found {}", found.kind.describe()),
            found.span,
        )
    }

    /// Consumes an integer literal at the current token.
    fn take_int(&mut self) -> Result<(BigInt, Span), ParseError> {
        match &self.peek().kind {
            TokenKind::Int(n) => {
                let n = n.clone();
                Ok((n, self.bump()))
            }
            _ => Err(self.expected("an integer")),
        }
    }

    /// Consumes a word at the current token.
    fn take_ident(&mut self, what: &str) -> Result<(String, Span), ParseError> {
        match &self.peek().kind {
            TokenKind::Ident(name) => {
                let name = name.clone();
                Ok((name, self.bump()))
            }
            _ => Err(self.expected(what)),
        }
    }

    fn too_deep(&self) -> ParseError {
        ParseError::new(
            format!("expression nested too deeply (more than {MAX_DEPTH} levels)"),
            self.peek().span,
        )
    }

    /// Runs `f` one nesting level deeper, growing the stack if needed.
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Parser) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.too_deep());
        }
        self.depth += 1;
        let result = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || f(self));
        self.depth -= 1;
        result
    }

    /// A node over children whose greatest height is `child_height`, built
    /// by `build` (which consumes the children). Fails, dropping the
    /// children iteratively, when the tree would be taller than `MAX_DEPTH`.
    fn node(&self, child_height: usize, build: impl FnOnce() -> Expr) -> Result<Tree, ParseError> {
        let height = child_height + 1;
        if height > MAX_DEPTH {
            return Err(self.too_deep());
        }
        Ok(Tree {
            expr: build(),
            height,
        })
    }

    fn binary(&self, op: BinOp, lhs: Tree, rhs: Tree) -> Result<Tree, ParseError> {
        let span = lhs.span().to(rhs.span());
        self.node(lhs.height.max(rhs.height), || {
            Expr::new(
                ExprKind::Binary {
                    op,
                    lhs: boxed(lhs),
                    rhs: boxed(rhs),
                },
                span,
            )
        })
    }

    fn unary(&self, op: UnaryOp, op_span: Span, operand: Tree) -> Result<Tree, ParseError> {
        let span = op_span.to(operand.span());
        self.node(operand.height, || {
            Expr::new(
                ExprKind::Unary {
                    op,
                    operand: boxed(operand),
                },
                span,
            )
        })
    }
}

// Statements and expressions.
impl Parser {
    fn program(&mut self) -> Result<Program, ParseError> {
        let mut statements = Vec::new();
        let mut trailing_semicolon = false;
        loop {
            if self.at(&TokenKind::Eof) {
                break;
            }
            if self.eat(&TokenKind::Semicolon).is_some() {
                trailing_semicolon = true;
                continue;
            }
            statements.push(self.statement()?);
            trailing_semicolon = false;
            match self.peek().kind {
                TokenKind::Semicolon | TokenKind::Eof => {}
                TokenKind::ColonEq => {
                    return Err(ParseError::new(
                        "only a name can be assigned with `:=`",
                        self.peek().span,
                    ))
                }
                _ => return Err(self.expected("an operator, `;` or end of input")),
            }
        }
        let statements = statements.into_iter().map(StmtTree::into_stmt).collect();
        Ok(Program {
            statements,
            trailing_semicolon,
        })
    }

    fn statement(&mut self) -> Result<StmtTree, ParseError> {
        let assigns = matches!(self.peek().kind, TokenKind::Ident(_))
            && *self.kind(self.pos + 1) == TokenKind::ColonEq;
        if !assigns {
            return Ok(StmtTree {
                target: None,
                value: self.parse_expr()?,
            });
        }
        let (name, name_span) = self.take_ident("a name")?;
        check_binding_name(&name, name_span)?;
        self.bump();
        let value = self.parse_expr()?;
        Ok(StmtTree {
            target: Some((name, name_span)),
            value,
        })
    }

    /// Parses an expression, including lambdas.
    fn parse_expr(&mut self) -> Result<Tree, ParseError> {
        self.nested(|p| match p.lambda_params_ahead() {
            Some(params) => p.lambda(params),
            None => p.binary_expr(PREC_OR),
        })
    }

    /// If a lambda starts at the current token, returns its parameters and
    /// the index of its `->`, without consuming anything.
    fn lambda_params_ahead(&self) -> Option<(Vec<(String, Span)>, usize)> {
        let start = self.pos;
        if let TokenKind::Ident(name) = self.kind(start) {
            return (*self.kind(start + 1) == TokenKind::Arrow)
                .then(|| (vec![(name.clone(), self.token(start).span)], start + 1));
        }
        if *self.kind(start) != TokenKind::LParen {
            return None;
        }
        let mut params = Vec::new();
        let mut index = start + 1;
        if *self.kind(index) != TokenKind::RParen {
            loop {
                let TokenKind::Ident(name) = self.kind(index) else {
                    return None;
                };
                params.push((name.clone(), self.token(index).span));
                index += 1;
                match self.kind(index) {
                    TokenKind::Comma => index += 1,
                    TokenKind::RParen => break,
                    _ => return None,
                }
            }
        }
        (*self.kind(index + 1) == TokenKind::Arrow).then_some((params, index + 1))
    }

    /// A lambda whose parameters and `->` (at token index `arrow`) were
    /// found by `lambda_params_ahead`.
    fn lambda(
        &mut self,
        (params, arrow): (Vec<(String, Span)>, usize),
    ) -> Result<Tree, ParseError> {
        let start = self.peek().span;
        let mut seen = FxHashSet::default();
        for (name, span) in &params {
            check_binding_name(name, *span)?;
            if !seen.insert(name.as_str()) {
                return Err(ParseError::new(
                    format!("duplicate parameter `{name}`"),
                    *span,
                ));
            }
        }
        let params = params.into_iter().map(|(name, _)| name).collect();
        self.pos = arrow;
        self.bump();
        let body = self.parse_expr()?;
        let span = start.to(body.span());
        self.node(body.height, || {
            Expr::new(
                ExprKind::Lambda {
                    params,
                    body: boxed(body),
                },
                span,
            )
        })
    }

    /// The binary operator at the current token and its precedence.
    fn infix_at(&self) -> Option<(Infix, u8)> {
        let infix = match &self.peek().kind {
            TokenKind::Keyword(Keyword::Or) => (Infix::Binary(BinOp::Or), PREC_OR),
            TokenKind::Keyword(Keyword::And) => (Infix::Binary(BinOp::And), PREC_AND),
            TokenKind::EqEq => (Infix::Binary(BinOp::Eq), PREC_COMPARE),
            TokenKind::NotEq => (Infix::Binary(BinOp::Neq), PREC_COMPARE),
            TokenKind::LtEq => (Infix::Binary(BinOp::Leq), PREC_COMPARE),
            TokenKind::GtEq => (Infix::Binary(BinOp::Geq), PREC_COMPARE),
            TokenKind::Lt => (Infix::Binary(BinOp::Lt), PREC_COMPARE),
            TokenKind::Gt => (Infix::Binary(BinOp::Gt), PREC_COMPARE),
            TokenKind::LtBar => (Infix::Binary(BinOp::LessOrConfused), PREC_COMPARE),
            TokenKind::BarGt => (Infix::Binary(BinOp::GreaterOrConfused), PREC_COMPARE),
            TokenKind::LtGt => (Infix::Binary(BinOp::Confused), PREC_COMPARE),
            TokenKind::Ident(name) if is_capitalised(name) => (Infix::Method, PREC_INFIX_METHOD),
            TokenKind::DotDot => (Infix::Range, PREC_RANGE),
            TokenKind::Plus => (Infix::Binary(BinOp::Add), PREC_ADD),
            TokenKind::Minus => (Infix::Binary(BinOp::Sub), PREC_ADD),
            TokenKind::PlusMinus => (Infix::Binary(BinOp::PlusMinus), PREC_ADD),
            TokenKind::Colon => (Infix::Binary(BinOp::OrdinalSum), PREC_ORDINAL),
            TokenKind::Star => (Infix::Binary(BinOp::Mul), PREC_MUL),
            TokenKind::Slash => (Infix::Binary(BinOp::Div), PREC_MUL),
            TokenKind::Percent => (Infix::Binary(BinOp::Mod), PREC_MUL),
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

    /// An operand of `binary_expr`: a loose `not` (binding looser than the
    /// comparisons) where the precedence allows it, else a unary expression.
    fn operand(&mut self, min_prec: u8) -> Result<Tree, ParseError> {
        if min_prec <= PREC_NOT && self.at_keyword(Keyword::Not) {
            let op_span = self.bump();
            let operand = self.nested(|p| p.binary_expr(PREC_COMPARE))?;
            return self.unary(UnaryOp::Not, op_span, operand);
        }
        self.unary_expr()
    }

    fn finish_binary(&mut self, lhs: Tree, op: BinOp, prec: u8) -> Result<Tree, ParseError> {
        self.bump();
        let rhs = self.binary_expr(prec + 1)?;
        let tree = self.binary(op, lhs, rhs)?;
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
                ExprKind::InfixMethod {
                    name,
                    lhs: boxed(lhs),
                    rhs: boxed(rhs),
                },
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

    /// True when the current `-` touches an integer that is the number part
    /// of a term (`-1^^`, `-5/4v*`, `-2Tiny(2)`), so that the sign belongs
    /// to the number part alone.
    fn negative_term_ahead(&self) -> bool {
        let number = self.pos + 1;
        matches!(self.kind(number), TokenKind::Int(_))
            && self.touches(number)
            && self.number_shape(number).suffix != Suffix::None
    }

    /// A postfix expression, then `^` and a right-associative exponent.
    fn power_expr(&mut self) -> Result<Tree, ParseError> {
        let base = self.postfix_expr()?;
        if self.eat(&TokenKind::Caret).is_none() {
            return Ok(base);
        }
        let exponent = self.nested(Parser::unary_expr)?;
        self.binary(BinOp::Pow, base, exponent)
    }

    /// An atom followed by `.Name`, `.Name(args)`, `[index]` and `(args)`.
    fn postfix_expr(&mut self) -> Result<Tree, ParseError> {
        let mut tree = self.atom()?;
        loop {
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
                            args: into_args(args),
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
        if is_integer && self.touches(self.pos) && matches!(self.peek().kind, TokenKind::Int(_)) {
            return Err(ParseError::new(
                format!(
                    "expected a method name after `.`, found {}; there are no decimal numbers, \
                     write a fraction such as `3/2`",
                    self.peek().kind.describe()
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
                ExprKind::Method {
                    receiver: boxed(receiver),
                    name,
                    name_span,
                    args,
                },
                span,
            )
        })
    }

    /// `(arg, ...)` where each argument is `expr` or `name => expr`; the
    /// current token is `(`. Returns the arguments and the span of `)`.
    fn arguments(&mut self) -> Result<(Vec<ArgTree>, Span), ParseError> {
        self.bump();
        let mut args = Vec::new();
        if let Some(close) = self.eat(&TokenKind::RParen) {
            return Ok((args, close));
        }
        loop {
            args.push(self.argument()?);
            if self.eat(&TokenKind::Comma).is_none() {
                let close = self.expect(&TokenKind::RParen, "`,` or `)` after an argument")?;
                return Ok((args, close));
            }
        }
    }

    fn argument(&mut self) -> Result<ArgTree, ParseError> {
        let keyword = matches!(self.peek().kind, TokenKind::Ident(_))
            && *self.kind(self.pos + 1) == TokenKind::FatArrow;
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
        match &self.peek().kind {
            TokenKind::Int(_) => self.number_led(None),
            TokenKind::Ident(word) if is_down_word(word) => self.up_term(),
            TokenKind::Ident(_) => {
                let (name, span) = self.take_ident("a name")?;
                Ok(Tree::leaf(ExprKind::Ident(name), span))
            }
            TokenKind::Keyword(Keyword::True) => Ok(Tree::leaf(ExprKind::Bool(true), self.bump())),
            TokenKind::Keyword(Keyword::False) => {
                Ok(Tree::leaf(ExprKind::Bool(false), self.bump()))
            }
            TokenKind::Str(text) => {
                let text = text.clone();
                Ok(Tree::leaf(ExprKind::Str(text), self.bump()))
            }
            TokenKind::Caret | TokenKind::UpArrow(_) | TokenKind::DownArrow(_) => self.up_term(),
            TokenKind::Star => self.star_term(),
            TokenKind::LParen => self.parenthesised(),
            TokenKind::LBracket => self.list(),
            TokenKind::LBrace => self.braces(),
            _ => Err(self.expected("an expression")),
        }
    }

    /// `(e)` (grouping; the span grows to cover the parentheses) or a tuple
    /// `(a, b, ...)`.
    fn parenthesised(&mut self) -> Result<Tree, ParseError> {
        let open = self.bump();
        let mut first = self.parse_expr()?;
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
            Expr::new(ExprKind::Tuple(into_exprs(items)), open.to(close))
        })
    }

    /// `[]`, `[a, b, ...]` or `[e for ...]`.
    fn list(&mut self) -> Result<Tree, ParseError> {
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
            Expr::new(ExprKind::List(into_exprs(items)), open.to(close))
        })
    }

    /// The clauses and closing bracket of a comprehension whose body has
    /// been parsed; the current token is `for`.
    fn comprehension(
        &mut self,
        kind: CollectionKind,
        body: Tree,
        open: Span,
    ) -> Result<Tree, ParseError> {
        let mut clauses = Vec::new();
        loop {
            if self.eat(&TokenKind::Keyword(Keyword::For)).is_some() {
                clauses.push(self.for_clause()?);
            } else if self.eat(&TokenKind::Keyword(Keyword::Where)).is_some() {
                clauses.push(ClauseTree::Where(self.parse_expr()?));
            } else {
                break;
            }
        }
        let (closer, what) = match kind {
            CollectionKind::List => (TokenKind::RBracket, "`for`, `where` or `]`"),
            CollectionKind::Set => (TokenKind::RBrace, "`for`, `where` or `}`"),
        };
        let close = self.expect(&closer, what)?;
        let height = clauses
            .iter()
            .map(ClauseTree::height)
            .fold(body.height, usize::max);
        self.node(height, || {
            let clauses = clauses.into_iter().map(ClauseTree::into_clause).collect();
            let kind = ExprKind::Comprehension {
                kind,
                body: boxed(body),
                clauses,
            };
            Expr::new(kind, open.to(close))
        })
    }

    /// `v from a to b [by s]` or `v in e`, after `for`.
    fn for_clause(&mut self) -> Result<ClauseTree, ParseError> {
        let (var, var_span) = self.take_ident("a loop variable after `for`")?;
        check_binding_name(&var, var_span)?;
        if self.eat(&TokenKind::Keyword(Keyword::In)).is_some() {
            return Ok(ClauseTree::ForIn {
                var,
                iter: self.parse_expr()?,
            });
        }
        self.expect(
            &TokenKind::Keyword(Keyword::From),
            "`from` or `in` after the loop variable",
        )?;
        let from = self.parse_expr()?;
        self.expect(&TokenKind::Keyword(Keyword::To), "`to`")?;
        let to = self.parse_expr()?;
        let by = match self.eat(&TokenKind::Keyword(Keyword::By)) {
            Some(_) => Some(self.parse_expr()?),
            None => None,
        };
        Ok(ClauseTree::ForRange { var, from, to, by })
    }
}

/// Rejects names that could never be referred to: down parts.
fn check_binding_name(name: &str, span: Span) -> Result<(), ParseError> {
    if is_down_word(name) {
        Err(ParseError::new(
            format!("`{name}` is a down part (NOTATION 3.2) and cannot be used as a name"),
            span,
        ))
    } else {
        Ok(())
    }
}

// Braces: sets, set comprehensions and games.
impl Parser {
    /// `{}`, `{a, b}`, `{e for ...}` or a game `{L | R}` with bar runs.
    fn braces(&mut self) -> Result<Tree, ParseError> {
        let open = self.bump();
        let mut parts = BraceParts {
            segments: Vec::new(),
            bars: Vec::new(),
        };
        let mut current = Vec::new();
        loop {
            if !matches!(self.peek().kind, TokenKind::Bars(_) | TokenKind::RBrace) {
                let first = self.parse_expr()?;
                if parts.bars.is_empty() && current.is_empty() && self.at_keyword(Keyword::For) {
                    return self.comprehension(CollectionKind::Set, first, open);
                }
                if parts.bars.is_empty()
                    && current.is_empty()
                    && self.peek().kind == TokenKind::FatArrow
                {
                    return self.map_literal(first, open);
                }
                current.push(first);
                while self.eat(&TokenKind::Comma).is_some() {
                    current.push(self.parse_expr()?);
                }
            }
            match self.peek().kind {
                TokenKind::Bars(count) => {
                    let span = self.bump();
                    parts.bars.push((count, span));
                    parts.segments.push(std::mem::take(&mut current));
                }
                TokenKind::RBrace => {
                    let close = self.bump();
                    parts.segments.push(current);
                    return self.brace_value(parts, open.to(close));
                }
                _ => return Err(self.expected("`,`, `|` or `}`")),
            }
        }
    }

    /// `{k => v, ...}` after its first key.
    fn map_literal(&mut self, first: Tree, open: Span) -> Result<Tree, ParseError> {
        let mut entries = Vec::new();
        let mut key = first;
        loop {
            self.expect(&TokenKind::FatArrow, "`=>` after a map key")?;
            let value = self.parse_expr()?;
            entries.push((key, value));
            if self.eat(&TokenKind::Comma).is_none() {
                break;
            }
            key = self.parse_expr()?;
        }
        let close = self.expect(&TokenKind::RBrace, "`,` or `}` after a map entry")?;
        let height = max_height(entries.iter().flat_map(|(k, v)| [k, v]));
        self.node(height, || {
            Expr::new(
                ExprKind::Map(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.into_expr(), v.into_expr()))
                        .collect(),
                ),
                open.to(close),
            )
        })
    }

    /// Turns the parts of `{...}` into a set (no bars) or a game.
    fn brace_value(&mut self, mut parts: BraceParts, span: Span) -> Result<Tree, ParseError> {
        if parts.bars.is_empty() {
            let items = parts.segments.pop().unwrap_or_default();
            return self.node(max_height(&items), || {
                Expr::new(ExprKind::Set(into_exprs(items)), span)
            });
        }
        self.game(parts, Some(span))
    }

    /// Resolves bar runs (NOTATION 3.1): the longest run splits first, and
    /// each side is an option list if it has no bars left, else a single
    /// game built the same way. `parts` has at least one bar run. `span` is
    /// the span of the braces for the outermost game; nested games span
    /// their own options and bars.
    fn game(&mut self, parts: BraceParts, span: Option<Span>) -> Result<Tree, ParseError> {
        let span = span.unwrap_or_else(|| slash_game_span(&parts));
        let BraceParts {
            mut segments,
            mut bars,
        } = parts;
        let longest = bars.iter().map(|&(count, _)| count).max().unwrap_or(0);
        let mut at_longest = bars
            .iter()
            .enumerate()
            .filter(|(_, &(count, _))| count == longest);
        let split = at_longest.next().map_or(0, |(index, _)| index);
        if let Some((_, &(count, duplicate))) = at_longest.next() {
            let run = "|".repeat(count.min(8));
            return Err(ParseError::new(
                format!(
                    "ambiguous `{run}`: another `{run}` separates the same game; write the \
                     separator that splits first with more bars, as in `{{3||2|1}}`"
                ),
                duplicate,
            ));
        }
        let right_segments = segments.split_off((split + 1).min(segments.len()));
        let right_bars = bars.split_off((split + 1).min(bars.len()));
        bars.truncate(split);
        let left = self.game_side(BraceParts { segments, bars })?;
        let right = self.game_side(BraceParts {
            segments: right_segments,
            bars: right_bars,
        })?;
        self.node(max_height(left.iter().chain(&right)), || {
            Expr::new(
                ExprKind::Game {
                    left: into_exprs(left),
                    right: into_exprs(right),
                },
                span,
            )
        })
    }

    /// One side of a bar split: its options, or a single nested game.
    fn game_side(&mut self, parts: BraceParts) -> Result<Vec<Tree>, ParseError> {
        if parts.bars.is_empty() {
            return Ok(parts.segments.into_iter().flatten().collect());
        }
        let game = self.nested(|p| p.game(parts, None))?;
        Ok(vec![game])
    }
}

/// The span of a game written with slashes inside braces, from its first
/// option or bar to its last. Segments and bars alternate in source order,
/// starting and ending with a segment.
fn slash_game_span(parts: &BraceParts) -> Span {
    let first_bar = parts.bars.first().map_or(Span::default(), |bar| bar.1);
    let last_bar = parts.bars.last().map_or(first_bar, |bar| bar.1);
    let first_option = parts.segments.first().and_then(|options| options.first());
    let last_option = parts.segments.last().and_then(|options| options.last());
    let start = first_option.map_or(first_bar.start, |option| option.span().start);
    let end = last_option.map_or(last_bar.end, |option| option.span().end);
    Span::new(start, end)
}

// Terms: number-up-star juxtaposition (NOTATION 3.2 and 3.5).
impl Parser {
    /// Whether a `^` at `index` (touching an integer) is the power operator:
    /// it is when the next token touches it and is an integer, `(`, `-`,
    /// `+`, `+-` or a word.
    fn caret_is_power(&self, index: usize) -> bool {
        self.touches(index + 1)
            && matches!(
                self.kind(index + 1),
                TokenKind::Int(_)
                    | TokenKind::LParen
                    | TokenKind::Minus
                    | TokenKind::Plus
                    | TokenKind::PlusMinus
                    | TokenKind::Ident(_)
                    | TokenKind::Keyword(_)
            )
    }

    /// Whether a `*` at `index` (touching an integer or up part) is
    /// multiplication: it is when the next token touches it and can begin an
    /// operand.
    fn star_is_product(&self, index: usize) -> bool {
        self.touches(index + 1) && can_begin_operand(self.kind(index + 1))
    }

    /// True when the token at `index` can start an up part.
    fn starts_up_part(&self, index: usize) -> bool {
        match self.kind(index) {
            TokenKind::Caret | TokenKind::UpArrow(_) | TokenKind::DownArrow(_) => true,
            TokenKind::Ident(word) => is_down_word(word),
            _ => false,
        }
    }

    /// What touches the integer literal at `index` and how it reads.
    fn suffix_after_int(&self, index: usize) -> Suffix {
        let next = index + 1;
        if !self.touches(next) {
            return Suffix::None;
        }
        match self.kind(next) {
            TokenKind::Caret if self.caret_is_power(next) => Suffix::None,
            TokenKind::Star if self.star_is_product(next) => Suffix::None,
            TokenKind::Caret | TokenKind::Star => Suffix::UpStar,
            _ if self.starts_up_part(next) => Suffix::UpStar,
            TokenKind::Ident(_) => Suffix::Word,
            _ => Suffix::None,
        }
    }

    /// How the integer literal at `index` reads: alone, as a term's number
    /// part, or as a fraction `a/b` that is a term's number part.
    fn number_shape(&self, index: usize) -> NumberShape {
        let fraction = self.touches(index + 1)
            && *self.kind(index + 1) == TokenKind::Slash
            && self.touches(index + 2)
            && matches!(self.kind(index + 2), TokenKind::Int(_))
            && self.suffix_after_int(index + 2) != Suffix::None;
        let last = if fraction { index + 2 } else { index };
        NumberShape {
            fraction,
            suffix: self.suffix_after_int(last),
        }
    }

    /// An expression starting with an integer literal: a plain integer, a
    /// term with a number part, or a number juxtaposed with a word.
    /// `minus` is the span of a `-` touching the integer in prefix
    /// position, which negates the number part only.
    fn number_led(&mut self, minus: Option<Span>) -> Result<Tree, ParseError> {
        let shape = self.number_shape(self.pos);
        let (numerator, numerator_span) = self.take_int()?;
        let start = minus.unwrap_or(numerator_span);
        let denominator = if shape.fraction {
            self.bump();
            Some(self.take_int()?)
        } else {
            None
        };
        let up = if shape.suffix == Suffix::UpStar && self.starts_up_part(self.pos) {
            Some(self.up_part()?)
        } else {
            None
        };
        let star = if shape.suffix == Suffix::UpStar {
            self.star_suffix(up.is_some())?
        } else {
            None
        };
        if up.is_some() || star.is_some() {
            let number = TermNumber {
                negative: minus.is_some(),
                numerator,
                denominator: denominator.map(|(d, _)| d),
            };
            return Ok(self.term(Some(number), up, star, start));
        }
        let mut number = Tree::leaf(ExprKind::Integer(numerator), numerator_span);
        if let Some(minus) = minus {
            number = self.unary(UnaryOp::Neg, minus, number)?;
        }
        if let Some((denominator, span)) = denominator {
            let denominator = Tree::leaf(ExprKind::Integer(denominator), span);
            number = self.binary(BinOp::Div, number, denominator)?;
        }
        if shape.suffix == Suffix::Word {
            let addend = self.power_expr()?;
            return self.binary(BinOp::Add, number, addend);
        }
        Ok(number)
    }

    /// A term from its parts (with no `*(expr)`), spanning from `start` to
    /// the last consumed token.
    fn term(
        &self,
        number: Option<TermNumber>,
        up: Option<UpPart>,
        star: Option<StarPart>,
        start: Span,
    ) -> Tree {
        Tree::leaf(
            ExprKind::Term { number, up, star },
            start.to(self.previous_span()),
        )
    }

    /// A term starting with its up part: `^`, `v*`, `^*6`, `vv`, `^<2>*`.
    fn up_term(&mut self) -> Result<Tree, ParseError> {
        let start = self.peek().span;
        let up = self.up_part()?;
        let star = self.star_suffix(true)?;
        Ok(self.term(None, Some(up), star, start))
    }

    /// A term starting with `*`: `*`, `*n` or `*(expr)`.
    fn star_term(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        let star = match self.peek().kind {
            TokenKind::Int(_) if self.touches(self.pos) => StarPart::Nimber(self.take_int()?.0),
            TokenKind::LParen if self.touches(self.pos) => {
                self.bump();
                let value = self.parse_expr()?;
                let close =
                    self.expect(&TokenKind::RParen, "`)` after the nim value in `*(...)`")?;
                return self.node(value.height, || {
                    let star = Some(StarPart::Expr(boxed(value)));
                    Expr::new(
                        ExprKind::Term {
                            number: None,
                            up: None,
                            star,
                        },
                        start.to(close),
                    )
                });
            }
            _ => StarPart::Nimber(BigInt::from(1)),
        };
        Ok(self.term(None, None, Some(star), start))
    }

    /// The star part touching a number or an up part, if the `*` there is a
    /// star rather than multiplication. After an up part `*digits` is the
    /// star part.
    fn star_suffix(&mut self, after_up: bool) -> Result<Option<StarPart>, ParseError> {
        if !(self.at(&TokenKind::Star) && self.touches(self.pos)) {
            return Ok(None);
        }
        let next = self.pos + 1;
        if after_up && self.touches(next) && matches!(self.kind(next), TokenKind::Int(_)) {
            self.bump();
            return Ok(Some(StarPart::Nimber(self.take_int()?.0)));
        }
        if self.star_is_product(self.pos) {
            return Ok(None);
        }
        self.bump();
        Ok(Some(StarPart::Nimber(BigInt::from(1))))
    }

    /// An up part at the current token, which must start one.
    fn up_part(&mut self) -> Result<UpPart, ParseError> {
        if let TokenKind::Ident(word) = &self.peek().kind {
            let word = word.clone();
            return self.down_word_part(&word);
        }
        let (positive, first) = match self.peek().kind {
            TokenKind::Caret => (true, 1),
            TokenKind::UpArrow(n) => (true, n),
            TokenKind::DownArrow(n) => (false, n),
            _ => return Err(self.expected("an up or down part")),
        };
        self.bump();
        let mut count = first;
        let mut run = 1;
        while self.touches(self.pos) {
            match self.peek().kind {
                TokenKind::Caret if positive => count = count.saturating_add(1),
                TokenKind::UpArrow(n) if positive => count = count.saturating_add(n),
                TokenKind::DownArrow(n) if !positive => count = count.saturating_add(n),
                _ => break,
            }
            self.bump();
            run += 1;
        }
        let mut count = BigInt::from(count);
        if run == 1 && first == 1 {
            if let Some(part) = self.norton_suffix(positive) {
                return Ok(part);
            }
            if matches!(self.peek().kind, TokenKind::Int(_)) && self.touches(self.pos) {
                count = self.up_count()?;
            }
        }
        Ok(UpPart::Ups(if positive { count } else { -count }))
    }

    /// A down part spelled as a word: `v`, `vv`, ..., `vn`, `v<n>`, `v[n]`.
    fn down_word_part(&mut self, word: &str) -> Result<UpPart, ParseError> {
        let span = self.bump();
        match down_word(word) {
            Some(DownWord::Run(1)) => Ok(self
                .norton_suffix(false)
                .unwrap_or_else(|| UpPart::Ups(BigInt::from(-1)))),
            Some(DownWord::Run(n)) => Ok(UpPart::Ups(-BigInt::from(n))),
            Some(DownWord::Count(digits)) => {
                let n: BigInt = digits.parse().unwrap_or_default();
                if n.is_zero() {
                    return Err(ParseError::new(
                        format!("expected a down count of at least 1, found `{word}`"),
                        span,
                    ));
                }
                Ok(UpPart::Ups(-n))
            }
            Some(DownWord::RunWithCount) | None => Err(ParseError::new(
                format!("expected a down part such as `vv` or `v3`, found `{word}`"),
                span,
            )),
        }
    }

    /// The count `n >= 1` of `^n`; the current token is the integer.
    fn up_count(&mut self) -> Result<BigInt, ParseError> {
        let (n, span) = self.take_int()?;
        if n.is_zero() {
            return Err(ParseError::new(
                "expected an up count of at least 1, found `0`",
                span,
            ));
        }
        Ok(n)
    }

    /// `<n>` (Norton power) or `[n]` (`PowTo`) touching a single up or down,
    /// all written with no spaces; anything else is left alone, so that
    /// `^ < 2` stays a comparison.
    fn norton_suffix(&mut self, positive: bool) -> Option<UpPart> {
        let open = self.pos;
        let TokenKind::Int(n) = self.kind(open + 1) else {
            return None;
        };
        if !(open..open + 3).all(|index| self.touches(index)) {
            return None;
        }
        let n = n.clone();
        let part = match (self.kind(open), self.kind(open + 2)) {
            (TokenKind::Lt, TokenKind::Gt) => UpPart::Pow { positive, n },
            (TokenKind::LBracket, TokenKind::RBracket) => UpPart::PowTo { positive, n },
            _ => return None,
        };
        for _ in 0..3 {
            self.bump();
        }
        Some(part)
    }
}
