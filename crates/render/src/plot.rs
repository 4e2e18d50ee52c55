//! The thermograph picture: layout and drawing.

use std::collections::HashSet;

use onag_core::game::{Thermograph, Trajectory};
use onag_core::number::Dyadic;

use crate::axis::{self, approx, exact, relative, Tick};
use crate::font::text_width;
use crate::place::{Placer, Point, Rect, Side};
use crate::svg::{Escaped, Num, Svg};
use crate::RenderError;

/// The fonts asked for, in order.
const FONT_FAMILY: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
/// Font sizes in pixels.
const TITLE_FONT: f64 = 16.0;
const AXIS_FONT: f64 = 13.0;
const TICK_FONT: f64 = 12.0;
const MARK_FONT: f64 = 11.0;
const LEGEND_FONT: f64 = 13.0;
/// The height of a legend entry, in pixels.
const LEGEND_ROW: f64 = LEGEND_FONT + 8.0;
/// The largest plot area, in pixels.
const MAX_PLOT_WIDTH: f64 = 600.0;
const MAX_PLOT_HEIGHT: f64 = 460.0;
/// Bounds on width / height of the plot area. A narrower value range is
/// widened. A wider one gets a longer mast, by at most `MAX_STRETCH` times
/// the temperature range; if it is then still wider than
/// `MAX_EQUAL_ASPECT`, the value axis gets its own scale with aspect
/// `MAX_ASPECT`.
const MIN_ASPECT: f64 = 0.8;
const MAX_ASPECT: f64 = 2.5;
const MAX_STRETCH: f64 = 1.5;
const MAX_EQUAL_ASPECT: f64 = 3.2;
/// Margin around everything, in pixels.
const MARGIN: f64 = 14.0;
/// Length of axis ticks, in pixels.
const TICK_LENGTH: f64 = 5.0;
/// The arrow at the top of a mast, in pixels.
const ARROW_LENGTH: f64 = 12.0;
const ARROW_HALF_WIDTH: f64 = 4.5;
/// Wall widths above and below temperature 0.
const WALL_WIDTH: f64 = 2.2;
const SUBZERO_WIDTH: f64 = 1.6;

/// The Okabe-Ito colour-blind-safe palette: a colour for lines and a
/// darker one of the same hue for text.
const PALETTE: [(&str, &str); 7] = [
    ("#0072B2", "#005A8C"),
    ("#D55E00", "#A94A00"),
    ("#009E73", "#00765A"),
    ("#CC79A7", "#A24F7E"),
    ("#E69F00", "#9A6A00"),
    ("#56B4E9", "#1F78AB"),
    ("#000000", "#000000"),
];

/// A picture of one or more thermographs overlaid on common axes.
///
/// Temperature grows upward and value grows to the *left*, as in Winning
/// Ways, so that Left's wall is on the left. Each thermograph is drawn in
/// its own colour: its walls from temperature -1 up to where they meet,
/// then the mast with an arrow to the top. Walls below temperature 0 are
/// drawn thinner and dashed over a shaded band. The mast foot, the
/// breakpoints of the walls and, for hot games, the stops (the walls at
/// temperature 0) are marked and labelled `(v, t)` with exact values where
/// there is room; the legend gives each label with its mean and
/// temperature. Colours repeat after seven thermographs. Thermographs whose
/// sizes differ more than four times are drawn side by side, each in a
/// panel of its own scale, instead of the small ones being squashed into a
/// corner of the large one. Labels are measured with the embedded font and
/// never overlap one another; only the mast foot's label may cross a line.
///
/// Slopes of 1 and -1 are drawn at 45 degrees (the same scale on both
/// axes), the temperature range reaching at least from -1 to 1. A picture
/// that would be much wider than tall first gets a longer mast; if it would
/// still be more than 3.2 times as wide as tall, the value axis gets its own
/// scale and the picture says so.
///
/// ```
/// use onag_core::game::Game;
/// use onag_render::Plot;
///
/// let g = Game::from_options(&[Game::integer(3)], &[Game::integer(-1)]);
/// let svg = Plot::new().title("A switch").add("{3|-1}", &g.thermograph()).to_svg();
/// assert!(svg.contains("mean 1, temperature 2"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Plot {
    title: Option<String>,
    series: Vec<Series>,
}

