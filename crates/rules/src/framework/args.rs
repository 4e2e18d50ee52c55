//! Arguments passed from the language to ruleset constructors and ruleset
//! methods: a small, language-independent mirror of the language's values.

use super::error::{RuleError, RuleResult};
use super::position::Player;
use super::ruleset::AnyRuleset;
use onag_core::game::Game;
use onag_core::number::{Integer, Rational};
use std::any::Any;
use std::fmt;
use std::rc::Rc;

/// A board, strip or graph given as a value (`Grid.Empty(4, 4)`,
/// `Graph.Path(5)`). The framework only passes it on; the boards layer,
/// which makes these values, reads them back through [`Object::as_any`].
pub trait Object {
    /// The class of the value, as the language names it: `Grid`, `Strip`,
    /// `Graph`.
    fn class_name(&self) -> &'static str;

    /// The value as the language prints it, which reads back as the same
    /// value: `Grid("..|..")`.
    fn text(&self) -> String;

    /// The value itself, to be downcast by the layer that made it.
    fn as_any(&self) -> &dyn Any;
}

impl fmt::Display for dyn Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for dyn Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// A user function, as passed to `GenWythoff(f)`, `GenMem(pred)`,
/// `HeapRuleset(fn)`: called with arguments, returns a value or an error.
pub type UserFn = Rc<dyn Fn(&[Arg]) -> RuleResult<Arg>>;

/// One argument value.
#[derive(Clone)]
pub enum Arg {
    /// An exact number (integers included; ±inf for `maxDistance => inf`).
    Number(Rational),
    /// A short game that is not a number.
    Game(Game),
    /// A string.
    Str(String),
    /// A boolean.
    Bool(bool),
    /// `Left` or `Right`.
    Player(Player),
    /// CGSuite's `Nothing`.
    Nothing,
    /// A list, in order.
    List(Vec<Arg>),
    /// A set, elements in the language's printing order, no duplicates.
    Set(Vec<Arg>),
    /// A tuple such as `(3, 5)`.
    Tuple(Vec<Arg>),
    /// A map literal `{Left => {2}, Right => {1}}`.
    Map(Vec<(Arg, Arg)>),
    /// A board, strip or graph object (`Grid.Empty(4, 4)`).
    Object(Rc<dyn Object>),
    /// A ruleset (`Kayles`, `TakeAndBreak("0.77")`).
    Ruleset(Rc<dyn AnyRuleset>),
    /// A user function.
    Function(UserFn),
}

impl fmt::Debug for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(x) => write!(f, "{x}"),
            Arg::Game(g) => write!(f, "{g}"),
            Arg::Str(s) => write!(f, "{s:?}"),
            Arg::Bool(b) => write!(f, "{b}"),
            Arg::Player(p) => write!(f, "{p:?}"),
            Arg::Nothing => f.write_str("Nothing"),
            Arg::List(v) => f.debug_list().entries(v).finish(),
            Arg::Set(v) => f.debug_set().entries(v).finish(),
            Arg::Tuple(v) => {
                f.write_str("(")?;
                for (i, a) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{a:?}")?;
                }
                f.write_str(")")
            }
            Arg::Map(m) => f
                .debug_map()
                .entries(m.iter().map(|(k, v)| (k, v)))
                .finish(),
            Arg::Object(o) => write!(f, "{o}"),
            Arg::Ruleset(r) => f.write_str(&r.name()),
            Arg::Function(_) => f.write_str("<function>"),
        }
    }
}

impl Arg {
    /// The integer n.
    pub fn int(n: i64) -> Arg {
        Arg::Number(Rational::from(Integer::from(n)))
    }

