//! The mail outbox: a mail is queued by the call that stores the change
//! it tells of, so it is not lost if the server stops, and a background
//! job sends it later, trying again after a failure.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::key::GameKey;

/// A mail to queue.
#[derive(Clone, Debug)]
pub struct NewMail {
    /// The account it is for (its mail is deleted with it).
    pub account: AccountId,
    /// The address it goes to.
    pub to: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// Where replies go (`Reply-To`), if elsewhere than the sender, with
    /// the mail token that address carries: kept with the mail.
    pub reply_to: Option<ReplyTo>,
    /// The time now: it is due at once.
    pub now: Timestamp,
}

/// The `Reply-To` of a mail whose replies are moves, and the token in it.
#[derive(Clone, Debug)]
pub struct ReplyTo {
    /// The address (`play+<token>@games.example`).
    pub address: String,
    /// The hash of the token (only the hash is kept).
    pub token_hash: Vec<u8>,
    /// What the token names.
    pub names: MailToken,
}

/// What a mail token names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailToken {
    /// The account the mail went to.
    pub account: AccountId,
    /// The game it was about.
    pub game: GameKey,
    /// The game's ply when it was written.
    pub ply: u32,
}

/// A queued mail that is due.
#[derive(Clone, Debug)]
pub struct QueuedMail {
    /// Its number in the queue.
    pub id: i64,
    /// The address it goes to.
    pub to: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// Where replies go (`Reply-To`), if elsewhere than the sender.
    pub reply_to: Option<String>,
    /// How many times sending it has failed.
    pub attempts: i64,
}

/// A queued mail's row.
#[derive(sqlx::FromRow)]
pub(crate) struct MailRow {
    id: i64,
    to_address: String,
    subject: String,
    body: String,
    reply_to: Option<String>,
    attempts: i32,
}

impl MailRow {
    /// Its number in the queue.
    pub(crate) fn id(&self) -> i64 {
        self.id
    }
}

impl From<MailRow> for QueuedMail {
    fn from(row: MailRow) -> QueuedMail {
        QueuedMail {
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            body: row.body,
            reply_to: row.reply_to,
            attempts: i64::from(row.attempts),
        }
    }
}
