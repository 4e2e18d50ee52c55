//! The interpreter: a session (its variables, its classes, its output) and
//! the evaluation of the resolved tree.
//!
//! [`Interp`] is a cheap handle on a session (an `Rc`), so that functions
//! handed to rulesets and the positions of user-defined games can call back
//! into it. Each input is parsed, compiled ([`crate::compile`]) and run in a
//! fresh frame. Evaluation is recursive over the tree and grows the stack on
//! demand; CGScript calls are counted, and nesting deeper than
//! [`MAX_CALL_DEPTH`] is the error `Maximum recursive depth exceeded.
//! (Possible infinite recursion?)`. Every loop iteration and every call
//! checks for a stop request (Ctrl-C, time limits).

mod call;
pub(crate) mod eval;
mod loops;
mod loopy;
pub(crate) mod objects;
pub mod ops;

use crate::classes::ClassTable;
use crate::compile::ir::{FunctionIR, GlobalRef};
use crate::compile::Compiler;
use crate::error::{Error, ErrorKind, EvalError, EvalResult};
use crate::methods::FunctionDef;
use crate::parser::parse_program;
use crate::value::Value;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::rc::{Rc, Weak};

pub use call::{CallSite, Named};
pub use objects::Args;

/// The deepest nesting of CGScript calls (functions, methods,
/// constructors) before `Maximum recursive depth exceeded. (Possible
/// infinite recursion?)` (SCRIPTING 3.4).
pub const MAX_CALL_DEPTH: usize = 10_000;

