//! The `onag` command: a calculator for combinatorial games.
//!
//! - `onag` starts an interactive session;
//! - `onag -e EXPR` evaluates one input and prints its value;
//! - `onag FILE` runs a script;
//! - `onag batch` reads inputs from standard input, one per line, and prints
//!   exactly one line per input: the value, an empty line when the input
//!   ends with `;`, or `!!` and the error message.

use clap::{Parser, Subcommand};
use onag_lang::{Error, Interp};
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "onag",
    version,
    about = "Exact values of combinatorial games, in CGSuite's notation"
)]
#[command(args_conflicts_with_subcommands = true)]
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
}

/// Exit code for an evaluation error.
const EVAL_ERROR: u8 = 1;
/// Exit code for a usage error (bad arguments, unreadable file).
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match (cli.command, cli.eval, cli.file) {
        (Some(Command::Batch), _, _) => batch(),
        (Some(Command::Plot { expr, output }), _, _) => plot(&expr, &output),
        (None, Some(expr), _) => eval_once(&expr),
        (None, None, Some(path)) => script(&path),
        (None, None, None) => repl(),
    }
}

/// Run one input, turning a panic (a defect, never expected) into an error
/// so that the session survives it.
fn run_guarded(interp: &mut Interp, src: &str) -> Result<Option<String>, String> {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| interp.run(src)));
    match outcome {
        Ok(Ok(v)) => Ok(v.map(|v| v.to_string())),
        Ok(Err(e)) => Err(describe(&e)),
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".to_string());
            Err(format!("internal error: {what}"))
        }
    }
}

fn describe(e: &Error) -> String {
    e.to_string()
}

fn batch() -> ExitCode {
    panic::set_hook(Box::new(|_| {}));
    let mut interp = Interp::new();
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let text = match run_guarded(&mut interp, &line) {
            Ok(Some(v)) => v,
            Ok(None) => String::new(),
            Err(e) => format!("!!{}", e.replace('\n', " ")),
        };
        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

fn eval_once(src: &str) -> ExitCode {
    let mut interp = Interp::new();
    match run_guarded(&mut interp, src) {
        Ok(Some(v)) => {
            println!("{v}");
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EVAL_ERROR)
        }
    }
}

fn plot(src: &str, output: &std::path::Path) -> ExitCode {
    let mut interp = Interp::new();
    let value = match interp.run(src) {
        Ok(Some(v)) => v,
        Ok(None) => {
            eprintln!("error: the expression has no value to draw");
            return ExitCode::from(EVAL_ERROR);
        }
        Err(e) => {
            eprintln!("error: {e}");
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
fn balanced(text: &str) -> bool {
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
fn script(path: &PathBuf) -> ExitCode {
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
        match run_guarded(&mut interp, &pending) {
            Ok(Some(v)) => println!("{v}"),
            Ok(None) => {}
            Err(e) => {
                eprintln!("{}:{first_line}: error: {e}", path.display());
                return ExitCode::from(EVAL_ERROR);
            }
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

/// A minimal interactive session.
fn repl() -> ExitCode {
    let mut interp = Interp::new();
    let stdin = io::stdin();
    let mut pending = String::new();
    loop {
        print!(
            "{}",
            if pending.is_empty() {
                "onag> "
            } else {
                "  ... "
            }
        );
        let _ = io::stdout().flush();
        let mut line = String::new();
        match stdin.lock().read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        pending.push_str(&line);
        if !balanced(&pending) {
            continue;
        }
        match run_guarded(&mut interp, pending.trim_end()) {
            Ok(Some(v)) => println!("{v}"),
            Ok(None) => {}
            Err(e) => println!("error: {e}"),
        }
        pending.clear();
    }
    println!();
    ExitCode::SUCCESS
}
