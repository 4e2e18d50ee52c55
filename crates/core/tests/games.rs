//! Properties of the canonical short-game store, checked on random games
//! against an independent brute-force model: explicit game trees, compared
//! by playing sums out, with no store, no canonical forms and no shortcuts.

use onag_core::game::{Game, Nus, Outcome};
use onag_core::number::{Dyadic, Integer};
use proptest::prelude::*;
use std::ops::{Add, Neg, Sub};

/// An explicit game tree.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn of(g: Game) -> Tree {
        Tree {
            left: g.left_options().iter().map(|&o| Tree::of(o)).collect(),
            right: g.right_options().iter().map(|&o| Tree::of(o)).collect(),
        }
    }

    fn neg(&self) -> Tree {
        Tree {
            left: self.right.iter().map(Tree::neg).collect(),
            right: self.left.iter().map(Tree::neg).collect(),
        }
    }
}

/// Does Left win the sum of `parts` when `left_to_move` says who starts?
/// Plain game-tree search over the components.
fn left_wins(parts: &[&Tree], left_to_move: bool) -> bool {
    for (i, p) in parts.iter().enumerate() {
        let moves = if left_to_move { &p.left } else { &p.right };
        for m in moves {
            let mut next: Vec<&Tree> = parts.to_vec();
            next[i] = m;
            let win_for_mover = if left_to_move {
                left_wins(&next, false)
            } else {
                !left_wins(&next, true)
            };
            if win_for_mover {
                return left_to_move;
            }
        }
    }
    // The player to move has no winning move (or no move at all): they lose.
    !left_to_move
}

/// G <= H by brute force: Left wins H - G when Right moves first.
fn brute_leq(g: &Tree, h: &Tree) -> bool {
    let ng = g.neg();
    left_wins(&[h, &ng], false)
}

fn small_dyadic() -> impl Strategy<Value = Dyadic> {
    (-6i64..=6, 0u32..=2).prop_map(|(n, e)| Dyadic::new(Integer::from(n), e))
}

