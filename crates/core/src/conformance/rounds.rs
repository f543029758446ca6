//! The checks every simultaneous game must pass, on random games in which
//! each remaining player makes a random legal play or, now and then, none.

use std::collections::HashSet;

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Coverage, Violation};
use crate::round::Round;
use crate::seat::Seat;
use crate::simultaneous::SimultaneousNotation;

/// Plays `games` random games from `start` (at most `max_rounds` rounds
/// each), seeded by `seed`. In each round every remaining player makes a
/// random legal play, except that with probability `silence` a player
/// makes none. Checks every position and every round on the way; returns
/// what was covered, or a description of the first violation.
pub fn check_random_rounds<G: SimultaneousNotation>(
    start: &G,
    games: usize,
    max_rounds: usize,
    silence: f64,
    seed: u64,
) -> Result<Coverage, Violation> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    let mut scratch = Vec::new();
    for game in 0..games {
        let mut position = start.clone();
        for _ in 0..max_rounds {
            check_round_position(&position).map_err(|e| Violation(format!("game {game}: {e}")))?;
            coverage.positions += 1;
            if position.status().is_over() {
                coverage.finished += 1;
                break;
            }
            let mut plays = Round::new();
            for seat in position.active().iter() {
                if rng.random_bool(silence) {
                    continue;
                }
                if let Some(play) = position.random_play(seat, &mut rng, &mut scratch) {
                    if !position.is_legal_play(seat, &play) {
                        return Err(Violation(format!("game {game}: random play {play:?} of {seat} is not legal")));
                    }
                    plays.set(seat, Some(play));
                }
            }
            position = check_round(&position, &plays).map_err(|e| Violation(format!("game {game}: {e}")))?;
        }
    }
    Ok(coverage)
}

/// Checks one position: hashes, the position string, the legal plays of
/// every seat and their text.
pub fn check_round_position<G: SimultaneousNotation>(position: &G) -> Result<(), Violation> {
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
    let over = position.status().is_over();
    let mut plays = Vec::new();
    for i in 0..position.seat_count() {
        let seat = Seat(i as u8);
        position.legal_plays(seat, &mut plays);
        if (over || !position.active().contains(seat)) && !plays.is_empty() {
            return fail(format!("{} has plays but may not play", position.seat_label(seat)));
        }
        let mut seen = HashSet::new();
        for play in &plays {
            let play_text = position.play_string(seat, play);
            if !seen.insert(play_text.clone()) {
                return fail(format!("play {play_text} generated twice"));
            }
            match position.parse_play(&play_text) {
                Ok(parsed) if parsed == (seat, *play) => {}
                Ok(other) => return fail(format!("play {play_text} reads back as {other:?}")),
                Err(e) => return fail(format!("own play string rejected: {e}")),
            }
            let alone = position.seat_play_string(play);
            match position.parse_seat_play(seat, &alone) {
                Ok(parsed) if parsed == *play => {}
                Ok(other) => return fail(format!("play {alone} of {seat} reads back as {other:?}")),
                Err(e) => return fail(format!("own play {alone} of {seat} rejected: {e}")),
            }
        }
    }
    Ok(())
}

/// Resolves one round and checks it: the round's text reads back, the
/// quick and the reported resolution agree, the original is unchanged and
/// the new hash is right. Returns the next position.
fn check_round<G: SimultaneousNotation>(position: &G, plays: &Round<G::Play>) -> Result<G, Violation> {
    let text = position.position_string();
    let round = position.round_string(plays);
    let fail = |what: String| Err(Violation(format!("{what} after round {round} from {text}")));
    match position.parse_round(&round) {
        Ok(parsed) if parsed == *plays => {}
        Ok(other) => return fail(format!("round reads back as {other:?}")),
        Err(e) => return fail(format!("own round string rejected: {e}")),
    }
    let copy = position.clone();
    let quick = copy.resolve(plays);
    let (reported, _report) = copy.resolve_reported(plays);
    if copy.position_string() != text || copy.hash() != position.hash() {
        return fail("resolving changed the original".into());
    }
    if quick.position_string() != reported.position_string()
        || quick.hash() != reported.hash()
        || quick.status() != reported.status()
    {
        return fail("the quick and the reported resolution differ".into());
    }
    if reported.hash() != reported.hash_from_scratch() {
        return fail("hash differs from a fresh one".into());
    }
    Ok(reported)
}
