//! The classes of a session: the built-in ones (created on first use),
//! those of the embedded library, and user classes found on the library
//! path (SCRIPTING 6): `a.b.C` is the file `a/b/C.cgs` under the current
//! folder, then each `--lib` folder, then each folder of `ONAG_LIB`; the
//! embedded library (`game.*`, `cgsuite.*`) comes first and cannot be
//! replaced, the embedded examples come last and can.
//!
//! Classes load on first reference and stay loaded; before each input the
//! session checks the files of loaded classes, and when one has changed or
//! gone every user class is unloaded (with its memo tables) so that the
//! next reference loads the new text.

use super::builtin::{self, Builtin, BUILTINS, GLOBAL_PACKAGES};
use super::{ClassRef, Script};
use crate::error::{ErrorKind, EvalError, EvalResult, Source};
use crate::interp::Interp;
use crate::library::{EXAMPLES, LIBRARY};
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

/// Where the source of a class was found.
enum Found {
    /// Embedded in the binary: its path and text.
    Embedded(&'static str, &'static str),
    /// A file of the library path.
    File(PathBuf),
}

/// What a qualified name loads as.
pub enum Entity {
    /// A class.
    Class(ClassRef),
    /// A script (a file of statements).
    Script(Rc<Script>),
}

/// The packages of the built-in rulesets and library, which exist without
/// any file.
const BUILTIN_PACKAGES: &[&str] = &[
    "cgsuite",
    "cgsuite.lang",
    "cgsuite.util",
    "cgsuite.ui",
    "game",
    "game.grid",
    "game.strip",
    "game.graph",
    "game.heap",
    "game.misere",
];

/// The classes of a session.
pub struct ClassTable {
    natives: RefCell<FxHashMap<Builtin, ClassRef>>,
    loaded: RefCell<FxHashMap<Rc<str>, ClassRef>>,
    scripts: RefCell<FxHashMap<Rc<str>, Rc<Script>>>,
    /// Files of loaded user classes and scripts, with a hash of their text.
    files: RefCell<FxHashMap<Rc<str>, (PathBuf, u64)>>,
    deleted: RefCell<FxHashSet<Rc<str>>>,
    loading: RefCell<Vec<Rc<str>>>,
    roots: RefCell<Vec<PathBuf>>,
    env_roots: Vec<PathBuf>,
    generation: Cell<u64>,
}

fn text_hash(text: &str) -> u64 {
    let mut h = FxHasher::default();
    text.hash(&mut h);
    h.finish()
}

impl Default for ClassTable {
    fn default() -> Self {
        ClassTable::new()
    }
}

impl ClassTable {
    /// The classes of a new session; `ONAG_LIB` adds library folders.
    pub fn new() -> ClassTable {
        let env_roots = std::env::var_os("ONAG_LIB")
            .map(|v| std::env::split_paths(&v).collect())
            .unwrap_or_default();
        ClassTable {
            natives: RefCell::new(FxHashMap::default()),
            loaded: RefCell::new(FxHashMap::default()),
            scripts: RefCell::new(FxHashMap::default()),
            files: RefCell::new(FxHashMap::default()),
            deleted: RefCell::new(FxHashSet::default()),
            loading: RefCell::new(Vec::new()),
            roots: RefCell::new(Vec::new()),
            env_roots,
            generation: Cell::new(0),
        }
    }

    /// Adds a library folder (searched after the current folder and the
    /// folders added before).
    pub fn add_root(&self, path: PathBuf) {
        let mut roots = self.roots.borrow_mut();
        if !roots.contains(&path) {
            roots.push(path);
        }
        drop(roots);
        self.unload_user_classes();
    }

    /// The library folders in search order.
    pub fn roots(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        if let Ok(cwd) = std::env::current_dir() {
            out.push(cwd);
        }
        out.extend(self.roots.borrow().iter().cloned());
        out.extend(self.env_roots.iter().cloned());
        out
    }

    /// A number that changes whenever classes are unloaded: cached class
    /// references compare it.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Unloads every class that is not from the embedded library (clearing
    /// its table of game values), and every script.
    fn unload_user_classes(&self) {
        let embedded: FxHashSet<&str> = LIBRARY.iter().map(|(p, _)| *p).collect();
        let mut unloaded = Vec::new();
        self.loaded.borrow_mut().retain(|q, c| {
            let keep = is_library_class(q, &embedded);
            if !keep {
                unloaded.push(c.clone());
            }
            keep
        });
        // Instances may outlive their class's unloading; their values are
        // forgotten all the same (SCRIPTING 5.3, memo scope).
        for class in unloaded {
            class.games.clear();
        }
        self.files.borrow_mut().clear();
        self.scripts.borrow_mut().clear();
        self.generation.set(self.generation.get() + 1);
    }

