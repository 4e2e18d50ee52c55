//! Misère play in the language (MISERE.md): `*[...]` literals, the methods
//! of `MisereCanonicalGame` (MISERE 6-9), the misère methods of short games
//! and of the positions of every ruleset (MISERE 2, 10), and misère
//! quotients of heap rulesets (MISERE 11).

use super::{arg, method, static_method, MethodDef, StaticDef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::interp::Interp;
use crate::rulesets;
use crate::value::Value;
use onag_core::game::Game;
use onag_core::loopy::OutcomeClass;
use onag_core::misere::quotient::MisereQuotient;
use onag_core::misere::{Misere, MisereError, MisereOutcome};
use onag_rules::framework::misere as rules_misere;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// The error of a malformed `*[...]` (MISERE 2), CGSuite's message.
const BAD_SPECIFIER: &str =
    "Invalid misere game specifier: must be a `List` of `Integer`s or `MisereCanonicalGame`s";

/// The largest nim heap a `*[...]` literal may name (each heap below it is
/// built, so larger ones are refused rather than attempted).
const MAX_LITERAL_HEAP: u32 = 1 << 16;

/// The largest heap `MisereQuotient` accepts.
const MAX_QUOTIENT_HEAP: u32 = 100_000;

fn misere_error(e: MisereError) -> EvalError {
    EvalError::of(ErrorKind::Game, e.0)
}

/// `*L` for a list L (MISERE 2): a one-element list is unwrapped, any other
/// list lists the options; integers are nim heaps, nested lists games
/// with those options, misère games themselves.
pub fn from_list(v: &Value) -> EvalResult<Misere> {
    match v.elements() {
        Some([single]) if matches!(v, Value::List(_)) => element(single),
        Some(items) if matches!(v, Value::List(_)) => options_of(items),
        _ => Err(EvalError::of(ErrorKind::TypeMismatch, BAD_SPECIFIER)),
    }
}

fn options_of(items: &[Value]) -> EvalResult<Misere> {
    let mut options = Vec::with_capacity(items.len());
    for e in items {
        options.push(element(e)?);
    }
    Ok(Misere::from_options(options))
}

fn element(e: &Value) -> EvalResult<Misere> {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match e {
        Value::Misere(g) => Ok(*g),
        Value::List(items) => options_of(items),
        Value::Number(_) => match e.as_i64() {
            Some(n) if (0..=i64::from(MAX_LITERAL_HEAP)).contains(&n) => Ok(Misere::nim(n as u32)),
            _ => Err(EvalError::of(ErrorKind::TypeMismatch, BAD_SPECIFIER)),
        },
        _ => Err(EvalError::of(ErrorKind::TypeMismatch, BAD_SPECIFIER)),
    })
}

/// `+` and `-` with a misère game (MISERE 3.4): two misère games add as
/// misère games (`G - H` is `G + H`); a misère game with a short game is
/// the normal-play sum of its nimber `*g⁺` and the game.
pub fn additive(interp: &Interp, plus: bool, a: &Value, b: &Value) -> Option<EvalResult> {
    match (a, b) {
        (Value::Misere(g), Value::Misere(h)) => Some(Ok(Value::Misere(g.plus(*h)))),
        (Value::Misere(g), other) | (other, Value::Misere(g)) => {
            let h = interp.game_of(other)?;
            let star = Game::nimber(u64::from(g.nim_value()));
            Some(h.map(|h| {
                let h = if plus || matches!(b, Value::Misere(_)) {
                    h
                } else {
                    -h
                };
                Value::game(star + h)
            }))
        }
        _ => None,
    }
}

fn this(r: &Value) -> EvalResult<Misere> {
    match r {
        Value::Misere(g) => Ok(*g),
        other => Err(EvalError::expected(
            "game.misere.MisereCanonicalGame",
            &other.kind(),
        )),
    }
}

fn other_game(a: &[Value]) -> EvalResult<Misere> {
    match arg(a, 0)? {
        Value::Misere(g) => Ok(*g),
        other => misere_form(other),
    }
}

