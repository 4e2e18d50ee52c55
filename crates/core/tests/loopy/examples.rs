//! The worked examples of LOOPY.md (2.3-2.11, 3.2-3.9).

use crate::support::*;
use onag_core::game::Game;
use onag_core::loopy::{pow, pow_to, OutcomeClass, Player, Pseudonumber, SidedValue, Stopper};
use onag_core::number::{Dyadic, Integer};

fn leq(a: &str, b: &str) -> bool {
    val(a).leq(&val(b)).unwrap()
}

fn lt(a: &str, b: &str) -> bool {
    leq(a, b) && !leq(b, a)
}

/// LOOPY 2.3 and 2.5: the order of stoppers.
#[test]
fn order_facts() {
    assert!(lt("^", "over"));
    assert!(lt("over", "on"));
    assert!(lt("upon", "over"));
    assert!(lt("off", "under"));
    assert!(lt("under", "0"));
    assert!(lt("0", "over"));
    assert!(lt("5over", "6under"));
    assert!(lt("3/2under", "3/2"));
    assert!(!leq("upon", "*") && !leq("*", "upon"));
    assert!(lt("0", "upon"));
    assert!(lt("^", "upon") || !leq("upon", "^"));
}

/// LOOPY 2.5: canonical forms by deleting dominated options and bypassing
/// reversible ones.
#[test]
fn canonical_stoppers() {
    assert_eq!(show("{pass,0|*}"), "^[on]");
    assert_eq!(st("{pass,0|*}"), st("upon"));
    assert_eq!(show("{|on}"), "0");
    assert_eq!(show("over+^"), "over");
    assert_eq!(show("{pass|3/2}"), "3/2under");
    assert_eq!(show("{-1/4+*|pass}"), "-1/4v[on]");
}

