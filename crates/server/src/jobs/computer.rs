//! The computer's turns left when the server stopped: each gets its move
//! at start (see [`crate::change::schedule_computer`]).

use std::sync::Arc;

use arbiter_store::{GameFilter, GameState};

use crate::change;
use crate::state::AppState;
use crate::table::Table;

/// At start: the games where the computer was to move when the server
/// stopped get their moves.
pub async fn resume(state: &AppState) {
    let filter = GameFilter { state: Some(GameState::Active), account: None, limit: 10_000 };
    let games = match state.store.games(&filter).await {
        Ok(games) => games,
        Err(e) => {
            tracing::error!(error = %e, "the games waiting for the computer were not read");
            return;
        }
    };
    for stored in games {
        if let Ok(table) = Table::load(stored) {
            change::schedule_computer(state, &Arc::new(table));
        }
    }
}
