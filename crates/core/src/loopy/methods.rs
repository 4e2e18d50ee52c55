//! The methods of loopy values (LOOPY 2.10): stops, degree and variety,
//! outcome classes, followers, subordination and the powers of up with
//! loopy exponents, and the predicates.

use super::compare::{leq, Mode};
use super::error::{LoopyError, LoopyResult};
use super::graph::Graph;
use super::pseudonumber::Pseudonumber;
use super::sided::SidedValue;
use super::stopper::{canonical, Repr, Stopper};
use super::store::{self, node, shape_at, Target};
use super::{Player, Side};
use crate::game::{Game, Outcome};
use crate::number::{Dyadic, Integer};
use rustc_hash::FxHashMap;
use std::fmt;
use std::ops::Neg;

/// The outcome class of a loopy game (Siegel CGT VI.1): who wins with each
/// player moving first, where infinite play is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins.
    L,
    /// Right wins.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// A draw either way.
    D,
    /// Left wins moving first; a draw if Right moves first.
    NHat,
    /// Left wins moving second; a draw if Left moves first.
    PHat,
    /// Right wins moving first; a draw if Left moves first.
    NCheck,
    /// Right wins moving second; a draw if Right moves first.
    PCheck,
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::P => "P",
            OutcomeClass::N => "N",
            OutcomeClass::D => "D",
            OutcomeClass::NHat => "NHat",
            OutcomeClass::PHat => "PHat",
            OutcomeClass::NCheck => "NCheck",
            OutcomeClass::PCheck => "PCheck",
        })
    }
}

impl OutcomeClass {
    /// The class of a side from its comparisons with 0.
    fn of_signs(geq_zero: bool, leq_zero: bool) -> OutcomeClass {
        match (geq_zero, leq_zero) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }

    /// The class of a game from the classes of its onside and offside.
    fn combine(onside: OutcomeClass, offside: OutcomeClass) -> OutcomeClass {
        use OutcomeClass::*;
        match (onside, offside) {
            (L, N) => NHat,
            (L, P) => PHat,
            (L, R) => D,
            (N, R) => NCheck,
            (P, R) => PCheck,
            (on, _) => on,
        }
    }
}

impl From<Outcome> for OutcomeClass {
    fn from(o: Outcome) -> OutcomeClass {
        match o {
            Outcome::L => OutcomeClass::L,
            Outcome::R => OutcomeClass::R,
            Outcome::P => OutcomeClass::P,
            Outcome::N => OutcomeClass::N,
        }
    }
}

/// The stops of the vertices of one canonical graph, memoised by (vertex,
/// player); the recursion follows alternating paths, which end in a
/// stopper.
struct Stops {
    id: u32,
    memo: FxHashMap<(u32, Player), Pseudonumber>,
}

impl Stops {
    fn of_target(&mut self, t: Target, p: Player) -> LoopyResult<Pseudonumber> {
        match t {
            Target::Short(g) => {
                let (l, r) = g.stops();
                Ok(Pseudonumber::Number(if p == Player::Left { l } else { r }))
            }
            Target::Vertex(u) => self.at(u, p),
        }
    }

    /// The stop of vertex `v` with `p` moving first.
    fn at(&mut self, v: u32, p: Player) -> LoopyResult<Pseudonumber> {
        let g = &node(self.id).graph;
        if let Some(x) = shape_at(g, v) {
            return Ok(x);
        }
        if let Some(x) = self.memo.get(&(v, p)) {
            return Ok(x.clone());
        }
        let mut best: Option<Pseudonumber> = None;
        for &t in g.edges(v, p.index()) {
            let s = crate::stack::grow(|| self.of_target(t, p.other()))?;
            best = Some(match best {
                None => s,
                Some(b) if (p == Player::Left) == (s > b) => s,
                Some(b) => b,
            });
        }
        let stop = best.ok_or_else(|| {
            LoopyError::new(format!(
                "That game has no {} options, so it has no {} stop.",
                side_word(p),
                side_word(p)
            ))
        })?;
        self.memo.insert((v, p), stop.clone());
        Ok(stop)
    }
}

