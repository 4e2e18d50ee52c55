//! Printing loopy values exactly as CGSuite does (LOOPY 3).
//!
//! A canonical stopper prints, in order of preference, as a short game
//! (the short-game printer), a pseudonumber, a switch `+-G`, `xTiny(G)` /
//! `xMiny(G)`, an upon form (`^[on]*`, `v<on>`, ...) or generically: braces
//! with `pass` for a move to the node itself and a label (`a{0|a}`) for a
//! reference to a node being printed further up. Options are listed short
//! games first (in the short-game order), then by the value hash of
//! Appendix A. The slash protocol is the short-game printer's: an option
//! printed without braces reports how many bars its top separator has.

use super::graph::Graph;
use super::hash::{side_vertex_hash, sort_by_hash, stopper_hash};
use super::sided::{SideGraph, SidedValue};
use super::stopper::{canonical, Repr, Stopper};
use super::store;
use crate::game::display::print_parts;
use crate::game::{print_order, Game};
use crate::number::Dyadic;
use std::cell::RefCell;
use std::fmt;
use std::ops::Neg;

/// What a generic node is: a stopper, or a vertex of the carousel side
/// being printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    Stopper(Stopper),
    Vertex(u32),
}

/// The ancestors being printed, each with its label once referenced.
#[derive(Default)]
struct Labels {
    stack: Vec<(Key, Option<u32>)>,
    next: u32,
}

fn label_name(k: u32) -> String {
    match char::from_u32('a' as u32 + k) {
        Some(c) if k < 26 => c.to_string(),
        _ => format!("N{}", k - 25),
    }
}

/// An option of a generic node.
#[derive(Clone, Copy)]
enum Opt {
    Pass,
    Stopper(Stopper),
    Vertex(u32),
}

/// The vertex of a carousel side being printed.
struct Carousel<'a> {
    g: &'a Graph,
    side: super::Side,
    stopper: Vec<bool>,
    canonical: RefCell<Vec<Option<Stopper>>>,
}

impl Carousel<'_> {
    fn stopper_at(&self, v: u32) -> Option<Stopper> {
        if !self.stopper[v as usize] {
            return None;
        }
        if let Some(s) = self.canonical.borrow()[v as usize] {
            return Some(s);
        }
        let s = canonical(self.g, v).ok()?;
        self.canonical.borrow_mut()[v as usize] = Some(s);
        Some(s)
    }
}

/// Short games first in the short-game order, then the rest by hash.
fn sort_options(opts: Vec<Opt>, own_hash: i32, carousel: Option<&Carousel>) -> Vec<Opt> {
    let (mut short, mut rest): (Vec<(Game, Opt)>, Vec<Opt>) = (Vec::new(), Vec::new());
    for o in opts {
        match o {
            Opt::Stopper(s) if s.is_loopfree() => {
                short.push((s.as_short().unwrap_or(Game::ZERO), o))
            }
            _ => rest.push(o),
        }
    }
    short.sort_by(|a, b| print_order(a.0, b.0));
    sort_by_hash(&mut rest, |o| match *o {
        Opt::Pass => own_hash,
        Opt::Stopper(s) => stopper_hash(s),
        Opt::Vertex(v) => carousel.map_or(0, |c| side_vertex_hash(c.g, v, c.side)),
    });
    short.into_iter().map(|(_, o)| o).chain(rest).collect()
}

/// A stopper printed inside an enclosing node (or at the top with
/// `force_braces`): its text and the bars of an unbraced top separator.
fn stopper_text(
    s: Stopper,
    force_braces: bool,
    force_parens: bool,
    labels: &mut Labels,
) -> (String, usize) {
    crate::stack::grow(|| {
        let id = match s.repr() {
            Repr::Short(g) => return print_parts(g, force_braces, force_parens),
            Repr::Loopy(id) => id,
        };
        if let Some(p) = s.as_pseudonumber() {
            let text = p.to_string();
            let compound = p.number().is_some_and(|x| !x.is_zero());
            return (
                if force_parens && compound {
                    format!("({text})")
                } else {
                    text
                },
                0,
            );
        }
        // A switch or tiny whose options lead back to it would print
        // forever; such nodes print generically.
        if !store::on_cycle(id, 0) {
            if let Some(t) = switch_text(s) {
                return (t, 0);
            }
            if let Some(t) = tiny_text(s, force_parens) {
                return (t, 0);
            }
        }
        if let Some(t) = upon_text(s) {
            return (t, 0);
        }
        let opts = |p: super::Player| {
            s.options(p)
                .into_iter()
                .map(|o| if o == s { Opt::Pass } else { Opt::Stopper(o) })
                .collect()
        };
        generic(
            Key::Stopper(s),
            [opts(super::Player::Left), opts(super::Player::Right)],
            stopper_hash(s),
            force_braces,
            labels,
            None,
        )
    })
}

