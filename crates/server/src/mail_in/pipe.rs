//! `arbiter mail-in`: one mail taken from a mail server's pipe transport,
//! in a process of its own on the server's database. Its answer is sent
//! before the process ends when it is given `--smtp` (else a server on the
//! same database sends it: it hears of the change, or finds the mail due
//! within a minute).

use std::sync::Arc;
use std::time::Duration;

use super::take::{Taken, TryLater, take};
use crate::mailer::MailInAddress;
use crate::mailer::Mailer;
use crate::state::AppState;

/// How long the process waits for its answer to be sent.
const SENDING_WITHIN: Duration = Duration::from_secs(30);

/// Where the mail goes and how answers leave.
#[derive(Clone, Debug)]
pub struct PipeConfig {
    /// The database (`sqlite://FILE` or `postgres://…`).
    pub database: String,
    /// The mail-in address the replies are sent to.
    pub address: MailInAddress,
    /// The SMTP server answers go through, if this process sends them.
    pub smtp: Option<String>,
    /// The sender of the answers.
    pub mail_from: String,
    /// Where the links in answers point.
    pub public_url: String,
}

/// Why a mail was not taken by the pipe.
#[derive(Debug, thiserror::Error)]
pub enum PipeError {
    /// The database or the mail server could not be used: deliver it
    /// again later.
    #[error("{0}")]
    Later(String),
    /// The SMTP settings are wrong.
    #[error(transparent)]
    Mailer(#[from] crate::mailer::MailerError),
}

impl From<TryLater> for PipeError {
    fn from(e: TryLater) -> PipeError {
        PipeError::Later(e.to_string())
    }
}

/// Takes the mail `raw`, sent to `envelope` (the recipient the mail
/// server names, if it names one), and sends its answer.
pub async fn take_one(config: &PipeConfig, raw: &[u8], envelope: &[String]) -> Result<Taken, PipeError> {
    let store = arbiter_store::Store::open_with(&config.database, Some(2))
        .await
        .map_err(|e| PipeError::Later(format!("the database: {e}")))?;
    let mut state = AppState::new(store);
    let mailer = match &config.smtp {
        Some(smtp) => Mailer::new(smtp, &config.mail_from, &config.public_url)?,
        // Answers are queued with the game's link; a server sends them.
        None => Mailer::new("smtp://localhost:25", &config.mail_from, &config.public_url)?,
    };
    state.mailer = Some(Arc::new(mailer.taking_moves_at(config.address.clone())));
    let taken = take(&state, &config.address, raw, envelope).await?;
    if config.smtp.is_some()
        && matches!(taken, Taken::Played { .. } | Taken::LineSet { .. } | Taken::Refused { .. })
        && tokio::time::timeout(SENDING_WITHIN, crate::mail::send_due(&state)).await.is_err()
    {
        tracing::warn!("the answer was not sent in time; it stays queued for a server to send");
    }
    Ok(taken)
}
