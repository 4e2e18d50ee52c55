//! Variants of any ruleset (RULESETS 5): impartial, dicotic, twisted.
//!
//! A variant position wraps a position of the base ruleset (any
//! [`AnyPosition`]) and derives its options from the base options:
//! * ImpartialVariant: both players may make any move of either player
//!   (the base Left options, then the base Right options); the value is `*`
//!   of the nim value, the mex of the options' nim values, and the
//!   decomposition is the base decomposition wrapped (the impartial variant
//!   of a sum is the sum of the impartial variants). `Cram =
//!   Domineering.ImpartialVariant`.
//! * DicoticVariant: a player may move only when the opponent also has a
//!   move in the base position; no decomposition.
//! * TwistedVariant: G^T = { -(G^L)^T | -(G^R)^T }: after every move the
//!   players swap roles. Options are the negatives of the twisted options,
//!   represented by a `negated` flag; no decomposition.
//!
//! Values are computed recursively through the base options, with a
//! per-thread memo keyed by the variant kind and the base position's
//! display string (which reads back as the position, so it identifies it).

use crate::framework::args::Args;
use crate::framework::error::RuleResult;
use crate::framework::nim::mex;
use crate::framework::position::{Board, Player};
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_core::game::Game;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Either player may make any move of either player.
    Impartial,
    /// A player may move only when the opponent also has a move.
    Dicotic,
    /// The players swap roles after every move.
    Twisted,
}

impl Variant {
    fn method(self) -> &'static str {
        match self {
            Variant::Impartial => "ImpartialVariant",
            Variant::Dicotic => "DicoticVariant",
            Variant::Twisted => "TwistedVariant",
        }
    }
}

/// The variant of `base`: a ruleset printing as `Base.ImpartialVariant`
/// (and so on) whose positions are built by the base ruleset and wrapped.
pub fn variant(base: &Rc<dyn AnyRuleset>, kind: Variant) -> RuleResult<Rc<dyn AnyRuleset>> {
    Ok(Rc::new(VariantRuleset {
        base: base.clone(),
        kind,
    }))
}

/// A variant of a ruleset.
pub struct VariantRuleset {
    base: Rc<dyn AnyRuleset>,
    kind: Variant,
}

impl AnyRuleset for VariantRuleset {
    fn name(&self) -> String {
        format!("{}.{}", self.base.name(), self.kind.method())
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let base = self.base.position(args)?;
        Ok(wrap(&Context::new(self), base, self.kind, false))
    }
}

/// What every position of one variant shares: the names used to print it.
struct Context {
    base_name: String,
    name: String,
}

impl Context {
    fn new(r: &VariantRuleset) -> Rc<Context> {
        Rc::new(Context {
            base_name: r.base.name(),
            name: r.name(),
        })
    }
}

fn wrap(
    ctx: &Rc<Context>,
    base: Rc<dyn AnyPosition>,
    kind: Variant,
    negated: bool,
) -> Rc<dyn AnyPosition> {
    Rc::new(VariantPosition {
        ctx: ctx.clone(),
        base,
        kind,
        negated,
    })
}

/// A position of a variant: the base position, and for the twisted
/// variant whether this is the negative of its twist.
pub struct VariantPosition {
    ctx: Rc<Context>,
    base: Rc<dyn AnyPosition>,
    kind: Variant,
    negated: bool,
}

thread_local! {
    static NIM_MEMO: RefCell<FxHashMap<String, u64>> = RefCell::new(FxHashMap::default());
    static GAME_MEMO: RefCell<FxHashMap<(Variant, String), Game>> =
        RefCell::new(FxHashMap::default());
}

/// The nim value of the impartial variant of a base position: XOR over
/// the base components of the mex of their options' values.
fn impartial_nim(base: &Rc<dyn AnyPosition>) -> RuleResult<u64> {
    let parts = base.decomposition()?;
    let mut acc = 0;
    for part in &parts {
        acc ^= impartial_component(part)?;
    }
    Ok(acc)
}

