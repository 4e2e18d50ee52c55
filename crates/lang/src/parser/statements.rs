//! Statements and control expressions (SCRIPTING 2): statement sequences,
//! `var`, `def`, `if`, `begin ... end` and loops.

use super::tree::{boxed, into_stmts, stmts_height, StmtTree, Tree};
use super::{ParseError, Parser};
use crate::ast::{
    Expr, ExprKind, ForSource, IfExpr, Lambda, LoopBody, LoopExpr, LoopHead, Program, Stmt,
};
use crate::lexer::{Keyword, TokenKind};

/// Where a statement sequence sits: the top level of an input (where `def`
/// is allowed) or inside a block.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Level {
    Top,
    Block,
}

impl Parser<'_> {
    pub(super) fn program(&mut self) -> Result<Program, ParseError> {
        let (statements, trailing_semicolon) = self.statements(Level::Top, &[])?;
        if !self.at(&TokenKind::Eof) {
            return Err(self.expected("an operator, `;` or end of input"));
        }
        Ok(Program {
            statements: into_stmts(statements),
            trailing_semicolon,
        })
    }

    /// A statement sequence, up to (not including) one of `terminators` or
    /// the end of the input. Statements are separated by `;`; after a
    /// control expression ending in `end` the next statement may follow
    /// directly (SCRIPTING 1.6). Returns the statements and whether the
    /// sequence ended with `;`.
    pub(super) fn statements(
        &mut self,
        level: Level,
        terminators: &[Keyword],
    ) -> Result<(Vec<StmtTree>, bool), ParseError> {
        let mut statements = Vec::new();
        let mut trailing_semicolon = false;
        loop {
            if self.eat(&TokenKind::Semicolon).is_some() {
                trailing_semicolon = true;
                continue;
            }
            if self.at(&TokenKind::Eof) || self.at_terminator(terminators) {
                break;
            }
            let after_end = !statements.is_empty()
                && !trailing_semicolon
                && self.previous_kind() == Some(TokenKind::Keyword(Keyword::End));
            if !statements.is_empty() && !trailing_semicolon && !after_end {
                return Err(self.statement_end_expected(terminators));
            }
            statements.push(self.statement(level)?);
            trailing_semicolon = false;
            match self.peek().kind {
                TokenKind::Semicolon | TokenKind::Eof => {}
                TokenKind::ColonEq => {
                    return Err(ParseError::new(
                        "only a name can be assigned with `:=`",
                        self.peek().span,
                    ))
                }
                _ if self.at_terminator(terminators) => {}
                _ if self.previous_kind() == Some(TokenKind::Keyword(Keyword::End)) => {}
                _ => return Err(self.statement_end_expected(terminators)),
            }
        }
        Ok((statements, trailing_semicolon))
    }

    fn at_terminator(&self, terminators: &[Keyword]) -> bool {
        matches!(self.peek().kind, TokenKind::Keyword(k) if terminators.contains(&k))
    }

    fn statement_end_expected(&self, terminators: &[Keyword]) -> ParseError {
        if terminators.is_empty() {
            return self.expected("an operator, `;` or end of input");
        }
        let words: Vec<String> = terminators
            .iter()
            .map(|k| format!("`{}`", k.as_str()))
            .collect();
        self.expected(&format!("an operator, `;` or {}", words.join(", ")))
    }

    /// One statement: `var`, `def` (top level only), `name := e` or an
    /// expression.
    fn statement(&mut self, level: Level) -> Result<StmtTree, ParseError> {
        match self.peek().kind {
            TokenKind::Keyword(Keyword::Var) => self.var_statement(),
            TokenKind::Keyword(Keyword::Def) if level == Level::Top => self.def_statement(),
            TokenKind::Keyword(Keyword::Def) => Err(ParseError::new(
                "`def` is only allowed at the top level of an input or in a class body; \
                 write `var f := (x) -> ...` inside a block",
                self.peek().span,
            )),
            TokenKind::Keyword(
                Keyword::Class | Keyword::Enum | Keyword::Singleton | Keyword::Mutable,
            ) => Err(ParseError::new(
                "a class can only be declared in a .cgs file of the library path",
                self.peek().span,
            )),
            TokenKind::Ident if self.kind(self.pos + 1) == TokenKind::ColonEq => {
                let (name, name_span) = self.take_ident("a name")?;
                self.check_binding_name(&name, name_span)?;
                self.bump();
                let value = self.parse_expr()?;
                let height = value.height + 1;
                Ok(StmtTree::new(
                    Stmt::Assign {
                        name,
                        name_span,
                        value: value.into_expr(),
                    },
                    height,
                ))
            }
            _ => {
                let value = self.parse_expr()?;
                let height = value.height + 1;
                Ok(StmtTree::new(Stmt::Expr(value.into_expr()), height))
            }
        }
    }

    /// `var name` or `var name := e`.
    fn var_statement(&mut self) -> Result<StmtTree, ParseError> {
        self.bump();
        let (name, name_span) = self.take_ident("a variable name after `var`")?;
        self.check_binding_name(&name, name_span)?;
        let value = match self.eat(&TokenKind::ColonEq) {
            Some(_) => Some(self.parse_expr()?),
            None => None,
        };
        if self.at(&TokenKind::Comma) {
            return Err(ParseError::new(
                "`var` declares one variable at a time outside a class body",
                self.peek().span,
            ));
        }
        let height = value.as_ref().map_or(0, |v| v.height) + 1;
        Ok(StmtTree::new(
            Stmt::Var {
                name,
                name_span,
                value: value.map(Tree::into_expr),
            },
            height,
        ))
    }

    /// `def name(params) := e` or `def name(params) begin ... end`.
    fn def_statement(&mut self) -> Result<StmtTree, ParseError> {
        let start = self.bump();
        let (name, name_span) = self.take_ident("a function name after `def`")?;
        self.check_binding_name(&name, name_span)?;
        self.expect(&TokenKind::LParen, "`(` and the parameters of the function")?;
        let (params, params_height) = self.params(&TokenKind::RParen)?;
        self.expect(&TokenKind::RParen, "`,` or `)` after a parameter")?;
        let body = self.method_body()?;
        let height = body.height.max(params_height) + 1;
        let span = start.to(body.span());
        Ok(StmtTree::new(
            Stmt::Def {
                name,
                name_span,
                function: Lambda {
                    params,
                    body: boxed(body),
                    parenthesised: true,
                },
                span,
            },
            height,
        ))
    }

    /// `:= e` or `begin ... end`: the body of a `def`.
    pub(super) fn method_body(&mut self) -> Result<Tree, ParseError> {
        if self.eat(&TokenKind::ColonEq).is_some() {
            return self.parse_expr();
        }
        if self.at_keyword(Keyword::Begin) {
            return self.block_expr();
        }
        Err(self.expected("`:=` or `begin` and the body"))
    }

    /// `begin STATEMENTS end`.
    pub(super) fn block_expr(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        let body = self.nested(|p| p.block_body(&[Keyword::End]))?;
        let end = self.expect_keyword(Keyword::End, "`end` to close `begin`")?;
        self.node(stmts_height(&body), || {
            Expr::new(ExprKind::Block(into_stmts(body)), start.to(end))
        })
    }

    /// A statement sequence inside a block.
    fn block_body(&mut self, terminators: &[Keyword]) -> Result<Vec<StmtTree>, ParseError> {
        Ok(self.statements(Level::Block, terminators)?.0)
    }

    /// `if C then S (elseif C then S)* [else S] end`.
    pub(super) fn if_expr(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        let mut branches: Vec<(Tree, Vec<StmtTree>)> = Vec::new();
        let mut otherwise = None;
        const BRANCH_END: &[Keyword] = &[Keyword::Elseif, Keyword::Else, Keyword::End];
        loop {
            let cond = self.parse_expr()?;
            self.expect_keyword(Keyword::Then, "`then` after the condition")?;
            let body = self.nested(|p| p.block_body(BRANCH_END))?;
            branches.push((cond, body));
            if self.eat_keyword(Keyword::Elseif).is_some() {
                continue;
            }
            if self.eat_keyword(Keyword::Else).is_some() {
                otherwise = Some(self.nested(|p| p.block_body(&[Keyword::End]))?);
            }
            break;
        }
        let end = self.expect_keyword(Keyword::End, "`elseif`, `else` or `end` to close `if`")?;
        let height = branches
            .iter()
            .map(|(c, b)| c.height.max(stmts_height(b)))
            .chain(otherwise.as_deref().map(stmts_height))
            .max()
            .unwrap_or(0);
        self.node(height, || {
            Expr::new(
                ExprKind::If(Box::new(IfExpr {
                    branches: branches
                        .into_iter()
                        .map(|(c, b)| (c.into_expr(), into_stmts(b)))
                        .collect(),
                    otherwise: otherwise.map(into_stmts),
                })),
                start.to(end),
            )
        })
    }

    /// A loop: heads, then `do S end` or `yield S1 yield S2 ... end`.
    pub(super) fn loop_expr(&mut self) -> Result<Tree, ParseError> {
        let start = self.peek().span;
        let (heads, heads_height) = self.loop_heads()?;
        let (body, body_height) = if self.eat_keyword(Keyword::Do).is_some() {
            let body = self.nested(|p| p.block_body(&[Keyword::End]))?;
            let height = stmts_height(&body);
            (LoopBody::Do(into_stmts(body)), height)
        } else if self.at_keyword(Keyword::Yield) {
            let mut sections = Vec::new();
            let mut height = 0;
            while self.eat_keyword(Keyword::Yield).is_some() {
                let section = self.nested(|p| p.block_body(&[Keyword::Yield, Keyword::End]))?;
                height = height.max(stmts_height(&section));
                sections.push(into_stmts(section));
            }
            (LoopBody::Yield(sections), height)
        } else {
            return Err(self.expected("`for`, `while`, `where`, `do` or `yield`"));
        };
        let end = self.expect_keyword(Keyword::End, "`end` to close the loop")?;
        self.node(heads_height.max(body_height), || {
            Expr::new(
                ExprKind::Loop(Box::new(LoopExpr { heads, body })),
                start.to(end),
            )
        })
    }

    /// One or more loop heads (SCRIPTING 2.5): `for` heads, or a single
    /// leading `while` head. Returns the heads and the height of their
    /// expressions.
    pub(super) fn loop_heads(&mut self) -> Result<(Vec<LoopHead>, usize), ParseError> {
        let mut heads = Vec::new();
        let mut height = 0;
        if self.at_keyword(Keyword::While) {
            self.bump();
            let cond = self.parse_expr()?;
            let where_ = self.optional_clause(Keyword::Where)?;
            height = cond.height.max(where_.as_ref().map_or(0, |w| w.height));
            heads.push(LoopHead::While {
                cond: cond.into_expr(),
                where_: where_.map(Tree::into_expr),
            });
        }
        while self.eat_keyword(Keyword::For).is_some() {
            let (head, head_height) = self.for_head()?;
            height = height.max(head_height);
            heads.push(head);
        }
        if heads.is_empty() {
            return Err(self.expected("`for` or `while`"));
        }
        Ok((heads, height))
    }

    /// `x from A [to B] [by C]`, `x in E` or `x := E`, then `[while W]
    /// [where P]`, after `for`.
    fn for_head(&mut self) -> Result<(LoopHead, usize), ParseError> {
        let (var, var_span) = self.take_ident("a loop variable after `for`")?;
        self.check_binding_name(&var, var_span)?;
        let (source, mut height) = if self.eat_keyword(Keyword::In).is_some() {
            let e = self.parse_expr()?;
            let h = e.height;
            (ForSource::In(e.into_expr()), h)
        } else if self.eat(&TokenKind::ColonEq).is_some() {
            let e = self.parse_expr()?;
            let h = e.height;
            (ForSource::Assign(e.into_expr()), h)
        } else if self.eat_keyword(Keyword::From).is_some() {
            let from = self.parse_expr()?;
            let to = self.optional_clause(Keyword::To)?;
            let by = self.optional_clause(Keyword::By)?;
            let h = [Some(&from), to.as_ref(), by.as_ref()]
                .into_iter()
                .flatten()
                .map(|t| t.height)
                .max()
                .unwrap_or(0);
            (
                ForSource::Range {
                    from: from.into_expr(),
                    to: to.map(Tree::into_expr),
                    by: by.map(Tree::into_expr),
                },
                h,
            )
        } else {
            return Err(self.expected("`from` or `in` (or `:=`) after the loop variable"));
        };
        let while_ = self.optional_clause(Keyword::While)?;
        let where_ = self.optional_clause(Keyword::Where)?;
        for clause in [&while_, &where_].into_iter().flatten() {
            height = height.max(clause.height);
        }
        Ok((
            LoopHead::For {
                var,
                var_span,
                source,
                while_: while_.map(Tree::into_expr),
                where_: where_.map(Tree::into_expr),
            },
            height,
        ))
    }

    /// `KEYWORD expr`, if the keyword is next.
    fn optional_clause(&mut self, keyword: Keyword) -> Result<Option<Tree>, ParseError> {
        match self.eat_keyword(keyword) {
            Some(_) => Ok(Some(self.parse_expr()?)),
            None => Ok(None),
        }
    }
}