/// Random games of bounded depth, built through `from_options`, with
/// numbers, nimbers and ups at the leaves.
fn game(depth: u32) -> BoxedStrategy<Game> {
    let leaf = prop_oneof![
        small_dyadic().prop_map(Game::number),
        (0u64..4).prop_map(Game::nimber),
        (-2i64..=2).prop_map(Game::ups),
        (small_dyadic(), -2i64..=2, 0u64..3).prop_map(|(x, k, n)| Game::from_nus(Nus::new(
            x,
            Integer::from(k),
            n
        ))),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = game(depth - 1);
    prop_oneof![
        1 => leaf,
        3 => (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
            .prop_map(|(l, r)| Game::from_options(&l, &r)),
    ]
    .boxed()
}

/// Games small enough for brute force: birthday at most 4.
fn tiny_game() -> impl Strategy<Value = Game> {
    let leaf = prop_oneof![
        (-2i64..=2).prop_map(Game::integer),
        Just(Game::number(Dyadic::new(Integer::from(1), 1))),
        Just(Game::number(Dyadic::new(Integer::from(-1), 1))),
        (0u64..3).prop_map(Game::nimber),
        Just(Game::up()),
        Just(Game::up().neg()),
    ];
    let inner = leaf.clone().prop_recursive(2, 8, 2, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Game::from_options(&l, &r))
    });
    inner.prop_filter("small birthday", |g| g.birthday() <= Integer::from(4))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sum_with_negative_is_zero(g in game(3)) {
        prop_assert_eq!(g.add(g.neg()), Game::ZERO);
    }

    #[test]
    fn sum_commutes(g in game(2), h in game(2)) {
        prop_assert_eq!(g.add(h), h.add(g));
    }

    #[test]
    fn sum_associates(g in game(2), h in game(2), k in game(2)) {
        prop_assert_eq!(g.add(h).add(k), g.add(h.add(k)));
    }

    #[test]
    fn negation_is_an_involution(g in game(3)) {
        prop_assert_eq!(g.neg().neg(), g);
    }

    /// Two constructions of one value give one handle: rebuilding G from
    /// its canonical options, and (G + H) - H.
    #[test]
    fn canonical_forms_are_unique(g in game(3), h in game(2)) {
        prop_assert_eq!(Game::from_options(g.left_options(), g.right_options()), g);
        prop_assert_eq!(g.add(h).sub(h), g);
    }

    /// Canonical forms have no dominated options.
    #[test]
    fn no_dominated_options(g in game(3)) {
        let l = g.left_options();
        for &a in l { for &b in l { prop_assert!(a == b || !a.leq(b)); } }
        let r = g.right_options();
        for &a in r { for &b in r { prop_assert!(a == b || !b.leq(a)); } }
    }

    /// Canonical forms have no reversible options.
    #[test]
    fn no_reversible_options(g in game(3)) {
        for &a in g.left_options() {
            for &ar in a.right_options() { prop_assert!(!ar.leq(g)); }
        }
        for &b in g.right_options() {
            for &bl in b.left_options() { prop_assert!(!g.leq(bl)); }
        }
    }

    #[test]
    fn order_matches_brute_force(g in tiny_game(), h in tiny_game()) {
        prop_assert_eq!(g.leq(h), brute_leq(&Tree::of(g), &Tree::of(h)));
    }

    #[test]
    fn outcome_matches_brute_force(g in tiny_game()) {
        let t = Tree::of(g);
        let expected = match (left_wins(&[&t], true), left_wins(&[&t], false)) {
            (true, true) => Outcome::L,
            (false, false) => Outcome::R,
            (true, false) => Outcome::N,
            (false, true) => Outcome::P,
        };
        prop_assert_eq!(g.outcome(), expected);
    }

    /// The sum is the game of moving in either component: compare with
    /// brute force on explicit trees.
    #[test]
    fn sum_matches_brute_force(g in tiny_game(), h in tiny_game()) {
        let s = Tree::of(g.add(h));
        let (tg, th) = (Tree::of(g), Tree::of(h));
        // s - (g + h) = 0: Left loses moving first and wins moving second.
        let (ng, nh) = (tg.neg(), th.neg());
        prop_assert!(left_wins(&[&s, &ng, &nh], false));
        prop_assert!(!left_wins(&[&s, &ng, &nh], true));
    }

    /// Number translation: x + G = {x + G^L | x + G^R} for G not a number.
    #[test]
    fn number_translation(x in small_dyadic(), g in game(3)) {
        let g = if g.is_number() { g.add(Game::star()) } else { g };
        let xg = Game::number(x);
        let l: Vec<Game> = g.left_options().iter().map(|&o| xg.add(o)).collect();
        let r: Vec<Game> = g.right_options().iter().map(|&o| xg.add(o)).collect();
        prop_assert_eq!(Game::from_options(&l, &r), xg.add(g));
    }

    #[test]
    fn order_is_consistent_with_sums(g in game(2), h in game(2)) {
        // G <= H iff H - G >= 0.
        prop_assert_eq!(g.leq(h), h.sub(g).outcome().geq_zero());
    }
}

/// The nus option formulas agree with brute force: the formula's canonical
/// form of x + k.^ + *n equals the explicit sum of x, k copies of ^ and *n.
#[test]
fn nus_options_match_explicit_sums() {
    let up = Tree {
        left: vec![Tree::of(Game::ZERO)],
        right: vec![Tree::of(Game::star())],
    };
    for k in -3i64..=3 {
        for n in 0u64..=4 {
            for x in [
                Dyadic::zero(),
                Dyadic::new(Integer::from(1), 1),
                Dyadic::from(-2),
            ] {
                let g = Game::from_nus(Nus::new(x.clone(), Integer::from(k), n));
                let mut parts = vec![Tree::of(Game::number(x.clone())), Tree::of(Game::nimber(n))];
                for _ in 0..k.abs() {
                    parts.push(if k > 0 { up.clone() } else { up.neg() });
                }
                let tg = Tree::of(g).neg();
                let mut all: Vec<&Tree> = parts.iter().collect();
                all.push(&tg);
                assert!(
                    !left_wins(&all, true) && left_wins(&all, false),
                    "x + k.^ + *n with x = {x}, k = {k}, n = {n}"
                );
            }
        }
    }
}

