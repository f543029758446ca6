//! How a game ends other than by a move: a player resigns, a deadline
//! passes (a player out of time, or a round of a game of rounds closing),
//! the creator calls the game off before its first move, or it is called
//! off regardless (an administrator, a rematch made twice at once).

use std::sync::Arc;

use arbiter_store::{AccountId, GameKey};

use super::seat_of;
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;

/// Resigns `account`'s seat in the game `key`: the POST and a mail both
/// come here.
pub async fn resign(state: &AppState, key: &GameKey, account: AccountId) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = seat_of(table, account)?;
        let events = table.play.resign(seat)?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// The game `key`'s deadline has passed: the player to move runs out of
/// time, or the open round closes (the deadline job).
pub async fn deadline_passed(state: &AppState, key: &GameKey) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game_searching(state, key, |table, now| {
        let events = table.play.pass_time(now)?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// The creator `account` calls the game `key` off: only before anything
/// has been played.
pub async fn call_off(state: &AppState, key: &GameKey, account: AccountId) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        if table.stored.creator != Some(account) {
            return Err(ApiError::forbidden("only the player who created a game may call it off"));
        }
        if table.is_over() {
            return Err(ApiError::conflict("the game is over already"));
        }
        if table.has_begun() {
            return Err(ApiError::conflict(
                "the game has begun: a game is called off only before its first move; resign instead",
            ));
        }
        let events = table.play.abort()?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// Calls the game `key` off whoever asks, whatever has been played: it is
/// over and nobody won.
pub async fn abort(state: &AppState, key: &GameKey) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, |table, _now| {
        let events = table.play.abort()?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(table)
}
