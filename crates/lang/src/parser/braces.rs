//! Braces: sets, maps, comprehensions and games (NOTATION 3.1).

use super::tree::{into_exprs, into_exprs_of, max_height, Tree};
use super::{ParseError, Parser};
use crate::ast::{CollectionKind, Comprehension, Expr, ExprKind, Span};
use crate::lexer::{Keyword, TokenKind};

/// The contents of `{...}` between bar runs.
struct BraceParts {
    /// Comma-separated option lists; one more than `bars`.
    segments: Vec<Vec<Tree>>,
    /// Where each segment has a `pass` among its options (LOOPY 1.1).
    passes: Vec<Option<Span>>,
    /// Each bar run: its number of bars and its span.
    bars: Vec<(usize, Span)>,
}

impl Parser<'_> {
    /// `{}`, `{a, b}`, `{e for ...}`, `{=>}`, `{k => v, ...}`,
    /// `{k => v for ...}` or a game `{L | R}` with bar runs.
    pub(super) fn braces(&mut self) -> Result<Tree, ParseError> {
        self.labelled_braces(None)
    }

    /// `label{...}`: braces whose game is a loopy node named `label`
    /// (LOOPY 1.3); the label is written right before the brace.
    pub(super) fn labelled_braces(
        &mut self,
        label: Option<(String, Span)>,
    ) -> Result<Tree, ParseError> {
        let open = self.bump();
        if self.at(&TokenKind::FatArrow) && self.kind(self.pos + 1) == TokenKind::RBrace {
            self.bump();
            let close = self.bump();
            return Ok(Tree::leaf(ExprKind::Map(Vec::new()), open.to(close)));
        }
        let mut parts = BraceParts {
            segments: Vec::new(),
            passes: Vec::new(),
            bars: Vec::new(),
        };
        let mut current = Vec::new();
        let mut pass = None;
        loop {
            if !matches!(self.peek().kind, TokenKind::Bars(_) | TokenKind::RBrace) {
                loop {
                    if self.at_pass_option() {
                        pass = Some(self.bump());
                    } else {
                        let item = self.parse_expr()?;
                        let first = parts.bars.is_empty() && current.is_empty() && pass.is_none();
                        if first && label.is_none() && self.at_keyword(Keyword::For) {
                            return self.comprehension(CollectionKind::Set, item, open);
                        }
                        if first && label.is_none() && self.peek().kind == TokenKind::FatArrow {
                            return self.map_literal(item, open);
                        }
                        current.push(item);
                    }
                    if self.eat(&TokenKind::Comma).is_none() {
                        break;
                    }
                }
            }
            match self.peek().kind {
                TokenKind::Bars(count) => {
                    let span = self.bump();
                    parts.bars.push((count, span));
                    parts.segments.push(std::mem::take(&mut current));
                    parts.passes.push(pass.take());
                }
                TokenKind::RBrace => {
                    let close = self.bump();
                    parts.segments.push(current);
                    parts.passes.push(pass);
                    return self.brace_value(parts, open.to(close), label);
                }
                _ => return Err(self.expected("`,`, `|` or `}`")),
            }
        }
    }

    /// Whether the current token is `pass` standing alone as an option of
    /// a brace: followed by `,`, a bar run or `}`.
    fn at_pass_option(&self) -> bool {
        self.at_keyword(Keyword::Pass)
            && matches!(
                self.kind(self.pos + 1),
                TokenKind::Comma | TokenKind::Bars(_) | TokenKind::RBrace
            )
    }

    /// `'{L | R}'`: an explicit game (LOOPY 1.2); `pass` and labels are
    /// not allowed in it.
    pub(super) fn explicit_game(&mut self) -> Result<Tree, ParseError> {
        let open = self.bump();
        if !self.at(&TokenKind::LBrace) {
            return Err(self.expected("`{` after `'` (an explicit game is written '{L | R}')"));
        }
        let game = self.braces()?;
        if let ExprKind::Game { label, pass, .. } = &game.expr.kind {
            if pass.contains(&true) {
                return Err(ParseError::new("Unexpected `pass`.", game.span()));
            }
            if label.is_some() {
                return Err(ParseError::new(
                    "an explicit game cannot have a label",
                    game.span(),
                ));
            }
        } else {
            return Err(ParseError::new(
                "an explicit game is written '{L | R}', with a bar",
                game.span(),
            ));
        }
        let close = self.expect(&TokenKind::Quote, "`'` closing the explicit game")?;
        let height = game.height;
        self.node(height, || {
            Expr::new(
                ExprKind::Explicit(Box::new(game.into_expr())),
                open.to(close),
            )
        })
    }

    /// `{k => v, ...}` or `{k => v for ...}` after its first key.
    fn map_literal(&mut self, first: Tree, open: Span) -> Result<Tree, ParseError> {
        let mut entries = Vec::new();
        let mut key = first;
        loop {
            self.expect(&TokenKind::FatArrow, "`=>` after a map key")?;
            let value = self.parse_expr()?;
            if entries.is_empty() && self.at_keyword(Keyword::For) {
                let height = key.height.max(value.height);
                let kind = CollectionKind::Map(Box::new(value.into_expr()));
                let mut tree = self.comprehension(kind, key, open)?;
                tree.height = tree.height.max(height + 1);
                return Ok(tree);
            }
            entries.push((key, value));
            if self.eat(&TokenKind::Comma).is_none() {
                break;
            }
            key = self.parse_expr()?;
        }
        let close = self.expect(&TokenKind::RBrace, "`,` or `}` after a map entry")?;
        let height = max_height(entries.iter().flat_map(|(k, v)| [k, v]));
        self.node(height, || {
            Expr::new(
                ExprKind::Map(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.into_expr(), v.into_expr()))
                        .collect(),
                ),
                open.to(close),
            )
        })
    }

    /// The loop heads and closing bracket of a comprehension whose body has
    /// been parsed; the current token is `for`, the opening bracket is at
    /// `open`.
    pub(super) fn comprehension(
        &mut self,
        kind: CollectionKind,
        body: Tree,
        open: Span,
    ) -> Result<Tree, ParseError> {
        let (heads, heads_height) = self.loop_heads()?;
        let opened_by_bracket = self
            .src
            .get(open.start()..)
            .is_some_and(|s| s.starts_with('['));
        let (closer, what) = match (&kind, opened_by_bracket) {
            (CollectionKind::List, true) => (TokenKind::RBracket, "`for`, `while`, `where` or `]`"),
            (CollectionKind::List, _) => (TokenKind::RParen, "`for`, `while`, `where` or `)`"),
            _ => (TokenKind::RBrace, "`for`, `while`, `where` or `}`"),
        };
        let close = self.expect(&closer, what)?;
        self.node(body.height.max(heads_height), || {
            let kind = ExprKind::Comprehension(Box::new(Comprehension {
                kind,
                body: Box::new(body.into_expr()),
                heads,
            }));
            Expr::new(kind, open.to(close))
        })
    }

    /// Turns the parts of `{...}` into a set (no bars) or a game.
    fn brace_value(
        &mut self,
        mut parts: BraceParts,
        span: Span,
        label: Option<(String, Span)>,
    ) -> Result<Tree, ParseError> {
        if parts.bars.is_empty() {
            if let Some(pass) = parts.passes.iter().flatten().next() {
                return Err(ParseError::new("Unexpected `pass`.", *pass));
            }
            if let Some((_, at)) = label {
                return Err(ParseError::new(
                    "a label names a game: write `a{L | R}` with a bar",
                    at,
                ));
            }
            let items = parts.segments.pop().unwrap_or_default();
            return self.node(max_height(&items), || {
                Expr::new(ExprKind::Set(into_exprs(items)), span)
            });
        }
        let mut tree = self.game(parts, Some(span))?;
        if let (Some((name, at)), ExprKind::Game { label, .. }) = (label, &mut tree.expr.kind) {
            *label = Some(Box::new(name));
            tree.expr.span = at.to(tree.expr.span);
        }
        Ok(tree)
    }

    /// Resolves bar runs (NOTATION 3.1): the longest run splits first, and
    /// each side is an option list if it has no bars left, else a single
    /// game built the same way. `parts` has at least one bar run. `span` is
    /// the span of the braces for the outermost game; nested games span
    /// their own options and bars.
    fn game(&mut self, parts: BraceParts, span: Option<Span>) -> Result<Tree, ParseError> {
        let span = span.unwrap_or_else(|| slash_game_span(&parts));
        let BraceParts {
            mut segments,
            mut passes,
            mut bars,
        } = parts;
        let longest = bars.iter().map(|&(count, _)| count).max().unwrap_or(0);
        let mut at_longest = bars
            .iter()
            .enumerate()
            .filter(|(_, &(count, _))| count == longest);
        let split = at_longest.next().map_or(0, |(index, _)| index);
        if let Some((_, &(count, duplicate))) = at_longest.next() {
            let run = "|".repeat(count.min(8));
            return Err(ParseError::new(
                format!(
                    "ambiguous `{run}`: another `{run}` separates the same game; write the \
                     separator that splits first with more bars, as in `{{3||2|1}}`"
                ),
                duplicate,
            ));
        }
        let right_segments = segments.split_off((split + 1).min(segments.len()));
        let right_passes = passes.split_off((split + 1).min(passes.len()));
        let right_bars = bars.split_off((split + 1).min(bars.len()));
        bars.truncate(split);
        let (left, left_pass) = self.game_side(BraceParts {
            segments,
            passes,
            bars,
        })?;
        let (right, right_pass) = self.game_side(BraceParts {
            segments: right_segments,
            passes: right_passes,
            bars: right_bars,
        })?;
        self.node(max_height(left.iter().chain(&right)), || {
            let left_len = left.len();
            let options = into_exprs_of(left, right);
            Expr::new(
                ExprKind::game(options, left_len, None, [left_pass, right_pass]),
                span,
            )
        })
    }

    /// One side of a bar split: its options and whether `pass` is among
    /// them, or a single nested game (which owns its passes).
    fn game_side(&mut self, parts: BraceParts) -> Result<(Vec<Tree>, bool), ParseError> {
        if parts.bars.is_empty() {
            let pass = parts.passes.iter().any(Option::is_some);
            return Ok((parts.segments.into_iter().flatten().collect(), pass));
        }
        let game = self.nested(|p| p.game(parts, None))?;
        Ok((vec![game], false))
    }
}

/// The span of a game written with slashes inside braces, from its first
/// option or bar to its last. Segments and bars alternate in source order,
/// starting and ending with a segment.
fn slash_game_span(parts: &BraceParts) -> Span {
    let first_bar = parts.bars.first().map_or(Span::default(), |bar| bar.1);
    let last_bar = parts.bars.last().map_or(first_bar, |bar| bar.1);
    let first_option = parts.segments.first().and_then(|options| options.first());
    let last_option = parts.segments.last().and_then(|options| options.last());
    let start = first_option.map_or(first_bar.start(), |option| option.span().start());
    let end = last_option.map_or(last_bar.end(), |option| option.span().end());
    Span::new(start, end)
}
