//! Printing of misère canonical forms in CGSuite's plain text (MISERE 4):
//! `*[` + Conway's notation + `]`, with `#` for one-option games and
//! subscripts (sums with smaller nim heaps) in square brackets opened right
//! after the innermost leading nim heap.

use super::Misere;
use std::fmt::Write;

/// A natural number as printed inside a form: digits ≥ 10 as `&n;`.
fn number(n: u32, out: &mut String) {
    if n >= 10 {
        let _ = write!(out, "&{n};");
    } else {
        let _ = write!(out, "{n}");
    }
}

/// The body of the printed form (what goes between `*[` and `]`).
pub fn body(g: Misere) -> String {
    let mut out = String::new();
    let mut sub = false;
    print(g, false, &mut sub, &mut out);
    if sub {
        out.push(']');
    }
    out
}

fn print(g: Misere, paren: bool, sub: &mut bool, out: &mut String) {
    crate::interrupt::check();
    crate::stack::descend(|| print_inner(g, paren, sub, out));
}

fn print_inner(g: Misere, paren: bool, sub: &mut bool, out: &mut String) {
    let b = g.birthday();
    // 1. A nim heap.
    if g.is_nim_heap() {
        number(b, out);
        if *sub {
            out.push('[');
        }
        return;
    }
    // 2. A sum with a smaller heap.
    let mut i = if g.is_even() { 2 } else { 3 };
    while i < b {
        let heap = Misere::nim(i);
        if let Some(d) = g.try_minus(heap).filter(|d| d.birthday() < b) {
            *sub = true;
            print(d, true, sub, out);
            number(i, out);
            return;
        }
        let s = g.plus(heap);
        if s.birthday() < b {
            *sub = true;
            print(s, true, sub, out);
            out.push('-');
            number(i, out);
            return;
        }
        i += 2;
    }
    // 3. An odd game.
    if g.is_odd() {
        *sub = true;
        print(g.even_part(), true, sub, out);
        out.push('1');
        return;
    }
    let opts = g.options();
    // 4. One option.
    if opts.len() == 1 {
        print(opts[0], true, sub, out);
        out.push('#');
        return;
    }
    // 5. Several options, largest first.
    let saved = *sub;
    if paren {
        out.push('(');
    }
    for &o in opts.iter().rev() {
        let mut flag = false;
        print(o, true, &mut flag, out);
        if flag {
            out.push(']');
        }
    }
    if paren {
        out.push(')');
    }
    *sub = saved;
    if saved {
        out.push('[');
    }
}

impl std::fmt::Display for Misere {
    /// `*[` + body + `]` (MISERE 4).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "*[{}]", body(*self))
    }
}
