//! Choosing a move for any turn-based game, from the parameters of the
//! engine protocol's `go` command. The search runs on the game's typed
//! positions; the move comes back as a value, and text is made only when
//! someone asks for the search's account ([`Choice::info`]).

use std::any::Any;
use std::cell::RefCell;
use std::time::Duration;

use arbiter_games::agog::Agog;
use arbiter_games::ogama::Ogama;
use arbiter_games::sage::Sage;
use arbiter_games::{AnyGame, AnyMove, GameId, GameVisitor, Line, RoundGame, TurnGame};

use crate::agog::AgogEval;
use crate::alphabeta::{AlphaBeta, Progress};
use crate::eval::{Evaluator, Neutral};
use crate::levels::{self, Plan};
use crate::limits::Limits;
use crate::mcts::{Mcts, MctsConfig, Rollout};
use crate::ogama::OgamaEval;
use crate::sage::SageEval;

pub use crate::levels::MAX_LEVEL;

/// The largest transposition table (2^bits entries) of the alpha-beta
/// searches.
const MAX_TABLE_BITS: u32 = 21;

/// The table of a search limited by depth (or time) only.
const DEPTH_TABLE_BITS: u32 = 18;

/// The share of greedy moves in heuristic playouts.
const HEURISTIC_GREEDY: f64 = 0.5;

/// What to search with and for how long. Unset fields take the level's
/// defaults; explicit budgets override them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Strength, 1 (weakest) to 10.
    pub level: Option<u8>,
    /// Alpha-beta node budget.
    pub nodes: Option<u64>,
    /// Monte Carlo playout budget (selects tree search).
    pub playouts: Option<u64>,
    /// With `playouts`: heuristic instead of uniformly random playouts.
    pub heuristic: bool,
    /// With `playouts`: the UCB1 exploration constant in hundredths
    /// (plain UCT's √2 when unset).
    pub exploration: Option<u16>,
    /// Alpha-beta depth.
    pub depth: Option<u32>,
    /// Time cap in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Seed for the searches that use randomness.
    pub seed: Option<u64>,
}

impl GoParams {
    /// The parameters of a level.
    pub fn level(level: u8) -> GoParams {
        GoParams { level: Some(level), ..GoParams::default() }
    }

    /// The search these parameters ask for in `game`.
    pub fn plan(&self, game: GameId) -> Plan {
        match (self.playouts, self.nodes, self.depth) {
            (Some(playouts), _, _) => {
                Plan::Playouts { playouts, heuristic: self.heuristic, exploration: self.exploration }
            }
            (None, Some(n), _) => Plan::Nodes(n),
            (None, None, Some(_)) => Plan::Nodes(u64::MAX),
            (None, None, None) => levels::plan(game, self.level.unwrap_or(5)),
        }
    }

    fn limits(&self, budget: u64) -> Limits {
        Limits {
            nodes: (budget != u64::MAX).then_some(budget),
            depth: self.depth,
            time: self.movetime_ms.map(Duration::from_millis),
        }
    }
}

/// What a search saw on the way to its move.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchReport {
    /// Monte Carlo tree search.
    Mcts {
        /// Playouts run.
        playouts: u64,
        /// The move's mean result, 0 to 1.
        value: f64,
    },
    /// Alpha-beta.
    AlphaBeta {
        /// The deepest iteration completed.
        depth: u32,
        /// The score, in centi-units for the side to move.
        score: i32,
        /// Nodes searched.
        nodes: u64,
        /// The expected line, the move first.
        pv: Vec<AnyMove>,
    },
}

/// A chosen move and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move.
    pub mv: AnyMove,
    /// How the search came to it.
    pub report: SearchReport,
}

impl Choice {
    /// One line for logs, writing moves as `position` (the position
    /// searched) writes them: `mcts playouts 400 value 0.512 move e2-e3`,
    /// `alphabeta depth 6 score 35 nodes 20000 pv e2-e3 6e5`.
    pub fn info(&self, position: &AnyGame) -> String {
        match &self.report {
            SearchReport::Mcts { playouts, value } => {
                format!("mcts playouts {playouts} value {value:.3} move {}", position.move_text(&self.mv))
            }
            SearchReport::AlphaBeta { depth, score, nodes, pv } => {
                let mut line = Vec::new();
                let mut here = position.clone();
                for m in pv {
                    line.push(here.move_text(m));
                    match here.play(m) {
                        Ok(next) => here = next,
                        Err(_) => break,
                    }
                }
                format!("alphabeta depth {depth} score {score} nodes {nodes} pv {}", line.join(" "))
            }
        }
    }
}

