//! The lines of CGSuite's misère reference corpus that the core API can
//! express (MisereCanonicalGame methods, binary methods, heap-game lists):
//! each is evaluated through `onag_core::misere` and compared with CGSuite's
//! exact output. Lines about the language only (`.Class`, partizan
//! outcomes, compounds with normal-play games, coordinate games) are left
//! to the language layer.

use super::support::{list, mg};
use onag_core::misere::{HeapGame, Misere};

/// Corpus lines (INPUT => EXPECTED), from the reference file.
const LINES: &str = r#"
[game.heap.GrundysGame(n).MisereNimValue for n from 0 to 20] => [1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]
[game.heap.GrundysGame(n).Genus for n from 0 to 20] => [0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]
[game.heap.DawsonsKayles(n).MisereNimValue for n from 0 to 20] => [1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]
[game.heap.DawsonsKayles(n).Genus for n from 0 to 20] => [0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]
game.heap.GrundysGame(22).MisereCanonicalForm => *[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]
*[0] => *[0]
(*[0]).Birthday => 0
(*[0]).Genus => 0
(*[0]).IsEven => true
(*[0]).IsExtraverted => true
(*[0]).IsHalfTame => false
(*[0]).IsGenerallyRestive => false
(*[0]).IsGenerallyTame => true
(*[0]).IsIntroverted => true
(*[0]).IsNimHeap => true
(*[0]).IsPrime => false
(*[0]).IsRestive => false
(*[0]).IsRestless => false
(*[0]).IsTame => true
(*[0]).IsTameable => true
(*[0]).Mate => *[1]
(*[0]).MisereNimValue => 1
(*[0]).MisereOutcomeClass => N
(*[0]).NimValue => 0
(*[0]).Options => []
(*[0]).Partitions => [[]]
(*[0]).Parts => []
*[[2]] => *[2#]
(*[[2]]).Birthday => 3
(*[[2]]).Genus => 0^0
(*[[2]]).IsEven => true
(*[[2]]).IsExtraverted => true
(*[[2]]).IsHalfTame => false
(*[[2]]).IsGenerallyRestive => false
(*[[2]]).IsGenerallyTame => true
(*[[2]]).IsIntroverted => false
(*[[2]]).IsNimHeap => false
(*[[2]]).IsPrime => false
(*[[2]]).IsRestive => false
(*[[2]]).IsRestless => false
(*[[2]]).IsTame => true
(*[[2]]).IsTameable => true
(*[[2]]).Mate => *[2#]
(*[[2]]).MisereNimValue => 0
(*[[2]]).MisereOutcomeClass => P
(*[[2]]).NimValue => 0
(*[[2]]).Options => [*[2]]
(*[[2]]).Partitions => [[*[2],*[2[#-2]]]]
(*[[2]]).Parts => [*[2],*[2[#-2]]]
*[[*[2]+*[[2]]]] => *[2[#2#]]
(*[[*[2]+*[[2]]]]).Birthday => 6
(*[[*[2]+*[[2]]]]).Genus => 0^0
(*[[*[2]+*[[2]]]]).IsEven => true
(*[[*[2]+*[[2]]]]).IsExtraverted => true
(*[[*[2]+*[[2]]]]).IsHalfTame => false
(*[[*[2]+*[[2]]]]).IsGenerallyRestive => false
(*[[*[2]+*[[2]]]]).IsGenerallyTame => true
(*[[*[2]+*[[2]]]]).IsIntroverted => false
(*[[*[2]+*[[2]]]]).IsNimHeap => false
(*[[*[2]+*[[2]]]]).IsPrime => false
(*[[*[2]+*[[2]]]]).IsRestive => false
(*[[*[2]+*[[2]]]]).IsRestless => false
(*[[*[2]+*[[2]]]]).IsTame => true
(*[[*[2]+*[[2]]]]).IsTameable => true
(*[[*[2]+*[[2]]]]).Mate => *[2[#2#]]
(*[[*[2]+*[[2]]]]).MisereNimValue => 0
(*[[*[2]+*[[2]]]]).MisereOutcomeClass => P
(*[[*[2]+*[[2]]]]).NimValue => 0
(*[[*[2]+*[[2]]]]).Options => [*[2[#2]]]
(*[[*[2]+*[[2]]]]).Partitions => [[*[2],*[2],*[2[#-2]],*[2[#-2]]]]
(*[[*[2]+*[[2]]]]).Parts => [*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]
*[[2],1] => *[2#1]
(*[[2],1]).Birthday => 4
(*[[2],1]).Genus => 2^1420
(*[[2],1]).IsEven => true
(*[[2],1]).IsExtraverted => false
(*[[2],1]).IsHalfTame => false
(*[[2],1]).IsGenerallyRestive => false
(*[[2],1]).IsGenerallyTame => false
(*[[2],1]).IsIntroverted => false
(*[[2],1]).IsNimHeap => false
(*[[2],1]).IsPrime => true
(*[[2],1]).IsRestive => false
(*[[2],1]).IsRestless => true
(*[[2],1]).IsTame => false
(*[[2],1]).IsTameable => false
(*[[2],1]).Mate => *[2#0]
(*[[2],1]).MisereNimValue => 1
(*[[2],1]).MisereOutcomeClass => N
(*[[2],1]).NimValue => 2
(*[[2],1]).Options => [*[1],*[2#]]
(*[[2],1]).Partitions => [[*[2#1]]]
(*[[2],1]).Parts => []
*[[*[4]+*[2]]] => *[4[2#]]
(*[[*[4]+*[2]]]).Birthday => 7
(*[[*[4]+*[2]]]).Genus => 0^0
(*[[*[4]+*[2]]]).IsEven => true
(*[[*[4]+*[2]]]).IsExtraverted => false
(*[[*[4]+*[2]]]).IsHalfTame => false
(*[[*[4]+*[2]]]).IsGenerallyRestive => false
(*[[*[4]+*[2]]]).IsGenerallyTame => true
(*[[*[4]+*[2]]]).IsIntroverted => false
(*[[*[4]+*[2]]]).IsNimHeap => false
(*[[*[4]+*[2]]]).IsPrime => false
(*[[*[4]+*[2]]]).IsRestive => false
(*[[*[4]+*[2]]]).IsRestless => false
(*[[*[4]+*[2]]]).IsTame => true
(*[[*[4]+*[2]]]).IsTameable => true
(*[[*[4]+*[2]]]).Mate => *[4[2#]]
(*[[*[4]+*[2]]]).MisereNimValue => 0
(*[[*[4]+*[2]]]).MisereOutcomeClass => P
(*[[*[4]+*[2]]]).NimValue => 0
(*[[*[4]+*[2]]]).Options => [*[4[2]]]
(*[[*[4]+*[2]]]).Partitions => [[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]
(*[[*[4]+*[2]]]).Parts => [*[2],*[4[2#-2]],*[4],*[4[2#-4]]]
*[[[2],2,0],[[2],3],1] => *[(2#20)2[#1]1]
(*[[[2],2,0],[[2],3],1]).Birthday => 5
(*[[[2],2,0],[[2],3],1]).Genus => 0^2
(*[[[2],2,0],[[2],3],1]).IsEven => true
(*[[[2],2,0],[[2],3],1]).IsExtraverted => false
(*[[[2],2,0],[[2],3],1]).IsHalfTame => true
(*[[[2],2,0],[[2],3],1]).IsGenerallyRestive => true
(*[[[2],2,0],[[2],3],1]).IsGenerallyTame => false
(*[[[2],2,0],[[2],3],1]).IsIntroverted => false
(*[[[2],2,0],[[2],3],1]).IsNimHeap => false
(*[[[2],2,0],[[2],3],1]).IsPrime => true
(*[[[2],2,0],[[2],3],1]).IsRestive => false
(*[[[2],2,0],[[2],3],1]).IsRestless => false
(*[[[2],2,0],[[2],3],1]).IsTame => false
(*[[[2],2,0],[[2],3],1]).IsTameable => false
(*[[[2],2,0],[[2],3],1]).Mate => *[(2#21)2[#1]0]
(*[[[2],2,0],[[2],3],1]).MisereNimValue => 2
(*[[[2],2,0],[[2],3],1]).MisereOutcomeClass => N
(*[[[2],2,0],[[2],3],1]).NimValue => 0
(*[[[2],2,0],[[2],3],1]).Options => [*[1],*[2[#1]],*[2#20]]
(*[[[2],2,0],[[2],3],1]).Partitions => [[*[(2#20)2[#1]1]]]
(*[[[2],2,0],[[2],3],1]).Parts => []
*[[2]] Distinguisher *[2]+*[2] => *[(2#1)21]
*[[[2]]] IsLinkedTo *[2]+*[2] => true
*[[[2]]] IsLinkedTo *[[2]] => false
*[[[2]]] Link *[2]+*[2] => *[((2#1)21)32]
*[[[2]]] Link *[[2]] => !!Those misere games are not linked: *[2##], *[2#]
*[[[2]]] MisereMinus *[[2]] => *[2[##-2]0]
*[[[2]]] MisereMinus *[[4]] => !!Those misere games are not subtractable: *[2##], *[4#]
"#;

fn bool_str(b: bool) -> String {
    b.to_string()
}

/// The printed result of a unary method of a misère canonical game.
fn unary(g: Misere, method: &str) -> String {
    match method {
        "Birthday" => g.birthday().to_string(),
        "Genus" => g.genus().to_string(),
        "IsEven" => bool_str(g.is_even()),
        "IsExtraverted" => bool_str(g.is_extraverted()),
        "IsHalfTame" => bool_str(g.is_half_tame()),
        "IsGenerallyRestive" => bool_str(g.is_generally_restive()),
        "IsGenerallyTame" => bool_str(g.is_generally_tame()),
        "IsIntroverted" => bool_str(g.is_introverted()),
        "IsNimHeap" => bool_str(g.is_nim_heap()),
        "IsPrime" => bool_str(g.is_prime()),
        "IsRestive" => bool_str(g.is_restive()),
        "IsRestless" => bool_str(g.is_restless()),
        "IsTame" => bool_str(g.is_tame()),
        "IsTameable" => bool_str(g.is_tameable()),
        "Mate" => g.mate().to_string(),
        "MisereNimValue" => g.misere_nim_value().to_string(),
        "MisereOutcomeClass" => g.outcome().to_string(),
        "NimValue" => g.nim_value().to_string(),
        "Options" => list(g.options()),
        "Partitions" => {
            let ps: Vec<String> = g.partitions().iter().map(|p| list(p)).collect();
            format!("[{}]", ps.join(","))
        }
        "Parts" => list(&g.parts()),
        other => panic!("unknown method {other}"),
    }
}

fn binary(g: Misere, method: &str, h: Misere) -> String {
    let shown = |r: Result<Misere, onag_core::misere::MisereError>| match r {
        Ok(x) => x.to_string(),
        Err(e) => format!("!!{e}"),
    };
    match method {
        "Distinguisher" => shown(g.distinguisher(h)),
        "IsLinkedTo" => bool_str(g.is_linked_to(h)),
        "Link" => shown(g.link(h)),
        "MisereMinus" => shown(g.minus(h)),
        other => panic!("unknown method {other}"),
    }
}

fn heap_game(name: &str) -> HeapGame {
    match name {
        "GrundysGame" => HeapGame::grundy(),
        "DawsonsKayles" => HeapGame::octal("0.07").expect("a code"),
        other => panic!("unknown heap game {other}"),
    }
}

/// The output of one corpus input.
fn evaluate(input: &str) -> String {
    if let Some(rest) = input.strip_prefix("[game.heap.") {
        let (name, rest) = rest.split_once("(n).").expect("a heap list");
        let (method, _) = rest.split_once(' ').expect("a method");
        let game = heap_game(name);
        let values: Vec<String> = (0..=20)
            .map(|n| {
                let g = game.misere_form(n);
                match method {
                    "MisereNimValue" => g.misere_nim_value().to_string(),
                    "Genus" => g.genus().to_string(),
                    other => panic!("unknown method {other}"),
                }
            })
            .collect();
        return format!("[{}]", values.join(","));
    }
    if let Some(rest) = input.strip_prefix("game.heap.") {
        let (name, rest) = rest.split_once('(').expect("a heap");
        let (n, method) = rest.split_once(").").expect("a method");
        assert_eq!(method, "MisereCanonicalForm");
        return heap_game(name)
            .misere_form(n.parse().expect("n"))
            .to_string();
    }
    if let Some(rest) = input.strip_prefix('(') {
        let (spec, method) = rest.rsplit_once(").").expect("a method call");
        return unary(mg(spec), method);
    }
    for method in ["Distinguisher", "IsLinkedTo", "Link", "MisereMinus"] {
        if let Some((a, b)) = input.split_once(&format!(" {method} ")) {
            return binary(mg(a), method, mg(b));
        }
    }
    mg(input).to_string()
}

#[test]
fn every_expressible_corpus_line() {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in LINES.lines().filter(|l| !l.trim().is_empty()) {
        let (input, expected) = line.split_once(" => ").expect("a case");
        count += 1;
        let got = evaluate(input);
        if got != expected {
            failures.push(format!("{input}\n  expected {expected}\n  got      {got}"));
        }
    }
    assert!(count > 130, "only {count} lines");
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
