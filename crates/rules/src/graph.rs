//! Graphs for the graph rulesets (RULESETS 3.1).

use crate::args::{Arg, Args};
use crate::error::RuleResult;
use std::fmt;

/// An undirected multigraph with labelled vertices and edges.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    /// Vertex labels, vertex i+1 at index i.
    pub vertex_labels: Vec<String>,
    /// Edges (u, v, label), 0-based vertices, in creation order.
    pub edges: Vec<(usize, usize, String)>,
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vertices, {} edges",
            self.vertex_labels.len(),
            self.edges.len()
        )
    }
}

/// `Graph.Path(n)` and the other graph constructors.
pub fn class_member(_member: &str, _args: &Args) -> Option<RuleResult<Arg>> {
    None
}
