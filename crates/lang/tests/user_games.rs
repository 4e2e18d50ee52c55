//! Games defined in CGScript agree with the built-in rulesets (SCRIPTING 5,
//! RULESETS): on random small positions, the canonical form a user class
//! computes through `Options` (and `Decomposition`) equals the built-in
//! ruleset's. The user classes are the repository's examples
//! (`examples.Clobber`, `examples.Domineering`, `examples.TopplingDominoes`)
//! and the test classes of `tests/data/games/ug` (Domineering without
//! symmetries, Toads and Frogs, a subtraction game).
//!
//! One session per test thread: the per-class tables persist from case to
//! case, as they do in a session, so later cases also check values found
//! in the tables.

use onag_lang::Interp;
use proptest::prelude::*;
use std::cell::RefCell;
use std::path::PathBuf;

thread_local! {
    static SESSION: RefCell<Interp> = RefCell::new({
        let s = Interp::new();
        s.add_library_root(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/games"),
        );
        s
    });
}

/// What `input` prints in the session, or its error message.
fn eval(input: &str) -> String {
    SESSION.with(|s| match s.borrow_mut().run_to_text(input) {
        Ok(Some(text)) => text,
        Ok(None) => "<no output>".to_string(),
        Err(e) => format!("!!{}", e.message()),
    })
}

/// The canonical forms of `user` and `native` (expressions), which must
/// agree and be values.
fn agree(user: &str, native: &str) -> Result<(), TestCaseError> {
    let u = eval(&format!("({user}).CanonicalForm"));
    let n = eval(&format!("({native}).CanonicalForm"));
    prop_assert!(!n.starts_with("!!"), "{native}: {n}");
    prop_assert_eq!(u, n, "{} vs {}", user, native);
    Ok(())
}

/// A grid of `rows` rows over the characters of `chars`, as a position
/// string (rows joined by `|`).
fn grid(chars: &'static str, rows: usize, cols: usize) -> impl Strategy<Value = String> {
    let cells: Vec<char> = chars.chars().collect();
    proptest::collection::vec(proptest::sample::select(cells), rows * cols).prop_map(move |v| {
        v.chunks(cols)
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    })
}

/// A grid of 1 to `max_rows` rows and 1 to `max_cols` columns.
fn any_grid(chars: &'static str, max_rows: usize, max_cols: usize) -> BoxedStrategy<String> {
    (1..=max_rows, 1..=max_cols)
        .prop_flat_map(move |(r, c)| grid(chars, r, c))
        .boxed()
}

/// A strip of 1 to `max_len` cells over the characters of `chars`.
fn strip(chars: &'static str, max_len: usize) -> impl Strategy<Value = String> {
    let cells: Vec<char> = chars.chars().collect();
    proptest::collection::vec(proptest::sample::select(cells), 1..=max_len)
        .prop_map(|v| v.into_iter().collect())
}

#[test]
fn the_sessions_classes_load() {
    assert_eq!(eval("ug.Domineering(\"..|..\").CanonicalForm"), "+-1");
    assert_eq!(eval("ug.ToadsAndFrogs(\"t.f\").CanonicalForm"), "*");
    assert_eq!(eval("ug.Subtraction([1,2])(5).NimValue"), "2");
}

