//! Building classes from their declarations (SCRIPTING 4.2-4.12): the
//! declaration rules with CGSuite's messages, the field layout by name over
//! the ancestry, the member tables with override and overload checks,
//! nested classes, and the compilation of every method body (so that an
//! undefined name fails the class when it loads, even in a method never
//! called).

use super::builtin::{self, Builtin};
use super::table::Entity;
use super::{
    Class, ClassFlags, ClassParts, ClassRef, FieldInfo, Instance, Members, Method, ParamSig, Script,
};
use crate::ast::{Expr, Param, Span, Stmt, TypeName};
use crate::compile::ir::{FunctionIR, Node, NodeKind};
use crate::compile::{ClassContext, Compiler};
use crate::decl::{has, ClassDecl, ClassKind, Member, MethodDecl, Modifier, SourceUnit};
use crate::error::{ErrorKind, EvalError, EvalResult, Source};
use crate::interp::{Interp, NativeFn};
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use std::sync::Arc;

fn class_error(message: String) -> EvalError {
    EvalError::of(ErrorKind::Class, message)
}

/// A function whose body is native code.
pub fn native_function(
    f: NativeFn,
    params: Vec<crate::compile::ir::ParamIR>,
    frame_size: u32,
    text: &str,
) -> Rc<FunctionIR> {
    Rc::new(FunctionIR {
        params,
        frame_size,
        body: Node::new(NodeKind::Native(f), Span::default()),
        text: text.into(),
        source: None,
    })
}

/// An auto-invoked native method.
fn native_method(owner: &str, name: &str, f: NativeFn) -> Rc<Method> {
    Rc::new(Method {
        name: name.into(),
        owner: owner.into(),
        params: None,
        is_static: false,
        body: native_function(f, Vec::new(), 0, name),
    })
}

/// A built-in class: its qualified name and parents from the table of
/// built-in classes; `Object` and `Enum` carry the members every object
/// (resp. enum element) answers, so that user classes inherit and may
/// override them.
pub fn native_class(interp: &Interp, b: Builtin, parents: Vec<ClassRef>) -> EvalResult<ClassRef> {
    let def = builtin::def(b);
    let short: Rc<str> = builtin::short(def.qualified).into();
    let package = def.qualified.rsplit_once('.').map_or("", |(p, _)| p);
    let mut members: FxHashMap<Rc<str>, Members> = FxHashMap::default();
    for parent in &parents {
        merge_inherited(&mut members, parent);
    }
    let own: &[(&str, NativeFn)] = match b {
        Builtin::Object => crate::methods::OBJECT_MEMBERS,
        Builtin::Enum => crate::methods::ENUM_MEMBERS,
        _ => &[],
    };
    for (name, f) in own {
        members.insert(
            (*name).into(),
            Members {
                auto: Some(native_method(def.qualified, name, *f)),
                overloads: Vec::new(),
                nested: None,
            },
        );
    }
    let _ = interp;
    Ok(Class::new(ClassParts {
        name: short.clone(),
        display: short,
        qualified: def.qualified.into(),
        package: package.into(),
        native: Some(b),
        parents,
        flags: ClassFlags::default(),
        constructor: None,
        fields: Vec::new(),
        members,
        statics: Vec::new(),
        initializer: None,
        enclosing_class: None,
        source: None,
    }))
}

/// Adds a parent's members to an inherited member table (without the
/// checks: those come when the class's own members are known).
fn merge_inherited(members: &mut FxHashMap<Rc<str>, Members>, parent: &ClassRef) {
    for (name, m) in &parent.members {
        let entry = members.entry(name.clone()).or_default();
        if entry.nested.is_none() {
            entry.nested.clone_from(&m.nested);
        }
        if let Some(a) = &m.auto {
            if !a.is_static && entry.auto.is_none() {
                entry.auto = Some(a.clone());
            }
        }
        for o in m.overloads.iter().filter(|o| !o.is_static) {
            if !entry
                .overloads
                .iter()
                .any(|e| e.param_types() == o.param_types())
            {
                entry.overloads.push(o.clone());
            }
        }
    }
}

