//! Methods of positions and rulesets (NOTATION 6): options as positions,
//! decompositions, nim values by mex, and the heap and coordinate methods
//! of rulesets, with the ruleset operations and variants.

use super::{arg, game, game_list, method, player_arg, MethodDef};
use crate::error::EvalError;
use crate::interp::Interp;
use crate::rulesets;
use crate::value::{Player, Value};
use onag_core::number::Integer;
use onag_rules::framework::kind::TableCell;
use onag_rules::games::operations::Operation;
use onag_rules::games::variant::Variant;

/// The methods of positions and rulesets.
pub(super) static METHODS: &[MethodDef] = &[
    // Positions of rulesets (before the game methods of the same names).
    method!("GameValue", Position, [], "The value of the position: its canonical form when the game is short, else its loopy value (a canonical stopper or a sided value), found by exploring the graph of its positions (LOOPY 4.1).", |_, r, _| {
        Ok(Value::loopy(rulesets::position(r)?.game_value()?))
    }),
    method!("OutcomeClass", Position, [], "The outcome class of the position's GameValue (L, R, N, P, or for a loopy game D, NHat, PHat, NCheck, PCheck).", |_, r, _| {
        Ok(Value::Outcome(rulesets::position(r)?.game_value()?.outcome()?))
    }),
    method!("LeftOptions", Position, [], "The positions Left can move to, as a set.", |_, r, _| {
        position_options(r, Player::Left)
    }),
    method!("RightOptions", Position, [], "The positions Right can move to, as a set.", |_, r, _| {
        position_options(r, Player::Right)
    }),
    method!("Options", Position, ["player?"], "The positions Left or Right can move to, as a set; with no argument (impartial positions), the list of options in the ruleset's order, duplicates kept.", |_, r, a| {
        if a.is_empty() {
            let p = rulesets::position(r)?;
            if p.nim_value().is_none() {
                return Err(EvalError::new("Options: a partizan position needs a player (Left or Right)"));
            }
            return Ok(Value::list(p.options(Player::Left)?.into_iter().map(Value::Position).collect()));
        }
        position_options(r, player_arg(a, 0)?)
    }),
    method!("Followers", Position, [], "The distinct positions reachable by zero or more moves of either player, the position itself included, as a set (.CanonicalForm.Followers gives the canonical followers).", |_, r, _| {
        let all = rulesets::position_followers(rulesets::position(r)?, rulesets::FOLLOWER_LIMIT)?;
        // Sorted by text, which is the order of a set of positions.
        Ok(Value::Set(std::rc::Rc::new(all.into_iter().map(|(_, p)| Value::Position(p)).collect())))
    }),
    method!("FollowerCount", Position, [], "The number of distinct positions reachable by zero or more moves, the position itself included.", |_, r, _| {
        Ok(Value::integer(rulesets::position_followers(rulesets::position(r)?, rulesets::FOLLOWER_LIMIT)?.len()))
    }),
    method!("Decomposition", Position, [], "The independent components whose sum is the position, as a list.", |_, r, _| {
        let parts = rulesets::position(r)?.decomposition()?;
        Ok(Value::list(parts.into_iter().map(Value::Position).collect()))
    }),
    method!("NimValue", Position, [], "The nim value of an impartial position, by mex over its options and XOR over its components (never through canonical forms).", |_, r, _| {
        let p = rulesets::position(r)?;
        match p.nim_value() {
            Some(v) => Ok(Value::integer(Integer::from(v?))),
            None => {
                let g = rulesets::canonical_form(p)?;
                g.as_nimber()
                    .map(|n| Value::integer(Integer::from(n)))
                    .ok_or_else(|| EvalError::new(format!("NimValue: {} is not impartial (its value is {})", p.display(), Value::game(g))))
            }
        }
    }),
    method!("Board", Position, [], "The board of a grid or strip position, drawn with boxes.", |_, r, _| {
        let p = rulesets::position(r)?;
        let board = p.board().ok_or_else(|| rulesets::lacks("Board", &p.display(), "board"))?;
        Ok(Value::Picture(crate::drawing::board(&board).into()))
    }),
    method!("Tree", CanonicalShortGame, ["depth"], "The game tree to the given depth, one option per line (L and R mark whose option it is).", |_, r, a| {
        let depth = rulesets::count(arg(a, 0)?, "Tree")?.min(64) as usize;
        Ok(Value::Picture(crate::drawing::game_tree(game(r)?, depth).into()))
    }),
    method!("NimValue", CanonicalShortGame, [], "The nim value n of an impartial game equal to *n.", |_, r, _| {
        let g = game(r)?;
        g.as_nimber()
            .map(|n| Value::integer(Integer::from(n)))
            .ok_or_else(|| EvalError::new(format!("{} is not impartial (not a nimber)", Value::game(g))))
    }),
    // Rulesets.
    method!("ValuesTable", Ruleset, ["pieces"], "For a ruleset with one moving piece among fixed ones (Fox and Geese): the table of the values of the positions with the moving piece on each square, X for a fixed piece (LOOPY 4.3).", |i, r, a| {
        let Value::Ruleset(rs) = r else {
            return Err(EvalError::new("ValuesTable applies to rulesets"));
        };
        let Some(t) = rs.as_values_table() else {
            return Err(crate::methods::not_a_method(i, "ValuesTable", r));
        };
        let pieces = rulesets::to_arg(i, arg(a, 0)?.clone())?;
        let rows = t.values_table(&pieces)?;
        let cell = |c: TableCell| match c {
            TableCell::Piece => Value::Output("X".into()),
            TableCell::Value(v) => Value::loopy(v),
            TableCell::Blank => Value::Output("".into()),
        };
        Ok(Value::Table(std::rc::Rc::new(
            rows.into_iter().map(|row| row.into_iter().map(cell).collect()).collect(),
        )))
    }),
    method!("Join", Ruleset, ["other"], "The heap ruleset whose options are this one's followed by the other's (RULESETS 4.7).", |_, r, a| {
        combine(r, Operation::Join, arg(a, 0)?)
    }),
    method!("Adjoin", Ruleset, ["other"], "The coordinate ruleset whose options are this one's followed by the other's (RULESETS 4.7).", |_, r, a| {
        combine(r, Operation::Adjoin, arg(a, 0)?)
    }),
    method!("PartizanJoin", Ruleset, ["other"], "The partizan heap ruleset in which Left moves by this ruleset and Right by the other.", |_, r, a| {
        combine(r, Operation::PartizanJoin, arg(a, 0)?)
    }),
    method!("AcrosticProduct", Ruleset, ["other"], "The acrostic product: a move is a move of one ruleset on its coordinate (RULESETS 4.7).", |_, r, a| {
        combine(r, Operation::AcrosticProduct, arg(a, 0)?)
    }),
    method!("DirectProduct", Ruleset, ["other"], "The direct (Tartan) product: a move is a move of both rulesets at once (RULESETS 4.7).", |_, r, a| {
        combine(r, Operation::DirectProduct, arg(a, 0)?)
    }),
    method!("CakeProduct", Ruleset, ["other"], keywords ["twisted"], "GenCutcake(this, other, twisted): Left moves by this ruleset, Right by the other (RULESETS 4.9).", |_, r, a| {
        let twisted = match arg(a, 1)? {
            Value::Nothing => false,
            Value::Bool(b) => *b,
            v => return Err(EvalError::new(format!("CakeProduct: `twisted` must be true or false, got {v}"))),
        };
        combine(r, Operation::CakeProduct { twisted }, arg(a, 0)?)
    }),
    method!("ImpartialVariant", Ruleset, ["position?"], "The impartial variant (or its position): either player may make any move of either player (RULESETS 5).", |i, r, a| {
        variant(i, r, Variant::Impartial, a)
    }),
    method!("DicoticVariant", Ruleset, ["position?"], "The dicotic variant: a player may move only where the opponent also could (RULESETS 5).", |i, r, a| {
        variant(i, r, Variant::Dicotic, a)
    }),
    method!("TwistedVariant", Ruleset, ["position?"], "The twisted variant: the players swap roles after every move (RULESETS 5).", |i, r, a| {
        variant(i, r, Variant::Twisted, a)
    }),
    method!("code", Ruleset, [], "The take-and-break or spawning code, as supplied.", |_, r, _| {
        let r = rulesets::ruleset(r)?;
        let code = rulesets::heap(&r, "code")?.code().ok_or_else(|| rulesets::no_method(&*r, "code"))?;
        Ok(Value::Str(code.into()))
    }),
    method!("HeapOptions", Ruleset, ["n"], "The option lists of a heap of n tokens: each a list of heap sizes whose sum is the option.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let opts = rulesets::heap(&r, "HeapOptions")?.heap_options(rulesets::count(arg(a, 0)?, "HeapOptions")?)?;
        Ok(Value::list(opts.into_iter().map(rulesets::nim_list).collect()))
    }),
    method!("HeapNimValue", Ruleset, ["n"], "The nim value of a heap of n tokens.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let v = rulesets::heap(&r, "HeapNimValue")?.nim_value(rulesets::count(arg(a, 0)?, "HeapNimValue")?)?;
        Ok(Value::integer(Integer::from(v)))
    }),
    method!("NimValueSequence", Ruleset, ["n"], "The nim values of heaps 1 to n.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let n = rulesets::count(arg(a, 0)?, "NimValueSequence")?;
        // A packed list: at least one byte per heap (the engine reserves
        // again if its cells widen).
        if let Some(message) = onag_core::memory::refusal(u128::from(n), || format!("NimValueSequence({n})")) {
            return Err(crate::error::EvalError::of(crate::error::ErrorKind::ResourceLimit, message));
        }
        let v = rulesets::heap(&r, "NimValueSequence")?.packed_sequence(n)?;
        Ok(Value::packed_list(v))
    }),
    method!("CheckPeriodicity", Ruleset, ["n"], "The period, preperiod and saltus of the nim values of heaps 0 to n-1 (Guy and Smith's test), or Nothing.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let p = rulesets::heap(&r, "CheckPeriodicity")?.check_periodicity(rulesets::count(arg(a, 0)?, "CheckPeriodicity")?)?;
        Ok(rulesets::periodicity(p))
    }),
    method!("ArithmeticPeriodicity", Ruleset, ["n"], "The least preperiod, period and saltus (possibly non-zero) with which the nim values of heaps 0 to n-1 repeat at least three times, or Nothing.", |_, r, a| {
        let n = rulesets::count(arg(a, 0)?, "ArithmeticPeriodicity")?;
        let r = rulesets::ruleset(r)?;
        let heap = rulesets::heap(&r, "ArithmeticPeriodicity")?;
        let mut values = vec![0];
        if n > 1 {
            values.extend(heap.nim_value_sequence(n - 1)?);
        }
        Ok(rulesets::periodicity(onag_rules::games::heap::arithmetic_periodicity(&values)))
    }),
    method!("NimValueTable", Ruleset, ["rows", "cols"], "The nim values of the positions (m, n), m from 0 to rows, n from 0 to cols.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let t = rulesets::coordinate(&r, "NimValueTable")?.nim_value_table(
            rulesets::count(arg(a, 0)?, "NimValueTable")?,
            rulesets::count(arg(a, 1)?, "NimValueTable")?,
        )?;
        Ok(rulesets::table(t.into_iter().map(|row| row.into_iter().map(|v| Value::integer(Integer::from(v))).collect()).collect()))
    }),
    method!("GameValueSequence", Ruleset, ["n"], "The values of heaps 1 to n of a partizan heap ruleset.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let v = rulesets::partizan_heap(&r, "GameValueSequence")?.game_value_sequence(rulesets::count(arg(a, 0)?, "GameValueSequence")?)?;
        Ok(game_list(v))
    }),
    method!("GameValueTable", Ruleset, ["rows", "cols"], "The values of the positions (m, n), m from 1 to rows, n from 1 to cols.", |_, r, a| {
        let r = rulesets::ruleset(r)?;
        let t = rulesets::partizan_coordinate(&r, "GameValueTable")?.game_value_table(
            rulesets::count(arg(a, 0)?, "GameValueTable")?,
            rulesets::count(arg(a, 1)?, "GameValueTable")?,
        )?;
        Ok(rulesets::table(t.into_iter().map(|row| row.into_iter().map(Value::game).collect()).collect()))
    }),
];

fn position_options(r: &Value, player: Player) -> crate::error::EvalResult {
    let opts = rulesets::position(r)?.options(player)?;
    Ok(Value::set(opts.into_iter().map(Value::Position).collect()))
}

fn combine(r: &Value, op: Operation, other: &Value) -> crate::error::EvalResult {
    let (a, b) = (rulesets::ruleset(r)?, rulesets::ruleset(other)?);
    Ok(Value::Ruleset(onag_rules::games::operations::combine(
        &a, op, &b,
    )?))
}

/// The variant ruleset, or with an argument its position:
/// `Domineering.ImpartialVariant("..|..")`.
fn variant(interp: &Interp, r: &Value, kind: Variant, args: &[Value]) -> crate::error::EvalResult {
    let v = Value::Ruleset(onag_rules::games::variant::variant(
        &rulesets::ruleset(r)?,
        kind,
    )?);
    if args.is_empty() {
        return Ok(v);
    }
    rulesets::call(interp, &v, args.to_vec(), vec![])
}
