//! Loopy rulesets and `GameValue` (LOOPY 4): Backsliding Toads and Frogs
//! and Fox and Geese against CGSuite's values, the errors of their
//! canonical forms and constructors, and the laws `GameValue` relies on:
//! a short position's value is its canonical form, depth hints do not
//! change values, and the evaluator agrees with one graph of every
//! position.

use onag_core::game::Game;
use onag_core::loopy::SidedValue;
use onag_rules::framework::cache;
use onag_rules::framework::error::ErrorKind;
use onag_rules::framework::external::{self, Class, ClassTable, External, Reduction, Valued};
use onag_rules::framework::kind::TableCell;
use onag_rules::framework::loopy;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::grid::fox_and_geese::{FoxAndGeese, FoxAndGeeseRuleset};
use onag_rules::games::strip::toads::{Toads, BACKSLIDING};
use onag_rules::games::variant::{variant, Variant};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Player, Position, RuleError};
use proptest::prelude::*;
use std::rc::Rc;

const NOT_SHORT: &str =
    "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.";

fn ruleset(name: &str, keywords: &[(&str, Arg)]) -> Rc<dyn AnyRuleset> {
    let entry = registry::find(name).expect("registered");
    let args = Args {
        positional: vec![],
        keywords: keywords
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    match &entry.make {
        Make::Ruleset(f) => f(),
        Make::Schema(f) => f(&args).expect("valid parameters"),
    }
}

fn strip(r: &Rc<dyn AnyRuleset>, s: &str) -> Rc<dyn AnyPosition> {
    r.position(&Args::new(vec![Arg::Str(s.into())]))
        .expect("valid strip")
}

fn coordinates((r, c): (i64, i64)) -> Arg {
    Arg::Tuple(vec![Arg::int(r), Arg::int(c)])
}

fn geese(squares: &[(i64, i64)]) -> Arg {
    Arg::Set(squares.iter().map(|&sq| coordinates(sq)).collect())
}

fn fox_and_geese(
    r: &Rc<dyn AnyRuleset>,
    squares: &[(i64, i64)],
    fox: (i64, i64),
) -> Result<Rc<dyn AnyPosition>, String> {
    r.position(&Args::new(vec![geese(squares), coordinates(fox)]))
        .map_err(|e| e.to_string())
}

fn value(p: &Rc<dyn AnyPosition>) -> String {
    p.game_value().expect("a value").to_string()
}

const ROW4: [(i64, i64); 4] = [(4, 2), (4, 4), (4, 6), (4, 8)];

#[test]
fn backsliding_toads_and_frogs() {
    let expected = "{on||0|-1/2} & {1/2|0||off}";
    let back = ruleset("BackslidingToadsAndFrogs", &[]);
    let p = strip(&back, "ttt..fff");
    assert_eq!(p.display(), "BackslidingToadsAndFrogs(\"ttt..fff\")");
    assert_eq!(value(&p), expected);
    assert_eq!(p.canonical_form().unwrap_err().message(), NOT_SHORT);
    assert_eq!(
        p.canonical_form().unwrap_err().kind(),
        ErrorKind::Loopy,
        "GameValue catches this kind"
    );
    let general = ruleset("GenToadsAndFrogs", &[("minSlide", Arg::int(-1))]);
    assert_eq!(general.name(), "GenToadsAndFrogs(minSlide => -1)");
    assert_eq!(value(&strip(&general, "ttt..fff")), expected);
    // Small positions by hand: a lone toad slides to and fro, Right has
    // no move: `on`; toad and frog facing each other across a gap.
    assert_eq!(value(&strip(&back, "t.")), "on");
    assert_eq!(value(&strip(&back, "f.")), "off");
    assert_eq!(value(&strip(&back, "..")), "0");
    // A strip whose pieces can never move is short.
    let frozen = strip(&back, "ft");
    assert_eq!(frozen.canonical_form().unwrap(), Game::ZERO);
    assert_eq!(value(&frozen), "0");
}

#[test]
fn backsliding_option_order_and_depth() {
    // Every forward slide, then every back slide, then every jump.
    let p = Toads::parse(".t.tf.", BACKSLIDING).unwrap();
    let left: Vec<String> = p.options(Player::Left).iter().map(Toads::cells).collect();
    assert_eq!(left, ["..ttf.", "t..tf.", ".tt.f.", ".t..ft"]);
    let right: Vec<String> = p.options(Player::Right).iter().map(Toads::cells).collect();
    assert_eq!(right, [".t.t.f", ".tft.."]);
    // Pairs (toad, frog) with the toad on the left.
    assert_eq!(p.depth_hint(), 2);
    assert_eq!(Toads::parse("ftf.t", BACKSLIDING).unwrap().depth_hint(), 1);
    assert!(p.may_repeat());
    // Longer back slides: minSlide => -2 slides back one or two cells.
    let r = ruleset("GenToadsAndFrogs", &[("minSlide", Arg::int(-2))]);
    let q = strip(&r, "..t");
    let back: Vec<String> = q
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(
        back,
        [
            "GenToadsAndFrogs(minSlide => -2)(\".t.\")",
            "GenToadsAndFrogs(minSlide => -2)(\"t..\")"
        ]
    );
    // ... and maxSlide => -2 forbids the one-cell ones.
    let r = ruleset(
        "GenToadsAndFrogs",
        &[("minSlide", Arg::int(-2)), ("maxSlide", Arg::int(-2))],
    );
    let back: Vec<String> = strip(&r, "..t")
        .options(Player::Left)
        .unwrap()
        .iter()
        .map(|o| o.display())
        .collect();
    assert_eq!(
        back,
        ["GenToadsAndFrogs(minSlide => -2, maxSlide => -2)(\"t..\")"]
    );
}

#[test]
fn fox_and_geese_values() {
    let fg = ruleset("FoxAndGeese", &[]);
    let p = fox_and_geese(&fg, &ROW4, (1, 1)).unwrap();
    assert_eq!(p.display(), "FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1))");
    assert_eq!(value(&p), "{4*|7/2}");
    let ceylonese = ruleset("CeyloneseFoxAndGeese", &[]);
    assert_eq!(
        value(&fox_and_geese(&ceylonese, &ROW4, (1, 1)).unwrap()),
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"
    );
    let wide = ruleset("GenFoxAndGeese", &[("boardWidth", Arg::int(10))]);
    assert_eq!(wide.name(), "GenFoxAndGeese(boardWidth => 10)");
    let row3 = [(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)];
    assert_eq!(
        value(&fox_and_geese(&wide, &row3, (1, 9)).unwrap()),
        "{6over|5*}"
    );
    // The same ruleset by its general name.
    let same = ruleset("GenFoxAndGeese", &[("foxRange", Arg::int(2))]);
    assert_eq!(
        value(&fox_and_geese(&same, &ROW4, (1, 1)).unwrap()),
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"
    );
    // An escaped fox is `off`, and a position with it has no canonical form.
    let escaped = fox_and_geese(&fg, &ROW4, (5, 1)).unwrap();
    assert_eq!(value(&escaped), "off");
    assert_eq!(escaped.canonical_form().unwrap_err().message(), NOT_SHORT);
    let p = fox_and_geese(&fg, &[(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1)).unwrap();
    assert_eq!(p.canonical_form().unwrap_err().message(), NOT_SHORT);
}

#[test]
fn fox_and_geese_moves() {
    let fg = ruleset("GenFoxAndGeese", &[("foxRange", Arg::int(3))]);
    let p = fox_and_geese(&fg, &[(4, 2), (2, 4)], (3, 3)).unwrap();
    let texts = |who| -> Vec<String> {
        p.options(who)
            .unwrap()
            .iter()
            .map(|o| o.display())
            .collect()
    };
    let name = "GenFoxAndGeese(foxRange => 3)";
    // Geese in row, then column order; each down-left, then down-right.
    assert_eq!(
        texts(Player::Left),
        [
            format!("{name}({{(1,3),(4,2)}}, (3,3))"),
            format!("{name}({{(1,5),(4,2)}}, (3,3))"),
            format!("{name}({{(2,4),(3,1)}}, (3,3))"),
        ]
    );
    // The fox: down-right (a goose stops it), up-right, up-left, down-left.
    assert_eq!(
        texts(Player::Right),
        [
            format!("{name}({{(2,4),(4,2)}}, (4,4))"),
            format!("{name}({{(2,4),(4,2)}}, (5,5))"),
            format!("{name}({{(2,4),(4,2)}}, (6,6))"),
            format!("{name}({{(2,4),(4,2)}}, (2,2))"),
            format!("{name}({{(2,4),(4,2)}}, (1,1))"),
        ]
    );
    // The depth hint is the sum of the goose rows.
    let r = FoxAndGeeseRuleset::from_args(&Args::default()).unwrap();
    let q: FoxAndGeese = r.make(&[(4, 2), (2, 4)], (1, 1)).unwrap();
    assert_eq!(q.depth_hint(), 6);
    assert!(!q.fox_escapes());
    assert!(r.make(&[(4, 2), (2, 4)], (3, 3)).unwrap().fox_escapes());
    assert!(!r.make(&[(4, 2), (2, 4)], (3, 1)).unwrap().fox_escapes());
    assert!(!r.make(&[(4, 2), (4, 4)], (3, 3)).unwrap().fox_escapes());
}

#[test]
fn fox_and_geese_errors() {
    let e = registry::find("GenFoxAndGeese").unwrap();
    let Make::Schema(make) = &e.make else {
        panic!("GenFoxAndGeese is a schema")
    };
    let with = |k: &str, v: i64| Args {
        positional: vec![],
        keywords: vec![(k.to_string(), Arg::int(v))],
    };
    assert_eq!(
        make(&with("foxRange", 0)).unwrap_err().message(),
        "`foxRange` must be >= 1"
    );
    assert!(make(&with("width", 8)).is_err());
    assert!(make(&Args::new(vec![Arg::Str("8".into())])).is_err());
    let fg = ruleset("FoxAndGeese", &[]);
    let bad_goose = "Every element of `geese` must be a valid `Coordinates` (1 <= col <= boardWidth; row >= 1; row + col even)";
    let bad_fox =
        "`fox` must be a valid `Coordinates` (1 <= col <= boardWidth; row >= 1; row + col even)";
    for g in [(4, 1), (0, 2), (4, 10), (2, 0)] {
        assert_eq!(fox_and_geese(&fg, &[g], (1, 1)).unwrap_err(), bad_goose);
    }
    for f in [(1, 2), (0, 0), (1, 9)] {
        assert_eq!(fox_and_geese(&fg, &ROW4, f).unwrap_err(), bad_fox);
    }
    let not_coordinates = fg.position(&Args::new(vec![
        Arg::Set(vec![Arg::int(3)]),
        coordinates((1, 1)),
    ]));
    assert_eq!(not_coordinates.unwrap_err().message(), bad_goose);
    assert!(fg.position(&Args::new(vec![geese(&ROW4)])).is_err());
    assert!(fg
        .position(&Args::new(vec![Arg::int(3), coordinates((1, 1))]))
        .is_err());
    // No upper bound on rows, but no overflow either.
    let far = fox_and_geese(&fg, &[(1 << 40, 2)], (1, 1)).unwrap_err();
    assert!(far.contains("limited"), "{far}");
}

fn cell(c: &TableCell) -> String {
    match c {
        TableCell::Piece => "X".into(),
        TableCell::Value(v) => v.to_string(),
        TableCell::Blank => String::new(),
    }
}

#[test]
fn values_table() {
    let fg = ruleset("FoxAndGeese", &[]);
    let table = fg
        .as_values_table()
        .expect("Fox and Geese has a ValuesTable")
        .values_table(&geese(&[(3, 1), (3, 3), (3, 5), (3, 7)]))
        .unwrap();
    let rows: Vec<Vec<String>> = table.iter().map(|r| r.iter().map(cell).collect()).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0], ["X", "", "X", "", "X", "", "X", ""]);
    assert_eq!(rows[1], ["", "2over", "", "2", "", "3*", "", "4over"]);
    assert_eq!(
        rows[2],
        [
            "{6|2over}",
            "",
            "{2over|2}",
            "",
            "{4|3||2}",
            "",
            "{4over|3*}",
            ""
        ]
    );
    assert!(fg
        .as_values_table()
        .unwrap()
        .values_table(&geese(&[(3, 2)]))
        .is_err());
    assert!(ruleset("Domineering", &[]).as_values_table().is_none());
}

