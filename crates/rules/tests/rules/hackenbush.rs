//! Hackenbush values (RULESETS 3.2, the rules.txt corpus, the seeds'
//! Hackenstrings) and the properties of the shortcuts.

use onag_core::game::Game;
use onag_core::number::Dyadic;
use onag_rules::boards::graph::Graph;
use onag_rules::framework::ruleset::AnyPosition;
use onag_rules::games::graph::hackenbush::{Hackenbush, CHILDISH, NONE_CHILDISH};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset(name: &str) -> Rc<dyn onag_rules::framework::ruleset::AnyRuleset> {
    match registry::find(name).expect("registered").make {
        Make::Ruleset(make) => make(),
        Make::Schema(make) => make(&Args::default()).expect("default parameters"),
    }
}

fn position(name: &str, s: &str) -> Result<Rc<dyn AnyPosition>, String> {
    ruleset(name)
        .position(&Args::new(vec![Arg::Str(s.into())]))
        .map_err(|e| e.to_string())
}

fn value(name: &str, s: &str) -> String {
    position(name, s)
        .expect("valid position")
        .canonical_form()
        .expect("a value")
        .to_string()
}

fn hb(s: &str) -> Hackenbush {
    Hackenbush::parse(s, NONE_CHILDISH).expect("valid")
}

fn v(s: &str) -> Game {
    Evaluator::new().value(&hb(s))
}

fn dy(num: i64, exp: u32) -> Game {
    Game::number(Dyadic::new(num.into(), exp))
}

#[test]
fn rulesets_values() {
    assert_eq!(value("Hackenbush", "l(l;rl)"), "3/2");
    assert_eq!(value("Hackenbush", "eeeeeee"), "*7");
    assert_eq!(value("Hackenbush", "e(ee(e;e);e(eee;ee);e(ee;e))"), "*5");
    assert_eq!(
        value(
            "Hackenbush",
            "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"
        ),
        "*2"
    );
    assert_eq!(value("Hackenbush", "lrlrr"), "9/16");
    assert_eq!(value("ChildishHackenbush", "l(l;rl)"), "2");
    assert_eq!(
        value("ChildishHackenbush", ":{ground}llllllrrrr:{ground}"),
        "{4|-2}"
    );
    assert_eq!(
        value("ChildishHackenbush", "(e:B;e:Bllllllrrr:B)"),
        "{0|^[4]*||vv}"
    );
    let g = position("ChildishHackenbush", "(e:B;e:B;e:Blllllllllrr:B)")
        .expect("valid")
        .canonical_form()
        .expect("value");
    assert_eq!(g.atomic_weight().expect("atomic").to_string(), "3/2");
}

#[test]
fn rules_txt_lines() {
    assert_eq!(
        position("Hackenbush", "lrlr;lr").expect_err("disconnected"),
        "That `Graph` is not connected."
    );
    assert_eq!(
        position("Hackenbush", "").expect_err("empty"),
        "That `Graph` is empty (no ground)."
    );
    // The connectivity check comes first.
    assert_eq!(
        position("ChildishHackenbush", ";").map(|p| p.display()),
        Ok("ChildishHackenbush(\".\")".into())
    );
    assert_eq!(
        position("Hackenbush", ";;").expect_err("two vertices"),
        "That `Graph` is not connected."
    );
    assert_eq!(value("Hackenbush", "."), "0");
}

#[test]
fn grammar_examples_values() {
    assert_eq!(v(":Ge:G"), Game::star());
    assert_eq!(v(":Gll:G"), Game::integer(2));
    assert_eq!(v(":Geeee:G"), Game::ZERO);
    assert_eq!(v("ee:Aeeee:A"), Game::nimber(2));
    assert_eq!(v("(lrlr;lr)"), v("lrlr") + v("lr"));
    assert_eq!(v("l.r"), dy(1, 1));
    // The seeds' blue flower: a green stem with a blue petal is {0, * | 0}
    // = ^*; the red flower is its negative.
    assert_eq!(v("el"), Game::up() + Game::star());
    assert_eq!(v("er"), -(Game::up() + Game::star()));
}

