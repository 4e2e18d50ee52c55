//! The elements of an immutable list (SCRIPTING 7.7): either boxed values
//! or, for lists of non-negative integers made in bulk (nim-value
//! sequences), a packed window ([`PackedSlice`]) holding one narrow cell
//! per element.
//!
//! The two representations are one list to users: printing, indexing,
//! `Size`/`Length`, iteration, equality, the universal order and hashing
//! read a packed list element by element without boxing it, and give
//! exactly what the boxed list of the same integers gives (checked by
//! property tests in `tests/lists.rs`). Any other operation sees the
//! elements as a slice of values ([`List::items`]), built once on first
//! use after reserving its size in the memory budget.

use crate::value::Value;
use onag_core::packed::PackedSlice;
use std::cell::OnceCell;
use std::ops::Deref;

/// The elements of a list: boxed values, or a packed window of
/// non-negative integers (with its boxed form built on demand).
pub struct List {
    packed: Option<PackedSlice>,
    boxed: OnceCell<Vec<Value>>,
}

impl List {
    /// The list of `items`.
    pub fn boxed(items: Vec<Value>) -> List {
        List {
            packed: None,
            boxed: OnceCell::from(items),
        }
    }

    /// The list of the integers of a packed window.
    pub fn packed(values: PackedSlice) -> List {
        List {
            packed: Some(values),
            boxed: OnceCell::new(),
        }
    }

    /// The packed window, for a list made packed.
    pub fn as_packed(&self) -> Option<&PackedSlice> {
        self.packed.as_ref()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        match (&self.packed, self.boxed.get()) {
            (Some(p), _) => p.len(),
            (None, Some(v)) => v.len(),
            (None, None) => 0,
        }
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at `i` (from 0), if any, without boxing the others.
    pub fn get(&self, i: usize) -> Option<Value> {
        match &self.packed {
            Some(p) => p.get(i).map(Value::integer),
            None => self.items().get(i).cloned(),
        }
    }

    /// The elements in order, without boxing the whole list.
    pub fn iter(&self) -> Box<dyn Iterator<Item = Value> + '_> {
        match &self.packed {
            Some(p) => Box::new(p.iter().map(Value::integer)),
            None => Box::new(self.items().iter().cloned()),
        }
    }

    /// The elements as values; a packed list boxes them once (the size
    /// reserved in the memory budget first).
    pub fn items(&self) -> &[Value] {
        self.boxed.get_or_init(|| {
            let Some(p) = &self.packed else {
                return Vec::new();
            };
            onag_core::memory::reserve(
                p.len() as u128 * std::mem::size_of::<Value>() as u128,
                || format!("A list of {} values", p.len()),
            );
            p.iter().map(Value::integer).collect()
        })
    }
}

impl Deref for List {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        self.items()
    }
}

/// The elements of a collection as an iteration sees them: a list
/// (shared, packed or not) or values gathered from another collection.
pub enum Elements {
    /// A list's own elements.
    List(std::rc::Rc<List>),
    /// Values gathered in iteration order.
    Values(std::rc::Rc<Vec<Value>>),
}

impl Elements {
    /// The number of elements.
    pub fn len(&self) -> usize {
        match self {
            Elements::List(l) => l.len(),
            Elements::Values(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements in order (a packed list's boxed one at a time).
    pub fn iter(&self) -> Box<dyn Iterator<Item = Value> + '_> {
        match self {
            Elements::List(l) => l.iter(),
            Elements::Values(v) => Box::new(v.iter().cloned()),
        }
    }

    /// The elements as values, without copying them when this was their
    /// only holder.
    pub fn into_vec(self) -> Vec<Value> {
        match self {
            Elements::Values(v) => std::rc::Rc::try_unwrap(v).unwrap_or_else(|v| (*v).clone()),
            Elements::List(l) => match std::rc::Rc::try_unwrap(l) {
                Ok(List {
                    packed: None,
                    boxed,
                }) => boxed.into_inner().unwrap_or_default(),
                Ok(list) => list.items().to_vec(),
                Err(shared) => shared.items().to_vec(),
            },
        }
    }
}
