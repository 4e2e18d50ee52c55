//! Loopy specifiers (LOOPY 1.2-1.6): braces with option lists, `pass`,
//! node labels and back-references, built into a game graph.
//!
//! The language parses `a{0, pass | {*|a}}` into a [`Spec`] tree and calls
//! [`Spec::build`]. Which braces are loopy is decided while parsing
//! (LOOPY 1.2): a brace (or slash level) whose own option lists contain
//! `pass`, or that carries a label, is a loopy node; inside it, every
//! nested brace or deeper slash level is a [`SpecOption::Node`], a bare
//! name that is an enclosing label is a [`SpecOption::Label`] (resolved
//! here to the innermost enclosing node with that label), and any other
//! option expression is evaluated first and given as a
//! [`SpecOption::Value`]. A brace that is not loopy is an ordinary
//! specifier: its options are evaluated and combined with
//! [`SidedValue::from_options`]. Vertices are numbered as LOOPY 1.4 prescribes:
//! depth-first preorder from the root, Left targets before Right targets,
//! passes after the other edges of their list, equal short games sharing
//! one vertex; the numbering matters only for carousels (LOOPY 2.8).

use super::error::{LoopyError, LoopyResult};
use super::flatten::{Flattener, Item, Targets};
use super::graph::Graph;
use super::sided::SidedValue;
use super::simplify::simplify;
use super::stopper::Stopper;
use super::{Player, Side};
use crate::game::Game;

/// A loopy specifier node: `label{left, pass | right}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spec {
    /// The node label (`a` in `a{0|a}`), visible to every option inside.
    pub label: Option<String>,
    /// Left's options, in the order written.
    pub left: Vec<SpecOption>,
    /// Right's options, in the order written.
    pub right: Vec<SpecOption>,
    /// `pass` appears among the Left options.
    pub left_pass: bool,
    /// `pass` appears among the Right options.
    pub right_pass: bool,
}

/// One option of a loopy specifier.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecOption {
    /// A nested brace, a vertex of the same graph.
    Node(Spec),
    /// A back-reference to the enclosing node with this label.
    Label(String),
    /// An evaluated value; it must be a canonical stopper (short games and
    /// pseudonumbers included).
    Value(SidedValue),
}

/// A node of the flattened specifier tree.
struct Flat {
    left: Vec<Item>,
    right: Vec<Item>,
}

impl Spec {
    /// A node with these options and no passes or label.
    pub fn new(left: Vec<SpecOption>, right: Vec<SpecOption>) -> Spec {
        Spec {
            left,
            right,
            ..Spec::default()
        }
    }

    /// The same node with a label.
    pub fn labelled(mut self, label: impl Into<String>) -> Spec {
        self.label = Some(label.into());
        self
    }

    /// The same node with a Left pass.
    pub fn with_left_pass(mut self) -> Spec {
        self.left_pass = true;
        self
    }

    /// The same node with a Right pass.
    pub fn with_right_pass(mut self) -> Spec {
        self.right_pass = true;
        self
    }

    /// The game graph of the specifier and its root vertex (LOOPY 1.4).
    pub fn graph(&self) -> LoopyResult<(Graph, u32)> {
        let mut nodes: Vec<Flat> = Vec::new();
        let root = flatten(self, &mut Vec::new(), &mut nodes)?;
        let mut f = Flattener::new();
        let mut targets = |i: u32| -> Targets {
            let n = &nodes[i as usize];
            (n.left.clone(), n.right.clone())
        };
        let start = f.add(root, &mut targets)?;
        Ok((f.graph, start))
    }

    /// The value of the specifier (LOOPY 1.5).
    pub fn build(&self) -> LoopyResult<SidedValue> {
        let (g, start) = self.graph()?;
        SidedValue::from_graph(&g, start)
    }
}

