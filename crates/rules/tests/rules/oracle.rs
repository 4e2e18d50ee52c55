//! An independent oracle: the `cgt` crate (0.11), a separate
//! implementation of canonical forms, temperature theory and of Domineering,
//! Konane, Fission, Amazons, Toads and Frogs, Toppling Dominoes, Snort, Col
//! and subtraction games, agrees with onag on random positions of those
//! games and on random games: canonical forms, stops, means, temperatures,
//! thermographs, cooling, heating, reduced canonical forms and the atomic
//! weights of all-small games.
//!
//! Where the two would differ by convention, the comparison stays where
//! both are defined the same way: cgt gives a value as the atomic weight of
//! some infinitesimals that are not all-small and have none by the
//! definition (`{0 || vv | -3/4}`: onag says it is not atomic), so atomic
//! weights are compared on all-small games only.

use crate::boards::board_strings;
use crate::Kinds;
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph as _, VertexIndex};
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::rational::Rational;
use cgt::short::impartial::games::subtraction::Sub;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::col::{Col as CgtCol, VertexColor as ColTint};
use cgt::short::partizan::games::snort::{Snort, VertexColor as Tint, VertexKind};
use cgt::short::partizan::games::toppling_dominoes::{Tile as Domino, TopplingDominoes};
use cgt::short::partizan::games::{
    amazons, domineering, fission, konane, toads_and_frogs::ToadsAndFrogs,
};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use onag_core::game::Game;
use onag_core::number::{Dyadic, Integer};
use onag_rules::boards::graph::Graph;
use onag_rules::games::graph::col::{Col, COL, SNORT};
use onag_rules::games::grid::amazons::Amazons;
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::games::grid::fission::Fission;
use onag_rules::games::grid::konane::Konane;
use onag_rules::games::strip::toads::{Toads, TOADS_AND_FROGS};
use onag_rules::games::strip::toppling::Toppling;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator};
use proptest::prelude::*;
use std::collections::HashMap;
use std::str::FromStr;

/// cgt's canonical form as an onag game, built from its options (shared
/// followers converted once).
fn from_cgt(g: &CanonicalForm) -> Game {
    fn go(g: &CanonicalForm, memo: &mut HashMap<String, Game>) -> Game {
        let key = g.to_string();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let left: Vec<Game> = g.left_moves().map(|o| go(&o, memo)).collect();
        let right: Vec<Game> = g.right_moves().map(|o| go(&o, memo)).collect();
        let v = Game::from_options(&left, &right);
        memo.insert(key, v);
        v
    }
    go(g, &mut HashMap::new())
}

/// An onag game as cgt's canonical form, built from its options.
fn to_cgt(g: Game) -> CanonicalForm {
    fn go(g: Game, memo: &mut HashMap<Game, CanonicalForm>) -> CanonicalForm {
        if let Some(v) = memo.get(&g) {
            return v.clone();
        }
        let left = g.left_options().iter().map(|&o| go(o, memo)).collect();
        let right = g.right_options().iter().map(|&o| go(o, memo)).collect();
        let v = CanonicalForm::new_from_moves(left, right);
        memo.insert(g, v.clone());
        v
    }
    go(g, &mut HashMap::new())
}

/// cgt's dyadic rational as onag's.
fn dyadic(x: DyadicRationalNumber) -> Dyadic {
    Dyadic::new(Integer::from(x.numerator()), x.denominator_exponent())
}

/// A dyadic rational as cgt's rational (the small ones of these tests).
fn rational(x: &Dyadic) -> Rational {
    let n = x.numerator().to_i64().expect("a small numerator");
    Rational::new_fraction(n, 1u32 << x.exponent()).expect("a denominator")
}

/// cgt's finite rational as a dyadic rational, if it is one.
fn dyadic_of(r: Rational) -> Option<Dyadic> {
    let Rational::Value(q) = r else {
        return None;
    };
    let d = *q.denom();
    (d > 0 && d.count_ones() == 1)
        .then(|| Dyadic::new(Integer::from(*q.numer()), d.trailing_zeros()))
}

