//! The parser of the onag language (NOTATION.md sections 1-3,
//! SCRIPTING.md sections 1-4).
//!
//! [`parse_program`] reads a whole input (statements separated by `;`),
//! [`parse_expr`] a single expression and [`parse_unit`] a class file.
//! All are hand-written recursive descent over the tokens of
//! [`crate::lexer`], with precedence climbing for the binary operators.
//! The tokens are read as the parser reaches them and dropped once passed
//! (a window of tokens, not a list of the whole input); the input is lexed
//! once through first, so that a lexical error anywhere is reported before
//! any syntax error, as if the whole input had been split into tokens first.
//! Loosest first:
//!
//! | level | syntax                                   | associativity |
//! |-------|------------------------------------------|---------------|
//! | 0     | `name := e`                              | right         |
//! | 1     | lambda `x -> e`, `(x, y ? 1) -> e`        | right         |
//! | 2     | `or`                                     | left          |
//! | 3     | `and`                                    | left          |
//! | 4     | `not`                                    | prefix        |
//! | 5     | `is`                                     | left          |
//! | 6     | `==` `!=` `<=` `>=` `<` `>` `<\|` `\|>` `<>` `===` `!==` `<=>` | none |
//! | 7     | infix method `a Name b`                  | left          |
//! | 8     | `a .. b`, `a .. b .. step`               | none          |
//! | 9     | `+` `-` `+-`                             | left          |
//! | 10    | `:` (ordinal sum)                        | left          |
//! | 11    | `*` `/` `%`                              | left          |
//! | 12    | unary `-` `+` `+-` `not`                 | prefix        |
//! | 13    | `^` (power)                              | right         |
//! | 14    | `.Name`, `.Name(args)`, `[i]`, `(args)`  | postfix       |
//!
//! `not` at level 4 takes an `is` test or a comparison as its operand
//! (`not a == b` is `not (a == b)`); where an operand is expected inside a
//! tighter expression (`x == not y`) it is a plain prefix operator. The
//! body of a lambda is at level 1, so `x -> y := x` is `(x -> y) := x`, a
//! syntax error (SCRIPTING 2.7).
//!
//! Control expressions (`if`, `for`/`while` loops, `begin ... end`) are
//! atoms; after one, the next statement needs no `;` (SCRIPTING 1.6).
//!
//! # Terms and juxtaposition (NOTATION 3.2 and 3.5)
//!
//! Whether two tokens touch (no space or comment between them) is read from
//! their spans; see `terms` for the rules.
//!
//! # Errors and limits
//!
//! Parsing never panics. Every error is a [`ParseError`] with the byte span
//! of the offending token and a message of the form "expected ..., found
//! ..."; an error at the end of the input is marked
//! [`ParseError::incomplete`], which is how the session knows to ask for
//! another line. Recursion grows the stack on demand. Both the nesting of
//! the input and the height of the resulting tree are limited to
//! [`MAX_DEPTH`], so consumers of the tree can recurse over it; a parse
//! that fails part way tears down what it built without recursion.

mod braces;
mod classes;
mod expr;
mod statements;
mod terms;
mod tree;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;

use num_bigint::BigInt;

use crate::ast::{Expr, Program, Span};
use crate::decl::SourceUnit;
use crate::lexer::{Keyword, LexError, Lexer, Token, TokenKind};

/// The deepest nesting the parser accepts, and the greatest height of the
/// trees it returns. Nested sub-expressions (in brackets, braces,
/// parentheses, arguments, blocks and lambda bodies), prefix operators,
/// exponents and slash-nested games each count one level; so does each
/// operator or postfix operation in a chain (`1+1+...+1` is a tree as tall
/// as it is long).
pub const MAX_DEPTH: usize = 20_000;

/// Remaining stack below which a nested parse switches to a fresh segment.
const STACK_RED_ZONE: usize = 128 * 1024;
/// Size of each fresh stack segment.
const STACK_SEGMENT: usize = 2 * 1024 * 1024;

