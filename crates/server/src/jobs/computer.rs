//! The computer's moves and plays: a game that waits for the computer is
//! queued with the fair scheduler ([`crate::searches`]) under its creator's
//! account, and the server's workers run the searches in turn. At start,
//! the games where the computer was to move when the server stopped are
//! queued again.

use std::sync::Arc;

use arbiter_store::{GameFilter, GameKey, GameState};

use crate::state::AppState;
use crate::table::Table;

use crate::searches::waiting::schedule;

/// Starts the workers that run the searches, as many as the scheduler
/// runs at once.
pub fn start_workers(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    (0..state.searches.workers()).map(|_| tokio::spawn(work(state.clone()))).collect()
}

/// A worker: runs the next search in turn, forever.
async fn work(state: AppState) {
    loop {
        let (owner, key) = state.searches.next().await;
        search(&state, &key).await;
        state.searches.finished(owner);
    }
}

/// The computer moves (or sends its plays) in the game `key`, if it still
/// waits for it ([`crate::verbs::computer`]).
async fn search(state: &AppState, key: &GameKey) {
    let result = crate::verbs::computer::act(state, key).await;
    if let Err(e) = result {
        tracing::debug!(game = %key, error = %e, "the computer did not move");
    }
}

/// At start: the games waiting for the computer when the server stopped
/// are queued again.
pub async fn resume(state: &AppState) {
    let filter = GameFilter { state: Some(GameState::Active), account: None, limit: 10_000, ..GameFilter::default() };
    let games = match state.store.games(&filter).await {
        Ok(games) => games,
        Err(e) => {
            tracing::error!(error = %e, "the games waiting for the computer were not read");
            return;
        }
    };
    for stored in games {
        if let Ok(table) = Table::load(stored) {
            schedule(&state.searches, &Arc::new(table));
        }
    }
}