fn impartial_component(part: &Rc<dyn AnyPosition>) -> RuleResult<u64> {
    let key = part.display();
    if let Some(&v) = NIM_MEMO.with(|m| m.borrow().get(&key).copied()).as_ref() {
        return Ok(v);
    }
    onag_core::interrupt::checkpoint();
    let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || -> RuleResult<u64> {
        let mut values = Vec::new();
        for p in [Player::Left, Player::Right] {
            for o in part.options(p)? {
                values.push(impartial_nim(&o)?);
            }
        }
        Ok(mex(values))
    })?;
    NIM_MEMO.with(|m| m.borrow_mut().insert(key, v));
    Ok(v)
}

/// The canonical form of the dicotic or twisted variant of a base
/// position (not negated).
fn partizan_value(base: &Rc<dyn AnyPosition>, kind: Variant) -> RuleResult<Game> {
    let key = (kind, base.display());
    if let Some(v) = GAME_MEMO.with(|m| m.borrow().get(&key).copied()) {
        return Ok(v);
    }
    onag_core::interrupt::checkpoint();
    let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || -> RuleResult<Game> {
        let left = base.options(Player::Left)?;
        let right = base.options(Player::Right)?;
        let values = |opts: &[Rc<dyn AnyPosition>]| -> RuleResult<Vec<Game>> {
            opts.iter()
                .map(|o| {
                    let v = partizan_value(o, kind)?;
                    Ok(if kind == Variant::Twisted { -v } else { v })
                })
                .collect()
        };
        Ok(match kind {
            Variant::Dicotic if left.is_empty() || right.is_empty() => Game::ZERO,
            _ => Game::from_options(&values(&left)?, &values(&right)?),
        })
    })?;
    GAME_MEMO.with(|m| m.borrow_mut().insert(key, v));
    Ok(v)
}

impl AnyPosition for VariantPosition {
    /// `Base.KindVariant(args)`, from the base position's `Base(args)`; a
    /// negated twisted position is prefixed with `-`.
    fn display(&self) -> String {
        let d = self.base.display();
        let inner = match d.strip_prefix(&self.ctx.base_name) {
            Some(rest) if rest.starts_with('(') => format!("{}{rest}", self.ctx.name),
            _ => format!("{}({d})", self.ctx.name),
        };
        if self.negated {
            format!("-{inner}")
        } else {
            inner
        }
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        let base = &self.base;
        let wrap_all = |opts: Vec<Rc<dyn AnyPosition>>, negated: bool| {
            opts.into_iter()
                .map(|o| wrap(&self.ctx, o, self.kind, negated))
                .collect()
        };
        Ok(match self.kind {
            Variant::Impartial => {
                let mut opts = base.options(Player::Left)?;
                opts.extend(base.options(Player::Right)?);
                wrap_all(opts, false)
            }
            Variant::Dicotic => {
                if base.options(player.opponent())?.is_empty() {
                    vec![]
                } else {
                    wrap_all(base.options(player)?, false)
                }
            }
            // The options of G^T are -(G^P)^T; those of -(G^T) are the
            // negatives of G^T's options for the opponent, (G^P')^T.
            Variant::Twisted if !self.negated => wrap_all(base.options(player)?, true),
            Variant::Twisted => wrap_all(base.options(player.opponent())?, false),
        })
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        Ok(match self.kind {
            Variant::Impartial => Game::nimber(impartial_nim(&self.base)?),
            kind => {
                let v = partizan_value(&self.base, kind)?;
                if self.negated {
                    -v
                } else {
                    v
                }
            }
        })
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        match self.kind {
            Variant::Impartial => Some(impartial_nim(&self.base)),
            _ => None,
        }
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(match self.kind {
            Variant::Impartial => self
                .base
                .decomposition()?
                .into_iter()
                .map(|c| wrap(&self.ctx, c, self.kind, false))
                .collect(),
            _ => vec![wrap(&self.ctx, self.base.clone(), self.kind, self.negated)],
        })
    }

    /// A variant is played on the board of its base position.
    fn board(&self) -> Option<Board> {
        self.base.board()
    }
}
