//! Packed lists (nim-value sequences kept as narrow integer cells) are the
//! same lists to users as boxed ones: printing, indexing, `Size`/`Length`,
//! iteration, equality, the universal order and hashing (SCRIPTING 7.7).

mod common;

use common::check;
use onag_core::packed::PackedSlice;
use onag_lang::order::{hash_value, value_eq, value_order};
use onag_lang::value::Value;
use onag_lang::Interp;
use proptest::prelude::*;
use std::hash::{DefaultHasher, Hasher};

fn packed(xs: &[u64]) -> Value {
    Value::packed_list(PackedSlice::from_values(xs))
}

fn boxed(xs: &[u64]) -> Value {
    Value::list(xs.iter().map(|&x| Value::integer(x)).collect())
}

fn hash(v: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    hash_value(v, &mut h);
    h.finish()
}

/// Values of every cell width: small, past a byte, past 32 bits.
fn values() -> impl Strategy<Value = Vec<u64>> {
    let x = prop_oneof![0u64..8, 0u64..300, 0u64..70000, any::<u64>()];
    proptest::collection::vec(x, 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn packed_and_boxed_lists_agree(xs in values(), ys in values()) {
        let (p, b) = (packed(&xs), boxed(&xs));
        prop_assert_eq!(p.to_string(), b.to_string());
        prop_assert!(value_eq(&p, &b));
        prop_assert_eq!(hash(&p), hash(&b));
        for other in [packed(&ys), boxed(&ys)] {
            prop_assert_eq!(value_order(&p, &other), value_order(&b, &other));
            prop_assert_eq!(value_order(&other, &p), value_order(&other, &b));
        }
        let (Value::List(pl), Value::List(bl)) = (&p, &b) else { unreachable!() };
        prop_assert_eq!(pl.len(), bl.len());
        prop_assert!(pl.iter().zip(bl.iter()).all(|(x, y)| value_eq(&x, &y)));
        for i in 0..=xs.len() {
            prop_assert_eq!(pl.get(i).map(|v| v.to_string()), bl.get(i).map(|v| v.to_string()));
        }
        // The boxed form of a packed list, built on demand, is the list.
        prop_assert_eq!(pl.items().len(), xs.len());
        prop_assert!(pl.items().iter().zip(bl.items()).all(|(x, y)| value_eq(x, y)));
    }
}

#[test]
fn nim_value_sequences_are_lists() {
    let seq = "Subtraction([2,3,5]).NimValueSequence(14)";
    let literal = "[0,1,1,2,2,3,0,0,1,1,2,2,3,0]";
    check(&[
        (&format!("l := {seq}"), literal),
        ("m := [0,1,1,2,2,3,0,0,1,1,2,2,3,0]", literal),
        (
            "[l == m, m == l, l.Size, l.Length, l[6], l[14]]",
            "[true,true,14,14,3,0]",
        ),
        ("[l[0]]", "!!List index out of bounds: 0"),
        ("l[15]", "!!List index out of bounds: 15"),
        ("s := 0; for x in l do s := s + x end; s", "18"),
        ("[x * 2 for x in l where x > 1]", "[4,4,6,4,4,6]"),
        (
            "[l.Sorted, l.Distinct, l.Sum, l.Max]",
            "[[0,0,0,0,1,1,1,1,2,2,2,2,3,3],[0,1,2,3],18,3]",
        ),
        ("{l, m}.Size", "1"),
        ("l.Take(3) == [0,1,1]", "true"),
        ("GrundysGame.NimValueSequence(8)", "[0,0,1,0,2,1,0,2]"),
        ("GrundysGame.NimValueSequence(0)", "[]"),
    ]);
}

#[test]
fn a_packed_list_shares_the_sequence_and_survives_its_growth() {
    let mut s = Interp::new();
    let short = s.run("a := Kayles.NimValueSequence(5)").unwrap().unwrap();
    // The ruleset's array grows (copied once, since `a` shares it).
    s.run("b := Kayles.NimValueSequence(3000)").unwrap();
    assert_eq!(s.run("a").unwrap().unwrap().to_string(), short.to_string());
    assert_eq!(short.to_string(), "[1,2,3,1,4]");
    let got = s.run("[a == b.Take(5), b.Size, b[3000]]").unwrap().unwrap();
    assert_eq!(got.to_string(), "[true,3000,4]");
}
