//! The computer's turn: its move, or its plays in the open round of a
//! game of rounds, stored like anyone's (the computer's workers, in
//! [`crate::jobs::computer`], call it in turn).

use std::sync::Arc;

use arbiter_store::{GameKey, GameState};

use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;

/// The computer moves (or sends its plays) in the game `key`, if the game
/// is being played and still waits for it; 409 if it does not.
pub async fn act(state: &AppState, key: &GameKey) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game_searching(state, key, |table, now| {
        if table.state() != GameState::Active {
            return Err(ApiError::conflict("the game is not being played"));
        }
        match table.play.play_computer(now)? {
            Some(events) => Ok(Changed { events, ..Changed::default() }),
            None => Err(ApiError::conflict("the computer has nothing to do")),
        }
    })
    .await?;
    Ok(table)
}