/// A syntax error: what was expected, what was found, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// A message such as "expected `}`, found end of input".
    pub message: String,
    /// The byte span of the offending source text; empty at the end of the
    /// input when the input ended too early.
    pub span: Span,
    /// True when the input ended before it was complete (an open bracket,
    /// an `if` or `begin` without its `end`...): more input could complete
    /// it.
    pub incomplete: bool,
}

impl ParseError {
    fn new(message: impl Into<String>, span: Span) -> ParseError {
        ParseError {
            message: message.into(),
            span,
            incomplete: false,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

impl From<LexError> for ParseError {
    fn from(err: LexError) -> ParseError {
        ParseError {
            message: err.message,
            span: err.span,
            incomplete: err.incomplete,
        }
    }
}

/// Parses a whole input: statements separated by `;`. Empty statements are
/// skipped, so empty input (or only whitespace and comments) gives a
/// program with no statements.
pub fn parse_program(src: &str) -> Result<Program, ParseError> {
    Parser::new(src)?.program()
}

/// Parses a single expression that must make up the whole input.
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    let mut parser = Parser::new(src)?;
    let tree = parser.parse_expr()?;
    if !parser.at(&TokenKind::Eof) {
        return Err(parser.expected("an operator or end of input"));
    }
    Ok(tree.into_expr())
}

/// Parses a `.cgs` file: one class or enum declaration (after optional
/// `import` lines), or else a script (a statement sequence).
pub fn parse_unit(src: &str) -> Result<SourceUnit, ParseError> {
    Parser::new(src)?.unit()
}

/// What an input leaves open at its end: brackets and keyword blocks
/// (`begin`, `if`, `class`, `enum`, a loop head without its `end`), as
/// the lexer sees them (so brackets in comments and strings do not count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Open {
    /// Brackets `(`, `[`, `{` not yet closed.
    pub brackets: usize,
    /// Keyword blocks not yet closed by `end`.
    pub blocks: usize,
    /// A block comment not yet closed.
    pub comment: bool,
}

/// The brackets and blocks `src` leaves open.
pub fn open_constructs(src: &str) -> Open {
    let mut open = Open::default();
    let mut brackets: i64 = 0;
    let mut blocks: i64 = 0;
    // Within the heads of a loop (between `for`/`while` and `do`/`yield`):
    // further `for` and `while` belong to the same loop.
    let mut in_heads = false;
    let mut lexer = Lexer::new(src);
    loop {
        let token = match lexer.next_token() {
            Ok(token) => token,
            Err(e) => {
                return Open {
                    comment: e.incomplete,
                    ..Open::default()
                }
            }
        };
        match token.kind {
            TokenKind::Eof => break,
            TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace => brackets += 1,
            TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => brackets -= 1,
            TokenKind::Keyword(Keyword::Begin | Keyword::If | Keyword::Class | Keyword::Enum) => {
                blocks += 1
            }
            TokenKind::Keyword(Keyword::For | Keyword::While) if brackets <= 0 && !in_heads => {
                blocks += 1;
                in_heads = true;
            }
            TokenKind::Keyword(Keyword::Do | Keyword::Yield) => in_heads = false,
            TokenKind::Keyword(Keyword::End) => blocks -= 1,
            _ => {}
        }
    }
    open.brackets = usize::try_from(brackets).unwrap_or(0);
    open.blocks = usize::try_from(blocks).unwrap_or(0);
    open
}

/// True when `src` is the beginning of an input that more lines could
/// complete: it ends while a bracket, a keyword block (`begin`, `if`, a
/// loop, `class`) or a block comment is still open (SCRIPTING 1.6). The
/// lexer and parser decide, so brackets inside comments and strings do not
/// count; an input that merely ends in an operator is an error, not an
/// unfinished input.
///
/// Both must hold: the parse stops at the end of the input, and something
/// is open there. The second is a pass of the lexer alone, so it is checked
/// first and the input is parsed only when something is open (a whole
/// input, the usual case, is not parsed here at all).
pub fn is_incomplete(src: &str) -> bool {
    let open = open_constructs(src);
    if !(open.comment || open.brackets > 0 || open.blocks > 0) {
        return false;
    }
    matches!(parse_program(src), Err(e) if e.incomplete)
}

/// The parser state: the source, its tokens and the current position.
struct Parser<'a> {
    /// The source text (the text of words and literals is read from it).
    src: &'a str,
    /// The tokens around the current position, read as they are needed.
    tokens: RefCell<TokenWindow<'a>>,
    /// Index of the current token.
    pos: usize,
    /// Current nesting depth, bounded by `MAX_DEPTH`.
    depth: usize,
    /// Inside a class body, where any word may name a field or local (a
    /// field `v` is declared and assigned; read, `v` is still a down).
    in_class: bool,
}

