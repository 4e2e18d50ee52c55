//! Konane (NOTATION 6): hand-computed values, multiple jumps, printing,
//! errors, and properties of the shortcuts and of the colour exchange.

use crate::boards::{board_strings, swap_colours};
use onag_core::game::Game;
use onag_rules::framework::Symmetries;
use onag_rules::games::grid::konane::Konane;
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;

fn value(s: &str) -> Game {
    Evaluator::new().value(&Konane::parse(s).expect("valid board"))
}

#[test]
fn hand_examples() {
    // Left jumps x over o into the empty cell; Right has no move: {0|} = 1.
    assert_eq!(value("xo."), Game::integer(1));
    assert_eq!(value(".ox"), Game::integer(1));
    assert_eq!(value(".xo"), Game::integer(-1));
    assert_eq!(value("x|o|."), Game::integer(1));
    assert_eq!(value("xo#"), Game::ZERO);
    assert_eq!(value("x.o"), Game::ZERO);
    assert_eq!(value(""), Game::ZERO);
    // "..xo": Left's jump would leave the board; Right jumps to ".o..":
    // {|0} = -1. So in "xo.o" Left's one move (to "..xo") is worth -1 and
    // Right has none: {-1|} = 0.
    assert_eq!(value("..xo"), Game::integer(-1));
    assert_eq!(value("xo.o"), Game::ZERO);
    // "xo.o.": Left may stop after one jump ("..xo.", which is {0|0} = *)
    // or jump twice ("....x" = 0); Right has no move: {0,*|} = 1.
    assert_eq!(value("..xo."), Game::nimber(1));
    assert_eq!(value("xo.o."), Game::integer(1));
}

/// `Konane("xoxo...xo...")`, `xo` repeated to 125 cells then three empty
/// cells, one 128-cell row: the vertical steps are whole-layer shifts by
/// 128, which move every stone off the layer (they once overflowed).
#[test]
fn a_row_of_128_cells_jumps_only_along_it() {
    let row = format!("{}...", "xo".repeat(64).get(..125).unwrap_or(""));
    let k = Konane::parse(&row).expect("valid board");
    assert!(k.options(Player::Left).is_empty());
    // o at 123 jumps x at 124 into 125, and stops there.
    assert_eq!(k.options(Player::Right).len(), 1);
}

#[test]
fn multiple_jumps_are_separate_options() {
    let p = Konane::parse("xo.o.").expect("valid");
    let mut left: Vec<String> = p
        .options(Player::Left)
        .iter()
        .map(|o| o.board_string())
        .collect();
    left.sort();
    assert_eq!(left, ["....x", "..xo."]);
    assert!(p.options(Player::Right).is_empty());
    // A jump needs an enemy stone and an empty landing cell each time.
    let p = Konane::parse("xo.x.").expect("valid");
    let left: Vec<String> = p
        .options(Player::Left)
        .iter()
        .map(|o| o.board_string())
        .collect();
    assert_eq!(left, ["..xx."]);
}

#[test]
fn through_the_registry() {
    let Make::Ruleset(make) = registry::find("Konane").expect("registered").make else {
        panic!("Konane has no parameters");
    };
    let r = make();
    let p = r
        .position(&Args::new(vec![Arg::Str("XO.".into())]))
        .expect("valid");
    assert_eq!(p.display(), "Konane(\"xo.\")");
    assert_eq!(p.canonical_form().expect("value"), Game::integer(1));
    assert!(r.position(&Args::new(vec![Arg::Str("xt".into())])).is_err());
    assert!(r
        .position(&Args::new(vec![Arg::Str("x|..".into())]))
        .is_err());
}

fn board() -> impl Strategy<Value = String> {
    board_strings(4, 4, vec!['.', '.', 'x', 'o', 'x', 'o', '#'])
}