fn games(list: impl IntoIterator<Item = Misere>) -> Value {
    Value::list(list.into_iter().map(Value::Misere).collect())
}

fn outcome(o: MisereOutcome) -> Value {
    Value::Outcome(match o {
        MisereOutcome::P => OutcomeClass::P,
        MisereOutcome::N => OutcomeClass::N,
    })
}

fn flag(b: bool) -> EvalResult {
    Ok(Value::Bool(b))
}

fn genus(g: Misere) -> Value {
    Value::Output(g.genus().to_string().into())
}

/// The misère canonical form of a value (MISERE 2): a misère game itself,
/// a nimber `*n` as the nim heap, an impartial position of a ruleset from
/// its components and options.
pub fn misere_form(v: &Value) -> EvalResult<Misere> {
    match v {
        Value::Misere(g) => Ok(*g),
        Value::Position(p) => Ok(rules_misere::misere_form(&**p)?),
        other => match other.as_game() {
            Some(g) => match g.as_nimber() {
                Some(n) if n <= u64::from(MAX_LITERAL_HEAP) => Ok(Misere::nim(n as u32)),
                Some(n) => Err(EvalError::of(
                    ErrorKind::ResourceLimit,
                    format!("*{n} is too large a nim heap for a misère canonical form"),
                )),
                None => Err(EvalError::of(
                    ErrorKind::Domain,
                    format!("{other} is not impartial, so it has no misère canonical form"),
                )),
            },
            None => Err(EvalError::expected("game.ImpartialGame", &other.kind())),
        },
    }
}

thread_local! {
    /// Misère outcomes of canonical short games: (Left wins moving first,
    /// Right wins moving first).
    static GAME_OUTCOMES: RefCell<FxHashMap<Game, (bool, bool)>> = RefCell::default();
}

/// Whether Left and Right, moving first, win `g` in misère play (MISERE 2:
/// a player who cannot move wins), by recursion over its options.
fn game_misere_wins(g: Game) -> (bool, bool) {
    if let Some(o) = GAME_OUTCOMES.with(|m| m.borrow().get(&g).copied()) {
        return o;
    }
    onag_core::interrupt::check();
    let o = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let left = g.left_options();
        let right = g.right_options();
        let left_wins = left.is_empty() || left.iter().any(|&x| !game_misere_wins(x).1);
        let right_wins = right.is_empty() || right.iter().any(|&x| !game_misere_wins(x).0);
        (left_wins, right_wins)
    });
    GAME_OUTCOMES.with(|m| m.borrow_mut().insert(g, o));
    o
}

fn outcome_of_wins((left, right): (bool, bool)) -> Value {
    Value::Outcome(match (left, right) {
        (true, true) => OutcomeClass::N,
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
    })
}

/// `MisereOutcomeClass` of any value that is a short game (MISERE 2).
fn misere_outcome_class(v: &Value) -> EvalResult {
    match v {
        Value::Misere(g) => Ok(outcome(g.outcome())),
        Value::Position(p) => Ok(outcome_of_wins(rules_misere::misere_outcome(&**p)?)),
        other => match other.as_game() {
            Some(g) => Ok(outcome_of_wins(game_misere_wins(g))),
            None => Err(EvalError::expected(
                "game.CanonicalShortGame",
                &other.kind(),
            )),
        },
    }
}

/// `MisereNimValue` of an impartial value (MISERE 5.4).
fn misere_nim_value(v: &Value) -> EvalResult {
    Ok(Value::integer(misere_form(v)?.misere_nim_value()))
}

fn count(v: &Value, what: &str) -> EvalResult<u64> {
    rulesets::count(v, what)
}

/// The optional count argument `i`, or `default`.
fn optional_count(a: &[Value], i: usize, default: usize, what: &str) -> EvalResult<usize> {
    match a.get(i) {
        None | Some(Value::Nothing) => Ok(default),
        Some(v) => Ok(usize::try_from(count(v, what)?).unwrap_or(usize::MAX)),
    }
}

