//! Nim arithmetic: Conway's field of nimbers (ONAG ch. 6, "The Curious
//! Field On2").
//!
//! The non-negative integers form a field of characteristic 2 under nim
//! addition (bitwise exclusive or: the value of a sum of Nim heaps) and
//! Conway's nim multiplication, the least-excluded-value product
//! `a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }`.
//! The numbers below each Fermat 2-power `F = 2^(2^k)` form a subfield,
//! and (ONAG ch. 6) for `x, y < F`:
//!
//! * `x ⊗ F = x · F` (ordinary product), and
//! * `F ⊗ F = F ⊕ F/2` (Conway's "3/2 F").
//!
//! So writing `a = a1·F + a0` with `a0, a1 < F` (Karatsuba-style, three
//! half-size products):
//!
//! `a ⊗ b = ((a0 ⊕ a1) ⊗ (b0 ⊕ b1) ⊕ a0 ⊗ b0)·F ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ F/2`.
//!
//! The machine-word path multiplies 16-bit nimbers with logarithm tables
//! of the field of order 2^16 (its multiplicative group is cyclic) and
//! applies the recursion at 32 and 64 bits; larger operands recurse on
//! 64-bit limbs down to the machine-word path. Inverses use the norm of
//! the quadratic extension: with `conj(a1·F + a0) = a1·F + (a0 ⊕ a1)`,
//! `a ⊗ conj(a) = a1² ⊗ F/2 ⊕ a0 ⊗ (a0 ⊕ a1)` lies in the half-size field.
//! Square roots split the same way (see [`nim_sqrt`]). Ordinals beyond the
//! integers are in [`transfinite`].

pub mod transfinite;

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::number::Integer;

/// A primitive element of the nimber field of order 2^16 (the least one):
/// its powers run through all 65535 non-zero elements.
const GENERATOR_16: u16 = 258;

/// Length of the exponential table: two periods, so a sum of two
/// logarithms (each at most 65535 as far as the compiler knows) indexes it
/// without reduction or bounds failure.
const EXP_LEN: usize = 2 * 65535 + 1;

