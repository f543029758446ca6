//! Search against uniformly random play, for the search tests of every
//! game.

use arbiter_ai::Limits;
use arbiter_ai::alphabeta::AlphaBeta;
use arbiter_ai::eval::Evaluator;
use arbiter_core::{Game, GameStatus, Seat};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays alpha-beta with `nodes` per move for `side` against uniformly
/// random moves (seeded by `seed`) from `start`, for at most `max_plies`;
/// returns how the game stands at the end.
pub fn play_vs_random<G: Game, E: Evaluator<G>>(
    start: G,
    eval: E,
    side: Seat,
    seed: u64,
    nodes: u64,
    max_plies: usize,
) -> GameStatus {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut search = AlphaBeta::new(eval, 16);
    let mut moves = Vec::new();
    let mut p = start;
    for _ in 0..max_plies {
        if p.status().is_over() {
            break;
        }
        let mv = if p.to_move() == side {
            search.search(&p, Limits::nodes(nodes)).best.expect("a game that is not over has a move")
        } else {
            p.legal_moves(&mut moves);
            moves[rng.random_range(0..moves.len())]
        };
        p = p.play(&mv);
    }
    p.status()
}

/// How many of `games` games the search wins against random play, taking
/// the first side in even-numbered games; `start(i)` is game `i`'s start.
pub fn wins_vs_random<G: Game, E: Evaluator<G> + Clone>(
    games: u64,
    start: impl Fn(u64) -> G,
    eval: E,
    nodes: u64,
    max_plies: usize,
) -> usize {
    (0..games)
        .filter(|&game| {
            let side = Seat((game % 2) as u8);
            match play_vs_random(start(game), eval.clone(), side, game, nodes, max_plies) {
                GameStatus::Over(o) => o.winners.contains(side) && o.winners.len() == 1,
                GameStatus::Ongoing => false,
            }
        })
        .count()
}
