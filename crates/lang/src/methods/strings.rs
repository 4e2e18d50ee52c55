//! Methods of strings (SCRIPTING 7.9). Regular expressions use the syntax
//! of the `regex` crate, which agrees with Java's for the common forms
//! (it has no look-around or possessive quantifiers); replacements accept
//! Java's `$1` group references.

use super::{arg, i64_arg, method, static_method, string_arg, MethodDef, StaticDef};
use crate::error::{ErrorKind, EvalError, EvalResult};
use crate::value::Value;
use onag_core::number::Integer;

fn text(v: &Value) -> &str {
    match v {
        Value::Str(s) => s,
        _ => "",
    }
}

fn regex(pattern: &str) -> EvalResult<regex::Regex> {
    regex::RegexBuilder::new(pattern)
        .size_limit(1 << 22)
        .build()
        .map_err(|e| {
            EvalError::of(
                ErrorKind::Domain,
                format!("Invalid regular expression: {e}"),
            )
        })
}

/// A Java replacement string (`$1`, `\$`) in the `regex` crate's syntax
/// (`${1}`, `$$`).
fn java_replacement(r: &str) -> String {
    let mut out = String::with_capacity(r.len());
    let mut chars = r.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(other) => out.push(other),
                None => {}
            },
            '$' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                if digits.is_empty() {
                    out.push_str("$$");
                } else {
                    out.push_str(&format!("${{{digits}}}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn char_index(s: &str, i: i64, len: usize) -> EvalResult<usize> {
    let _ = s;
    usize::try_from(i)
        .ok()
        .filter(|&k| k >= 1 && k <= len)
        .ok_or_else(|| EvalError::of(ErrorKind::Index, format!("String index out of bounds: {i}")))
}

/// The methods of strings.
pub(super) static METHODS: &[MethodDef] = &[
    method!(
        "Length",
        String,
        [],
        "The number of characters.",
        |_, r, _| { Ok(Value::integer(text(r).chars().count())) }
    ),
    method!(
        "Concat",
        String,
        ["s"],
        "The two strings joined.",
        |_, r, a| {
            Ok(Value::Str(
                format!("{}{}", text(r), string_arg(a, 0)?).into(),
            ))
        }
    ),
    method!(
        "Substring",
        String,
        ["first", "last"],
        "The characters from position first to last, inclusive.",
        |_, r, a| {
            let chars: Vec<char> = text(r).chars().collect();
            let (first, last) = (i64_arg(a, 0)?, i64_arg(a, 1)?);
            if last < first {
                return Ok(Value::str(""));
            }
            let f = char_index(text(r), first, chars.len())?;
            let l = char_index(text(r), last, chars.len())?;
            Ok(Value::Str(
                chars[f - 1..l].iter().collect::<String>().into(),
            ))
        }
    ),
    method!(
        "Updated",
        String,
        ["index", "s"],
        "The string with the character at a position replaced by the first character of s.",
        |_, r, a| {
            let mut chars: Vec<char> = text(r).chars().collect();
            let k = char_index(text(r), i64_arg(a, 0)?, chars.len())?;
            if let Some(c) = string_arg(a, 1)?.chars().next() {
                chars[k - 1] = c;
            }
            Ok(Value::Str(chars.into_iter().collect::<String>().into()))
        }
    ),
    method!(
        "Replace",
        String,
        ["target", "replacement"],
        "Every occurrence of target replaced.",
        |_, r, a| {
            let (target, replacement) = (string_arg(a, 0)?, string_arg(a, 1)?);
            if target.is_empty() {
                return Ok(r.clone());
            }
            Ok(Value::Str(text(r).replace(&target, &replacement).into()))
        }
    ),
    method!(
        "ReplaceRegex",
        String,
        ["regex", "replacement"],
        "Every match of a regular expression replaced ($1 for a group).",
        |_, r, a| {
            let re = regex(&string_arg(a, 0)?)?;
            let replacement = java_replacement(&string_arg(a, 1)?);
            Ok(Value::Str(
                re.replace_all(text(r), replacement.as_str())
                    .into_owned()
                    .into(),
            ))
        }
    ),
    method!(
        "Matches",
        String,
        ["regex"],
        "True if the whole string matches a regular expression.",
        |_, r, a| {
            let re = regex(&format!("^(?:{})$", string_arg(a, 0)?))?;
            Ok(Value::Bool(re.is_match(text(r))))
        }
    ),
    method!(
        "ToLowerCase",
        String,
        [],
        "The string in lower case.",
        |_, r, _| { Ok(Value::Str(text(r).to_lowercase().into())) }
    ),
    method!(
        "ToUpperCase",
        String,
        [],
        "The string in upper case.",
        |_, r, _| { Ok(Value::Str(text(r).to_uppercase().into())) }
    ),
    method!(
        "ToUnquotedOutput",
        String,
        [],
        "An output that prints the text without quotes.",
        |_, r, _| { Ok(Value::Output(text(r).into())) }
    ),
    method!("ToString", String, [], "The string itself.", |_, r, _| Ok(
        r.clone()
    )),
];

/// The static members of `Integer` and `String`.
pub(super) static STATICS: &[StaticDef] = &[static_method!(
    Integer."Parse",
    ["s"],
    "The integer a string spells (spaces around it allowed).",
    |_, a| {
        let s = match arg(a, 0)? {
            Value::Str(s) => s.clone(),
            _ => return Err(EvalError::new("Integer.Parse expects one string")),
        };
        s.trim()
            .parse::<num_bigint::BigInt>()
            .map(|n| Value::integer(Integer::from(n)))
            .map_err(|_| EvalError::new(format!("Integer.Parse: not an integer: \"{s}\"")))
    }
)];