fn larger_board() -> impl Strategy<Value = String> {
    board_strings(4, 5, vec!['.', 'x', 'o', 'x', 'o', 'x', 'o', '#'])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Decomposition and symmetry change nothing.
    #[test]
    fn shortcuts_preserve_values(s in board()) {
        let p = Konane::parse(&s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::plain().value(&p));
    }

    /// Valuing the options of every component in parallel, each distinct
    /// normal form once, changes nothing (colour exchanges negate).
    #[test]
    fn the_parallel_search_preserves_values(s in board()) {
        let p = Konane::parse(&s).expect("valid");
        let parallel = Evaluator::new().depth_first().parallel_from(2);
        prop_assert_eq!(parallel.value(&p), Evaluator::plain().value(&p));
    }

    /// The search by levels and the depth-first search (both with
    /// decomposition and symmetry) agree on boards of up to 4x5.
    #[test]
    fn levels_agree_with_the_depth_first_search(s in larger_board()) {
        let p = Konane::parse(&s).expect("valid");
        prop_assert_eq!(Evaluator::new().value(&p), Evaluator::new().depth_first().value(&p));
    }

    /// A board the evaluator takes as its own only component, without
    /// decomposing it, is one.
    #[test]
    fn undivided_boards_are_their_only_component(s in board()) {
        let p = Konane::parse(&s).expect("valid");
        if p.undivided() {
            prop_assert_eq!(p.decompose(), vec![p]);
        }
    }

    /// The one list of both players' options holds Left's options, then
    /// Right's, as listed one side at a time.
    #[test]
    fn both_options_are_each_sides_in_turn(s in board()) {
        let p = Konane::parse(&s).expect("valid");
        let both = p.both_options();
        let (left, right) = both.sides();
        prop_assert_eq!(left.to_vec(), p.options(Player::Left));
        prop_assert_eq!(right.to_vec(), p.options(Player::Right));
    }

    /// Exchanging the colours negates the value.
    #[test]
    fn colour_swap_negates(s in board()) {
        let v = Evaluator::plain().value(&Konane::parse(&s).expect("valid"));
        let w = Evaluator::plain().value(&Konane::parse(&swap_colours(&s)).expect("valid"));
        prop_assert_eq!(v, -w);
    }
}

/// Boards whose roots have symmetries, where the search by levels keeps
/// the images of normal forms in its index beside them: it agrees with the
/// depth-first search. The first board's symmetry keeps the colours; the
/// others' exchange them, so that images are negated, and their values
/// change when the index forgets a negation (of 400 random Konane and
/// Fission boards with such a symmetry, seven did, all Konane; these are
/// four of them).
#[test]
fn levels_agree_on_symmetric_boards() {
    for board in [
        "xoxox|oxoxo|xo.ox|oxoxo",
        "o.ox|o.xo|x.ox|x.xo",
        ".ox|.ox|.xo|.xo",
        "x..xo|xoxo.|oxox.|o..ox",
        ".xo.o|oxo.o|xox.x|.ox.x",
    ] {
        let p = Konane::parse(board).expect("valid board");
        assert_ne!(p.symmetries(), Symmetries::IDENTITY, "{board}");
        assert_eq!(
            Evaluator::new().value(&p),
            Evaluator::new().depth_first().value(&p),
            "{board}"
        );
    }
}

