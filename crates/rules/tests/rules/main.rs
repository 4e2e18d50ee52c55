//! The tests of the rulesets, one module per area, in one test binary
//! (each test file of its own would be a separate link).

mod boards;

use onag_rules::framework::kind;
use onag_rules::AnyRuleset;
use std::rc::Rc;

/// A ruleset seen as the kind a test knows it to be.
pub trait Kinds {
    /// As an impartial heap ruleset.
    fn heap(&self) -> &dyn kind::Heap;
    /// As an impartial coordinate ruleset.
    fn coordinate(&self) -> &dyn kind::Coordinate;
    /// As a partizan heap ruleset.
    fn partizan_heap(&self) -> &dyn kind::PartizanHeap;
    /// As a partizan coordinate ruleset.
    fn partizan_coordinate(&self) -> &dyn kind::PartizanCoordinate;
}

impl Kinds for Rc<dyn AnyRuleset> {
    fn heap(&self) -> &dyn kind::Heap {
        self.as_heap().expect("a heap ruleset")
    }

    fn coordinate(&self) -> &dyn kind::Coordinate {
        self.as_coordinate().expect("a coordinate ruleset")
    }

    fn partizan_heap(&self) -> &dyn kind::PartizanHeap {
        self.as_partizan_heap().expect("a partizan heap ruleset")
    }

    fn partizan_coordinate(&self) -> &dyn kind::PartizanCoordinate {
        self.as_partizan_coordinate()
            .expect("a partizan coordinate ruleset")
    }
}

mod amazons;
mod arc_kayles;
mod bitgrid;
mod cake;
mod cheques;
mod clobber;
mod col;
mod coordinate;
mod cram;
mod domineering;
mod external;
mod fission;
mod graph;
mod hackenbush;
mod heap;
mod kinds;
mod konane;
mod layers;
mod loopy;
mod operations;
mod oracle;
mod partizan_heap;
mod periodicity;
mod plug_in;
mod seeds_coordinate;
mod spawning;
mod take_and_break;
mod toads;
mod toppling;
mod turning;
mod variant;
