//! Calls (SCRIPTING 3.3): what can be called, and how arguments are
//! checked and bound to parameters, with CGSuite's messages. For a
//! function, constructor or method without overloads, the count and name
//! checks come before any argument is evaluated, the type check after.

use super::{Closure, Cx, Flow, Frame, Interp, Signal};
use crate::classes::Method;
use crate::compile::ir::{ArgsIR, FunctionIR, Node, ParamIR};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::value::Value;
use std::rc::Rc;

/// Named arguments: name and value, in the order written.
pub type Named = Vec<(Rc<str>, Value)>;

/// What is being called, for the wording of call errors (named only when
/// an error is worded, so a call formats nothing).
#[derive(Clone, Copy, Debug)]
pub enum CallSite<'a> {
    /// A function value: `in function call`.
    Function,
    /// A method: `in call to `pkg.C.M``.
    Method(&'a Method),
    /// A constructor: `in call to `pkg.C` constructor`.
    Constructor(&'a str),
}

impl CallSite<'_> {
    fn location(&self) -> String {
        match self {
            CallSite::Function => "in function call".to_string(),
            CallSite::Method(m) => format!("in call to `{}`", m.qualified()),
            CallSite::Constructor(q) => format!("in call to `{q}` constructor"),
        }
    }
}

fn call_error(message: String) -> EvalError {
    EvalError::of(ErrorKind::Call, message)
}

/// True when the arguments are one positional value per parameter, none
/// expandable: they bind in order, with nothing to default.
pub(crate) fn given_in_order(params: &[ParamIR], positional: &[Value], named: &Named) -> bool {
    named.is_empty() && positional.len() == params.len() && !params.iter().any(|p| p.expand)
}

/// Checks the number and names of arguments against the parameters.
pub(crate) fn check_shape(
    params: &[ParamIR],
    positional: usize,
    named: &[&str],
    site: &CallSite<'_>,
) -> EvalResult<()> {
    let expand = params.last().is_some_and(|p| p.expand);
    if positional > params.len() && !expand {
        return Err(call_error(format!(
            "Too many arguments ({}): {positional} (expecting at most {})",
            site.location(),
            params.len()
        )));
    }
    for name in named {
        match params.iter().position(|p| &*p.name == *name) {
            None => {
                return Err(call_error(format!(
                    "Invalid parameter name ({}): `{name}`",
                    site.location()
                )))
            }
            Some(i) if i < positional => {
                return Err(call_error(format!(
                    "Named parameter shadows an earlier ordinary argument ({}): `{name}`",
                    site.location()
                )))
            }
            Some(_) => {}
        }
    }
    for (i, p) in params.iter().enumerate() {
        if i >= positional && p.default.is_none() && !p.expand && !named.contains(&&*p.name) {
            return Err(call_error(format!(
                "Missing required parameter ({}): `{}`",
                site.location(),
                p.name
            )));
        }
    }
    Ok(())
}

impl Interp {
    /// Evaluates the arguments of a call.
    pub(crate) fn eval_args(&self, args: &ArgsIR, cx: &Cx<'_>) -> Flow<(Vec<Value>, Named)> {
        let mut positional = Vec::with_capacity(args.positional.len());
        for a in &args.positional {
            positional.push(self.eval(a, cx)?);
        }
        let mut named = Vec::with_capacity(args.named.len());
        for (name, a) in &args.named {
            named.push((name.clone(), self.eval(a, cx)?));
        }
        Ok((positional, named))
    }

    /// The call-site errors of an argument list (a named argument before a
    /// positional one, a name given twice).
    pub(crate) fn args_error(args: &ArgsIR) -> Flow<()> {
        match &args.error {
            Some(message) => Err(call_error(message.clone()).into()),
            None => Ok(()),
        }
    }

    /// `f(args)`.
    pub(super) fn eval_call(&self, callee: &Node, args: &ArgsIR, cx: &Cx<'_>) -> Flow {
        let f = self.eval(callee, cx)?;
        self.call_with(&f, args, cx)
    }

    /// Calls `f` with arguments as written.
    pub(crate) fn call_with(&self, f: &Value, args: &ArgsIR, cx: &Cx<'_>) -> Flow {
        Interp::args_error(args)?;
        let names: Vec<&str> = args.named.iter().map(|(n, _)| &**n).collect();
        match f {
            Value::Function(c) => {
                if let Closure::Script { func, .. } = &**c {
                    check_shape(
                        &func.params,
                        args.positional.len(),
                        &names,
                        &CallSite::Function,
                    )?;
                }
            }
            Value::Class(cv) => self.check_constructor_shape(cv, args.positional.len(), &names)?,
            _ => {}
        }
        let (positional, named) = self.eval_args(args, cx)?;
        Ok(self.call_value(f, positional, named, &CallSite::Function)?)
    }

