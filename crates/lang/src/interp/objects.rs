//! Objects and classes at run time (SCRIPTING 4): member access with
//! dispatch by name on the run-time class, method overloads, construction
//! with fields shared by name across the ancestry, static members, `super`,
//! class objects and packages.

use super::call::{check_shape, CallSite, Named};
use super::{Cx, Flow, Interp};
use crate::classes::{builtin, ClassRef, Instance, Members, Method};
use crate::compile::ir::{ArgsIR, ClassName, MemberRef, StaticRef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::value::{ClassValue, Value};
use onag_core::loopy::{SidedValue, Stopper};
use onag_core::surreal::SurrealNumber;
use std::rc::Rc;

/// Arguments of a member access: `None` for `x.Name`, else the evaluated
/// arguments of `x.Name(...)`.
pub type Args = Option<(Vec<Value>, Named)>;

fn no_member(name: &str, class: &str) -> EvalError {
    EvalError::no_member(name, class)
}

impl Interp {
    /// `recv.Name` or `recv.Name(args)`.
    pub(super) fn invoke(
        &self,
        recv: &Value,
        name: &str,
        args: Option<&ArgsIR>,
        cx: &Cx<'_>,
    ) -> Flow {
        if let Some(a) = args {
            Interp::args_error(a)?;
            if let Value::Instance(i) = recv {
                if let Some(m) = single_overload(&i.class, name) {
                    let names: Vec<&str> = a.named.iter().map(|(n, _)| &**n).collect();
                    check_shape(
                        &m.body.params,
                        a.positional.len(),
                        &names,
                        &CallSite::Method(&m),
                    )?;
                }
            }
        }
        let values = match args {
            Some(a) => Some(self.eval_args(a, cx)?),
            None => None,
        };
        Ok(self.invoke_values(recv, name, values)?)
    }

    /// `recv.Name` or `recv.Name(args)` with evaluated arguments.
    pub(crate) fn invoke_values(&self, recv: &Value, name: &str, args: Args) -> EvalResult {
        match recv {
            Value::Instance(i) => self.instance_member(recv, i, name, args),
            Value::Class(cv) => self.class_member(cv, name, args),
            Value::Package(p) => self.package_member(p, name, args),
            _ => {
                let (positional, named) = args.unwrap_or_default();
                crate::methods::call_method(self, recv, name, positional, named)
            }
        }
    }

    /// The object a member reference in class code is read from: `this`,
    /// or its enclosing object `level` times.
    fn member_object(&self, cx: &Cx<'_>, level: u32) -> EvalResult<Value> {
        let this = cx.this.ok_or_else(|| {
            EvalError::of(
                ErrorKind::UndefinedName,
                "`this` is only valid inside a class",
            )
        })?;
        Ok(enclosing(this, level).cloned().unwrap_or(Value::Nothing))
    }

    /// A bare member name in class code.
    pub(super) fn member_value(&self, cx: &Cx<'_>, m: &MemberRef) -> EvalResult {
        if let Some(v) = field_of(cx, m) {
            return Ok(v);
        }
        let obj = self.member_object(cx, m.level)?;
        self.invoke_values(&obj, &m.name, None)
    }

    /// A bare call in class code: `Name(args)`.
    pub(super) fn call_member(&self, cx: &Cx<'_>, m: &MemberRef, args: &ArgsIR) -> Flow {
        let obj = self.member_object(cx, m.level)?;
        self.invoke(&obj, &m.name, Some(args), cx)
    }

    /// `name := v` for a field in class code.
    pub(super) fn assign_member(&self, cx: &Cx<'_>, m: &MemberRef, v: Value) -> EvalResult<()> {
        let obj = self.member_object(cx, m.level)?;
        let Value::Instance(i) = &obj else {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!("Unknown variable for assignment: `{}`", m.name),
            ));
        };
        self.set_field(i, &m.name, v)
    }

    /// Stores a field: during construction any field; afterwards only
    /// fields declared `mutable` (SCRIPTING 4.8).
    pub(crate) fn set_field(&self, i: &Instance, name: &str, v: Value) -> EvalResult<()> {
        let Some(&index) = i.class.field_index.get(name) else {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!("Unknown variable for assignment: `{name}`"),
            ));
        };
        let field = &i.class.fields[index];
        if !i.initializing.get() && !field.mutable {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!("Cannot reassign to immutable var: `{name}`"),
            ));
        }
        if !i.class.flags.mutable && v.is_mutable() {
            return Err(EvalError::of(
                ErrorKind::Assignment,
                format!(
                    "Cannot assign mutable object to var `{name}` of immutable class `{}`",
                    i.class.qualified
                ),
            ));
        }
        if let Some(slot) = i.fields.borrow_mut().get_mut(index) {
            *slot = v;
        }
        Ok(())
    }

    /// A static field's value.
    pub(super) fn static_value(&self, s: &StaticRef) -> EvalResult {
        let class = self.class_ref(&s.class)?;
        let info = class
            .static_index
            .get(&s.name)
            .ok_or_else(|| no_member(&s.name, &class.qualified))?;
        let value = class.statics.borrow().get(info.index).cloned();
        Ok(value.unwrap_or(Value::Nothing))
    }

    /// Stores a static field.
    pub(super) fn assign_static(&self, s: &StaticRef, v: Value) -> EvalResult<()> {
        let class = self.class_ref(&s.class)?;
        let info = class
            .static_index
            .get(&s.name)
            .ok_or_else(|| no_member(&s.name, &class.qualified))?;
        if let Some(slot) = class.statics.borrow_mut().get_mut(info.index) {
            *slot = v;
        }
        Ok(())
    }

    /// The class named by a reference, loaded if needed.
    pub(crate) fn class_ref(&self, c: &ClassName) -> EvalResult<ClassRef> {
        let generation = self.classes().generation();
        if let Some((g, class)) = &*c.cache.borrow() {
            if *g == generation {
                return Ok(class.clone());
            }
        }
        let class = self.classes().load(self, &c.qualified)?;
        *c.cache.borrow_mut() = Some((generation, class.clone()));
        Ok(class)
    }

    /// A class name as a value: the class object, or a singleton's
    /// instance.
    pub(super) fn class_value(&self, c: &ClassName) -> EvalResult {
        let generation = self.classes().generation();
        let cached = match &*c.cache.borrow() {
            Some((g, class)) if *g == generation => Some(class.clone()),
            _ => None,
        };
        if let Some(class) = cached {
            return self.class_as_value(&class);
        }
        match self.classes().load_entity(self, &c.qualified)? {
            crate::classes::table::Entity::Class(class) => {
                *c.cache.borrow_mut() = Some((generation, class.clone()));
                self.class_as_value(&class)
            }
            crate::classes::table::Entity::Script(s) => Ok(Value::Script(s)),
        }
    }

    /// The value a class name denotes.
    pub(crate) fn class_as_value(&self, class: &ClassRef) -> EvalResult {
        if class.flags.singleton {
            return self.singleton(class);
        }
        Ok(Value::Class(Rc::new(ClassValue {
            class: class.clone(),
            enclosing: None,
        })))
    }

    /// The single instance of a singleton class, made on first use.
    pub(crate) fn singleton(&self, class: &ClassRef) -> EvalResult {
        if let Some(v) = &*class.instance.borrow() {
            return Ok(v.clone());
        }
        let v = self.construct(class, None, Vec::new(), Vec::new())?;
        *class.instance.borrow_mut() = Some(v.clone());
        Ok(v)
    }

    /// The class of a value.
    pub(crate) fn class_of(&self, v: &Value) -> EvalResult<ClassRef> {
        match v {
            Value::Instance(i) => Ok(i.class.clone()),
            other => {
                let b = builtin::builtin_of(other).unwrap_or(builtin::Builtin::Object);
                self.classes().native(self, b)
            }
        }
    }

    /// True when `v`'s class is `class` or has it as an ancestor.
    pub(crate) fn is_instance(&self, v: &Value, class: &ClassRef) -> bool {
        self.class_of(v).is_ok_and(|c| c.is_subclass_of(class))
    }

    /// True for classes that extend `game.Game`.
    pub(crate) fn is_game_class(&self, class: &ClassRef) -> bool {
        class.is_game
    }

    /// Checks the arguments of a constructor call before they are
    /// evaluated.
    pub(super) fn check_constructor_shape(
        &self,
        cv: &ClassValue,
        positional: usize,
        named: &[&str],
    ) -> EvalResult<()> {
        let class = &cv.class;
        if class
            .member("Eval")
            .is_some_and(|m| !m.overloads.is_empty())
        {
            return Ok(());
        }
        if let Some(ctor) = &class.constructor {
            check_shape(
                &ctor.params,
                positional,
                named,
                &CallSite::Constructor(&class.qualified),
            )?;
        }
        Ok(())
    }

    /// `C(args)`: a static `Eval`, else the constructor.
    pub(crate) fn call_class(
        &self,
        cv: &ClassValue,
        positional: Vec<Value>,
        named: Named,
    ) -> EvalResult {
        let class = &cv.class;
        if let Some(b) = class.native {
            return crate::methods::call_static(self, b, "Eval", positional, named);
        }
        if let Some(members) = class.member("Eval") {
            let statics: Vec<Rc<Method>> = members
                .overloads
                .iter()
                .filter(|m| m.is_static)
                .cloned()
                .collect();
            if !statics.is_empty() {
                let this = Value::Class(Rc::new(cv.clone()));
                return self.call_overloads(&this, class, "Eval", &statics, positional, named);
            }
        }
        if class.constructor.is_none() || class.flags.singleton || class.flags.is_enum {
            if class.enclosing_class.is_some() {
                return Err(EvalError::of(
                    ErrorKind::Class,
                    format!(
                        "The class `{}` has no constructor and cannot be directly instantiated.",
                        class.qualified
                    ),
                ));
            }
            return Err(EvalError::of(
                ErrorKind::NoSuchMember,
                format!("No method `Eval` for class: `{}`", class.qualified),
            ));
        }
        self.construct(class, cv.enclosing.clone(), positional, named)
    }

    /// Makes an instance: the constructor's arguments fill the fields of
    /// their names, then the initialisers of the ancestry run, ancestors
    /// first, with `this` the new object (SCRIPTING 4.4).
    pub(crate) fn construct(
        &self,
        class: &ClassRef,
        enclosing: Option<Value>,
        positional: Vec<Value>,
        named: Named,
    ) -> EvalResult {
        let instance = Rc::new(Instance::new(class.clone(), enclosing));
        let this = Value::Instance(instance.clone());
        if let Some(ctor) = &class.constructor {
            let site = CallSite::Constructor(&class.qualified);
            let names: Vec<&str> = named.iter().map(|(n, _)| &**n).collect();
            check_shape(&ctor.params, positional.len(), &names, &site)?;
            let params = &ctor.params;
            let values = if super::call::given_in_order(params, &positional, &named) {
                // Every parameter given in order: the values go straight
                // to the fields once their types are checked.
                self.check_argument_types(params, &positional, &site)?;
                positional
            } else {
                let frame = super::Frame::new(ctor.frame_size, None);
                self.bind(ctor, &frame, None, positional, named, &site)?;
                params.iter().map(|p| frame.get(p.slot)).collect()
            };
            for (p, v) in params.iter().zip(values) {
                if !class.flags.mutable && v.is_mutable() {
                    return Err(EvalError::of(
                        ErrorKind::Assignment,
                        format!(
                            "Cannot assign mutable object to var `{}` of immutable class",
                            p.name
                        ),
                    ));
                }
                self.set_field(&instance, &p.name, v)?;
            }
        }
        self.initialise(class, &this)?;
        instance.initializing.set(false);
        Ok(this)
    }

    /// Runs the initialisers of a class's ancestry on a new object.
    pub(crate) fn initialise(&self, class: &ClassRef, this: &Value) -> EvalResult<()> {
        for c in class.ancestry.iter().chain(std::iter::once(class)) {
            if let Some(init) = &c.initializer {
                self.call_script(
                    init,
                    None,
                    Some(this),
                    Vec::new(),
                    Vec::new(),
                    &CallSite::Function,
                )?;
            }
        }
        Ok(())
    }

    /// A member of an instance of a CGScript class.
    fn instance_member(
        &self,
        recv: &Value,
        i: &Rc<Instance>,
        name: &str,
        args: Args,
    ) -> EvalResult {
        let class = &i.class;
        if let Some(v) = i.field(name) {
            return match args {
                None => Ok(v),
                Some((p, n)) => self.call_value(&v, p, n, &CallSite::Function),
            };
        }
        if let Some(members) = class.member(name) {
            return self.call_members(recv, class, name, members, args);
        }
        if class.static_index.contains_key(name) {
            let v = self.static_of(class, name);
            return match args {
                None => Ok(v),
                Some((p, n)) => self.call_value(&v, p, n, &CallSite::Function),
            };
        }
        if class.is_game {
            if let Some(r) = crate::games::game_method(self, recv, name, args.clone()) {
                return r;
            }
        }
        let (positional, named) = args.unwrap_or_default();
        crate::methods::call_object_method(self, recv, &class.qualified, name, positional, named)
    }

    fn static_of(&self, class: &ClassRef, name: &str) -> Value {
        class
            .static_index
            .get(name)
            .and_then(|info| class.statics.borrow().get(info.index).cloned())
            .unwrap_or(Value::Nothing)
    }

    /// Calls the members of one name on `recv`: a nested class (made with
    /// `recv` as its enclosing object), the overloads, or the auto-invoked
    /// method.
    fn call_members(
        &self,
        recv: &Value,
        class: &ClassRef,
        name: &str,
        members: &Members,
        args: Args,
    ) -> EvalResult {
        if let Some(nested) = &members.nested {
            let cv = ClassValue {
                class: nested.clone(),
                enclosing: Some(recv.clone()),
            };
            return match args {
                None => Ok(Value::Class(Rc::new(cv))),
                Some((p, n)) => self.call_class(&cv, p, n),
            };
        }
        match args {
            Some((p, n)) if !members.overloads.is_empty() => {
                self.call_overloads(recv, class, name, &members.overloads, p, n)
            }
            Some((p, n)) => match &members.auto {
                Some(m) => {
                    let v = self.call_method(m, recv, Vec::new(), Vec::new())?;
                    self.call_value(&v, p, n, &CallSite::Function)
                }
                None => Err(no_member(name, &class.qualified)),
            },
            None => match &members.auto {
                Some(m) => self.call_method(m, recv, Vec::new(), Vec::new()),
                None if !members.overloads.is_empty() => Err(EvalError::of(
                    ErrorKind::Call,
                    format!(
                        "Expected arguments for method `{name}` in class `{}`",
                        class.qualified
                    ),
                )),
                None => Err(no_member(name, &class.qualified)),
            },
        }
    }

    /// Calls a method with `this` bound to `recv`.
    pub(crate) fn call_method(
        &self,
        m: &Rc<Method>,
        recv: &Value,
        positional: Vec<Value>,
        named: Named,
    ) -> EvalResult {
        let site = CallSite::Method(m);
        self.call_script(&m.body, None, Some(recv), positional, named, &site)
    }

    /// Chooses among overloads (SCRIPTING 4.7) and calls the one that
    /// applies.
    fn call_overloads(
        &self,
        recv: &Value,
        class: &ClassRef,
        name: &str,
        overloads: &[Rc<Method>],
        positional: Vec<Value>,
        named: Named,
    ) -> EvalResult {
        if let [m] = overloads {
            return self.call_method(m, recv, positional, named);
        }
        let names: Vec<&str> = named.iter().map(|(n, _)| &**n).collect();
        let mut applicable = Vec::new();
        let mut any_name = names.is_empty();
        for m in overloads {
            let params = &m.body.params;
            if names.iter().all(|n| params.iter().any(|p| &*p.name == *n)) {
                any_name = true;
            }
            if check_shape(params, positional.len(), &names, &CallSite::Function).is_err() {
                continue;
            }
            if self.accepts(m, &positional, &named)? {
                applicable.push(m.clone());
            }
        }
        if !any_name {
            if let Some(bad) = names.iter().find(|n| {
                !overloads
                    .iter()
                    .any(|m| m.body.params.iter().any(|p| &*p.name == **n))
            }) {
                return Err(EvalError::of(
                    ErrorKind::Call,
                    format!(
                        "Invalid parameter name (in call to `{}.{name}`): `{bad}`",
                        class.qualified
                    ),
                ));
            }
        }
        // Drop every method for which another applicable one with as many
        // parameters is at least as specific in every parameter.
        let mut best: Vec<Rc<Method>> = Vec::new();
        for m in &applicable {
            let dominated = applicable.iter().any(|other| {
                !Rc::ptr_eq(m, other)
                    && other.body.params.len() == m.body.params.len()
                    && self.more_specific(other, m)
                    && !self.more_specific(m, other)
            });
            if !dominated {
                best.push(m.clone());
            }
        }
        let types = || {
            let t: Vec<String> = positional
                .iter()
                .chain(named.iter().map(|(_, v)| v))
                .map(|v| format!("`{}`", self.class_name_of(v)))
                .collect();
            if t.is_empty() {
                "()".to_string()
            } else {
                t.join(", ")
            }
        };
        match best.as_slice() {
            [m] => self.call_method(m, recv, positional, named),
            [] => Err(EvalError::of(
                ErrorKind::Call,
                format!(
                    "Method `{name}` in class `{}` cannot be applied to argument types: {}",
                    class.qualified,
                    types()
                ),
            )),
            _ => Err(EvalError::of(
                ErrorKind::Call,
                format!(
                    "Method `{name}` in class `{}` is ambiguous when applied to argument types: {}",
                    class.qualified,
                    types()
                ),
            )),
        }
    }

    /// Whether a method's parameter types accept these arguments.
    fn accepts(&self, m: &Method, positional: &[Value], named: &Named) -> EvalResult<bool> {
        let params = &m.body.params;
        for (i, v) in positional.iter().enumerate() {
            let Some(p) = params.get(i) else { break };
            if p.expand {
                break;
            }
            if !self.param_accepts(p, v)? {
                return Ok(false);
            }
        }
        for (n, v) in named {
            if let Some(p) = params.iter().find(|p| p.name == *n) {
                if !self.param_accepts(p, v)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    fn param_accepts(&self, p: &crate::compile::ir::ParamIR, v: &Value) -> EvalResult<bool> {
        match &p.ty {
            None => Ok(true),
            Some(_) if matches!(v, Value::Nothing) => Ok(true),
            Some(ty) => Ok(self.is_instance(v, &self.class_ref(ty)?)),
        }
    }

    /// True when every parameter type of `a` is a subclass of `b`'s.
    fn more_specific(&self, a: &Method, b: &Method) -> bool {
        a.body
            .params
            .iter()
            .zip(b.body.params.iter())
            .all(|(p, q)| match (&p.ty, &q.ty) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(x), Some(y)) => match (self.class_ref(x), self.class_ref(y)) {
                    (Ok(x), Ok(y)) => x.is_subclass_of(&y),
                    _ => false,
                },
            })
    }

    /// A member of a class object: enum elements, static fields and
    /// methods, nested classes, and `Name`, `QualifiedName`, `Ordinal`.
    fn class_member(&self, cv: &ClassValue, name: &str, args: Args) -> EvalResult {
        let class = &cv.class;
        if let Some(b) = class.native {
            if crate::methods::has_static(b, name) {
                let (p, n) = args.unwrap_or_default();
                return crate::methods::call_static(self, b, name, p, n);
            }
        }
        if let Some(e) = class
            .elements
            .borrow()
            .iter()
            .find(|e| matches!(e, Value::Instance(i) if i.element.as_ref().is_some_and(|(_, n)| &**n == name)))
        {
            return Ok(e.clone());
        }
        if class.static_index.contains_key(name) {
            let v = self.static_of(class, name);
            return match args {
                None => Ok(v),
                Some((p, n)) => self.call_value(&v, p, n, &CallSite::Function),
            };
        }
        if let Some(members) = class.member(name) {
            if let Some(nested) = &members.nested {
                let cv = ClassValue {
                    class: nested.clone(),
                    enclosing: cv.enclosing.clone(),
                };
                return match args {
                    None => Ok(Value::Class(Rc::new(cv))),
                    Some((p, n)) => self.call_class(&cv, p, n),
                };
            }
            let statics = Members {
                auto: members.auto.clone().filter(|m| m.is_static),
                overloads: members
                    .overloads
                    .iter()
                    .filter(|m| m.is_static)
                    .cloned()
                    .collect(),
                nested: None,
            };
            if statics.auto.is_some() || !statics.overloads.is_empty() {
                let this = Value::Class(Rc::new(cv.clone()));
                return self.call_members(&this, class, name, &statics, args);
            }
        }
        let (positional, named) = args.unwrap_or_default();
        crate::methods::call_class_object_method(self, cv, name, positional, named)
    }

    /// `package.Name`: a class, a sub-package, or a constant of the
    /// package (a built-in ruleset).
    fn package_member(&self, package: &str, name: &str, args: Args) -> EvalResult {
        let qualified = format!("{package}.{name}");
        if let Some(q) = self.classes().resolve_class_name(&qualified, None) {
            let class = self.classes().load(self, &q)?;
            let v = self.class_as_value(&class)?;
            return match args {
                None => Ok(v),
                Some((p, n)) => self.call_value(&v, p, n, &CallSite::Function),
            };
        }
        if let Some(v) = crate::rulesets::package_constant(package, name) {
            return match args {
                None => Ok(v),
                Some((p, n)) => self.call_value(&v, p, n, &CallSite::Function),
            };
        }
        if args.is_none() && self.classes().is_package(&qualified) {
            return Ok(Value::Package(qualified.into()));
        }
        Err(EvalError::undefined(&qualified))
    }

    /// `super.Name(args)`: the method the class `class` inherits.
    pub(super) fn call_super(
        &self,
        cx: &Cx<'_>,
        class: &ClassName,
        name: &str,
        args: Option<&ArgsIR>,
    ) -> Flow {
        let class = self.class_ref(class)?;
        let this = cx.this.cloned().unwrap_or(Value::Nothing);
        let values = match args {
            Some(a) => {
                Interp::args_error(a)?;
                Some(self.eval_args(a, cx)?)
            }
            None => None,
        };
        for parent in &class.parents {
            if let Some(members) = parent.member(name) {
                let members = Members {
                    nested: None,
                    ..members.clone()
                };
                return Ok(self.call_members(&this, parent, name, &members, values)?);
            }
        }
        Err(no_member(name, &class.qualified).into())
    }

    /// Runs a script file: its statements see and set the session's
    /// variables; its value is its last statement's.
    pub(crate) fn run_script(&self, script: &crate::classes::Script) -> EvalResult {
        let program = crate::parser::parse_program(&script.source.text).map_err(|e| {
            EvalError::of(ErrorKind::Syntax, e.message)
                .at(e.span)
                .in_source(&Some(script.source.clone()))
        })?;
        let trailing_semicolon = program.trailing_semicolon;
        let mut compiler = crate::compile::Compiler::worksheet(self);
        let func = compiler
            .input(program)
            .map_err(|e| e.in_source(&Some(script.source.clone())))?;
        let _depth = self.enter_call()?;
        let v = self
            .run_function(&func)
            .map_err(|e| e.in_source(&Some(script.source.clone())))?;
        self.s.quiet_script.set(trailing_semicolon);
        Ok(if trailing_semicolon {
            Value::Nothing
        } else {
            v
        })
    }

    /// What an unbound name means at the worksheet: a constant (`Left`,
    /// `inf`, a global function), a built-in ruleset, a package.
    pub(crate) fn worksheet_constant(&self, name: &str) -> Option<Value> {
        self.class_constant(name)
            .or_else(|| crate::rulesets::named(name))
    }

    /// The constants class code sees (SCRIPTING 6.2): `Left`, `Right`,
    /// `inf`, the global functions, and top-level packages.
    pub(crate) fn class_constant(&self, name: &str) -> Option<Value> {
        match name {
            "Left" => return Some(Value::Player(onag_rules::Player::Left)),
            "Right" => return Some(Value::Player(onag_rules::Player::Right)),
            "inf" => return Some(Interp::infinity()),
            "omega" | "ω" => return Some(Value::surreal(SurrealNumber::omega())),
            // The loopy constants of LOOPY 1.1.
            "on" => return Some(Value::loopy(Stopper::on().into())),
            "off" => return Some(Value::loopy(Stopper::off().into())),
            "over" => return Some(Value::loopy(Stopper::over().into())),
            "under" => return Some(Value::loopy(Stopper::under().into())),
            "upon" => return Some(Value::loopy(Stopper::upon().into())),
            "dud" => return Some(Value::loopy(SidedValue::dud())),
            "Nothing" => return Some(Value::Nothing),
            _ => {}
        }
        if let Some(f) = crate::methods::function_value(name) {
            return Some(f);
        }
        if self.classes().is_package(name) {
            return Some(Value::Package(name.into()));
        }
        None
    }
}

