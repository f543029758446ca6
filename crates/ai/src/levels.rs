//! The strength levels a person can pick, 1 (a beginner that blunders) to
//! 10 (a deep search: under a second a move in A•G•O•G and Sage Tafl,
//! 2 s in Ogama, on a 2-core development machine). A level is a fixed
//! search budget, never a time, so a level plays the same moves on every
//! machine; the budgets differ between games because their positions cost
//! different amounts to search. The ladder each game's table gives is
//! measured in `docs/AI.md`. A game without a table of its own (a game
//! added to the registry since) gets tree searches of growing budgets.

use arbiter_games::GameId;

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// The exploration constant of the upper A•G•O•G levels, in hundredths.
/// Plain UCT's √2 spends too many playouts on moves already seen to be
/// bad; 0.5 won 85% of 40 games against it at 5,100 playouts a move
/// (0.3: 77.5%, 0.7: 72.5%, 1.0: 40%; see `docs/AI.md`).
pub const AGOG_EXPLORATION: u16 = 50;

/// How a search is run: Monte Carlo tree search with a playout budget, or
/// alpha-beta with a node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// UCT with this many playouts; `heuristic` playouts mostly follow the
    /// evaluator's ordering hint instead of moving at random.
    Playouts {
        /// Playouts to run.
        playouts: u64,
        /// Whether playouts are heuristic.
        heuristic: bool,
        /// The UCB1 exploration constant in hundredths; `None` is plain
        /// UCT's √2.
        exploration: Option<u16>,
    },
    /// Alpha-beta with this many nodes.
    Nodes(u64),
    /// A simultaneous game's bot of this level, which searches over rounds
    /// with its own budgets (`crate::scg`).
    Rounds(u8),
}

const fn random(playouts: u64) -> Plan {
    Plan::Playouts { playouts, heuristic: false, exploration: None }
}

const fn heuristic(playouts: u64) -> Plan {
    Plan::Playouts { playouts, heuristic: true, exploration: None }
}

/// Tree search with the narrow exploration constant. Alpha-beta with the
/// A•G•O•G evaluator loses to plain UCT at equal cost (30% at the old top
/// level), so every A•G•O•G level searches trees.
const fn narrow(playouts: u64) -> Plan {
    Plan::Playouts { playouts, heuristic: false, exploration: Some(AGOG_EXPLORATION) }
}

use Plan::Nodes;

/// The measured tables, weakest level first.
const TUNED: [(GameId, [Plan; 10]); 3] = [
    (
        GameId::Agog,
        [
            random(5),
            random(20),
            heuristic(200),
            narrow(400),
            narrow(1_000),
            narrow(2_500),
            narrow(6_000),
            narrow(12_000),
            narrow(25_000),
            narrow(150_000),
        ],
    ),
    (
        GameId::Ogama,
        [
            Nodes(100),
            Nodes(300),
            Nodes(1_000),
            Nodes(3_000),
            Nodes(10_000),
            Nodes(30_000),
            Nodes(100_000),
            Nodes(400_000),
            Nodes(1_500_000),
            Nodes(6_000_000),
        ],
    ),
    (
        GameId::Sage,
        [
            Nodes(30),
            Nodes(100),
            Nodes(400),
            Nodes(1_500),
            Nodes(5_000),
            Nodes(15_000),
            Nodes(50_000),
            Nodes(200_000),
            Nodes(800_000),
            Nodes(3_000_000),
        ],
    ),
];

/// The levels of a turn-based game without a table of its own: plain UCT
/// with random playouts, which needs nothing but the rules.
const UNTUNED: [Plan; 10] = [
    random(10),
    random(30),
    random(100),
    random(300),
    random(1_000),
    random(2_500),
    random(6_000),
    random(15_000),
    random(40_000),
    random(100_000),
];

/// How `level` (clamped to 1–10) searches in `game`.
pub fn plan(game: GameId, level: u8) -> Plan {
    let level = level.clamp(1, MAX_LEVEL);
    if game.is_simultaneous() {
        return Plan::Rounds(level);
    }
    let table = TUNED.iter().find(|(g, _)| *g == game).map_or(&UNTUNED, |(_, t)| t);
    table[usize::from(level - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(plan: Plan) -> u64 {
        match plan {
            Plan::Playouts { playouts, .. } => playouts,
            Plan::Nodes(n) => 1_000 * n,
            Plan::Rounds(level) => u64::from(level),
        }
    }

    #[test]
    fn budgets_grow_with_the_level() {
        for &game in GameId::ALL {
            for level in 2..=MAX_LEVEL {
                assert!(budget(plan(game, level)) > budget(plan(game, level - 1)), "{game} level {level}");
            }
            assert_eq!(plan(game, 0), plan(game, 1));
            assert_eq!(plan(game, 11), plan(game, MAX_LEVEL));
        }
        for level in 2..=MAX_LEVEL as usize {
            assert!(budget(UNTUNED[level - 1]) > budget(UNTUNED[level - 2]));
        }
    }

    #[test]
    fn agog_levels_above_three_search_narrowly() {
        for level in 4..=MAX_LEVEL {
            let Plan::Playouts { exploration, heuristic, .. } = plan(GameId::Agog, level) else {
                panic!("level {level} searches trees")
            };
            assert_eq!((exploration, heuristic), (Some(AGOG_EXPLORATION), false), "level {level}");
        }
    }
}
