//! Partizan coordinate rulesets (RULESETS 4.9): GenCutcake and its presets,
//! PartizanEuclid, PartizanCoordinateRuleset; the values of RULESETS 4.9,
//! the rules.txt group "it should define partizan coordinate games
//! properly", and the seeds' Cut-cake examples.

use crate::Kinds;
use onag_core::game::Game;
use onag_rules::framework::args::{Arg, Args};
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::framework::HeapRules;
use onag_rules::games::coordinate::cake::gen_cutcake;
use onag_rules::registry::{self, Make};
use onag_rules::{Player, RuleResult};
use proptest::prelude::*;
use std::collections::HashMap;
use std::rc::Rc;

/// Heap rules written here as the take-and-break codes they stand for, in
/// CGSuite's option order (RULESETS 4.2.2).
#[derive(Clone, Copy, Debug)]
enum Code {
    /// `4.0`
    Cut,
    /// `0.7`
    Eat,
    /// `{2+}=.0`
    Maundy,
    /// `0.3`: remove one token.
    One,
}

impl HeapRules for Code {
    fn heap_options(&self, n: u64) -> RuleResult<Vec<Vec<u64>>> {
        Ok(match self {
            Code::Cut => (1..=n / 2).map(|a| vec![a, n - a]).collect(),
            Code::Eat if n == 0 => vec![],
            Code::Eat => {
                let r = n - 1;
                let mut v = if r == 0 { vec![vec![]] } else { vec![vec![r]] };
                v.extend((1..=r / 2).map(|a| vec![a, r - a]));
                v
            }
            Code::Maundy => (2..=n)
                .filter(|k| n.is_multiple_of(*k))
                .map(|k| vec![n / k; k as usize])
                .collect(),
            Code::One if n == 0 => vec![],
            Code::One => vec![if n == 1 { vec![] } else { vec![n - 1] }],
        })
    }
}

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("registered").make {
        Make::Ruleset(f) => f(),
        Make::Schema(_) => panic!("{name} needs arguments"),
    }
}