/// One thermograph of a plot.
#[derive(Clone, Debug)]
struct Series {
    label: String,
    thermograph: Thermograph,
}

impl Plot {
    /// An empty plot: no title, no thermographs.
    pub fn new() -> Plot {
        Plot::default()
    }

    /// Adds a thermograph drawn in the next colour, named `label` in the
    /// legend. The first added is drawn on top.
    #[must_use]
    pub fn add(mut self, label: impl Into<String>, thermograph: &Thermograph) -> Plot {
        self.series.push(Series {
            label: label.into(),
            thermograph: thermograph.clone(),
        });
        self
    }

    /// Sets the title written above the picture.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Plot {
        self.title = Some(title.into());
        self
    }

    /// The picture as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let shapes: Vec<Shape> = self
            .series
            .iter()
            .map(|s| Shape::new(&s.thermograph))
            .collect();
        if squashed(&shapes) {
            return panels(self, &shapes);
        }
        Layout::new(self, &shapes).draw(self, &shapes)
    }

    /// The picture as PNG bytes, at two pixels per SVG unit.
    ///
    /// # Errors
    ///
    /// As [`crate::svg_to_png`]; for a picture of this crate only
    /// [`RenderError::Size`] can happen, if a label thousands of characters
    /// long makes it too wide.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        self.to_png_scaled(2.0)
    }

    /// The picture as PNG bytes, at `scale` pixels per SVG unit.
    ///
    /// # Errors
    ///
    /// As [`crate::svg_to_png`], in particular [`RenderError::Scale`] for a
    /// scale that is not finite and positive.
    pub fn to_png_scaled(&self, scale: f32) -> Result<Vec<u8>, RenderError> {
        crate::svg_to_png(&self.to_svg(), scale)
    }
}

/// How important a marked point is: labels are placed in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// The mast foot (mean, temperature).
    Foot,
    /// A point at temperature 0 or above.
    Hot,
    /// A point below temperature 0.
    Subzero,
}

/// A point of a thermograph to mark, with exact coordinates.
#[derive(Clone, Debug)]
struct Mark {
    t: Dyadic,
    v: Dyadic,
    rank: Rank,
    side: Side,
}

/// The exact geometry of a thermograph as drawn.
#[derive(Clone, Debug)]
struct Shape {
    mean: Dyadic,
    temperature: Dyadic,
    /// The Left and Right walls as (t, v) points from t = -1 up to the mast
    /// foot.
    walls: [Vec<(Dyadic, Dyadic)>; 2],
    marks: Vec<Mark>,
}

impl Shape {
    /// The walls up to the mast foot, and the points to mark: the foot,
    /// the breakpoints between -1 and the foot, and the stops of a hot
    /// game.
    fn new(th: &Thermograph) -> Shape {
        let mean = th.mast().clone();
        let temperature = th.temperature().clone();
        let walls = [
            wall_below(&th.left, &temperature),
            wall_below(&th.right, &temperature),
        ];
        let mut marks = vec![Mark {
            t: temperature.clone(),
            v: mean.clone(),
            rank: Rank::Foot,
            side: Side::AboveRight,
        }];
        let zero = Dyadic::zero();
        let minus_one = -Dyadic::one();
        for (wall, side) in [(&th.left, Side::Left), (&th.right, Side::Right)] {
            for (t, v) in wall.points() {
                if *t < temperature && *t > minus_one {
                    let rank = if *t >= zero { Rank::Hot } else { Rank::Subzero };
                    marks.push(Mark {
                        t: t.clone(),
                        v: v.clone(),
                        rank,
                        side,
                    });
                }
            }
            // The stop: where a hot game's wall crosses temperature 0.
            if temperature > zero && !wall.points().iter().any(|(t, _)| t.is_zero()) {
                let v = value_at(wall, &zero);
                marks.push(Mark {
                    t: zero.clone(),
                    v,
                    rank: Rank::Hot,
                    side,
                });
            }
        }
        Shape {
            mean,
            temperature,
            walls,
            marks,
        }
    }
}