/// Logarithm and exponential tables of the nimber field of order 2^16.
struct Tables {
    /// `log[x]` is the discrete logarithm of x != 0 to `GENERATOR_16`
    /// (in 0..65535); `log[0]` is unused.
    log: Box<[u16; 65536]>,
    /// `exp[i]` is `GENERATOR_16` to the power `i mod 65535`.
    exp: Box<[u16; EXP_LEN]>,
    /// The logarithm of 2^15 = F/2 for F = 2^16.
    log_half: u16,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let mut log = Box::new([0u16; 65536]);
        let mut exp = Box::new([0u16; EXP_LEN]);
        let small = SmallField::build();
        let mut x: u16 = 1;
        for (i, slot) in exp.iter_mut().enumerate() {
            *slot = x;
            if i < 65535 {
                if let Ok(i) = u16::try_from(i) {
                    log[usize::from(x)] = i;
                }
            }
            x = small.mul16(x, GENERATOR_16);
        }
        let log_half = log[1 << 15];
        Tables { log, exp, log_half }
    }

    /// `a ⊗ b` for 16-bit nimbers.
    #[inline]
    fn mul16(&self, a: u16, b: u16) -> u16 {
        if a == 0 || b == 0 {
            return 0;
        }
        self.exp[usize::from(self.log[usize::from(a)]) + usize::from(self.log[usize::from(b)])]
    }

    /// `a ⊗ 2^15` (F/2 for F = 2^16).
    #[inline]
    fn mul16_half(&self, a: u16) -> u16 {
        if a == 0 {
            return 0;
        }
        self.exp[usize::from(self.log[usize::from(a)]) + usize::from(self.log_half)]
    }

    /// The inverse of a non-zero 16-bit nimber.
    #[inline]
    fn inv16(&self, a: u16) -> Option<u16> {
        if a == 0 {
            return None;
        }
        Some(self.exp[65535 - usize::from(self.log[usize::from(a)])])
    }

    /// `a ⊗ b` for 32-bit nimbers (F = 2^16).
    #[inline]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let ((a1, a0), (b1, b0)) = (split32(a), split32(b));
        if a1 == 0 && b1 == 0 {
            return u32::from(self.mul16(a0, b0));
        }
        let p0 = self.mul16(a0, b0);
        let p1 = self.mul16(a1, b1);
        let p2 = self.mul16(a0 ^ a1, b0 ^ b1);
        join32(p2 ^ p0, p0 ^ self.mul16_half(p1))
    }

    /// `a ⊗ 2^31` (F/2 for F = 2^32): with `2^31 = 2^15 ⊗ 2^16`,
    /// `(a1·2^16 + a0) ⊗ 2^31 = ((a0 ⊕ a1) ⊗ 2^15)·2^16 ⊕ a1 ⊗ 2^15 ⊗ 2^15`.
    #[inline]
    fn mul32_half(&self, a: u32) -> u32 {
        let (a1, a0) = split32(a);
        let hi = self.mul16_half(a0 ^ a1);
        let lo = self.mul16_half(self.mul16_half(a1));
        join32(hi, lo)
    }

    /// The inverse of a non-zero 32-bit nimber, by the norm to the field
    /// of order 2^16.
    fn inv32(&self, a: u32) -> Option<u32> {
        let (a1, a0) = split32(a);
        if a1 == 0 {
            return self.inv16(a0).map(u32::from);
        }
        let s = a0 ^ a1;
        let norm = self.mul16_half(self.mul16(a1, a1)) ^ self.mul16(a0, s);
        let n = self.inv16(norm)?;
        Some(join32(self.mul16(a1, n), self.mul16(s, n)))
    }

    /// `a ⊗ b` for 64-bit nimbers (F = 2^32).
    #[inline]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let ((a1, a0), (b1, b0)) = (split64(a), split64(b));
        if a1 == 0 && b1 == 0 {
            return u64::from(self.mul32(a0, b0));
        }
        let p0 = self.mul32(a0, b0);
        let p1 = self.mul32(a1, b1);
        let p2 = self.mul32(a0 ^ a1, b0 ^ b1);
        join64(p2 ^ p0, p0 ^ self.mul32_half(p1))
    }

    /// `a ⊗ 2^63` (F/2 for F = 2^64), as in [`Tables::mul32_half`].
    fn mul64_half(&self, a: u64) -> u64 {
        let (a1, a0) = split64(a);
        let hi = self.mul32_half(a0 ^ a1);
        let lo = self.mul32_half(self.mul32_half(a1));
        join64(hi, lo)
    }

    /// The inverse of a non-zero 64-bit nimber.
    fn inv64(&self, a: u64) -> Option<u64> {
        let (a1, a0) = split64(a);
        if a1 == 0 {
            return self.inv32(a0).map(u64::from);
        }
        let s = a0 ^ a1;
        let norm = self.mul32_half(self.mul32(a1, a1)) ^ self.mul32(a0, s);
        let n = self.inv32(norm)?;
        Some(join64(self.mul32(a1, n), self.mul32(s, n)))
    }
}

/// The nimber field of order 2^8 by logarithms, used only to build
/// [`Tables`].
struct SmallField {
    log: [u16; 256],
    exp: [u16; 510],
}

impl SmallField {
    /// A primitive element of the field of order 2^8.
    const GENERATOR: u16 = 18;

    fn build() -> SmallField {
        let mut log = [0u16; 256];
        let mut exp = [0u16; 510];
        let mut x: u16 = 1;
        for i in 0..255u16 {
            let k = usize::from(i);
            exp[k] = x;
            exp[k + 255] = x;
            log[usize::from(x)] = i;
            x = mul_by_definition(x, SmallField::GENERATOR, 8);
        }
        SmallField { log, exp }
    }

    /// `a ⊗ b` for `a, b < 256`.
    fn mul8(&self, a: u16, b: u16) -> u16 {
        if a == 0 || b == 0 {
            return 0;
        }
        let i = usize::from(self.log[usize::from(a & 0xff)])
            + usize::from(self.log[usize::from(b & 0xff)]);
        self.exp.get(i).copied().unwrap_or(0)
    }

