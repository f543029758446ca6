//! Creating, reading and changing accounts.

use crate::accounts::{Account, AccountChange, AccountId, AccountRow, NewAccount, account_columns};
use crate::error::StoreError;
use crate::open::Store;

/// An account's row with its password hash.
#[derive(sqlx::FromRow)]
struct AccountWithHash {
    #[sqlx(flatten)]
    account: AccountRow,
    password_hash: String,
}

/// The key names are compared by: ASCII lowercase.
pub(crate) fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

impl Store {
    /// Creates an account that wants mail, its address (if any) not yet
    /// verified. Refuses a name that another account has in any case
    /// ([`StoreError::NameTaken`]).
    pub async fn create_account(&self, new: &NewAccount<'_>) -> Result<Account, StoreError> {
        let inserted = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(concat!(
                "INSERT INTO accounts (name, name_key, password_hash, email, email_verified, notify_email, created) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
                account_columns!()
            ))
            .bind(new.name)
            .bind(name_key(new.name))
            .bind(new.password_hash)
            .bind(new.email)
            .bind(false)
            .bind(true)
            .bind(new.now.unix())
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        });
        match inserted {
            Ok(row) => Ok(row.into()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::NameTaken { name: new.name.to_string() })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The account with number `id`, if there is one.
    pub async fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(concat!("SELECT ", account_columns!(), " FROM accounts WHERE id = $1"))
                .bind(id.0)
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.map(Account::from))
    }

    /// The account called `name` in any case, with its password hash.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<(Account, String)>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountWithHash>(concat!(
                "SELECT ",
                account_columns!(),
                ", password_hash FROM accounts WHERE name_key = $1"
            ))
            .bind(name_key(name))
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|r| (r.account.into(), r.password_hash)))
    }

    /// The password hash of the account `id`, if there is such an account.
    pub async fn password_hash(&self, id: AccountId) -> Result<Option<String>, StoreError> {
        let hash = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>("SELECT password_hash FROM accounts WHERE id = $1")
                .bind(id.0)
                .fetch_optional(pool)
                .await
        })?;
        Ok(hash)
    }

    /// Changes an account and returns it as now stored. A mail address
    /// other than the one it has is not verified. An account that does not
    /// exist is `StoreError::Database(sqlx::Error::RowNotFound)`.
    pub async fn update_account(&self, id: AccountId, change: &AccountChange) -> Result<Account, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(concat!(
                "UPDATE accounts SET \
                 email = CASE WHEN $2 THEN $3 ELSE email END, \
                 email_verified = CASE WHEN $2 THEN (email_verified AND email IS NOT DISTINCT FROM $3) \
                 ELSE email_verified END, \
                 password_hash = COALESCE($4, password_hash), \
                 notify_email = COALESCE($5, notify_email) \
                 WHERE id = $1 RETURNING ",
                account_columns!()
            ))
            .bind(id.0)
            .bind(change.email.is_some())
            .bind(change.email.clone().flatten())
            .bind(change.password_hash.as_deref())
            .bind(change.notify_email)
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        })?;
        Ok(row.into())
    }

    /// Makes the account a bot, for good, if it is neither a guest nor
    /// in any game (holding or invited to a seat). Returns the account as
    /// now stored, or `None` if it could not be made one (or does not
    /// exist). A bot account stays a bot: this is never undone.
    pub async fn make_bot(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(concat!(
                "UPDATE accounts SET bot = TRUE WHERE id = $1 AND NOT guest AND NOT EXISTS \
                 (SELECT 1 FROM game_seats WHERE account_id = $1 OR invited_id = $1) RETURNING ",
                account_columns!()
            ))
            .bind(id.0)
            .fetch_all(pool)
            .await.map(crate::returning::first)
        })?;
        Ok(row.map(Into::into))
    }
}