    /// Calls anything callable (SCRIPTING 3.3): a function, a class, an
    /// object's `Eval` method, a map (`m(k)` is `m[k]`), a ruleset, a
    /// script.
    pub(crate) fn call_value(
        &self,
        f: &Value,
        positional: Vec<Value>,
        named: Named,
        site: &CallSite<'_>,
    ) -> EvalResult {
        match f {
            Value::Function(c) => match &**c {
                Closure::Script { func, env, this } => {
                    let names: Vec<&str> = named.iter().map(|(n, _)| &**n).collect();
                    check_shape(&func.params, positional.len(), &names, site)?;
                    self.call_script(func, env.clone(), this.as_ref(), positional, named, site)
                }
                Closure::Native(def) => {
                    crate::methods::call_function_def(self, def, positional, named)
                }
            },
            Value::Class(cv) => self.call_class(cv, positional, named),
            Value::Instance(_) => self.invoke_values(f, "Eval", Some((positional, named))),
            Value::Map(_) | Value::MutableMap(_) if named.is_empty() && positional.len() == 1 => {
                self.index(f, &positional[0])
            }
            Value::Ruleset(_) | Value::Schema(_) => {
                crate::rulesets::call(self, f, positional, named)
            }
            Value::Script(s) => self.run_script(s),
            other => Err(EvalError::of(
                ErrorKind::NoSuchMember,
                format!(
                    "No method `Eval` for class: `{}`",
                    self.class_name_of(other)
                ),
            )),
        }
    }

    /// Runs a compiled function: a new frame (its parent `env`), the
    /// arguments bound, the body evaluated; `return` ends it.
    pub(crate) fn call_script(
        &self,
        func: &Rc<FunctionIR>,
        env: Option<Rc<Frame>>,
        this: Option<&Value>,
        positional: Vec<Value>,
        named: Named,
        site: &CallSite<'_>,
    ) -> EvalResult {
        let _depth = self.enter_call()?;
        let frame = Frame::new(func.frame_size, env);
        self.bind(func, &frame, this, positional, named, site)?;
        let cx = Cx {
            frame: &frame,
            this,
        };
        match self.eval(&func.body, &cx) {
            Ok(v) => Ok(v),
            Err(Signal::Return(v)) => Ok(*v),
            Err(s) => Err(s.into_error().in_source(&func.source)),
        }
    }

    /// Binds arguments to parameters in `frame`: positional ones in order
    /// (the rest into an expandable last parameter), named ones by name,
    /// defaults (evaluated in the callee's frame) for the others; then
    /// checks the declared types (`Nothing` passes every check).
    pub(crate) fn bind(
        &self,
        func: &FunctionIR,
        frame: &Rc<Frame>,
        this: Option<&Value>,
        positional: Vec<Value>,
        named: Named,
        site: &CallSite<'_>,
    ) -> EvalResult<()> {
        let params = &func.params;
        if given_in_order(params, &positional, &named) {
            // Every parameter given in order: nothing to default.
            for (p, v) in params.iter().zip(positional) {
                frame.set(p.slot, v);
            }
            return self.check_types(params, frame, site);
        }
        let mut given = vec![false; params.len()];
        let mut rest = Vec::new();
        for (i, v) in positional.into_iter().enumerate() {
            match params.get(i) {
                Some(p) if !p.expand => {
                    frame.set(p.slot, v);
                    given[i] = true;
                }
                _ => rest.push(v),
            }
        }
        if let Some(last) = params.last().filter(|p| p.expand) {
            frame.set(last.slot, Value::list(rest));
            if let Some(g) = given.last_mut() {
                *g = true;
            }
        }
        for (name, v) in named {
            if let Some(i) = params.iter().position(|p| p.name == name) {
                frame.set(params[i].slot, v);
                given[i] = true;
            }
        }
        let cx = Cx { frame, this };
        for (i, p) in params.iter().enumerate() {
            if given[i] {
                continue;
            }
            if let Some(d) = &p.default {
                let v = self.eval_value(d, &cx)?;
                frame.set(p.slot, v);
            }
        }
        self.check_types(params, frame, site)
    }

    /// Checks the declared types of the parameters bound in `frame`
    /// (`Nothing` passes every check).
    fn check_types(
        &self,
        params: &[ParamIR],
        frame: &Frame,
        site: &CallSite<'_>,
    ) -> EvalResult<()> {
        for p in params {
            if p.ty.is_some() && !p.expand {
                self.check_type(p, &frame.get(p.slot), site)?;
            }
        }
        Ok(())
    }

    /// Checks the declared types of parameters given one value each, in
    /// order.
    pub(crate) fn check_argument_types(
        &self,
        params: &[ParamIR],
        values: &[Value],
        site: &CallSite<'_>,
    ) -> EvalResult<()> {
        for (p, v) in params.iter().zip(values) {
            if p.ty.is_some() && !p.expand {
                self.check_type(p, v, site)?;
            }
        }
        Ok(())
    }

    /// Checks that `v` has the declared type of `p` (`Nothing` passes).
    fn check_type(&self, p: &ParamIR, v: &Value, site: &CallSite<'_>) -> EvalResult<()> {
        let Some(ty) = &p.ty else { return Ok(()) };
        if matches!(v, Value::Nothing) {
            return Ok(());
        }
        let class = self.class_ref(ty)?;
        if self.is_instance(v, &class) {
            return Ok(());
        }
        Err(EvalError::of(
            ErrorKind::TypeMismatch,
            format!(
                "Argument `{}` ({}) has type `{}`, which does not match expected type `{}`",
                p.name,
                site.location(),
                self.class_name_of(v),
                class.qualified
            ),
        ))
    }
}
