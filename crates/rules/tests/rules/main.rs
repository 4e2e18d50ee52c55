//! The tests of the rulesets, one module per area, in one test binary
//! (each test file of its own would be a separate link).

mod boards;

mod amazons;
mod arc_kayles;
mod bitgrid;
mod cake;
mod cheques;
mod clobber;
mod col;
mod coordinate;
mod cram;
mod domineering;
mod fission;
mod graph;
mod hackenbush;
mod heap;
mod konane;
mod layers;
mod operations;
mod partizan_heap;
mod periodicity;
mod seeds_coordinate;
mod spawning;
mod take_and_break;
mod toads;
mod toppling;
mod turning;
mod variant;
