//! Terms: number-up-star juxtaposition (NOTATION 3.2 and 3.5).
//!
//! A *term* is an atom:
//!
//! - An up part (`^`, `^^`, `^n`, `v`, `vv`, `vn`, `^<n>`, `v[n]`, arrows)
//!   or a star (`*`, `*n`, `*(e)`) in operand position starts a term. A word
//!   made of one or more `v` and then optional digits is a down part, never
//!   a name.
//! - After an integer literal, a touching `^` is the power operator when the
//!   next token touches it and is an integer, `(`, `-`, `+`, `+-` or a word;
//!   any other touching `^` (or arrow, or down word) starts the up part.
//! - After an integer literal, a touching `*` is multiplication when the
//!   next token touches it and can begin an operand; any other touching `*`
//!   is the star part.
//! - After an up part, `*` is always the star part: `*`, `*n` or `*(e)`
//!   (`^*+1` is `1^*`, `v*-1` is `-1v*`), as in CGSuite's grammar.
//! - A single `^` or `v` followed by a word, a parenthesised expression, a
//!   string or a spaced integer is an up-multiple: `^ Heat *` is the up part
//!   `Heat` copies of `^` (so an error when `Heat` is not a variable), as
//!   CGSuite reads it.
//! - `a/b` with no spaces is the number part of a term when an up or star
//!   part (or a word, below) touches `b`; otherwise it is division.
//! - A `-` in prefix position touching the number part of a term negates
//!   only the number part: `-1^^` is `Term { number: -1, up: ^^ }`.
//! - A word (not a keyword or down part) touching a number is added to it:
//!   `2Tiny(2)` is `2 + Tiny(2)`, `-1/2Tiny(1/4)` is `-1/2 + Tiny(1/4)`.
//!   The word with its postfix operations and power is the right operand.

use num_bigint::BigInt;
use num_traits::Zero;

use super::tree::{boxed, Tree};
use super::{ParseError, Parser};
use crate::ast::{BinOp, Expr, ExprKind, Span, StarPart, Term, TermNumber, UnaryOp, UpPart};
use crate::lexer::{Keyword, TokenKind};

/// What touches an integer literal and decides how it reads (NOTATION 3.5).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Suffix {
    /// Nothing that extends the number: it is an ordinary integer operand.
    None,
    /// An up part or a star part: the integer is a term's number part.
    UpStar,
    /// A word: the number is added to the expression the word starts.
    Word,
}

/// How an integer literal at some token index reads.
#[derive(Clone, Copy)]
pub(super) struct NumberShape {
    /// `a/b` with an up part, star part or word touching `b`.
    fraction: bool,
    pub(super) suffix: Suffix,
}

/// A word made of `v`s and digits, which is a down part (NOTATION 3.2).
enum DownWord<'a> {
    /// `v`, `vv`, `vvv`, ...: that many downs.
    Run(usize),
    /// `vn`: n downs (the digits).
    Count(&'a str),
    /// `vvn`: not meaningful.
    RunWithCount,
}

fn down_word(word: &str) -> Option<DownWord<'_>> {
    let vs = word.bytes().take_while(|&b| b == b'v').count();
    let digits = word.get(vs..)?;
    if vs == 0 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        None
    } else if digits.is_empty() {
        Some(DownWord::Run(vs))
    } else if vs == 1 {
        Some(DownWord::Count(digits))
    } else {
        Some(DownWord::RunWithCount)
    }
}

/// True for a word that is a down part (`v`, `vv`, `v3`).
pub(super) fn is_down_word(word: &str) -> bool {
    down_word(word).is_some()
}

/// Tokens that can begin an operand, for deciding whether `*` touching a
/// number is a product (`3*5`) or a star (`3*`).
pub(super) fn can_begin_operand(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Int
            | TokenKind::Ident
            | TokenKind::Str
            | TokenKind::LParen
            | TokenKind::LBracket
            | TokenKind::LBrace
            | TokenKind::Minus
            | TokenKind::Plus
            | TokenKind::PlusMinus
            | TokenKind::Caret
            | TokenKind::UpArrow(_)
            | TokenKind::DownArrow(_)
            | TokenKind::Star
    ) || matches!(
        kind,
        TokenKind::Keyword(
            Keyword::True
                | Keyword::False
                | Keyword::Not
                | Keyword::This
                | Keyword::If
                | Keyword::Begin
                | Keyword::For
                | Keyword::While
                | Keyword::Error
        )
    )
}

