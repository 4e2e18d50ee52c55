//! The GenClobber family (RULESETS 1.4): Clobber, AntiClobber, HotClobber,
//! Kings, Knights, Rooks, Queens and `GenClobber(directions =>, clobbered =>,
//! leftBehind =>, maxDistance =>)`.
//!
//! Cells are 0 empty `.`, 1 Left stone `x`, 2 Right stone `o` (CharMap
//! `.xo`, even when 0 is clobberable: RULESETS 1.4 \[QUIRK\]). A move takes
//! one of the mover's stones and one direction d, slides over empty cells
//! while fewer than `maxDistance` steps are taken, and needs the cell
//! reached to be on the board and in the mover's `clobbered` set; the origin
//! becomes the mover's `leftBehind` value and the target the mover's stone.
//!
//! Decomposition follows CGSuite exactly where it matters: only when
//! `maxDistance == 1`, into the regions of non-empty cells connected by
//! ±directions; one region is the whole board untouched, several are cut to
//! their bounding boxes with the other cells emptied. When 0 is clobberable
//! (AntiClobber) this split changes values (`AntiClobber("x.o")` = 0 where
//! the true value is `*`) and is reproduced. When 0 is not clobberable the
//! split is sound and the engine also drops stoneless borders and
//! single-stone regions (value 0). Normal forms range over the symmetries of
//! the rectangle that preserve the direction set, and over the colour swap
//! (which negates) when the rules treat both players alike.

use crate::boards::bitboard::BitBoard;
use crate::boards::directions::{self, directions, Step};
use crate::boards::grid::Grid;
use crate::framework::args::{Arg, Args};
use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::position::{Board, Player, Position};
use crate::framework::ruleset::{partizan, AnyPosition, AnyRuleset};
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

const CHARMAP: &str = ".xo";

/// The parameters of a GenClobber ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClobberRules {
    /// The (row, col) steps a stone may move along (rows grow downward).
    pub directions: Vec<Step>,
    /// For Left and Right, the set of cell values (0..=2) a move may land
    /// on, as a bit mask (bit v for value v).
    pub clobbered: [u8; 2],
    /// For Left and Right, the value (0..=2) the origin cell takes.
    pub left_behind: [u8; 2],
    /// The most steps of one move; `None` is `inf`.
    pub max_distance: Option<u64>,
}

impl Default for ClobberRules {
    /// Clobber: orthogonal, capture the enemy, leave an empty cell, one
    /// step.
    fn default() -> Self {
        ClobberRules {
            directions: directions::ORTHOGONAL.to_vec(),
            clobbered: [1 << 2, 1 << 1],
            left_behind: [0, 0],
            max_distance: Some(1),
        }
    }
}

