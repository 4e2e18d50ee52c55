//! Finite commutative monoids with a distinguished subset P (bipartite
//! monoids, MISERE 11.1), as multiplication tables; bit sets of elements;
//! reduction by indistinguishability.

use std::collections::HashMap;

/// A set of monoid elements as bits.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub fn empty(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    pub fn full(n: usize) -> Bits {
        let mut b = Bits::empty(n);
        for i in 0..n {
            b.set(i);
        }
        b
    }

    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// A finite commutative monoid: elements `0..size`, 0 the identity, with
/// its multiplication table and P-portion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Monoid {
    pub size: usize,
    table: Vec<u32>,
    pub p: Vec<bool>,
}

impl Monoid {
    /// The trivial monoid {1} with P empty.
    pub fn trivial() -> Monoid {
        Monoid {
            size: 1,
            table: vec![0],
            p: vec![false],
        }
    }

    /// A monoid from its multiplication table (row-major, `size` × `size`,
    /// element 0 the identity) and P-portion.
    pub fn from_table(size: usize, table: Vec<u32>, p: Vec<bool>) -> Monoid {
        Monoid { size, table, p }
    }

    /// The product of two elements.
    #[inline]
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.table[x * self.size + y] as usize
    }

    /// The powers x^0, x^1, … up to the first repetition, and the index i
    /// and period p with x^(i+p) = x^i.
    pub fn cycle(&self, x: usize) -> (Vec<usize>, usize, usize) {
        let mut powers = vec![0usize];
        loop {
            let next = self.mul(*powers.last().unwrap_or(&0), x);
            if let Some(i) = powers.iter().position(|&q| q == next) {
                let p = powers.len() - i;
                return (powers, i, p);
            }
            powers.push(next);
        }
    }

    /// The direct product with the cyclic monoid ⟨g | g^(i+p) = g^i⟩:
    /// element (q, k) is `q * len + k`, len = i + p; `p_of` gives the
    /// P-portion.
    pub fn with_cyclic(
        &self,
        index: usize,
        period: usize,
        mut p_of: impl FnMut(usize, usize) -> bool,
    ) -> Monoid {
        let len = index + period;
        let red = |m: usize| {
            if m < len {
                m
            } else {
                index + (m - index) % period
            }
        };
        let size = self.size * len;
        let mut table = vec![0u32; size * size];
        for q in 0..self.size {
            for k in 0..len {
                for r in 0..self.size {
                    for l in 0..len {
                        let x = q * len + k;
                        let y = r * len + l;
                        table[x * size + y] = (self.mul(q, r) * len + red(k + l)) as u32;
                    }
                }
            }
        }
        let p = (0..size).map(|x| p_of(x / len, x % len)).collect();
        Monoid { size, table, p }
    }

    /// The quotient by indistinguishability (x ~ y iff xz ∈ P ⇔ yz ∈ P for
    /// every z), which is a congruence; returns the reduced monoid and the
    /// class of each element. Classes are numbered in order of first
    /// occurrence, so the identity stays 0.
    pub fn reduce(&self) -> (Monoid, Vec<usize>) {
        let mut classes: HashMap<Bits, usize> = HashMap::new();
        let mut class_of = Vec::with_capacity(self.size);
        let mut reps = Vec::new();
        for x in 0..self.size {
            let mut sig = Bits::empty(self.size);
            for z in 0..self.size {
                if self.p[self.mul(x, z)] {
                    sig.set(z);
                }
            }
            let next = classes.len();
            let c = *classes.entry(sig).or_insert(next);
            if c == reps.len() {
                reps.push(x);
            }
            class_of.push(c);
        }
        let size = reps.len();
        let mut table = vec![0u32; size * size];
        for (a, &x) in reps.iter().enumerate() {
            for (b, &y) in reps.iter().enumerate() {
                table[a * size + b] = class_of[self.mul(x, y)] as u32;
            }
        }
        let p = reps.iter().map(|&x| self.p[x]).collect();
        (Monoid { size, table, p }, class_of)
    }
}