/// LOOPY 2.7: the side simplifier's worked examples.
#[test]
fn sides() {
    let v = val("a{{|a}|}");
    assert_eq!(v.stopper_sides(), Some((st("1"), st("0"))));
    assert_eq!(show("a{1||a|0}"), "2 & +-1");
    assert_eq!(val("{pass|pass}"), SidedValue::dud());
    assert_eq!(val("{pass|pass}").outcome().unwrap(), OutcomeClass::D);
    let bach = val("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert_eq!(bach.class_name(), "SidedValue");
    assert_eq!(bach.outcome().unwrap(), OutcomeClass::N);
    // Permuting the options of the input does not change the output.
    assert_eq!(
        show("a{{1|{*,{1+*|a,1+*}|*},1},0|0}"),
        "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"
    );
}

/// LOOPY 2.9: arithmetic.
#[test]
fn sums() {
    assert_eq!(show("on+off"), "dud");
    assert_eq!(show("over-over"), "over & under");
    assert_eq!(show("upon-upon"), "^<on> & v<on>");
    assert_eq!(show("over+over"), "over");
    assert_eq!(show("over+5"), "5over");
    assert_eq!(show("over-5"), "-5over");
    assert!(val("upon+upon").is_stopper());
    assert_eq!(st("1").ordinal_sum(st("off")).unwrap(), st("over"));
    assert_eq!(st("^").ordinal_sum(st("on")).unwrap(), st("upon"));
    assert_eq!(st("on").upsum(st("off")).unwrap(), st("on"));
    assert_eq!(st("on").downsum(st("off")).unwrap(), st("off"));
    // {-1, pass | 1} is the ordinal sum '{-1|1}' : on of LOOPY 4.5.
    assert_eq!(show("{-1,pass|1}"), "1under");
    // Negation of sided values.
    assert_eq!(val("a{{|a}|}").neg().to_string(), "0 & -1");
    let bach = val("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert_eq!(bach.neg().neg(), bach);
    assert_eq!(val("dud").add(&val("5")).unwrap(), SidedValue::dud());
}

/// LOOPY 1.7: the sidling operator.
#[test]
fn sidling() {
    assert_eq!(show("on & off"), "dud");
    assert_eq!(show("over & over"), "over");
    assert_eq!(
        try_val_in("0 & 1", &Env::new()).unwrap_err(),
        "offside is not <= onside: 1 |> 0"
    );
    assert_eq!(
        try_val_in("* & 0", &Env::new()).unwrap_err(),
        "offside is not <= onside: 0 |> *"
    );
}

/// LOOPY 2.10 and 2.11: degree, variety, stops and the powers of up.
#[test]
fn methods() {
    assert_eq!(st("on").degree().unwrap(), st("on"));
    assert_eq!(st("off").degree().unwrap(), st("on"));
    assert_eq!(st("over").degree().unwrap(), st("over"));
    assert_eq!(st("5under").degree().unwrap(), st("over"));
    assert_eq!(st("upon").degree().unwrap().to_string(), "^<on>");
    assert_eq!(st("{-1/4+*|pass}").degree().unwrap().to_string(), "^<on>");
    assert!(st("over").is_idempotent().unwrap());
    assert!(!st("upon").is_idempotent().unwrap());
    assert_eq!(
        st("upon").stop(Player::Left).unwrap(),
        Pseudonumber::Number(Dyadic::zero())
    );
    assert_eq!(
        st("upon").stop(Player::Right).unwrap(),
        Pseudonumber::Number(Dyadic::zero())
    );
    assert_eq!(st("upon").outcome().unwrap(), OutcomeClass::L);
    assert_eq!(
        st("5over").strong_stop(Player::Left).unwrap(),
        Pseudonumber::Number(Dyadic::from(5))
    );
    assert_eq!(st("{pass|3/2}").follower_count().unwrap(), Integer::from(5));
    assert_eq!(
        st("upon").upsum_variety(st("upon")).unwrap_err().message,
        "Variety degree must be an idempotent."
    );
    // Grenville's unstable stopper (RC:3168).
    let unstable = st("a{0|{0||||0,*2|||a|0||0}||0}");
    assert_eq!(
        unstable.variety().unwrap_err().message,
        "That game is not stable."
    );
    assert!(!unstable.is_stable().unwrap());
    assert_eq!(st("on").tiny().unwrap().to_string(), "Tiny(on)");
    assert_eq!(st("on").miny().unwrap().to_string(), "Miny(on)");
}

/// LOOPY 2.10: subordination and the powers of up with loopy exponents.
#[test]
fn subordinates_and_powers() {
    let one = [Game::ZERO];
    let star_l = [Game::ZERO];
    let star_r = [Game::ZERO];
    assert_eq!(st("on").subordinate(&one, &[]).unwrap(), st("on"));
    assert_eq!(st("over").subordinate(&one, &[]).unwrap(), st("off"));
    assert_eq!(
        st("upon+*").subordinate(&star_l, &star_r).unwrap(),
        st("on")
    );
    assert_eq!(
        st("{0,*|0,pass}").subordinate(&star_l, &star_r).unwrap(),
        st("over")
    );
    assert_eq!(
        st("on").subordinate(&star_l, &star_r).unwrap_err().message,
        "That game cannot be subordinated to the specified base."
    );
    let up = Game::up();
    assert_eq!(pow_to(up, &Pseudonumber::On).unwrap().to_string(), "^[on]");
    assert_eq!(pow_to(up, &Pseudonumber::On).unwrap(), st("upon"));
    assert_eq!(pow(up, &Pseudonumber::On).unwrap().to_string(), "^<on>");
    assert_eq!(
        pow(up, &Pseudonumber::Off).unwrap_err().message,
        "Invalid exponent."
    );
    let one_under = st("{pass|1}").as_pseudonumber().unwrap();
    assert_eq!(
        pow(up, &one_under).unwrap_err().message,
        "Invalid exponent."
    );
    let five_over = Pseudonumber::Under(Dyadic::from(5)).neg().neg();
    assert_eq!(five_over, Pseudonumber::Under(Dyadic::from(5)));
    let p = st("{5|pass}").as_pseudonumber().unwrap();
    assert_eq!(pow_to(up, &p).unwrap().to_string(), "{^[5]|*,pass}");
    assert_eq!(
        pow(Game::integer(1), &Pseudonumber::On)
            .unwrap_err()
            .message,
        "Invalid base for `Pow` operation (base must be of the form {0|H})."
    );
}

/// LOOPY 3: printing.
#[test]
fn printing() {
    assert_eq!(show("+-{0|pass}"), "+-over");
    assert_eq!(show("+-{5|pass}"), "+-(5over)");
    assert_eq!(show("{0|||0||0|off}"), "{0|Tiny(on)}");
    assert_eq!(show("{on|0||0}"), "Miny(on)");
    assert_eq!(show("{0||0|off}"), "Tiny(on)");
    assert_eq!(show("{0||0|under}"), "Tiny(over)");
    assert_eq!(show("{0|||0||0|off}"), "{0|Tiny(on)}");
    assert_eq!(show("{10over|over}"), "{10over|over}");
    assert_eq!(show("+-{10over|over}"), "+-{10over|over}");
    let cases = [
        ("{pass|*}", "5^[on]"),
        ("{pass,0|0}", "5^[on]*"),
        ("{*|pass}", "5v[on]"),
        ("{0|0,pass}", "5v[on]*"),
        ("{0||0|0,pass}", "5^<on>"),
        ("{0,*||*|pass}", "5^<on>*"),
        ("{0,pass|0||0}", "5v<on>"),
        ("{pass|*||0,*}", "5v<on>*"),
    ];
    for (g, printed) in cases {
        assert_eq!(val(&format!("5+{g}")).to_string(), printed, "5+{g}");
    }
    assert_eq!(show("x{0||||0|||x|*||*}"), "a{0||||0|||a|*||*}");
}

/// Inputs beyond the budgets give errors, not panics or exhausted memory.
#[test]
fn budgets() {
    let huge = Game::integer(Integer::from(1u64 << 40));
    assert_eq!(
        Stopper::over().add(huge.into()).unwrap().to_string(),
        "1099511627776over"
    );
    let e = Stopper::upon().add(huge.into()).unwrap_err();
    assert!(e.message.starts_with("That loopy game is too large"), "{e}");
    let e = Stopper::from_graph(&onag_core::loopy::Graph::with_vertices(1), 3).unwrap_err();
    assert_eq!(e.message, "The start vertex is not in the graph.");
    let e = SidedValue::from_graph(&onag_core::loopy::Graph::new(), 0).unwrap_err();
    assert_eq!(e.message, "Vertex 0 is not in a graph of 0 vertices.");
}

/// LOOPY 1.6: ordinary braces whose options are sided values.
#[test]
fn braces_with_sided_options() {
    let v = val("{0|{dud|},*}");
    assert_eq!(v.to_string(), "^ & v*");
    assert_eq!(v.outcome().unwrap(), OutcomeClass::NHat);
    assert_eq!(val("{dud|}").to_string(), "on & 0");
    assert_eq!(SidedValue::dud().outcome().unwrap(), OutcomeClass::D);
    assert_eq!(val("a{{|a}|}").outcome().unwrap(), OutcomeClass::PHat);
    let e = onag_core::loopy::Spec::new(
        vec![onag_core::loopy::SpecOption::Value(SidedValue::dud())],
        vec![],
    )
    .with_left_pass()
    .build()
    .unwrap_err();
    assert_eq!(
        e.message,
        "Invalid loopy game specifier: the option dud is not a stopper."
    );
    let e = onag_core::loopy::Spec::new(
        vec![onag_core::loopy::SpecOption::Label("b".into())],
        vec![],
    )
    .labelled("a")
    .build()
    .unwrap_err();
    assert_eq!(e.message, "The label `b` is not defined here.");
}
