//! Games on strips of cells (RULESETS 2).

pub mod toads;
pub mod toppling;
pub mod turning;
