//! Pictures as text for the terminal: game trees to a chosen depth and the
//! boards of grid and strip positions.

use crate::value::Value;
use onag_core::game::Game;
use onag_rules::framework::Board;
use std::fmt::Write;

/// The game tree of `g` to `depth` levels, one node per line: each option
/// below its parent, marked `L` or `R`; `...` where the tree goes deeper.
pub fn game_tree(g: Game, depth: usize) -> String {
    let mut out = Value::game(g).to_string();
    subtree(g, depth, "", &mut out);
    out
}

fn subtree(g: Game, depth: usize, indent: &str, out: &mut String) {
    let children: Vec<(char, Game)> = g
        .left_options()
        .iter()
        .map(|&o| ('L', o))
        .chain(g.right_options().iter().map(|&o| ('R', o)))
        .collect();
    if children.is_empty() {
        return;
    }
    if depth == 0 {
        let _ = write!(out, "\n{indent}└─ ...");
        return;
    }
    for (i, (side, o)) in children.iter().enumerate() {
        let last = i + 1 == children.len();
        let _ = write!(
            out,
            "\n{indent}{}{side} {}",
            if last { "└─" } else { "├─" },
            Value::game(*o)
        );
        let deeper = format!("{indent}{}", if last { "   " } else { "│  " });
        subtree(*o, depth - 1, &deeper, out);
    }
}

/// The board of a grid or strip position as boxes, a cell `.` left
/// blank.
pub fn board(board: &Board) -> String {
    let cols = board.cols;
    if cols == 0 || board.rows == 0 {
        return "(empty board)".into();
    }
    let rows: Vec<&[char]> = board.cells.chunks(cols).collect();
    let rule = |l: &str, m: &str, r: &str| format!("{l}{}{r}", vec!["───"; cols].join(m));
    let mut out = rule("┌", "┬", "┐");
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(&rule("├", "┼", "┤"));
        }
        out.push_str("\n│");
        for c in 0..cols {
            let ch = match row.get(c) {
                Some('.') | None => ' ',
                Some(&ch) => ch,
            };
            let _ = write!(out, " {ch} │");
        }
    }
    out.push('\n');
    out.push_str(&rule("└", "┴", "┘"));
    out
}
