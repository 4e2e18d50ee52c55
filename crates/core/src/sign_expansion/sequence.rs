//! Transfinite sign sequences in a compact block form: runs `σ^α` of one
//! sign repeated an ordinal number of times, and ω-fold repetitions
//! `(…)^ω` of a block (SURREAL 9.1).
//!
//! Lengths add as ordinals (Cantor's sum: `+ +^ω` is `+^ω`), and a block
//! repeated ω times has ω times its length. The order of sequences is the
//! lexicographic order with "end" between `-` and `+`, which is the order
//! of the numbers they denote (ONAG ch. 3; Gonshor, Theorem 2.3).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

use crate::interrupt;
use crate::surreal::{write_grouped, Ordinal};

/// One sign: `+` (Left's edge in Hackenbush, the path to the right in the
/// tree of numbers) or `-`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Sign {
    /// `-`, a step to the left (a red edge).
    Minus,
    /// `+`, a step to the right (a blue edge).
    Plus,
}

impl Sign {
    /// The other sign.
    pub fn flip(self) -> Sign {
        match self {
            Sign::Plus => Sign::Minus,
            Sign::Minus => Sign::Plus,
        }
    }

    /// `σ ⊙ τ`: σ if τ is `+`, flipped if τ is `-` (SURREAL 9.3).
    pub fn times(self, other: Sign) -> Sign {
        match other {
            Sign::Plus => self,
            Sign::Minus => self.flip(),
        }
    }

    /// The sign of a non-zero signum.
    pub fn of(signum: i32) -> Sign {
        if signum < 0 {
            Sign::Minus
        } else {
            Sign::Plus
        }
    }

    fn symbol(self) -> char {
        match self {
            Sign::Plus => '+',
            Sign::Minus => '-',
        }
    }
}

/// A block of a sign sequence.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Segment {
    /// `σ^α`: the sign σ repeated α ≥ 1 times.
    Run(Sign, Ordinal),
    /// `(B)^ω`: the block B (non-empty) repeated ω times.
    Repeat(Vec<Segment>),
}

/// A sign sequence of any length below ε₀, in a normal block form: adjacent
/// runs have different signs, a repeated block is not a single run and
/// does not begin and end with runs of the same sign, has no shorter period
/// and is rotated as far back into what precedes it as possible. Equality
/// and order are those of the sequences (lexicographic, end between `-` and
/// `+`), so that equal sequences written differently compare equal.
#[derive(Clone, Default)]
pub struct SignExpansion {
    segments: Vec<Segment>,
}

impl SignExpansion {
    /// The empty sequence (the expansion of 0).
    pub fn empty() -> SignExpansion {
        SignExpansion::default()
    }

    /// The sequence of these blocks, in normal form.
    pub fn new(segments: impl IntoIterator<Item = Segment>) -> SignExpansion {
        let mut out = Vec::new();
        for s in segments {
            push(&mut out, s);
        }
        SignExpansion { segments: out }
    }

    /// σ repeated α times.
    pub fn run(sign: Sign, length: Ordinal) -> SignExpansion {
        SignExpansion::new([Segment::Run(sign, length)])
    }

    /// The finite sequence of these signs.
    pub fn from_signs(signs: impl IntoIterator<Item = Sign>) -> SignExpansion {
        SignExpansion::new(signs.into_iter().map(|s| Segment::Run(s, Ordinal::one())))
    }

    /// The blocks, in normal form.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether this is the empty sequence.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The length, an ordinal: the birthday of the number (SURREAL 9.1).
    pub fn length(&self) -> Ordinal {
        length_of(&self.segments)
    }

    /// Whether the sequence is finite.
    pub fn is_finite(&self) -> bool {
        self.segments
            .iter()
            .all(|s| matches!(s, Segment::Run(_, a) if a.is_finite()))
    }

    /// The signs of a finite sequence of at most `max` signs.
    pub fn to_signs(&self, max: u64) -> Option<Vec<Sign>> {
        let mut out = Vec::new();
        for s in &self.segments {
            let Segment::Run(sign, a) = s else {
                return None;
            };
            let n = a.to_u64()?;
            if out.len() as u64 + n > max {
                return None;
            }
            out.extend(std::iter::repeat_n(*sign, usize::try_from(n).ok()?));
        }
        Some(out)
    }

