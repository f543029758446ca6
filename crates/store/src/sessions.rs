//! Sessions: a signed-in account's tokens. Only a token's hash is stored,
//! so a copy of the database does not let anyone sign in. A session
//! remembers when it was last used (a session unused for long ends) and
//! the address it was started from.

use std::fmt;

use arbiter_play::Timestamp;

use crate::accounts::{Account, AccountId, AccountRow, account_columns};
use crate::error::StoreError;
use crate::open::Store;

/// A session's number, given by the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SessionId(pub i64);

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A session as its account may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    /// Its number.
    pub id: SessionId,
    /// When it was started.
    pub created: Timestamp,
    /// When it was last used (to the hour: see [`Store::touch_session`]).
    pub last_used: Timestamp,
    /// The address it was started from, if known.
    pub address: Option<String>,
}

/// A session found by its token, with its account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedSession {
    /// The account signed in.
    pub account: Account,
    /// The session.
    pub session: SessionId,
    /// When it was last used.
    pub last_used: Timestamp,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: i64,
    created: i64,
    last_used: i64,
    address: Option<String>,
}

impl From<SessionRow> for SessionInfo {
    fn from(row: SessionRow) -> SessionInfo {
        SessionInfo {
            id: SessionId(row.id),
            created: Timestamp::from_unix(row.created),
            last_used: Timestamp::from_unix(row.last_used),
            address: row.address,
        }
    }
}

#[derive(sqlx::FromRow)]
struct SignedRow {
    #[sqlx(flatten)]
    account: AccountRow,
    session_id: i64,
    last_used: i64,
}

impl Store {
    /// Starts a session of `account` under the token whose hash is
    /// `token_hash`, from `address`; its number.
    pub async fn create_session(
        &self,
        token_hash: &[u8],
        account: AccountId,
        now: Timestamp,
        address: Option<&str>,
    ) -> Result<SessionId, StoreError> {
        let id = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "INSERT INTO sessions (token_hash, account_id, created, last_used, address) \
                 VALUES ($1, $2, $3, $3, $4) RETURNING id",
            )
            .bind(token_hash)
            .bind(account.0)
            .bind(now.unix())
            .bind(address)
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        })?;
        Ok(SessionId(id))
    }

    /// The session under the token whose hash is `token_hash`, with its
    /// account, if it exists and was used at `unused_since` or later.
    pub async fn session(
        &self,
        token_hash: &[u8],
        unused_since: Timestamp,
    ) -> Result<Option<SignedSession>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, SignedRow>(concat!(
                "SELECT ",
                account_columns!(a),
                ", s.id AS session_id, s.last_used FROM sessions s JOIN accounts a ON a.id = s.account_id \
                 WHERE s.token_hash = $1 AND s.last_used >= $2 AND a.disabled IS NULL"
            ))
            .bind(token_hash)
            .bind(unused_since.unix())
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|r| SignedSession {
            account: r.account.into(),
            session: SessionId(r.session_id),
            last_used: Timestamp::from_unix(r.last_used),
        }))
    }

    /// The account signed in under the token whose hash is `token_hash`,
    /// if that session exists (however long unused).
    pub async fn session_account(&self, token_hash: &[u8]) -> Result<Option<Account>, StoreError> {
        Ok(self.session(token_hash, Timestamp::from_unix(i64::MIN)).await?.map(|s| s.account))
    }

    /// Whether session `id` exists and was used at `unused_since` or later.
    pub async fn session_alive(&self, id: SessionId, unused_since: Timestamp) -> Result<bool, StoreError> {
        let found = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("SELECT id FROM sessions WHERE id = $1 AND last_used >= $2")
                .bind(id.0)
                .bind(unused_since.unix())
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.is_some())
    }

    /// Notes that session `id` was used at `now`.
    pub async fn touch_session(&self, id: SessionId, now: Timestamp) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE sessions SET last_used = $2 WHERE id = $1 AND last_used < $2")
                .bind(id.0)
                .bind(now.unix())
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
    }

    /// The sessions of `account` used at `unused_since` or later, the
    /// newest first.
    pub async fn sessions_of(
        &self,
        account: AccountId,
        unused_since: Timestamp,
    ) -> Result<Vec<SessionInfo>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, SessionRow>(
                "SELECT id, created, last_used, address FROM sessions \
                 WHERE account_id = $1 AND last_used >= $2 ORDER BY created DESC, id DESC",
            )
            .bind(account.0)
            .bind(unused_since.unix())
            .fetch_all(pool)
            .await
        })?;
        Ok(rows.into_iter().map(SessionInfo::from).collect())
    }

    /// Whether `account` has a session started from `address` and used at
    /// `since` or later: the address is one its owner signs in from.
    pub async fn has_session_from(
        &self,
        account: AccountId,
        address: &str,
        since: Timestamp,
    ) -> Result<bool, StoreError> {
        let found = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT id FROM sessions WHERE account_id = $1 AND address = $2 AND last_used >= $3 LIMIT 1",
            )
            .bind(account.0)
            .bind(address)
            .bind(since.unix())
            .fetch_optional(pool)
            .await
        })?;
        Ok(found.is_some())
    }

    /// Ends the session whose token hash is `token_hash`; its number, if
    /// there was one.
    pub async fn delete_session(&self, token_hash: &[u8]) -> Result<Option<SessionId>, StoreError> {
        let id = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("DELETE FROM sessions WHERE token_hash = $1 RETURNING id")
                .bind(token_hash)
                .fetch_all(pool)
                .await.map(crate::returning::first)
        })?;
        Ok(id.map(SessionId))
    }

    /// Ends session `id` if it is one of `account`'s; whether it was.
    pub async fn delete_session_of(&self, account: AccountId, id: SessionId) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM sessions WHERE id = $1 AND account_id = $2")
                .bind(id.0)
                .bind(account.0)
                .execute(pool)
                .await
                .map(|d| d.rows_affected())
        })?;
        Ok(done > 0)
    }

    /// Ends every session of `account` but `keep` (none: every one); the
    /// numbers of those ended.
    pub async fn delete_sessions_of(
        &self,
        account: AccountId,
        keep: Option<SessionId>,
    ) -> Result<Vec<SessionId>, StoreError> {
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("DELETE FROM sessions WHERE account_id = $1 AND id <> $2 RETURNING id")
                .bind(account.0)
                .bind(keep.map_or(-1, |k| k.0))
                .fetch_all(pool)
                .await
        })?;
        Ok(ids.into_iter().map(SessionId).collect())
    }

    /// Ends every session last used before `unused_since`; the numbers of
    /// those ended.
    pub async fn delete_unused_sessions(&self, unused_since: Timestamp) -> Result<Vec<SessionId>, StoreError> {
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("DELETE FROM sessions WHERE last_used < $1 RETURNING id")
                .bind(unused_since.unix())
                .fetch_all(pool)
                .await
        })?;
        Ok(ids.into_iter().map(SessionId).collect())
    }
}
