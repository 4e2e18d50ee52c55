//! Canonical stoppers (Siegel CGT VI.3; LOOPY 2.5).
//!
//! A stopper is a loopy game with no infinite alternating play. Each
//! stopper value has a unique canonical form: no dominated options, no
//! reversible options, no two distinct equal vertices; two canonical
//! stoppers are equal iff their graphs are isomorphic. A [`Stopper`] is a
//! handle to such a form: a canonical short game, or an interned loopy
//! graph (`store`).
//!
//! Canonicalisation: a loopfree graph goes straight to the short-game
//! canonicaliser; otherwise the graph is packed, every reachable vertex is
//! reduced once with the stopper comparison table (R1-R3), equal vertices
//! are fused and the result packed again.

use super::compare::{self, Mode};
use super::error::{LoopyError, LoopyResult};
use super::flatten::Flattener;
use super::graph::Graph;
use super::pseudonumber::Pseudonumber;
use super::reduce::{basic_round, fuse};
use super::store::{self, node, StopperGraph, Target};
use super::Player;
use crate::game::store::lock;
use crate::game::Game;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A canonical stopper: a canonical short game or a canonical loopy
/// stopper graph. Equal values have equal handles.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stopper(Repr);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Repr {
    Short(Game),
    Loopy(u32),
}

impl std::fmt::Debug for Stopper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Repr::Short(g) => write!(f, "Stopper({g:?})"),
            Repr::Loopy(id) => write!(f, "Stopper(loopy#{id}: {self})"),
        }
    }
}

impl From<Game> for Stopper {
    fn from(g: Game) -> Stopper {
        Stopper(Repr::Short(g))
    }
}

impl Stopper {
    /// The stopper 0.
    pub const ZERO: Stopper = Stopper(Repr::Short(Game::ZERO));

    pub(crate) fn repr(self) -> Repr {
        self.0
    }

    pub(crate) fn loopy(id: u32) -> Stopper {
        Stopper(Repr::Loopy(id))
    }

    /// The short game, if this stopper is loopfree.
    pub fn as_short(self) -> Option<Game> {
        match self.0 {
            Repr::Short(g) => Some(g),
            Repr::Loopy(_) => None,
        }
    }

    /// No cycle is reachable: a canonical short game.
    pub fn is_loopfree(self) -> bool {
        self.as_short().is_some()
    }

    /// The pseudonumber this stopper is (`on`, `off`, a number, `x over`,
    /// `x under`), if any.
    pub fn as_pseudonumber(self) -> Option<Pseudonumber> {
        match self.0 {
            Repr::Short(g) => g.as_number().cloned().map(Pseudonumber::Number),
            Repr::Loopy(id) => node(id).pseudonumber.clone(),
        }
    }

    /// Whether this stopper is a pseudonumber.
    pub fn is_pseudonumber(self) -> bool {
        match self.0 {
            Repr::Short(g) => g.is_number(),
            Repr::Loopy(id) => node(id).pseudonumber.is_some(),
        }
    }

    /// The stopper a pseudonumber stands for.
    pub fn from_pseudonumber(p: &Pseudonumber) -> Stopper {
        let pass = Target::Vertex(0);
        let number = |x: &crate::number::Dyadic| Target::Short(Game::number(x.clone()));
        let (l, r) = match p {
            Pseudonumber::Number(x) => return Game::number(x.clone()).into(),
            Pseudonumber::On => (vec![pass], vec![]),
            Pseudonumber::Off => (vec![], vec![pass]),
            Pseudonumber::Over(x) => (vec![number(x)], vec![pass]),
            Pseudonumber::Under(x) => (vec![pass], vec![number(x)]),
        };
        Stopper::intern_one(l, r)
    }

    /// The stopper of one loopy vertex with these targets (which must form
    /// a canonical stopper).
    fn intern_one(left: Vec<Target>, right: Vec<Target>) -> Stopper {
        let g = StopperGraph {
            vertices: vec![[left, right]],
        };
        Stopper::loopy(store::intern(&g, 0))
    }

    /// `on = {pass |}`.
    pub fn on() -> Stopper {
        Stopper::from_pseudonumber(&Pseudonumber::On)
    }

    /// `off = {| pass}`.
    pub fn off() -> Stopper {
        Stopper::from_pseudonumber(&Pseudonumber::Off)
    }

    /// `over = {0 | pass}`.
    pub fn over() -> Stopper {
        Stopper::from_pseudonumber(&Pseudonumber::Over(Default::default()))
    }

    /// `under = {pass | 0}`.
    pub fn under() -> Stopper {
        Stopper::from_pseudonumber(&Pseudonumber::Under(Default::default()))
    }

