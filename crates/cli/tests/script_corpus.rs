//! The `script` corpus (`tests/data/script.txt`, CGSuite's own tests of the
//! language: collections, strings, loops, functions, classes, reloading)
//! through `onag batch`.
//!
//! Each block (a `# <test file> :: <test name>` header) runs in one fresh
//! session with a fresh library folder. The directives of a block set up
//! that folder: `#!decl CLASS SOURCE` writes the class file of a qualified
//! class, `#!file NAME SOURCE` writes a file at the root of the folder,
//! `#!delete NAME` removes one, `#!preamble STMT` runs a statement whose
//! output is not checked. The session checks the folder before every input,
//! as a session does, so the directives take effect on the next line.
//!
//! EXPECTED is CGSuite's exact output; `\n` in it is a line break of a
//! multi-line output (batch mode writes one line per input); `<no output>`
//! is an empty line; `!!msg` is an error with exactly that message, except
//! `!!Syntax error.`, for which any syntax error is accepted (onag's syntax
//! errors say what was expected and where). A few lines print one of
//! onag's documented decisions instead of CGSuite's form, and a few depend
//! on Java rather than on the language; both are listed below with their
//! reasons.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Lines whose expected output is one of onag's decisions (SCRIPTING 0):
/// the input, onag's output, and the reason.
const DECISIONS: &[(&str, &str, &str)] = &[
    (
        "(1..10).ToList",
        "[1,2,3,4,5,6,7,8,9,10]",
        "a range prints as the list it is (SCRIPTING 0)",
    ),
    (
        "3..12",
        "[3,4,5,6,7,8,9,10,11,12]",
        "a range prints as the list it is (SCRIPTING 0)",
    ),
    (
        "3..12..3",
        "[3,6,9,12]",
        "a range prints as the list it is (SCRIPTING 0)",
    ),
    (
        "1..0",
        "[]",
        "a range prints as the list it is (SCRIPTING 0)",
    ),
];

/// Lines whose answer comes from Java rather than from the language.
const SKIPPED: &[(&str, &str)] = &[
    (
        "random := Random(1474)",
        "`Random` is Java's generator; its number sequence is not the language's",
    ),
    (
        "[random.NextInteger(100) for n from 1 to 20]",
        "the numbers Java's generator draws",
    ),
    ("Random(2^63)", "`Random` seeds are Java longs"),
];

enum Step {
    Case {
        line: usize,
        input: String,
        expected: String,
    },
    Decl(String, String),
    File(String, String),
    Delete(String),
    Preamble(String),
}

struct Block {
    name: String,
    steps: Vec<Step>,
}

/// Split `INPUT => EXPECTED` at the first ` => ` outside brackets and
/// strings (keyword arguments and maps in the input also use `=>`).
fn split_case(line: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ' ' if depth == 0 && line[i..].starts_with(" => ") => {
                return Some((&line[..i], &line[i + 4..]));
            }
            _ => {}
        }
    }
    None
}

/// Source text of a directive: `\n` are line breaks.
fn source_text(s: &str) -> String {
    s.replace("\\n", "\n")
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("#!") {
            let (directive, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let step = match directive {
                "decl" | "file" => {
                    let (name, source) = rest.split_once(' ').unwrap_or((rest, ""));
                    if directive == "decl" {
                        Step::Decl(name.to_string(), source_text(source))
                    } else {
                        Step::File(name.to_string(), source_text(source))
                    }
                }
                "delete" => Step::Delete(rest.trim().to_string()),
                "preamble" => Step::Preamble(rest.to_string()),
                other => panic!("script.txt:{}: unknown directive #!{other}", i + 1),
            };
            if let Some(b) = out.last_mut() {
                b.steps.push(step);
            }
            continue;
        }
        if let Some(header) = line.strip_prefix("# ") {
            if header.contains(" :: ") {
                out.push(Block {
                    name: header.to_string(),
                    steps: Vec::new(),
                });
            }
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some((input, expected)) = split_case(line) else {
            continue;
        };
        if let Some(b) = out.last_mut() {
            b.steps.push(Step::Case {
                line: i + 1,
                input: input.replace("\\n", "\n").replace('\n', " "),
                expected: expected.to_string(),
            });
        }
    }
    out
}

/// One `onag batch` session, fed a line at a time.
struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    fn start(lib: &Path) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
            .arg("batch")
            .arg("--lib")
            .arg(lib)
            .current_dir(lib)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start onag batch");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    fn run(&mut self, input: &str) -> String {
        writeln!(self.stdin, "{input}").expect("write an input");
        self.stdin.flush().expect("flush");
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .expect("read an output line");
        line.trim_end_matches('\n').to_string()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn matches(expected: &str, got: &str) -> bool {
    if expected == "!!Syntax error." {
        return got.starts_with("!!");
    }
    if expected == "<no output>" {
        return got.is_empty();
    }
    // Multi-line outputs: batch mode writes their line breaks as `\n` or
    // as spaces.
    got == expected || got == expected.replace("\\n", " ")
}

fn class_path(root: &Path, qualified: &str) -> PathBuf {
    root.join(format!("{}.cgs", qualified.replace('.', "/")))
}

fn write(path: &Path, source: &str) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("create the class folder");
    }
    std::fs::write(path, source).expect("write a class file");
}

#[test]
fn script_corpus() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/script.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/script.txt");
    let mut failures = Vec::new();
    let (mut total, mut passed, mut skipped) = (0, 0, 0);
    for (k, block) in blocks(&text).iter().enumerate() {
        let root = std::env::temp_dir().join(format!("onag-script-{}-{k}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("library folder");
        // Declarations exist before the block runs.
        for step in &block.steps {
            if let Step::Decl(class, source) = step {
                write(&class_path(&root, class), source);
            }
        }
        let mut session = Session::start(&root);
        for step in &block.steps {
            match step {
                Step::Decl(..) => {}
                Step::File(name, source) => write(&root.join(name), source),
                Step::Delete(name) => {
                    let _ = std::fs::remove_file(root.join(name));
                }
                Step::Preamble(stmt) => {
                    session.run(&format!("{stmt};"));
                }
                Step::Case {
                    line,
                    input,
                    expected,
                } => {
                    total += 1;
                    if SKIPPED.iter().any(|(i, _)| i == input) {
                        skipped += 1;
                        session.run(input);
                        continue;
                    }
                    let expected = DECISIONS
                        .iter()
                        .find(|(i, _, _)| i == input)
                        .map_or(expected.as_str(), |(_, onag, _)| onag);
                    let got = session.run(input);
                    if matches(expected, &got) {
                        passed += 1;
                    } else {
                        failures.push(format!(
                            "script.txt:{line} [{}]: {input}\n    expected: {expected}\n         got: {got}",
                            block.name
                        ));
                    }
                }
            }
        }
        drop(session);
        let _ = std::fs::remove_dir_all(&root);
    }
    println!("script corpus: {passed} of {total} lines pass, {skipped} skipped");
    assert!(
        failures.is_empty(),
        "{} of {total} lines failed ({skipped} skipped):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
