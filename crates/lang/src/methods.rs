//! The registry of methods and global functions.
//!
//! One table describes every method: its name, the kind of value it applies
//! to, its parameters and what it computes. Dispatch, help and completion
//! all read the same table.

use crate::eval::{to_game, EvalError, EvalResult, Interp, KeywordArgs};
use crate::rulesets;
use crate::value::{value_order, Player, Value};
use onag_core::game::{Game, Outcome};
use onag_core::nim;
use onag_core::number::{Dyadic, Integer, Rational};
use onag_rules::games::operations::Operation;
use onag_rules::games::variant::Variant;
use std::ops::Add;
use std::rc::Rc;

/// What a method applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// Integers (exact, any size).
    Integer,
    /// Any number: integers, rationals, ±inf.
    Number,
    /// Short games, including dyadic numbers.
    Game,
    /// Lists, sets and tuples.
    Collection,
    /// Thermographs.
    Thermograph,
    /// Positions of rulesets (they also answer every game method).
    Position,
    /// Rulesets and ruleset families (`Kayles`, `TakeAndBreak("0.77")`).
    Ruleset,
}

impl Receiver {
    /// Whether methods of this receiver can be offered for `v` (as
    /// completions), decided from the kind of `v` alone: a position is
    /// offered position and game methods without computing its canonical
    /// form, a dyadic number the game methods too.
    pub fn offers(self, v: &Value) -> bool {
        match (self, v) {
            (Receiver::Game, Value::Position(_)) => true,
            (Receiver::Game, Value::Number(r)) => r.is_dyadic(),
            (Receiver::Game, Value::Game(_)) => true,
            (Receiver::Game, _) => false,
            _ => self.accepts(v),
        }
    }

    fn accepts(self, v: &Value) -> bool {
        match self {
            Receiver::Integer => v.as_integer().is_some(),
            Receiver::Number => matches!(v, Value::Number(_)),
            Receiver::Game => v.as_game().is_some(),
            Receiver::Collection => matches!(v, Value::List(_) | Value::Set(_) | Value::Tuple(_)),
            Receiver::Thermograph => matches!(v, Value::Thermograph(_)),
            Receiver::Position => matches!(v, Value::Position(_)),
            Receiver::Ruleset => matches!(v, Value::Ruleset(_) | Value::Schema(_)),
        }
    }

    /// A name for documentation.
    pub fn name(self) -> &'static str {
        match self {
            Receiver::Integer => "Integer",
            Receiver::Number => "Number",
            Receiver::Game => "Game",
            Receiver::Collection => "Collection",
            Receiver::Thermograph => "Thermograph",
            Receiver::Position => "Position",
            Receiver::Ruleset => "Ruleset",
        }
    }
}

type MethodFn = fn(&mut Interp, &Value, &[Value]) -> EvalResult;

/// A method: `receiver.Name(params)`.
pub struct MethodDef {
    pub name: &'static str,
    pub receiver: Receiver,
    pub params: &'static [&'static str],
    /// Optional keyword parameters (`twisted => true`): their values follow
    /// the positional arguments, Nothing when not given.
    pub keywords: &'static [&'static str],
    pub doc: &'static str,
    call: MethodFn,
}

type FunctionFn = fn(&mut Interp, Vec<Value>) -> EvalResult;

/// A global function: `Name(params)`.
pub struct FunctionDef {
    pub name: &'static str,
    pub params: &'static [&'static str],
    pub doc: &'static str,
    call: FunctionFn,
}

macro_rules! method {
    ($name:literal, $recv:ident, [$($p:literal),*], $doc:literal, $f:expr) => {
        MethodDef { name: $name, receiver: Receiver::$recv, params: &[$($p),*], keywords: &[], doc: $doc, call: $f }
    };
    ($name:literal, $recv:ident, [$($p:literal),*], keywords [$($k:literal),*], $doc:literal, $f:expr) => {
        MethodDef { name: $name, receiver: Receiver::$recv, params: &[$($p),*], keywords: &[$($k),*], doc: $doc, call: $f }
    };
}

macro_rules! function {
    ($name:literal, [$($p:literal),*], $doc:literal, $f:expr) => {
        FunctionDef { name: $name, params: &[$($p),*], doc: $doc, call: $f }
    };
}

