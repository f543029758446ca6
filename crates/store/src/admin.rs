//! What an administrator does to accounts: list them, disable and enable
//! them (a disabled account cannot sign in, and its sessions end), make
//! one an administrator.

use arbiter_play::Timestamp;

use crate::account_queries::name_key;
use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::open::Store;
use crate::sessions::SessionId;

/// An account as an administrator's list shows it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountListing {
    /// Its number.
    pub id: i64,
    /// Its name, as it was given.
    pub name: String,
    /// Its mail address, if it gave one.
    pub email: Option<String>,
    /// Whether that address was verified.
    pub email_verified: bool,
    /// Whether it is an administrator.
    pub admin: bool,
    /// When it was disabled (seconds since 1970), if it is.
    pub disabled: Option<i64>,
    /// When it was made (seconds since 1970).
    pub created: i64,
    /// When one of its sessions was last used, if it has one.
    pub last_seen: Option<i64>,
    /// The seats it holds in games.
    pub games: i64,
}

/// An account disabled: which, and the sessions that ended with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disabled {
    /// The account.
    pub account: AccountId,
    /// Its sessions, all ended.
    pub ended: Vec<SessionId>,
}

impl Store {
    /// The accounts whose names start with `prefix` in any case, by name,
    /// at most `limit`.
    pub async fn account_listing(&self, prefix: &str, limit: i64) -> Result<Vec<AccountListing>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountListing>(
                "SELECT a.id, a.name, a.email, a.email_verified, a.admin, a.disabled, a.created, \
                 (SELECT MAX(s.last_used) FROM sessions s WHERE s.account_id = a.id) AS last_seen, \
                 (SELECT COUNT(*) FROM game_seats g WHERE g.account_id = a.id) AS games \
                 FROM accounts a WHERE substr(a.name_key, 1, length($1)) = $1 ORDER BY a.name_key LIMIT $2",
            )
            .bind(name_key(prefix))
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows)
    }

    /// Disables the account called `name` at `now` and ends its sessions,
    /// in one transaction, telling every server of the ended sessions;
    /// `None` if there is no such account. An account disabled already
    /// keeps its first time.
    pub async fn disable_account(&self, name: &str, now: Timestamp) -> Result<Option<Disabled>, StoreError> {
        let found = in_write_transaction!(self, tx => {
            let id = sqlx::query_scalar::<_, i64>(
                "UPDATE accounts SET disabled = COALESCE(disabled, $2) WHERE name_key = $1 RETURNING id",
            )
            .bind(name_key(name))
            .bind(now.unix())
            .fetch_optional(&mut *tx)
            .await?;
            let ended = match id {
                Some(id) => sqlx::query_scalar::<_, i64>("DELETE FROM sessions WHERE account_id = $1 RETURNING id")
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await?,
                None => Vec::new(),
            };
            tx.commit().await?;
            id.map(|id| Disabled { account: AccountId(id), ended: ended.into_iter().map(SessionId).collect() })
        });
        if let Some(disabled) = &found {
            self.notify_sessions_ended(&disabled.ended).await?;
        }
        Ok(found)
    }

    /// Enables the account called `name` again; whether there is one.
    pub async fn enable_account(&self, name: &str) -> Result<bool, StoreError> {
        self.set_account_flag("UPDATE accounts SET disabled = NULL WHERE name_key = $1", name).await
    }

    /// Makes the account called `name` an administrator; whether there
    /// is one.
    pub async fn grant_admin(&self, name: &str) -> Result<bool, StoreError> {
        self.set_account_flag("UPDATE accounts SET admin = TRUE WHERE name_key = $1", name).await
    }

    /// Runs `sql`, an update of the account whose name key is `$1`;
    /// whether it found one.
    async fn set_account_flag(&self, sql: &'static str, name: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(sql).bind(name_key(name)).execute(pool).await.map(|d| d.rows_affected())
        })?;
        Ok(done > 0)
    }
}
