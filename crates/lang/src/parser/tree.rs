//! Trees under construction: expressions and statements with their height,
//! torn down without recursion when a parse fails.

use super::{ParseError, Parser, MAX_DEPTH};
use crate::ast::{
    Arg, BinOp, Chain, CollectionKind, Comprehension, Expr, ExprKind, ForSource, IfExpr, InfixCall,
    Lambda, LoopBody, LoopExpr, LoopHead, MethodCall, Span, StarPart, Stmt, Term, UnaryOp, UpPart,
};

/// An expression under construction, with the height of its tree.
///
/// The derived `Drop` of [`Expr`] recurses once per level, so dropping a
/// tall tree (after a syntax error that follows a long chain such as
/// `1+1+...+1`) could overflow the stack. A `Tree` that is dropped tears its
/// expression down iteratively instead; a finished tree is unwrapped with
/// [`Tree::into_expr`].
pub(super) struct Tree {
    pub(super) expr: Expr,
    /// 1 for a leaf, else 1 + the greatest height of the children.
    pub(super) height: usize,
}

impl Tree {
    pub(super) fn leaf(kind: ExprKind, span: Span) -> Tree {
        Tree {
            expr: Expr::new(kind, span),
            height: 1,
        }
    }

    pub(super) fn span(&self) -> Span {
        self.expr.span
    }

    pub(super) fn into_expr(mut self) -> Expr {
        std::mem::replace(&mut self.expr, placeholder())
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        dispose(std::mem::replace(&mut self.expr, placeholder()));
    }
}

/// A statement under construction, with the height of its tree.
pub(super) struct StmtTree {
    stmt: Option<Stmt>,
    pub(super) height: usize,
}

impl StmtTree {
    pub(super) fn new(stmt: Stmt, height: usize) -> StmtTree {
        StmtTree {
            stmt: Some(stmt),
            height,
        }
    }

    pub(super) fn into_stmt(mut self) -> Stmt {
        self.stmt
            .take()
            .unwrap_or_else(|| Stmt::Expr(placeholder()))
    }
}

impl Drop for StmtTree {
    fn drop(&mut self) {
        if let Some(stmt) = self.stmt.take() {
            let mut stack = Vec::new();
            push_stmt(stmt, &mut stack);
            dispose_all(stack);
        }
    }
}

/// A childless stand-in left in a [`Tree`] whose expression was moved out.
fn placeholder() -> Expr {
    Expr::new(ExprKind::Bool(false), Span::default())
}

/// The greatest height among `trees`, 0 if there are none.
pub(super) fn max_height<'a>(trees: impl IntoIterator<Item = &'a Tree>) -> usize {
    trees.into_iter().map(|tree| tree.height).max().unwrap_or(0)
}

/// The greatest height among statements, 0 if there are none.
pub(super) fn stmts_height(stmts: &[StmtTree]) -> usize {
    stmts.iter().map(|s| s.height).max().unwrap_or(0)
}

/// The expressions of finished trees, in a vector of exactly their number
/// (the tree keeps it: no spare capacity).
pub(super) fn into_exprs(trees: Vec<Tree>) -> Vec<Expr> {
    into_exprs_of(trees, Vec::new())
}

/// The expressions of `first` then `second`, in a vector of exactly their
/// number.
pub(super) fn into_exprs_of(first: Vec<Tree>, second: Vec<Tree>) -> Vec<Expr> {
    let mut exprs = Vec::with_capacity(first.len() + second.len());
    exprs.extend(first.into_iter().chain(second).map(Tree::into_expr));
    exprs
}

pub(super) fn into_stmts(trees: Vec<StmtTree>) -> Vec<Stmt> {
    trees.into_iter().map(StmtTree::into_stmt).collect()
}

pub(super) fn boxed(tree: Tree) -> Box<Expr> {
    Box::new(tree.into_expr())
}

