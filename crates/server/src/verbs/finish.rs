//! How a game ends other than by a move: a player resigns, a deadline
//! passes (a player out of time, or a round of a game of rounds closing),
//! the creator calls the game off before its first move, or it is called
//! off regardless (an administrator, a rematch made twice at once).

use std::sync::Arc;

use arbiter_store::{AccountId, GameFilter, GameKey, GameState};

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
        super::seen_by(table, account)?;
        if table.stored.creator != Some(account) {
            return Err(ApiError::forbidden("only the player who created a game may call it off"));
        }
        if let Some(tournament) = table.stored.record.tournament {
            return Err(ApiError::conflict(format!(
                "a game of tournament {tournament} is not called off: it is played, resigned or lost on time"
            )));
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

/// The most unfinished games a guest's leaving ends (a guest plays a
/// handful; more are left as they are).
const GUEST_GAMES_ENDED: i64 = 50;

/// A guest has signed out, and their account can never be reached again:
/// each of their unfinished games ends cleanly, its other players told as
/// of any ending — resigned once it has begun, called off before (a game
/// they created, still waiting for players), or their seat left open again
/// (someone else's game, still waiting for players). A game that cannot be ended
/// is left as it is and logged; signing out goes on regardless.
pub async fn guest_left(state: &AppState, account: AccountId) {
    for wanted in [GameState::Active, GameState::Open] {
        let filter = GameFilter {
            state: Some(wanted),
            account: Some(account),
            limit: GUEST_GAMES_ENDED,
            ..GameFilter::default()
        };
        let games = match state.store.games(&filter).await {
            Ok(games) => games,
            Err(e) => {
                tracing::warn!(error = %e, "a guest's games could not be listed to end them");
                continue;
            }
        };
        for stored in games {
            let ended = match wanted {
                GameState::Open if stored.creator == Some(account) => call_off(state, &stored.key, account).await,
                GameState::Open => match super::seats::leave(state, &stored.key, account).await {
                    Ok(table) => Ok(table),
                    Err(_) => resign(state, &stored.key, account).await,
                },
                _ => resign(state, &stored.key, account).await,
            };
            if let Err(e) = ended {
                tracing::info!(game = %stored.key, error = %e.message, "a guest's game was left as it is");
            }
        }
    }
}