/// The one parenthesised method of that name, when there is exactly one
/// (its argument count and names are checked before the arguments are
/// evaluated).
/// The object `level` enclosing objects out from `obj` (`obj` itself at
/// level 0), if the chain reaches that far.
fn enclosing(obj: &Value, level: u32) -> Option<&Value> {
    let mut obj = obj;
    for _ in 0..level {
        obj = match obj {
            Value::Instance(i) => i.enclosing.as_ref()?,
            _ => return None,
        };
    }
    Some(obj)
}

/// The value of a member that is a field of the object it is read from,
/// through the reference's cache of the field's index (fields come
/// before every other member of a name, as in [`Interp::instance_member`]).
fn field_of(cx: &Cx<'_>, m: &MemberRef) -> Option<Value> {
    let Value::Instance(i) = enclosing(cx.this?, m.level)? else {
        return None;
    };
    let (class, index) = m.field_cache.get();
    let index = if class == i.class.id {
        index
    } else {
        let index = *i.class.field_index.get(&*m.name)?;
        m.field_cache.set((i.class.id, index));
        index
    };
    i.fields.borrow().get(index).cloned()
}

fn single_overload(class: &ClassRef, name: &str) -> Option<Rc<Method>> {
    if class.field_index.contains_key(name) {
        return None;
    }
    let members = class.member(name)?;
    if members.nested.is_some() {
        return None;
    }
    match members.overloads.as_slice() {
        [m] => Some(m.clone()),
        _ => None,
    }
}
