//! The interactive session driven through a pseudo-terminal: variables,
//! multi-line input, completion, Ctrl-C during a long computation, history.

use rexpect::session::spawn_command;
use std::process::Command;
use std::time::Duration;

#[test]
fn session_through_a_terminal() -> Result<(), rexpect::error::Error> {
    let dir = std::env::temp_dir().join(format!("onag-repl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let history = dir.join("history");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_onag"));
    cmd.env("ONAG_HISTORY", &history).env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(60_000))?;
    p.exp_string("onag> ")?;

    p.send_line("a := {2|-1}")?;
    p.exp_string("onag> ")?;
    p.send_line("a.Temperature")?;
    p.exp_string("3/2")?;

    // Input continues while a brace is open.
    p.send_line("{5")?;
    p.send_line("|3}")?;
    p.exp_string("{5|3}")?;

    // Completion of a method name after a dot.
    p.send("a.Mea")?;
    p.send("\t")?;
    p.send_line("")?;
    p.exp_string("1/2")?;

    // Ctrl-C stops a long computation and keeps the variables.
    p.send_line("Domineering(Grid.Empty(6,6)).CanonicalForm")?;
    std::thread::sleep(Duration::from_millis(1500));
    p.send_control('c')?;
    p.exp_string("Interrupted")?;
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
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
