//! The field: construction, arithmetic, order, printing and classes
//! (SURREAL 1-6 and 8; reference-next/surreal.txt).

use super::support::*;

#[test]
fn generalized_ordinals_print_as_cgsuite() {
    // SURREAL 5.1.
    shows(&add(&w(), &n(5)), "ω+5");
    shows(&sub(&n(5), &w()), "-ω+5");
    shows(&mul(&w(), &n(5)), "ω×5");
    let e = add(&mul(&w(), &n(3)), &wp(&add(&pow(&w(), &n(2)), &w())));
    let e = sub(&e, &mul(&mul(&pow(&w(), &n(19)), &n(9)), &w()));
    shows(&e, "ω^(ω^2+ω)-ω^20×9+ω×3");
    let e = add(
        &sub(&wp(&w()), &mul(&n(5), &pow(&w(), &n(19)))),
        &add(&pow(&w(), &n(2)), &n(1)),
    );
    shows(&e, "ω^ω-ω^19×5+ω^2+1");
    let base = add(&wp(&pow(&w(), &n(2))), &n(1));
    shows(
        &pow(&base, &n(6)),
        "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
    );
}

#[test]
fn quotients_print_as_cgsuite() {
    // SURREAL 5.2 and 8.
    shows(&div(&n(1), &w()), "1/ω");
    shows(&div(&w(), &n(2)), "ω/2");
    shows(&div(&add(&w(), &n(7)), &mul(&w(), &n(7))), "(ω+7)/ω×7");
    shows(
        &div(&add(&mul(&n(2), &w()), &n(2)), &mul(&n(4), &w())),
        "(ω+1)/ω×2",
    );
    shows(&div(&sub(&n(1), &w()), &pow(&w(), &n(2))), "(-ω+1)/ω^2");
    shows(&div(&n(1), &sub(&n(1), &w())), "-1/(ω-1)");
    shows(&wp(&sub(&w(), &n(1))), "ω^ω/ω");
    shows(
        &add(&wp(&w()), &div(&n(1), &add(&w(), &n(1)))),
        "(ω^(ω+1)+ω^ω+1)/(ω+1)",
    );
    let num = add(&sub(&sub(&wp(&add(&w(), &n(1))), &wp(&w())), &w()), &n(1));
    shows(&div(&num, &sub(&w(), &n(1))), "ω^ω-1");
    let num = sub(&wp(&add(&w(), &n(2))), &wp(&w()));
    shows(&div(&num, &sub(&w(), &n(1))), "ω^(ω+1)+ω^ω");
    shows(
        &div(&sub(&pow(&w(), &n(2)), &n(1)), &sub(&wp(&w()), &n(1))),
        "(ω^2-1)/(ω^ω-1)",
    );
    shows(&mul(&div(&n(3), &add(&w(), &n(1))), &w()), "ω×3/(ω+1)");
    shows(&div(&n(-1), &w()), "-1/ω");
    shows(&sub(&add(&w(), &n(5)), &w()), "5");
    shows(&div(&w(), &w()), "1");
    shows(&add(&q(1, 2), &w()), "(ω×2+1)/2");
    shows(&mul(&w(), &q(1, 3)), "ω/3");
    shows(&pow(&w(), &n(-1)), "1/ω");
    shows(&pow(&w(), &n(-2)), "1/ω^2");
}
