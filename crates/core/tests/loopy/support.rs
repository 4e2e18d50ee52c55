//! A small reader of CGSuite's loopy notation for the tests, so that the
//! corpus lines read as they are written: braces with bar runs, `pass`,
//! labels, numbers, `*n`, `^`, `v`, `on`, `off`, `over`, `under`, `upon`,
//! `dud`, `+`, `-`, `+-`, `&` and integer multiples. It builds values only
//! through the public API of `onag_core::loopy` (the language will do the
//! same).

use onag_core::game::Game;
use onag_core::loopy::{SidedValue, Spec, SpecOption, Stopper};
use onag_core::number::{Dyadic, Integer};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    LParen,
    RParen,
    Bars(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Amp,
    Star(u64),
    Times,
    Up,
    Down(i64),
    Num(Dyadic),
    Ident(String),
}

fn lex(s: &str) -> Vec<Tok> {
    let c: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        match ch {
            ' ' => i += 1,
            '{' => {
                out.push(Tok::Open);
                i += 1
            }
            '}' => {
                out.push(Tok::Close);
                i += 1
            }
            '(' => {
                out.push(Tok::LParen);
                i += 1
            }
            ')' => {
                out.push(Tok::RParen);
                i += 1
            }
            ',' => {
                out.push(Tok::Comma);
                i += 1
            }
            '&' => {
                out.push(Tok::Amp);
                i += 1
            }
            '^' => {
                out.push(Tok::Up);
                i += 1
            }
            '|' => {
                let mut n = 0;
                while i < c.len() && c[i] == '|' {
                    n += 1;
                    i += 1;
                }
                out.push(Tok::Bars(n));
            }
            '+' => {
                if c.get(i + 1) == Some(&'-') {
                    out.push(Tok::PlusMinus);
                    i += 2;
                } else {
                    out.push(Tok::Plus);
                    i += 1;
                }
            }
            '-' => {
                out.push(Tok::Minus);
                i += 1
            }
            '*' => {
                i += 1;
                // After a number, `*` before a name, brace or parenthesis
                // multiplies.
                let after_number = matches!(out.last(), Some(Tok::Num(_)));
                let next = c.get(i).copied().unwrap_or(' ');
                if after_number && (next.is_alphabetic() || next == '(' || next == '{') {
                    out.push(Tok::Times);
                    continue;
                }
                let mut n = 0u64;
                let mut any = false;
                while i < c.len() && c[i].is_ascii_digit() {
                    n = n * 10 + c[i].to_digit(10).unwrap() as u64;
                    any = true;
                    i += 1;
                }
                if after_number {
                    out.push(Tok::Plus);
                }
                out.push(Tok::Star(if any { n } else { 1 }));
            }
            d if d.is_ascii_digit() => {
                let mut n = 0i64;
                while i < c.len() && c[i].is_ascii_digit() {
                    n = n * 10 + c[i].to_digit(10).unwrap() as i64;
                    i += 1;
                }
                let mut x = Dyadic::from(n);
                if c.get(i) == Some(&'/') {
                    i += 1;
                    let mut d = 0i64;
                    while i < c.len() && c[i].is_ascii_digit() {
                        d = d * 10 + c[i].to_digit(10).unwrap() as i64;
                        i += 1;
                    }
                    let exp = d.trailing_zeros();
                    assert_eq!(d, 1 << exp, "denominator of a dyadic");
                    x = Dyadic::new(Integer::from(n), exp);
                }
                out.push(Tok::Num(x));
            }
            a if a.is_alphabetic() => {
                let mut w = String::new();
                while i < c.len() && c[i].is_alphanumeric() {
                    w.push(c[i]);
                    i += 1;
                }
                let downs = w.chars().all(|c| c == 'v');
                let numbered =
                    w.len() > 1 && w.starts_with('v') && w[1..].chars().all(|c| c.is_ascii_digit());
                if downs {
                    out.push(Tok::Down(w.len() as i64));
                } else if numbered {
                    out.push(Tok::Down(w[1..].parse().unwrap()));
                } else {
                    out.push(Tok::Ident(w));
                }
            }
            other => panic!("unexpected character {other:?} in {s}"),
        }
    }
    out
}

