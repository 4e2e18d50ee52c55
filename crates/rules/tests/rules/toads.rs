//! Toads and Frogs (RULESETS 2.2): CGSuite's values, the hand checks, the
//! seeds' values (the blog post on arrows and the Math 576 slides), and
//! the properties of the evaluator's shortcuts.

use onag_core::game::Game;
use onag_core::number::{Dyadic, Rational};
use onag_rules::framework::evaluator;
use onag_rules::framework::ruleset::{AnyPosition, AnyRuleset};
use onag_rules::games::strip::toads::{Rules, Toads, TOADS_AND_FROGS};
use onag_rules::registry::{self, Make};
use onag_rules::{Arg, Args, Evaluator, Player, Position};
use proptest::prelude::*;
use std::rc::Rc;

fn ruleset(name: &str, keywords: &[(&str, Arg)]) -> Result<Rc<dyn AnyRuleset>, String> {
    let entry = registry::find(name).ok_or("not registered")?;
    let args = Args {
        positional: vec![],
        keywords: keywords
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    match &entry.make {
        Make::Ruleset(f) if keywords.is_empty() => Ok(f()),
        Make::Ruleset(_) => Err("not a schema".into()),
        Make::Schema(f) => f(&args).map_err(|e| e.to_string()),
    }
}

fn position(r: &Rc<dyn AnyRuleset>, s: &str) -> Result<Rc<dyn AnyPosition>, String> {
    r.position(&Args::new(vec![Arg::Str(s.into())]))
        .map_err(|e| e.to_string())
}

fn tf(s: &str) -> Game {
    evaluator::shared::<Toads>().value(&Toads::parse(s, TOADS_AND_FROGS).expect("valid strip"))
}

fn g(n: i64) -> Game {
    Game::integer(n)
}

fn half() -> Game {
    Game::number(Dyadic::new(1.into(), 1))
}

#[test]
fn cgsuite_values() {
    // rules.txt: game.strip.GenToadsAndFrogs(maxJump => 2)("tttt..fff").CanonicalForm
    let r = ruleset("GenToadsAndFrogs", &[("maxJump", Arg::int(2))]).unwrap();
    let p = position(&r, "tttt..fff").unwrap();
    assert_eq!(p.canonical_form().unwrap().to_string(), "{1/2*|v}");
    let er = ruleset("ElephantsAndRhinos", &[]).unwrap();
    assert_eq!(
        position(&er, "tttt..fff")
            .unwrap()
            .canonical_form()
            .unwrap(),
        g(1)
    );
}

#[test]
fn hand_checks() {
    assert_eq!(tf("t."), g(1));
    assert_eq!(tf("t.f"), Game::star());
    assert_eq!(tf(".tf"), Game::ZERO);
    assert_eq!(tf("tf."), Game::ZERO);
    assert_eq!(tf(""), Game::ZERO);
    assert_eq!(tf("...f"), g(-3));
    assert_eq!(tf("t..t."), g(4));
}

#[test]
fn seed_values() {
    // The blog post "II.8: Arrows".
    assert_eq!(tf("TFTF."), Game::ZERO);
    assert_eq!(tf("TFF.T"), Game::ZERO);
    assert_eq!(tf("TF.TF"), Game::ZERO);
    assert_eq!(tf("F.TTF"), Game::ZERO);
    assert_eq!(tf("TFT.F"), Game::star());
    assert_eq!(tf("T.TFF"), Game::up());
    assert_eq!(
        tf("T.TFF"),
        Game::from_options(&[Game::ZERO], &[Game::star()])
    );
    assert_eq!(tf("TT.FF"), Game::star());
    assert_eq!(tf(".TTFF"), Game::ZERO);
}

/// Math 576 slides, "More Toads-and-Frogs": (TF)^x T.(TF)^n F has the
/// value n.^ + (n+1).*, that is n ups plus a star when n is even.
#[test]
fn toads_and_frogs_up_family() {
    for x in 0..=3 {
        for n in 0..=3i64 {
            let s = format!("{}t.{}f", "tf".repeat(x), "tf".repeat(n as usize));
            let expected = Game::ups(n) + Game::nimber(((n + 1) % 2) as u64);
            assert_eq!(tf(&s), expected, "{s}");
        }
    }
    assert_eq!(tf("tft.tff").to_string(), "^");
    assert_eq!(tf("t.tftff").to_string(), "^^*");
}

/// Math 576 slides, "Toad versus Frog": a toad with a empty cells behind
/// it, c cells between it and a frog, and b empty cells behind the frog;
/// the value depends only on c (mod 2) and d = b - a.
#[test]
fn toad_versus_frog_table() {
    let h = half();
    let even = [g(-3), g(-2), g(-1), g(0), g(0), g(0), g(1), g(2), g(3)];
    let odd = [g(-3), g(-2), g(-1), -h, Game::star(), h, g(1), g(2), g(3)];
    for c in 0..=3usize {
        for a in 0..=5usize {
            for b in 0..=5usize {
                let d = b as i64 - a as i64;
                if d.abs() > 4 {
                    continue;
                }
                let s = format!("{}t{}f{}", ".".repeat(a), ".".repeat(c), ".".repeat(b));
                let row = if c % 2 == 0 { &even } else { &odd };
                assert_eq!(tf(&s), row[(d + 4) as usize], "{s}");
            }
        }
    }
}

#[test]
fn printing_reads_back() {
    let r = ruleset("ToadsAndFrogs", &[]).unwrap();
    assert_eq!(r.name(), "ToadsAndFrogs");
    let p = position(&r, "T.F").unwrap();
    assert_eq!(p.display(), "ToadsAndFrogs(\"t.f\")");
    let opts = p.options(Player::Left).unwrap();
    assert_eq!(opts.len(), 1);
    assert_eq!(opts[0].display(), "ToadsAndFrogs(\".tf\")");
    let r2 = ruleset("GenToadsAndFrogs", &[("maxJump", Arg::int(2))]).unwrap();
    assert_eq!(r2.name(), "GenToadsAndFrogs(maxJump => 2)");
    assert_eq!(
        position(&r2, "tttt..fff").unwrap().display(),
        "GenToadsAndFrogs(maxJump => 2)(\"tttt..fff\")"
    );
    let r3 = ruleset(
        "GenToadsAndFrogs",
        &[
            ("allowFriendlyJump", Arg::Bool(true)),
            ("maxSlide", Arg::int(3)),
        ],
    )
    .unwrap();
    assert_eq!(
        r3.name(),
        "GenToadsAndFrogs(maxSlide => 3, allowFriendlyJump => true)"
    );
    assert_eq!(
        ruleset("GenToadsAndFrogs", &[]).unwrap().name(),
        "GenToadsAndFrogs()"
    );
    let inf = ruleset(
        "GenToadsAndFrogs",
        &[("maxSlide", Arg::Number(Rational::infinity()))],
    )
    .unwrap();
    // Any slide length: t... = {0, 1, 2 | } = 3.
    assert_eq!(
        position(&inf, "t...").unwrap().canonical_form().unwrap(),
        g(3)
    );
}

fn texts(p: &Toads, player: Player) -> Vec<String> {
    let mut v: Vec<String> = p.options(player).iter().map(|o| o.cells()).collect();
    v.sort();
    v
}

#[test]
fn generalised_moves() {
    let rules = |min_slide, max_slide, max_jump, friendly| Rules {
        min_slide,
        max_slide,
        max_jump,
        friendly,
        back_slide: 0,
        back_from: 1,
    };
    let p = Toads::parse("t....", rules(2, 3, 1, false)).unwrap();
    assert_eq!(texts(&p, Player::Left), ["...t.", "..t.."]);
    let p = Toads::parse("tt.", rules(1, 1, 1, true)).unwrap();
    assert_eq!(texts(&p, Player::Left), [".tt", "t.t"]);
    let p = Toads::parse("tt.", TOADS_AND_FROGS).unwrap();
    assert_eq!(texts(&p, Player::Left), ["t.t"]);
    // Jumps over 1 and 2 frogs; a frog's jump lands only on an empty cell.
    let p = Toads::parse("tff.f.", rules(1, 1, 2, false)).unwrap();
    assert_eq!(texts(&p, Player::Left), [".fftf."]);
    assert_eq!(texts(&p, Player::Right), ["tfff.."]);
    let p = Toads::parse("tf.f.", rules(1, 1, 2, false)).unwrap();
    assert_eq!(texts(&p, Player::Left), [".ftf."]);
    // Elephants and rhinos only slide.
    let p = Toads::parse("tf.", rules(1, 1, 0, false)).unwrap();
    assert!(p.options(Player::Left).is_empty());
    assert!(p.options(Player::Right).is_empty());
}

#[test]
fn errors() {
    let r = ruleset("ToadsAndFrogs", &[]).unwrap();
    assert_eq!(
        position(&r, "t.x").unwrap_err(),
        "The position may only contain the following characters: .tf"
    );
    assert!(position(&r, "t|f").is_err());
    assert!(position(&r, &"t.".repeat(65)).is_err());
    assert!(position(&r, &"t.".repeat(64)).is_ok());
    // The largest strips, frozen blocks and dead pieces at both ends.
    for s in [
        format!("{}{}", "t".repeat(64), "f".repeat(64)),
        format!("{}{}", "f".repeat(64), "t".repeat(64)),
        format!("t.{}{}", "t".repeat(62), "f".repeat(64)),
        format!("{}{}.f", "t".repeat(64), "f".repeat(62)),
    ] {
        assert_eq!(s.len(), 128);
        let v = position(&r, &s).unwrap().canonical_form().unwrap();
        assert_eq!(
            v,
            Evaluator::plain().value(&Toads::parse(&s, TOADS_AND_FROGS).unwrap())
        );
    }
    // Back slides make loopy rulesets (tests/rules/loopy.rs values them).
    let back = ruleset("BackslidingToadsAndFrogs", &[]).unwrap();
    assert_eq!(
        position(&back, "t.f").unwrap().display(),
        "BackslidingToadsAndFrogs(\"t.f\")"
    );
    for k in [-1, -3] {
        let r = ruleset("GenToadsAndFrogs", &[("minSlide", Arg::int(k))]).unwrap();
        assert_eq!(r.name(), format!("GenToadsAndFrogs(minSlide => {k})"));
    }
    assert!(ruleset("GenToadsAndFrogs", &[("minSlide", Arg::int(0))]).is_ok());
    assert!(ruleset("GenToadsAndFrogs", &[("jump", Arg::int(2))]).is_err());
    assert!(ruleset("GenToadsAndFrogs", &[("maxJump", Arg::Str("2".into()))]).is_err());
    assert!(ruleset("GenToadsAndFrogs", &[("allowFriendlyJump", Arg::int(1))]).is_err());
    let e = registry::find("GenToadsAndFrogs").unwrap();
    if let Make::Schema(f) = &e.make {
        assert!(f(&Args::new(vec![Arg::int(2)])).is_err());
    }
    // Huge distances are capped without changing the moves.
    let big = ruleset("GenToadsAndFrogs", &[("maxSlide", Arg::int(1 << 40))]).unwrap();
    assert_eq!(
        position(&big, "t..").unwrap().canonical_form().unwrap(),
        g(2)
    );
}

#[test]
fn frozen_blocks_split_the_strip() {
    let p = Toads::parse("t.ttff.f", TOADS_AND_FROGS).unwrap();
    let parts: Vec<String> = p.decompose().iter().map(|c| c.cells()).collect();
    assert_eq!(parts, ["t.", ".f"]);
    assert_eq!(tf("t.ttff.f"), Game::ZERO);
    // With maxJump 2 the same block is not frozen.
    let r2 = Rules {
        max_jump: 2,
        ..TOADS_AND_FROGS
    };
    let p = Toads::parse("t.ttff.f", r2).unwrap();
    assert_eq!(p.decompose().len(), 1);
    // Dead pieces at the ends are cut off.
    let p = Toads::parse("ff.t.ftt", TOADS_AND_FROGS).unwrap();
    let parts: Vec<String> = p.decompose().iter().map(|c| c.cells()).collect();
    assert_eq!(parts, [".t.f"]);
}

const CELLS: [char; 3] = ['.', 't', 'f'];

fn strip(max_len: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(0usize..3, 0..=max_len)
        .prop_map(|v| v.into_iter().map(|i| CELLS[i]).collect())
}

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        2 => Just(TOADS_AND_FROGS),
        1 => (1u8..=3, 0u8..=3, 0u8..=3, any::<bool>()).prop_map(|(min_slide, max_slide, max_jump, friendly)| Rules {
            min_slide,
            max_slide,
            max_jump,
            friendly,
            ..TOADS_AND_FROGS
        }),
    ]
}

