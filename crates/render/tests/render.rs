//! Thermograph pictures of games built through the core API: the SVG is
//! well-formed and carries the exact labels, and the PNG decodes.
//!
//! Set `ONAG_RENDER_PICTURES` to a directory to also write the PNGs there
//! for a look.

use onag_core::game::{Game, Thermograph};
use onag_core::number::{Dyadic, Integer};
use onag_render::{svg_to_png, thermograph_svg, Plot, RenderError};
use resvg::tiny_skia::Pixmap;
use resvg::usvg::roxmltree;

fn switch(left: Game, right: Game) -> Game {
    Game::from_options(&[left], &[right])
}

/// {3|-1}
fn three_minus_one() -> Game {
    switch(Game::integer(3), Game::integer(-1))
}

/// {2*|1*}, the Right option of {3||2*|1*}
fn two_star_one_star() -> Game {
    switch(
        Game::integer(2) + Game::star(),
        Game::integer(1) + Game::star(),
    )
}

/// {3||2*|1*}
fn three_two_star_one_star() -> Game {
    switch(Game::integer(3), two_star_one_star())
}

fn number(num: i64, exp: u32) -> Game {
    Game::number(Dyadic::new(Integer::from(num), exp))
}

/// The exact value as the pictures write it, with a typographic minus.
fn text(num: i64, exp: u32) -> String {
    Dyadic::new(Integer::from(num), exp)
        .to_string()
        .replace('-', "\u{2212}")
}

/// Parses the SVG and returns the text of all its `<text>` elements.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for side in ["width", "height"] {
        let value: f64 = root.attribute(side).expect("size").parse().expect("number");
        assert!(value > 0.0 && value.is_finite(), "{side} = {value}");
    }
    root.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_owned())
        .collect()
}

fn has(texts: &[String], wanted: &str) -> bool {
    texts.iter().any(|t| t == wanted)
}

/// Decodes the PNG and checks its size; writes it out if asked to.
fn check_png(png: &[u8], name: &str) -> Pixmap {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "PNG signature");
    let pixmap = Pixmap::decode_png(png).expect("decodable PNG");
    assert!(pixmap.width() > 0 && pixmap.height() > 0);
    if let Some(dir) = std::env::var_os("ONAG_RENDER_PICTURES") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("picture directory");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write picture");
    }
    pixmap
}

/// Whether the pixmap has pixels of roughly this colour (the lines of a
/// thermograph), beyond anti-aliasing noise.
fn has_colour(pixmap: &Pixmap, (r, g, b): (u8, u8, u8)) -> bool {
    let close = |x: u8, y: u8| x.abs_diff(y) < 24;
    pixmap
        .pixels()
        .iter()
        .filter(|p| {
            close(p.red(), r) && close(p.green(), g) && close(p.blue(), b) && p.alpha() == 255
        })
        .count()
        > 50
}

const BLUE: (u8, u8, u8) = (0x00, 0x72, 0xB2);
const VERMILLION: (u8, u8, u8) = (0xD5, 0x5E, 0x00);

#[test]
fn switch_three_minus_one() {
    let th = three_minus_one().thermograph();
    let svg = thermograph_svg("{3|-1}", &th);
    let texts = texts(&svg);
    // The legend, the mast foot (mean 1, temperature 2) and the stops.
    assert!(has(&texts, "{3|-1}: mean 1, temperature 2"), "{texts:?}");
    assert!(has(&texts, "(1, 2)"), "{texts:?}");
    assert!(has(&texts, "(3, 0)"), "{texts:?}");
    assert!(has(&texts, &format!("({}, 0)", text(-1, 0))), "{texts:?}");
    // The reversed value axis is marked.
    assert!(has(&texts, "\u{2190} Left") && has(&texts, "Right \u{2192}"));
    // Exact tick labels on both axes.
    for tick in ["0", "1", "2", "3", "4"] {
        assert!(has(&texts, tick), "tick {tick} in {texts:?}");
    }
    assert!(has(&texts, &text(-1, 0)));
    let pixmap = check_png(
        &Plot::new().add("{3|-1}", &th).to_png().expect("PNG"),
        "switch",
    );
    assert!(has_colour(&pixmap, BLUE));
}

