//! Tokens of the onag language.
//!
//! A [`Lexer`] reads source text one [`Token`] at a time, each carrying its
//! byte [`Span`], and ends with [`TokenKind::Eof`]; [`tokenize`] collects
//! them in a list. Whitespace and comments (`// ...` to the end of the
//! line, `/* ... */`) separate tokens and produce none.
//!
//! A token is small and `Copy`: its kind and its span. The text of a word,
//! the digits of an integer and the contents of a string literal are read
//! from the source through the span when needed ([`Token::text`],
//! [`Token::integer`], [`string_value`]), so a token costs no allocation and
//! the parser can read the tokens as they come instead of keeping a list of
//! them all.
//!
//! The lexer makes no context-dependent decisions. A word such as `vv` or
//! `v9` is an [`TokenKind::Ident`] here, and `^` is always
//! [`TokenKind::Caret`]; whether a word is a down part and whether `^` is an
//! up or a power is decided by the parser (NOTATION 3.5), which learns
//! whether two tokens touch by comparing their spans.

use std::fmt;

use num_bigint::BigInt;

use crate::ast::Span;

/// A reserved word (SCRIPTING 1.1). Keywords cannot be used as names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    /// `and`
    And,
    /// `as`
    As,
    /// `begin`
    Begin,
    /// `break`
    Break,
    /// `by`
    By,
    /// `class`
    Class,
    /// `clear`
    Clear,
    /// `continue`
    Continue,
    /// `def`
    Def,
    /// `do`
    Do,
    /// `else`
    Else,
    /// `elseif`
    Elseif,
    /// `end`
    End,
    /// `enum`
    Enum,
    /// `error`
    Error,
    /// `extends`
    Extends,
    /// `external`
    External,
    /// `false`
    False,
    /// `finally`
    Finally,
    /// `for`
    For,
    /// `foreach`
    Foreach,
    /// `from`
    From,
    /// `if`
    If,
    /// `import`
    Import,
    /// `in`
    In,
    /// `is`
    Is,
    /// `mutable`
    Mutable,
    /// `not`
    Not,
    /// `op`
    Op,
    /// `or`
    Or,
    /// `override`
    Override,
    /// `pass`
    Pass,
    /// `private`
    Private,
    /// `return`
    Return,
    /// `singleton`
    Singleton,
    /// `static`
    Static,
    /// `super`
    Super,
    /// `system`
    System,
    /// `then`
    Then,
    /// `this`
    This,
    /// `to`
    To,
    /// `true`
    True,
    /// `try`
    Try,
    /// `unary`
    Unary,
    /// `var`
    Var,
    /// `where`
    Where,
    /// `while`
    While,
    /// `yield`
    Yield,
}

impl Keyword {
    /// The keyword spelled `word`, if any.
    pub fn from_word(word: &str) -> Option<Keyword> {
        Some(match word {
            "and" => Keyword::And,
            "as" => Keyword::As,
            "begin" => Keyword::Begin,
            "break" => Keyword::Break,
            "by" => Keyword::By,
            "class" => Keyword::Class,
            "clear" => Keyword::Clear,
            "continue" => Keyword::Continue,
            "def" => Keyword::Def,
            "do" => Keyword::Do,
            "else" => Keyword::Else,
            "elseif" => Keyword::Elseif,
            "end" => Keyword::End,
            "enum" => Keyword::Enum,
            "error" => Keyword::Error,
            "extends" => Keyword::Extends,
            "external" => Keyword::External,
            "false" => Keyword::False,
            "finally" => Keyword::Finally,
            "for" => Keyword::For,
            "foreach" => Keyword::Foreach,
            "from" => Keyword::From,
            "if" => Keyword::If,
            "import" => Keyword::Import,
            "in" => Keyword::In,
            "is" => Keyword::Is,
            "mutable" => Keyword::Mutable,
            "not" => Keyword::Not,
            "op" => Keyword::Op,
            "or" => Keyword::Or,
            "override" => Keyword::Override,
            "pass" => Keyword::Pass,
            "private" => Keyword::Private,
            "return" => Keyword::Return,
            "singleton" => Keyword::Singleton,
            "static" => Keyword::Static,
            "super" => Keyword::Super,
            "system" => Keyword::System,
            "then" => Keyword::Then,
            "this" => Keyword::This,
            "to" => Keyword::To,
            "true" => Keyword::True,
            "try" => Keyword::Try,
            "unary" => Keyword::Unary,
            "var" => Keyword::Var,
            "where" => Keyword::Where,
            "while" => Keyword::While,
            "yield" => Keyword::Yield,
            _ => return None,
        })
    }

