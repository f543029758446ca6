//! Sending queued mail over SMTP (lettre), with retries that back off.

use std::sync::Arc;
use std::time::Duration;

use crate::mailer::Mailer;
use crate::state::AppState;

/// Seconds a server has to send the mail it took before the mail is due
/// again (for it, or another server, if it stopped meanwhile).
const SENDING_LEASE: i64 = 600;

/// How long to wait before trying a mail again after `attempts` failures:
/// a minute, doubling, at most six hours.
fn backoff(attempts: i64) -> i64 {
    60i64.saturating_mul(1 << attempts.clamp(0, 9)).min(6 * 3600)
}

/// Sends every mail that is due; a failure is logged and retried later,
/// and after the last attempt the mail is given up (the account sees it).
/// Returns how many were sent.
pub async fn send_due(state: &AppState) -> usize {
    send_due_telling(state).await.0
}

/// [`send_due`], also telling whether the database failed on the way (a
/// disk full, a database restarting): then the mail is looked at again
/// soon, not in a minute.
async fn send_due_telling(state: &AppState) -> (usize, bool) {
    let Some(mailer) = &state.mailer else { return (0, false) };
    let _pass = mailer.pass.lock().await;
    let mut sent = 0;
    loop {
        let now = state.clock.now();
        let due = match state.store.take_due_mail(now, now.after(SENDING_LEASE), 50).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "the mail due was not read");
                return (sent, true);
            }
        };
        if due.is_empty() {
            return (sent, false);
        }
        for mail in &due {
            let result = match mailer.send(mail).await {
                Ok(()) => {
                    sent += 1;
                    state.store.mail_sent(mail.id, state.clock.now()).await
                }
                Err(reason) if mail.attempts + 1 >= i64::from(state.settings.limits.mail_attempts) => {
                    tracing::warn!(to = %mail.to, attempts = mail.attempts + 1, %reason, "a mail was not sent; it is given up");
                    state.store.mail_given_up(mail.id, &reason, state.clock.now()).await
                }
                Err(reason) => {
                    tracing::warn!(to = %mail.to, attempts = mail.attempts + 1, %reason, "a mail was not sent; it will be tried again");
                    let retry = state.clock.now().after(backoff(mail.attempts));
                    state.store.mail_failed(mail.id, &reason, retry).await
                }
            };
            if let Err(e) = result {
                tracing::warn!(error = %e, "a mail's state was not stored");
                return (sent, true);
            }
        }
    }
}

/// Runs forever: sends the mail due, then waits to be woken (a mail
/// queued) or for a minute (a retry may be due; five seconds if the
/// database failed).
pub async fn run(state: AppState, mailer: Arc<Mailer>) {
    loop {
        let (_, failed) = send_due_telling(&state).await;
        let pause = if failed { AFTER_DATABASE_FAILED } else { Duration::from_secs(60) };
        tokio::select! {
            () = mailer.wake.notified() => {}
            () = tokio::time::sleep(pause) => {}
        }
    }
}

/// How soon the mail is looked at again after the database failed.
const AFTER_DATABASE_FAILED: Duration = Duration::from_secs(5);