/// Loads a `.cgs` file: a class (with its nested classes) or a script.
pub fn load_source(interp: &Interp, qualified: &str, source: &Arc<Source>) -> EvalResult<Entity> {
    let unit = crate::parser::parse_unit(&source.text).map_err(|e| {
        EvalError::of(ErrorKind::Syntax, e.message)
            .at(e.span)
            .in_source(&Some(source.clone()))
    })?;
    let decl = match unit {
        SourceUnit::Script(_) => {
            return Ok(Entity::Script(Rc::new(Script {
                qualified: qualified.into(),
                source: source.clone(),
            })))
        }
        SourceUnit::Class(decl) => decl,
    };
    let expected = builtin::short(qualified);
    if decl.name != expected {
        return Err(class_error(format!(
            "Class name does not match filename: `{}` (was expecting `{expected}`)",
            decl.name
        ))
        .at(decl.name_span)
        .in_source(&Some(source.clone())));
    }
    let package = qualified.rsplit_once('.').map_or("", |(p, _)| p);
    let builder = Builder {
        interp,
        source: source.clone(),
        package: package.into(),
    };
    let class = builder
        .build(
            &decl,
            qualified.into(),
            decl.name.as_str().into(),
            None,
            None,
        )
        .map_err(|e| e.in_source(&Some(source.clone())))?;
    Ok(Entity::Class(class))
}

/// A method's signature: name, auto-invoked or not, parameter types.
type Signature = (Rc<str>, bool, Vec<Rc<str>>);

/// Builds the classes of one file.
struct Builder<'a> {
    interp: &'a Interp,
    source: Arc<Source>,
    package: Rc<str>,
}

/// What is known of the class being built before its members are
/// compiled: enough to resolve names in its code and its nested classes'.
struct Outline {
    context: Rc<ClassContext>,
}

impl<'a> Builder<'a> {
    fn check_modifiers(
        &self,
        modifiers: &crate::decl::Modifiers,
        allowed: &[Modifier],
    ) -> EvalResult<()> {
        for (m, span) in modifiers {
            if !allowed.contains(m) {
                return Err(
                    class_error(format!("Modifier `{}` not permitted here", m.as_str())).at(*span),
                );
            }
        }
        Ok(())
    }

    /// Resolves a class named in an `extends` clause or a type, as seen
    /// from code nested in `enclosing`.
    fn resolve(&self, t: &TypeName, enclosing: Option<&Rc<ClassContext>>) -> Option<Rc<str>> {
        let dotted = t.dotted();
        let mut c = enclosing.cloned();
        while let Some(ctx) = c {
            if let Some(q) = ctx.nested.get(dotted.as_str()) {
                return Some(q.clone());
            }
            c = ctx.enclosing.clone();
        }
        self.interp
            .classes()
            .resolve_class_name(&dotted, Some(&self.package))
    }

