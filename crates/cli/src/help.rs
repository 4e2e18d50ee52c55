//! `:help` in the session, and the reference page, both from the one
//! registry of methods, functions and rulesets.

use onag_lang::methods::{FUNCTIONS, METHODS};
use onag_rules::registry;
use std::fmt::Write;

/// Every name help knows: methods, functions and rulesets.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&str> = METHODS.iter().map(|m| m.name).collect();
    v.extend(FUNCTIONS.iter().map(|f| f.name));
    v.extend(registry::entries().map(|e| e.name));
    v.sort_unstable();
    v.dedup();
    v
}

/// The help for `topic`, or an overview when it is empty.
pub fn help(topic: &str) -> String {
    let topic = topic.trim();
    if topic.is_empty() {
        return overview();
    }
    let mut out = String::new();
    for m in METHODS
        .iter()
        .filter(|m| m.name.eq_ignore_ascii_case(topic))
    {
        let _ = writeln!(
            out,
            "{}.{}({}): {}",
            m.receiver.name(),
            m.name,
            params(m.params, m.keywords),
            m.doc
        );
    }
    for f in FUNCTIONS
        .iter()
        .filter(|f| f.name.eq_ignore_ascii_case(topic))
    {
        let _ = writeln!(out, "{}({}): {}", f.name, f.params.join(", "), f.doc);
    }
    for e in registry::entries().filter(|e| e.name.eq_ignore_ascii_case(topic)) {
        let _ = writeln!(
            out,
            "game.{}.{} (ruleset): {}",
            e.package.name(),
            e.name,
            e.doc
        );
    }
    if out.is_empty() {
        format!("No help for `{topic}`. Type :help for the list of topics.")
    } else {
        out.trim_end().to_string()
    }
}

fn params(positional: &[&str], keywords: &[&str]) -> String {
    let mut all: Vec<String> = positional.iter().map(|p| p.to_string()).collect();
    all.extend(keywords.iter().map(|k| format!("{k} => ...")));
    all.join(", ")
}

fn overview() -> String {
    let mut out = String::from(
        "Type an expression to see its value: {0|*}, +-1 + *2, Domineering(\"..|..\").\n\
         Variables persist: g := {2|-1}; g.Temperature. Ctrl-C stops a computation,\n\
         Ctrl-D leaves. :help NAME explains a method, function or ruleset.\n",
    );
    let mut receivers: Vec<&str> = METHODS.iter().map(|m| m.receiver.name()).collect();
    receivers.dedup();
    receivers.sort_unstable();
    receivers.dedup();
    for r in receivers {
        let names: Vec<&str> = METHODS
            .iter()
            .filter(|m| m.receiver.name() == r)
            .map(|m| m.name)
            .collect();
        let _ = write!(out, "\nMethods of {r}: {}", names.join(" "));
    }
    let functions: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
    let _ = write!(out, "\nFunctions: {}", functions.join(" "));
    let rulesets: Vec<&str> = registry::entries().map(|e| e.name).collect();
    let _ = write!(out, "\nRulesets: {}", rulesets.join(" "));
    out
}

/// docs/REFERENCE.md: every method, function and ruleset with its
/// documentation.
pub fn reference() -> String {
    let mut out = String::from(
        "# onag reference\n\n\
         Generated from the method registry (`onag --reference`); do not edit by hand.\n",
    );
    let mut receivers: Vec<&str> = METHODS.iter().map(|m| m.receiver.name()).collect();
    receivers.sort_unstable();
    receivers.dedup();
    for r in receivers {
        let _ = write!(
            out,
            "\n## Methods of {r}\n\n| Method | Computes |\n|---|---|\n"
        );
        for m in METHODS.iter().filter(|m| m.receiver.name() == r) {
            let _ = writeln!(
                out,
                "| `{}({})` | {} |",
                m.name,
                params(m.params, m.keywords),
                m.doc.replace('|', "\\|")
            );
        }
    }
    out.push_str("\n## Functions\n\n| Function | Computes |\n|---|---|\n");
    for f in FUNCTIONS {
        let _ = writeln!(
            out,
            "| `{}({})` | {} |",
            f.name,
            f.params.join(", "),
            f.doc.replace('|', "\\|")
        );
    }
    out.push_str("\n## Rulesets\n\n| Ruleset | Package | Game |\n|---|---|---|\n");
    for e in registry::entries() {
        let _ = writeln!(
            out,
            "| `{}` | `game.{}` | {} |",
            e.name,
            e.package.name(),
            e.doc.replace('|', "\\|")
        );
    }
    out
}

/// `text` with each line longer than `width` columns broken at spaces; the
/// continuation lines are indented by four spaces. A word longer than the
/// width stays whole on its own line.
pub fn wrap(text: &str, width: usize) -> String {
    const INDENT: &str = "    ";
    let width = width.max(20);
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut column = 0;
        for (j, word) in line.split(' ').enumerate() {
            let len = word.chars().count();
            if j > 0 {
                if column + 1 + len > width {
                    out.push('\n');
                    out.push_str(INDENT);
                    column = INDENT.len();
                } else {
                    out.push(' ');
                    column += 1;
                }
            }
            out.push_str(word);
            column += len;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lines_fit_the_width() {
        let text = help("Cool");
        let wrapped = wrap(&text, 40);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 40),
            "{wrapped}"
        );
        // Only spaces became line breaks and indents.
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(&text));
        assert_eq!(wrap("a b c", 80), "a b c");
        assert_eq!(
            wrap("aaaa bbbb cccc dddd eeee ffff", 20),
            "aaaa bbbb cccc dddd\n    eeee ffff"
        );
        let overview = wrap(&help(""), 60);
        assert!(overview.lines().all(|l| l.chars().count() <= 60));
    }
}
