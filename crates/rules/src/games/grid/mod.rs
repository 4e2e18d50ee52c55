//! Games on rectangular boards (RULESETS 1).

pub mod amazons;
pub mod board_game;
pub mod clobber;
pub mod cram;
pub mod domineering;
pub mod fission;
pub mod fox_and_geese;
pub mod konane;