/// The methods of misère games, and the misère methods of games and
/// positions.
pub(super) static METHODS: &[MethodDef] = &[
    // MisereCanonicalGame (MISERE 6).
    method!("Birthday", MisereCanonicalGame, [], "The birthday of the misère canonical form (MISERE 3.1).", |_, r, _| {
        Ok(Value::integer(this(r)?.birthday()))
    }),
    method!("IsEven", MisereCanonicalGame, [], "Whether the game is the even member of its pair {E, E+*} (MISERE 1).", |_, r, _| flag(this(r)?.is_even())),
    method!("IsOdd", MisereCanonicalGame, [], "Whether the game is the odd member E+* of its pair (MISERE 1).", |_, r, _| flag(this(r)?.is_odd())),
    method!("IsNimHeap", MisereCanonicalGame, [], "Whether the game is the nim heap *b of its birthday b (MISERE 3.3).", |_, r, _| flag(this(r)?.is_nim_heap())),
    method!("IsTame", MisereCanonicalGame, [], "Whether the game is hereditarily tame (MISERE 5.1).", |_, r, _| flag(this(r)?.is_tame())),
    method!("IsGenerallyTame", MisereCanonicalGame, [], "Whether the game is generally tame: a nim heap, hereditarily or reversibly tame (MISERE 5.1).", |_, r, _| flag(this(r)?.is_generally_tame())),
    method!("IsTameable", MisereCanonicalGame, [], "Whether the game is tameable (MISERE 5.1).", |_, r, _| flag(this(r)?.is_tameable())),
    method!("IsRestive", MisereCanonicalGame, [], "Whether the game is hereditarily restive (MISERE 5.1).", |_, r, _| flag(this(r)?.is_restive())),
    method!("IsGenerallyRestive", MisereCanonicalGame, [], "Whether the game is hereditarily or reversibly restive (MISERE 5.1).", |_, r, _| flag(this(r)?.is_generally_restive())),
    method!("IsRestless", MisereCanonicalGame, [], "Whether the game is restless (MISERE 5.1).", |_, r, _| flag(this(r)?.is_restless())),
    method!("IsHalfTame", MisereCanonicalGame, [], "Whether the game is half-tame: not generally tame, but G+G is, with genus 0^0 (MISERE 5.1).", |_, r, _| flag(this(r)?.is_half_tame())),
    method!("IsIntroverted", MisereCanonicalGame, [], "Whether the game is 0 or * (the only introverted games, MISERE 6).", |_, r, _| flag(this(r)?.is_introverted())),
    method!("IsExtraverted", MisereCanonicalGame, [], "Whether G is a part of {G} (MISERE 7).", |_, r, _| flag(this(r)?.is_extraverted())),
    method!("IsPrime", MisereCanonicalGame, [], "Whether the game is not 0 or * and has no proper parts (MISERE 7).", |_, r, _| flag(this(r)?.is_prime())),
    method!("Mate", MisereCanonicalGame, [], "The mate G⁻: 0⁻ = *, otherwise the game of the options' mates; G + G⁻ is a P-position (MISERE 1).", |_, r, _| {
        Ok(Value::Misere(this(r)?.mate()))
    }),
    method!("NimValue", MisereCanonicalGame, [], "The normal-play nim value g⁺ (MISERE 1).", |_, r, _| {
        Ok(Value::integer(this(r)?.nim_value()))
    }),
    method!("CanonicalForm", MisereCanonicalGame, [], "The normal-play value: the nimber *g⁺ (MISERE 6).", |_, r, _| {
        Ok(Value::game(Game::nimber(u64::from(this(r)?.nim_value()))))
    }),
    method!("GameValue", MisereCanonicalGame, [], "The normal-play value: the nimber *g⁺ (MISERE 6).", |_, r, _| {
        Ok(Value::game(Game::nimber(u64::from(this(r)?.nim_value()))))
    }),
    method!("Options", MisereCanonicalGame, [], "The canonical options in the canonical order (MISERE 3.2), as a list.", |_, r, _| {
        Ok(games(this(r)?.options().iter().copied()))
    }),
    method!("Parts", MisereCanonicalGame, [], "The proper parts: games H with G = H + X (MISERE 7), in discovery order.", |_, r, _| {
        Ok(games(this(r)?.parts()))
    }),
    method!("Partitions", MisereCanonicalGame, [], "The ways of writing the game as a sum of primes (MISERE 7).", |_, r, _| {
        Ok(Value::list(this(r)?.partitions().into_iter().map(games).collect()))
    }),
    method!("MisereMinus", MisereCanonicalGame, ["h"], "G - H: the game X with G = H + X, if H is a part of G (MISERE 7).", |_, r, a| {
        Ok(Value::Misere(this(r)?.minus(other_game(a)?).map_err(misere_error)?))
    }),
    method!("Distinguisher", MisereCanonicalGame, ["h"], "A game T with G + T a P-position and H + T an N-position (MISERE 8).", |_, r, a| {
        Ok(Value::Misere(this(r)?.distinguisher(other_game(a)?).map_err(misere_error)?))
    }),
    method!("IsLinkedTo", MisereCanonicalGame, ["h"], "Whether neither game is an option of the other (MISERE 8).", |_, r, a| {
        flag(this(r)?.is_linked_to(other_game(a)?))
    }),
    method!("Link", MisereCanonicalGame, ["h"], "A game T with both G + T and H + T P-positions (MISERE 8).", |_, r, a| {
        Ok(Value::Misere(this(r)?.link(other_game(a)?).map_err(misere_error)?))
    }),
    // Misère values of every impartial game and position (MISERE 2, 5.4, 10).
    method!("MisereCanonicalForm", MisereCanonicalGame, [], "The game itself (MISERE 6).", |_, r, _| { Ok(Value::Misere(misere_form(r)?)) }),
    method!("MisereCanonicalForm", Position, [], "The misère canonical form of an impartial game (MISERE 2): for a position, the sum of its components' forms, each built from its options' forms.", |_, r, _| { Ok(Value::Misere(misere_form(r)?)) }),
    method!("MisereCanonicalForm", CanonicalShortGame, [], "The misère canonical form of an impartial game (MISERE 2): for a position, the sum of its components' forms, each built from its options' forms.", |_, r, _| { Ok(Value::Misere(misere_form(r)?)) }),
    method!("MisereNimValue", MisereCanonicalGame, [], "The misère nim value g⁻ of an impartial game: G + *m is a misère P-position iff m = g⁻ (MISERE 5.4).", |_, r, _| { misere_nim_value(r) }),
    method!("MisereNimValue", Position, [], "The misère nim value g⁻ of an impartial game: G + *m is a misère P-position iff m = g⁻ (MISERE 5.4).", |_, r, _| { misere_nim_value(r) }),
    method!("MisereNimValue", CanonicalShortGame, [], "The misère nim value g⁻ of an impartial game: G + *m is a misère P-position iff m = g⁻ (MISERE 5.4).", |_, r, _| { misere_nim_value(r) }),
    method!("Genus", MisereCanonicalGame, [], "The genus g^(γ₀γ₁…) of an impartial game: g⁺ and the misère nim values of G + *2 + … + *2 (MISERE 5).", |_, r, _| { Ok(genus(misere_form(r)?)) }),
    method!("Genus", Position, [], "The genus g^(γ₀γ₁…) of an impartial game: g⁺ and the misère nim values of G + *2 + … + *2 (MISERE 5).", |_, r, _| { Ok(genus(misere_form(r)?)) }),
    method!("Genus", CanonicalShortGame, [], "The genus g^(γ₀γ₁…) of an impartial game: g⁺ and the misère nim values of G + *2 + … + *2 (MISERE 5).", |_, r, _| { Ok(genus(misere_form(r)?)) }),
    method!("MisereOutcomeClass", MisereCanonicalGame, [], "The misère outcome (a player who cannot move wins): P or N for an impartial game, L, R, N or P for any short game or position, by recursion over its options (MISERE 2).", |_, r, _| { misere_outcome_class(r) }),
    method!("MisereOutcomeClass", Position, [], "The misère outcome (a player who cannot move wins): P or N for an impartial game, L, R, N or P for any short game or position, by recursion over its options (MISERE 2).", |_, r, _| { misere_outcome_class(r) }),
    method!("MisereOutcomeClass", CanonicalShortGame, [], "The misère outcome (a player who cannot move wins): P or N for an impartial game, L, R, N or P for any short game or position, by recursion over its options (MISERE 2).", |_, r, _| { misere_outcome_class(r) }),
    // Misère quotients (MISERE 11).
    method!("Size", MisereQuotient, [], "|Q|, the number of elements of the quotient (MISERE 11.1).", |_, r, _| {
        Ok(Value::integer(quotient(r)?.size()))
    }),
    method!("PSize", MisereQuotient, [], "|P|, the number of elements of the P-portion (MISERE 11.1).", |_, r, _| {
        Ok(Value::integer(quotient(r)?.p_size()))
    }),
    method!("IsTame", MisereQuotient, [], "Whether the quotient is one of the tame quotients T0, T1, T2, ... (MISERE 11.1).", |_, r, _| {
        flag(quotient(r)?.is_tame())
    }),
    method!("IsFinal", MisereQuotient, [], "Whether the quotient is final: Φ has become periodic for this octal game, so the quotient and the outcomes of sums of heaps of every size are known.", |_, r, _| {
        flag(quotient(r)?.is_final())
    }),
    method!("Period", MisereQuotient, [], "The preperiod and period (n0, p) of Φ once the quotient is final (Φ(n+p) = Φ(n) for n >= n0); Nothing before.", |_, r, _| {
        Ok(match quotient(r)?.period() {
            Some((n0, p)) => Value::list(vec![Value::integer(n0), Value::integer(p)]),
            None => Value::Nothing,
        })
    }),
    method!("MaxHeap", MisereQuotient, [], "The largest heap the quotient is certified for.", |_, r, _| {
        Ok(Value::integer(quotient(r)?.max_heap()))
    }),
    method!("Phi", MisereQuotient, [], "The pretending function: the word of Φ(n) for heaps n = 0, 1, ..., MaxHeap (MISERE 11.2).", |_, r, _| {
        Ok(words(quotient(r)?.phi_words()))
    }),
    method!("Elements", MisereQuotient, [], "The elements of Q as normal-form words (MISERE 11.2).", |_, r, _| {
        Ok(words(quotient(r)?.elements()))
    }),
    method!("PPortion", MisereQuotient, [], "The P-portion as normal-form words (MISERE 11.2).", |_, r, _| {
        Ok(words(quotient(r)?.p_words()))
    }),
    method!("Presentation", MisereQuotient, [], "The full presentation Q = <generators | relations>; P = {words}, also for tame quotients (MISERE 11.2).", |_, r, _| {
        Ok(Value::Output(quotient(r)?.full_presentation().into()))
    }),
    method!("MultiplicationTable", MisereQuotient, [], "The multiplication table of Q, row times column (MISERE 11.3).", |_, r, _| {
        Ok(Value::Output(quotient(r)?.multiplication_table_text().into()))
    }),
    method!("Outcome", MisereQuotient, ["heaps"], "The misère outcome (P or N) of the sum of these heaps, read off the quotient: P iff the product of their Φ lies in P (MISERE 11.3).", |i, r, a| {
        let heaps = heap_list(i, arg(a, 0)?)?;
        Ok(outcome(quotient(r)?.outcome(&heaps).map_err(misere_error)?))
    }),
    method!("Word", MisereQuotient, ["heaps"], "The word of Φ of the sum of these heaps (MISERE 11.3).", |i, r, a| {
        let heaps = heap_list(i, arg(a, 0)?)?;
        Ok(Value::Output(quotient(r)?.word_of(&heaps).map_err(misere_error)?.into()))
    }),
];

