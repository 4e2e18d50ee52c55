//! The registry of methods, static members and global functions of the
//! built-in classes.
//!
//! One table per family of classes describes every method: its name, the
//! class whose instances answer it (every value whose class descends from
//! that class does), its parameters, its documentation and what it
//! computes. Dispatch, help, completion and docs/REFERENCE.md all read the
//! same tables. Within a table, entries for more specific classes come
//! first (dispatch takes the first entry that applies).

mod boards;
mod collections;
mod games;
mod loopy;
pub mod misere;
mod objects;
mod rulesets;
mod strings;
mod surreal;

use crate::classes::builtin::{self, Builtin, BUILTINS};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::{Closure, Interp, NativeFn};
use crate::value::{ClassValue, Player, Value};
use onag_core::game::Game;
use onag_core::number::{Dyadic, Integer, Rational};
use std::rc::Rc;

pub use boards::{graph_index, show_edge, show_vertex};
pub use objects::{ENUM_MEMBERS, OBJECT_MEMBERS};

/// A method implementation: the interpreter, the receiver, the arguments
/// (positional, then the keyword parameters in order, `Nothing` when not
/// given).
pub type MethodFn = fn(&Interp, &Value, &[Value]) -> EvalResult;

/// A method: `receiver.Name(params)`.
pub struct MethodDef {
    /// The method's name.
    pub name: &'static str,
    /// The class whose instances answer it.
    pub receiver: Builtin,
    /// The parameters; optional ones end in `?` (and come last).
    pub params: &'static [&'static str],
    /// Optional keyword parameters (`twisted => true`): their values follow
    /// the positional arguments, Nothing when not given.
    pub keywords: &'static [&'static str],
    /// What it computes.
    pub doc: &'static str,
    call: MethodFn,
}

/// A static member implementation: the interpreter and the arguments.
pub type StaticFn = fn(&Interp, &[Value]) -> EvalResult;

/// A member of a class object: `Grid.Empty(r, c)`, `Coordinates.North`,
/// `System.Print(x)`, and `Eval` for classes that can be called
/// (`MutableList([1, 2])`).
pub struct StaticDef {
    /// The class.
    pub class: Builtin,
    /// The member's name.
    pub name: &'static str,
    /// The parameters; optional ones end in `?`.
    pub params: &'static [&'static str],
    /// Optional keyword parameters, passed after the positional ones
    /// (Nothing when not given).
    pub keywords: &'static [&'static str],
    /// What it gives.
    pub doc: &'static str,
    call: StaticFn,
}

/// A global function implementation.
pub type FunctionFn = fn(&Interp, Vec<Value>) -> EvalResult;

/// A global function: `Name(params)`.
pub struct FunctionDef {
    /// The function's name.
    pub name: &'static str,
    /// The parameters.
    pub params: &'static [&'static str],
    /// What it computes.
    pub doc: &'static str,
    call: FunctionFn,
}

macro_rules! method {
    ($name:literal, $recv:ident, [$($p:literal),*], $doc:literal, $f:expr) => {
        $crate::methods::MethodDef { name: $name, receiver: $crate::classes::builtin::Builtin::$recv, params: &[$($p),*], keywords: &[], doc: $doc, call: $f }
    };
    ($name:literal, $recv:ident, [$($p:literal),*], keywords [$($k:literal),*], $doc:literal, $f:expr) => {
        $crate::methods::MethodDef { name: $name, receiver: $crate::classes::builtin::Builtin::$recv, params: &[$($p),*], keywords: &[$($k),*], doc: $doc, call: $f }
    };
}
pub(crate) use method;

macro_rules! static_method {
    ($class:ident . $name:literal, [$($p:literal),*], $doc:literal, $f:expr) => {
        $crate::methods::StaticDef { class: $crate::classes::builtin::Builtin::$class, name: $name, params: &[$($p),*], keywords: &[], doc: $doc, call: $f }
    };
    ($class:ident . $name:literal, [$($p:literal),*], keywords [$($k:literal),*], $doc:literal, $f:expr) => {
        $crate::methods::StaticDef { class: $crate::classes::builtin::Builtin::$class, name: $name, params: &[$($p),*], keywords: &[$($k),*], doc: $doc, call: $f }
    };
}
pub(crate) use static_method;

