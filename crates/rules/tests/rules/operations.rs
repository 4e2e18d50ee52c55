//! Ruleset operations (RULESETS 4.7): Join, Adjoin, PartizanJoin,
//! AcrosticProduct, DirectProduct (the Tartan theorem) and CakeProduct,
//! on heap rules written here natively.

use crate::Kinds;
use onag_core::game::Game;
use onag_core::nim::nim_product_u64;
use onag_rules::framework::args::{Arg, Args, UserFn};
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::framework::HeapRules;
use onag_rules::games::operations::{combine, Operation};
use onag_rules::registry::{self, Make};
use onag_rules::{Player, RuleResult};
use proptest::prelude::*;
use std::rc::Rc;

/// Native heap rules standing for take-and-break codes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Code {
    /// `0.[3]`: Nim.
    Nim,
    /// `0.77`: Kayles.
    Kayles,
    /// `0.07`: Dawson's Kayles.
    Dawson,
    /// `4!.0`: Grundy's game.
    Grundy,
    /// `0.3`: remove exactly one.
    One,
    /// `0.03`: remove exactly two.
    Two,
    /// `{2+}=.0`: split into at least two equal heaps.
    Maundy,
}

impl HeapRules for Code {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        let take = |j: u64, split: bool| -> Vec<Vec<u64>> {
            if j > n {
                return vec![];
            }
            let r = n - j;
            if r == 0 {
                return vec![vec![]];
            }
            let mut v = vec![vec![r]];
            if split {
                v.extend((1..=r / 2).map(|a| vec![a, r - a]));
            }
            v
        };
        Ok(match self {
            Code::Nim => (1..=n).flat_map(|j| take(j, false)).collect(),
            Code::Kayles => [take(1, true), take(2, true)].concat(),
            Code::Dawson => take(2, true),
            Code::Grundy => (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect(),
            Code::One => take(1, false),
            Code::Two => take(2, false),
            Code::Maundy => (2..=n)
                .filter(|k| n.is_multiple_of(*k))
                .map(|k| vec![n / k; k as usize])
                .collect(),
        })
    }
}

fn heap(c: Code) -> Rc<dyn AnyRuleset> {
    onag_rules::games::heap::ruleset(format!("{c:?}"), Rc::new(c), None)
}

fn at(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> Rc<dyn AnyPosition> {
    r.position(&Args::new(vec![Arg::Tuple(vec![
        Arg::int(m as i64),
        Arg::int(n as i64),
    ])]))
    .expect("position")
}

fn nim(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> u64 {
    at(r, m, n).nim_value().expect("impartial").expect("value")
}

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} needs arguments"),
    }
}

