//! Class files (SCRIPTING 4.1-4.2): `import` lines, then one class or enum
//! declaration, or else a script.

use super::statements::Level;
use super::tree::{into_stmts, Tree};
use super::{ParseError, Parser};
use crate::ast::{Program, Span};
use crate::decl::{
    ClassDecl, ClassKind, FieldDecl, Member, MethodDecl, Modifier, Modifiers, SourceUnit,
};
use crate::lexer::{Keyword, TokenKind};

/// The modifier a keyword spells, if any.
fn modifier(keyword: Keyword) -> Option<Modifier> {
    Some(match keyword {
        Keyword::Override => Modifier::Override,
        Keyword::Static => Modifier::Static,
        Keyword::External => Modifier::External,
        Keyword::Private => Modifier::Private,
        Keyword::Mutable => Modifier::Mutable,
        Keyword::Singleton => Modifier::Singleton,
        Keyword::System => Modifier::System,
        _ => return None,
    })
}

impl Parser<'_> {
    pub(super) fn unit(&mut self) -> Result<SourceUnit, ParseError> {
        while self.at_keyword(Keyword::Import) {
            self.import()?;
        }
        if self.class_ahead() {
            let class = self.class_decl()?;
            while self.eat(&TokenKind::Semicolon).is_some() {}
            if !self.at(&TokenKind::Eof) {
                return Err(self.expected("end of file after the class declaration"));
            }
            return Ok(SourceUnit::Class(class));
        }
        let (statements, trailing_semicolon) = self.statements(Level::Top, &[])?;
        if !self.at(&TokenKind::Eof) {
            return Err(self.expected("an operator, `;` or end of file"));
        }
        Ok(SourceUnit::Script(Program {
            statements: into_stmts(statements),
            trailing_semicolon,
        }))
    }

    /// `import a.b.C;` or `import a.b.*;` (accepted and ignored, as in
    /// CGSuite: names must still be qualified).
    fn import(&mut self) -> Result<(), ParseError> {
        self.bump();
        self.take_ident("a package or class name after `import`")?;
        while self.eat(&TokenKind::Dot).is_some() {
            if self.eat(&TokenKind::Star).is_some() {
                break;
            }
            self.take_ident("a package or class name")?;
        }
        self.expect(&TokenKind::Semicolon, "`;` after the import")?;
        Ok(())
    }

    /// Whether modifiers then `class` or `enum` come next.
    fn class_ahead(&self) -> bool {
        let mut index = self.pos;
        while let TokenKind::Keyword(k) = self.kind(index) {
            if matches!(k, Keyword::Class | Keyword::Enum) {
                return true;
            }
            if modifier(k).is_none() {
                return false;
            }
            index += 1;
        }
        false
    }

    /// Modifier keywords at the current token.
    fn modifiers(&mut self) -> Modifiers {
        let mut out = Vec::new();
        while let TokenKind::Keyword(k) = self.peek().kind {
            // `static` followed by statements is a static initialiser block.
            if k == Keyword::Static && !self.static_is_modifier() {
                break;
            }
            let Some(m) = modifier(k) else { break };
            out.push((m, self.bump()));
        }
        out
    }

    /// Whether the `static` at the current token is a modifier (followed by
    /// `def`, `var`, `class` or another modifier).
    fn static_is_modifier(&self) -> bool {
        match self.kind(self.pos + 1) {
            TokenKind::Keyword(k) => {
                matches!(
                    k,
                    Keyword::Def | Keyword::Var | Keyword::Class | Keyword::Enum
                ) || modifier(k).is_some()
            }
            _ => false,
        }
    }

    /// A class or enum declaration, from its modifiers to its `end`.
    fn class_decl(&mut self) -> Result<ClassDecl, ParseError> {
        let modifiers = self.modifiers();
        let start = modifiers.first().map_or(self.peek().span, |(_, s)| *s);
        self.class_decl_after(modifiers, start)
    }

    fn class_decl_after(
        &mut self,
        modifiers: Modifiers,
        start: Span,
    ) -> Result<ClassDecl, ParseError> {
        let kind = if self.eat_keyword(Keyword::Enum).is_some() {
            ClassKind::Enum
        } else {
            self.expect_keyword(Keyword::Class, "`class` or `enum`")?;
            ClassKind::Class
        };
        let (name, name_span) = self.take_ident("the class name")?;
        let params = if kind == ClassKind::Class && self.at(&TokenKind::LParen) {
            self.bump();
            let (params, _) = self.params(&TokenKind::RParen)?;
            self.expect(&TokenKind::RParen, "`,` or `)` after a parameter")?;
            Some(params)
        } else {
            None
        };
        let mut extends = Vec::new();
        if self.eat_keyword(Keyword::Extends).is_some() {
            loop {
                extends.push(self.type_name()?);
                if self.eat(&TokenKind::Comma).is_none() {
                    break;
                }
            }
        }
        let mut elements = Vec::new();
        if kind == ClassKind::Enum {
            while self.at(&TokenKind::Ident) {
                elements.push(self.take_ident("an enum element")?);
                if self.eat(&TokenKind::Comma).is_none() {
                    break;
                }
            }
            self.eat(&TokenKind::Semicolon);
        }
        let outer = std::mem::replace(&mut self.in_class, true);
        let members = self.nested(Parser::members);
        self.in_class = outer;
        let members = members?;
        let end = self.expect_keyword(Keyword::End, "a member declaration or `end`")?;
        Ok(ClassDecl {
            modifiers,
            kind,
            name,
            name_span,
            params,
            extends,
            elements,
            members,
            span: start.to(end),
        })
    }

    /// The members of a class body, up to its `end`.
    fn members(&mut self) -> Result<Vec<Member>, ParseError> {
        let mut members = Vec::new();
        loop {
            if self.eat(&TokenKind::Semicolon).is_some() {
                continue;
            }
            if self.at_keyword(Keyword::End) || self.at(&TokenKind::Eof) {
                return Ok(members);
            }
            let start = self.peek().span;
            let modifiers = self.modifiers();
            match self.peek().kind {
                TokenKind::Keyword(Keyword::Def) => {
                    members.push(Member::Method(self.method_decl(modifiers)?))
                }
                TokenKind::Keyword(Keyword::Var) => members.push(self.vars_decl(modifiers)?),
                TokenKind::Keyword(Keyword::Class | Keyword::Enum) => {
                    let start = modifiers.first().map_or(start, |(_, s)| *s);
                    members.push(Member::Class(self.class_decl_after(modifiers, start)?));
                }
                TokenKind::Keyword(Keyword::Static) if modifiers.is_empty() => {
                    self.bump();
                    let (body, _) = self.nested(|p| p.statements(Level::Block, &[Keyword::End]))?;
                    self.expect_keyword(Keyword::End, "`end` to close the static block")?;
                    members.push(Member::Static(into_stmts(body)));
                }
                _ if !modifiers.is_empty() => {
                    return Err(self.expected("`def`, `var` or `class` after the modifiers"))
                }
                _ => {
                    let (mut body, _) = self.nested(|p| {
                        p.statements(
                            Level::Block,
                            &[
                                Keyword::End,
                                Keyword::Def,
                                Keyword::Var,
                                Keyword::Class,
                                Keyword::Static,
                                Keyword::Override,
                                Keyword::External,
                                Keyword::Private,
                                Keyword::Mutable,
                                Keyword::Enum,
                            ],
                        )
                    })?;
                    members.extend(body.drain(..).map(|s| Member::Init(s.into_stmt())));
                }
            }
        }
    }

    /// `def NAME [(PARAMS)] [as TYPE] (:= EXPR; | begin ... end | ;)`.
    fn method_decl(&mut self, modifiers: Modifiers) -> Result<MethodDecl, ParseError> {
        let start = modifiers.first().map_or(self.peek().span, |(_, s)| *s);
        self.bump();
        let (name, name_span) = self.take_ident("a method name after `def`")?;
        let params = if self.at(&TokenKind::LParen) {
            self.bump();
            let (params, _) = self.params(&TokenKind::RParen)?;
            self.expect(&TokenKind::RParen, "`,` or `)` after a parameter")?;
            Some(params)
        } else {
            None
        };
        let result = match self.eat_keyword(Keyword::As) {
            Some(_) => Some(self.type_name()?),
            None => None,
        };
        let body = if self.at(&TokenKind::Semicolon) {
            None
        } else {
            Some(self.method_body()?.into_expr())
        };
        self.eat(&TokenKind::Semicolon);
        let span = start.to(self.previous_span());
        Ok(MethodDecl {
            modifiers,
            name,
            name_span,
            params,
            result,
            body,
            span,
        })
    }

    /// `var a := E, b, c := E2;` in a class body.
    fn vars_decl(&mut self, modifiers: Modifiers) -> Result<Member, ParseError> {
        self.bump();
        let mut fields = Vec::new();
        loop {
            let (name, span) = self.take_ident("a field name")?;
            self.check_binding_name(&name, span)?;
            let value = match self.eat(&TokenKind::ColonEq) {
                Some(_) => Some(self.parse_expr().map(Tree::into_expr)?),
                None => None,
            };
            fields.push(FieldDecl { name, span, value });
            if self.eat(&TokenKind::Comma).is_none() {
                break;
            }
        }
        if !self.at_keyword(Keyword::End) {
            self.expect(&TokenKind::Semicolon, "`,` or `;` after the fields")?;
        }
        Ok(Member::Vars { modifiers, fields })
    }
}
