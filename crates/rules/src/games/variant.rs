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
//! Values come from the evaluators, with tables owned by the variant and
//! kept for the session under the base ruleset's name. A base position is
//! known by its printed form, which reads back as the same position; a
//! base ruleset whose name does not identify it (one given by a user
//! function prints as `<function>`) gets tables of its own.

use crate::framework::args::Args;
use crate::framework::cache;
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::evaluator::Evaluator;
use crate::framework::game::{ImpartialGame, PartizanGame};
use crate::framework::nim::NimEvaluator;
use crate::framework::position::{Board, Player};
use crate::framework::ruleset::{AnyPosition, AnyRuleset};
use crate::framework::table::LocalTable;
use onag_core::game::Game;
use std::hash::{Hash, Hasher};
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
    let base_name = base.name();
    let make = || {
        Rc::new(Context {
            name: format!("{base_name}.{}", kind.method()),
            base_name: base_name.clone(),
            nim: NimEvaluator::new(),
            game: Evaluator::new(),
        })
    };
    let ctx = if base_name.contains("<function>") {
        make()
    } else {
        cache::kept((kind, base_name.clone()), make)
    };
    Ok(Rc::new(VariantRuleset {
        base: base.clone(),
        kind,
        ctx,
    }))
}

/// A variant of a ruleset.
pub struct VariantRuleset {
    base: Rc<dyn AnyRuleset>,
    kind: Variant,
    ctx: Rc<Context>,
}

impl AnyRuleset for VariantRuleset {
    fn name(&self) -> String {
        self.ctx.name.clone()
    }

    fn position(&self, args: &Args) -> RuleResult<Rc<dyn AnyPosition>> {
        let base = self.base.position(args)?;
        Ok(wrap(&self.ctx, VariantGame::new(base, self.kind, false)))
    }
}

/// What every position of one variant shares: the names used to print it
/// and the tables of its values.
struct Context {
    base_name: String,
    name: String,
    nim: NimEvaluator<VariantGame, LocalTable<VariantGame, u64>>,
    game: Evaluator<VariantGame, LocalTable<VariantGame, Game>>,
}

/// A variant of a base position, as the evaluators see it: known by the
/// base position's printed form.
#[derive(Clone)]
pub struct VariantGame {
    base: Rc<dyn AnyPosition>,
    shown: Rc<str>,
    kind: Variant,
    /// For the twisted variant: this is the negative of the twist.
    negated: bool,
}

impl VariantGame {
    fn new(base: Rc<dyn AnyPosition>, kind: Variant, negated: bool) -> VariantGame {
        VariantGame {
            shown: base.display().into(),
            base,
            kind,
            negated,
        }
    }

    fn wrap_all(&self, opts: Vec<Rc<dyn AnyPosition>>, negated: bool) -> Vec<VariantGame> {
        opts.into_iter()
            .map(|o| VariantGame::new(o, self.kind, negated))
            .collect()
    }
}

impl PartialEq for VariantGame {
    fn eq(&self, other: &Self) -> bool {
        (self.kind, self.negated, &self.shown) == (other.kind, other.negated, &other.shown)
    }
}

impl Eq for VariantGame {}

impl Hash for VariantGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.kind, self.negated, &self.shown).hash(state);
    }
}

impl ImpartialGame for VariantGame {
    type Error = RuleError;

    /// Any move of either player.
    fn options(&self) -> RuleResult<Vec<Self>> {
        let mut opts = self.base.options(Player::Left)?;
        opts.extend(self.base.options(Player::Right)?);
        Ok(self.wrap_all(opts, false))
    }

    /// The impartial variant of a sum is the sum of the impartial variants.
    fn components(&self) -> RuleResult<Vec<Self>> {
        Ok(self.wrap_all(self.base.decomposition()?, false))
    }
}

impl PartizanGame for VariantGame {
    type Error = RuleError;

    fn options(&self, player: Player) -> RuleResult<Vec<Self>> {
        Ok(match self.kind {
            Variant::Impartial => ImpartialGame::options(self)?,
            Variant::Dicotic => {
                if self.base.options(player.opponent())?.is_empty() {
                    vec![]
                } else {
                    self.wrap_all(self.base.options(player)?, false)
                }
            }
            // The options of G^T are -(G^P)^T; those of -(G^T) are the
            // negatives of G^T's options for the opponent, (G^P')^T.
            Variant::Twisted if !self.negated => self.wrap_all(self.base.options(player)?, true),
            Variant::Twisted => self.wrap_all(self.base.options(player.opponent())?, false),
        })
    }

    /// The negative of a twist is valued through the twist.
    fn normal_form(&self) -> (Self, bool) {
        let mut twist = self.clone();
        twist.negated = false;
        (twist, self.negated)
    }
}

fn wrap(ctx: &Rc<Context>, game: VariantGame) -> Rc<dyn AnyPosition> {
    Rc::new(VariantPosition {
        ctx: ctx.clone(),
        game,
    })
}

/// A position of a variant.
pub struct VariantPosition {
    ctx: Rc<Context>,
    game: VariantGame,
}

impl AnyPosition for VariantPosition {
    /// `Base.KindVariant(args)`, from the base position's `Base(args)`; a
    /// negated twisted position is prefixed with `-`.
    fn display(&self) -> String {
        let d = &self.game.shown;
        let inner = match d.strip_prefix(self.ctx.base_name.as_str()) {
            Some(rest) if rest.starts_with('(') => format!("{}{rest}", self.ctx.name),
            _ => format!("{}({d})", self.ctx.name),
        };
        if self.game.negated {
            format!("-{inner}")
        } else {
            inner
        }
    }

    fn options(&self, player: Player) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(PartizanGame::options(&self.game, player)?
            .into_iter()
            .map(|g| wrap(&self.ctx, g))
            .collect())
    }

    fn canonical_form(&self) -> RuleResult<Game> {
        match self.game.kind {
            Variant::Impartial => Ok(Game::nimber(self.ctx.nim.nim_value(&self.game)?)),
            _ => self.ctx.game.canonical_form(&self.game),
        }
    }

    fn nim_value(&self) -> Option<RuleResult<u64>> {
        match self.game.kind {
            Variant::Impartial => Some(self.ctx.nim.nim_value(&self.game)),
            _ => None,
        }
    }

    fn decomposition(&self) -> RuleResult<Vec<Rc<dyn AnyPosition>>> {
        Ok(match self.game.kind {
            Variant::Impartial => ImpartialGame::components(&self.game)?
                .into_iter()
                .map(|g| wrap(&self.ctx, g))
                .collect(),
            _ => vec![wrap(&self.ctx, self.game.clone())],
        })
    }

    /// A variant is played on the board of its base position.
    fn board(&self) -> Option<Board> {
        self.game.base.board()
    }
}