    /// The spelling of the keyword.
    pub fn as_str(self) -> &'static str {
        match self {
            Keyword::And => "and",
            Keyword::As => "as",
            Keyword::Begin => "begin",
            Keyword::Break => "break",
            Keyword::By => "by",
            Keyword::Class => "class",
            Keyword::Clear => "clear",
            Keyword::Continue => "continue",
            Keyword::Def => "def",
            Keyword::Do => "do",
            Keyword::Else => "else",
            Keyword::Elseif => "elseif",
            Keyword::End => "end",
            Keyword::Enum => "enum",
            Keyword::Error => "error",
            Keyword::Extends => "extends",
            Keyword::External => "external",
            Keyword::False => "false",
            Keyword::Finally => "finally",
            Keyword::For => "for",
            Keyword::Foreach => "foreach",
            Keyword::From => "from",
            Keyword::If => "if",
            Keyword::Import => "import",
            Keyword::In => "in",
            Keyword::Is => "is",
            Keyword::Mutable => "mutable",
            Keyword::Not => "not",
            Keyword::Op => "op",
            Keyword::Or => "or",
            Keyword::Override => "override",
            Keyword::Pass => "pass",
            Keyword::Private => "private",
            Keyword::Return => "return",
            Keyword::Singleton => "singleton",
            Keyword::Static => "static",
            Keyword::Super => "super",
            Keyword::System => "system",
            Keyword::Then => "then",
            Keyword::This => "this",
            Keyword::To => "to",
            Keyword::True => "true",
            Keyword::Try => "try",
            Keyword::Unary => "unary",
            Keyword::Var => "var",
            Keyword::Where => "where",
            Keyword::While => "while",
            Keyword::Yield => "yield",
        }
    }
}