macro_rules! function {
    ($name:literal, [$($p:literal),*], $doc:literal, $f:expr) => {
        FunctionDef { name: $name, params: &[$($p),*], doc: $doc, call: $f }
    };
}

/// The method tables, most specific receivers first within each.
const TABLES: &[&[MethodDef]] = &[
    misere::METHODS,
    misere::COMPOUNDS,
    rulesets::METHODS,
    games::METHODS,
    loopy::METHODS,
    surreal::METHODS,
    strings::METHODS,
    collections::METHODS,
    boards::METHODS,
    objects::METHODS,
];

/// Every method.
pub fn all() -> impl Iterator<Item = &'static MethodDef> {
    TABLES.iter().flat_map(|t| t.iter())
}

/// Every method, as one list (for help and completion).
pub static METHODS: std::sync::LazyLock<Vec<&'static MethodDef>> =
    std::sync::LazyLock::new(|| all().collect());

/// The methods of each name, in table order.
static BY_NAME: std::sync::LazyLock<rustc_hash::FxHashMap<&'static str, Vec<&'static MethodDef>>> =
    std::sync::LazyLock::new(|| {
        let mut map: rustc_hash::FxHashMap<&'static str, Vec<&'static MethodDef>> =
            rustc_hash::FxHashMap::default();
        for m in all() {
            map.entry(m.name).or_default().push(m);
        }
        map
    });

/// The methods of this name, in table order.
fn methods_named(name: &str) -> &'static [&'static MethodDef] {
    BY_NAME.get(name).map_or(&[], Vec::as_slice)
}

/// Each built-in class's ancestry (itself and `Object` included), as a
/// bit set indexed by [`Builtin`] and held in a vector indexed by it, so
/// that a method's receiver class is checked without hashing.
static NATIVE_ANCESTRY: std::sync::LazyLock<Vec<u128>> = std::sync::LazyLock::new(|| {
    fn bit(b: Builtin) -> u128 {
        1u128 << (b as usize)
    }
    fn add(b: Builtin, out: &mut u128) {
        if *out & bit(b) == 0 {
            *out |= bit(b);
            for p in builtin::def(b)
                .parents
                .iter()
                .filter_map(|q| builtin::by_qualified(q))
            {
                add(p, out);
            }
        }
    }
    let mut table = Vec::new();
    for d in BUILTINS {
        let i = d.id as usize;
        if table.len() <= i {
            table.resize(i + 1, 0);
        }
        let mut set = bit(Builtin::Object);
        add(d.id, &mut set);
        table[i] = set;
    }
    table
});

const STATIC_TABLES: &[&[StaticDef]] = &[
    collections::STATICS,
    strings::STATICS,
    boards::STATICS,
    objects::STATICS,
    misere::STATICS,
];

/// Every static member of a built-in class.
pub fn statics() -> impl Iterator<Item = &'static StaticDef> {
    STATIC_TABLES.iter().flat_map(|t| t.iter())
}

