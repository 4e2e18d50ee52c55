//! `onag bench`: timings of the evaluators on standard positions, each from
//! a fresh transposition table, printed as a table (never asserted). Only
//! what is measured on this machine is printed.
//!
//! Every row measured is also kept in a [`Record`]: `--save FILE` writes
//! the rows as JSON (docs/BENCH.md) and `--compare FILE` reads such a file
//! from an earlier run and prints, beside each row, the earlier time and
//! the ratio now / then.

use onag_core::game::Game;
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::Evaluator;
use serde_json::{json, Value as Json};
use std::time::{Duration, Instant};

/// One measurement: which table and row, the time, the peak resident
/// memory during it (bytes, where the system tells), the value shown.
#[derive(Clone, Debug)]
pub struct Row {
    /// The table: `positions`, `domineering`, `user`, `programs`.
    pub section: String,
    /// The row's name (the expression, the board).
    pub name: String,
    /// Wall-clock time of the work.
    pub seconds: f64,
    /// Peak resident memory of the process while it ran.
    pub peak_bytes: Option<u64>,
    /// The value computed, shortened (or the error).
    pub result: String,
}

/// The rows of this run, and those of an earlier run to compare with.
#[derive(Default)]
pub struct Record {
    rows: Vec<Row>,
    earlier: Vec<Row>,
}

/// The format tag of a saved table.
const FORMAT: &str = "onag-bench/1";

impl Record {
    /// A record comparing with the rows of `earlier` (a saved table).
    pub fn comparing(earlier: Vec<Row>) -> Record {
        Record {
            rows: Vec::new(),
            earlier,
        }
    }

    /// Keep `row`; the text `then` to print after it: the earlier time and
    /// the ratio now / then, when an earlier run measured the same row.
    fn keep(&mut self, row: Row) -> String {
        let then = self
            .earlier
            .iter()
            .find(|e| e.section == row.section && e.name == row.name)
            .map(|e| {
                let ratio = if e.seconds > 0.0 {
                    format!("{:.2}x", row.seconds / e.seconds)
                } else {
                    "-".to_string()
                };
                let was = Duration::try_from_secs_f64(e.seconds)
                    .map_or_else(|_| format!("{} s", e.seconds), format_duration);
                format!("  (was {was}, now {ratio})")
            })
            .unwrap_or_default();
        self.rows.push(row);
        then
    }