/// The kind of a token. Literals and words carry no value: their text is
/// the token's span of the source ([`Token::text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A run of ASCII digits ([`Token::integer`] is its value).
    Int,
    /// A word that is not a keyword: a letter followed by letters, digits
    /// and `_`. Down parts such as `v`, `vv` and `v9` are words too.
    Ident,
    /// A reserved word.
    Keyword(Keyword),
    /// A string literal ([`string_value`] is its value, escapes resolved).
    Str,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `,`
    Comma,
    /// `;`
    Semicolon,
    /// `:`
    Colon,
    /// `:=`
    ColonEq,
    /// `.`
    Dot,
    /// `..`
    DotDot,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `+-` or `±`
    PlusMinus,
    /// `*`
    Star,
    /// `×`: multiplication binding tighter than `*` and `/`, as in the
    /// printed coefficients of surreal numbers (`(ω+7)/ω×7`, SURREAL 5).
    Times,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `&`: the sidling operator `onside & offside`.
    Amp,
    /// `'`: around an explicit game `'{L | R}'`.
    Quote,
    /// `^`
    Caret,
    /// `↑` (1) or `⇑` (2): ups that can never be a power operator.
    UpArrow(u32),
    /// `↓` (1) or `⇓` (2).
    DownArrow(u32),
    /// A run of `n >= 1` vertical bars: `|`, `||`, `|||`, ...
    Bars(usize),
    /// `=>`
    FatArrow,
    /// `->`
    Arrow,
    /// `==`
    EqEq,
    /// `!=`
    NotEq,
    /// `<=`
    LtEq,
    /// `>=`
    GtEq,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<|`
    LtBar,
    /// `|>`
    BarGt,
    /// `<>`
    LtGt,
    /// `===`
    EqEqEq,
    /// `!==`
    NotEqEq,
    /// `<=>`
    Spaceship,
    /// `?` (an optional parameter's default follows)
    Question,
    /// `...` (an expandable parameter)
    Ellipsis,
    /// The end of the input.
    Eof,
}

impl fmt::Display for TokenKind {
    /// The source spelling of a symbol or keyword; for a literal or a word,
    /// which this kind alone cannot spell, what it is (`integer`,
    /// `identifier`, `string`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = match self {
            TokenKind::Int => "integer",
            TokenKind::Ident => "identifier",
            TokenKind::Keyword(k) => k.as_str(),
            TokenKind::Str => "string",
            TokenKind::Bars(n) => return write!(f, "{}", "|".repeat((*n).min(8))),
            TokenKind::UpArrow(1) => "↑",
            TokenKind::UpArrow(_) => "⇑",
            TokenKind::DownArrow(1) => "↓",
            TokenKind::DownArrow(_) => "⇓",
            TokenKind::LParen => "(",
            TokenKind::RParen => ")",
            TokenKind::LBracket => "[",
            TokenKind::RBracket => "]",
            TokenKind::LBrace => "{",
            TokenKind::RBrace => "}",
            TokenKind::Comma => ",",
            TokenKind::Semicolon => ";",
            TokenKind::Colon => ":",
            TokenKind::ColonEq => ":=",
            TokenKind::Dot => ".",
            TokenKind::DotDot => "..",
            TokenKind::Plus => "+",
            TokenKind::Minus => "-",
            TokenKind::PlusMinus => "+-",
            TokenKind::Star => "*",
            TokenKind::Times => "×",
            TokenKind::Slash => "/",
            TokenKind::Percent => "%",
            TokenKind::Amp => "&",
            TokenKind::Quote => "'",
            TokenKind::Caret => "^",
            TokenKind::FatArrow => "=>",
            TokenKind::Arrow => "->",
            TokenKind::EqEq => "==",
            TokenKind::NotEq => "!=",
            TokenKind::LtEq => "<=",
            TokenKind::GtEq => ">=",
            TokenKind::Lt => "<",
            TokenKind::Gt => ">",
            TokenKind::LtBar => "<|",
            TokenKind::BarGt => "|>",
            TokenKind::LtGt => "<>",
            TokenKind::EqEqEq => "===",
            TokenKind::NotEqEq => "!==",
            TokenKind::Spaceship => "<=>",
            TokenKind::Question => "?",
            TokenKind::Ellipsis => "...",
            TokenKind::Eof => "",
        };
        f.write_str(symbol)
    }
}

/// Integers longer than this are not spelled out in messages (converting a
/// huge integer to decimal takes time quadratic in its length).
const MAX_DISPLAYED_BITS: u64 = 128;

/// Shortens long text for error messages.
fn abbreviate(text: &str) -> String {
    const MAX_CHARS: usize = 24;
    if text.chars().count() <= MAX_CHARS {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX_CHARS - 3).collect();
        format!("{head}...")
    }
}

/// A token and the byte span of its source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where it is written.
    pub span: Span,
}

impl Token {
    /// The token's text in `src`, the source it was read from.
    pub fn text(self, src: &str) -> &str {
        src.get(self.span.start()..self.span.end()).unwrap_or("")
    }

    /// The value of an integer token (a run of ASCII digits) read from
    /// `src`; `None` for a token that is not one.
    pub fn integer(self, src: &str) -> Option<BigInt> {
        if self.kind != TokenKind::Int {
            return None;
        }
        self.text(src).parse().ok()
    }

    /// A short description for error messages, such as ``integer `3` `` or
    /// ``end of input``; `src` is the source the token was read from.
    pub fn describe(self, src: &str) -> String {
        match self.kind {
            TokenKind::Int => {
                // 2^128 has 39 digits: a longer literal is not converted.
                let short = self.text(src).trim_start_matches('0').len() <= 39;
                match short.then(|| self.integer(src)).flatten() {
                    Some(n) if n.bits() <= MAX_DISPLAYED_BITS => format!("integer `{n}`"),
                    _ => "a long integer".to_string(),
                }
            }
            TokenKind::Ident => format!("identifier `{}`", abbreviate(self.text(src))),
            TokenKind::Keyword(k) => format!("keyword `{}`", k.as_str()),
            TokenKind::Str => "a string".to_string(),
            TokenKind::Bars(n) if n > 8 => format!("a run of {n} `|`"),
            TokenKind::Eof => "end of input".to_string(),
            other => format!("`{other}`"),
        }
    }
}

/// A lexical error: an unexpected character, an unterminated string or
/// block comment, or an unknown string escape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
    /// True when more input could complete the text (an unterminated block
    /// comment): the session then asks for another line.
    pub incomplete: bool,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LexError {}

/// Splits `src` into tokens, ending with a [`TokenKind::Eof`] token whose
/// span is the empty span at the end of the input: the tokens of a
/// [`Lexer`], collected.
///
/// String literals accept the escapes `\"`, `\\`, `\'`, `\n`, `\t`, `\r`,
/// `\0` and `\uXXXX`; block comments do not nest.
pub fn tokenize(src: &str) -> Result<Vec<Token>, LexError> {
    let mut lexer = Lexer::new(src);
    let mut tokens = Vec::new();
    loop {
        let token = lexer.next_token()?;
        tokens.push(token);
        if token.kind == TokenKind::Eof {
            return Ok(tokens);
        }
    }
}

