//! Password reset links: a link with a random token is mailed to an
//! account's verified address; following it within the hour sets a new
//! password, once, and ends every session of the account. Only the
//! token's hash is stored; the token and its mail are stored in one
//! transaction, and an account has one link at a time.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::mail::NewMail;
use crate::open::Store;
use crate::sessions::SessionId;

/// A reset link to start: its token's hash, when it expires, and the mail
/// that carries it (none for a link an administrator hands over).
#[derive(Clone, Debug)]
pub struct NewPasswordReset<'a> {
    /// The account whose password it resets.
    pub account: AccountId,
    /// The hash of the link's token.
    pub token_hash: &'a [u8],
    /// When the link is made.
    pub now: Timestamp,
    /// When the link stops working.
    pub expires: Timestamp,
    /// The mail with the link, if it is mailed.
    pub mail: Option<NewMail>,
}

/// Why a reset link does not reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResetRefusal {
    /// No link has this token (never sent, used, or replaced by a newer).
    Unknown,
    /// The link's time is over.
    Expired,
}

/// A password reset done: whose, and the sessions it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PasswordReset {
    /// The account.
    pub account: AccountId,
    /// Every session the account had.
    pub ended: Vec<SessionId>,
}

impl Store {
    /// Starts a password reset: the account's earlier link stops working,
    /// and the new link's token and its mail are stored together.
    pub async fn start_password_reset(&self, new: &NewPasswordReset<'_>) -> Result<(), StoreError> {
        in_write_transaction!(self, tx => {
            sqlx::query("DELETE FROM password_resets WHERE account_id = $1")
                .bind(new.account.0)
                .execute(&mut *tx)
                .await?;
            sqlx::query("INSERT INTO password_resets (token_hash, account_id, created, expires) VALUES ($1, $2, $3, $4)")
                .bind(new.token_hash)
                .bind(new.account.0)
                .bind(new.now.unix())
                .bind(new.expires.unix())
                .execute(&mut *tx)
                .await?;
            if let Some(mail) = &new.mail {
                crate::mail_queries::insert_mail!(&mut *tx, mail).await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// The account the link with `token_hash` resets at `now`, or why it
    /// does not (nothing is changed: a caller checks the link before it
    /// spends a password hash on it).
    pub async fn password_reset_account(
        &self,
        token_hash: &[u8],
        now: Timestamp,
    ) -> Result<Result<AccountId, ResetRefusal>, StoreError> {
        let found = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, i64)>("SELECT account_id, expires FROM password_resets WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(pool)
                .await
        })?;
        Ok(match found {
            None => Err(ResetRefusal::Unknown),
            Some((_, expires)) if now.unix() >= expires => Err(ResetRefusal::Expired),
            Some((account, _)) => Ok(AccountId(account)),
        })
    }

    /// Follows the link with `token_hash` at `now`: the account's password
    /// becomes `password_hash`, the link is used up, and every session of
    /// the account ends, in one transaction; or says why not.
    pub async fn reset_password(
        &self,
        token_hash: &[u8],
        password_hash: &str,
        now: Timestamp,
    ) -> Result<Result<PasswordReset, ResetRefusal>, StoreError> {
        in_write_transaction!(self, tx => {
            let found = sqlx::query_as::<_, (i64, i64)>(
                "DELETE FROM password_resets WHERE token_hash = $1 RETURNING account_id, expires",
            )
            .bind(token_hash)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((account, expires)) = found else {
                return Ok(Err(ResetRefusal::Unknown));
            };
            if now.unix() >= expires {
                tx.commit().await?;
                return Ok(Err(ResetRefusal::Expired));
            }
            sqlx::query("UPDATE accounts SET password_hash = $2 WHERE id = $1")
                .bind(account)
                .bind(password_hash)
                .execute(&mut *tx)
                .await?;
            let ended = sqlx::query_scalar::<_, i64>("DELETE FROM sessions WHERE account_id = $1 RETURNING id")
                .bind(account)
                .fetch_all(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(Ok(PasswordReset { account: AccountId(account), ended: ended.into_iter().map(SessionId).collect() }))
        })
    }

    /// Forgets the reset links that expired before `now`; how many.
    pub async fn delete_expired_password_resets(&self, now: Timestamp) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM password_resets WHERE expires < $1")
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|d| d.rows_affected())
        })?;
        Ok(done)
    }
}