#[test]
fn value_axis_is_reversed() {
    // The tick 4 must be left of the tick -1.
    let svg = thermograph_svg("{3|-1}", &three_minus_one().thermograph());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let x_of = |label: &str| -> f64 {
        doc.descendants()
            .filter(|n| n.has_tag_name("text") && n.text() == Some(label))
            .filter(|n| n.attribute("text-anchor") == Some("middle"))
            .map(|n| n.attribute("x").and_then(|x| x.parse().ok()).expect("x"))
            .next()
            .expect("value tick")
    };
    assert!(x_of("4") < x_of("1"));
    assert!(x_of("1") < x_of(&text(-1, 0)));
}

#[test]
fn hot_game_with_breakpoints() {
    let th = three_two_star_one_star().thermograph();
    let svg = Plot::new()
        .title("{3||2*|1*}")
        .add("{3||2*|1*}", &th)
        .to_svg();
    let texts = texts(&svg);
    assert!(has(&texts, "{3||2*|1*}"), "title in {texts:?}");
    assert!(
        has(&texts, "{3||2*|1*}: mean 9/4, temperature 3/4"),
        "{texts:?}"
    );
    // The mast foot and the breakpoints of the Right wall.
    for label in ["(9/4, 3/4)", "(2, 1/2)", "(2, 0)"] {
        assert!(has(&texts, label), "{label} in {texts:?}");
    }
    check_png(
        &Plot::new().add("{3||2*|1*}", &th).to_png().expect("PNG"),
        "hot",
    );
}

#[test]
fn number_with_subzero_structure() {
    let th = number(25, 4).thermograph();
    let svg = thermograph_svg("25/16", &th);
    let texts = texts(&svg);
    let legend = format!("25/16: mean 25/16, temperature {}", text(-1, 4));
    assert!(has(&texts, &legend), "{texts:?}");
    assert!(
        has(&texts, &format!("(25/16, {})", text(-1, 4))),
        "{texts:?}"
    );
    // The subzero walls are drawn dashed.
    assert!(svg.contains("stroke-dasharray"));
    check_png(
        &Plot::new().add("25/16", &th).to_png().expect("PNG"),
        "number-25-16",
    );
}

#[test]
fn infinitesimal() {
    let th = Game::up().thermograph();
    let svg = thermograph_svg("\u{2191}", &th);
    let texts = texts(&svg);
    assert!(has(&texts, "\u{2191}: mean 0, temperature 0"), "{texts:?}");
    assert!(has(&texts, "(0, 0)"), "{texts:?}");
    check_png(
        &Plot::new().add("\u{2191}", &th).to_png().expect("PNG"),
        "up",
    );
}

#[test]
fn game_with_its_options() {
    let g = three_two_star_one_star();
    let plot = Plot::new()
        .title("G = {3||2*|1*} and its options")
        .add("G", &g.thermograph())
        .add("G\u{1D38} = 3", &Game::integer(3).thermograph())
        .add("G\u{1D3F} = {2*|1*}", &two_star_one_star().thermograph());
    let svg = plot.to_svg();
    let texts = texts(&svg);
    assert!(has(&texts, "G: mean 9/4, temperature 3/4"), "{texts:?}");
    assert!(
        has(
            &texts,
            &format!("G\u{1D38} = 3: mean 3, temperature {}", text(-1, 0))
        ),
        "{texts:?}"
    );
    assert!(
        has(&texts, "G\u{1D3F} = {2*|1*}: mean 3/2, temperature 1/2"),
        "{texts:?}"
    );
    // Each thermograph is in its own colour.
    for colour in ["#0072B2", "#D55E00", "#009E73"] {
        assert!(svg.contains(colour), "{colour}");
    }
    let pixmap = check_png(&plot.to_png().expect("PNG"), "options");
    assert!(has_colour(&pixmap, BLUE) && has_colour(&pixmap, VERMILLION));
}

#[test]
fn integer_is_a_single_mast() {
    let th = Game::integer(2).thermograph();
    let texts = texts(&thermograph_svg("2", &th));
    assert!(
        has(&texts, &format!("2: mean 2, temperature {}", text(-1, 0))),
        "{texts:?}"
    );
    assert!(has(&texts, &format!("(2, {})", text(-1, 0))), "{texts:?}");
    check_png(&Plot::new().add("2", &th).to_png().expect("PNG"), "integer");
}

