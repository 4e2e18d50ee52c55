//! The `onag` command: a calculator for combinatorial games.
//!
//! - `onag` starts an interactive session (line editing, history,
//!   completion, `:help`, Ctrl-C stops a computation); with a standard
//!   input that is not a terminal it runs that input as a script;
//! - `onag -e EXPR` evaluates one input and prints its value;
//! - `onag FILE` runs a script (`onag -` reads it from standard input);
//! - `onag batch` reads inputs from standard input, one per line, and prints
//!   exactly one line per input: the value (line breaks escaped), an empty
//!   line when the input ends with `;`, or `!!` and the error message;
//! - `onag plot EXPR -o FILE` draws thermographs;
//! - `onag bench` times the evaluators (`--user`: games defined in
//!   CGScript against the built-in rulesets, and the interpreter).
//!
//! `--json` prints results as JSON objects, `--timeout SECONDS` and
//! `--max-memory SIZE` bound each input (its printing included), `--color`
//! (and `NO_COLOR`) decide on colour. Exit codes: 0
//! success, 1 evaluation error, 2 usage error.

#![forbid(unsafe_code)]

mod bench;
mod help;
mod json;
mod repl;
mod run;

use clap::{Parser, Subcommand, ValueEnum};
use onag_lang::{EvalError, Interp};
use run::{Failure, Supervision};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "onag",
    version,
    about = "Exact values of combinatorial games, in CGSuite's notation"
)]
struct Cli {
    /// Evaluate EXPR, print its value and exit (non-zero on error). EXPR may
    /// start with `-`: `onag -e '-1/2'` (or `onag -e -- '-1/2'`).
    #[arg(
        short = 'e',
        long = "eval",
        value_name = "EXPR",
        allow_hyphen_values = true,
        conflicts_with = "file"
    )]
    eval: Option<String>,

    /// Run the script FILE, printing the value of each input that has one
    /// (`-` reads the script from standard input).
    file: Option<PathBuf>,

    /// Print each result as a JSON object (text, kind, value, canonical
    /// form, outcome, stops, mean, temperature; docs/JSON.md).
    #[arg(long, global = true)]
    json: bool,

    /// Stop any single input after SECONDS (it then fails with an error).
    #[arg(long, value_name = "SECONDS", global = true)]
    timeout: Option<f64>,

    /// Stop any single input when the process's memory passes SIZE (bytes,
    /// or with a unit: 500M, 8G); it then fails with an error and the
    /// session goes on. The default is three quarters of the machine's
    /// memory.
    #[arg(long = "max-memory", value_name = "SIZE", global = true)]
    max_memory: Option<String>,

    /// When to colour error messages: `auto` colours them on a terminal
    /// unless the NO_COLOR environment variable is set.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = When::Auto, global = true)]
    color: When,

    /// Print the reference page of every method, function and ruleset
    /// (docs/REFERENCE.md) and exit.
    #[arg(long)]
    reference: bool,

    /// Add DIR to the library path: `a.b.C` is the class file
    /// `DIR/a/b/C.cgs` (after the current folder; repeatable; the
    /// environment variable ONAG_LIB adds folders after these).
    #[arg(long = "lib", value_name = "DIR", global = true)]
    lib: Vec<PathBuf>,

    #[command(subcommand)]
    command: Option<Command>,
}

/// The choices of `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum When {
    Auto,
    Always,
    Never,
}

