//! Infinitesimal analysis: atomic weights, reduced canonical forms, uptimal
//! expansions and companions. CGSuite's reference values (reference/
//! infinitesimal.txt), known theorems, and properties on random games,
//! checked where possible against definitions computed here independently
//! (the definition of atomic weight through Norton products and a remote
//! star, infinitesimal closeness, brute-force tables of uptimals, the
//! literal recursion for companions).

use onag_core::game::{Game, UptimalExpansion};
use onag_core::number::{Dyadic, Integer};
use proptest::prelude::*;
use std::collections::HashMap;

// ---------------------------------------------------------------------------
// Building games.

fn g(left: &[Game], right: &[Game]) -> Game {
    Game::from_options(left, right)
}

fn int(n: i64) -> Game {
    Game::integer(n)
}

/// The number a / 2^e.
fn num(a: i64, e: u32) -> Game {
    Game::number(Dyadic::new(Integer::from(a), e))
}

fn star() -> Game {
    Game::star()
}

fn nim(n: u64) -> Game {
    Game::nimber(n)
}

fn ups(k: i64) -> Game {
    Game::ups(k)
}

fn big(n: i64) -> Integer {
    Integer::from(n)
}

fn tiny(x: Game) -> Game {
    g(&[Game::ZERO], &[g(&[Game::ZERO], &[-x])])
}

/// `{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}`
/// from CGSuite's tests, whose expansion is 0.0202. With `K = {0,v*|vv}`,
/// `P = {0|K}` and `A = {P|vv,K}` it is `{P | A,P | {A|vv}}`.
fn corpus_big() -> Game {
    let vv = ups(-2);
    let k = g(&[Game::ZERO, ups(-1) + star()], &[vv]);
    let p = g(&[Game::ZERO], &[k]);
    let a = g(&[p], &[vv, k]);
    let c = g(&[a], &[vv]);
    g(&[p], &[g(&[a, p], &[c])])
}

/// `{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,
/// {*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||
/// vv*4,{*4,v*5|vv*4}||||vv*4}}`, its own companion.
fn corpus_big_star() -> Game {
    let vv4 = ups(-2) + nim(4);
    let k = g(&[nim(4), ups(-1) + nim(5)], &[vv4]);
    let p = g(&[Game::ZERO, star(), nim(2), nim(3), nim(4)], &[k]);
    let a = g(&[p], &[vv4, k]);
    let c = g(&[a], &[vv4]);
    g(
        &[Game::ZERO, star(), nim(2), nim(3), p],
        &[g(&[a, p], &[c])],
    )
}

/// `{0||0|v*}`.
fn zero_zero_down_star() -> Game {
    g(&[Game::ZERO], &[g(&[Game::ZERO], &[ups(-1) + star()])])
}

/// `{^^^|vv}`.
fn three_up_two_down() -> Game {
    g(&[ups(3)], &[ups(-2)])
}

/// `{0|||0||-1|-3}`.
fn tiny_of_switch() -> Game {
    g(
        &[Game::ZERO],
        &[g(&[Game::ZERO], &[g(&[int(-1)], &[int(-3)])])],
    )
}

/// `{1|^^||^}` and `{1|^^^||^}`.
fn one_up_up(k: i64) -> Game {
    g(&[g(&[int(1)], &[ups(k)])], &[ups(1)])
}

/// `^[4]` as CGSuite writes it: `{0|*||*|||*||||*}`.
fn up_sum_four() -> Game {
    let mut x = Game::ZERO;
    for _ in 0..4 {
        x = g(&[x], &[star()]);
    }
    x
}

// ---------------------------------------------------------------------------
// Independent checks.

/// The Norton product `w.^`, computed here from its definition: n copies
/// of `^` for an integer n, else `{w^L.^ + ^^* | w^R.^ + vv*}`.
fn norton_up(w: Game) -> Game {
    if let Some(n) = w.as_number().and_then(|x| x.to_integer()) {
        return Game::up().times(&n);
    }
    let incentive = ups(2) + star();
    let left: Vec<Game> = w
        .left_options()
        .iter()
        .map(|&o| norton_up(o) + incentive)
        .collect();
    let right: Vec<Game> = w
        .right_options()
        .iter()
        .map(|&o| norton_up(o) - incentive)
        .collect();
    g(&left, &right)
}

