//! Normal forms of small graphs for the graph rulesets' transposition
//! tables, and bitmask helpers for graphs of at most 64 vertices.
//!
//! [`canonical_order`] numbers the vertices of a vertex- and edge-coloured
//! multigraph by colour refinement (each vertex's colour is repeatedly
//! refined by the multiset of its edges' colours and neighbours' colours),
//! individualising one vertex of the first tied class whenever refinement
//! stops. Isomorphic graphs get the same numbering whenever every tie
//! that is broken is between vertices related by an automorphism, which
//! holds for forests (so for paths, stalks and trees) and most small graphs;
//! otherwise the numbering is still an isomorphism, so values stay correct
//! and only a transposition-table hit may be missed.

/// For each vertex, its new number (a permutation of `0..n`).
///
/// `colours[v]` is the colour of vertex v; `adj[v]` lists (neighbour, edge
/// colour) pairs, a loop once with the vertex itself as neighbour.
pub fn canonical_order(colours: &[u64], adj: &[Vec<(usize, u8)>]) -> Vec<usize> {
    let n = colours.len();
    let mut col = ranks(colours);
    refine(&mut col, adj);
    loop {
        // The smallest colour shared by two vertices.
        let mut count = vec![0u32; n];
        for &c in &col {
            count[c as usize] += 1;
        }
        let Some(tied) = (0..n).find(|&c| count[c] > 1) else {
            return col.iter().map(|&c| c as usize).collect();
        };
        let Some(v) = (0..n).find(|&v| col[v] as usize == tied) else {
            return col.iter().map(|&c| c as usize).collect();
        };
        let lifted: Vec<u64> = (0..n)
            .map(|u| 2 * col[u] as u64 + u64::from(u != v))
            .collect();
        col = ranks(&lifted);
        refine(&mut col, adj);
    }
}

/// Dense ranks of the values (0 for the smallest).
fn ranks(values: &[u64]) -> Vec<u32> {
    let mut sorted: Vec<u64> = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    values
        .iter()
        .map(|x| sorted.binary_search(x).unwrap_or(0) as u32)
        .collect()
}

/// Colour refinement to a stable partition; classes keep their relative
/// order.
fn refine(col: &mut Vec<u32>, adj: &[Vec<(usize, u8)>]) {
    let n = col.len();
    let mut classes = distinct(col);
    loop {
        let sigs: Vec<(u32, Vec<(u8, u32)>)> = (0..n)
            .map(|v| {
                let mut s: Vec<(u8, u32)> = adj[v]
                    .iter()
                    .map(|&(w, e)| if w == v { (e, u32::MAX) } else { (e, col[w]) })
                    .collect();
                s.sort_unstable();
                (col[v], s)
            })
            .collect();
        let mut sorted: Vec<&(u32, Vec<(u8, u32)>)> = sigs.iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        let new: Vec<u32> = sigs
            .iter()
            .map(|s| sorted.binary_search(&s).unwrap_or(0) as u32)
            .collect();
        let k = sorted.len();
        *col = new;
        if k == classes {
            return;
        }
        classes = k;
    }
}

fn distinct(col: &[u32]) -> usize {
    let mut s = col.to_vec();
    s.sort_unstable();
    s.dedup();
    s.len()
}

/// The bits of `x` at the positions set in `keep`, packed to the low end
/// (in order).
pub fn pext(x: u64, keep: u64) -> u64 {
    let mut out = 0u64;
    let mut k = keep;
    let mut i = 0;
    while k != 0 {
        let b = k.trailing_zeros();
        k &= k - 1;
        out |= (x >> b & 1) << i;
        i += 1;
    }
    out
}

/// The adjacency masks of the subgraph induced by `keep`, renumbered in
/// order.
pub fn compact(adj: &[u64], keep: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(keep.count_ones() as usize);
    let mut k = keep;
    while k != 0 {
        let v = k.trailing_zeros() as usize;
        k &= k - 1;
        out.push(pext(adj[v], keep));
    }
    out
}

/// The connected components of the vertices in `within` (masks, in order
/// of their smallest vertex).
pub fn components(adj: &[u64], within: u64) -> Vec<u64> {
    let mut rest = within;
    let mut out = Vec::new();
    while rest != 0 {
        let mut comp = rest & rest.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                let v = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= adj[v];
            }
            next &= within & !comp;
            comp |= next;
            frontier = next;
        }
        rest &= !comp;
        out.push(comp);
    }
    out
}

/// The masks with every vertex moved to its new number.
pub fn permute_mask(x: u64, order: &[usize]) -> u64 {
    let mut out = 0u64;
    let mut m = x;
    while m != 0 {
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        out |= 1 << order[v];
    }
    out
}

/// Adjacency masks with every vertex moved to its new number.
pub fn permute_adj(adj: &[u64], order: &[usize]) -> Vec<u64> {
    let mut out = vec![0u64; adj.len()];
    for (v, &a) in adj.iter().enumerate() {
        out[order[v]] = permute_mask(a, order);
    }
    out
}

/// A bitmask graph's adjacency lists for [`canonical_order`], with the edge
/// colour of each pair given by `edge_colour(u, v)`.
pub fn lists(adj: &[u64], edge_colour: impl Fn(usize, usize) -> u8) -> Vec<Vec<(usize, u8)>> {
    adj.iter()
        .enumerate()
        .map(|(u, &a)| {
            let mut out = Vec::with_capacity(a.count_ones() as usize);
            let mut m = a;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                out.push((v, edge_colour(u, v)));
            }
            out
        })
        .collect()
}
