//! The interactive session: line editing and persistent history, multi-line
//! input while brackets are open, completion of variables, methods and
//! rulesets, `:help`, and Ctrl-C that stops a computation but keeps the
//! session.

use crate::run::{self, Supervision};
use crate::{balanced, help};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Editor, Helper};
use std::cell::RefCell;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

/// Completion and multi-line input for the editor.
struct OnagHelper {
    /// The session's variables, refreshed after every input.
    variables: Rc<RefCell<Vec<String>>>,
}

impl Helper for OnagHelper {}

impl Highlighter for OnagHelper {}

impl Hinter for OnagHelper {
    type Hint = String;
}

impl Completer for OnagHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &line[start..pos];
        let after_dot = line[..start].ends_with('.');
        let mut names: Vec<String> = if after_dot {
            onag_lang::methods::METHODS
                .iter()
                .map(|m| m.name.to_string())
                .chain(help::names().into_iter().map(String::from))
                .collect()
        } else {
            let mut v: Vec<String> = self.variables.borrow().clone();
            v.extend(help::names().into_iter().map(String::from));
            v.extend(["game", "Grid", "Strip", "Graph", "Left", "Right"].map(String::from));
            v
        };
        names.retain(|n| n.starts_with(word));
        names.sort();
        names.dedup();
        Ok((
            start,
            names
                .into_iter()
                .map(|n| Pair {
                    display: n.clone(),
                    replacement: n,
                })
                .collect(),
        ))
    }
}

impl Validator for OnagHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(if balanced(ctx.input()) {
            ValidationResult::Valid(None)
        } else {
            ValidationResult::Incomplete
        })
    }
}

fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ONAG_HISTORY") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".onag_history"))
}

/// Run the session until Ctrl-D or `:quit`.
pub fn repl(lib: &[std::path::PathBuf], how: Supervision) -> ExitCode {
    run::quiet_panics();
    // Ctrl-C at the prompt is a key for the editor; while a computation
    // runs it is a signal, which asks the computation to stop.
    let _ = ctrlc::set_handler(onag_core::interrupt::request);
    let variables = Rc::new(RefCell::new(Vec::new()));
    let mut editor: Editor<OnagHelper, DefaultHistory> = match Editor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return ExitCode::from(crate::USAGE_ERROR);
        }
    };
    editor.set_helper(Some(OnagHelper {
        variables: variables.clone(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    let color = std::io::stdout().is_terminal();
    let mut interp = crate::session(lib);
    println!(
        "onag {}: :help for help, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        let line = match editor.readline("onag> ") {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(_) => break,
        };
        let input = line.trim();
        if input.is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(input);
        if let Some(topic) = input.strip_prefix(":help") {
            println!("{}", help::help(topic));
            continue;
        }
        if input == ":quit" || input == ":q" {
            break;
        }
        match run::run(&mut interp, input, how) {
            Ok(Some(v)) => println!("{v}"),
            Ok(None) => {}
            Err(f) => println!("{}", f.render(input, "<input>", color)),
        }
        *variables.borrow_mut() = interp.global_names().collect();
        if let Some(h) = &history {
            let _ = editor.save_history(h);
        }
    }
    ExitCode::SUCCESS
}