/// Rules with every field drawn, past the packed key's bound of 15 too.
fn any_rules() -> impl Strategy<Value = Rules> {
    (0u8..18, 0u8..18, 0u8..18, any::<bool>(), 0u8..18, 0u8..18).prop_map(
        |(min_slide, max_slide, max_jump, friendly, back_slide, back_from)| Rules {
            min_slide,
            max_slide,
            max_jump,
            friendly,
            back_slide,
            back_from,
        },
    )
}

/// A strip of up to 52 cells, long ones mostly empty.
fn long_strip() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![6 => Just(0usize), 1 => Just(1), 1 => Just(2)],
        0..=52,
    )
    .prop_map(|v| v.into_iter().map(|i| CELLS[i]).collect())
}

#[test]
fn packed_keys_cover_the_named_rulesets() {
    let p = Toads::parse(
        &format!("{}..{}", "t".repeat(24), "f".repeat(24)),
        TOADS_AND_FROGS,
    )
    .unwrap();
    assert!(p.packed_key().is_some());
    let q = Toads::parse(
        &format!("{}...{}", "t".repeat(24), "f".repeat(24)),
        TOADS_AND_FROGS,
    )
    .unwrap();
    assert_eq!(q.packed_key(), None, "51 cells have no packed key");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Packed keys are exact: two positions (strips and rules) have equal
    /// keys exactly when they are equal, and a key exists exactly when the
    /// strip has at most 50 cells and every distance is below 16.
    #[test]
    fn packed_keys_are_exact(a in long_strip(), b in long_strip(), ra in any_rules(), rb in any_rules(), how in 0..5, at in any::<prop::sample::Index>(), cell in 0usize..3) {
        let p = Toads::parse(&a, ra).unwrap();
        // Another position: other rules, one cell changed, an empty cell
        // added or the last cell removed, or another strip.
        let mut cells: Vec<char> = a.chars().collect();
        let (other, rules) = match how {
            0 => (a.clone(), rb),
            1 if !cells.is_empty() => {
                let i = at.index(cells.len());
                cells[i] = CELLS[cell];
                (cells.into_iter().collect(), ra)
            }
            2 => (format!("{a}."), ra),
            3 if !cells.is_empty() => {
                cells.pop();
                (cells.into_iter().collect(), ra)
            }
            _ => (b, ra),
        };
        let q = Toads::parse(&other, rules).unwrap();
        let fits = |t: &Toads, r: Rules| {
            t.len() <= 50
                && [r.min_slide, r.max_slide, r.max_jump, r.back_slide, r.back_from].iter().all(|&d| d < 16)
        };
        prop_assert_eq!(p.packed_key().is_some(), fits(&p, ra));
        if let (Some(x), Some(y)) = (p.packed_key(), q.packed_key()) {
            prop_assert_eq!(x == y, p == q);
        }
        prop_assert_eq!(p.mirror().packed_key().is_some(), p.packed_key().is_some());
        if let (Some(x), Some(y)) = (p.packed_key(), p.mirror().packed_key()) {
            prop_assert_eq!(x == y, p == p.mirror());
        }
    }

    /// Decomposition (frozen blocks, dead ends) and the mirror symmetry
    /// change nothing.
    #[test]
    fn shortcuts_preserve_values(s in strip(12), r in rules()) {
        let p = Toads::parse(&s, r).unwrap();
        prop_assert_eq!(evaluator::shared::<Toads>().value(&p), Evaluator::plain().value(&p));
    }

    /// Reversing the strip and swapping toads and frogs negates the value.
    #[test]
    fn mirror_negates(s in strip(9), r in rules()) {
        let p = Toads::parse(&s, r).unwrap();
        let swapped: String = s
            .chars()
            .rev()
            .map(|c| match c { 't' => 'f', 'f' => 't', c => c })
            .collect();
        let q = Toads::parse(&swapped, r).unwrap();
        prop_assert_eq!(q, p.mirror());
        prop_assert_eq!(Evaluator::plain().value(&q), -Evaluator::plain().value(&p));
    }
}