fn quotient(r: &Value) -> EvalResult<&MisereQuotient> {
    match r {
        Value::MisereQuotient(q) => Ok(q),
        other => Err(EvalError::expected(
            "game.heap.MisereQuotient",
            &other.kind(),
        )),
    }
}

fn words(list: Vec<String>) -> Value {
    Value::list(list.into_iter().map(|w| Value::Output(w.into())).collect())
}

fn heap_list(i: &Interp, v: &Value) -> EvalResult<Vec<u32>> {
    let items = super::collections::elements(i, v)?;
    items
        .iter()
        .map(|h| {
            let n = count(h, "Outcome")?;
            u32::try_from(n).map_err(|_| {
                EvalError::of(ErrorKind::Domain, format!("Outcome: heap {n} is too large"))
            })
        })
        .collect()
}

/// The static members of `MisereCanonicalGame`.
pub(super) static STATICS: &[StaticDef] = &[static_method!(
    MisereCanonicalGame."DayN",
    ["n", "maxGames?", "maxOptions?"],
    "The even misère canonical games born by day n, in the canonical order, with at most maxGames games (default 1000000) and maxOptions options at every position (default 1000000) (MISERE 9).",
    |_, a| {
        let n = count(arg(a, 0)?, "DayN")?;
        let n = u32::try_from(n)
            .map_err(|_| EvalError::of(ErrorKind::Domain, "DayN: n is too large"))?;
        let max_games = optional_count(a, 1, 1_000_000, "DayN")?;
        let max_options = optional_count(a, 2, 1_000_000, "DayN")?;
        let list = onag_core::misere::day::day_n(n, max_games, max_options).map_err(misere_error)?;
        Ok(games(list))
    }
)];

