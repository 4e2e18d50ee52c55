//! Loopy games: the reference corpus lines expressible through the core
//! API, the worked examples of LOOPY.md, and properties of the theory on
//! random loopy graphs.

#[path = "loopy/support.rs"]
mod support;

#[path = "loopy/corpus.rs"]
mod corpus;

#[path = "loopy/examples.rs"]
mod examples;

#[path = "loopy/props.rs"]
mod props;

#[path = "loopy/rulesets.rs"]
mod rulesets;

#[path = "loopy/explore.rs"]
mod explore;
