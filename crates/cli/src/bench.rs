//! `onag bench`: timings of the evaluators on standard positions, each from
//! a fresh transposition table, printed as a table (never asserted). Only
//! what is measured on this machine is printed.

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

/// Positions of other games, as expressions.
const POSITIONS: &[&str] = &[
    "ToadsAndFrogs(\"ttttt..fffff\").CanonicalForm",
    "Snort(Graph.Path(13)).CanonicalForm",
    "Amazons(\"x...|....|...o\").CanonicalForm",
    "Subtraction([2,3,5]).NimValueSequence(1000000).Size",
    "Kayles.NimValueSequence(100000).Size",
];

/// Time each expression of [`POSITIONS`] in a fresh session (each ruleset
/// has its own tables, empty at its first use in the process).
pub fn positions() {
    println!("{:>10}  expression", "time");
    for expr in POSITIONS {
        let mut session = onag_lang::Interp::new();
        let start = Instant::now();
        let result = session.run(expr);
        let took = start.elapsed();
        let shown = match result {
            Ok(_) => format_duration(took),
            Err(e) => format!("error: {e}"),
        };
        println!("{shown:>10}  {expr}");
    }
}

/// Time the canonical forms of empty Domineering rectangles of area up to
/// `max_area`, skipping (and reporting) any whose smaller neighbour already
/// took longer than `budget`.
pub fn domineering(max_area: usize, budget: Duration) {
    println!("{:>6}  {:>10}  {:>9}  value", "board", "time", "positions");
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
            format!(
                "{}... ({} chars)",
                text.chars().take(57).collect::<String>(),
                text.len()
            )
        } else {
            text
        };
        println!(
            "{:>6}  {:>10}  {:>9}  {shown}",
            format!("{r}x{c}"),
            format_duration(took),
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