    /// The kind of value, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Arg::Number(r) if r.is_integer() => "Integer",
            Arg::Number(_) => "Rational",
            Arg::Game(_) => "Game",
            Arg::Str(_) => "String",
            Arg::Bool(_) => "Boolean",
            Arg::Player(_) => "Player",
            Arg::Nothing => "Nothing",
            Arg::List(_) => "List",
            Arg::Set(_) => "Set",
            Arg::Tuple(_) => "Tuple",
            Arg::Map(_) => "Map",
            Arg::Object(_) => "Object",
            Arg::Ruleset(_) => "Ruleset",
            Arg::Function(_) => "Function",
        }
    }

    /// An integer that fits in i64.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Arg::Number(r) if r.is_integer() => r.to_integer()?.to_i64(),
            _ => None,
        }
    }

    /// A non-negative integer that fits in u64.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_i64().and_then(|n| u64::try_from(n).ok())
    }

    /// A heap size of the ruleset `what`: a non-negative integer of at
    /// most 2^63 - 1. A larger integer is refused with the limit; any other
    /// argument with `what`, `expects` and the argument.
    pub fn heap_size(&self, what: &str, expects: &str) -> RuleResult<u64> {
        self.bounded(what, "heap sizes", || {
            format!("{what} {expects}, got {self:?}")
        })
    }

    /// A non-negative integer of at most 2^63 - 1 (the largest heap size
    /// or coordinate a position holds). A larger integer is refused with
    /// the limit ("`what` `noun` are limited to ..."); any other argument
    /// with the message `otherwise` gives.
    pub fn bounded(
        &self,
        what: &str,
        noun: &str,
        otherwise: impl FnOnce() -> String,
    ) -> RuleResult<u64> {
        if let Some(n) = self.as_u64() {
            return Ok(n);
        }
        Err(RuleError::bad_argument(if self.past_limit() {
            format!("{what} {}; got {self:?}", Arg::limit(noun))
        } else {
            otherwise()
        }))
    }

    /// How a refusal of an integer past the limit names it: "`noun` are
    /// limited to 9223372036854775807".
    pub fn limit(noun: &str) -> String {
        format!("{noun} are limited to {}", i64::MAX)
    }

    /// Whether this is an integer past 2^63 - 1, the largest a position
    /// holds (so that a refusal can name the limit).
    pub fn past_limit(&self) -> bool {
        matches!(self, Arg::Number(r) if r.is_integer() && r.is_positive())
            && self.as_u64().is_none()
    }

    /// A board, strip or graph as an argument.
    pub fn object(o: impl Object + 'static) -> Arg {
        Arg::Object(Rc::new(o))
    }

    /// The object of type `T` this argument holds, if it is one.
    pub fn as_object<T: 'static>(&self) -> Option<&T> {
        match self {
            Arg::Object(o) => o.as_any().downcast_ref::<T>(),
            _ => None,
        }
    }

    /// The elements of a list, set or tuple.
    pub fn elements(&self) -> Option<&[Arg]> {
        match self {
            Arg::List(v) | Arg::Set(v) | Arg::Tuple(v) => Some(v),
            _ => None,
        }
    }
}

/// Positional and keyword arguments of one call.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// The positional arguments, in order.
    pub positional: Vec<Arg>,
    /// The keyword arguments (`name => value`), in order.
    pub keywords: Vec<(String, Arg)>,
}

impl Args {
    /// Positional arguments only.
    pub fn new(positional: Vec<Arg>) -> Args {
        Args {
            positional,
            keywords: vec![],
        }
    }

    /// The keyword argument `name`, if given.
    pub fn keyword(&self, name: &str) -> Option<&Arg> {
        self.keywords
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    /// An error unless every keyword is one of `allowed` (`what` names the
    /// callee in the message).
    pub fn check_keywords(&self, what: &str, allowed: &[&str]) -> RuleResult<()> {
        for (k, _) in &self.keywords {
            if !allowed.contains(&k.as_str()) {
                return Err(RuleError::bad_argument(if allowed.is_empty() {
                    format!("{what} takes no keyword arguments, got `{k}`")
                } else {
                    format!(
                        "{what}: unknown keyword argument `{k}` (expected one of {})",
                        allowed.join(", ")
                    )
                }));
            }
        }
        Ok(())
    }

    /// An error unless there are exactly `n` positional arguments.
    pub fn expect_count(&self, what: &str, n: usize, described: &str) -> RuleResult<()> {
        if self.positional.len() != n {
            return Err(RuleError::bad_argument(format!(
                "{what} expects {described}, got {} argument(s)",
                self.positional.len()
            )));
        }
        Ok(())
    }

    /// The single positional argument, as a string.
    pub fn single_str(&self, what: &str) -> RuleResult<&str> {
        match self.positional.as_slice() {
            [Arg::Str(s)] => Ok(s),
            [other] => Err(RuleError::bad_argument(format!(
                "{what} expects a string, got {} ({other:?})",
                other.kind()
            ))),
            args => Err(RuleError::bad_argument(format!(
                "{what} expects one string argument, got {} arguments",
                args.len()
            ))),
        }
    }
}
