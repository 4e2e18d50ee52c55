//! Properties of the theory on random loopy graphs (Siegel CGT ch. VI).

use onag_core::game::Game;
use onag_core::loopy::{Graph, Player, Side, SidedValue, Stopper};
use proptest::prelude::*;
use std::ops::Neg;

/// A random graph: `n` loopy vertices (the start is 0), short games hung
/// as terminals, and edges (from, Left?, to) where a target below `n` is a
/// loopy vertex and `n + k` is terminal k.
#[derive(Clone, Debug)]
struct Shape {
    n: u32,
    terminals: Vec<Game>,
    edges: Vec<(u32, bool, u32)>,
}

fn small_game() -> impl Strategy<Value = Game> {
    prop_oneof![
        Just(Game::ZERO),
        Just(Game::integer(1)),
        Just(Game::integer(-1)),
        Just(Game::star()),
        Just(Game::up()),
        Just(Game::ups(-1)),
        Just(Game::number(onag_core::number::Dyadic::new(1.into(), 1))),
        Just(Game::integer(2)),
        Just(Game::from_options(
            &[Game::integer(1)],
            &[Game::integer(-1)]
        )),
    ]
}

fn shape(max_vertices: u32, max_edges: usize) -> impl Strategy<Value = Shape> {
    (1..=max_vertices, prop::collection::vec(small_game(), 1..=3)).prop_flat_map(
        move |(n, terminals)| {
            let targets = n + terminals.len() as u32;
            prop::collection::vec((0..n, any::<bool>(), 0..targets), 1..=max_edges).prop_map(
                move |edges| Shape {
                    n,
                    terminals: terminals.clone(),
                    edges,
                },
            )
        },
    )
}

fn build(s: &Shape, skip: &[bool]) -> Graph {
    let mut g = Graph::with_vertices(s.n as usize);
    // Each terminal's option graph, copied in.
    let mut roots = Vec::new();
    for &t in &s.terminals {
        let tg = Stopper::from(t).graph().unwrap();
        let base = g.len() as u32;
        for _ in 0..tg.len() {
            g.add_vertex();
        }
        for v in 0..tg.len() as u32 {
            for p in [Player::Left, Player::Right] {
                for &w in tg.edges(v, p) {
                    g.add_edge(base + v, p, base + w);
                }
            }
        }
        roots.push(base);
    }
    for (i, &(a, left, b)) in s.edges.iter().enumerate() {
        if !skip.get(i).copied().unwrap_or(false) {
            let to = if b < s.n {
                b
            } else {
                roots[(b - s.n) as usize]
            };
            g.add_edge(a, if left { Player::Left } else { Player::Right }, to);
        }
    }
    g
}

/// The graph with edges dropped (last first) until it is a stopper from 0.
fn stopper_graph(s: &Shape) -> Graph {
    let mut skip = vec![false; s.edges.len()];
    let mut g = build(s, &skip);
    let mut k = s.edges.len();
    while !g.is_stopper(0) && k > 0 {
        k -= 1;
        skip[k] = true;
        g = build(s, &skip);
    }
    g
}

fn stopper(s: &Shape) -> Stopper {
    Stopper::from_graph(&stopper_graph(s), 0).expect("a stopper")
}

/// A random short game of small birthday.
fn short_game() -> impl Strategy<Value = Game> {
    let leaf = prop_oneof![
        Just(Game::ZERO),
        Just(Game::integer(1)),
        Just(Game::integer(-1)),
        Just(Game::star()),
        Just(Game::up())
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Game::from_options(&l, &r))
    })
}

