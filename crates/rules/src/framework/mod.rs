//! The bottom layer of the rulesets: what a position is (its options,
//! components and normal form), the evaluators that value positions through
//! transposition tables, the object-safe faces the language uses, ruleset
//! entries and arguments, and errors. Nothing here knows a board or a game.

pub mod args;
pub mod cache;
pub mod entry;
pub mod error;
pub mod evaluator;
pub mod external;
pub mod game;
pub mod keyed;
pub mod kind;
pub mod loopy;
pub mod misere;
pub mod nim;
pub mod position;
pub mod recent;
pub mod ruleset;
pub mod table;

pub use args::{Arg, Args, Object, UserFn};
pub use entry::{Make, Package, RulesetEntry};
pub use error::{RuleError, RuleResult};
pub use evaluator::Evaluator;
pub use game::{ImpartialGame, PartizanGame};
pub use kind::{HeapRules, Periodicity};
pub use nim::{mex, NimEvaluator};
pub use position::{Board, Both, ImpartialPosition, PackedKey, Player, Position, Symmetries};
pub use ruleset::{impartial, partizan, AnyPosition, AnyRuleset, Simple};
pub use table::{LocalTable, SharedTable, Table};
