//! Writing SVG text by hand.

use std::fmt::{self, Write as _};

use crate::place::Point;

/// An SVG document under construction.
#[derive(Debug, Default)]
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// Appends formatted text (writing to a `String` cannot fail).
    pub(crate) fn put(&mut self, args: fmt::Arguments<'_>) {
        let _ = self.out.write_fmt(args);
    }

    /// A straight line.
    pub(crate) fn line(&mut self, a: Point, b: Point, attrs: &str) {
        self.put(format_args!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {attrs}/>\n",
            Num(a.0),
            Num(a.1),
            Num(b.0),
            Num(b.1)
        ));
    }

    /// A polyline through `points` (nothing for fewer than two points).
    pub(crate) fn polyline(&mut self, points: &[Point], attrs: &str) {
        if points.len() < 2 {
            return;
        }
        self.out.push_str("<polyline points=\"");
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            self.put(format_args!("{sep}{},{}", Num(*x), Num(*y)));
        }
        self.put(format_args!("\" fill=\"none\" {attrs}/>\n"));
    }

    /// A text at `(x, y)` (the baseline), escaped.
    pub(crate) fn text(&mut self, x: f64, y: f64, text: &str, attrs: &str) {
        self.put(format_args!(
            "<text x=\"{}\" y=\"{}\" {attrs}>{}</text>\n",
            Num(x),
            Num(y),
            Escaped(text)
        ));
    }

    /// The document text.
    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// A coordinate with at most two decimals, without trailing zeros.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = if self.0.is_finite() {
            (self.0 * 100.0).round() / 100.0
        } else {
            0.0
        };
        // `+ 0.0` turns -0 into 0.
        let s = format!("{:.2}", x + 0.0);
        f.write_str(s.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// Text with the XML special characters escaped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                // Characters XML 1.0 does not allow at all.
                c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {
                    f.write_str("\u{FFFD}")?
                }
                '\u{FFFE}' | '\u{FFFF}' => f.write_str("\u{FFFD}")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(1.0).to_string(), "1");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(Num(2.5).to_string(), "2.5");
        assert_eq!(Num(1.23456).to_string(), "1.23");
        assert_eq!(Num(f64::NAN).to_string(), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            Escaped("a<b & 'c' \"d\">\u{1}").to_string(),
            "a&lt;b &amp; &apos;c&apos; &quot;d&quot;&gt;\u{FFFD}"
        );
    }
}
