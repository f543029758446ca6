//! Sending queued mail over SMTP (lettre), with retries that back off.

use std::sync::Arc;
use std::time::Duration;

use arbiter_store::QueuedMail;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::{Mutex, Notify};

use crate::state::AppState;

/// How mail leaves the server.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// Where the links in mails point (`https://arbiter.example`).
    pub public_url: String,
    /// Where replies to mails about games go, tokens added
    /// (`--mail-in-address`), if moves are taken by mail.
    pub mail_in: Option<crate::mail_in::MailInAddress>,
    /// Wakes the sending job when mail is queued.
    pub wake: Notify,
    /// One sending pass at a time, so no mail goes twice.
    pass: Mutex<()>,
}

/// An SMTP URL or sender that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    /// The `--smtp` URL.
    #[error("'{url}': not an SMTP URL (smtp://host:port or smtps://user:password@host:port): {reason}")]
    Url {
        /// The URL, without its password.
        url: String,
        /// Why.
        reason: String,
    },
    /// The sender's address.
    #[error("'{from}': not a sender's mail address")]
    From {
        /// The address given.
        from: String,
    },
}

impl Mailer {
    /// A mailer sending through `smtp_url` as `from`, its links to
    /// `public_url`; no `Reply-To` until [`Mailer::taking_moves_at`].
    pub fn new(smtp_url: &str, from: &str, public_url: &str) -> Result<Mailer, MailerError> {
        let shown = match smtp_url.split_once('@') {
            Some((_, host)) => format!("{}***@{host}", &smtp_url[..smtp_url.find("//").map_or(0, |i| i + 2)]),
            None => smtp_url.to_string(),
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| MailerError::Url { url: shown, reason: e.to_string() })?
            .timeout(Some(Duration::from_secs(30)))
            .build();
        let from = from.parse().map_err(|_| MailerError::From { from: from.to_string() })?;
        Ok(Mailer {
            transport,
            from,
            public_url: public_url.to_string(),
            mail_in: None,
            wake: Notify::new(),
            pass: Mutex::new(()),
        })
    }

    /// The mailer, with a `Reply-To` at `address` (a token added) on
    /// every mail about a game, whose replies are moves.
    pub fn taking_moves_at(mut self, address: crate::mail_in::MailInAddress) -> Mailer {
        self.mail_in = Some(address);
        self
    }

    async fn send(&self, mail: &QueuedMail) -> Result<(), String> {
        let to: Mailbox = mail.to.parse().map_err(|e| format!("'{}': {e}", mail.to))?;
        let mut message = Message::builder().from(self.from.clone()).to(to);
        if let Some(reply_to) = &mail.reply_to {
            let reply_to: Mailbox = reply_to.parse().map_err(|e| format!("'{reply_to}': {e}"))?;
            message = message.reply_to(reply_to);
        }
        let message = message.subject(mail.subject.clone()).body(mail.body.clone()).map_err(|e| e.to_string())?;
        self.transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

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
    let Some(mailer) = &state.mailer else { return 0 };
    let _pass = mailer.pass.lock().await;
    let mut sent = 0;
    loop {
        let now = state.clock.now();
        let due = match state.store.take_due_mail(now, now.after(SENDING_LEASE), 50).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "the mail due was not read");
                return sent;
            }
        };
        if due.is_empty() {
            return sent;
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
                return sent;
            }
        }
    }
}

/// Runs forever: sends the mail due, then waits to be woken (a mail
/// queued) or for a minute (a retry may be due).
pub async fn run(state: AppState, mailer: Arc<Mailer>) {
    loop {
        send_due(&state).await;
        tokio::select! {
            () = mailer.wake.notified() => {}
            () = tokio::time::sleep(Duration::from_secs(60)) => {}
        }
    }
}