#[test]
fn limits_and_session_memo() {
    let p = Toads::parse("ttt..fff", BACKSLIDING).unwrap();
    let e = loopy::fresh_value(&p, false, 100).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert_eq!(
        e.message(),
        "That game has more than 100 positions to explore."
    );
    // The whole graph has 560 positions; the session's memo is forgotten
    // and rebuilt with the same values.
    // Each position explored counts a unit of work (progress reports;
    // the same checkpoint stops the exploration when asked).
    let before = onag_core::interrupt::work_done();
    let whole = loopy::graph_value(&p, 560).unwrap();
    assert!(onag_core::interrupt::work_done() - before >= 560);
    assert_eq!(whole.to_string(), "{on||0|-1/2} & {1/2|0||off}");
    assert!(loopy::graph_value(&p, 559).is_err());
    let before = loopy::game_value(&p).unwrap();
    cache::forget_all();
    assert_eq!(loopy::game_value(&p).unwrap(), before);
}

/// The dicotic variant of Backsliding Toads and Frogs written as a
/// built-in position, to check the variant valued through its text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Dicotic(Toads);

impl Position for Dicotic {
    fn options(&self, player: Player) -> Vec<Self> {
        if self.0.options(player.opponent()).is_empty() {
            return vec![];
        }
        self.0.options(player).into_iter().map(Dicotic).collect()
    }

