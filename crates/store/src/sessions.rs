//! Sessions: a signed-in account's tokens. Only a token's hash is stored,
//! so a copy of the database does not let anyone sign in.

use arbiter_play::Timestamp;

use crate::accounts::{Account, AccountId, AccountRow};
use crate::error::StoreError;
use crate::open::Store;

impl Store {
    /// Starts a session of `account` under the token whose hash is
    /// `token_hash`.
    pub async fn create_session(
        &self,
        token_hash: &[u8],
        account: AccountId,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("INSERT INTO sessions (token_hash, account_id, created) VALUES ($1, $2, $3)")
                .bind(token_hash)
                .bind(account.0)
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(())
    }

    /// The account signed in under the token whose hash is `token_hash`,
    /// if that session exists.
    pub async fn session_account(&self, token_hash: &[u8]) -> Result<Option<Account>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(
                "SELECT a.id, a.name, a.email, a.notify_email \
                 FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1",
            )
            .bind(token_hash)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(Account::from))
    }

    /// Ends the session whose token hash is `token_hash`; whether there
    /// was one.
    pub async fn delete_session(&self, token_hash: &[u8]) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(pool).await.map(|d| d.rows_affected())
        })?;
        Ok(done > 0)
    }
}
