//! Classes and their instances (SCRIPTING 4): the built-in classes of the
//! values the interpreter holds natively ([`builtin`]), and classes
//! declared in CGScript (user files, the embedded library), loaded from the
//! library path ([`loader`]).
//!
//! A class knows its qualified name, its parents and linearised ancestry,
//! the layout of its instances' fields (by name over the whole ancestry,
//! SCRIPTING 4.4), and its members by name: methods (an auto-invoked form
//! and parenthesised overloads), nested classes, static fields. An instance
//! is its class, its enclosing object and its field values; equality and
//! hashing are structural (SCRIPTING 4.11).

pub mod builtin;
pub mod loader;
pub mod table;

pub use table::ClassTable;

use crate::compile::ir::FunctionIR;
use crate::error::Source;
use crate::order::{hash_value, option_order, value_eq, value_order};
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

pub use builtin::Builtin;

/// A class, shared.
pub type ClassRef = Rc<Class>;

/// What kind of class this is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassFlags {
    /// `singleton class`: its name is its one instance.
    pub singleton: bool,
    /// `mutable class`: fields declared `mutable var` may be reassigned.
    pub mutable: bool,
    /// An `enum`.
    pub is_enum: bool,
    /// A `system` class of the embedded library.
    pub system: bool,
}

/// One field of an instance.
#[derive(Clone, Debug)]
pub struct FieldInfo {
    /// The name.
    pub name: Rc<str>,
    /// Declared `mutable var`.
    pub mutable: bool,
    /// A constructor parameter of some class of the ancestry.
    pub parameter: bool,
}

/// A method.
pub struct Method {
    /// The name.
    pub name: Rc<str>,
    /// The qualified name of the class that declares it.
    pub owner: Rc<str>,
    /// `None` for an auto-invoked method (`def Name := ...`).
    pub params: Option<Vec<ParamSig>>,
    /// `static def`.
    pub is_static: bool,
    /// The compiled body (its parameters included).
    pub body: Rc<FunctionIR>,
}

/// A parameter as far as method signatures are concerned.
#[derive(Clone, Debug)]
pub struct ParamSig {
    /// The name.
    pub name: Rc<str>,
    /// The qualified name of its declared class (`Object` when untyped).
    pub ty: Rc<str>,
    /// It has a default.
    pub optional: bool,
    /// `name...`.
    pub expand: bool,
}

impl Method {
    /// `pkg.C.M`, as call errors name it.
    pub fn qualified(&self) -> String {
        format!("{}.{}", self.owner, self.name)
    }

    /// The parameter types, for signatures and error messages.
    pub fn param_types(&self) -> Vec<Rc<str>> {
        self.params.iter().flatten().map(|p| p.ty.clone()).collect()
    }
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.qualified())
    }
}

/// The members of one name: the auto-invoked method, the parenthesised
/// overloads and a nested class (which shadows methods of the same name).
#[derive(Clone, Default, Debug)]
pub struct Members {
    /// `def Name := ...`.
    pub auto: Option<Rc<Method>>,
    /// `def Name(...)`, one per signature.
    pub overloads: Vec<Rc<Method>>,
    /// `class Name ... end` nested in the class or an ancestor.
    pub nested: Option<ClassRef>,
}

/// A static field: its slot in the declaring class.
#[derive(Clone, Debug)]
pub struct StaticInfo {
    /// Index in [`Class::statics`].
    pub index: usize,
    /// `mutable`.
    pub mutable: bool,
}

/// A class.
pub struct Class {
    /// A number unique to this class in this process (reloading a class
    /// gives a new one).
    pub id: u64,
    /// The short name: `Position`.
    pub name: Rc<str>,
    /// The name `Name` answers: `Clobber.Position` for a nested class.
    pub display: Rc<str>,
    /// `examples.Clobber.Position`.
    pub qualified: Rc<str>,
    /// `examples`.
    pub package: Rc<str>,
    /// For a class implemented natively, which one.
    pub native: Option<Builtin>,
    /// The parents, in the order declared.
    pub parents: Vec<ClassRef>,
    /// Every ancestor (not the class itself), each before its
    /// descendants, without repetition.
    pub ancestry: Vec<ClassRef>,
    ancestor_ids: FxHashSet<u64>,
    /// Singleton, mutable, enum, system.
    pub flags: ClassFlags,
    /// The constructor's parameters (as a function whose parameters they
    /// are); `None` when the class has no constructor.
    pub constructor: Option<Rc<FunctionIR>>,
    /// The fields of instances, laid out by name over the ancestry.
    pub fields: Vec<FieldInfo>,
    /// Field name to index.
    pub field_index: FxHashMap<Rc<str>, usize>,
    /// Methods and nested classes by name, inherited ones included.
    pub members: FxHashMap<Rc<str>, Members>,
    /// The class's own static fields' values.
    pub statics: RefCell<Vec<Value>>,
    /// Static field name to slot (own statics only).
    pub static_index: FxHashMap<Rc<str>, StaticInfo>,
    /// The class's own instance initialiser (its `var` initialisers and
    /// initialiser statements in order), run with `this` at construction.
    pub initializer: Option<Rc<FunctionIR>>,
    /// The single instance of a singleton class, once made.
    pub instance: RefCell<Option<Value>>,
    /// The elements of an enum, in order.
    pub elements: RefCell<Vec<Value>>,
    /// The qualified name of the class this one is nested in.
    pub enclosing_class: Option<Rc<str>>,
    /// The class file (for error locations).
    pub source: Option<Arc<Source>>,
    /// The transposition table of game positions of this class for the
    /// session (`onag-rules` `framework::external`), dropped with the class.
    pub games: onag_rules::framework::external::ClassTable<crate::order::Key>,
    /// The class is `game.Game` or extends it.
    pub is_game: bool,
    /// The class is `game.ImpartialGame` or extends it.
    pub is_impartial: bool,
}

