//! Seats of a refereed game that the computer fills: when a round opens,
//! each such seat sends its play like any player (secret until the round
//! closes). A bot sees only the grid, never the plays already received.

use anyhow::{Result, anyhow};
use arbiter_ai::scg::choose_play;
use arbiter_games::scg::referee::{Receipt, RefereeGame};
use arbiter_games::scg::when::Instant;

/// Sends the play of every computer seat that has none in yet.
pub fn fill_seats(game: &mut RefereeGame, now: Instant) -> Result<()> {
    let position = game.current();
    for (seat, level) in game.bots_to_play() {
        let seed = game.seed ^ u64::from(game.round).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(square) = choose_play(&position, seat, level, seed) else { continue };
        let name = position.geometry().name(square);
        if let Receipt::Refused { reason, .. } = game.submit(seat, &name, now)? {
            return Err(anyhow!("'{name}': the computer's play for {} was refused: {reason}", game.who(seat)));
        }
    }
    Ok(())
}