    fn text(&self) -> String {
        self.0.text()
    }

    fn may_repeat(&self) -> bool {
        true
    }
}

/// Equal values (`==` on carousels is structural, LOOPY 5 pitfall 6).
fn same(a: &SidedValue, b: &SidedValue) -> bool {
    a.leq(b).unwrap() && b.leq(a).unwrap()
}

#[test]
fn any_position_is_explored_by_its_text() {
    // A variant of a loopy ruleset is valued through its options.
    let back = ruleset("BackslidingToadsAndFrogs", &[]);
    let dicotic = variant(&back, Variant::Dicotic).unwrap();
    for s in ["t.f", "tt.f", "t..f"] {
        let p = strip(&dicotic, s);
        assert_eq!(p.canonical_form().unwrap_err().message(), NOT_SHORT);
        let typed = loopy::game_value(&Dicotic(Toads::parse(s, BACKSLIDING).unwrap())).unwrap();
        let v = p.game_value().unwrap();
        assert!(same(&v, &typed), "{s}: {v} and {typed}");
    }
    // By hand: from "t.f" each first move is answered by a move to a
    // position where neither can move (the opponent has no move there).
    assert_eq!(value(&strip(&dicotic, "t.f")), "0");
    // An impartial variant: both players have every move, so the value
    // is its own negative; from "t.f" either player can always move on,
    // and neither can force the other to run out of moves: `dud`.
    let impartial = variant(&back, Variant::Impartial).unwrap();
    let p = strip(&impartial, "t.f");
    assert_eq!(p.nim_value().unwrap().unwrap_err().message(), "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.");
    let v = p.game_value().unwrap();
    assert!(same(&v, &v.neg()), "{v}");
    assert_eq!(v.to_string(), "dud");
    assert!(v.as_short().is_none(), "{v}");
    // The text-keyed explorer agrees with the typed one.
    let q = strip(&back, "tt.f.");
    assert_eq!(loopy::any_value(&*q).unwrap(), q.game_value().unwrap());
}