impl When {
    /// Whether to colour text written to a stream that is (or is not) a
    /// terminal: `auto` follows the stream and NO_COLOR (any non-empty
    /// value turns colour off, as no-color.org asks).
    fn colour(self, terminal: bool) -> bool {
        match self {
            When::Always => true,
            When::Never => false,
            When::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    /// The same choice for clap's own messages.
    fn for_clap(self) -> clap::ColorChoice {
        match self {
            When::Auto if !When::Auto.colour(true) => clap::ColorChoice::Never,
            When::Auto => clap::ColorChoice::Auto,
            When::Always => clap::ColorChoice::Always,
            When::Never => clap::ColorChoice::Never,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Read inputs from standard input, one per line; print one line each
    /// (a value's line breaks written `\n`, a backslash `\\`).
    Batch,
    /// Draw the thermograph of EXPR (a game, or a list of games overlaid).
    Plot {
        /// The game or list of games to draw.
        expr: String,
        /// The picture file: .svg or .png.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
    },
    /// Time standard positions of several games, then the canonical forms
    /// of empty Domineering rectangles, each from a fresh table.
    Bench {
        /// Largest board area.
        #[arg(long, default_value_t = 30)]
        max_area: usize,
        /// Skip boards containing one that took longer than this (seconds).
        #[arg(long, default_value_t = 60.0)]
        budget: f64,
        /// Instead, compare games defined in CGScript with the built-in
        /// rulesets, and time the interpreter.
        #[arg(long)]
        user: bool,
        /// Also write the table measured to FILE as JSON (docs/BENCH.md),
        /// for a later `--compare`.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Print beside each row the time of the same row in FILE (saved
        /// by an earlier `--save`) and the ratio now / then.
        #[arg(long, value_name = "FILE")]
        compare: Option<PathBuf>,
    },
}

/// Exit code for an evaluation error.
const EVAL_ERROR: u8 = 1;
/// Exit code for a usage error (bad arguments, unreadable file).
const USAGE_ERROR: u8 = 2;

/// How results are printed.
#[derive(Clone, Copy, Debug)]
struct Output {
    json: bool,
    /// Whether error messages on standard error are coloured.
    color: bool,
}

/// The width of the terminal on standard error or output (80 when neither
/// is a terminal).
pub fn terminal_width() -> usize {
    terminal_size::terminal_size_of(io::stderr())
        .or_else(|| terminal_size::terminal_size_of(io::stdout()))
        .map_or(80, |(w, _)| usize::from(w.0))
}

/// The arguments, with the `--` of `-e -- EXPR` taken out: it only says
/// that EXPR, which may start with `-`, is the expression.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(i) = args.iter().position(|a| a == "-e" || a == "--eval") {
        if args.get(i + 1).is_some_and(|a| a == "--") {
            args.remove(i + 1);
        }
    }
    args
}

/// The `--color` choice given on the command line, read before clap so that
/// clap's own messages follow it.
fn color_argument(args: &[std::ffi::OsString]) -> When {
    let mut choice = When::Auto;
    for (i, a) in args.iter().enumerate() {
        let value = match a.to_str() {
            Some("--color") => args.get(i + 1).and_then(|v| v.to_str()),
            Some(a) => a.strip_prefix("--color="),
            None => None,
        };
        if let Some(v) = value.and_then(|v| When::from_str(v, false).ok()) {
            choice = v;
        }
    }
    choice
}

/// The library folders given with `--lib`.
static LIBRARY: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();

/// A new session with the library folders of the command line, printing
/// `System.Print` output as it happens.
pub fn session() -> Interp {
    let interp = Interp::new();
    for dir in LIBRARY.get().into_iter().flatten() {
        interp.add_library_root(dir.clone());
    }
    interp.set_printer(Box::new(|line| {
        let mut out = io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }));
    interp
}

fn main() -> ExitCode {
    let args = arguments();
    let command = <Cli as clap::CommandFactory>::command().color(color_argument(&args).for_clap());
    let cli = match command
        .try_get_matches_from(&args)
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let timeout = match cli.timeout {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s < 1e9 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return usage(&format!(
                "--timeout must be a positive number of seconds, got {s}"
            ))
        }
    };
    let max_memory = match cli.max_memory.as_deref().map(parse_size) {
        None => run::default_max_memory(),
        Some(Some(n)) if n > 0 => Some(n),
        Some(_) => {
            return usage(&format!(
                "--max-memory must be a positive size such as 500M or 8G, got {}",
                cli.max_memory.unwrap_or_default()
            ))
        }
    };
    // Bulk allocations of a known size are refused at once beyond the
    // limit; other growth is watched while each input runs.
    onag_core::memory::set_limit(max_memory);
    let how = Supervision {
        timeout,
        progress: true,
        max_memory,
    };
    let out = Output {
        json: cli.json,
        color: cli.color.colour(io::stderr().is_terminal()),
    };
    if cli.reference {
        print!("{}", help::reference());
        return ExitCode::SUCCESS;
    }
    run::quiet_panics();
    let _ = LIBRARY.set(cli.lib.clone());
    match (cli.command, cli.eval, cli.file) {
        (Some(Command::Batch), _, _) => batch(out, how),
        (Some(Command::Plot { expr, output }), _, _) => plot(&expr, &output, out, how),
        (
            Some(Command::Bench {
                max_area,
                budget,
                user,
                save,
                compare,
            }),
            _,
            _,
        ) => {
            if cli.json || cli.timeout.is_some() {
                return usage(
                    "bench takes neither --json nor --timeout (--budget bounds each board; --save FILE writes the table as JSON)",
                );
            }
            let earlier = match &compare {
                None => Vec::new(),
                Some(path) => match std::fs::read_to_string(path)
                    .map_err(|e| e.to_string())
                    .and_then(|t| bench::read_rows(&t))
                {
                    Ok(rows) => rows,
                    Err(e) => {
                        return usage(&format!("cannot compare with {}: {e}", path.display()))
                    }
                },
            };
            let mut record = bench::Record::comparing(earlier);
            if user {
                bench::user_games(&mut record);
            } else {
                bench::positions(&mut record);
                println!();
                bench::domineering(
                    max_area,
                    Duration::from_secs_f64(budget.clamp(0.0, 1e9)),
                    &mut record,
                );
            }
            if let Some(path) = save {
                let text = serde_json::to_string_pretty(&record.to_json()).unwrap_or_default();
                if let Err(e) = std::fs::write(&path, text + "\n") {
                    return usage(&format!("cannot write {}: {e}", path.display()));
                }
            }
            ExitCode::SUCCESS
        }
        (None, Some(expr), _) => eval_once(&expr, out, how),
        (None, None, Some(path)) if path.as_os_str() == "-" => stdin_script(out, how),
        (None, None, Some(path)) => match std::fs::File::open(&path) {
            Ok(file) => script(
                &path.display().to_string(),
                text_lines(io::BufReader::new(file)),
                out,
                how,
            ),
            Err(e) => usage(&format!("cannot read {}: {e}", path.display())),
        },
        (None, None, None) if !io::stdin().is_terminal() => stdin_script(out, how),
        (None, None, None) => repl::repl(how, cli.color.colour(io::stdout().is_terminal())),
    }
}

/// A size in bytes: a whole number, optionally followed by `K`, `M`, `G`
/// or `T` (powers of 1024; `KB`, `MiB` and lower case also read).
fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let n: u64 = digits.parse().ok()?;
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return None,
    };
    n.checked_mul(1u64 << shift)
}

