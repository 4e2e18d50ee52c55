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
