//! The strength levels a person can pick, 1 (a beginner that blunders) to
//! 10 (the strongest this kind of machine plays in a second or two per
//! move). A level is a fixed search budget, never a time, so a level plays
//! the same moves on every machine; the budgets differ between games
//! because their positions cost different amounts to search. The ladder
//! each game's table gives is measured in `docs/AI.md`.

use arbiter_games::GameKind;

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

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
    },
    /// Alpha-beta with this many nodes.
    Nodes(u64),
}

/// Alpha-beta node budgets of levels 2 to 10, for a game whose positions
/// are searched at about five million nodes per second: four times more
/// per level.
const NODES: [u64; 9] = [120, 500, 2_000, 8_000, 30_000, 120_000, 500_000, 2_000_000, 8_000_000];

/// How `level` (clamped to 1–10) searches in `kind`: level 1 is a tree
/// search over 20 random playouts, which blunders freely; the others are
/// alpha-beta searches.
pub fn plan(kind: GameKind, level: u8) -> Plan {
    match level.clamp(1, MAX_LEVEL) {
        1 => Plan::Playouts { playouts: 20, heuristic: false },
        n => Plan::Nodes(NODES[usize::from(n - 2)] / slowdown(kind)),
    }
}

/// How many times fewer nodes per second a game's search visits than
/// A•G•O•G's, rounded, so that a level takes about as long in every game.
const fn slowdown(kind: GameKind) -> u64 {
    match kind {
        GameKind::Agog => 1,
        GameKind::Ogama => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_grow_with_the_level() {
        for kind in GameKind::ALL {
            let budget = |level| match plan(kind, level) {
                Plan::Playouts { playouts, .. } => playouts,
                Plan::Nodes(n) => 1_000 * n,
            };
            for level in 2..=MAX_LEVEL {
                assert!(budget(level) > budget(level - 1), "{kind} level {level}");
            }
            assert_eq!(plan(kind, 0), plan(kind, 1));
            assert_eq!(plan(kind, 11), plan(kind, MAX_LEVEL));
        }
    }
}