    /// `a ⊗ b` for 16-bit nimbers (F = 2^8, F/2 = 128).
    fn mul16(&self, a: u16, b: u16) -> u16 {
        let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
        let p0 = self.mul8(a0, b0);
        let p1 = self.mul8(a1, b1);
        let p2 = self.mul8(a0 ^ a1, b0 ^ b1);
        ((p2 ^ p0) << 8) | (p0 ^ self.mul8(p1, 128))
    }
}

/// `a ⊗ b` for `a, b < 2^bits` (`bits` a power of two up to 16), straight
/// from the Fermat 2-power recursion with no tables.
fn mul_by_definition(a: u16, b: u16, bits: u32) -> u16 {
    if bits <= 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u16 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let p0 = mul_by_definition(a0, b0, h);
    let p1 = mul_by_definition(a1, b1, h);
    let p2 = mul_by_definition(a0 ^ a1, b0 ^ b1, h);
    ((p2 ^ p0) << h) | (p0 ^ mul_by_definition(p1, 1 << (h - 1), h))
}

/// Splits into (high, low) halves.
#[inline]
fn split32(x: u32) -> (u16, u16) {
    let [b0, b1, b2, b3] = x.to_le_bytes();
    (u16::from_le_bytes([b2, b3]), u16::from_le_bytes([b0, b1]))
}

#[inline]
fn join32(hi: u16, lo: u16) -> u32 {
    (u32::from(hi) << 16) | u32::from(lo)
}

/// Splits into (high, low) halves.
#[inline]
fn split64(x: u64) -> (u32, u32) {
    let [b0, b1, b2, b3, b4, b5, b6, b7] = x.to_le_bytes();
    (
        u32::from_le_bytes([b4, b5, b6, b7]),
        u32::from_le_bytes([b0, b1, b2, b3]),
    )
}

#[inline]
fn join64(hi: u32, lo: u32) -> u64 {
    (u64::from(hi) << 32) | u64::from(lo)
}

// ---------------------------------------------------------------------------
// Multi-limb nimbers: little-endian u64 limbs, a power-of-two count of them
// (the field of order 2^(64·len)).

fn xor_limbs(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0))
        .collect()
}

fn first_limb(a: &[u64]) -> u64 {
    a.first().copied().unwrap_or(0)
}

/// `a ⊗ b` for equal power-of-two limb counts.
fn mul_limbs(t: &Tables, a: &[u64], b: &[u64]) -> Vec<u64> {
    crate::interrupt::check();
    if a.len() <= 1 || b.len() <= 1 {
        return vec![t.mul64(first_limb(a), first_limb(b))];
    }
    let (a0, a1) = a.split_at(a.len() / 2);
    let (b0, b1) = b.split_at(b.len() / 2);
    let p0 = mul_limbs(t, a0, b0);
    let p1 = mul_limbs(t, a1, b1);
    let p2 = mul_limbs(t, &xor_limbs(a0, a1), &xor_limbs(b0, b1));
    let mut out = xor_limbs(&p0, &half_limbs(t, &p1));
    out.extend(xor_limbs(&p2, &p0));
    out
}

/// `x ⊗ 2^(64·len - 1)`, the half of the Fermat 2-power above x's field.
fn half_limbs(t: &Tables, x: &[u64]) -> Vec<u64> {
    if x.len() <= 1 {
        return vec![t.mul64_half(first_limb(x))];
    }
    let (x0, x1) = x.split_at(x.len() / 2);
    let mut out = half_limbs(t, &half_limbs(t, x1));
    out.extend(half_limbs(t, &xor_limbs(x0, x1)));
    out
}

/// The inverse of a non-zero multi-limb nimber (`None` for 0).
fn inv_limbs(t: &Tables, a: &[u64]) -> Option<Vec<u64>> {
    if a.len() <= 1 {
        return t.inv64(first_limb(a)).map(|x| vec![x]);
    }
    let (a0, a1) = a.split_at(a.len() / 2);
    if a1.iter().all(|&w| w == 0) {
        let mut inv = inv_limbs(t, a0)?;
        inv.resize(a.len(), 0);
        return Some(inv);
    }
    let s = xor_limbs(a0, a1);
    let norm = xor_limbs(&half_limbs(t, &mul_limbs(t, a1, a1)), &mul_limbs(t, a0, &s));
    let n = inv_limbs(t, &norm)?;
    let mut out = mul_limbs(t, &s, &n);
    out.extend(mul_limbs(t, a1, &n));
    Some(out)
}