#[test]
fn printing_and_options() {
    let p = position("Hackenbush", "l(l;rl)").expect("valid");
    assert_eq!(p.display(), "Hackenbush(\"l(l;rl)\")");
    let texts = |p: &Rc<dyn AnyPosition>, who| -> Vec<String> {
        p.options(who)
            .expect("options")
            .iter()
            .map(|o| o.display())
            .collect()
    };
    // In the order of the edge list (RULESETS 3.1.3).
    assert_eq!(
        texts(&p, Player::Left),
        [
            "Hackenbush(\".\")",
            "Hackenbush(\"lrl\")",
            "Hackenbush(\"l(l;r)\")"
        ]
    );
    assert_eq!(texts(&p, Player::Right), ["Hackenbush(\"ll\")"]);
    let c = position("ChildishHackenbush", "l(l;rl)").expect("valid");
    assert_eq!(
        texts(&c, Player::Left),
        [
            "ChildishHackenbush(\"lrl\")",
            "ChildishHackenbush(\"l(l;r)\")"
        ]
    );
    assert!(texts(&c, Player::Right).is_empty());
}

#[test]
fn gen_hackenbush_parameters() {
    let make = match registry::find("GenHackenbush").expect("registered").make {
        Make::Schema(m) => m,
        Make::Ruleset(_) => panic!("a schema"),
    };
    let with = |items: Vec<Arg>| {
        make(&Args {
            positional: vec![],
            keywords: vec![("childishEdges".into(), Arg::List(items))],
        })
    };
    let both = with(vec![Arg::Player(Player::Left), Arg::Player(Player::Right)]).expect("ok");
    assert_eq!(both.name(), "ChildishHackenbush");
    assert_eq!(make(&Args::default()).expect("ok").name(), "Hackenbush");
    let blue = with(vec![Arg::Player(Player::Left)]).expect("ok");
    assert_eq!(blue.name(), "GenHackenbush(childishEdges => [Left])");
    let p = blue
        .position(&Args::new(vec![Arg::Str("l(l;rl)".into())]))
        .expect("valid");
    // Left may not cut the ground edge childishly: options 3/2 - ... only
    // the two top edges; Right may remove the red edge (not childish).
    assert_eq!(p.options(Player::Left).expect("opts").len(), 2);
    assert_eq!(p.options(Player::Right).expect("opts").len(), 1);
    assert_eq!(
        p.display(),
        "GenHackenbush(childishEdges => [Left])(\"l(l;rl)\")"
    );
    let green = with(vec![Arg::Str("e".into())]).expect("ok");
    assert_eq!(green.name(), "GenHackenbush(childishEdges => [\"e\"])");
    // Childish green stalks: only the top edge may go, so length parity.
    let g = green
        .position(&Args::new(vec![Arg::Str("eee".into())]))
        .expect("valid");
    assert_eq!(g.canonical_form().expect("value"), Game::star());
    assert!(with(vec![Arg::int(3)]).is_err());
    assert!(make(&Args::new(vec![Arg::int(1)])).is_err());
}

#[test]
fn bad_positions() {
    assert!(position("Hackenbush", "l-r").is_err());
    assert!(position("Hackenbush", "lx").is_err());
    let path = Arg::object(Graph::path(3));
    let e = ruleset("Hackenbush")
        .position(&Args::new(vec![path]))
        .expect_err("unlabelled edges");
    assert!(e.to_string().contains("l, r or e"), "{}", e.to_string());
    assert!(ruleset("Hackenbush").position(&Args::default()).is_err());
}

/// The value of a finite Hackenstring by the seeds' rule: n Ls before the
/// first R give n - 1/2 + a1/4 + a2/8 + ..., ai = +1 for L, -1 for R.
fn hackenstring(s: &str) -> Game {
    let first = s.as_bytes()[0];
    let sign = if first == b'l' { 1 } else { -1 };
    let flip = |c: u8| if sign == 1 { c } else { b'l' + b'r' - c };
    let bytes: Vec<u8> = s.bytes().map(flip).collect();
    let n = bytes.iter().take_while(|&&c| c == b'l').count() as i64;
    if n as usize == bytes.len() {
        return Game::integer(sign * n);
    }
    let k = (bytes.len() - n as usize) as u32; // number of terms after the Ls
                                               // Value * 2^(k+1): n*2^(k+1) - 2^k + sum a_i 2^(k-i).
    let mut num = n * (1i64 << (k + 1)) - (1i64 << k);
    for (i, &c) in bytes[n as usize + 1..].iter().enumerate() {
        let w = 1i64 << (k - 1 - i as u32);
        num += if c == b'l' { w } else { -w };
    }
    dy(sign * num, k + 1)
}

