//! Shared by the integration tests: running inputs through `onag batch`.

use std::io::Write;
use std::process::{Command, Stdio};

/// Run inputs through one `onag batch` session and return its output lines
/// (one per input when all is well). The process must exit successfully.
pub fn batch<S: AsRef<str>>(inputs: &[S]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start onag batch");
    let mut stdin = child.stdin.take().expect("stdin");
    let text = inputs
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("run onag batch");
    writer.join().expect("writer thread").expect("write inputs");
    assert!(
        output.status.success(),
        "onag batch exited with {}",
        output.status
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}