/// A user-defined loopy game has the value of the built-in ruleset
/// (LOOPY 4.1, 4.4): CGSuite's worked example, and the error of
/// `CanonicalForm` when the game is not short.
#[test]
fn loopy_user_games() {
    assert_eq!(
        eval("ug.Backsliding(\"ttt..fff\").GameValue"),
        "{on||0|-1/2} & {1/2|0||off}"
    );
    assert_eq!(
        eval("ug.Backsliding(\"tt.f\").CanonicalForm"),
        "!!That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."
    );
    assert_eq!(
        eval("ug.Backsliding(\"t..f\").OutcomeClass"),
        eval("game.strip.BackslidingToadsAndFrogs(\"t..f\").OutcomeClass")
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Backsliding Toads and Frogs in CGScript, explored through the
    /// class's options and depth hint, agrees with the built-in ruleset on
    /// random rows.
    #[test]
    fn loopy_user_game_agrees(row in "[.tf]{1,6}") {
        let u = eval(&format!("ug.Backsliding(\"{row}\").GameValue"));
        let n = eval(&format!("game.strip.BackslidingToadsAndFrogs(\"{row}\").GameValue"));
        prop_assert!(!n.starts_with("!!"), "{}: {}", row, n);
        prop_assert_eq!(u, n, "{}", row);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Domineering boards with blocked cells, up to 4x4 (the user class
    /// splits into regions through `grid.Decomposition`).
    #[test]
    fn domineering_agrees(board in any_grid("....#", 4, 4)) {
        agree(
            &format!("ug.Domineering(\"{board}\")"),
            &format!("Domineering(\"{board}\")"),
        )?;
    }

    /// The example Domineering class (regions replaced by a representative
    /// of their four images under `Symmetry.Flip`), on boards up to 4x5.
    #[test]
    fn domineering_example_agrees(board in any_grid("....#", 4, 5)) {
        agree(
            &format!("examples.Domineering(\"{board}\")"),
            &format!("Domineering(\"{board}\")"),
        )?;
    }

    /// Clobber boards up to 3x4 (the example class, whose regions are
    /// replaced by a representative of their eight images).
    #[test]
    fn clobber_agrees(board in any_grid(".xoxo", 3, 4)) {
        agree(
            &format!("examples.Clobber(\"{board}\")"),
            &format!("Clobber(\"{board}\")"),
        )?;
    }

    /// Toads and Frogs strips up to 11 cells.
    #[test]
    fn toads_and_frogs_agrees(row in strip("..tf", 11)) {
        agree(
            &format!("ug.ToadsAndFrogs(\"{row}\")"),
            &format!("ToadsAndFrogs(\"{row}\")"),
        )?;
    }

    /// Toppling Dominoes strips up to 9 cells (the example class).
    #[test]
    fn toppling_dominoes_agrees(row in strip(".lre", 9)) {
        agree(
            &format!("examples.TopplingDominoes(\"{row}\")"),
            &format!("TopplingDominoes(\"{row}\")"),
        )?;
    }

    /// Subtraction games: a set of 1 to 3 takes up to 6, heaps up to 40,
    /// single heaps and sums of two (canonical forms and nim values).
    #[test]
    fn subtraction_agrees(
        set in proptest::collection::btree_set(1u32..=6, 1..=3),
        a in 0u32..=40,
        b in 0u32..=40,
    ) {
        let set = format!(
            "[{}]",
            set.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",")
        );
        agree(
            &format!("ug.Subtraction({set})({a})"),
            &format!("Subtraction({set})({a})"),
        )?;
        agree(
            &format!("ug.Subtraction({set})({a}) + ug.Subtraction({set})({b})"),
            &format!("Subtraction({set})({a}) + Subtraction({set})({b})"),
        )?;
        let user = eval(&format!("ug.Subtraction({set})({a}).NimValue"));
        let native = eval(&format!("Subtraction({set})({a}).NimValue"));
        prop_assert_eq!(user, native);
    }
}

/// Every class file of the repository's `examples` folder is embedded in
/// the binary as it is, so `examples.Name` works from any folder.
#[test]
fn every_example_is_embedded() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files: Vec<String> = std::fs::read_dir(&folder)
        .expect("the examples folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".cgs"))
        .collect();
    files.sort();
    let embedded: Vec<String> = onag_lang::library::EXAMPLES
        .iter()
        .map(|(path, _)| path.trim_start_matches("examples/").to_string())
        .collect();
    assert_eq!(files, embedded);
    for (path, text) in onag_lang::library::EXAMPLES {
        let on_disk = std::fs::read_to_string(folder.join(path.trim_start_matches("examples/")))
            .expect("the example file");
        assert_eq!(&on_disk, text, "{path}");
    }
}
