//! The error of rasterising a picture.

use std::fmt;

/// Why a picture could not be turned into a PNG.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RenderError {
    /// The SVG document could not be read (only possible for SVG text that
    /// did not come from this crate).
    Svg(String),
    /// The scale factor is not a finite positive number.
    Scale(f32),
    /// The raster image would be empty or too large to allocate.
    Size {
        /// Width in pixels.
        width: f64,
        /// Height in pixels.
        height: f64,
    },
    /// Encoding the pixels as PNG failed.
    Png(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Svg(e) => write!(f, "cannot read the SVG picture: {e}"),
            RenderError::Scale(s) => {
                write!(
                    f,
                    "cannot rasterise at scale {s}: the scale must be finite and positive"
                )
            }
            RenderError::Size { width, height } => write!(
                f,
                "cannot rasterise a picture of {width:.0} x {height:.0} pixels: \
                 each side must be between 1 and {} pixels",
                crate::raster::MAX_SIDE
            ),
            RenderError::Png(e) => write!(f, "cannot encode the picture as PNG: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}
