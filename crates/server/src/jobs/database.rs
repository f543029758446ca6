//! The database's watch: asks it every second (a ping that may take at
//! most two), keeps what it found ([`crate::database_watch`]), and tells
//! the log and the metrics when it stops answering and when it answers
//! again.

use std::time::Duration;

use crate::database_watch::Seen;
use crate::state::AppState;

/// How often the database is asked.
const EVERY: Duration = Duration::from_secs(1);
/// How long it has to answer.
const WITHIN: Duration = Duration::from_secs(2);

/// Runs forever: asks the database every second.
pub async fn run(state: AppState) {
    loop {
        let answered = matches!(tokio::time::timeout(WITHIN, state.store.ping()).await, Ok(Ok(())));
        match state.database.asked(answered, state.clock.now()) {
            Seen::Same => {}
            Seen::Down => {
                tracing::error!("the database does not answer; changes are refused with 503 until it does");
                state.metrics.database_outage();
            }
            Seen::Up(seconds) => tracing::warn!(down_for_seconds = seconds, "the database answers again"),
        }
        state.metrics.database_answers(answered);
        tokio::time::sleep(EVERY).await;
    }
}