    /// `upon = {pass | *}`, printed `^[on]`.
    pub fn upon() -> Stopper {
        Stopper::intern_one(vec![Target::Vertex(0)], vec![Target::Short(Game::star())])
    }

    /// The canonical stopper at `start` of a graph, or an error if an
    /// alternating cycle is reachable from `start`.
    pub fn from_graph(g: &Graph, start: u32) -> LoopyResult<Stopper> {
        if start as usize >= g.len() {
            return Err(LoopyError::new("The start vertex is not in the graph."));
        }
        if !g.is_stopper(start) {
            return Err(LoopyError::new("That game is not a stopper."));
        }
        canonical(g, start)
    }

    /// The canonical form of `{left | right}` for stopper options
    /// (LOOPY 1.6: all options stoppers gives a stopper).
    pub fn from_options(left: &[Stopper], right: &[Stopper]) -> LoopyResult<Stopper> {
        let shorts = |v: &[Stopper]| v.iter().map(|s| s.as_short()).collect::<Option<Vec<_>>>();
        if let (Some(l), Some(r)) = (shorts(left), shorts(right)) {
            return Ok(Game::from_options(&l, &r).into());
        }
        let mut f = Flattener::new();
        let root = f.graph.add_vertex();
        for (p, opts) in [(Player::Left, left), (Player::Right, right)] {
            for &o in opts {
                let v = f.stopper(o)?;
                f.graph.add_edge(root, p, v);
            }
        }
        canonical(&f.graph, root)
    }

    /// The options of `player`, as stoppers (a pass gives the stopper
    /// itself), in the canonical graph's order.
    pub fn options(self, player: Player) -> Vec<Stopper> {
        match self.0 {
            Repr::Short(g) => {
                let opts = match player {
                    Player::Left => g.left_options(),
                    Player::Right => g.right_options(),
                };
                opts.iter().map(|&o| o.into()).collect()
            }
            Repr::Loopy(id) => node(id)
                .graph
                .edges(0, player.index())
                .iter()
                .map(|t| target_value(id, *t))
                .collect(),
        }
    }

    /// Left's options, as canonical stoppers.
    pub fn left_options(self) -> Vec<Stopper> {
        self.options(Player::Left)
    }

    /// Right's options, as canonical stoppers.
    pub fn right_options(self) -> Vec<Stopper> {
        self.options(Player::Right)
    }

    /// The explicit graph of this stopper (root 0): its canonical loopy
    /// vertices and the option graphs of its short followers.
    pub fn graph(self) -> LoopyResult<Arc<Graph>> {
        type Flat = LoopyResult<Arc<Graph>>;
        static SHORT: OnceLock<Mutex<FxHashMap<Game, Arc<Graph>>>> = OnceLock::new();
        static LOOPY: OnceLock<Mutex<FxHashMap<u32, Flat>>> = OnceLock::new();
        let build = || -> Flat {
            let mut f = Flattener::new();
            f.stopper(self)?;
            Ok(Arc::new(f.graph))
        };
        match self.0 {
            Repr::Short(g) => {
                let cache = SHORT.get_or_init(Default::default);
                if let Some(a) = lock(cache).get(&g) {
                    return Ok(a.clone());
                }
                let a = build()?;
                lock(cache).insert(g, a.clone());
                Ok(a)
            }
            Repr::Loopy(id) => {
                let cache = LOOPY.get_or_init(Default::default);
                if let Some(a) = lock(cache).get(&id) {
                    return a.clone();
                }
                let a = build();
                lock(cache).insert(id, a.clone());
                a
            }
        }
    }

    /// `G <= H` in the order of stoppers (Left survives `H - G` moving
    /// second; LOOPY 2.2).
    pub fn leq(self, other: Stopper) -> LoopyResult<bool> {
        if self == other {
            return Ok(true);
        }
        if let (Repr::Short(a), Repr::Short(b)) = (self.0, other.0) {
            return Ok(a.leq(b));
        }
        if let (Some(a), Some(b)) = (self.as_pseudonumber(), other.as_pseudonumber()) {
            return Ok(a <= b);
        }
        static CACHE: OnceLock<Mutex<FxHashMap<(Stopper, Stopper), bool>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        if let Some(&b) = lock(cache).get(&(self, other)) {
            return Ok(b);
        }
        let (g, h) = (self.graph()?, other.graph()?);
        let result = compare::leq(&g, 0, &h, 0, Mode::Stopper)?;
        lock(cache).insert((self, other), result);
        Ok(result)
    }

    /// `G >= H`.
    pub fn geq(self, other: Stopper) -> LoopyResult<bool> {
        other.leq(self)
    }
}

