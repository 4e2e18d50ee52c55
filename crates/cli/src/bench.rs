//! `onag bench`: timings of the evaluators on standard positions, each from
//! a fresh transposition table, printed as a table (never asserted).

use onag_core::game::Game;
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::Evaluator;
use std::time::{Duration, Instant};

/// The empty Domineering rectangles of area at most `max_area`, smallest
/// area first, with both orientations.
pub fn rectangles(max_area: usize) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = (1..=max_area)
        .flat_map(|r| (1..=max_area / r).map(move |c| (r, c)))
        .collect();
    v.sort_by_key(|&(r, c)| (r * c, r));
    v
}

/// Times of the Rust crate `cgt` 0.11 on the same kind of machine
/// where known.
fn cgt_baseline(rows: usize, cols: usize) -> &'static str {
    match (rows, cols) {
        (4, 4) => "12 ms",
        (5, 4) => "0.17 s",
        (5, 5) => "5.9 s",
        (3, 9) => "11.6 s",
        (4, 7) => "35 s",
        (7, 4) => "49 s",
        (5, 6) | (6, 5) | (3, 10) | (4, 8) => "> 60 s",
        _ => "",
    }
}

/// Positions of other games, as expressions, with the baseline times.
const POSITIONS: &[(&str, &str)] = &[
    ("ToadsAndFrogs(\"ttttt..fffff\").CanonicalForm", "16 ms"),
    ("Snort(Graph.Path(13)).CanonicalForm", "65 ms"),
    ("Amazons(\"x...|....|...o\").CanonicalForm", "11.5 s"),
    (
        "Subtraction([2,3,5]).NimValueSequence(1000000).Size",
        "55 ms",
    ),
    ("Kayles.NimValueSequence(100000).Size", ""),
];

/// Time each expression of [`POSITIONS`] in a fresh session (each ruleset
/// has its own tables, empty at its first use in the process).
pub fn positions() {
    println!("{:>10}  {:>10}  expression", "time", "cgt");
    for (expr, baseline) in POSITIONS {
        let mut session = onag_lang::Interp::new();
        let start = Instant::now();
        let result = session.run(expr);
        let took = start.elapsed();
        let shown = match result {
            Ok(_) => format_duration(took),
            Err(e) => format!("error: {e}"),
        };
        println!("{shown:>10}  {baseline:>10}  {expr}");
    }
}

/// Time the canonical forms of empty Domineering rectangles of area up to
/// `max_area`, skipping (and reporting) any whose smaller neighbour already
/// took longer than `budget`.
pub fn domineering(max_area: usize, budget: Duration) {
    println!(
        "{:>6}  {:>10}  {:>10}  {:>9}  value",
        "board", "time", "cgt", "positions"
    );
    let mut slow: Vec<(usize, usize)> = Vec::new();
    for (r, c) in rectangles(max_area) {
        if slow.iter().any(|&(sr, sc)| sr <= r && sc <= c) {
            println!("{:>6}  {:>10}", format!("{r}x{c}"), "skipped");
            continue;
        }
        let board = match Domineering::empty(r, c) {
            Ok(b) => b,
            Err(e) => {
                println!("{:>6}  {e}", format!("{r}x{c}"));
                continue;
            }
        };
        let eval = Evaluator::new();
        let start = Instant::now();
        let value: Game = eval.value(&board);
        let took = start.elapsed();
        let text = value.to_string();
        let shown = if text.len() > 60 {
            format!("{}... ({} chars)", &text[..57], text.len())
        } else {
            text
        };
        println!(
            "{:>6}  {:>10}  {:>10}  {:>9}  {shown}",
            format!("{r}x{c}"),
            format_duration(took),
            cgt_baseline(r, c),
            eval.table_size()
        );
        if took > budget {
            slow.push((r, c));
        }
    }
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} us", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}
