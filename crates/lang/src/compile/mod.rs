//! From the syntax tree to the resolved tree the interpreter runs ([`ir`]).
//!
//! Names are resolved here, once (SCRIPTING 2.7):
//!
//! - a local (parameter, `var`, loop variable) becomes a frame slot. Each
//!   call of a function gets one frame for all its locals; a loop whose body
//!   creates a lambda gets a fresh frame per iteration, so that each lambda
//!   captures its own iteration's variables (onag's decision, SCRIPTING
//!   2.5). Lambdas capture frames by reference (SCRIPTING 2.8);
//! - at the worksheet, any other name is a session variable, read and
//!   written by index (a class name shadows it);
//! - in class code, a member of the current or an enclosing object, a
//!   static field, a class, a package or a constant; anything else fails
//!   the class's loading with `That variable is not defined` (SCRIPTING
//!   4.12).
//!
//! The compiler also checks what can be checked before running: `Duplicate
//! var`, `break`/`continue` outside a loop, `return` outside a function,
//! `this` outside a class, assignment to a class name.

pub mod ir;

use crate::ast::{
    game_sides, Arg, Assignment, BinOp, Chain, CollectionKind, Comprehension, Expr, ExprKind,
    ForSource, IfExpr, InfixCall, Lambda, LoopBody, LoopExpr, LoopHead, MethodCall, Param, Program,
    Span, StarPart, Stmt, SuperCall, Term, TermNumber, TypeName, UnaryOp, UpPart,
};
use crate::error::{ErrorKind, EvalError, EvalResult, Source};
use crate::interp::Interp;
use crate::value::Value;
use ir::{
    ArgsIR, ClassName, FunctionIR, HeadIR, HeadSource, LoopBodyIR, LoopIR, LoopyNode, LoopyOption,
    MemberRef, Node, NodeKind, ParamIR, StaticRef, Target, TermIR,
};
use num_bigint::BigInt;
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use std::sync::Arc;

/// What the compiler knows of the class whose code it compiles.
pub struct ClassContext {
    /// The class's qualified name.
    pub qualified: Rc<str>,
    /// Its package.
    pub package: Rc<str>,
    /// Names of its instance members (fields, methods, nested classes),
    /// inherited ones included.
    pub members: FxHashSet<Rc<str>>,
    /// Names of its fields (assignable members).
    pub fields: FxHashSet<Rc<str>>,
    /// Its static fields and static methods, by name, with the qualified
    /// name of the class that declares them.
    pub statics: FxHashMap<Rc<str>, Rc<str>>,
    /// Names of its static fields (assignable).
    pub static_fields: FxHashSet<Rc<str>>,
    /// Its nested classes (own and inherited), short name to qualified.
    pub nested: FxHashMap<Rc<str>, Rc<str>>,
    /// The class it is nested in.
    pub enclosing: Option<Rc<ClassContext>>,
}

/// Where compiled code runs.
#[derive(Clone)]
enum Mode {
    /// The session's input: names not local are session variables.
    Worksheet,
    /// Class code: names resolve statically. `is_static` for static
    /// methods and initialisers (no instance members).
    Class {
        context: Rc<ClassContext>,
        is_static: bool,
    },
}

/// The scope of one run-time frame: its lexical blocks, innermost last.
struct FrameScope {
    blocks: Vec<Vec<(Rc<str>, u32)>>,
    size: u32,
}

impl FrameScope {
    fn new() -> FrameScope {
        FrameScope {
            blocks: vec![Vec::new()],
            size: 0,
        }
    }
}

/// The compiler's state for one unit (an input, a method body...).
pub struct Compiler<'a> {
    interp: &'a Interp,
    mode: Mode,
    source: Option<Arc<Source>>,
    frames: Vec<FrameScope>,
    /// Loops enclosing the current point, within the current function.
    loops: u32,
    /// Functions enclosing the current point (0 at the top of an input).
    functions: u32,
    /// Compiling a constructor's parameters, which are fields of the class
    /// (so that their names are members).
    parameters_are_fields: bool,
}

fn walk_stmts(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    for s in stmts {
        match s {
            Stmt::Assign { value, .. } | Stmt::Expr(value) => walk_expr(value, f),
            Stmt::Var { value, .. } => {
                if let Some(v) = value {
                    walk_expr(v, f)
                }
            }
            Stmt::Def { function, .. } => walk_expr(&function.body, f),
        }
    }
}

fn walk_heads(heads: &[LoopHead], f: &mut dyn FnMut(&Expr)) {
    for h in heads {
        match h {
            LoopHead::For {
                source,
                while_,
                where_,
                ..
            } => {
                match source {
                    ForSource::Range { from, to, by } => {
                        walk_expr(from, f);
                        to.iter().chain(by).for_each(|e| walk_expr(e, f));
                    }
                    ForSource::In(e) | ForSource::Assign(e) => walk_expr(e, f),
                }
                while_.iter().chain(where_).for_each(|e| walk_expr(e, f));
            }
            LoopHead::While { cond, where_ } => {
                walk_expr(cond, f);
                where_.iter().for_each(|e| walk_expr(e, f));
            }
        }
    }
}

