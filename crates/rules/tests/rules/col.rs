//! GenCol, Col, Snort and Fjords (RULESETS 3.3): the rules.txt line, hand
//! examples, and the properties of the shortcuts.

use onag_core::game::Game;
use onag_core::number::Dyadic;
use onag_rules::boards::graph::Graph;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::graph::col::{Col, COL, FJORDS, LEFT, NOTHING, RIGHT, SNORT};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset(name: &str) -> Rc<dyn AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(make) => make(),
        Make::Schema(_) => panic!("not a plain ruleset"),
    }
}

fn position(name: &str, s: &str) -> Result<Rc<dyn AnyPosition>, String> {
    ruleset(name)
        .position(&Args::new(vec![Arg::Str(s.into())]))
        .map_err(|e| e.to_string())
}

fn value(name: &str, s: &str) -> Game {
    position(name, s)
        .expect("valid")
        .canonical_form()
        .expect("value")
}

fn half(num: i64, exp: u32) -> Game {
    Game::number(Dyadic::new(num.into(), exp))
}

#[test]
fn rules_txt_line() {
    assert_eq!(value("Col", "R-.-R-.-L-.-R-.-R-.").to_string(), "7/8");
}

#[test]
fn hand_examples() {
    // Col: one vertex is *, two adjacent vertices 0; a vertex next to blue
    // (tint L) is Right's alone.
    assert_eq!(value("Col", "."), Game::star());
    assert_eq!(value("Col", ".-."), Game::ZERO);
    assert_eq!(value("Col", "L"), Game::integer(-1));
    assert_eq!(value("Col", "R"), Game::integer(1));
    // "L-.": Left to "L" (-1); Right to "R" (1) or to nothing (0).
    assert_eq!(value("Col", "L-."), half(-1, 1));
    // A path of 3: {-2, -1/2 | 1/2, 2} = 0.
    assert_eq!(value("Col", ".-.-."), Game::ZERO);
    assert_eq!(value("Col", "L;R"), Game::ZERO);
    // Snort: a vertex next to blue is Left's alone.
    assert_eq!(value("Snort", "."), Game::star());
    assert_eq!(value("Snort", "L"), Game::integer(1));
    assert_eq!(value("Snort", ".-."), Game::integer(1).switch());
    assert_eq!(value("Snort", ".-.-."), Game::integer(2).switch());
    // Fjords: only tinted vertices move.
    assert_eq!(value("Fjords", "."), Game::ZERO);
    assert_eq!(value("Fjords", "L-R"), Game::star());
    assert_eq!(value("Fjords", "L;L;R"), Game::integer(1));
    // Snort on untinted paths: symmetric under swapping the tints, so
    // each value is its own negative; the shortcuts agree with the plain
    // recursion up to 8 vertices.
    for n in 1..=13 {
        let p = Col::from_graph(&Graph::path(n), SNORT).expect("valid");
        let g = Evaluator::new().value(&p);
        assert_eq!(g, -g, "path {n}");
        if n <= 8 {
            assert_eq!(g, Evaluator::plain().value(&p), "path {n}");
        }
    }
}

#[test]
fn options_and_printing() {
    let p = position("Col", "L-.-.").expect("valid");
    assert_eq!(p.display(), "Col(\"L--\")");
    let texts = |who| -> Vec<String> {
        p.options(who)
            .expect("options")
            .iter()
            .map(|o| o.display())
            .collect()
    };
    // Left may colour vertices 2 and 3; Right any of the three.
    assert_eq!(texts(Player::Left), ["Col(\"L;L\")", "Col(\"L-L\")"]);
    assert_eq!(
        texts(Player::Right),
        ["Col(\"R-\")", "Col(\"R\")", "Col(\"L-R\")"]
    );
    assert!(position("Col", "LR").is_err());
    assert!(position("Col", "(L;R)").is_err());
    assert!(position("Snort", "l-.").is_err());
    let big = Arg::object(Graph::path(65));
    assert!(ruleset("Col").position(&Args::new(vec![big])).is_err());
}

