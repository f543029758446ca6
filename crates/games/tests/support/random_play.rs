//! Random games for property tests: every position and move of a game of
//! uniformly random legal moves.

use arbiter_core::{Game, Notation};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Up to `max` uniformly random moves from `start` (seeded by `seed`): the
/// positions, `start` first, and the moves in their text form.
pub fn random_game<G: Game + Notation>(start: G, seed: u64, max: usize) -> (Vec<G>, Vec<String>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut p = start;
    let (mut positions, mut moves, mut legal) = (vec![p.clone()], Vec::new(), Vec::new());
    for _ in 0..max {
        p.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(p.move_string(&mv));
        p = p.play(&mv);
        positions.push(p.clone());
    }
    (positions, moves)
}
