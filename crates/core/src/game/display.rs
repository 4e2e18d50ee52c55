//! Printing canonical games exactly as CGSuite prints them (NOTATION 4.2).
//!
//! A game prints, in order of preference, as
//! 1. a number-up-star term: number part, up part (`^`, `^^`, `^3`, `v`,
//!    the Norton power `^<n>`, the unit sum `^[n]`), star part;
//! 2. a number-tiny `xTiny(z)` / `xMiny(z)`;
//! 3. a switch `+-A` / `+-{A,B}` when G = -G;
//! 4. braces, where an option list holding a single compound option is
//!    flattened with one more bar per level (`{3||2|1}`), up to 4 bars.
//!
//! Options are listed numbers first (ascending), then nimbers, then other
//! uptimal terms (by number part, digit sequence, length, nimber), then
//! all other games (option list by option list, Left first, recursively).

use super::{Game, UptimalExpansion};
use crate::number::{Dyadic, Integer};
use crate::sharded::ShardedMap;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Neg, Sub};
use std::sync::{Arc, OnceLock};

/// The up part of a printed term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpTerm {
    /// No ups.
    None,
    /// k.^ (k != 0).
    Ups(Integer),
    /// `±^<n>`, n >= 2.
    Pow {
        /// Up (true) or down.
        positive: bool,
        /// The exponent.
        n: u32,
    },
    /// `±^[n]`, n >= 2.
    PowTo {
        /// Up (true) or down.
        positive: bool,
        /// The exponent.
        n: u32,
    },
}

/// A value printed as a term: `number + up + *nimber`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The number part.
    pub number: Dyadic,
    /// The up part.
    pub up: UpTerm,
    /// The nimber part: `*n`.
    pub nimber: u64,
}