/// The move the engine would play after the positions of `line`, or
/// `None` when the game is over or its players act at once (see
/// [`crate::scg`] for their plays). The earlier positions let the search
/// steer for or away from a repetition.
pub fn choose(line: &Line, params: &GoParams) -> Option<Choice> {
    choose_reporting(line, params, None)
}

/// As [`choose`], telling `progress` of each iteration an alpha-beta search
/// completes (its depth, score and the nodes so far): a sign of life in a
/// long search.
pub fn choose_reporting(line: &Line, params: &GoParams, progress: Option<Progress>) -> Option<Choice> {
    if line.status().is_over() {
        return None;
    }
    let earlier = line.earlier_hashes();
    line.current().visit(Search { earlier: &earlier, params, progress: RefCell::new(progress) })
}

/// Runs the search on the typed position, with the game's evaluation where
/// it has one.
struct Search<'a> {
    earlier: &'a [u64],
    params: &'a GoParams,
    progress: RefCell<Option<Progress>>,
}

impl GameVisitor for Search<'_> {
    type Output = Option<Choice>;

    fn turns<G: TurnGame>(self, game: &G) -> Option<Choice> {
        let any = game as &dyn Any;
        if let Some(g) = any.downcast_ref::<Agog>() {
            return self.with(g, &AgogEval);
        }
        if let Some(g) = any.downcast_ref::<Ogama>() {
            return self.with(g, &OgamaEval);
        }
        if let Some(g) = any.downcast_ref::<Sage>() {
            return self.with(g, &SageEval);
        }
        self.with(game, &Neutral)
    }

    fn rounds<G: RoundGame>(self, _game: &G) -> Option<Choice> {
        None
    }
}

impl Search<'_> {
    fn with<G: TurnGame, E: Evaluator<G> + Clone>(&self, position: &G, eval: &E) -> Option<Choice> {
        let params = self.params;
        match params.plan(G::GAME) {
            // Rounds are played by every player at once; a turn-based game
            // never asks for them.
            Plan::Rounds(_) => None,
            Plan::Playouts { playouts: p, heuristic, exploration } => {
                let rollout = if heuristic { Rollout::Heuristic { greedy: HEURISTIC_GREEDY } } else { Rollout::Random };
                let mut config = MctsConfig { seed: params.seed.unwrap_or(0), rollout, ..MctsConfig::default() };
                if let Some(hundredths) = exploration {
                    config.exploration = f64::from(hundredths) / 100.0;
                }
                let r = Mcts::with_evaluator(config, eval).search(position, params.limits(p));
                Some(Choice {
                    mv: G::wrap_move(r.best?),
                    report: SearchReport::Mcts { playouts: r.playouts, value: r.value },
                })
            }
            Plan::Nodes(n) => {
                let mut search = AlphaBeta::new(eval.clone(), table_bits(n));
                if let Some(progress) = self.progress.borrow_mut().take() {
                    search = search.with_progress(progress);
                }
                let r = search.search_after(self.earlier, position, params.limits(n));
                Some(Choice {
                    mv: G::wrap_move(r.best?),
                    report: SearchReport::AlphaBeta {
                        depth: r.depth,
                        score: r.score,
                        nodes: r.nodes,
                        pv: r.pv.into_iter().map(G::wrap_move).collect(),
                    },
                })
            }
        }
    }
}

/// A transposition table with about one entry for every two nodes of the
/// budget (between 2^10 and 2^21 entries; 2^18 for a search by depth
/// alone): clearing a large table would cost a small search more than the
/// search itself.
fn table_bits(nodes: u64) -> u32 {
    if nodes == u64::MAX { DEPTH_TABLE_BITS } else { (63 - nodes.leading_zeros()).clamp(10, MAX_TABLE_BITS) }
}