/// A star remote for the small games built in these tests: *32, beyond
/// every nimber in their followers.
fn remote() -> Game {
    nim(32)
}

/// The definition of atomic weight: `(w - 1).^ + ☆ < G < (w + 1).^ + ☆`,
/// i.e. `v + ☆ < G - w.^ < ^ + ☆`, with the sums formed explicitly.
fn has_atomic_weight(x: Game, w: Game) -> bool {
    let d = x - norton_up(w);
    let below = d - Game::up() + remote();
    let above = d + Game::up() + remote();
    below.lt(Game::ZERO) && Game::ZERO.lt(above)
}

fn aw_int(x: Game) -> Option<i64> {
    x.atomic_weight()?.as_number()?.to_integer()?.to_i64()
}

/// The companion by its literal definition, without the shortcut for
/// numbers: only `k.^ + *m` (number part 0) is taken from the rule.
fn companion_by_definition(x: Game) -> Game {
    if let Some(n) = x.nus() {
        if n.number.is_zero() {
            return if n.nimber >= 2 {
                x
            } else {
                Game::from_nus(onag_core::game::Nus::new(
                    Dyadic::zero(),
                    n.ups.clone(),
                    n.nimber ^ 1,
                ))
            };
        }
    }
    let mut left: Vec<Game> = x
        .left_options()
        .iter()
        .map(|&o| companion_by_definition(o))
        .collect();
    let mut right: Vec<Game> = x
        .right_options()
        .iter()
        .map(|&o| companion_by_definition(o))
        .collect();
    if x.geq(Game::ZERO) {
        left.push(Game::ZERO);
    }
    if x.leq(Game::ZERO) {
        right.push(Game::ZERO);
    }
    g(&left, &right)
}

// ---------------------------------------------------------------------------
// CGSuite reference values (reference/infinitesimal.txt).

#[test]
fn corpus_atomic_weight() {
    assert_eq!(nim(8).atomic_weight(), Some(Game::ZERO));
    assert_eq!(tiny(ups(3)).atomic_weight(), Some(Game::ZERO));
    assert_eq!(
        three_up_two_down().atomic_weight(),
        Some(g(&[int(1)], &[int(0)]))
    );
    assert_eq!(tiny(num(3, 1)).atomic_weight(), Some(Game::ZERO));
    assert_eq!(corpus_big().atomic_weight(), Some(Game::ZERO));
    for not_atomic in [
        int(5),
        Game::integer(big(-1823437481924)),
        num(-1, 1),
        num(25, 4),
        num(73, 4) + ups(-9) + nim(8),
    ] {
        assert_eq!(not_atomic.atomic_weight(), None, "{not_atomic}");
    }
}

#[test]
fn corpus_is_atomic() {
    let atomic = [
        Game::ZERO,
        ups(-1) + star(),
        Game::up() + nim(6),
        up_sum_four(),
        zero_zero_down_star(),
        tiny_of_switch(),
    ];
    for x in atomic {
        assert!(x.is_atomic(), "{x}");
    }
    for x in [
        int(5),
        Game::integer(big(-1823437481924)),
        int(6) + Game::up() + star(),
    ] {
        assert!(!x.is_atomic(), "{x}");
    }
}

