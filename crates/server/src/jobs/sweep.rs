//! Sweeping what has expired, every few minutes: sessions unused for the
//! session lifetime (their sockets close), verification links past their
//! time, guests unused as long who hold no seat, mail sent or given up
//! more than a month ago, and the limiters'
//! keys that no longer limit anyone.

use std::time::{Duration, Instant};

use arbiter_play::Timestamp;

use crate::state::AppState;

/// How often the sweep runs.
const EVERY: Duration = Duration::from_secs(300);

/// How long sent and given-up mail is kept (seconds).
const MAIL_KEPT: i64 = 30 * 86_400;

/// Sweeps once; what was swept is logged.
pub async fn sweep(state: &AppState) {
    let now = state.clock.now();
    match state.store.delete_unused_sessions(state.sessions_unused_since()).await {
        Ok(ended) => {
            if !ended.is_empty() {
                tracing::info!(sessions = ended.len(), "sessions unused for too long ended");
            }
            crate::auth::sessions_ended(state, &ended).await;
        }
        Err(e) => tracing::warn!(error = %e, "unused sessions were not swept"),
    }
    match state.store.remove_idle_guests(state.sessions_unused_since()).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(guests = n, "guests unused for too long removed"),
        Err(e) => tracing::warn!(error = %e, "unused guests were not removed"),
    }
    if let Err(e) = state.store.delete_expired_verifications(now).await {
        tracing::warn!(error = %e, "expired verification links were not swept");
    }
    if let Err(e) = state.store.delete_expired_password_resets(now).await {
        tracing::warn!(error = %e, "expired password reset links were not swept");
    }
    match state.store.delete_old_mail(Timestamp::from_unix(now.unix().saturating_sub(MAIL_KEPT))).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(mails = n, "old mail swept"),
        Err(e) => tracing::warn!(error = %e, "old mail was not swept"),
    }
    let mail_in_before = Timestamp::from_unix(now.unix().saturating_sub(arbiter_store::MAIL_IN_KEPT));
    match state.store.delete_old_mail_in(mail_in_before).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(rows = n, "old mail tokens and mails taken in swept"),
        Err(e) => tracing::warn!(error = %e, "old mail tokens were not swept"),
    }
    if let Err(e) = state.store.delete_old_notices(now).await {
        tracing::warn!(error = %e, "old notices were not swept");
    }
    if let Err(e) = state.store.delete_old_announcements(now).await {
        tracing::warn!(error = %e, "old announcements were not swept");
    }
    let kept = state.guards.sweep(Instant::now());
    tracing::debug!(keys = kept, "limiters swept");
}

/// Runs forever: a sweep every few minutes.
pub async fn run(state: AppState) {
    loop {
        sweep(&state).await;
        tokio::time::sleep(EVERY).await;
    }
}