impl std::ops::Neg for Stopper {
    type Output = Stopper;

    /// The negative: Left and Right exchanged (the canonical graph
    /// mirrored, which is again canonical).
    fn neg(self) -> Stopper {
        match self.0 {
            Repr::Short(g) => (-g).into(),
            Repr::Loopy(id) => {
                let n = node(id);
                let neg = *n.neg.get_or_init(|| {
                    let vertices = n
                        .graph
                        .vertices
                        .iter()
                        .map(|[l, r]| [negate_targets(r), negate_targets(l)])
                        .collect();
                    let neg = store::intern(&StopperGraph { vertices }, 0);
                    // A switch is its own negative: its cell is the one
                    // being initialised.
                    if neg != id {
                        let _ = node(neg).neg.set(id);
                    }
                    neg
                });
                Stopper::loopy(neg)
            }
        }
    }
}

fn negate_targets(ts: &[Target]) -> Vec<Target> {
    ts.iter()
        .map(|t| match *t {
            Target::Short(g) => Target::Short(-g),
            t => t,
        })
        .collect()
}

/// The stopper an edge target of node `id` stands for.
pub(crate) fn target_value(id: u32, t: Target) -> Stopper {
    match t {
        Target::Short(g) => g.into(),
        Target::Vertex(u) => Stopper::loopy(store::vertex_id(id, u)),
    }
}

/// The canonical stopper at `start` of a graph that is a stopper from
/// `start` (LOOPY 2.5).
pub(crate) fn canonical(g: &Graph, start: u32) -> LoopyResult<Stopper> {
    if g.is_loopfree(start) {
        let values = short_values(g, &g.reachable(Some(start)));
        return Ok(values[start as usize].unwrap_or(Game::ZERO).into());
    }
    let mut g = g.pack(start);
    // One round normally suffices; repeat while a round still changes
    // something (a bounded number of times).
    for _ in 0..=g.len() {
        let (changed, table) = basic_round(&mut g, Some(0), Mode::Stopper)?;
        let reachable = g.reachable(Some(0)).iter().filter(|&&r| r).count();
        g = fuse(&g, 0, false, Some(table))?;
        if !changed && g.len() == reachable {
            break;
        }
    }
    Ok(intern_canonical(&g))
}

/// The short game at every marked vertex of `g` (the marked set must be
/// closed under moves and loopfree).
fn short_values(g: &Graph, marked: &[bool]) -> Vec<Option<Game>> {
    let n = g.len();
    let mut value: Vec<Option<Game>> = vec![None; n];
    for root in 0..n as u32 {
        if !marked[root as usize] || value[root as usize].is_some() {
            continue;
        }
        // Postorder with an explicit stack: (vertex, children pushed).
        let mut stack = vec![(root, false)];
        while let Some((v, expanded)) = stack.pop() {
            if value[v as usize].is_some() {
                continue;
            }
            if expanded {
                let opts = |p: Player| -> Vec<Game> {
                    g.edges(v, p)
                        .iter()
                        .map(|&t| value[t as usize].unwrap_or(Game::ZERO))
                        .collect()
                };
                value[v as usize] = Some(Game::from_options(
                    &opts(Player::Left),
                    &opts(Player::Right),
                ));
            } else {
                stack.push((v, true));
                for t in g.all_edges(v) {
                    if value[t as usize].is_none() {
                        stack.push((t, false));
                    }
                }
            }
        }
    }
    value
}

/// Intern a packed canonical stopper graph (root 0): loopfree vertices
/// become short games, the loopy vertices form the stored graph.
pub(crate) fn intern_canonical(g: &Graph) -> Stopper {
    let loopfree = g.loopfree_vertices();
    if loopfree[0] {
        let values = short_values(g, &loopfree);
        return values[0].unwrap_or(Game::ZERO).into();
    }
    let values = short_values(g, &loopfree);
    let mut index = vec![u32::MAX; g.len()];
    let mut loopy = Vec::new();
    for v in 0..g.len() {
        if !loopfree[v] {
            index[v] = loopy.len() as u32;
            loopy.push(v as u32);
        }
    }
    let target = |t: u32| match values[t as usize] {
        Some(x) if loopfree[t as usize] => Target::Short(x),
        _ => Target::Vertex(index[t as usize]),
    };
    let vertices = loopy
        .iter()
        .map(|&v| {
            [Player::Left, Player::Right]
                .map(|p| g.edges(v, p).iter().map(|&t| target(t)).collect())
        })
        .collect();
    Stopper::loopy(store::intern(&StopperGraph { vertices }, 0))
}
