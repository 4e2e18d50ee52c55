//! Toads and Frogs and its generalisations (RULESETS 2.2):
//! `GenToadsAndFrogs(minSlide ? 1, maxSlide ? 1, maxJump ? 1,
//! allowFriendlyJump ? false)` and the presets `ToadsAndFrogs` (all
//! defaults) and `ElephantsAndRhinos` (`maxJump => 0`).
//!
//! Toads (`t`, Left) move rightward, frogs (`f`, Right) leftward. A piece
//! slides k = minSlide..=maxSlide cells over empty cells, or jumps over
//! k = 1..=maxJump consecutive enemy pieces (any pieces with
//! `allowFriendlyJump`) onto the empty cell after them. Back slides
//! (`minSlide <= -1`, as in `BackslidingToadsAndFrogs`, LOOPY 4.4) make
//! the game loopy: the canonical form of such a position is the error of a
//! game that is not short, and `GameValue` explores its graph, layered by
//! the depth hint (the number of toads left of a frog, which only jumps
//! change).
//!
//! A position is two bit masks (toads, frogs) over at most 128 cells, with
//! the ruleset's parameters. Its normal form is the lesser of the strip and
//! its mirror image with toads and frogs swapped, whose value is the
//! negative. Without back slides it decomposes, soundly, in three ways
//! (none of which CGSuite does; they only save work):
//! * toads at the right end and frogs at the left end can never move, and
//!   no piece can ever see past them, so they are cut off like the edge
//!   they stand for;
//! * without friendly jumps, a run of toads followed by a run of frogs,
//!   each longer than `maxJump` (or reaching the strip's end), is frozen for
//!   ever: no piece of it can slide or jump, no piece can jump over it (its
//!   outer pieces are friends of the pieces that reach them), and no piece
//!   looks past it, so the cells left of the block and right of it are
//!   independent games, each ending at the block as at an edge;
//! * components left without pieces are 0 and dropped.
//!
//! With back slides only the last holds (a piece at an end, or in a block,
//! may still slide back).

use crate::boards::strip::Strip;
use crate::framework::args::{Arg, Args};
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Board, PackedKey, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset};
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "GenToadsAndFrogs",
        package: Package::Strip,
        doc: "Toads (`t`, Left) move right, frogs (`f`, Right) left, sliding or jumping; \
              keywords minSlide, maxSlide, maxJump, allowFriendlyJump.",
        make: Make::Schema(|args| Ok(Rc::new(ToadsRuleset::from_args(args)?))),
    },
    RulesetEntry {
        name: "ToadsAndFrogs",
        package: Package::Strip,
        doc: "Toads (`t`, Left) slide one cell right or jump one frog; frogs (`f`, Right) likewise leftward.",
        make: Make::Ruleset(|| Rc::new(ToadsRuleset::preset("ToadsAndFrogs", TOADS_AND_FROGS))),
    },
    RulesetEntry {
        name: "ElephantsAndRhinos",
        package: Package::Strip,
        doc: "Toads and Frogs without jumps: elephants (`t`, Left) and rhinos (`f`, Right) only slide.",
        make: Make::Ruleset(|| {
            Rc::new(ToadsRuleset::preset(
                "ElephantsAndRhinos",
                Rules {
                    max_jump: 0,
                    ..TOADS_AND_FROGS
                },
            ))
        }),
    },
    RulesetEntry {
        name: "BackslidingToadsAndFrogs",
        package: Package::Strip,
        doc: "Toads and Frogs with a one-cell back slide (`minSlide => -1`): a loopy game, valued by GameValue.",
        make: Make::Ruleset(|| {
            Rc::new(ToadsRuleset::preset(
                "BackslidingToadsAndFrogs",
                BACKSLIDING,
            ))
        }),
    },
];

/// The largest strip (in cells) a position may have.
pub const MAX_CELLS: usize = 128;

/// The longest strip that has a packed key ([`Toads::packed_key`]): two
/// bits a cell, in the 100 bits below the length and the rules.
pub const MAX_PACKED_CELLS: usize = 50;

/// The moves of a GenToadsAndFrogs ruleset (RULESETS 2.2, LOOPY 4.4).
/// Distances are capped at 255, which exceeds every strip, so the cap
/// never changes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rules {
    /// Shortest forward slide (at least 1).
    pub min_slide: u8,
    /// Longest forward slide (0: no slides).
    pub max_slide: u8,
    /// Most pieces jumped at once (0: no jumps).
    pub max_jump: u8,
    /// Whether a piece may jump its own kind.
    pub friendly: bool,
    /// Longest back slide (`-minSlide` when `minSlide <= -1`; 0: none).
    pub back_slide: u8,
    /// Shortest back slide allowed (`-maxSlide` when `maxSlide <= -2`,
    /// else 1).
    pub back_from: u8,
}