/// `MisereQuotient(ruleset, maxHeap)` (MISERE 11): the misère quotient of
/// a heap ruleset for heaps up to maxHeap, certified heap by heap.
pub(super) fn misere_quotient(_: &Interp, a: Vec<Value>) -> EvalResult {
    let r = rulesets::ruleset(arg(&a, 0)?)?;
    let heap = rulesets::heap(&r, "MisereQuotient")?;
    let max = count(arg(&a, 1)?, "MisereQuotient")?;
    let max = u32::try_from(max)
        .ok()
        .filter(|&m| m <= MAX_QUOTIENT_HEAP)
        .ok_or_else(|| {
            EvalError::of(
                ErrorKind::ResourceLimit,
                format!("MisereQuotient: the largest heap must be at most {MAX_QUOTIENT_HEAP}"),
            )
        })?;
    let game = rules_misere::heap_game(heap, &r.name(), max)?;
    let q = MisereQuotient::compute(game, max)
        .map_err(|e| EvalError::of(ErrorKind::Game, format!("MisereQuotient: {}", e.0)))?;
    Ok(Value::MisereQuotient(Rc::new(q)))
}

/// An impartial game as a tree of options, for the compounds of a misère
/// game with a nimber (MISERE 3.4: such mixtures are normal-play games).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Tree {
    /// A misère canonical game, whose options are its canonical options.
    Misere(Misere),
    /// The nim heap *n, whose options are *0 ... *(n-1).
    Nim(u32),
}

