//! Misère quotients (MISERE 11): the worked example of 0.75, the other
//! solver outputs of MISERE 11.3, and outcomes by the quotient against
//! brute force.

use onag_core::misere::quotient::MisereQuotient;
use onag_core::misere::{HeapGame, MisereOutcome};
use proptest::prelude::*;

fn quotient(code: &str, n: u32) -> MisereQuotient {
    MisereQuotient::compute(HeapGame::octal(code).expect("a code"), n).expect("certified")
}

/// As far as the solver certifies, up to `n`.
fn partial(code: &str, n: u32) -> (MisereQuotient, Option<String>) {
    let mut q = MisereQuotient::new(HeapGame::octal(code).expect("a code"));
    let err = q.extend_to(n).err().map(|e| e.to_string());
    (q, err)
}

#[test]
fn octal_075_worked_example() {
    let q = quotient("0.75", 30);
    assert_eq!(
        q.presentation(),
        "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"
    );
    assert_eq!((q.size(), q.p_size()), (8, 2));
    assert!(!q.is_tame());
    assert_eq!(q.generator_heaps(), &[1, 2, 5]);
    let phi = q.phi_words();
    assert_eq!(phi[..12].join(" "), "1 a b a b c b c b ab2 b ab2");
    for (n, w) in phi.iter().enumerate().skip(8) {
        assert_eq!(w, if n % 2 == 0 { "b" } else { "ab2" }, "Phi({n})");
    }
    assert_eq!(q.elements().join(" "), "1 a b ab b2 ab2 c ac");
    let table: Vec<String> = q
        .multiplication_table()
        .iter()
        .map(|row| row.join(" "))
        .collect();
    assert_eq!(
        table,
        [
            "1 a b ab b2 ab2 c ac",
            "a 1 ab b ab2 b2 ac c",
            "b ab b2 ab2 b ab ab b",
            "ab b ab2 b2 ab b b ab",
            "b2 ab2 b ab b2 ab2 ab2 b2",
            "ab2 b2 ab b ab2 b2 b2 ab2",
            "c ac ab b ab2 b2 b2 ab2",
            "ac c b ab b2 ab2 ab2 b2",
        ]
    );
    assert!(q
        .multiplication_table_text()
        .starts_with("     1    a    b    ab   b2"));
    assert_eq!(q.outcome(&[5, 7]), Ok(MisereOutcome::P));
    assert_eq!(q.word_of(&[5, 7]).as_deref(), Ok("b2"));
    assert_eq!(q.outcome(&[2, 3]), Ok(MisereOutcome::N));
    assert_eq!(q.outcome(&[2, 2]), Ok(MisereOutcome::P));
    assert_eq!(q.outcome(&[1, 1, 4, 9]), Ok(MisereOutcome::N));
    assert_eq!(q.word_of(&[1, 1, 4, 9]).as_deref(), Ok("ab"));
    assert!(q.outcome(&[31]).is_err(), "heap beyond the certified range");
    // Early stages: T1 after heap 1, T2 after heap 2.
    assert_eq!(quotient("0.75", 1).presentation(), "(Q,P) = T1");
    let t2 = quotient("0.75", 2);
    assert_eq!(t2.presentation(), "(Q,P) = T2");
    assert_eq!((t2.size(), t2.p_size()), (6, 2));
}

#[test]
fn octal_031_is_tame() {
    let q = quotient("0.31", 40);
    assert_eq!(q.presentation(), "(Q,P) = T2");
    assert_eq!(q.full_presentation(), "Q = <a,b | a2=1,b3=b>; P = {a,b2}");
    assert_eq!(q.phi_words()[..7].join(" "), "1 a b b2 ab2 b2 ab2");
}

#[test]
fn quotient_errors_never_answer_wrongly() {
    // Where the solver gives up it says so, and every heap it did certify
    // agrees with brute force on small sums.
    for code in ["0.123", "0.77", "0.07"] {
        let (q, _err) = partial(code, 12);
        let game = q.game().clone();
        let top = q.max_heap().min(9);
        for a in 0..=top {
            for b in a..=top {
                for c in b..=top {
                    assert_eq!(
                        q.outcome(&[a, b, c]).expect("certified heaps"),
                        game.brute_force_outcome(&[a, b, c]),
                        "{code}: {a}+{b}+{c}"
                    );
                }
            }
        }
    }
}

#[test]
fn nim_quotients_are_tame() {
    let q = MisereQuotient::compute(HeapGame::nim(), 3).expect("certified");
    assert_eq!(q.presentation(), "(Q,P) = T2");
    assert_eq!(q.size(), 6);
}

fn game_for(i: usize) -> HeapGame {
    match i {
        0 => HeapGame::octal("0.75").expect("a code"),
        1 => HeapGame::octal("0.31").expect("a code"),
        _ => HeapGame::nim(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The quotient's outcome of a random sum of small heaps equals the
    /// brute-force misère outcome (MISERE 11.1: o⁻(G) = P iff Φ(G) ∈ P).
    #[test]
    fn quotient_outcome_is_brute_force_outcome(
        which in 0usize..3,
        heaps in prop::collection::vec(1u32..9, 0..5),
    ) {
        thread_local! {
            static QS: Vec<MisereQuotient> = (0..3)
                .map(|i| MisereQuotient::compute(game_for(i), if i == 2 { 8 } else { 12 }).expect("certified"))
                .collect();
        }
        let (got, game) = QS.with(|qs| (qs[which].outcome(&heaps), qs[which].game().clone()));
        prop_assert_eq!(got.expect("certified"), game.brute_force_outcome(&heaps));
    }
}
