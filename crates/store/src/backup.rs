//! A consistent copy of a live SQLite database, made while its server
//! goes on: SQLite's `VACUUM INTO` reads the database in one transaction
//! (in WAL mode, writers carry on beside it), so the copy holds exactly
//! the changes committed before it began. The database is opened read
//! only and never migrated: the copy is of the database as it is.
//! PostgreSQL is copied with its own tools (`pg_dump`).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};

use crate::error::StoreError;
use crate::open::url_error;

/// How long the copy waits for a writer holding the database.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// What a backup wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    /// The copy.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The games it holds.
    pub games: i64,
    /// The accounts it holds.
    pub accounts: i64,
}

/// Copies the SQLite database at `url` (`sqlite://FILE`) to `out`, which
/// must not exist yet, consistently while its server runs; the copy is
/// checked (`PRAGMA integrity_check`) before it is reported.
pub async fn backup_sqlite(url: &str, out: &Path) -> Result<Backup, StoreError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(url_error(
            url,
            "arbiter backup copies an SQLite database; copy PostgreSQL with pg_dump (docs/OPERATING.md, Backups)",
        ));
    }
    if !url.starts_with("sqlite://") {
        return Err(url_error(url, "a database to back up is sqlite://FILE"));
    }
    if out.exists() {
        return Err(StoreError::Backup { path: out.display().to_string(), reason: "it exists already".into() });
    }
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|e| url_error(url, &e.to_string()))?
        .read_only(true)
        .create_if_missing(false)
        .busy_timeout(BUSY_TIMEOUT);
    let mut source = options.connect().await.map_err(|e| url_error(url, &format!("cannot be opened: {e}")))?;
    let target = out.to_str().ok_or_else(|| StoreError::Backup {
        path: out.display().to_string(),
        reason: "the path is not UTF-8".into(),
    })?;
    sqlx::query("VACUUM INTO $1").bind(target).execute(&mut source).await?;
    source.close().await?;
    check(out).await
}

/// Opens the copy at `out` read only, checks it whole, and counts what it
/// holds.
async fn check(out: &Path) -> Result<Backup, StoreError> {
    let mut copy = SqliteConnectOptions::new().filename(out).read_only(true).connect().await?;
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut copy).await?;
    if verdict != "ok" {
        return Err(StoreError::Backup {
            path: out.display().to_string(),
            reason: format!("the copy is damaged: {verdict}"),
        });
    }
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games").fetch_one(&mut copy).await?;
    let accounts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(&mut copy).await?;
    copy.close().await?;
    let bytes = std::fs::metadata(out)
        .map_err(|e| StoreError::Backup { path: out.display().to_string(), reason: e.to_string() })?
        .len();
    Ok(Backup { path: out.to_path_buf(), bytes, games, accounts })
}