/// Every global function.
pub static FUNCTIONS: &[FunctionDef] = &[
    function!(
        "Tiny",
        ["g"],
        "Tiny(G) = {0 || 0 | -G}, for a short game or a canonical stopper.",
        |i, a| match arg(&a, 0)? {
            g @ Value::Loopy(_) => loopy::tiny(g),
            g => Ok(Value::game(game_of(i, g)?.tiny())),
        }
    ),
    function!(
        "Miny",
        ["g"],
        "Miny(G) = {G | 0 || 0}, for a short game or a canonical stopper.",
        |i, a| match arg(&a, 0)? {
            g @ Value::Loopy(_) => loopy::miny(g),
            g => Ok(Value::game(game_of(i, g)?.miny())),
        }
    ),
    function!(
        "Max",
        ["collection"],
        "The largest element (the collection's Max).",
        |i, a| { collections::extreme(i, &collections::elements(i, arg(&a, 0)?)?, true) }
    ),
    function!(
        "Min",
        ["collection"],
        "The smallest element (the collection's Min).",
        |i, a| { collections::extreme(i, &collections::elements(i, arg(&a, 0)?)?, false) }
    ),
    function!(
        "Mex",
        ["collection"],
        "The least non-negative integer not in the collection.",
        |i, a| { collections::mex(&collections::elements(i, arg(&a, 0)?)?) }
    ),
    function!(
        "Sum",
        ["collection"],
        "The sum of the elements, in order.",
        |i, a| { collections::sum(i, &collections::elements(i, arg(&a, 0)?)?) }
    ),
    function!(
        "FromSignExpansion",
        ["s"],
        "The number whose sign expansion s writes, as SignExpansion prints it (\"+-+\" is 3/4; SURREAL 9).",
        |_, a| surreal::from_sign_expansion(&string_arg(&a, 0)?)
    ),
    function!(
        "MisereQuotient",
        ["ruleset", "maxHeap"],
        "The misère quotient of a heap ruleset (Kayles, TakeAndBreak(\"0.75\"), Subtraction([1,2])...) for heaps up to maxHeap, certified heap by heap; it prints its presentation and answers Size, PSize, Phi, IsTame, MultiplicationTable and Outcome(heaps) (MISERE 11).",
        misere::misere_quotient
    ),
    function!(
        "Plot",
        ["games", "file"],
        "Draw the thermographs of a game or a list of games, overlaid, to a .svg or .png file.",
        |_, a| {
            crate::picture::write(&crate::picture::plot_of(arg(&a, 0)?)?, &string_arg(&a, 1)?)
        }
    ),
];

/// The global function of this name as a value.
pub fn function_value(name: &str) -> Option<Value> {
    FUNCTIONS
        .iter()
        .find(|f| f.name == name)
        .map(|f| Value::Function(Rc::new(Closure::Native(f))))
}

/// Calls a global function.
pub fn call_function_def(
    interp: &Interp,
    def: &'static FunctionDef,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    if let Some((k, _)) = named.first() {
        return Err(EvalError::of(
            ErrorKind::Call,
            format!("Invalid parameter name (in call to `{}`): `{k}`", def.name),
        ));
    }
    check_arity(def.name, def.params, &positional)?;
    (def.call)(interp, positional)
}

/// True when native class `b` is `target` or descends from it.
pub fn native_is_a(b: Builtin, target: Builtin) -> bool {
    b == target
        || target == Builtin::Object
        || NATIVE_ANCESTRY
            .get(b as usize)
            .is_some_and(|a| a & (1u128 << (target as usize)) != 0)
}

impl Builtin {
    /// Whether methods of this receiver class can be offered for `v` (as
    /// completions), decided from the kind of `v` alone: a position is
    /// offered position and game methods without computing its canonical
    /// form.
    pub fn offers(self, v: &Value) -> bool {
        let b = match v {
            Value::Game(_) => Builtin::CanonicalShortGame,
            other => builtin::builtin_of(other).unwrap_or(Builtin::Object),
        };
        native_is_a(b, self)
            || (matches!(v, Value::Position(_)) && native_is_a(Builtin::CanonicalShortGame, self))
    }
}

/// True when values of class `b` answer a method of this name.
pub fn has_method(b: Builtin, name: &str) -> bool {
    methods_named(name)
        .iter()
        .any(|m| native_is_a(b, m.receiver))
}

/// The error for a member a value does not have.
pub fn not_a_method(interp: &Interp, name: &str, receiver: &Value) -> EvalError {
    EvalError::no_member(name, &interp.class_name_of(receiver))
}