/// How many consumed tokens the window keeps behind the current one (the
/// parser looks back one token: whether the current one touches it, the
/// span of the last consumed one).
const KEPT_BEHIND: usize = 2;

/// The tokens of the input from index `first` on, lexed on demand: look
/// ahead as far as the parser asks, forget what lies behind it.
struct TokenWindow<'a> {
    lexer: Lexer<'a>,
    /// Tokens `first..first + buf.len()`, never the final `Eof`.
    buf: VecDeque<Token>,
    /// The index of `buf[0]` among all the tokens.
    first: usize,
    /// The lexer has reached the end of the input.
    done: bool,
}

impl TokenWindow<'_> {
    /// The token at `index`, unless `index` is past the last token before
    /// `Eof` (or was already dropped, which the parser never asks for).
    fn get(&mut self, index: usize) -> Option<Token> {
        while !self.done && self.first + self.buf.len() <= index {
            match self.lexer.next_token() {
                Ok(token) if token.kind != TokenKind::Eof => self.buf.push_back(token),
                // The input was lexed through before parsing, so an error
                // cannot come; it would end the tokens.
                _ => self.done = true,
            }
        }
        self.buf.get(index.checked_sub(self.first)?).copied()
    }

    /// Drops the tokens more than [`KEPT_BEHIND`] before `pos`.
    fn advance_to(&mut self, pos: usize) {
        while self.first + KEPT_BEHIND < pos && self.buf.pop_front().is_some() {
            self.first += 1;
        }
    }
}

