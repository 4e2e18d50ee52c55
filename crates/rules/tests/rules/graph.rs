//! The graph string grammar (RULESETS 3.1): the examples of 3.1.4, the
//! errors with CGSuite's messages, vertex numbering and edge storage, the
//! printing of 3.1.6, and the `Graph.*` constructors.

use onag_rules::boards::graph::{Graph, LabelTable};
use onag_rules::registry;
use onag_rules::{Arg, Args};
use proptest::prelude::*;
use std::rc::Rc;

const HB_EDGES: LabelTable<'static> = LabelTable::Fixed(&[("l", "l"), ("r", "r"), ("e", "e")]);
const NONE: LabelTable<'static> = LabelTable::Fixed(&[]);
const COL_VERTICES: LabelTable<'static> = LabelTable::Fixed(&[("L", "L"), ("R", "R")]);
const DASH: LabelTable<'static> = LabelTable::Fixed(&[("", "")]);

fn hb(s: &str) -> Graph {
    Graph::parse(s, &NONE, &HB_EDGES).expect("valid Hackenbush string")
}

fn col(s: &str) -> Graph {
    Graph::parse(s, &COL_VERTICES, &DASH).expect("valid Col string")
}

fn hb_err(s: &str) -> String {
    Graph::parse(s, &NONE, &HB_EDGES)
        .expect_err("invalid")
        .to_string()
}

fn col_err(s: &str) -> String {
    Graph::parse(s, &COL_VERTICES, &DASH)
        .expect_err("invalid")
        .to_string()
}

fn edges(g: &Graph) -> Vec<(usize, usize, &str)> {
    g.edges
        .iter()
        .map(|(u, v, l)| (*u, *v, l.as_str()))
        .collect()
}

#[test]
fn grammar_examples() {
    let g = hb("lrlrr");
    assert_eq!(g.len(), 6);
    assert_eq!(
        edges(&g),
        [
            (0, 1, "l"),
            (1, 2, "r"),
            (2, 3, "l"),
            (3, 4, "r"),
            (4, 5, "r")
        ]
    );
    assert_eq!(
        edges(&hb("l(l;rl)")),
        [(0, 1, "l"), (1, 2, "l"), (1, 3, "r"), (3, 4, "l")]
    );
    let g = hb("(lrlr;lr)");
    assert_eq!(g.len(), 7);
    assert_eq!(edges(&g)[4], (0, 5, "l"));
    assert!(g.is_connected());
    let g = hb("lrlr;lr");
    assert_eq!(g.len(), 8);
    assert_eq!(g.components().len(), 2);
    assert_eq!(g.components()[1], vec![5, 6, 7]);
    let g = hb("ee:Aeeee:A");
    assert_eq!(g.len(), 6);
    assert_eq!(
        edges(&g),
        [
            (0, 1, "e"),
            (1, 2, "e"),
            (2, 3, "e"),
            (3, 4, "e"),
            (4, 5, "e"),
            (5, 2, "e")
        ]
    );
    let g = hb(":Geeee:G");
    assert_eq!(g.len(), 4);
    assert_eq!(edges(&g)[3], (3, 0, "e"));
    assert_eq!(edges(&hb(":Ge:G")), [(0, 0, "e")]);
    assert_eq!(edges(&hb(":Gll:G")), [(0, 1, "l"), (1, 0, "l")]);
    let girl = hb("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))");
    assert_eq!(girl.len(), 11);
    assert_eq!(girl.edges.len(), 12);
    let g = col("L-.-.-.-L");
    assert_eq!(g.vertex_labels, ["L", "", "", "", "L"]);
    assert_eq!(g.edges.len(), 4);
    let g = col(".-.-.(-.;-.)");
    assert_eq!(edges(&g), [(0, 1, ""), (1, 2, ""), (2, 3, ""), (2, 4, "")]);
    let g = col("L;R");
    assert_eq!(g.vertex_labels, ["L", "R"]);
    assert!(g.edges.is_empty());
    assert_eq!(hb("l.r"), hb("lr"));
    assert_eq!(hb(".lr"), hb("lr"));
    // Spaces are skipped; empty branches ignored; a trailing `;` is harmless.
    assert_eq!(hb(" l ( l ; r l ) "), hb("l(l;rl)"));
    assert_eq!(hb("l(;l;;rl;)"), hb("l(l;rl)"));
    assert_eq!(hb("lr;"), hb("lr"));
    assert_eq!(hb("").len(), 0);
    assert_eq!(hb(".").len(), 1);
    // A string may start with a group; groups nest.
    assert_eq!(
        edges(&hb("(lr;l)")),
        [(0, 1, "l"), (1, 2, "r"), (0, 3, "l")]
    );
    assert_eq!(hb("l(l(l;r);e)").edges.len(), 5);
    // `ArcKayles("---")` is a path of 4 vertices.
    assert_eq!(
        Graph::parse("---", &NONE, &DASH).expect("valid"),
        Graph::path(4)
    );
}