fn pos(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> Rc<dyn AnyPosition> {
    r.position(&Args::new(vec![Arg::Tuple(vec![
        Arg::int(m as i64),
        Arg::int(n as i64),
    ])]))
    .expect("valid position")
}

fn value(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> Game {
    pos(r, m, n).canonical_form().expect("value")
}

fn row(r: &Rc<dyn AnyRuleset>, m: u64, cols: u64) -> Vec<String> {
    (0..=cols).map(|n| value(r, m, n).to_string()).collect()
}

fn left_options(r: &Rc<dyn AnyRuleset>, m: u64, n: u64) -> usize {
    pos(r, m, n).options(Player::Left).expect("options").len()
}

fn cake(l: Code, r: Code, twisted: bool) -> Rc<dyn AnyRuleset> {
    gen_cutcake(
        format!("{l:?}{r:?}{twisted}"),
        Rc::new(l),
        Rc::new(r),
        twisted,
    )
}

#[test]
fn cutcake_values() {
    // rules.txt: [Cutcake((8,n)).CanonicalForm for n from 0 to 8]
    let c = named("Cutcake");
    assert_eq!(
        row(&c, 8, 8),
        ["-7", "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"]
    );
    assert_eq!(left_options(&c, 8, 8), 4);
    for ((m, n), v) in [
        ((8, 0), -7),
        ((1, 5), 4),
        ((5, 1), -4),
        ((0, 4), 3),
        ((2, 2), 0),
        ((8, 8), 0),
    ] {
        assert_eq!(value(&c, m, n), Game::integer(v), "Cutcake(({m},{n}))");
    }
    assert_eq!(c.name(), "Cutcake");
    assert_eq!(pos(&c, 8, 8).display(), "Cutcake((8,8))");
    // Only the tuple form is accepted.
    assert!(c
        .position(&Args::new(vec![Arg::int(8), Arg::int(8)]))
        .is_err());
}

/// Winning Ways' closed form of Cut-cake, with Left cutting the n columns
/// and Right the m rows.
fn cutcake_formula(m: u64, n: u64) -> i64 {
    let (a, b) = (n.ilog2(), m.ilog2());
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => (n >> b) as i64 - 1,
        std::cmp::Ordering::Less => -((m >> a) as i64 - 1),
        std::cmp::Ordering::Equal => 0,
    }
}

#[test]
fn cutcake_matches_the_closed_form() {
    let c = named("Cutcake");
    let t = c.partizan_coordinate().game_value_table(24, 24).unwrap();
    assert_eq!(t.len(), 24);
    for m in 1..=24u64 {
        for n in 1..=24u64 {
            assert_eq!(
                t[m as usize - 1][n as usize - 1],
                Game::integer(cutcake_formula(m, n)),
                "({m},{n})"
            );
        }
    }
}

/// A cake (rows, columns), its Left and Right options' values, its value.
type Example = ((u64, u64), &'static [i64], &'static [i64], i64);

#[test]
fn seeds_cut_cake_examples() {
    // The seeds (CSCI 4341 notes, "CUT CAKE (L = vertical, R = horizontal)")
    // evaluate six cakes, rows x columns, by their options' values:
    // 2x2 = {-2 | 2} = 0, 2x3 = {-1 | 4} = 0, 3x2 = {-4 | 1} = 0,
    // 3x3 = {-2 | 2} = 0, 2x4 = {-1, 0 | 6} = 1, 3x4 = {-2, 0 | 4} = 1.
    let c = named("Cutcake");
    let cases: [Example; 6] = [
        ((2, 2), &[-2], &[2], 0),
        ((2, 3), &[-1], &[4], 0),
        ((3, 2), &[-4], &[1], 0),
        ((3, 3), &[-2], &[2], 0),
        ((2, 4), &[-1, 0], &[6], 1),
        ((3, 4), &[-2, 0], &[4], 1),
    ];
    for ((m, n), left, right, v) in cases {
        let p = pos(&c, m, n);
        for (player, expected) in [(Player::Left, left), (Player::Right, right)] {
            let mut got: Vec<Game> = p
                .options(player)
                .unwrap()
                .iter()
                .map(|o| o.canonical_form().unwrap())
                .collect();
            got.sort_by_key(|g| g.to_string());
            got.dedup();
            let mut want: Vec<Game> = expected.iter().map(|&x| Game::integer(x)).collect();
            want.sort_by_key(|g| g.to_string());
            assert_eq!(got, want, "{player:?} options of {m}x{n}");
        }
        assert_eq!(p.canonical_form().unwrap(), Game::integer(v), "{m}x{n}");
    }
}

#[test]
fn maundy_and_eatcake_values() {
    let maundy = named("MaundyCake");
    assert_eq!(
        row(&maundy, 8, 8),
        ["-7", "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"]
    );
    assert_eq!(left_options(&maundy, 8, 8), 3);
    // rules.txt: Eatcake((8,8)).LeftOptions.Size => 4
    let eat = named("Eatcake");
    assert_eq!(left_options(&eat, 8, 8), 4);
    assert_eq!(value(&eat, 1, 1).to_string(), "*");
    assert_eq!(value(&eat, 1, 2).to_string(), "v");
    assert_eq!(value(&eat, 2, 1).to_string(), "^");
    assert_eq!(value(&eat, 1, 0), Game::integer(-1));
    // Twisted: from (1,1) each player eats the only column or row: {0|0}.
    let turn = named("TurnAndEatcake");
    assert_eq!(value(&turn, 1, 1).to_string(), "*");
    // The presets are the native codes through GenCutcake.
    let same = cake(Code::Eat, Code::Eat, true);
    for m in 0..5 {
        for n in 0..5 {
            assert_eq!(value(&turn, m, n), value(&same, m, n));
        }
    }
}

#[test]
fn twisted_maundy_cake() {
    // rules.txt: TakeAndBreak("{2+}=.0").CakeProduct(TakeAndBreak("{2+}=.0"),
    // twisted => true)((8,n)), here with the code written natively.
    let t = cake(Code::Maundy, Code::Maundy, true);
    assert_eq!(
        row(&t, 8, 8),
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
    assert_eq!(left_options(&t, 8, 8), 3);
}

#[test]
fn gen_cutcake_through_the_registry() {
    let Make::Schema(make) = &registry::find("GenCutcake").unwrap().make else {
        panic!("GenCutcake is a family");
    };
    // Heap ruleset arguments: a join of the native rules (a heap ruleset).
    let heap = onag_rules::games::heap::ruleset("Cut".into(), Rc::new(Code::Cut), None);
    let args = Args {
        positional: vec![Arg::Ruleset(heap.clone()), Arg::Ruleset(heap.clone())],
        keywords: vec![],
    };
    let r = make(&args).unwrap();
    assert_eq!(r.name(), "GenCutcake(Cut, Cut)");
    assert_eq!(row(&r, 8, 8), row(&named("Cutcake"), 8, 8));
    let twisted = Args {
        keywords: vec![("twisted".into(), Arg::Bool(true))],
        ..args.clone()
    };
    assert_eq!(
        make(&twisted).unwrap().name(),
        "GenCutcake(Cut, Cut, twisted => true)"
    );
    let bad = Args {
        keywords: vec![("twisted".into(), Arg::int(1))],
        ..args.clone()
    };
    assert!(make(&bad).is_err());
    assert!(make(&Args::new(vec![Arg::int(1), Arg::int(2)])).is_err());
    assert!(make(&Args::new(vec![
        Arg::Ruleset(named("Cutcake")),
        Arg::Ruleset(heap)
    ]))
    .is_err());
}

#[test]
fn partizan_euclid() {
    let e = named("PartizanEuclid");
    assert_eq!(
        row(&e, 8, 8),
        ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]
    );
    assert_eq!(left_options(&e, 8, 8), 0);
    assert_eq!(
        pos(&e, 8, 3).options(Player::Left).unwrap()[0].display(),
        "PartizanEuclid((3,2))"
    );
    assert_eq!(
        pos(&e, 8, 3).options(Player::Right).unwrap()[0].display(),
        "PartizanEuclid((3,1))"
    );
}

#[test]
fn partizan_coordinate_ruleset_of_two_coordinate_rulesets() {
    let Make::Schema(make) = &registry::find("PartizanCoordinateRuleset").unwrap().make else {
        panic!("a family");
    };
    let (w, m) = (named("Wythoff"), named("Mem"));
    let r = make(&Args::new(vec![
        Arg::Ruleset(w.clone()),
        Arg::Ruleset(m.clone()),
    ]))
    .unwrap();
    assert_eq!(r.name(), "PartizanCoordinateRuleset(Wythoff, Mem)");
    // (1,1): Left (Wythoff) to (0,1), (1,0), (0,0); Right (Mem, heap 1
    // with memory 1) to (0,1).
    let p = pos(&r, 1, 1);
    assert_eq!(p.options(Player::Left).unwrap().len(), 3);
    assert_eq!(p.options(Player::Right).unwrap().len(), 1);
    // Both sides Wythoff: the impartial value.
    let same = make(&Args::new(vec![
        Arg::Ruleset(w.clone()),
        Arg::Ruleset(w.clone()),
    ]))
    .unwrap();
    for a in 0..6 {
        for b in 0..6 {
            let nim = pos(&w, a, b).nim_value().unwrap().unwrap();
            assert_eq!(value(&same, a, b), Game::nimber(nim));
        }
    }
    // Heap rulesets and non-rulesets are rejected.
    assert!(make(&Args::new(vec![
        Arg::Ruleset(named("Cutcake")),
        Arg::Ruleset(w)
    ]))
    .is_err());
    assert!(make(&Args::new(vec![Arg::int(1), Arg::int(1)])).is_err());
    assert!(r
        .partizan_coordinate()
        .game_value_table(5000, 5000)
        .is_err());
}

/// The canonical form computed from the options, remembering positions by
/// their printed form only.
fn naive(p: &Rc<dyn AnyPosition>, seen: &mut HashMap<String, Game>) -> Game {
    let key = p.display();
    if let Some(&g) = seen.get(&key) {
        return g;
    }
    let mut side = |player| -> Vec<Game> {
        p.options(player)
            .unwrap()
            .iter()
            .map(|o| naive(o, seen))
            .collect()
    };
    let l = side(Player::Left);
    let r = side(Player::Right);
    let g = Game::from_options(&l, &r);
    seen.insert(key, g);
    g
}

fn code() -> impl Strategy<Value = Code> {
    prop::sample::select(vec![Code::Cut, Code::Eat, Code::Maundy, Code::One])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Swapping the players' rulesets and the coordinates negates the value
    /// (twisted or not), and the memoised value equals the naive one.
    #[test]
    fn colour_swap_negates(l in code(), r in code(), twisted in any::<bool>(), m in 0u64..6, n in 0u64..6) {
        let a = cake(l, r, twisted);
        let b = cake(r, l, twisted);
        prop_assert_eq!(value(&a, m, n), -value(&b, n, m));
        prop_assert_eq!(naive(&pos(&a, m, n), &mut HashMap::new()), value(&a, m, n));
    }
}
