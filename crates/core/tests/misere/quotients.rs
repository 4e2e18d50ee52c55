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
    // Final from heap 22 on, so heap 31 is read off the period.
    assert_eq!(q.word_of(&[31]).as_deref(), Ok("ab2"));
    assert!(
        quotient("0.75", 20).outcome(&[21]).is_err(),
        "heap beyond the certified range"
    );
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
fn octal_0123_recalibrates() {
    // Heap 6 is b2 until heap 9 arrives and then becomes d2 (MISERE 11.3).
    let q = quotient("0.123", 60);
    assert_eq!(
        q.presentation(),
        "Q = <a,b,c,d | a2=1,b4=b2,b2c=b3,c2=1,b2d=d,cd=bd,d3=ad2>; P = {a,b2,ac,bd,d2}"
    );
    assert_eq!((q.size(), q.p_size()), (20, 5));
    assert_eq!(q.generator_heaps(), &[1, 3, 8, 9]);
    assert_eq!(
        q.phi_words()[..15].join(" "),
        "1 a 1 b b a d2 1 c d a d2 1 c d"
    );
    assert!(q.is_final());
    assert_eq!(q.period(), Some((5, 5)));
    let before = quotient("0.123", 8);
    assert_eq!(before.phi_words()[6], "b2");
}

#[test]
fn kayles_quotient_and_its_period() {
    let q = quotient("0.77", 170);
    assert_eq!(
        q.presentation(),
        "Q = <a,b,c,d,e,f,g | a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d,be=bc,ce=b2,e2=de,bf=ab,\
         cf=ab2c,d2f=f,f2=b2,b2g=g,c2g=g,dg=cg,eg=cg,fg=ag,g2=b2>; P = {a,b2,ac,ac2,d,ad2,e,ade,adf}"
    );
    assert_eq!((q.size(), q.p_size()), (40, 9));
    assert_eq!(q.generator_heaps(), &[1, 2, 5, 9, 12, 25, 27]);
    // Period 12 from heap 71, certified once heap 2·71 + 2·12 + 2 = 168
    // is in.
    assert_eq!(q.period(), Some((71, 12)));
    assert!(!quotient("0.77", 167).is_final());
    // Beyond the computed heaps, by the period.
    let far = q.word_of(&[1_000_000]).expect("final");
    let near = q.word_of(&[71 + (1_000_000 - 71) % 12]).expect("certified");
    assert_eq!(far, near);
}

#[test]
fn octal_075_is_final_with_period_2() {
    let q = quotient("0.75", 22);
    assert_eq!(q.period(), Some((8, 2)));
    assert!(q.is_final());
    assert!(!quotient("0.75", 21).is_final());
    assert_eq!(q.outcome(&[5, 7]), Ok(MisereOutcome::P));
    assert_eq!(q.word_of(&[10_001]).as_deref(), Ok("ab2"));
    assert_eq!(q.word_of(&[10_000]).as_deref(), Ok("b"));
    // A game that is not a take-and-break code is never declared final.
    let nim = MisereQuotient::compute(HeapGame::nim(), 3).expect("certified");
    assert!(!nim.is_final() && nim.period().is_none());
}

#[test]
fn dawsons_kayles_grows() {
    // 0.07: heaps 10 and 14 need an element of the older quotient split.
    let (q, _) = partial("0.07", 24);
    assert!(q.max_heap() >= 24);
    assert_eq!(q.generator_heaps(), &[2, 4, 10, 14]);
    assert_eq!((q.size(), q.p_size()), (24, 5));
    assert_eq!(
        q.presentation(),
        "Q = <a,b,c,d | a2=1,b4=b2,b2c=ab3,c2=1,d2=1>; P = {a,b2,ac,ad,acd}"
    );
}

#[test]
fn nim_quotients_are_tame() {
    let q = MisereQuotient::compute(HeapGame::nim(), 3).expect("certified");
    assert_eq!(q.presentation(), "(Q,P) = T2");
    assert_eq!(q.size(), 6);
}

const CODES: [&str; 6] = ["0.75", "0.31", "0.123", "0.77", "0.07", "Nim"];

fn game_for(i: usize) -> HeapGame {
    match CODES[i] {
        "Nim" => HeapGame::nim(),
        code => HeapGame::octal(code).expect("a code"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6000))]

    /// The quotient's outcome of a random sum of small heaps equals the
    /// brute-force misère outcome (MISERE 11.1: o⁻(G) = P iff Φ(G) ∈ P).
    #[test]
    fn quotient_outcome_is_brute_force_outcome(
        which in 0usize..6,
        heaps in prop::collection::vec(1u32..13, 0..5),
    ) {
        thread_local! {
            static QS: Vec<MisereQuotient> = (0..6)
                .map(|i| MisereQuotient::compute(game_for(i), if i == 5 { 8 } else { 12 }).expect("certified"))
                .collect();
        }
        let heaps: Vec<u32> = if which == 5 { heaps.iter().map(|h| h % 9).collect() } else { heaps };
        let (got, game) = QS.with(|qs| (qs[which].outcome(&heaps), qs[which].game().clone()));
        prop_assert_eq!(got.expect("certified"), game.brute_force_outcome(&heaps));
    }
}
