//! Accounts: people who sign in, with their password hash and mail
//! settings. Names compare case-insensitively.

use std::fmt;

use arbiter_play::Timestamp;

use crate::error::StoreError;
use crate::open::Store;

/// An account's number, given by the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccountId(pub i64);

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An account as stored, without its password hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its number.
    pub id: AccountId,
    /// Its name, as it was given.
    pub name: String,
    /// Its mail address, if it gave one.
    pub email: Option<String>,
    /// Whether it wants mail when a game needs it.
    pub notify_email: bool,
}

/// An account to create.
#[derive(Clone, Copy, Debug)]
pub struct NewAccount<'a> {
    /// Its name; no other account may have it in any case.
    pub name: &'a str,
    /// The hash of its password.
    pub password_hash: &'a str,
    /// Its mail address, if it gives one.
    pub email: Option<&'a str>,
    /// The time now.
    pub now: Timestamp,
}

/// A change to an account: each field that is `Some` is set.
#[derive(Clone, Debug, Default)]
pub struct AccountChange {
    /// The new mail address (`Some(None)` removes it).
    pub email: Option<Option<String>>,
    /// The hash of the new password.
    pub password_hash: Option<String>,
    /// Whether it wants mail when a game needs it.
    pub notify_email: Option<bool>,
}

/// An account's row.
#[derive(sqlx::FromRow)]
pub(crate) struct AccountRow {
    id: i64,
    name: String,
    email: Option<String>,
    notify_email: bool,
}

impl From<AccountRow> for Account {
    fn from(row: AccountRow) -> Account {
        Account { id: AccountId(row.id), name: row.name, email: row.email, notify_email: row.notify_email }
    }
}

/// An account's row with its password hash.
#[derive(sqlx::FromRow)]
struct AccountWithHash {
    #[sqlx(flatten)]
    account: AccountRow,
    password_hash: String,
}

/// The key names are compared by: ASCII lowercase.
fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

impl Store {
    /// Creates an account that wants mail. Refuses a name that another
    /// account has in any case ([`StoreError::NameTaken`]).
    pub async fn create_account(&self, new: &NewAccount<'_>) -> Result<Account, StoreError> {
        let inserted = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(
                "INSERT INTO accounts (name, name_key, password_hash, email, notify_email, created) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, name, email, notify_email",
            )
            .bind(new.name)
            .bind(name_key(new.name))
            .bind(new.password_hash)
            .bind(new.email)
            .bind(true)
            .bind(new.now.unix())
            .fetch_one(pool)
            .await
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
            sqlx::query_as::<_, AccountRow>("SELECT id, name, email, notify_email FROM accounts WHERE id = $1")
                .bind(id.0)
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.map(Account::from))
    }

    /// The account called `name` in any case, with its password hash.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<(Account, String)>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountWithHash>(
                "SELECT id, name, email, notify_email, password_hash FROM accounts WHERE name_key = $1",
            )
            .bind(name_key(name))
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|r| (r.account.into(), r.password_hash)))
    }

    /// Changes an account and returns it as now stored. An account that
    /// does not exist is `StoreError::Database(sqlx::Error::RowNotFound)`.
    pub async fn update_account(&self, id: AccountId, change: &AccountChange) -> Result<Account, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(
                "UPDATE accounts SET \
                 email = CASE WHEN $2 THEN $3 ELSE email END, \
                 password_hash = COALESCE($4, password_hash), \
                 notify_email = COALESCE($5, notify_email) \
                 WHERE id = $1 RETURNING id, name, email, notify_email",
            )
            .bind(id.0)
            .bind(change.email.is_some())
            .bind(change.email.clone().flatten())
            .bind(change.password_hash.as_deref())
            .bind(change.notify_email)
            .fetch_one(pool)
            .await
        })?;
        Ok(row.into())
    }
}