/// The value of a wall at `t` (a trajectory always has a point; the
/// fallback only guards against an empty one).
fn value_at(wall: &Trajectory, t: &Dyadic) -> Dyadic {
    if wall.points().is_empty() {
        Dyadic::zero()
    } else {
        wall.value_at(t)
    }
}

/// The points of `wall` at temperatures up to `top`, bottom up, ending with
/// the point at `top`.
fn wall_below(wall: &Trajectory, top: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut points: Vec<(Dyadic, Dyadic)> = wall
        .points()
        .iter()
        .rev()
        .filter(|(t, _)| t <= top)
        .cloned()
        .collect();
    if points.last().map(|(t, _)| t) != Some(top) {
        points.push((top.clone(), value_at(wall, top)));
    }
    points
}

/// The value and temperature ranges shown (values relative to the origin)
/// and the scales in pixels per unit.
#[derive(Clone, Copy, Debug)]
struct Ranges {
    v_lo: f64,
    v_hi: f64,
    t_lo: f64,
    t_hi: f64,
    sx: f64,
    st: f64,
    /// Whether both axes have the same scale (slopes 1 and -1 at 45
    /// degrees).
    equal: bool,
}

impl Ranges {
    /// Ranges showing values from `v_min` to `v_max` and temperatures from
    /// -1 to `t_max` with some room, with equal scales on both axes unless
    /// that would make the picture absurdly wide.
    fn new(v_min: f64, v_max: f64, t_max: f64) -> Ranges {
        let mut t_hi = t_max + (0.2 * (t_max + 1.0)).max(0.5);
        let t_lo = -1.0 - 0.06 * (t_hi + 1.0);
        let natural_t_span = t_hi - t_lo;
        let pad = (0.08 * (v_max - v_min)).max(0.05 * natural_t_span);
        let (mut v_lo, mut v_hi) = (v_min - pad, v_max + pad);
        if v_hi - v_lo < MIN_ASPECT * natural_t_span {
            let centre = (v_lo + v_hi) / 2.0;
            v_lo = centre - MIN_ASPECT * natural_t_span / 2.0;
            v_hi = centre + MIN_ASPECT * natural_t_span / 2.0;
        }
        let v_span = v_hi - v_lo;
        if v_span / natural_t_span > MAX_ASPECT {
            let wanted = v_span / MAX_ASPECT;
            t_hi = t_lo + wanted.min(MAX_STRETCH * natural_t_span);
        }
        let t_span = t_hi - t_lo;
        if v_span / t_span <= MAX_EQUAL_ASPECT {
            let s = (MAX_PLOT_WIDTH / v_span).min(MAX_PLOT_HEIGHT / t_span);
            return Ranges {
                v_lo,
                v_hi,
                t_lo,
                t_hi,
                sx: s,
                st: s,
                equal: true,
            };
        }
        // Too wide for equal scales: no stretched mast either.
        let t_hi = t_lo + natural_t_span;
        Ranges {
            v_lo,
            v_hi,
            t_lo,
            t_hi,
            sx: MAX_PLOT_WIDTH / v_span,
            st: MAX_PLOT_WIDTH / MAX_ASPECT / natural_t_span,
            equal: false,
        }
    }
}

/// Where everything goes on the page.
#[derive(Debug)]
struct Layout {
    /// The exact value at relative position 0 on the value axis.
    origin: Dyadic,
    /// The plot area in pixels.
    area: Rect,
    /// The value range (relative to `origin`) and temperature range shown.
    v_hi: f64,
    t_hi: f64,
    /// Pixels per unit of value and of temperature.
    sx: f64,
    st: f64,
    /// Whether both axes have the same scale.
    equal: bool,
    v_ticks: Vec<Tick>,
    t_ticks: Vec<Tick>,
    /// Baselines below the plot area: value tick labels, the value axis
    /// title, and the first legend entry's top.
    tick_label_y: f64,
    axis_title_y: f64,
    legend_y: f64,
    /// The size of the picture.
    width: f64,
    height: f64,
    /// The palette index of the first thermograph drawn (a panel of a
    /// larger picture keeps the colour of its thermograph there).
    first_colour: usize,
}

