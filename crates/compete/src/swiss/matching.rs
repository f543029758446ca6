//! Maximum weight matching in a general graph: Edmonds' blossom algorithm
//! with dual variables, O(n³), after Joris van Rantwijk's `mwmatching`
//! (Z. Galil, "Efficient algorithms for finding maximum matching in
//! graphs", 1986), in exact integer arithmetic.
//!
//! Besides the matching, the solver hands back its dual solution as a
//! [`Certificate`]: any edge left out of the graph that the certificate
//! accepts ([`Certificate::admits`]) could not have improved the matching,
//! so a matching can be sought over a few likely edges and checked against
//! all the others.

/// An edge's weight; the duals are kept doubled, so weights should stay
/// below 2¹²⁴ in magnitude.
pub type Weight = i128;

/// "None" in the solver's index arrays.
const NONE: usize = usize::MAX;

/// Labels of the alternating forest: free, outer (S), inner (T), and S
/// marked as visited by [`Solver::scan_blossom`].
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
const VISITED: u8 = 5;

/// A maximum weight matching of the graph of `vertices` vertices (numbered
/// from 0) and the given edges `(i, j, weight)`: for each vertex, its mate
/// or `None`. Edges of weight 0 or less are never needed and may be left
/// unmatched.
///
/// # Panics
///
/// When an edge joins a vertex to itself, names a vertex out of range, or
/// two edges join the same pair.
pub fn max_weight_matching(vertices: usize, edges: &[(usize, usize, Weight)]) -> Vec<Option<usize>> {
    solve(vertices, edges).0
}

/// The matching (as in [`max_weight_matching`]) and the dual solution
/// that proves it optimal.
///
/// # Panics
///
/// As [`max_weight_matching`].
pub fn solve(vertices: usize, edges: &[(usize, usize, Weight)]) -> (Vec<Option<usize>>, Certificate) {
    let mut solver = Solver::new(vertices, edges);
    solver.run();
    let mates = (0..vertices)
        .map(|v| match solver.mate[v] {
            NONE => None,
            p => Some(solver.endpoint[p]),
        })
        .collect();
    let certificate = Certificate::new(vertices, solver.dualvar, solver.blossomparent);
    (mates, certificate)
}

/// The dual solution of a solved matching: a doubled dual per vertex and a
/// dual per blossom that is left, with the blossoms' nesting.
#[derive(Clone, Debug)]
pub struct Certificate {
    vertices: usize,
    dual: Vec<Weight>,
    parent: Vec<usize>,
    /// How deep each vertex and blossom is nested (0 at the top).
    depth: Vec<usize>,
    /// For each blossom, the sum of its dual and those of the blossoms
    /// around it.
    enclosing: Vec<Weight>,
}

impl Certificate {
    fn new(vertices: usize, dual: Vec<Weight>, parent: Vec<usize>) -> Certificate {
        let len = parent.len();
        let mut depth = vec![usize::MAX; len];
        let mut enclosing = vec![0; len];
        for start in 0..len {
            // Climb to the first node already done (or the top), then fill
            // in on the way down.
            let mut path = Vec::new();
            let mut x = start;
            while depth[x] == usize::MAX && parent[x] != NONE {
                path.push(x);
                x = parent[x];
            }
            if depth[x] == usize::MAX {
                depth[x] = 0;
                enclosing[x] = if x >= vertices { dual[x] } else { 0 };
            }
            for &y in path.iter().rev() {
                depth[y] = depth[parent[y]] + 1;
                enclosing[y] = enclosing[parent[y]] + if y >= vertices { dual[y] } else { 0 };
            }
        }
        Certificate { vertices, dual, parent, depth, enclosing }
    }

