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
    /// Whether its mail address was verified (by the link mailed to it):
    /// until it is, no mail but the link goes there.
    pub email_verified: bool,
    /// Whether it wants mail when a game needs it.
    pub notify_email: bool,
    /// Whether it is one of the site's administrators.
    pub admin: bool,
    /// When an administrator disabled it (it cannot sign in), if one did.
    pub disabled: Option<Timestamp>,
    /// Whether it is a guest's: made at a click, with no password and no
    /// mail, until its guest signs up.
    pub guest: bool,
    /// Whether it is a bot's: an engine plays it through the API. An
    /// account becomes a bot for good.
    pub bot: bool,
}

impl Account {
    /// The address mail about games may go to: a verified one.
    pub fn mail_address(&self) -> Option<&str> {
        self.email.as_deref().filter(|_| self.email_verified)
    }
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

/// A change to an account: each field that is `Some` is set. A new mail
/// address (another than the account's) is not verified.
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
    email_verified: bool,
    notify_email: bool,
    admin: bool,
    disabled: Option<i64>,
    guest: bool,
    bot: bool,
}

/// The columns of an [`AccountRow`]; `account_columns!(a)` names them in
/// the table `a` (for joins).
macro_rules! account_columns {
    () => {
        "id, name, email, email_verified, notify_email, admin, disabled, guest, bot"
    };
    ($t:ident) => {
        concat!(
            stringify!($t),
            ".id, ",
            stringify!($t),
            ".name, ",
            stringify!($t),
            ".email, ",
            stringify!($t),
            ".email_verified, ",
            stringify!($t),
            ".notify_email, ",
            stringify!($t),
            ".admin, ",
            stringify!($t),
            ".disabled, ",
            stringify!($t),
            ".guest, ",
            stringify!($t),
            ".bot"
        )
    };
}
pub(crate) use account_columns;

impl From<AccountRow> for Account {
    fn from(row: AccountRow) -> Account {
        Account {
            id: AccountId(row.id),
            name: row.name,
            email: row.email,
            email_verified: row.email_verified,
            notify_email: row.notify_email,
            admin: row.admin,
            disabled: row.disabled.map(Timestamp::from_unix),
            guest: row.guest,
            bot: row.bot,
        }
    }
}