/// Calls `f` on `e` and every expression inside it.
fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        f(e);
        match &e.kind {
            ExprKind::Integer(_)
            | ExprKind::Str(_)
            | ExprKind::Bool(_)
            | ExprKind::Ident(_)
            | ExprKind::This
            | ExprKind::Break
            | ExprKind::Continue => {}
            ExprKind::Term(term) => {
                let Term { up, star, .. } = &**term;
                if let Some(UpPart::Multiple { count, .. }) = up {
                    walk_expr(count, f);
                }
                if let Some(StarPart::Expr(x)) = star {
                    walk_expr(x, f);
                }
            }
            ExprKind::Game { options, .. } => options.iter().for_each(|x| walk_expr(x, f)),
            ExprKind::List(xs) | ExprKind::Set(xs) | ExprKind::Tuple(xs) => {
                xs.iter().for_each(|x| walk_expr(x, f))
            }
            ExprKind::Map(entries) => entries.iter().for_each(|(k, v)| {
                walk_expr(k, f);
                walk_expr(v, f);
            }),
            ExprKind::Comprehension(comprehension) => {
                let Comprehension { kind, body, heads } = &**comprehension;
                walk_expr(body, f);
                if let CollectionKind::Map(v) = kind {
                    walk_expr(v, f);
                }
                walk_heads(heads, f);
            }
            ExprKind::Loop(lp) => {
                let LoopExpr { heads, body } = &**lp;
                walk_heads(heads, f);
                match body {
                    LoopBody::Do(s) => walk_stmts(s, f),
                    LoopBody::Yield(sections) => sections.iter().for_each(|s| walk_stmts(s, f)),
                }
            }
            ExprKind::If(if_expr) => {
                let IfExpr {
                    branches,
                    otherwise,
                } = &**if_expr;
                for (c, b) in branches {
                    walk_expr(c, f);
                    walk_stmts(b, f);
                }
                if let Some(o) = otherwise {
                    walk_stmts(o, f);
                }
            }
            ExprKind::Block(s) => walk_stmts(s, f),
            ExprKind::Assign(assignment) => walk_expr(&assignment.value, f),
            ExprKind::Super(call) => call
                .args
                .iter()
                .flatten()
                .for_each(|a| walk_expr(a.value(), f)),
            ExprKind::Unary { operand, .. } => walk_expr(operand, f),
            ExprKind::Explicit(game) => walk_expr(game, f),
            ExprKind::Chain(chain) => {
                let Chain { first, rest } = &**chain;
                walk_expr(first, f);
                rest.iter().for_each(|(_, e)| walk_expr(e, f));
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                walk_expr(lhs, f);
                walk_expr(rhs, f);
            }
            ExprKind::InfixMethod(call) => {
                walk_expr(&call.lhs, f);
                walk_expr(&call.rhs, f);
            }
            ExprKind::Range { from, to, step } => {
                walk_expr(from, f);
                walk_expr(to, f);
                step.iter().for_each(|s| walk_expr(s, f));
            }
            ExprKind::Method(call) => {
                walk_expr(&call.receiver, f);
                call.args
                    .iter()
                    .flatten()
                    .for_each(|a| walk_expr(a.value(), f));
            }
            ExprKind::Call { callee, args } => {
                walk_expr(callee, f);
                args.iter().for_each(|a| walk_expr(a.value(), f));
            }
            ExprKind::Index { target, index } => {
                walk_expr(target, f);
                walk_expr(index, f);
            }
            ExprKind::Lambda(l) => {
                walk_expr(&l.body, f);
                l.params
                    .iter()
                    .filter_map(|p| p.default.as_ref())
                    .for_each(|d| walk_expr(d, f));
            }
            ExprKind::Return(v) => v.iter().for_each(|x| walk_expr(x, f)),
            ExprKind::Error(v) => walk_expr(v, f),
        }
    })
}

fn loop_has_lambda(heads: &[LoopHead], body: &[&Expr], stmts: &[&[Stmt]]) -> bool {
    let mut found = false;
    let mut check = |x: &Expr| {
        if matches!(x.kind, ExprKind::Lambda(_)) {
            found = true;
        }
    };
    walk_heads(heads, &mut check);
    for e in body {
        walk_expr(e, &mut check);
    }
    for s in stmts {
        walk_stmts(s, &mut check);
    }
    found
}

/// Errors of the compiler carry the span they are about.
fn node(kind: NodeKind, span: Span) -> Node {
    Node::new(kind, span)
}

/// The node of statements in sequence: the statement itself when there is
/// one.
fn sequence(mut nodes: Vec<Node>, span: Span) -> Node {
    if nodes.len() == 1 {
        if let Some(n) = nodes.pop() {
            return n;
        }
    }
    node(NodeKind::Seq(nodes), span)
}

/// The span of a statement sequence, from its first statement to its last.
fn statements_span(stmts: &[Stmt]) -> Span {
    match (stmts.first(), stmts.last()) {
        (Some(a), Some(b)) => a.span().to(b.span()),
        _ => Span::default(),
    }
}

/// A game `{L | R}` of compiled options: a constant when they all are
/// constant short games ([`constant_game`]), else a node that builds it.
fn game_node(left: Vec<Node>, right: Vec<Node>, span: Span) -> Node {
    match constant_game(&left, &right) {
        Some(v) => constant(v, span),
        None => node(NodeKind::Game(left, right), span),
    }
}

/// The value of a brace whose options are all constant short games
/// (dyadic numbers and canonical games, as literals compile), computed
/// once here as the interpreter would: a file of large game literals then
/// keeps one constant per literal instead of a tree of nodes.
fn constant_game(left: &[Node], right: &[Node]) -> Option<Value> {
    let games = |nodes: &[Node]| -> Option<Vec<Game>> {
        nodes
            .iter()
            .map(|n| match &n.kind {
                NodeKind::Const(Value::Number(r)) => r.to_dyadic().map(Game::number),
                NodeKind::Const(Value::Game(g)) => Some(*g),
                _ => None,
            })
            .collect()
    };
    let (l, r) = (games(left)?, games(right)?);
    Some(Value::game(Game::from_options(&l, &r)))
}

fn constant(v: Value, span: Span) -> Node {
    node(NodeKind::Const(v), span)
}

impl<'a> Compiler<'a> {
    /// A compiler for the session's input.
    pub fn worksheet(interp: &'a Interp) -> Compiler<'a> {
        Compiler {
            interp,
            mode: Mode::Worksheet,
            source: None,
            frames: Vec::new(),
            loops: 0,
            functions: 0,
            parameters_are_fields: false,
        }
    }

    /// A compiler for the code of a class.
    pub fn class(
        interp: &'a Interp,
        context: Rc<ClassContext>,
        is_static: bool,
        source: Option<Arc<Source>>,
    ) -> Compiler<'a> {
        Compiler {
            interp,
            mode: Mode::Class { context, is_static },
            source,
            frames: Vec::new(),
            loops: 0,
            functions: 0,
            parameters_are_fields: false,
        }
    }

