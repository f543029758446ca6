//! Vacations: a vacation booked ahead begins, one runs out, one started
//! or ended while a game was beginning (or a server stopped half way) is
//! told to the games that missed it, and a player with the automatic
//! vacation on gets one when a move is 12 hours from running out. Looks
//! once a minute; everything it reads is in the database, so a restart
//! loses nothing.

use std::time::Duration;

use crate::state::AppState;
use crate::verbs::vacation;

/// How long the job sleeps between looks.
const SLEEP: Duration = Duration::from_secs(60);

/// The most vacations one look handles of each kind.
const A_LOOK: i64 = 500;

/// Runs forever: [`handle_due`] once a minute.
pub async fn run(state: AppState) {
    loop {
        handle_due(&state).await;
        tokio::time::sleep(SLEEP).await;
    }
}

/// Tells every game of each running vacation that it runs, every game
/// of each vacation over that it is over, and starts the automatic ones.
pub async fn handle_due(state: &AppState) {
    let now = state.clock.now();
    match state.store.vacations_on(now, A_LOOK).await {
        Ok(running) => {
            for v in running {
                vacation::tell_games(state, &v).await;
            }
        }
        Err(e) => tracing::warn!(error = %e, "the vacations running were not read"),
    }
    match state.store.vacations_to_close(now, A_LOOK).await {
        Ok(over) => {
            for v in over {
                vacation::close(state, &v).await;
            }
        }
        Err(e) => tracing::warn!(error = %e, "the vacations over were not read"),
    }
    vacation::start_automatic(state).await;
}
