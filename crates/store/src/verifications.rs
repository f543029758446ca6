//! Verifying mail addresses: a link with a random token is mailed to a new
//! address; following it marks the address verified. Only the token's hash
//! is stored, with the address it was sent to and when it expires. The
//! token and its mail are stored in one transaction.

use arbiter_play::Timestamp;

use crate::accounts::{Account, AccountId, AccountRow, account_columns};
use crate::error::StoreError;
use crate::mail::NewMail;
use crate::open::Store;

/// A verification to start: the link's token (its hash), the address it
/// verifies, when it expires, and the mail that carries it.
#[derive(Clone, Debug)]
pub struct NewVerification<'a> {
    /// The account whose address it verifies.
    pub account: AccountId,
    /// The hash of the link's token.
    pub token_hash: &'a [u8],
    /// The address.
    pub email: &'a str,
    /// When the link stops working.
    pub expires: Timestamp,
    /// The mail with the link.
    pub mail: NewMail,
}

/// Why a verification link does not verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyRefusal {
    /// No link has this token (never sent, used, or replaced by a newer).
    Unknown,
    /// The link's time is over.
    Expired,
    /// The account's address changed since the link was sent.
    AddressChanged,
}

impl Store {
    /// Starts verifying an account's address: the account's earlier links
    /// stop working, and the new link's token and its mail are stored
    /// together.
    pub async fn start_verification(&self, new: &NewVerification<'_>) -> Result<(), StoreError> {
        in_write_transaction!(self, tx => {
            sqlx::query("DELETE FROM email_verifications WHERE account_id = $1")
                .bind(new.account.0)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO email_verifications (token_hash, account_id, email, created, expires) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(new.token_hash)
            .bind(new.account.0)
            .bind(new.email)
            .bind(new.mail.now.unix())
            .bind(new.expires.unix())
            .execute(&mut *tx)
            .await?;
            crate::mail_queries::insert_mail!(&mut *tx, &new.mail).await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Follows the link whose token hash is `token_hash` at `now`: marks
    /// the account's address verified (and the link used), or says why
    /// not.
    pub async fn verify_email(
        &self,
        token_hash: &[u8],
        now: Timestamp,
    ) -> Result<Result<Account, VerifyRefusal>, StoreError> {
        in_write_transaction!(self, tx => {
            let found = sqlx::query_as::<_, (i64, String, i64)>(
                "SELECT account_id, email, expires FROM email_verifications WHERE token_hash = $1",
            )
            .bind(token_hash)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((account, email, expires)) = found else {
                return Ok(Err(VerifyRefusal::Unknown));
            };
            if now.unix() >= expires {
                return Ok(Err(VerifyRefusal::Expired));
            }
            let row = sqlx::query_as::<_, AccountRow>(concat!(
                "UPDATE accounts SET email_verified = $3 WHERE id = $1 AND email = $2 RETURNING ",
                account_columns!()
            ))
            .bind(account)
            .bind(email.as_str())
            .bind(true)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(row) = row else {
                return Ok(Err(VerifyRefusal::AddressChanged));
            };
            sqlx::query("DELETE FROM email_verifications WHERE account_id = $1")
                .bind(account)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(Ok(Account::from(row)))
        })
    }

    /// Forgets the links that expired before `now`; how many.
    pub async fn delete_expired_verifications(&self, now: Timestamp) -> Result<u64, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM email_verifications WHERE expires < $1")
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|d| d.rows_affected())
        })?;
        Ok(done)
    }
}
