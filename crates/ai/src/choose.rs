//! Choosing a move for any game, from the parameters of the engine
//! protocol's `go` command.

use std::time::Duration;

use arbiter_core::{Game, Notation};
use arbiter_games::AnyGame;

use crate::agog::AgogEval;
use crate::alphabeta::AlphaBeta;
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::mcts::{Mcts, MctsConfig};

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// Transposition table size (2^bits entries) of the alpha-beta searches.
const TABLE_BITS: u32 = 18;

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
    /// Alpha-beta depth.
    pub depth: Option<u32>,
    /// Time cap in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Seed for the searches that use randomness.
    pub seed: Option<u64>,
}

/// How a level searches: a fixed budget, so results do not depend on the
/// machine's speed. These budgets are provisional until the level ladder
/// is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Playouts(u64),
    Nodes(u64),
}

fn level_plan(level: u8) -> Plan {
    match level {
        0 | 1 => Plan::Playouts(20),
        2 => Plan::Playouts(100),
        3 => Plan::Nodes(500),
        4 => Plan::Nodes(2_000),
        5 => Plan::Nodes(5_000),
        6 => Plan::Nodes(15_000),
        7 => Plan::Nodes(40_000),
        8 => Plan::Nodes(100_000),
        9 => Plan::Nodes(250_000),
        _ => Plan::Nodes(600_000),
    }
}

impl GoParams {
    fn plan(&self) -> Plan {
        match (self.playouts, self.nodes, self.depth) {
            (Some(p), _, _) => Plan::Playouts(p),
            (None, Some(n), _) => Plan::Nodes(n),
            (None, None, Some(_)) => Plan::Nodes(u64::MAX),
            (None, None, None) => level_plan(self.level.unwrap_or(5)),
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

fn choose_typed<G: Notation, E: Evaluator<G> + Clone>(position: &G, eval: &E, params: &GoParams) -> Option<String> {
    let best = match params.plan() {
        Plan::Playouts(p) => {
            let config = MctsConfig { seed: params.seed.unwrap_or(0), ..MctsConfig::default() };
            Mcts::with_evaluator(config, eval).search(position, params.limits(p)).best
        }
        Plan::Nodes(n) => AlphaBeta::new(eval.clone(), TABLE_BITS).search(position, params.limits(n)).best,
    };
    best.map(|m| position.move_string(&m))
}

/// The move the engine would play here in long form, or `None` when the
/// game is over.
pub fn choose(game: &AnyGame, params: &GoParams) -> Option<String> {
    match game {
        AnyGame::Agog(g) => {
            if g.status().is_over() {
                return None;
            }
            choose_typed(g, &AgogEval, params)
        }
    }
}