    /// The rows as JSON: `{"format": "onag-bench/1", "version": ...,
    /// "rows": [{"section", "name", "seconds", "peak_bytes", "result"}]}`.
    pub fn to_json(&self) -> Json {
        json!({
            "format": FORMAT,
            "version": env!("CARGO_PKG_VERSION"),
            "rows": self.rows.iter().map(|r| json!({
                "section": r.section,
                "name": r.name,
                "seconds": r.seconds,
                "peak_bytes": r.peak_bytes,
                "result": r.result,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The rows of a table saved by `--save`, or why they cannot be read.
pub fn read_rows(text: &str) -> Result<Vec<Row>, String> {
    let v: Json = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    if v["format"] != FORMAT {
        return Err(format!(
            "not a table saved by `onag bench --save` (no \"format\": \"{FORMAT}\")"
        ));
    }
    let rows = v["rows"].as_array().ok_or("no \"rows\" list")?;
    rows.iter()
        .map(|r| {
            Ok(Row {
                section: r["section"]
                    .as_str()
                    .ok_or("a row without \"section\"")?
                    .to_string(),
                name: r["name"]
                    .as_str()
                    .ok_or("a row without \"name\"")?
                    .to_string(),
                seconds: r["seconds"].as_f64().ok_or("a row without \"seconds\"")?,
                peak_bytes: r["peak_bytes"].as_u64(),
                result: r["result"].as_str().unwrap_or_default().to_string(),
            })
        })
        .collect()
}

/// Run `work`, measuring its wall-clock time and the process's peak
/// resident memory meanwhile.
fn measure<T>(work: impl FnOnce() -> T) -> (T, Duration, Option<u64>) {
    crate::run::reset_peak_memory();
    let start = Instant::now();
    let out = work();
    let took = start.elapsed();
    (out, took, crate::run::peak_memory())
}

/// A memory size for the tables.
fn format_memory(bytes: Option<u64>) -> String {
    bytes.map_or_else(
        || "-".to_string(),
        |b| onag_core::memory::human(u128::from(b)),
    )
}

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
    "Konane(\"xoxoxo|oxoxox|xox.xo|oxoxox\").CanonicalForm",
    "Fission(\"......|.x..x.|..xx..|.x..x.|......|......\").CanonicalForm",
    "Subtraction([2,3,5]).NimValueSequence(1000000).Size",
    "Subtraction([2,3,5]).NimValueSequence(10^7).Size",
    "Kayles.NimValueSequence(100000).Size",
    "GrundysGame.NimValueSequence(2^16).Size",
];

/// A random game for the thermograph workload: depth at most `depth`, one
/// to three options a side, numbers n/2^k (|n| <= 40, k <= 3) at the leaves.
fn random_game(rng: &mut u64, depth: u32, out: &mut String) {
    if depth == 0 || next(rng, 100) < 15 {
        let n = next(rng, 81) as i64 - 40;
        match [1, 1, 1, 2, 4, 8][next(rng, 6) as usize] {
            1 => out.push_str(&n.to_string()),
            d => out.push_str(&format!("{n}/{d}")),
        }
        return;
    }
    out.push('{');
    for side in 0..2 {
        if side == 1 {
            out.push('|');
        }
        for i in 0..=next(rng, 3) {
            if i > 0 {
                out.push(',');
            }
            random_game(rng, depth - 1, out);
        }
    }
    out.push('}');
}

/// The next pseudo-random number below `m` (xorshift64: the same games on
/// every run and machine).
fn next(rng: &mut u64, m: u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng % m
}

/// The thermograph workload: the temperatures and means of 100 random
/// games of depth 4, in one input (parsed, canonicalised, thermographs).
pub fn thermograph_program() -> String {
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut games = String::new();
    for i in 0..100 {
        if i > 0 {
            games.push_str(", ");
        }
        random_game(&mut rng, 4, &mut games);
    }
    format!("gs := [{games}]; [[g.Temperature for g in gs].Size, [g.Mean for g in gs].Size]")
}

/// Time each expression of [`POSITIONS`], then the thermograph workload,
/// in a fresh session (each ruleset has its own tables, empty at its first
/// use in the process).
pub fn positions(record: &mut Record) {
    println!("{:>10}  {:>8}  expression", "time", "peak");
    let thermographs = thermograph_program();
    let named = POSITIONS
        .iter()
        .map(|e| (e.to_string(), e.to_string()))
        .chain([("thermographs of 100 random games".to_string(), thermographs)]);
    for (name, expr) in named {
        let mut session = onag_lang::Interp::new();
        let (result, took, peak) = measure(|| session.run_to_text(&expr));
        let (shown, result) = match result {
            Ok(v) => (format_duration(took), shorten(&v.unwrap_or_default())),
            Err(e) => (
                format!("error: {}", e.message()),
                format!("error: {}", e.message()),
            ),
        };
        let then = record.keep(Row {
            section: "positions".into(),
            name: name.clone(),
            seconds: took.as_secs_f64(),
            peak_bytes: peak,
            result,
        });
        println!("{shown:>10}  {:>8}  {name}{then}", format_memory(peak));
    }
}

/// Time the canonical forms of empty Domineering rectangles of area up to
/// `max_area`, skipping (and reporting) any whose smaller neighbour already
/// took longer than `budget`.
pub fn domineering(max_area: usize, budget: Duration, record: &mut Record) {
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
        let (value, took, peak): (Game, _, _) = measure(|| eval.value(&board));
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
        let then = record.keep(Row {
            section: "domineering".into(),
            name: format!("{r}x{c}"),
            seconds: took.as_secs_f64(),
            peak_bytes: peak,
            result: shown.clone(),
        });
        println!(
            "{:>6}  {:>10}  {:>9}  {shown}{then}",
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

/// Domineering written in CGScript without symmetries (the class the
/// language's tests compare with the built-in ruleset), loaded by
/// [`user_games`] as `ug.Domineering`: the interpreter's cost with nothing
/// shared between positions that differ by a symmetry.
const USER_DOMINEERING: &str = include_str!("../../lang/tests/data/games/ug/Domineering.cgs");

/// Games defined in CGScript against the built-in rulesets on the same
/// positions: name, the user class's expression, the built-in one's. The
/// example classes share positions equal up to symmetry, as the built-in
/// rulesets do; the last row shows the cost without.
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
        "examples.Domineering(Grid.Empty(4,4)).CanonicalForm",
        "Domineering(Grid.Empty(4,4)).CanonicalForm",
    ),
    (
        "Domineering 4x5",
        "examples.Domineering(Grid.Empty(4,5)).CanonicalForm",
        "Domineering(Grid.Empty(4,5)).CanonicalForm",
    ),
    (
        "Domineering 4x5, no symmetries",
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

/// The processor time the process has used so far, over all its threads
/// (zero where the system cannot tell).
#[cfg(unix)]
fn process_cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    match (u64::try_from(t.tv_sec), u32::try_from(t.tv_nsec)) {
        (Ok(s), Ok(ns)) => Duration::new(s, ns),
        _ => Duration::ZERO,
    }
}

#[cfg(not(unix))]
fn process_cpu_time() -> Duration {
    Duration::ZERO
}

/// What a program took: the time on the clock and the processor time of
/// every thread of the process (the built-in evaluators use several).
#[derive(Clone, Copy)]
struct Took {
    wall: Duration,
    cpu: Duration,
}

/// The time `program` takes in a fresh session on a fresh thread (so
/// that every table, the built-in rulesets' included, starts empty), and
/// its printed value or error.
fn timed(program: &str, library: Option<&std::path::Path>) -> (Took, String) {
    let program = program.to_string();
    let library = library.map(|p| p.to_path_buf());
    let run = move || {
        let mut session = onag_lang::Interp::new();
        if let Some(root) = library {
            session.add_library_root(root);
        }
        // Loading the classes is not what is measured.
        let _ = session.run("examples.Clobber; examples.Domineering; ug.Domineering");
        let (start, cpu) = (Instant::now(), process_cpu_time());
        let result = session.run_to_text(&program);
        let took = Took {
            wall: start.elapsed(),
            cpu: process_cpu_time().saturating_sub(cpu),
        };
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
        _ => (
            Took {
                wall: Duration::ZERO,
                cpu: Duration::ZERO,
            },
            "error: the run failed".to_string(),
        ),
    }
}

/// A folder holding `ug/Domineering.cgs`, for the session's library path.
fn user_library() -> Option<std::path::PathBuf> {
    let root = std::env::temp_dir().join(format!("onag-bench-{}", std::process::id()));
    std::fs::create_dir_all(root.join("ug")).ok()?;
    std::fs::write(root.join("ug/Domineering.cgs"), USER_DOMINEERING).ok()?;
    Some(root)
}

/// `a / b` as a ratio, or `-` when `b` is zero.
fn ratio(a: Duration, b: Duration) -> String {
    if b.is_zero() {
        "-".to_string()
    } else {
        format!("{:.1}x", a.as_secs_f64() / b.as_secs_f64())
    }
}

/// Time games defined in CGScript against the built-in rulesets (each
/// from fresh tables), with the ratio user/native on the clock and in
/// processor time (the built-in evaluators use every core, the interpreter
/// one), then the interpreter's own overhead.
pub fn user_games(record: &mut Record) {
    let library = user_library();
    let w = USER_GAMES.iter().map(|g| g.0.len()).max().unwrap_or(4);
    println!(
        "{:<w$}  {:>10}  {:>10}  {:>8}  {:>9}  value",
        "game", "user", "native", "ratio", "cpu ratio"
    );
    for (name, user, native) in USER_GAMES {
        let (took_user, uv) = timed(user, library.as_deref());
        let (took_native, nv) = timed(native, library.as_deref());
        let (u, n) = (took_user.wall, took_native.wall);
        let ratio_wall = ratio(u, n);
        let ratio_cpu = ratio(took_user.cpu, took_native.cpu);
        let value = if uv == nv {
            shorten(&uv)
        } else {
            format!("DIFFER: {} / {}", shorten(&uv), shorten(&nv))
        };
        let mut then = String::new();
        for (section, t) in [("user", u), ("native", n)] {
            then.push_str(&record.keep(Row {
                section: section.into(),
                name: name.to_string(),
                seconds: t.as_secs_f64(),
                peak_bytes: None,
                result: value.clone(),
            }));
        }
        println!(
            "{name:<w$}  {:>10}  {:>10}  {ratio_wall:>8}  {ratio_cpu:>9}  {value}{then}",
            format_duration(u),
            format_duration(n)
        );
    }
    println!();
    println!("{:<28}  {:>10}  value", "program", "time");
    for (name, program) in PROGRAMS {
        let (Took { wall: t, .. }, v) = timed(program, None);
        let then = record.keep(Row {
            section: "programs".into(),
            name: name.to_string(),
            seconds: t.as_secs_f64(),
            peak_bytes: None,
            result: shorten(&v),
        });
        println!(
            "{name:<28}  {:>10}  {}{then}",
            format_duration(t),
            shorten(&v)
        );
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
