//! Surreal numbers, generalized ordinals, transfinite nimbers and sign
//! expansions: the test vectors of SURREAL.md (sections 2-9), the value
//! lines of reference-next/surreal.txt transcribed into core calls, the
//! seeds' surreal examples, and property tests of the theorems relied on.

#[path = "surreal/support.rs"]
mod support;

#[path = "surreal/values.rs"]
mod values;

#[path = "surreal/nimbers.rs"]
mod nimbers;

#[path = "surreal/expansions.rs"]
mod expansions;

#[path = "surreal/properties.rs"]
mod properties;
