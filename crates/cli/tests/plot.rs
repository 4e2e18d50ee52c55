//! `onag plot` writes valid SVG and PNG files, and fails cleanly.

use std::process::Command;

fn onag(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag")
}

#[test]
fn plots_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("onag-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let svg = dir.join("g.svg");
    let png = dir.join("g.png");
    let out = onag(&[
        "plot",
        "[{3||2*|1*}, +-{29|5}]",
        "-o",
        svg.to_str().expect("path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.starts_with("<?xml") && text.contains("</svg>"));
    assert!(text.contains("9/4"), "the mean of {{3||2*|1*}} is labelled");
    let out = onag(&["plot", "{3||2|1}", "--output", png.to_str().expect("path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).expect("png written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plot_errors_exit_non_zero() {
    let out = onag(&["plot", "{3|", "-o", "/tmp/never.svg"]);
    assert_eq!(out.status.code(), Some(1));
    let out = onag(&["plot", "^", "-o", "/tmp/wrong.extension"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".svg or .png"));
}

#[test]
fn pictures_never_replace_other_files() {
    let dir = std::env::temp_dir().join(format!("onag-plot-guard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let notes = dir.join("notes.svg");
    std::fs::write(&notes, "my notes\n").expect("a text file");
    let picture = dir.join("g.svg");
    let path = |p: &std::path::Path| p.to_str().expect("path").to_string();
    // A picture may be drawn again over itself.
    for _ in 0..2 {
        let out = onag(&["plot", "{2|-1}", "-o", &path(&picture)]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A file that is not a picture is left alone, with an error.
    let out = onag(&["plot", "{2|-1}", "-o", &path(&notes)]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a picture"));
    assert_eq!(
        std::fs::read_to_string(&notes).expect("notes"),
        "my notes\n"
    );
    #[cfg(unix)]
    {
        let link = dir.join("link.svg");
        std::os::unix::fs::symlink(&notes, &link).expect("a link");
        let out = onag(&["-e", &format!("Plot({{2|-1}}, \"{}\")", path(&link))]);
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("symbolic link"));
        assert_eq!(
            std::fs::read_to_string(&notes).expect("notes"),
            "my notes\n"
        );
    }
    // No partial file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".partial")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
