//! The programming language end to end: the test cases of SCRIPTING.md
//! section 9 (`tests/data/scripting.txt`: statements, loops, functions,
//! strings and collections, Grid, Strip, Coordinates, user classes from the
//! fixture files in `tests/data/fixtures`, the game protocol, scripts, the
//! examples and onag's own decisions), and unit tests of the statement
//! forms, the library path and the session's services.

use onag_lang::{ErrorKind, Interp};
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fixtures")
}

/// A session with the fixture classes on its library path.
fn session() -> Interp {
    let s = Interp::new();
    s.add_library_root(fixtures());
    s
}

/// What an input prints: its text, nothing (`<no output>`), or `!!` and the
/// error's message (`!!Syntax error.` for any syntax error: onag's say what
/// was expected and where).
fn output(s: &mut Interp, input: &str) -> String {
    match s.run_to_text(input) {
        Ok(Some(text)) => text,
        Ok(None) => "<no output>".to_string(),
        Err(e) if e.kind() == ErrorKind::Syntax => format!("!!Syntax error: {}", e.message()),
        Err(e) => format!("!!{}", e.message()),
    }
}

/// An input of the test file: `\n` outside string literals is a line
/// break of a multi-line program.
fn program(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut in_string = false;
    let mut chars = input.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => in_string = !in_string,
            '\\' if in_string => {
                out.push(c);
                if let Some(next) = chars.next() {
                    out.push(next);
                }
                continue;
            }
            '\\' if chars.peek() == Some(&'n') => {
                chars.next();
                out.push('\n');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Split `INPUT => EXPECTED` at the first ` => ` outside brackets and
/// strings.
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

#[test]
fn scripting_section_9() {
    let text = include_str!("data/scripting.txt");
    let mut failures = Vec::new();
    let mut total = 0;
    let mut s = session();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("# ") {
            s = session();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some((input, expected)) = split_case(line) else {
            continue;
        };
        total += 1;
        let input = program(input);
        let expected = expected.replace("\\n", "\n");
        let got = output(&mut s, &input);
        let syntax = expected == "!!Syntax error." && got.starts_with("!!Syntax error: ");
        let same = got == expected
            || got == format!("!!Syntax error: {}", &expected[2.min(expected.len())..]);
        if !(syntax || same) {
            failures.push(format!(
                "scripting.txt:{}: {input}\n    expected: {expected}\n         got: {got}",
                number + 1
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Run inputs in one session; each must print the expected text.
fn check(cases: &[(&str, &str)]) {
    let mut s = session();
    for (input, expected) in cases {
        assert_eq!(output(&mut s, input), *expected, "input: {input}");
    }
}

#[test]
fn statement_forms() {
    check(&[
        ("a := 1; b := 2; a + b", "3"),
        ("if true then 1 elseif false then 2 end", "1"),
        ("if false then 1 elseif true then 2 end", "2"),
        ("if false then 1 end", "Nothing"),
        ("begin var t := 3; t * t end", "9"),
        ("x := 0; while x < 5 do x := x + 2 end; x", "6"),
        ("for i from 1 to 3 do end", "Nothing"),
        ("[i for i in [3, 1, 2] where i > 1]", "[3,2]"),
        ("for i from 3 to 1 by -1/2 yield i end", "[3,5/2,2,3/2,1]"),
        (
            "for i from 1 to 2 for j from i to 2 yield [i, j] end",
            "[[1,1],[1,2],[2,2]]",
        ),
        ("(i * i for i from 1 to 3)", "[1,4,9]"),
        ("{i => i * i for i in [1, 2]}", "{1 => 1, 2 => 4}"),
        ("for x := 7 where x > 10 yield x end", "[]"),
        (
            "n := 0; for i from 1 do n := n + 1; if n >= 4 then break end end; n",
            "4",
        ),
        ("z := 5; z := z + 1", "6"),
        ("if 1 == 1 then 10 end + 1", "11"),
        ("if true then 1 end 2", "2"),
    ]);
}

#[test]
fn functions_and_closures() {
    check(&[
        ("add := (a, b ? 10) -> a + b; [add(1), add(1, 2), add(b => 5, a => 1)]", "[11,3,6]"),
        ("all := (first, rest...) -> [first, rest]; all(1, 2, 3)", "[1,[2,3]]"),
        ("counter := begin var n := 0; () -> (n := n + 1) end; [counter(), counter()]", "[1,2]"),
        ("typed := (n as Integer) -> n; typed(\"x\")", "!!Argument `n` (in function call) has type `cgsuite.lang.String`, which does not match expected type `game.Integer`"),
        ("typed(Nothing)", "Nothing"),
        ("def sq(n) := n * n; sq(12)", "144"),
        ("def deep(n) := if n == 0 then 0 else 1 + deep(n - 1) end; deep(2000)", "2000"),
        ("(x -> x + 1)(1)", "2"),
        ("f := (x, y) -> x; f", "(x, y) -> x"),
        ("() -> return", "() -> return"),
    ]);
}

#[test]
fn control_flow_is_checked_before_running() {
    let mut s = session();
    for (input, kind) in [
        ("break", ErrorKind::ControlFlow),
        ("continue", ErrorKind::ControlFlow),
        ("return 1", ErrorKind::ControlFlow),
        ("this", ErrorKind::UndefinedName),
        ("Integer := 2", ErrorKind::Assignment),
        ("x -> x -> x", ErrorKind::Declaration),
        ("(y, y) -> y", ErrorKind::Syntax),
    ] {
        match s.run(input) {
            Err(e) => assert_eq!(e.kind(), kind, "{input}: {e}"),
            Ok(v) => panic!("{input} should fail, gave {v:?}"),
        }
    }
    // A `break` inside a lambda does not leave the caller's loop.
    assert!(s.run("for i from 1 to 3 do (() -> break)() end").is_err());
}

#[test]
fn errors_carry_kinds() {
    let mut s = session();
    let kind = |s: &mut Interp, input: &str| s.run(input).err().map(|e| e.kind());
    assert_eq!(kind(&mut s, "nope"), Some(ErrorKind::UndefinedName));
    assert_eq!(kind(&mut s, "1 + \"a\""), Some(ErrorKind::TypeMismatch));
    assert_eq!(kind(&mut s, "3.Nope"), Some(ErrorKind::NoSuchMember));
    assert_eq!(kind(&mut s, "[1][2]"), Some(ErrorKind::Index));
    assert_eq!(kind(&mut s, "error(\"mine\")"), Some(ErrorKind::User));
    assert_eq!(kind(&mut s, "(x -> x)(1, 2)"), Some(ErrorKind::Call));
    assert_eq!(
        kind(&mut s, "j := n -> j(n); j(1)"),
        Some(ErrorKind::ResourceLimit)
    );
    assert_eq!(kind(&mut s, "1 +"), Some(ErrorKind::Syntax));
    assert_eq!(kind(&mut s, "fx.Loud"), Some(ErrorKind::Class));
    assert_eq!(
        kind(&mut s, "fx.Loop().CanonicalForm"),
        Some(ErrorKind::Game)
    );
}

#[test]
fn system_print_comes_before_the_value() {
    let mut s = Interp::new();
    assert_eq!(
        s.run_to_text("System.Print(\"hi\"); System.Print(3 + 4); 5")
            .unwrap(),
        Some("5".to_string())
    );
    assert_eq!(s.take_printed(), vec!["\"hi\"", "7"]);
    let mut s = Interp::new();
    s.run("for i from 1 to 3 do System.Print(i) end;").unwrap();
    assert_eq!(s.take_printed(), vec!["1", "2", "3"]);
}

#[test]
fn incomplete_inputs_are_recognised() {
    use onag_lang::parser::is_incomplete;
    for src in [
        "begin",
        "if x then",
        "for i from 1 to 3",
        "for i from 1 to 3 do",
        "while true do x",
        "{1|",
        "f(1,",
        "def f(x) begin",
        "/* comment",
        "if a then b else c",
    ] {
        assert!(is_incomplete(src), "{src:?} continues");
    }
    for src in [
        "1 // {",
        "x := \"{\"",
        "begin end",
        "1 +* 2",
        "}",
        "3 4",
        "if then",
    ] {
        assert!(!is_incomplete(src), "{src:?} is complete (or wrong)");
    }
}