#[test]
fn corpus_reduced_canonical_form() {
    assert_eq!(num(-1, 1).reduced_canonical_form(), num(-1, 1));
    assert_eq!(Game::up().reduced_canonical_form(), Game::ZERO);
    assert_eq!(zero_zero_down_star().reduced_canonical_form(), Game::ZERO);
    assert_eq!(corpus_big().reduced_canonical_form(), Game::ZERO);
    assert_eq!(corpus_big_star().reduced_canonical_form(), Game::ZERO);
    assert_eq!(tiny(ups(3)).reduced_canonical_form(), Game::ZERO);
    assert_eq!(tiny(num(3, 1)).reduced_canonical_form(), Game::ZERO);
    assert_eq!(one_up_up(2).reduced_canonical_form(), Game::ZERO);
    // {3||2*|1*} reduces to {3||2|1}.
    let hot = g(&[int(3)], &[g(&[int(2) + star()], &[int(1) + star()])]);
    let cold = g(&[int(3)], &[g(&[int(2)], &[int(1)])]);
    assert_eq!(hot.reduced_canonical_form(), cold);
    assert_eq!(cold.reduced_canonical_form(), cold);
}

#[test]
fn corpus_uptimal_expansion() {
    let text = |x: Game| x.uptimal_expansion().map(|u| u.to_string());
    assert_eq!(text(int(5)).as_deref(), Some("5.0"));
    assert_eq!(
        text(Game::integer(big(-1823437481924))).as_deref(),
        Some("-1823437481924.0")
    );
    assert_eq!(text(zero_zero_down_star()).as_deref(), Some("*.12"));
    assert_eq!(text(corpus_big()).as_deref(), Some("0.0202"));
    assert_eq!(
        text(num(73, 4) + ups(-9) + nim(8)).as_deref(),
        Some("73/16*8.9-")
    );
    let e = corpus_big().uptimal_expansion().unwrap();
    assert_eq!(e.digits(), [big(0), big(2), big(0), big(2)]);
    assert_eq!((e.number().clone(), e.nimber()), (Dyadic::zero(), 0));

    for x in [
        int(5),
        ups(-1) + star(),
        int(6) + Game::up() + star(),
        up_sum_four(),
        corpus_big(),
    ] {
        assert!(x.is_uptimal(), "{x}");
    }
    let five_three_one = g(
        &[g(
            &[g(&[int(5)], &[g(&[int(3)], &[int(1)])])],
            &[Game::ZERO],
        )],
        &[Game::ZERO],
    );
    let hot = g(
        &[g(&[num(3, 1) + star()], &[num(1, 1)])],
        &[
            g(&[Game::ZERO], &[int(-3)]),
            g(
                &[int(-1) + star(), g(&[num(-1, 1)], &[int(-1) + star()])],
                &[num(-5, 1)],
            ),
        ],
    );
    for x in [
        three_up_two_down(),
        tiny(num(3, 1)),
        tiny_of_switch(),
        one_up_up(3),
        one_up_up(2),
        five_three_one,
        hot,
    ] {
        assert!(!x.is_uptimal(), "{x}");
        assert_eq!(x.uptimal_expansion(), None, "{x}");
    }
}

#[test]
fn corpus_companion() {
    assert_eq!(Game::ZERO.companion(), star());
    assert_eq!(int(5).companion(), int(5));
    assert_eq!(num(-1, 1).companion(), num(-1, 1));
    assert_eq!(nim(8).companion(), nim(8));
    let nine_eighths_star = num(9, 3) + star();
    assert_eq!(nine_eighths_star.companion(), nine_eighths_star);
    assert_eq!((ups(-1) + star()).companion(), ups(-1));
    assert_eq!(up_sum_four().companion(), Game::up_pow_to(4) + star());
    assert_eq!(
        zero_zero_down_star().companion(),
        g(&[Game::ZERO], &[Game::up_pow(2) + star()])
    );
    assert_eq!(
        three_up_two_down().companion(),
        g(&[ups(3) + star()], &[ups(-2) + star()])
    );
    assert_eq!(
        one_up_up(2).companion(),
        g(&[g(&[int(1)], &[ups(2) + star()])], &[Game::up() + star()])
    );
    assert_eq!(corpus_big_star().companion(), corpus_big_star());
}

#[test]
fn corpus_games_print_as_cgsuite_writes_them() {
    assert_eq!(up_sum_four(), Game::up_pow_to(4));
    assert_eq!(
        corpus_big().to_string(),
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"
    );
    assert_eq!(
        three_up_two_down().atomic_weight().unwrap().to_string(),
        "{1|0}"
    );
}

