//! Deadlines: a player who runs out of time loses; a round closes at its
//! deadline. The next deadline is read from the database, so a restart
//! loses none; a change that brings one closer than the job's next look
//! wakes it.

use std::collections::HashSet;
use std::time::Duration;

use arbiter_api::ErrorCode;
use arbiter_play::Timestamp;
use arbiter_store::GameKey;

use crate::state::AppState;

/// The longest the job sleeps before looking again.
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

/// How soon a deadline that could not be handled for a passing reason
/// (the database did not answer) is tried again.
const RETRY: Duration = Duration::from_secs(1);

/// Runs forever: handles every game whose deadline has passed, then
/// sleeps until the next deadline (or a change, or a minute).
pub async fn run(state: AppState) {
    let mut damaged = HashSet::new();
    let mut failing = Failing::default();
    loop {
        state.deadlines.looking();
        let now = state.clock.now();
        let retry = handle_due_at(&state, now, &mut damaged, &mut failing).await;
        let next = match state.store.next_deadline_after(now).await {
            Ok(next) => next,
            Err(e) => {
                failing.failed("the next deadline was not read", &e);
                None
            }
        };
        let sleep = next_sleep(next, state.clock.now(), retry);
        state.deadlines.sleep(state.clock.now(), sleep).await;
    }
}

/// How long the job sleeps: until the `next` deadline after the ones just
/// handled, looked at from `now` (at least a second, at most
/// [`LONGEST_SLEEP`]), or [`RETRY`] when a due one could not be handled
/// for a passing reason. A game whose record is damaged is not a passing
/// reason: its deadline is tried again when the job next wakes, not every
/// second.
fn next_sleep(next: Option<Timestamp>, now: Timestamp, retry: bool) -> Duration {
    if retry {
        return RETRY;
    }
    match next {
        Some(next) => Duration::from_secs(next.since(now).clamp(1, 60) as u64).min(LONGEST_SLEEP),
        None => LONGEST_SLEEP,
    }
}

/// Ends the turns and closes the rounds whose deadlines have passed.
pub async fn handle_due(state: &AppState) {
    handle_due_at(state, state.clock.now(), &mut HashSet::new(), &mut Failing::default()).await;
}

/// Whether the job's last look failed (the database did not answer): a
/// failure is logged as a warning when it follows a success, and only at
/// the debug level while they go on in a row (once a second during an
/// outage that the database's watch already reports).
#[derive(Default)]
struct Failing(bool);

impl Failing {
    /// Tells of a failure: `what` went wrong, with `error`.
    fn failed(&mut self, what: &str, error: &dyn std::fmt::Display) {
        if self.0 {
            tracing::debug!(error = %error, "{what}");
        } else {
            tracing::warn!(error = %error, "{what}");
        }
        self.0 = true;
    }
}

/// Handles the deadlines passed at `now`; whether one of them should be
/// tried again soon. The games found damaged are told once (kept in
/// `damaged` until one is handled after its repair); failures in a row
/// are told once (`failing`).
async fn handle_due_at(
    state: &AppState,
    now: Timestamp,
    damaged: &mut HashSet<GameKey>,
    failing: &mut Failing,
) -> bool {
    let due = match state.store.due_games(now).await {
        Ok(due) => due,
        Err(e) => {
            failing.failed("the games past their deadline were not read", &e);
            return true;
        }
    };
    let mut retry = false;
    for key in due {
        match crate::verbs::finish::deadline_passed(state, &key).await {
            Ok(_) => {
                damaged.remove(&key);
            }
            Err(e) if e.code == ErrorCode::Damaged => {
                if damaged.insert(key.clone()) {
                    tracing::warn!(
                        game = %key,
                        error = %e.message,
                        "a deadline cannot be handled: the game's stored record is damaged \
                         (arbiter admin damaged); it is tried again each time the job wakes"
                    );
                }
            }
            Err(e) => {
                failing.failed(&format!("the deadline of game {key} was not handled"), &e);
                retry = true;
            }
        }
    }
    if !retry {
        failing.0 = false;
    }
    retry
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(unix: i64) -> Timestamp {
        Timestamp::from_unix(unix)
    }

    #[test]
    fn sleeps_until_the_next_deadline_within_a_second_and_a_minute() {
        assert_eq!(next_sleep(Some(at(130)), at(100), false), Duration::from_secs(30));
        assert_eq!(next_sleep(Some(at(100)), at(100), false), Duration::from_secs(1));
        assert_eq!(next_sleep(Some(at(90)), at(100), false), Duration::from_secs(1));
        assert_eq!(next_sleep(Some(at(10_000)), at(100), false), LONGEST_SLEEP);
        assert_eq!(next_sleep(None, at(100), false), LONGEST_SLEEP);
    }

    #[test]
    fn a_passing_failure_is_tried_again_in_a_second_whatever_comes_next() {
        assert_eq!(next_sleep(None, at(100), true), RETRY);
        assert_eq!(next_sleep(Some(at(10_000)), at(100), true), RETRY);
    }
}