    /// Twice the reduced cost of a possible edge `(i, j, weight)`: negative
    /// when adding it to the graph could give a heavier matching, zero or
    /// more when it could not.
    pub fn reduced_cost(&self, i: usize, j: usize, weight: Weight) -> Weight {
        let cost = self.dual[i] + self.dual[j] - 2 * weight;
        if self.parent[i] == NONE || self.parent[j] == NONE {
            return cost;
        }
        // The smallest blossom holding both, if any.
        let (mut a, mut b) = (self.parent[i], self.parent[j]);
        while self.depth[a] > self.depth[b] {
            a = self.parent[a];
        }
        while self.depth[b] > self.depth[a] {
            b = self.parent[b];
        }
        while a != b {
            if self.parent[a] == NONE {
                return cost;
            }
            a = self.parent[a];
            b = self.parent[b];
        }
        cost + 2 * self.enclosing[a]
    }

    /// Whether the edge `(i, j, weight)`, left out of the solved graph,
    /// could not have made the matching heavier.
    pub fn admits(&self, i: usize, j: usize, weight: Weight) -> bool {
        self.shortfall(i, j, weight).is_none()
    }

    /// The edge's reduced cost (doubled) when it is negative, that is when
    /// the certificate cannot rule the edge out; `None` when it can.
    pub fn shortfall(&self, i: usize, j: usize, weight: Weight) -> Option<Weight> {
        debug_assert!(i < self.vertices && j < self.vertices);
        // Blossom duals only add: most pairs pass on the vertices' alone.
        if self.dual[i] + self.dual[j] >= 2 * weight {
            return None;
        }
        Some(self.reduced_cost(i, j, weight)).filter(|&cost| cost < 0)
    }
}

/// The state of the primal-dual method, named as in van Rantwijk's code.
/// Edge `k` has endpoints `2k` (its first vertex) and `2k + 1` (its
/// second); `endpoint ^ 1` is the other end of the same edge.
struct Solver<'a> {
    n: usize,
    edges: &'a [(usize, usize, Weight)],
    /// The vertex at each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    /// For each vertex and top-level blossom, its label.
    label: Vec<u8>,
    /// The endpoint through which a labelled vertex or blossom was reached.
    labelend: Vec<usize>,
    /// The top-level blossom of each vertex.
    inblossom: Vec<usize>,
    /// The blossom immediately containing each vertex or blossom.
    blossomparent: Vec<usize>,
    /// The sub-blossoms of each blossom, in cycle order from the base.
    blossomchilds: Vec<Vec<usize>>,
    /// The base vertex of each blossom.
    blossombase: Vec<usize>,
    /// The endpoints joining consecutive sub-blossoms.
    blossomendps: Vec<Vec<usize>>,
    /// For a free vertex or an S-blossom, its least-slack edge to an
    /// S-blossom elsewhere.
    bestedge: Vec<usize>,
    /// For a top-level S-blossom, its least-slack edges to each other
    /// S-blossom.
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    /// Doubled duals of vertices, then the duals of blossoms.
    dualvar: Vec<Weight>,
    /// Edges known to have zero slack.
    allowedge: Vec<bool>,
    /// S-vertices whose edges are still to be scanned.
    queue: Vec<usize>,
}

