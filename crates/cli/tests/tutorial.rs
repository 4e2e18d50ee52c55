//! Every example of docs/TUTORIAL.md, run in one session: in each ```onag
//! block, a line `onag> INPUT` is followed by the lines of its output.

mod common;

#[test]
fn tutorial_examples() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/TUTORIAL.md");
    let text = std::fs::read_to_string(path).expect("docs/TUTORIAL.md");
    let mut cases: Vec<(String, String)> = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = line.trim() == "```onag";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(input) = line.strip_prefix("onag> ") {
            cases.push((input.to_string(), String::new()));
        } else if let Some((_, out)) = cases.last_mut() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        }
    }
    assert!(cases.len() >= 20, "the tutorial has its examples");
    let inputs: Vec<&str> = cases.iter().map(|(i, _)| i.as_str()).collect();
    let outputs = common::batch(&inputs);
    for ((input, expected), got) in cases.iter().zip(&outputs) {
        assert_eq!(got, expected, "tutorial input: {input}");
    }
}

/// The class the tutorial lists is the one shipped in examples/, as it is
/// written there (after the file's header comment).
#[test]
fn tutorial_lists_the_example_class_as_shipped() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let text = std::fs::read_to_string(format!("{root}docs/TUTORIAL.md")).expect("tutorial");
    let file = std::fs::read_to_string(format!("{root}examples/Clobber.cgs")).expect("example");
    let start = text.find("```cgscript\n").expect("a cgscript block") + "```cgscript\n".len();
    let listed = &text[start..start + text[start..].find("```").expect("its end")];
    assert!(listed.starts_with("singleton class Clobber"), "{listed}");
    assert!(
        file.ends_with(listed),
        "docs/TUTORIAL.md lists examples/Clobber.cgs as it is"
    );
}