/// Drops an expression without recursion, moving children onto an explicit
/// stack so that every node is dropped childless.
fn dispose(expr: Expr) {
    dispose_all(vec![expr]);
}

fn dispose_all(mut stack: Vec<Expr>) {
    while let Some(expr) = stack.pop() {
        push_children(expr.kind, &mut stack);
    }
}

fn push_stmts(stmts: Vec<Stmt>, out: &mut Vec<Expr>) {
    for stmt in stmts {
        push_stmt(stmt, out);
    }
}

fn push_stmt(stmt: Stmt, out: &mut Vec<Expr>) {
    match stmt {
        Stmt::Assign { value, .. } => out.push(value),
        Stmt::Expr(e) => out.push(e),
        Stmt::Var { value, .. } => out.extend(value),
        Stmt::Def { function, .. } => push_lambda(function, out),
    }
}

fn push_lambda(lambda: Lambda, out: &mut Vec<Expr>) {
    out.push(*lambda.body);
    out.extend(lambda.params.into_iter().filter_map(|p| p.default));
}

fn push_heads(heads: Vec<LoopHead>, out: &mut Vec<Expr>) {
    for head in heads {
        match head {
            LoopHead::For {
                source,
                while_,
                where_,
                ..
            } => {
                match source {
                    ForSource::Range { from, to, by } => {
                        out.push(from);
                        out.extend(to);
                        out.extend(by);
                    }
                    ForSource::In(e) | ForSource::Assign(e) => out.push(e),
                }
                out.extend(while_);
                out.extend(where_);
            }
            LoopHead::While { cond, where_ } => {
                out.push(cond);
                out.extend(where_);
            }
        }
    }
}

fn push_args(args: Vec<Arg>, out: &mut Vec<Expr>) {
    out.extend(args.into_iter().map(|arg| match arg {
        Arg::Positional(value) | Arg::Keyword { value, .. } => value,
    }));
}

