//! Deadlines: a player who runs out of time loses; a round closes at its
//! deadline. The next deadline is read from the database, so a restart
//! loses none; a change that brings one closer than the job's next look
//! wakes it.

use std::time::Duration;

use crate::state::AppState;

/// The longest the job sleeps before looking again.
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

/// Runs forever: handles every game whose deadline has passed, then
/// sleeps until the next deadline (or a change, or a minute).
pub async fn run(state: AppState) {
    loop {
        state.deadlines.looking();
        handle_due(&state).await;
        let now = state.clock.now();
        let sleep = match state.store.next_deadline().await {
            Ok(Some(next)) => Duration::from_secs(next.since(now).clamp(0, 60) as u64).min(LONGEST_SLEEP),
            Ok(None) => LONGEST_SLEEP,
            Err(e) => {
                tracing::warn!(error = %e, "the next deadline was not read");
                LONGEST_SLEEP
            }
        };
        // A deadline still past after handling is one that could not be
        // handled: look again in a second, not at once.
        let sleep = sleep.max(Duration::from_secs(1));
        state.deadlines.sleep(now, sleep).await;
    }
}

/// Ends the turns and closes the rounds whose deadlines have passed.
pub async fn handle_due(state: &AppState) {
    let now = state.clock.now();
    let due = match state.store.due_games(now).await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "the games past their deadline were not read");
            return;
        }
    };
    for key in due {
        let result = crate::verbs::finish::deadline_passed(state, &key).await;
        if let Err(e) = result {
            tracing::warn!(game = %key, error = %e, "a deadline was not handled");
        }
    }
}