/// Graphs of 1 to 7 vertices, each untinted (0), tinted L (1) or R (2),
/// and their edges, without loops or repeated edges.
fn tinted_graphs() -> impl Strategy<Value = (Vec<usize>, Vec<(usize, usize)>)> {
    (1usize..=7).prop_flat_map(|n| {
        (
            prop::collection::vec(0usize..3, n),
            prop::collection::btree_set((0..n, 0..n), 0..12)
                .prop_map(|e| e.into_iter().filter(|(u, v)| u < v).collect()),
        )
    })
}

/// The graph of [`tinted_graphs`] for onag's GenCol rulesets.
fn onag_graph(tints: &[usize], edges: &[(usize, usize)]) -> Graph {
    Graph {
        vertex_labels: tints
            .iter()
            .map(|&t| ["", "L", "R"][t].to_string())
            .collect(),
        edges: edges.iter().map(|&(u, v)| (u, v, String::new())).collect(),
    }
}

/// The edges of [`tinted_graphs`] for cgt's graphs.
fn vertex_pairs(edges: &[(usize, usize)]) -> Vec<(VertexIndex, VertexIndex)> {
    edges
        .iter()
        .map(|&(u, v)| (VertexIndex { index: u }, VertexIndex { index: v }))
        .collect()
}

/// cgt's value of a position of one of its games, from a fresh table.
fn cgt_form<G: PartizanGame>(g: &G) -> Game {
    from_cgt(&g.canonical_form(&ParallelTranspositionTable::new()))
}

/// cgt's value of a board of one of its grid games.
fn cgt_value<G: PartizanGame + FromStr>(board: &str) -> Game {
    cgt_form(&G::from_str(board).unwrap_or_else(|_| panic!("cgt reads {board}")))
}

/// Games built from `pool`: each step makes `{L | R}` from one to three
/// members of the pool a side and adds it, and the game is the sum of the
/// last two made (a pool of numbers alone makes numbers; sums make games
/// with many options). Birthdays stay small enough for every computation
/// to be quick.
fn built_from(pool: Vec<Game>) -> impl Strategy<Value = Game> {
    let side = prop::collection::vec(any::<prop::sample::Index>(), 1..4);
    prop::collection::vec((side.clone(), side), 2..8).prop_map(move |steps| {
        let mut pool = pool.clone();
        for (l, r) in steps {
            let left: Vec<Game> = l.iter().map(|i| *i.get(&pool)).collect();
            let right: Vec<Game> = r.iter().map(|i| *i.get(&pool)).collect();
            pool.push(Game::from_options(&left, &right));
        }
        let n = pool.len();
        pool[n - 1] + pool[n - 2]
    })
}

/// `^`.
fn up() -> Game {
    Game::from_options(&[Game::ZERO], &[Game::nimber(1)])
}

/// Games from numbers, nimbers, `^`, `v` and `±1`.
fn games() -> impl Strategy<Value = Game> {
    let half = Game::from_options(&[Game::ZERO], &[Game::integer(1)]);
    let switch = Game::from_options(&[Game::integer(1)], &[Game::integer(-1)]);
    built_from(vec![
        Game::ZERO,
        Game::integer(1),
        Game::integer(-1),
        Game::integer(2),
        half,
        -half,
        Game::nimber(1),
        Game::nimber(2),
        up(),
        -up(),
        switch,
    ])
}

