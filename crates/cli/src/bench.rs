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

/// Domineering written in CGScript (the class the language's tests compare
/// with the built-in ruleset), loaded by [`user_games`] as
/// `ug.Domineering`.
const USER_DOMINEERING: &str = include_str!("../../lang/tests/data/games/ug/Domineering.cgs");

/// Games defined in CGScript against the built-in rulesets on the same
/// positions: name, the user class's expression, the built-in one's.
const USER_GAMES: &[(&str, &str, &str)] = &[
    (
        "Clobber 3x4",
        "examples.Clobber(\"xoxo|oxox|xoxo\").CanonicalForm",
        "Clobber(\"xoxo|oxox|xoxo\").CanonicalForm",
    ),
    (
        "Clobber 4x4",
        "examples.Clobber(\"xoxo|oxox|xoxo|oxox\").CanonicalForm",
        "Clobber(\"xoxo|oxox|xoxo|oxox\").CanonicalForm",
    ),
    (
        "Domineering 4x4",
        "ug.Domineering(Grid.Empty(4,4)).CanonicalForm",
        "Domineering(Grid.Empty(4,4)).CanonicalForm",
    ),
    (
        "Domineering 4x5",
        "ug.Domineering(Grid.Empty(4,5)).CanonicalForm",
        "Domineering(Grid.Empty(4,5)).CanonicalForm",
    ),
];

/// Programs timing the interpreter itself.
const PROGRAMS: &[(&str, &str)] = &[
    (
        "for loop, 10^6 iterations",
        "s := 0; for i from 1 to 1000000 do s := s + i end; s",
    ),
    (
        "recursion, 10^4 nested calls",
        "depth := n -> if n == 0 then 0 else 1 + depth(n - 1) end; depth(9999)",
    ),
];

/// The time `program` takes in a fresh session on a fresh thread (so
/// that every table, the built-in rulesets' included, starts empty), and
/// its printed value or error.
fn timed(program: &str, library: Option<&std::path::Path>) -> (Duration, String) {
    let program = program.to_string();
    let library = library.map(|p| p.to_path_buf());
    let run = move || {
        let mut session = onag_lang::Interp::new();
        if let Some(root) = library {
            session.add_library_root(root);
        }
        // Loading the classes is not what is measured.
        let _ = session.run("examples.Clobber; ug.Domineering");
        let start = Instant::now();
        let result = session.run_to_text(&program);
        let took = start.elapsed();
        let text = match result {
            Ok(t) => t.unwrap_or_default(),
            Err(e) => format!("error: {}", e.message()),
        };
        (took, text)
    };
    match std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .map(|h| h.join())
    {
        Ok(Ok(r)) => r,
        _ => (Duration::ZERO, "error: the run failed".to_string()),
    }
}

/// A folder holding `ug/Domineering.cgs`, for the session's library path.
fn user_library() -> Option<std::path::PathBuf> {
    let root = std::env::temp_dir().join(format!("onag-bench-{}", std::process::id()));
    std::fs::create_dir_all(root.join("ug")).ok()?;
    std::fs::write(root.join("ug/Domineering.cgs"), USER_DOMINEERING).ok()?;
    Some(root)
}

/// Time games defined in CGScript against the built-in rulesets (each
/// from fresh tables), with the ratio user/native, then the interpreter's
/// own overhead.
pub fn user_games() {
    let library = user_library();
    println!(
        "{:<16}  {:>10}  {:>10}  {:>8}  value",
        "game", "user", "native", "ratio"
    );
    for (name, user, native) in USER_GAMES {
        let (u, uv) = timed(user, library.as_deref());
        let (n, nv) = timed(native, library.as_deref());
        let ratio = if n.is_zero() {
            "-".to_string()
        } else {
            format!("{:.1}x", u.as_secs_f64() / n.as_secs_f64())
        };
        let value = if uv == nv {
            shorten(&uv)
        } else {
            format!("DIFFER: {} / {}", shorten(&uv), shorten(&nv))
        };
        println!(
            "{name:<16}  {:>10}  {:>10}  {ratio:>8}  {value}",
            format_duration(u),
            format_duration(n)
        );
    }
    println!();
    println!("{:<28}  {:>10}  value", "program", "time");
    for (name, program) in PROGRAMS {
        let (t, v) = timed(program, None);
        println!("{name:<28}  {:>10}  {}", format_duration(t), shorten(&v));
    }
    if let Some(root) = library {
        let _ = std::fs::remove_dir_all(root);
    }
}

/// A value shown in at most 40 characters.
fn shorten(text: &str) -> String {
    if text.chars().count() > 40 {
        format!(
            "{}... ({} chars)",
            text.chars().take(37).collect::<String>(),
            text.len()
        )
    } else {
        text.to_string()
    }
}
