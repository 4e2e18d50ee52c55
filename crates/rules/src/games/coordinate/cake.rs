//! `GenCutcake(L, R, twisted)` and the Cutcake family (RULESETS 4.9): a
//! partizan coordinate ruleset in which each player moves on one coordinate
//! by a heap ruleset.
//!
//! Untwisted (the default), read (m, n) as (rows, columns): Left applies L
//! to the **second** coordinate n (vertical cuts), each option list
//! [b1..bk] giving (m,b1) + ... + (m,bk); Right applies R to the **first**
//! coordinate m, giving (a1,n) + ... + (ak,n). Twisted, Left applies L to m
//! and the coordinates swap, giving (n,b1) + ... + (n,bk); Right applies R
//! to n, giving (a1,m) + ... + (ak,m).
//!
//! Presets: `Cutcake` (4.0: cut into two non-empty pieces), `Eatcake` (0.7),
//! `MaundyCake` ({2+}=.0: cut into at least two equal pieces),
//! `TurnAndEatcake` (0.7, twisted), built on those take-and-break codes.

use crate::framework::args::{Arg, Args};
use crate::framework::cache;
use crate::framework::entry::{Make, Package, RulesetEntry};
use crate::framework::error::{RuleError, RuleResult};
use crate::framework::keyed::{arg_text, Pair, Rules};
use crate::framework::kind::HeapRules;
use crate::framework::ruleset::AnyRuleset;
use crate::games::coordinate::partizan::ruleset;
use crate::games::heap::code::Code;
use crate::games::heap::partizan::heap_rules_arg;
use std::rc::Rc;

/// The named rulesets of this module.
pub const ENTRIES: &[RulesetEntry] = &[
    RulesetEntry {
        name: "GenCutcake",
        package: Package::Heap,
        doc: "GenCutcake(L, R, twisted => false): Left cuts the columns by heap ruleset L, Right the rows by R.",
        make: Make::Schema(gen_cutcake_schema),
    },
    RulesetEntry {
        name: "Cutcake",
        package: Package::Heap,
        doc: "Cut-cake on (rows, columns): Left cuts vertically, Right horizontally, into two pieces.",
        make: Make::Ruleset(|| preset("Cutcake", "4.0", false)),
    },
    RulesetEntry {
        name: "Eatcake",
        package: Package::Heap,
        doc: "Eatcake: eat a column (Left) or a row (Right), leaving up to two pieces.",
        make: Make::Ruleset(|| preset("Eatcake", "0.7", false)),
    },
    RulesetEntry {
        name: "MaundyCake",
        package: Package::Heap,
        doc: "Maundy cake: cut into at least two equal pieces, Left the columns, Right the rows.",
        make: Make::Ruleset(|| preset("MaundyCake", "{2+}=.0", false)),
    },
    RulesetEntry {
        name: "TurnAndEatcake",
        package: Package::Heap,
        doc: "Eatcake, twisted: the cake turns after each move.",
        make: Make::Ruleset(|| preset("TurnAndEatcake", "0.7", true)),
    },
];

/// The cake preset `name` of the session: `GenCutcake` of a code for both
/// players.
fn preset(name: &'static str, code: &str, twisted: bool) -> Rc<dyn AnyRuleset> {
    cache::preset(name, || {
        let rules: Rc<dyn HeapRules> = match Code::parse(code) {
            Ok(c) => Rc::new(c),
            Err(e) => unreachable!("the built-in code {code} is valid: {e}"),
        };
        gen_cutcake(name.to_string(), rules.clone(), rules, twisted)
    })
}

/// `GenCutcake(left, right, twisted)`, printed as `name`.
pub fn gen_cutcake(
    name: String,
    left: Rc<dyn HeapRules>,
    right: Rc<dyn HeapRules>,
    twisted: bool,
) -> Rc<dyn AnyRuleset> {
    ruleset(
        name,
        Rc::new(Side {
            heap: left,
            left: true,
            twisted,
        }),
        Rc::new(Side {
            heap: right,
            left: false,
            twisted,
        }),
    )
}

/// The name `GenCutcake(L, R)` or `GenCutcake(L, R, twisted => true)`.
pub fn cutcake_name(left: &str, right: &str, twisted: bool) -> String {
    if twisted {
        format!("GenCutcake({left}, {right}, twisted => true)")
    } else {
        format!("GenCutcake({left}, {right})")
    }
}

fn gen_cutcake_schema(args: &Args) -> RuleResult<Rc<dyn AnyRuleset>> {
    const WHAT: &str = "GenCutcake";
    args.check_keywords(WHAT, &["twisted"])?;
    args.expect_count(WHAT, 2, "two heap rulesets")?;
    let twisted = match args.keyword("twisted") {
        None | Some(Arg::Nothing) => false,
        Some(Arg::Bool(b)) => *b,
        Some(other) => {
            return Err(RuleError::bad_argument(format!(
                "{WHAT}: `twisted` must be true or false, got {other:?}"
            )))
        }
    };
    let (l, r) = (&args.positional[0], &args.positional[1]);
    Ok(gen_cutcake(
        cutcake_name(&arg_text(l), &arg_text(r), twisted),
        heap_rules_arg(WHAT, l)?,
        heap_rules_arg(WHAT, r)?,
        twisted,
    ))
}

/// One player's moves in a cake product.
struct Side {
    heap: Rc<dyn HeapRules>,
    left: bool,
    twisted: bool,
}

impl Rules<Pair> for Side {
    fn options(&self, (m, n): Pair) -> RuleResult<Vec<Vec<Pair>>> {
        // Which coordinate is cut, and how each piece is written.
        let (cut, other, piece): (u64, u64, fn(u64, u64) -> Pair) = match (self.left, self.twisted)
        {
            (true, false) => (n, m, |other, b| (other, b)),
            (false, false) => (m, n, |other, a| (a, other)),
            (true, true) => (m, n, |other, b| (other, b)),
            (false, true) => (n, m, |other, a| (a, other)),
        };
        Ok(self
            .heap
            .heap_options(cut)?
            .into_iter()
            .map(|list| list.into_iter().map(|b| piece(other, b)).collect())
            .collect())
    }
}
