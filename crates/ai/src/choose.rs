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
use crate::ogama::OgamaEval;

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
        3 => Plan::Nodes(1_000),
        4 => Plan::Nodes(4_000),
        5 => Plan::Nodes(15_000),
        6 => Plan::Nodes(50_000),
        7 => Plan::Nodes(200_000),
        8 => Plan::Nodes(800_000),
        9 => Plan::Nodes(3_000_000),
        _ => Plan::Nodes(12_000_000),
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

/// A chosen move and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move, in long form.
    pub mv: String,
    /// One line for logs: search kind, depth or playouts, score, nodes,
    /// expected line.
    pub info: String,
}

fn choose_typed<G: Notation, E: Evaluator<G> + Clone>(position: &G, eval: &E, params: &GoParams) -> Option<Choice> {
    match params.plan() {
        Plan::Playouts(p) => {
            let config = MctsConfig { seed: params.seed.unwrap_or(0), ..MctsConfig::default() };
            let r = Mcts::with_evaluator(config, eval).search(position, params.limits(p));
            let mv = position.move_string(&r.best?);
            Some(Choice { info: format!("mcts playouts {} value {:.3} move {mv}", r.playouts, r.value), mv })
        }
        Plan::Nodes(n) => {
            let r = AlphaBeta::new(eval.clone(), TABLE_BITS).search(position, params.limits(n));
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

/// The move the engine would play here, or `None` when the game is over.
pub fn choose(game: &AnyGame, params: &GoParams) -> Option<Choice> {
    match game {
        AnyGame::Agog(g) => {
            if g.status().is_over() {
                return None;
            }
            choose_typed(g, &AgogEval, params)
        }
        AnyGame::Ogama(g) => {
            if g.status().is_over() {
                return None;
            }
            choose_typed(g, &OgamaEval, params)
        }
        // Every player of a round chooses at once: see `crate::scg`.
        AnyGame::Scg(_) => None,
    }
}
