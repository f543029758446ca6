//! The outbox's queries: queuing, taking what is due, marking it sent or
//! failed.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::mail::{MailRow, NewMail, QueuedMail};
use crate::open::{Pool, Store};

/// Takes the mail due at `$1` until `$2`, at most `$3` (SQLite).
const TAKE_DUE: &str = "UPDATE mail SET next_attempt = $2 WHERE id IN (SELECT id FROM mail \
     WHERE sent IS NULL AND failed IS NULL AND next_attempt <= $1 ORDER BY next_attempt, id LIMIT $3) \
     RETURNING id, to_address, subject, body, reply_to, attempts";

/// [`TAKE_DUE`], skipping the rows another transaction is taking
/// (PostgreSQL).
const TAKE_DUE_SKIPPING_LOCKED: &str = "UPDATE mail SET next_attempt = $2 WHERE id IN (SELECT id FROM mail \
     WHERE sent IS NULL AND failed IS NULL AND next_attempt <= $1 ORDER BY next_attempt, id LIMIT $3 FOR UPDATE SKIP LOCKED) \
     RETURNING id, to_address, subject, body, reply_to, attempts";

/// Queues the mail `$mail` (a [`NewMail`]) in the transaction `$tx`,
/// due at once, with the token of its `Reply-To` if it has one.
/// Evaluates to a future of `Result<(), sqlx::Error>`.
macro_rules! insert_mail {
    ($tx:expr, $mail:expr) => {
        async {
            let mail: &$crate::mail::NewMail = $mail;
            if let Some(reply_to) = &mail.reply_to {
                sqlx::query($crate::change::INSERT_MAIL_TOKEN)
                    .bind(reply_to.token_hash.as_slice())
                    .bind(reply_to.names.account.0)
                    .bind(reply_to.names.game.0.as_str())
                    .bind(i64::from(reply_to.names.ply))
                    .bind(mail.now.unix())
                    .execute(&mut *$tx)
                    .await?;
            }
            sqlx::query($crate::change::INSERT_MAIL)
                .bind(mail.account.0)
                .bind(mail.to.as_str())
                .bind(mail.subject.as_str())
                .bind(mail.body.as_str())
                .bind(mail.now.unix())
                .bind(mail.reply_to.as_ref().map(|r| r.address.as_str()))
                .execute(&mut *$tx)
                .await
                .map(|_| ())
        }
    };
}
pub(crate) use insert_mail;

/// How many mails the outbox holds, by what became of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MailCounts {
    /// Not sent yet: due, or waiting to be tried again.
    pub queued: u64,
    /// Given up, and not yet forgotten.
    pub failed: u64,
}

/// A mail given up, as its account sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedMail {
    /// Its subject.
    pub subject: String,
    /// When it was queued.
    pub created: Timestamp,
    /// Why the last attempt failed.
    pub error: String,
}

impl Store {
    /// Queues a mail, due at once, with its `Reply-To`'s token; its
    /// number in the queue.
    pub async fn queue_mail(&self, mail: &NewMail) -> Result<i64, StoreError> {
        in_write_transaction!(self, tx => {
            insert_mail!(&mut *tx, mail).await?;
            let id = sqlx::query_scalar::<_, i64>("SELECT MAX(id) FROM mail WHERE account_id = $1")
                .bind(mail.account.0)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(id)
        })
    }