/// Braces with options, `pass`, and labels for references to ancestors
/// (LOOPY 3.6).
fn generic(
    key: Key,
    options: [Vec<Opt>; 2],
    own_hash: i32,
    force_braces: bool,
    labels: &mut Labels,
    carousel: Option<&Carousel>,
) -> (String, usize) {
    if let Some(pos) = labels.stack.iter().position(|(k, _)| *k == key) {
        let label = match labels.stack[pos].1 {
            Some(l) => l,
            None => {
                let l = labels.next;
                labels.next += 1;
                labels.stack[pos].1 = Some(l);
                l
            }
        };
        return (label_name(label), 0);
    }
    labels.stack.push((key, None));
    let mut bars = 0;
    let [left, right] = options.map(|opts| {
        let sorted = sort_options(opts, own_hash, carousel);
        let many = sorted.len() > 1;
        let texts: Vec<String> = sorted
            .into_iter()
            .map(|o| {
                let (t, k) = match o {
                    Opt::Pass => ("pass".to_string(), 0),
                    Opt::Stopper(s) => stopper_text(s, many, false, labels),
                    Opt::Vertex(v) => match carousel {
                        Some(c) => vertex_text(c, v, many, labels),
                        None => (String::new(), 0),
                    },
                };
                bars = bars.max(k);
                t
            })
            .collect();
        (texts.is_empty(), texts.join(","))
    });
    let label = labels.stack.pop().and_then(|(_, l)| l);
    let k = bars + 1;
    let braces = force_braces || label.is_some() || left.0 || right.0 || k == 4;
    let mut out = String::new();
    if let Some(l) = label {
        out.push_str(&label_name(l));
    }
    if braces {
        out.push('{');
    }
    out.push_str(&left.1);
    out.push_str(&"|".repeat(k));
    out.push_str(&right.1);
    if braces {
        out.push('}');
    }
    (out, if braces { 0 } else { k })
}

/// A vertex of a carousel side: a stopper vertex prints as its canonical
/// stopper, any other generically.
fn vertex_text(c: &Carousel, v: u32, force_braces: bool, labels: &mut Labels) -> (String, usize) {
    crate::stack::grow(|| {
        if let Some(s) = c.stopper_at(v) {
            return stopper_text(s, force_braces, false, labels);
        }
        let opts = |p: super::Player| {
            c.g.edges(v, p)
                .iter()
                .map(|&t| {
                    if t == v {
                        Opt::Pass
                    } else {
                        match c.stopper_at(t) {
                            Some(s) => Opt::Stopper(s),
                            None => Opt::Vertex(t),
                        }
                    }
                })
                .collect()
        };
        generic(
            Key::Vertex(v),
            [opts(super::Player::Left), opts(super::Player::Right)],
            side_vertex_hash(c.g, v, c.side),
            force_braces,
            labels,
            Some(c),
        )
    })
}

/// `+-A` or `+-{A,B}` when G = -G (LOOPY 3.3); each option is printed
/// with a fresh label state.
fn switch_text(s: Stopper) -> Option<String> {
    if s.neg() != s {
        return None;
    }
    let left: Vec<Opt> = s.left_options().into_iter().map(Opt::Stopper).collect();
    let left = sort_options(left, stopper_hash(s), None);
    let text = |o: &Opt, parens: bool| match *o {
        Opt::Stopper(x) => stopper_text(x, true, parens, &mut Labels::default()).0,
        _ => String::new(),
    };
    Some(match left.as_slice() {
        [only] => format!("+-{}", text(only, true)),
        many => {
            let texts: Vec<String> = many.iter().map(|o| text(o, false)).collect();
            format!("+-{{{}}}", texts.join(","))
        }
    })
}