/// Report a usage error.
fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(USAGE_ERROR)
}

/// Run one input and render what it shows, under supervision: its text,
/// or its JSON object with `--json` (None when it prints nothing).
fn run_rendered(
    interp: &mut Interp,
    src: &str,
    out: Output,
    how: Supervision,
) -> Result<Option<String>, Failure> {
    let shown = run::run_shown(interp, src, how, |v| {
        if out.json {
            json::shown(src, Some(v)).to_string()
        } else {
            v.to_string()
        }
    })?;
    Ok(match shown {
        None if out.json => Some(json::shown(src, None).to_string()),
        other => other,
    })
}

/// Print one rendered result; true if it was a value (or nothing), false
/// on error.
fn report(src: &str, outcome: &Result<Option<String>, Failure>, out: Output, name: &str) -> bool {
    match outcome {
        Ok(Some(text)) => print_line(text),
        Ok(None) => {}
        Err(f) if out.json => print_line(&json::failed(src, f).to_string()),
        Err(f) => eprintln!("{}", f.render(src, name, out.color)),
    }
    outcome.is_ok()
}

/// Writes a line to standard output. A reader that has gone away (`onag
/// -e ... | head`) is not an error: the rest of the output is dropped.
fn print_line(text: &str) {
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}").and_then(|_| stdout.flush());
}

/// The lines of an input stream as text: a line that is not valid UTF-8 is
/// an error naming the first bad byte, and the lines after it still come.
/// A byte-order mark at the start is skipped; `\n` and `\r\n` end lines.
fn text_lines(
    reader: impl io::BufRead,
) -> impl Iterator<Item = io::Result<Result<String, String>>> {
    let mut first = true;
    reader.split(b'\n').map(move |bytes| {
        let mut bytes = bytes?;
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if std::mem::take(&mut first) && bytes.starts_with("\u{feff}".as_bytes()) {
            bytes.drain(..3);
        }
        Ok(String::from_utf8(bytes).map_err(|e| {
            format!(
                "the input is not valid UTF-8 (byte {} of the line)",
                e.utf8_error().valid_up_to() + 1
            )
        }))
    })
}

/// A value on one line, for batch: a line break is written `\n` and a
/// backslash `\\`, so that every output line is one input's value and a
/// multi-line value (a table, a game tree) reads back exactly.
pub fn one_line(text: &str) -> String {
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => line.push_str("\\\\"),
            '\n' => line.push_str("\\n"),
            c => line.push(c),
        }
    }
    line
}