/// The limbs of a non-negative integer (`None` if negative).
fn to_limbs(a: &Integer) -> Option<Vec<u64>> {
    if a.is_negative() {
        return None;
    }
    Some(a.to_bigint().to_u64_digits().1)
}

/// Pads both to the same power-of-two limb count.
fn pad_pair(mut a: Vec<u64>, mut b: Vec<u64>) -> Option<(Vec<u64>, Vec<u64>)> {
    let n = a.len().max(b.len()).max(1).checked_next_power_of_two()?;
    a.resize(n, 0);
    b.resize(n, 0);
    Some((a, b))
}

fn from_limbs(limbs: &[u64]) -> Integer {
    let bytes: Vec<u8> = limbs.iter().flat_map(|w| w.to_le_bytes()).collect();
    Integer::from(BigUint::from_bytes_le(&bytes))
}

// ---------------------------------------------------------------------------
// Public interface.

/// The nim sum `a ⊕ b` (bitwise exclusive or): the nim value of the sum of
/// Nim heaps of sizes a and b (Bouton's theorem; ONAG ch. 6).
pub fn nim_sum_u64(a: u64, b: u64) -> u64 {
    a ^ b
}

/// The nim product `a ⊗ b` of 64-bit nimbers (ONAG ch. 6; see the module
/// documentation for the recursion). The numbers below 2^64 form a field,
/// so the result is again below 2^64.
pub fn nim_product_u64(a: u64, b: u64) -> u64 {
    tables().mul64(a, b)
}

/// The inverse of a 64-bit nimber in the nimber field (`None` for 0): the
/// b with `a ⊗ b = 1`.
pub fn nim_inverse_u64(a: u64) -> Option<u64> {
    tables().inv64(a)
}

/// The nim sum `a ⊕ b` of non-negative integers of any size (`None` if
/// either is negative).
pub fn nim_sum(a: &Integer, b: &Integer) -> Option<Integer> {
    if a.is_negative() || b.is_negative() {
        return None;
    }
    if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
        return Some(Integer::from(x ^ y));
    }
    Some(Integer::from(a.to_bigint() ^ b.to_bigint()))
}

/// Conway's nim product `a ⊗ b` of non-negative integers of any size
/// (ONAG ch. 6; `None` if either is negative). Operands below 2^64 take
/// the machine-word path; larger ones the Fermat 2-power recursion on
/// 64-bit limbs.
pub fn nim_product(a: &Integer, b: &Integer) -> Option<Integer> {
    if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
        return Some(Integer::from(nim_product_u64(x, y)));
    }
    let (x, y) = pad_pair(to_limbs(a)?, to_limbs(b)?)?;
    Some(from_limbs(&mul_limbs(tables(), &x, &y)))
}

/// The inverse of a positive integer in the field of nimbers (ONAG ch. 6):
/// the b with `a ⊗ b = 1`, which lies in the least field of order
/// 2^(2^k) containing a. `None` unless a > 0.
pub fn nim_inverse(a: &Integer) -> Option<Integer> {
    if !a.is_positive() {
        return None;
    }
    if let Some(x) = a.to_u64() {
        return nim_inverse_u64(x).map(Integer::from);
    }
    let (x, _) = pad_pair(to_limbs(a)?, Vec::new())?;
    inv_limbs(tables(), &x).map(|v| from_limbs(&v))
}