/// The options of `player` on board `s` found cell by cell: each of the
/// mover's stones in row-major order, each direction (up, right, down,
/// left), each number of jumps in a line.
fn naive_options(s: &str, player: Player) -> Vec<String> {
    let mut cells: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
    let (me, them) = match player {
        Player::Left => ('x', 'o'),
        Player::Right => ('o', 'x'),
    };
    let (rows, cols) = (cells.len() as i64, cells[0].len() as i64);
    let at = |c: &Vec<Vec<char>>, r: i64, k: i64| -> Option<char> {
        ((0..rows).contains(&r) && (0..cols).contains(&k)).then(|| c[r as usize][k as usize])
    };
    let mut out = vec![];
    for r in 0..rows {
        for k in 0..cols {
            if cells[r as usize][k as usize] != me {
                continue;
            }
            for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
                let saved = cells.clone();
                let (mut cr, mut ck) = (r, k);
                while at(&cells, cr + dr, ck + dc) == Some(them)
                    && at(&cells, cr + 2 * dr, ck + 2 * dc) == Some('.')
                {
                    cells[cr as usize][ck as usize] = '.';
                    cells[(cr + dr) as usize][(ck + dc) as usize] = '.';
                    cr += 2 * dr;
                    ck += 2 * dc;
                    cells[cr as usize][ck as usize] = me;
                    let rows: Vec<String> = cells.iter().map(|row| row.iter().collect()).collect();
                    out.push(rows.join("|"));
                }
                cells = saved;
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The whole-layer move generator finds the options a cell-by-cell
    /// walk finds, in the same order.
    #[test]
    fn options_match_a_cell_by_cell_walk(s in board_strings(5, 6, vec!['.', 'x', 'o', 'x', 'o', '#'])) {
        let p = Konane::parse(&s).expect("valid");
        for player in [Player::Left, Player::Right] {
            let got: Vec<String> = p.options(player).iter().map(|o| o.board_string()).collect();
            prop_assert_eq!(got, naive_options(&s, player));
        }
    }

    /// The same on boards past 64 cells, whose jump loop reads layers in
    /// `u128` rather than `u64`.
    #[test]
    fn options_match_a_cell_by_cell_walk_past_64_cells(
        s in board_strings(11, 11, vec!['.', 'x', 'o', 'x', 'o', '#'])
            .prop_filter("more than 64 cells", |s| s.len() - s.matches('|').count() > 64)
    ) {
        let p = Konane::parse(&s).expect("valid");
        for player in [Player::Left, Player::Right] {
            let got: Vec<String> = p.options(player).iter().map(|o| o.board_string()).collect();
            prop_assert_eq!(got, naive_options(&s, player));
        }
    }
}

/// A search keeps the boards of the root's shape by their least images
/// under the root's symmetries only: as they stand from a board that no
/// symmetry maps to itself or to its negative. The asymmetric board is the
/// standard 4x6 opening with one stone taken; its least image is another
/// board, so only the kept-as-it-stands rule puts the board itself in the
/// table. From the symmetric ones, a board and its images under the
/// root's symmetries are one entry, its least image among them.
#[test]
fn searches_keep_the_boards_of_the_roots_shape_by_the_roots_symmetries() {
    use onag_rules::framework::table::Table;
    for (board, symmetric) in [
        ("xoxoxo|oxoxox|xox.xo|oxoxox", false),
        ("xoxox|oxoxo|xo.ox|oxoxo", true),
        ("xoxoxo|oxoxox|xo..xo|oxoxox", true),
    ] {
        let p = Konane::parse(board).expect("valid board");
        let group = p.symmetries();
        assert_eq!(group != Symmetries::IDENTITY, symmetric, "{board}");
        let eval = Evaluator::new();
        eval.value(&p);
        let key = |q: &Konane| q.packed().expect("a packed key");
        let stored = |q: &Konane| eval.table().get_packed(&key(q)).is_some();
        // The root is its own least image under its symmetries.
        assert!(stored(&p), "{board}");
        let (least, _) = p.normalize();
        if !symmetric {
            assert_ne!(least, p, "{board}");
            assert!(!stored(&least), "{board}");
        }
        for player in [Player::Left, Player::Right] {
            for q in p.options(player) {
                let rep = q.normalize_from(&p, group).map_or(q, |(rep, _)| rep);
                assert!(stored(&rep), "{board}: {}", q.board_string());
                if rep != q {
                    assert!(!stored(&q), "{board}: {}", q.board_string());
                }
            }
        }
    }
}
