//! Exploring the position graphs of loopy rulesets through the core's
//! evaluator (LOOPY 4): Backsliding Toads and Frogs and Fox and Geese, as
//! small rulesets written here, checked against CGSuite's values.

use crate::rulesets::{Backsliding, FoxAndGeese};
use onag_core::loopy::{explore, LoopyError, LoopyEvaluator, LoopyRules, Move, SidedValue};

#[test]
fn backsliding_toads_and_frogs() {
    let start = b"ttt..fff".to_vec();
    let expected = "{on||0|-1/2} & {1/2|0||off}";
    let mut layered = LoopyEvaluator::new(Backsliding { layered: true }, 100_000);
    assert_eq!(layered.value(&start).unwrap().to_string(), expected);
    // The memo holds the start and the positions valued with it.
    let known: Vec<_> = layered.values().collect();
    assert!(known.len() > 1);
    assert!(known
        .iter()
        .any(|(p, v)| **p == start && v.to_string() == expected));
    // One graph of all 560 positions gives the same value.
    let rules = Backsliding { layered: false };
    let moves = |p: &Vec<u8>, player| -> Result<Vec<Move<Vec<u8>>>, LoopyError> {
        Ok(rules
            .options(p, player)?
            .into_iter()
            .map(Move::To)
            .collect())
    };
    let all = explore(start.clone(), moves, 100_000).unwrap();
    assert_eq!(all.len(), 560);
    assert_eq!(all.value(&start).unwrap().unwrap().to_string(), expected);
    // Every position has the same value either way.
    for p in all.positions().iter().step_by(7) {
        assert_eq!(
            all.value(p).unwrap().unwrap(),
            layered.value(p).unwrap(),
            "{}",
            String::from_utf8_lossy(p)
        );
    }
    // A budget too small is refused with a message.
    let e = explore(start, moves, 100).err().unwrap();
    assert_eq!(
        e.message,
        "That game has more than 100 positions to explore."
    );
}

fn fox_and_geese(width: i32, range: i32, geese: &[(i32, i32)], fox: (i32, i32)) -> SidedValue {
    let mut e = LoopyEvaluator::new(FoxAndGeese { width, range }, 1_000_000);
    let mut g = geese.to_vec();
    g.sort_unstable();
    e.value(&(g, fox)).unwrap()
}

#[test]
fn fox_and_geese_values() {
    let row4 = [(4, 2), (4, 4), (4, 6), (4, 8)];
    assert_eq!(fox_and_geese(8, 1, &row4, (1, 1)).to_string(), "{4*|7/2}");
    let row3 = [(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)];
    assert_eq!(
        fox_and_geese(10, 1, &row3, (1, 9)).to_string(),
        "{6over|5*}"
    );
    // ValuesTable({(3,1),(3,3),(3,5),(3,7)}), rows 2 and 1.
    let geese = [(3, 1), (3, 3), (3, 5), (3, 7)];
    let row = |r: i32, cols: [i32; 4]| -> Vec<String> {
        cols.iter()
            .map(|&c| fox_and_geese(8, 1, &geese, (r, c)).to_string())
            .collect()
    };
    assert_eq!(row(2, [2, 4, 6, 8]), ["2over", "2", "3*", "4over"]);
    assert_eq!(
        row(1, [1, 3, 5, 7]),
        ["{6|2over}", "{2over|2}", "{4|3||2}", "{4over|3*}"]
    );
}

#[test]
fn ceylonese_fox_and_geese() {
    let row4 = [(4, 2), (4, 4), (4, 6), (4, 8)];
    assert_eq!(
        fox_and_geese(8, 2, &row4, (1, 1)).to_string(),
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"
    );
}
