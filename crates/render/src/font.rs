//! The fonts pictures are drawn with, embedded so that a PNG shows its
//! text on a system without fonts, and text measured with them for the
//! layout.
//!
//! They are subsets of DejaVu Sans and DejaVu Sans Bold (Latin, punctuation,
//! arrows and the minus sign; `fonts/LICENSE` gives their licence).

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// DejaVu Sans (subset).
pub(crate) const REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold (subset).
pub(crate) const BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The family name of the embedded fonts.
pub(crate) const FAMILY: &str = "DejaVu Sans";

/// The advance width of `text` at `size` pixels in the embedded regular
/// font (or the bold one), without kerning: the width the text takes on
/// the page. A character the font lacks counts as 0.6 em.
pub(crate) fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let Ok(font) = FontRef::new(if bold { BOLD } else { REGULAR }) else {
        return 0.6 * size * text.chars().count() as f64;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size as f32), LocationRef::default());
    text.chars()
        .map(|c| {
            charmap
                .map(c)
                .and_then(|g| metrics.advance_width(g))
                .map_or(0.6 * size, f64::from)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font() {
        // DejaVu Sans digits are 1303/2048 em wide.
        let digit = text_width("0", 2048.0, false);
        assert!((digit - 1303.0).abs() < 1e-6, "{digit}");
        assert!(text_width("(9/4, 3/4)", 11.0, false) > text_width("(1, 0)", 11.0, false));
        assert!(text_width("Left", 13.0, true) > text_width("Left", 13.0, false));
        assert_eq!(text_width("", 13.0, false), 0.0);
        // A character outside the subset still takes room.
        assert!(text_width("\u{4e00}", 10.0, false) > 0.0);
    }
}