impl Term {
    /// How many of the three parts are present.
    fn parts(&self) -> usize {
        usize::from(!self.number.is_zero())
            + usize::from(self.up != UpTerm::None)
            + usize::from(self.nimber != 0)
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || (self.up == UpTerm::None && self.nimber == 0) {
            write!(f, "{}", self.number)?;
        }
        match &self.up {
            UpTerm::None => {}
            UpTerm::Ups(k) => {
                let arrow = if k.is_positive() { "^" } else { "v" };
                let m = k.abs();
                match m.to_u64() {
                    Some(1) => f.write_str(arrow)?,
                    Some(2) => write!(f, "{arrow}{arrow}")?,
                    _ => write!(f, "{arrow}{m}")?,
                }
            }
            UpTerm::Pow { positive, n } => write!(f, "{}<{n}>", if *positive { "^" } else { "v" })?,
            UpTerm::PowTo { positive, n } => {
                write!(f, "{}[{n}]", if *positive { "^" } else { "v" })?
            }
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// How a game prints.
#[derive(Clone, Debug)]
enum Shape {
    Term(Term),
    /// `xTiny(z)` (tiny = true) or `xMiny(z)`.
    Tiny {
        number: Dyadic,
        subscript: Game,
        tiny: bool,
    },
    /// G = -G: `+-` and the Left options.
    Switch,
    Braces,
}

fn shape(g: Game) -> Shape {
    static CACHE: OnceLock<ShardedMap<Game, Arc<Shape>>> = OnceLock::new();
    let cache = CACHE.get_or_init(ShardedMap::new);
    let s = cache.get_or_compute(g, || Arc::new(compute_shape(g)));
    (*s).clone()
}

fn compute_shape(g: Game) -> Shape {
    if let Some(t) = g.as_term() {
        return Shape::Term(t);
    }
    if let Some((number, subscript, tiny)) = g.as_number_tiny() {
        return Shape::Tiny {
            number,
            subscript,
            tiny,
        };
    }
    if g.neg() == g {
        return Shape::Switch;
    }
    Shape::Braces
}

impl Game {
    /// The term this game prints as, if it is a number-up-star value or a
    /// number plus a Norton power or unit sum of up plus a nimber.
    pub fn as_term(self) -> Option<Term> {
        if let Some(n) = self.nus() {
            let up = if n.ups.is_zero() {
                UpTerm::None
            } else {
                UpTerm::Ups(n.ups.clone())
            };
            return Some(Term {
                number: n.number.clone(),
                up,
                nimber: n.nimber,
            });
        }
        uptimal_term(self)
    }

    /// `(x, z, true)` if this game is `x + Tiny(z)`, `(x, z, false)` if it
    /// is `x + Miny(z)` (NOTATION 4.2).
    pub fn as_number_tiny(self) -> Option<(Dyadic, Game, bool)> {
        if self.is_nus() {
            return None;
        }
        number_tiny(self)
    }
}

/// x + (±^<n> or ±^[n]) + *m for a non-nus game: an uptimal whose digits
/// are a single ±1 after zeros (a Norton power) or all +1 or all -1 (a unit
/// sum), with at least two digits.
fn uptimal_term(g: Game) -> Option<Term> {
    let u = g.uptimal_expansion()?;
    let digits = u.digits();
    let n = u32::try_from(digits.len()).ok().filter(|&n| n >= 2)?;
    let (last, init) = digits.split_last()?;
    let unit = last.abs().is_one();
    let positive = last.is_positive();
    let up = if unit && init.iter().all(|d| d.is_zero()) {
        UpTerm::Pow { positive, n }
    } else if unit && init.iter().all(|d| d == last) {
        UpTerm::PowTo { positive, n }
    } else {
        return None;
    };
    Some(Term {
        number: u.number().clone(),
        up,
        nimber: u.nimber(),
    })
}

/// `{x || x | y}` with mean(y) < x is `xTiny(x - y)`; `{y | x || x}` with
/// mean(y) > x is `xMiny(y - x)` (NOTATION 4.2).
fn number_tiny(g: Game) -> Option<(Dyadic, Game, bool)> {
    let (l, r) = (g.left_options(), g.right_options());
    if l.len() != 1 || r.len() != 1 {
        return None;
    }
    if let Some(x) = l[0].as_number() {
        let inner = r[0];
        if !inner.is_nus() && inner.left_options() == [l[0]] && inner.right_options().len() == 1 {
            let y = inner.right_options()[0];
            if y.mean() < *x {
                let subscript = Game::number(x.clone()).sub(y);
                return Some((x.clone(), subscript, true));
            }
        }
    }
    if let Some(x) = r[0].as_number() {
        let inner = l[0];
        if !inner.is_nus() && inner.right_options() == [r[0]] && inner.left_options().len() == 1 {
            let y = inner.left_options()[0];
            if y.mean() > *x {
                let subscript = y.sub(Game::number(x.clone()));
                return Some((x.clone(), subscript, false));
            }
        }
    }
    None
}

/// The printing order of options (NOTATION 4.2).
pub fn print_order(a: Game, b: Game) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (ca, cb) = (category(a), category(b));
    ca.rank().cmp(&cb.rank()).then_with(|| match (ca, cb) {
        (Category::Number(x), Category::Number(y)) => x.cmp(y),
        (Category::Nimber(x), Category::Nimber(y)) => x.cmp(&y),
        (Category::Uptimal(s), Category::Uptimal(t)) => s
            .number()
            .cmp(t.number())
            .then_with(|| s.digits().cmp(t.digits()))
            .then(s.nimber().cmp(&t.nimber())),
        _ => {
            let (al, ar) = sorted_options(a);
            let (bl, br) = sorted_options(b);
            compare_lists(&al, &bl).then_with(|| compare_lists(&ar, &br))
        }
    })
}

enum Category {
    Number(&'static Dyadic),
    Nimber(u64),
    Uptimal(UptimalExpansion),
    Other,
}

impl Category {
    fn rank(&self) -> u8 {
        match self {
            Category::Number(_) => 0,
            Category::Nimber(_) => 1,
            Category::Uptimal(_) => 2,
            Category::Other => 3,
        }
    }
}

fn category(g: Game) -> Category {
    if let Some(x) = g.as_number() {
        return Category::Number(x);
    }
    if let Some(n) = g.as_nimber() {
        return Category::Nimber(n);
    }
    match g.uptimal_expansion() {
        Some(u) => Category::Uptimal(u),
        None => Category::Other,
    }
}

/// Lexicographic order of option lists, a proper prefix first.
fn compare_lists(a: &[Game], b: &[Game]) -> Ordering {
    for (&x, &y) in a.iter().zip(b) {
        let c = print_order(x, y);
        if c != Ordering::Equal {
            return c;
        }
    }
    a.len().cmp(&b.len())
}

/// The options of a game in printing order.
pub fn sorted_options(g: Game) -> (Arc<[Game]>, Arc<[Game]>) {
    type Sorted = (Arc<[Game]>, Arc<[Game]>);
    static CACHE: OnceLock<ShardedMap<Game, Sorted>> = OnceLock::new();
    CACHE.get_or_init(ShardedMap::new).get_or_compute(g, || {
        crate::stack::descend(|| {
            let sort = |opts: &[Game]| -> Arc<[Game]> {
                let mut v = opts.to_vec();
                v.sort_by(|&a, &b| print_order(a, b));
                v.into()
            };
            (sort(g.left_options()), sort(g.right_options()))
        })
    })
}

/// A printed game: atomic text, or the inside of braces with the number of
/// bars of its top separator.
enum Layout {
    Atomic(String),
    Braced { inner: String, bars: usize },
}

const MAX_BARS: usize = 4;

fn layout(g: Game) -> Layout {
    // Printing a huge game takes long: it stops when asked to, as any
    // computation does.
    crate::interrupt::check();
    crate::stack::descend(|| match shape(g) {
        Shape::Term(t) => Layout::Atomic(t.to_string()),
        Shape::Tiny {
            number,
            subscript,
            tiny,
        } => {
            let prefix = if number.is_zero() {
                String::new()
            } else {
                number.to_string()
            };
            let name = if tiny { "Tiny" } else { "Miny" };
            Layout::Atomic(format!("{prefix}{name}({subscript})"))
        }
        Shape::Switch => Layout::Atomic(switch_text(g)),
        Shape::Braces => {
            let (l, r) = sorted_options(g);
            let (ltext, lbars) = side(&l);
            let (rtext, rbars) = side(&r);
            let bars = 1 + lbars.max(rbars);
            let inner = format!("{ltext}{}{rtext}", "|".repeat(bars));
            if bars >= MAX_BARS {
                Layout::Atomic(format!("{{{inner}}}"))
            } else {
                Layout::Braced { inner, bars }
            }
        }
    })
}

/// An option list: a single compound option loses its braces and passes
/// its bar count up; several options keep theirs.
fn side(opts: &[Game]) -> (String, usize) {
    if let [only] = opts {
        return match layout(*only) {
            Layout::Atomic(t) => (t, 0),
            Layout::Braced { inner, bars } => (inner, bars),
        };
    }
    (option_list(opts), 0)
}

fn option_list(opts: &[Game]) -> String {
    let texts: Vec<String> = opts
        .iter()
        .map(|&o| match layout(o) {
            Layout::Atomic(t) => t,
            Layout::Braced { inner, .. } => format!("{{{inner}}}"),
        })
        .collect();
    texts.join(",")
}

/// `+-A` for one Left option (parenthesised when A is a compound term or
/// itself a signed form), `+-{A,B}` for several.
fn switch_text(g: Game) -> String {
    let (l, _) = sorted_options(g);
    if let [only] = &*l {
        let text = only.to_string();
        return if needs_parens(*only) {
            format!("+-({text})")
        } else {
            format!("+-{text}")
        };
    }
    format!("+-{{{}}}", option_list(&l))
}

/// Whether `g` is parenthesised after a sign: a term of several parts, a
/// translated number-tiny or a switch.
fn needs_parens(g: Game) -> bool {
    match shape(g) {
        Shape::Term(t) => t.parts() > 1,
        Shape::Tiny { number, .. } => !number.is_zero(),
        Shape::Switch => true,
        Shape::Braces => false,
    }
}

/// The text of `g` as printed inside an enclosing game (the protocol of
/// LOOPY 3.1, used by the loopy printer): with `force_braces` the full
/// text and 0; otherwise a braced game's inside and the number of bars of
/// its top separator (0 for atomic text). With `force_parens`, text that
/// would be ambiguous after a sign is parenthesised.
pub(crate) fn print_parts(g: Game, force_braces: bool, force_parens: bool) -> (String, usize) {
    match layout(g) {
        Layout::Atomic(t) if force_parens && needs_parens(g) => (format!("({t})"), 0),
        Layout::Atomic(t) => (t, 0),
        Layout::Braced { inner, .. } if force_braces => (format!("{{{inner}}}"), 0),
        Layout::Braced { inner, bars } => (inner, bars),
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match layout(*self) {
            Layout::Atomic(t) => f.write_str(&t),
            Layout::Braced { inner, .. } => write!(f, "{{{inner}}}"),
        }
    }
}