/// The value of the string literal written at `span` of `src`, its escapes
/// resolved; empty when no well-formed string literal is there.
pub fn string_value(src: &str, span: Span) -> String {
    let mut lexer = Lexer {
        src: src.get(..span.end()).unwrap_or(""),
        pos: span.start(),
    };
    let mut value = String::new();
    if lexer.peek() != Some('"') || lexer.string(Some(&mut value)).is_err() {
        value.clear();
    }
    value
}

/// Reads the tokens of a source text one at a time ([`Lexer::next_token`]).
pub struct Lexer<'a> {
    src: &'a str,
    /// Byte offset of the next character; always on a char boundary.
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src, pos: 0 }
    }

    /// The next token; at the end of the input, a [`TokenKind::Eof`] token
    /// whose span is the empty span at the end (and again at every further
    /// call).
    pub fn next_token(&mut self) -> Result<Token, LexError> {
        self.skip_trivia()?;
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Ok(Token {
                kind: TokenKind::Eof,
                span: Span::new(self.src.len(), self.src.len()),
            });
        };
        let kind = self.token(c)?;
        Ok(Token {
            kind,
            span: Span::new(start, self.pos),
        })
    }
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump_char(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes `c` if it is the next character.
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn error(&self, message: impl Into<String>, start: usize) -> LexError {
        LexError {
            message: message.into(),
            span: Span::new(start, self.pos),
            incomplete: false,
        }
    }

    /// Skips whitespace and comments.
    fn skip_trivia(&mut self) -> Result<(), LexError> {
        loop {
            let rest = self.rest();
            if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
                self.pos += c.len_utf8();
            } else if rest.starts_with("//") {
                self.pos += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                let start = self.pos;
                match rest.get(2..).and_then(|body| body.find("*/")) {
                    Some(end) => self.pos += end + 4,
                    None => {
                        self.pos = self.src.len();
                        let mut err =
                            self.error("unterminated block comment: expected `*/`", start);
                        err.incomplete = true;
                        return Err(err);
                    }
                }
            } else {
                return Ok(());
            }
        }
    }

    /// Lexes one token starting with `c` (which is not whitespace).
    fn token(&mut self, c: char) -> Result<TokenKind, LexError> {
        if c.is_ascii_digit() {
            return Ok(self.integer());
        }
        if c.is_alphabetic() {
            return Ok(self.word());
        }
        match c {
            '"' => self.string(None),
            '|' => Ok(self.bars()),
            _ => self.symbol(c),
        }
    }

    fn integer(&mut self) -> TokenKind {
        self.pos += self.rest().bytes().take_while(u8::is_ascii_digit).count();
        TokenKind::Int
    }

    fn word(&mut self) -> TokenKind {
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
            .map_or(rest.len(), |(i, _)| i);
        let word = rest.get(..len).unwrap_or("");
        self.pos += len;
        match Keyword::from_word(word) {
            Some(keyword) => TokenKind::Keyword(keyword),
            None => TokenKind::Ident,
        }
    }

    /// Lexes a string literal, appending its value (escapes resolved) to
    /// `value` when given.
    fn string(&mut self, mut value: Option<&mut String>) -> Result<TokenKind, LexError> {
        let start = self.pos;
        self.bump_char();
        loop {
            let escape_start = self.pos;
            let Some(c) = self.bump_char() else {
                return Err(self.error("unterminated string: expected a closing `\"`", start));
            };
            let c = match c {
                '"' => return Ok(TokenKind::Str),
                '\n' => {
                    self.pos = escape_start;
                    return Err(self.error(
                        "unterminated string: expected a closing `\"` before the end of the line",
                        start,
                    ));
                }
                '\\' => self.escape(start, escape_start)?,
                c => c,
            };
            if let Some(value) = value.as_deref_mut() {
                value.push(c);
            }
        }
    }

    /// Reads the character after a backslash in a string literal: `\"`,
    /// `\\`, `\'`, `\n`, `\t`, `\r`, `\0` and `\uXXXX` (SCRIPTING 1.3;
    /// onag decodes every escape, where CGSuite keeps all but `\"` as
    /// written).
    fn escape(&mut self, string_start: usize, escape_start: usize) -> Result<char, LexError> {
        match self.bump_char() {
            Some('"') => Ok('"'),
            Some('\\') => Ok('\\'),
            Some('\'') => Ok('\''),
            Some('n') => Ok('\n'),
            Some('t') => Ok('\t'),
            Some('r') => Ok('\r'),
            Some('0') => Ok('\0'),
            Some('u') => {
                let hex = self.rest().get(..4).unwrap_or("");
                let code = (hex.len() == 4 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
                    .then(|| u32::from_str_radix(hex, 16).ok())
                    .flatten()
                    .and_then(char::from_u32);
                match code {
                    Some(c) => {
                        self.pos += 4;
                        Ok(c)
                    }
                    None => Err(self.error(
                        "invalid escape in string: `\\u` must be followed by four hexadecimal digits of a character",
                        escape_start,
                    )),
                }
            }
            Some('\n') | None => Err(self.error(
                "unterminated string: expected a closing `\"`",
                string_start,
            )),
            Some(other) => Err(self.error(
                format!(
                    "unknown escape `\\{}` in string: expected one of \\\" \\\\ \\' \\n \\t \\r \\0 \\uXXXX",
                    other.escape_debug()
                ),
                escape_start,
            )),
        }
    }

    fn bars(&mut self) -> TokenKind {
        let count = self.rest().bytes().take_while(|&b| b == b'|').count();
        self.pos += count;
        if count == 1 && self.eat('>') {
            TokenKind::BarGt
        } else {
            TokenKind::Bars(count)
        }
    }

    /// Lexes punctuation and operators.
    fn symbol(&mut self, c: char) -> Result<TokenKind, LexError> {
        let start = self.pos;
        self.bump_char();
        let kind = match c {
            '(' => TokenKind::LParen,
            ')' => TokenKind::RParen,
            '[' => TokenKind::LBracket,
            ']' => TokenKind::RBracket,
            '{' => TokenKind::LBrace,
            '}' => TokenKind::RBrace,
            ',' => TokenKind::Comma,
            ';' => TokenKind::Semicolon,
            '*' => TokenKind::Star,
            '×' => TokenKind::Times,
            '/' => TokenKind::Slash,
            '%' => TokenKind::Percent,
            '&' => TokenKind::Amp,
            '\'' => TokenKind::Quote,
            '^' => TokenKind::Caret,
            '±' => TokenKind::PlusMinus,
            '↑' => TokenKind::UpArrow(1),
            '⇑' => TokenKind::UpArrow(2),
            '↓' => TokenKind::DownArrow(1),
            '⇓' => TokenKind::DownArrow(2),
            ':' if self.eat('=') => TokenKind::ColonEq,
            ':' => TokenKind::Colon,
            '.' if self.rest().starts_with("..") => {
                self.pos += 2;
                TokenKind::Ellipsis
            }
            '.' if self.eat('.') => TokenKind::DotDot,
            '.' => TokenKind::Dot,
            '+' if self.eat('-') => TokenKind::PlusMinus,
            '+' => TokenKind::Plus,
            '-' if self.eat('>') => TokenKind::Arrow,
            '-' => TokenKind::Minus,
            '=' if self.rest().starts_with("==") => {
                self.pos += 2;
                TokenKind::EqEqEq
            }
            '=' if self.eat('=') => TokenKind::EqEq,
            '=' if self.eat('>') => TokenKind::FatArrow,
            '=' => {
                return Err(self.error(
                    "unexpected `=`: write `:=` to assign or `==` to compare",
                    start,
                ))
            }
            '!' if self.rest().starts_with("==") => {
                self.pos += 2;
                TokenKind::NotEqEq
            }
            '!' if self.eat('=') => TokenKind::NotEq,
            '?' => TokenKind::Question,
            '!' => return Err(self.error("unexpected `!`: write `not` or `!=`", start)),
            '<' => self.after_less_than(),
            '>' if self.eat('=') => TokenKind::GtEq,
            '>' => TokenKind::Gt,
            other => {
                return Err(self.error(
                    format!("unexpected character `{}`", other.escape_debug()),
                    start,
                ))
            }
        };
        Ok(kind)
    }

    /// Lexes the rest of a token starting with `<`.
    fn after_less_than(&mut self) -> TokenKind {
        match self.peek() {
            Some('=') => {
                self.bump_char();
                if self.eat('>') {
                    TokenKind::Spaceship
                } else {
                    TokenKind::LtEq
                }
            }
            Some('>') => {
                self.bump_char();
                TokenKind::LtGt
            }
            // `<||` is `<` followed by a bar run, never `<|` then `|`.
            Some('|') if self.peek_second() != Some('|') => {
                self.bump_char();
                TokenKind::LtBar
            }
            _ => TokenKind::Lt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        tokenize(src).unwrap().into_iter().map(|t| t.kind).collect()
    }

    /// The text of each token but the final `Eof`.
    fn texts(src: &str) -> Vec<&str> {
        let tokens = tokenize(src).unwrap();
        tokens[..tokens.len() - 1]
            .iter()
            .map(|t| t.text(src))
            .collect()
    }

    /// The value of the first token, a string literal.
    fn first_string(src: &str) -> String {
        let first = tokenize(src).unwrap()[0];
        assert_eq!(first.kind, TokenKind::Str);
        string_value(src, first.span)
    }

    #[test]
    fn operators_and_bars() {
        use TokenKind::*;
        assert_eq!(
            kinds("3+-1 |||x|>y<|z<>w ->=>:=:.. ."),
            vec![
                Int,
                PlusMinus,
                Int,
                Bars(3),
                Ident,
                BarGt,
                Ident,
                LtBar,
                Ident,
                LtGt,
                Ident,
                Arrow,
                FatArrow,
                ColonEq,
                Colon,
                DotDot,
                Dot,
                Eof
            ]
        );
        assert_eq!(
            texts("3+-1 |||x|>y"),
            vec!["3", "+-", "1", "|||", "x", "|>", "y"]
        );
    }

    #[test]
    fn scripting_punctuation() {
        use TokenKind::*;
        assert_eq!(
            kinds("a... === !== <=> ? ..."),
            vec![Ident, Ellipsis, EqEqEq, NotEqEq, Spaceship, Question, Ellipsis, Eof]
        );
        assert_eq!(kinds("1..2")[1], DotDot);
        assert_eq!(kinds("x <= y")[1], LtEq);
        assert_eq!(first_string("\"\\u0041b\""), "Ab");
        assert!(tokenize("\"a\nb\"").is_err(), "a string ends on its line");
    }

    #[test]
    fn spans_are_byte_offsets() {
        let tokens = tokenize("±↑ x").unwrap();
        let spans: Vec<_> = tokens
            .iter()
            .map(|t| (t.span.start(), t.span.end()))
            .collect();
        assert_eq!(spans, vec![(0, 2), (2, 5), (6, 7), (7, 7)]);
    }

    #[test]
    fn comments_are_whitespace() {
        assert_eq!(kinds("1 // two\n /* three */ 4"), kinds("1 4"));
    }

    #[test]
    fn strings_and_escapes() {
        assert_eq!(first_string(r#""a\"b\\c\n" x"#), "a\"b\\c\n");
        let err = tokenize(r#""abc\q""#).unwrap_err();
        assert_eq!(err.span, Span::new(4, 6));
        let err = tokenize("x \"abc").unwrap_err();
        assert_eq!(err.span, Span::new(2, 6));
    }

    #[test]
    fn integers_and_words_are_read_from_the_source() {
        let src = "007 123456789012345678901234567890 v9 é_1";
        let tokens = tokenize(src).unwrap();
        assert_eq!(tokens[0].integer(src), Some(BigInt::from(7)));
        assert_eq!(
            tokens[1].integer(src).map(|n| n.to_string()).as_deref(),
            Some("123456789012345678901234567890")
        );
        assert_eq!(tokens[2].integer(src), None, "a word is not an integer");
        assert_eq!(tokens[2].text(src), "v9");
        assert_eq!(tokens[3].text(src), "é_1");
        assert_eq!(tokens[0].describe(src), "integer `7`");
        assert_eq!(tokens[3].describe(src), "identifier `é_1`");
        let long = "9".repeat(50);
        assert_eq!(
            tokenize(&long).unwrap()[0].describe(&long),
            "a long integer"
        );
    }

    #[test]
    fn the_lexer_reads_one_token_at_a_time() {
        let src = "a(1) \"s\"";
        let mut lexer = Lexer::new(src);
        let mut seen = Vec::new();
        loop {
            let token = lexer.next_token().unwrap();
            seen.push(token.kind);
            if token.kind == TokenKind::Eof {
                break;
            }
        }
        assert_eq!(seen, kinds(src));
        let end = lexer.next_token().unwrap();
        assert_eq!((end.kind, end.span), (TokenKind::Eof, Span::new(8, 8)));
    }

    #[test]
    fn unexpected_characters() {
        let err = tokenize("1 # 2").unwrap_err();
        assert_eq!(err.span, Span::new(2, 3));
        assert!(err.message.contains('#'));
        assert!(tokenize("/* open").is_err());
        assert!(tokenize("a = b").is_err());
    }
}