// ---------------------------------------------------------------------------
// Childish Hackenbush (RULESETS 3.2): "(e:B;e:B;e:Blllllllllrr:B)" has
// atomic weight 3/2. The position: `greens` green edges join the ground to
// a vertex B, at which hangs a cycle of coloured edges; blue and red edges
// may only be cut when nothing else falls.

#[derive(Clone, PartialEq, Eq, Hash)]
enum Top {
    /// The intact cycle, its edges in order from B (true = blue).
    Cycle(Vec<bool>),
    /// After the cycle is cut: two arms hanging from B, edges listed from B.
    Arms(Vec<bool>, Vec<bool>),
}

fn childish(greens: u32, top: Top, memo: &mut HashMap<(u32, Top), Game>) -> Game {
    if greens == 0 {
        return Game::ZERO;
    }
    let top = match top {
        Top::Arms(a, b) if a > b => Top::Arms(b, a),
        t => t,
    };
    if let Some(&v) = memo.get(&(greens, top.clone())) {
        return v;
    }
    // Cutting a green edge: either player; the last one drops everything.
    let green = childish(greens - 1, top.clone(), memo);
    let (mut left, mut right) = (vec![green], vec![green]);
    let mut add = |blue: bool, v: Game| if blue { left.push(v) } else { right.push(v) };
    match &top {
        Top::Cycle(c) => {
            for i in 0..c.len() {
                let arms = Top::Arms(c[..i].to_vec(), c[i + 1..].iter().rev().copied().collect());
                add(c[i], childish(greens, arms, memo));
            }
        }
        Top::Arms(a, b) => {
            for (x, y) in [(a, b), (b, a)] {
                if let Some((&tip, rest)) = x.split_last() {
                    add(
                        tip,
                        childish(greens, Top::Arms(rest.to_vec(), y.clone()), memo),
                    );
                }
            }
        }
    }
    let v = g(&left, &right);
    memo.insert((greens, top), v);
    v
}

fn cycle(blue: usize, red: usize) -> Top {
    let mut c = vec![true; blue];
    c.extend(vec![false; red]);
    Top::Cycle(c)
}

#[test]
fn childish_hackenbush_atomic_weight() {
    let mut memo = HashMap::new();
    // The model against a value RULESETS gives: "(e:B;e:Bllllllrrr:B)" is
    // {0|^[4]*||vv}.
    let known = childish(2, cycle(6, 3), &mut memo);
    let expected = g(
        &[g(&[Game::ZERO], &[Game::up_pow_to(4) + star()])],
        &[ups(-2)],
    );
    assert_eq!(known, expected);
    let position = childish(3, cycle(9, 2), &mut memo);
    assert_eq!(position.atomic_weight(), Some(num(3, 1)));
    assert!(has_atomic_weight(position, num(3, 1)));
}

// ---------------------------------------------------------------------------
// Known values.

#[test]
fn atomic_weights_of_named_games() {
    for n in -5..=5 {
        for m in 0..6 {
            assert_eq!(aw_int(ups(n) + nim(m)), Some(n));
        }
    }
    assert_eq!(aw_int(Game::up() + star()), Some(1));
    for k in 2..=6 {
        assert_eq!(aw_int(Game::up_pow(k)), Some(0), "^<{k}>");
        assert_eq!(aw_int(Game::up_pow(k) + star()), Some(0), "^<{k}>*");
        assert_eq!(aw_int(Game::up_pow_to(k)), Some(1), "^[{k}]");
    }
    for x in [
        num(1, 2),
        int(1),
        num(3, 1),
        int(7),
        g(&[int(2)], &[int(1)]),
    ] {
        assert_eq!(aw_int(tiny(x)), Some(0), "Tiny({x})");
        assert_eq!(aw_int(-tiny(x)), Some(0), "Miny({x})");
    }
    // The eccentric cases: {0|^} = ^^* has weight 2, not the candidate
    // {-2|3} = 0.
    assert_eq!(aw_int(g(&[Game::ZERO], &[Game::up()])), Some(2));
    // Non-integer weights.
    let half = g(&[ups(2) + star()], &[ups(-1) + star()]);
    assert_eq!(half.atomic_weight(), Some(num(1, 1)));
    // Games that are not infinitesimal are not atomic; nor is {^^||0|-2},
    // whose weight would be "Tiny(infinity)".
    for x in [
        int(1) + Game::up(),
        g(&[int(1)], &[int(-1)]),
        g(&[Game::ZERO], &[int(-1)]),
        g(&[ups(2)], &[g(&[Game::ZERO], &[int(-2)])]),
    ] {
        assert_eq!(x.atomic_weight(), None, "{x}");
    }
}