#[derive(Clone, Debug)]
enum Ast {
    Num(Dyadic),
    Star(u64),
    Up,
    Ups(i64),
    Name(String),
    Brace(Brace),
    Neg(Box<Ast>),
    Switch(Box<Ast>),
    Add(Box<Ast>, Box<Ast>),
    Sub(Box<Ast>, Box<Ast>),
    Sided(Box<Ast>, Box<Ast>),
    Times(Integer, Box<Ast>),
    /// `{a, b}` without bars: a set of options (after `+-`).
    Set(Vec<Ast>),
}

#[derive(Clone, Debug, Default)]
struct Brace {
    label: Option<String>,
    left: Vec<Ast>,
    right: Vec<Ast>,
    left_pass: bool,
    right_pass: bool,
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn expr(&mut self) -> Ast {
        let mut a = self.sided();
        loop {
            match self.peek() {
                Some(Tok::Plus) => {
                    self.pos += 1;
                    a = Ast::Add(Box::new(a), Box::new(self.sided()));
                }
                Some(Tok::Minus) => {
                    self.pos += 1;
                    a = Ast::Sub(Box::new(a), Box::new(self.sided()));
                }
                Some(Tok::PlusMinus) => {
                    self.pos += 1;
                    a = Ast::Add(Box::new(a), Box::new(Ast::Switch(Box::new(self.sided()))));
                }
                _ => return a,
            }
        }
    }

    fn sided(&mut self) -> Ast {
        let a = self.unary();
        if self.peek() == Some(&Tok::Amp) {
            self.pos += 1;
            return Ast::Sided(Box::new(a), Box::new(self.unary()));
        }
        a
    }

    fn unary(&mut self) -> Ast {
        match self.peek() {
            Some(Tok::Minus) => {
                self.pos += 1;
                Ast::Neg(Box::new(self.unary()))
            }
            Some(Tok::PlusMinus) => {
                self.pos += 1;
                Ast::Switch(Box::new(self.unary()))
            }
            _ => self.atom(),
        }
    }

    fn atom(&mut self) -> Ast {
        match self.next() {
            Some(Tok::Num(x)) => {
                if self.peek() == Some(&Tok::Times) {
                    self.pos += 1;
                    let n = x.to_integer().expect("integer multiplier");
                    return Ast::Times(n, Box::new(self.unary()));
                }
                self.juxtaposed(Ast::Num(x))
            }
            Some(Tok::Plus) => self.atom(),
            Some(Tok::Star(n)) => self.juxtaposed(Ast::Star(n)),
            Some(Tok::Up) => self.juxtaposed(Ast::Up),
            Some(Tok::Down(k)) => self.juxtaposed(Ast::Ups(-k)),
            Some(Tok::LParen) => {
                let e = self.expr();
                assert_eq!(self.next(), Some(Tok::RParen));
                e
            }
            Some(Tok::Open) => self.brace_or_set(None),
            Some(Tok::Ident(w)) => {
                if self.peek() == Some(&Tok::Open) {
                    self.pos += 1;
                    return Ast::Brace(self.brace(Some(w)));
                }
                Ast::Name(w)
            }
            t => panic!("unexpected token {t:?}"),
        }
    }

    /// Terms written together: `1*`, `6^*`, `v9*8`.
    fn juxtaposed(&mut self, mut a: Ast) -> Ast {
        if let (Ast::Num(_), Some(Tok::Ident(w))) = (&a, self.peek()) {
            if w == "over" || w == "under" {
                let w = w.clone();
                self.pos += 1;
                return Ast::Add(Box::new(a), Box::new(Ast::Name(w)));
            }
        }
        while let Some(Tok::Up) | Some(Tok::Star(_)) | Some(Tok::Down(_)) = self.peek() {
            let t = match self.next() {
                Some(Tok::Up) => Ast::Up,
                Some(Tok::Star(n)) => Ast::Star(n),
                Some(Tok::Down(k)) => Ast::Ups(-k),
                _ => unreachable!(),
            };
            a = Ast::Add(Box::new(a), Box::new(t));
        }
        a
    }

