//! Structural equality agrees with the universal order (SCRIPTING 4.11):
//! `value_eq` decides some kinds without ordering (numbers, grids,
//! coordinates, instances field by field), and must say `true` exactly
//! when `value_order` says `Equal`, with equal hashes for equal values
//! (the transposition tables of user-defined games rest on both).

use onag_lang::order::{hash_value, value_eq, value_order};
use onag_lang::value::Value;
use onag_lang::Interp;
use proptest::prelude::*;
use std::cell::RefCell;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::path::PathBuf;

thread_local! {
    static SESSION: RefCell<Interp> = RefCell::new({
        let s = Interp::new();
        s.add_library_root(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/games"),
        );
        s
    });
}

/// The value of `input` in the session.
fn value(input: &str) -> Value {
    SESSION.with(|s| match s.borrow_mut().run(input) {
        Ok(Some(v)) => v,
        other => panic!("{input}: {:?}", other.map(|v| v.is_some())),
    })
}

/// The kinds of values generated: those `value_eq` decides itself and a
/// few it leaves to the order.
const KINDS: usize = 7;

/// Source text of a value of kind `k`, from a small domain so that two
/// values of one kind are often equal, or differ in one place.
fn leaf(k: usize) -> BoxedStrategy<String> {
    let board = || {
        proptest::collection::vec(prop_oneof![Just('.'), Just('#')], 1..=3)
            .prop_map(|cells| cells.into_iter().collect::<String>())
    };
    match k {
        0 => prop_oneof![
            (-1i32..=1).prop_map(|n| n.to_string()),
            (-1i32..=2, 1i32..=4).prop_map(|(a, b)| format!("{a}/{b}")),
            Just("1/0".to_string()),
        ]
        .boxed(),
        1 => (-1i32..=1, -1i32..=1)
            .prop_map(|(r, c)| format!("({r},{c})"))
            .boxed(),
        2 => board()
            .prop_map(|g| format!("Grid.Parse(\"{g}\", \".#\")"))
            .boxed(),
        3 => board()
            .prop_map(|g| format!("ug.Domineering(\"{g}\")"))
            .boxed(),
        4 => prop_oneof![Just("true"), Just("false"), Just("Left"), Just("Right")]
            .prop_map(str::to_string)
            .boxed(),
        5 => prop_oneof![Just("*"), Just("^"), Just("0"), Just("{1|*}")]
            .prop_map(str::to_string)
            .boxed(),
        _ => prop_oneof![Just("\"ab\""), Just("\"a\""), Just("[]"), Just("Nothing")]
            .prop_map(str::to_string)
            .boxed(),
    }
}

/// Two values: leaves of one kind, or lists of such pairs (of equal or
/// unequal lengths), or two leaves of any kinds.
fn pair() -> BoxedStrategy<(String, String)> {
    let same_kind = (0..KINDS).prop_flat_map(|k| (leaf(k), leaf(k)));
    let mixed = (0..KINDS, 0..KINDS).prop_flat_map(|(j, k)| (leaf(j), leaf(k)));
    let leaves = prop_oneof![4 => same_kind, 1 => mixed];
    leaves
        .prop_recursive(2, 12, 3, |inner| {
            (proptest::collection::vec(inner, 0..3), any::<bool>()).prop_map(|(pairs, trim)| {
                let (mut a, b): (Vec<String>, Vec<String>) = pairs.into_iter().unzip();
                if trim {
                    a.pop();
                }
                (format!("[{}]", a.join(",")), format!("[{}]", b.join(",")))
            })
        })
        .boxed()
}

fn hash(v: &Value) -> u64 {
    let build = BuildHasherDefault::<rustc_hash::FxHasher>::default();
    let mut state = build.build_hasher();
    hash_value(v, &mut state);
    std::hash::Hasher::finish(&state)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn equality_is_the_orders_equal((a, b) in pair()) {
        for (x, y) in [(&a, &b), (&a, &a)] {
            let (u, v) = (value(x), value(y));
            let equal = value_eq(&u, &v);
            prop_assert_eq!(equal, value_order(&u, &v).is_eq(), "{} vs {}", x, y);
            if equal {
                prop_assert_eq!(hash(&u), hash(&v), "{} vs {}", x, y);
            }
        }
    }
}