#[test]
fn hackenstrings_from_the_seeds() {
    assert_eq!(v("lr"), dy(1, 1));
    assert_eq!(v("rl"), dy(-1, 1));
    assert_eq!(v("lrr"), dy(1, 2));
    assert_eq!(v("lrrr"), dy(1, 3));
    assert_eq!(v("lrl"), dy(3, 2));
    assert_eq!(v("lrll"), dy(7, 3));
    assert_eq!(v("lll"), Game::integer(3));
    assert_eq!(v("rr"), Game::integer(-2));
    // 10.1100101 in binary.
    assert_eq!(v("lllrllrrlr"), dy(0b101100101, 7));
    // "LRR" + "LRR" = "LR", "LRL" + "LRR" = "L".
    assert_eq!(v("lrr") + v("lrr"), v("lr"));
    assert_eq!(v("lrl") + v("lrr"), v("l"));
    // 89/16 = 5 + 9/16: five blue edges beside a stalk for 9/16.
    assert_eq!(v("(lllll;lrlrr)"), dy(89, 4));
    assert_eq!(v("llllllrlrr"), dy(89, 4));
    // Every string up to length 8 follows the rule.
    for len in 1..=8u32 {
        for bits in 0..1u32 << len {
            let s: String = (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'l' } else { 'r' })
                .collect();
            assert_eq!(v(&s), hackenstring(&s), "{s}");
            // The string shortcut agrees with one step of the search: the
            // value built from the options' values (shorter strings).
            let p = hb(&s);
            let values = |who| -> Vec<Game> {
                p.options(who)
                    .iter()
                    .map(|o| Evaluator::new().value(o))
                    .collect()
            };
            assert_eq!(
                v(&s),
                Game::from_options(&values(Player::Left), &values(Player::Right)),
                "{s}"
            );
        }
    }
}

#[test]
fn green_stalks_are_nimbers() {
    for n in 0..=20 {
        let s = "e".repeat(n);
        let s = if s.is_empty() { ".".into() } else { s };
        assert_eq!(v(&s), Game::nimber(n as u64));
        assert_eq!(Evaluator::plain().value(&hb(&s)), Game::nimber(n as u64));
    }
}

/// A random connected Hackenbush graph: up to 6 vertices, edges of random
/// colours, cut to the component of the ground.
fn arb_graph() -> impl Strategy<Value = Graph> {
    (1usize..=6).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0usize..3), n - 1),
            prop::collection::vec((0..n, 0..n, 0usize..3), 0..4),
        )
            .prop_map(move |(tree, extra)| {
                let col = |c: usize| ["l", "r", "e"][c].to_string();
                let mut edges: Vec<(usize, usize, String)> = tree
                    .into_iter()
                    .enumerate()
                    .map(|(i, (p, c))| (p % (i + 1), i + 1, col(c)))
                    .collect();
                edges.extend(extra.into_iter().map(|(u, v, c)| (u, v, col(c))));
                Graph {
                    vertex_labels: vec![String::new(); n],
                    edges,
                }
            })
    })
}

fn swap(g: &Graph) -> Graph {
    let mut h = g.clone();
    for e in &mut h.edges {
        e.2 = match e.2.as_str() {
            "l" => "r".into(),
            "r" => "l".into(),
            x => x.into(),
        };
    }
    h
}

/// A random tree on the ground (vertex 0) with random colours, and the
/// same tree with its other vertices renamed and its edges reordered.
fn arb_tree_pair() -> impl Strategy<Value = (Graph, Graph)> {
    (2usize..=9).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0usize..3), n - 1),
            Just((1..n).collect::<Vec<usize>>()).prop_shuffle(),
            Just((0..n - 1).collect::<Vec<usize>>()).prop_shuffle(),
        )
            .prop_map(move |(tree, perm, order)| {
                let col = |c: usize| ["l", "r", "e"][c].to_string();
                let edges: Vec<(usize, usize, String)> = tree
                    .into_iter()
                    .enumerate()
                    .map(|(i, (p, c))| (p % (i + 1), i + 1, col(c)))
                    .collect();
                let rename = |v: usize| if v == 0 { 0 } else { perm[v - 1] };
                let g = Graph {
                    vertex_labels: vec![String::new(); n],
                    edges: edges.clone(),
                };
                let h = Graph {
                    vertex_labels: vec![String::new(); n],
                    edges: order
                        .iter()
                        .map(|&i| {
                            let (u, v, c) = &edges[i];
                            (rename(*v), rename(*u), c.clone())
                        })
                        .collect(),
                };
                (g, h)
            })
    })
}

