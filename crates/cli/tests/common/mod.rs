//! Shared by the integration tests: running inputs through `onag batch`.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `onag` with `args` on the bytes `input` as standard input: its exit
/// code and standard output.
pub fn raw(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start onag");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("run onag");
    // A process that stops reading early closes the pipe: not an error here.
    let _ = writer.join();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Run inputs through one `onag batch` session and return its output lines
/// (one per input when all is well). The process must exit successfully.
pub fn batch<S: AsRef<str>>(inputs: &[S]) -> Vec<String> {
    let text = inputs
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let (code, out) = raw(&["batch"], text.as_bytes());
    assert_eq!(code, Some(0), "onag batch exited with {code:?}");
    out.lines().map(str::to_string).collect()
}