// Token access.
impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Result<Parser<'a>, ParseError> {
        if src.len() > Span::MAX_SOURCE_LEN {
            return Err(ParseError::new(
                format!(
                    "the input is too long: a source text has at most {} bytes",
                    Span::MAX_SOURCE_LEN
                ),
                Span::new(0, 0),
            ));
        }
        // Lex the whole input first: a lexical error is reported before any
        // syntax error, wherever it is.
        let mut check = Lexer::new(src);
        while check.next_token()?.kind != TokenKind::Eof {}
        Ok(Parser {
            src,
            tokens: RefCell::new(TokenWindow {
                lexer: Lexer::new(src),
                buf: VecDeque::new(),
                first: 0,
                done: false,
            }),
            pos: 0,
            depth: 0,
            in_class: false,
        })
    }

    /// The `Eof` token, returned for every index past the end.
    fn eof(&self) -> Token {
        Token {
            kind: TokenKind::Eof,
            span: Span::new(self.src.len(), self.src.len()),
        }
    }

    /// The token at `index`, if it is not past the end.
    fn real_token(&self, index: usize) -> Option<Token> {
        self.tokens.borrow_mut().get(index)
    }

    fn token(&self, index: usize) -> Token {
        self.real_token(index).unwrap_or_else(|| self.eof())
    }

    /// The source text of a token.
    fn text(&self, token: Token) -> &'a str {
        token.text(self.src)
    }

    fn kind(&self, index: usize) -> TokenKind {
        self.token(index).kind
    }

    fn peek(&self) -> Token {
        self.token(self.pos)
    }

    fn at(&self, kind: &TokenKind) -> bool {
        self.peek().kind == *kind
    }

    fn at_keyword(&self, keyword: Keyword) -> bool {
        self.at(&TokenKind::Keyword(keyword))
    }

    /// True when the token at `index` directly follows the previous token
    /// with no space or comment between them.
    fn touches(&self, index: usize) -> bool {
        match index.checked_sub(1).and_then(|prev| self.real_token(prev)) {
            Some(prev) => prev.span.end() == self.token(index).span.start(),
            None => false,
        }
    }

    /// Consumes the current token (never moving past the end) and returns
    /// its span.
    fn bump(&mut self) -> Span {
        let token = self.real_token(self.pos);
        match token {
            Some(token) => {
                self.pos += 1;
                self.tokens.get_mut().advance_to(self.pos);
                token.span
            }
            None => self.eof().span,
        }
    }

    /// The span of the last consumed token.
    fn previous_span(&self) -> Span {
        self.previous_token()
            .map_or(self.eof().span, |token| token.span)
    }

    /// The last consumed token's kind.
    fn previous_kind(&self) -> Option<TokenKind> {
        self.previous_token().map(|token| token.kind)
    }

    /// The last consumed token.
    fn previous_token(&self) -> Option<Token> {
        self.pos
            .checked_sub(1)
            .and_then(|index| self.real_token(index))
    }

    /// Consumes the current token if it is `kind`.
    fn eat(&mut self, kind: &TokenKind) -> Option<Span> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    /// Consumes the keyword if it is the current token.
    fn eat_keyword(&mut self, keyword: Keyword) -> Option<Span> {
        self.eat(&TokenKind::Keyword(keyword))
    }

    /// Consumes the current token, which must be `kind`; `what` describes
    /// the expectation in the error message.
    fn expect(&mut self, kind: &TokenKind, what: &str) -> Result<Span, ParseError> {
        self.eat(kind).ok_or_else(|| self.expected(what))
    }

    /// Consumes the keyword, which must be the current token.
    fn expect_keyword(&mut self, keyword: Keyword, what: &str) -> Result<Span, ParseError> {
        self.expect(&TokenKind::Keyword(keyword), what)
    }

    /// An error "expected {what}, found {current token}" at the current
    /// token; incomplete when the current token is the end of the input.
    fn expected(&self, what: &str) -> ParseError {
        let found = self.peek();
        ParseError {
            message: format!("expected {what}, found {}", found.describe(self.src)),
            span: found.span,
            incomplete: found.kind == TokenKind::Eof,
        }
    }

    /// The value of the integer literal at `index`, if there is one.
    fn int_at(&self, index: usize) -> Option<BigInt> {
        self.token(index).integer(self.src)
    }

    /// Consumes an integer literal at the current token.
    fn take_int(&mut self) -> Result<(BigInt, Span), ParseError> {
        match self.int_at(self.pos) {
            Some(n) => Ok((n, self.bump())),
            None => Err(self.expected("an integer")),
        }
    }

    /// The word at `index`, if the token there is one.
    fn ident_at(&self, index: usize) -> Option<&'a str> {
        let token = self.token(index);
        (token.kind == TokenKind::Ident).then(|| self.text(token))
    }

    /// Consumes a word at the current token.
    fn take_ident(&mut self, what: &str) -> Result<(String, Span), ParseError> {
        match self.ident_at(self.pos) {
            Some(name) => Ok((name.to_string(), self.bump())),
            None => Err(self.expected(what)),
        }
    }

    fn too_deep(&self) -> ParseError {
        ParseError::new(
            format!("expression nested too deeply (more than {MAX_DEPTH} levels)"),
            self.peek().span,
        )
    }

    /// Runs `f` one nesting level deeper, growing the stack if needed.
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Parser<'a>) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.too_deep());
        }
        self.depth += 1;
        let result = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || f(self));
        self.depth -= 1;
        result
    }
}

impl Parser<'_> {
    /// Rejects names that could never be referred to (down parts), outside
    /// class bodies.
    fn check_binding_name(&self, name: &str, span: Span) -> Result<(), ParseError> {
        if self.in_class {
            return Ok(());
        }
        check_binding_name(name, span)
    }
}

/// Rejects names that could never be referred to: down parts.
fn check_binding_name(name: &str, span: Span) -> Result<(), ParseError> {
    if terms::is_down_word(name) {
        Err(ParseError::new(
            format!("`{name}` is a down part (NOTATION 3.2) and cannot be used as a name"),
            span,
        ))
    } else {
        Ok(())
    }
}
