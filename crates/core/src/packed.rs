//! Packed sequences of non-negative integers: nim-value sequences of heap
//! games (RULESETS 4.4) kept as one flat array whose cells are as narrow
//! as the largest value allows (1, 2, 4 or 8 bytes), instead of one boxed
//! value per heap.
//!
//! A [`PackedSeq`] starts with one-byte cells and widens (copying once)
//! when a value does not fit; widening reserves the new size in the
//! memory budget ([`crate::memory`]) before allocating. Most nim values are
//! small (a subtraction game with k moves never passes k, Grundy's game
//! stays below 2^16 far beyond 10^9 heaps), so a sequence of 10^8 values
//! usually takes 100 MB.
//!
//! A [`PackedSlice`] is a shared, read-only window on a sequence (a list
//! of the language holds one): cloning it copies no values, and the
//! owner of the sequence may keep extending it (`Rc::make_mut` copies the
//! sequence only while a window still shares it).

use std::rc::Rc;

/// The cells of a packed sequence, by width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Every value is below 2^8.
    U8(Vec<u8>),
    /// Every value is below 2^16.
    U16(Vec<u16>),
    /// Every value is below 2^32.
    U32(Vec<u32>),
    /// Any value.
    U64(Vec<u64>),
}

/// A cell type of a packed sequence: `u8`, `u16`, `u32` or `u64`, so that
/// hot loops can be written once, generic over the width.
pub trait Cell:
    Copy + Default + Eq + std::ops::BitXor<Output = Self> + std::fmt::Debug + 'static
{
    /// The largest value a cell holds.
    const MAX: u64;
    /// The cell's value.
    fn value(self) -> u64;
    /// The cell holding `v` (callers check `v <= MAX`).
    fn of(v: u64) -> Self;
}

macro_rules! cell {
    ($t:ty) => {
        impl Cell for $t {
            const MAX: u64 = <$t>::MAX as u64;
            #[inline]
            fn value(self) -> u64 {
                self as u64
            }
            #[inline]
            fn of(v: u64) -> Self {
                v as $t
            }
        }
    };
}
cell!(u8);
cell!(u16);
cell!(u32);
cell!(u64);

/// A sequence of `u64` values stored in cells of the narrowest width that
/// holds every value pushed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedSeq {
    cells: Cells,
}

impl Default for PackedSeq {
    fn default() -> Self {
        PackedSeq::new()
    }
}

/// The width in bytes a cell needs for `v`.
pub fn width_of(v: u64) -> usize {
    if v <= u64::from(u8::MAX) {
        1
    } else if v <= u64::from(u16::MAX) {
        2
    } else if v <= u64::from(u32::MAX) {
        4
    } else {
        8
    }
}

macro_rules! each {
    ($cells:expr, $v:ident => $body:expr) => {
        match $cells {
            Cells::U8($v) => $body,
            Cells::U16($v) => $body,
            Cells::U32($v) => $body,
            Cells::U64($v) => $body,
        }
    };
}

impl PackedSeq {
    /// The empty sequence (one-byte cells).
    pub fn new() -> PackedSeq {
        PackedSeq {
            cells: Cells::U8(Vec::new()),
        }
    }

    /// The sequence of `values`, in cells as narrow as they allow.
    pub fn from_values(values: &[u64]) -> PackedSeq {
        let mut s = PackedSeq::new();
        s.widen_to(width_of(values.iter().copied().max().unwrap_or(0)));
        s.reserve(values.len());
        for &v in values {
            s.push(v);
        }
        s
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        each!(&self.cells, v => v.len())
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The width of a cell in bytes (1, 2, 4 or 8).
    pub fn width(&self) -> usize {
        match self.cells {
            Cells::U8(_) => 1,
            Cells::U16(_) => 2,
            Cells::U32(_) => 4,
            Cells::U64(_) => 8,
        }
    }

    /// The cells, for loops that work on one width at a time.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The cells, mutably (values pushed directly must fit the width).
    pub fn cells_mut(&mut self) -> &mut Cells {
        &mut self.cells
    }

    /// The value at `i`, if `i < len`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u64> {
        match &self.cells {
            Cells::U8(v) => v.get(i).map(|&x| u64::from(x)),
            Cells::U16(v) => v.get(i).map(|&x| u64::from(x)),
            Cells::U32(v) => v.get(i).map(|&x| u64::from(x)),
            Cells::U64(v) => v.get(i).copied(),
        }
    }

    /// The value at `i`; 0 past the end (callers index below `len`).
    #[inline]
    pub fn at(&self, i: usize) -> u64 {
        self.get(i).unwrap_or(0)
    }

    /// Room for `additional` more values without reallocating, reserved
    /// in the memory budget first.
    pub fn reserve(&mut self, additional: usize) {
        let bytes = (self.len() as u128 + additional as u128) * self.width() as u128;
        crate::memory::reserve(bytes, || {
            format!("A sequence of {} values", self.len() + additional)
        });
        each!(&mut self.cells, v => v.reserve(additional));
    }

