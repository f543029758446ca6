//! Monte Carlo tree search (UCT) for any number of players: each node keeps
//! the reward of the player who moved into it, playouts are uniformly
//! random or heuristic (mostly the move the evaluator ranks first), may
//! stop early and ask the evaluator, and the move played most often at the
//! root is chosen — unless a move wins on the spot.

use arbiter_core::{Game, GameStatus, Outcome, Seat};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::eval::Evaluator;
use crate::limits::{Clock, Limits};

/// Playouts run when no limit is given.
const DEFAULT_PLAYOUTS: u64 = 1_000;

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Uniformly random legal moves (plain UCT).
    Random,
    /// With probability `greedy` the move the evaluator's ordering hint
    /// ranks first (ties broken at random), otherwise a random move. Needs
    /// an evaluator; without one it is [`Rollout::Random`].
    Heuristic {
        /// The share of greedy moves, 0 to 1.
        greedy: f64,
    },
}

/// How an MCTS search is tuned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// How playouts move.
    pub rollout: Rollout,
    /// A playout longer than this is cut off and judged by the evaluator
    /// (or scored as a draw without one).
    pub max_playout_plies: usize,
    /// Seed of the playout generator: the same seed, playout budget and
    /// thread count give the same move.
    pub seed: u64,
    /// Independent trees searched in parallel (root parallelism), each with
    /// its share of the budget and its own seed; their root statistics are
    /// added up.
    pub threads: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: std::f64::consts::SQRT_2,
            rollout: Rollout::Random,
            max_playout_plies: 1_000,
            seed: 0,
            threads: 1,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The move to play (`None` when the game is over).
    pub best: Option<M>,
    /// Its mean reward for the side to move, 0 to 1.
    pub value: f64,
    /// Playouts run.
    pub playouts: u64,
}

struct Node<M> {
    mv: Option<M>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u64,
    /// Total reward of the player who made `mv`.
    reward: f64,
    expanded: bool,
}

/// A root move's statistics, for merging trees.
struct RootChild<M> {
    mv: M,
    visits: u64,
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Node<M> {
        Node { mv, children: Vec::new(), untried: Vec::new(), visits: 0, reward: 0.0, expanded: false }
    }
}

/// A UCT searcher.
pub struct Mcts<'e, G: Game> {
    config: MctsConfig,
    eval: Option<&'e dyn Evaluator<G>>,
}

impl<'e, G: Game> Mcts<'e, G> {
    /// A searcher with uniformly random playouts.
    pub fn new(config: MctsConfig) -> Self {
        Mcts { config, eval: None }
    }

    /// A searcher whose cut-off playouts are judged by `eval`.
    pub fn with_evaluator(config: MctsConfig, eval: &'e dyn Evaluator<G>) -> Self {
        Mcts { config, eval: Some(eval) }
    }

