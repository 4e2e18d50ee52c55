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
/// Run onag with `input` on its standard input (not a terminal).
fn onag_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start onag");
    let mut stdin = child.stdin.take().expect("stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("run onag");
    writer.join().expect("writer").expect("write input");
    out
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `onag -e '-1/2'`: an expression may start with `-`, with or without
/// `--` before it.
#[test]
fn expressions_may_start_with_a_minus() {
    for args in [
        &["-e", "-1/2"][..],
        &["-e", "--", "-1/2"],
        &["--eval", "-1/2"],
    ] {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "-1/2", "{args:?}");
    }
    assert_eq!(stdout(&onag(&["-e", "-{1|-1}.Mean + 3"])), "3");
}

/// `onag plot` stops at `--timeout` and prints JSON with `--json`.
#[test]
fn plot_follows_timeout_and_json() {
    let dir = temp_dir("plot-flags");
    let file = dir.join("g.svg");
    let path = file.to_str().expect("path");
    let slow = onag(&[
        "plot",
        "--timeout",
        "0.5",
        "Domineering(Grid.Empty(6,6))",
        "-o",
        path,
    ]);
    assert_eq!(slow.status.code(), Some(1));
    assert!(
        stderr(&slow).contains("Timed out after 0.5 s"),
        "{}",
        stderr(&slow)
    );
    let o = onag(&["plot", "--json", "{3|-1}", "-o", path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["file"], path);
    assert_eq!(v["temperature"], "2");
    assert!(std::fs::read_to_string(&file)
        .expect("written")
        .contains("</svg>"));
    // bench has no use for either flag, and says so.
    let bench = onag(&["bench", "--json"]);
    assert_eq!(bench.status.code(), Some(2));
    assert!(stderr(&bench).contains("bench takes neither --json nor --timeout"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--color always|never` decide on colour; every error starts `error:`.
#[test]
fn colour_is_chosen_and_errors_look_alike() {
    let plain = onag(&["--color", "never", "-e", "x + 1"]);
    assert!(
        stderr(&plain).starts_with("error: That variable is not defined"),
        "{}",
        stderr(&plain)
    );
    assert!(!stderr(&plain).contains('\x1b'));
    let coloured = onag(&["--color", "always", "-e", "x + 1"]);
    assert!(
        stderr(&coloured).starts_with("\x1b[31merror"),
        "{:?}",
        stderr(&coloured)
    );
    // NO_COLOR wins over a terminal only for `auto`; `always` still colours.
    let forced = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["--color=always", "-e", "{1|"])
        .env("NO_COLOR", "1")
        .output()
        .expect("run onag");
    assert!(stderr(&forced).contains('\x1b'));
    // Not a terminal: no colour by default.
    let auto = onag(&["-e", "x + 1"]);
    assert!(!stderr(&auto).contains('\x1b'));
    let usage = onag(&["--color", "sometimes", "-e", "1"]);
    assert_eq!(usage.status.code(), Some(2));
    let timeout = onag(&[
        "--timeout",
        "0.3",
        "-e",
        "Domineering(Grid.Empty(6,6)).CanonicalForm",
    ]);
    assert_eq!(stderr(&timeout), "error: Timed out after 0.3 s");
}

/// An error in a script names the file, line and column, and shows that
/// line (the review found `e.onag:3:1:1` and line 1 shown).
#[test]
fn script_errors_point_into_the_file() {
    let dir = temp_dir("script-errors");
    let script = dir.join("e.onag");
    std::fs::write(&script, "a := 1\n\n{2\n|1} + b\n").expect("write script");
    let o = onag(&[script.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("That variable is not defined: `b`"), "{err}");
    assert!(err.contains("e.onag:4:7 ]"), "`b` is on line 4: {err}");
    assert!(err.contains(" 4 │ |1} + b"), "line 4 is shown: {err}");
    assert!(!err.contains(" 1 │"), "not line 1: {err}");
    std::fs::write(&script, "1\n2 +\n").expect("write script");
    let err = stderr(&onag(&[script.to_str().expect("path")]));
    assert!(err.contains("e.onag:2:4"), "{err}");
    assert!(err.contains(" 2 │ 2 +"), "{err}");
    std::fs::write(&script, "1\n\n(2,\n").expect("write script");
    let err = stderr(&onag(&[script.to_str().expect("path")]));
    assert!(err.contains("unclosed bracket at end of file"), "{err}");
    assert!(err.contains("e.onag:3:1"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A standard input that is not a terminal is a script for the bare
/// `onag`, as for `onag -`: values printed, exit 1 at the first error.
#[test]
fn standard_input_is_a_script() {
    for args in [&[][..], &["-"]] {
        let o = onag_with_input(args, "x := {2|-1}\nx + 1\n");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "{2|-1}\n{3|0}", "{args:?}");
        let o = onag_with_input(args, "1 + 1\n2 +\n3\n");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&o), "2", "{args:?}");
        assert!(
            stderr(&o).contains("<stdin>:2:4"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

/// Batch keeps one line per input: line breaks in a value are written
/// `\n`, a backslash `\\`.
#[test]
fn batch_escapes_multi_line_values() {
    let out = common::batch(&[
        "Wythoff.NimValueTable(1,2)",
        r#""a\\b""#,
        "{2|{1|-1}}.Tree(1)",
        "7",
    ]);
    assert_eq!(
        out,
        [
            "0 | 1 | 2\\n--+---+--\\n1 | 2 | 0",
            "\"a\\\\b\"",
            "{2|+-1}\\n├─L 2\\n│  └─ ...\\n└─R +-1\\n   └─ ...",
            "7",
        ]
    );
}

/// `--json` gives collections and tables as arrays and thermographs as
/// objects with breakpoint lists (docs/JSON.md).
#[test]
fn json_values_are_structured() {
    let json = |expr: &str| -> serde_json::Value {
        let o = onag(&["--json", "-e", expr]);
        serde_json::from_str(&stdout(&o)).expect("one JSON object")
    };
    let v = json("[1, 1/2, true, \"s\", [2, {3|-1}], (2, 3), Nothing]");
    assert_eq!(
        v["value"],
        serde_json::json!(["1", "1/2", true, "s", ["2", "{3|-1}"], ["2", "3"], null])
    );
    let v = json("Wythoff.NimValueTable(1,2)");
    assert_eq!(v["kind"], "Table");
    assert_eq!(
        v["value"],
        serde_json::json!([["0", "1", "2"], ["1", "2", "0"]])
    );
    let v = json("{3||2|1}.Thermograph");
    assert_eq!(
        v["value"],
        serde_json::json!({
            "mast": "9/4",
            "temperature": "3/4",
            "left": [["3/4", "9/4"], ["-1", "4"]],
            "right": [["3/4", "9/4"], ["1/2", "2"], ["-1", "2"]],
        })
    );
    let v = json("Kayles.CheckPeriodicity(2000)");
    assert_eq!(
        v["value"],
        serde_json::json!({"period": 12, "preperiod": 71, "saltus": 0})
    );
    let v = json("{1 => [2]}");
    assert_eq!(v["value"], serde_json::json!([["1", ["2"]]]));
    assert_eq!(json("{2|-1}")["value"], "{2|-1}");
}

/// `onag bench --save` writes its table as JSON; `--compare` prints each
/// row beside the saved one; a file that is not a saved table is a usage
/// error.
#[test]
fn bench_saves_and_compares_tables() {
    let dir = temp_dir("bench-save");
    let saved = dir.join("before.json");
    let saved_arg = saved.to_string_lossy().to_string();
    // The smallest bench, with one of its file options.
    let small_bench = |option: &str| {
        onag(&[
            "bench",
            "--max-area",
            "2",
            "--budget",
            "1",
            option,
            &saved_arg,
        ])
    };
    let o = small_bench("--save");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(table["format"], "onag-bench/1");
    let rows = table["rows"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).cloned();
    let sub = row("Subtraction([2,3,5]).NimValueSequence(10^7).Size").expect("the subtraction row");
    assert_eq!(sub["section"], "positions");
    assert_eq!(sub["result"], "10000000");
    assert!(sub["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(
        row("GrundysGame.NimValueSequence(2^16).Size").unwrap()["result"],
        "65536"
    );
    assert_eq!(
        row("Konane(\"xoxoxo|oxoxox|xox.xo|oxoxox\").CanonicalForm").unwrap()["result"],
        "0"
    );
    assert_eq!(
        row("Fission(\"......|.x..x.|..xx..|.x..x.|......|......\").CanonicalForm").unwrap()
            ["result"],
        "1"
    );
    assert_eq!(
        row("thermographs of 100 random games").unwrap()["result"],
        "[100,100]"
    );
    assert_eq!(row("2x1").unwrap()["section"], "domineering");
    let o = small_bench("--compare");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("(was "), "{}", stdout(&o));
    std::fs::write(&saved, "{\"rows\": []}").unwrap();
    let o = onag(&["bench", "--compare", &saved_arg]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a table saved by `onag bench --save`"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `onag bench` prints only what it measured here: no other tool's times.
#[test]
fn bench_prints_only_its_own_timings() {
    let o = onag(&["bench", "--max-area", "2", "--budget", "1"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("peak  expression"), "{text}");
    assert!(text.contains("2x1"), "{text}");
    assert!(
        !text.contains("cgt") && !text.contains("baseline"),
        "{text}"
    );
}
