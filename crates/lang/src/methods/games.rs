//! Methods of numbers and games (NOTATION 5): integers, rationals,
//! canonical short games, temperature theory, infinitesimals, products,
//! thermographs.

use super::{
    arg, dyadic, dyadic_arg, game, game_arg, game_set, int, int_arg, method, num, player_arg,
    string_arg, MethodDef,
};
use crate::error::{ErrorKind, EvalError};
use crate::value::{Player, Value};
use onag_core::game::Game;
use onag_core::nim;
use onag_core::number::Dyadic;
use std::rc::Rc;

/// The latest birthday of an operand of a Conway product that is not
/// between two numbers or two nimbers (the recursion visits every pair of
/// followers).
const MAX_PRODUCT_BIRTHDAY: u64 = 1 << 12;

/// The methods of numbers, games and thermographs.
pub(super) static METHODS: &[MethodDef] = &[
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
            if let Value::Surreal(_) = arg(a, 0)? {
                return super::surreal::nim_sum(r, arg(a, 0)?);
            }
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
            if let Value::Surreal(_) = arg(a, 0)? {
                return super::surreal::nim_product(r, arg(a, 0)?);
            }
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
        Rational,
        [],
        "The greatest integer <= x.",
        |_, r, _| Ok(Value::integer(num(r)?.floor()?))
    ),
    method!(
        "Ceiling",
        Rational,
        [],
        "The least integer >= x.",
        |_, r, _| Ok(Value::integer(num(r)?.ceil()?))
    ),
    method!(
        "IsDyadic",
        Rational,
        [],
        "True if the denominator is a power of two.",
        |_, r, _| { Ok(Value::Bool(num(r)?.is_dyadic())) }
    ),
    method!(
        "Subordinate",
        Rational,
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
        CanonicalShortGame,
        [],
        "The canonical form (ONAG Theorems 68-69).",
        |_, r, _| Ok(Value::game(game(r)?))
    ),
    method!(
        "LeftOptions",
        CanonicalShortGame,
        [],
        "The Left options of the canonical form, as a set.",
        |_, r, _| { Ok(options_set(game(r)?, Player::Left)) }
    ),
    method!(
        "RightOptions",
        CanonicalShortGame,
        [],
        "The Right options of the canonical form, as a set.",
        |_, r, _| { Ok(options_set(game(r)?, Player::Right)) }
    ),
    method!(
        "Options",
        CanonicalShortGame,
        ["player"],
        "The options of the canonical form for Left or Right, as a set.",
        |_, r, a| { Ok(options_set(game(r)?, player_arg(a, 0)?)) }
    ),
    method!(
        "Followers",
        CanonicalShortGame,
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
        CanonicalShortGame,
        [],
        "The number of distinct followers, including the game itself.",
        |_, r, _| { Ok(Value::integer(game(r)?.follower_count())) }
    ),
    method!(
        "Birthday",
        CanonicalShortGame,
        [],
        "0 for 0, else 1 + the largest birthday of an option.",
        |_, r, _| { Ok(Value::integer(game(r)?.birthday())) }
    ),
    method!(
        "OutcomeClass",
        CanonicalShortGame,
        [],
        "L, R, N or P: who wins with each player moving first.",
        |_, r, _| { Ok(Value::Outcome(game(r)?.outcome().into())) }
    ),
    method!(
        "IsNumber",
        CanonicalShortGame,
        [],
        "True if the game equals a number.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_number()))
    ),
    method!(
        "IsInteger",
        CanonicalShortGame,
        [],
        "True if the game equals an integer.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_integer()))
    ),
    method!(
        "IsOrdinal",
        CanonicalShortGame,
        [],
        "True if the game equals a non-negative integer.",
        |_, r, _| {
            let g = game(r)?;
            Ok(Value::Bool(
                g.is_integer() && g.as_number().is_some_and(|x| !x.is_negative()),
            ))
        }
    ),
    method!(
        "IsIdempotent",
        CanonicalShortGame,
        [],
        "True if G + G = G (for a short game: only 0).",
        |_, r, _| Ok(Value::Bool(game(r)? == Game::ZERO))
    ),
    method!(
        "IsPseudonumber",
        CanonicalShortGame,
        [],
        "True if the game is a pseudonumber (for a short game: a number).",
        |_, r, _| Ok(Value::Bool(game(r)?.is_number()))
    ),
    method!(
        "IsFinite",
        CanonicalShortGame,
        [],
        "True: a short game is finite.",
        |_, r, _| game(r).map(|_| Value::Bool(true))
    ),
    method!(
        "IsPlumtree",
        CanonicalShortGame,
        [],
        "True: a short game is a plumtree (its game graph has no cycles).",
        |_, r, _| game(r).map(|_| Value::Bool(true))
    ),
    method!(
        "IsStopper",
        CanonicalShortGame,
        [],
        "True: a short game is a stopper.",
        |_, r, _| game(r).map(|_| Value::Bool(true))
    ),
    method!(
        "IsStopperSided",
        CanonicalShortGame,
        [],
        "True: a short game is its own onside and offside.",
        |_, r, _| game(r).map(|_| Value::Bool(true))
    ),
    method!(
        "IsNimber",
        CanonicalShortGame,
        [],
        "True if the game equals a nimber *n (0 included).",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_nimber())) }
    ),
    method!(
        "IsZero",
        CanonicalShortGame,
        [],
        "True if the game equals 0.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_zero()))
    ),
    method!(
        "IsLoopfree",
        CanonicalShortGame,
        [],
        "True for every short game.",
        |_, r, _| {
            game(r)?;
            Ok(Value::Bool(true))
        }
    ),
    method!(
        "IsInfinitesimal",
        CanonicalShortGame,
        [],
        "True if both stops are 0.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_infinitesimal())) }
    ),
    method!(
        "IsNumberish",
        CanonicalShortGame,
        [],
        "True if infinitesimally close to a number (equal stops).",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_numberish())) }
    ),
    method!(
        "IsAllSmall",
        CanonicalShortGame,
        [],
        "True if every follower with a move for one player has one for the other.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_all_small())) }
    ),
    method!(
        "IsNumberTiny",
        CanonicalShortGame,
        [],
        "True for numbers and for x + Tiny(z) or x + Miny(z).",
        |_, r, _| {
            let g = game(r)?;
            Ok(Value::Bool(g.is_number() || g.as_number_tiny().is_some()))
        }
    ),
    method!(
        "IsEven",
        CanonicalShortGame,
        [],
        "G is 0 or every option is odd.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_even()))
    ),
    method!(
        "IsOdd",
        CanonicalShortGame,
        [],
        "G is not 0 and every option is even.",
        |_, r, _| Ok(Value::Bool(game(r)?.is_odd()))
    ),
    method!(
        "IsEvenTempered",
        CanonicalShortGame,
        [],
        "G is a number or every option is odd-tempered.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_even_tempered())) }
    ),
    method!(
        "IsOddTempered",
        CanonicalShortGame,
        [],
        "G is not a number and every option is even-tempered.",
        |_, r, _| { Ok(Value::Bool(game(r)?.is_odd_tempered())) }
    ),
    method!(
        "LeftStop",
        CanonicalShortGame,
        [],
        "The number reached when Left moves first and both play to a number.",
        |_, r, _| { Ok(Value::dyadic(game(r)?.left_stop())) }
    ),
    method!(
        "RightStop",
        CanonicalShortGame,
        [],
        "The number reached when Right moves first and both play to a number.",
        |_, r, _| { Ok(Value::dyadic(game(r)?.right_stop())) }
    ),
    method!(
        "Stop",
        CanonicalShortGame,
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
        CanonicalShortGame,
        ["x"],
        "For G = {0|H} and a number x >= 1: G.Pow(x) = {0 | H - G.PowTo(x-1)}; ^.Pow(n) is ^<n>, ^.Pow(3/2) is {0||0,v*|0,*}.",
        |_, r, a| {
            if let Value::Loopy(_) = arg(a, 0)? {
                return super::loopy::pow(r, a);
            }
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
        CanonicalShortGame,
        ["x"],
        "0 for x = 0, else the ordinal sum G : x.Subordinate(1); ^.PowTo(n) is ^[n].",
        |_, r, a| {
            if let Value::Loopy(_) = arg(a, 0)? {
                return super::loopy::pow_to(r, a);
            }
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
        CanonicalShortGame,
        ["h"],
        "The ordinal sum G : H = {G^L, G:H^L | G^R, G:H^R}.",
        |_, r, a| { crate::interp::ops::ordinal_sum(game(r)?, game_arg(a, 0)?) }
    ),
    // Temperature theory.
    method!("StopCount", CanonicalShortGame, [], "1 for a number, else the sum of the stop counts of all options.", |_, r, _| {
        Ok(Value::integer(game(r)?.stop_count()))
    }),
    method!("Mean", CanonicalShortGame, [], "The mean value: the mast of the thermograph.", |_, r, _| {
        Ok(Value::dyadic(game(r)?.mean()))
    }),
    method!("Temperature", CanonicalShortGame, [], "Where the thermograph's walls meet (-1 for integers, -1/2^k for m/2^k).", |_, r, _| {
        Ok(Value::dyadic(game(r)?.temperature()))
    }),
    method!("Thermograph", CanonicalShortGame, [], "The thermograph: both walls, exactly, down to t = -1.", |_, r, _| {
        Ok(Value::Thermograph(game(r)?.thermograph()))
    }),
    method!("Cool", CanonicalShortGame, ["t"], "Conway's cooling by t > -1: {G^L_t - t | G^R_t + t}, the mean above the temperature.", |_, r, a| {
        let (g, t) = (game(r)?, dyadic_arg(a, 0)?);
        if t <= -Dyadic::one() {
            return Err(EvalError::new(format!("Cool: temperature must be > -1, got {t}")));
        }
        Ok(Value::game(g.cool(&t)))
    }),
    method!("Heat", CanonicalShortGame, ["t"], "Heating by t (any game): numbers unchanged, else {G^L heated + t | G^R heated - t}.", |_, r, a| {
        Ok(Value::game(game(r)?.heat(game_arg(a, 0)?)))
    }),
    method!("Overheat", CanonicalShortGame, ["s", "t"], "Overheating from s to t: n.s for integers n, else {G^L + t | G^R - t} recursively.", |_, r, a| {
        Ok(Value::game(game(r)?.overheat(game_arg(a, 0)?, game_arg(a, 1)?)))
    }),
    method!("Freeze", CanonicalShortGame, [], "The game cooled by its temperature.", |_, r, _| Ok(Value::game(game(r)?.freeze()))),
    method!("Incentives", CanonicalShortGame, [], "All incentives G^L - G and G - G^R, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.incentives()))
    }),
    method!("LeftIncentives", CanonicalShortGame, [], "The Left incentives G^L - G, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.left_incentives()))
    }),
    method!("RightIncentives", CanonicalShortGame, [], "The Right incentives G - G^R, as a set.", |_, r, _| {
        Ok(game_set(game(r)?.right_incentives()))
    }),
    method!("ConfusionInterval", CanonicalShortGame, [], "The numbers confused with G: from the Right stop to the Left stop, each end open or closed (Nothing if none).", |_, r, _| {
        Ok(game(r)?.confusion_interval().map_or(Value::Nothing, |i| Value::Interval(Rc::new(i))))
    }),
    // Infinitesimals.
    method!("AtomicWeight", CanonicalShortGame, [], "Siegel's atomic weight (with the eccentric cases); an error where the game is not atomic.", |_, r, _| {
        let g = game(r)?;
        g.atomic_weight().map(Value::game).ok_or_else(|| EvalError::new(format!("That game is not atomic: {g}")))
    }),
    method!("IsAtomic", CanonicalShortGame, [], "True if the atomic weight is defined.", |_, r, _| Ok(Value::Bool(game(r)?.is_atomic()))),
    method!("ReducedCanonicalForm", CanonicalShortGame, [], "The simplest game infinitesimally close to G (Grossman and Siegel).", |_, r, _| {
        Ok(Value::game(game(r)?.reduced_canonical_form()))
    }),
    method!("UptimalExpansion", CanonicalShortGame, [], "x.d1d2...dn for x + d1.^ + d2.^<2> + ... + dn.^<n> (+ a nimber); an error for other games.", |_, r, _| {
        let g = game(r)?;
        g.uptimal_expansion()
            .map(|u| Value::Uptimal(Rc::new(u)))
            .ok_or_else(|| EvalError::new(format!("That game is not uptimal, so it has no UptimalExpansion: {g}")))
    }),
    method!("IsUptimal", CanonicalShortGame, [], "True if the game is a number plus a sum of Norton powers of up plus a nimber.", |_, r, _| {
        Ok(Value::Bool(game(r)?.is_uptimal()))
    }),
    method!("Companion", CanonicalShortGame, [], "The lattice companion (Siegel, CGT III.2).", |_, r, _| Ok(Value::game(game(r)?.companion()))),
    // Products.
    method!("NortonProduct", CanonicalShortGame, ["u"], "Norton's product G.U: n copies of U for integers, else {G^L.U + U + I | G^R.U - U - I} over incentives I of U.", |_, r, a| {
        Ok(Value::game(game(r)?.norton_product(game_arg(a, 0)?)))
    }),
    method!("ConwayProduct", CanonicalShortGame, ["h"], "Conway's product (the nim product on nimbers, the product on numbers).", |_, r, a| {
        if let Value::Transfinite(_) = arg(a, 0)? {
            return super::surreal::conway_product(r, arg(a, 0)?);
        }
        let (g, h) = (game(r)?, game_arg(a, 0)?);
        let direct = (g.as_number().is_some() && h.as_number().is_some())
            || (g.as_nimber().is_some() && h.as_nimber().is_some());
        if !direct {
            // The product recurses through every pair of followers.
            for x in [g, h] {
                let b = x.birthday();
                if b.to_u64().is_none_or(|b| b > MAX_PRODUCT_BIRTHDAY) {
                    return Err(EvalError::of(
                        ErrorKind::ResourceLimit,
                        format!("{} is born on day {b}: too late for the product's recursion (at most day {MAX_PRODUCT_BIRTHDAY})", Value::game(x)),
                    ));
                }
            }
        }
        Ok(Value::game(g.conway_product(h)))
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
];

fn options_set(g: Game, p: Player) -> Value {
    let opts = match p {
        Player::Left => g.left_options(),
        Player::Right => g.right_options(),
    };
    Value::set(opts.iter().map(|&o| Value::game(o)).collect())
}

#[allow(dead_code)]
fn domain(message: String) -> EvalError {
    EvalError::of(ErrorKind::Domain, message)
}
