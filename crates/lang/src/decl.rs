//! The syntax of class files (SCRIPTING.md section 4): class and enum
//! declarations and their members, and what a `.cgs` file holds.

use crate::ast::{Expr, Param, Program, Span, Stmt, TypeName};

/// A modifier on a class or a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// `override`: the method replaces an inherited one.
    Override,
    /// `static`: belongs to the class, not to instances.
    Static,
    /// `external`: implemented natively (library classes only).
    External,
    /// `private`: accepted, not enforced.
    Private,
    /// `mutable`: fields may be reassigned.
    Mutable,
    /// `singleton`: the class has one instance.
    Singleton,
    /// `system`: a library class.
    System,
}

impl Modifier {
    /// The modifier as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Modifier::Override => "override",
            Modifier::Static => "static",
            Modifier::External => "external",
            Modifier::Private => "private",
            Modifier::Mutable => "mutable",
            Modifier::Singleton => "singleton",
            Modifier::System => "system",
        }
    }
}

/// Modifiers as written, with their spans.
pub type Modifiers = Vec<(Modifier, Span)>;

/// Whether a modifier list holds `m`.
pub fn has(modifiers: &Modifiers, m: Modifier) -> bool {
    modifiers.iter().any(|(x, _)| *x == m)
}

/// `class` or `enum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassKind {
    /// `class NAME ... end`
    Class,
    /// `enum NAME A, B, C; ... end`
    Enum,
}

/// A class or enum declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDecl {
    /// `singleton`, `mutable`, `system`...
    pub modifiers: Modifiers,
    /// Class or enum.
    pub kind: ClassKind,
    /// The class's short name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// Constructor parameters: `None` when the class has no constructor.
    pub params: Option<Vec<Param>>,
    /// The parent classes.
    pub extends: Vec<TypeName>,
    /// The elements of an enum.
    pub elements: Vec<(String, Span)>,
    /// The members, in declaration order.
    pub members: Vec<Member>,
    /// The whole declaration.
    pub span: Span,
}

/// A method declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodDecl {
    /// `override`, `static`...
    pub modifiers: Modifiers,
    /// The method name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// Parameters; `None` for an auto-invoked method (`def Name := ...`).
    pub params: Option<Vec<Param>>,
    /// The declared result type (documentation only).
    pub result: Option<TypeName>,
    /// The body; `None` for `external` methods.
    pub body: Option<Expr>,
    /// The whole declaration.
    pub span: Span,
}

/// One field in a `var` declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    /// The field name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
    /// Its initialiser.
    pub value: Option<Expr>,
}

/// A member of a class body.
#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    /// `def ...`
    Method(MethodDecl),
    /// `[mods] var a := E, b, c := E2;`
    Vars {
        /// `static`, `mutable`...
        modifiers: Modifiers,
        /// The fields.
        fields: Vec<FieldDecl>,
    },
    /// A nested class.
    Class(ClassDecl),
    /// `static STATEMENTS end`: run once when the class loads.
    Static(Vec<Stmt>),
    /// Any other statement: run at construction.
    Init(Stmt),
}

/// What a `.cgs` file holds.
#[derive(Clone, Debug, PartialEq)]
pub enum SourceUnit {
    /// One top-level class or enum.
    Class(ClassDecl),
    /// A script: a plain statement sequence.
    Script(Program),
}