impl Layout {
    /// Ranges, scales, ticks and margins for the thermographs of `plot`.
    fn new(plot: &Plot, shapes: &[Shape]) -> Layout {
        let origin = shapes.first().map(|s| s.mean.clone()).unwrap_or_default();
        // The data: every wall point and mast, relative to the origin.
        let (mut v_min, mut v_max) = (0.0f64, 0.0f64);
        let mut t_max = 1.0f64;
        for shape in shapes {
            // The walls end at the mast foot.
            for (t, v) in shape.walls.iter().flatten() {
                let x = relative(v, &origin);
                v_min = v_min.min(x);
                v_max = v_max.max(x);
                t_max = t_max.max(approx(t));
            }
        }
        let Ranges {
            v_lo,
            v_hi,
            t_lo: t_bottom,
            t_hi: t_top,
            sx,
            st,
            equal,
        } = Ranges::new(v_min, v_max, t_max);
        let (v_span, t_span) = (v_hi - v_lo, t_top - t_bottom);
        let (plot_w, plot_h) = (v_span * sx, t_span * st);

        let v_ticks = axis::ticks(v_lo, v_hi, &origin, 12, |a, b| {
            ((text_width(a, TICK_FONT, false) + text_width(b, TICK_FONT, false)) / 2.0 + 12.0) / sx
        });
        let t_ticks = axis::ticks(t_bottom, t_top, &Dyadic::zero(), 10, |_, _| {
            1.6 * TICK_FONT / st
        });

        let t_label_width = t_ticks
            .iter()
            .map(|t| text_width(&t.label, TICK_FONT, false))
            .fold(0.0, f64::max);
        let left = MARGIN + AXIS_FONT + 10.0 + t_label_width + TICK_LENGTH + 4.0;
        let top = MARGIN
            + if plot.title.is_some() {
                TITLE_FONT + 12.0
            } else {
                4.0
            };
        let area = Rect {
            x: left,
            y: top,
            w: plot_w,
            h: plot_h,
        };

        let legend_width = plot
            .series
            .iter()
            .zip(shapes)
            .map(|(s, shape)| 34.0 + text_width(&legend_text(&s.label, shape), LEGEND_FONT, false))
            .fold(0.0, f64::max);
        let title_width = plot
            .title
            .as_deref()
            .map_or(0.0, |t| text_width(t, TITLE_FONT, true));
        // A tick label at the right end may stick out of the plot area.
        let ticks_right = v_ticks
            .iter()
            .map(|t| left + (v_hi - t.position) * sx + text_width(&t.label, TICK_FONT, false) / 2.0)
            .fold(0.0, f64::max);
        let width = (left + plot_w + MARGIN + 8.0)
            .max(ticks_right + MARGIN)
            .max(left + legend_width + MARGIN)
            .max(title_width + 2.0 * MARGIN);

        let tick_label_y = top + plot_h + TICK_LENGTH + TICK_FONT + 2.0;
        let axis_title_y = tick_label_y + AXIS_FONT + 8.0;
        let note = if equal { 0.0 } else { TICK_FONT + 6.0 };
        let legend_y = axis_title_y + 8.0 + note;
        let height = legend_y + plot.series.len() as f64 * LEGEND_ROW + MARGIN;
        Layout {
            origin,
            area,
            v_hi,
            t_hi: t_top,
            sx,
            st,
            equal,
            v_ticks,
            t_ticks,
            tick_label_y,
            axis_title_y,
            legend_y,
            width: width.ceil(),
            height: height.ceil(),
            first_colour: 0,
        }
    }

    /// The page x of the value `v` (larger values to the left).
    fn x(&self, v: &Dyadic) -> f64 {
        self.x_rel(relative(v, &self.origin))
    }

    /// The page x of a value given relative to the origin.
    fn x_rel(&self, v: f64) -> f64 {
        self.area.x + (self.v_hi - v) * self.sx
    }