/// Every method, most specific receivers first (dispatch takes the first
/// entry whose name matches and whose receiver accepts the value).
pub static METHODS: &[MethodDef] = &[
    // Positions of rulesets (before the game methods of the same names).
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
        Ok(Value::Set(Rc::new(all.into_iter().map(|(_, p)| Value::Position(p)).collect())))
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
    method!("Tree", Game, ["depth"], "The game tree to the given depth, one option per line (L and R mark whose option it is).", |_, r, a| {
        let depth = rulesets::count(arg(a, 0)?, "Tree")?.min(64) as usize;
        Ok(Value::Picture(crate::drawing::game_tree(to_game(r)?, depth).into()))
    }),
    method!("NimValue", Game, [], "The nim value n of an impartial game equal to *n.", |_, r, _| {
        let g = to_game(r)?;
        g.as_nimber()
            .map(|n| Value::integer(Integer::from(n)))
            .ok_or_else(|| EvalError::new(format!("{} is not impartial (not a nimber)", Value::game(g))))
    }),
    // Rulesets.
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
        let v = rulesets::heap(&r, "NimValueSequence")?.nim_value_sequence(rulesets::count(arg(a, 0)?, "NimValueSequence")?)?;
        Ok(rulesets::nim_list(v))
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
    // Integers.
    method!(
        "Div",
        Integer,
        ["n"],
        "Floor of the quotient by n.",
        |_, r, a| {
            let (x, n) = (int(r)?, int_arg(a, 0)?);
            x.div_floor(&n)
                .map(Value::integer)
                .ok_or_else(|| EvalError::new("/ by zero"))
        }
    ),
    method!(
        "Gcd",
        Integer,
        ["n"],
        "Greatest common divisor (non-negative).",
        |_, r, a| { Ok(Value::integer(int(r)?.gcd(&int_arg(a, 0)?))) }
    ),
    method!(
        "Isqrt",
        Integer,
        [],
        "Integer square root: the largest m with m*m <= n.",
        |_, r, _| {
            let x = int(r)?;
            x.isqrt()
                .map(Value::integer)
                .ok_or_else(|| EvalError::new(format!("Argument to Isqrt is negative: {x}")))
        }
    ),
    method!(
        "Lb",
        Integer,
        [],
        "Base-2 logarithm, rounded down (n > 0).",
        |_, r, _| {
            let x = int(r)?;
            x.lb().map(Value::integer).ok_or_else(|| {
                EvalError::new(format!("Argument to Lb is not strictly positive: {x}"))
            })
        }
    ),
    method!(
        "IsTwoPower",
        Integer,
        [],
        "True if n is a positive power of two.",
        |_, r, _| { Ok(Value::Bool(int(r)?.is_two_power())) }
    ),
    method!(
        "IsEvil",
        Integer,
        [],
        "True if n >= 0 has an even number of 1 bits.",
        |_, r, _| {
            let x = int(r)?;
            x.is_evil().map(Value::Bool).ok_or_else(|| {
                EvalError::new(format!("IsEvil applies only to nonnegative integers: {x}"))
            })
        }
    ),
    method!(
        "IsOdious",
        Integer,
        [],
        "True if n >= 0 has an odd number of 1 bits.",
        |_, r, _| {
            let x = int(r)?;
            x.is_odious().map(Value::Bool).ok_or_else(|| {
                EvalError::new(format!(
                    "IsOdious applies only to nonnegative integers: {x}"
                ))
            })
        }
    ),
    method!(
        "NimSum",
        Integer,
        ["n"],
        "Nim sum (bitwise exclusive or) of non-negative integers.",
        |_, r, a| {
            nim::nim_sum(&int(r)?, &int_arg(a, 0)?)
                .map(Value::integer)
                .ok_or_else(|| EvalError::new("NimSum applies only to nonnegative integers."))
        }
    ),
    method!(
        "NimProduct",
        Integer,
        ["n"],
        "Conway's nim product of non-negative integers (ONAG ch. 6).",
        |_, r, a| {
            nim::nim_product(&int(r)?, &int_arg(a, 0)?)
                .map(Value::integer)
                .ok_or_else(|| EvalError::new("NimProduct applies only to nonnegative integers."))
        }
    ),
    method!(
        "NimInverse",
        Integer,
        [],
        "The inverse of n > 0 under nim multiplication.",
        |_, r, _| {
            nim::nim_inverse(&int(r)?)
                .map(Value::integer)
                .ok_or_else(|| EvalError::new("NimInverse applies only to positive integers."))
        }
    ),
    method!(
        "NimDiv",
        Integer,
        ["n"],
        "Nim quotient: this nim-times the nim inverse of n.",
        |_, r, a| {
            let (x, n) = (int(r)?, int_arg(a, 0)?);
            if n.is_zero() {
                return Err(EvalError::new("/ by zero"));
            }
            nim::nim_div(&x, &n)
                .map(Value::integer)
                .ok_or_else(|| EvalError::new("NimDiv applies only to nonnegative integers."))
        }
    ),
    // Numbers.
    method!(
        "Floor",
        Number,
        [],
        "The greatest integer <= x.",
        |_, r, _| Ok(Value::integer(num(r)?.floor()?))
    ),
    method!(
        "Ceiling",
        Number,
        [],
        "The least integer >= x.",
        |_, r, _| Ok(Value::integer(num(r)?.ceil()?))
    ),
    method!(
        "Numerator",
        Number,
        [],
        "Numerator in lowest terms, with the sign.",
        |_, r, _| { Ok(Value::integer(num(r)?.numerator())) }
    ),
    method!(
        "Denominator",
        Number,
        [],
        "Denominator in lowest terms (positive).",
        |_, r, _| { Ok(Value::integer(num(r)?.denominator())) }
    ),
    method!("Abs", Number, [], "Absolute value.", |_, r, _| Ok(
        Value::Number(num(r)?.abs())
    )),
    method!("Sign", Number, [], "-1, 0 or 1.", |_, r, _| Ok(
        Value::integer(num(r)?.signum() as i64)
    )),
    method!("Reciprocal", Number, [], "1/x (1/0 is inf).", |_, r, _| Ok(
        Value::Number(num(r)?.reciprocal()?)
    )),
    method!("Max", Number, ["y"], "The larger of x and y.", |_, r, a| {
        let (x, y) = (num(r)?, num_arg(a, 0)?);
        Ok(Value::Number(if y > x { y } else { x }))
    }),
    method!(
        "Min",
        Number,
        ["y"],
        "The smaller of x and y.",
        |_, r, a| {
            let (x, y) = (num(r)?, num_arg(a, 0)?);
            Ok(Value::Number(if y < x { y } else { x }))
        }
    ),
    method!(
        "IsDyadic",
        Number,
        [],
        "True if the denominator is a power of two.",
        |_, r, _| { Ok(Value::Bool(num(r)?.is_dyadic())) }
    ),
    method!(
        "OutcomeClass",
        Number,
        [],
        "L, R or P by the sign of the number.",
        |_, r, _| {
            Ok(Value::Outcome(match num(r)?.signum() {
                1 => Outcome::L,
                -1 => Outcome::R,
                _ => Outcome::P,
            }))
        }
    ),
    method!(
        "Birthday",
        Number,
        [],
        "The day the number is born (dyadic rationals only).",
        |_, r, _| {
            let x = num(r)?;
            if x.is_infinite() {
                return Err(EvalError::new(format!("{x} has no birthday")));
            }
            let d = x
                .to_dyadic()
                .ok_or_else(|| EvalError::new(format!("{x} is not born on a finite day")))?;
            Ok(Value::integer(d.birthday()))
        }
    ),
    method!(
        "Subordinate",
        Number,
        ["b"],
        "The y with b : y = x (x's sign expansion without b's prefix).",
        |_, r, a| {
            let (x, b) = (dyadic(r)?, dyadic_arg(a, 0)?);
            onag_core::sign_expansion::subordinate(&x, &b)
                .map(Value::dyadic)
                .ok_or_else(|| {
                    EvalError::new(format!(
                        "The sign expansion of {x} does not begin with that of {b}"
                    ))
                })
        }
    ),
    // Games.
    method!(
        "CanonicalForm",
        Game,
        [],
        "The canonical form (ONAG Theorems 68-69).",
        |_, r, _| Ok(Value::game(game(r)?))
    ),
    method!(
        "LeftOptions",
        Game,
        [],
        "The Left options of the canonical form, as a set.",
        |_, r, _| { Ok(options_set(game(r)?, Player::Left)) }
    ),
    method!(
        "RightOptions",
        Game,
        [],
        "The Right options of the canonical form, as a set.",
        |_, r, _| { Ok(options_set(game(r)?, Player::Right)) }
    ),
    method!(
        "Options",
        Game,
        ["player"],
        "The options of the canonical form for Left or Right, as a set.",
        |_, r, a| { Ok(options_set(game(r)?, player_arg(a, 0)?)) }
    ),
    method!(
        "Followers",
        Game,
        [],
        "Every game reachable by zero or more moves, as a set.",
        |_, r, _| {
            const LIMIT: usize = 1_000_000;
            let g = game(r)?;
            let f = g
                .followers(LIMIT)
                .ok_or_else(|| EvalError::new(format!("More than {LIMIT} followers")))?;
            Ok(Value::set(f.into_iter().map(Value::game).collect()))
        }
    ),
    method!(
        "FollowerCount",
        Game,
        [],
        "The number of distinct followers, including the game itself.",
        |_, r, _| { Ok(Value::integer(game(r)?.follower_count())) }
    ),
    method!(
        "Birthday",
        Game,
        [],
        "0 for 0, else 1 + the largest birthday of an option.",
        |_, r, _| { Ok(Value::integer(game(r)?.birthday())) }
    ),
    method!(
        "OutcomeClass",
        Game,
        [],
        "L, R, N or P: who wins with each player moving first.",
        |_, r, _| { Ok(Value::Outcome(game(r)?.outcome())) }
    ),
    method!(
        "IsNumber",
        Game,
        [],
        "True if the game equals a number.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_number()))
    ),
    method!(
        "IsInteger",
        Game,
        [],
        "True if the game equals an integer.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_integer()))
    ),
    method!(
        "IsNimber",
        Game,
        [],
        "True if the game equals a nimber *n (0 included).",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_nimber())) }
    ),
    method!(
        "IsZero",
        Game,
        [],
        "True if the game equals 0.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_zero()))
    ),
    method!(
        "IsLoopfree",
        Game,
        [],
        "True for every short game.",
        |_, r, _| {
            game(r)?;
            Ok(Value::Bool(true))
        }
    ),
    method!(
        "IsInfinitesimal",
        Game,
        [],
        "True if both stops are 0.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_infinitesimal())) }
    ),
    method!(
        "IsNumberish",
        Game,
        [],
        "True if infinitesimally close to a number (equal stops).",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_numberish())) }
    ),
    method!(
        "IsAllSmall",
        Game,
        [],
        "True if every follower with a move for one player has one for the other.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_all_small())) }
    ),
    method!(
        "IsNumberTiny",
        Game,
        [],
        "True for numbers and for x + Tiny(z) or x + Miny(z).",
        |_, r, _| {
            let g = game(r)?;
            Ok(Value::Bool(g.is_number() || g.as_number_tiny().is_some()))
        }
    ),
    method!(
        "IsEven",
        Game,
        [],
        "G is 0 or every option is odd.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_even()))
    ),
    method!(
        "IsOdd",
        Game,
        [],
        "G is not 0 and every option is even.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_odd()))
    ),
    method!(
        "IsEvenTempered",
        Game,
        [],
        "G is a number or every option is odd-tempered.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_even_tempered())) }
    ),
    method!(
        "IsOddTempered",
        Game,
        [],
        "G is not a number and every option is even-tempered.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_odd_tempered())) }
    ),
    method!(
        "LeftStop",
        Game,
        [],
        "The number reached when Left moves first and both play to a number.",
        |_, r, _| { Ok(Value::dyadic(game(r)?.left_stop())) }
    ),
    method!(
        "RightStop",
        Game,
        [],
        "The number reached when Right moves first and both play to a number.",
        |_, r, _| { Ok(Value::dyadic(game(r)?.right_stop())) }
    ),
    method!(
        "Stop",
        Game,
        ["player"],
        "LeftStop or RightStop.",
        |_, r, a| {
            let g = game(r)?;
            Ok(Value::dyadic(match player_arg(a, 0)? {
                Player::Left => g.left_stop(),
                Player::Right => g.right_stop(),
            }))
        }
    ),
    method!(
        "Pow",
        Game,
        ["x"],
        "For G = {0|H} and a number x >= 1: G.Pow(x) = {0 | H - G.PowTo(x-1)}; ^.Pow(n) is ^<n>, ^.Pow(3/2) is {0||0,v*|0,*}.",
        |_, r, a| {
            let (g, x) = (game(r)?, dyadic_arg(a, 0)?);
            g.pow(&x).map(Value::game).ok_or_else(|| {
                EvalError::new(format!(
                    "Pow is defined only for exponents x >= 1 and games of the form {{0|H}}: {g}.Pow({x})"
                ))
            })
        }
    ),
    method!(
        "PowTo",
        Game,
        ["x"],
        "0 for x = 0, else the ordinal sum G : x.Subordinate(1); ^.PowTo(n) is ^[n].",
        |_, r, a| {
            let (g, x) = (game(r)?, dyadic_arg(a, 0)?);
            g.pow_to(&x).map(Value::game).ok_or_else(|| {
                EvalError::new(format!(
                    "PowTo needs x = 0 or x >= 1-ish (sign expansion starting with +): {x}"
                ))
            })
        }
    ),
    method!(
        "OrdinalSum",
        Game,
        ["h"],
        "The ordinal sum G : H = {G^L, G:H^L | G^R, G:H^R}.",
        |_, r, a| { crate::eval::ordinal_sum(game(r)?, game_arg(a, 0)?) }
    ),
    // Temperature theory.
    method!("StopCount", Game, [], "1 for a number, else the sum of the stop counts of all options.", |_, r, _| {
        Ok(Value::integer(game(r)?.stop_count()))
    }),
    method!("Mean", Game, [], "The mean value: the mast of the thermograph.", |_, r, _| {
        Ok(Value::dyadic(game(r)?.mean()))
    }),
    method!("Temperature", Game, [], "Where the thermograph's walls meet (-1 for integers, -1/2^k for m/2^k).", |_, r, _| {
        Ok(Value::dyadic(game(r)?.temperature()))
    }),
    method!("Thermograph", Game, [], "The thermograph: both walls, exactly, down to t = -1.", |_, r, _| {
        Ok(Value::Thermograph(game(r)?.thermograph()))
    }),
    method!("Cool", Game, ["t"], "Conway's cooling by t > -1: {G^L_t - t | G^R_t + t}, the mean above the temperature.", |_, r, a| {
        let (g, t) = (game(r)?, dyadic_arg(a, 0)?);
        if t <= -Dyadic::one() {
            return Err(EvalError::new(format!("Cool: temperature must be > -1, got {t}")));
        }
        Ok(Value::game(g.cool(&t)))
    }),
    method!("Heat", Game, ["t"], "Heating by t (any game): numbers unchanged, else {G^L heated + t | G^R heated - t}.", |_, r, a| {
        Ok(Value::game(game(r)?.heat(game_arg(a, 0)?)))
    }),
    method!("Overheat", Game, ["s", "t"], "Overheating from s to t: n.s for integers n, else {G^L + t | G^R - t} recursively.", |_, r, a| {
        Ok(Value::game(game(r)?.overheat(game_arg(a, 0)?, game_arg(a, 1)?)))
    }),
    method!("Freeze", Game, [], "The game cooled by its temperature.", |_, r, _| Ok(Value::game(game(r)?.freeze()))),
    method!("Incentives", Game, [], "All incentives G^L - G and G - G^R, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.incentives()))
    }),
    method!("LeftIncentives", Game, [], "The Left incentives G^L - G, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.left_incentives()))
    }),
    method!("RightIncentives", Game, [], "The Right incentives G - G^R, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.right_incentives()))
    }),
    method!("ConfusionInterval", Game, [], "The numbers confused with G: from the Right stop to the Left stop, each end open or closed (Nothing if none).", |_, r, _| {
        Ok(game(r)?.confusion_interval().map_or(Value::Nothing, |i| Value::Interval(Rc::new(i))))
    }),
    // Infinitesimals.
    method!("AtomicWeight", Game, [], "Siegel's atomic weight (with the eccentric cases); an error where the game is not atomic.", |_, r, _| {
        let g = game(r)?;
        g.atomic_weight().map(Value::game).ok_or_else(|| EvalError::new(format!("That game is not atomic: {g}")))
    }),
    method!("IsAtomic", Game, [], "True if the atomic weight is defined.", |_, r, _| Ok(Value::Bool(game(r)?.is_atomic()))),
    method!("ReducedCanonicalForm", Game, [], "The simplest game infinitesimally close to G (Grossman and Siegel).", |_, r, _| {
        Ok(Value::game(game(r)?.reduced_canonical_form()))
    }),
    method!("UptimalExpansion", Game, [], "x.d1d2...dn for x + d1.^ + d2.^<2> + ... + dn.^<n> (+ a nimber); an error for other games.", |_, r, _| {
        let g = game(r)?;
        g.uptimal_expansion()
            .map(|u| Value::Uptimal(Rc::new(u)))
            .ok_or_else(|| EvalError::new(format!("That game is not uptimal, so it has no UptimalExpansion: {g}")))
    }),
    method!("IsUptimal", Game, [], "True if the game is a number plus a sum of Norton powers of up plus a nimber.", |_, r, _| {
        Ok(Value::Bool(game(r)?.is_uptimal()))
    }),
    method!("Companion", Game, [], "The lattice companion (Siegel, CGT III.2).", |_, r, _| Ok(Value::game(game(r)?.companion()))),
    // Products.
    method!("NortonProduct", Game, ["u"], "Norton's product G.U: n copies of U for integers, else {G^L.U + U + I | G^R.U - U - I} over incentives I of U.", |_, r, a| {
        Ok(Value::game(game(r)?.norton_product(game_arg(a, 0)?)))
    }),
    method!("ConwayProduct", Game, ["h"], "Conway's product (the nim product on nimbers, the product on numbers).", |_, r, a| {
        Ok(Value::game(game(r)?.conway_product(game_arg(a, 0)?)))
    }),
    // Thermographs.
    method!("Plot", Thermograph, ["file"], "Draw the thermograph to a .svg or .png file; returns the file name.", |_, r, a| {
        crate::picture::write(&crate::picture::plot_of(r)?, &string_arg(a, 0)?)
    }),
    method!("Mean", Thermograph, [], "The mast value.", |_, r, _| match r {
        Value::Thermograph(t) => Ok(Value::dyadic(t.mast().clone())),
        _ => Err(EvalError::new("Expected a thermograph")),
    }),
    method!("Temperature", Thermograph, [], "The temperature at the foot of the mast.", |_, r, _| match r {
        Value::Thermograph(t) => Ok(Value::dyadic(t.temperature().clone())),
        _ => Err(EvalError::new("Expected a thermograph")),
    }),
    // Collections.
    method!("Size", Collection, [], "Number of elements.", |_, r, _| Ok(
        Value::integer(items(r)?.len())
    )),
    method!(
        "Length",
        Collection,
        [],
        "Number of elements.",
        |_, r, _| Ok(Value::integer(items(r)?.len()))
    ),
    method!(
        "IsEmpty",
        Collection,
        [],
        "True if there are no elements.",
        |_, r, _| Ok(Value::Bool(items(r)?.is_empty()))
    ),
    method!("Head", Collection, [], "The first element.", |_, r, _| {
        items(r)?
            .first()
            .cloned()
            .ok_or_else(|| EvalError::new("Head of an empty collection"))
    }),
    method!(
        "Tail",
        Collection,
        [],
        "All elements but the first.",
        |_, r, _| {
            let v = items(r)?;
            if v.is_empty() {
                return Err(EvalError::new("Tail of an empty collection"));
            }
            Ok(rebuild(r, v[1..].to_vec()))
        }
    ),
    method!(
        "Contains",
        Collection,
        ["x"],
        "True if x is an element.",
        |_, r, a| {
            let x = arg(a, 0)?;
            Ok(Value::Bool(
                items(r)?.iter().any(|v| crate::value::value_eq(v, x)),
            ))
        }
    ),
    method!(
        "Sorted",
        Collection,
        [],
        "The elements as a sorted list.",
        |_, r, _| {
            let mut v = items(r)?.to_vec();
            v.sort_by(value_order);
            Ok(Value::list(v))
        }
    ),
    method!(
        "Sum",
        Collection,
        [],
        "The sum of the elements (numbers or games).",
        |_, r, _| sum(items(r)?)
    ),
    method!(
        "Max",
        Collection,
        [],
        "The largest element (numbers).",
        |_, r, _| extreme(items(r)?, true)
    ),
    method!(
        "Min",
        Collection,
        [],
        "The smallest element (numbers).",
        |_, r, _| extreme(items(r)?, false)
    ),
    method!(
        "Mex",
        Collection,
        [],
        "The least non-negative integer not among the elements.",
        |_, r, _| mex(items(r)?)
    ),
    method!(
        "Adjoin",
        Collection,
        ["x"],
        "The collection with x added.",
        |_, r, a| {
            let mut v = items(r)?.to_vec();
            v.push(arg(a, 0)?.clone());
            Ok(rebuild(r, v))
        }
    ),
    method!(
        "Concat",
        Collection,
        ["other"],
        "The elements followed by those of another collection.",
        |_, r, a| {
            let mut v = items(r)?.to_vec();
            v.extend(items(arg(a, 0)?)?.iter().cloned());
            Ok(rebuild(r, v))
        }
    ),
    method!(
        "Apply",
        Collection,
        ["f"],
        "The list of f(x) for each element x.",
        |interp, r, a| {
            let f = arg(a, 0)?.clone();
            let out = items(r)?
                .iter()
                .map(|x| interp.apply(&f, vec![x.clone()]))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(rebuild(r, out))
        }
    ),
];

