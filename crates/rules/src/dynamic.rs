//! Positions of any ruleset behind one object-safe interface, for the
//! language: how a position prints, its options as positions, its value.

use crate::domineering::Domineering;
use crate::evaluator::Evaluator;
use crate::grid::Grid;
use crate::position::{Player, Position};
use onag_core::game::Game;
use std::fmt::Debug;
use std::sync::{Arc, OnceLock};

/// A position of some ruleset.
pub trait AnyPosition: Send + Sync + Debug {
    /// The ruleset's name, as printed: `Domineering`.
    fn ruleset(&self) -> &'static str;
    /// The position's string, as printed between the quotes.
    fn text(&self) -> String;
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Arc<dyn AnyPosition>>;
    /// The canonical form.
    fn canonical_form(&self) -> Game;
    /// The independent components whose sum is this position.
    fn decomposition(&self) -> Vec<Arc<dyn AnyPosition>>;
}

/// An argument to a ruleset constructor.
#[derive(Clone, Debug)]
pub enum RulesetArg {
    Str(String),
    Grid(Grid),
}

/// The rulesets that can be constructed by name.
pub const RULESETS: &[&str] = &["Domineering"];

/// Build a position of the named ruleset; None if the ruleset is unknown.
pub fn construct(name: &str, args: &[RulesetArg]) -> Option<Result<Arc<dyn AnyPosition>, String>> {
    match name {
        "Domineering" => Some(domineering(args)),
        _ => None,
    }
}

fn domineering(args: &[RulesetArg]) -> Result<Arc<dyn AnyPosition>, String> {
    let d = match args {
        [RulesetArg::Str(s)] => Domineering::parse(s),
        [RulesetArg::Grid(g)] => Domineering::from_grid(g),
        _ => return Err("Domineering expects one argument: a board string or a Grid".into()),
    }
    .map_err(|e| e.to_string())?;
    Ok(Arc::new(DomineeringPosition(d)))
}

/// The session-wide evaluator of Domineering positions.
fn domineering_evaluator() -> &'static Evaluator<Domineering> {
    static EVAL: OnceLock<Evaluator<Domineering>> = OnceLock::new();
    EVAL.get_or_init(Evaluator::new)
}

#[derive(Debug)]
struct DomineeringPosition(Domineering);

impl AnyPosition for DomineeringPosition {
    fn ruleset(&self) -> &'static str {
        "Domineering"
    }

    fn text(&self) -> String {
        self.0.board()
    }

    fn options(&self, player: Player) -> Vec<Arc<dyn AnyPosition>> {
        self.0
            .options(player)
            .into_iter()
            .map(|d| Arc::new(DomineeringPosition(d)) as _)
            .collect()
    }

    fn canonical_form(&self) -> Game {
        domineering_evaluator().value(&self.0)
    }

    fn decomposition(&self) -> Vec<Arc<dyn AnyPosition>> {
        self.0
            .decompose()
            .into_iter()
            .map(|d| Arc::new(DomineeringPosition(d)) as _)
            .collect()
    }
}