    /// After `{`: the tokens up to the matching `}`, split at the largest
    /// bar run.
    fn brace(&mut self, label: Option<String>) -> Brace {
        let start = self.pos;
        let mut depth = 0;
        loop {
            match self.next() {
                Some(Tok::Open) | Some(Tok::LParen) => depth += 1,
                Some(Tok::Close) | Some(Tok::RParen) if depth > 0 => depth -= 1,
                Some(Tok::Close) => break,
                None => panic!("unclosed brace"),
                _ => {}
            }
        }
        let body = self.toks[start..self.pos - 1].to_vec();
        let mut b = split(&body);
        b.label = label;
        b
    }

    /// `{` ... `}` as a brace, or as a set when there is no bar.
    fn brace_or_set(&mut self, label: Option<String>) -> Ast {
        let save = self.pos;
        let mut depth = 0;
        let mut bars = false;
        loop {
            match self.next() {
                Some(Tok::Open) | Some(Tok::LParen) => depth += 1,
                Some(Tok::Close) | Some(Tok::RParen) if depth > 0 => depth -= 1,
                Some(Tok::Close) => break,
                Some(Tok::Bars(_)) if depth == 0 => bars = true,
                None => panic!("unclosed brace"),
                _ => {}
            }
        }
        if bars {
            self.pos = save;
            return Ast::Brace(self.brace(label));
        }
        let body = self.toks[save..self.pos - 1].to_vec();
        let mut pass = false;
        Ast::Set(side(&body, &mut pass))
    }
}

/// A slash node from the tokens between braces.
fn split(body: &[Tok]) -> Brace {
    let mut depth = 0;
    let mut best: Option<(usize, usize)> = None;
    for (i, t) in body.iter().enumerate() {
        match t {
            Tok::Open | Tok::LParen => depth += 1,
            Tok::Close | Tok::RParen => depth -= 1,
            Tok::Bars(n) if depth == 0 && best.is_none_or(|(_, m)| *n > m) => {
                best = Some((i, *n));
            }
            _ => {}
        }
    }
    let (at, _) = best.expect("a bar in braces");
    let mut b = Brace::default();
    let (l, r) = (&body[..at], &body[at + 1..]);
    b.left = side(l, &mut b.left_pass);
    b.right = side(r, &mut b.right_pass);
    b
}

fn side(toks: &[Tok], pass: &mut bool) -> Vec<Ast> {
    if toks.is_empty() {
        return Vec::new();
    }
    let mut depth = 0;
    if toks.iter().any(|t| {
        match t {
            Tok::Open | Tok::LParen => depth += 1,
            Tok::Close | Tok::RParen => depth -= 1,
            _ => {}
        }
        depth == 0 && matches!(t, Tok::Bars(_))
    }) {
        return vec![Ast::Brace(split(toks))];
    }
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = Vec::new();
    for t in toks.iter().chain(std::iter::once(&Tok::Comma)) {
        match t {
            Tok::Open | Tok::LParen => depth += 1,
            Tok::Close | Tok::RParen => depth -= 1,
            _ => {}
        }
        if depth == 0 && *t == Tok::Comma {
            if cur == [Tok::Ident("pass".into())] {
                *pass = true;
            } else {
                let mut p = Parser {
                    toks: std::mem::take(&mut cur),
                    pos: 0,
                };
                let e = p.expr();
                assert_eq!(p.pos, p.toks.len(), "trailing tokens in an option");
                out.push(e);
            }
            cur.clear();
        } else {
            cur.push(t.clone());
        }
    }
    out
}