/// The rules of `ToadsAndFrogs`: the defaults.
pub const TOADS_AND_FROGS: Rules = Rules {
    min_slide: 1,
    max_slide: 1,
    max_jump: 1,
    friendly: false,
    back_slide: 0,
    back_from: 1,
};

/// The rules of `BackslidingToadsAndFrogs` (`minSlide => -1`, LOOPY 4.4).
pub const BACKSLIDING: Rules = Rules {
    back_slide: 1,
    ..TOADS_AND_FROGS
};

/// A GenToadsAndFrogs ruleset with its printed name.
#[derive(Clone, Debug)]
pub struct ToadsRuleset {
    name: String,
    rules: Rules,
}

/// The keyword parameters, in the order they print.
const KEYWORDS: [&str; 4] = ["minSlide", "maxSlide", "maxJump", "allowFriendlyJump"];

impl ToadsRuleset {
    fn preset(name: &str, rules: Rules) -> ToadsRuleset {
        ToadsRuleset {
            name: name.to_string(),
            rules,
        }
    }

    /// The ruleset's rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `GenToadsAndFrogs(minSlide => .., maxSlide => .., maxJump => ..,
    /// allowFriendlyJump => ..)`.
    pub fn from_args(args: &Args) -> RuleResult<ToadsRuleset> {
        const WHAT: &str = "GenToadsAndFrogs";
        args.check_keywords(WHAT, &KEYWORDS)?;
        if !args.positional.is_empty() {
            return Err(RuleError::bad_argument(format!(
                "{WHAT} takes only keyword arguments ({})",
                KEYWORDS.join(", ")
            )));
        }
        // A distance: an integer or +-inf, as (clamped value, printed form).
        let distance = |key: &str, default: i64| -> RuleResult<(i64, Option<String>)> {
            match args.keyword(key) {
                None => Ok((default, None)),
                Some(Arg::Number(r)) if r.is_infinite() => {
                    let v = if r.is_positive() { 255 } else { -255 };
                    Ok((v, Some(r.to_string())))
                }
                Some(a) => match a.as_i64() {
                    Some(n) => Ok((n.clamp(-255, 255), Some(n.to_string()))),
                    None => Err(RuleError::bad_argument(format!(
                        "{WHAT}: {key} must be an integer, got {} ({a:?})",
                        a.kind()
                    ))),
                },
            }
        };
        let (min_slide, min_text) = distance("minSlide", 1)?;
        let (max_slide, max_text) = distance("maxSlide", 1)?;
        let (max_jump, jump_text) = distance("maxJump", 1)?;
        let friendly = match args.keyword("allowFriendlyJump") {
            None => None,
            Some(Arg::Bool(b)) => Some(*b),
            Some(a) => {
                return Err(RuleError::bad_argument(format!(
                    "{WHAT}: allowFriendlyJump must be true or false, got {} ({a:?})",
                    a.kind()
                )))
            }
        };
        let mut shown = Vec::new();
        for (key, text) in KEYWORDS.iter().zip([
            min_text,
            max_text,
            jump_text,
            friendly.map(|b| b.to_string()),
        ]) {
            if let Some(t) = text {
                shown.push(format!("{key} => {t}"));
            }
        }
        let name = format!("{WHAT}({})", shown.join(", "));
        Ok(ToadsRuleset {
            name,
            rules: Rules {
                min_slide: min_slide.max(1) as u8,
                max_slide: max_slide.max(0) as u8,
                max_jump: max_jump.max(0) as u8,
                friendly: friendly.unwrap_or(false),
                back_slide: (-min_slide).max(0) as u8,
                back_from: (-max_slide).max(1) as u8,
            },
        })
    }
}

impl AnyRuleset for ToadsRuleset {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let strip = Strip::from_args(&self.name, args, ".tf")?;
        let pos = Toads::from_strip(&strip, self.rules)?;
        Ok(partizan(&Rc::from(self.name.as_str()), pos))
    }
}

/// A GenToadsAndFrogs position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Toads {
    len: u8,
    /// Bit i: a toad on cell i (cell 0 is the leftmost).
    toads: u128,
    /// Bit i: a frog on cell i.
    frogs: u128,
    rules: Rules,
}