/// Calls `receiver.name(args)` on a value held natively.
pub fn call_method(
    interp: &Interp,
    receiver: &Value,
    name: &str,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    // Games dispatch as canonical short games: no method is declared for
    // their subclasses, and telling them apart costs time.
    let b = match receiver {
        Value::Game(_) => Builtin::CanonicalShortGame,
        other => builtin::builtin_of(other).unwrap_or(Builtin::Object),
    };
    let found = methods_named(name)
        .iter()
        .copied()
        .find(|m| native_is_a(b, m.receiver));
    let Some(def) = found else {
        if let Value::Position(p) = receiver {
            // Game methods of a position are those of its canonical form.
            if has_method(Builtin::CanonicalShortGame, name)
                || has_method(Builtin::DyadicRational, name)
            {
                let g = Value::game(p.canonical_form()?);
                return call_method(interp, &g, name, positional, named);
            }
        }
        return Err(not_a_method(interp, name, receiver));
    };
    invoke_def(interp, def, receiver, positional, named)
}

/// Calls a registry method with its argument checks; errors of a method
/// that are not CGSuite's own texts are prefixed with its name.
fn invoke_def(
    interp: &Interp,
    def: &MethodDef,
    receiver: &Value,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    let name = def.name;
    if let Some((k, _)) = named.iter().find(|(k, _)| !def.keywords.contains(&&**k)) {
        return Err(EvalError::of(
            ErrorKind::Call,
            format!("{name}: unknown keyword argument `{k}`"),
        ));
    }
    check_arity(name, def.params, &positional)?;
    let mut args = positional;
    for k in def.keywords {
        args.push(
            named
                .iter()
                .find(|(n, _)| &**n == *k)
                .map_or(Value::Nothing, |(_, v)| v.clone()),
        );
    }
    (def.call)(interp, receiver, &args).map_err(|e| named_error(interp, name, receiver, e))
}

/// Prefixes an error of a method with the method's name (for messages of
/// onag's own; CGSuite's texts are kept as they are), and turns a
/// ruleset's "has no method" into the one wording for a missing member.
fn named_error(interp: &Interp, name: &str, receiver: &Value, e: EvalError) -> EvalError {
    if e.message.ends_with(&format!("has no method `{name}`")) {
        return EvalError {
            span: e.span,
            ..not_a_method(interp, name, receiver)
        };
    }
    if !matches!(e.kind, ErrorKind::Other | ErrorKind::Domain) || e.message.starts_with(name) {
        return e;
    }
    let mut chars = e.message.chars();
    let message = match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase() => {
            format!("{name}: {}{}", a.to_lowercase(), &e.message[a.len_utf8()..])
        }
        _ => format!("{name}: {}", e.message),
    };
    EvalError { message, ..e }
}

/// A member every object answers (`Class`, `ToString`...), for an
/// instance of a CGScript class that has no member of this name.
pub fn call_object_method(
    interp: &Interp,
    receiver: &Value,
    class: &str,
    name: &str,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    match objects::METHODS
        .iter()
        .find(|m| m.name == name && m.receiver == Builtin::Object)
    {
        Some(def) => invoke_def(interp, def, receiver, positional, named),
        None => Err(EvalError::no_member(name, class)),
    }
}

/// A member of a class object: `Name`, `QualifiedName`, `Ordinal`, and
/// what every object answers.
pub fn call_class_object_method(
    interp: &Interp,
    cv: &ClassValue,
    name: &str,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    let v = Value::Class(Rc::new(cv.clone()));
    match call_method(interp, &v, name, positional, named) {
        Err(e) if e.kind == ErrorKind::NoSuchMember => {
            Err(EvalError::no_member(name, "cgsuite.lang.Class"))
        }
        other => other,
    }
}

/// The static members of the built-in classes by class and name.
static STATIC_INDEX: std::sync::LazyLock<
    rustc_hash::FxHashMap<(Builtin, &'static str), &'static StaticDef>,
> = std::sync::LazyLock::new(|| {
    let mut map = rustc_hash::FxHashMap::default();
    for s in statics() {
        map.entry((s.class, s.name)).or_insert(s);
    }
    map
});

/// The static member `name` of built-in class `b` (the first declared,
/// when a name is declared twice).
fn static_def(b: Builtin, name: &str) -> Option<&'static StaticDef> {
    STATIC_INDEX.get(&(b, name)).copied()
}

