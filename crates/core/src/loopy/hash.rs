//! The 32-bit value hash that orders loopy options and sets when printing
//! (LOOPY 3.7-3.8 and Appendix A).
//!
//! CGSuite sorts the loopy options of a node by a hash of their values
//! (with 32-bit wrap-around comparison), so reproducing its output needs
//! that hash exactly: an isomorphism-invariant graph hash, then Scala's
//! MurmurHash3 product hash of the value's class name and fields. All
//! arithmetic here wraps, by design.

use super::graph::Graph;
use super::pseudonumber::Pseudonumber;
use super::stopper::{Repr, Stopper};
use super::store::node;
use super::Side;
use crate::number::{Dyadic, Integer};

/// Java's `String.hashCode`.
pub(crate) fn java_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

fn mix(h: i32, k: i32) -> i32 {
    let k = (k as u32)
        .wrapping_mul(0xcc9e_2d51)
        .rotate_left(15)
        .wrapping_mul(0x1b87_3593);
    let h = (h as u32 ^ k).rotate_left(13);
    h.wrapping_mul(5).wrapping_add(0xe654_6b64) as i32
}

fn finish(h: i32, n: i32) -> i32 {
    let mut h = (h ^ n) as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h as i32
}

/// The product hash of a record named `name` with fields hashing to
/// `parts`.
pub(crate) fn product_hash(name: &str, parts: &[i32]) -> i32 {
    let mut h = mix(0xcafe_babe_u32 as i32, java_hash(name));
    for &p in parts {
        h = mix(h, p);
    }
    finish(h, parts.len() as i32)
}

const B: i32 = -962_764_907;
const ML: i32 = -1_692_903_693;
const MR: i32 = 1_419_677_861;
const ME: i32 = 1_161_334_719;
const XL: i32 = -742_481_099;
const XR: i32 = -121_939_996;
const P: i32 = 1_567_540_980;

/// `n * (n + 1) * m`, wrapping.
fn tri(n: usize, m: i32) -> i32 {
    let n = n as i32;
    n.wrapping_mul(n.wrapping_add(1)).wrapping_mul(m)
}

fn mini(g: &Graph, v: u32) -> i32 {
    let (l, r) = (g.left(v), g.right(v));
    let mut m = B ^ tri(l.len(), ML) ^ tri(r.len(), MR);
    for &t in l {
        if t == v {
            m ^= XL;
        }
    }
    for &t in r {
        if t == v {
            m ^= XR;
        }
    }
    let e = l.iter().filter(|&&t| t != v && r.contains(&t)).count();
    m ^ tri(e, ME)
}

/// The isomorphism-invariant hash of the part of `g` reachable from
/// `root` (LOOPY A.1).
pub(crate) fn iso_hash(g: &Graph, root: u32) -> i32 {
    let reach = g.reachable(Some(root));
    let mut acc = 0i32;
    for v in 0..g.len() as u32 {
        if !reach[v as usize] {
            continue;
        }
        let sum = |edges: &[u32]| {
            edges.iter().fold(0i32, |s, &t| {
                s.wrapping_add(if t == v { P } else { mini(g, t) })
            })
        };
        let sig = (sum(g.left(v)) << 2)
            .wrapping_add(sum(g.right(v)) << 1)
            .wrapping_add(mini(g, v));
        acc ^= if v == root { sig << 1 } else { sig };
    }
    acc
}

fn integer_hash(n: &Integer) -> i32 {
    match n.to_i64().and_then(|x| i32::try_from(x).ok()) {
        Some(0) => java_hash("ZeroImpl"),
        Some(x) => product_hash("SmallIntegerImpl", &[x]),
        // Beyond 32 bits CGSuite uses big-integer objects, whose hash is
        // not pinned down; the low bits stand in.
        None => {
            let low = (n.to_i128().unwrap_or_default() as u32) as i32;
            product_hash("IntegerImpl", &[low])
        }
    }
}

/// The hash of a number (`hnum` of LOOPY A.2).
fn number_hash(x: &Dyadic) -> i32 {
    if x.is_integer() {
        return integer_hash(x.numerator());
    }
    product_hash(
        "DyadicRationalNumberImpl",
        &[integer_hash(x.numerator()), integer_hash(&x.denominator())],
    )
}

fn pseudonumber_hash(p: &Pseudonumber) -> i32 {
    match p {
        Pseudonumber::On => java_hash("OnImpl"),
        Pseudonumber::Off => java_hash("OffImpl"),
        Pseudonumber::Over(x) => product_hash("OverNumberImpl", &[number_hash(x), 1]),
        Pseudonumber::Under(x) => product_hash("OverNumberImpl", &[number_hash(x), -1]),
        Pseudonumber::Number(x) => number_hash(x),
    }
}

/// The value hash `h` of a stopper (LOOPY A.2), used to order loopy
/// options. Short games sort by their own order, so their hash is only a
/// tie-breaker here.
pub(crate) fn stopper_hash(s: Stopper) -> i32 {
    match s.repr() {
        Repr::Short(g) => match g.as_number() {
            Some(x) => number_hash(x),
            None => product_hash("CanonicalShortGameImpl", &[g.id() as i32]),
        },
        Repr::Loopy(id) => *node(id).hash.get_or_init(|| {
            if let Some(p) = &node(id).pseudonumber {
                return pseudonumber_hash(p);
            }
            // A graph too large to expand keeps a hash of its loopy part.
            let iso = match s.graph() {
                Ok(g) => iso_hash(&g, 0),
                Err(_) => id as i32,
            };
            product_hash("CanonicalStopperImpl", &[iso])
        }),
    }
}

