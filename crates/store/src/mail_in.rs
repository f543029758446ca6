//! Moves by mail: the tokens in mails' `Reply-To` (each names an account's
//! seat in a game and the ply the mail was written at) and the mails taken
//! in, by `Message-ID`, so that one is applied at most once.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::key::GameKey;
use crate::mail::MailToken;
use crate::open::Store;

/// How long mail tokens and the record of mails taken in are kept
/// (seconds): 60 days. A reply to an older mail is refused as unknown.
pub const MAIL_IN_KEPT: i64 = 60 * 24 * 3600;

impl Store {
    /// What the token with this hash names, if it is known.
    pub async fn mail_token(&self, token_hash: &[u8]) -> Result<Option<MailToken>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, String, i64)>(
                "SELECT account_id, game_key, ply FROM mail_tokens WHERE token_hash = $1",
            )
            .bind(token_hash)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|(account, game, ply)| MailToken {
            account: AccountId(account),
            game: GameKey(game),
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
        }))
    }

    /// Claims the mail `message_id`: true the first time, false if a mail
    /// with that id was taken in before (it is then not applied again).
    /// `outcome` says what became of it, for the operator.
    pub async fn claim_mail_in(
        &self,
        message_id: &str,
        account: Option<AccountId>,
        game: Option<&GameKey>,
        outcome: &str,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO mail_in (message_id, account_id, game_key, outcome, at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (message_id) DO NOTHING",
            )
            .bind(message_id)
            .bind(account.map(|a| a.0))
            .bind(game.map(|g| g.0.as_str()))
            .bind(outcome)
            .bind(now.unix())
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })?;
        Ok(done == 1)
    }

    /// Records what became of the mail `message_id`, claimed before.
    pub async fn mail_in_outcome(&self, message_id: &str, outcome: &str) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE mail_in SET outcome = $2 WHERE message_id = $1")
                .bind(message_id)
                .bind(outcome)
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
    }

    /// What became of the mail `message_id`, if it was taken in.
    pub async fn mail_in(&self, message_id: &str) -> Result<Option<String>, StoreError> {
        let outcome = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>("SELECT outcome FROM mail_in WHERE message_id = $1")
                .bind(message_id)
                .fetch_optional(pool)
                .await
        })?;
        Ok(outcome)
    }

    /// Forgets mail tokens and mails taken in before `before`; how many
    /// rows went.
    pub async fn delete_old_mail_in(&self, before: Timestamp) -> Result<u64, StoreError> {
        let gone = on_pool!(self, pool => {
            let tokens = sqlx::query("DELETE FROM mail_tokens WHERE created < $1").bind(before.unix()).execute(pool).await?;
            let taken = sqlx::query("DELETE FROM mail_in WHERE at < $1").bind(before.unix()).execute(pool).await?;
            Ok::<u64, sqlx::Error>(tokens.rows_affected() + taken.rows_affected())
        })?;
        Ok(gone)
    }

    /// Forgets the claim on the mail `message_id` (the server failed to
    /// take it; the mail server will deliver it again).
    pub async fn release_mail_in(&self, message_id: &str) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("DELETE FROM mail_in WHERE message_id = $1").bind(message_id).execute(pool).await.map(|_| ())
        })?;
        Ok(())
    }

    /// How many mails `account` sent that were taken in since `since`.
    pub async fn mail_in_count(&self, account: AccountId, since: Timestamp) -> Result<i64, StoreError> {
        let count = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM mail_in WHERE account_id = $1 AND at >= $2")
                .bind(account.0)
                .bind(since.unix())
                .fetch_one(pool)
                .await
        })?;
        Ok(count)
    }
}
