//! Tournaments: each starts at its time, and a round whose games are all
//! over is followed by the next (or the end) even if the server that
//! ended its last game stopped before moving it on. Looks twice a minute,
//! and at the next start.

use std::time::Duration;

use crate::state::AppState;

/// The longest the job sleeps before looking again.
const LONGEST_SLEEP: Duration = Duration::from_secs(30);

/// Runs forever: moves on every tournament that is due, then sleeps
/// until the next start (or half a minute).
pub async fn run(state: AppState) {
    loop {
        crate::tournaments::handle_due(&state).await;
        let now = state.clock.now();
        let sleep = match state.store.next_tournament_start().await {
            Ok(Some(next)) => Duration::from_secs(next.since(now).clamp(1, 30) as u64),
            Ok(None) => LONGEST_SLEEP,
            Err(e) => {
                tracing::warn!(error = %e, "the next tournament's start was not read");
                LONGEST_SLEEP
            }
        };
        tokio::time::sleep(sleep.min(LONGEST_SLEEP)).await;
    }
}
