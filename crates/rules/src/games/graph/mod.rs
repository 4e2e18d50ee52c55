//! Games on graphs (RULESETS 3).

pub mod arc_kayles;
pub mod col;
pub mod hackenbush;
