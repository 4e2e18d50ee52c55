//! The placement of point labels without overlaps.

/// A point on the page, in pixels (x, y), y growing downward.
pub(crate) type Point = (f64, f64);

/// A rectangle on the page (y grows downward).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) w: f64,
    pub(crate) h: f64,
}

impl Rect {
    fn right(&self) -> f64 {
        self.x + self.w
    }

    fn bottom(&self) -> f64 {
        self.y + self.h
    }

    fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x && o.y >= self.y && o.right() <= self.right() && o.bottom() <= self.bottom()
    }

    /// Whether the segment from `a` to `b` passes through the rectangle
    /// (Liang-Barsky clipping).
    fn hits_segment(&self, a: Point, b: Point) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, a.0 - self.x),
            (dx, self.right() - a.0),
            (-dy, a.1 - self.y),
            (dy, self.bottom() - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        t0 <= t1
    }
}

/// Where a label goes relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// Preferably left of the point (labels of the Left wall).
    Left,
    /// Preferably right of the point.
    Right,
    /// Preferably above and to the right (the mast foot).
    AboveRight,
}

/// How far a label stands off its point, in pixels.
const OFFSET: f64 = 5.0;

/// Greedy placement of labels: each label takes the first free position
/// among sixteen around its point.
#[derive(Debug)]
pub(crate) struct Placer {
    bounds: Rect,
    taken: Vec<Rect>,
    lines: Vec<(Point, Point)>,
}

impl Placer {
    /// Labels must lie inside `bounds`.
    pub(crate) fn new(bounds: Rect) -> Placer {
        Placer {
            bounds,
            taken: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// A line labels should not cross.
    pub(crate) fn add_line(&mut self, a: Point, b: Point) {
        self.lines.push((a, b));
    }

    /// An area labels must not cover.
    pub(crate) fn add_obstacle(&mut self, r: Rect) {
        self.taken.push(r);
    }

    /// Finds room for a `w` x `h` label of the point `p`. A position that
    /// crosses no line is preferred; with `may_cross`, the position crossing
    /// the fewest lines is taken if there is no other. Returns the rectangle,
    /// which becomes taken, or `None` if there is no room.
    pub(crate) fn place(
        &mut self,
        p: Point,
        w: f64,
        h: f64,
        side: Side,
        may_cross: bool,
    ) -> Option<Rect> {
        let (x, y) = p;
        let east = x + OFFSET;
        let west = x - OFFSET - w;
        let centre = x - w / 2.0;
        let middle = y - h / 2.0;
        // Two rings: close to the point, then a little further up or down.
        let mut order = Vec::with_capacity(16);
        for gap in [0.6 * OFFSET, 3.2 * OFFSET] {
            let (up, down) = (y - gap - h, y + gap);
            let right = [(east, middle), (east, up), (east, down)];
            let left = [(west, middle), (west, up), (west, down)];
            let vertical = [(centre, up - 1.0), (centre, down + 1.0)];
            match side {
                Side::Left => order.extend(left.into_iter().chain(vertical).chain(right)),
                Side::Right => order.extend(right.into_iter().chain(vertical).chain(left)),
                Side::AboveRight => order.extend(
                    [(east, up), (west, up), (east, middle), (west, middle)]
                        .into_iter()
                        .chain(vertical)
                        .chain([(east, down), (west, down)]),
                ),
            }
        }
        let mut best: Option<(usize, Rect)> = None;
        for (rx, ry) in order {
            let r = Rect { x: rx, y: ry, w, h };
            if !self.bounds.contains(&r) || self.taken.iter().any(|t| t.intersects(&r)) {
                continue;
            }
            // Shrink a little, so that a line just touching the text box
            // does not count.
            let inner = Rect {
                x: r.x + 1.0,
                y: r.y + 1.0,
                w: r.w - 2.0,
                h: r.h - 2.0,
            };
            let crossings = self
                .lines
                .iter()
                .filter(|(a, b)| inner.hits_segment(*a, *b))
                .count();
            if crossings == 0 {
                best = Some((0, r));
                break;
            }
            if may_cross && best.is_none_or(|(c, _)| crossings < c) {
                best = Some((crossings, r));
            }
        }
        let (_, r) = best?;
        self.taken.push(r);
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    #[test]
    fn segments_and_rectangles() {
        let r = rect(0.0, 0.0, 10.0, 10.0);
        assert!(r.hits_segment((-5.0, 5.0), (15.0, 5.0)));
        assert!(r.hits_segment((-5.0, -5.0), (15.0, 15.0)));
        assert!(!r.hits_segment((-5.0, 11.0), (15.0, 11.0)));
        assert!(!r.hits_segment((11.0, -5.0), (11.0, 15.0)));
        assert!(r.hits_segment((2.0, 2.0), (3.0, 3.0)));
        assert!(!r.hits_segment((12.0, 0.0), (20.0, -8.0)));
    }

    #[test]
    fn labels_avoid_each_other_and_lines() {
        let mut placer = Placer::new(rect(0.0, 0.0, 200.0, 200.0));
        placer.add_line((100.0, 0.0), (100.0, 200.0));
        let a = placer.place((100.0, 100.0), 40.0, 12.0, Side::Right, false);
        let b = placer.place((100.0, 100.0), 40.0, 12.0, Side::Right, false);
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(!a.intersects(&b));
        for r in [a, b] {
            assert!(r.x > 100.0 || r.right() < 100.0, "{r:?} crosses the line");
        }
        // No room at all inside tiny bounds.
        let mut tiny = Placer::new(rect(0.0, 0.0, 10.0, 10.0));
        assert_eq!(tiny.place((5.0, 5.0), 40.0, 12.0, Side::Left, true), None);
    }
}