fn player_index(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// Value v with the colours exchanged.
fn swap_value(v: u8) -> u8 {
    match v {
        1 => 2,
        2 => 1,
        v => v,
    }
}

fn swap_mask(m: u8) -> u8 {
    (m & 1) | (m & 2) << 1 | (m & 4) >> 1
}

/// The image of a direction under symmetry `sym` (as in
/// [`BitBoard::transform`]).
fn map_direction(sym: u8, (mut dr, mut dc): (i64, i64)) -> (i64, i64) {
    if sym & 1 != 0 {
        dr = -dr;
    }
    if sym & 2 != 0 {
        dc = -dc;
    }
    if sym & 4 != 0 {
        std::mem::swap(&mut dr, &mut dc);
    }
    (dr, dc)
}

impl ClobberRules {
    fn text_directions(&self) -> String {
        if let Some(n) = directions::name_of(&self.directions) {
            return format!("Coordinates.{n}");
        }
        let parts: Vec<String> = self
            .directions
            .iter()
            .map(|(r, c)| format!("({r},{c})"))
            .collect();
        format!("[{}]", parts.join(","))
    }

    fn text_set(mask: u8) -> String {
        let vals: Vec<String> = (0..3)
            .filter(|v| mask >> v & 1 == 1)
            .map(|v| v.to_string())
            .collect();
        format!("[{}]", vals.join(","))
    }

    /// The parameters that differ from Clobber's, as `GenClobber(...)`
    /// keyword arguments that read back.
    fn text_parameters(&self) -> String {
        let d = ClobberRules::default();
        let mut parts = Vec::new();
        if self.directions != d.directions {
            parts.push(format!("directions => {}", self.text_directions()));
        }
        if self.clobbered != d.clobbered {
            parts.push(format!(
                "clobbered => [{}, {}]",
                Self::text_set(self.clobbered[0]),
                Self::text_set(self.clobbered[1])
            ));
        }
        if self.left_behind != d.left_behind {
            parts.push(format!(
                "leftBehind => [{}, {}]",
                self.left_behind[0], self.left_behind[1]
            ));
        }
        if self.max_distance != d.max_distance {
            parts.push(match self.max_distance {
                Some(n) => format!("maxDistance => {n}"),
                None => "maxDistance => inf".into(),
            });
        }
        parts.join(", ")
    }
}

/// Rules with what the engine derives from them.
#[derive(Debug)]
pub struct Interned {
    /// The rules.
    pub rules: ClobberRules,
    /// Whether a move may land on an empty cell.
    zero_clobberable: bool,
    /// Whether the position decomposes (maxDistance == 1).
    decomposes: bool,
    /// The symmetries of the rectangle that map the direction set to
    /// itself, as a bit set (bit s for symmetry s of
    /// [`BitBoard::transform`]).
    symmetries: u8,
    /// Whether exchanging the colours negates the value.
    colour_swap: bool,
}

/// The session's one copy of `rules` with its derived data, so that
/// positions of equal rules compare equal by address.
fn intern(rules: ClobberRules) -> RulesRef {
    RulesRef(cache::kept(rules.clone(), || Arc::new(derive(rules))))
}

fn derive(rules: ClobberRules) -> Interned {
    let mut dirs = rules.directions.clone();
    dirs.sort_unstable();
    dirs.dedup();
    let symmetries = (0..8u8)
        .filter(|&s| {
            let mut img: Vec<Step> = dirs.iter().map(|&d| map_direction(s, d)).collect();
            img.sort_unstable();
            img == dirs
        })
        .fold(0, |m, s| m | 1 << s);
    let colour_swap = swap_mask(rules.clobbered[0]) == rules.clobbered[1]
        && swap_value(rules.left_behind[0]) == rules.left_behind[1];
    Interned {
        zero_clobberable: (rules.clobbered[0] | rules.clobbered[1]) & 1 != 0,
        decomposes: rules.max_distance == Some(1),
        symmetries,
        colour_swap,
        rules,
    }
}

/// A reference to interned rules, compared and hashed by address (equal
/// rules of one session share one copy).
#[derive(Clone, Debug)]
pub struct RulesRef(Arc<Interned>);

impl PartialEq for RulesRef {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for RulesRef {}

impl Hash for RulesRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).hash(state)
    }
}

/// A GenClobber position: the rules and the board (layer 0 Left stones,
/// layer 1 Right stones; at most 128 cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clobber {
    rules: RulesRef,
    board: BitBoard<2>,
}

impl Clobber {
    /// A Clobber (default rules) position from a board string.
    pub fn parse(s: &str) -> RuleResult<Clobber> {
        Clobber::with_rules(ClobberRules::default(), s)
    }

    /// A position of the given rules from a board string (`.xo`).
    pub fn with_rules(rules: ClobberRules, s: &str) -> RuleResult<Clobber> {
        Clobber::from_grid(intern(rules), &Grid::parse(s, CHARMAP)?)
    }

    fn from_grid(rules: RulesRef, g: &Grid) -> RuleResult<Clobber> {
        Ok(Clobber {
            rules,
            board: BitBoard::from_grid("GenClobber", g)?,
        })
    }

    /// The board string (`.xo`).
    pub fn board_string(&self) -> String {
        self.board.board_string(CHARMAP)
    }

    /// The same board with the colours exchanged.
    pub fn colour_swapped(&self) -> Clobber {
        self.with_board(self.board.exchanged())
    }

    fn with_board(&self, board: BitBoard<2>) -> Clobber {
        Clobber {
            rules: self.rules.clone(),
            board,
        }
    }
}

impl Position for Clobber {
    fn text(&self) -> String {
        format!("\"{}\"", self.board_string())
    }

    fn board(&self) -> Option<Board> {
        Some(Board::from_rows(&self.board_string()))
    }

