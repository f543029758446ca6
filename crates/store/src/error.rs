//! Why the store refused or failed.

use thiserror::Error;

use crate::key::GameKey;

/// A refusal or failure of the store. Every message names the offending
/// value.
#[derive(Debug, Error)]
pub enum StoreError {
    /// An account already has this name (names compare
    /// case-insensitively).
    #[error("'{name}': the name is taken")]
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// The game changed since the caller read it: re-read and try again.
    #[error("game '{key}': it was changed meanwhile (expected version {expected}, found {found})")]
    Stale {
        /// The game.
        key: GameKey,
        /// The version the caller read.
        expected: i64,
        /// The version stored now.
        found: i64,
    },
    /// The seat is not open: a person or the computer holds it, or the
    /// game has no such seat.
    #[error("game '{key}': seat {seat} is already taken")]
    SeatTaken {
        /// The game.
        key: GameKey,
        /// The seat asked for.
        seat: u8,
    },
    /// The account has as many unfinished games with a computer seat as
    /// it may have.
    #[error(
        "you have {limit} unfinished games against the computer, as many as one may have; try again once one of them ends"
    )]
    TooManyGames {
        /// How many it may have.
        limit: u32,
    },
    /// No game has this key.
    #[error("game '{key}': no such game")]
    NotFound {
        /// The key given.
        key: GameKey,
    },
    /// The database was migrated by a newer Arbiter than this one.
    #[error("the database was written by a newer Arbiter (migration {version}); this one knows up to {known}")]
    Newer {
        /// The newest migration applied to the database.
        version: i64,
        /// The newest migration this build knows.
        known: i64,
    },
    /// The database URL cannot be used.
    #[error("'{url}': {reason}")]
    Url {
        /// The URL given, its password hidden.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A stored game cannot be written or read back.
    #[error("game '{key}': {reason}")]
    Record {
        /// The game.
        key: GameKey,
        /// What is wrong.
        reason: String,
    },
    /// The change was not committed: the transaction it shared with
    /// others failed, or the store is closing.
    #[error("the database did not commit the change: {reason}")]
    NotCommitted {
        /// Why.
        reason: String,
    },
    /// The database's disk is full: nothing more can be stored until
    /// space is freed (the store takes changes again by itself then).
    #[error("the database's disk is full: {reason}")]
    DiskFull {
        /// What the database said.
        reason: String,
    },
    /// A backup could not be written.
    #[error("'{path}': {reason}")]
    Backup {
        /// Where the copy was to go.
        path: String,
        /// Why it was not made.
        reason: String,
    },
    /// The database failed (or found no such row, for accounts and mail).
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl StoreError {
    /// Whether the database refused because its disk is full (SQLite's
    /// `SQLITE_FULL`, PostgreSQL's `disk_full`, 53100).
    pub fn is_disk_full(&self) -> bool {
        match self {
            StoreError::DiskFull { .. } => true,
            StoreError::Database(sqlx::Error::Database(e)) => {
                // SQLite answers its primary code 13 (or an extended one
                // built on it); PostgreSQL its SQLSTATE.
                let code = e.code();
                let code = code.as_deref().unwrap_or_default();
                code == "53100" || code.parse::<i32>().is_ok_and(|c| c & 0xff == 13)
            }
            _ => false,
        }
    }
}
