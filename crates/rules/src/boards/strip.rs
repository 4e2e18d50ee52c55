//! One-row boards written as strings of cells (RULESETS 2.1).

use crate::framework::{Arg, Args, Object, RuleError, RuleResult};
use std::any::Any;

/// A strip of small cell values, cell 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    /// The cell values, the first cell first.
    pub cells: Vec<u8>,
}

impl Strip {
    /// n cells of value 0 (`Strip.Empty(n)`).
    pub fn empty(n: usize) -> Strip {
        Strip { cells: vec![0; n] }
    }

    /// Parse one character per cell, lower-cased and looked up in
    /// `charmap` (its index is the cell value).
    pub fn parse(s: &str, charmap: &str) -> RuleResult<Strip> {
        let map: Vec<char> = charmap.chars().collect();
        let cells = s
            .chars()
            .map(|ch| {
                let lower = ch.to_lowercase().next().unwrap_or(ch);
                map.iter().position(|&m| m == lower).map(|v| v as u8)
            })
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| {
                RuleError::bad_position(format!(
                    "The position may only contain the following characters: {charmap}"
                ))
            })?;
        Ok(Strip { cells })
    }

    /// The strip as a string with `charmap`.
    pub fn to_string_with(&self, charmap: &str) -> String {
        let map: Vec<char> = charmap.chars().collect();
        self.cells
            .iter()
            .map(|&v| map.get(v as usize).copied().unwrap_or('?'))
            .collect()
    }

    /// The strip given to a strip ruleset: a string in `charmap`, or a
    /// `Strip` object.
    pub fn from_args(what: &str, args: &Args, charmap: &str) -> RuleResult<Strip> {
        args.check_keywords(what, &[])?;
        match args.positional.as_slice() {
            [Arg::Str(s)] => Strip::parse(s, charmap),
            [a @ Arg::Object(o)] => match a.as_object::<Strip>() {
                Some(s) => Ok(s.clone()),
                None => Err(RuleError::bad_argument(format!(
                    "{what} expects a strip, got {o}"
                ))),
            },
            _ => Err(RuleError::bad_argument(format!(
                "{what} expects one argument: a position string or a Strip"
            ))),
        }
    }
}

/// `Strip.Empty(n)`.
pub fn class_member(member: &str, args: &Args) -> Option<RuleResult<Arg>> {
    match member {
        "Empty" => Some(match args.positional.as_slice() {
            [n] => match n.as_i64() {
                Some(k) if (0..=1 << 16).contains(&k) => Ok(Arg::object(Strip::empty(k as usize))),
                _ => Err(RuleError::bad_argument(format!("Invalid Length: {n:?}"))),
            },
            _ => Err(RuleError::bad_argument(
                "Strip.Empty expects one argument: the length",
            )),
        }),
        _ => None,
    }
}

impl Object for Strip {
    fn class_name(&self) -> &'static str {
        "Strip"
    }

    fn text(&self) -> String {
        format!("Strip(\"{}\")", self.to_string_with(".123456789"))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
