//! The abstract syntax tree of the onag language (NOTATION.md sections 1-3).
//!
//! The parser produces it; the evaluator consumes it. Every node carries the
//! byte span of the source text it came from, so that evaluation errors can
//! point at the offending expression.

use num_bigint::BigInt;

/// A half-open byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A whole input: statements separated by `;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub statements: Vec<Stmt>,
    /// True when the input ends with `;`, so that nothing is printed.
    pub trailing_semicolon: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `name := expr`
    Assign {
        name: String,
        name_span: Span,
        value: Expr,
    },
    /// A bare expression.
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

/// The up part of a number-up-star term (NOTATION 3.2).
#[derive(Clone, Debug, PartialEq)]
pub enum UpPart {
    /// `^`, `^^`, `^n` (positive count) or `v`, `vv`, `vn` (negative count).
    Ups(BigInt),
    /// `^<n>` (positive = true) or `v<n>`: the n-th Norton power of up.
    Pow { positive: bool, n: BigInt },
    /// `^[n]` (positive = true) or `v[n]`: up + up^<2> + ... + up^<n>.
    PowTo { positive: bool, n: BigInt },
}

/// The star part of a term: `*` is `Nimber(1)`, `*n` is `Nimber(n)`,
/// `*(expr)` is `Expr`.
#[derive(Clone, Debug, PartialEq)]
pub enum StarPart {
    Nimber(BigInt),
    Expr(Box<Expr>),
}

/// The number part of a term: an integer, or a fraction `a/b` written with
/// no spaces directly before an up or star part (`1/2^*3`, `73/16v9*8`).
#[derive(Clone, Debug, PartialEq)]
pub struct TermNumber {
    pub negative: bool,
    pub numerator: BigInt,
    pub denominator: Option<BigInt>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Pos,
    /// `+-x` (also `±x`): the switch {x | -x}; applied to a tuple or a set
    /// `+-(a, b)` / `+-{a, b}` it is {a, b | -a, -b}.
    PlusMinus,
    /// `not x`
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    /// Binary `x +- y`, meaning x + (+-y).
    PlusMinus,
    Mul,
    Div,
    Mod,
    Pow,
    /// `G : H`, the ordinal sum.
    OrdinalSum,
    Eq,
    Neq,
    Leq,
    Geq,
    Lt,
    Gt,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
    /// `<>`: confused with (fuzzy).
    Confused,
    And,
    Or,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::PlusMinus => "+-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
            BinOp::OrdinalSum => ":",
            BinOp::Eq => "==",
            BinOp::Neq => "!=",
            BinOp::Leq => "<=",
            BinOp::Geq => ">=",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::LessOrConfused => "<|",
            BinOp::GreaterOrConfused => "|>",
            BinOp::Confused => "<>",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

/// An argument in a call: positional, or `name => value`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Positional(Expr),
    Keyword { name: String, value: Expr },
}

/// One clause of a comprehension. (Clauses are few and short-lived, so
/// the size of the range variant does not matter.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `for v from a to b [by s]`
    ForRange {
        var: String,
        from: Expr,
        to: Expr,
        by: Option<Expr>,
    },
    /// `for v in collection`
    ForIn { var: String, iter: Expr },
    /// `where cond`
    Where(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionKind {
    List,
    Set,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal of any size.
    Integer(BigInt),
    /// A number-up-star term with at least an up part or a star part, e.g.
    /// `^`, `*3`, `3*`, `1/2^*3`, `-5/4v*`, `^<2>*`, `3/4v[3]*`. A bare
    /// integer is `Integer`, never a `Term`.
    Term {
        number: Option<TermNumber>,
        up: Option<UpPart>,
        star: Option<StarPart>,
    },
    /// `{L1, L2 | R1, R2}` after resolving bar runs (`{3||2|1}` becomes
    /// `Game { left: [3], right: [Game { left: [2], right: [1] }] }`).
    Game {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `[a, b, c]`
    List(Vec<Expr>),
    /// `{a, b, c}` (braces with no bar); `{}` is the empty set.
    Set(Vec<Expr>),
    /// `(a, b)`: two or more comma-separated expressions in parentheses.
    Tuple(Vec<Expr>),
    /// `{k => v, ...}`: a map (as given for `clobbered => {Left => {2}}`).
    Map(Vec<(Expr, Expr)>),
    /// `[e for ...]` or `{e for ...}`.
    Comprehension {
        kind: CollectionKind,
        body: Box<Expr>,
        clauses: Vec<Clause>,
    },
    /// `"..."` with escapes resolved.
    Str(String),
    /// `true` / `false`.
    Bool(bool),
    /// Any identifier, including `Left`, `Right`, `inf`, `Tiny` and the
    /// root of qualified names such as `game` in `game.grid.Domineering`.
    Ident(String),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `a Name b`: an infix method call, meaning `a.Name(b)`.
    InfixMethod {
        name: String,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `a .. b` or `a .. b .. step`.
    Range {
        from: Box<Expr>,
        to: Box<Expr>,
        step: Option<Box<Expr>>,
    },
    /// `receiver.Name` (args = None) or `receiver.Name(args)` (args = Some).
    Method {
        receiver: Box<Expr>,
        name: String,
        name_span: Span,
        args: Option<Vec<Arg>>,
    },
    /// `f(args)` where f is any expression (an identifier, a method result...).
    Call {
        callee: Box<Expr>,
        args: Vec<Arg>,
    },
    /// `target[index]` (1-based).
    Index {
        target: Box<Expr>,
        index: Box<Expr>,
    },
    /// `x -> body` or `(x, y) -> body`.
    Lambda {
        params: Vec<String>,
        body: Box<Expr>,
    },
}