impl Tree {
    fn of(v: &Value) -> EvalResult<Tree> {
        match v {
            Value::Misere(g) => Ok(Tree::Misere(*g)),
            other => match other.as_game().and_then(Game::as_nimber) {
                Some(n) if n <= u64::from(MAX_LITERAL_HEAP) => Ok(Tree::Nim(n as u32)),
                _ => Err(EvalError::of(
                    ErrorKind::Domain,
                    format!("{other} is not an impartial game (a nimber or a misère game)"),
                )),
            },
        }
    }

    fn options(self) -> Vec<Tree> {
        match self {
            Tree::Misere(g) => g.options().iter().map(|&o| Tree::Misere(o)).collect(),
            Tree::Nim(n) => (0..n).map(Tree::Nim).collect(),
        }
    }

    /// The normal-play nim value.
    fn nim_value(self) -> u32 {
        match self {
            Tree::Misere(g) => g.nim_value(),
            Tree::Nim(n) => n,
        }
    }
}

/// A compound of two impartial games played in normal play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Compound {
    /// Move in every component (ONAG ch. 14).
    Conjunctive,
    /// Move in any non-empty set of components.
    Selective,
    /// Move in the base, or in the top leaving the base: G : H.
    Ordinal,
}

/// The nim value of the compound of g and h, by mex over its options.
fn compound_value(
    kind: Compound,
    g: Tree,
    h: Tree,
    memo: &mut FxHashMap<(Tree, Tree), u32>,
) -> u32 {
    if let Some(&v) = memo.get(&(g, h)) {
        return v;
    }
    onag_core::interrupt::check();
    let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let (go, ho) = (g.options(), h.options());
        let mut values = Vec::new();
        match kind {
            Compound::Conjunctive => {
                for &x in &go {
                    for &y in &ho {
                        values.push(compound_value(kind, x, y, memo));
                    }
                }
            }
            Compound::Selective => {
                for &x in &go {
                    values.push(compound_value(kind, x, h, memo));
                    for &y in &ho {
                        values.push(compound_value(kind, x, y, memo));
                    }
                }
                for &y in &ho {
                    values.push(compound_value(kind, g, y, memo));
                }
            }
            Compound::Ordinal => {
                values.extend(go.iter().map(|x| x.nim_value()));
                for &y in &ho {
                    values.push(compound_value(kind, g, y, memo));
                }
            }
        }
        let m = onag_rules::framework::mex(values.into_iter().map(u64::from));
        u32::try_from(m).unwrap_or(u32::MAX)
    });
    memo.insert((g, h), v);
    v
}

