//! The abstract syntax tree of the onag language (NOTATION.md sections 1-3,
//! SCRIPTING.md sections 1-4).
//!
//! The parser produces it; the compiler ([`crate::compile`]) turns it into
//! the resolved tree the interpreter runs, and [`crate::source`] prints it
//! back as source text (how a function value prints). Every node carries the
//! byte span of the source text it came from, so that errors can point at
//! the offending expression.

use num_bigint::BigInt;
use onag_core::number::Integer;

/// A half-open byte range `start..end` in the source text.
///
/// Offsets are stored in 32 bits (every syntax tree node carries a span, so
/// this halves their cost); the parser rejects a source longer than
/// [`Span::MAX_SOURCE_LEN`], so every offset of a parsed text fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// The first byte.
    start: u32,
    /// One past the last byte.
    end: u32,
}

impl Span {
    /// The longest source text whose offsets a span holds (4 GiB - 1).
    pub const MAX_SOURCE_LEN: usize = u32::MAX as usize;

    /// The span `start..end`. An offset past [`Span::MAX_SOURCE_LEN`]
    /// (never one of a parsed text) is clamped to it.
    pub fn new(start: usize, end: usize) -> Span {
        let offset = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
        Span {
            start: offset(start),
            end: offset(end),
        }
    }

    /// The first byte.
    pub fn start(self) -> usize {
        self.start as usize
    }

