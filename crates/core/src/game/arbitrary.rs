//! Random games for the core's property tests.

use super::Game;
use proptest::prelude::*;

/// Small nus values: integers, nimbers and ups.
pub(crate) fn leaf() -> BoxedStrategy<Game> {
    prop_oneof![
        (-3i64..=3).prop_map(Game::integer),
        (0u64..3).prop_map(Game::nimber),
        (-2i64..=2).prop_map(Game::ups),
    ]
    .boxed()
}

/// Forms `{L | R}` of up to two options a side drawn from `options`.
pub(crate) fn form_of(options: BoxedStrategy<Game>) -> BoxedStrategy<Game> {
    (
        prop::collection::vec(options.clone(), 0..3),
        prop::collection::vec(options, 0..3),
    )
        .prop_map(|(l, r)| Game::from_options(&l, &r))
        .boxed()
}

/// Games of birthday up to 3, many of them with equal stops.
pub(crate) fn game() -> BoxedStrategy<Game> {
    form_of(leaf())
}
