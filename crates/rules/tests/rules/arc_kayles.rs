//! ArcKayles, WeightedArcKayles (RULESETS 3.4) and PartizanArcKayles
//! (RULESETS 3.5): Dawson's Kayles and Kayles on paths, hand examples, and
//! the properties of the shortcuts.

use onag_core::game::Game;
use onag_core::number::Dyadic;
use onag_rules::boards::graph::Graph;
use onag_rules::framework::nim::mex;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::graph::arc_kayles::{ArcKayles, PartizanArcKayles, WeightedArcKayles};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, ImpartialPosition, NimEvaluator, Player};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset(name: &str) -> Rc<dyn AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(make) => make(),
        Make::Schema(make) => make(&Args::default()).expect("defaults"),
    }
}

fn on_graph(name: &str, g: Graph) -> Rc<dyn AnyPosition> {
    ruleset(name)
        .position(&Args::new(vec![Arg::object(g)]))
        .expect("valid")
}

fn on_str(name: &str, s: &str) -> Result<Rc<dyn AnyPosition>, String> {
    ruleset(name)
        .position(&Args::new(vec![Arg::Str(s.into())]))
        .map_err(|e| e.to_string())
}

/// Nim values of the octal game with the given digits (d1, d2), heaps
/// 0..=n: remove k counters leaving 0 (bit 0), 1 (bit 1) or 2 heaps (bit 2)
/// as digit dk allows.
fn octal(digits: &[u8], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for h in 1..=n {
        let mut seen = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if k > h {
                break;
            }
            let rest = h - k;
            if d & 1 != 0 && rest == 0 {
                seen.push(0);
            }
            if d & 2 != 0 && rest > 0 {
                seen.push(g[rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..rest {
                    seen.push(g[a] ^ g[rest - a]);
                }
            }
        }
        g[h] = mex(seen);
    }
    g
}

#[test]
fn paths_are_dawsons_kayles() {
    let dawson = octal(&[0, 7], 50);
    assert_eq!(&dawson[..11], &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    for (n, &want) in dawson.iter().enumerate().skip(1) {
        let p = on_graph("ArcKayles", Graph::path(n));
        assert_eq!(p.nim_value().expect("impartial"), Ok(want), "path {n}");
    }
}

#[test]
fn looped_paths_are_kayles() {
    let kayles = octal(&[7, 7], 50);
    assert_eq!(&kayles[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
    for (n, &want) in kayles.iter().enumerate().skip(1) {
        let mut g = Graph::path(n);
        g.edges.extend((0..n).map(|v| (v, v, String::new())));
        let p = on_graph("ArcKayles", g);
        assert_eq!(p.nim_value().expect("impartial"), Ok(want), "path {n}");
    }
}

#[test]
fn strings_and_printing() {
    let p = on_str("ArcKayles", "---").expect("valid");
    assert_eq!(p.display(), "ArcKayles(\"---\")");
    assert_eq!(p.nim_value().expect("impartial"), Ok(2));
    assert_eq!(p.canonical_form(), Ok(Game::nimber(2)));
    assert_eq!(p.options(Player::Left).expect("options").len(), 3);
    assert!(on_str("ArcKayles", "L-.").is_err());
    assert!(on_str("ArcKayles", "l").is_err());
    // A triangle: any move leaves one vertex: *1. A star: the centre goes.
    assert_eq!(
        on_graph("ArcKayles", Graph::cycle(3))
            .nim_value()
            .expect("i"),
        Ok(1)
    );
    assert_eq!(
        on_graph("ArcKayles", Graph::star(6))
            .nim_value()
            .expect("i"),
        Ok(1)
    );
    // K4: a move leaves an edge: *1 options only, so 0.
    assert_eq!(
        on_graph("ArcKayles", Graph::clique(4))
            .nim_value()
            .expect("i"),
        Ok(0)
    );
}

fn weighted(labels: &[&str], edges: &[(usize, usize)]) -> Graph {
    Graph {
        vertex_labels: labels.iter().map(|s| s.to_string()).collect(),
        edges: edges.iter().map(|&(u, v)| (u, v, String::new())).collect(),
    }
}

#[test]
fn weighted_examples() {
    // "3-2-{12}": every move lowers the middle weight, so two moves: 0.
    let p = on_graph(
        "WeightedArcKayles",
        weighted(&["3", "2", "12"], &[(0, 1), (1, 2)]),
    );
    assert_eq!(p.nim_value().expect("impartial"), Ok(0));
    assert_eq!(p.display(), "WeightedArcKayles(\"3-2-{12}\")");
    // One edge: min(a, b) moves.
    for a in 0..5u32 {
        for b in 0..5u32 {
            let w = WeightedArcKayles::new(&[a, b], &[(0, 1)]).expect("valid");
            assert_eq!(NimEvaluator::new().value(&w), u64::from(a.min(b) % 2));
        }
    }
    // A looped vertex of weight w: w moves.
    let w = WeightedArcKayles::new(&[5], &[(0, 0)]).expect("valid");
    assert_eq!(NimEvaluator::new().value(&w), 1);
    let make = match registry::find("GenArcKayles").expect("registered").make {
        Make::Schema(m) => m,
        Make::Ruleset(_) => panic!("a schema"),
    };
    let kw = |b: Arg| Args {
        positional: vec![],
        keywords: vec![("weighted".into(), b)],
    };
    assert_eq!(
        make(&kw(Arg::Bool(true))).expect("ok").name(),
        "WeightedArcKayles"
    );
    assert_eq!(make(&kw(Arg::Bool(false))).expect("ok").name(), "ArcKayles");
    assert!(make(&kw(Arg::int(1))).is_err());
    // Weights must be explicit non-negative integers.
    let bad = ruleset("WeightedArcKayles")
        .position(&Args::new(vec![Arg::Str("---".into())]))
        .expect_err("no weights");
    assert!(bad.to_string().contains("weight"), "{}", bad.to_string());
    assert!(WeightedArcKayles::from_graph(&weighted(&["-1"], &[])).is_err());
    assert!(WeightedArcKayles::from_graph(&weighted(&["99999999999"], &[])).is_err());
}

#[test]
fn partizan_arc_kayles() {
    let p = on_str("PartizanArcKayles", "llr").expect("valid");
    assert_eq!(
        p.canonical_form(),
        Ok(Game::number(Dyadic::new(1.into(), 1)))
    );
    let values = |who| -> Vec<Game> {
        let mut v: Vec<Game> = p
            .options(who)
            .expect("options")
            .iter()
            .map(|o| o.canonical_form().expect("value"))
            .collect();
        v.sort_by_key(|g| g.to_string());
        v
    };
    assert_eq!(values(Player::Left), [Game::integer(-1), Game::ZERO]);
    assert_eq!(values(Player::Right), [Game::integer(1)]);
    assert_eq!(p.display(), "PartizanArcKayles(\"llr\")");
    assert_eq!(
        on_str("PartizanArcKayles", "e")
            .expect("ok")
            .canonical_form(),
        Ok(Game::star())
    );
    assert!(on_str("PartizanArcKayles", "-").is_err());
}

/// The canonical form by plain recursion over the options of an impartial
/// position: it must be the nimber of the nim value.
fn game_of(p: &ArcKayles) -> Game {
    let opts: Vec<Game> = p.options().iter().map(game_of).collect();
    Game::from_options(&opts, &opts)
}

fn arb_graph(labels: &'static [&'static str]) -> impl Strategy<Value = Graph> {
    (1usize..=7).prop_flat_map(move |n| {
        (
            prop::collection::vec(0..labels.len(), n),
            prop::collection::vec((0..n, 0..n, 0usize..3), 0..10),
        )
            .prop_map(move |(ls, edges)| Graph {
                vertex_labels: ls.into_iter().map(|i| labels[i].to_string()).collect(),
                edges: edges
                    .into_iter()
                    .map(|(u, v, c)| (u, v, ["l", "r", "e"][c].to_string()))
                    .collect(),
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Components and canonical numbering change nothing; the nim value is
    /// the nim value of the canonical form.
    #[test]
    fn arc_kayles_shortcuts(g in arb_graph(&[""])) {
        let p = ArcKayles::from_graph(&g).expect("valid");
        let v = NimEvaluator::new().value(&p);
        prop_assert_eq!(v, NimEvaluator::plain().value(&p));
        prop_assert_eq!(NimEvaluator::plain().value(&p.normalize()), v);
        prop_assert_eq!(game_of(&p), Game::nimber(v));
    }

    /// Weights of 1 everywhere play exactly as ArcKayles.
    #[test]
    fn weighted_shortcuts(g in arb_graph(&["0", "1", "2", "3"])) {
        let p = WeightedArcKayles::from_graph(&g).expect("valid");
        let v = NimEvaluator::new().value(&p);
        prop_assert_eq!(v, NimEvaluator::plain().value(&p));
        prop_assert_eq!(NimEvaluator::plain().value(&p.normalize()), v);
        let mut ones = g.clone();
        ones.vertex_labels.iter_mut().for_each(|l| *l = "1".into());
        prop_assert_eq!(
            NimEvaluator::new().value(&WeightedArcKayles::from_graph(&ones).expect("valid")),
            NimEvaluator::new().value(&ArcKayles::from_graph(&g).expect("valid"))
        );
    }

    /// PartizanArcKayles: shortcuts change nothing; swapping l and r
    /// negates; all-green graphs are ArcKayles.
    #[test]
    fn partizan_shortcuts(g in arb_graph(&[""])) {
        let p = PartizanArcKayles::from_graph(&g).expect("valid");
        let v = Evaluator::plain().value(&p);
        prop_assert_eq!(Evaluator::new().value(&p), v);
        prop_assert_eq!(Evaluator::plain().value(&p.swapped()), -v);
        let mut green = g.clone();
        green.edges.iter_mut().for_each(|e| e.2 = "e".into());
        prop_assert_eq!(
            Evaluator::new().value(&PartizanArcKayles::from_graph(&green).expect("valid")),
            Game::nimber(NimEvaluator::new().value(&ArcKayles::from_graph(&g).expect("valid")))
        );
    }
}