#[test]
fn uptimal_expansions_of_named_games() {
    let digits = |x: Game| -> Vec<i64> {
        x.uptimal_expansion()
            .unwrap()
            .digits()
            .iter()
            .map(|d| d.to_i64().unwrap())
            .collect()
    };
    for k in 1..=6u32 {
        let mut d = vec![0; k as usize - 1];
        d.push(1);
        assert_eq!(digits(Game::up_pow(k)), d, "^<{k}>");
        assert_eq!(
            digits(-Game::up_pow(k)),
            d.iter().map(|x| -x).collect::<Vec<_>>()
        );
        assert_eq!(digits(Game::up_pow_to(k)), vec![1; k as usize], "^[{k}]");
    }
    assert_eq!(digits(nim(5)), Vec::<i64>::new());
    assert_eq!(digits(ups(-7) + nim(3)), vec![-7]);
    assert_eq!(Game::ZERO.uptimal_expansion().unwrap().to_string(), "0.0");
    assert_eq!(Game::up().uptimal_expansion().unwrap().to_string(), "0.1");
    assert_eq!(
        (ups(-1) + star()).uptimal_expansion().unwrap().to_string(),
        "*.1-"
    );
}

#[test]
fn uptimal_expansion_display() {
    let show = |x: (i64, u32), d: &[i64], m: u64| {
        let digits = d.iter().map(|&v| Integer::from(v)).collect();
        UptimalExpansion::new(Dyadic::new(Integer::from(x.0), x.1), digits, m).to_string()
    };
    assert_eq!(show((73, 4), &[-9], 8), "73/16*8.9-");
    assert_eq!(show((0, 0), &[1], 0), "0.1");
    assert_eq!(show((0, 0), &[-1], 1), "*.1-");
    assert_eq!(show((5, 0), &[], 0), "5.0");
    assert_eq!(show((-3, 1), &[], 2), "-3/2*2.0");
    assert_eq!(show((0, 0), &[10, 35, -11, 36, -40], 0), "0.AZB-(36)(40)-");
    // Trailing zero digits are not part of the expansion.
    assert_eq!(show((1, 0), &[2, 0, 0], 0), "1.2");
}

// ---------------------------------------------------------------------------
// Random games.