    fn options(&self, player: Player) -> Vec<Self> {
        let rules = &self.rules.0.rules;
        let p = player_index(player);
        let mover = p as u8 + 1;
        let clobbered = rules.clobbered[p];
        let behind = rules.left_behind[p];
        let empty = self.board.empty();
        let mut out = Vec::new();
        let mut stones = self.board.layers[p];
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            for &(dr, dc) in &rules.directions {
                let mut n: u64 = 1;
                let target = loop {
                    let (Some(sr), Some(sc)) = (dr.checked_mul(n as i64), dc.checked_mul(n as i64))
                    else {
                        break None;
                    };
                    let Some(t) = self.board.step(i, sr, sc) else {
                        break None;
                    };
                    let more = rules.max_distance.is_none_or(|m| n < m);
                    if more && empty >> t & 1 == 1 {
                        n += 1;
                    } else {
                        break Some(t);
                    }
                };
                let Some(t) = target else { continue };
                if clobbered >> self.board.get(t) & 1 == 1 {
                    let mut b = self.board;
                    b.set(i, behind);
                    b.set(t, mover);
                    out.push(self.with_board(b));
                }
            }
        }
        out
    }

    fn decompose(&self) -> Vec<Self> {
        let info = &self.rules.0;
        let stones = self.board.occupied();
        if stones == 0 {
            return vec![];
        }
        if !info.decomposes {
            // Without a split, only empty borders can go, and only when no
            // move lands on an empty cell.
            return if info.zero_clobberable {
                vec![self.clone()]
            } else {
                vec![self.with_board(self.board.crop(stones, 0))]
            };
        }
        let regions = self.board.regions(stones, &info.rules.directions);
        if info.zero_clobberable {
            // CGSuite's split, value-changing for AntiClobber.
            if regions.len() == 1 {
                return vec![self.clone()];
            }
            return regions
                .iter()
                .map(|&r| self.with_board(self.board.crop(r, 0)))
                .collect();
        }
        regions
            .iter()
            .filter(|r| r.count_ones() > 1)
            .map(|&r| self.with_board(self.board.crop(r, 0)))
            .collect()
    }

    fn normalize(&self) -> (Self, bool) {
        let info = &self.rules.0;
        let exchange = info
            .colour_swap
            .then_some(BitBoard::exchanged as fn(&_) -> _);
        let (b, negated) =
            self.board
                .least_image(|s| info.symmetries >> s & 1 == 1, exchange, false);
        (self.with_board(b), negated)
    }
}

/// A GenClobber ruleset: its rules and the name it prints with.
pub struct ClobberRuleset {
    name: String,
    rules: RulesRef,
}

impl ClobberRuleset {
    /// The ruleset of `rules`, printing as `name`.
    pub fn new(name: impl Into<String>, rules: ClobberRules) -> ClobberRuleset {
        ClobberRuleset {
            name: name.into(),
            rules: intern(rules),
        }
    }
}

impl AnyRuleset for ClobberRuleset {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let grid = Grid::from_args(&self.name, args, CHARMAP)?;
        let pos = Clobber::from_grid(self.rules.clone(), &grid)?;
        Ok(partizan(&Rc::from(self.name.as_str()), pos))
    }
}

/// The rules of a preset (`Clobber`, `AntiClobber`, ...), if `name` is one.
pub fn preset(name: &str) -> Option<ClobberRules> {
    let d = ClobberRules::default();
    Some(match name {
        "Clobber" => d,
        "AntiClobber" => ClobberRules {
            clobbered: [1, 1],
            left_behind: [2, 1],
            ..d
        },
        "HotClobber" => ClobberRules {
            clobbered: [6, 6],
            ..d
        },
        "Kings" => ClobberRules {
            directions: directions::COMPASS.to_vec(),
            ..d
        },
        "Knights" => ClobberRules {
            directions: directions::KNIGHTS_MOVE.to_vec(),
            ..d
        },
        "Rooks" => ClobberRules {
            max_distance: None,
            ..d
        },
        "Queens" => ClobberRules {
            directions: directions::COMPASS.to_vec(),
            max_distance: None,
            ..d
        },
        _ => return None,
    })
}

fn preset_ruleset(name: &'static str) -> Rc<dyn AnyRuleset> {
    Rc::new(ClobberRuleset::new(name, preset(name).unwrap_or_default()))
}

/// The `Left`/`Right` pair of a `clobbered` or `leftBehind` argument: a map
/// `{Left => a, Right => b}` or a two-element list or tuple `[a, b]`.
fn player_pair<'a>(what: &str, arg: &'a Arg) -> RuleResult<[&'a Arg; 2]> {
    let bad = || {
        RuleError::bad_argument(format!(
            "GenClobber: {what} must be a map {{Left => .., Right => ..}} or a pair [left, right], got {arg:?}"
        ))
    };
    match arg {
        Arg::Map(entries) => {
            let find = |p: Player| {
                entries
                    .iter()
                    .find(|(k, _)| matches!(k, Arg::Player(q) if *q == p))
                    .map(|(_, v)| v)
            };
            if entries.len() != 2 {
                return Err(bad());
            }
            Ok([
                find(Player::Left).ok_or_else(bad)?,
                find(Player::Right).ok_or_else(bad)?,
            ])
        }
        Arg::List(v) | Arg::Tuple(v) if v.len() == 2 => Ok([&v[0], &v[1]]),
        _ => Err(bad()),
    }
}