/// All-small games: built from all-small games, with options on both
/// sides at every step.
fn all_small_games() -> impl Strategy<Value = Game> {
    built_from(vec![
        Game::ZERO,
        Game::nimber(1),
        Game::nimber(2),
        up(),
        -up(),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Domineering boards with blocked cells.
    #[test]
    fn domineering_agrees(s in board_strings(4, 4, vec!['.', '.', '.', '#'])) {
        let onag = Evaluator::new().value(&Domineering::parse(&s).expect("valid"));
        prop_assert_eq!(onag, cgt_value::<domineering::Domineering>(&s), "{}", s);
    }

    /// Konane boards with blocked cells.
    #[test]
    fn konane_agrees(s in board_strings(4, 5, vec!['.', 'x', 'o', 'x', 'o', '#'])) {
        let onag = Evaluator::new().value(&Konane::parse(&s).expect("valid"));
        prop_assert_eq!(onag, cgt_value::<konane::Konane>(&s), "{}", s);
    }

    /// Fission boards with blocked cells.
    #[test]
    fn fission_agrees(s in board_strings(4, 5, vec!['.', '.', '.', 'x', 'x', '#'])) {
        let onag = Evaluator::new().value(&Fission::parse(&s).expect("valid"));
        prop_assert_eq!(onag, cgt_value::<fission::Fission>(&s), "{}", s);
    }

    /// The nim values of subtraction games, heaps 1 to 300 (cgt's sequence
    /// starts at the empty heap).
    #[test]
    fn subtraction_games_agree(set in prop::collection::btree_set(1u32..16, 1..6)) {
        let args = Args::new(vec![Arg::List(set.iter().map(|&k| Arg::int(k.into())).collect())]);
        let Make::Schema(make) = registry::find("Subtraction").expect("registered").make else {
            panic!("Subtraction takes its set");
        };
        let onag = make(&args).expect("a ruleset").heap().nim_value_sequence(300).expect("values");
        let cgt: Vec<u64> = Sub::new(set.into_iter().collect())
            .grundy_sequence()
            .skip(1)
            .take(300)
            .map(|n| n.value().into())
            .collect();
        prop_assert_eq!(onag, cgt);
    }

    /// Snort on graphs of up to 7 vertices, tinted at random.
    #[test]
    fn snort_agrees((tints, edges) in tinted_graphs()) {
        let graph = onag_graph(&tints, &edges);
        let ours = Evaluator::new().value(&Col::from_graph(&graph, SNORT).expect("valid"));
        // A vertex tinted L is one only Left may colour, in both.
        let kinds: Vec<VertexKind> = tints
            .iter()
            .map(|&t| VertexKind::Single([Tint::Empty, Tint::TintLeft, Tint::TintRight][t]))
            .collect();
        let snort: Snort<VertexKind, UndirectedGraph<VertexKind>> =
            Snort::new(UndirectedGraph::from_edges(&vertex_pairs(&edges), &kinds));
        let theirs = cgt_form(&snort);
        prop_assert_eq!(ours, theirs, "{}", graph.to_graph_string());
    }

    /// Col on graphs of up to 7 vertices, tinted at random.
    #[test]
    fn col_agrees((tints, edges) in tinted_graphs()) {
        let graph = onag_graph(&tints, &edges);
        let ours = Evaluator::new().value(&Col::from_graph(&graph, COL).expect("valid"));
        // onag's tint L (next to a Left vertex: only Right may colour it)
        // is cgt's Right tint (where Right may play).
        let colours: Vec<ColTint> = tints
            .iter()
            .map(|&t| [ColTint::Empty, ColTint::TintRight, ColTint::TintLeft][t])
            .collect();
        let col: CgtCol<ColTint, UndirectedGraph<ColTint>> =
            CgtCol::new(UndirectedGraph::from_edges(&vertex_pairs(&edges), &colours));
        let theirs = cgt_form(&col);
        prop_assert_eq!(ours, theirs, "{}", graph.to_graph_string());
    }

    /// Toppling Dominoes rows of blue and red dominoes (cgt's rows have no
    /// gaps and no grey dominoes).
    #[test]
    fn toppling_dominoes_agree(s in "[lr]{1,12}") {
        let ours = Evaluator::new().value(&Toppling::parse(&s).expect("valid"));
        let row: Vec<Domino> = s
            .chars()
            .map(|c| if c == 'l' { Domino::Blue } else { Domino::Red })
            .collect();
        let grid = SmallBitGrid::from_arr(row.len() as u8, 1, &row).expect("a row of at most 64");
        let theirs = cgt_form(&TopplingDominoes::new(vec![grid]));
        prop_assert_eq!(ours, theirs, "{}", s);
    }

    /// Toads and Frogs strips (cgt writes toads and frogs in capitals).
    #[test]
    fn toads_and_frogs_agrees(s in "[tf.]{1,12}") {
        let onag = Evaluator::new().value(&Toads::parse(&s, TOADS_AND_FROGS).expect("valid"));
        prop_assert_eq!(onag, cgt_value::<ToadsAndFrogs>(&s.to_uppercase()), "{}", s);
    }

    /// Canonical forms, stops, means, temperatures, thermographs, cooling
    /// by 1/2 and 1, heating by 1 and reduced canonical forms.
    #[test]
    fn game_values_agree(g in games()) {
        let c = to_cgt(g);
        prop_assert_eq!(from_cgt(&c), g, "{}", g);
        prop_assert_eq!(g.left_stop(), dyadic(c.left_stop()), "{}", g);
        prop_assert_eq!(g.right_stop(), dyadic(c.right_stop()), "{}", g);
        prop_assert_eq!(g.mean(), dyadic(c.mean()), "{}", g);
        prop_assert_eq!(g.temperature(), dyadic(c.temperature()), "{}", g);
        for (n, e) in [(1, 1), (1, 0)] {
            let t = Dyadic::new(Integer::from(n), e);
            let cooled = from_cgt(&c.cool(DyadicRationalNumber::new(n, e)));
            prop_assert_eq!(g.cool(&t), cooled, "{} cooled by {}", g, t);
        }
        // The walls of the thermographs agree at every temperature where
        // either changes slope, between each two of those, at -1 and above
        // the top: both are piecewise linear.
        let (ours, theirs) = (g.thermograph(), c.thermograph());
        let mut ts: Vec<Dyadic> = ours.left.critical_temperatures();
        ts.extend(ours.right.critical_temperatures());
        for p in theirs.left_wall.critical_points.iter().chain(&theirs.right_wall.critical_points) {
            ts.push(dyadic_of(*p).expect("a dyadic critical temperature"));
        }
        ts.push(Dyadic::from_integer(Integer::from(-1)));
        ts.push(ours.temperature() + &Dyadic::from_integer(Integer::from(1)));
        ts.sort();
        ts.dedup();
        let mids: Vec<Dyadic> = ts.windows(2).map(|w| (&w[0] + &w[1]).half()).collect();
        ts.extend(mids);
        for t in &ts {
            let r = rational(t);
            prop_assert_eq!(Some(ours.left.value_at(t)), dyadic_of(theirs.left_wall.value_at(r)), "{} left wall at {}", g, t);
            prop_assert_eq!(Some(ours.right.value_at(t)), dyadic_of(theirs.right_wall.value_at(r)), "{} right wall at {}", g, t);
        }
        let one = Game::integer(1);
        prop_assert_eq!(g.heat(one), from_cgt(&c.heat(&to_cgt(one))), "{}", g);
        prop_assert_eq!(g.reduced_canonical_form(), from_cgt(&c.reduced()), "{}", g);
    }

    /// Atomic weights of all-small games (the eccentric cases included),
    /// and their reduced canonical forms.
    #[test]
    fn atomic_weights_agree(g in all_small_games()) {
        prop_assert!(g.is_all_small(), "{}", g);
        let c = to_cgt(g);
        prop_assert_eq!(g.atomic_weight(), Some(from_cgt(&c.atomic_weight())), "{}", g);
        prop_assert_eq!(g.reduced_canonical_form(), from_cgt(&c.reduced()), "{}", g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Amazons boards with burnt squares (at most 12 cells, and fewer cases:
    /// the searches are long).
    #[test]
    fn amazons_agrees(s in board_strings(3, 4, vec!['.', '.', '.', 'x', 'o', '#', '#'])) {
        let onag = Evaluator::new().value(&Amazons::parse(&s).expect("valid"));
        prop_assert_eq!(onag, cgt_value::<amazons::Amazons>(&s), "{}", s);
    }
}
