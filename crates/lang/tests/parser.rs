//! Tests of the onag parser: the reference corpus, exact AST shapes for the
//! juxtaposition rules of NOTATION 3, error spans and messages, deep
//! nesting, and property tests that no input makes the parser panic.

use std::path::Path;

use onag_lang::ast::{
    game_sides, Arg, BinOp, CollectionKind, Comprehension, Expr, ExprKind, ForSource, LoopHead,
    Span, StarPart, Stmt, TermNumber, UnaryOp, UpPart,
};
use onag_lang::parser::{
    is_incomplete, open_constructs, parse_expr, parse_program, ParseError, MAX_DEPTH,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// A compact, span-free rendering of the AST, so that shapes can be asserted
// as short strings.
//
//   integers `3`; terms `<-1/2 ^2 *3>` (number, up part, star part, each
//   optional: `^n` counts ups, negative for downs; `^<n>`, `v<n>`, `^[n]`,
//   `v[n]`; `*n` or `*(expr)`); games `{a,b|c}`; sets `#{a,b}`; lists
//   `[a,b]`; tuples `(tuple a b)`; operators `(op lhs rhs)`; unary
//   `(neg x)` `(pos x)` `(+- x)` `(not x)`; infix methods `(Name: a b)`;
//   methods `(.Name x)` or `(.Name() x args...)`; calls `(call f args...)`;
//   keyword arguments `name=>value`; `(index t i)`; `(.. a b [step])`;
//   lambdas `(fn [x y] body)`; comprehensions `(list-of body clauses...)`
//   with clauses `(for n a b [s])`, `(for n in e)`, `(where c)`.
// ---------------------------------------------------------------------------

fn sexp(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Integer(n) => n.to_string(),
        ExprKind::Term(t) => term_sexp(t.number.as_ref(), t.up.as_ref(), t.star.as_ref()),
        ExprKind::Game {
            options,
            left_len,
            label,
            pass,
        } => {
            let (left, right) = game_sides(options, *left_len);
            let side = |options: &[Expr], pass: bool| {
                let mut items: Vec<String> = options.iter().map(sexp).collect();
                if pass {
                    items.push("pass".into());
                }
                items.join(",")
            };
            format!(
                "{}{{{}|{}}}",
                label.as_deref().map_or("", String::as_str),
                side(left, pass[0]),
                side(right, pass[1])
            )
        }
        ExprKind::List(items) => format!("[{}]", list(items, ",")),
        ExprKind::Set(items) => format!("#{{{}}}", list(items, ",")),
        ExprKind::Tuple(items) => format!("(tuple {})", list(items, " ")),
        ExprKind::Map(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("({} {})", sexp(k), sexp(v)))
                .collect();
            format!("(map {})", entries.join(" "))
        }
        ExprKind::Comprehension(comprehension) => {
            let Comprehension { kind, body, heads } = &**comprehension;
            let kind = match kind {
                CollectionKind::List => "list-of",
                CollectionKind::Set => "set-of",
                CollectionKind::Map(_) => "map-of",
            };
            let clauses: Vec<String> = heads.iter().flat_map(head_sexp).collect();
            format!("({kind} {} {})", sexp(body), clauses.join(" "))
        }
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Ident(name) => name.clone(),
        ExprKind::Unary { op, operand } => {
            let op = match op {
                UnaryOp::Neg => "neg",
                UnaryOp::Pos => "pos",
                UnaryOp::PlusMinus => "+-",
                UnaryOp::Not => "not",
            };
            format!("({op} {})", sexp(operand))
        }
        ExprKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", binop(*op), sexp(lhs), sexp(rhs))
        }
        // A flat chain reads as the nested binary operators it stands for.
        ExprKind::Chain(chain) => chain.rest.iter().fold(sexp(&chain.first), |acc, (op, e)| {
            format!("({} {} {})", binop(*op), acc, sexp(e))
        }),
        ExprKind::InfixMethod(call) => {
            format!("({}: {} {})", call.name, sexp(&call.lhs), sexp(&call.rhs))
        }
        ExprKind::Range { from, to, step } => match step {
            Some(step) => format!("(.. {} {} {})", sexp(from), sexp(to), sexp(step)),
            None => format!("(.. {} {})", sexp(from), sexp(to)),
        },
        ExprKind::Method(call) => match &call.args {
            None => format!("(.{} {})", call.name, sexp(&call.receiver)),
            Some(args) if args.is_empty() => {
                format!("(.{}() {})", call.name, sexp(&call.receiver))
            }
            Some(args) => format!(
                "(.{}() {} {})",
                call.name,
                sexp(&call.receiver),
                args_sexp(args)
            ),
        },
        ExprKind::Call { callee, args } if args.is_empty() => format!("(call {})", sexp(callee)),
        ExprKind::Call { callee, args } => {
            format!("(call {} {})", sexp(callee), args_sexp(args))
        }
        ExprKind::Index { target, index } => format!("(index {} {})", sexp(target), sexp(index)),
        ExprKind::Lambda(l) => {
            let params: Vec<&str> = l.params.iter().map(|p| p.name.as_str()).collect();
            format!("(fn [{}] {})", params.join(" "), sexp(&l.body))
        }
        other => format!("<{other:?}>"),
    }
}

fn list(items: &[Expr], separator: &str) -> String {
    items.iter().map(sexp).collect::<Vec<_>>().join(separator)
}

fn args_sexp(args: &[Arg]) -> String {
    let args: Vec<String> = args
        .iter()
        .map(|arg| match arg {
            Arg::Positional(e) => sexp(e),
            Arg::Keyword { name, value } => format!("{name}=>{}", sexp(value)),
        })
        .collect();
    args.join(" ")
}

/// A loop head rendered as the clauses it is made of: `(for n a b [s])`,
/// `(for n in e)`, `(for n := e)`, `(while c)`, `(where c)`.
fn head_sexp(head: &LoopHead) -> Vec<String> {
    let mut out = Vec::new();
    match head {
        LoopHead::For {
            var,
            source,
            while_,
            where_,
            ..
        } => {
            out.push(match source {
                ForSource::Range { from, to, by } => {
                    let mut parts = vec![format!("for {var}"), sexp(from)];
                    parts.extend(to.iter().map(sexp));
                    parts.extend(by.iter().map(sexp));
                    format!("({})", parts.join(" "))
                }
                ForSource::In(iter) => format!("(for {var} in {})", sexp(iter)),
                ForSource::Assign(v) => format!("(for {var} := {})", sexp(v)),
            });
            out.extend(while_.iter().map(|w| format!("(while {})", sexp(w))));
            out.extend(where_.iter().map(|w| format!("(where {})", sexp(w))));
        }
        LoopHead::While { cond, where_ } => {
            out.push(format!("(while {})", sexp(cond)));
            out.extend(where_.iter().map(|w| format!("(where {})", sexp(w))));
        }
    }
    out
}