/// Random all-small games: built with `from_options` from 0, *, *2, ^, v
/// and ^*, depth at most 3.
fn all_small(depth: u32) -> BoxedStrategy<Game> {
    let leaf = prop_oneof![
        Just(Game::ZERO),
        Just(star()),
        Just(nim(2)),
        Just(Game::up()),
        Just(-Game::up()),
        Just(Game::up() + star()),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = all_small(depth - 1);
    prop_oneof![
        1 => leaf,
        2 => (prop::collection::vec(inner.clone(), 1..3), prop::collection::vec(inner, 1..3))
            .prop_map(|(l, r)| g(&l, &r)),
    ]
    .boxed()
}

/// Random games with numbers and hot games among the leaves, depth at most
/// 3 (many are infinitesimal but not all-small).
fn with_numbers(depth: u32) -> BoxedStrategy<Game> {
    let leaf = prop_oneof![
        Just(Game::ZERO),
        Just(star()),
        Just(Game::up()),
        Just(-Game::up()),
        (-2i64..=2, 0u32..=1).prop_map(|(a, e)| num(a, e)),
        Just(g(&[int(1)], &[int(-1)])),
        Just(g(&[Game::ZERO], &[int(-2)])),
        Just(g(&[int(2)], &[Game::ZERO])),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = with_numbers(depth - 1);
    prop_oneof![
        1 => leaf,
        2 => (prop::collection::vec(inner.clone(), 1..3), prop::collection::vec(inner, 1..3))
            .prop_map(|(l, r)| g(&l, &r)),
    ]
    .boxed()
}

fn infinitesimal() -> impl Strategy<Value = Game> {
    with_numbers(3).prop_filter("infinitesimal", |x| x.is_infinitesimal())
}

/// Random uptimals `x + d1.^<1> + ... + dn.^<n> + *m`: dyadic x, up to four
/// digits in [-4, 4], m < 6.
fn uptimal() -> impl Strategy<Value = UptimalExpansion> {
    (
        -8i64..=8,
        0u32..3,
        prop::collection::vec(-4i64..=4, 0..5),
        0u64..6,
    )
        .prop_map(|(a, e, digits, m)| {
            let digits = digits.into_iter().map(Integer::from).collect();
            UptimalExpansion::new(Dyadic::new(Integer::from(a), e), digits, m)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every all-small game is atomic, and its weight meets the definition,
    /// which no neighbouring weight does.
    #[test]
    fn atomic_weight_meets_the_definition(x in all_small(3)) {
        let w = x.atomic_weight().expect("all-small games are atomic");
        prop_assert!(has_atomic_weight(x, w));
        prop_assert!(!has_atomic_weight(x, w + int(1)));
        prop_assert!(!has_atomic_weight(x, w - int(1)));
    }

    #[test]
    fn atomic_weight_is_additive(x in all_small(3), y in all_small(3)) {
        let (a, b) = (x.atomic_weight().unwrap(), y.atomic_weight().unwrap());
        prop_assert_eq!((x + y).atomic_weight(), Some(a + b));
    }

    #[test]
    fn atomic_weight_of_negative(x in all_small(3)) {
        prop_assert_eq!((-x).atomic_weight(), x.atomic_weight().map(|w| -w));
    }

    #[test]
    fn atomic_weight_of_ups(x in all_small(3), n in -6i64..=6, m in 0u64..4) {
        prop_assert_eq!(aw_int(ups(n) + nim(m)), Some(n));
        let w = x.atomic_weight().unwrap();
        prop_assert_eq!((x + ups(n)).atomic_weight(), Some(w + int(n)));
    }

    /// The Two-Ahead Rule: weight >= 2 makes an all-small game positive,
    /// <= -2 negative; weight >= 1 puts it above the remote star.
    #[test]
    fn two_ahead_rule(x in all_small(3)) {
        let w = x.atomic_weight().unwrap();
        if int(2).leq(w) {
            prop_assert!(Game::ZERO.lt(x));
        }
        if w.leq(int(-2)) {
            prop_assert!(x.lt(Game::ZERO));
        }
        if int(1).leq(w) {
            prop_assert!(remote().lt(x));
        }
        if w.leq(int(-1)) {
            prop_assert!(x.lt(remote()));
        }
    }

    /// Infinitesimals that are not all-small: a weight, when there is one,
    /// meets the definition; negation maps weights to their negatives.
    #[test]
    fn atomic_weight_of_infinitesimals(x in infinitesimal()) {
        if let Some(w) = x.atomic_weight() {
            prop_assert!(has_atomic_weight(x, w));
            prop_assert!(!has_atomic_weight(x, w + int(1)));
            prop_assert!(!has_atomic_weight(x, w - int(1)));
        }
        prop_assert_eq!((-x).atomic_weight(), x.atomic_weight().map(|w| -w));
    }

    #[test]
    fn games_that_are_not_infinitesimal_are_not_atomic(x in with_numbers(3)) {
        if !x.is_infinitesimal() {
            prop_assert_eq!(x.atomic_weight(), None);
        }
    }

    #[test]
    fn reduced_form_is_infinitesimally_close(x in with_numbers(3)) {
        let r = x.reduced_canonical_form();
        prop_assert!((x - r).is_infinitesimal());
        prop_assert_eq!(r.reduced_canonical_form(), r);
        prop_assert!(r.birthday() <= x.birthday());
    }

    /// Games that differ by an infinitesimal have one reduced form.
    #[test]
    fn reduced_form_is_a_class_invariant(x in with_numbers(3), e in infinitesimal()) {
        prop_assert_eq!((x + e).reduced_canonical_form(), x.reduced_canonical_form());
    }

    #[test]
    fn reduced_form_of_sum(x in with_numbers(2), y in with_numbers(2)) {
        let sum = (x.reduced_canonical_form() + y.reduced_canonical_form()).reduced_canonical_form();
        prop_assert_eq!((x + y).reduced_canonical_form(), sum);
    }

    #[test]
    fn reduced_form_of_numbers(a in -40i64..=40, e in 0u32..4) {
        prop_assert_eq!(num(a, e).reduced_canonical_form(), num(a, e));
        prop_assert_eq!((num(a, e) + Game::up() + star()).reduced_canonical_form(), num(a, e));
    }

    #[test]
    fn uptimal_round_trip(expansion in uptimal()) {
        let x = expansion.to_game();
        prop_assert_eq!(x.uptimal_expansion(), Some(expansion));
    }

    /// The options of an uptimal are uptimals (fact 3 of game/uptimal.rs,
    /// on which the expansion's early rejection rests).
    #[test]
    fn options_of_uptimals_are_uptimals(expansion in uptimal()) {
        let x = expansion.to_game();
        for &o in x.left_options().iter().chain(x.right_options()) {
            prop_assert!(o.is_uptimal(), "{} is an option of the uptimal {}", o, x);
        }
    }

    /// On random games an expansion, when found, gives the game back; and
    /// every game of the brute-force table of small uptimals is found.
    #[test]
    fn uptimal_expansions_of_random_games(x in all_small(3), shift in -2i64..=2) {
        let y = x + int(shift);
        if let Some(u) = y.uptimal_expansion() {
            prop_assert_eq!(u.to_game(), y);
            prop_assert!(y.is_uptimal());
        } else {
            prop_assert!(!y.is_uptimal());
        }
        if let Some(expected) = small_uptimals().get(&x) {
            prop_assert_eq!(x.uptimal_expansion(), Some(expected.clone()));
        }
    }

    #[test]
    fn companion_follows_the_definition(x in with_numbers(3)) {
        prop_assert_eq!(x.companion(), companion_by_definition(x));
    }

    /// The companion map is an involution (on every game tried, all-small
    /// or not).
    #[test]
    fn companion_is_an_involution(x in all_small(3), y in with_numbers(3)) {
        prop_assert_eq!(x.companion().companion(), x);
        prop_assert_eq!(y.companion().companion(), y);
    }
}

/// All `0.d1d2d3 + *m` with digits in [-2, 2] and m < 4, by game.
fn small_uptimals() -> &'static HashMap<Game, UptimalExpansion> {
    static TABLE: std::sync::OnceLock<HashMap<Game, UptimalExpansion>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        for code in 0..125i64 {
            let digits: Vec<Integer> = [code % 5, code / 5 % 5, code / 25]
                .iter()
                .map(|&d| Integer::from(d - 2))
                .collect();
            for m in 0..4 {
                let u = UptimalExpansion::new(Dyadic::zero(), digits.clone(), m);
                table.insert(u.to_game(), u);
            }
        }
        table
    })
}

#[test]
fn uptimal_table_is_consistent() {
    // 125 digit strings (trailing zeros trimmed) times 4 nimbers, all
    // distinct games: expansions are unique.
    assert_eq!(small_uptimals().len(), 500);
    for (x, u) in small_uptimals() {
        assert_eq!(x.uptimal_expansion().as_ref(), Some(u), "{x}");
    }
}

#[test]
fn numbers_and_nus_values_are_their_own_companions() {
    for a in -20..=20 {
        for e in 0..4 {
            let x = num(a, e);
            if x.is_zero() {
                continue;
            }
            for k in -3..=3 {
                for m in 0..4 {
                    let v = x + ups(k) + nim(m);
                    assert_eq!(v.companion(), v, "{v}");
                    assert_eq!(companion_by_definition(v), v, "{v}");
                }
            }
        }
    }
    let huge = Game::integer(big(-1823437481924));
    assert_eq!(huge.companion(), huge);
}

fn dy(a: i64, e: u32) -> Dyadic {
    Dyadic::new(Integer::from(a), e)
}

/// `G.Pow(x)` for dyadic exponents: `{0 | H - G.PowTo(x - 1)}` for
/// G = {0|H} and x >= 1 (NOTATION 5.1); the integer case is `^<n>`.
#[test]
fn powers_of_up_with_dyadic_exponents() {
    let up = Game::up();
    let pow = |x: Dyadic| up.pow(&x).map(|g| g.to_string());
    assert_eq!(pow(dy(3, 1)).as_deref(), Some("{0||0,v*|0,*}"));
    assert_eq!(pow(dy(5, 2)).as_deref(), Some("{0||0,{0,v*|0,*}|0,*}"));
    assert_eq!(pow(dy(7, 2)).as_deref(), Some("{0||0,v*|0,{0,v*|0,*}}"));
    assert_eq!(pow(dy(5, 1)).as_deref(), Some("{0||0,v[2]*|0,v*}"));
    for n in 1..=6 {
        assert_eq!(up.pow(&dy(n, 0)), Some(Game::up_pow(n as u32)), "^<{n}>");
    }
    // The definition, for another base.
    let base = g(&[Game::ZERO], &[Game::up()]);
    let x = dy(3, 1);
    let below = base
        .pow_to(&(x.clone() - Dyadic::one()))
        .expect("PowTo(1/2)");
    assert_eq!(base.pow(&x), Some(g(&[Game::ZERO], &[Game::up() - below])));
    // Exponents below 1, and bases not of the form {0|H}, have no power.
    assert_eq!(up.pow(&dy(1, 1)), None);
    assert_eq!(up.pow(&Dyadic::zero()), None);
    assert_eq!((up + star()).pow(&dy(3, 1)), None);
    assert_eq!(int(1).pow(&dy(3, 1)), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every power ^.Pow(x), x >= 1, is a positive infinitesimal, and the
    /// powers decrease as the exponent grows (as ^ > ^<2> > ^<3> ...).
    #[test]
    fn powers_of_up_decrease_with_the_exponent(a in 8i64..28, b in 8i64..28) {
        prop_assume!(a < b);
        let (x, y) = (dy(a, 3), dy(b, 3));
        let (px, py) = (Game::up().pow(&x).expect("x >= 1"), Game::up().pow(&y).expect("y >= 1"));
        prop_assert!(px.is_infinitesimal() && Game::ZERO.lt(px));
        prop_assert!(py.lt(px), "^.Pow({}) < ^.Pow({})", y, x);
    }
}

proptest! {
    /// n.(x + k.^ + *m) by parts agrees with n-fold addition (a random
    /// compound option keeps the general path in view too).
    #[test]
    fn multiples_of_number_up_stars_are_sums(
        num in -40i64..40,
        exp in 0u32..4,
        ups in -6i64..6,
        nim in 0u64..8,
        n in -9i64..10,
    ) {
        let x = Game::number(Dyadic::new(Integer::from(num), exp));
        let g = x + Game::ups(ups) + Game::nimber(nim);
        let mut sum = Game::ZERO;
        let unit = if n < 0 { -g } else { g };
        for _ in 0..n.unsigned_abs() {
            sum = sum + unit;
        }
        prop_assert_eq!(g.times(&Integer::from(n)), sum);
        let h = Game::from_options(&[g], &[Game::ZERO]);
        let mut hsum = Game::ZERO;
        let hunit = if n < 0 { -h } else { h };
        for _ in 0..n.unsigned_abs() {
            hsum = hsum + hunit;
        }
        prop_assert_eq!(h.times(&Integer::from(n)), hsum);
    }
}
