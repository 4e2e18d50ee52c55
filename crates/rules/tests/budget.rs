//! Evaluator tables under a memory budget (`memory::cache_budget`): past
//! it they forget entries (the cheapest to find first), and values never
//! change. A binary of its own, since the budget is process-wide.

use onag_core::memory;
use onag_rules::games::grid::domineering::Domineering;
use onag_rules::games::grid::konane::Konane;
use onag_rules::Evaluator;

#[test]
fn values_do_not_change_when_tables_forget() {
    let boards: Vec<Domineering> = [(4, 4), (3, 5), (2, 7)]
        .iter()
        .map(|&(r, c)| Domineering::empty(r, c).expect("a board"))
        .collect();
    let konane = Konane::parse("xoxox|oxoxo|xo.ox").expect("a board");
    // Without a budget first: every component stays in the table.
    let free = Evaluator::new();
    let expected: Vec<_> = boards.iter().map(|b| free.value(b)).collect();
    // Konane has a level: its depth-first search is the one with a table
    // to forget.
    let free_k = Evaluator::new().depth_first();
    let expected_k = free_k.value(&konane);
    let (all, all_k) = (free.table_size(), free_k.table_size());
    drop((free, free_k));

    // A budget of 32 KB for the process: the caches get 12 KB of it,
    // less than either table needs.
    memory::set_limit(Some(32 << 10));
    let tight = Evaluator::new();
    for (b, v) in boards.iter().zip(&expected) {
        assert_eq!(tight.value(b), *v);
    }
    let tight_k = Evaluator::new().depth_first();
    assert_eq!(tight_k.value(&konane), expected_k);
    // The search by levels gives up past its share of the budget, and
    // the depth-first search values the board.
    assert_eq!(Evaluator::new().value(&konane), expected_k);
    assert!(
        tight.table_size() < all,
        "the Domineering table forgot nothing: {} of {all}",
        tight.table_size()
    );
    assert!(
        tight_k.table_size() < all_k,
        "the Konane table forgot nothing: {} of {all_k}",
        tight_k.table_size()
    );
    memory::set_limit(None);
}