/// True when built-in class `b` has a static member of this name.
pub fn has_static(b: Builtin, name: &str) -> bool {
    static_def(b, name).is_some()
}

/// Calls a static member of a built-in class (`Eval` for `C(args)`).
pub fn call_static(
    interp: &Interp,
    b: Builtin,
    name: &str,
    positional: Vec<Value>,
    named: Vec<(Rc<str>, Value)>,
) -> EvalResult {
    let Some(def) = static_def(b, name) else {
        let qualified = builtin::def(b).qualified;
        if name == "Eval" {
            return Err(EvalError::of(
                ErrorKind::NoSuchMember,
                format!("No method `Eval` for class: `{qualified}`"),
            ));
        }
        return Err(EvalError::no_member(name, "cgsuite.lang.Class"));
    };
    let qualified = || builtin::def(b).qualified;
    if let Some((k, _)) = named.iter().find(|(k, _)| !def.keywords.contains(&&**k)) {
        return Err(EvalError::of(
            ErrorKind::Call,
            format!(
                "Invalid parameter name (in call to `{}.{name}`): `{k}`",
                qualified()
            ),
        ));
    }
    if !arity_fits(def.params, positional.len()) {
        let label = if name == "Eval" {
            builtin::short(qualified()).to_string()
        } else {
            format!("{}.{name}", builtin::short(qualified()))
        };
        check_arity(&label, def.params, &positional)?;
    }
    let mut args = positional;
    for k in def.keywords {
        args.push(
            named
                .iter()
                .find(|(n, _)| &**n == *k)
                .map_or(Value::Nothing, |(_, v)| v.clone()),
        );
    }
    (def.call)(interp, &args)
}

/// True when `count` arguments fit these parameters (those ending in `?`
/// are optional and come last).
fn arity_fits(params: &[&str], count: usize) -> bool {
    let required = params.iter().filter(|p| !p.ends_with('?')).count();
    (required..=params.len()).contains(&count)
}

/// Parameters ending in `?` are optional (and come last).
fn check_arity(name: &str, params: &[&str], args: &[Value]) -> EvalResult<()> {
    if arity_fits(params, args.len()) {
        return Ok(());
    }
    let required = params.iter().filter(|p| !p.ends_with('?')).count();
    let expected = match (required, params.len()) {
        (_, 0) => "no arguments".to_string(),
        (r, n) if r == n => format!(
            "{n} argument{} ({})",
            if n == 1 { "" } else { "s" },
            params.join(", ")
        ),
        (r, n) => format!("{r} to {n} arguments ({})", params.join(", ")),
    };
    Err(EvalError::of(
        ErrorKind::Call,
        format!("{name} expects {expected}, got {}", args.len()),
    ))
}

// ---------------------------------------------------------------------------
// Argument helpers shared by the tables.
// ---------------------------------------------------------------------------

fn arg(a: &[Value], i: usize) -> EvalResult<&Value> {
    a.get(i)
        .ok_or_else(|| EvalError::of(ErrorKind::Call, "Missing argument"))
}

fn class_name(v: &Value) -> String {
    builtin::builtin_of(v).map_or_else(
        || match v {
            Value::Instance(i) => i.class.qualified.to_string(),
            _ => "cgsuite.lang.Object".to_string(),
        },
        |b| builtin::def(b).qualified.to_string(),
    )
}

fn int(v: &Value) -> EvalResult<Integer> {
    v.as_integer()
        .ok_or_else(|| EvalError::expected("game.Integer", &class_name(v)))
}

fn int_arg(a: &[Value], i: usize) -> EvalResult<Integer> {
    int(arg(a, i)?)
}

/// A machine integer argument.
fn i64_arg(a: &[Value], i: usize) -> EvalResult<i64> {
    let n = int_arg(a, i)?;
    n.to_i64()
        .ok_or_else(|| EvalError::of(ErrorKind::Index, "Overflow."))
}