/// The nim square root of a non-negative integer: the b with `b ⊗ b = a`,
/// unique because squaring is the Frobenius automorphism of the field
/// (`None` if a is negative). With `a = h·F + l` for the Fermat 2-power F
/// just above a's halves (`h, l < F`), and `F ⊗ F = F ⊕ F/2`:
/// `√a = √h·F + √(l ⊕ h ⊗ F/2)`.
pub fn nim_sqrt(a: &Integer) -> Option<Integer> {
    if a.is_negative() {
        return None;
    }
    if a.bit_length() <= 1 {
        return Some(a.clone());
    }
    let mut half: u64 = 1;
    while 2 * half < a.bit_length() {
        half *= 2;
    }
    let high = a.shr(half);
    let low = a - &high.shl(half);
    let root_high = nim_sqrt(&high)?;
    let carried = nim_product(&high, &Integer::one().shl(half - 1))?;
    let root_low = nim_sqrt(&nim_sum(&low, &carried)?)?;
    // Both roots are below F, so this is ordinary arithmetic.
    Some(root_high.shl(half) + root_low)
}

/// Nim division `a ⊗ b⁻¹` (`None` if b is not positive or a is negative).
pub fn nim_div(a: &Integer, b: &Integer) -> Option<Integer> {
    if a.is_negative() {
        return None;
    }
    nim_product(a, &nim_inverse(b)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim product from its definition as a minimal excludant, for
    /// `0 <= a, b < n`.
    fn mex_table(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n];
                for x in 0..a {
                    for y in 0..b {
                        let v = t[x][b] ^ t[a][y] ^ t[x][y];
                        seen[v as usize] = true;
                    }
                }
                t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    #[test]
    fn agrees_with_the_mex_definition() {
        let t = mex_table(64);
        for a in 0..64u16 {
            for b in 0..64u16 {
                let expected = t[a as usize][b as usize];
                assert_eq!(nim_product_u64(a.into(), b.into()), expected, "{a} * {b}");
                assert_eq!(u64::from(mul_by_definition(a, b, 8)), expected);
            }
        }
    }

    #[test]
    fn generators_are_primitive() {
        let t = tables();
        // Every non-zero element has exactly one logarithm.
        let mut seen = vec![false; 65536];
        for &x in t.exp.iter().take(65535) {
            assert!(x != 0 && !seen[usize::from(x)]);
            seen[usize::from(x)] = true;
        }
        let small = SmallField::build();
        let mut seen = [false; 256];
        for &x in small.exp.iter().take(255) {
            assert!(x != 0 && x < 256 && !seen[usize::from(x)]);
            seen[usize::from(x)] = true;
        }
    }

    #[test]
    fn sixteen_bit_tables_agree_with_the_definition() {
        let t = tables();
        for a in (0..=u16::MAX).step_by(97) {
            for b in (0..=u16::MAX).step_by(389) {
                assert_eq!(t.mul16(a, b), mul_by_definition(a, b, 16), "{a} * {b}");
            }
            assert_eq!(t.mul16_half(a), mul_by_definition(a, 1 << 15, 16));
        }
    }

    #[test]
    fn square_roots_square_back() {
        for a in 0..2000u64 {
            let r = nim_sqrt(&Integer::from(a)).unwrap();
            assert_eq!(nim_product(&r, &r).unwrap(), Integer::from(a), "√{a} = {r}");
        }
        let big = Integer::from(0x1234_5678_9abc_def0u64).shl(200) + Integer::from(77);
        let r = nim_sqrt(&big).unwrap();
        assert_eq!(nim_product(&r, &r).unwrap(), big);
        assert_eq!(nim_sqrt(&Integer::from(2)), Some(Integer::from(3)));
        assert_eq!(nim_sqrt(&Integer::from(-1)), None);
    }

    #[test]
    fn limb_path_agrees_with_machine_words() {
        let t = tables();
        let xs = [
            0u64,
            1,
            2,
            3,
            255,
            256,
            65535,
            65536,
            1 << 32,
            u64::MAX,
            0x1234_5678_9abc_def0,
        ];
        for &a in &xs {
            for &b in &xs {
                let got = mul_limbs(t, &[a, 0], &[b, 0]);
                assert_eq!(got, vec![t.mul64(a, b), 0]);
                let got = mul_limbs(t, &[a, 0, 0, 0], &[b, 0, 0, 0]);
                assert_eq!(got, vec![t.mul64(a, b), 0, 0, 0]);
            }
            assert_eq!(half_limbs(t, &[a]), vec![t.mul64_half(a)]);
            assert_eq!(t.mul64_half(a), t.mul64(a, 1 << 63));
        }
    }
}