fn toads_strip(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![Just('.'), Just('t'), Just('f')], 0..=max)
        .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A short position's GameValue is its canonical form (LOOPY 4.1
    /// step 1), for partizan and impartial rulesets.
    #[test]
    fn short_positions_are_their_canonical_forms(s in toads_strip(8), n in 0i64..20) {
        let p = strip(&ruleset("ToadsAndFrogs", &[]), &s);
        let g = p.canonical_form().unwrap();
        prop_assert_eq!(p.game_value().unwrap(), SidedValue::from(g));
        let k = ruleset("Kayles", &[]).position(&Args::new(vec![Arg::int(n)])).unwrap();
        let v = k.game_value().unwrap();
        prop_assert_eq!(v.as_short(), Some(k.canonical_form().unwrap()));
    }

    /// Depth hints only split the work: layered, in one graph, from the
    /// whole graph at once (LOOPY 4.2), and through the session's memo,
    /// Backsliding Toads and Frogs has the same values.
    #[test]
    fn backsliding_values_do_not_depend_on_layering(s in toads_strip(6)) {
        let p = Toads::parse(&s, BACKSLIDING).unwrap();
        let layered = loopy::fresh_value(&p, true, 100_000).unwrap();
        let one = loopy::fresh_value(&p, false, 100_000).unwrap();
        prop_assert!(same(&one, &layered), "{} and {}", one, layered);
        let whole = loopy::graph_value(&p, 100_000).unwrap();
        prop_assert!(same(&whole, &layered), "{} and {}", whole, layered);
        prop_assert_eq!(&loopy::game_value(&p).unwrap(), &layered);
        // The negative strip has the negative value.
        let m = loopy::game_value(&Toads::parse(&mirror(&s), BACKSLIDING).unwrap()).unwrap();
        prop_assert!(same(&m, &layered.neg()), "{} and -({})", m, layered);
    }
}

