pub use resvg;