fn equivalent(g: &Graph, x: u32, h: &Graph, y: u32, bias: Option<Side>) -> bool {
    g.leq(x, h, y, bias).unwrap() && h.leq(y, g, x, bias).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The value of a graph keeps the game: each simplified side is
    /// equivalent to the graph in that side's order, the offside is at
    /// most the onside, and a stopper is equivalent to its canonical form.
    #[test]
    fn simplification_keeps_the_value(s in shape(4, 9)) {
        let g = build(&s, &[]);
        let v = SidedValue::from_graph(&g, 0).unwrap();
        if g.is_stopper(0) {
            let c = v.as_stopper().expect("a stopper");
            prop_assert!(equivalent(&g, 0, &c.graph().unwrap(), 0, None));
        }
        for (k, side) in [Side::Onside, Side::Offside].into_iter().enumerate() {
            let sg = match &v {
                SidedValue::General(sides) => (**sides[k].graph()).clone(),
                _ => {
                    let (on, off) = v.stopper_sides().unwrap();
                    (*[on, off][k].graph().unwrap()).clone()
                }
            };
            prop_assert!(equivalent(&g, 0, &sg, 0, Some(side)), "{side:?} of {v}");
        }
        if let Some((on, off)) = v.stopper_sides() {
            prop_assert!(off.leq(on).unwrap());
        }
    }

    /// Canonical stoppers are unique: equal values are the same handle,
    /// whatever graph they come from.
    #[test]
    fn canonical_stoppers_are_unique(a in shape(4, 9), b in shape(4, 9), perm in any::<u64>()) {
        let (g, h) = (stopper(&a), stopper(&b));
        let same = g.leq(h).unwrap() && h.leq(g).unwrap();
        prop_assert_eq!(same, g == h);
        // Renumbering the vertices gives the same handle.
        let graph = stopper_graph(&a);
        let n = graph.len() as u32;
        let mut order: Vec<u32> = (0..n).collect();
        let mut r = perm | 1;
        for i in (1..order.len()).rev() {
            r ^= r << 13; r ^= r >> 7; r ^= r << 17;
            order.swap(i, (r % (i as u64 + 1)) as usize);
        }
        let mut renumbered = Graph::with_vertices(n as usize);
        for v in 0..n {
            for p in [Player::Left, Player::Right] {
                for &t in graph.edges(v, p) {
                    renumbered.add_edge(order[v as usize], p, order[t as usize]);
                }
            }
        }
        prop_assert_eq!(Stopper::from_graph(&renumbered, order[0]).unwrap(), g);
        // The canonical graph canonicalises to itself.
        prop_assert_eq!(Stopper::from_graph(&g.graph().unwrap(), 0).unwrap(), g);
        // A Left move to `off` changes nothing.
        let mut more = graph.clone();
        let off = more.add_vertex();
        more.add_edge(off, Player::Right, off);
        more.add_edge(0, Player::Left, off);
        prop_assert_eq!(Stopper::from_graph(&more, 0).unwrap(), g);
    }

    /// The order of stoppers is a preorder (a partial order on handles).
    #[test]
    fn comparison_is_a_preorder(a in shape(3, 7), b in shape(3, 7), c in shape(3, 7)) {
        let (g, h, k) = (stopper(&a), stopper(&b), stopper(&c));
        prop_assert!(g.leq(g).unwrap());
        if g.leq(h).unwrap() && h.leq(k).unwrap() {
            prop_assert!(g.leq(k).unwrap());
        }
        prop_assert_eq!(g.neg().neg(), g);
        prop_assert_eq!(g.leq(h).unwrap(), h.neg().leq(g.neg()).unwrap());
    }

    /// `G - G` has onside >= 0 >= offside for every stopper (it is 0 exactly
    /// for short games; `on - on = dud`).
    #[test]
    fn difference_with_itself(a in shape(3, 7)) {
        let g = stopper(&a);
        let d = g.sub(g).unwrap();
        let zero = SidedValue::zero();
        match d.stopper_sides() {
            Some((on, off)) => {
                prop_assert!(Stopper::ZERO.leq(on).unwrap());
                prop_assert!(off.leq(Stopper::ZERO).unwrap());
            }
            None => prop_assert!(false, "{} - {} is not stopper-sided", g, g),
        }
        if g.is_loopfree() {
            prop_assert_eq!(d, zero);
        }
    }

    /// Short games compare by the product-graph algorithm exactly as by
    /// the short-game order, in every order (no infinite play).
    #[test]
    fn short_games_compare_as_before(g in short_game(), h in short_game()) {
        let (gg, hh) = (Stopper::from(g).graph().unwrap(), Stopper::from(h).graph().unwrap());
        for bias in [None, Some(Side::Onside), Some(Side::Offside)] {
            prop_assert_eq!(gg.leq(0, &hh, 0, bias).unwrap(), g.leq(h));
        }
        prop_assert_eq!(Stopper::from_graph(&gg, 0).unwrap(), Stopper::from(g));
        prop_assert_eq!(Stopper::from(g).add(Stopper::from(h)).unwrap(), SidedValue::from(g + h));
    }
}

