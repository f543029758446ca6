//! Tree walks every game shares: perft and random playouts.

use rand::Rng;

use crate::game::Game;

/// Number of leaves of the legal-move tree of `position` to `depth` plies,
/// counting the last ply in bulk. A game that ends before `depth` adds no
/// leaves, as in chess perft.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(position, depth, &mut buffers)
}

fn perft_with<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return position.legal_move_count(moves) as u64;
    }
    position.legal_moves(moves);
    let mut nodes = 0;
    for mv in moves.iter() {
        nodes += perft_with(&position.play(mv), depth - 1, rest);
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn perft_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let below = perft(&position.play(&mv), depth.saturating_sub(1));
            (mv, below)
        })
        .collect()
}

/// Plays uniformly random legal moves from `start` until the game is over or
/// `max_plies` have been played; returns the final position and the number
/// of plies played. `moves` is scratch space, reused between calls.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    start: &G,
    rng: &mut R,
    max_plies: usize,
    moves: &mut Vec<G::Move>,
) -> (G, usize) {
    let mut position = start.clone();
    for ply in 0..max_plies {
        match position.random_move(rng, moves) {
            Some(mv) => position.play_in_place(&mv),
            None => return (position, ply),
        }
    }
    (position, max_plies)
}