/// The number x if `s` is the short number x.
fn number_of(s: Stopper) -> Option<Dyadic> {
    s.as_short().and_then(|g| g.as_number().cloned())
}

/// `[x]Tiny(G)` for `{x || x | y}` with `y - x <= under`, `[x]Miny(G)`
/// mirror-wise (LOOPY 3.4), for plumtrees only.
fn tiny_text(s: Stopper, force_parens: bool) -> Option<String> {
    let Repr::Loopy(id) = s.repr() else {
        return None;
    };
    if !store::plumtree(id) {
        return None;
    }
    let (l, r) = (s.left_options(), s.right_options());
    let ([a], [b]) = (l.as_slice(), r.as_slice()) else {
        return None;
    };
    let under = Stopper::under();
    let diff = |p: Stopper, q: Stopper| p.sub(q).ok().and_then(|v| v.as_stopper());
    let mut found = None;
    if let Some(x) = number_of(*a) {
        if let ([bl], [y]) = (b.left_options().as_slice(), b.right_options().as_slice()) {
            if bl == a && diff(*y, *a)?.leq(under).ok()? {
                found = Some((x, diff(*a, *y)?, "Tiny"));
            }
        }
    }
    if found.is_none() {
        if let Some(x) = number_of(*b) {
            if let ([y], [ar]) = (a.left_options().as_slice(), a.right_options().as_slice()) {
                if ar == b && diff(*b, *y)?.leq(under).ok()? {
                    found = Some((x, diff(*y, *b)?, "Miny"));
                }
            }
        }
    }
    let (x, sub, name) = found?;
    let prefix = if x.is_zero() {
        String::new()
    } else {
        x.to_string()
    };
    let sub = stopper_text(sub, true, false, &mut Labels::default()).0;
    let text = format!("{prefix}{name}({sub})");
    Some(if force_parens {
        format!("({text})")
    } else {
        text
    })
}

/// An upon form: (uponth, number, nimber).
type UponForm = (bool, Dyadic, u64);

/// `form(H, allowSecond)` of LOOPY 3.5.
fn upon_form(h: Stopper, allow_second: bool) -> Option<UponForm> {
    let right = h.right_options();
    let [r] = right.as_slice() else {
        return None;
    };
    let left = h.left_options();
    if let Some(n) = r.as_short().and_then(Game::nus) {
        if n.ups.is_zero() && left.len() <= 2 {
            let y = Stopper::from(Game::number(n.number.clone()));
            let has = |x: Stopper| left.contains(&x);
            if n.nimber == 0 && left.len() == 2 && has(h) && has(y) {
                return Some((false, n.number.clone(), 1));
            }
            if n.nimber != 0 && left.as_slice() == [h] {
                return Some((false, n.number.clone(), n.nimber ^ 1));
            }
        }
    }
    if allow_second {
        if let Some((false, y, n)) = upon_form(r.neg(), false) {
            let m = n ^ 1;
            let expected: Vec<Stopper> = (0..=m)
                .map(|k| Stopper::from(Game::number(-&y) + Game::nimber(k)))
                .collect();
            let same = left.len() == expected.len() && expected.iter().all(|e| left.contains(e));
            if same {
                return Some((true, -y, m));
            }
        }
    }
    None
}

fn upon_text(s: Stopper) -> Option<String> {
    let (negated, (uponth, number, nimber)) = match upon_form(s, true) {
        Some(f) => (false, f),
        None => (true, upon_form(s.neg(), true)?),
    };
    let number = if negated { -number } else { number };
    let mut out = String::new();
    if !number.is_zero() {
        out.push_str(&number.to_string());
    }
    out.push(if negated { 'v' } else { '^' });
    out.push_str(if uponth { "<on>" } else { "[on]" });
    if nimber >= 1 {
        out.push('*');
    }
    if nimber >= 2 {
        out.push_str(&nimber.to_string());
    }
    Some(out)
}

impl fmt::Display for Stopper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&stopper_text(*self, true, false, &mut Labels::default()).0)
    }
}