/// Number the nodes of `spec` (preorder) and resolve its options to
/// items; `scope` holds the labels of the enclosing nodes with their
/// indices. Returns the item of `spec` itself.
fn flatten(
    spec: &Spec,
    scope: &mut Vec<(String, u32)>,
    nodes: &mut Vec<Flat>,
) -> LoopyResult<Item> {
    let empty =
        spec.left.is_empty() && spec.right.is_empty() && !spec.left_pass && !spec.right_pass;
    if empty {
        // `{|}` is the terminal 0.
        return Ok(Item::Short(Game::ZERO));
    }
    let me = nodes.len() as u32;
    nodes.push(Flat {
        left: Vec::new(),
        right: Vec::new(),
    });
    let labelled = spec.label.is_some();
    if let Some(l) = &spec.label {
        scope.push((l.clone(), me));
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, opts) in [&spec.left, &spec.right].into_iter().enumerate() {
        for o in opts {
            let item = crate::stack::grow(|| option_item(o, scope, nodes))?;
            sides[k].push(item);
        }
    }
    if spec.left_pass {
        sides[0].push(Item::Ext(me));
    }
    if spec.right_pass {
        sides[1].push(Item::Ext(me));
    }
    if labelled {
        scope.pop();
    }
    let [left, right] = sides;
    nodes[me as usize] = Flat { left, right };
    Ok(Item::Ext(me))
}

fn option_item(
    o: &SpecOption,
    scope: &mut Vec<(String, u32)>,
    nodes: &mut Vec<Flat>,
) -> LoopyResult<Item> {
    match o {
        SpecOption::Node(s) => flatten(s, scope, nodes),
        SpecOption::Label(name) => scope
            .iter()
            .rev()
            .find(|(l, _)| l == name)
            .map(|&(_, i)| Item::Ext(i))
            .ok_or_else(|| LoopyError::new(format!("The label `{name}` is not defined here."))),
        SpecOption::Value(v) => match v.as_stopper() {
            Some(s) => Ok(Item::of(s)),
            None => Err(not_a_stopper(v)),
        },
    }
}

fn not_a_stopper(v: &SidedValue) -> LoopyError {
    LoopyError::new(format!(
        "Invalid loopy game specifier: the option {v} is not a stopper."
    ))
}

impl SidedValue {
    /// `{left | right}` for evaluated options (LOOPY 1.6): a short game if
    /// every option is short, a canonical stopper if every option is a
    /// stopper, otherwise the sided construction from a graph hanging the
    /// options' onsides and one hanging their offsides.
    pub fn from_options(left: &[SidedValue], right: &[SidedValue]) -> LoopyResult<SidedValue> {
        let stoppers = |v: &[SidedValue]| {
            v.iter()
                .map(SidedValue::as_stopper)
                .collect::<Option<Vec<_>>>()
        };
        if let (Some(l), Some(r)) = (stoppers(left), stoppers(right)) {
            return Ok(Stopper::from_options(&l, &r)?.into());
        }
        let mut sides = Vec::with_capacity(2);
        for side in [Side::Onside, Side::Offside] {
            let graphs: Vec<_> = left
                .iter()
                .chain(right)
                .map(|v| match v.as_stopper() {
                    Some(_) => Ok(None),
                    None => v.side_graph(side).map(Some),
                })
                .collect::<LoopyResult<_>>()?;
            let mut f = Flattener::new();
            let root = f.graph.add_vertex();
            let keys: Vec<Option<u32>> = graphs
                .iter()
                .map(|g| g.as_deref().map(|g| f.register(g)))
                .collect();
            for (i, v) in left.iter().chain(right).enumerate() {
                let item = match (v.as_stopper(), keys[i]) {
                    (Some(s), _) => Item::of(s),
                    (None, Some(k)) => Item::Side(k, 0),
                    (None, None) => return Err(not_a_stopper(v)),
                };
                let t = f.add(item, &mut |_| (Vec::new(), Vec::new()))?;
                let p = if i < left.len() {
                    Player::Left
                } else {
                    Player::Right
                };
                f.graph.add_edge(root, p, t);
            }
            sides.push(simplify(&f.graph, Some(root), side)?);
        }
        let offside = sides.pop().unwrap_or_default();
        let onside = sides.pop().unwrap_or_default();
        SidedValue::from_sides(onside, offside)
    }
}