    /// Searches `position`; `limits.nodes` counts playouts.
    pub fn search(&self, position: &G, limits: Limits) -> MctsResult<G::Move> {
        let limits = if limits == Limits::default() { Limits::nodes(DEFAULT_PLAYOUTS) } else { limits };
        if position.status().is_over() {
            return MctsResult { best: None, value: 0.0, playouts: 0 };
        }
        let threads = self.config.threads.max(1);
        let share = Limits { nodes: limits.nodes.map(|n| n.div_ceil(threads as u64)), ..limits };
        let trees: Vec<(Vec<RootChild<G::Move>>, u64)> = if threads == 1 {
            vec![self.search_tree(position, share, self.config.seed)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads as u64)
                    .map(|t| scope.spawn(move || self.search_tree(position, share, self.config.seed.wrapping_add(t))))
                    .collect();
                handles.into_iter().map(|h| h.join().expect("a search thread does not panic")).collect()
            })
        };
        // Root moves are matched by move; ties go to the first listed.
        let mut merged: Vec<RootChild<G::Move>> = Vec::new();
        let mut playouts = 0;
        for (children, n) in trees {
            playouts += n;
            for child in children {
                match merged.iter_mut().find(|c| c.mv == child.mv) {
                    Some(c) => {
                        c.visits += child.visits;
                        c.reward += child.reward;
                    }
                    None => merged.push(child),
                }
            }
        }
        // A move that wins on the spot is played whatever the visits say:
        // playouts value a win now and a win later alike.
        if let Some(mv) = winning_move(position) {
            let value = merged.iter().find(|c| c.mv == mv).map_or(1.0, |c| c.reward / c.visits.max(1) as f64);
            return MctsResult { best: Some(mv), value, playouts };
        }
        let best = merged.iter().enumerate().max_by(|(i, a), (j, b)| a.visits.cmp(&b.visits).then_with(|| j.cmp(i)));
        match best {
            Some((_, c)) => MctsResult { best: Some(c.mv), value: c.reward / c.visits.max(1) as f64, playouts },
            None => MctsResult { best: None, value: 0.0, playouts },
        }
    }

    /// One tree: the root's children with their statistics, and the
    /// playouts run.
    fn search_tree(&self, position: &G, limits: Limits, seed: u64) -> (Vec<RootChild<G::Move>>, u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut clock = Clock::start(limits);
        let seats = position.seat_count();
        let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None)];
        let mut scratch = Vec::new();
        let mut path: Vec<(usize, Seat)> = Vec::new();
        loop {
            // Selection: down the tree while every move here has a child.
            let mut at = 0;
            let mut state = position.clone();
            path.clear();
            loop {
                if !nodes[at].expanded {
                    let mut moves = Vec::new();
                    state.legal_moves(&mut moves);
                    // Untried moves are expanded in random order, so that a
                    // small budget does not favour the first moves generated.
                    for i in (1..moves.len()).rev() {
                        moves.swap(i, rng.random_range(0..=i));
                    }
                    nodes[at].untried = moves;
                    nodes[at].expanded = true;
                }
                if !nodes[at].untried.is_empty() || nodes[at].children.is_empty() {
                    break;
                }
                let child = self.select(&nodes, at);
                path.push((child, state.to_move()));
                state = state.play(&nodes[child].mv.expect("a child has a move"));
                at = child;
            }
            // Expansion: one new child.
            if let Some(mv) = nodes[at].untried.pop() {
                let child = nodes.len();
                nodes.push(Node::new(Some(mv)));
                nodes[at].children.push(child);
                path.push((child, state.to_move()));
                state = state.play(&mv);
            }
            // Playout, then back-propagation: each node on the path gets the
            // reward of the player who made its move.
            let rewards = self.playout(&state, &mut rng, &mut scratch, seats);
            nodes[0].visits += 1;
            for &(n, mover) in &path {
                nodes[n].visits += 1;
                nodes[n].reward += rewards[mover.index()];
            }
            if clock.tick() {
                break;
            }
        }
        let children = nodes[0]
            .children
            .iter()
            .map(|&c| RootChild {
                mv: nodes[c].mv.expect("a child has a move"),
                visits: nodes[c].visits,
                reward: nodes[c].reward,
            })
            .collect();
        (children, clock.nodes)
    }

    fn select(&self, nodes: &[Node<G::Move>], at: usize) -> usize {
        let parent_visits = (nodes[at].visits.max(1) as f64).ln();
        let c = self.config.exploration;
        let mut best = nodes[at].children[0];
        let mut best_value = f64::NEG_INFINITY;
        for &child in &nodes[at].children {
            let n = &nodes[child];
            let value = n.reward / n.visits as f64 + c * (parent_visits / n.visits as f64).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// Plays to the end (or the ply cap) and returns each seat's reward.
    fn playout(&self, start: &G, rng: &mut Xoshiro256PlusPlus, scratch: &mut Vec<G::Move>, seats: usize) -> Vec<f64> {
        let mut state = start.clone();
        for _ in 0..self.config.max_playout_plies {
            let mv = match (self.config.rollout, self.eval) {
                (Rollout::Heuristic { greedy }, Some(eval)) if rng.random_bool(greedy.clamp(0.0, 1.0)) => {
                    greedy_move(&state, eval, rng, scratch)
                }
                _ => state.random_move(rng, scratch),
            };
            match mv {
                Some(mv) => state.play_in_place(&mv),
                None => break,
            }
        }
        match state.status() {
            GameStatus::Over(outcome) => rewards(outcome, seats),
            GameStatus::Ongoing => match self.eval {
                Some(eval) if seats == 2 => {
                    // A logistic of the evaluation, for the side to move.
                    let p = 1.0 / (1.0 + (-(eval.evaluate(&state) as f64) / 400.0).exp());
                    let mut r = vec![1.0 - p; 2];
                    r[state.to_move().index()] = p;
                    r
                }
                _ => vec![1.0 / seats as f64; seats],
            },
        }
    }
}

/// The first legal move after which the player who made it has won.
fn winning_move<G: Game>(position: &G) -> Option<G::Move> {
    let me = position.to_move();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().find(|mv| match position.play(mv).status() {
        GameStatus::Over(o) => o.winners.contains(me) && o.winners.len() == 1,
        GameStatus::Ongoing => false,
    })
}

/// A move the evaluator's hint ranks first, chosen at random among equals.
fn greedy_move<G: Game>(
    state: &G,
    eval: &dyn Evaluator<G>,
    rng: &mut Xoshiro256PlusPlus,
    scratch: &mut Vec<G::Move>,
) -> Option<G::Move> {
    state.legal_moves(scratch);
    let mut chosen = None;
    let mut best = i32::MIN;
    let mut ties = 0u32;
    for &mv in scratch.iter() {
        let hint = eval.order(state, &mv);
        if hint > best {
            (best, ties, chosen) = (hint, 1, Some(mv));
        } else if hint == best {
            // Reservoir sampling: each of the equals is kept with equal odds.
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                chosen = Some(mv);
            }
        }
    }
    chosen
}

/// Each seat's share of a finished game: a win split among the winners, a
/// draw split among everyone.
fn rewards(outcome: Outcome, seats: usize) -> Vec<f64> {
    if outcome.is_draw() {
        return vec![1.0 / seats as f64; seats];
    }
    let share = 1.0 / outcome.winners.len() as f64;
    (0..seats).map(|i| if outcome.winners.contains(Seat(i as u8)) { share } else { 0.0 }).collect()
}
