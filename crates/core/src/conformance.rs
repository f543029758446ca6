//! The checks every game must pass, run by each game's tests on random
//! games: every generated move applies, finished positions have no moves,
//! position and move strings round-trip, the incremental hash equals a
//! fresh one, and playing on a copy never changes the original.
//! Simultaneous games get the same checks round by round
//! ([`check_random_rounds`]).

mod rounds;

pub use rounds::{check_random_rounds, check_round_position};

use thiserror::Error;

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::Notation;

/// A rule of the suite that a game breaks, with where: the game, the
/// position, the move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct Violation(pub String);

impl From<String> for Violation {
    fn from(text: String) -> Violation {
        Violation(text)
    }
}

/// What one run of [`check_random_games`] saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Positions checked.
    pub positions: usize,
    /// Games that reached their end within the ply limit.
    pub finished: usize,
}

/// Plays `games` random games from `start` (at most `max_plies` each) with
/// a generator seeded by `seed`, checking every position on the way.
/// Returns what was covered, or a description of the first violation.
pub fn check_random_games<G: Notation>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Coverage, Violation> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut position = start.clone();
        for _ in 0..max_plies {
            check_position(&position, &mut moves).map_err(|e| Violation(format!("game {game}: {e}")))?;
            coverage.positions += 1;
            if moves.is_empty() {
                coverage.finished += 1;
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            position = position.play(&mv);
        }
    }
    Ok(coverage)
}

/// Checks one position; leaves its legal moves in `moves`.
pub fn check_position<G: Notation>(position: &G, moves: &mut Vec<G::Move>) -> Result<(), Violation> {
    let text = position.position_string();
    let fail = |what: String| Err(Violation(format!("{what} in position {text}")));
    if position.hash() != position.hash_from_scratch() {
        return fail("incremental hash differs from a fresh one".into());
    }
    match G::parse_position(&text, &position.config()) {
        Ok(again) => {
            if again.position_string() != text || again.hash() != position.hash() {
                return fail(format!("position string reads back as {}", again.position_string()));
            }
        }
        Err(e) => return fail(format!("own position string rejected: {e}")),
    }
    position.legal_moves(moves);
    if position.legal_move_count(&mut Vec::new()) != moves.len() {
        return fail("move count differs from the generated moves".into());
    }
    if position.status().is_over() != moves.is_empty() {
        return fail(format!("status {:?} but {} legal moves", position.status(), moves.len()));
    }
    let mut seen = std::collections::HashSet::new();
    for mv in moves.iter() {
        let mv_text = position.move_string(mv);
        if !seen.insert(mv_text.clone()) {
            return fail(format!("move {mv_text} generated twice"));
        }
        match position.parse_move(&mv_text) {
            Ok(parsed) if parsed == *mv => {}
            Ok(other) => return fail(format!("move {mv_text} reads back as {other:?}")),
            Err(e) => return fail(format!("own move string rejected: {e}")),
        }
        let copy = position.clone();
        let next = copy.play(mv);
        if copy.position_string() != text || copy.hash() != position.hash() {
            return fail(format!("playing {mv_text} changed the original"));
        }
        if next.hash() != next.hash_from_scratch() {
            return fail(format!("hash after {mv_text} differs from a fresh one"));
        }
    }
    Ok(())
}