/// Every global function.
pub static FUNCTIONS: &[FunctionDef] = &[
    function!("Tiny", ["g"], "Tiny(G) = {0 || 0 | -G}.", |_, a| Ok(
        Value::game(game_arg(&a, 0)?.tiny())
    )),
    function!("Miny", ["g"], "Miny(G) = {G | 0 || 0}.", |_, a| Ok(
        Value::game(game_arg(&a, 0)?.miny())
    )),
    function!(
        "Max",
        ["list"],
        "The largest element of a list of numbers.",
        |_, a| extreme(items(arg(&a, 0)?)?, true)
    ),
    function!(
        "Min",
        ["list"],
        "The smallest element of a list of numbers.",
        |_, a| extreme(items(arg(&a, 0)?)?, false)
    ),
    function!(
        "Mex",
        ["list"],
        "The least non-negative integer not in the list.",
        |_, a| mex(items(arg(&a, 0)?)?)
    ),
    function!(
        "Sum",
        ["list"],
        "The sum of a list of numbers or games.",
        |_, a| sum(items(arg(&a, 0)?)?)
    ),
    function!(
        "Plot",
        ["games", "file"],
        "Draw the thermographs of a game or a list of games, overlaid, to a .svg or .png file.",
        |_, a| crate::picture::write(&crate::picture::plot_of(arg(&a, 0)?)?, &string_arg(&a, 1)?)
    ),
];