fn side_word(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

impl Stopper {
    /// The stop with `player` moving first (LOOPY 2.10): a pseudonumber.
    pub fn stop(self, player: Player) -> LoopyResult<Pseudonumber> {
        match self.repr() {
            Repr::Short(g) => {
                let (l, r) = g.stops();
                Ok(Pseudonumber::Number(if player == Player::Left {
                    l
                } else {
                    r
                }))
            }
            Repr::Loopy(id) => Stops {
                id,
                memo: FxHashMap::default(),
            }
            .at(0, player),
        }
    }

    /// Left's stop (LOOPY 2.10): where play ends when Left starts.
    pub fn left_stop(self) -> LoopyResult<Pseudonumber> {
        self.stop(Player::Left)
    }

    /// Right's stop (LOOPY 2.10): where play ends when Right starts.
    pub fn right_stop(self) -> LoopyResult<Pseudonumber> {
        self.stop(Player::Right)
    }

    /// The stop with `over`/`under` dropped (`StrongStop`).
    pub fn strong_stop(self, player: Player) -> LoopyResult<Pseudonumber> {
        Ok(self.stop(player)?.strong())
    }

    /// `Degree`: 0 for a short game, else `G Upsum (-G)`, which measures
    /// how loopy G is.
    pub fn degree(self) -> LoopyResult<Stopper> {
        if self.is_loopfree() {
            return Ok(Stopper::ZERO);
        }
        self.upsum(self.neg())
    }

    /// Whether `D + D = D`.
    pub fn is_idempotent(self) -> LoopyResult<bool> {
        Ok(self.add(self)? == SidedValue::Stopper(self))
    }

    fn require_idempotent(d: Stopper) -> LoopyResult<()> {
        if d.is_idempotent()? {
            Ok(())
        } else {
            Err(LoopyError::not_idempotent())
        }
    }

    /// `UpsumVariety(D) = G Upsum ((-G) Downsum (-D))`, for an idempotent D.
    pub fn upsum_variety(self, d: Stopper) -> LoopyResult<Stopper> {
        Stopper::require_idempotent(d)?;
        self.upsum(self.neg().downsum(d.neg())?)
    }

    /// `DownsumVariety(D) = G Downsum ((-G) Upsum D)`, for an idempotent D.
    pub fn downsum_variety(self, d: Stopper) -> LoopyResult<Stopper> {
        Stopper::require_idempotent(d)?;
        self.downsum(self.neg().upsum(d)?)
    }

    /// Both varieties relative to the degree, if the degree is idempotent.
    fn varieties(self) -> LoopyResult<(Stopper, Stopper)> {
        let d = self.degree()?;
        Ok((self.upsum_variety(d)?, self.downsum_variety(d)?))
    }

    /// `IsStable`: the upsum and downsum varieties relative to the degree
    /// agree.
    pub fn is_stable(self) -> LoopyResult<bool> {
        let (u, d) = self.varieties()?;
        Ok(u == d)
    }

    /// `Variety`: the common variety of a stable stopper (0 for short
    /// games); an error for an unstable one (Grenville's example).
    pub fn variety(self) -> LoopyResult<Stopper> {
        if self.is_loopfree() {
            return Ok(Stopper::ZERO);
        }
        let (u, d) = self.varieties()?;
        if u == d {
            Ok(u)
        } else {
            Err(LoopyError::new("That game is not stable."))
        }
    }

    /// The outcome class: `P` only for 0, otherwise from the comparisons
    /// with 0.
    pub fn outcome(self) -> LoopyResult<OutcomeClass> {
        if let Some(g) = self.as_short() {
            return Ok(g.outcome().into());
        }
        Ok(OutcomeClass::of_signs(
            Stopper::ZERO.leq(self)?,
            self.leq(Stopper::ZERO)?,
        ))
    }

    /// Every cycle is a pass (`IsPlumtree`).
    pub fn is_plumtree(self) -> bool {
        match self.repr() {
            Repr::Short(_) => true,
            Repr::Loopy(id) => store::plumtree(id),
        }
    }

    /// Both strong stops are 0 (`IsInfinitesimal`).
    pub fn is_infinitesimal(self) -> LoopyResult<bool> {
        let zero = Pseudonumber::Number(Dyadic::zero());
        Ok(self.strong_stop(Player::Left)? == zero && self.strong_stop(Player::Right)? == zero)
    }

    /// The strong Left stop is a number equal to the strong Right stop
    /// (`IsNumberish`).
    pub fn is_numberish(self) -> LoopyResult<bool> {
        let l = self.strong_stop(Player::Left)?;
        Ok(l.number().is_some() && l == self.strong_stop(Player::Right)?)
    }

    /// `{x || x | y}` with `y - x <= under`, or the mirror image
    /// (`IsNumberTiny`; for short games, the short-game test).
    pub fn is_number_tiny(self) -> LoopyResult<bool> {
        if let Some(g) = self.as_short() {
            return Ok(g.as_number_tiny().is_some());
        }
        let (l, r) = (self.left_options(), self.right_options());
        let ([a], [b]) = (l.as_slice(), r.as_slice()) else {
            return Ok(false);
        };
        let under = Stopper::under();
        let below_under = |p: Stopper, q: Stopper| -> LoopyResult<bool> {
            match p.sub(q)?.as_stopper() {
                Some(d) => d.leq(under),
                None => Ok(false),
            }
        };
        let number = |s: &Stopper| s.as_short().is_some_and(|g| g.is_number());
        if number(a) {
            if let ([bl], [y]) = (b.left_options().as_slice(), b.right_options().as_slice()) {
                if bl == a && below_under(*y, *a)? {
                    return Ok(true);
                }
            }
        }
        if number(b) {
            if let ([y], [ar]) = (a.left_options().as_slice(), a.right_options().as_slice()) {
                if ar == b && below_under(*b, *y)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Every follower (the stopper at each vertex of the canonical graph,
    /// itself included), in graph order.
    pub fn followers(self) -> LoopyResult<Vec<Stopper>> {
        let mut out = Vec::new();
        let mut seen_short = rustc_hash::FxHashSet::default();
        let mut shorts = Vec::new();
        match self.repr() {
            Repr::Short(g) => shorts.push(g),
            Repr::Loopy(id) => {
                let g = &node(id).graph;
                for v in 0..g.len() as u32 {
                    out.push(Stopper::loopy(store::vertex_id(id, v)));
                    for t in g.vertices[v as usize].iter().flatten() {
                        if let Target::Short(x) = *t {
                            shorts.push(x);
                        }
                    }
                }
            }
        }
        let limit = super::flatten::VERTEX_BUDGET;
        for s in shorts {
            let fs = s.followers(limit).ok_or_else(|| {
                LoopyError::too_large("the followers", limit as u128 + 1, limit as u128)
            })?;
            for f in fs {
                if seen_short.insert(f) {
                    out.push(f.into());
                }
            }
        }
        Ok(out)
    }

    /// The number of followers (vertices of the canonical graph).
    pub fn follower_count(self) -> LoopyResult<Integer> {
        match self.repr() {
            Repr::Short(g) => Ok(g.follower_count()),
            Repr::Loopy(_) => Ok(Integer::from(self.graph()?.len())),
        }
    }

    /// `Tiny(G) = {0 || 0 | -G}`.
    pub fn tiny(self) -> LoopyResult<Stopper> {
        let inner = Stopper::from_options(&[Stopper::ZERO], &[self.neg()])?;
        Stopper::from_options(&[Stopper::ZERO], &[inner])
    }

    /// `Miny(G) = {G | 0 || 0}`.
    pub fn miny(self) -> LoopyResult<Stopper> {
        let inner = Stopper::from_options(&[self], &[Stopper::ZERO])?;
        Stopper::from_options(&[inner], &[Stopper::ZERO])
    }

    /// `Subordinate(B)`: the unique K with `G = B : K`, for the base B
    /// given by its (canonical) options (LOOPY 2.10). Every follower X
    /// must, for each Left option b of B, have some `X^L >= b` or `X >= c`
    /// for some Right option c of b (and mirror-wise for Right); K keeps
    /// the moves of X that are not options of B.
    pub fn subordinate(self, base_left: &[Game], base_right: &[Game]) -> LoopyResult<Stopper> {
        let mut graph = Graph::new();
        let mut index: FxHashMap<Stopper, u32> = FxHashMap::default();
        let mut todo = vec![self];
        let root = graph.add_vertex();
        index.insert(self, root);
        let mut edges: Vec<(u32, Player, Stopper)> = Vec::new();
        while let Some(x) = todo.pop() {
            crate::interrupt::check();
            let v = index[&x];
            for (p, base) in [(Player::Left, base_left), (Player::Right, base_right)] {
                let opts = x.options(p);
                for &b in base {
                    let bs = Stopper::from(b);
                    let direct = opts
                        .iter()
                        .try_fold(false, |acc, &o| -> LoopyResult<bool> {
                            Ok(acc
                                || match p {
                                    Player::Left => o.geq(bs)?,
                                    Player::Right => o.leq(bs)?,
                                })
                        })?;
                    let counter = match p {
                        Player::Left => b.right_options(),
                        Player::Right => b.left_options(),
                    };
                    let via = counter
                        .iter()
                        .try_fold(false, |acc, &c| -> LoopyResult<bool> {
                            Ok(acc
                                || match p {
                                    Player::Left => x.geq(c.into())?,
                                    Player::Right => x.leq(c.into())?,
                                })
                        })?;
                    if !direct && !via {
                        return Err(LoopyError::not_subordinate());
                    }
                }
                for o in opts {
                    if o.as_short().is_some_and(|g| base.contains(&g)) {
                        continue;
                    }
                    if let std::collections::hash_map::Entry::Vacant(e) = index.entry(o) {
                        e.insert(graph.add_vertex());
                        todo.push(o);
                    }
                    edges.push((v, p, o));
                }
            }
        }
        for (v, p, o) in edges {
            graph.add_edge(v, p, index[&o]);
        }
        Stopper::from_graph(&graph, root)
    }
}

/// The base `1 = {0 |}` of `PowTo`.
fn subordinate_to_one(x: &Pseudonumber) -> LoopyResult<Stopper> {
    Stopper::from_pseudonumber(x)
        .subordinate(&[Game::ZERO], &[])
        .map_err(|_| LoopyError::invalid_exponent())
}

/// `G.PowTo(x)` for a short game G and a pseudonumber x (LOOPY 2.10): 0 for
/// x = 0, else `G : x.Subordinate(1)`.
pub fn pow_to(g: Game, x: &Pseudonumber) -> LoopyResult<Stopper> {
    if let Pseudonumber::Number(n) = x {
        return g
            .pow_to(n)
            .map(Stopper::from)
            .ok_or_else(LoopyError::invalid_exponent);
    }
    Stopper::from(g).ordinal_sum(subordinate_to_one(x)?)
}

/// `G.Pow(x)` for `G = {0 | H}` and a pseudonumber x:
/// `{0 | -G.PowTo(x - 1) + H}` (LOOPY 2.10).
pub fn pow(g: Game, x: &Pseudonumber) -> LoopyResult<Stopper> {
    let (l, r) = (g.left_options(), g.right_options());
    let ([zero], [h]) = (l, r) else {
        return Err(invalid_base());
    };
    if !zero.is_zero() {
        return Err(invalid_base());
    }
    if let Pseudonumber::Number(n) = x {
        if n.to_integer().is_some() {
            return g
                .pow(n)
                .map(Stopper::from)
                .ok_or_else(LoopyError::invalid_exponent);
        }
    }
    let below = pow_to(g, &x.translate(&-Dyadic::one()))?;
    let right = below
        .neg()
        .add(Stopper::from(*h))?
        .as_stopper()
        .ok_or_else(LoopyError::invalid_exponent)?;
    Stopper::from_options(&[Stopper::ZERO], &[right])
}

fn invalid_base() -> LoopyError {
    LoopyError::new("Invalid base for `Pow` operation (base must be of the form {0|H}).")
}

impl SidedValue {
    /// `G <= H` (LOOPY 2.2): side by side for stopper-sided values; for
    /// other values the onsides by the onside order and the offsides by
    /// the offside order (the stopper order where both sides compared are
    /// stoppers).
    pub fn leq(&self, other: &SidedValue) -> LoopyResult<bool> {
        if let (Some((s1, t1)), Some((s2, t2))) = (self.stopper_sides(), other.stopper_sides()) {
            return Ok(s1.leq(s2)? && t1.leq(t2)?);
        }
        for side in [Side::Onside, Side::Offside] {
            let (g, h) = (self.side_graph(side)?, other.side_graph(side)?);
            let mode = if g.is_stopper(0) && h.is_stopper(0) {
                Mode::Stopper
            } else {
                side.into()
            };
            if !leq(&g, 0, &h, 0, mode)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `G >= H`.
    pub fn geq(&self, other: &SidedValue) -> LoopyResult<bool> {
        other.leq(self)
    }

    /// The outcome class (LOOPY 2.10): the classes of the two sides,
    /// combined.
    pub fn outcome(&self) -> LoopyResult<OutcomeClass> {
        match self {
            SidedValue::Stopper(s) => s.outcome(),
            SidedValue::StopperSided { onside, offside } => {
                Ok(OutcomeClass::combine(onside.outcome()?, offside.outcome()?))
            }
            SidedValue::General(_) => {
                let zero = Graph::with_vertices(1);
                let mut classes = Vec::with_capacity(2);
                for side in [Side::Onside, Side::Offside] {
                    let g = self.side_graph(side)?;
                    let class = if g.is_stopper(0) {
                        canonical(&g, 0)?.outcome()?
                    } else {
                        let mode = side.into();
                        OutcomeClass::of_signs(
                            leq(&zero, 0, &g, 0, mode)?,
                            leq(&g, 0, &zero, 0, mode)?,
                        )
                    };
                    classes.push(class);
                }
                Ok(OutcomeClass::combine(classes[0], classes[1]))
            }
        }
    }

    /// `V + V == V` (structurally for general values).
    pub fn is_idempotent(&self) -> LoopyResult<bool> {
        Ok(self.add(self)? == *self)
    }

    /// `IsPseudonumber`.
    pub fn is_pseudonumber(&self) -> bool {
        self.as_stopper().is_some_and(Stopper::is_pseudonumber)
    }

    /// `IsLoopfree`.
    pub fn is_loopfree(&self) -> bool {
        self.as_short().is_some()
    }

    /// `IsPlumtree` (false for values that are not stoppers).
    pub fn is_plumtree(&self) -> bool {
        self.as_stopper().is_some_and(Stopper::is_plumtree)
    }

    /// `IsInfinitesimal`: for stopper-sided values, both sides are.
    pub fn is_infinitesimal(&self) -> LoopyResult<bool> {
        match self.stopper_sides() {
            Some((s, t)) => Ok(s.is_infinitesimal()? && t.is_infinitesimal()?),
            None => Ok(false),
        }
    }

    /// `IsNumberish`: for a stopper-sided value `S & T`, the strong Left
    /// stop of S equals the strong Right stop of T (CGSuite does not check
    /// that it is a number; LOOPY pitfall 8).
    pub fn is_numberish(&self) -> LoopyResult<bool> {
        match self {
            SidedValue::Stopper(s) => s.is_numberish(),
            SidedValue::StopperSided { onside, offside } => {
                Ok(onside.strong_stop(Player::Left)? == offside.strong_stop(Player::Right)?)
            }
            SidedValue::General(_) => Ok(false),
        }
    }

    /// `IsNumberTiny` (false for values that are not stoppers).
    pub fn is_number_tiny(&self) -> LoopyResult<bool> {
        match self.as_stopper() {
            Some(s) => s.is_number_tiny(),
            None => Ok(false),
        }
    }
}