    /// One past the last byte.
    pub fn end(self) -> usize {
        self.end as usize
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A whole input: statements separated by `;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The statements, in order.
    pub statements: Vec<Stmt>,
    /// True when the input ends with `;`, so that nothing is printed.
    pub trailing_semicolon: bool,
}

/// One statement of a statement sequence (an input, a block, a body).
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `name := expr` (an assignment written as a statement; inside an
    /// expression it is [`ExprKind::Assign`]).
    Assign {
        /// The variable assigned.
        name: String,
        /// Where the name is written.
        name_span: Span,
        /// The value.
        value: Expr,
    },
    /// A bare expression.
    Expr(Expr),
    /// `var name` or `var name := expr` (SCRIPTING 2.7).
    Var {
        /// The variable declared.
        name: String,
        /// Where the name is written.
        name_span: Span,
        /// The initial value; `Nothing` when absent.
        value: Option<Expr>,
    },
    /// `def name(params) := expr` or `def name(params) begin ... end` at the
    /// top level of an input: `name := (params) -> body` (SCRIPTING 3.2).
    Def {
        /// The function's name.
        name: String,
        /// Where the name is written.
        name_span: Span,
        /// The function.
        function: Lambda,
        /// The whole definition.
        span: Span,
    },
}

impl Stmt {
    /// The source span of the statement.
    pub fn span(&self) -> Span {
        match self {
            Stmt::Assign {
                name_span, value, ..
            } => name_span.to(value.span),
            Stmt::Expr(e) => e.span,
            Stmt::Var {
                name_span, value, ..
            } => value.as_ref().map_or(*name_span, |v| name_span.to(v.span)),
            Stmt::Def { span, .. } => *span,
        }
    }
}

/// An expression and its source span.
///
/// The common nodes (integers, names, operators, calls, collections) are
/// stored inline; the large and rarer ones (terms, games, loops, methods,
/// assignments, lambdas...) are boxed, so that a node stays small: a 70 KB
/// input of games is tens of thousands of nodes (a size test in
/// `tests/parser.rs` keeps it so).
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
}

impl Expr {
    /// An expression of this kind at this span.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

impl ExprKind {
    /// The game `{left | right}` ([`ExprKind::Game`]): `options` are the
    /// Left options then the Right options, the first `left_len` Left's.
    pub fn game(
        options: Vec<Expr>,
        left_len: usize,
        label: Option<String>,
        pass: [bool; 2],
    ) -> ExprKind {
        ExprKind::Game {
            left_len: u32::try_from(left_len.min(options.len())).unwrap_or(u32::MAX),
            options: options.into_boxed_slice(),
            label: label.map(Box::new),
            pass,
        }
    }
}

/// The Left and the Right options of a game ([`ExprKind::Game`]) from its
/// `options` and `left_len`.
pub fn game_sides(options: &[Expr], left_len: u32) -> (&[Expr], &[Expr]) {
    let left_len = usize::try_from(left_len).unwrap_or(usize::MAX);
    options.split_at(left_len.min(options.len()))
}

/// The up part of a number-up-star term (NOTATION 3.2).
#[derive(Clone, Debug, PartialEq)]
pub enum UpPart {
    /// `^`, `^^`, `^n` (positive count) or `v`, `vv`, `vn` (negative count).
    Ups(BigInt),
    /// `^<n>` (positive = true) or `v<n>`: the n-th Norton power of up.
    Pow {
        /// `^` rather than `v`.
        positive: bool,
        /// The power.
        n: BigInt,
    },
    /// `^[n]` (positive = true) or `v[n]`: `^ + ^<2> + ... + ^<n>`.
    PowTo {
        /// `^` rather than `v`.
        positive: bool,
        /// The number of powers summed.
        n: BigInt,
    },
    /// `^ x` or `v(x)`: a single up or down followed by an operand, which is
    /// the (integer) number of ups, as CGSuite reads it: `^ Heat *` is an
    /// up-multiple of the variable `Heat`.
    Multiple {
        /// `^` rather than `v`.
        positive: bool,
        /// The number of ups.
        count: Box<Expr>,
    },
}

/// The star part of a term: `*` is `Nimber(1)`, `*n` is `Nimber(n)`,
/// `*(expr)` is `Expr`.
#[derive(Clone, Debug, PartialEq)]
pub enum StarPart {
    /// `*` or `*n`.
    Nimber(BigInt),
    /// `*(expr)`.
    Expr(Box<Expr>),
}

/// The number part of a term: an integer, or a fraction `a/b` written with
/// no spaces directly before an up or star part (`1/2^*3`, `73/16v9*8`).
#[derive(Clone, Debug, PartialEq)]
pub struct TermNumber {
    /// A `-` touching the number negates the number part only.
    pub negative: bool,
    /// The numerator as written.
    pub numerator: BigInt,
    /// The denominator, for a fraction.
    pub denominator: Option<BigInt>,
}

/// A prefix operator.
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

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// Binary `x +- y`, meaning x + (+-y).
    PlusMinus,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `^`
    Pow,
    /// `G : H`, the ordinal sum.
    OrdinalSum,
    /// `S & T`: the sided value with onside S and offside T (LOOPY 1.7).
    Sidle,
    /// `==`
    Eq,
    /// `!=`
    Neq,
    /// `<=`
    Leq,
    /// `>=`
    Geq,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
    /// `<>`: confused with (fuzzy).
    Confused,
    /// `===`: structural identity.
    Identical,
    /// `!==`: structural difference.
    NotIdentical,
    /// `<=>`: three-way game comparison (0, -1, 1 or `*`).
    Compare,
    /// `x is C`: the class of x is C or has C as an ancestor.
    Is,
    /// `and` (short-circuit)
    And,
    /// `or` (short-circuit)
    Or,
}

impl BinOp {
    /// Whether a run of this operator and others of its level chains flat
    /// ([`ExprKind::Chain`]): the left-associative sums and products.
    pub fn chains(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Sub | BinOp::PlusMinus | BinOp::Mul | BinOp::Div | BinOp::Mod
        )
    }

    /// Whether two operators belong to the same chain level.
    pub fn same_level(self, other: BinOp) -> bool {
        let level = |op: BinOp| match op {
            BinOp::Add | BinOp::Sub | BinOp::PlusMinus => 1,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 2,
            _ => 0,
        };
        level(self) != 0 && level(self) == level(other)
    }

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
            BinOp::Sidle => "&",
            BinOp::Eq => "==",
            BinOp::Neq => "!=",
            BinOp::Leq => "<=",
            BinOp::Geq => ">=",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::LessOrConfused => "<|",
            BinOp::GreaterOrConfused => "|>",
            BinOp::Confused => "<>",
            BinOp::Identical => "===",
            BinOp::NotIdentical => "!==",
            BinOp::Compare => "<=>",
            BinOp::Is => "is",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

/// An argument in a call: positional, or `name => value`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A positional argument.
    Positional(Expr),
    /// A named argument `name => value`.
    Keyword {
        /// The parameter name.
        name: String,
        /// The value.
        value: Expr,
    },
}

impl Arg {
    /// The argument's value expression.
    pub fn value(&self) -> &Expr {
        match self {
            Arg::Positional(e) | Arg::Keyword { value: e, .. } => e,
        }
    }
}

/// A class name in a parameter type, `extends` clause or `is` test:
/// `Integer`, `game.grid.Grid`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    /// The dot-separated parts.
    pub path: Vec<String>,
    /// Where it is written.
    pub span: Span,
}

impl TypeName {
    /// The name as written: `game.grid.Grid`.
    pub fn dotted(&self) -> String {
        self.path.join(".")
    }
}

/// One parameter of a function, method or constructor (SCRIPTING 3.1):
/// `name [as Type] [? default]` or `name [as Type]...`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
    /// `as Type`: the class arguments must belong to.
    pub ty: Option<TypeName>,
    /// `? default`: the parameter is optional, its default evaluated at
    /// each call that omits it.
    pub default: Option<Expr>,
    /// `name...`: collects the remaining positional arguments in a list.
    pub expand: bool,
}

/// A function: its parameters and body (`x -> e`, `(a, b ? 1) -> e`, a
/// `def` body).
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    /// The parameters.
    pub params: Vec<Param>,
    /// The body.
    pub body: Box<Expr>,
    /// True when the source writes the parameters in parentheses (so that
    /// `(x) -> x` prints as written is not required; kept for printing
    /// `def` bodies).
    pub parenthesised: bool,
}

/// Where a `for` loop variable takes its values. (Loop heads are few and
/// short-lived, so the size of the range variant does not matter.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum ForSource {
    /// `from A [to B] [by C]`.
    Range {
        /// The first value.
        from: Expr,
        /// The last value, if any.
        to: Option<Expr>,
        /// The step, 1 when absent.
        by: Option<Expr>,
    },
    /// `in COLLECTION`.
    In(Expr),
    /// `:= VALUE`: one iteration with that value.
    Assign(Expr),
}

/// One loop head (SCRIPTING 2.5): `for ...` or `while ...`, with its
/// `while` and `where` clauses.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum LoopHead {
    /// `for x ... [while W] [where P]`.
    For {
        /// The loop variable.
        var: String,
        /// Where it is written.
        var_span: Span,
        /// Its values.
        source: ForSource,
        /// `while W`: the whole loop ends when W is false.
        while_: Option<Expr>,
        /// `where P`: the iteration is skipped when P is false.
        where_: Option<Expr>,
    },
    /// `while W [where P]`.
    While {
        /// The condition.
        cond: Expr,
        /// `where P`.
        where_: Option<Expr>,
    },
}

/// The body of a loop.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopBody {
    /// `do STATEMENTS end`: for effect; the loop is worth `Nothing`.
    Do(Vec<Stmt>),
    /// `yield S1 yield S2 ... end`: each section's value is appended to a
    /// list, which is the loop's value.
    Yield(Vec<Vec<Stmt>>),
}

/// What a bracketed loop (a comprehension) collects into.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectionKind {
    /// `[e for ...]`, `(e for ...)`, `f(e for ...)`.
    List,
    /// `{e for ...}`.
    Set,
    /// `{k => v for ...}`, later keys overwriting earlier ones.
    Map(Box<Expr>),
}

/// The kind of an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal of any size (a machine word when it fits, so a
    /// literal costs no allocation of its own).
    Integer(Integer),
    /// A number-up-star term with at least an up part or a star part, e.g.
    /// `^`, `*3`, `3*`, `1/2^*3`, `-5/4v*`, `^<2>*`, `3/4v[3]*`. A bare
    /// integer is `Integer`, never a `Term`.
    Term(Box<Term>),
    /// `{L1, L2 | R1, R2}` after resolving bar runs (`{3||2|1}` is the game
    /// with Left option `3` and Right option `{2|1}`). Built by
    /// [`ExprKind::game`]; [`game_sides`] splits the options. (Inline, in
    /// one allocation of options: a large input is mostly games.)
    Game {
        /// The Left options, then the Right options.
        options: Box<[Expr]>,
        /// How many of `options` are Left's.
        left_len: u32,
        /// The node label of a loopy specifier (`a` in `a{0|a}`, LOOPY 1.3).
        label: Option<Box<String>>,
        /// `pass` among the Left and the Right options (LOOPY 1.1).
        pass: [bool; 2],
    },
    /// `'{L | R}'`: an explicit game, its options kept as written (a
    /// [`ExprKind::Game`] inside, LOOPY 1.2).
    Explicit(Box<Expr>),
    /// `[a, b, c]`
    List(Vec<Expr>),
    /// `{a, b, c}` (braces with no bar); `{}` is the empty set.
    Set(Vec<Expr>),
    /// `(a, b)`: two or more comma-separated expressions in parentheses
    /// (Coordinates; after `+-`, the options of a switch).
    Tuple(Vec<Expr>),
    /// `{k => v, ...}`; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// `[e for ...]`, `{e for ...}`, `{k => v for ...}`, `(e for ...)`.
    Comprehension(Box<Comprehension>),
    /// A loop with `do` or `yield` body (SCRIPTING 2.5).
    Loop(Box<LoopExpr>),
    /// `if C then S (elseif C then S)* [else S] end`.
    If(Box<IfExpr>),
    /// `begin STATEMENTS end`.
    Block(Vec<Stmt>),
    /// `name := value` inside an expression.
    Assign(Box<Assignment>),
    /// `"..."` with escapes resolved.
    Str(String),
    /// `true` / `false`.
    Bool(bool),
    /// Any identifier, including `Left`, `Right`, `inf`, `Tiny` and the
    /// root of qualified names such as `game` in `game.grid.Domineering`.
    Ident(String),
    /// `this`.
    This,
    /// `super.Name` or `super.Name(args)`: the inherited method.
    Super(Box<SuperCall>),
    /// A prefix operator.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// Its operand.
        operand: Box<Expr>,
    },
    /// A binary operator.
    Binary {
        /// The operator.
        op: BinOp,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// A run of left-associative operators of one precedence level
    /// (`a + b - c + ...`, `a * b / c`): evaluated from left to right as
    /// nested [`ExprKind::Binary`] would be, but kept flat so that a long
    /// sum does not make the tree deep.
    Chain(Box<Chain>),
    /// `a Name b`: an infix method call, meaning `a.Name(b)`.
    InfixMethod(Box<InfixCall>),
    /// `a .. b` or `a .. b .. step`.
    Range {
        /// The first value.
        from: Box<Expr>,
        /// The bound.
        to: Box<Expr>,
        /// The step.
        step: Option<Box<Expr>>,
    },
    /// `receiver.Name` (args = None) or `receiver.Name(args)` (args = Some).
    Method(Box<MethodCall>),
    /// `f(args)` where f is any expression (an identifier, a method result...).
    Call {
        /// What is called.
        callee: Box<Expr>,
        /// The arguments.
        args: Box<[Arg]>,
    },
    /// `target[index]` (1-based).
    Index {
        /// The collection.
        target: Box<Expr>,
        /// The index or key.
        index: Box<Expr>,
    },
    /// `x -> body`, `(x, y) -> body`, `(a as Integer, b ? 3) -> body`.
    Lambda(Box<Lambda>),
    /// `return` or `return EXPR`.
    Return(Option<Box<Expr>>),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `error(EXPR)`: stops evaluation with the value's text as the message.
    Error(Box<Expr>),
}

/// A number-up-star term ([`ExprKind::Term`], NOTATION 3.2).
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The number part.
    pub number: Option<TermNumber>,
    /// The up part.
    pub up: Option<UpPart>,
    /// The star part.
    pub star: Option<StarPart>,
}

/// A bracketed loop ([`ExprKind::Comprehension`], SCRIPTING 2.5).
#[derive(Clone, Debug, PartialEq)]
pub struct Comprehension {
    /// What the values are collected into.
    pub kind: CollectionKind,
    /// The value of each iteration.
    pub body: Box<Expr>,
    /// The loop heads, outermost first.
    pub heads: Vec<LoopHead>,
}

/// A loop with a `do` or `yield` body ([`ExprKind::Loop`], SCRIPTING 2.5).
#[derive(Clone, Debug, PartialEq)]
pub struct LoopExpr {
    /// The loop heads, outermost first.
    pub heads: Vec<LoopHead>,
    /// The body.
    pub body: LoopBody,
}

/// `if C then S (elseif C then S)* [else S] end` ([`ExprKind::If`]).
#[derive(Clone, Debug, PartialEq)]
pub struct IfExpr {
    /// Each condition and its branch.
    pub branches: Vec<(Expr, Vec<Stmt>)>,
    /// The `else` branch.
    pub otherwise: Option<Vec<Stmt>>,
}

/// `name := value` inside an expression ([`ExprKind::Assign`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    /// The variable.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// The value.
    pub value: Box<Expr>,
}

/// `super.Name` or `super.Name(args)` ([`ExprKind::Super`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SuperCall {
    /// The method name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// The arguments, if written with parentheses.
    pub args: Option<Vec<Arg>>,
}

/// `a Name b`, meaning `a.Name(b)` ([`ExprKind::InfixMethod`]).
#[derive(Clone, Debug, PartialEq)]
pub struct InfixCall {
    /// The method name.
    pub name: String,
    /// The receiver.
    pub lhs: Box<Expr>,
    /// The argument.
    pub rhs: Box<Expr>,
}

/// `receiver.Name` or `receiver.Name(args)` ([`ExprKind::Method`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MethodCall {
    /// The receiver.
    pub receiver: Box<Expr>,
    /// The member name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// The arguments, if written with parentheses.
    pub args: Option<Vec<Arg>>,
}

/// A run of left-associative operators of one precedence level
/// ([`ExprKind::Chain`]): `first op1 e1 op2 e2 ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// The first operand.
    pub first: Box<Expr>,
    /// Each further operator and its right operand.
    pub rest: Vec<(BinOp, Expr)>,
}
