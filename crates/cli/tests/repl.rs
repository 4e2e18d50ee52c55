//! The interactive session driven through a pseudo-terminal: variables,
//! multi-line input, completion, Ctrl-C during a long computation, history.

use rexpect::session::spawn_command;
use std::ffi::OsStr;
use std::process::Command;
use std::time::Duration;

/// The session on a terminal of type xterm, its history kept in `history`.
fn onag(history: impl AsRef<OsStr>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_onag"));
    cmd.env("ONAG_HISTORY", history).env("TERM", "xterm");
    cmd
}

#[test]
fn session_through_a_terminal() -> Result<(), rexpect::error::Error> {
    let dir = std::env::temp_dir().join(format!("onag-repl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let history = dir.join("history");
    // An earlier session's inputs (or another session's, running at the
    // same time) stay in the file: the session appends its own.
    std::fs::write(&history, "#V2\nearlier := 1\n").expect("history file");
    let mut p = spawn_command(onag(&history), Some(60_000))?;
    p.exp_string("onag> ")?;

    p.send_line("a := {2|-1}")?;
    p.exp_string("onag> ")?;
    p.send_line("a.Temperature")?;
    p.exp_string("3/2")?;

    // Input continues while a brace is open.
    p.send_line("{5")?;
    p.send_line("|3}")?;
    p.exp_string("{5|3}")?;

    // Lines pasted together (bracketed paste) run one by one.
    p.send("\x1b[200~pa := 5\npb := pa + 1\npb * 2\x1b[201~")?;
    p.send_line("")?;
    p.exp_string("\r\n5\r\n6\r\n12\r\n")?;
    p.exp_string("onag> ")?;

    // Completion of a method name after a dot.
    p.send("a.Mea")?;
    p.send("\t")?;
    p.send_line("")?;
    p.exp_string("1/2")?;

    // Completion offers the methods of the receiver's kind: a list has
    // `Size`, not the numbers' `Sign`.
    p.send("[1].Si")?;
    p.send("\t")?;
    p.send_line("")?;
    p.exp_string("\r\n1\r\n")?;
    p.exp_string("onag> ")?;
    // Several matches are listed (on the second Tab).
    p.send("a.Left")?;
    p.send("\t")?;
    p.flush()?;
    std::thread::sleep(Duration::from_millis(200));
    p.send("\t")?;
    p.flush()?;
    let (listed, _) = p.exp_regex("LeftStop")?;
    assert!(
        listed.contains("LeftIncentives") && listed.contains("LeftOptions"),
        "{listed:?}"
    );
    p.exp_string("onag> ")?;
    p.send_control('u')?;
    p.send_line(":vars")?;
    p.exp_string("a := {2|-1}")?;
    p.exp_string("onag> ")?;

    // Ctrl-C stops a long computation and keeps the variables; the spinner
    // is erased (it is never padded to the terminal's width, so the echoed
    // `^C` cannot wrap it onto a line of its own), and the message is an
    // error like any other.
    p.send_line("Domineering(Grid.Empty(6,6)).CanonicalForm")?;
    std::thread::sleep(Duration::from_millis(1500));
    p.send_control('c')?;
    let shown = p.exp_string("Interrupted")?;
    let spinner_end = shown
        .rfind("(Ctrl-C stops)")
        .expect("the spinner was drawn");
    let after = &shown[spinner_end + "(Ctrl-C stops)".len()..];
    assert!(!after.starts_with(' '), "the spinner is padded: {shown:?}");
    assert!(
        after.contains("\r\x1b[2K"),
        "the spinner is not erased: {after:?}"
    );
    assert!(after.ends_with("error\x1b[0m: "), "{after:?}");
    p.send_line("a + 7")?;
    p.exp_string("{9|6}")?;

    // Errors keep the session too.
    p.send_line("nope + 1")?;
    p.exp_string("That variable is not defined")?;
    p.send_line("a.LeftStop + 40")?;
    p.exp_string("42")?;
    p.exp_string("onag> ")?;
    std::thread::sleep(Duration::from_millis(300));

    p.send_control('d')?;
    p.exp_eof()?;
    let saved = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(saved.contains("a := {2|-1}"), "history kept: {saved}");
    assert!(
        saved.contains("earlier := 1"),
        "earlier history kept: {saved}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// NO_COLOR turns colour off even on a terminal; errors are coloured there
/// otherwise.
#[test]
fn no_color_is_respected() -> Result<(), rexpect::error::Error> {
    for (no_color, coloured) in [(true, false), (false, true)] {
        let mut cmd = onag("/dev/null");
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let mut p = spawn_command(cmd, Some(30_000))?;
        p.exp_string("onag> ")?;
        p.send_line("nope + 1")?;
        let shown = p.exp_string("That variable is not defined")?;
        assert_eq!(
            shown.contains("\x1b[31m"),
            coloured,
            "NO_COLOR {no_color}: {shown:?}"
        );
        p.send_control('d')?;
        p.exp_eof()?;
    }
    Ok(())
}

/// A computation of a few seconds on any machine: a loop of 10^8 steps.
const SLOW: &str = "for i from 1 to 100000000 do end; ta := 3";

/// Lines typed while a computation runs are kept and run after it, in
/// order (the terminal holds them; the line editor reads them at the next
/// prompt).
#[test]
fn typing_ahead_during_a_computation() -> Result<(), rexpect::error::Error> {
    let dir = std::env::temp_dir().join(format!("onag-ahead-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut p = spawn_command(onag(dir.join("history")), Some(60_000))?;
    p.exp_string("onag> ")?;
    p.send_line(SLOW)?;
    std::thread::sleep(Duration::from_millis(300));
    p.send_line("tb := ta + 1")?;
    p.send_line("ta * tb")?;
    p.exp_string("\r\n12\r\n")?;
    p.exp_string("onag> ")?;
    p.send_control('d')?;
    p.exp_eof()?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// A line whose end arrives while the line before it runs: the editor
/// read the beginning with the line before and keeps it, and the end
/// completes it at the next prompt. (Lines typed ahead were once read
/// past the editor, which took this end for an empty line of its own; the
/// session then waited for an end that had already come.)
#[test]
fn a_line_ending_during_a_computation() -> Result<(), rexpect::error::Error> {
    let mut p = spawn_command(onag("/dev/null"), Some(60_000))?;
    p.exp_string("onag> ")?;
    p.send(&format!("{SLOW}\nta * 5"))?;
    p.flush()?;
    std::thread::sleep(Duration::from_millis(300));
    p.send("\n")?;
    p.exp_string("\r\n15\r\n")?;
    p.exp_string("onag> ")?;
    p.send_control('d')?;
    p.exp_eof()?;
    Ok(())
}

/// Lines arriving together at the prompt, without bracketed paste (typed
/// faster than the session reads, or sent by a program), are all run, in
/// order: the line editor reads past the first line, and what it read
/// beyond it waits for the next prompt (it was lost, and the session
/// waited for input that had already come).
#[test]
fn lines_arriving_together_at_the_prompt() -> Result<(), rexpect::error::Error> {
    let mut p = spawn_command(onag("/dev/null"), Some(30_000))?;
    p.exp_string("onag> ")?;
    p.send("ta := 3\ntb := ta + 1\nta * tb\n")?;
    p.exp_string("\r\n12\r\n")?;
    p.exp_string("onag> ")?;
    p.send_control('d')?;
    p.exp_eof()?;
    Ok(())
}
