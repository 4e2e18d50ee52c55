//! One value per type for the whole process: the shared transposition
//! tables of the evaluators.

use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::sync::{Mutex, OnceLock};

/// The process-wide instance of `T`, created with `T::default()` on first
/// use and never freed.
pub fn per_type<T: Default + Send + Sync + 'static>() -> &'static T {
    type Table = Mutex<FxHashMap<TypeId, &'static (dyn Any + Send + Sync)>>;
    static TABLE: OnceLock<Table> = OnceLock::new();
    let mut map = TABLE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let entry = *map
        .entry(TypeId::of::<T>())
        .or_insert_with(|| Box::leak(Box::new(T::default())));
    entry
        .downcast_ref::<T>()
        .expect("the table of a type holds a value of that type")
}