    /// The page y of the temperature `t`.
    fn y(&self, t: f64) -> f64 {
        self.area.y + (self.t_hi - t) * self.st
    }

    /// The page position of the point at temperature `t` and value `v`.
    fn point(&self, t: &Dyadic, v: &Dyadic) -> Point {
        (self.x(v), self.y(approx(t)))
    }

    /// The page y of the bottom of the plot area.
    fn bottom(&self) -> f64 {
        self.area.y + self.area.h
    }

    /// The page x of the right edge of the plot area.
    fn right(&self) -> f64 {
        self.area.x + self.area.w
    }

    /// The SVG document.
    fn draw(&self, plot: &Plot, shapes: &[Shape]) -> String {
        let mut svg = Svg::default();
        document_start(&mut svg, self.width, self.height, plot);
        if let Some(title) = &plot.title {
            title_text(&mut svg, self.area.x + self.area.w / 2.0, title);
        }
        self.body(&mut svg, plot, shapes);
        svg.put(format_args!("</svg>\n"));
        svg.finish()
    }

    /// Everything inside the picture but its title.
    fn body(&self, svg: &mut Svg, plot: &Plot, shapes: &[Shape]) {
        self.background(svg);
        // The first thermograph is drawn last, on top.
        for (i, shape) in shapes.iter().enumerate().rev() {
            self.thermograph(
                svg,
                shape,
                PALETTE[(self.first_colour + i) % PALETTE.len()].0,
            );
        }
        self.labels(svg, shapes);
        self.axes(svg);
        self.legend(svg, plot, shapes);
    }

