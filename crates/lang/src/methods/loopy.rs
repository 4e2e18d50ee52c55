//! Methods of loopy values (LOOPY 2.10): canonical stoppers (pseudonumbers
//! included), stopper-sided values and general sided values.
//!
//! This table comes after the games' one: a short game keeps the answers
//! of its own methods, and gets from here only the loopy ones it lacks
//! (`Degree`, `Onside`, `Variety`, ...), computed on it as a stopper.

use super::{arg, class_name, game, method, player_arg, MethodDef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::explicit;
use crate::value::Value;
use onag_core::loopy::{self, Pseudonumber, SidedValue, Stopper};
use onag_rules::Player;

/// The loopy value a value is (short games as stoppers).
fn sided(v: &Value) -> EvalResult<SidedValue> {
    v.as_sided()
        .map(std::borrow::Cow::into_owned)
        .ok_or_else(|| EvalError::expected("game.SidedValue", &class_name(v)))
}

/// The canonical stopper a value is (short games included).
fn stopper(v: &Value) -> EvalResult<Stopper> {
    v.as_stopper()
        .ok_or_else(|| EvalError::expected("game.CanonicalStopper", &class_name(v)))
}

fn stopper_arg(a: &[Value], i: usize) -> EvalResult<Stopper> {
    stopper(arg(a, i)?)
}

/// A pseudonumber argument (numbers included).
fn pseudonumber_arg(a: &[Value], i: usize) -> EvalResult<Pseudonumber> {
    let v = arg(a, i)?;
    stopper(v)?
        .as_pseudonumber()
        .ok_or_else(|| EvalError::expected("game.Pseudonumber", &class_name(v)))
}

fn value(s: loopy::LoopyResult<Stopper>) -> EvalResult {
    Ok(Value::loopy(s?.into()))
}

fn pseudonumber(p: loopy::LoopyResult<Pseudonumber>) -> EvalResult {
    Ok(Value::loopy(Stopper::from_pseudonumber(&p?).into()))
}

/// A set of stoppers, in CGSuite's order of loopy values.
fn stopper_set(items: Vec<Stopper>) -> Value {
    Value::set(items.into_iter().map(|s| Value::loopy(s.into())).collect())
}

fn boolean(b: loopy::LoopyResult<bool>) -> EvalResult {
    Ok(Value::Bool(b?))
}

/// `G.Pow(x)` for a pseudonumber exponent (LOOPY 2.10), called by the
/// short games' `Pow` when its argument is loopy.
pub(super) fn pow(g: &Value, x: &[Value]) -> EvalResult {
    value(loopy::pow(game(g)?, &pseudonumber_arg(x, 0)?))
}

/// `G.PowTo(x)` for a pseudonumber exponent (LOOPY 2.10).
pub(super) fn pow_to(g: &Value, x: &[Value]) -> EvalResult {
    value(loopy::pow_to(game(g)?, &pseudonumber_arg(x, 0)?))
}

/// `Tiny(G) = {0||0|-G}` of a canonical stopper.
pub(super) fn tiny(g: &Value) -> EvalResult {
    value(stopper(g)?.tiny())
}

/// `Miny(G) = {G|0||0}` of a canonical stopper.
pub(super) fn miny(g: &Value) -> EvalResult {
    value(stopper(g)?.miny())
}

/// A predicate that is false on every loopy value that is not a short
/// game (LOOPY 2.10's table).
macro_rules! never {
    ($name:literal) => {
        method!(
            $name,
            SidedValue,
            [],
            "False: a loopy value that is not a short game never is one.",
            |_, _, _| Ok(Value::Bool(false))
        )
    };
}

/// The methods of loopy values.
pub(super) static METHODS: &[MethodDef] = &[
    // Explicit games (LOOPY 4.1, 4.5).
    method!(
        "GameValue",
        ExplicitGame,
        [],
        "The value of the game: a short game, a canonical stopper or a sided value, found by exploring its positions (LOOPY 4.1).",
        |i, r, _| Ok(Value::loopy(explicit::game_value(i, r)?))
    ),
    method!(
        "CanonicalForm",
        ExplicitGame,
        [],
        "The canonical form, when the game is short; otherwise the error suggests GameValue.",
        |i, r, _| match explicit::game_value(i, r)?.as_short() {
            Some(g) => Ok(Value::game(g)),
            None => Err(EvalError::of(
                ErrorKind::Game,
                "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.",
            )),
        }
    ),
    method!(
        "OutcomeClass",
        ExplicitGame,
        [],
        "The outcome class of the game's value (LOOPY 4.5).",
        |i, r, _| Ok(Value::Outcome(explicit::game_value(i, r)?.outcome()?))
    ),
    method!(
        "Options",
        ExplicitGame,
        ["player"],
        "The player's options, as written.",
        |i, r, a| Ok(Value::list(explicit::options(i, r, player_arg(a, 0)?)?))
    ),
    method!(
        "LeftOptions",
        ExplicitGame,
        [],
        "Left's options, as written.",
        |i, r, _| Ok(Value::list(explicit::options(i, r, Player::Left)?))
    ),
    method!(
        "RightOptions",
        ExplicitGame,
        [],
        "Right's options, as written.",
        |i, r, _| Ok(Value::list(explicit::options(i, r, Player::Right)?))
    ),
    // Stopper-sided values (stoppers and short games included).
    method!(
        "Onside",
        StopperSidedValue,
        [],
        "The onside S of S & T (a stopper is its own onside).",
        |_, r, _| match sided(r)?.onside() {
            Some(s) => value(Ok(s)),
            None => Err(no_sides("Onside")),
        }
    ),
    method!(
        "Offside",
        StopperSidedValue,
        [],
        "The offside T of S & T (a stopper is its own offside).",
        |_, r, _| match sided(r)?.offside() {
            Some(s) => value(Ok(s)),
            None => Err(no_sides("Offside")),
        }
    ),
    // Canonical stoppers (short games included).
    method!(
        "Degree",
        CanonicalStopper,
        [],
        "0 for a loopfree game, else G Upsum (-G): the degree of loopiness (Siegel VI.4).",
        |_, r, _| value(stopper(r)?.degree())
    ),
    method!(
        "Variety",
        CanonicalStopper,
        [],
        "The variety of a stable stopper: G.UpsumVariety(D) = G.DownsumVariety(D) for D = G.Degree (Siegel VI.4); error if G is not stable.",
        |_, r, _| value(stopper(r)?.variety())
    ),
    method!(
        "IsStable",
        CanonicalStopper,
        [],
        "Whether G.UpsumVariety(D) = G.DownsumVariety(D) for D = G.Degree.",
        |_, r, _| boolean(stopper(r)?.is_stable())
    ),
    method!(
        "UpsumVariety",
        CanonicalStopper,
        ["d"],
        "G Upsum ((-G) Downsum (-D)) for an idempotent D.",
        |_, r, a| value(stopper(r)?.upsum_variety(stopper_arg(a, 0)?))
    ),
    method!(
        "DownsumVariety",
        CanonicalStopper,
        ["d"],
        "G Downsum ((-G) Upsum D) for an idempotent D.",
        |_, r, a| value(stopper(r)?.downsum_variety(stopper_arg(a, 0)?))
    ),
    method!(
        "Upsum",
        CanonicalStopper,
        ["h"],
        "The upsum of two stoppers: the onside of G + H (LOOPY 2.9.1).",
        |_, r, a| value(stopper(r)?.upsum(stopper_arg(a, 0)?))
    ),
    method!(
        "Downsum",
        CanonicalStopper,
        ["h"],
        "The downsum of two stoppers: the offside of G + H (LOOPY 2.9.1).",
        |_, r, a| value(stopper(r)?.downsum(stopper_arg(a, 0)?))
    ),
    method!(
        "Options",
        CanonicalStopper,
        ["player"],
        "The set of the player's options (a pass is the game itself).",
        |_, r, a| Ok(stopper_set(stopper(r)?.options(player_arg(a, 0)?.into())))
    ),
    method!(
        "LeftOptions",
        CanonicalStopper,
        [],
        "The set of Left's options (a pass is the game itself).",
        |_, r, _| Ok(stopper_set(stopper(r)?.left_options()))
    ),
    method!(
        "RightOptions",
        CanonicalStopper,
        [],
        "The set of Right's options (a pass is the game itself).",
        |_, r, _| Ok(stopper_set(stopper(r)?.right_options()))
    ),
    method!(
        "Followers",
        CanonicalStopper,
        [],
        "The stoppers at every vertex of the canonical graph, the game included.",
        |_, r, _| Ok(stopper_set(stopper(r)?.followers()?))
    ),
    method!(
        "FollowerCount",
        CanonicalStopper,
        [],
        "The number of vertices of the canonical graph.",
        |_, r, _| Ok(Value::integer(stopper(r)?.follower_count()?))
    ),
    method!(
        "LeftStop",
        CanonicalStopper,
        [],
        "The Left stop, a pseudonumber (LOOPY 2.10).",
        |_, r, _| pseudonumber(stopper(r)?.left_stop())
    ),
    method!(
        "RightStop",
        CanonicalStopper,
        [],
        "The Right stop, a pseudonumber (LOOPY 2.10).",
        |_, r, _| pseudonumber(stopper(r)?.right_stop())
    ),
    method!(
        "Stop",
        CanonicalStopper,
        ["player"],
        "The player's stop, a pseudonumber.",
        |_, r, a| pseudonumber(stopper(r)?.stop(player_arg(a, 0)?.into()))
    ),
    method!(
        "StrongStop",
        CanonicalStopper,
        ["player"],
        "The player's stop with x over and x under replaced by x.",
        |_, r, a| pseudonumber(stopper(r)?.strong_stop(player_arg(a, 0)?.into()))
    ),
    method!(
        "Subordinate",
        CanonicalStopper,
        ["b"],
        "The K with G = B : K, for a short game B (LOOPY 2.10); error if there is none.",
        |_, r, a| {
            let b = game(arg(a, 0)?)?;
            value(stopper(r)?.subordinate(b.left_options(), b.right_options()))
        }
    ),
    method!("Tiny", CanonicalStopper, [], "{0||0|-G}.", |_, r, _| tiny(r)),
    method!("Miny", CanonicalStopper, [], "{G|0||0}.", |_, r, _| miny(r)),
    method!(
        "IsPlumtree",
        CanonicalStopper,
        [],
        "Whether every cycle of the canonical graph has length 1 (a pass): a plumtree (LOOPY 2.1).",
        |_, r, _| Ok(Value::Bool(stopper(r)?.is_plumtree()))
    ),
    method!(
        "CanonicalForm",
        SidedValue,
        [],
        "An error: a loopy value has no short canonical form.",
        |_, _, _| Err(EvalError::of(ErrorKind::Game, "That is a loopy game."))
    ),
    method!(
        "GameValue",
        SidedValue,
        [],
        "The value itself.",
        |_, r, _| Ok(r.clone())
    ),
    // Every loopy value.
    method!(
        "OutcomeClass",
        SidedValue,
        [],
        "L, R, N, P, or for a game with draws D, NHat, PHat, NCheck or PCheck, from the outcomes of its sides (LOOPY 2.10).",
        |_, r, _| Ok(Value::Outcome(sided(r)?.outcome()?))
    ),
    method!(
        "IsStopper",
        SidedValue,
        [],
        "Whether the value is a canonical stopper.",
        |_, r, _| Ok(Value::Bool(sided(r)?.is_stopper()))
    ),
    method!(
        "IsStopperSided",
        SidedValue,
        [],
        "Whether both sides are stoppers.",
        |_, r, _| Ok(Value::Bool(sided(r)?.is_stopper_sided()))
    ),
    method!(
        "IsPseudonumber",
        SidedValue,
        [],
        "Whether the value is a pseudonumber (a number, on, off, x over or x under).",
        |_, r, _| Ok(Value::Bool(sided(r)?.is_pseudonumber()))
    ),
    method!(
        "IsIdempotent",
        SidedValue,
        [],
        "Whether G + G == G.",
        |_, r, _| boolean(sided(r)?.is_idempotent())
    ),
    method!(
        "IsInfinitesimal",
        SidedValue,
        [],
        "Whether both strong stops of both sides are 0.",
        |_, r, _| boolean(sided(r)?.is_infinitesimal())
    ),
    method!(
        "IsNumberish",
        SidedValue,
        [],
        "Whether the strong stops agree on a number (LOOPY 2.10).",
        |_, r, _| boolean(sided(r)?.is_numberish())
    ),
    method!(
        "IsNumberTiny",
        SidedValue,
        [],
        "Whether the value is a number plus a tiny or miny (LOOPY 3.4).",
        |_, r, _| boolean(sided(r)?.is_number_tiny())
    ),
    method!(
        "IsPlumtree",
        SidedValue,
        [],
        "False: a value that is not a stopper is not a plumtree.",
        |_, r, _| Ok(Value::Bool(sided(r)?.is_plumtree()))
    ),
    method!(
        "IsLoopfree",
        SidedValue,
        [],
        "Whether the value is a short game.",
        |_, r, _| Ok(Value::Bool(sided(r)?.is_loopfree()))
    ),
    never!("IsNumber"),
    never!("IsInteger"),
    never!("IsNimber"),
    never!("IsUptimal"),
    never!("IsOrdinal"),
    never!("IsZero"),
];

/// The error for `Onside`/`Offside` of a general sided value, whose sides
/// are not stoppers: CGSuite has no such member there.
fn no_sides(name: &str) -> EvalError {
    EvalError::of(
        ErrorKind::NoSuchMember,
        format!("Not a method or member variable: `{name}` (in object of class `game.SidedValue`)"),
    )
}
