//! Misère impartial games: the reference corpus lines expressible through
//! the core API, the worked examples of MISERE.md, the heap-game vectors,
//! misère quotients, and properties of the theory.

#[path = "misere/support.rs"]
mod support;

#[path = "misere/corpus.rs"]
mod corpus;

#[path = "misere/examples.rs"]
mod examples;

#[path = "misere/props.rs"]
mod props;

#[path = "misere/quotients.rs"]
mod quotients;
