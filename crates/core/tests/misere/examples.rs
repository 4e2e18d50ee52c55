//! Worked examples of MISERE.md: printing (4), the reference table of
//! methods (6), the heap-game vectors (10) and DayN (9).

use super::support::{list, mg};
use onag_core::misere::day::{day_n, DEFAULT_DAY_LIMIT};
use onag_core::misere::{HeapGame, Misere};

#[test]
fn printing_examples_of_misere_4() {
    let cases = [
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[[2]]", "*[2#]"),
        ("*[[[2]]]", "*[2##]"),
        ("*[[*[2]+*[[2]]]]", "*[2[#2#]]"),
        ("*[[*[4]+*[2]]]", "*[4[2#]]"),
        ("*[[[2]],[[2],1]]", "*[(2#1)2##]"),
        ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"),
        (
            "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
            "*[((2#0)2[#1]2#)(2#1)[1]]",
        ),
        ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"),
        ("*[10]+*[2]", "*[&10;[2]]"),
        ("*[3]", "*[3]"),
        ("*[[3]]", "*[3#]"),
        ("*[4,2]", "*[42]"),
        ("*[[2],0]", "*[2#0]"),
        ("*[]", "*[0]"),
        ("*[0]", "*[0]"),
        ("*[2,2]", "*[2#]"),
        ("*[[1]]", "*[0]"),
        ("*[[0]]", "*[1]"),
        ("*[12]", "*[&12;]"),
    ];
    for (spec, printed) in cases {
        assert_eq!(mg(spec).to_string(), printed, "{spec}");
    }
    // 2# − 2.
    let g = mg("*[[2]]").minus(mg("*[2]")).expect("a part");
    assert_eq!(g.to_string(), "*[2[#-2]]");
}

/// The misère form of a Cram position given by its set of empty cells
/// (a bitmask over a `rows` x `cols` board, row-major).
fn cram(empty: u32, cols: u32, memo: &mut std::collections::HashMap<u32, Misere>) -> Misere {
    if let Some(&g) = memo.get(&empty) {
        return g;
    }
    let mut opts = Vec::new();
    for c in 0..32 {
        if empty & (1 << c) == 0 {
            continue;
        }
        for d in [1, cols] {
            let e = c + d;
            let same_row = d == cols || (c % cols) + 1 < cols;
            if e < 32 && same_row && empty & (1 << e) != 0 {
                opts.push(cram(empty & !(1 << c) & !(1 << e), cols, memo));
            }
        }
    }
    let g = Misere::from_options(opts);
    memo.insert(empty, g);
    g
}

#[test]
fn cram_example_of_misere_4() {
    // `.........|##.######`: a row of 9 empty cells over a row whose only
    // empty cell is the third.
    let empty = 0b1_1111_1111 | (1 << (9 + 2));
    let g = cram(empty, 9, &mut std::collections::HashMap::new());
    assert_eq!(g.to_string(), "*[2[2]321]");
}

/// Columns of the table of MISERE 6, in its order.
fn row(g: Misere) -> String {
    let t = |b: bool| if b { "T" } else { "F" };
    let flags = [
        g.is_even(),
        g.is_extraverted(),
        g.is_half_tame(),
        g.is_generally_restive(),
        g.is_generally_tame(),
        g.is_introverted(),
        g.is_nim_heap(),
        g.is_prime(),
        g.is_restive(),
        g.is_restless(),
        g.is_tame(),
        g.is_tameable(),
    ];
    let flags: Vec<&str> = flags.iter().map(|&b| t(b)).collect();
    format!(
        "{} {} {} {} {} {}",
        g.birthday(),
        g.genus(),
        flags.join(" "),
        g.mate(),
        g.misere_nim_value(),
        g.nim_value()
    )
}

#[test]
fn reference_table_of_misere_6() {
    let rows = [
        ("*[0]", "0 0 T T F F T T T F F F T T *[1] 1 0"),
        ("*[1]", "1 1 F T F F T T T F F F T T *[0] 0 1"),
        ("*[2]", "2 2 T T F F T F T T F F T T *[2] 2 2"),
        ("*[[2]]", "3 0^0 T T F F T F F F F F T T *[2#] 0 0"),
        ("*[[[2]]]", "4 1^1 T T F F T F F F F F T T *[2##] 1 1"),
        ("*[2]+*[2]", "4 0^0 T T F F T F F F F F T T *[2[2]] 0 0"),
        (
            "*[[*[2]+*[[2]]]]",
            "6 0^0 T T F F T F F F F F T T *[2[#2#]] 0 0",
        ),
        ("*[[2],0]", "4 1^2 T F T T F F F T T F F F *[2#1] 2 1"),
        ("*[[2],1]", "4 2^1420 T F F F F F F T F T F F *[2#0] 1 2"),
        (
            "*[[*[4]+*[2]]]",
            "7 0^0 T F F F T F F F F F T T *[4[2#]] 0 0",
        ),
        (
            "*[[[2]],[[2],1]]",
            "5 0^0 T F F F T F F T F F F T *[(2#0)2##] 0 0",
        ),
        (
            "*[[[2]],[[[2],0],0,1]]",
            "6 0^0 T F F F T F F T F F F T *[((2#1)10)2##] 0 0",
        ),
        (
            "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
            "6 0^120 T F F F F F F T F F F T *[((2#1)2[#1]2#)(2#0)[1]] 1 0",
        ),
        (
            "*[[[2],2,0],[[2],3],1]",
            "5 0^2 T F T T F F F T F F F F *[(2#21)2[#1]0] 2 0",
        ),
    ];
    for (spec, expected) in rows {
        assert_eq!(row(mg(spec)), expected, "{spec}");
    }
    let parts = |s: &str| list(&mg(s).parts());
    let partitions = |s: &str| {
        let ps: Vec<String> = mg(s).partitions().iter().map(|p| list(p)).collect();
        format!("[{}]", ps.join(","))
    };
    assert_eq!(partitions("*[[[2]]]"), "[[*[2],*[2[#-2]],*[2[##-2]0]]]");
    assert_eq!(
        parts("*[[[2]]]"),
        "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]"
    );
    assert_eq!(partitions("*[2]+*[2]"), "[[*[2],*[2]]]");
    assert_eq!(parts("*[2]+*[2]"), "[*[2]]");
    assert_eq!(partitions("*[1]"), "[[*[1]]]");
    assert_eq!(partitions("*[2]"), "[[*[2]]]");
    assert_eq!(partitions("*[0]"), "[[]]");
    // (2#1)+* ends with *[1].
    assert_eq!(partitions("*[[2],1]+*[1]"), "[[*[2#1],*[1]]]");
}

#[test]
fn is_extraverted_agrees_with_its_definition() {
    for spec in ["*[[2]]", "*[[2],1]", "*[[[2]]]", "*[2]+*[2]"] {
        let g = mg(spec);
        let sharp = Misere::from_options([g]);
        assert_eq!(g.is_extraverted(), sharp.try_minus(g).is_some(), "{spec}");
        // Minus really inverts addition.
        for p in g.parts() {
            let rest = g.minus(p).expect("a part");
            assert_eq!(rest + p, g, "{spec} = {p} + {rest}");
        }
    }
}

fn vector<T: ToString>(game: &HeapGame, f: impl Fn(Misere) -> T, n: u32) -> String {
    let v: Vec<String> = (0..=n)
        .map(|k| f(game.misere_form(k)).to_string())
        .collect();
    format!("[{}]", v.join(","))
}

#[test]
fn heap_game_vectors_of_misere_10() {
    let mnv = |g: Misere| g.misere_nim_value();
    let genus = |g: Misere| g.genus().to_string();
    let nim = HeapGame::nim();
    assert_eq!(
        vector(&nim, mnv, 20),
        "[1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]"
    );
    assert_eq!(
        vector(&nim, genus, 20),
        "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]"
    );
    let kayles = HeapGame::octal("0.77").expect("a code");
    assert_eq!(
        vector(&kayles, mnv, 20),
        "[1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0]"
    );
    assert_eq!(
        vector(&kayles, genus, 20),
        "[0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031]"
    );
    let grundy = HeapGame::grundy();
    assert_eq!(
        vector(&grundy, mnv, 20),
        "[1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]"
    );
    assert_eq!(
        vector(&grundy, genus, 20),
        "[0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]"
    );
    let dawson = HeapGame::octal("0.07").expect("a code");
    assert_eq!(
        vector(&dawson, mnv, 20),
        "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]"
    );
    assert_eq!(
        vector(&dawson, genus, 20),
        "[0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]"
    );
    let sub = HeapGame::subtraction(&[2, 3, 7]);
    assert_eq!(vector(&sub, mnv, 9), "[1,1,0,0,2,1,1,0,0,2]");
    assert_eq!(vector(&sub, genus, 9), "[0,0,1,1,2,0,0,1,1,2]");
    let hex = HeapGame::octal("0.3F").expect("a code");
    assert_eq!(
        vector(&hex, genus, 20),
        "[0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,\
         6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)]"
    );
}

#[test]
fn grundys_game_22() {
    assert_eq!(
        HeapGame::grundy().misere_form(22).to_string(),
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
}

#[test]
fn day_n_counts_and_caps() {
    let show = |v: Vec<Misere>| {
        let s: Vec<String> = v.iter().map(|g| g.to_string()).collect();
        s.join(" ")
    };
    let d = |n, g, o| day_n(n, g, o).expect("small");
    assert_eq!(d(0, DEFAULT_DAY_LIMIT, DEFAULT_DAY_LIMIT).len(), 1);
    assert_eq!(d(1, DEFAULT_DAY_LIMIT, DEFAULT_DAY_LIMIT).len(), 1);
    assert_eq!(d(2, DEFAULT_DAY_LIMIT, DEFAULT_DAY_LIMIT).len(), 2);
    assert_eq!(
        show(d(3, DEFAULT_DAY_LIMIT, DEFAULT_DAY_LIMIT)),
        "*[0] *[2] *[2#]"
    );
    assert_eq!(
        show(d(4, DEFAULT_DAY_LIMIT, DEFAULT_DAY_LIMIT)),
        "*[0] *[2] *[2#] *[3#] *[2##] *[2[2]] *[2#2] *[2#0] *[2#1] *[2#32] *[2#30] *[2#20] \
         *[2#31] *[2#21] *[2#320] *[2#210] *[2#321] *[4] *[2#3210]"
    );
    assert_eq!(
        show(d(4, DEFAULT_DAY_LIMIT, 2)),
        "*[0] *[2] *[2#] *[2##] *[2#2] *[2#0] *[2#1]"
    );
    assert_eq!(
        show(d(4, 5, DEFAULT_DAY_LIMIT)),
        "*[0] *[2] *[2#] *[3#] *[2##]"
    );
}

#[test]
fn link_and_distinguisher_do_not_depend_on_history() {
    // The same questions in two orders give the same answers (memo tables
    // are keyed by ordered pairs).
    let a = mg("*[[[2]]]");
    let b = mg("*[2]+*[2]");
    let c = mg("*[[2]]");
    let first = (
        b.distinguisher(c).expect("distinct"),
        c.distinguisher(b).expect("distinct"),
        a.link(b).expect("linked"),
    );
    let second = (
        b.distinguisher(c).expect("distinct"),
        c.distinguisher(b).expect("distinct"),
        a.link(b).expect("linked"),
    );
    assert_eq!(first, second);
    assert_eq!(first.1.to_string(), "*[(2#1)21]");
    assert_eq!(first.2.to_string(), "*[((2#1)21)32]");
    // And they do what they claim.
    let (d, e, l) = first;
    assert_eq!((b + d).outcome(), onag_core::misere::MisereOutcome::P);
    assert_eq!((c + d).outcome(), onag_core::misere::MisereOutcome::N);
    assert_eq!((c + e).outcome(), onag_core::misere::MisereOutcome::P);
    assert_eq!((a + l).outcome(), onag_core::misere::MisereOutcome::P);
    assert_eq!((b + l).outcome(), onag_core::misere::MisereOutcome::P);
}