/// The sides of a value as graphs (start 0).
fn side_graphs(v: &SidedValue) -> [Graph; 2] {
    match v {
        SidedValue::General(sides) => [(**sides[0].graph()).clone(), (**sides[1].graph()).clone()],
        _ => {
            let (on, off) = v.stopper_sides().unwrap();
            [
                (*on.graph().unwrap()).clone(),
                (*off.graph().unwrap()).clone(),
            ]
        }
    }
}

/// Carousels in the shape of Bach's, `a{x0,{x1|x2,{x3,{x4|x5,a}|x6}}|x7}`:
/// Bach's own x's translated by a number, one of them possibly replaced by
/// a random short game.
fn carousel() -> impl Strategy<Value = onag_core::loopy::Spec> {
    use onag_core::loopy::{Spec, SpecOption};
    let shift = prop_oneof![Just(0i64), Just(1), Just(-1), Just(2)];
    (shift, 0..16usize, small_game()).prop_map(|(shift, k, replacement)| {
        let (one, star) = (Game::integer(1), Game::star());
        let mut x: Vec<Game> = [
            Game::ZERO,
            one,
            one,
            star,
            one + star,
            one + star,
            star,
            Game::ZERO,
        ]
        .iter()
        .map(|&g| g + Game::integer(shift))
        .collect();
        if k < 8 {
            x[k] = replacement;
        }
        let o = |k: usize| SpecOption::Value(x[k].into());
        let inner = Spec::new(vec![o(4)], vec![o(5), SpecOption::Label("a".into())]);
        let mid = Spec::new(vec![o(3), SpecOption::Node(inner)], vec![o(6)]);
        let n1 = Spec::new(vec![o(1)], vec![o(2), SpecOption::Node(mid)]);
        Spec::new(vec![o(0), SpecOption::Node(n1)], vec![o(7)]).labelled("a")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Simplification keeps the value of carousels too, and their sums
    /// with a short game.
    #[test]
    fn carousel_sides_keep_the_value(spec in carousel(), x in small_game()) {
        let (g, start) = spec.graph().unwrap();
        let v = spec.build().unwrap();
        for (k, side) in [Side::Onside, Side::Offside].into_iter().enumerate() {
            prop_assert!(equivalent(&g, start, &side_graphs(&v)[k], 0, Some(side)), "{side:?} of {v}");
        }
        let w = v.add(&SidedValue::from(x)).unwrap();
        let back = w.sub(&SidedValue::from(x)).unwrap();
        for (k, side) in [Side::Onside, Side::Offside].into_iter().enumerate() {
            prop_assert!(equivalent(&side_graphs(&v)[k], 0, &side_graphs(&back)[k], 0, Some(side)));
        }
        prop_assert!(v.neg().neg() == v);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Exploring a graph and simplifying it as a whole (LOOPY 4.2) gives
    /// every vertex the value it has on its own: the same canonical sides
    /// when they are stoppers, equivalent sides otherwise.
    #[test]
    fn whole_graph_values_agree(s in shape(4, 9)) {
        use onag_core::loopy::{explore, Move};
        let g = build(&s, &[]);
        let explored = explore(
            0u32,
            |&v, p| Ok(g.edges(v, p).iter().map(|&t| Move::To(t)).collect()),
            1_000,
        )
        .unwrap();
        for &v in explored.positions() {
            let whole = explored.value(&v).unwrap().unwrap();
            let alone = SidedValue::from_graph(&g, v).unwrap();
            if whole.is_stopper_sided() && alone.is_stopper_sided() {
                prop_assert_eq!(&whole, &alone, "vertex {}", v);
            } else {
                let (a, b) = (side_graphs(&whole), side_graphs(&alone));
                for (k, side) in [Side::Onside, Side::Offside].into_iter().enumerate() {
                    prop_assert!(equivalent(&a[k], 0, &b[k], 0, Some(side)), "{side:?} of vertex {v}: {whole} vs {alone}");
                }
            }
        }
    }
}