    /// The runs of a sequence without repetitions (`None` if it has one).
    pub fn runs(&self) -> Option<Vec<(Sign, Ordinal)>> {
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Run(sign, a) => Some((*sign, a.clone())),
                Segment::Repeat(_) => None,
            })
            .collect()
    }

    /// This sequence followed by another.
    pub fn concat(&self, other: &SignExpansion) -> SignExpansion {
        SignExpansion::new(self.segments.iter().chain(&other.segments).cloned())
    }

    /// Every sign flipped: the expansion of −x (SURREAL 9.1).
    pub fn negated(&self) -> SignExpansion {
        SignExpansion {
            segments: negate(&self.segments),
        }
    }

    /// The sequence with every sign stretched into a run of `ω^e` of them
    /// (the block of `r_j^(ω^PL)` of SURREAL 9.3).
    pub fn stretched(&self, e: &Ordinal) -> SignExpansion {
        if e.is_zero() {
            return self.clone();
        }
        let factor = Ordinal::omega_power(e.clone());
        SignExpansion::new(stretch(&self.segments, &factor))
    }

    /// The first sign and the rest (`None` for the empty sequence).
    pub fn split_first(&self) -> Option<(Sign, SignExpansion)> {
        let mut segs = self.segments.iter();
        match segs.next()? {
            Segment::Run(s, a) => {
                let rest = a.left_difference_one();
                let head = rest.map(|r| Segment::Run(*s, r));
                Some((
                    *s,
                    SignExpansion::new(head.into_iter().chain(segs.cloned())),
                ))
            }
            Segment::Repeat(body) => {
                let unrolled = SignExpansion::new(
                    body.iter()
                        .cloned()
                        .chain([Segment::Repeat(body.clone())])
                        .chain(segs.cloned()),
                );
                // The unrolled form begins with a run.
                match unrolled.segments.first() {
                    Some(Segment::Run(..)) => unrolled.split_first(),
                    _ => None,
                }
            }
        }
    }

    /// The lexicographic comparison of the sequences, with "end" between
    /// `-` and `+` (the order of the numbers they denote).
    pub fn lex_cmp(&self, other: &SignExpansion) -> Ordering {
        compare(&self.segments, &other.segments)
    }
}

impl Ordinal {
    /// `−1 + α` for α ≥ 1 (`None` when that is 0).
    fn left_difference_one(&self) -> Option<Ordinal> {
        let rest = Ordinal::one().left_difference(self)?;
        (!rest.is_zero()).then_some(rest)
    }
}

fn negate(segments: &[Segment]) -> Vec<Segment> {
    segments
        .iter()
        .map(|s| match s {
            Segment::Run(sign, a) => Segment::Run(sign.flip(), a.clone()),
            Segment::Repeat(body) => Segment::Repeat(negate(body)),
        })
        .collect()
}

fn stretch(segments: &[Segment], factor: &Ordinal) -> Vec<Segment> {
    segments
        .iter()
        .map(|s| match s {
            Segment::Run(sign, a) => Segment::Run(*sign, factor.cantor_product(a)),
            Segment::Repeat(body) => Segment::Repeat(stretch(body, factor)),
        })
        .collect()
}

fn length_of(segments: &[Segment]) -> Ordinal {
    segments.iter().fold(Ordinal::zero(), |acc, s| {
        let l = match s {
            Segment::Run(_, a) => a.clone(),
            Segment::Repeat(body) => length_of(body).cantor_product(&Ordinal::omega()),
        };
        acc.cantor_sum(&l)
    })
}

// ---------------------------------------------------------------------------
// Normal form.

/// Appends a block to a sequence in normal form, keeping it normal.
fn push(out: &mut Vec<Segment>, segment: Segment) {
    match segment {
        Segment::Run(sign, a) => push_run(out, sign, a),
        Segment::Repeat(body) => push_repeat(out, body),
    }
}

/// Appends the run `σ^α`, merged into a last run of the same sign.
pub(super) fn push_run(out: &mut Vec<Segment>, sign: Sign, a: Ordinal) {
    if a.is_zero() {
        return;
    }
    match out.last_mut() {
        Some(Segment::Run(s, b)) if *s == sign => *b = b.cantor_sum(&a),
        _ => out.push(Segment::Run(sign, a)),
    }
}

