//! The reference corpora (`tests/data/*.txt`, CGSuite's answers) through
//! `onag batch`: core, numbers, thermo, infinitesimal, rules, surreal, loopy and misère,
//! every line.
//!
//! Each file holds `INPUT => EXPECTED` lines grouped under `#` headers; the
//! lines of a group run in order in one session. EXPECTED is the exact
//! output, or `!!...` when any error is expected. Every line is checked and
//! every mismatch is reported.

mod common;

use common::batch;

use std::path::PathBuf;

struct Case {
    line: usize,
    input: String,
    expected: String,
}

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The corpora of `tests/data` in this format, each run by a test below
/// (add a line to both when a corpus arrives).
const CORPORA: &[&str] = &[
    "core.txt",
    "numbers.txt",
    "thermo.txt",
    "infinitesimal.txt",
    "rules.txt",
    "surreal.txt",
    "loopy.txt",
    "misere.txt",
];

/// The corpora of `tests/data` that other test files run (their own
/// format).
const RUN_ELSEWHERE: &[&str] = &["script.txt"];

/// The groups of a corpus file, in order.
fn groups(text: &str) -> Vec<(String, Vec<Case>)> {
    let mut out: Vec<(String, Vec<Case>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(header) = line.strip_prefix('#') {
            out.push((header.trim().to_string(), Vec::new()));
            continue;
        }
        let Some((input, expected)) = split_case(line) else {
            continue;
        };
        if out.is_empty() {
            out.push((String::new(), Vec::new()));
        }
        if let Some(last) = out.last_mut() {
            last.1.push(Case {
                line: i + 1,
                input: input.to_string(),
                expected: expected.to_string(),
            });
        }
    }
    out.retain(|(_, cases)| !cases.is_empty());
    out
}

/// Split `INPUT => EXPECTED` at the first ` => ` outside brackets and
/// strings (keyword arguments in the input also use `=>`).
fn split_case(line: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '(' | '[' | '{' if !in_string => depth += 1,
            ')' | ']' | '}' if !in_string => depth -= 1,
            ' ' if !in_string && depth == 0 && line[i..].starts_with(" => ") => {
                return Some((&line[..i], &line[i + 4..]));
            }
            _ => {}
        }
    }
    None
}

fn check_file(name: &str) {
    let path = reference_dir().join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("reference corpus {} is missing", path.display());
    };
    let mut failures = Vec::new();
    let mut total = 0;
    for (header, cases) in groups(&text) {
        let inputs: Vec<&str> = cases.iter().map(|c| c.input.as_str()).collect();
        let outputs = batch(&inputs);
        assert_eq!(
            outputs.len(),
            cases.len(),
            "one output line per input in group `{header}`"
        );
        for (case, got) in cases.iter().zip(&outputs) {
            total += 1;
            let ok = if case.expected.starts_with("!!") {
                got.starts_with("!!")
            } else {
                *got == case.expected
            };
            if !ok {
                failures.push(format!(
                    "{name}:{}: {}\n    expected: {}\n         got: {}",
                    case.line, case.input, case.expected, got
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_core() {
    check_file("core.txt");
}

#[test]
fn corpus_numbers() {
    check_file("numbers.txt");
}

#[test]
fn corpus_thermo() {
    check_file("thermo.txt");
}

#[test]
fn corpus_infinitesimal() {
    check_file("infinitesimal.txt");
}

#[test]
fn corpus_rules() {
    check_file("rules.txt");
}

#[test]
fn corpus_surreal() {
    check_file("surreal.txt");
}

#[test]
fn every_corpus_has_a_runner() {
    let entries = std::fs::read_dir(reference_dir()).expect("tests/data is readable");
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    for name in &names {
        assert!(
            CORPORA.contains(&name.as_str()) || RUN_ELSEWHERE.contains(&name.as_str()),
            "tests/data/{name} is run by no test: list it in CORPORA (and add its test) or in RUN_ELSEWHERE"
        );
    }
    assert_eq!(names.len(), CORPORA.len() + RUN_ELSEWHERE.len());
}

#[test]
fn corpus_loopy() {
    check_file("loopy.txt");
}

#[test]
fn corpus_misere() {
    check_file("misere.txt");
}
