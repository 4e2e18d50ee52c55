//! Rasterising SVG to PNG with resvg.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::RenderError;

/// The largest width or height of a raster image, in pixels.
pub(crate) const MAX_SIDE: u32 = 16_384;

/// The embedded fonts, loaded once per process.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(crate::font::REGULAR.to_vec());
        db.load_font_data(crate::font::BOLD.to_vec());
        db.set_sans_serif_family(crate::font::FAMILY);
        Arc::new(db)
    }))
}

/// Rasterises an SVG document to PNG bytes, `scale` pixels per SVG unit.
///
/// Text is drawn with the fonts embedded in this crate (DejaVu Sans and its
/// bold face), whatever fonts the system has.
///
/// # Errors
///
/// [`RenderError::Svg`] if the document cannot be parsed,
/// [`RenderError::Scale`] for a scale that is not finite and positive,
/// [`RenderError::Size`] if the image would be empty or wider or taller than
/// 16384 pixels, and [`RenderError::Png`] if encoding fails.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError::Scale(scale));
    }
    let mut options = usvg::Options {
        font_family: crate::font::FAMILY.to_owned(),
        ..usvg::Options::default()
    };
    options.fontdb = fonts();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let width = f64::from(size.width()) * f64::from(scale);
    let height = f64::from(size.height()) * f64::from(scale);
    let side = |x: f64| {
        let px = x.ceil();
        (px >= 1.0 && px <= f64::from(MAX_SIDE)).then_some(px as u32)
    };
    let (Some(w), Some(h)) = (side(width), side(height)) else {
        return Err(RenderError::Size { width, height });
    };
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size { width, height })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
