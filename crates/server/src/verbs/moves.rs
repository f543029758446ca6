//! A player's move, or play in a game of rounds: the POST, the game's
//! socket and a mail all make it here.

use std::sync::Arc;

use arbiter_api::MoveRequest;
use arbiter_play::MoveOutcome;
use arbiter_store::{AccountId, GameKey, GameState};

use super::seat_of;
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::limits::too_many;
use crate::state::AppState;
use crate::table::Table;

/// The longest move text taken (the longest capture of any game is far
/// shorter).
pub const MAX_MOVE_TEXT: usize = 256;

/// Plays `request` for `account` in the game `key`, under the ply guard:
/// the game after it, or why it was refused (a move against the rules is
/// kept as an attempt and refused; a move out of time ends the game and
/// is refused).
pub async fn make_move(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    request: MoveRequest,
) -> Result<Arc<Table>, ApiError> {
    if request.mv.len() > MAX_MOVE_TEXT {
        return Err(ApiError::malformed(format!("a move is at most {MAX_MOVE_TEXT} bytes, not {}", request.mv.len())));
    }
    let plays_per_round = state.settings.limits.plays_per_round as usize;
    let (table, changed) = change::change_game(state, key, move |table, now| {
        let seat = seat_of(table, account)?;
        if table.state() == GameState::Open {
            return Err(ApiError::conflict("the game waits for players to take its open seats"));
        }
        if request.ply != table.ply() {
            return Err(ApiError::conflict(format!(
                "'{}': this move is for ply {}, but the game is at ply {}",
                request.mv,
                request.ply,
                table.ply()
            )));
        }
        let mut vacation_ended = None;
        let (events, refusal) = match table.play.submit(seat, &request.mv, now, plays_per_round)? {
            MoveOutcome::Applied(events) => {
                // A move ends its player's vacation, here and everywhere.
                let label = table.label(seat);
                if table.play.away().iter().any(|a| a.seat == label && a.is_on(now)) {
                    table.play.end_away(&label, now);
                    vacation_ended = Some(now);
                }
                (events, None)
            }
            MoveOutcome::Attempted { reason, rule } => {
                (Vec::new(), Some(ApiError { rule, ..ApiError::illegal(format!("'{}': {reason}", request.mv)) }))
            }
            MoveOutcome::TooManyPlays { most } => {
                let wait = table.play.deadline().map_or(3600, |d| d.since(now).max(1));
                return Err(too_many(
                    &format!("you have sent {most} plays this round, as many as one may"),
                    std::time::Duration::from_secs(wait as u64),
                ));
            }
            // Out of time: the game ends as the deadline job would end
            // it, and the move is refused.
            MoveOutcome::OutOfTime { deadline, events } => (
                events,
                Some(ApiError::illegal(format!(
                    "'{}': your time to move ran out at {}; the game is over",
                    request.mv,
                    deadline.for_people()
                ))),
            ),
        };
        Ok(Changed { events, refusal, vacation_ended, ..Changed::default() })
    })
    .await?;
    if let Some(at) = changed.vacation_ended {
        super::vacation::end_at_move(state, account, at).await;
    }
    match changed.refusal {
        Some(refusal) => Err(refusal),
        None => Ok(table),
    }
}