#[test]
fn long_stalks_are_quick() {
    let s: String = (0..100)
        .map(|i| if i % 3 == 1 { 'r' } else { 'l' })
        .collect();
    let t: String = "e".repeat(100);
    assert!(Evaluator::new().value(&hb(&s)).is_number());
    // A blue-red string of any length is the number its signs write.
    let long: String = (0..4000)
        .map(|i| if i % 7 < 3 { 'l' } else { 'r' })
        .collect();
    let signs: Vec<bool> = long.chars().map(|c| c == 'l').collect();
    assert_eq!(
        v(&long),
        Game::number(onag_core::sign_expansion::from_sign_expansion(&signs))
    );
    assert_eq!(
        v(&long).as_number().and_then(|x| x.birthday().to_u64()),
        Some(4000)
    );
    assert_eq!(v(&t), Game::nimber(100));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    /// Isomorphic trees have the same normal form.
    #[test]
    fn trees_normalise_canonically((g, h) in arb_tree_pair()) {
        let p = Hackenbush::from_graph(&g, NONE_CHILDISH).expect("connected");
        let q = Hackenbush::from_graph(&h, NONE_CHILDISH).expect("connected");
        prop_assert_eq!(p.normalize(), q.normalize());
        let p = Hackenbush::from_graph(&g, CHILDISH).expect("connected");
        let q = Hackenbush::from_graph(&h, CHILDISH).expect("connected");
        prop_assert_eq!(p.normalize(), q.normalize());
    }

    /// Decomposition, canonical numbering, colour swap and green-tree
    /// collapse change nothing.
    #[test]
    fn shortcuts_preserve_values(g in arb_graph(), childish in 0u8..8) {
        let p = Hackenbush::from_graph(&g, childish).expect("connected");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
        let (q, neg) = p.normalize();
        let vq = Evaluator::plain().value(&q);
        prop_assert_eq!(if neg { -vq } else { vq }, Evaluator::plain().value(&p));
        let parts: Game = p.decompose().iter().fold(Game::ZERO, |a, c| a + Evaluator::plain().value(c));
        prop_assert_eq!(parts, Evaluator::plain().value(&p));
    }

    /// The options are those of RULESETS 3.2 built from the graph helpers
    /// of 3.1.5, in the order of the edge list.
    #[test]
    fn options_follow_the_spec(g in arb_graph(), childish in prop::bool::ANY) {
        let c = if childish { CHILDISH } else { NONE_CHILDISH };
        let p = Hackenbush::from_graph(&g, c).expect("connected");
        for (who, mine) in [(Player::Left, "l"), (Player::Right, "r")] {
            let mut want = Vec::new();
            for i in g.edge_order() {
                let (u, w, l) = &g.edges[i];
                if l != mine && l != "e" {
                    continue;
                }
                let o = g.delete_edge(*u, *w, l).component_of_first();
                if childish && l != "e" && o.edges.len() + 1 != g.edges.len() {
                    continue;
                }
                want.push(Hackenbush::from_graph(&o, c).expect("connected").text());
            }
            let got: Vec<String> = p.options(who).iter().map(|o| o.text()).collect();
            prop_assert_eq!(got, want);
        }
    }

    /// Swapping blue and red negates (Hackenbush and ChildishHackenbush).
    #[test]
    fn swapping_colours_negates(g in arb_graph(), childish in prop::bool::ANY) {
        let c = if childish { CHILDISH } else { NONE_CHILDISH };
        let p = Hackenbush::from_graph(&g, c).expect("connected");
        let q = Hackenbush::from_graph(&swap(&g), c).expect("connected");
        prop_assert_eq!(Evaluator::plain().value(&q), -Evaluator::plain().value(&p));
    }

    /// A position prints as a string that reads back to the same value.
    #[test]
    fn text_reads_back(g in arb_graph()) {
        let p = Hackenbush::from_graph(&g, NONE_CHILDISH).expect("connected");
        let t = p.text();
        let q = Hackenbush::parse(&t[1..t.len() - 1], NONE_CHILDISH).expect("reads back");
        prop_assert_eq!(q.text(), t);
        prop_assert_eq!(Evaluator::plain().value(&q), Evaluator::plain().value(&p));
    }
}