/// The hash of vertex `v` of a simplified side graph that is not a
/// stopper (a carousel node).
pub(crate) fn side_vertex_hash(g: &Graph, v: u32, side: Side) -> i32 {
    let name = match side {
        Side::Onside => "Onside",
        Side::Offside => "Offside",
    };
    product_hash(
        "SimplifiedLoopyGameImpl",
        &[iso_hash(g, v), java_hash(name)],
    )
}

/// Sort by 32-bit hashes in ascending (signed) order, stably. CGSuite
/// compares `h(a) - h(b)` with wrap-around, which is not a consistent order
/// when hashes lie more than 2^31 apart; its observed orders (LOOPY 3.7-3.8)
/// are the plain ascending ones.
pub(crate) fn sort_by_hash<T>(items: &mut [T], hash: impl Fn(&T) -> i32) {
    items.sort_by_cached_key(|t| hash(t));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::loopy::{SidedValue, Spec, SpecOption};
    use std::ops::Neg;

    fn short(g: Game) -> SpecOption {
        SpecOption::Value(g.into())
    }

    fn stopper(v: SidedValue) -> Stopper {
        v.as_stopper().expect("a stopper")
    }

    fn loopy(spec: Spec) -> Stopper {
        stopper(spec.build().expect("a value"))
    }

    /// `(isoHash, h)` of a stopper.
    fn hashes(s: Stopper) -> (i32, i32) {
        (iso_hash(&s.graph().expect("a graph"), 0), stopper_hash(s))
    }

    #[test]
    fn string_and_constant_hashes() {
        assert_eq!(java_hash("OnImpl"), -1_929_393_985);
        assert_eq!(java_hash("OffImpl"), 115_002_383);
        assert_eq!(java_hash("ZeroImpl"), 751_215_880);
    }

    /// The test vectors of LOOPY Appendix A.
    #[test]
    fn appendix_a_vectors() {
        let zero = || short(Game::ZERO);
        let star = || short(Game::star());
        let upon = loopy(Spec::new(vec![], vec![star()]).with_left_pass());
        assert_eq!(hashes(upon), (-229_302_652, 1_516_869_437));
        let upon_star = loopy(Spec::new(vec![zero()], vec![zero()]).with_left_pass());
        assert_eq!(hashes(upon_star), (-1_571_874_947, -312_764_526));
        assert_eq!(hashes(upon.neg()), (-365_964_910, 1_929_193_268));
        assert_eq!(hashes(upon_star.neg()), (2_116_032_175, -574_156_991));
        let uponth = Stopper::from_options(&[Stopper::ZERO], &[upon_star.neg()]).unwrap();
        assert_eq!(hashes(uponth), (-711_721_730, 957_771_178));
        assert_eq!(hashes(uponth.neg()), (24_184_343, 141_032_931));
        let uponth_star =
            Stopper::from_options(&[Stopper::ZERO, Game::star().into()], &[upon.neg()]).unwrap();
        assert_eq!(hashes(uponth_star), (-443_321_185, 599_031_028));
        let a = Stopper::from_options(&[Stopper::ZERO], &[uponth]).unwrap();
        assert_eq!(hashes(a), (858_003_213, 1_607_248_671));
        let b = Stopper::from_options(&[a], &[uponth.neg()]).unwrap();
        assert_eq!(hashes(b), (923_539_613, 189_548_448));
        // a{0||||0|||a|*||*}: a = {0|b}, b = {0|c}, c = {d|*}, d = {a|*}.
        let d = Spec::new(vec![SpecOption::Label("a".into())], vec![star()]);
        let c = Spec::new(vec![SpecOption::Node(d)], vec![star()]);
        let b4 = Spec::new(vec![zero()], vec![SpecOption::Node(c)]);
        let cycle = loopy(Spec::new(vec![zero()], vec![SpecOption::Node(b4)]).labelled("a"));
        assert_eq!(hashes(cycle), (-731_427_247, 1_698_366_140));
        let p = |x: Pseudonumber| stopper_hash(Stopper::from_pseudonumber(&x));
        assert_eq!(p(Pseudonumber::Over(Dyadic::zero())), -367_988_949);
        assert_eq!(p(Pseudonumber::Under(Dyadic::zero())), 2_030_666_954);
        assert_eq!(p(Pseudonumber::Over(Dyadic::from(5))), -1_478_291_877);
        assert_eq!(p(Pseudonumber::Under(Dyadic::from(-5))), -1_554_042_131);
        assert_eq!(
            p(Pseudonumber::Under(Dyadic::new(Integer::from(3), 1))),
            -674_646_529
        );
        assert_eq!(p(Pseudonumber::On), -1_929_393_985);
        assert_eq!(p(Pseudonumber::Off), 115_002_383);
    }
}