fn num(v: &Value) -> EvalResult<Rational> {
    match v {
        Value::Number(r) => Ok(r.clone()),
        _ => Err(EvalError::expected("game.Rational", &class_name(v))),
    }
}

fn dyadic(v: &Value) -> EvalResult<Dyadic> {
    num(v)?.to_dyadic().ok_or_else(|| {
        EvalError::of(
            ErrorKind::Domain,
            format!("Expected a dyadic rational, got {v}"),
        )
    })
}

fn dyadic_arg(a: &[Value], i: usize) -> EvalResult<Dyadic> {
    dyadic(arg(a, i)?)
}

/// The short game a natively held value denotes.
fn game(v: &Value) -> EvalResult<Game> {
    match v {
        Value::Game(g) => Ok(*g),
        Value::Number(r) => r.to_dyadic().map(Game::number).ok_or_else(|| {
            EvalError::of(
                ErrorKind::TypeMismatch,
                format!("{r} is not a dyadic rational, so it is not a short game"),
            )
        }),
        Value::Position(p) => Ok(p.canonical_form()?),
        other => Err(EvalError::expected(
            "game.CanonicalShortGame",
            &class_name(other),
        )),
    }
}

/// The short game any value denotes (user game objects included).
fn game_of(interp: &Interp, v: &Value) -> EvalResult<Game> {
    interp.to_game(v)
}

fn game_arg(a: &[Value], i: usize) -> EvalResult<Game> {
    game(arg(a, i)?)
}

fn string_arg(a: &[Value], i: usize) -> EvalResult<String> {
    match arg(a, i)? {
        Value::Str(s) => Ok(s.to_string()),
        v => Err(EvalError::expected("cgsuite.lang.String", &class_name(v))),
    }
}

fn player_arg(a: &[Value], i: usize) -> EvalResult<Player> {
    match arg(a, i)? {
        Value::Player(p) => Ok(*p),
        v => Err(EvalError::expected("game.Player", &class_name(v))),
    }
}

fn function_arg(a: &[Value], i: usize, arity: usize) -> EvalResult<&Value> {
    let f = arg(a, i)?;
    match f {
        Value::Function(c) => {
            if let Some(n) = c.arity().filter(|&n| n != arity) {
                return Err(EvalError::of(
                    ErrorKind::Call,
                    format!(
                        "Function has invalid number of parameters (expecting {arity}, has {n})."
                    ),
                ));
            }
            Ok(f)
        }
        other => Err(EvalError::expected(
            "cgsuite.lang.Function",
            &class_name(other),
        )),
    }
}

fn game_list(games: Vec<Game>) -> Value {
    Value::list(games.into_iter().map(Value::game).collect())
}

fn game_set(games: Vec<Game>) -> Value {
    Value::set(games.into_iter().map(Value::game).collect())
}

/// The list of the qualified names of every built-in class (for the
/// reference page).
pub fn builtin_classes() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|d| d.qualified)
}

/// A native method body for the embedded library, reading `this`.
pub fn native_this<'a>(cx: &'a crate::interp::Cx<'_>) -> EvalResult<&'a Value> {
    cx.this.ok_or_else(|| {
        EvalError::of(
            ErrorKind::UndefinedName,
            "`this` is only valid inside a class",
        )
    })
}

#[allow(dead_code)]
fn unused(_: NativeFn) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_class_has_a_bit_of_the_ancestry_set() {
        assert!(BUILTINS.iter().all(|d| (d.id as usize) < 128));
    }

    #[test]
    fn ancestry_is_reflexive_transitive_and_reaches_object() {
        assert!(native_is_a(Builtin::Integer, Builtin::Integer));
        assert!(native_is_a(Builtin::Integer, Builtin::Object));
        assert!(native_is_a(Builtin::Integer, Builtin::DyadicRational));
        assert!(native_is_a(Builtin::Integer, Builtin::CanonicalShortGame));
        assert!(!native_is_a(Builtin::DyadicRational, Builtin::Integer));
        assert!(!native_is_a(Builtin::Integer, Builtin::Grid));
    }
}
