//! Pictures of combinatorial games: thermographs drawn as SVG, and SVG
//! rasterised to PNG with resvg.
//!
//! The pictures follow the conventions of the literature (Winning Ways,
//! Siegel's *Combinatorial Game Theory*): temperature on the vertical axis,
//! growing upward from -1; value on the horizontal axis, reversed so that
//! Left's larger values are on the left; each wall from temperature -1 up to
//! the mast foot, then the vertical mast with an arrow. All labels are exact
//! dyadic fractions such as `5/2`; only positions on the page are floating
//! point.
//!
//! ```
//! use onag_core::game::Game;
//!
//! let g = Game::from_options(&[Game::integer(3)], &[Game::integer(-1)]);
//! let svg = onag_render::thermograph_svg("{3|-1}", &g.thermograph());
//! assert!(svg.starts_with("<?xml"));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod axis;
mod error;
mod font;
mod place;
mod plot;
mod raster;
mod svg;

use onag_core::game::Thermograph;

pub use error::RenderError;
pub use plot::Plot;
pub use raster::svg_to_png;

/// The SVG picture of a single thermograph, named `label` in the legend.
pub fn thermograph_svg(label: &str, thermograph: &Thermograph) -> String {
    Plot::new().add(label, thermograph).to_svg()
}