fn term_sexp(number: Option<&TermNumber>, up: Option<&UpPart>, star: Option<&StarPart>) -> String {
    let mut parts = Vec::new();
    if let Some(n) = number {
        let sign = if n.negative { "-" } else { "" };
        match &n.denominator {
            Some(d) => parts.push(format!("{sign}{}/{d}", n.numerator)),
            None => parts.push(format!("{sign}{}", n.numerator)),
        }
    }
    match up {
        Some(UpPart::Ups(n)) => parts.push(format!("^{n}")),
        Some(UpPart::Pow { positive, n }) => parts.push(format!("{}<{n}>", arrow(*positive))),
        Some(UpPart::PowTo { positive, n }) => parts.push(format!("{}[{n}]", arrow(*positive))),
        Some(UpPart::Multiple { positive, count }) => {
            parts.push(format!("{}({})", arrow(*positive), sexp(count)))
        }
        None => {}
    }
    match star {
        Some(StarPart::Nimber(n)) => parts.push(format!("*{n}")),
        Some(StarPart::Expr(e)) => parts.push(format!("*({})", sexp(e))),
        None => {}
    }
    format!("<{}>", parts.join(" "))
}

fn arrow(positive: bool) -> &'static str {
    if positive {
        "^"
    } else {
        "v"
    }
}

fn binop(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::PlusMinus => "+-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "^",
        BinOp::OrdinalSum => ":",
        BinOp::Sidle => "&",
        BinOp::Eq => "==",
        BinOp::Neq => "!=",
        BinOp::Leq => "<=",
        BinOp::Geq => ">=",
        BinOp::Lt => "<",
        BinOp::Gt => ">",
        BinOp::LessOrConfused => "<|",
        BinOp::GreaterOrConfused => "|>",
        BinOp::Confused => "<>",
        BinOp::And => "and",
        BinOp::Or => "or",
        BinOp::Identical => "===",
        BinOp::NotIdentical => "!==",
        BinOp::Compare => "<=>",
        BinOp::Is => "is",
    }
}