/// Everything a [`Class`] is made of, before it is shared.
pub struct ClassParts {
    /// See [`Class::name`].
    pub name: Rc<str>,
    /// See [`Class::display`].
    pub display: Rc<str>,
    /// See [`Class::qualified`].
    pub qualified: Rc<str>,
    /// See [`Class::package`].
    pub package: Rc<str>,
    /// See [`Class::native`].
    pub native: Option<Builtin>,
    /// See [`Class::parents`].
    pub parents: Vec<ClassRef>,
    /// See [`Class::flags`].
    pub flags: ClassFlags,
    /// See [`Class::constructor`].
    pub constructor: Option<Rc<FunctionIR>>,
    /// See [`Class::fields`].
    pub fields: Vec<FieldInfo>,
    /// See [`Class::members`].
    pub members: FxHashMap<Rc<str>, Members>,
    /// Initial values of the static fields (set when the class loads).
    pub statics: Vec<(Rc<str>, bool)>,
    /// See [`Class::initializer`].
    pub initializer: Option<Rc<FunctionIR>>,
    /// See [`Class::enclosing_class`].
    pub enclosing_class: Option<Rc<str>>,
    /// See [`Class::source`].
    pub source: Option<Arc<Source>>,
}

thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

fn next_id() -> u64 {
    NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

impl Class {
    /// A class from its parts: computes the ancestry and the field index.
    pub fn new(parts: ClassParts) -> ClassRef {
        Rc::new_cyclic(|_| {
            let id = next_id();
            let mut ancestry: Vec<ClassRef> = Vec::new();
            let mut seen = FxHashSet::default();
            for parent in &parts.parents {
                for a in parent.ancestry.iter().chain(std::iter::once(parent)) {
                    if seen.insert(a.id) {
                        ancestry.push(a.clone());
                    }
                }
            }
            let mut ancestor_ids = seen;
            ancestor_ids.insert(id);
            let field_index = parts
                .fields
                .iter()
                .enumerate()
                .map(|(i, f)| (f.name.clone(), i))
                .collect();
            let mut static_index = FxHashMap::default();
            for (i, (name, mutable)) in parts.statics.iter().enumerate() {
                static_index.insert(
                    name.clone(),
                    StaticInfo {
                        index: i,
                        mutable: *mutable,
                    },
                );
            }
            let descends =
                |q: &str| *parts.qualified == *q || ancestry.iter().any(|a| *a.qualified == *q);
            let is_game = descends("game.Game");
            let is_impartial = descends("game.ImpartialGame");
            Class {
                is_game,
                is_impartial,
                id,
                name: parts.name,
                display: parts.display,
                qualified: parts.qualified,
                package: parts.package,
                native: parts.native,
                parents: parts.parents,
                ancestry,
                ancestor_ids,
                flags: parts.flags,
                constructor: parts.constructor,
                fields: parts.fields,
                field_index,
                members: parts.members,
                statics: RefCell::new(vec![Value::Nothing; parts.statics.len()]),
                static_index,
                initializer: parts.initializer,
                instance: RefCell::new(None),
                elements: RefCell::new(Vec::new()),
                enclosing_class: parts.enclosing_class,
                source: parts.source,
                games: Default::default(),
            }
        })
    }

    /// True when `other` is this class or one of its ancestors.
    pub fn is_subclass_of(&self, other: &Class) -> bool {
        self.ancestor_ids.contains(&other.id)
    }

    /// True when the class or an ancestor has this qualified name.
    pub fn descends_from(&self, qualified: &str) -> bool {
        *self.qualified == *qualified || self.ancestry.iter().any(|a| *a.qualified == *qualified)
    }

    /// The members of this name, if any.
    pub fn member(&self, name: &str) -> Option<&Members> {
        self.members.get(name)
    }

    /// True when the class has a constructor.
    pub fn has_constructor(&self) -> bool {
        self.constructor.is_some()
    }
}

impl std::fmt::Debug for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "⟪{}⟫", self.qualified)
    }
}