/// The strip reversed with toads and frogs swapped.
fn mirror(s: &str) -> String {
    s.chars()
        .rev()
        .map(|c| match c {
            't' => 'f',
            'f' => 't',
            c => c,
        })
        .collect()
}

/// A front end with loopy classes (`framework::external`): Backsliding
/// Toads and Frogs written as a class, a heap that moves up and down
/// (partizan or impartial), a class whose options are built-in loopy
/// positions, and those positions as elements.
#[derive(Clone, Debug)]
enum Ext {
    Toads(String),
    Heap(u64, bool),
    Wrap(&'static str, &'static str),
    Builtin(Rc<dyn AnyPosition>),
}

#[derive(Default)]
struct LoopyFront {
    toads: ClassTable<String>,
    heaps: ClassTable<String>,
    depth_hints: bool,
    fail_at: Option<u64>,
}

impl External for LoopyFront {
    type Position = Ext;
    type Key = String;
    type Error = RuleError;

    fn class<'a>(&'a self, p: &'a Ext) -> Option<Class<'a, String>> {
        match p {
            Ext::Toads(_) | Ext::Wrap(..) => Some(Class {
                table: &self.toads,
                impartial: false,
            }),
            Ext::Heap(_, impartial) => Some(Class {
                table: &self.heaps,
                impartial: *impartial,
            }),
            Ext::Builtin(_) => None,
        }
    }

    fn key(&self, p: &Ext) -> String {
        match p {
            Ext::Toads(s) => format!("t{s}"),
            Ext::Heap(n, i) => format!("h{n}{i}"),
            Ext::Wrap(l, r) => format!("w{l}|{r}"),
            Ext::Builtin(b) => b.display(),
        }
    }

    fn is_memoised(&self, _: &Ext) -> bool {
        true
    }

    fn options(&self, p: &Ext, player: Option<Player>) -> Result<Vec<Ext>, RuleError> {
        Ok(match p {
            Ext::Toads(s) => Toads::parse(s, BACKSLIDING)?
                .options(player.unwrap_or(Player::Left))
                .iter()
                .map(|o| Ext::Toads(o.cells()))
                .collect(),
            Ext::Heap(n, i) => {
                if Some(*n) == self.fail_at {
                    return Err(RuleError::user_function("the options failed"));
                }
                let mut out = Vec::new();
                if *n > 0 {
                    out.push(Ext::Heap(n - 1, *i));
                }
                if *n < 2 {
                    out.push(Ext::Heap(n + 1, *i));
                }
                out
            }
            Ext::Wrap(l, r) => {
                let s = if player == Some(Player::Left) { l } else { r };
                if s.is_empty() {
                    vec![]
                } else {
                    vec![Ext::Builtin(strip(
                        &ruleset("BackslidingToadsAndFrogs", &[]),
                        s,
                    ))]
                }
            }
            Ext::Builtin(_) => vec![],
        })
    }

    fn decomposition(&self, _: &Ext) -> Result<Option<Vec<Ext>>, RuleError> {
        Ok(None)
    }

    fn element_value(&self, p: &Ext, how: Reduction) -> Result<Valued, RuleError> {
        match p {
            Ext::Builtin(b) => Ok(Valued::reduced(b.canonical_form()?, how)),
            _ => Err(RuleError::bad_position("not an element")),
        }
    }

    fn not_impartial(&self, _: &Ext, _: &Ext) -> RuleError {
        RuleError::bad_position("not impartial")
    }

    fn element_game_value(&self, p: &Ext) -> Result<SidedValue, RuleError> {
        match p {
            Ext::Builtin(b) => b.game_value(),
            _ => Err(RuleError::bad_position("not an element")),
        }
    }

    fn depth_hint(&self, p: &Ext) -> Result<i64, RuleError> {
        Ok(match p {
            Ext::Toads(s) if self.depth_hints => Toads::parse(s, BACKSLIDING)?.depth_hint(),
            _ => 0,
        })
    }
}