/// Asserts that each `(input, expected shape)` pair parses to that shape.
fn check(cases: &[(&str, &str)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|&(src, expected)| {
            let got = parse_expr(src).map(|e| sexp(&e)).map_err(|e| e.message);
            (got.as_deref() != Ok(expected))
                .then(|| format!("{src:?}\n    expected {expected}\n    got      {got:?}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn parse_error(src: &str) -> ParseError {
    match parse_program(src) {
        Ok(program) => panic!("{src:?} should not parse, got {program:?}"),
        Err(err) => err,
    }
}

// ---------------------------------------------------------------------------
// The reference corpus.
// ---------------------------------------------------------------------------

/// Splits a corpus line `INPUT => EXPECTED` at the first ` => ` that is
/// outside brackets and strings (keyword arguments also use `=>`).
fn split_case(line: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ' ' if depth == 0 && line[i..].starts_with(" => ") => {
                return Some((&line[..i], &line[i + 4..]));
            }
            _ => {}
        }
    }
    None
}

#[test]
fn every_reference_input_parses() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "note: {} is absent; skipping the corpus test",
            dir.display()
        );
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("corpus file is readable");
        for (number, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let Some((input, expected)) = split_case(line) else {
                continue;
            };
            // Every line, even one expecting an error, must be handled
            // without a panic; only those expecting a value must parse.
            let result = parse_program(input);
            if expected.starts_with("!!") {
                continue;
            }
            checked += 1;
            if let Err(err) = result {
                failures.push(format!(
                    "{}:{}: {input}\n    {} at {:?}",
                    file.display(),
                    number + 1,
                    err.message,
                    err.span
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} corpus inputs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{checked} corpus inputs parsed");
}

#[test]
fn printed_values_in_the_corpus_parse_back() {
    // Right-hand sides are CGSuite's printed values; nearly all must paste
    // back (NOTATION 3.5). Uptimal expansions such as `*.12` and messages
    // are not expressions and are skipped.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("note: {} is absent; skipping", dir.display());
        return;
    };
    let mut failures = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for line in text.lines().filter(|line| !line.starts_with('#')) {
            let Some((_, expected)) = split_case(line) else {
                continue;
            };
            let is_uptimal_expansion = expected.contains('.') && !expected.contains('(');
            // The upon forms `^[on]` and `^<on>` are output only (LOOPY 1.1),
            // and so is Conway's misère notation `*[2#1]` (MISERE 2).
            if ["[on]", "<on>", "*["]
                .iter()
                .any(|form| expected.contains(form))
            {
                continue;
            }
            // Messages, empty outputs and multi-line pictures (`\n`) are not
            // values to paste back.
            let not_a_value =
                expected.starts_with("!!") || expected == "<no output>" || expected.contains("\\n");
            if not_a_value || is_uptimal_expansion {
                continue;
            }
            if let Err(err) = parse_program(expected) {
                failures.push(format!("{expected}\n    {}", err.message));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "printed values failed:\n{}",
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Statements.
// ---------------------------------------------------------------------------

#[test]
fn programs_and_statements() {
    let program = parse_program("").unwrap();
    assert!(program.statements.is_empty());
    assert!(!program.trailing_semicolon);
    assert!(parse_program("  /* nothing */ // here\n ")
        .unwrap()
        .statements
        .is_empty());

    let program = parse_program("g := {0|} ; g + 1").unwrap();
    assert_eq!(program.statements.len(), 2);
    assert!(!program.trailing_semicolon);
    match &program.statements[0] {
        Stmt::Assign {
            name,
            name_span,
            value,
        } => {
            assert_eq!(name, "g");
            assert_eq!(*name_span, Span::new(0, 1));
            assert_eq!(sexp(value), "{0|}");
            assert_eq!(value.span, Span::new(5, 9));
        }
        other => panic!("expected an assignment, got {other:?}"),
    }
    match &program.statements[1] {
        Stmt::Expr(e) => assert_eq!(sexp(e), "(+ g 1)"),
        other => panic!("expected an expression, got {other:?}"),
    }

    let program = parse_program("x := 3;").unwrap();
    assert_eq!(program.statements.len(), 1);
    assert!(program.trailing_semicolon);
    let program = parse_program("1;; 2").unwrap();
    assert_eq!(program.statements.len(), 2);
}

// ---------------------------------------------------------------------------
// Braces and slashes (NOTATION 3.1).
// ---------------------------------------------------------------------------

#[test]
fn braces_games_and_sets() {
    check(&[
        ("{}", "#{}"),
        ("{1, 2, *}", "#{1,2,<*1>}"),
        ("{|}", "{|}"),
        ("{0|}", "{0|}"),
        ("{|0}", "{|0}"),
        ("{0, *2 | ^*, Domineering(\"..\")}", "{0,<*2>|<^1 *1>,(call Domineering \"..\")}"),
        ("{3||2|1}", "{3|{2|1}}"),
        ("{3|2||1}", "{{3|2}|1}"),
        ("{3|||2||1|0,*||||-1/2}", "{{3|{2|{1|0,<*1>}}}|(/ (neg 1) 2)}"),
        ("{5||3|1|||0||||0}", "{{{5|{3|1}}|0}|0}"),
        ("{0|*||*|||*||||*}", "{{{{0|<*1>}|<*1>}|<*1>}|<*1>}"),
        ("{0||0|-1/4}", "{0|{0|(/ (neg 1) 4)}}"),
        ("{3||2|}", "{3|{2|}}"),
        ("{||}", "{|}"),
        ("{{1|2}|3}", "{{1|2}|3}"),
        ("{[1,2]|x.Foo(1)}", "{[1,2]|(.Foo() x 1)}"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "{{0|{0,<^-1 *1>|<^-2>}}|{{{0|{0,<^-1 *1>|<^-2>}}|<^-2>,{0,<^-1 *1>|<^-2>}},{0|{0,<^-1 *1>|<^-2>}}|{{{0|{0,<^-1 *1>|<^-2>}}|<^-2>,{0,<^-1 *1>|<^-2>}}|<^-2>}}}",
        ),
    ]);
}

#[test]
fn equal_bar_runs_are_ambiguous() {
    let err = parse_error("{3|2|1}");
    assert_eq!(err.span, Span::new(4, 5), "the span of the second `|`");
    assert!(err.message.contains("ambiguous"), "{}", err.message);

    let err = parse_error("{3||2||1}");
    assert_eq!(err.span, Span::new(5, 7));

    // Ambiguity inside a side that is itself nested.
    let err = parse_error("{4|||3|2|1}");
    assert_eq!(err.span, Span::new(8, 9));
}

#[test]
fn nested_slash_game_spans() {
    let expr = parse_expr("{3||2|1}").unwrap();
    assert_eq!(expr.span, Span::new(0, 8));
    let ExprKind::Game {
        options, left_len, ..
    } = &expr.kind
    else {
        panic!("not a game")
    };
    assert_eq!(
        game_sides(options, *left_len).1[0].span,
        Span::new(4, 7),
        "`2|1`"
    );
}

// ---------------------------------------------------------------------------
// Terms (NOTATION 3.2).
// ---------------------------------------------------------------------------

#[test]
fn number_up_star_terms() {
    check(&[
        ("3*", "<3 *1>"),
        ("*", "<*1>"),
        ("*8", "<*8>"),
        ("*19", "<*19>"),
        ("*0", "<*0>"),
        ("*(-8)", "<*((neg 8))>"),
        ("*(2+3)", "<*((+ 2 3))>"),
        ("^", "<^1>"),
        ("^^", "<^2>"),
        ("^^^", "<^3>"),
        ("^5", "<^5>"),
        ("v", "<^-1>"),
        ("vv", "<^-2>"),
        ("vvvvv", "<^-5>"),
        ("v3", "<^-3>"),
        ("v10", "<^-10>"),
        ("v*", "<^-1 *1>"),
        ("vv*4", "<^-2 *4>"),
        ("^*", "<^1 *1>"),
        ("^*6", "<^1 *6>"),
        ("^19*3", "<^19 *3>"),
        ("^8*2", "<^8 *2>"),
        ("v9*8", "<^-9 *8>"),
        ("6^*", "<6 ^1 *1>"),
        ("9/8*", "<9/8 *1>"),
        ("1/2^*3", "<1/2 ^1 *3>"),
        ("73/16v9*8", "<73/16 ^-9 *8>"),
        ("-5/4v*", "<-5/4 ^-1 *1>"),
        ("-1^^", "<-1 ^2>"),
        ("-1vv", "<-1 ^-2>"),
        ("-2*", "<-2 *1>"),
        ("1v", "<1 ^-1>"),
        ("1v3", "<1 ^-3>"),
        ("10vv", "<10 ^-2>"),
        ("10v3*", "<10 ^-3 *1>"),
        ("3^", "<3 ^1>"),
        ("^<2>", "<^<2>>"),
        ("^<2>*", "<^<2> *1>"),
        ("v<2>", "<v<2>>"),
        ("^[4]", "<^[4]>"),
        ("^[2]*", "<^[2] *1>"),
        ("3/4v[3]*", "<3/4 v[3] *1>"),
        ("↑", "<^1>"),
        ("⇑*", "<^2 *1>"),
        ("↓↓", "<^-2>"),
        ("⇓", "<^-2>"),
        ("2↑", "<2 ^1>"),
        ("↑3", "<^3>"),
        ("↓<3>", "<v<3>>"),
    ]);
}

#[test]
fn v_is_down_only_where_it_cannot_continue_a_name() {
    check(&[
        ("vvvvv", "<^-5>"),
        ("vvvvx", "vvvvx"),
        ("value", "value"),
        ("v2x", "v2x"),
        ("V", "V"),
        ("x + v", "(+ x <^-1>)"),
        ("v.Foo", "(.Foo <^-1>)"),
        // After a number, a word that is not a down part is added.
        ("1vx", "(+ 1 vx)"),
    ]);
    let err = parse_error("vv3");
    assert!(err.message.contains("vv3"), "{}", err.message);
    assert!(parse_program("v := 3").is_err(), "`v` cannot be assigned");
    assert!(
        parse_program("v -> v").is_err(),
        "`v` cannot be a parameter"
    );
    assert!(parse_program("v0").is_err());
    assert!(parse_program("^0").is_err());
}

// ---------------------------------------------------------------------------
// Juxtaposition and the CGSuite ambiguities (NOTATION 3.5).
// ---------------------------------------------------------------------------

#[test]
fn star_after_a_number_is_a_product_or_a_star() {
    check(&[
        ("3*5", "(* 3 5)"),
        ("3*-1", "(* 3 (neg 1))"),
        ("3*^", "(* 3 <^1>)"),
        ("3*v", "(* 3 <^-1>)"),
        ("3**", "(* 3 <*1>)"),
        ("3*x", "(* 3 x)"),
        ("3*\"s\"", "(* 3 \"s\")"),
        ("10*(1+^)", "(* 10 (+ 1 <^1>))"),
        ("5*{3||2|1}", "(* 5 {3|{2|1}})"),
        ("5*[1]", "(* 5 [1])"),
        ("3 * 5", "(* 3 5)"),
        ("{3*|1*}", "{<3 *1>|<1 *1>}"),
        ("(9/8+*)", "(+ (/ 9 8) <*1>)"),
        ("(3*)", "<3 *1>"),
        ("[3*,4*]", "[<3 *1>,<4 *1>]"),
        ("3*==*", "(== <3 *1> <*1>)"),
        ("3*<=x", "(<= <3 *1> x)"),
        ("3*.Foo", "(.Foo <3 *1>)"),
        ("3*:1", "(: <3 *1> 1)"),
        ("1/2*3", "(* (/ 1 2) 3)"),
        ("*3+*5", "(+ <*3> <*5>)"),
        ("x * y", "(* x y)"),
        ("*2*3", "(* <*2> 3)"),
        // After an up part `*` is always the star part (CGSuite's grammar):
        // `*digits`, `*(e)` or `*`, and the term ends there.
        ("^*(2)", "<^1 *(2)>"),
        ("^*+1", "(+ <^1 *1> 1)"),
        ("v*+1", "(+ <^-1 *1> 1)"),
        ("^*-1", "(- <^1 *1> 1)"),
        ("^*+^", "(+ <^1 *1> <^1>)"),
        ("vvv*+^19*3", "(+ <^-3 *1> <^19 *3>)"),
    ]);
}

#[test]
fn caret_after_a_number_is_a_power_or_an_up() {
    check(&[
        ("3^5", "(^ 3 5)"),
        ("3^22/2^72", "(/ (^ 3 22) (^ 2 72))"),
        ("-3^22/2^72", "(/ (neg (^ 3 22)) (^ 2 72))"),
        ("2^(-4)", "(^ 2 (neg 4))"),
        ("2^-4", "(^ 2 (neg 4))"),
        ("2^+4", "(^ 2 (pos 4))"),
        ("2^x", "(^ 2 x)"),
        ("2^30-1", "(- (^ 2 30) 1)"),
        ("3^2^2^2", "(^ 3 (^ 2 (^ 2 2)))"),
        ("-2^40", "(neg (^ 2 40))"),
        ("x^2", "(^ x 2)"),
        ("(2/3)^(-3)", "(^ (/ 2 3) (neg 3))"),
        ("x^^", "(^ x <^1>)"),
        ("6^*", "<6 ^1 *1>"),
        ("1/2^*3", "<1/2 ^1 *3>"),
        ("-1^^", "<-1 ^2>"),
        ("3^", "<3 ^1>"),
        ("{3^|1}", "{<3 ^1>|1}"),
        ("3^<2>", "<3 ^<2>>"),
        ("3^[2]", "<3 ^[2]>"),
        ("3 ^ 2", "(^ 3 2)"),
        ("-1^3", "(neg (^ 1 3))"),
    ]);
}

#[test]
fn notation_3_5_reads_input_as_cgsuite_does() {
    check(&[
        // CGSuite prints 2+*3 as `2*3` and 2+3.^ as `2^3` but reads both
        // as arithmetic; the sums are typed with `+`.
        ("2*3", "(* 2 3)"),
        ("2^3", "(^ 2 3)"),
        ("2+*3", "(+ 2 <*3>)"),
        ("1/2+*3", "(+ (/ 1 2) <*3>)"),
        ("-1^3", "(neg (^ 1 3))"),
        ("1/2*3", "(* (/ 1 2) 3)"),
        // Every other printed value pastes back as a term.
        ("^19*3", "<^19 *3>"),
        ("v9*8", "<^-9 *8>"),
        ("v9", "<^-9>"),
        ("1v3", "<1 ^-3>"),
        ("+-(1*)", "(+- <1 *1>)"),
        ("+-{1,{2|0}}", "(+- #{1,{2|0}})"),
        ("{3||2*|1*}", "{3|{<2 *1>|<1 *1>}}"),
        ("{2|0||-1}", "{{2|0}|(neg 1)}"),
        ("{1,{2|0}|-1}", "{1,{2|0}|(neg 1)}"),
        ("Cutcake((8,n))", "(call Cutcake (tuple 8 n))"),
        (
            "Subtraction([2,3,7], allbut => true)",
            "(call Subtraction [2,3,7] allbut=>true)",
        ),
    ]);
}

#[test]
fn fractions_as_number_parts() {
    check(&[
        ("1/2", "(/ 1 2)"),
        ("-1/2", "(/ (neg 1) 2)"),
        ("-17", "(neg 17)"),
        ("-17/0", "(/ (neg 17) 0)"),
        ("9/8*", "<9/8 *1>"),
        ("1/2^*3", "<1/2 ^1 *3>"),
        ("3/4v[3]*", "<3/4 v[3] *1>"),
        ("1 /2^*", "(/ 1 <2 ^1 *1>)"),
        ("x/2^*", "(/ x <2 ^1 *1>)"),
        ("4/6", "(/ 4 6)"),
        ("2 + 3/4", "(+ 2 (/ 3 4))"),
    ]);
}

#[test]
fn minus_negates_only_the_number_part_in_prefix_position() {
    check(&[
        ("-1^^", "<-1 ^2>"),
        ("- 1^^", "(neg <1 ^2>)"),
        ("5 -1^^", "(- 5 <1 ^2>)"),
        ("5-1^^", "(- 5 <1 ^2>)"),
        ("{0|-1^^}", "{0|<-1 ^2>}"),
        (
            "{-1*,{-1/2|-1*}|-5/2}",
            "{<-1 *1>,{(/ (neg 1) 2)|<-1 *1>}|(/ (neg 5) 2)}",
        ),
        ("--1*", "(neg <-1 *1>)"),
        ("+-1*", "(+- <1 *1>)"),
        ("-x", "(neg x)"),
        ("-*", "(neg <*1>)"),
    ]);
}

#[test]
fn a_number_touching_a_word_is_added_to_it() {
    check(&[
        ("2Tiny(2)", "(+ 2 (call Tiny 2))"),
        ("9Tiny({2|1})", "(+ 9 (call Tiny {2|1}))"),
        ("1Tiny({3|1})", "(+ 1 (call Tiny {3|1}))"),
        ("-1Tiny(2)", "(+ (neg 1) (call Tiny 2))"),
        ("1/2Tiny(1/4)", "(+ (/ 1 2) (call Tiny (/ 1 4)))"),
        ("2Tiny(2).Foo", "(+ 2 (.Foo (call Tiny 2)))"),
        ("3*2Tiny(2)", "(* 3 (+ 2 (call Tiny 2)))"),
        (
            "{{2|0},2Tiny(2)|{2|0},Miny(2)}",
            "{{2|0},(+ 2 (call Tiny 2))|{2|0},(call Miny 2)}",
        ),
        // With a space it is an infix method.
        ("2 Tiny(2)", "(Tiny: 2 2)"),
        // Keywords are never juxtaposed.
        ("[n for n from 1to 3]", "(list-of n (for n 1 3))"),
    ]);
}

// ---------------------------------------------------------------------------
// Operators.
// ---------------------------------------------------------------------------

#[test]
fn operator_precedence_and_associativity() {
    check(&[
        ("5 - 3 + 4 - 8", "(- (+ (- 5 3) 4) 8)"),
        ("17 % 5", "(% 17 5)"),
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("2 * 3 / 4 % 5", "(% (/ (* 2 3) 4) 5)"),
        ("a : b : c", "(: (: a b) c)"),
        ("a + b : c * d", "(+ a (: b (* c d)))"),
        ("+-1", "(+- 1)"),
        ("±1", "(+- 1)"),
        ("3+-1", "(+- 3 1)"),
        ("3±1", "(+- 3 1)"),
        ("+-1+-2+-3+-4", "(+- (+- (+- (+- 1) 2) 3) 4)"),
        ("+-(1,2)", "(+- (tuple 1 2))"),
        ("+-{1,2}", "(+- #{1,2})"),
        ("-x.Foo", "(neg (.Foo x))"),
        ("-x^2", "(neg (^ x 2))"),
        ("+x", "(pos x)"),
        ("a == b", "(== a b)"),
        (
            "a != b and c <= d or e >= f",
            "(or (and (!= a b) (<= c d)) (>= e f))",
        ),
        ("a < b", "(< a b)"),
        ("a > b", "(> a b)"),
        ("a <| b", "(<| a b)"),
        ("a |> b", "(|> a b)"),
        ("a <> b", "(<> a b)"),
        ("not a == b", "(not (== a b))"),
        ("not a and b", "(and (not a) b)"),
        ("a and not b", "(and a (not b))"),
        ("x == not y", "(== x (not y))"),
        ("not not a", "(not (not a))"),
        ("1 + 2 == 3", "(== (+ 1 2) 3)"),
        ("true or false", "(or true false)"),
    ]);
    let err = parse_error("a < b < c");
    assert_eq!(err.span, Span::new(6, 7));
    assert!(err.message.contains("chained"), "{}", err.message);
}

/// `&` binds tighter than `+` and looser than `:` and `*`, and does not
/// chain (LOOPY 1.7).
#[test]
fn sidling_operator() {
    check(&[
        ("over & v + 1", "(+ (& over <^-1>) 1)"),
        ("1 + 2 & 0", "(+ 1 (& 2 0))"),
        ("a : b & c : d", "(& (: a b) (: c d))"),
        ("2 * a & b / 3", "(& (* 2 a) (/ b 3))"),
        ("9*(upon & v)", "(* 9 (& upon <^-1>))"),
    ]);
    let err = parse_error("a & b & c");
    assert_eq!(err.span, Span::new(6, 7));
    assert!(err.message.contains("chained"), "{}", err.message);
}

/// `pass` as an option and node labels make a brace loopy (LOOPY 1.1-1.3);
/// anywhere else `pass` is CGSuite's error.
#[test]
fn loopy_specifiers() {
    check(&[
        ("{pass|pass}", "{pass|pass}"),
        ("{0|pass}", "{0|pass}"),
        ("{pass, 0|*}", "{0,pass|<*1>}"),
        ("{0||0|0,pass}", "{0|{0|0,pass}}"),
        ("a{0|a}", "a{0|a}"),
        ("x{0||||0|||x|*||*}", "x{0|{0|{{x|<*1>}|<*1>}}}"),
        ("a{0,{1|a}|0}", "a{0,{1|a}|0}"),
    ]);
    // A label touches its brace.
    assert!(parse_error("a {0|1}").message.contains("found `{`"));
    for bad in [
        "pass",
        "{1|0+pass}",
        "{pass}",
        "{0|pass+1}",
        "[pass]",
        "f(pass)",
    ] {
        assert_eq!(parse_error(bad).message, "Unexpected `pass`.", "{bad}");
    }
    let err = parse_error("a{1, 2}");
    assert!(err.message.contains("label"), "{}", err.message);
}

#[test]
fn infix_methods() {
    check(&[
        ("3 Max 5", "(Max: 3 5)"),
        ("11 NimSum n", "(NimSum: 11 n)"),
        ("11 NimSum -1", "(NimSum: 11 (neg 1))"),
        ("*2 Heat 2", "(Heat: <*2> 2)"),
        ("^^ Heat *", "(Heat: <^2> <*1>)"),
        ("a Max b Min c", "(Min: (Max: a b) c)"),
        ("a + 1 Max b * 2", "(Max: (+ a 1) (* b 2))"),
        ("a Max b == c", "(== (Max: a b) c)"),
        ("1 Max 2..5", "(Max: 1 (.. 2 5))"),
    ]);
}

#[test]
fn ranges() {
    check(&[
        ("1..10", "(.. 1 10)"),
        ("1 .. 10", "(.. 1 10)"),
        ("1..10..2", "(.. 1 10 2)"),
        ("a+1..b-1", "(.. (+ a 1) (- b 1))"),
        ("(1..3).Size", "(.Size (.. 1 3))"),
    ]);
    let err = parse_error("1..2..3..4");
    assert_eq!(err.span, Span::new(7, 9));
}

// ---------------------------------------------------------------------------
// Postfix forms, calls and numbers followed by `.`.
// ---------------------------------------------------------------------------

#[test]
fn methods_calls_and_indexing() {
    check(&[
        ("17.Div(4)", "(.Div() 17 4)"),
        ("0.NimInverse", "(.NimInverse 0)"),
        ("3.Max(-2147483648)", "(.Max() 3 (neg 2147483648))"),
        ("*4.ConwayProduct(*4)", "(.ConwayProduct() <*4> <*4>)"),
        ("^.PowTo(7/4)", "(.PowTo() <^1> (/ 7 4))"),
        ("x.Foo()", "(.Foo() x)"),
        ("(5).Options(Left)", "(.Options() 5 Left)"),
        ("f(a)(b)", "(call (call f a) b)"),
        ("f()", "(call f)"),
        ("xs[1]", "(index xs 1)"),
        ("[1,2,3][2]", "(index [1,2,3] 2)"),
        (
            "game.heap.Nim(n).NimValue",
            "(.NimValue (.Nim() (.heap game) n))",
        ),
        (
            "game.heap.Subtraction([2,3,7], allbut => true)(n).NimValue",
            "(.NimValue (call (.Subtraction() (.heap game) [2,3,7] allbut=>true) n))",
        ),
        (
            "GenToadsAndFrogs(maxJump => 2)",
            "(call GenToadsAndFrogs maxJump=>2)",
        ),
        ("Wythoff((3,5))", "(call Wythoff (tuple 3 5))"),
        ("\"a\\\"b\"", "\"a\\\"b\""),
    ]);
}

#[test]
fn collections_and_comprehensions() {
    check(&[
        ("[]", "[]"),
        ("[1, 2]", "[1,2]"),
        ("(1, 2, 3)", "(tuple 1 2 3)"),
        ("((1))", "1"),
        (
            "[11 NimSum n for n from 1 to 16]",
            "(list-of (NimSum: 11 n) (for n 1 16))",
        ),
        ("[n for n from 1 to 9 by 2]", "(list-of n (for n 1 9 2))"),
        ("[x for x in xs]", "(list-of x (for x in xs))"),
        (
            "[x * y for x in xs for y from 1 to x where x != y]",
            "(list-of (* x y) (for x in xs) (for y 1 x) (where (!= x y)))",
        ),
        ("{x for x in xs}", "(set-of x (for x in xs))"),
        (
            "{n^2 for n from 1 to 4 where n % 2 == 0}",
            "(set-of (^ n 2) (for n 1 4) (where (== (% n 2) 0)))",
        ),
    ]);
}

#[test]
fn lambdas() {
    check(&[
        ("x -> x.Lb", "(fn [x] (.Lb x))"),
        (
            "(memory, j) -> j != memory",
            "(fn [memory j] (!= j memory))",
        ),
        ("() -> 1", "(fn [] 1)"),
        ("(x) -> x + 1", "(fn [x] (+ x 1))"),
        ("x -> y -> x + y", "(fn [x] (fn [y] (+ x y)))"),
        ("xs.Apply(x -> x + 2)", "(.Apply() xs (fn [x] (+ x 2)))"),
        ("[x -> x, 2]", "[(fn [x] x),2]"),
        (
            "f((a, b) -> a)((1, 2))",
            "(call (call f (fn [a b] a)) (tuple 1 2))",
        ),
    ]);
    assert!(parse_program("(x, x) -> x").is_err());
}

// ---------------------------------------------------------------------------
// Spans.
// ---------------------------------------------------------------------------

#[test]
fn spans_cover_the_source() {
    let src = "a + -1^^ * (2)";
    let expr = parse_expr(src).unwrap();
    assert_eq!(expr.span, Span::new(0, src.len()));
    let ExprKind::Binary { rhs, .. } = &expr.kind else {
        panic!("not binary")
    };
    assert_eq!(rhs.span, Span::new(4, 14));
    let ExprKind::Binary {
        lhs: term,
        rhs: group,
        ..
    } = &rhs.kind
    else {
        panic!("not binary")
    };
    assert_eq!(term.span, Span::new(4, 8), "the term includes its sign");
    assert_eq!(
        group.span,
        Span::new(11, 14),
        "grouping covers the parentheses"
    );

    let expr = parse_expr("x.Foo(1)").unwrap();
    let ExprKind::Method(call) = &expr.kind else {
        panic!("not a method")
    };
    assert_eq!(call.name_span, Span::new(2, 5));
    assert_eq!(expr.span, Span::new(0, 8));

    let expr = parse_expr("73/16v9*8").unwrap();
    assert_eq!(expr.span, Span::new(0, 9));
    let expr = parse_expr("*(1)").unwrap();
    assert_eq!(expr.span, Span::new(0, 4));
}

// ---------------------------------------------------------------------------
// Errors.
// ---------------------------------------------------------------------------

#[test]
fn error_messages_say_what_was_expected_and_found() {
    let err = parse_error("{1|2");
    assert_eq!(err.span, Span::new(4, 4));
    assert!(
        err.message.contains("expected") && err.message.contains("`}`"),
        "{}",
        err.message
    );
    assert!(err.message.contains("end of input"), "{}", err.message);

    let err = parse_error("3 +");
    assert_eq!(err.span, Span::new(3, 3));
    assert_eq!(err.message, "expected an expression, found end of input");

    let err = parse_error("\"abc");
    assert_eq!(err.span, Span::new(0, 4));
    assert!(
        err.message.contains("unterminated string"),
        "{}",
        err.message
    );

    let err = parse_error("3 4");
    assert_eq!(err.span, Span::new(2, 3));
    assert!(err.message.contains("found integer `4`"), "{}", err.message);

    let err = parse_error("f(1, 2");
    assert!(err.message.contains("`)`"), "{}", err.message);
    assert_eq!(err.span, Span::new(6, 6));

    let err = parse_error("[1, 2}");
    assert!(
        err.message.contains("`]`") && err.message.contains("`}`"),
        "{}",
        err.message
    );
    assert_eq!(err.span, Span::new(5, 6));

    let err = parse_error("1.5");
    assert!(err.message.contains("decimal"), "{}", err.message);

    let err = parse_error("x = 1");
    assert_eq!(err.span, Span::new(2, 3));
    assert!(err.message.contains(":="), "{}", err.message);

    assert!(parse_program("^*^").is_err(), "`^*` ends the term");
    assert!(parse_program("v*v").is_err(), "`v*` ends the term");

    let err = parse_error("3 := 4");
    assert_eq!(err.span, Span::new(2, 4));

    let err = parse_error("[n for n to 3]");
    assert!(err.message.contains("`from` or `in`"), "{}", err.message);

    let err = parse_error("{1,}");
    assert_eq!(err.span, Span::new(3, 4));

    let err = parse_error("1 # 2");
    assert_eq!(err.span, Span::new(2, 3));

    let err = parse_error("/* never closed");
    assert!(err.message.contains("block comment"), "{}", err.message);

    let err = parse_error("1 | 2");
    assert_eq!(err.span, Span::new(2, 3));

    let err = parse_error("end");
    assert_eq!(err.message, "expected an expression, found keyword `end`");
    // `for` starts a loop now: what it lacks is its variable.
    let err = parse_error("for");
    assert_eq!(
        err.message,
        "expected a loop variable after `for`, found end of input"
    );
    assert!(err.incomplete);

    // Display shows the message; the error is a std error.
    let err: Box<dyn std::error::Error> = Box::new(parse_error("(1"));
    assert!(err.to_string().contains("`)`"));
}

#[test]
fn cgsuite_error_inputs_fail_or_parse_without_panicking() {
    // The corpus expects evaluation errors for these; a parse error is
    // acceptable too.
    for src in ["^\"foo\"", "v\"foo\"*9", "0/0", "*(-8)"] {
        let _ = parse_program(src);
    }
}

#[test]
fn huge_literals_are_handled_quickly() {
    let digits = "9".repeat(200_000);
    let start = std::time::Instant::now();
    let err = parse_error(&format!("3 {digits}"));
    assert!(err.message.contains("long integer"), "{}", err.message);
    assert!(parse_expr(&format!("{digits}*")).is_ok());
    let name = "x".repeat(200_000);
    let err = parse_error(&format!("3 {name}"));
    assert!(err.message.len() < 200, "{}", err.message);
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

// ---------------------------------------------------------------------------
// Deep nesting: no stack overflow, clean errors past the limit.
// ---------------------------------------------------------------------------

/// Runs `f` on a thread with a large stack: dropping a deeply nested AST
/// recurses through `Drop`, which is the caller's concern, not the parser's.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(f)
        .expect("spawn a test thread")
        .join()
        .expect("the test thread finished");
}

#[test]
fn ten_thousand_nested_braces_parse() {
    with_big_stack(|| {
        let n = 10_000;
        let src = format!("{}0{}", "{".repeat(n), "|}".repeat(n));
        let program = parse_program(&src).expect("deep braces parse");
        assert_eq!(program.statements.len(), 1);
    });
}

#[test]
fn ten_thousand_nested_parentheses_parse() {
    let n = 10_000;
    let src = format!("{}1{}", "(".repeat(n), ")".repeat(n));
    let expr = parse_expr(&src).expect("deep parentheses parse");
    assert_eq!(sexp(&expr), "1");

    let src = format!("{}1{}", "[".repeat(n), "]".repeat(n));
    with_big_stack(move || assert!(parse_expr(&src).is_ok()));
}

#[test]
fn nesting_beyond_the_limit_is_a_clean_error() {
    let n = MAX_DEPTH + 10;
    for src in [
        format!("{}0{}", "{".repeat(n), "|}".repeat(n)),
        format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}1", "-".repeat(n)),
        format!("{}1", "not ".repeat(n)),
        format!("1{}", "^1".repeat(n)),
        format!("{}1", "*(".repeat(n)),
        // Unbalanced, so the error is found before anything deep is built.
        "[".repeat(n),
    ] {
        let err = parse_program(&src).expect_err("too deep");
        assert!(err.message.contains("nested too deeply"), "{}", err.message);
    }
    // Slash nesting counts too: `{0|1||2|||3...}` nests one level per run.
    let runs = 300;
    let mut src = String::from("{0");
    for k in 1..=runs {
        src.push_str(&"|".repeat(k));
        src.push('1');
    }
    src.push('}');
    with_big_stack(move || assert!(parse_program(&src).is_ok()));
}

#[test]
fn long_chains_count_toward_the_limit() {
    // A chain of postfix operations or of right-associative operators is a
    // tree as tall as the chain is long.
    let within = vec!["1"; MAX_DEPTH / 2].join("^");
    with_big_stack(move || assert!(parse_expr(&within).is_ok()));
    for src in [
        vec!["1"; MAX_DEPTH + 10].join("^"),
        vec!["1"; MAX_DEPTH + 10].join(" : "),
        format!("x{}", ".Foo".repeat(MAX_DEPTH + 10)),
        format!("f{}", "(1)".repeat(MAX_DEPTH + 10)),
    ] {
        let err = parse_program(&src).expect_err("too tall");
        assert!(err.message.contains("nested too deeply"), "{}", err.message);
    }
}

/// A run of sums or products of one level is one flat node, whatever its
/// length (a flat sum of 100,000 terms parses; it reads as the nested
/// operators it stands for).
#[test]
fn flat_sums_and_products_are_not_deep() {
    let src = vec!["1"; 10 * MAX_DEPTH].join("+");
    let expr = parse_expr(&src).expect("a long flat sum parses");
    let ExprKind::Chain(chain) = &expr.kind else {
        panic!("a chain");
    };
    assert_eq!(chain.rest.len(), 10 * MAX_DEPTH - 1);
    check(&[
        ("1 + 2 - 3 +- 4", "(+- (- (+ 1 2) 3) 4)"),
        ("1 * 2 / 3 % 4", "(% (/ (* 1 2) 3) 4)"),
        ("1 + 2 * 3 - 4", "(- (+ 1 (* 2 3)) 4)"),
        ("(1 + 2) + 3", "(+ (+ 1 2) 3)"),
        ("1 + (2 + 3)", "(+ 1 (+ 2 3))"),
        ("1 + 2 : 3 + 4", "(+ (+ 1 (: 2 3)) 4)"),
    ]);
}

#[test]
fn syntax_errors_after_tall_trees_do_not_overflow_the_stack() {
    // When parsing fails, what was built so far is torn down without
    // recursion, so these run even on a small stack (dropping trees this
    // tall recursively needs several times as much).
    let chain = vec!["1"; MAX_DEPTH - 10].join("+");
    let braces = format!("{}0{}", "{".repeat(10_000), "|}".repeat(10_000));
    let unary = format!("{}1", "-".repeat(10_000));
    let cases = [
        format!("{chain} +"),
        format!("{chain} )"),
        format!("[{chain}, ]"),
        format!("f({chain}, 1"),
        format!("{{{chain} | 1 | 2}}"),
        format!("x := {chain}; 1 +"),
        format!("{braces} +"),
        format!("{unary} +"),
        format!("[{braces} for x in ]"),
    ];
    with_small_stack(move || {
        for src in &cases {
            let err = parse_program(src).expect_err("a syntax error");
            assert!(!err.message.contains("too deeply"), "{}", err.message);
        }
    });
}

/// Runs `f` on a thread with a 256 KiB stack.
fn with_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("spawn a test thread")
        .join()
        .expect("the test thread finished");
}

// ---------------------------------------------------------------------------
// Property tests: never panic.
// ---------------------------------------------------------------------------

const TOKENS: &[&str] = &[
    "{", "}", "|", "||", "|||", "(", ")", "[", "]", ",", ";", ":", ":=", ".", "..", "+", "-", "+-",
    "±", "*", "/", "%", "^", "v", "vv", "v3", "↑", "↓", "⇑", "⇓", "<", ">", "<=", ">=", "==", "!=",
    "<|", "|>", "<>", "->", "=>", "0", "1", "2", "17", "x", "y", "Max", "Tiny", "NimSum", "for",
    "from", "to", "by", "in", "where", "and", "or", "not", "true", "\"s\"", " ", " ", "  ",
    "/*c*/", "//\n", "<2>", "[3]", "\"", "=", "!", "#",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..48).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(src in any::<String>()) {
        let _ = parse_program(&src);
        let _ = parse_expr(&src);
    }

    #[test]
    fn printable_text_never_panics(src in "[ -~↑↓⇑⇓±]{0,64}") {
        let _ = parse_program(&src);
    }

    #[test]
    fn token_soups_never_panic(src in token_soup()) {
        if let Err(err) = parse_program(&src) {
            prop_assert!(err.span.start() <= err.span.end() && err.span.end() <= src.len());
            prop_assert!(src.is_char_boundary(err.span.start()) && src.is_char_boundary(err.span.end()));
            prop_assert!(!err.message.is_empty());
        }
    }

    #[test]
    fn spans_lie_within_the_source(src in token_soup()) {
        if let Ok(program) = parse_program(&src) {
            for stmt in &program.statements {
                let span = stmt.span();
                prop_assert!(span.start() <= span.end() && span.end() <= src.len());
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Property test: random expressions printed with full parentheses parse back
// to the same tree.
// ---------------------------------------------------------------------------

/// A small expression language printed unambiguously.
#[derive(Clone, Debug)]
enum Gen {
    Int(u32),
    Name(&'static str),
    Star(u32),
    Up(i8),
    Unary(&'static str, Box<Gen>),
    Binary(&'static str, Box<Gen>, Box<Gen>),
    Game(Vec<Gen>, Vec<Gen>),
    List(Vec<Gen>),
    Method(Box<Gen>, Vec<Gen>),
}

impl Gen {
    fn source(&self) -> String {
        match self {
            Gen::Int(n) => n.to_string(),
            Gen::Name(name) => name.to_string(),
            Gen::Star(n) => format!("*{n}"),
            Gen::Up(n) if *n > 0 => format!("^{n}"),
            Gen::Up(n) => format!("v{}", n.unsigned_abs()),
            Gen::Unary(op, e) => format!("{op}({})", e.source()),
            Gen::Binary(op, a, b) => format!("({}) {op} ({})", a.source(), b.source()),
            Gen::Game(l, r) => format!("{{{} | {}}}", join(l), join(r)),
            Gen::List(items) => format!("[{}]", join(items)),
            Gen::Method(e, args) => format!("({}).Foo({})", e.source(), join(args)),
        }
    }

    fn expected(&self) -> String {
        match self {
            Gen::Int(n) => n.to_string(),
            Gen::Name(name) => name.to_string(),
            Gen::Star(n) => format!("<*{n}>"),
            Gen::Up(n) => format!("<^{n}>"),
            Gen::Unary(op, e) => {
                let op = match *op {
                    "-" => "neg",
                    "+" => "pos",
                    _ => "+-",
                };
                format!("({op} {})", e.expected())
            }
            Gen::Binary(op, a, b) => format!("({op} {} {})", a.expected(), b.expected()),
            Gen::Game(l, r) => format!("{{{}|{}}}", expected_list(l, ","), expected_list(r, ",")),
            Gen::List(items) => format!("[{}]", expected_list(items, ",")),
            Gen::Method(e, args) if args.is_empty() => format!("(.Foo() {})", e.expected()),
            Gen::Method(e, args) => {
                format!("(.Foo() {} {})", e.expected(), expected_list(args, " "))
            }
        }
    }
}

fn join(items: &[Gen]) -> String {
    items.iter().map(Gen::source).collect::<Vec<_>>().join(", ")
}

fn expected_list(items: &[Gen], separator: &str) -> String {
    items
        .iter()
        .map(Gen::expected)
        .collect::<Vec<_>>()
        .join(separator)
}

fn gen_expr() -> impl Strategy<Value = Gen> {
    let leaf = prop_oneof![
        (0u32..1000).prop_map(Gen::Int),
        prop::sample::select(vec!["x", "y", "Left", "inf"]).prop_map(Gen::Name),
        (0u32..20).prop_map(Gen::Star),
        prop_oneof![1i8..10, -9i8..0].prop_map(Gen::Up),
    ];
    leaf.prop_recursive(5, 48, 4, |inner| {
        prop_oneof![
            (prop::sample::select(vec!["-", "+", "+-"]), inner.clone())
                .prop_map(|(op, e)| Gen::Unary(op, Box::new(e))),
            (
                prop::sample::select(vec![
                    "+", "-", "+-", "*", "/", "%", "^", ":", "==", "<=", "<|", "and", "or"
                ]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, a, b)| Gen::Binary(op, Box::new(a), Box::new(b))),
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Gen::Game(l, r)),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Gen::List),
            (inner.clone(), prop::collection::vec(inner, 0..3))
                .prop_map(|(e, args)| Gen::Method(Box::new(e), args)),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn parenthesised_expressions_round_trip(g in gen_expr()) {
        let src = g.source();
        let parsed = parse_expr(&src).map(|e| sexp(&e)).map_err(|e| e.message);
        prop_assert_eq!(parsed, Ok(g.expected()), "source: {}", src);
    }
}

#[test]
fn map_literals() {
    check(&[
        ("{Left => 1, Right => 2}", "(map (Left 1) (Right 2))"),
        ("{1 => {2}}", "(map (1 #{2}))"),
        (
            "f(clobbered => {Left => {0}})",
            "(call f clobbered=>(map (Left #{0})))",
        ),
    ]);
    assert!(parse_error("{1 => 2").message.contains("after a map entry"));
    assert!(parse_error("{1, 2 => 3}")
        .message
        .contains("`,`, `|` or `}`"));
}

// ---------------------------------------------------------------------------
// Memory: the size of a syntax tree node.
// ---------------------------------------------------------------------------

/// A large input is tens of thousands of nodes (the thermograph workload of
/// `onag bench`, 70 KB of games, is about 40,000), each stored inline in its
/// parent's vector or box, so the size of [`Expr`] is what parsing an input
/// costs per node: 40 bytes, where it was 160. The large and rare variants
/// are boxed so that a node is an integer (a machine word or a pointer) or
/// at most three words, plus a tag and a span of two 32-bit offsets; a new
/// variant wider than that must be boxed too, or this fails.
#[test]
fn an_expression_node_stays_small() {
    assert!(
        std::mem::size_of::<Expr>() <= 40,
        "Expr is {} bytes",
        std::mem::size_of::<Expr>()
    );
    assert!(std::mem::size_of::<ExprKind>() <= 32);
    assert!(std::mem::size_of::<Span>() <= 8);
}

// ---------------------------------------------------------------------------
// Laws the memory savings rely on.
// ---------------------------------------------------------------------------

/// Inputs made of the tokens that open and close constructs.
fn construct_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "begin", "end", "if", "then", "else", "for", "i", "from", "to", "do", "while", "yield",
            "(", ")", "{", "}", "[", "]", "|", "1", "x", ",", ";", "+", "/*", "*/", "\"", "//",
            "\n", ":=",
        ]),
        0..16,
    )
    .prop_map(|tokens| tokens.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// `is_incomplete` consults the lexer before the parser: still exactly
    /// "the parse stops at the end of the input, and something is open".
    #[test]
    fn incomplete_is_an_unfinished_parse_with_something_open(src in construct_soup()) {
        let open = open_constructs(&src);
        let expected = matches!(parse_program(&src), Err(e) if e.incomplete)
            && (open.comment || open.brackets > 0 || open.blocks > 0);
        prop_assert_eq!(is_incomplete(&src), expected, "{:?}", src);
    }

    /// A string literal's value is read back from the source through the
    /// token's span: every escape decodes to what it stands for.
    #[test]
    fn string_literals_read_their_value_from_the_source(text in r#"[a-z"\\\n\t\r\x00'é⇑ ]{0,12}"#) {
        let mut literal = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => literal.push_str("\\\""),
                '\\' => literal.push_str("\\\\"),
                '\n' => literal.push_str("\\n"),
                '\t' => literal.push_str("\\t"),
                '\r' => literal.push_str("\\r"),
                '\0' => literal.push_str("\\0"),
                '\'' => literal.push_str("\\'"),
                c => literal.push(c),
            }
        }
        literal.push('"');
        let expr = parse_expr(&format!("[{literal}, 1]")).map_err(|e| TestCaseError::fail(e.message))?;
        let ExprKind::List(items) = &expr.kind else {
            return Err(TestCaseError::fail("not a list"));
        };
        prop_assert_eq!(&items[0].kind, &ExprKind::Str(text.clone()), "{}", literal);
        prop_assert_eq!(items[0].span, Span::new(1, 1 + literal.len()));
    }
}