impl Parser<'_> {
    /// Whether a `^` at `index` (touching an integer) is the power operator:
    /// it is when the next token touches it and is an integer, `(`, `-`,
    /// `+`, `+-` or a word.
    pub(super) fn caret_is_power(&self, index: usize) -> bool {
        self.touches(index + 1)
            && matches!(
                self.kind(index + 1),
                TokenKind::Int
                    | TokenKind::LParen
                    | TokenKind::Minus
                    | TokenKind::Plus
                    | TokenKind::PlusMinus
                    | TokenKind::Ident
                    | TokenKind::Keyword(_)
            )
    }

    /// Whether a `*` at `index` (touching an integer or up part) is
    /// multiplication: it is when the next token touches it and can begin an
    /// operand.
    fn star_is_product(&self, index: usize) -> bool {
        self.touches(index + 1) && can_begin_operand(self.kind(index + 1))
    }

    /// True when the token at `index` can start an up part.
    pub(super) fn starts_up_part(&self, index: usize) -> bool {
        match self.kind(index) {
            TokenKind::Caret | TokenKind::UpArrow(_) | TokenKind::DownArrow(_) => true,
            TokenKind::Ident => self.ident_at(index).is_some_and(is_down_word),
            _ => false,
        }
    }

    /// What touches the integer literal at `index` and how it reads.
    pub(super) fn suffix_after_int(&self, index: usize) -> Suffix {
        let next = index + 1;
        if !self.touches(next) {
            return Suffix::None;
        }
        match self.kind(next) {
            TokenKind::Caret if self.caret_is_power(next) => Suffix::None,
            TokenKind::Star if self.star_is_product(next) => Suffix::None,
            TokenKind::Caret | TokenKind::Star => Suffix::UpStar,
            _ if self.starts_up_part(next) => Suffix::UpStar,
            TokenKind::Ident => Suffix::Word,
            _ => Suffix::None,
        }
    }

    /// How the integer literal at `index` reads: alone, as a term's number
    /// part, or as a fraction `a/b` that is a term's number part.
    pub(super) fn number_shape(&self, index: usize) -> NumberShape {
        let fraction = self.touches(index + 1)
            && self.kind(index + 1) == TokenKind::Slash
            && self.touches(index + 2)
            && matches!(self.kind(index + 2), TokenKind::Int)
            && self.suffix_after_int(index + 2) != Suffix::None;
        let last = if fraction { index + 2 } else { index };
        NumberShape {
            fraction,
            suffix: self.suffix_after_int(last),
        }
    }

    /// An expression starting with an integer literal: a plain integer, a
    /// term with a number part, or a number juxtaposed with a word.
    /// `minus` is the span of a `-` touching the integer in prefix
    /// position, which negates the number part only.
    pub(super) fn number_led(&mut self, minus: Option<Span>) -> Result<Tree, ParseError> {
        let shape = self.number_shape(self.pos);
        let (numerator, numerator_span) = self.take_int()?;
        let start = minus.unwrap_or(numerator_span);
        let denominator = if shape.fraction {
            self.bump();
            Some(self.take_int()?)
        } else {
            None
        };
        let up = if shape.suffix == Suffix::UpStar && self.starts_up_part(self.pos) {
            Some(self.up_part()?)
        } else {
            None
        };
        let (star, height) = if shape.suffix == Suffix::UpStar {
            self.star_suffix_with_height(up.is_some())?
        } else {
            (None, 0)
        };
        if up.is_some() || star.is_some() {
            let number = TermNumber {
                negative: minus.is_some(),
                numerator,
                denominator: denominator.map(|(d, _)| d),
            };
            let span = start.to(self.previous_span());
            return self.node(height, || {
                Expr::new(
                    ExprKind::Term(Box::new(Term {
                        number: Some(number),
                        up,
                        star,
                    })),
                    span,
                )
            });
        }
        let mut number = Tree::leaf(ExprKind::Integer(numerator.into()), numerator_span);
        if let Some(minus) = minus {
            number = self.unary(UnaryOp::Neg, minus, number)?;
        }
        if let Some((denominator, span)) = denominator {
            let denominator = Tree::leaf(ExprKind::Integer(denominator.into()), span);
            number = self.binary(BinOp::Div, number, denominator)?;
        }
        if shape.suffix == Suffix::Word {
            let addend = self.power_expr()?;
            return self.binary(BinOp::Add, number, addend);
        }
        Ok(number)
    }

    /// A term from its parts (with no `*(expr)`), spanning from `start` to
    /// the last consumed token.
    fn term(
        &self,
        number: Option<TermNumber>,
        up: Option<UpPart>,
        star: Option<StarPart>,
        start: Span,
    ) -> Tree {
        Tree::leaf(
            ExprKind::Term(Box::new(Term { number, up, star })),
            start.to(self.previous_span()),
        )
    }

    /// A term starting with its up part: `^`, `v*`, `^*6`, `vv`, `^<2>*`,
    /// or an up-multiple `^ x`, `v(n)`.
    pub(super) fn up_term(&mut self) -> Result<Tree, ParseError> {
        let start = self.peek().span;
        let first = self.pos;
        let up = self.up_part()?;
        let single = self.pos == first + 1
            && matches!(up, UpPart::Ups(ref n) if n.magnitude() == &1u32.into());
        if single && self.multiplier_ahead() {
            let positive = matches!(up, UpPart::Ups(ref n) if n > &BigInt::zero());
            let count = self.nested(Parser::postfix_expr)?;
            let star = if self.at(&TokenKind::Star) && !self.touching_operand(self.pos + 1) {
                self.bump();
                Some(StarPart::Nimber(BigInt::from(1)))
            } else {
                None
            };
            let span = start.to(self.previous_span());
            return self.node(count.height, || {
                let up = Some(UpPart::Multiple {
                    positive,
                    count: boxed(count),
                });
                Expr::new(
                    ExprKind::Term(Box::new(Term {
                        number: None,
                        up,
                        star,
                    })),
                    span,
                )
            });
        }
        let (star, height) = self.star_suffix_with_height(true)?;
        let span = start.to(self.previous_span());
        self.node(height, || {
            Expr::new(
                ExprKind::Term(Box::new(Term {
                    number: None,
                    up: Some(up),
                    star,
                })),
                span,
            )
        })
    }

    /// After a single `^` or `v`: whether an operand follows that is its
    /// multiplier (a word, `(`, a string, or an integer after a space).
    fn multiplier_ahead(&self) -> bool {
        match self.kind(self.pos) {
            TokenKind::Ident => self.ident_at(self.pos).is_some_and(|w| !is_down_word(w)),
            TokenKind::LParen | TokenKind::Str => true,
            TokenKind::Int => !self.touches(self.pos),
            _ => false,
        }
    }

    /// Whether the token at `index` touches its predecessor and can begin an
    /// operand.
    fn touching_operand(&self, index: usize) -> bool {
        self.touches(index) && can_begin_operand(self.kind(index))
    }

    /// `*` of a computed value (`*(e)`, `*[...]`, `*name`), spanning `span`.
    fn star_of(&self, value: Tree, span: Span) -> Result<Tree, ParseError> {
        self.node(value.height, || {
            let star = Some(StarPart::Expr(boxed(value)));
            Expr::new(
                ExprKind::Term(Box::new(Term {
                    number: None,
                    up: None,
                    star,
                })),
                span,
            )
        })
    }

    /// A term starting with `*`: `*`, `*n`, `*(expr)`, `*[...]` or `*name`.
    pub(super) fn star_term(&mut self) -> Result<Tree, ParseError> {
        let start = self.bump();
        let star = match self.peek().kind {
            TokenKind::Int if self.touches(self.pos) => StarPart::Nimber(self.take_int()?.0),
            TokenKind::LParen if self.touches(self.pos) => {
                self.bump();
                let value = self.parse_expr()?;
                let close =
                    self.expect(&TokenKind::RParen, "`)` after the nim value in `*(...)`")?;
                return self.star_of(value, start.to(close));
            }
            // `*[2,[3]]`: a misère canonical game (MISERE 2), the star of a list.
            TokenKind::LBracket if self.touches(self.pos) => {
                let value = self.list()?;
                let end = self.previous_span();
                return self.star_of(value, start.to(end));
            }
            // `*omega`, `*n`: the nimber of a named value.
            TokenKind::Ident
                if self.touches(self.pos)
                    && self.ident_at(self.pos).is_some_and(|w| !is_down_word(w)) =>
            {
                let (name, span) = self.take_ident("a name")?;
                let value = Tree::leaf(ExprKind::Ident(name), span);
                return self.star_of(value, start.to(span));
            }
            _ => StarPart::Nimber(BigInt::from(1)),
        };
        Ok(self.term(None, None, Some(star), start))
    }

    /// The star part touching a number or an up part, if the `*` there is a
    /// star rather than multiplication, and the height of a `*(expr)` part's
    /// tree (0 for the other forms). After an up part the `*` is always the
    /// star part: `*`, `*digits` or `*(expr)`.
    fn star_suffix_with_height(
        &mut self,
        after_up: bool,
    ) -> Result<(Option<StarPart>, usize), ParseError> {
        if !(self.at(&TokenKind::Star) && self.touches(self.pos)) {
            return Ok((None, 0));
        }
        let next = self.pos + 1;
        if after_up {
            self.bump();
            if self.touches(next) {
                match self.kind(next) {
                    TokenKind::Int => return Ok((Some(StarPart::Nimber(self.take_int()?.0)), 0)),
                    TokenKind::LParen => {
                        self.bump();
                        let value = self.parse_expr()?;
                        self.expect(&TokenKind::RParen, "`)` after the nim value in `*(...)`")?;
                        let height = value.height;
                        return Ok((Some(StarPart::Expr(boxed(value))), height));
                    }
                    _ => {}
                }
            }
            return Ok((Some(StarPart::Nimber(BigInt::from(1))), 0));
        }
        if self.star_is_product(self.pos) {
            return Ok((None, 0));
        }
        self.bump();
        Ok((Some(StarPart::Nimber(BigInt::from(1))), 0))
    }

    /// An up part at the current token, which must start one.
    fn up_part(&mut self) -> Result<UpPart, ParseError> {
        if let Some(word) = self.ident_at(self.pos) {
            return self.down_word_part(word);
        }
        let (positive, first) = match self.peek().kind {
            TokenKind::Caret => (true, 1),
            TokenKind::UpArrow(n) => (true, n),
            TokenKind::DownArrow(n) => (false, n),
            _ => return Err(self.expected("an up or down part")),
        };
        self.bump();
        let mut count = first;
        let mut run = 1;
        while self.touches(self.pos) {
            match self.peek().kind {
                TokenKind::Caret if positive => count = count.saturating_add(1),
                TokenKind::UpArrow(n) if positive => count = count.saturating_add(n),
                TokenKind::DownArrow(n) if !positive => count = count.saturating_add(n),
                _ => break,
            }
            self.bump();
            run += 1;
        }
        let mut count = BigInt::from(count);
        if run == 1 && first == 1 {
            if let Some(part) = self.norton_suffix(positive) {
                return Ok(part);
            }
            if matches!(self.peek().kind, TokenKind::Int) && self.touches(self.pos) {
                count = self.up_count()?;
            }
        }
        Ok(UpPart::Ups(if positive { count } else { -count }))
    }

    /// A down part spelled as a word: `v`, `vv`, ..., `vn`, `v<n>`, `v[n]`.
    fn down_word_part(&mut self, word: &str) -> Result<UpPart, ParseError> {
        let span = self.bump();
        match down_word(word) {
            Some(DownWord::Run(1)) => Ok(self
                .norton_suffix(false)
                .unwrap_or_else(|| UpPart::Ups(BigInt::from(-1)))),
            Some(DownWord::Run(n)) => Ok(UpPart::Ups(-BigInt::from(n))),
            Some(DownWord::Count(digits)) => {
                let n: BigInt = digits.parse().unwrap_or_default();
                if n.is_zero() {
                    return Err(ParseError::new(
                        format!("expected a down count of at least 1, found `{word}`"),
                        span,
                    ));
                }
                Ok(UpPart::Ups(-n))
            }
            Some(DownWord::RunWithCount) | None => Err(ParseError::new(
                format!("expected a down part such as `vv` or `v3`, found `{word}`"),
                span,
            )),
        }
    }

    /// The count `n >= 1` of `^n`; the current token is the integer.
    fn up_count(&mut self) -> Result<BigInt, ParseError> {
        let (n, span) = self.take_int()?;
        if n.is_zero() {
            return Err(ParseError::new(
                "expected an up count of at least 1, found `0`",
                span,
            ));
        }
        Ok(n)
    }

    /// `<n>` (Norton power) or `[n]` (`PowTo`) touching a single up or down,
    /// all written with no spaces; anything else is left alone, so that
    /// `^ < 2` stays a comparison.
    fn norton_suffix(&mut self, positive: bool) -> Option<UpPart> {
        let open = self.pos;
        if self.kind(open + 1) != TokenKind::Int
            || !(open..open + 3).all(|index| self.touches(index))
        {
            return None;
        }
        let n = self.int_at(open + 1)?;
        let part = match (self.kind(open), self.kind(open + 2)) {
            (TokenKind::Lt, TokenKind::Gt) => UpPart::Pow { positive, n },
            (TokenKind::LBracket, TokenKind::RBracket) => UpPart::PowTo { positive, n },
            _ => return None,
        };
        for _ in 0..3 {
            self.bump();
        }
        Some(part)
    }
}