    /// Builds one class (and its nested classes, registered as they are
    /// built), then runs its static initialisers.
    fn build(
        &self,
        decl: &ClassDecl,
        qualified: Rc<str>,
        display: Rc<str>,
        enclosing: Option<&Rc<ClassContext>>,
        enclosing_mutable: Option<&str>,
    ) -> EvalResult<ClassRef> {
        let is_enum = decl.kind == ClassKind::Enum;
        self.check_modifiers(
            &decl.modifiers,
            &[Modifier::Singleton, Modifier::Mutable, Modifier::System],
        )?;
        let flags = ClassFlags {
            singleton: has(&decl.modifiers, Modifier::Singleton),
            mutable: has(&decl.modifiers, Modifier::Mutable),
            is_enum,
            system: has(&decl.modifiers, Modifier::System),
        };
        if flags.singleton && decl.params.is_some() {
            return Err(class_error(format!(
                "Class `{qualified}` must not have a constructor if declared `singleton`"
            ))
            .at(decl.name_span));
        }
        if &*decl.name == "constants" && !flags.singleton {
            return Err(class_error(format!(
                "Constants class `{qualified}` must be declared `singleton`"
            ))
            .at(decl.name_span));
        }
        if let Some(outer) = enclosing_mutable {
            if !flags.mutable {
                return Err(class_error(format!(
                    "Nested class `{}` of mutable class `{outer}` is not declared `mutable`",
                    decl.name
                ))
                .at(decl.name_span));
            }
        }
        // Parents.
        let mut parents = Vec::new();
        for t in &decl.extends {
            let q = self.resolve(t, enclosing).ok_or_else(|| {
                class_error(format!("Unknown class in extends clause: `{}`", t.dotted())).at(t.span)
            })?;
            let parent = self
                .interp
                .classes()
                .load(self.interp, &q)
                .map_err(|e| e.at(t.span))?;
            if parent.flags.singleton {
                return Err(class_error(format!(
                    "Class `{qualified}` may not extend singleton class `{}`",
                    parent.qualified
                ))
                .at(t.span));
            }
            if parent.flags.mutable && !flags.mutable {
                return Err(class_error(format!(
                    "Subclass `{qualified}` of mutable class `{}` is not declared `mutable`",
                    parent.qualified
                ))
                .at(t.span));
            }
            parents.push(parent);
        }
        if parents.is_empty() {
            let base = if is_enum {
                Builtin::Enum
            } else {
                Builtin::Object
            };
            parents.push(self.interp.classes().native(self.interp, base)?);
        }
        // Fields: own constructor parameters, the ancestors' fields, own
        // `var`s; one field per name.
        let mut fields: Vec<FieldInfo> = Vec::new();
        let mut field_names: FxHashSet<Rc<str>> = FxHashSet::default();
        let mut push_field = |fields: &mut Vec<FieldInfo>, f: FieldInfo| {
            if field_names.insert(f.name.clone()) {
                fields.push(f);
            }
        };
        for p in decl.params.iter().flatten() {
            push_field(
                &mut fields,
                FieldInfo {
                    name: p.name.as_str().into(),
                    mutable: false,
                    parameter: true,
                },
            );
        }
        let mut inherited_fields: FxHashMap<Rc<str>, Rc<str>> = FxHashMap::default();
        for parent in &parents {
            for a in parent.ancestry.iter().chain(std::iter::once(parent)) {
                for f in &a.fields {
                    inherited_fields
                        .entry(f.name.clone())
                        .or_insert_with(|| a.qualified.clone());
                    push_field(&mut fields, f.clone());
                }
            }
        }
        let mut own_vars: FxHashSet<String> = FxHashSet::default();
        let mut statics: Vec<(Rc<str>, bool)> = Vec::new();
        for member in &decl.members {
            let Member::Vars {
                modifiers,
                fields: vars,
            } = member
            else {
                continue;
            };
            self.check_modifiers(
                modifiers,
                &[
                    Modifier::Static,
                    Modifier::Mutable,
                    Modifier::External,
                    Modifier::Private,
                ],
            )?;
            let is_static = has(modifiers, Modifier::Static);
            let mutable = has(modifiers, Modifier::Mutable);
            for v in vars {
                if !own_vars.insert(v.name.clone()) {
                    return Err(class_error(format!(
                        "Variable `{}` is declared twice in class `{qualified}`",
                        v.name
                    ))
                    .at(v.span));
                }
                if is_static {
                    statics.push((v.name.as_str().into(), mutable));
                    continue;
                }
                if let Some(owner) = inherited_fields.get(v.name.as_str()) {
                    return Err(class_error(format!(
                        "Variable `{}` in class `{qualified}` shadows definition in class `{owner}`",
                        v.name
                    ))
                    .at(v.span));
                }
                if mutable && !flags.mutable {
                    return Err(class_error(format!(
                        "Class `{qualified}` is immutable, but variable `{}` is declared `mutable`",
                        v.name
                    ))
                    .at(v.span));
                }
                if !mutable && v.value.is_none() {
                    return Err(class_error(format!(
                        "Immutable variable `{}` must be assigned a value (or else declared `mutable`)",
                        v.name
                    ))
                    .at(v.span));
                }
                push_field(
                    &mut fields,
                    FieldInfo {
                        name: v.name.as_str().into(),
                        mutable,
                        parameter: false,
                    },
                );
            }
        }
        // Inherited members, then the names this class declares.
        let mut members: FxHashMap<Rc<str>, Members> = FxHashMap::default();
        for parent in &parents {
            merge_inherited(&mut members, parent);
        }
        let own_methods: Vec<&MethodDecl> = decl
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Method(m) => Some(m),
                _ => None,
            })
            .collect();
        let own_nested: Vec<&ClassDecl> = decl
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Class(c) => Some(c),
                _ => None,
            })
            .collect();
        for m in &own_methods {
            if field_names.contains(m.name.as_str()) || own_nested.iter().any(|c| c.name == m.name)
            {
                return Err(class_error(format!(
                    "Duplicate symbol `{}` in class `{qualified}`",
                    m.name
                ))
                .at(m.name_span));
            }
        }
        // The context code of this class compiles in.
        let mut member_names: FxHashSet<Rc<str>> = members.keys().cloned().collect();
        member_names.extend(fields.iter().map(|f| f.name.clone()));
        member_names.extend(
            own_methods
                .iter()
                .filter(|m| !has(&m.modifiers, Modifier::Static))
                .map(|m| Rc::from(m.name.as_str())),
        );
        member_names.extend(own_nested.iter().map(|c| Rc::from(c.name.as_str())));
        let mut nested_names: FxHashMap<Rc<str>, Rc<str>> = FxHashMap::default();
        for (name, m) in &members {
            if let Some(n) = &m.nested {
                nested_names.insert(name.clone(), n.qualified.clone());
            }
        }
        for c in &own_nested {
            nested_names.insert(
                c.name.as_str().into(),
                format!("{qualified}.{}", c.name).into(),
            );
        }
        let mut static_members: FxHashMap<Rc<str>, Rc<str>> = FxHashMap::default();
        let mut static_fields: FxHashSet<Rc<str>> = FxHashSet::default();
        for (name, _) in &statics {
            static_members.insert(name.clone(), qualified.clone());
            static_fields.insert(name.clone());
        }
        for m in own_methods
            .iter()
            .filter(|m| has(&m.modifiers, Modifier::Static))
        {
            static_members.insert(m.name.as_str().into(), qualified.clone());
        }
        let context = Rc::new(ClassContext {
            qualified: qualified.clone(),
            package: self.package.clone(),
            members: member_names,
            fields: fields.iter().map(|f| f.name.clone()).collect(),
            statics: static_members,
            static_fields,
            nested: nested_names,
            enclosing: enclosing.cloned(),
        });
        let outline = Outline { context };
        // Nested classes, in declaration order.
        for c in &own_nested {
            let nested_qualified: Rc<str> = format!("{qualified}.{}", c.name).into();
            let nested_display: Rc<str> = format!("{display}.{}", c.name).into();
            let mutable_outer = flags.mutable.then_some(&*qualified);
            let nested = self.build(
                c,
                nested_qualified,
                nested_display,
                Some(&outline.context),
                mutable_outer,
            )?;
            let entry = members.entry(c.name.as_str().into()).or_default();
            entry.nested = Some(nested);
        }
        // Own methods, with the override rules.
        let mut declared: Vec<Signature> = Vec::new();
        for m in &own_methods {
            let method = self.method(m, &qualified, &outline, flags.system)?;
            let auto = method.params.is_none();
            let types = method.param_types();
            if declared
                .iter()
                .any(|(n, a, t)| **n == *method.name && *a == auto && *t == types)
            {
                let signature = if auto || types.is_empty() {
                    format!("{qualified}.{}", m.name)
                } else {
                    let t: Vec<&str> = types.iter().map(|t| &**t).collect();
                    format!("{qualified}.{}({})", m.name, t.join(", "))
                };
                return Err(
                    class_error(format!("Method `{signature}` is declared twice")).at(m.name_span),
                );
            }
            declared.push((method.name.clone(), auto, types.clone()));
            let entry = members.entry(method.name.clone()).or_default();
            let inherited = if auto {
                entry.auto.clone().filter(|a| !a.is_static)
            } else {
                entry
                    .overloads
                    .iter()
                    .find(|o| o.param_types() == types && !o.is_static)
                    .cloned()
            };
            let overrides = has(&m.modifiers, Modifier::Override);
            match (&inherited, overrides) {
                (Some(base), false) if !method.is_static => {
                    return Err(class_error(format!(
                        "Method `{qualified}.{}` must be declared with `override`, since it overrides `{}`",
                        m.name,
                        base.qualified()
                    ))
                    .at(m.name_span))
                }
                (None, true) => {
                    return Err(class_error(format!(
                        "Method `{qualified}.{}` overrides nothing",
                        m.name
                    ))
                    .at(m.name_span))
                }
                _ => {}
            }
            let method = Rc::new(method);
            if auto {
                entry.auto = Some(method);
            } else {
                entry.overloads.retain(|o| o.param_types() != types);
                entry.overloads.push(method);
            }
        }
        self.check_conflicts(decl, &qualified, &parents, &declared)?;
        // Constructor, initialisers.
        let constructor = match &decl.params {
            Some(params) => Some(
                Compiler::class(
                    self.interp,
                    outline.context.clone(),
                    false,
                    Some(self.source.clone()),
                )
                .constructor(params)?,
            ),
            None => None,
        };
        let (init_stmts, static_stmts) = self.initializers(decl);
        let initializer = if init_stmts.is_empty() {
            None
        } else {
            Some(self.compile(&outline, false, &[], None, &init_stmts, "initializer")?)
        };
        let static_init = if static_stmts.is_empty() {
            None
        } else {
            Some(self.compile(
                &outline,
                true,
                &[],
                None,
                &static_stmts,
                "static initializer",
            )?)
        };
        let class = Class::new(ClassParts {
            name: decl.name.as_str().into(),
            display,
            qualified: qualified.clone(),
            package: self.package.clone(),
            native: None,
            parents,
            flags,
            constructor,
            fields,
            members,
            statics,
            initializer,
            enclosing_class: outline
                .context
                .enclosing
                .as_ref()
                .map(|c| c.qualified.clone()),
            source: Some(self.source.clone()),
        });
        self.interp.classes().register(&class);
        if is_enum {
            let mut elements = Vec::new();
            for (i, (name, _)) in decl.elements.iter().enumerate() {
                let e = Rc::new(Instance::element(
                    class.clone(),
                    i + 1,
                    name.as_str().into(),
                ));
                let v = Value::Instance(e.clone());
                self.interp.initialise(&class, &v)?;
                e.initializing.set(false);
                elements.push(v);
            }
            *class.elements.borrow_mut() = elements;
        }
        if let Some(init) = static_init {
            let this = Value::Class(Rc::new(crate::value::ClassValue {
                class: class.clone(),
                enclosing: None,
            }));
            self.interp.call_script(
                &init,
                None,
                Some(&this),
                Vec::new(),
                Vec::new(),
                &crate::interp::CallSite::Function,
            )?;
        }
        Ok(class)
    }

    /// A method of this class, compiled.
    fn method(
        &self,
        m: &MethodDecl,
        qualified: &Rc<str>,
        outline: &Outline,
        system: bool,
    ) -> EvalResult<Method> {
        self.check_modifiers(
            &m.modifiers,
            &[
                Modifier::Override,
                Modifier::Static,
                Modifier::External,
                Modifier::Private,
            ],
        )?;
        let is_static = has(&m.modifiers, Modifier::Static);
        let external = has(&m.modifiers, Modifier::External);
        let params = m.params.as_deref().unwrap_or(&[]);
        let sigs = match &m.params {
            None => None,
            Some(ps) => Some(
                ps.iter()
                    .map(|p| {
                        let ty: Rc<str> = match &p.ty {
                            None => "cgsuite.lang.Object".into(),
                            Some(t) => {
                                self.resolve(t, Some(&outline.context)).ok_or_else(|| {
                                    class_error(format!(
                                        "Unknown class in parameter declaration: `{}`",
                                        t.dotted()
                                    ))
                                    .at(t.span)
                                })?
                            }
                        };
                        Ok(ParamSig {
                            name: p.name.as_str().into(),
                            ty,
                            optional: p.default.is_some(),
                            expand: p.expand,
                        })
                    })
                    .collect::<EvalResult<Vec<_>>>()?,
            ),
        };
        let body = if external {
            if !system {
                return Err(class_error(format!(
                    "Method is declared `external`, but class `{qualified}` is not declared `system`"
                ))
                .at(m.name_span));
            }
            if m.body.is_some() {
                return Err(class_error(
                    "Method is declared `external` but has a method body".into(),
                )
                .at(m.name_span));
            }
            let key = format!("{qualified}.{}", m.name);
            let f = crate::games::external(&key).ok_or_else(|| {
                class_error(format!("No native implementation of `{key}`")).at(m.name_span)
            })?;
            let mut compiler = Compiler::class(
                self.interp,
                outline.context.clone(),
                is_static,
                Some(self.source.clone()),
            );
            let shell = compiler.function(params, None, &[], m.name.as_str().into())?;
            let mut function = Rc::try_unwrap(shell)
                .map_err(|_| class_error(format!("internal: `{key}` is shared")))?;
            function.body = Node::new(NodeKind::Native(f), m.span);
            Rc::new(function)
        } else {
            let Some(body) = &m.body else {
                return Err(
                    class_error(format!("Method `{qualified}.{}` has no body", m.name))
                        .at(m.name_span),
                );
            };
            self.compile(outline, is_static, params, Some(body), &[], &m.name)?
        };
        Ok(Method {
            name: m.name.as_str().into(),
            owner: qualified.clone(),
            params: sigs,
            is_static,
            body,
        })
    }

    fn compile(
        &self,
        outline: &Outline,
        is_static: bool,
        params: &[Param],
        body: Option<&Expr>,
        stmts: &[Stmt],
        text: &str,
    ) -> EvalResult<Rc<FunctionIR>> {
        let mut compiler = Compiler::class(
            self.interp,
            outline.context.clone(),
            is_static,
            Some(self.source.clone()),
        );
        compiler.function(params, body, stmts, text.into())
    }

    /// The instance initialiser's statements (`var` initialisers as
    /// assignments, initialiser statements) and the static initialiser's
    /// (static `var`s, `static` blocks), in declaration order.
    fn initializers(&self, decl: &ClassDecl) -> (Vec<Stmt>, Vec<Stmt>) {
        let mut instance = Vec::new();
        let mut statics = Vec::new();
        for member in &decl.members {
            match member {
                Member::Vars { modifiers, fields } => {
                    let target = if has(modifiers, Modifier::Static) {
                        &mut statics
                    } else {
                        &mut instance
                    };
                    for f in fields {
                        if let Some(v) = &f.value {
                            target.push(Stmt::Assign {
                                name: f.name.clone(),
                                name_span: f.span,
                                value: v.clone(),
                            });
                        }
                    }
                }
                Member::Static(stmts) => statics.extend(stmts.iter().cloned()),
                Member::Init(stmt) => instance.push(stmt.clone()),
                _ => {}
            }
        }
        (instance, statics)
    }

    /// A method inherited with one signature from two unrelated parents
    /// must be declared again.
    fn check_conflicts(
        &self,
        decl: &ClassDecl,
        qualified: &str,
        parents: &[ClassRef],
        declared: &[Signature],
    ) -> EvalResult<()> {
        if parents.len() < 2 {
            return Ok(());
        }
        let mut seen: FxHashMap<Signature, Rc<Method>> = FxHashMap::default();
        for parent in parents {
            for (name, m) in &parent.members {
                for method in m.auto.iter().chain(m.overloads.iter()) {
                    if method.is_static {
                        continue;
                    }
                    let key = (name.clone(), method.params.is_none(), method.param_types());
                    if declared.contains(&key) {
                        continue;
                    }
                    match seen.get(&key) {
                        Some(other) if !Rc::ptr_eq(other, method) => {
                            let related = self.owner_descends(&method.owner, &other.owner)
                                || self.owner_descends(&other.owner, &method.owner);
                            if !related {
                                return Err(class_error(format!(
                                    "Method `{name}` must be declared explicitly in class `{qualified}`, because it is defined in multiple superclasses (`{}`, `{}`)",
                                    other.owner, method.owner
                                ))
                                .at(decl.name_span));
                            }
                        }
                        Some(_) => {}
                        None => {
                            seen.insert(key, method.clone());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn owner_descends(&self, a: &str, b: &str) -> bool {
        match self.interp.classes().load(self.interp, a) {
            Ok(c) => c.descends_from(b),
            Err(_) => false,
        }
    }
}