#[test]
fn gen_col_parameters() {
    let make = match registry::find("GenCol").expect("registered").make {
        Make::Schema(m) => m,
        Make::Ruleset(_) => panic!("a schema"),
    };
    let list = |v: Vec<Arg>| Arg::List(v);
    let (l, r, n) = (
        Arg::Player(Player::Left),
        Arg::Player(Player::Right),
        Arg::Nothing,
    );
    let col = make(&Args::new(vec![
        list(vec![n.clone(), r.clone()]),
        list(vec![n.clone(), l.clone()]),
    ]))
    .expect("ok");
    assert_eq!(col.name(), "Col");
    let snort = make(&Args::new(vec![
        list(vec![n.clone(), l.clone()]),
        list(vec![n.clone(), r.clone()]),
    ]))
    .expect("ok");
    assert_eq!(snort.name(), "Snort");
    let odd = make(&Args::new(vec![
        list(vec![n.clone()]),
        list(vec![n.clone()]),
    ]))
    .expect("ok");
    assert_eq!(odd.name(), "GenCol([Nothing], [Nothing])");
    // Both may colour untinted vertices only: in a path of 3, colouring
    // the middle leaves two dead ends (0), colouring an end leaves a dead
    // vertex beside a live one (*): {0, * | 0, *} = *2.
    let p = odd
        .position(&Args::new(vec![Arg::Str(".-.-.".into())]))
        .expect("valid");
    assert_eq!(p.canonical_form().expect("value"), Game::nimber(2));
    assert!(make(&Args::new(vec![list(vec![Arg::int(1)]), list(vec![])])).is_err());
    assert!(make(&Args::new(vec![list(vec![])])).is_err());
}

fn arb_graph() -> impl Strategy<Value = Graph> {
    (1usize..=6).prop_flat_map(|n| {
        (
            prop::collection::vec(0usize..3, n),
            prop::collection::vec((0..n, 0..n), 0..9),
        )
            .prop_map(move |(tints, edges)| Graph {
                vertex_labels: tints
                    .into_iter()
                    .map(|t| ["", "L", "R"][t].to_string())
                    .collect(),
                edges: edges
                    .into_iter()
                    .map(|(u, v)| (u, v, String::new()))
                    .collect(),
            })
    })
}

fn swap(g: &Graph) -> Graph {
    let mut h = g.clone();
    for l in &mut h.vertex_labels {
        *l = match l.as_str() {
            "L" => "R".into(),
            "R" => "L".into(),
            x => x.into(),
        };
    }
    h
}

/// A random tinted tree and the same tree with its vertices renamed.
fn arb_tree_pair() -> impl Strategy<Value = (Graph, Graph)> {
    (1usize..=9).prop_flat_map(|n| {
        (
            prop::collection::vec(0usize..n, n - 1),
            prop::collection::vec(0usize..3, n),
            Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
        )
            .prop_map(move |(parents, tints, perm)| {
                let edges: Vec<(usize, usize)> = parents
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (p % (i + 1), i + 1))
                    .collect();
                let labels: Vec<String> = tints
                    .iter()
                    .map(|&t| ["", "L", "R"][t].to_string())
                    .collect();
                let g = Graph {
                    vertex_labels: labels.clone(),
                    edges: edges.iter().map(|&(u, v)| (u, v, String::new())).collect(),
                };
                let mut renamed = vec![String::new(); n];
                for v in 0..n {
                    renamed[perm[v]] = labels[v].clone();
                }
                let h = Graph {
                    vertex_labels: renamed,
                    edges: edges
                        .iter()
                        .rev()
                        .map(|&(u, v)| (perm[v], perm[u], String::new()))
                        .collect(),
                };
                (g, h)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Isomorphic trees (paths included) have the same normal form.
    #[test]
    fn trees_normalise_canonically((g, h) in arb_tree_pair(), snort in prop::bool::ANY) {
        let rules = if snort { SNORT } else { COL };
        let p = Col::from_graph(&g, rules).expect("valid");
        let q = Col::from_graph(&h, rules).expect("valid");
        prop_assert_eq!(p.normalize(), q.normalize());
    }

    /// Components, canonical numbering and the tint swap change nothing.
    #[test]
    fn shortcuts_preserve_values(g in arb_graph(), rules in 0usize..4, l in 1u8..8, r in 1u8..8) {
        let permitted = [COL, SNORT, FJORDS, (l, r)][rules];
        let p = Col::from_graph(&g, permitted).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
        let (q, neg) = p.normalize();
        let vq = Evaluator::plain().value(&q);
        prop_assert_eq!(if neg { -vq } else { vq }, Evaluator::plain().value(&p));
    }

    /// Swapping the L and R tints negates Col and Snort.
    #[test]
    fn swapping_tints_negates(g in arb_graph(), snort in prop::bool::ANY) {
        let permitted = if snort { SNORT } else { COL };
        let p = Col::from_graph(&g, permitted).expect("valid");
        let q = Col::from_graph(&swap(&g), permitted).expect("valid");
        prop_assert_eq!(Evaluator::plain().value(&q), -Evaluator::plain().value(&p));
    }
}

#[test]
fn tint_constants() {
    assert_eq!(COL, (NOTHING | RIGHT, NOTHING | LEFT));
}
