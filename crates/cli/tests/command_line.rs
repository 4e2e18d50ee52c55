//! The command line as scripts meet it: exit codes, `--json`, `--timeout`,
//! error messages (golden), and the reference page being current.

mod common;

use std::process::{Command, Output};

fn onag(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim_end().to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).trim_end().to_string()
}

#[test]
fn exit_codes() {
    let ok = onag(&["-e", "{0|*}"]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(stdout(&ok), "^");
    let eval_error = onag(&["-e", "x + 1"]);
    assert_eq!(eval_error.status.code(), Some(1));
    let syntax_error = onag(&["-e", "{1|"]);
    assert_eq!(syntax_error.status.code(), Some(1));
    let usage = onag(&["--no-such-flag"]);
    assert_eq!(usage.status.code(), Some(2));
    let missing_file = onag(&["/nonexistent/script.onag"]);
    assert_eq!(missing_file.status.code(), Some(2));
    let bad_timeout = onag(&["--timeout", "-3", "-e", "1"]);
    assert_eq!(bad_timeout.status.code(), Some(2));
    let version = onag(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert!(stdout(&version).starts_with("onag "));
}

#[test]
fn json_schema() {
    let o = onag(&["--json", "-e", "{2|-1}"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["input"], "{2|-1}");
    assert_eq!(v["text"], "{2|-1}");
    assert_eq!(v["kind"], "CanonicalShortGame");
    assert_eq!(v["canonical"], "{2|-1}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_stop"], "2");
    assert_eq!(v["right_stop"], "-1");
    assert_eq!(v["mean"], "1/2");
    assert_eq!(v["temperature"], "3/2");
    let position = onag(&["--json", "-e", "Domineering(\"..|..\")"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&position)).expect("JSON");
    assert_eq!(v["kind"], "Position");
    assert_eq!(v["canonical"], "+-1");
    let err = onag(&["--json", "-e", "x + 1"]);
    assert_eq!(err.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&err)).expect("JSON");
    assert_eq!(v["error"], "That variable is not defined: `x`");
    let not_game = onag(&["--json", "-e", "[1,2]"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&not_game)).expect("JSON");
    assert_eq!(v["kind"], "List");
    assert!(v.get("canonical").is_none());
}

#[test]
fn timeout_bounds_each_batch_line() {
    let out = {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["batch", "--timeout", "0.5"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b"a := 5\nDomineering(Grid.Empty(6,6)).CanonicalForm\na + 1\n")
            .expect("write");
        child.wait_with_output().expect("run")
    };
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "5");
    assert!(lines[1].starts_with("!!Timed out"), "{}", lines[1]);
    assert_eq!(lines[2], "6");
}

/// Typical mistakes and the messages they get (one line each in batch).
#[test]
fn golden_error_messages() {
    let cases = [
        ("{1|2", "!!expected `,`, `|` or `}`, found end of input"),
        (
            "3 + * 4",
            "!!expected an operator, `;` or end of input, found integer `4`",
        ),
        ("x + 1", "!!That variable is not defined: `x`"),
        ("^.Cool(-1)", "!!Cool: temperature must be > -1, got -1"),
        (
            "\"a\" + 1",
            "!!No operation `+` for arguments of types `cgsuite.lang.String`, `game.Integer`",
        ),
        (
            "{0|*}.Foo",
            "!!Not a method or member variable: `Foo` (in object of class `game.Uptimal`)",
        ),
        (
            "2.Temperature(1)",
            "!!Temperature expects no arguments, got 1",
        ),
        (
            "Domineering(\"..x\")",
            "!!The position may only contain the following characters: .#",
        ),
        (
            "Domineering(\"..|.\")",
            "!!All rows of the position must have equal length.",
        ),
        (
            "Domineering(3)",
            "!!Domineering expects one argument: a position string or a Grid",
        ),
        ("Grid.Empty(-1, 2)", "!!Invalid RowCount: -1"),
        ("[1,2,3][7]", "!!List index out of bounds: 7"),
        (
            "*2.Cool(1/3)",
            "!!Cool: expected a dyadic rational, got 1/3",
        ),
    ];
    let inputs: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let out = common::batch(&inputs);
    for ((input, expected), got) in cases.iter().zip(&out) {
        assert_eq!(got, expected, "input {input}");
    }
}

#[test]
fn syntax_errors_point_at_the_column() {
    let o = onag(&["-e", "{1|2"]);
    let err = stderr(&o);
    assert!(
        err.contains("expected `,`, `|` or `}`, found end of input"),
        "{err}"
    );
    assert!(err.contains("{1|2"), "the source line is shown: {err}");
    assert!(err.contains("<input>:1:5"), "the column is given: {err}");
}

#[test]
fn reference_page_is_current() {
    let generated = stdout(&onag(&["--reference"]));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/REFERENCE.md");
    if std::env::var_os("ONAG_BLESS").is_some() {
        std::fs::write(path, format!("{generated}\n")).expect("write REFERENCE.md");
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk.trim_end() == generated,
        "docs/REFERENCE.md is out of date: run `ONAG_BLESS=1 cargo test -p onag --test command_line`"
    );
}

#[test]
fn trees_and_boards_are_drawn() {
    assert_eq!(
        stdout(&onag(&["-e", "{2|{1|-1}}.Tree(1)"])),
        "{2|+-1}\n├─L 2\n│  └─ ...\n└─R +-1\n   └─ ..."
    );
    assert_eq!(
        stdout(&onag(&["-e", "Domineering(\".#\").Board"])),
        "┌───┬───┐\n│   │ # │\n└───┴───┘"
    );
}

/// A script's inputs continue while a bracket or a keyword block is open,
/// as the parser decides: `1 // {` is complete (the brace is in a comment).
#[test]
fn scripts_continue_open_blocks_not_commented_brackets() {
    let dir = std::env::temp_dir().join(format!("onag-script-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("blocks.onag");
    std::fs::write(
        &path,
        "1 // {\nx := \"{\"\nif 1 < 2 then\n  \"yes\"\nelse\n  \"no\"\nend\nfor i from 1 to 3\nyield i * i\nend\n/* a comment\n   over two lines */ 7\n",
    )
    .expect("write the script");
    let o = onag(&[path.to_str().expect("a UTF-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n\"{\"\n\"yes\"\n[1,4,9]\n7");
    let _ = std::fs::remove_dir_all(&dir);
}