/// Variables visible to the reader (`uponth` and the like).
pub type Env = HashMap<String, SidedValue>;

fn named(w: &str, env: &Env) -> SidedValue {
    match w {
        "on" => Stopper::on().into(),
        "off" => Stopper::off().into(),
        "over" => Stopper::over().into(),
        "under" => Stopper::under().into(),
        "upon" => Stopper::upon().into(),
        "dud" => SidedValue::dud(),
        _ => env
            .get(w)
            .cloned()
            .unwrap_or_else(|| panic!("unknown name {w}")),
    }
}

fn stopper(v: SidedValue) -> Stopper {
    v.as_stopper().expect("a stopper")
}

fn eval(a: &Ast, env: &Env) -> Result<SidedValue, String> {
    Ok(match a {
        Ast::Num(x) => Game::number(x.clone()).into(),
        Ast::Star(n) => Game::nimber(*n).into(),
        Ast::Up => Game::up().into(),
        Ast::Ups(k) => Game::ups(*k).into(),
        Ast::Name(w) => named(w, env),
        Ast::Brace(b) => brace(b, env)?,
        Ast::Neg(x) => eval(x, env)?.neg(),
        Ast::Switch(x) => {
            let opts: Vec<Stopper> = match &**x {
                Ast::Set(v) => v
                    .iter()
                    .map(|a| eval(a, env).map(stopper))
                    .collect::<Result<_, _>>()?,
                other => vec![stopper(eval(other, env)?)],
            };
            Stopper::switch(&opts).map_err(|e| e.message)?.into()
        }
        Ast::Set(_) => return Err("a set is not a value".into()),
        Ast::Add(x, y) => eval(x, env)?.add(&eval(y, env)?).map_err(|e| e.message)?,
        Ast::Sub(x, y) => eval(x, env)?.sub(&eval(y, env)?).map_err(|e| e.message)?,
        Ast::Sided(x, y) => SidedValue::sided(stopper(eval(x, env)?), stopper(eval(y, env)?))
            .map_err(|e| e.message)?,
        Ast::Times(n, x) => eval(x, env)?.times(n).map_err(|e| e.message)?,
    })
}

fn is_loopy(b: &Brace) -> bool {
    b.label.is_some() || b.left_pass || b.right_pass
}

fn brace(b: &Brace, env: &Env) -> Result<SidedValue, String> {
    if is_loopy(b) {
        return to_spec(b, env, &mut Vec::new())?
            .build()
            .map_err(|e| e.message);
    }
    let opts = |v: &[Ast]| {
        v.iter()
            .map(|a| eval(a, env))
            .collect::<Result<Vec<_>, _>>()
    };
    SidedValue::from_options(&opts(&b.left)?, &opts(&b.right)?).map_err(|e| e.message)
}

fn to_spec(b: &Brace, env: &Env, labels: &mut Vec<String>) -> Result<Spec, String> {
    if let Some(l) = &b.label {
        labels.push(l.clone());
    }
    let opts = |v: &[Ast], labels: &mut Vec<String>| -> Result<Vec<SpecOption>, String> {
        v.iter()
            .map(|a| match a {
                Ast::Brace(inner) => Ok(SpecOption::Node(to_spec(inner, env, labels)?)),
                Ast::Name(w) if labels.contains(w) => Ok(SpecOption::Label(w.clone())),
                other => Ok(SpecOption::Value(eval(other, env)?)),
            })
            .collect()
    };
    let spec = Spec {
        label: b.label.clone(),
        left: opts(&b.left, labels)?,
        right: opts(&b.right, labels)?,
        left_pass: b.left_pass,
        right_pass: b.right_pass,
    };
    if b.label.is_some() {
        labels.pop();
    }
    Ok(spec)
}

/// The value of an expression in the notation.
pub fn try_val_in(s: &str, env: &Env) -> Result<SidedValue, String> {
    let mut p = Parser {
        toks: lex(s),
        pos: 0,
    };
    let e = p.expr();
    assert_eq!(p.pos, p.toks.len(), "trailing tokens in {s}");
    eval(&e, env)
}