    /// Checks the files of loaded classes: if any changed or disappeared,
    /// unloads every user class (a deleted one is remembered, so that
    /// naming it says it no longer exists).
    pub fn refresh(&self) {
        let changed: Vec<(Rc<str>, bool)> = self
            .files
            .borrow()
            .iter()
            .filter_map(|(q, (path, hash))| match std::fs::read_to_string(path) {
                Ok(text) if text_hash(&text) == *hash => None,
                Ok(_) => Some((q.clone(), false)),
                Err(_) => Some((q.clone(), true)),
            })
            .collect();
        let revived: Vec<Rc<str>> = self
            .deleted
            .borrow()
            .iter()
            .filter(|q| self.find_file(q).is_some())
            .cloned()
            .collect();
        for q in &revived {
            self.deleted.borrow_mut().remove(q);
        }
        if changed.is_empty() && revived.is_empty() {
            return;
        }
        for (q, gone) in changed {
            if gone {
                self.deleted.borrow_mut().insert(q);
            }
        }
        // Everything user-defined goes: dependents are reloaded with it.
        self.unload_user_classes();
    }

    /// The file path of a qualified name: `a.b.C` is `a/b/C.cgs`.
    fn path_of(qualified: &str) -> String {
        format!("{}.cgs", qualified.replace('.', "/"))
    }

