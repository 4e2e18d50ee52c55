//! Spawning codes (RULESETS 4.5): syntax, options per element with every
//! CGSuite quirk, and the named codes' values.

use crate::Kinds;
use onag_rules::framework::HeapRules;
use onag_rules::games::heap::spawning;
use onag_rules::games::heap::spawning::SpawnCode;

fn opts(code: &str, n: u64) -> Vec<Vec<u64>> {
    SpawnCode::parse(code)
        .expect("valid")
        .heap_options(n)
        .expect("options")
}

fn seq(code: &str, n: u64) -> Vec<u64> {
    spawning(code).expect("valid").sequence(n).expect("values")
}

#[test]
fn first_coin_quirks() {
    // 1-3FC has no options at heap 2, although {1,2} obeys F.
    assert!(opts("1-3FC", 2).is_empty());
    assert_eq!(opts("1-3FC", 1), [Vec::<u64>::new()]);
    // 3+FS has no options at heap 4.
    assert!(opts("3+FS", 4).is_empty());
    // Sympler: nothing at even heaps.
    for n in (2..=20).step_by(2) {
        assert!(opts("1+FS", n).is_empty(), "heap {n}");
    }
    assert_eq!(opts("1+FS", 3), [vec![], vec![1], vec![1, 2]]);
    assert_eq!(
        opts("1+FS", 5),
        [vec![], vec![1], vec![1, 3], vec![1, 2, 4], vec![1, 2, 3, 4]]
    );
    assert_eq!(
        opts("1-3F", 5),
        [vec![], vec![1], vec![1, 2], vec![1, 3], vec![1, 4]]
    );
    // F with one coin and no spacing needs the window to reach coin 1.
    assert_eq!(opts("1F", 5), [Vec::<u64>::new()]);
    assert!(opts("1C(3)F", 5).is_empty());
    assert!(opts("1C(3)F", 3).len() == 1);
}

#[test]
fn spacings() {
    // Turnips (3E) at 20: one option per common difference 1..9.
    let t = opts("3E", 20);
    assert_eq!(t.len(), 9);
    assert!(t.contains(&vec![18, 19]) && t.contains(&vec![2, 11]));
    // Ruler: consecutive runs ending at n.
    assert_eq!(opts("1+C", 4), [vec![], vec![3], vec![2, 3], vec![1, 2, 3]]);
    // Windows: C(5) keeps every coin within 5 of n.
    assert!(opts("1-3C(5)", 20)
        .iter()
        .all(|o| o.iter().all(|&x| x >= 16)));
    assert_eq!(opts("1-3C(5)", 20).len(), 11);
    assert_eq!(opts("3C(5)", 20).len(), 6);
    assert_eq!(opts("1-5C", 20).len(), 5);
    // Symmetric sets: x_i + x_(t-1-i) = min + n.
    for o in opts("1+S", 9) {
        let mut x = o.clone();
        x.push(9);
        let t = x.len();
        for i in 0..t {
            assert_eq!(x[i] + x[t - 1 - i], x[0] + 9, "{x:?}");
        }
    }
    // Counts of Mock Turtles and Moidores at 20 (CGSuite).
    assert_eq!(opts("1-3", 20).len(), 191);
    assert_eq!(opts("1-9", 20).len(), 169766);
    // The last of C, E, S wins; elements add up in code order.
    assert_eq!(opts("2EC", 3), [vec![2]]);
    assert_eq!(opts("1,2C", 3), [vec![], vec![2]]);
    assert_eq!(opts("1-2", 3), opts("1,2", 3));
    assert_eq!(opts("1-2", 3), opts("1-2".to_lowercase().as_str(), 3));
}

#[test]
fn errors() {
    for code in [
        "", " 1", "1 ", "2-", "1,,2", "1X", "a", "1-3C(", "1-3C(2", "1-3C()", "-1",
    ] {
        let e = SpawnCode::parse(code).expect_err(code);
        assert_eq!(e.to_string(), format!("Malformed code: {code}"));
    }
    // E with a one-coin move divides by zero at every heap >= 1.
    let e = SpawnCode::parse("1-3E").unwrap();
    assert!(e.heap_options(0).unwrap().is_empty());
    assert!(e
        .heap_options(3)
        .unwrap_err()
        .into_message()
        .contains("by zero"));
    assert!(SpawnCode::parse("3E").unwrap().heap_options(3).is_ok());
    // Every element discarded by its window.
    assert!(SpawnCode::parse("3C(2)").is_err());
    assert!(SpawnCode::parse("3C(2),1").is_ok());
    // Lower bound 0 is rejected.
    assert!(SpawnCode::parse("0-2").is_err());
}

#[test]
fn named_code_values() {
    // Mock Turtles: the odious numbers.
    assert_eq!(seq("1-3", 9), [1, 2, 4, 7, 8, 11, 13, 14, 16]);
    // Turning Turtles is Nim.
    assert_eq!(seq("1-2", 10), (1..=10).collect::<Vec<_>>());
    // Ruler: the largest power of 2 dividing n.
    assert_eq!(
        seq("1+C", 20),
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4]
    );
    assert_eq!(seq("1-3C(5)", 10), [1, 2, 4, 7, 8, 1, 2, 4, 7, 8]);
    assert_eq!(seq("3C(5)", 10), [0, 0, 1, 2, 4, 0, 0, 1, 2, 4]);
    assert_eq!(seq("1-5C", 8), [1, 2, 1, 4, 1, 2, 1, 4]);
    assert_eq!(
        seq("1+S", 20),
        [1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28]
    );
    // Twins (2): heap n has options [k] for k < n, so Nim shifted: g(n) = n - 1.
    assert_eq!(seq("2", 6), [0, 1, 2, 3, 4, 5]);
    // Sympler: no moves at even heaps.
    let s = seq("1+FS", 10);
    for n in (2..=10).step_by(2) {
        assert_eq!(s[n - 1], 0);
    }
}

#[test]
fn fast_values_equal_plain_mex() {
    use onag_rules::games::heap::ruleset;
    use std::rc::Rc;
    for code in [
        "1-3",
        "1-9",
        "1+",
        "2",
        "3",
        "1+C",
        "1-3C(5)",
        "3C(5)",
        "1-5C",
        "3E",
        "4FS",
        "1+S",
        "1+FS",
        "1-3F",
        "2-4F",
        "1-3FC",
        "3+FS",
        "1,3C",
        "2C(4),1-2",
        "1-4C(6)F",
        "2+F",
    ] {
        let n = if code.starts_with("1+") && !code.contains('C') {
            14
        } else {
            22
        };
        let fast = spawning(code).unwrap().sequence(n).unwrap();
        let plain = ruleset("P".into(), Rc::new(SpawnCode::parse(code).unwrap()), None)
            .heap()
            .nim_value_sequence(n)
            .unwrap();
        assert_eq!(fast, plain, "{code}");
    }
}

#[test]
fn moidores_without_option_lists() {
    // Heap 24 has 1.3 million option lists; the values come from the
    // subset-XOR table instead (they grow like powers of 2).
    let v = seq("1-9", 24);
    assert_eq!(
        &v[..14],
        [1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096]
    );
    assert_eq!(v[23], 131072);
}
