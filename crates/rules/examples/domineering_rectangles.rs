//! Times the canonical forms of empty Domineering rectangles, each from a
//! fresh transposition table: `cargo run --release -p onag-rules --example
//! domineering_rectangles [max_area | RxC ...]`.

use onag_rules::games::grid::domineering::Domineering;
use onag_rules::Evaluator;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: Vec<(usize, usize)> = if args.iter().any(|a| a.contains('x')) {
        args.iter()
            .filter_map(|a| a.split_once('x'))
            .filter_map(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .collect()
    } else {
        let max_area: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(30);
        (1..=max_area)
            .flat_map(|r| (1..=max_area).map(move |c| (r, c)))
            .filter(|&(r, c)| r * c <= max_area && r > 1 && c > 1)
            .collect()
    };
    println!(
        "{:>6} {:>12} {:>10} {:>8}  value",
        "board", "time", "table", "birthday"
    );
    for (rows, cols) in boards {
        {
            let Ok(board) = Domineering::empty(rows, cols) else {
                continue;
            };
            let eval = Evaluator::new();
            let start = Instant::now();
            let v = eval.value(&board);
            let elapsed = start.elapsed();
            let text = v.to_string();
            let shown = if text.len() > 60 {
                format!("{}...", &text[..60])
            } else {
                text
            };
            println!(
                "{:>6} {:>12.3?} {:>10} {:>8}  {}",
                format!("{rows}x{cols}"),
                elapsed,
                eval.table_size(),
                v.birthday(),
                shown
            );
        }
    }
}
