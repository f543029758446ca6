//! How mail leaves the server: the SMTP sender the state holds
//! ([`crate::state::AppState::mailer`]), with where the links in mails
//! point and where replies to mails about games go ([`reply_to`]). What
//! is mailed, and the job that sends it, are [`crate::mail`]'s; taking
//! the replies is [`crate::mail_in`]'s.

pub mod reply_to;

use std::time::Duration;

use arbiter_store::QueuedMail;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::{Mutex, Notify};

pub use reply_to::{MailInAddress, new_token};

/// How mail leaves the server.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// Where the links in mails point (`https://arbiter.example`).
    pub public_url: String,
    /// Where replies to mails about games go, tokens added
    /// (`--mail-in-address`), if moves are taken by mail.
    pub mail_in: Option<MailInAddress>,
    /// Wakes the sending job when mail is queued.
    pub wake: Notify,
    /// One sending pass at a time, so no mail goes twice.
    pub(crate) pass: Mutex<()>,
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
    pub fn taking_moves_at(mut self, address: MailInAddress) -> Mailer {
        self.mail_in = Some(address);
        self
    }

    /// Sends `mail` now.
    pub(crate) async fn send(&self, mail: &QueuedMail) -> Result<(), String> {
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
