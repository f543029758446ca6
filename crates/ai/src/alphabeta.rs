//! Negamax alpha-beta for two-player games: iterative deepening, principal
//! variation search (null windows after the first move), a transposition
//! table, ordering (the table's move first, then noisy moves by the
//! evaluator's hint, then the killer moves of the ply, then the rest), and
//! quiescence over noisy moves — where every legal move is noisy
//! (compulsory captures) the side to move may not stand pat.

use std::collections::HashSet;

use arbiter_core::{Game, GameStatus};

use crate::eval::Evaluator;
use crate::limits::{Clock, Limits};
use crate::tt::{Bound, Entry, Table};

/// The score of a won game, less the plies it takes.
pub const WIN: i32 = 1_000_000;

/// Scores at least this large (in absolute value) announce a forced result.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;

/// Depth searched when no limit is given.
const DEFAULT_DEPTH: u32 = 4;

/// Deepest iterative-deepening step.
const MAX_DEPTH: u32 = 64;

/// Quiescence plies beyond the nominal depth.
const MAX_QUIESCENCE: u32 = 24;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play (`None` when the game is over).
    pub best: Option<M>,
    /// Its score for the side to move (centi-units; `±WIN - plies` for a
    /// forced result).
    pub score: i32,
    /// The last depth searched to the end.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, best move first.
    pub pv: Vec<M>,
}

/// What a search tells of each iteration it completes: the depth, the
/// score and the nodes searched so far.
pub type Progress = Box<dyn FnMut(u32, i32, u64) + Send>;

