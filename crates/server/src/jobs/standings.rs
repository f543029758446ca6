//! At start: how each seat came out of the games that ended before that
//! was kept, filled in from their records, a batch at a time, so that
//! players' pages count them.

use arbiter_store::Store;

/// Games filled in a transaction each, this many between checks.
const BATCH: i64 = 200;

/// Fills in every finished game's standings that are missing, then ends.
pub async fn fill(store: Store) {
    let mut filled = 0;
    loop {
        match store.fill_standings(BATCH).await {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) => {
                tracing::error!(error = %e, "the standings of finished games could not be filled in");
                return;
            }
        }
        tokio::task::yield_now().await;
    }
    if filled > 0 {
        tracing::info!(games = filled, "the standings of games finished before were filled in");
    }
}