/// An instance of a class declared in CGScript.
pub struct Instance {
    /// Its class.
    pub class: ClassRef,
    /// The object the class was reached through (for nested classes).
    pub enclosing: Option<Value>,
    /// The field values, laid out as [`Class::fields`] (the first few
    /// beside the instance, without a second allocation).
    pub fields: RefCell<smallvec::SmallVec<[Value; 3]>>,
    /// For an enum element: its ordinal (from 1) and name.
    pub element: Option<(usize, Rc<str>)>,
    /// True while the constructor and initialisers run (any field may be
    /// assigned then).
    pub initializing: Cell<bool>,
    /// The hash, once computed (immutable instances only).
    hash: Cell<Option<u64>>,
}

impl Instance {
    /// A new instance with every field `Nothing`.
    pub fn new(class: ClassRef, enclosing: Option<Value>) -> Instance {
        let n = class.fields.len();
        Instance {
            class,
            enclosing,
            fields: RefCell::new(smallvec::smallvec![Value::Nothing; n]),
            element: None,
            initializing: Cell::new(true),
            hash: Cell::new(None),
        }
    }

    /// An enum element.
    pub fn element(class: ClassRef, ordinal: usize, name: Rc<str>) -> Instance {
        let mut i = Instance::new(class, None);
        i.element = Some((ordinal, name));
        i
    }

    /// The value of a field by name.
    pub fn field(&self, name: &str) -> Option<Value> {
        let i = *self.class.field_index.get(name)?;
        self.fields.borrow().get(i).cloned()
    }
}

/// The order of two instances: enum elements by ordinal, others by
/// qualified class name, enclosing object, then fields in order.
pub fn instance_order(a: &Rc<Instance>, b: &Rc<Instance>) -> Ordering {
    if Rc::ptr_eq(a, b) {
        return Ordering::Equal;
    }
    // One class (the common case: keys of one class's table) has one
    // qualified name; only different classes compare their names.
    if a.class.id != b.class.id {
        let by_class = a.class.qualified.cmp(&b.class.qualified);
        if by_class != Ordering::Equal {
            return by_class;
        }
        return a.class.id.cmp(&b.class.id);
    }
    if let (Some((x, _)), Some((y, _))) = (&a.element, &b.element) {
        return x.cmp(y);
    }
    option_order(&a.enclosing, &b.enclosing).then_with(|| {
        let (fa, fb) = (a.fields.borrow(), b.fields.borrow());
        for (x, y) in fa.iter().zip(fb.iter()) {
            let c = value_order(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        fa.len().cmp(&fb.len())
    })
}

/// `instance_order(a, b) == Equal`, decided field by field with
/// [`value_eq`] (which never orders what it can compare for equality).
pub fn instance_eq(a: &Rc<Instance>, b: &Rc<Instance>) -> bool {
    if Rc::ptr_eq(a, b) {
        return true;
    }
    if a.class.id != b.class.id {
        return false;
    }
    if let (Some((x, _)), Some((y, _))) = (&a.element, &b.element) {
        return x == y;
    }
    let enclosing = match (&a.enclosing, &b.enclosing) {
        (None, None) => true,
        (Some(x), Some(y)) => value_eq(x, y),
        _ => false,
    };
    if !enclosing {
        return false;
    }
    let (fa, fb) = (a.fields.borrow(), b.fields.borrow());
    fa.len() == fb.len() && fa.iter().zip(fb.iter()).all(|(x, y)| value_eq(x, y))
}

/// The hash of an instance (cached for immutable ones).
pub fn instance_hash(i: &Instance) -> u64 {
    if let Some(h) = i.hash.get() {
        return h;
    }
    let mut state = FxHasher::default();
    i.class.qualified.hash(&mut state);
    if let Some((ordinal, _)) = &i.element {
        ordinal.hash(&mut state);
    }
    if let Some(e) = &i.enclosing {
        hash_value(e, &mut state);
    }
    for f in i.fields.borrow().iter() {
        hash_value(f, &mut state);
    }
    let h = state.finish();
    if !i.class.flags.mutable && !i.initializing.get() {
        i.hash.set(Some(h));
    }
    h
}

/// A script: a `.cgs` file holding statements rather than a class.
pub struct Script {
    /// Its qualified name.
    pub qualified: Rc<str>,
    /// Its text.
    pub source: Arc<Source>,
}