impl<'a> Solver<'a> {
    fn new(n: usize, edges: &'a [(usize, usize, Weight)]) -> Solver<'a> {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        let mut max_weight: Weight = 0;
        let mut seen = std::collections::HashSet::new();
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            assert!(i < n && j < n, "edge ({i}, {j}) names a vertex out of 0..{n}");
            assert!(i != j, "edge ({i}, {j}) is a loop");
            assert!(seen.insert((i.min(j), i.max(j))), "two edges join {i} and {j}");
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
            max_weight = max_weight.max(w);
        }
        let mut dualvar = vec![max_weight; n];
        dualvar.resize(2 * n, 0);
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.resize(2 * n, NONE);
        Solver {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// Twice the slack of edge `k` (its endpoints' doubled duals less
    /// twice its weight); blossom duals are not counted.
    fn slack(&self, k: usize) -> Weight {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.blossomchilds[x].iter().copied());
            }
        }
        out
    }

    /// Labels vertex `w`'s top-level blossom `t`, reached through endpoint
    /// `p`; an inner blossom's mate becomes outer in turn.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == OUTER {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let m = self.mate[base];
            debug_assert!(m != NONE);
            self.assign_label(self.endpoint[m], OUTER, m ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or
    /// `NONE` when they lie in different trees (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            debug_assert_eq!(self.label[b], OUTER);
            path.push(b);
            self.label[b] = VISITED;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], INNER);
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        base
    }

    /// Makes a blossom with base `base` closed by edge `k` between two
    /// S-vertices.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("at most n blossoms");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = OUTER;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == INNER {
                // An inner sub-blossom turns outer: scan its vertices.
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The new blossom's least-slack edges to every other S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let nblist: Vec<usize> = match self.blossombestedges[bv].take() {
                Some(list) => list,
                None => self.leaves(bv).into_iter().flat_map(|v| self.neighbend[v].iter().map(|p| p / 2)).collect(),
            };
            for k in nblist {
                let (i, mut j, _) = self.edges[k];
                if self.inblossom[j] == b {
                    j = i;
                }
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == OUTER
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    /// Undoes top-level blossom `b` (its dual reached zero), relabelling
    /// its sub-blossoms when it was inner mid-stage.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == INNER {
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let back = endptrick as isize;
            // Walk from the entry child to the base, relabelling.
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = FREE;
                let r = self.endpoint[endps[at(j - back)] ^ endptrick ^ 1];
                self.label[r] = FREE;
                self.assign_label(q, INNER, p);
                self.allowedge[endps[at(j - back)] / 2] = true;
                j += jstep;
                p = endps[at(j - back)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            // The base sub-blossom is inner, without relabelling its mate.
            let bv = childs[at(j)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = INNER;
            self.label[bv] = INNER;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            // The rest of the cycle, back to the entry child: sub-blossoms
            // reached from outside become inner.
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == OUTER {
                    j += jstep;
                    continue;
                }
                let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
                if let Some(v) = reached {
                    debug_assert!(self.label[v] == INNER && self.inblossom[v] == bv);
                    self.label[v] = FREE;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = FREE;
                    self.assign_label(v, INNER, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the even path inside
    /// blossom `b` from vertex `v` to the base; `v` becomes the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).expect("child");
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let back = endptrick as isize;
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - back)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    /// Augments the matching along the path through edge `k` between two
    /// S-vertices of different trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], OUTER);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], INNER);
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                debug_assert_eq!(self.blossombase[bt], t);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Scans the neighbours of S-vertex `v`; true when the matching grew.
    fn scan_vertex(&mut self, v: usize) -> bool {
        for idx in 0..self.neighbend[v].len() {
            let p = self.neighbend[v][idx];
            let k = p / 2;
            let w = self.endpoint[p];
            if self.inblossom[v] == self.inblossom[w] {
                continue;
            }
            let mut kslack = 0;
            if !self.allowedge[k] {
                kslack = self.slack(k);
                if kslack <= 0 {
                    self.allowedge[k] = true;
                }
            }
            if self.allowedge[k] {
                if self.label[self.inblossom[w]] == FREE {
                    self.assign_label(w, INNER, p ^ 1);
                } else if self.label[self.inblossom[w]] == OUTER {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_matching(k);
                        return true;
                    }
                } else if self.label[w] == FREE {
                    // w is inside an inner blossom and reached here first.
                    self.label[w] = INNER;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[self.inblossom[w]] == OUTER {
                let b = self.inblossom[v];
                if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                    self.bestedge[b] = k;
                }
            } else if self.label[w] == FREE && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w])) {
                self.bestedge[w] = k;
            }
        }
        false
    }

    fn run(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, OUTER, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    debug_assert_eq!(self.label[self.inblossom[v]], OUTER);
                    if self.scan_vertex(v) {
                        augmented = true;
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path on tight edges: change the duals.
                // Type 1: a vertex dual reaches zero (the optimum).
                let mut deltatype = 1;
                let mut delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                // Type 2: an edge from an S-vertex to a free vertex tightens.
                for v in 0..n {
                    if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                // Type 3: an edge between two S-blossoms tightens.
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == OUTER && self.bestedge[b] != NONE {
                        let kslack = self.slack(self.bestedge[b]);
                        debug_assert_eq!(kslack % 2, 0);
                        let d = kslack / 2;
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                // Type 4: an inner blossom's dual reaches zero.
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == INNER
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        OUTER => self.dualvar[v] -= delta,
                        INNER => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            OUTER => self.dualvar[b] += delta,
                            INNER => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 | 3 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == FREE {
                            i = j;
                        }
                        debug_assert_eq!(self.label[self.inblossom[i]], OUTER);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            // Outer blossoms whose dual fell to zero are undone.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == OUTER
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn total(edges: &[(usize, usize, Weight)], mates: &[Option<usize>]) -> Weight {
        edges.iter().filter(|&&(i, j, _)| mates[i] == Some(j)).map(|e| e.2).sum()
    }

    fn is_matching(n: usize, edges: &[(usize, usize, Weight)], mates: &[Option<usize>]) -> bool {
        (0..n).all(|v| match mates[v] {
            None => true,
            Some(u) => mates[u] == Some(v) && edges.iter().any(|&(i, j, _)| (i, j) == (u, v) || (i, j) == (v, u)),
        })
    }

    /// The heaviest matching's weight, by trying every matching.
    fn brute_force(n: usize, edges: &[(usize, usize, Weight)]) -> Weight {
        fn best(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<Option<Weight>>]) -> Weight {
            if v == n {
                return 0;
            }
            if used[v] {
                return best(v + 1, n, used, w);
            }
            used[v] = true;
            let mut top = best(v + 1, n, used, w);
            for u in v + 1..n {
                if let (false, Some(weight)) = (used[u], w[v][u]) {
                    used[u] = true;
                    top = top.max(weight + best(v + 1, n, used, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            top
        }
        let mut w = vec![vec![None; n]; n];
        for &(i, j, weight) in edges {
            w[i][j] = Some(weight);
            w[j][i] = Some(weight);
        }
        best(0, n, &mut vec![false; n], &w)
    }

    #[test]
    fn van_rantwijk_cases() {
        // Cases from mwmatching's own tests: (vertices, edges, expected
        // mates, or none to check against brute force only).
        type Case = (usize, Vec<(usize, usize, Weight)>, Vec<Option<usize>>);
        let cases: Vec<Case> = vec![
            (0, vec![], vec![]),
            (2, vec![(0, 1, 1)], vec![Some(1), Some(0)]),
            (4, vec![(1, 2, 10), (2, 3, 11)], vec![None, None, Some(3), Some(2)]),
            (5, vec![(1, 2, 5), (2, 3, 11), (3, 4, 5)], vec![None, None, Some(3), Some(2), None]),
            // A blossom: S-blossom, then augment.
            (5, vec![(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], vec![None, Some(2), Some(1), Some(4), Some(3)]),
            (
                7,
                vec![(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)],
                vec![None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)],
            ),
            // Relabelling a T-blossom.
            (
                7,
                vec![(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)],
                vec![None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)],
            ),
            // A nested S-blossom, then expanded.
            (
                7,
                vec![(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)],
                vec![None, Some(3), Some(4), Some(1), Some(2), Some(6), Some(5)],
            ),
            // A T-blossom expanded mid-stage.
            (
                9,
                vec![(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)],
                vec![None, Some(6), Some(3), Some(2), Some(8), Some(7), Some(1), Some(5), Some(4)],
            ),
            // A nested S-blossom relabelled.
            (
                9,
                vec![
                    (1, 2, 19),
                    (1, 3, 20),
                    (1, 8, 8),
                    (2, 3, 25),
                    (2, 4, 18),
                    (3, 5, 18),
                    (4, 5, 13),
                    (4, 7, 7),
                    (5, 6, 7),
                ],
                vec![None, Some(8), Some(3), Some(2), Some(7), Some(6), Some(5), Some(4), Some(1)],
            ),
            // A T-blossom expanded, its sub-blossoms relabelled.
            (
                11,
                vec![
                    (1, 2, 45),
                    (1, 5, 45),
                    (2, 3, 50),
                    (3, 4, 45),
                    (4, 5, 50),
                    (1, 6, 30),
                    (3, 9, 35),
                    (4, 8, 35),
                    (5, 7, 26),
                    (9, 10, 5),
                ],
                vec![None, Some(6), Some(3), Some(2), Some(8), Some(7), Some(1), Some(5), Some(4), Some(10), Some(9)],
            ),
        ];
        for (n, edges, expected) in cases {
            let n = n.max(edges.iter().map(|e| e.0.max(e.1) + 1).max().unwrap_or(0));
            let mates = max_weight_matching(n, &edges);
            assert!(is_matching(n, &edges, &mates), "{edges:?}: {mates:?}");
            if !expected.is_empty() {
                assert_eq!(mates, expected, "{edges:?}");
            }
            assert_eq!(total(&edges, &mates), brute_force(n, &edges), "{edges:?}");
        }
    }

    #[test]
    fn negative_weights_are_left_out() {
        let edges = [(0, 1, 2), (1, 2, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)];
        let mates = max_weight_matching(5, &edges);
        assert_eq!(mates, vec![Some(1), Some(0), Some(3), Some(2), None]);
    }

    #[test]
    fn huge_weights_stay_exact() {
        let big: Weight = 1 << 110;
        let edges = [(0, 1, big + 1), (1, 2, big + 3), (2, 3, big + 1), (0, 3, big)];
        let mates = max_weight_matching(4, &edges);
        assert_eq!(total(&edges, &mates), 2 * big + 3);
    }

    /// A random graph of up to 10 vertices: each pair an edge with
    /// probability about `density`, weights drawn from a small range so
    /// that ties (and so degenerate duals) are common.
    fn graph(max_weight: i64) -> impl Strategy<Value = (usize, Vec<(usize, usize, Weight)>)> {
        (1usize..=10).prop_flat_map(move |n| {
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
            let count = pairs.len();
            (Just(n), Just(pairs), proptest::collection::vec((0u8..4, -max_weight / 4..=max_weight), count)).prop_map(
                |(n, pairs, picks)| {
                    let edges = pairs
                        .into_iter()
                        .zip(picks)
                        .filter(|(_, (keep, _))| *keep != 0)
                        .map(|((i, j), (_, w))| (i, j, Weight::from(w)))
                        .collect();
                    (n, edges)
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn matches_brute_force_with_small_weights((n, edges) in graph(6)) {
            let (mates, certificate) = solve(n, &edges);
            prop_assert!(is_matching(n, &edges, &mates));
            prop_assert_eq!(total(&edges, &mates), brute_force(n, &edges));
            for &(i, j, w) in &edges {
                prop_assert!(certificate.admits(i, j, w), "({}, {}, {})", i, j, w);
            }
        }

        #[test]
        fn matches_brute_force_with_wide_weights((n, edges) in graph(1_000_000)) {
            let mates = max_weight_matching(n, &edges);
            prop_assert!(is_matching(n, &edges, &mates));
            prop_assert_eq!(total(&edges, &mates), brute_force(n, &edges));
        }

        /// A matching sought over part of the graph whose certificate
        /// admits every edge left out is optimal for the whole graph.
        #[test]
        fn an_admitted_remainder_cannot_improve((n, edges) in graph(20), keep in 0usize..4) {
            let (some, rest): (Vec<_>, Vec<_>) = edges.iter().enumerate().partition(|(k, _)| k % 4 != keep);
            let some: Vec<_> = some.into_iter().map(|(_, e)| *e).collect();
            let (mates, certificate) = solve(n, &some);
            if rest.iter().all(|&(_, &(i, j, w))| certificate.admits(i, j, w)) {
                prop_assert_eq!(total(&some, &mates), brute_force(n, &edges));
            }
        }
    }
}