#[test]
fn join_concatenates_heap_options() {
    let one_two = combine(&heap(Code::One), Operation::Join, &heap(Code::Two)).unwrap();
    assert_eq!(one_two.name(), "One.Join(Two)");
    assert_eq!(
        one_two.heap().heap_options(5).unwrap(),
        vec![vec![4], vec![3]]
    );
    assert_eq!(
        one_two.heap().heap_options(1).unwrap(),
        vec![Vec::<u64>::new()]
    );
    // Subtraction {1,2}: nim values n mod 3.
    let seq: Vec<u64> = (1..=12).map(|n| n % 3).collect();
    assert_eq!(one_two.heap().nim_value_sequence(12).unwrap(), seq);
    // Dawson's Kayles joined with 0.7 is Kayles: CGSuite's sequence.
    let kayles = combine(&heap(Code::Dawson), Operation::Join, &heap(Code::Kayles)).unwrap();
    assert_eq!(
        kayles.heap().nim_value_sequence(20).unwrap(),
        [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    );
    // A join is again a heap ruleset.
    let again = combine(&one_two, Operation::Join, &heap(Code::Nim)).unwrap();
    assert_eq!(again.heap().nim_value(7).unwrap(), 7);
    let p = again.position(&Args::new(vec![Arg::int(3)])).unwrap();
    assert_eq!(p.display(), "One.Join(Two).Join(Nim)(3)");
    assert_eq!(p.nim_value().unwrap().unwrap(), 3);
    assert_eq!(p.options(Player::Left).unwrap().len(), 2 + 3);
    // Heap 0 is fixed at 0 whatever its options (RULESETS 4.4).
    assert_eq!(heap(Code::Nim).heap().nim_value(0).unwrap(), 0);
}

fn user(f: impl Fn(&[Arg]) -> RuleResult<Arg> + 'static) -> Arg {
    let f: UserFn = Rc::new(f);
    Arg::Function(f)
}

fn pairs(v: Vec<(i64, i64)>) -> Arg {
    Arg::List(
        v.into_iter()
            .map(|(a, b)| Arg::Tuple(vec![Arg::int(a), Arg::int(b)]))
            .collect(),
    )
}

#[test]
fn adjoin_concatenates_coordinate_options() {
    let Make::Schema(make) = &registry::find("CoordinateRuleset").unwrap().make else {
        panic!("a family");
    };
    let rook = make(&Args::new(vec![user(|a| {
        let (m, n) = (a[0].as_i64().unwrap(), a[1].as_i64().unwrap());
        let mut v: Vec<(i64, i64)> = (0..m).rev().map(|k| (k, n)).collect();
        v.extend((0..n).rev().map(|k| (m, k)));
        Ok(pairs(v))
    })]))
    .unwrap();
    let bishop = make(&Args::new(vec![user(|a| {
        let (m, n) = (a[0].as_i64().unwrap(), a[1].as_i64().unwrap());
        Ok(pairs((1..=m.min(n)).map(|k| (m - k, n - k)).collect()))
    })]))
    .unwrap();
    let queen = combine(&rook, Operation::Adjoin, &bishop).unwrap();
    let wythoff = named("Wythoff");
    assert_eq!(
        queen.coordinate().nim_value_table(12, 12).unwrap(),
        wythoff.coordinate().nim_value_table(12, 12).unwrap()
    );
    assert_eq!(at(&queen, 10, 10).options(Player::Left).unwrap().len(), 30);
    // Adjoin needs coordinate rulesets; the other operations heap rulesets.
    assert!(combine(&heap(Code::Nim), Operation::Adjoin, &wythoff).is_err());
    assert!(combine(&wythoff, Operation::Join, &heap(Code::Nim)).is_err());
    assert!(combine(&heap(Code::Nim), Operation::DirectProduct, &wythoff).is_err());
    // An adjoined ruleset is again a coordinate ruleset.
    assert!(combine(&queen, Operation::Adjoin, &queen).is_ok());
}

#[test]
fn acrostic_product() {
    // Nim x Nim. Taking a whole heap leaves 0 (the empty option list),
    // not (0, n), so this is not two-heap Nim. By hand: (0, n) and (m, 0)
    // are Nim heaps; (1,1) = mex{0} = 1; (1,2) = mex{0, (1,1)} = 2;
    // (2,2) = mex{0, (1,2), (2,1)} = 1; (2,3) = mex{0, (1,3), (2,2),
    // (2,1)} = mex{0, 3, 1, 2} = 4.
    let nn = combine(
        &heap(Code::Nim),
        Operation::AcrosticProduct,
        &heap(Code::Nim),
    )
    .unwrap();
    assert_eq!(nn.name(), "Nim.AcrosticProduct(Nim)");
    for k in 0..8 {
        assert_eq!(nim(&nn, 0, k), k);
        assert_eq!(nim(&nn, k, 0), k);
    }
    for ((m, n), v) in [
        ((1, 1), 1),
        ((1, 2), 2),
        ((2, 1), 2),
        ((2, 2), 1),
        ((1, 3), 3),
        ((2, 3), 4),
    ] {
        assert_eq!(nim(&nn, m, n), v, "({m},{n})");
    }
    // Options are sums: Kayles on the first coordinate splits it.
    let kn = combine(
        &heap(Code::Kayles),
        Operation::AcrosticProduct,
        &heap(Code::Nim),
    )
    .unwrap();
    let opts = at(&kn, 3, 1).options(Player::Left).unwrap();
    let shown: Vec<String> = opts.iter().map(|o| o.display()).collect();
    let name = "Kayles.AcrosticProduct(Nim)";
    assert_eq!(
        shown,
        [
            format!("{name}((2,1))"),
            format!("{name}((1,1)) + {name}((1,1))"),
            format!("{name}((1,1))"),
            "0".to_string(),
        ]
    );
}

#[test]
fn direct_product_options() {
    // D(m, n) for one R-option [a] of m and one S-option [b] of n is
    // (a,n) + (m,b) + (a,b).
    let d = combine(&heap(Code::One), Operation::DirectProduct, &heap(Code::One)).unwrap();
    let opts = at(&d, 2, 3).options(Player::Left).unwrap();
    assert_eq!(opts.len(), 1);
    let name = "One.DirectProduct(One)";
    assert_eq!(
        opts[0].display(),
        format!("{name}((1,2)) + {name}((1,3)) + {name}((2,2))")
    );
    // With the empty option list: [] x [b] gives (m, b) only.
    let opts = at(&d, 1, 3).options(Player::Left).unwrap();
    assert_eq!(opts[0].display(), format!("{name}((1,2))"));
}

#[test]
fn cake_product_is_gen_cutcake() {
    // rules.txt: TakeAndBreak("{2+}=.0").CakeProduct(TakeAndBreak("{2+}=.0"),
    // twisted => true)((8, 0..8)), with the code written natively.
    let m = heap(Code::Maundy);
    let t = combine(&m, Operation::CakeProduct { twisted: true }, &m).unwrap();
    assert_eq!(t.name(), "GenCutcake(Maundy, Maundy, twisted => true)");
    let row: Vec<String> = (0..=8)
        .map(|n| at(&t, 8, n).canonical_form().unwrap().to_string())
        .collect();
    assert_eq!(
        row,
        [
            "1",
            "1",
            "{8|-2}",
            "{8|-3}",
            "{8|-6}",
            "{8|-5}",
            "{8|-6,{-4|-14}}",
            "{10|-7}",
            "+-12"
        ]
    );
    // Untwisted it is MaundyCake.
    let u = combine(&m, Operation::CakeProduct { twisted: false }, &m).unwrap();
    let maundy = named("MaundyCake");
    assert_eq!(
        u.partizan_coordinate().game_value_table(6, 6).unwrap(),
        maundy.partizan_coordinate().game_value_table(6, 6).unwrap()
    );
}

/// The canonical form of a position from its options' values, one level
/// deep (the options' values are XORs over their components).
fn one_level(p: &Rc<dyn AnyPosition>) -> Game {
    let l: Vec<Game> = p
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| {
            let x = o
                .decomposition()
                .unwrap()
                .iter()
                .fold(0, |acc, c| acc ^ c.nim_value().unwrap().unwrap());
            Game::nimber(x)
        })
        .collect();
    Game::from_options(&l, &l)
}

