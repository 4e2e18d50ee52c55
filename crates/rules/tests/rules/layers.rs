//! The layers of the crate (ARCHITECTURE.md): the framework imports
//! nothing above it, the boards import only the framework, and no game
//! reaches another game through the registry. A module that imports from a
//! higher layer fails this test.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).expect("the source folder is readable");
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of the files under `src/<layer>` that mention any of the
/// `forbidden` paths, as `file:line: text`.
fn violations(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let files = sources(&root);
    assert!(!files.is_empty(), "no sources under {}", root.display());
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file is readable");
        for (i, line) in text.lines().enumerate() {
            if forbidden.iter().any(|f| line.contains(f)) {
                out.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_framework_imports_nothing_above_it() {
    let bad = violations(
        "framework",
        &["crate::boards", "crate::games", "crate::registry"],
    );
    assert!(
        bad.is_empty(),
        "the framework imports from above:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_boards_import_only_the_framework() {
    let bad = violations("boards", &["crate::games", "crate::registry"]);
    assert!(
        bad.is_empty(),
        "the boards import from above:\n{}",
        bad.join("\n")
    );
}

#[test]
fn no_game_reaches_another_through_the_registry() {
    let bad = violations("games", &["crate::registry"]);
    assert!(
        bad.is_empty(),
        "games use the registry:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_check_sees_an_import_from_above() {
    // The scan itself: a line naming a higher layer is reported.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let registry = std::fs::read_to_string(root.join("registry.rs")).expect("registry.rs");
    assert!(
        registry.contains("crate::games"),
        "the registry names the games"
    );
    assert!(!violations("games", &["crate::framework"]).is_empty());
}