/// A general side: as a canonical stopper if it is one, otherwise
/// generically with fresh labels.
fn side_text(side: &SideGraph) -> String {
    if let Ok(Some(s)) = side.as_stopper() {
        return s.to_string();
    }
    let g = side.graph();
    let c = Carousel {
        g,
        side: side.side(),
        stopper: g.stopper_vertices(),
        canonical: RefCell::new(vec![None; g.len()]),
    };
    vertex_text(&c, 0, true, &mut Labels::default()).0
}

impl fmt::Display for SidedValue {
    /// A stopper as itself; `dud` for `on & off`; otherwise
    /// `onside & offside`, each side printed on its own (LOOPY 3.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SidedValue::Stopper(s) => write!(f, "{s}"),
            SidedValue::StopperSided { onside, offside } => {
                if *onside == Stopper::on() && *offside == Stopper::off() {
                    f.write_str("dud")
                } else {
                    write!(f, "{onside} & {offside}")
                }
            }
            SidedValue::General(sides) => {
                write!(f, "{} & {}", side_text(&sides[0]), side_text(&sides[1]))
            }
        }
    }
}

/// The class rank of a value in CGSuite's order of sets: short games,
/// pseudonumbers, other canonical stoppers, stopper-sided values, other
/// sided values (LOOPY 3.8).
fn class_rank(v: &SidedValue) -> u8 {
    match v {
        SidedValue::Stopper(s) if s.is_loopfree() => 0,
        SidedValue::Stopper(s) if s.is_pseudonumber() => 1,
        SidedValue::Stopper(_) => 2,
        SidedValue::StopperSided { .. } => 3,
        SidedValue::General(_) => 4,
    }
}

/// The hash ordering values of one class.
fn value_hash(v: &SidedValue) -> i32 {
    use super::hash::product_hash;
    match v {
        SidedValue::Stopper(s) => stopper_hash(*s),
        SidedValue::StopperSided { onside, offside } => product_hash(
            "StopperSidedValueImpl",
            &[stopper_hash(*onside), stopper_hash(*offside)],
        ),
        SidedValue::General(sides) => {
            let h = |s: &SideGraph| side_vertex_hash(s.graph(), 0, s.side());
            product_hash("SidedValueImpl", &[h(&sides[0]), h(&sides[1])])
        }
    }
}

/// A total order on values agreeing with [`sort_values`]: the class,
/// then the short-game order or the value hash, then (between values of
/// equal hash) the order in which their stoppers were interned, so that
/// equal values, and only they, compare equal.
pub fn value_order(a: &SidedValue, b: &SidedValue) -> std::cmp::Ordering {
    let rank = class_rank(a).cmp(&class_rank(b));
    if rank.is_ne() {
        return rank;
    }
    if let (Some(g), Some(h)) = (a.as_short(), b.as_short()) {
        return print_order(g, h);
    }
    value_hash(a)
        .cmp(&value_hash(b))
        .then_with(|| tie_key(a).cmp(&tie_key(b)))
}

/// What breaks ties between values of one class and equal hash.
fn tie_key(v: &SidedValue) -> (Vec<super::stopper::Repr>, String) {
    match v {
        SidedValue::Stopper(s) => (vec![s.repr()], String::new()),
        SidedValue::StopperSided { onside, offside } => {
            (vec![onside.repr(), offside.repr()], String::new())
        }
        SidedValue::General(_) => (Vec::new(), v.to_string()),
    }
}

/// Sort values as CGSuite lists the elements of a set (LOOPY 3.8): short
/// games first in the short-game order, then pseudonumbers, canonical
/// stoppers, stopper-sided values and other sided values, each class by
/// the value hash of Appendix A.
pub fn sort_values(values: &mut Vec<SidedValue>) {
    let mut classes: [Vec<SidedValue>; 5] = Default::default();
    for v in values.drain(..) {
        classes[class_rank(&v) as usize].push(v);
    }
    classes[0].sort_by(|a, b| {
        print_order(
            a.as_short().unwrap_or(Game::ZERO),
            b.as_short().unwrap_or(Game::ZERO),
        )
    });
    for class in &mut classes[1..] {
        sort_by_hash(class, value_hash);
    }
    values.extend(classes.into_iter().flatten());
}