/// An alpha-beta searcher for `G` with evaluator `E`.
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    eval: E,
    table: Table<G::Move>,
    buffers: Vec<Vec<G::Move>>,
    /// Per ply, the last two quiet moves that caused a cut-off there.
    killers: Vec<[Option<G::Move>; 2]>,
    /// Hashes of the positions the game went through before the root, and
    /// of those on the path from the root to the node being searched:
    /// in a game with a repetition rule, coming back to one is scored as a
    /// draw.
    earlier: HashSet<u64>,
    path: Vec<u64>,
    repetition: bool,
    clock: Clock,
    /// Told of each completed iteration: its depth, score and the nodes
    /// searched so far (for a sign of life in long searches).
    progress: Option<Progress>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with a transposition table of `2^table_bits` entries.
    pub fn new(eval: E, table_bits: u32) -> Self {
        AlphaBeta {
            eval,
            table: Table::new(table_bits),
            buffers: Vec::new(),
            killers: Vec::new(),
            earlier: HashSet::new(),
            path: Vec::new(),
            repetition: false,
            clock: Clock::start(Limits::default()),
            progress: None,
        }
    }

    /// Tells `progress` of each iteration the search completes: its depth,
    /// its score and the nodes searched so far.
    pub fn with_progress(mut self, progress: Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Searches `position` within `limits`. The table is cleared first, so
    /// the result depends only on the position and a node or depth budget.
    pub fn search(&mut self, position: &G, limits: Limits) -> SearchResult<G::Move> {
        self.search_after(&[], position, limits)
    }

    /// Searches `position`, which the game reached through positions with
    /// the hashes `earlier`: where the game has a repetition rule, going
    /// back to any of them (or round a cycle inside the search) scores as
    /// a draw.
    pub fn search_after(&mut self, earlier: &[u64], position: &G, limits: Limits) -> SearchResult<G::Move> {
        self.table.clear();
        self.killers.clear();
        self.repetition = position.repetition_limit().is_some();
        self.earlier = if self.repetition { earlier.iter().copied().collect() } else { HashSet::new() };
        self.path.clear();
        self.clock = Clock::start(limits);
        let max_depth = match limits {
            Limits { depth: Some(d), .. } => d.min(MAX_DEPTH),
            Limits { nodes: None, time: None, .. } => DEFAULT_DEPTH,
            _ => MAX_DEPTH,
        };
        let mut result = SearchResult { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new() };
        let mut root_moves = Vec::new();
        position.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            result.score = terminal_score(position, 0);
            return result;
        }
        result.best = Some(root_moves[0]);
        for depth in 1..=max_depth {
            let score = self.negamax(position, depth, 0, -WIN - 1, WIN + 1);
            if self.clock.stopped() && depth > 1 {
                break;
            }
            result.depth = depth;
            result.score = score;
            if let Some(progress) = self.progress.as_mut() {
                progress(depth, score, self.clock.nodes);
            }
            result.pv = self.principal_variation(position, depth);
            if let Some(&first) = result.pv.first() {
                result.best = Some(first);
            }
            if self.clock.stopped() || score.abs() >= WIN_THRESHOLD {
                break;
            }
        }
        result.nodes = self.clock.nodes;
        result
    }

    fn buffer(&mut self, ply: usize) -> Vec<G::Move> {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        std::mem::take(&mut self.buffers[ply])
    }

    fn negamax(&mut self, position: &G, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let mut moves = self.buffer(ply);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return terminal_score(position, ply);
        }
        if self.repetition
            && ply > 0
            && (self.earlier.contains(&position.hash()) || self.path.contains(&position.hash()))
        {
            self.buffers[ply] = moves;
            return 0;
        }
        if depth == 0 {
            self.buffers[ply] = moves;
            return self.quiescence(position, ply, alpha, beta, 0);
        }
        let key = position.hash();
        let entry = self.table.probe(key);
        if let Some(e) = entry
            && e.depth >= depth
            && ply > 0
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                self.buffers[ply] = moves;
                return e.score;
            }
        }
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        self.order(position, &mut moves, entry.and_then(|e| e.best), killers);
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        if self.repetition {
            self.path.push(key);
        }
        for (i, &mv) in moves.iter().enumerate() {
            let next = position.play(&mv);
            // The first move gets the full window; the others must prove
            // they beat it in a null window first.
            let mut score = if i == 0 {
                -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
            } else {
                -self.negamax(&next, depth - 1, ply + 1, -alpha - 1, -alpha)
            };
            if i > 0 && score > alpha && score < beta && !self.clock.stopped() {
                score = -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha);
            }
            if self.clock.stopped() {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if !self.eval.is_noisy(position, &mv) {
                    self.remember_killer(ply, mv);
                }
                break;
            }
        }
        if self.repetition {
            self.path.pop();
        }
        self.buffers[ply] = moves;
        if !self.clock.stopped() {
            let bound = if best_score <= original_alpha {
                Bound::Upper
            } else if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(Entry { key, depth, score: best_score, bound, best: best_move });
        }
        best_score
    }

    fn quiescence(&mut self, position: &G, ply: usize, mut alpha: i32, beta: i32, extra: u32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let mut moves = self.buffer(ply);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return terminal_score(position, ply);
        }
        let forced = moves.iter().all(|m| self.eval.is_noisy(position, m));
        let mut best = -WIN - 1;
        if !forced || extra >= MAX_QUIESCENCE {
            let stand = self.eval.evaluate(position);
            if stand >= beta || extra >= MAX_QUIESCENCE {
                self.buffers[ply] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            moves.retain(|m| self.eval.is_noisy(position, m));
        }
        self.order(position, &mut moves, None, [None; 2]);
        for &mv in moves.iter() {
            let score = -self.quiescence(&position.play(&mv), ply + 1, -beta, -alpha, extra + 1);
            if self.clock.stopped() {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Puts the table's move first, then moves the evaluator rates above
    /// zero (captures and the like) by their hint, then the killers, then
    /// the rest by their hint. The sort is stable, so equal moves keep
    /// generation order and search stays deterministic.
    fn order(&self, position: &G, moves: &mut [G::Move], first: Option<G::Move>, killers: [Option<G::Move>; 2]) {
        moves.sort_by_cached_key(|m| {
            let hint = -i64::from(self.eval.order(position, m));
            if Some(*m) == first {
                (0, 0)
            } else if hint < 0 {
                (1, hint)
            } else if killers.contains(&Some(*m)) {
                (2, 0)
            } else {
                (3, hint)
            }
        });
    }

    /// Records a quiet move that refuted the position at `ply`.
    fn remember_killer(&mut self, ply: usize, mv: G::Move) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    fn principal_variation(&self, position: &G, depth: u32) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut here = position.clone();
        let mut seen = Vec::new();
        while line.len() < depth as usize {
            let Some(mv) = self.table.probe(here.hash()).and_then(|e| e.best) else { break };
            let mut legal = Vec::new();
            here.legal_moves(&mut legal);
            if !legal.contains(&mv) || seen.contains(&here.hash()) {
                break;
            }
            seen.push(here.hash());
            line.push(mv);
            here = here.play(&mv);
        }
        line
    }
}

/// The score of a finished game for the side to move, `ply` plies from
/// the root (sooner wins score higher, later losses lose less).
fn terminal_score<G: Game>(position: &G, ply: usize) -> i32 {
    match position.status() {
        GameStatus::Over(o) if o.is_draw() => 0,
        GameStatus::Over(o) if o.winners.contains(position.to_move()) => WIN - ply as i32,
        GameStatus::Over(_) => -(WIN - ply as i32),
        // No legal move yet not over cannot happen in a game that follows
        // the core's rules; score it as even.
        GameStatus::Ongoing => 0,
    }
}