/// A set of cell values as a mask over 0..=2 (other integers can never be
/// on a board and are ignored).
fn value_set(arg: &Arg) -> RuleResult<u8> {
    let one = |a: &Arg| -> RuleResult<u8> {
        let n = a.as_i64().ok_or_else(|| {
            RuleError::bad_argument(format!(
                "GenClobber: clobbered values must be integers, got {a:?}"
            ))
        })?;
        Ok(if (0..=2).contains(&n) { 1 << n } else { 0 })
    };
    match arg.elements() {
        Some(v) => v.iter().try_fold(0, |m, a| Ok(m | one(a)?)),
        None => one(arg),
    }
}

fn cell_value(arg: &Arg) -> RuleResult<u8> {
    match arg.as_i64() {
        Some(n) if (0..=2).contains(&n) => Ok(n as u8),
        _ => Err(RuleError::bad_argument(format!(
            "GenClobber: leftBehind values must be 0, 1 or 2, got {arg:?}"
        ))),
    }
}

/// `GenClobber(directions =>, clobbered =>, leftBehind =>, maxDistance =>)`.
pub fn schema(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    args.check_keywords(
        "GenClobber",
        &["directions", "clobbered", "leftBehind", "maxDistance"],
    )?;
    args.expect_count("GenClobber", 0, "keyword arguments only")?;
    let mut rules = ClobberRules::default();
    if let Some(d) = args.keyword("directions") {
        rules.directions = directions("GenClobber", d)?;
        if rules.directions.contains(&(0, 0)) {
            return Err(RuleError::bad_argument(
                "GenClobber: (0,0) is not a direction",
            ));
        }
        // Boards have at most 128 cells, so longer steps could never move a
        // stone; bounding them keeps every step computation in range.
        if let Some(d) = rules
            .directions
            .iter()
            .find(|(r, c)| r.unsigned_abs() > 128 || c.unsigned_abs() > 128)
        {
            return Err(RuleError::too_large(format!(
                "GenClobber: direction ({},{}) is too long (components must be between -128 and 128)",
                d.0, d.1
            )));
        }
    }
    if let Some(c) = args.keyword("clobbered") {
        let [l, r] = player_pair("clobbered", c)?;
        rules.clobbered = [value_set(l)?, value_set(r)?];
    }
    if let Some(b) = args.keyword("leftBehind") {
        let [l, r] = player_pair("leftBehind", b)?;
        rules.left_behind = [cell_value(l)?, cell_value(r)?];
    }
    if let Some(m) = args.keyword("maxDistance") {
        rules.max_distance = match m {
            Arg::Number(x) if x.is_infinite() && x.is_positive() => None,
            _ => match m.as_i64() {
                Some(n) if n >= 1 => Some(n as u64),
                _ => {
                    return Err(RuleError::bad_argument(format!(
                        "GenClobber: maxDistance must be a positive integer or inf, got {m:?}"
                    )))
                }
            },
        };
    }
    let name = format!("GenClobber({})", rules.text_parameters());
    Ok(Rc::new(ClobberRuleset::new(name, rules)))
}

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "GenClobber",
        package: Package::Grid,
        doc: "GenClobber(directions =>, clobbered =>, leftBehind =>, maxDistance =>): stones move and capture on a grid (`.xo`).",
        make: Make::Schema(schema),
    },
    RulesetEntry {
        name: "Clobber",
        package: Package::Grid,
        doc: "Move a stone onto an orthogonally adjacent enemy stone, capturing it (`x` Left, `o` Right).",
        make: Make::Ruleset(|| preset_ruleset("Clobber")),
    },
    RulesetEntry {
        name: "AntiClobber",
        package: Package::Grid,
        doc: "Step a stone onto an adjacent empty cell, leaving an enemy stone behind.",
        make: Make::Ruleset(|| preset_ruleset("AntiClobber")),
    },
    RulesetEntry {
        name: "HotClobber",
        package: Package::Grid,
        doc: "Clobber where a stone may capture a stone of either colour.",
        make: Make::Ruleset(|| preset_ruleset("HotClobber")),
    },
    RulesetEntry {
        name: "Kings",
        package: Package::Grid,
        doc: "Clobber with king moves (orthogonal and diagonal).",
        make: Make::Ruleset(|| preset_ruleset("Kings")),
    },
    RulesetEntry {
        name: "Knights",
        package: Package::Grid,
        doc: "Clobber with knight jumps.",
        make: Make::Ruleset(|| preset_ruleset("Knights")),
    },
    RulesetEntry {
        name: "Rooks",
        package: Package::Grid,
        doc: "Clobber where a stone slides orthogonally over empty cells onto the first enemy stone.",
        make: Make::Ruleset(|| preset_ruleset("Rooks")),
    },
    RulesetEntry {
        name: "Queens",
        package: Package::Grid,
        doc: "Clobber where a stone slides in any of 8 directions over empty cells onto the first enemy stone.",
        make: Make::Ruleset(|| preset_ruleset("Queens")),
    },
];