    fn is_worksheet(&self) -> bool {
        matches!(self.mode, Mode::Worksheet)
    }

    /// Compiles an input: its statements run in a fresh frame. The syntax
    /// tree is consumed and released as it is compiled (each statement,
    /// and each element of a list or game: `Compiler::expr_owned`), so a
    /// large input is not held as a tree and as code at once.
    pub fn input(&mut self, program: Program) -> EvalResult<Rc<FunctionIR>> {
        self.frames.push(FrameScope::new());
        let body = self.input_statements(program.statements);
        let frame = self.frames.pop();
        let body = body?;
        Ok(Rc::new(FunctionIR {
            params: Vec::new(),
            frame_size: frame.map_or(0, |f| f.size),
            body,
            text: "".into(),
            source: self.source.clone(),
        }))
    }

    /// Compiles a constructor's parameters (which are fields of the class).
    pub fn constructor(&mut self, params: &[Param]) -> EvalResult<Rc<FunctionIR>> {
        self.parameters_are_fields = true;
        let result = self.function(params, None, &[], "constructor".into());
        self.parameters_are_fields = false;
        result
    }

    /// Compiles a method body, a constructor's parameters or an
    /// initialiser: a function with these parameters and body.
    pub fn function(
        &mut self,
        params: &[Param],
        body: Option<&Expr>,
        stmts: &[Stmt],
        text: Rc<str>,
    ) -> EvalResult<Rc<FunctionIR>> {
        self.functions += 1;
        let saved_loops = std::mem::replace(&mut self.loops, 0);
        self.frames.push(FrameScope::new());
        let result = (|| -> EvalResult<(Vec<ParamIR>, Node)> {
            let params = self.params(params)?;
            let body = match body {
                Some(e) => self.expr(e)?,
                None => self.statements(stmts, false)?,
            };
            Ok((params, body))
        })();
        let frame = self.frames.pop();
        self.loops = saved_loops;
        self.functions -= 1;
        let (params, body) = result?;
        Ok(Rc::new(FunctionIR {
            params,
            frame_size: frame.map_or(0, |f| f.size),
            body,
            text,
            source: self.source.clone(),
        }))
    }

    // -- scopes --------------------------------------------------------

    /// Finds a local: its frame distance and slot.
    fn lookup_local(&self, name: &str) -> Option<(u32, u32)> {
        for (depth, frame) in self.frames.iter().rev().enumerate() {
            for block in frame.blocks.iter().rev() {
                if let Some((_, slot)) = block.iter().rev().find(|(n, _)| &**n == name) {
                    return Some((depth as u32, *slot));
                }
            }
        }
        None
    }