    /// The subzero band, the grid and the line t = 0.
    fn background(&self, svg: &mut Svg) {
        let a = self.area;
        let y0 = self.y(0.0).clamp(a.y, self.bottom());
        svg.put(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f1f1f1\"/>\n",
            Num(a.x),
            Num(y0),
            Num(a.w),
            Num(self.bottom() - y0)
        ));
        svg.put(format_args!(
            "<g stroke=\"#e2e2e2\" stroke-width=\"0.8\">\n"
        ));
        for tick in &self.v_ticks {
            let x = self.x_rel(tick.position);
            svg.line((x, a.y), (x, self.bottom()), "");
        }
        for tick in &self.t_ticks {
            let y = self.y(tick.position);
            svg.line((a.x, y), (self.right(), y), "");
        }
        svg.put(format_args!("</g>\n"));
        svg.line(
            (a.x, y0),
            (self.right(), y0),
            "stroke=\"#555555\" stroke-width=\"1\"",
        );
    }

    /// The walls, mast and arrow of one thermograph, and dots at its marks.
    fn thermograph(&self, svg: &mut Svg, shape: &Shape, colour: &str) {
        // Each wall and the mast, split at temperature 0.
        svg.put(format_args!(
            "<g stroke=\"{colour}\" fill=\"none\" stroke-linejoin=\"round\">\n"
        ));
        let mut lines: Vec<Vec<Point>> = shape.walls.iter().map(|w| self.polyline(w)).collect();
        // The mast, up to the arrow.
        let top = self.area.y;
        let mast_x = self.x(&shape.mean);
        let foot_y = self.y(approx(&shape.temperature));
        // Stop inside the arrow head, so that the line's end is hidden.
        lines.push(vec![(mast_x, foot_y), (mast_x, top + 0.7 * ARROW_LENGTH)]);
        let zero_y = self.y(0.0);
        for line in &lines {
            let (subzero, hot) = split_at(line, zero_y);
            svg.polyline(
                &subzero,
                &format!("stroke-width=\"{SUBZERO_WIDTH}\" stroke-dasharray=\"4 2.5\" stroke-linecap=\"butt\""),
            );
            svg.polyline(
                &hot,
                &format!("stroke-width=\"{WALL_WIDTH}\" stroke-linecap=\"round\""),
            );
        }
        svg.put(format_args!("</g>\n"));
        // The arrow at the top of the mast.
        svg.put(format_args!(
            "<path d=\"M {} {} L {} {} L {} {} Z\" fill=\"{colour}\"/>\n",
            Num(mast_x),
            Num(top),
            Num(mast_x - ARROW_HALF_WIDTH),
            Num(top + ARROW_LENGTH),
            Num(mast_x + ARROW_HALF_WIDTH),
            Num(top + ARROW_LENGTH)
        ));
        for mark in &shape.marks {
            let (x, y) = self.point(&mark.t, &mark.v);
            let r = if mark.rank == Rank::Foot { 3.5 } else { 2.6 };
            svg.put(format_args!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>\n",
                Num(x),
                Num(y)
            ));
        }
    }

    /// The page positions of exact (t, v) points.
    fn polyline(&self, points: &[(Dyadic, Dyadic)]) -> Vec<Point> {
        points.iter().map(|(t, v)| self.point(t, v)).collect()
    }

    /// The `(v, t)` labels of the marks, most important first, where there
    /// is room.
    fn labels(&self, svg: &mut Svg, shapes: &[Shape]) {
        let bounds = Rect {
            x: self.area.x + 2.0,
            y: self.area.y + 2.0,
            w: self.area.w - 4.0,
            h: self.area.h - 4.0,
        };
        let mut placer = Placer::new(bounds);
        let zero = self.y(0.0);
        placer.add_line((self.area.x, zero), (self.right(), zero));
        let top = self.area.y;
        for shape in shapes {
            for wall in &shape.walls {
                for pair in self.polyline(wall).windows(2) {
                    placer.add_line(pair[0], pair[1]);
                }
            }
            let x = self.x(&shape.mean);
            placer.add_line((x, self.y(approx(&shape.temperature))), (x, top));
            placer.add_obstacle(Rect {
                x: x - ARROW_HALF_WIDTH - 1.0,
                y: top,
                w: 2.0 * ARROW_HALF_WIDTH + 2.0,
                h: ARROW_LENGTH + 2.0,
            });
            for mark in &shape.marks {
                let (x, y) = self.point(&mark.t, &mark.v);
                placer.add_obstacle(Rect {
                    x: x - 3.0,
                    y: y - 3.0,
                    w: 6.0,
                    h: 6.0,
                });
            }
        }
        let mut marks: Vec<(usize, &Mark)> = shapes
            .iter()
            .enumerate()
            .flat_map(|(i, s)| s.marks.iter().map(move |m| (i, m)))
            .collect();
        // Stable: within a rank, thermographs in order.
        marks.sort_by_key(|(_, m)| m.rank);
        let mut seen: HashSet<(&Dyadic, &Dyadic)> = HashSet::new();
        let height = MARK_FONT * 1.15;
        svg.put(format_args!(
            "<g font-size=\"{MARK_FONT}\" stroke=\"#ffffff\" stroke-width=\"3\" \
             stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        ));
        for (i, mark) in marks {
            if !seen.insert((&mark.t, &mark.v)) {
                continue;
            }
            let text = format!("({}, {})", exact(&mark.v), exact(&mark.t));
            let width = text_width(&text, MARK_FONT, false);
            let p = self.point(&mark.t, &mark.v);
            // Only the mast foot's label may cross a line; other labels go
            // where they cross none, or are left out.
            let may_cross = mark.rank == Rank::Foot;
            if let Some(r) = placer.place(p, width, height, mark.side, may_cross) {
                let colour = PALETTE[(self.first_colour + i) % PALETTE.len()].1;
                svg.text(
                    r.x,
                    r.y + 0.86 * MARK_FONT,
                    &text,
                    &format!("fill=\"{colour}\""),
                );
            }
        }
        svg.put(format_args!("</g>\n"));
    }

    /// The frame, ticks with exact labels, and the axis titles.
    fn axes(&self, svg: &mut Svg) {
        let a = self.area;
        svg.put(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n",
            Num(a.x),
            Num(a.y),
            Num(a.w),
            Num(a.h)
        ));
        svg.put(format_args!("<g stroke=\"#333333\" stroke-width=\"1\">\n"));
        for tick in &self.v_ticks {
            let x = self.x_rel(tick.position);
            svg.line((x, self.bottom()), (x, self.bottom() + TICK_LENGTH), "");
        }
        for tick in &self.t_ticks {
            let y = self.y(tick.position);
            svg.line((a.x - TICK_LENGTH, y), (a.x, y), "");
        }
        svg.put(format_args!(
            "</g>\n<g font-size=\"{TICK_FONT}\" fill=\"#222222\">\n"
        ));
        let label_y = self.tick_label_y;
        for tick in &self.v_ticks {
            svg.text(
                self.x_rel(tick.position),
                label_y,
                &tick.label,
                "text-anchor=\"middle\"",
            );
        }
        for tick in &self.t_ticks {
            let y = self.y(tick.position) + 0.36 * TICK_FONT;
            svg.text(
                a.x - TICK_LENGTH - 3.0,
                y,
                &tick.label,
                "text-anchor=\"end\"",
            );
        }
        svg.put(format_args!(
            "</g>\n<g font-size=\"{AXIS_FONT}\" fill=\"#000000\">\n"
        ));
        let title_y = self.axis_title_y;
        svg.text(a.x, title_y, "\u{2190} Left", "font-weight=\"bold\"");
        svg.text(a.x + a.w / 2.0, title_y, "value", "text-anchor=\"middle\"");
        svg.text(
            self.right(),
            title_y,
            "Right \u{2192}",
            "font-weight=\"bold\" text-anchor=\"end\"",
        );
        let (tx, ty) = (MARGIN + AXIS_FONT, a.y + a.h / 2.0);
        svg.text(
            tx,
            ty,
            "temperature",
            &format!(
                "text-anchor=\"middle\" transform=\"rotate(-90 {} {})\"",
                Num(tx),
                Num(ty)
            ),
        );
        svg.put(format_args!("</g>\n"));
        if !self.equal {
            svg.text(
                self.right(),
                title_y + TICK_FONT + 6.0,
                "value and temperature are drawn to different scales",
                &format!("font-size=\"{TICK_FONT}\" font-style=\"italic\" fill=\"#555555\" text-anchor=\"end\""),
            );
        }
    }

    /// One entry per thermograph: a line in its colour, its label, mean and
    /// temperature.
    fn legend(&self, svg: &mut Svg, plot: &Plot, shapes: &[Shape]) {
        let mut y = self.legend_y;
        svg.put(format_args!(
            "<g font-size=\"{LEGEND_FONT}\" fill=\"#000000\">\n"
        ));
        for (i, (series, shape)) in plot.series.iter().zip(shapes).enumerate() {
            let colour = PALETTE[(self.first_colour + i) % PALETTE.len()].0;
            let mid = y + LEGEND_FONT / 2.0 + 2.0;
            svg.line(
                (self.area.x, mid),
                (self.area.x + 26.0, mid),
                &format!(
                    "stroke=\"{colour}\" stroke-width=\"{WALL_WIDTH}\" stroke-linecap=\"round\""
                ),
            );
            svg.text(
                self.area.x + 34.0,
                mid + 0.36 * LEGEND_FONT,
                &legend_text(&series.label, shape),
                "",
            );
            y += LEGEND_ROW;
        }
        svg.put(format_args!("</g>\n"));
    }
}