fn push_children(kind: ExprKind, out: &mut Vec<Expr>) {
    match kind {
        ExprKind::Integer(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::Ident(_)
        | ExprKind::This
        | ExprKind::Break
        | ExprKind::Continue => {}
        ExprKind::Term(term) => {
            let Term { up, star, .. } = *term;
            if let Some(UpPart::Multiple { count, .. }) = up {
                out.push(*count);
            }
            if let Some(StarPart::Expr(value)) = star {
                out.push(*value);
            }
        }
        ExprKind::Explicit(game) => out.push(*game),
        ExprKind::Game { options, .. } => out.extend(options),
        ExprKind::List(items) | ExprKind::Set(items) | ExprKind::Tuple(items) => out.extend(items),
        ExprKind::Map(entries) => {
            for (k, v) in entries {
                out.push(k);
                out.push(v);
            }
        }
        ExprKind::Comprehension(comprehension) => {
            let Comprehension { kind, body, heads } = *comprehension;
            out.push(*body);
            if let CollectionKind::Map(value) = kind {
                out.push(*value);
            }
            push_heads(heads, out);
        }
        ExprKind::Loop(lp) => {
            let LoopExpr { heads, body } = *lp;
            push_heads(heads, out);
            match body {
                LoopBody::Do(stmts) => push_stmts(stmts, out),
                LoopBody::Yield(sections) => {
                    for section in sections {
                        push_stmts(section, out);
                    }
                }
            }
        }
        ExprKind::If(if_expr) => {
            let IfExpr {
                branches,
                otherwise,
            } = *if_expr;
            for (cond, stmts) in branches {
                out.push(cond);
                push_stmts(stmts, out);
            }
            push_stmts(otherwise.unwrap_or_default(), out);
        }
        ExprKind::Block(stmts) => push_stmts(stmts, out),
        ExprKind::Assign(assignment) => out.push(*assignment.value),
        ExprKind::Super(call) => push_args(call.args.unwrap_or_default(), out),
        ExprKind::Unary { operand, .. } => out.push(*operand),
        ExprKind::Binary { lhs, rhs, .. } => {
            out.push(*lhs);
            out.push(*rhs);
        }
        ExprKind::InfixMethod(call) => {
            let InfixCall { lhs, rhs, .. } = *call;
            out.push(*lhs);
            out.push(*rhs);
        }
        ExprKind::Chain(chain) => {
            let Chain { first, rest } = *chain;
            out.push(*first);
            out.extend(rest.into_iter().map(|(_, e)| e));
        }
        ExprKind::Range { from, to, step } => {
            out.push(*from);
            out.push(*to);
            out.extend(step.map(|step| *step));
        }
        ExprKind::Method(call) => {
            let MethodCall { receiver, args, .. } = *call;
            out.push(*receiver);
            push_args(args.unwrap_or_default(), out);
        }
        ExprKind::Call { callee, args } => {
            out.push(*callee);
            push_args(args.into_vec(), out);
        }
        ExprKind::Index { target, index } => {
            out.push(*target);
            out.push(*index);
        }
        ExprKind::Lambda(lambda) => push_lambda(*lambda, out),
        ExprKind::Return(value) => out.extend(value.map(|v| *v)),
        ExprKind::Error(value) => out.push(*value),
    }
}

/// A call argument under construction.
pub(super) struct ArgTree {
    pub(super) name: Option<String>,
    pub(super) value: Tree,
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

pub(super) fn into_args(args: Vec<ArgTree>) -> Vec<Arg> {
    args.into_iter().map(ArgTree::into_arg).collect()
}

pub(super) fn args_height(args: &[ArgTree]) -> usize {
    max_height(args.iter().map(|arg| &arg.value))
}

impl Parser<'_> {
    /// A node over children whose greatest height is `child_height`, built
    /// by `build` (which consumes the children). Fails, dropping the
    /// children iteratively, when the tree would be taller than `MAX_DEPTH`.
    pub(super) fn node(
        &self,
        child_height: usize,
        build: impl FnOnce() -> Expr,
    ) -> Result<Tree, ParseError> {
        let height = child_height + 1;
        if height > MAX_DEPTH {
            return Err(self.too_deep());
        }
        Ok(Tree {
            expr: build(),
            height,
        })
    }

    pub(super) fn binary(&self, op: BinOp, mut lhs: Tree, rhs: Tree) -> Result<Tree, ParseError> {
        let span = lhs.span().to(rhs.span());
        if op.chains() {
            // `a + b` followed by `+ c`: one flat chain, whose height is
            // that of its tallest operand plus one.
            let height = lhs.height.max(rhs.height + 1);
            if height > MAX_DEPTH {
                return Err(self.too_deep());
            }
            let kind = std::mem::replace(&mut lhs.expr.kind, ExprKind::Bool(false));
            lhs.expr.kind = match kind {
                ExprKind::Chain(mut chain)
                    if chain
                        .rest
                        .last()
                        .is_some_and(|(last, _)| last.same_level(op)) =>
                {
                    chain.rest.push((op, rhs.into_expr()));
                    return Ok(self.chained(lhs, ExprKind::Chain(chain), span, height));
                }
                ExprKind::Binary {
                    op: inner,
                    lhs: first,
                    rhs: second,
                } if inner.same_level(op) => {
                    let rest = vec![(inner, *second), (op, rhs.into_expr())];
                    let chain = ExprKind::Chain(Box::new(Chain { first, rest }));
                    return Ok(self.chained(lhs, chain, span, height));
                }
                kind => kind,
            };
        }
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

    /// `tree` made into the chain `kind`.
    fn chained(&self, mut tree: Tree, kind: ExprKind, span: Span, height: usize) -> Tree {
        tree.expr.kind = kind;
        tree.expr.span = span;
        tree.height = height;
        tree
    }

    pub(super) fn unary(
        &self,
        op: UnaryOp,
        op_span: Span,
        operand: Tree,
    ) -> Result<Tree, ParseError> {
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