    fn push_block(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.blocks.push(Vec::new());
        }
    }

    fn pop_block(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.blocks.pop();
        }
    }

    /// Declares a local in the innermost block, checking that no local,
    /// parameter or (in class code) member of that name is visible.
    fn declare(&mut self, name: &str, span: Span) -> EvalResult<u32> {
        let clash = self.lookup_local(name).is_some()
            || !self.parameters_are_fields
                && match &self.mode {
                    Mode::Class { context, .. } => {
                        let mut c = Some(context.clone());
                        let mut found = false;
                        while let Some(ctx) = c {
                            if ctx.members.contains(name) || ctx.statics.contains_key(name) {
                                found = true;
                                break;
                            }
                            c = ctx.enclosing.clone();
                        }
                        found
                    }
                    Mode::Worksheet => false,
                };
        if clash {
            return Err(
                EvalError::of(ErrorKind::Declaration, format!("Duplicate var: `{name}`")).at(span),
            );
        }
        let frame = self
            .frames
            .last_mut()
            .ok_or_else(|| EvalError::new("internal: no frame to declare in"))?;
        let slot = frame.size;
        frame.size += 1;
        if let Some(block) = frame.blocks.last_mut() {
            block.push((name.into(), slot));
        }
        Ok(slot)
    }

    fn params(&mut self, params: &[Param]) -> EvalResult<Vec<ParamIR>> {
        let mut out = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            if p.expand && i + 1 != params.len() {
                return Err(EvalError::of(
                    ErrorKind::Class,
                    format!(
                        "Invalid expansion for parameter `{}`: must be in last position",
                        p.name
                    ),
                )
                .at(p.span));
            }
            let ty = match &p.ty {
                Some(t) => Some(self.type_name(t, "parameter declaration")?),
                None => None,
            };
            let slot = self.declare(&p.name, p.span)?;
            let default = match &p.default {
                Some(d) => Some(self.expr(d)?),
                None => None,
            };
            out.push(ParamIR {
                name: p.name.as_str().into(),
                slot,
                ty,
                default,
                expand: p.expand,
            });
        }
        Ok(out)
    }

    /// A class named in a parameter type or `is` test; an unknown class is
    /// `Unknown class in parameter declaration: ...`.
    pub fn type_name(&mut self, t: &TypeName, what: &str) -> EvalResult<ClassName> {
        let dotted = t.dotted();
        match self.resolve_class(&dotted) {
            Some(q) => Ok(ClassName::new(q)),
            None => Err(EvalError::of(
                ErrorKind::Class,
                format!("Unknown class in {what}: `{dotted}`"),
            )
            .at(t.span)),
        }
    }

    /// The qualified name of a class named `name` (short or qualified) as
    /// seen from the code being compiled.
    fn resolve_class(&self, name: &str) -> Option<Rc<str>> {
        let package = match &self.mode {
            Mode::Class { context, .. } => {
                // Nested classes of this and the enclosing classes.
                let mut c = Some(context.clone());
                while let Some(ctx) = c {
                    if let Some(q) = ctx.nested.get(name) {
                        return Some(q.clone());
                    }
                    c = ctx.enclosing.clone();
                }
                Some(context.package.clone())
            }
            Mode::Worksheet => None,
        };
        self.interp
            .classes()
            .resolve_class_name(name, package.as_deref())
    }

    // -- statements -----------------------------------------------------

    /// A statement sequence in the current block; `top` for the statements
    /// of an input itself (where `var` declares session variables).
    fn statements(&mut self, stmts: &[Stmt], top: bool) -> EvalResult<Node> {
        let mut nodes = Vec::with_capacity(stmts.len());
        for s in stmts {
            nodes.push(self.statement(s, top)?);
        }
        Ok(sequence(nodes, statements_span(stmts)))
    }

    /// The statements of an input, as [`Compiler::statements`] with `top`,
    /// each released once compiled.
    fn input_statements(&mut self, stmts: Vec<Stmt>) -> EvalResult<Node> {
        let span = statements_span(&stmts);
        let mut nodes = Vec::with_capacity(stmts.len());
        for s in stmts {
            let node = match s {
                Stmt::Expr(e) => self.expr_owned(e)?,
                Stmt::Assign {
                    name,
                    name_span,
                    value,
                } => {
                    let span = name_span.to(value.span);
                    let target = self.assign_target(&name, name_span)?;
                    let value = self.expr_owned(value)?;
                    node(NodeKind::Assign(target, Box::new(value)), span)
                }
                s => self.statement(&s, true)?,
            };
            nodes.push(node);
        }
        Ok(sequence(nodes, span))
    }

    /// A statement sequence in a block of its own.
    fn block(&mut self, stmts: &[Stmt]) -> EvalResult<Node> {
        self.push_block();
        let result = self.statements(stmts, false);
        self.pop_block();
        result
    }

    fn statement(&mut self, s: &Stmt, top: bool) -> EvalResult<Node> {
        match s {
            Stmt::Expr(e) => self.expr(e),
            Stmt::Assign {
                name,
                name_span,
                value,
            } => self.assign(name, *name_span, value, s.span()),
            Stmt::Var {
                name,
                name_span,
                value,
            } => {
                let at_top =
                    top && self.is_worksheet() && self.functions == 0 && self.at_input_block();
                if at_top {
                    let value = match value {
                        Some(v) => self.expr(v)?,
                        None => constant(Value::Nothing, *name_span),
                    };
                    let target = self.global_target(name, *name_span)?;
                    return Ok(node(NodeKind::Assign(target, Box::new(value)), s.span()));
                }
                let slot = self.declare(name, *name_span)?;
                let value = match value {
                    Some(v) => Some(Box::new(self.expr(v)?)),
                    None => None,
                };
                Ok(node(NodeKind::Declare(slot, value), s.span()))
            }
            Stmt::Def {
                name,
                name_span,
                function,
                span,
            } => {
                let lambda = self.lambda(function, *span)?;
                let target = self.global_target(name, *name_span)?;
                Ok(node(NodeKind::Assign(target, Box::new(lambda)), *span))
            }
        }
    }

    /// True at the outermost block of the input's frame.
    fn at_input_block(&self) -> bool {
        self.frames.len() == 1 && self.frames.first().is_some_and(|f| f.blocks.len() == 1)
    }

    fn global_target(&self, name: &str, span: Span) -> EvalResult<Target> {
        if self.interp.classes().is_class_name(name) {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!("Cannot assign to class name as variable: `{name}`"),
            )
            .at(span));
        }
        Ok(Target::Global(self.interp.global_ref(name)))
    }

    fn assign(
        &mut self,
        name: &str,
        name_span: Span,
        value: &Expr,
        span: Span,
    ) -> EvalResult<Node> {
        let target = self.assign_target(name, name_span)?;
        let value = self.expr(value)?;
        Ok(node(NodeKind::Assign(target, Box::new(value)), span))
    }

    /// Where `name := ...` stores its value.
    fn assign_target(&mut self, name: &str, name_span: Span) -> EvalResult<Target> {
        Ok(match self.lookup_local(name) {
            Some((0, slot)) => Target::Local(slot),
            Some((d, slot)) => Target::Outer(d, slot),
            None => match self.mode.clone() {
                Mode::Worksheet => self.global_target(name, name_span)?,
                Mode::Class { context, is_static } => {
                    self.member_target(&context, is_static, name, name_span)?
                }
            },
        })
    }

    fn member_target(
        &self,
        context: &Rc<ClassContext>,
        is_static: bool,
        name: &str,
        span: Span,
    ) -> EvalResult<Target> {
        let mut level = 0;
        let mut c = Some(context.clone());
        while let Some(ctx) = c {
            if !is_static && ctx.fields.contains(name) {
                return Ok(Target::Member(MemberRef::new(level, name.into())));
            }
            if ctx.static_fields.contains(name) {
                if let Some(owner) = ctx.statics.get(name) {
                    return Ok(Target::Static(StaticRef {
                        class: ClassName::new(owner.clone()),
                        name: name.into(),
                    }));
                }
            }
            level += 1;
            c = ctx.enclosing.clone();
        }
        if self.interp.classes().is_class_name(name) {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!("Cannot assign to class name as variable: `{name}`"),
            )
            .at(span));
        }
        Err(EvalError::of(
            ErrorKind::UndefinedName,
            format!("Unknown variable for assignment: `{name}`"),
        )
        .at(span))
    }

    // -- expressions ----------------------------------------------------

    /// Compiles an expression.
    pub fn expr(&mut self, e: &Expr) -> EvalResult<Node> {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.expr_inner(e))
    }

    /// A brace of a loopy specifier and every brace in it (LOOPY 1.2):
    /// nested braces are vertices of the same graph, bare names of
    /// enclosing labels (`labels`, innermost last) are back-references.
    fn loopy_node(&mut self, e: &Expr, labels: &mut Vec<String>) -> EvalResult<LoopyNode> {
        let ExprKind::Game {
            options,
            left_len,
            label,
            pass,
        } = &e.kind
        else {
            return Err(
                EvalError::of(ErrorKind::Other, "a loopy specifier must be a game").at(e.span),
            );
        };
        let (left, right) = game_sides(options, *left_len);
        let scoped = label.is_some();
        if let Some(l) = label {
            labels.push(String::clone(l));
        }
        let mut side =
            |options: &[Expr], labels: &mut Vec<String>| -> EvalResult<Vec<LoopyOption>> {
                options
                    .iter()
                    .map(|x| {
                        Ok(match &x.kind {
                            ExprKind::Game { .. } => LoopyOption::Node(stacker::maybe_grow(
                                64 * 1024,
                                2 * 1024 * 1024,
                                || self.loopy_node(x, labels),
                            )?),
                            ExprKind::Ident(name) if labels.contains(name) => {
                                LoopyOption::Label(name.clone())
                            }
                            _ => LoopyOption::Value(self.expr(x)?),
                        })
                    })
                    .collect()
            };
        let left = side(left, labels);
        let right = left.and_then(|l| Ok((l, side(right, labels)?)));
        if scoped {
            labels.pop();
        }
        let (left, right) = right?;
        Ok(LoopyNode {
            label: label.as_deref().cloned(),
            left,
            right,
            pass: *pass,
        })
    }

    /// `'{L | R}'`: an explicit game whose nested braces are explicit
    /// games too (LOOPY 1.2).
    fn explicit(&mut self, game: &Expr) -> EvalResult<Node> {
        let ExprKind::Game {
            options, left_len, ..
        } = &game.kind
        else {
            return self.expr(game);
        };
        let (left, right) = game_sides(options, *left_len);
        let mut side = |options: &[Expr]| -> EvalResult<Vec<Node>> {
            options
                .iter()
                .map(|x| match &x.kind {
                    ExprKind::Game { .. } => {
                        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.explicit(x))
                    }
                    _ => self.expr(x),
                })
                .collect()
        };
        let (l, r) = (side(left)?, side(right)?);
        Ok(node(NodeKind::Explicit(l, r), game.span))
    }

    fn exprs(&mut self, es: &[Expr]) -> EvalResult<Vec<Node>> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    /// Compiles an expression whose syntax tree is no longer needed, as
    /// [`Compiler::expr`] does, releasing the tree as it goes: each element
    /// of a list and each option of a game is dropped as soon as it is
    /// compiled, so that a large literal is never held both as a tree and
    /// as code. Other expressions are compiled by [`Compiler::expr`].
    fn expr_owned(&mut self, e: Expr) -> EvalResult<Node> {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.expr_owned_inner(e))
    }

    fn expr_owned_inner(&mut self, e: Expr) -> EvalResult<Node> {
        let Expr { kind, span } = e;
        match kind {
            ExprKind::List(items) => Ok(node(NodeKind::List(self.exprs_owned(items)?), span)),
            ExprKind::Game {
                options,
                left_len,
                label: None,
                pass: [false, false],
            } => {
                let mut options = options.into_vec().into_iter();
                let left_len = usize::try_from(left_len).unwrap_or(usize::MAX);
                let left = self.exprs_owned(options.by_ref().take(left_len))?;
                let right = self.exprs_owned(options)?;
                Ok(game_node(left, right, span))
            }
            kind => self.expr(&Expr::new(kind, span)),
        }
    }

    fn exprs_owned(&mut self, es: impl IntoIterator<Item = Expr>) -> EvalResult<Vec<Node>> {
        es.into_iter().map(|e| self.expr_owned(e)).collect()
    }

    fn expr_inner(&mut self, e: &Expr) -> EvalResult<Node> {
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Integer(n) => constant(Value::integer(n.clone()), span),
            ExprKind::Term(term) => {
                let Term { number, up, star } = &**term;
                self.term(number.as_ref(), up.as_ref(), star.as_ref(), span)?
            }
            ExprKind::Explicit(game) => self.explicit(game)?,
            ExprKind::Game {
                options,
                left_len,
                label,
                pass,
            } => {
                let (left, right) = game_sides(options, *left_len);
                if label.is_some() || pass.contains(&true) {
                    let spec = self.loopy_node(e, &mut Vec::new())?;
                    node(NodeKind::Loopy(Box::new(spec)), span)
                } else {
                    let (left, right) = (self.exprs(left)?, self.exprs(right)?);
                    game_node(left, right, span)
                }
            }
            ExprKind::List(items) => node(NodeKind::List(self.exprs(items)?), span),
            ExprKind::Set(items) => node(NodeKind::Set(self.exprs(items)?), span),
            ExprKind::Tuple(items) => node(NodeKind::Tuple(self.exprs(items)?), span),
            ExprKind::Map(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    out.push((self.expr(k)?, self.expr(v)?));
                }
                node(NodeKind::Map(out), span)
            }
            ExprKind::Comprehension(comprehension) => {
                let Comprehension { kind, body, heads } = &**comprehension;
                self.comprehension(kind, body, heads, span)?
            }
            ExprKind::Loop(lp) => self.loop_expr(&lp.heads, &lp.body, span)?,
            ExprKind::If(if_expr) => {
                let IfExpr {
                    branches,
                    otherwise,
                } = &**if_expr;
                let mut out = Vec::with_capacity(branches.len());
                for (cond, body) in branches {
                    let c = self.expr(cond)?;
                    out.push((c, self.block(body)?));
                }
                let otherwise = match otherwise {
                    Some(o) => Some(Box::new(self.block(o)?)),
                    None => None,
                };
                node(NodeKind::If(out, otherwise), span)
            }
            ExprKind::Block(stmts) => {
                let body = self.block(stmts)?;
                if matches!(body.kind, NodeKind::Seq(_)) {
                    Node { span, ..body }
                } else {
                    node(NodeKind::Seq(vec![body]), span)
                }
            }
            ExprKind::Assign(assignment) => {
                let Assignment {
                    name,
                    name_span,
                    value,
                } = &**assignment;
                self.assign(name, *name_span, value, span)?
            }
            ExprKind::Str(s) => constant(Value::str(s), span),
            ExprKind::Bool(b) => constant(Value::Bool(*b), span),
            ExprKind::Ident(name) => self.ident(name, span)?,
            ExprKind::This => match &self.mode {
                Mode::Worksheet => {
                    return Err(EvalError::of(
                        ErrorKind::UndefinedName,
                        "`this` is only valid inside a class",
                    )
                    .at(span))
                }
                Mode::Class { .. } => node(NodeKind::This, span),
            },
            ExprKind::Super(call) => {
                let SuperCall { name, args, .. } = &**call;
                let Mode::Class { context, .. } = &self.mode else {
                    return Err(EvalError::of(
                        ErrorKind::UndefinedName,
                        "`super` is only valid inside a class",
                    )
                    .at(span));
                };
                let class = ClassName::new(context.qualified.clone());
                let args = match args {
                    Some(a) => Some(self.args(a)?),
                    None => None,
                };
                node(NodeKind::Super(class, name.as_str().into(), args), span)
            }
            ExprKind::Unary {
                op: UnaryOp::PlusMinus,
                operand,
            } if matches!(operand.kind, ExprKind::Tuple(_) | ExprKind::Set(_)) => {
                let items = match &operand.kind {
                    ExprKind::Tuple(items) | ExprKind::Set(items) => self.exprs(items)?,
                    _ => Vec::new(),
                };
                node(NodeKind::Switch(items), span)
            }
            ExprKind::Unary { op, operand } => {
                let operand = self.expr(operand)?;
                match (op, &operand.kind) {
                    // `-3`: a negative number literal.
                    (UnaryOp::Neg, NodeKind::Const(Value::Number(r))) => {
                        constant(Value::Number(r.neg()), span)
                    }
                    _ => node(NodeKind::Unary(*op, Box::new(operand)), span),
                }
            }
            ExprKind::Chain(chain) => {
                let Chain { first, rest } = &**chain;
                let first = Box::new(self.expr(first)?);
                let mut ops = Vec::with_capacity(rest.len());
                for (op, e) in rest {
                    ops.push((*op, self.expr(e)?));
                }
                node(NodeKind::Chain(first, ops), span)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let l = Box::new(self.expr(lhs)?);
                match op {
                    BinOp::And => node(NodeKind::And(l, Box::new(self.expr(rhs)?)), span),
                    BinOp::Or => node(NodeKind::Or(l, Box::new(self.expr(rhs)?)), span),
                    BinOp::Div => {
                        let r = self.expr(rhs)?;
                        match (&l.kind, &r.kind) {
                            // `-3/4`: a fraction literal of integers.
                            (
                                NodeKind::Const(Value::Number(x)),
                                NodeKind::Const(Value::Number(y)),
                            ) if x.is_integer() && y.is_integer() && !y.is_zero() => {
                                match x.div(y) {
                                    Ok(q) => constant(Value::Number(q), span),
                                    Err(_) => node(NodeKind::Binary(*op, l, Box::new(r)), span),
                                }
                            }
                            _ => node(NodeKind::Binary(*op, l, Box::new(r)), span),
                        }
                    }
                    _ => node(NodeKind::Binary(*op, l, Box::new(self.expr(rhs)?)), span),
                }
            }
            ExprKind::InfixMethod(call) => {
                let InfixCall { name, lhs, rhs } = &**call;
                let recv = self.expr(lhs)?;
                let arg = self.expr(rhs)?;
                let args = ArgsIR {
                    positional: vec![arg],
                    named: Vec::new(),
                    error: None,
                };
                node(
                    NodeKind::Method(Box::new(recv), name.as_str().into(), Some(args)),
                    span,
                )
            }
            ExprKind::Range { from, to, step } => {
                let step = match step {
                    Some(s) => Some(Box::new(self.expr(s)?)),
                    None => None,
                };
                node(
                    NodeKind::Range(Box::new(self.expr(from)?), Box::new(self.expr(to)?), step),
                    span,
                )
            }
            ExprKind::Method(call) => {
                let MethodCall {
                    receiver,
                    name,
                    args,
                    ..
                } = &**call;
                self.method(receiver, name, args.as_deref(), span)?
            }
            ExprKind::Call { callee, args } => self.call(callee, args, span)?,
            ExprKind::Index { target, index } => node(
                NodeKind::Index(Box::new(self.expr(target)?), Box::new(self.expr(index)?)),
                span,
            ),
            ExprKind::Lambda(l) => self.lambda(l, span)?,
            ExprKind::Return(value) => {
                if self.functions == 0 {
                    return Err(EvalError::of(
                        ErrorKind::ControlFlow,
                        "`return` outside of a function or method",
                    )
                    .at(span));
                }
                let value = match value {
                    Some(v) => Some(Box::new(self.expr(v)?)),
                    None => None,
                };
                node(NodeKind::Return(value), span)
            }
            ExprKind::Break | ExprKind::Continue => {
                let is_break = matches!(e.kind, ExprKind::Break);
                if self.loops == 0 {
                    let word = if is_break { "break" } else { "continue" };
                    return Err(EvalError::of(
                        ErrorKind::ControlFlow,
                        format!("`{word}` outside of a loop"),
                    )
                    .at(span));
                }
                node(
                    if is_break {
                        NodeKind::Break
                    } else {
                        NodeKind::Continue
                    },
                    span,
                )
            }
            ExprKind::Error(message) => node(NodeKind::Error(Box::new(self.expr(message)?)), span),
        })
    }

    /// A lambda: a function closed over the current frame.
    fn lambda(&mut self, l: &Lambda, span: Span) -> EvalResult<Node> {
        let text: Rc<str> = crate::source::lambda_text(l).into();
        let f = self.function(&l.params, Some(&l.body), &[], text)?;
        Ok(node(NodeKind::Lambda(f), span))
    }

    /// A bare identifier.
    fn ident(&mut self, name: &str, span: Span) -> EvalResult<Node> {
        if let Some((depth, slot)) = self.lookup_local(name) {
            return Ok(node(
                if depth == 0 {
                    NodeKind::Local(slot)
                } else {
                    NodeKind::Outer(depth, slot)
                },
                span,
            ));
        }
        match self.mode.clone() {
            Mode::Worksheet => {
                if name == "Nothing" {
                    return Ok(constant(Value::Nothing, span));
                }
                if self.interp.classes().is_class_name(name) {
                    if let Some(q) = self.resolve_class(name) {
                        return Ok(node(NodeKind::Class(ClassName::new(q)), span));
                    }
                }
                Ok(node(NodeKind::Global(self.interp.global_ref(name)), span))
            }
            Mode::Class { context, is_static } => {
                if let Some(n) = self.class_member(&context, is_static, name, span) {
                    return Ok(n);
                }
                if name == "Nothing" {
                    return Ok(constant(Value::Nothing, span));
                }
                if let Some(q) = self.resolve_class(name) {
                    return Ok(node(NodeKind::Class(ClassName::new(q)), span));
                }
                match self.interp.class_constant(name) {
                    Some(v) => Ok(constant(v, span)),
                    None => Err(EvalError::undefined(name).at(span)),
                }
            }
        }
    }

    /// A member of the current object or an enclosing one, or a static
    /// field, named `name` in class code.
    fn class_member(
        &self,
        context: &Rc<ClassContext>,
        is_static: bool,
        name: &str,
        span: Span,
    ) -> Option<Node> {
        let mut level = 0;
        let mut c = Some(context.clone());
        while let Some(ctx) = c {
            if let Some(owner) = ctx.statics.get(name) {
                if ctx.static_fields.contains(name) {
                    return Some(node(
                        NodeKind::Static(StaticRef {
                            class: ClassName::new(owner.clone()),
                            name: name.into(),
                        }),
                        span,
                    ));
                }
            }
            let instance_member = ctx.members.contains(name) && !(is_static && level == 0);
            if instance_member || ctx.statics.contains_key(name) {
                return Some(node(
                    NodeKind::Member(MemberRef::new(level, name.into())),
                    span,
                ));
            }
            level += 1;
            c = ctx.enclosing.clone();
        }
        None
    }

    fn args(&mut self, args: &[Arg]) -> EvalResult<ArgsIR> {
        let mut positional = Vec::new();
        let mut named: Vec<(Rc<str>, Node)> = Vec::new();
        let mut error = None;
        for a in args {
            match a {
                Arg::Positional(e) => {
                    if let (Some((name, _)), None) = (named.first(), &error) {
                        error = Some(format!(
                            "Named parameter `{name}` appears in earlier position than an ordinary argument"
                        ));
                    }
                    positional.push(self.expr(e)?);
                }
                Arg::Keyword { name, value } => {
                    if error.is_none() && named.iter().any(|(n, _)| **n == **name) {
                        error = Some(format!("Duplicate named parameter: `{name}`"));
                    }
                    named.push((name.as_str().into(), self.expr(value)?));
                }
            }
        }
        Ok(ArgsIR {
            positional,
            named,
            error,
        })
    }

    fn method(
        &mut self,
        receiver: &Expr,
        name: &str,
        args: Option<&[Arg]>,
        span: Span,
    ) -> EvalResult<Node> {
        let recv = self.expr(receiver)?;
        // A qualified class name `a.b.C` (a package, then a class).
        if let NodeKind::Const(Value::Package(p)) = &recv.kind {
            let qualified = format!("{p}.{name}");
            if let Some(q) = self.interp.classes().resolve_class_name(&qualified, None) {
                let class = node(NodeKind::Class(ClassName::new(q)), span);
                return Ok(match args {
                    Some(a) => node(NodeKind::Call(Box::new(class), self.args(a)?), span),
                    None => class,
                });
            }
            if self.interp.classes().is_package(&qualified) && args.is_none() {
                return Ok(constant(Value::Package(qualified.into()), span));
            }
        }
        let args = match args {
            Some(a) => Some(self.args(a)?),
            None => None,
        };
        Ok(node(
            NodeKind::Method(Box::new(recv), name.into(), args),
            span,
        ))
    }

    fn call(&mut self, callee: &Expr, args: &[Arg], span: Span) -> EvalResult<Node> {
        if let (ExprKind::Ident(name), Mode::Class { context, is_static }) =
            (&callee.kind, self.mode.clone())
        {
            if self.lookup_local(name).is_none() {
                if let Some(n) = self.class_member(&context, is_static, name, callee.span) {
                    if let NodeKind::Member(m) = n.kind {
                        let args = self.args(args)?;
                        return Ok(node(NodeKind::CallMember(m, args), span));
                    }
                    let args = self.args(args)?;
                    return Ok(node(NodeKind::Call(Box::new(n), args), span));
                }
            }
        }
        let f = self.expr(callee)?;
        let args = self.args(args)?;
        Ok(node(NodeKind::Call(Box::new(f), args), span))
    }

    // -- loops ------------------------------------------------------------

    fn comprehension(
        &mut self,
        kind: &CollectionKind,
        body: &Expr,
        heads: &[LoopHead],
        span: Span,
    ) -> EvalResult<Node> {
        let mut exprs = vec![body];
        if let CollectionKind::Map(v) = kind {
            exprs.push(v);
        }
        let boxed = loop_has_lambda(heads, &exprs, &[]);
        self.with_heads(heads, boxed, span, |c| {
            Ok(match kind {
                CollectionKind::List => LoopBodyIR::List(c.expr(body)?),
                CollectionKind::Set => LoopBodyIR::Set(c.expr(body)?),
                CollectionKind::Map(v) => LoopBodyIR::Map(c.expr(body)?, c.expr(v)?),
            })
        })
    }

    fn loop_expr(&mut self, heads: &[LoopHead], body: &LoopBody, span: Span) -> EvalResult<Node> {
        let stmts: Vec<&[Stmt]> = match body {
            LoopBody::Do(s) => vec![s.as_slice()],
            LoopBody::Yield(sections) => sections.iter().map(Vec::as_slice).collect(),
        };
        let boxed = loop_has_lambda(heads, &[], &stmts);
        self.with_heads(heads, boxed, span, |c| {
            c.loops += 1;
            let result = (|| {
                Ok(match body {
                    LoopBody::Do(s) => LoopBodyIR::Do(c.block(s)?),
                    LoopBody::Yield(sections) => LoopBodyIR::Yield(
                        sections
                            .iter()
                            .map(|s| c.block(s))
                            .collect::<EvalResult<_>>()?,
                    ),
                })
            })();
            c.loops -= 1;
            result
        })
    }

    /// Compiles the heads of a loop, each in a scope of its own (a fresh
    /// frame when `boxed`), then the body inside the innermost.
    fn with_heads(
        &mut self,
        heads: &[LoopHead],
        boxed: bool,
        span: Span,
        body: impl FnOnce(&mut Compiler<'a>) -> EvalResult<LoopBodyIR>,
    ) -> EvalResult<Node> {
        let mut compiled = Vec::with_capacity(heads.len());
        let mut opened = 0;
        let result = (|| {
            for head in heads {
                let (var, var_span, source, while_, where_) = match head {
                    LoopHead::For {
                        var,
                        var_span,
                        source,
                        while_,
                        where_,
                    } => (
                        Some(var),
                        *var_span,
                        Some(source),
                        while_.as_ref(),
                        where_.as_ref(),
                    ),
                    LoopHead::While { cond, where_ } => {
                        (None, cond.span, None, Some(cond), where_.as_ref())
                    }
                };
                let source = match source {
                    Some(ForSource::Range { from, to, by }) => HeadSource::Range {
                        from: self.expr(from)?,
                        to: match to {
                            Some(t) => Some(self.expr(t)?),
                            None => None,
                        },
                        by: match by {
                            Some(b) => Some(self.expr(b)?),
                            None => None,
                        },
                    },
                    Some(ForSource::In(e)) => HeadSource::In(self.expr(e)?),
                    Some(ForSource::Assign(e)) => HeadSource::Assign(self.expr(e)?),
                    None => HeadSource::While,
                };
                if boxed {
                    self.frames.push(FrameScope::new());
                } else {
                    self.push_block();
                }
                opened += 1;
                let var = match var {
                    Some(v) => Some(self.declare(v, var_span)?),
                    None => None,
                };
                let while_ = match while_ {
                    Some(w) => Some(self.expr(w)?),
                    None => None,
                };
                let where_ = match where_ {
                    Some(w) => Some(self.expr(w)?),
                    None => None,
                };
                compiled.push(HeadIR {
                    var,
                    source,
                    while_,
                    where_,
                    frame: None,
                    span: var_span,
                });
            }
            body(self)
        })();
        // Close the scopes, innermost first, recording each boxed head's
        // frame size.
        let mut sizes = Vec::with_capacity(opened);
        for _ in 0..opened {
            if boxed {
                sizes.push(self.frames.pop().map(|f| f.size));
            } else {
                self.pop_block();
                sizes.push(None);
            }
        }
        sizes.reverse();
        for (head, size) in compiled.iter_mut().zip(sizes) {
            head.frame = size;
        }
        let body = result?;
        Ok(node(
            NodeKind::Loop(Box::new(LoopIR {
                heads: compiled,
                body,
            })),
            span,
        ))
    }

    // -- terms --------------------------------------------------------------

    fn term(
        &mut self,
        number: Option<&TermNumber>,
        up: Option<&UpPart>,
        star: Option<&StarPart>,
        span: Span,
    ) -> EvalResult<Node> {
        let fixed_up = match up {
            Some(UpPart::Multiple { .. }) | None => None,
            Some(other) => Some(other),
        };
        let fixed_star = match star {
            Some(StarPart::Nimber(n)) => Some(n),
            _ => None,
        };
        // A nimber literal beyond the short nimbers: `*15859799850586216051`
        // is the transfinite nimber of that integer (SURREAL 7.1).
        if let (None, None, Some(n)) = (number, up, fixed_star) {
            if let Ok(crate::interp::ops::Star::Transfinite(t)) =
                crate::interp::ops::star_of_integer(Integer::from(n.clone()))
            {
                return Ok(constant(Value::Transfinite(Rc::new(t)), span));
            }
        }
        let base = match constant_term(number, fixed_up, fixed_star) {
            Ok(g) => g,
            Err(e) => return Ok(node(NodeKind::Raise(Box::new(e.at(span))), span)),
        };
        let ups = match up {
            Some(UpPart::Multiple { positive, count }) => Some((self.expr(count)?, *positive)),
            _ => None,
        };
        let star = match star {
            Some(StarPart::Expr(e)) => Some(self.expr(e)?),
            _ => None,
        };
        if ups.is_none() && star.is_none() {
            return Ok(constant(Value::game(base), span));
        }
        Ok(node(
            NodeKind::Term(Box::new(TermIR { base, ups, star })),
            span,
        ))
    }
}

/// The value of the fixed parts of a term.
fn constant_term(
    number: Option<&TermNumber>,
    up: Option<&UpPart>,
    star: Option<&BigInt>,
) -> EvalResult<Game> {
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
            EvalError::of(
                ErrorKind::Domain,
                format!("{r} is not a dyadic rational, so it is not a short game"),
            )
        })?;
        g = Game::number(d);
    }
    if let Some(up) = up {
        g = g + crate::interp::ops::up_part(up)?;
    }
    if let Some(n) = star {
        g = g + crate::interp::ops::nimber(&Integer::from(n))?;
    }
    Ok(g)
}