#[test]
fn degenerate_plots_render() {
    // Nothing at all, a zero, far-apart integers (too wide for equal
    // scales), and values far from 0.
    let far = Dyadic::new(Integer::from(1i64 << 60) * Integer::from(1i64 << 60), 0);
    let far_eighth = &far + &number_value(1, 3);
    let huge = Game::number(far.clone()).thermograph();
    let plots = [
        Plot::new(),
        Plot::new().add("0", &Game::ZERO.thermograph()),
        Plot::new()
            .add("100", &Game::integer(100).thermograph())
            .add("-100", &Game::integer(-100).thermograph()),
        Plot::new().add("2^120", &huge).add(
            "2^120 + 1/8",
            &Game::number(far + number_value(1, 3)).thermograph(),
        ),
        Plot::new()
            .title("<&> \"quoted\" 'text'")
            .add("a < b & c", &Game::star().thermograph()),
    ];
    for (i, plot) in plots.iter().enumerate() {
        let svg = plot.to_svg();
        texts(&svg);
        check_png(&plot.to_png().expect("PNG"), &format!("degenerate-{i}"));
    }
    let wide = texts(&plots[2].to_svg());
    assert!(
        has(&wide, "value and temperature are drawn to different scales"),
        "{wide:?}"
    );
    let far_texts = texts(&plots[3].to_svg());
    let legend = format!(
        "2^120 + 1/8: mean {far_eighth}, temperature {}",
        text(-1, 3)
    );
    assert!(has(&far_texts, &legend), "{far_texts:?}");
}

fn number_value(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(Integer::from(num), exp)
}

#[test]
fn png_errors_are_reported() {
    let plot = Plot::new().add("*", &Game::star().thermograph());
    for scale in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert!(matches!(
            plot.to_png_scaled(scale),
            Err(RenderError::Scale(_))
        ));
    }
    assert!(matches!(
        plot.to_png_scaled(1000.0),
        Err(RenderError::Size { .. })
    ));
    let err = svg_to_png("<svg", 1.0).expect_err("not SVG");
    assert!(matches!(err, RenderError::Svg(_)));
    assert!(
        err.to_string().starts_with("cannot read the SVG picture"),
        "{err}"
    );
    let small = check_png(&plot.to_png_scaled(0.5).expect("PNG"), "star-small");
    let large = Pixmap::decode_png(&plot.to_png().expect("PNG")).expect("PNG");
    assert!(
        large.width().abs_diff(4 * small.width()) <= 4,
        "{} vs {}",
        large.width(),
        small.width()
    );
}

#[test]
fn thermograph_svg_matches_plot() {
    let th: Thermograph = (*three_minus_one().thermograph()).clone();
    assert_eq!(
        thermograph_svg("x", &th),
        Plot::new().add("x", &th).to_svg()
    );
}

/// Overlaid thermographs of very different sizes are drawn in panels of
/// their own, so that a large one does not squash the small ones; close
/// sizes share one set of axes.
#[test]
fn very_different_sizes_get_panels() {
    let big = switch(Game::integer(29), Game::integer(5)).switch();
    let small = three_two_star_one_star();
    let svg = Plot::new()
        .add("{3||2*|1*}", &small.thermograph())
        .add("+-{29|5}", &big.thermograph())
        .add("^", &Game::up().thermograph())
        .to_svg();
    assert_eq!(svg.matches("<g transform=\"translate(").count(), 3, "{svg}");
    let found = texts(&svg);
    // Each panel has its own value axis: the small game's shows 5/2.
    assert!(has(&found, "5/2"), "{found:?}");
    assert!(has(&found, "(0, 17)"), "{found:?}");
    let overlay = Plot::new()
        .add("{3||2*|1*}", &small.thermograph())
        .add("{3|-1}", &three_minus_one().thermograph())
        .to_svg();
    assert!(!overlay.contains("translate("));
    check_png(&crate_png(&svg), "panels");
}

fn crate_png(svg: &str) -> Vec<u8> {
    svg_to_png(svg, 1.0).expect("rasterised")
}

/// The PNG shows text with the embedded font, whatever fonts the system
/// has: a line of text darkens pixels where it is written.
#[test]
fn png_text_uses_the_embedded_font() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\">\
               <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\
               <text x=\"10\" y=\"30\" font-size=\"24\" font-family=\"DejaVu Sans\">(9/4, 3/4)</text>\
               <text x=\"150\" y=\"30\" font-size=\"24\" font-weight=\"bold\">Left</text></svg>";
    let pixmap = check_png(&crate_png(svg), "text");
    let dark = |x0: u32, x1: u32| {
        (x0..x1)
            .flat_map(|x| (0..40).map(move |y| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).is_some_and(|p| p.red() < 128))
            .count()
    };
    assert!(dark(10, 140) > 100, "the regular text is drawn");
    assert!(dark(150, 200) > 50, "the bold text is drawn");
}
