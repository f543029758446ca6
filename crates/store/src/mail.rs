//! The mail outbox: a mail is queued by the call that stores the change
//! it tells of, so it is not lost if the server stops, and a background
//! job sends it later, trying again after a failure.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;

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
    /// The time now: it is due at once.
    pub now: Timestamp,
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
            attempts: i64::from(row.attempts),
        }
    }
}
