//! What rulesets and positions say they are: the kinds of rulesets with
//! methods of their own, and the boards positions are played on.

use onag_rules::framework::Board;
use onag_rules::registry::{self, Make};
use onag_rules::{AnyRuleset, Arg, Args};
use std::rc::Rc;

fn named(name: &str) -> Rc<dyn AnyRuleset> {
    match &registry::find(name).expect("a named ruleset").make {
        Make::Ruleset(make) => make(),
        Make::Schema(make) => make(&Args::default()).expect("a ruleset"),
    }
}

/// The kinds a ruleset answers, as letters: h heap, c coordinate, p
/// partizan heap, q partizan coordinate.
fn kinds(r: &dyn AnyRuleset) -> String {
    [
        ('h', r.as_heap().is_some()),
        ('c', r.as_coordinate().is_some()),
        ('p', r.as_partizan_heap().is_some()),
        ('q', r.as_partizan_coordinate().is_some()),
    ]
    .iter()
    .filter(|(_, has)| *has)
    .map(|(k, _)| *k)
    .collect()
}

#[test]
fn every_parameterless_ruleset_says_its_kind() {
    let mut seen = 0;
    for entry in registry::entries() {
        let Make::Ruleset(make) = entry.make else {
            continue;
        };
        let r = make();
        let expected = match entry.name {
            "Nim" | "Kayles" | "DawsonsKayles" | "GrundysGame" => "h",
            "Wythoff" | "Mem" | "FibonacciNim" | "WhiteKnight" => "c",
            "PartizanEuclid" | "Cutcake" | "Eatcake" | "MaundyCake" | "TurnAndEatcake" => "q",
            _ => "",
        };
        assert_eq!(kinds(&*r), expected, "{}", entry.name);
        seen += 1;
    }
    assert!(seen > 30, "{seen} parameterless rulesets");
    let sub = match &registry::find("PartizanSubtraction").expect("named").make {
        Make::Schema(make) => make(&Args::new(vec![
            Arg::List(vec![Arg::int(1)]),
            Arg::List(vec![Arg::int(2)]),
        ]))
        .expect("a ruleset"),
        Make::Ruleset(make) => make(),
    };
    assert_eq!(kinds(&*sub), "p");
}

#[test]
fn positions_give_the_board_they_are_played_on() {
    let board = |name: &str, text: &str| {
        named(name)
            .position(&Args::new(vec![Arg::Str(text.into())]))
            .expect("a position")
            .board()
    };
    assert_eq!(
        board("Domineering", ".#|.."),
        Some(Board {
            rows: 2,
            cols: 2,
            cells: vec!['.', '#', '.', '.'],
        })
    );
    assert_eq!(board("Clobber", "xo|ox"), Some(Board::from_rows("xo|ox")));
    assert_eq!(board("Konane", "x.o"), Some(Board::from_rows("x.o")));
    assert_eq!(
        board("ToadsAndFrogs", "t..f"),
        Some(Board::from_rows("t..f"))
    );
    assert_eq!(
        board("TopplingDominoes", "lre"),
        Some(Board::from_rows("lre"))
    );
    assert_eq!(board("Cram", "..|.."), Some(Board::from_rows("..|..")));
    // A Hackenbush string is a graph, not a board, whatever its letters.
    assert_eq!(board("Hackenbush", "lllrllrrlr"), None);
    assert_eq!(board("Col", "L-R"), None);
    let heap = named("Kayles")
        .position(&Args::new(vec![Arg::int(5)]))
        .expect("a heap");
    assert_eq!(heap.board(), None);
}

/// Errors say what kind of thing went wrong, for callers that branch on
/// it; their messages stay the ones a person reads.
#[test]
fn errors_have_kinds() {
    use onag_rules::framework::error::ErrorKind;
    let position = |name: &str, args: Vec<Arg>| {
        named(name)
            .position(&Args::new(args))
            .map(|_| ())
            .expect_err("an error")
    };
    let e = position("Domineering", vec![Arg::Str("..|.".into())]);
    assert_eq!(e.kind(), ErrorKind::BadPosition);
    assert_eq!(
        e.message(),
        "All rows of the position must have equal length."
    );
    let e = position("Clobber", vec![Arg::Str("xq".into())]);
    assert_eq!(e.kind(), ErrorKind::BadPosition);
    let wide = ".".repeat(129);
    assert_eq!(
        position("Domineering", vec![Arg::Str(wide)]).kind(),
        ErrorKind::TooLarge
    );
    assert_eq!(
        position("Hackenbush", vec![Arg::Str("l;l".into())]).kind(),
        ErrorKind::BadPosition
    );
    assert_eq!(
        position("Kayles", vec![Arg::Str("3".into())]).kind(),
        ErrorKind::BadArgument
    );
    assert_eq!(
        position("BackslidingToadsAndFrogs", vec![Arg::Str("t.x".into())]).kind(),
        ErrorKind::BadPosition
    );
    let loopy = named("BackslidingToadsAndFrogs")
        .position(&Args::new(vec![Arg::Str("t.f".into())]))
        .expect("a strip");
    assert_eq!(
        loopy.canonical_form().expect_err("loopy").kind(),
        ErrorKind::Loopy
    );
    let schema = |name: &str, args: Vec<Arg>| match &registry::find(name).expect("named").make {
        Make::Schema(make) => make(&Args::new(args)),
        Make::Ruleset(make) => Ok(make()),
    };
    let e = schema("TakeAndBreak", vec![Arg::Str("0.7x".into())])
        .map(|_| ())
        .expect_err("malformed");
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::BadArgument, "Malformed code: 0.7x")
    );
    let loops = schema(
        "HeapRuleset",
        vec![Arg::Function(Rc::new(|a: &[Arg]| {
            Ok(Arg::List(vec![Arg::List(vec![a[0].clone()])]))
        }))],
    )
    .expect("a ruleset");
    let e = loops
        .as_heap()
        .expect("a heap ruleset")
        .nim_value(2)
        .expect_err("loopy");
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::Loopy, "Those HeapRules specify a loopy game.")
    );
    let fails = schema(
        "HeapRuleset",
        vec![Arg::Function(Rc::new(|_: &[Arg]| Ok(Arg::int(3))))],
    )
    .expect("a ruleset");
    let e = fails
        .as_heap()
        .expect("a heap ruleset")
        .nim_value(2)
        .expect_err("not lists");
    assert_eq!(e.kind(), ErrorKind::UserFunction);
}
