//! Accounts: people who sign in, with their password hash and mail
//! settings. Names compare case-insensitively.

use std::fmt;

use arbiter_play::Timestamp;

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
