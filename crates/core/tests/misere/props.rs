//! Properties of misère canonical forms on random positions: outcome from
//! the canonical form equals brute force; genus of sums of tame games;
//! canonical form idempotent; G + G⁻ is a P-position; sums commute and
//! associate.

use onag_core::misere::{HeapGame, Misere, MisereOutcome};
use proptest::prelude::*;

fn games() -> [HeapGame; 4] {
    [
        HeapGame::nim(),
        HeapGame::octal("0.77").expect("Kayles"),
        HeapGame::octal("0.07").expect("Dawson's Kayles"),
        HeapGame::octal("0.75").expect("0.75"),
    ]
}

thread_local! {
    static GAMES: [HeapGame; 4] = games();
}

fn heaps() -> impl Strategy<Value = (usize, Vec<u32>)> {
    (0usize..4, prop::collection::vec(0u32..10, 0..4))
}

/// A small random canonical game built from options and sums.
fn small_game() -> impl Strategy<Value = Misere> {
    let leaf = (0u32..4).prop_map(Misere::nim);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Misere::from_options),
            (inner.clone(), inner).prop_map(|(a, b)| a + b),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The misère outcome of a sum of heaps read from its canonical form
    /// equals the outcome by exhaustive search (MISERE 1).
    #[test]
    fn outcome_of_form_is_brute_force((which, hs) in heaps()) {
        let (form, brute) = GAMES.with(|g| {
            let game = &g[which];
            (game.misere_form_of(&hs), game.brute_force_outcome(&hs))
        });
        prop_assert_eq!(form.outcome(), brute);
    }

    /// Rebuilding a canonical form from its own options gives it back.
    #[test]
    fn canonical_form_is_idempotent(g in small_game()) {
        prop_assert_eq!(Misere::from_options(g.options().iter().copied()), g);
    }

    /// G + G⁻ is a misère P-position (MISERE 1).
    #[test]
    fn game_plus_mate_is_p(g in small_game()) {
        prop_assert_eq!((g + g.mate()).outcome(), MisereOutcome::P);
    }

    /// Sums commute and associate, 0 is neutral and `*` + `*` = 0.
    #[test]
    fn sums_form_a_monoid(a in small_game(), b in small_game(), c in small_game()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!(a + Misere::ZERO, a);
        prop_assert_eq!(a + Misere::STAR + Misere::STAR, a);
    }

    /// G + *m is a P-position iff m = g⁻(G) (MISERE 1), for small m.
    #[test]
    fn misere_nim_value_is_the_p_heap(g in small_game()) {
        for m in 0..6 {
            let p = (g + Misere::nim(m)).outcome() == MisereOutcome::P;
            prop_assert_eq!(p, m == g.misere_nim_value(), "m = {}", m);
        }
    }

    /// Genus of a sum of tame games (MISERE 1, 5; ONAG ch. 12): sums of
    /// tame games are tame with g⁺ = g⁺(G) ⊕ g⁺(H), and g⁻ = g⁺ ⊕ 1 when
    /// both summands have genus 0¹ or 1⁰ (they play like sums of heaps of
    /// size ≤ 1), else g⁻ = g⁺.
    #[test]
    fn genus_of_tame_sums(a in 0u32..6, b in 0u32..6, c in 0u32..6, d in 0u32..6) {
        let (g, h) = (Misere::nim(a) + Misere::nim(c), Misere::nim(b) + Misere::nim(d));
        prop_assert!(g.is_generally_tame() && h.is_generally_tame());
        let s = g + h;
        let plus = g.nim_value() ^ h.nim_value();
        let small = |x: Misere| {
            x.nim_value() < 2 && x.misere_nim_value() < 2 && x.nim_value() != x.misere_nim_value()
        };
        let minus = if small(g) && small(h) { plus ^ 1 } else { plus };
        prop_assert!(s.is_generally_tame());
        prop_assert_eq!(s.genus().base, plus);
        prop_assert_eq!(s.genus().digit(0), minus);
        prop_assert_eq!(s.misere_nim_value(), minus);
    }
}