#[test]
fn grammar_errors() {
    assert_eq!(hb_err("l{ab"), "Invalid graph specification.");
    assert_eq!(hb_err("l(r"), "Invalid graph specification: Unmatched `(`");
    assert_eq!(
        hb_err("l(r;l(e)"),
        "Invalid graph specification: Unmatched `(`"
    );
    assert_eq!(hb_err("l(r)l"), "Invalid graph specification.");
    assert_eq!(hb_err("l)"), "Invalid graph specification.");
    assert_eq!(hb_err(")"), "Invalid graph specification.");
    assert_eq!(
        hb_err("l(l(r)l)"),
        "Invalid graph specification: Unmatched `(`"
    );
    for s in ["l>", "l<", ">", "l(<r)", "ll>l"] {
        assert_eq!(
            hb_err(s),
            "Invalid graph specification: Directed graph edges are not allowed here",
            "{s}"
        );
    }
    assert_eq!(
        col_err("L:A-R:A"),
        "Invalid graph specification: The same named vertex has multiple distinct labels"
    );
    assert_eq!(hb_err("l:"), "Invalid graph specification.");
    // Unknown edge tokens: `-` in Hackenbush, a vertex label where an edge
    // is expected, a Col branch not starting with `-`.
    assert!(hb_err("l-r").starts_with("Invalid graph specification"));
    assert!(hb_err("lxr").starts_with("Invalid graph specification"));
    assert!(col_err("LR").starts_with("Invalid graph specification"));
    assert!(col_err("(L;R)").starts_with("Invalid graph specification"));
    // Case matters.
    assert!(hb_err("L").starts_with("Invalid graph specification"));
    assert!(col_err("l-.").starts_with("Invalid graph specification"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let open = "(".repeat(200_000);
    assert_eq!(hb_err(&open), "Invalid graph specification: Unmatched `(`");
    let nested = format!("{}{}", "l(".repeat(4000), ")".repeat(4000));
    assert_eq!(hb(&nested).edges.len(), 4000);
    let big = format!("{}{}", "l(".repeat(50_000), ")".repeat(50_000));
    assert!(hb_err(&big).contains("limited to 4096 vertices"));
}

#[test]
fn edge_order_and_helpers() {
    // Edge list: by smaller endpoint, then creation order.
    let g = hb("l:Ar(l;e:A)");
    // edges: (0,1,l) (1,2,r) (2,3,l) (2,1,e)
    assert_eq!(
        edges(&g),
        [(0, 1, "l"), (1, 2, "r"), (2, 3, "l"), (2, 1, "e")]
    );
    assert_eq!(g.edge_order(), [0, 1, 3, 2]);
    let h = g.induced(&[0, 2, 3]);
    assert_eq!(edges(&h), [(1, 2, "l")]);
    assert_eq!(
        hb("lr;l;.").components(),
        [vec![0, 1, 2], vec![3, 4], vec![5]]
    );
}

#[test]
fn printing_round_trips() {
    for s in [
        "l(l;rl)",
        "lrlrr",
        "(lrlr;lr)",
        "eeeeeee",
        "e(ee(e;e);e(eee;ee);e(ee;e))",
        ":Ae:A",
        ".",
        "l(l;r(l;e;r))",
    ] {
        assert_eq!(hb(s).to_string(), s);
    }
    assert_eq!(hb(".lr").to_string(), "lr");
    assert_eq!(hb(":Gll:G").to_string(), ":All:A");
    assert_eq!(hb("ee:Aeeee:A").to_string(), "ee:Aeeee:A");
    assert_eq!(col("L;R").to_string(), "L;R");
    assert_eq!(col("L-.-.-.-L").to_string(), "L----L");
    assert_eq!(col(".;.").to_string(), ".;.");
    assert_eq!(col("").to_string(), "");
    // Names from the 27th on are v26, v27, ... in braces.
    let mut g = Graph::default();
    for _ in 0..28 {
        let v = g.len();
        g.vertex_labels.extend([String::new(), String::new()]);
        g.edges.push((v, v + 1, "e".into()));
        g.edges.push((v, v + 1, "e".into()));
    }
    let s = g.to_string();
    assert!(s.starts_with(":Aee:A;:Bee:B;"), "{s}");
    assert!(s.ends_with(";:Zee:Z;:{v26}ee:{v26};:{v27}ee:{v27}"), "{s}");
    // Multi-character labels are braced.
    let g = Graph {
        vertex_labels: vec!["12".into(), "3".into()],
        edges: vec![(0, 1, "ab".into())],
    };
    assert_eq!(g.to_string(), "{12}{ab}3");
}

fn member(name: &str, args: Vec<Arg>) -> Result<Graph, String> {
    member_kw(name, args, vec![])
}

fn member_kw(name: &str, args: Vec<Arg>, kw: Vec<(String, Arg)>) -> Result<Graph, String> {
    let args = Args {
        positional: args,
        keywords: kw,
    };
    match registry::class_member("Graph", name, &args).expect("a Graph member") {
        Ok(a @ Arg::Object(_)) => match a.as_object::<Graph>() {
            Some(g) => Ok(g.clone()),
            None => Err(format!("not a graph: {a:?}")),
        },
        Ok(other) => Err(format!("not an object: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn constructors() {
    let path = member("Path", vec![Arg::int(4)]).expect("path");
    assert_eq!(path.to_string(), "---");
    assert_eq!(path.edges.len(), 3);
    let cycle = member("Cycle", vec![Arg::int(4)]).expect("cycle");
    assert_eq!(cycle.edges.len(), 4);
    assert_eq!(cycle.to_string(), ":A----:A");
    assert_eq!(
        member("Cycle", vec![Arg::int(1)])
            .expect("loop")
            .to_string(),
        ":A-:A"
    );
    let star = member("Star", vec![Arg::int(4)]).expect("star");
    assert_eq!(star.to_string(), "(-;-;-)");
    let k4 = member("Clique", vec![Arg::int(4)]).expect("clique");
    assert_eq!(k4.edges.len(), 6);
    assert_eq!(member("Path", vec![Arg::int(0)]).expect("empty").len(), 0);
    assert!(member("Path", vec![Arg::int(-1)]).is_err());
    assert!(member("Path", vec![Arg::Str("x".into())]).is_err());
    assert!(member("Clique", vec![Arg::int(100_000)]).is_err());
    let list = |v: &[&[i64]]| {
        Arg::List(
            v.iter()
                .map(|l| Arg::List(l.iter().map(|&k| Arg::int(k)).collect()))
                .collect(),
        )
    };
    let g = member("FromAdjacencyList", vec![list(&[&[2, 3], &[1], &[1, 3]])]).expect("adj");
    assert_eq!(edges(&g), [(0, 1, ""), (0, 2, ""), (2, 2, "")]);
    assert!(member("FromAdjacencyList", vec![list(&[&[2], &[]])]).is_err());
    assert!(member("FromAdjacencyList", vec![list(&[&[5]])]).is_err());
    assert!(registry::class_member("Graph", "Nope", &Args::default()).is_none());
}

#[test]
fn parse_with_label_functions() {
    let f: onag_rules::framework::args::UserFn = Rc::new(|a: &[Arg]| match a {
        [Arg::Str(s)] => s
            .parse::<i64>()
            .map(Arg::int)
            .map_err(|_| onag_rules::RuleError::user_function(format!("not a number: {s}"))),
        _ => Err(onag_rules::RuleError::user_function("bad")),
    });
    let g = member_kw(
        "Parse",
        vec![Arg::Str("3-2-{12}".into())],
        vec![("vertexLabels".into(), Arg::Function(f.clone()))],
    )
    .expect("weights");
    assert_eq!(g.vertex_labels, ["3", "2", "12"]);
    assert_eq!(g.to_string(), "3-2-{12}");
    let e = member_kw(
        "Parse",
        vec![Arg::Str("3-x".into())],
        vec![("vertexLabels".into(), Arg::Function(f))],
    );
    assert_eq!(e.expect_err("bad label"), "not a number: x");
    let id: onag_rules::framework::args::UserFn = Rc::new(|a: &[Arg]| Ok(a[0].clone()));
    let g = member_kw(
        "Parse",
        vec![Arg::Str("ab{cd}".into())],
        vec![("edgeLabels".into(), Arg::Function(id))],
    )
    .expect("edge labels");
    assert_eq!(edges(&g), [(0, 1, "a"), (1, 2, "b"), (2, 3, "cd")]);
    assert_eq!(
        member("Parse", vec![Arg::Str("-.-".into())]).expect("plain"),
        Graph::path(3)
    );
    assert!(member("Parse", vec![Arg::Str("a".into())]).is_err());
}

fn arb_graph() -> impl Strategy<Value = Graph> {
    (1usize..=7).prop_flat_map(|n| {
        prop::collection::vec((0..n, 0..n, 0usize..3), 0..10).prop_map(move |es| Graph {
            vertex_labels: vec![String::new(); n],
            edges: es
                .into_iter()
                .map(|(u, v, c)| (u, v, ["l", "r", "e"][c].to_string()))
                .collect(),
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Printing and reading back keeps the shape: the same numbers of
    /// vertices and edges, the same edge colours, and the same text.
    #[test]
    fn print_parse_print(g in arb_graph()) {
        let s = g.to_string();
        let h = Graph::parse(&s, &NONE, &HB_EDGES).expect("printed graphs read back");
        prop_assert_eq!(h.len(), g.len());
        prop_assert_eq!(h.edges.len(), g.edges.len());
        prop_assert_eq!(h.components().len(), g.components().len());
        let mut a: Vec<&str> = g.edges.iter().map(|e| e.2.as_str()).collect();
        let mut b: Vec<&str> = h.edges.iter().map(|e| e.2.as_str()).collect();
        a.sort();
        b.sort();
        prop_assert_eq!(a, b);
        prop_assert_eq!(h.to_string(), s);
    }
}