    /// The unsent mail due at `now`, the longest waiting first, at most
    /// `limit` (100 if 0 or less).
    pub async fn due_mail(&self, now: Timestamp, limit: i64) -> Result<Vec<QueuedMail>, StoreError> {
        let limit = if limit <= 0 { 100 } else { limit };
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, MailRow>(
                "SELECT id, to_address, subject, body, reply_to, attempts FROM mail \
                 WHERE sent IS NULL AND failed IS NULL AND next_attempt <= $1 ORDER BY next_attempt, id LIMIT $2",
            )
            .bind(now.unix())
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows.into_iter().map(QueuedMail::from).collect())
    }

    /// Takes the unsent mail due at `now` (the longest waiting first, at
    /// most `limit`, 100 if 0 or less) for the caller to send: each is
    /// due again only at `until`, so another server (or this one) does not
    /// send it meanwhile, and a server that stops before it reports the
    /// mail sent or failed leaves it to be sent later, not lost. On
    /// PostgreSQL, mail another server is taking at the same moment is
    /// skipped.
    pub async fn take_due_mail(
        &self,
        now: Timestamp,
        until: Timestamp,
        limit: i64,
    ) -> Result<Vec<QueuedMail>, StoreError> {
        let limit = if limit <= 0 { 100 } else { limit };
        let mut rows = match &self.pool {
            // SQLite: one writer at a time, so the statement is atomic.
            Pool::Sqlite(pool) => {
                sqlx::query_as::<_, MailRow>(TAKE_DUE)
                    .bind(now.unix())
                    .bind(until.unix())
                    .bind(limit)
                    .fetch_all(pool)
                    .await?
            }
            Pool::Postgres(pool) => {
                sqlx::query_as::<_, MailRow>(TAKE_DUE_SKIPPING_LOCKED)
                    .bind(now.unix())
                    .bind(until.unix())
                    .bind(limit)
                    .fetch_all(pool)
                    .await?
            }
        };
        rows.sort_by_key(MailRow::id);
        Ok(rows.into_iter().map(QueuedMail::from).collect())
    }

    /// Marks mail `id` sent at `now`. A mail that is not queued is
    /// `StoreError::Database(sqlx::Error::RowNotFound)`.
    pub async fn mail_sent(&self, id: i64, now: Timestamp) -> Result<(), StoreError> {
        let changed = on_pool!(self, pool => {
            sqlx::query("UPDATE mail SET sent = $2 WHERE id = $1")
                .bind(id)
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        found(changed)
    }

    /// Notes that sending mail `id` failed with `error`: one more
    /// attempt, and the next at `retry_at`. A mail that is not queued is
    /// `StoreError::Database(sqlx::Error::RowNotFound)`.
    pub async fn mail_failed(&self, id: i64, error: &str, retry_at: Timestamp) -> Result<(), StoreError> {
        let changed = on_pool!(self, pool => {
            sqlx::query("UPDATE mail SET attempts = attempts + 1, last_error = $2, next_attempt = $3 WHERE id = $1")
                .bind(id)
                .bind(error)
                .bind(retry_at.unix())
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        found(changed)
    }
}

impl Store {
    /// Notes that sending mail `id` failed with `error` for the last time:
    /// it is given up at `now`, never tried again, and shown to its
    /// account. A mail that is not queued is
    /// `StoreError::Database(sqlx::Error::RowNotFound)`.
    pub async fn mail_given_up(&self, id: i64, error: &str, now: Timestamp) -> Result<(), StoreError> {
        let changed = on_pool!(self, pool => {
            sqlx::query("UPDATE mail SET attempts = attempts + 1, last_error = $2, failed = $3 WHERE id = $1")
                .bind(id)
                .bind(error)
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        found(changed)
    }

    /// The mail to `account` given up on, the newest first, at most
    /// `limit`.
    pub async fn failed_mail(&self, account: AccountId, limit: i64) -> Result<Vec<FailedMail>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, (String, i64, Option<String>)>(
                "SELECT subject, created, last_error FROM mail \
                 WHERE account_id = $1 AND failed IS NOT NULL ORDER BY failed DESC, id DESC LIMIT $2",
            )
            .bind(account.0)
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(subject, created, error)| FailedMail {
                subject,
                created: Timestamp::from_unix(created),
                error: error.unwrap_or_default(),
            })
            .collect())
    }

    /// The outbox at a glance: mails waiting to be sent (or tried again),
    /// and mails given up that are still kept.
    pub async fn mail_counts(&self) -> Result<MailCounts, StoreError> {
        let (queued, failed) = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, i64)>(
                "SELECT COALESCE(SUM(CASE WHEN sent IS NULL AND failed IS NULL THEN 1 ELSE 0 END), 0), \
                        COALESCE(SUM(CASE WHEN failed IS NOT NULL THEN 1 ELSE 0 END), 0) FROM mail",
            )
            .fetch_one(pool)
            .await
        })?;
        Ok(MailCounts { queued: queued.max(0) as u64, failed: failed.max(0) as u64 })
    }

    /// Forgets the mail sent or given up before `before`; how many.
    pub async fn delete_old_mail(&self, before: Timestamp) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM mail WHERE sent < $1 OR failed < $1")
                .bind(before.unix())
                .execute(pool)
                .await
                .map(|d| d.rows_affected())
        })?;
        Ok(done)
    }
}

/// `RowNotFound` unless a row was changed.
fn found(changed: u64) -> Result<(), StoreError> {
    if changed == 0 { Err(StoreError::Database(sqlx::Error::RowNotFound)) } else { Ok(()) }
}