fn push_repeat(out: &mut Vec<Segment>, body: Vec<Segment>) {
    let mut b = Vec::new();
    for s in body {
        push(&mut b, s);
    }
    // σ^a … σ^b repeated is σ^a (… σ^(b+a)) repeated.
    loop {
        match b.as_slice() {
            [] => return,
            [Segment::Run(sign, a)] => {
                let length = a.cantor_product(&Ordinal::omega());
                return push(out, Segment::Run(*sign, length));
            }
            [Segment::Run(s1, a), .., Segment::Run(s2, last)] if s1 == s2 => {
                let (sign, a, last) = (*s1, a.clone(), last.clone());
                push(out, Segment::Run(sign, a.clone()));
                b.remove(0);
                if let Some(Segment::Run(_, l)) = b.last_mut() {
                    *l = last.cantor_sum(&a);
                }
            }
            _ => break,
        }
    }
    // The shortest period.
    let n = b.len();
    if let Some(k) = (1..n).find(|&k| n % k == 0 && (k..n).all(|i| b[i] == b[i % k])) {
        b.truncate(k);
    }
    // Rotate back into what precedes while it ends with the block's end.
    loop {
        interrupt::check();
        let rotated = match (out.last_mut(), b.last()) {
            (Some(Segment::Run(s, l)), Some(Segment::Run(t, m))) if s == t => {
                match l.right_difference(m) {
                    Some(rest) => {
                        if rest.is_zero() {
                            out.pop();
                        } else {
                            *l = rest;
                        }
                        true
                    }
                    None => false,
                }
            }
            (Some(prev @ Segment::Repeat(_)), Some(last)) if &*prev == last => {
                out.pop();
                true
            }
            _ => false,
        };
        if !rotated {
            break;
        }
        b.rotate_right(1);
    }
    out.push(Segment::Repeat(b));
}

// ---------------------------------------------------------------------------
// Lexicographic comparison.

/// A position of a [`Cursor`]: for each block being read, its address, the
/// index of the current segment and the signs read of it.
type Position = Vec<(usize, usize, Ordinal)>;

/// A position in a sequence: a stack of blocks being read, innermost last.
struct Cursor<'a> {
    frames: Vec<Frame<'a>>,
}

struct Frame<'a> {
    segments: &'a [Segment],
    index: usize,
    /// The signs of the current run already read.
    offset: Ordinal,
    /// Whether this is the body of a repetition (read again when done).
    repeated: bool,
    /// How many times the body has been read through.
    laps: u64,
}