fn batch(out: Output, how: Supervision) -> ExitCode {
    let how = Supervision {
        progress: false,
        ..how
    };
    let mut interp = session();
    let stdin = io::stdin();
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    for line in text_lines(stdin.lock()) {
        let Ok(line) = line else { break };
        let line = match line {
            Ok(line) => line,
            Err(message) => {
                if writeln!(stdout, "!!{message}")
                    .and_then(|_| stdout.flush())
                    .is_err()
                {
                    break;
                }
                continue;
            }
        };
        let text = match run_rendered(&mut interp, &line, out, how) {
            Ok(Some(text)) if out.json => text,
            Ok(Some(text)) => one_line(&text),
            Ok(None) => String::new(),
            Err(f) if out.json => json::failed(&line, &f).to_string(),
            Err(f) => format!("!!{}", f.message()),
        };
        if writeln!(stdout, "{text}")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

fn eval_once(src: &str, out: Output, how: Supervision) -> ExitCode {
    let mut interp = session();
    let outcome = run_rendered(&mut interp, src, out, how);
    if report(src, &outcome, out, "<input>") {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EVAL_ERROR)
    }
}

/// `onag plot`: evaluate and draw under the same supervision as any input
/// (`--timeout`, Ctrl-C); with `--json`, the result object of the value
/// plus `file`, the picture written.
fn plot(src: &str, output: &Path, out: Output, how: Supervision) -> ExitCode {
    let mut interp = session();
    let path = output.to_string_lossy().to_string();
    let outcome = run::supervised(how, || {
        let value = interp.run(src)?.ok_or_else(|| {
            onag_lang::Error::Eval(EvalError::new("the expression has no value to draw"))
        })?;
        onag_lang::picture::plot_of(&value)
            .and_then(|p| onag_lang::picture::write(&p, &path))
            .map_err(onag_lang::Error::Eval)?;
        Ok(Some(value))
    });
    if out.json {
        let mut obj = json::result(src, &outcome);
        if outcome.is_ok() {
            obj["file"] = serde_json::json!(path);
        }
        print_line(&obj.to_string());
    } else if let Err(f) = &outcome {
        eprintln!("{}", f.render(src, "<input>", out.color));
    }
    if outcome.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EVAL_ERROR)
    }
}

/// A script read from standard input (`onag -`, or `onag` with a standard
/// input that is not a terminal), run as its lines arrive.
fn stdin_script(out: Output, how: Supervision) -> ExitCode {
    let stdin = io::stdin();
    script("<stdin>", text_lines(stdin.lock()), out, how)
}

/// True when `text` is a whole input: no bracket, keyword block (`begin`,
/// `if`, a loop, `class`), string or block comment is left open. The lexer
/// and parser decide (SCRIPTING 1.6), so brackets in comments and strings
/// do not count.
pub fn balanced(text: &str) -> bool {
    !onag_lang::parser::is_incomplete(text)
}

/// The inputs of a text of several lines, split as a script's are: a line
/// ends an input when no bracket or keyword block is left open. A typed
/// input never splits (the editor only lets a line break in while
/// something is open); pasted lines become one input each.
pub fn complete_inputs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(line);
        if pending.trim().is_empty() {
            pending.clear();
        } else if balanced(&pending) {
            out.push(std::mem::take(&mut pending));
        }
    }
    if !pending.trim().is_empty() {
        out.push(pending);
    }
    out
}

/// Run a script: inputs are lines, continued while a bracket or a keyword
/// block is open.
/// Errors give the script's name, line and column, with that line shown.
fn script(
    name: &str,
    lines: impl Iterator<Item = io::Result<Result<String, String>>>,
    out: Output,
    how: Supervision,
) -> ExitCode {
    let how = Supervision {
        progress: how.progress && io::stdin().is_terminal(),
        ..how
    };
    let mut interp = session();
    // The script so far (lines joined by `\n`) and where the pending input
    // starts in it.
    let mut text = String::new();
    let mut start = 0;
    for line in lines {
        let line = match line {
            Ok(Ok(l)) => l,
            Ok(Err(message)) => return usage(&format!("{name}: {message}")),
            Err(e) => return usage(&format!("cannot read {name}: {e}")),
        };
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&line);
        // The line is in `text` now: release it before the input runs.
        drop(line);
        // The pending input starts at its first character that is not a
        // space (so that blank lines before it are not part of it).
        start = text.len() - text[start..].trim_start().len();
        let pending = &text[start..];
        if !balanced(pending) {
            continue;
        }
        let outcome = run_rendered(&mut interp, pending, out, how);
        let ok = if out.json || outcome.is_ok() {
            report(pending, &outcome, out, name)
        } else {
            if let Err(f) = &outcome {
                eprintln!("{}", f.render_in(&text, start, name, out.color));
            }
            false
        };
        if !ok {
            return ExitCode::from(EVAL_ERROR);
        }
        start = text.len();
    }
    if !text[start..].trim().is_empty() {
        let end = text.len();
        eprintln!(
            "{}",
            run::render_error(
                if onag_lang::parser::open_constructs(&text[start..]).brackets > 0 {
                    "unclosed bracket at end of file"
                } else {
                    "unclosed block (`begin`, `if`, a loop or a class without its `end`) at end of file"
                },
                Some(start..end),
                "this input is not closed",
                &text,
                name,
                out.color
            )
        );
        return ExitCode::from(EVAL_ERROR);
    }
    ExitCode::SUCCESS
}