    /// Finds the source of a top-level class or script.
    fn find_file(&self, qualified: &str) -> Option<Found> {
        let path = ClassTable::path_of(qualified);
        if let Some((p, text)) = LIBRARY.iter().find(|(p, _)| *p == path) {
            return Some(Found::Embedded(p, text));
        }
        for root in self.roots() {
            let candidate = root.join(&path);
            if candidate.is_file() {
                return Some(Found::File(candidate));
            }
        }
        EXAMPLES
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(p, text)| Found::Embedded(p, text))
    }

    /// True when `name` is a package: a built-in one, or a folder of the
    /// library path or the embedded files.
    pub fn is_package(&self, name: &str) -> bool {
        if BUILTIN_PACKAGES.contains(&name) {
            return true;
        }
        if name.is_empty() || !name.split('.').all(|p| !p.is_empty()) {
            return false;
        }
        let prefix = format!("{}/", name.replace('.', "/"));
        if LIBRARY
            .iter()
            .chain(EXAMPLES.iter())
            .any(|(p, _)| p.starts_with(&prefix))
        {
            return true;
        }
        let dir = name.replace('.', "/");
        self.roots().iter().any(|r| r.join(&dir).is_dir())
    }

    /// The qualified name of the class (or script) that `name` denotes: a
    /// qualified name as is, a short name in `package` (for class code),
    /// a built-in or library class of a global package, or a class of the
    /// root package.
    pub fn resolve_class_name(&self, name: &str, package: Option<&str>) -> Option<Rc<str>> {
        if self.deleted.borrow().contains(name) {
            return Some(name.into());
        }
        if name.contains('.') {
            if builtin::by_qualified(name).is_some() || self.loaded.borrow().contains_key(name) {
                return Some(name.into());
            }
            if self.find_file(name).is_some() {
                return Some(name.into());
            }
            // A nested class: `a.b.C.D` where `a.b.C` is a class.
            let (outer, _) = name.rsplit_once('.')?;
            return self
                .resolve_class_name(outer, None)
                .filter(|o| !self.is_package(o))
                .map(|_| name.into());
        }
        if let Some(p) = package.filter(|p| !p.is_empty()) {
            let q = format!("{p}.{name}");
            if self.loaded.borrow().contains_key(q.as_str()) || self.find_file(&q).is_some() {
                return Some(q.into());
            }
        }
        for d in BUILTINS {
            if builtin::short(d.qualified) == name {
                let package = d.qualified.rsplit_once('.').map_or("", |(p, _)| p);
                if GLOBAL_PACKAGES.contains(&package) {
                    return Some(d.qualified.into());
                }
            }
        }
        for package in GLOBAL_PACKAGES {
            let q = format!("{package}.{name}");
            let path = ClassTable::path_of(&q);
            if LIBRARY.iter().any(|(p, _)| *p == path) {
                return Some(q.into());
            }
        }
        if self.find_file(name).is_some() {
            return Some(name.into());
        }
        None
    }

    /// True when a bare name at the worksheet is a class (or script) name.
    pub fn is_class_name(&self, name: &str) -> bool {
        name != "Nothing" && self.resolve_class_name(name, None).is_some()
    }

    /// The built-in class `b`, created on first use (its parents first).
    pub fn native(&self, interp: &Interp, b: Builtin) -> EvalResult<ClassRef> {
        if let Some(c) = self.natives.borrow().get(&b) {
            return Ok(c.clone());
        }
        let def = builtin::def(b);
        let parents = def
            .parents
            .iter()
            .map(|q| self.load(interp, q))
            .collect::<EvalResult<Vec<_>>>()?;
        let class = super::loader::native_class(interp, b, parents)?;
        self.natives.borrow_mut().insert(b, class.clone());
        Ok(class)
    }

    /// Loads (if needed) the class of this qualified name.
    pub fn load(&self, interp: &Interp, qualified: &str) -> EvalResult<ClassRef> {
        match self.load_entity(interp, qualified)? {
            Entity::Class(c) => Ok(c),
            Entity::Script(_) => Err(EvalError::of(
                ErrorKind::Class,
                format!("`{qualified}` is a script, not a class"),
            )),
        }
    }

    /// Loads (if needed) the class or script of this qualified name.
    pub fn load_entity(&self, interp: &Interp, qualified: &str) -> EvalResult<Entity> {
        if let Some(c) = self.loaded.borrow().get(qualified) {
            return Ok(Entity::Class(c.clone()));
        }
        if let Some(s) = self.scripts.borrow().get(qualified) {
            return Ok(Entity::Script(s.clone()));
        }
        if let Some(b) = builtin::by_qualified(qualified) {
            return self.native(interp, b).map(Entity::Class);
        }
        if self.deleted.borrow().contains(qualified) {
            return Err(EvalError::of(
                ErrorKind::Class,
                format!("Class no longer exists: `{qualified}`"),
            ));
        }
        let Some(found) = self.find_file(qualified) else {
            // A nested class: load the class it is nested in.
            if let Some((outer, _)) = qualified.rsplit_once('.') {
                if !self.is_package(outer) {
                    self.load(interp, outer)?;
                    if let Some(c) = self.loaded.borrow().get(qualified) {
                        return Ok(Entity::Class(c.clone()));
                    }
                }
            }
            return Err(EvalError::of(
                ErrorKind::Class,
                format!("Unknown class: `{qualified}`"),
            ));
        };
        if self.loading.borrow().iter().any(|q| &**q == qualified) {
            return Err(EvalError::of(
                ErrorKind::Class,
                format!("Class `{qualified}` extends itself (a cycle of `extends` clauses)"),
            ));
        }
        let (name, text, file) = match found {
            Found::Embedded(path, text) => (path.to_string(), text.to_string(), None),
            Found::File(path) => {
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    EvalError::of(
                        ErrorKind::Class,
                        format!("Cannot read {}: {e}", path.display()),
                    )
                })?;
                (path.display().to_string(), text, Some(path))
            }
        };
        let hash = text_hash(&text);
        let source = Arc::new(Source { name, text });
        self.loading.borrow_mut().push(qualified.into());
        let result = super::loader::load_source(interp, qualified, &source);
        self.loading.borrow_mut().pop();
        let entity = result?;
        if let Some(path) = file {
            self.files
                .borrow_mut()
                .insert(qualified.into(), (path, hash));
        }
        if let Entity::Script(s) = &entity {
            self.scripts
                .borrow_mut()
                .insert(qualified.into(), s.clone());
        }
        Ok(entity)
    }

    /// Registers a loaded class (top-level or nested).
    pub fn register(&self, class: &ClassRef) {
        self.loaded
            .borrow_mut()
            .insert(class.qualified.clone(), class.clone());
    }

    /// The value a class or script name denotes.
    pub fn entity_value(&self, interp: &Interp, qualified: &str) -> EvalResult {
        match self.load_entity(interp, qualified)? {
            Entity::Class(c) => interp.class_as_value(&c),
            Entity::Script(s) => Ok(Value::Script(s)),
        }
    }

    /// The loaded classes (for `System.ClearAll` and tests).
    pub fn loaded_names(&self) -> Vec<Rc<str>> {
        self.loaded.borrow().keys().cloned().collect()
    }

    /// Drops every loaded user class and script.
    pub fn clear(&self) {
        self.unload_user_classes();
    }
}

/// True for classes of the embedded library (and their nested classes).
fn is_library_class(qualified: &str, embedded: &FxHashSet<&str>) -> bool {
    let parts: Vec<&str> = qualified.split('.').collect();
    (1..=parts.len()).any(|n| embedded.contains(format!("{}.cgs", parts[..n].join("/")).as_str()))
}