#[test]
fn user_defined_games_may_be_loopy() {
    let start = Ext::Toads("ttt..fff".into());
    for depth_hints in [true, false] {
        let front = LoopyFront {
            depth_hints,
            ..LoopyFront::default()
        };
        let v = external::game_value(&front, &start).unwrap();
        assert_eq!(v.to_string(), "{on||0|-1/2} & {1/2|0||off}");
        // The values found are kept in the class's table, and cleared.
        let key = |s: &str| front.key(&Ext::Toads(s.into()));
        assert_eq!(front.toads.game_value(&key("ttt..fff")), Some(v.clone()));
        assert!(front.toads.game_value(&key("tt.t.fff")).is_some());
        assert_eq!(external::game_value(&front, &start).unwrap(), v);
        assert_eq!(
            external::value(&front, &start, Reduction::Canonical)
                .unwrap_err()
                .message(),
            NOT_SHORT
        );
        front.toads.clear();
        assert!(front.toads.is_empty());
    }
    let front = LoopyFront::default();
    // A short position is its canonical form.
    let short = external::game_value(&front, &Ext::Toads("ft".into())).unwrap();
    assert_eq!(short.as_short(), Some(Game::ZERO));
    // Loopy elements: `{on|off}` (printed as a switch) from built-in
    // positions `on` and `off`.
    let v = external::game_value(&front, &Ext::Wrap("t.", "f.")).unwrap();
    assert_eq!(v.to_string(), "+-on");
    let v = external::game_value(&front, &Ext::Wrap("t.", "")).unwrap();
    assert_eq!(v.to_string(), "on");
    // Impartial classes: both players have the options listed once.
    for n in 0..3 {
        let imp = external::game_value(&front, &Ext::Heap(n, true)).unwrap();
        let par = external::game_value(&front, &Ext::Heap(n, false)).unwrap();
        assert_eq!(imp, par, "heap {n}");
        assert!(imp.as_short().is_none(), "heap {n}: {imp}");
    }
    // A failure found while exploring is the front end's error.
    let failing = LoopyFront {
        fail_at: Some(2),
        ..LoopyFront::default()
    };
    let e = external::game_value(&failing, &Ext::Heap(0, false)).unwrap_err();
    assert_eq!(e.message(), "the options failed");
    assert_eq!(e.kind(), ErrorKind::UserFunction);
}

/// A small Fox and Geese position: width 4 to 6, range 1 or 2, geese on
/// rows 2 to 4, the fox below them, not escaped.
fn small_fox_and_geese() -> impl Strategy<Value = FoxAndGeese> {
    (4i64..=6, 1i64..=2)
        .prop_flat_map(|(width, range)| {
            let squares = |rows: std::ops::RangeInclusive<i64>| -> Vec<(i64, i64)> {
                rows.flat_map(|r| (1..=width).map(move |c| (r, c)))
                    .filter(|(r, c)| (r + c) % 2 == 0)
                    .collect()
            };
            let geese = proptest::sample::subsequence(squares(2..=4), 1..=4);
            let fox = proptest::sample::select(squares(1..=4));
            (Just((width, range)), geese, fox)
        })
        .prop_filter_map(
            "the fox on a goose or escaped",
            |((width, range), geese, fox)| {
                let args = Args {
                    positional: vec![],
                    keywords: vec![
                        ("boardWidth".into(), Arg::int(width)),
                        ("foxRange".into(), Arg::int(range)),
                    ],
                };
                let r = FoxAndGeeseRuleset::from_args(&args).ok()?;
                let p = r.make(&geese, fox).ok()?;
                // Escaped foxes are `off` without exploring.
                (!geese.contains(&fox) && !p.fox_escapes()).then_some(p)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Fox and Geese: the session's layered value, one graph without
    /// depth hints and the whole graph at once agree (LOOPY 4.2).
    #[test]
    fn fox_and_geese_values_do_not_depend_on_layering(p in small_fox_and_geese()) {
        let v = loopy::game_value(&p).unwrap();
        let one = loopy::fresh_value(&p, false, 100_000).unwrap();
        prop_assert!(same(&one, &v), "{} and {}", one, v);
        let whole = loopy::graph_value(&p, 100_000).unwrap();
        prop_assert!(same(&whole, &v), "{} and {}", whole, v);
    }
}