/// Bits 0..n.
fn low_mask(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The bits of `x` within 0..len, in reverse order.
fn reverse(x: u128, len: usize) -> u128 {
    if len == 0 {
        0
    } else {
        x.reverse_bits() >> (128 - len)
    }
}

impl Toads {
    /// A position from a strip of `.tf` cells (values 0, 1, 2).
    pub fn from_strip(strip: &Strip, rules: Rules) -> RuleResult<Toads> {
        if strip.cells.len() > MAX_CELLS {
            return Err(RuleError::too_large(format!(
                "Toads and Frogs strips are limited to {MAX_CELLS} cells; this one has {}",
                strip.cells.len()
            )));
        }
        let (mut toads, mut frogs) = (0u128, 0u128);
        for (i, &v) in strip.cells.iter().enumerate() {
            match v {
                0 => {}
                1 => toads |= 1 << i,
                2 => frogs |= 1 << i,
                _ => {
                    return Err(RuleError::bad_position(
                        "The position may only contain the following characters: .tf",
                    ))
                }
            }
        }
        Ok(Toads {
            len: strip.cells.len() as u8,
            toads,
            frogs,
            rules,
        })
    }

    /// A position from a string of `.`, `t`, `f` (either case).
    pub fn parse(s: &str, rules: Rules) -> RuleResult<Toads> {
        Toads::from_strip(&Strip::parse(s, ".tf")?, rules)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the strip has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The rules of the position.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The strip as a string of `.`, `t`, `f`.
    pub fn cells(&self) -> String {
        (0..self.len())
            .map(|i| {
                if self.toads >> i & 1 == 1 {
                    't'
                } else if self.frogs >> i & 1 == 1 {
                    'f'
                } else {
                    '.'
                }
            })
            .collect()
    }

    /// The position in 128 bits, exactly, when the strip has at most
    /// [`MAX_PACKED_CELLS`] cells and every distance of its rules is below
    /// 16 (all the named rulesets): toads in bits `0..n`, frogs in
    /// `n..2n`, the length in bits 100-105, and above it the rules (a bit
    /// for friendly jumps, then four bits for each distance). Cells beyond
    /// the strip are always empty, so distinct positions have distinct keys.
    pub fn packed_key(&self) -> Option<(u64, u64)> {
        let n = self.len();
        let r = self.rules;
        let distances = [
            r.min_slide,
            r.max_slide,
            r.max_jump,
            r.back_slide,
            r.back_from,
        ];
        if n > MAX_PACKED_CELLS || distances.iter().any(|&d| d >= 16) {
            return None;
        }
        let rules = distances
            .iter()
            .fold(u128::from(r.friendly), |code, &d| code << 4 | u128::from(d));
        let bits = self.toads | self.frogs << n | (n as u128) << 100 | rules << 106;
        Some((bits as u64, (bits >> 64) as u64))
    }

    /// The mirror image with toads and frogs swapped: the negative.
    pub fn mirror(&self) -> Toads {
        Toads {
            toads: reverse(self.frogs, self.len()),
            frogs: reverse(self.toads, self.len()),
            ..*self
        }
    }

    /// Cells lo..hi as a strip of their own.
    fn slice(&self, lo: usize, hi: usize) -> Toads {
        if lo >= hi {
            return Toads {
                len: 0,
                toads: 0,
                frogs: 0,
                rules: self.rules,
            };
        }
        let m = low_mask(hi - lo);
        Toads {
            len: (hi - lo) as u8,
            toads: (self.toads >> lo) & m,
            frogs: (self.frogs >> lo) & m,
            rules: self.rules,
        }
    }

    /// Without the toads at the right end and the frogs at the left end,
    /// which never move and behave exactly like the edge.
    fn trimmed(&self) -> Toads {
        let mut hi = self.len();
        while hi > 0 && self.toads >> (hi - 1) & 1 == 1 {
            hi -= 1;
        }
        let mut lo = 0;
        while lo < hi && self.frogs >> lo & 1 == 1 {
            lo += 1;
        }
        self.slice(lo, hi)
    }

    /// Whether the strip has no pieces (after trimming, every strip with
    /// a piece has a move).
    fn is_dead(&self) -> bool {
        self.toads | self.frogs == 0
    }

    /// The cell at i (may be outside the strip): 0 empty, 1 toad, 2 frog,
    /// 3 outside.
    fn cell(&self, i: isize) -> u8 {
        if i < 0 || i >= self.len as isize {
            3
        } else if self.toads >> i & 1 == 1 {
            1
        } else if self.frogs >> i & 1 == 1 {
            2
        } else {
            0
        }
    }

    /// The destinations of the forward slides of the piece on cell n
    /// moving in direction s.
    fn slides(&self, n: isize, s: isize, out: &mut Vec<isize>) {
        let r = self.rules;
        for k in 1..=r.max_slide as isize {
            if self.cell(n + k * s) != 0 {
                break;
            }
            if k >= r.min_slide as isize {
                out.push(n + k * s);
            }
        }
    }

    /// The destinations of the back slides of the piece on cell n moving
    /// in direction s (LOOPY 4.4).
    fn back_slides(&self, n: isize, s: isize, out: &mut Vec<isize>) {
        let r = self.rules;
        for k in 1..=r.back_slide as isize {
            if self.cell(n - k * s) != 0 {
                break;
            }
            if k >= r.back_from as isize {
                out.push(n - k * s);
            }
        }
    }

    /// The destinations of the jumps of the piece on cell n moving in
    /// direction s over `enemy` pieces.
    fn jumps(&self, n: isize, s: isize, enemy: u8, out: &mut Vec<isize>) {
        let r = self.rules;
        for k in 1..=r.max_jump as isize {
            let c = self.cell(n + k * s);
            let jumpable = c == enemy || (r.friendly && (c == 1 || c == 2));
            if !jumpable {
                break;
            }
            if self.cell(n + (k + 1) * s) == 0 {
                out.push(n + (k + 1) * s);
            }
        }
    }

    /// The frozen blocks `t^a f^b` (a, b > maxJump or reaching an end):
    /// their cell ranges lo..hi.
    fn frozen_blocks(&self) -> Vec<(usize, usize)> {
        let len = self.len();
        let j = self.rules.max_jump as usize;
        let mut blocks = Vec::new();
        // Boundaries i: cell i a toad, cell i+1 a frog.
        let mut b = self.toads & (self.frogs >> 1);
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let mut lo = i;
            while lo > 0 && self.toads >> (lo - 1) & 1 == 1 {
                lo -= 1;
            }
            let mut hi = i + 1;
            while hi + 1 < len && self.frogs >> (hi + 1) & 1 == 1 {
                hi += 1;
            }
            let (a, f) = (i + 1 - lo, hi - i);
            if (a > j || lo == 0) && (f > j || hi + 1 == len) {
                blocks.push((lo, hi + 1));
            }
        }
        blocks
    }
}

impl Position for Toads {
    fn text(&self) -> String {
        format!("\"{}\"", self.cells())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.cells()))
    }

    fn packed(&self) -> Option<PackedKey> {
        self.packed_key()
    }

    /// Each piece's slides and jumps, piece by piece; with back slides
    /// (LOOPY 4.4) every forward slide, then every back slide, then every
    /// jump.
    fn options(&self, player: Player) -> Vec<Self> {
        let (mine, s, enemy) = match player {
            Player::Left => (self.toads, 1, 2),
            Player::Right => (self.frogs, -1, 1),
        };
        // (from, to) moves.
        let mut moves: Vec<(isize, isize)> = Vec::new();
        let mut dests = Vec::new();
        let pieces = || {
            let mut m = mine;
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let n = m.trailing_zeros() as isize;
                    m &= m - 1;
                    n
                })
            })
        };
        if self.rules.back_slide == 0 {
            for n in pieces() {
                dests.clear();
                self.slides(n, s, &mut dests);
                self.jumps(n, s, enemy, &mut dests);
                moves.extend(dests.iter().map(|&d| (n, d)));
            }
        } else {
            for kind in 0..3 {
                for n in pieces() {
                    dests.clear();
                    match kind {
                        0 => self.slides(n, s, &mut dests),
                        1 => self.back_slides(n, s, &mut dests),
                        _ => self.jumps(n, s, enemy, &mut dests),
                    }
                    moves.extend(dests.iter().map(|&d| (n, d)));
                }
            }
        }
        moves
            .into_iter()
            .map(|(n, d)| {
                let moved = (mine & !(1u128 << n)) | (1u128 << d);
                match player {
                    Player::Left => Toads {
                        toads: moved,
                        ..*self
                    },
                    Player::Right => Toads {
                        frogs: moved,
                        ..*self
                    },
                }
            })
            .collect()
    }

    fn may_repeat(&self) -> bool {
        self.rules.back_slide > 0
    }

    /// The number of (toad, frog) pairs with the toad left of the frog:
    /// slides keep it, jumps lower it (LOOPY 4.4).
    fn depth_hint(&self) -> i64 {
        let mut pairs = 0;
        let mut toads = self.toads;
        while toads != 0 {
            let i = toads.trailing_zeros();
            toads &= toads - 1;
            let right = if i >= 127 { 0 } else { self.frogs >> (i + 1) };
            pairs += i64::from(right.count_ones());
        }
        pairs
    }

    fn decompose(&self) -> Vec<Self> {
        if self.rules.back_slide > 0 {
            // Only an empty strip splits off (into nothing).
            return if self.is_dead() { vec![] } else { vec![*self] };
        }
        let mut parts = Vec::new();
        let mut push = |p: Toads| {
            let t = p.trimmed();
            if !t.is_dead() {
                parts.push(t);
            }
        };
        if self.rules.friendly {
            push(*self);
            return parts;
        }
        let mut start = 0;
        for (lo, hi) in self.frozen_blocks() {
            push(self.slice(start, lo));
            start = hi;
        }
        push(self.slice(start, self.len()));
        parts
    }

    fn normalize(&self) -> (Self, bool) {
        let m = self.mirror();
        if (m.len, m.toads, m.frogs) < (self.len, self.toads, self.frogs) {
            (m, true)
        } else {
            (*self, false)
        }
    }
}
