//! Choosing a move for any game, from the parameters of the engine
//! protocol's `go` command.

use std::time::Duration;

use arbiter_core::Notation;
use arbiter_games::{AnyGame, GameKind};

use crate::agog::AgogEval;
use crate::alphabeta::AlphaBeta;
use crate::eval::Evaluator;
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
    /// The search these parameters ask for in `kind`.
    pub fn plan(&self, kind: GameKind) -> Plan {
        match (self.playouts, self.nodes, self.depth) {
            (Some(playouts), _, _) => {
                Plan::Playouts { playouts, heuristic: self.heuristic, exploration: self.exploration }
            }
            (None, Some(n), _) => Plan::Nodes(n),
            (None, None, Some(_)) => Plan::Nodes(u64::MAX),
            (None, None, None) => levels::plan(kind, self.level.unwrap_or(5)),
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

/// A chosen move and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move, in long form.
    pub mv: String,
    /// One line for logs: search kind, depth or playouts, score, nodes,
    /// expected line.
    pub info: String,
}

fn choose_typed<G: Notation, E: Evaluator<G> + Clone>(
    earlier: &[u64],
    position: &G,
    eval: &E,
    params: &GoParams,
    plan: Plan,
) -> Option<Choice> {
    match plan {
        // Rounds are played by every player at once; a typed turn-based
        // game never asks for them.
        Plan::Rounds(_) => None,
        Plan::Playouts { playouts: p, heuristic, exploration } => {
            let rollout = if heuristic { Rollout::Heuristic { greedy: HEURISTIC_GREEDY } } else { Rollout::Random };
            let mut config = MctsConfig { seed: params.seed.unwrap_or(0), rollout, ..MctsConfig::default() };
            if let Some(hundredths) = exploration {
                config.exploration = f64::from(hundredths) / 100.0;
            }
            let r = Mcts::with_evaluator(config, eval).search(position, params.limits(p));
            let mv = position.move_string(&r.best?);
            Some(Choice { info: format!("mcts playouts {} value {:.3} move {mv}", r.playouts, r.value), mv })
        }
        Plan::Nodes(n) => {
            let r = AlphaBeta::new(eval.clone(), table_bits(n)).search_after(earlier, position, params.limits(n));
            let mv = position.move_string(&r.best?);
            let mut line = Vec::new();
            let mut here = position.clone();
            for m in &r.pv {
                line.push(here.move_string(m));
                here = here.play(m);
            }
            Some(Choice {
                info: format!("alphabeta depth {} score {} nodes {} pv {}", r.depth, r.score, r.nodes, line.join(" ")),
                mv,
            })
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

/// The move the engine would play after the positions of `game` (the
/// start first, the current position last), or `None` when the game is
/// over. The earlier positions let the search steer for or away from a
/// repetition.
pub fn choose(game: &[AnyGame], params: &GoParams) -> Option<Choice> {
    let (current, before) = game.split_last()?;
    if AnyGame::status_after(game).status != "ongoing" {
        return None;
    }
    let earlier: Vec<u64> = before.iter().map(AnyGame::hash).collect();
    match current {
        AnyGame::Agog(g) => choose_typed(&earlier, g, &AgogEval, params, params.plan(GameKind::Agog)),
        AnyGame::Ogama(g) => choose_typed(&earlier, g, &OgamaEval, params, params.plan(GameKind::Ogama)),
        AnyGame::Sage(g) => choose_typed(&earlier, g, &SageEval, params, params.plan(GameKind::Sage)),
        // Every player of a round chooses at once: see `crate::scg`.
        AnyGame::Scg(_) => None,
    }
}
