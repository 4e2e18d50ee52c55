//! The interactive session: line editing and persistent history, multi-line
//! input while brackets are open, completion of variables, methods and
//! rulesets, `:help`, `:vars`, and Ctrl-C that stops a computation but
//! keeps the session.

use crate::run::{self, Supervision};
use crate::{balanced, help};
use onag_lang::methods::METHODS;
use onag_lang::{Interp, Value};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{CompletionType, Config, Context, Editor, Helper};
use std::cell::RefCell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

/// How long completion may spend evaluating the expression before a dot to
/// learn its kind.
const RECEIVER_BUDGET: Duration = Duration::from_millis(250);

/// Completion and multi-line input for the editor.
struct OnagHelper {
    /// A copy of the session, refreshed after every input: completion reads
    /// its variables and evaluates receivers in it without touching the
    /// session itself.
    session: Rc<RefCell<Interp>>,
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
        let (start, names) = completions(&self.session.borrow(), &line[..pos]);
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

/// The completions of the word ending `before` (the line up to the
/// cursor), and where that word starts. After a dot, the methods that apply
/// to the value before the dot (evaluated in a copy of `session`, within
/// [`RECEIVER_BUDGET`]; every method when it cannot be); elsewhere the
/// session's variables, functions, rulesets and classes.
pub fn completions(session: &Interp, before: &str) -> (usize, Vec<String>) {
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &before[start..];
    let mut names: Vec<String> = match before[..start].strip_suffix('.') {
        Some(receiver) => method_names(session, &receiver[receiver_start(receiver)..]),
        None => {
            let mut v: Vec<String> = session.global_names().collect();
            v.extend(help::names().into_iter().map(String::from));
            v.extend(["game", "Grid", "Strip", "Graph", "Left", "Right"].map(String::from));
            v
        }
    };
    names.retain(|n| n.starts_with(word));
    names.sort();
    names.dedup();
    (start, names)
}

/// The names that may follow `receiver.`.
fn method_names(session: &Interp, receiver: &str) -> Vec<String> {
    let all = || -> Vec<String> {
        METHODS
            .iter()
            .map(|m| m.name.to_string())
            .chain(help::names().into_iter().map(String::from))
            .collect()
    };
    match receiver_value(session, receiver) {
        // Packages and classes hold rulesets and constructors.
        Some(Value::Package(_) | Value::Class(_)) | None => all(),
        Some(v) => METHODS
            .iter()
            .filter(|m| m.receiver.offers(&v))
            .map(|m| m.name.to_string())
            .collect(),
    }
}

/// The value of the expression before a dot, if it can be had quickly and
/// without effects (in a copy of the session; never a `Plot`, which writes
/// a file).
fn receiver_value(session: &Interp, receiver: &str) -> Option<Value> {
    if receiver.trim().is_empty() || receiver.contains("Plot") {
        return None;
    }
    let mut copy = session.snapshot();
    let how = Supervision {
        timeout: Some(RECEIVER_BUDGET),
        progress: false,
        max_memory: run::default_max_memory(),
    };
    run::run(&mut copy, receiver, how).ok().flatten()
}

/// Where the expression ending `text` (just before a dot) starts: back over
/// names, terms, dots, strings and bracketed groups, to an operator, a
/// space or an unmatched opening bracket.
fn receiver_start(text: &str) -> usize {
    let mut depth = 0usize;
    let mut in_string = false;
    for (i, c) in text.char_indices().rev() {
        if in_string {
            in_string = c != '"';
            continue;
        }
        match c {
            '"' => in_string = true,
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth == 0 => return i + 1,
            '(' | '[' | '{' => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_alphanumeric() || matches!(c, '_' | '.' | '*' | '^' | '/') => {}
            _ => return i + c.len_utf8(),
        }
    }
    0
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

/// `:vars`: the session's variables and their values, one a line.
fn variables(session: &mut Interp) -> String {
    let mut names: Vec<String> = session.global_names().collect();
    if names.is_empty() {
        return "No variables yet: `name := expression` makes one.".into();
    }
    names.sort();
    names
        .iter()
        .map(|n| match session.run(n) {
            Ok(Some(v)) => format!("{n} := {v}"),
            _ => n.clone(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The number of inputs the history keeps.
const HISTORY_SIZE: usize = 10_000;

/// Run the session until Ctrl-D or `:quit`; errors are coloured when
/// `color` says so.
pub fn repl(how: Supervision, color: bool) -> ExitCode {
    run::quiet_panics();
    // Ctrl-C at the prompt is a key for the editor; while a computation
    // runs it is a signal, which asks the computation to stop.
    let _ = ctrlc::set_handler(onag_core::interrupt::request);
    let mut interp = crate::session();
    let session = Rc::new(RefCell::new(interp.snapshot()));
    // Tab completes the common prefix; a second Tab lists every match.
    let builder = Config::builder().completion_type(CompletionType::List);
    // A researcher's history is long: keep the last 10,000 inputs.
    let config = builder
        .clone()
        .max_history_size(HISTORY_SIZE)
        .unwrap_or(builder)
        .build();
    let mut editor: Editor<OnagHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return ExitCode::from(crate::USAGE_ERROR);
        }
    };
    editor.set_helper(Some(OnagHelper {
        session: session.clone(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        if let Err(e) = editor.load_history(h) {
            if h.exists() {
                // Never overwrite a history that could not be read: keep
                // it aside and say so.
                let aside = h.with_extension("unreadable");
                let kept = std::fs::rename(h, &aside).is_ok();
                eprintln!(
                    "warning: the history file {} could not be read ({e}); {}",
                    h.display(),
                    if kept {
                        format!("it was moved to {} and a new one begins", aside.display())
                    } else {
                        "a new one begins".to_string()
                    }
                );
            }
        }
    }
    println!(
        "onag {}: :help for help, :vars for your variables, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        // Lines typed while the last input ran wait in the terminal; the
        // line editor reads them at this prompt, and keeps what it read
        // past the end of a line for the next one.
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
            println!(
                "{}",
                help::wrap(&help::help(topic), crate::terminal_width())
            );
            continue;
        }
        if input == ":vars" {
            println!("{}", variables(&mut interp));
            continue;
        }
        if input == ":quit" || input == ":q" {
            break;
        }
        // Several lines pasted at once are several inputs, each run and
        // printed in turn, as a script's lines are.
        for input in crate::complete_inputs(input) {
            // The value is printed under supervision too: Ctrl-C stops a
            // long printing and the session goes on.
            match run::run_shown(&mut interp, &input, how, |v| v.to_string()) {
                Ok(Some(text)) => println!("{text}"),
                Ok(None) => {}
                Err(f) => println!("{}", f.render(&input, "<input>", color)),
            }
        }
        *session.borrow_mut() = interp.snapshot();
        if let Some(h) = &history {
            // Appending keeps the inputs of other sessions running at the
            // same time.
            let _ = editor.append_history(h);
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(session: &Interp, before: &str) -> Vec<String> {
        completions(session, before).1
    }

    #[test]
    fn methods_are_those_of_the_receiver() {
        let mut s = Interp::new();
        let _ = s.run("g := {2|-1}; xs := [1, 2]");
        // A list has no `Sign` (a number's method).
        assert_eq!(complete(&s, "[1].Si"), ["Size"]);
        assert_eq!(complete(&s, "xs.Si"), ["Size"]);
        assert_eq!(complete(&s, "(1/2).Si"), ["Sign", "SignExpansion"]);
        assert!(complete(&s, "g.Si").is_empty());
        assert_eq!(complete(&s, "g.Mea"), ["Mean"]);
        // Several matches are all offered.
        assert_eq!(
            complete(&s, "g.Left"),
            ["LeftIncentives", "LeftOptions", "LeftStop"]
        );
        // A position offers position and game methods.
        let position = complete(&s, "Domineering(\"..|..\").");
        assert!(position.iter().any(|m| m == "Decomposition"));
        assert!(position.iter().any(|m| m == "Temperature"));
        assert!(!position.iter().any(|m| m == "NimSum"));
        // The receiver is the expression before the dot only.
        assert_eq!(complete(&s, "1 + [1].Si"), ["Size"]);
        assert_eq!(completions(&s, "1 + [1].Si").0, 8);
        // Variables and functions outside a method call.
        assert!(complete(&s, "x").iter().any(|n| n == "xs"));
    }

    #[test]
    fn receivers_are_found_back_to_an_operator() {
        assert_eq!(receiver_start("1 + [1, 2]"), 4);
        assert_eq!(receiver_start("f(Domineering(\"..|..\")"), 2);
        assert_eq!(receiver_start("g.Left"), 0);
        assert_eq!(receiver_start("x := \"a b\""), 5);
    }
}
