//! Sided values (Siegel CGT VI.4-VI.5; LOOPY 0, 1.5, 1.7, 2.6).
//!
//! Every finite loopy game has an onside (infinite play wins for Left) and
//! an offside (infinite play wins for Right). When both simplify to
//! stoppers `S` and `T`, the game is the stopper-sided value `S & T`, with
//! `T <= S` (and it is the stopper `S` itself when `S = T`). Otherwise
//! (carousels) the value keeps its two simplified side graphs.

use super::error::{LoopyError, LoopyResult};
use super::graph::Graph;
use super::simplify::simplify;
use super::stopper::{canonical, Stopper};
use super::store::{structure, StopperGraph};
use super::Side;
use crate::game::Game;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One simplified side of a general sided value: a graph whose start is
/// vertex 0, read with `side`'s bias.
#[derive(Clone, Debug)]
pub struct SideGraph {
    graph: Arc<Graph>,
    side: Side,
    /// The structure of the graph, for identity (LOOPY 1.8: `==` on
    /// general sided values is structural).
    key: StopperGraph,
}

impl SideGraph {
    pub(crate) fn new(graph: Graph, side: Side) -> SideGraph {
        let key = structure(&graph, 0);
        SideGraph {
            graph: Arc::new(graph),
            side,
            key,
        }
    }

    /// The simplified graph (start vertex 0).
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// Which side this is.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The side as a canonical stopper, if it is a stopper.
    pub fn as_stopper(&self) -> LoopyResult<Option<Stopper>> {
        if self.graph.is_stopper(0) {
            Ok(Some(canonical(&self.graph, 0)?))
        } else {
            Ok(None)
        }
    }
}

impl PartialEq for SideGraph {
    fn eq(&self, other: &SideGraph) -> bool {
        self.side == other.side && self.key == other.key
    }
}

impl Eq for SideGraph {}

impl Hash for SideGraph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.side.hash(state);
        self.key.hash(state);
    }
}

/// The value of a loopy game: a canonical stopper, a stopper-sided value
/// `onside & offside` (with `offside < onside`), or a general sided value
/// whose simplified sides are not both stoppers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SidedValue {
    /// A stopper: both sides are the same stopper.
    Stopper(Stopper),
    /// `onside & offside`, two different stoppers.
    StopperSided {
        /// The onside stopper.
        onside: Stopper,
        /// The offside stopper.
        offside: Stopper,
    },
    /// A sided value whose simplified sides are not both stoppers: the
    /// onside and offside graphs.
    General(Arc<[SideGraph; 2]>),
}

impl From<Stopper> for SidedValue {
    fn from(s: Stopper) -> SidedValue {
        SidedValue::Stopper(s)
    }
}

impl From<Game> for SidedValue {
    fn from(g: Game) -> SidedValue {
        SidedValue::Stopper(g.into())
    }
}

impl SidedValue {
    /// The value 0.
    pub fn zero() -> SidedValue {
        SidedValue::Stopper(Stopper::ZERO)
    }

    /// `dud = on & off`.
    pub fn dud() -> SidedValue {
        SidedValue::StopperSided {
            onside: Stopper::on(),
            offside: Stopper::off(),
        }
    }

    /// The value of vertex `start` of a game graph (LOOPY 1.5): the
    /// canonical stopper if the game is a stopper, otherwise the sided
    /// construction from its simplified onside and offside.
    pub fn from_graph(g: &Graph, start: u32) -> LoopyResult<SidedValue> {
        if start as usize >= g.len() {
            return Err(LoopyError::new(format!(
                "Vertex {start} is not in a graph of {} vertices.",
                g.len()
            )));
        }
        if g.is_stopper(start) {
            return Ok(canonical(g, start)?.into());
        }
        let onside = simplify(g, Some(start), Side::Onside)?;
        let offside = simplify(g, Some(start), Side::Offside)?;
        SidedValue::from_sides(onside, offside)
    }