fn code() -> impl Strategy<Value = Code> {
    prop::sample::select(vec![
        Code::Nim,
        Code::Kayles,
        Code::Dawson,
        Code::Grundy,
        Code::One,
        Code::Two,
        Code::Maundy,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The Tartan theorem: the nim value of D(m, n) is the nim product of
    /// the factors' nim values.
    #[test]
    fn tartan_theorem(r in code(), s in code(), m in 0u64..10, n in 0u64..10) {
        let (hr, hs) = (heap(r), heap(s));
        let d = combine(&hr, Operation::DirectProduct, &hs).unwrap();
        let expected = nim_product_u64(hr.heap().nim_value(m).unwrap(), hs.heap().nim_value(n).unwrap());
        prop_assert_eq!(nim(&d, m, n), expected);
    }

    /// Products' nim values are the mex of their options' values, and
    /// the acrostic product is symmetric under swapping the factors.
    #[test]
    fn products_are_consistent(r in code(), s in code(), m in 0u64..8, n in 0u64..8) {
        for op in [Operation::AcrosticProduct, Operation::DirectProduct] {
            let d = combine(&heap(r), op, &heap(s)).unwrap();
            let v = nim(&d, m, n);
            prop_assert_eq!(one_level(&at(&d, m, n)), Game::nimber(v));
            let swapped = combine(&heap(s), op, &heap(r)).unwrap();
            prop_assert_eq!(nim(&swapped, n, m), v);
        }
    }
}
