//! At start: the seats each active game awaits, for games stored before
//! they were kept with every change, filled in a batch at a time so that
//! "your turn" counts them (one query a person).

use crate::state::AppState;

/// Games looked up at a time.
const BATCH: i64 = 200;

/// Fills in the awaited seats of every active game that lacks them, then
/// ends.
pub async fn fill(state: AppState) {
    let mut filled = 0;
    loop {
        let keys = match state.store.games_awaited_unknown(BATCH).await {
            Ok(keys) if keys.is_empty() => break,
            Ok(keys) => keys,
            Err(e) => {
                tracing::error!(error = %e, "the awaited seats of active games could not be read");
                return;
            }
        };
        let mut progressed = false;
        for key in keys {
            let table = match crate::change::load(&state, &key).await {
                Ok(table) => table,
                Err(e) => {
                    tracing::warn!(game = %key, error = %e, "a game whose awaited seats are unknown does not load");
                    continue;
                }
            };
            match state.store.set_awaited(&key, table.stored.version, table.awaited()).await {
                Ok(()) => {
                    filled += 1;
                    progressed = true;
                }
                Err(e) => tracing::warn!(game = %key, error = %e, "a game's awaited seats were not kept"),
            }
        }
        if !progressed {
            return;
        }
        tokio::task::yield_now().await;
    }
    if filled > 0 {
        tracing::info!(games = filled, "the awaited seats of active games were filled in");
    }
}