impl<'a> Cursor<'a> {
    fn new(segments: &'a [Segment]) -> Cursor<'a> {
        Cursor {
            frames: vec![Frame {
                segments,
                index: 0,
                offset: Ordinal::zero(),
                repeated: false,
                laps: 0,
            }],
        }
    }

    /// The current sign and how many of it remain in the current run;
    /// `None` at the end.
    fn peek(&mut self) -> Option<(Sign, Ordinal)> {
        loop {
            let frame = self.frames.last_mut()?;
            match frame.segments.get(frame.index) {
                None if frame.repeated => {
                    frame.index = 0;
                    frame.laps += 1;
                    if frame.segments.is_empty() {
                        return None;
                    }
                }
                None => {
                    self.frames.pop();
                }
                Some(Segment::Run(sign, a)) => {
                    let left = frame.offset.left_difference(a).unwrap_or_default();
                    return Some((*sign, left));
                }
                Some(Segment::Repeat(body)) => {
                    frame.index += 1;
                    self.frames.push(Frame {
                        segments: body,
                        index: 0,
                        offset: Ordinal::zero(),
                        repeated: true,
                        laps: 0,
                    });
                }
            }
        }
    }

    /// Reads `amount` signs of the current run (at most what remains).
    fn advance(&mut self, amount: &Ordinal) {
        if let Some(frame) = self.frames.last_mut() {
            frame.offset = frame.offset.cantor_sum(amount);
            if let Some(Segment::Run(_, a)) = frame.segments.get(frame.index) {
                if &frame.offset >= a {
                    frame.index += 1;
                    frame.offset = Ordinal::zero();
                }
            }
        }
    }

    /// The position, up to how many laps each repetition has made.
    fn state(&self) -> Position {
        self.frames
            .iter()
            .map(|f| (f.segments.as_ptr() as usize, f.index, f.offset.clone()))
            .collect()
    }

    fn laps(&self) -> Vec<u64> {
        self.frames.iter().map(|f| f.laps).collect()
    }

    /// Jumps to the limit of a cycle: leaves the outermost repetition that
    /// made a lap since `before`.
    fn leave_cycle(&mut self, before: &[u64]) {
        let depth = self
            .frames
            .iter()
            .zip(before)
            .position(|(f, &b)| f.laps != b);
        if let Some(d) = depth {
            self.frames.truncate(d);
        }
    }
}

/// The most steps a comparison takes (far beyond what the cycle detection
/// needs for any sequence written by hand or computed here).
const MAX_COMPARE_STEPS: usize = 1 << 20;

fn compare(a: &[Segment], b: &[Segment]) -> Ordering {
    let (mut x, mut y) = (Cursor::new(a), Cursor::new(b));
    let mut seen: HashMap<(Position, Position), (Vec<u64>, Vec<u64>)> = HashMap::new();
    for _ in 0..MAX_COMPARE_STEPS {
        interrupt::check();
        let (p, q) = (x.peek(), y.peek());
        let (sa, la, sb, lb) = match (p, q) {
            (None, None) => return Ordering::Equal,
            (None, Some((s, _))) => return end_vs(s).reverse(),
            (Some((s, _)), None) => return end_vs(s),
            (Some((sa, la)), Some((sb, lb))) => (sa, la, sb, lb),
        };
        if sa != sb {
            return sa.cmp(&sb);
        }
        let m = la.min(lb);
        x.advance(&m);
        y.advance(&m);
        // Settle both cursors on a run before recording the position.
        let _ = (x.peek(), y.peek());
        let key = (x.state(), y.state());
        match seen.get(&key) {
            Some((lx, ly)) => {
                let (lx, ly) = (lx.clone(), ly.clone());
                x.leave_cycle(&lx);
                y.leave_cycle(&ly);
                seen.clear();
            }
            None => {
                seen.insert(key, (x.laps(), y.laps()));
            }
        }
    }
    Ordering::Equal
}

/// How a sequence continuing with the sign s compares with one that ends.
fn end_vs(s: Sign) -> Ordering {
    match s {
        Sign::Plus => Ordering::Greater,
        Sign::Minus => Ordering::Less,
    }
}

impl PartialEq for SignExpansion {
    fn eq(&self, other: &SignExpansion) -> bool {
        self.lex_cmp(other) == Ordering::Equal
    }
}

impl Eq for SignExpansion {}

impl Ord for SignExpansion {
    fn cmp(&self, other: &SignExpansion) -> Ordering {
        self.lex_cmp(other)
    }
}

impl PartialOrd for SignExpansion {
    fn partial_cmp(&self, other: &SignExpansion) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

// ---------------------------------------------------------------------------
// Printing.

impl fmt::Display for SignExpansion {
    /// A finite sequence of at most 64 signs as plain signs (`+-+` for 3/4,
    /// the empty string for 0); any other in block form: a run of up to
    /// three signs is written out, a longer one as `σ^α` (`-^ω+^5` for 5 − ω, `+^(ω×2)`,
    /// the length printed as SURREAL 5.1 prints exponents), a repetition as
    /// `(…)^ω` (`+-(-+)^ω` for 1/3, `(+-^ω)^ω` for 1/(ω−1)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = self.is_finite() && self.length().to_u64().is_some_and(|n| n <= PLAIN_LENGTH);
        write_segments(f, &self.segments, plain)
    }
}

impl fmt::Debug for SignExpansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The longest finite run written out sign by sign in block form.
const PLAIN_RUN: u64 = 3;

/// The longest finite sequence written out sign by sign.
const PLAIN_LENGTH: u64 = 64;

fn write_segments(f: &mut fmt::Formatter<'_>, segments: &[Segment], plain: bool) -> fmt::Result {
    for s in segments {
        match s {
            Segment::Run(sign, a) => {
                let c = sign.symbol();
                match a.to_u64() {
                    Some(n) if plain || n <= PLAIN_RUN => {
                        for _ in 0..n {
                            write!(f, "{c}")?;
                        }
                    }
                    _ => {
                        write!(f, "{c}^")?;
                        write_grouped(f, a.as_generalized())?;
                    }
                }
            }
            Segment::Repeat(body) => {
                f.write_str("(")?;
                write_segments(f, body, false)?;
                f.write_str(")^ω")?;
            }
        }
    }
    Ok(())
}