/// Call `receiver.name(args)`.
pub fn call_method(
    interp: &mut Interp,
    receiver: &Value,
    name: &str,
    args: Vec<Value>,
    kwargs: KeywordArgs,
) -> EvalResult {
    let mut named = METHODS.iter().filter(|m| m.name == name).peekable();
    if named.peek().is_none() {
        return Err(not_a_method(name, receiver));
    }
    let Some(def) = named.find(|m| m.receiver.accepts(receiver)) else {
        if let Value::Position(p) = receiver {
            // Game methods of a position are those of its canonical form; an
            // error computing it is reported as such.
            let g = Value::game(rulesets::canonical_form(p)?);
            return call_method(interp, &g, name, args, kwargs);
        }
        return Err(not_a_method(name, receiver));
    };
    if let Some((k, _)) = kwargs
        .iter()
        .find(|(k, _)| !def.keywords.contains(&k.as_str()))
    {
        return Err(EvalError::new(format!(
            "{name}: unknown keyword argument `{k}`"
        )));
    }
    check_arity(name, def.params, &args)?;
    let mut args = args;
    let named_error = |e: EvalError| {
        if e.message.starts_with(name) {
            e
        } else {
            let mut chars = e.message.chars();
            let message = match (chars.next(), chars.next()) {
                (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase() => {
                    format!("{name}: {}{}", a.to_lowercase(), &e.message[a.len_utf8()..])
                }
                _ => format!("{name}: {}", e.message),
            };
            EvalError { message, ..e }
        }
    };
    for k in def.keywords {
        args.push(
            kwargs
                .iter()
                .find(|(n, _)| n == k)
                .map_or(Value::Nothing, |(_, v)| v.clone()),
        );
    }
    (def.call)(interp, receiver, &args).map_err(named_error)
}

/// Call a global function `name(args)`.
pub fn call_function(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: KeywordArgs,
) -> EvalResult {
    if let Some(f) = rulesets::named(name).filter(rulesets::is_callable) {
        return rulesets::call(interp, &f, args, kwargs);
    }
    if name == "Grid" {
        return rulesets::namespace_member(interp, "Grid", "Empty", true, args, kwargs);
    }
    let Some(def) = FUNCTIONS.iter().find(|f| f.name == name) else {
        return Err(EvalError::new(format!(
            "That variable is not defined: `{name}`"
        )));
    };
    if let Some((k, _)) = kwargs.first() {
        return Err(EvalError::new(format!(
            "{name}: unknown keyword argument `{k}`"
        )));
    }
    check_arity(name, def.params, &args)?;
    (def.call)(interp, args)
}

fn not_a_method(name: &str, receiver: &Value) -> EvalError {
    EvalError::new(format!(
        "Not a method or member variable: `{name}` (in object of class `{}`)",
        receiver.kind()
    ))
}

/// Parameters ending in `?` are optional (and come last).
fn check_arity(name: &str, params: &[&str], args: &[Value]) -> EvalResult<()> {
    let required = params.iter().filter(|p| !p.ends_with('?')).count();
    if (required..=params.len()).contains(&args.len()) {
        return Ok(());
    }
    let expected = match (required, params.len()) {
        (_, 0) => "no arguments".to_string(),
        (r, n) if r == n => format!(
            "{n} argument{} ({})",
            if n == 1 { "" } else { "s" },
            params.join(", ")
        ),
        (r, n) => format!("{r} to {n} arguments ({})", params.join(", ")),
    };
    Err(EvalError::new(format!(
        "{name} expects {expected}, got {}",
        args.len()
    )))
}

fn arg(a: &[Value], i: usize) -> EvalResult<&Value> {
    a.get(i).ok_or_else(|| EvalError::new("Missing argument"))
}

fn int(v: &Value) -> EvalResult<Integer> {
    v.as_integer()
        .ok_or_else(|| EvalError::new(format!("Expected an integer, got {v}")))
}

fn int_arg(a: &[Value], i: usize) -> EvalResult<Integer> {
    int(arg(a, i)?)
}

fn num(v: &Value) -> EvalResult<Rational> {
    match v {
        Value::Number(r) => Ok(r.clone()),
        _ => Err(EvalError::new(format!("Expected a number, got {v}"))),
    }
}

fn num_arg(a: &[Value], i: usize) -> EvalResult<Rational> {
    num(arg(a, i)?)
}

fn dyadic(v: &Value) -> EvalResult<Dyadic> {
    num(v)?
        .to_dyadic()
        .ok_or_else(|| EvalError::new(format!("Expected a dyadic rational, got {v}")))
}

fn dyadic_arg(a: &[Value], i: usize) -> EvalResult<Dyadic> {
    dyadic(arg(a, i)?)
}

fn game(v: &Value) -> EvalResult<Game> {
    to_game(v)
}

fn game_arg(a: &[Value], i: usize) -> EvalResult<Game> {
    to_game(arg(a, i)?)
}

fn string_arg(a: &[Value], i: usize) -> EvalResult<String> {
    match arg(a, i)? {
        Value::Str(s) => Ok(s.to_string()),
        v => Err(EvalError::new(format!("Expected a string, got {v}"))),
    }
}

fn player_arg(a: &[Value], i: usize) -> EvalResult<Player> {
    match arg(a, i)? {
        Value::Player(p) => Ok(*p),
        v => Err(EvalError::new(format!("Expected Left or Right, got {v}"))),
    }
}

fn items(v: &Value) -> EvalResult<&[Value]> {
    match v {
        Value::List(x) | Value::Set(x) | Value::Tuple(x) => Ok(x),
        _ => Err(EvalError::new(format!("Expected a list or set, got {v}"))),
    }
}

/// A collection of the same kind as `like` with new elements.
fn rebuild(like: &Value, v: Vec<Value>) -> Value {
    match like {
        Value::Set(_) => Value::set(v),
        Value::Tuple(_) => Value::Tuple(Rc::new(v)),
        _ => Value::list(v),
    }
}

fn options_set(g: Game, p: Player) -> Value {
    let opts = match p {
        Player::Left => g.left_options(),
        Player::Right => g.right_options(),
    };
    Value::set(opts.iter().map(|&o| Value::game(o)).collect())
}

fn position_options(r: &Value, player: Player) -> EvalResult {
    let opts = rulesets::position(r)?.options(player)?;
    Ok(Value::set(opts.into_iter().map(Value::Position).collect()))
}

fn combine(r: &Value, op: Operation, other: &Value) -> EvalResult {
    let (a, b) = (rulesets::ruleset(r)?, rulesets::ruleset(other)?);
    Ok(Value::Ruleset(onag_rules::games::operations::combine(
        &a, op, &b,
    )?))
}

/// The variant ruleset, or with an argument its position:
/// `Domineering.ImpartialVariant("..|..")`.
fn variant(interp: &mut Interp, r: &Value, kind: Variant, args: &[Value]) -> EvalResult {
    let v = Value::Ruleset(onag_rules::games::variant::variant(
        &rulesets::ruleset(r)?,
        kind,
    )?);
    if args.is_empty() {
        return Ok(v);
    }
    rulesets::call(interp, &v, args.to_vec(), vec![])
}

fn game_list(games: Vec<Game>) -> Value {
    Value::list(games.into_iter().map(Value::game).collect())
}

fn game_set(games: Vec<Game>) -> Value {
    Value::set(games.into_iter().map(Value::game).collect())
}

fn sum(v: &[Value]) -> EvalResult {
    if v.iter().all(|x| matches!(x, Value::Number(_))) {
        let mut acc = Rational::zero();
        for x in v {
            acc = acc.add(&num(x)?)?;
        }
        return Ok(Value::Number(acc));
    }
    let mut acc = Game::ZERO;
    for x in v {
        acc = acc.add(to_game(x)?);
    }
    Ok(Value::game(acc))
}

fn extreme(v: &[Value], largest: bool) -> EvalResult {
    let mut best: Option<Rational> = None;
    for x in v {
        let r = num(x)?;
        best = match best {
            Some(b) if (largest && b >= r) || (!largest && b <= r) => Some(b),
            _ => Some(r),
        };
    }
    best.map(Value::Number)
        .ok_or_else(|| EvalError::new("Max/Min of an empty collection"))
}

fn mex(v: &[Value]) -> EvalResult {
    let mut seen: Vec<Integer> = Vec::with_capacity(v.len());
    for x in v {
        let n = match x {
            Value::Game(g) => g.as_nimber().map(Integer::from),
            other => other.as_integer(),
        };
        match n {
            Some(n) if !n.is_negative() => seen.push(n),
            _ => {
                return Err(EvalError::new(format!(
                    "Mex needs non-negative integers or nimbers, got {x}"
                )))
            }
        }
    }
    seen.sort();
    let mut m = Integer::zero();
    for n in seen {
        if n == m {
            m = &m + &Integer::one();
        } else if n > m {
            break;
        }
    }
    Ok(Value::integer(m))
}