#[test]
fn seed_identities() {
    let star = Game::star();
    let up = Game::up();
    let down = up.neg();
    let g = |l: &[Game], r: &[Game]| Game::from_options(l, r);
    // {0|*} = ^, {^|v} = *, {^|^} = {0|^} = ^^*.
    assert_eq!(g(&[Game::ZERO], &[star]), up);
    assert_eq!(g(&[up], &[down]), star);
    let double_up_star = up.add(up).add(star);
    assert_eq!(g(&[up], &[up]), double_up_star);
    assert_eq!(g(&[Game::ZERO], &[up]), double_up_star);
    // ^* = {0,*|0}.
    assert_eq!(g(&[Game::ZERO, star], &[Game::ZERO]), up.add(star));
    // *3 + *4 + *6 + *9 = *8.
    let sum = Game::nimber(3)
        .add(Game::nimber(4))
        .add(Game::nimber(6))
        .add(Game::nimber(9));
    assert_eq!(sum, Game::nimber(8));
    // {0,*,*2,*4|0,*,*2,*4} = *3 (the mex rule).
    let opts = [Game::ZERO, star, Game::nimber(2), Game::nimber(4)];
    assert_eq!(g(&opts, &opts), Game::nimber(3));
    // Hackenstring numbers: {0|1} = 1/2, {1,1/2|2} = 3/2.
    let half = Game::number(Dyadic::new(Integer::from(1), 1));
    assert_eq!(g(&[Game::ZERO], &[Game::integer(1)]), half);
    assert_eq!(
        g(&[Game::integer(1), half], &[Game::integer(2)]),
        Game::number(Dyadic::new(Integer::from(3), 1))
    );
    // Numbers: {0|} = 1, {|0} = -1, {|} = 0.
    assert_eq!(g(&[Game::ZERO], &[]), Game::integer(1));
    assert_eq!(g(&[], &[Game::ZERO]), Game::integer(-1));
    assert_eq!(g(&[], &[]), Game::ZERO);
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    // G_1 = {1|0}, G_i = {i | G_(i-1)}: 10000 nested options.
    let mut g = Game::from_options(&[Game::integer(1)], &[Game::ZERO]);
    for i in 2..=10_000 {
        g = Game::from_options(&[Game::integer(i)], &[g]);
    }
    assert_eq!(g.birthday(), Integer::from(10_001));
    assert_eq!(g.outcome(), Outcome::L);
    assert_eq!(g.neg().neg(), g);
    assert!(g.to_string().starts_with("{10000|"));
}

#[test]
fn games_deeper_than_the_bound_are_refused_not_overflowed() {
    // `1000000.^` is a nus, handled by formula at any depth; a sum with a
    // switch recurses through its million levels of options, and is
    // refused at the depth bound with an ordinary error.
    let deep = Game::from_nus(Nus::new(Dyadic::zero(), Integer::from(1_000_000), 0));
    let switch = Game::from_options(&[Game::integer(1)], &[Game::ZERO]);
    let caught = std::panic::catch_unwind(|| deep + switch).unwrap_err();
    let message = onag_core::interrupt::refusal(caught.as_ref()).expect("a refusal");
    assert!(message.starts_with("Too deep"), "{message}");
    // Within the bound the same sum computes.
    let shallow = Game::from_nus(Nus::new(Dyadic::zero(), Integer::from(1000), 0));
    assert_eq!((shallow + switch - switch), shallow);
}

#[test]
fn canonical_forms_compare_each_follower_once() {
    // {0 || 0 | *n}: deciding whether the Right option reverses compares
    // the game being built with every smaller nimber, each reached along
    // many paths; remembered, it takes n^2 steps, not exponentially many.
    let n = 3000;
    let star_n = Game::nimber(n);
    let g = Game::from_options(
        &[Game::ZERO],
        &[Game::from_options(&[Game::ZERO], &[star_n])],
    );
    assert_eq!(
        g,
        Game::from_nus(Nus::new(Dyadic::zero(), Integer::from(2), n))
    );
}

/// `G <= H` from the definition (no `G^L >= H`, no `H^R <= G`), for nus
/// values given by their option formulas (`Nus::options`).
fn nus_leq_by_options(g: &Nus, h: &Nus) -> bool {
    let (gl, _) = g.options();
    let (_, hr) = h.options();
    !gl.iter().any(|a| nus_leq_by_options(h, a)) && !hr.iter().any(|b| nus_leq_by_options(b, g))
}

fn small_nus() -> impl Strategy<Value = Nus> {
    (-2i64..=2, 0u32..=1, -3i64..=3, 0u64..4)
        .prop_map(|(x, e, k, n)| Nus::new(Dyadic::new(Integer::from(x), e), Integer::from(k), n))
}

proptest! {
    /// The order of nus values read from their parts agrees with the
    /// definition of the order through their options, and with the
    /// outcome of the difference.
    #[test]
    fn nus_order_matches_the_definition(g in small_nus(), h in small_nus()) {
        prop_assert_eq!(g.leq(&h), nus_leq_by_options(&g, &h));
        prop_assert_eq!(g.leq(&h), h.add(&g.neg()).outcome().geq_zero());
    }
}