    /// Widen the cells to at least `width` bytes (copying the values once).
    pub fn widen_to(&mut self, width: usize) {
        if width <= self.width() {
            return;
        }
        let n = self.len();
        crate::memory::reserve(n as u128 * width as u128, || {
            format!("A sequence of {n} values of {width} bytes")
        });
        // Straight from the old cells to the new ones (no wider copy).
        fn widened<T: Cell, U: Cell>(old: &[T]) -> Vec<U> {
            old.iter().map(|&x| U::of(x.value())).collect()
        }
        let cells = std::mem::replace(&mut self.cells, Cells::U8(Vec::new()));
        self.cells = match (width, &cells) {
            (2, Cells::U8(v)) => Cells::U16(widened(v)),
            (3 | 4, Cells::U8(v)) => Cells::U32(widened(v)),
            (3 | 4, Cells::U16(v)) => Cells::U32(widened(v)),
            (_, Cells::U8(v)) => Cells::U64(widened(v)),
            (_, Cells::U16(v)) => Cells::U64(widened(v)),
            (_, Cells::U32(v)) => Cells::U64(widened(v)),
            _ => cells,
        };
    }

    /// Append `v`, widening the cells when it does not fit.
    #[inline]
    pub fn push(&mut self, v: u64) {
        if width_of(v) > self.width() {
            self.widen_to(width_of(v));
        }
        match &mut self.cells {
            Cells::U8(c) => c.push(v as u8),
            Cells::U16(c) => c.push(v as u16),
            Cells::U32(c) => c.push(v as u32),
            Cells::U64(c) => c.push(v),
        }
    }

    /// Keep the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        each!(&mut self.cells, v => v.truncate(n));
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(move |i| self.at(i))
    }

    /// The values from `start` (below `end`) as `u64`s.
    pub fn to_vec(&self, start: usize, end: usize) -> Vec<u64> {
        let end = end.min(self.len());
        let start = start.min(end);
        each!(&self.cells, v => v[start..end].iter().map(|&x| Cell::value(x)).collect())
    }

    /// The bytes the cells take (allocated, not only used).
    pub fn heap_bytes(&self) -> usize {
        each!(&self.cells, v => v.capacity() * std::mem::size_of_val(&v.first().copied().unwrap_or_default()))
    }
}

/// A read-only window `start..start + len` on a shared [`PackedSeq`].
#[derive(Clone, Debug)]
pub struct PackedSlice {
    seq: Rc<PackedSeq>,
    start: usize,
    len: usize,
}

impl PackedSlice {
    /// The window `start..end` of `seq` (clamped to its length).
    pub fn new(seq: Rc<PackedSeq>, start: usize, end: usize) -> PackedSlice {
        let end = end.min(seq.len());
        let start = start.min(end);
        PackedSlice {
            seq,
            start,
            len: end - start,
        }
    }

    /// A window on a fresh sequence of `values`.
    pub fn from_values(values: &[u64]) -> PackedSlice {
        let seq = Rc::new(PackedSeq::from_values(values));
        let len = seq.len();
        PackedSlice { seq, start: 0, len }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value at `i` (from 0), if `i < len`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u64> {
        if i < self.len {
            self.seq.get(self.start + i)
        } else {
            None
        }
    }

    /// The sub-window `from..to` (from 0, clamped).
    pub fn slice(&self, from: usize, to: usize) -> PackedSlice {
        let to = to.min(self.len);
        let from = from.min(to);
        PackedSlice {
            seq: self.seq.clone(),
            start: self.start + from,
            len: to - from,
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len).map(move |i| self.seq.at(self.start + i))
    }

    /// The width of a cell in bytes.
    pub fn width(&self) -> usize {
        self.seq.width()
    }

    /// Whether the two windows hold the same values in the same order.
    pub fn same_values(&self, other: &PackedSlice) -> bool {
        if self.len != other.len {
            return false;
        }
        if Rc::ptr_eq(&self.seq, &other.seq) && self.start == other.start {
            return true;
        }
        self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_as_values_grow() {
        let mut s = PackedSeq::new();
        s.push(3);
        assert_eq!(s.width(), 1);
        s.push(300);
        assert_eq!(s.width(), 2);
        s.push(1 << 40);
        assert_eq!(s.width(), 8);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 300, 1 << 40]);
        assert_eq!(s.get(3), None);
    }

    #[test]
    fn windows_share_and_slice() {
        let w = PackedSlice::from_values(&[0, 1, 2, 3, 70000]);
        assert_eq!(w.width(), 4);
        let s = w.slice(1, 4);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(s.get(3), None);
        assert!(s.same_values(&PackedSlice::from_values(&[1, 2, 3])));
        assert!(!s.same_values(&PackedSlice::from_values(&[1, 2])));
    }
}