pub fn val_in(s: &str, env: &Env) -> SidedValue {
    try_val_in(s, env).unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn val(s: &str) -> SidedValue {
    val_in(s, &Env::new())
}

/// The value as a stopper.
pub fn st(s: &str) -> Stopper {
    val(s)
        .as_stopper()
        .unwrap_or_else(|| panic!("{s} is not a stopper"))
}

/// The printed value.
pub fn show(s: &str) -> String {
    val(s).to_string()
}

fn set_text(mut v: Vec<SidedValue>) -> String {
    onag_core::loopy::sort_values(&mut v);
    let t: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("{{{}}}", t.join(","))
}

fn stoppers_text(v: Vec<Stopper>) -> String {
    set_text(v.into_iter().map(SidedValue::from).collect())
}

/// A method of CGSuite's, called through the core API and printed as
/// CGSuite prints its result (what the language will do).
pub fn call(v: &SidedValue, method: &str) -> String {
    use onag_core::loopy::Player::{Left, Right};
    let s = v.as_stopper();
    let err = |e: onag_core::loopy::LoopyError| format!("!!{}", e.message);
    let short = v.as_short();
    let r: Result<String, onag_core::loopy::LoopyError> = (|| {
        Ok(match method {
            "Class" => v.class_name().to_string(),
            "Degree" => s.expect("stopper").degree()?.to_string(),
            "FollowerCount" => s.expect("stopper").follower_count()?.to_string(),
            "IsIdempotent" => v.is_idempotent()?.to_string(),
            "IsInfinitesimal" => v.is_infinitesimal()?.to_string(),
            "IsInteger" => short.is_some_and(|g| g.is_integer()).to_string(),
            "IsNimber" => short.is_some_and(|g| g.is_nimber()).to_string(),
            "IsNumber" => short.is_some_and(|g| g.is_number()).to_string(),
            "IsZero" => short.is_some_and(|g| g.is_zero()).to_string(),
            "IsUptimal" | "IsOrdinal" => {
                assert!(short.is_none(), "short games answer these themselves");
                "false".to_string()
            }
            "IsLoopfree" => v.is_loopfree().to_string(),
            "IsNumberish" => v.is_numberish()?.to_string(),
            "IsNumberTiny" => v.is_number_tiny()?.to_string(),
            "IsPlumtree" => v.is_plumtree().to_string(),
            "IsPseudonumber" => v.is_pseudonumber().to_string(),
            "IsStable" => s.expect("stopper").is_stable()?.to_string(),
            "IsStopper" => v.is_stopper().to_string(),
            "IsStopperSided" => v.is_stopper_sided().to_string(),
            "LeftOptions" | "Options(Left)" => stoppers_text(s.expect("stopper").left_options()),
            "RightOptions" | "Options(Right)" => stoppers_text(s.expect("stopper").right_options()),
            "LeftStop" | "Stop(Left)" => s.expect("stopper").stop(Left)?.to_string(),
            "RightStop" | "Stop(Right)" => s.expect("stopper").stop(Right)?.to_string(),
            "Onside" => v.onside().expect("stopper-sided").to_string(),
            "Offside" => v.offside().expect("stopper-sided").to_string(),
            "OutcomeClass" => v.outcome()?.to_string(),
            "Variety" => s.expect("stopper").variety()?.to_string(),
            "Followers" => stoppers_text(s.expect("stopper").followers()?),
            other => panic!("no method {other} in the tests"),
        })
    })();
    r.unwrap_or_else(err)
}

/// Check `(input).Method => expected` lines of one instance.
pub fn check_methods(input: &str, v: &SidedValue, cases: &str) {
    for line in cases.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (method, expected) = line.split_once(" => ").expect("METHOD => EXPECTED");
        let expected = expected.replace("⟪game.", "").replace('⟫', "");
        assert_eq!(call(v, method), expected, "({input}).{method}");
    }
}