    /// `onside & offside` for stoppers (LOOPY 1.7): the stopper itself if
    /// they are equal, else an error unless `offside <= onside`.
    pub fn sided(onside: Stopper, offside: Stopper) -> LoopyResult<SidedValue> {
        if onside == offside {
            return Ok(onside.into());
        }
        if offside.leq(onside)? {
            return Ok(SidedValue::StopperSided { onside, offside });
        }
        Err(LoopyError::new(format!(
            "offside is not <= onside: {offside} |> {onside}"
        )))
    }

    /// Sided construction (LOOPY 2.6) from simplified side graphs (start
    /// vertex 0 in each).
    pub(crate) fn from_sides(onside: Graph, offside: Graph) -> LoopyResult<SidedValue> {
        if onside.is_stopper(0) && offside.is_stopper(0) {
            let s = canonical(&onside, 0)?;
            let t = canonical(&offside, 0)?;
            return SidedValue::sided(s, t);
        }
        Ok(SidedValue::General(Arc::new([
            SideGraph::new(onside, Side::Onside),
            SideGraph::new(offside, Side::Offside),
        ])))
    }

    /// The stopper, if this value is one.
    pub fn as_stopper(&self) -> Option<Stopper> {
        match self {
            SidedValue::Stopper(s) => Some(*s),
            _ => None,
        }
    }

    /// The short game, if this value is one.
    pub fn as_short(&self) -> Option<Game> {
        self.as_stopper().and_then(Stopper::as_short)
    }

    /// Whether the value is a canonical stopper (CGSuite's `IsStopper`).
    pub fn is_stopper(&self) -> bool {
        matches!(self, SidedValue::Stopper(_))
    }

    /// Whether both sides are stoppers (`IsStopperSided`).
    pub fn is_stopper_sided(&self) -> bool {
        !matches!(self, SidedValue::General(_))
    }

    /// The onside and offside as stoppers, for a stopper-sided value
    /// (CGSuite's `Onside`/`Offside`; a stopper is both its sides). None
    /// for a general sided value, which has no such members.
    pub fn stopper_sides(&self) -> Option<(Stopper, Stopper)> {
        match self {
            SidedValue::Stopper(s) => Some((*s, *s)),
            SidedValue::StopperSided { onside, offside } => Some((*onside, *offside)),
            SidedValue::General(_) => None,
        }
    }

    /// The onside as a stopper (for stopper-sided values).
    pub fn onside(&self) -> Option<Stopper> {
        self.stopper_sides().map(|s| s.0)
    }

    /// The offside as a stopper (for stopper-sided values).
    pub fn offside(&self) -> Option<Stopper> {
        self.stopper_sides().map(|s| s.1)
    }

    /// The side graphs of a general sided value.
    pub fn side_graphs(&self) -> Option<&[SideGraph; 2]> {
        match self {
            SidedValue::General(s) => Some(s),
            _ => None,
        }
    }

    /// CGSuite's class of the value: `CanonicalShortGame` (or one of its
    /// subclasses, which the caller refines), `Pseudonumber`,
    /// `CanonicalStopper`, `StopperSidedValue` or `SidedValue`.
    pub fn class_name(&self) -> &'static str {
        match self {
            SidedValue::Stopper(s) if s.is_loopfree() => "CanonicalShortGame",
            SidedValue::Stopper(s) if s.is_pseudonumber() => "Pseudonumber",
            SidedValue::Stopper(_) => "CanonicalStopper",
            SidedValue::StopperSided { .. } => "StopperSidedValue",
            SidedValue::General(_) => "SidedValue",
        }
    }

    /// The explicit graph of one side (start vertex 0): a stopper side is
    /// expanded from its canonical form, a general side is its simplified
    /// graph.
    pub(crate) fn side_graph(&self, side: Side) -> LoopyResult<Arc<Graph>> {
        match self {
            SidedValue::Stopper(s) => s.graph(),
            SidedValue::StopperSided { onside, offside } => match side {
                Side::Onside => onside.graph(),
                Side::Offside => offside.graph(),
            },
            SidedValue::General(s) => Ok(s[side_index(side)].graph.clone()),
        }
    }
}

pub(crate) fn side_index(side: Side) -> usize {
    match side {
        Side::Onside => 0,
        Side::Offside => 1,
    }
}