fn compound(kind: Compound, a: &Value, b: &Value) -> EvalResult {
    let (mut g, mut h) = (Tree::of(a)?, Tree::of(b)?);
    if kind == Compound::Selective {
        // CGSuite plays the selective sum on the normal-play values.
        (g, h) = (Tree::Nim(g.nim_value()), Tree::Nim(h.nim_value()));
    }
    let v = compound_value(kind, g, h, &mut FxHashMap::default());
    Ok(Value::game(Game::nimber(u64::from(v))))
}

/// `G : H` with a misère game (the normal-play ordinal sum of the game
/// trees), or None when neither operand is a misère game.
pub fn ordinal_sum(a: &Value, b: &Value) -> Option<EvalResult> {
    if matches!(a, Value::Misere(_)) || matches!(b, Value::Misere(_)) {
        Some(compound(Compound::Ordinal, a, b))
    } else {
        None
    }
}

/// Compounds of a misère game with an impartial game, played in normal
/// play on the game trees (MISERE 3.4).
pub(super) static COMPOUNDS: &[MethodDef] = &[
    method!("ConjunctiveSum", MisereCanonicalGame, ["h"], "The normal-play conjunctive sum with an impartial game (a move is a move in both), as a nimber.", |_, r, a| {
        compound(Compound::Conjunctive, r, arg(a, 0)?)
    }),
    method!("SelectiveSum", MisereCanonicalGame, ["h"], "The normal-play selective sum with an impartial game (a move is a move in one or both), played on their nimbers *g⁺, as a nimber.", |_, r, a| {
        compound(Compound::Selective, r, arg(a, 0)?)
    }),
    method!("OrdinalSum", MisereCanonicalGame, ["h"], "The normal-play ordinal sum G : H with an impartial game, as a nimber.", |_, r, a| {
        compound(Compound::Ordinal, r, arg(a, 0)?)
    }),
    method!("ConwayProduct", MisereCanonicalGame, ["h"], "The normal-play Conway product with an impartial game: the nim product of their nim values.", |_, r, a| {
        let (g, h) = (Tree::of(r)?, Tree::of(arg(a, 0)?)?);
        let p = onag_core::nim::nim_product_u64(u64::from(g.nim_value()), u64::from(h.nim_value()));
        Ok(Value::game(Game::nimber(p)))
    }),
    method!("OrdinalProduct", MisereCanonicalGame, ["h"], "The ordinal product with an impartial game in normal play: for nim values a and b, the nimber *(a·b) (ordinary product, as for nimbers).", |_, r, a| {
        let (g, h) = (Tree::of(r)?, Tree::of(arg(a, 0)?)?);
        let p = u64::from(g.nim_value()) * u64::from(h.nim_value());
        Ok(Value::game(Game::nimber(p)))
    }),
];
