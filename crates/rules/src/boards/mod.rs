//! The boards games are played on, above the framework: rectangular grids
//! and strips of cells (with their string syntax and the `Grid`/`Strip`
//! helper classes), graphs (grammar, printing, `Graph.*`), bitboards of
//! up to 128 cells with their symmetries, regions and cropping, canonical
//! numberings of small graphs, the one table of directions, and the
//! word-sized paths of bitboards of at most 64 cells.

pub mod bitboard;
pub mod canon;
pub mod directions;
pub mod graph;
pub mod grid;
pub mod strip;
pub mod word;