/// A natively implemented method body (an `external` method of the
/// embedded library): it reads `this` and its arguments from the context.
pub type NativeFn = fn(&Interp, &Cx<'_>) -> EvalResult;

/// A run-time frame: the slots of one call's (or one loop iteration's)
/// local variables, and the frame it was created in.
pub struct Frame {
    slots: RefCell<SmallVec<[Value; FRAME_INLINE]>>,
    parent: Option<Rc<Frame>>,
}

/// The number of slots a frame holds without a second allocation (most
/// methods and loop iterations need fewer).
const FRAME_INLINE: usize = 6;

impl Frame {
    /// A frame of `size` slots, all `Nothing`.
    pub fn new(size: u32, parent: Option<Rc<Frame>>) -> Rc<Frame> {
        Rc::new(Frame {
            slots: RefCell::new(smallvec::smallvec![Value::Nothing; size as usize]),
            parent,
        })
    }

    /// The value in a slot.
    pub fn get(&self, slot: u32) -> Value {
        self.slots
            .borrow()
            .get(slot as usize)
            .cloned()
            .unwrap_or(Value::Nothing)
    }

    /// Stores a value in a slot.
    pub fn set(&self, slot: u32, v: Value) {
        if let Some(s) = self.slots.borrow_mut().get_mut(slot as usize) {
            *s = v;
        }
    }

    /// The frame `depth` levels out (0 is this one).
    pub fn outer(self: &Rc<Frame>, depth: u32) -> Option<&Rc<Frame>> {
        let mut f = self;
        for _ in 0..depth {
            f = f.parent.as_ref()?;
        }
        Some(f)
    }
}

/// A function value.
pub enum Closure {
    /// A lambda or `def`: its code, the frame it was created in, and the
    /// object of the method it was created in.
    Script {
        /// The code.
        func: Rc<FunctionIR>,
        /// The captured frame.
        env: Option<Rc<Frame>>,
        /// `this` where the lambda was created.
        this: Option<Value>,
    },
    /// A global function of the registry (`Tiny`, `Max`...).
    Native(&'static FunctionDef),
}

impl Closure {
    /// The number of parameters (for collection methods' arity checks).
    pub fn arity(&self) -> Option<usize> {
        match self {
            Closure::Script { func, .. } => Some(func.params.len()),
            Closure::Native(def) => Some(def.params.len()),
        }
    }

    /// How the function prints: its source.
    pub fn text(&self) -> &str {
        match self {
            Closure::Script { func, .. } => &func.text,
            Closure::Native(def) => def.name,
        }
    }
}

/// The context code runs in: the current frame and object.
pub struct Cx<'a> {
    /// The current frame.
    pub frame: &'a Rc<Frame>,
    /// `this`, in class code.
    pub this: Option<&'a Value>,
}

/// Why evaluation left a node other than with a value: an error, or a
/// `break`, `continue` or `return` on its way to the loop or function it
/// leaves.
pub enum Signal {
    /// An error.
    Error(Box<EvalError>),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`, with its value.
    Return(Box<Value>),
}

impl From<EvalError> for Signal {
    fn from(e: EvalError) -> Signal {
        Signal::Error(Box::new(e))
    }
}

impl Signal {
    /// The error, for a signal that must be one here.
    fn into_error(self) -> EvalError {
        match self {
            Signal::Error(e) => *e,
            Signal::Break => EvalError::of(ErrorKind::ControlFlow, "`break` outside of a loop"),
            Signal::Continue => {
                EvalError::of(ErrorKind::ControlFlow, "`continue` outside of a loop")
            }
            Signal::Return(_) => EvalError::of(
                ErrorKind::ControlFlow,
                "`return` outside of a function or method",
            ),
        }
    }
}

/// The result of evaluating a node.
pub type Flow<T = Value> = Result<T, Signal>;

/// Where `System.Print` output goes.
enum Printer {
    /// Kept until the host takes it.
    Buffer(Vec<String>),
    /// Handed to the host at once.
    Callback(Box<dyn FnMut(&str)>),
}

/// A session: variables, classes, output.
pub struct Session {
    globals: RefCell<Vec<Option<Value>>>,
    global_names: RefCell<FxHashMap<Rc<str>, usize>>,
    global_list: RefCell<Vec<Rc<str>>>,
    classes: Rc<ClassTable>,
    depth: Cell<usize>,
    /// Levels of nested evaluation (for the stack checks of
    /// [`Interp::eval`]).
    nesting: Cell<u32>,
    printer: RefCell<Printer>,
    /// The last script called ended with `;`: an input that is just that
    /// call prints nothing (SCRIPTING 6.1).
    quiet_script: Cell<bool>,
}

/// An interpreter session: variables and loaded classes persist across
/// inputs. Cloning gives another handle on the same session.
#[derive(Clone)]
pub struct Interp {
    s: Rc<Session>,
}

impl Default for Interp {
    fn default() -> Interp {
        Interp::new()
    }
}

impl Interp {
    /// A new session.
    pub fn new() -> Interp {
        Interp {
            s: Rc::new(Session {
                globals: RefCell::new(Vec::new()),
                global_names: RefCell::new(FxHashMap::default()),
                global_list: RefCell::new(Vec::new()),
                classes: Rc::new(ClassTable::new()),
                depth: Cell::new(0),
                nesting: Cell::new(0),
                printer: RefCell::new(Printer::Buffer(Vec::new())),
                quiet_script: Cell::new(false),
            }),
        }
    }

    /// A copy of the session: the same classes and variable values, its own
    /// variables from now on and its own output (kept, never printed), for
    /// evaluating something without touching the session (completion).
    pub fn snapshot(&self) -> Interp {
        Interp {
            s: Rc::new(Session {
                globals: RefCell::new(self.s.globals.borrow().clone()),
                global_names: RefCell::new(self.s.global_names.borrow().clone()),
                global_list: RefCell::new(self.s.global_list.borrow().clone()),
                classes: self.s.classes.clone(),
                depth: Cell::new(0),
                nesting: Cell::new(0),
                printer: RefCell::new(Printer::Buffer(Vec::new())),
                quiet_script: Cell::new(false),
            }),
        }
    }

    /// A weak handle, for callbacks that must not keep the session alive.
    pub fn downgrade(&self) -> Weak<Session> {
        Rc::downgrade(&self.s)
    }

    /// The session of a weak handle, if it is still alive.
    pub fn upgrade(weak: &Weak<Session>) -> Option<Interp> {
        weak.upgrade().map(|s| Interp { s })
    }

    /// Parse and run one input (a line or a script): the value of the last
    /// statement, or None when the input ends with `;` or is empty. A stop
    /// request (Ctrl-C, a time limit) ends it with an error of kind
    /// [`ErrorKind::Interrupted`]; the session stays usable.
    pub fn run(&mut self, src: &str) -> Result<Option<Value>, Error> {
        crate::print::set_current(self);
        self.s.quiet_script.set(false);
        let program = parse_program(src).map_err(Error::Parse)?;
        let silent = program.trailing_semicolon || program.statements.is_empty();
        let ends_in_call = matches!(
            program.statements.last(),
            Some(crate::ast::Stmt::Expr(crate::ast::Expr {
                kind: crate::ast::ExprKind::Call { .. },
                ..
            }))
        );
        self.s.classes.refresh();
        let result = self.guarded(move |interp| {
            // The compiler consumes the syntax tree: it is released as it is
            // compiled, before the input runs.
            let func = Compiler::worksheet(interp).input(program)?;
            interp.run_function(&func)
        });
        let value = result.map_err(Error::Eval)?;
        let quiet_call = self.s.quiet_script.replace(false) && ends_in_call;
        Ok(if silent || quiet_call {
            None
        } else {
            Some(value)
        })
    }

    /// Runs `f`, turning a stop request into an error and restoring the
    /// call depth afterwards.
    pub(crate) fn guarded<T>(&self, f: impl FnOnce(&Interp) -> EvalResult<T>) -> EvalResult<T> {
        let depth = self.s.depth.get();
        let nesting = self.s.nesting.get();
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| f(self)));
        self.s.depth.set(depth);
        self.s.nesting.set(nesting);
        match outcome {
            Ok(result) => result,
            Err(payload) if onag_core::interrupt::is_interrupted(&*payload) => {
                Err(EvalError::of(ErrorKind::Interrupted, "Interrupted"))
            }
            Err(payload) => panic::resume_unwind(payload),
        }
    }

    /// Runs a compiled input in a fresh frame.
    fn run_function(&self, func: &Rc<FunctionIR>) -> EvalResult {
        let frame = Frame::new(func.frame_size, None);
        let cx = Cx {
            frame: &frame,
            this: None,
        };
        match self.eval(&func.body, &cx) {
            Ok(v) => Ok(v),
            Err(Signal::Return(v)) => Ok(*v),
            Err(s) => Err(s.into_error().in_source(&func.source)),
        }
    }

    /// The value printed as the session prints it: instances through their
    /// `ToOutput` method, whose errors are reported.
    pub fn render(&self, v: &Value) -> Result<String, Error> {
        crate::print::set_current(self);
        self.guarded(|interp| crate::print::render(interp, v))
            .map_err(Error::Eval)
    }

    /// Parse, run and print one input: its printed value, or None when it
    /// ends with `;`.
    pub fn run_to_text(&mut self, src: &str) -> Result<Option<String>, Error> {
        match self.run(src)? {
            Some(v) => self.render(&v).map(Some),
            None => Ok(None),
        }
    }

    /// The value of a session variable.
    pub fn global(&self, name: &str) -> Option<Value> {
        let index = *self.s.global_names.borrow().get(name)?;
        self.s.globals.borrow().get(index).cloned().flatten()
    }

    /// Names of the session variables that have a value, for completion.
    pub fn global_names(&self) -> impl Iterator<Item = String> {
        let globals = self.s.globals.borrow();
        let names: Vec<String> = self
            .s
            .global_list
            .borrow()
            .iter()
            .enumerate()
            .filter(|(i, _)| globals.get(*i).is_some_and(Option::is_some))
            .map(|(_, n)| n.to_string())
            .collect();
        names.into_iter()
    }

    /// Apply a function value (or anything callable) to arguments.
    pub fn apply(&self, f: &Value, args: Vec<Value>) -> EvalResult {
        self.call_value(f, args, Vec::new(), &CallSite::Function)
    }

    /// Sends `System.Print` output to `f` as it happens (by default it is
    /// kept until [`Interp::take_printed`]).
    pub fn set_printer(&self, f: Box<dyn FnMut(&str)>) {
        *self.s.printer.borrow_mut() = Printer::Callback(f);
    }

    /// The `System.Print` output kept so far.
    pub fn take_printed(&self) -> Vec<String> {
        match &mut *self.s.printer.borrow_mut() {
            Printer::Buffer(lines) => std::mem::take(lines),
            Printer::Callback(_) => Vec::new(),
        }
    }

    /// Prints a line for `System.Print`.
    pub(crate) fn print_line(&self, text: &str) {
        // Take the printer out while it runs: it may print again.
        let mut printer = std::mem::replace(
            &mut *self.s.printer.borrow_mut(),
            Printer::Buffer(Vec::new()),
        );
        match &mut printer {
            Printer::Buffer(lines) => lines.push(text.to_string()),
            Printer::Callback(f) => f(text),
        }
        let mut current = self.s.printer.borrow_mut();
        if let (Printer::Buffer(during), Printer::Buffer(lines)) = (&mut *current, &mut printer) {
            lines.append(during);
        }
        *current = printer;
    }

    /// Adds a folder to the library path (after the current folder and the
    /// folders added before).
    pub fn add_library_root(&self, path: impl Into<std::path::PathBuf>) {
        self.s.classes.add_root(path.into());
    }

    /// The folders of the library path, in search order.
    pub fn library_roots(&self) -> Vec<std::path::PathBuf> {
        self.s.classes.roots()
    }

    /// Checks the class files for changes now (the session does before
    /// every input): changed classes are unloaded with their memo tables.
    pub fn reload(&self) {
        self.s.classes.refresh();
    }

    /// The session's classes.
    pub(crate) fn classes(&self) -> &ClassTable {
        &self.s.classes
    }

    /// The reference to session variable `name`, created if new.
    pub(crate) fn global_ref(&self, name: &str) -> crate::compile::ir::GlobalRef {
        let mut names = self.s.global_names.borrow_mut();
        if let Some(&index) = names.get(name) {
            return GlobalRef {
                index,
                name: self.s.global_list.borrow()[index].clone(),
            };
        }
        let name: Rc<str> = name.into();
        let mut list = self.s.global_list.borrow_mut();
        let index = list.len();
        list.push(name.clone());
        names.insert(name.clone(), index);
        self.s.globals.borrow_mut().push(None);
        GlobalRef { index, name }
    }

    fn set_global(&self, g: &GlobalRef, v: Value) {
        let mut globals = self.s.globals.borrow_mut();
        if globals.len() <= g.index {
            globals.resize(g.index + 1, None);
        }
        globals[g.index] = Some(v);
    }

    fn get_global(&self, g: &GlobalRef) -> Option<Value> {
        self.s.globals.borrow().get(g.index).cloned().flatten()
    }

    /// Enters a CGScript call: counts it, checks for a stop request, and
    /// refuses beyond [`MAX_CALL_DEPTH`].
    fn enter_call(&self) -> EvalResult<DepthGuard<'_>> {
        onag_core::interrupt::checkpoint();
        let depth = self.s.depth.get() + 1;
        if depth > MAX_CALL_DEPTH {
            return Err(EvalError::of(
                ErrorKind::ResourceLimit,
                "Maximum recursive depth exceeded. (Possible infinite recursion?)",
            ));
        }
        self.s.depth.set(depth);
        Ok(DepthGuard { s: &self.s })
    }
}

/// Leaves a call when dropped (also when unwinding).
struct DepthGuard<'a> {
    s: &'a Session,
}

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.s.depth.set(self.s.depth.get().saturating_sub(1));
    }
}