/// The document element, title, description (each thermograph in CGSuite
/// notation) and white background of a picture of `width` x `height`.
fn document_start(svg: &mut Svg, width: f64, height: f64, plot: &Plot) {
    let (w, h) = (Num(width), Num(height));
    svg.put(format_args!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\">\n"
    ));
    let title = plot.title.as_deref().unwrap_or("Thermograph");
    svg.put(format_args!("<title>{}</title>\n<desc>", Escaped(title)));
    for (i, s) in plot.series.iter().enumerate() {
        let sep = if i == 0 { "" } else { "\n" };
        svg.put(format_args!(
            "{sep}{}: {}",
            Escaped(&s.label),
            s.thermograph
        ));
    }
    svg.put(format_args!(
        "</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    ));
}

/// The title of the picture, centred on `x`.
fn title_text(svg: &mut Svg, x: f64, title: &str) {
    svg.text(
        x,
        MARGIN + TITLE_FONT,
        title,
        &format!("font-size=\"{TITLE_FONT}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000000\""),
    );
}

/// Overlaid thermographs whose sizes differ more than this many times are
/// drawn in panels of their own, each at its own scale.
const MAX_SIZE_RATIO: f64 = 4.0;
/// Panels per row.
const PANELS_PER_ROW: usize = 3;

/// The size of a thermograph as drawn: the larger of its value range
/// (walls from t = -1 up to the mast foot) and its temperature range above
/// -1.
fn extent(shape: &Shape) -> f64 {
    let values = shape.walls.iter().flatten().map(|(_, v)| approx(v));
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let v_span = if hi >= lo { hi - lo } else { 0.0 };
    v_span.max(approx(&shape.temperature) + 1.0)
}

/// Whether overlaying the thermographs on one scale would squash the small
/// ones into a corner of the large one.
fn squashed(shapes: &[Shape]) -> bool {
    let sizes: Vec<f64> = shapes.iter().map(extent).collect();
    let largest = sizes.iter().copied().fold(0.0, f64::max);
    let smallest = sizes.iter().copied().fold(f64::INFINITY, f64::min);
    shapes.len() > 1 && smallest > 0.0 && largest > MAX_SIZE_RATIO * smallest
}

/// Thermographs of very different sizes: each in a panel of its own (with
/// its own scale, marks and legend entry, in its colour of the overlay),
/// the panels in rows of [`PANELS_PER_ROW`] under the title.
fn panels(plot: &Plot, shapes: &[Shape]) -> String {
    let layouts: Vec<(Plot, Layout)> = plot
        .series
        .iter()
        .zip(shapes)
        .enumerate()
        .map(|(i, (series, shape))| {
            let single = Plot {
                title: None,
                series: vec![series.clone()],
            };
            let mut layout = Layout::new(&single, std::slice::from_ref(shape));
            layout.first_colour = i;
            (single, layout)
        })
        .collect();
    let top = if plot.title.is_some() {
        TITLE_FONT + 12.0
    } else {
        0.0
    };
    // Each panel's place.
    let mut places = Vec::with_capacity(layouts.len());
    let (mut width, mut y) = (0.0f64, top);
    for row in layouts.chunks(PANELS_PER_ROW) {
        let mut x = 0.0;
        for (_, layout) in row {
            places.push((x, y));
            x += layout.width;
        }
        width = width.max(x);
        y += row.iter().map(|(_, l)| l.height).fold(0.0, f64::max);
    }
    let mut svg = Svg::default();
    document_start(&mut svg, width.ceil(), y.ceil(), plot);
    if let Some(title) = &plot.title {
        title_text(&mut svg, width / 2.0, title);
    }
    for (((single, layout), shape), (x, y)) in layouts.iter().zip(shapes).zip(places) {
        svg.put(format_args!(
            "<g transform=\"translate({} {})\">\n",
            Num(x),
            Num(y)
        ));
        layout.body(&mut svg, single, std::slice::from_ref(shape));
        svg.put(format_args!("</g>\n"));
    }
    svg.put(format_args!("</svg>\n"));
    svg.finish()
}

/// The legend entry of a thermograph.
fn legend_text(label: &str, shape: &Shape) -> String {
    format!(
        "{label}: mean {}, temperature {}",
        exact(&shape.mean),
        exact(&shape.temperature)
    )
}

/// Splits a polyline running upward (decreasing y) at height `y0` into the
/// part below it (larger y) and the part above.
fn split_at(line: &[Point], y0: f64) -> (Vec<Point>, Vec<Point>) {
    let (mut below, mut above) = (Vec::new(), Vec::new());
    for (i, &(x, y)) in line.iter().enumerate() {
        if i > 0 {
            let (px, py) = line[i - 1];
            if (py - y0) * (y - y0) < 0.0 {
                let cross = (px + (x - px) * (y0 - py) / (y - py), y0);
                below.push(cross);
                above.push(cross);
            }
        }
        if y >= y0 {
            below.push((x, y));
        }
        if y <= y0 {
            above.push((x, y));
        }
    }
    (below, above)
}
