//! The `onag` command: a calculator for combinatorial games.
//!
//! - `onag` starts an interactive session (line editing, history,
//!   completion, `:help`, Ctrl-C stops a computation);
//! - `onag -e EXPR` evaluates one input and prints its value;
//! - `onag FILE` runs a script;
//! - `onag batch` reads inputs from standard input, one per line, and prints
//!   exactly one line per input: the value, an empty line when the input
//!   ends with `;`, or `!!` and the error message;
//! - `onag plot EXPR -o FILE` draws thermographs;
//! - `onag bench` times the evaluators.
//!
//! `--json` prints results as JSON objects, `--timeout SECONDS` bounds each
//! input. Exit codes: 0 success, 1 evaluation error, 2 usage error.

#![forbid(unsafe_code)]

mod bench;
mod help;
mod json;
mod repl;
mod run;

use clap::{Parser, Subcommand};
use onag_lang::{Interp, Value};
use run::{Failure, Supervision};
use std::io::{self, BufRead, IsTerminal, Write};
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
    /// Evaluate EXPR, print its value and exit (non-zero on error).
    #[arg(
        short = 'e',
        long = "eval",
        value_name = "EXPR",
        conflicts_with = "file"
    )]
    eval: Option<String>,

    /// Run the script FILE, printing the value of each input that has one.
    file: Option<PathBuf>,

    /// Print each result as a JSON object (text, kind, canonical form,
    /// outcome, stops, mean, temperature).
    #[arg(long, global = true)]
    json: bool,

    /// Stop any single input after SECONDS (it then fails with an error).
    #[arg(long, value_name = "SECONDS", global = true)]
    timeout: Option<f64>,

    /// Print the reference page of every method, function and ruleset
    /// (docs/REFERENCE.md) and exit.
    #[arg(long)]
    reference: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Read inputs from standard input, one per line; print one line each.
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
    },
}

/// Exit code for an evaluation error.
const EVAL_ERROR: u8 = 1;
/// Exit code for a usage error (bad arguments, unreadable file).
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let timeout = match cli.timeout {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s < 1e9 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            eprintln!("error: --timeout must be a positive number of seconds, got {s}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let how = Supervision {
        timeout,
        progress: true,
    };
    if cli.reference {
        print!("{}", help::reference());
        return ExitCode::SUCCESS;
    }
    run::quiet_panics();
    match (cli.command, cli.eval, cli.file) {
        (Some(Command::Batch), _, _) => batch(cli.json, how),
        (Some(Command::Plot { expr, output }), _, _) => plot(&expr, &output),
        (Some(Command::Bench { max_area, budget }), _, _) => {
            bench::positions();
            println!();
            bench::domineering(max_area, Duration::from_secs_f64(budget.clamp(0.0, 1e9)));
            ExitCode::SUCCESS
        }
        (None, Some(expr), _) => eval_once(&expr, cli.json, how),
        (None, None, Some(path)) => script(&path, cli.json, how),
        (None, None, None) => repl::repl(how),
    }
}

/// Print one result; true if it was a value (or nothing), false on error.
fn report(src: &str, outcome: &Result<Option<Value>, Failure>, as_json: bool, name: &str) -> bool {
    if as_json {
        println!("{}", json::result(src, outcome));
        return outcome.is_ok();
    }
    match outcome {
        Ok(Some(v)) => println!("{v}"),
        Ok(None) => {}
        Err(f) => eprintln!("{}", f.render(src, name, io::stderr().is_terminal())),
    }
    outcome.is_ok()
}

fn batch(as_json: bool, how: Supervision) -> ExitCode {
    let how = Supervision {
        progress: false,
        ..how
    };
    let mut interp = Interp::new();
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let outcome = run::run(&mut interp, &line, how);
        let text = if as_json {
            json::result(&line, &outcome).to_string()
        } else {
            match outcome {
                Ok(Some(v)) => v.to_string().replace('\n', " "),
                Ok(None) => String::new(),
                Err(f) => format!("!!{}", f.message()),
            }
        };
        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

fn eval_once(src: &str, as_json: bool, how: Supervision) -> ExitCode {
    let mut interp = Interp::new();
    let outcome = run::run(&mut interp, src, how);
    if report(src, &outcome, as_json, "<input>") {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EVAL_ERROR)
    }
}

fn plot(src: &str, output: &Path) -> ExitCode {
    let mut interp = Interp::new();
    let value = match run::run(&mut interp, src, Supervision::default()) {
        Ok(Some(v)) => v,
        Ok(None) => {
            eprintln!("error: the expression has no value to draw");
            return ExitCode::from(EVAL_ERROR);
        }
        Err(f) => {
            eprintln!("{}", f.render(src, "<input>", io::stderr().is_terminal()));
            return ExitCode::from(EVAL_ERROR);
        }
    };
    let path = output.to_string_lossy();
    match onag_lang::picture::plot_of(&value).and_then(|p| onag_lang::picture::write(&p, &path)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EVAL_ERROR)
        }
    }
}

/// True when brackets opened in `text` are all closed (strings skipped).
pub fn balanced(text: &str) -> bool {
    let mut depth = 0i64;
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            _ => {}
        }
    }
    depth <= 0 && !in_string
}

/// Run a script: inputs are lines, continued while brackets are open.
fn script(path: &Path, as_json: bool, how: Supervision) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let mut interp = Interp::new();
    let mut pending = String::new();
    let mut first_line = 0;
    for (i, line) in text.lines().enumerate() {
        if pending.is_empty() {
            first_line = i + 1;
        } else {
            pending.push('\n');
        }
        pending.push_str(line);
        if !balanced(&pending) {
            continue;
        }
        let outcome = run::run(&mut interp, &pending, how);
        let name = format!("{}:{first_line}", path.display());
        if !report(&pending, &outcome, as_json, &name) {
            return ExitCode::from(EVAL_ERROR);
        }
        pending.clear();
    }
    if !pending.trim().is_empty() {
        eprintln!(
            "{}:{first_line}: error: unclosed bracket at end of file",
            path.display()
        );
        return ExitCode::from(EVAL_ERROR);
    }
    ExitCode::SUCCESS
}
