//! Opening a store on a URL, its migrations, and the pool under it.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

use crate::error::StoreError;

/// The migrations for SQLite.
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
/// The migrations for PostgreSQL: the same versions as for SQLite.
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Connections of a pool on an SQLite file (readers run side by side in
/// WAL mode; writers queue).
const SQLITE_CONNECTIONS: u32 = 8;
/// Connections of a pool on PostgreSQL.
const POSTGRES_CONNECTIONS: u32 = 32;
/// How long an SQLite writer waits for another to finish.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The newest migration this build knows.
pub(crate) fn known_migration() -> i64 {
    SQLITE_MIGRATIONS.iter().chain(POSTGRES_MIGRATIONS.iter()).map(|m| m.version).max().unwrap_or(0)
}

/// Which database a store keeps its data in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// An SQLite file embedded in the server.
    Sqlite,
    /// A PostgreSQL server, possibly shared by several servers.
    Postgres,
}

/// The database of accounts, sessions, games and mail. Clones share one
/// pool of connections.
#[derive(Clone)]
pub struct Store {
    pub(crate) pool: Pool,
    /// On SQLite: the writer that commits game changes together.
    pub(crate) writer: Option<crate::sqlite_writer::SqliteWriter>,
    /// On PostgreSQL: the writer that stores common game changes together.
    pub(crate) pg_writer: Option<crate::pg_writer::PgWriter>,
    /// This store among the others on the same database (random).
    pub(crate) origin: u64,
}

/// The pool of connections under a store.
#[derive(Clone)]
pub(crate) enum Pool {
    /// SQLite.
    Sqlite(SqlitePool),
    /// PostgreSQL.
    Postgres(PgPool),
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store").field("backend", &self.backend()).finish_non_exhaustive()
    }
}

impl Store {
    /// Opens the database at `url` and brings its tables up to date:
    /// `sqlite://PATH` (the file is made if missing; WAL, foreign keys
    /// on, `synchronous = FULL` so an acknowledged write survives the
    /// process being killed), `sqlite::memory:` (one connection, gone when
    /// the store closes), or `postgres://…`. Refuses a database migrated
    /// by a newer Arbiter ([`StoreError::Newer`]).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, None).await
    }

    /// [`Store::open`] with at most `connections` connections to the
    /// database (none: 32 on PostgreSQL, 8 on an SQLite file; an
    /// in-memory SQLite database always has one). Several servers on one
    /// PostgreSQL database must together stay below its
    /// `max_connections`.
    pub async fn open_with(url: &str, connections: Option<u32>) -> Result<Store, StoreError> {
        let connections = connections.map(|n| n.max(1));
        let store = if url.starts_with("sqlite:") {
            open_sqlite(url, connections.unwrap_or(SQLITE_CONNECTIONS)).await?
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            open_postgres(url, connections.unwrap_or(POSTGRES_CONNECTIONS)).await?
        } else {
            return Err(url_error(url, "a database URL starts with sqlite:// or postgres://"));
        };
        if let Err(e) = store.migrate().await {
            store.close().await;
            return Err(e);
        }
        Ok(store)
    }

    /// Which database the store is on.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// How many connections to the database the store opens at most.
    pub fn max_connections(&self) -> u32 {
        match &self.pool {
            Pool::Sqlite(pool) => pool.options().get_max_connections(),
            Pool::Postgres(pool) => pool.options().get_max_connections(),
        }
    }

    /// Checks that the database answers (`SELECT 1`).
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// Closes every connection, waiting for those in use to be given
    /// back. The store (and its clones) cannot be used afterwards.
    pub async fn close(&self) {
        if let Some(writer) = &self.writer {
            writer.close().await;
        }
        if let Some(writer) = &self.pg_writer {
            writer.close().await;
        }
        on_pool!(self, pool => pool.close().await)
    }

    /// Runs the migrations this build knows that the database lacks.
    async fn migrate(&self) -> Result<(), StoreError> {
        let result = match &self.pool {
            Pool::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await,
            Pool::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await,
        };
        result.map_err(|e| match e {
            MigrateError::VersionMissing(version) if version > known_migration() => {
                StoreError::Newer { version, known: known_migration() }
            }
            other => StoreError::Database(other.into()),
        })
    }
}

/// Opens a pool of at most `connections` on an SQLite URL.
async fn open_sqlite(url: &str, connections: u32) -> Result<Store, StoreError> {
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|e| url_error(url, &e.to_string()))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .busy_timeout(SQLITE_BUSY_TIMEOUT);
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    let pool = if in_memory {
        // Every connection to `:memory:` would be a database of its own,
        // and the last one closing loses it: keep exactly one, forever.
        SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options.clone())
            .await?
    } else {
        SqlitePoolOptions::new().max_connections(connections).connect_with(options.clone()).await?
    };
    // Game changes in a file are committed together by one writer thread
    // (in memory, where a second connection would be another database,
    // each commits on the pool's one connection).
    let writer = if in_memory {
        None
    } else {
        Some(crate::sqlite_writer::SqliteWriter::start(options.get_filename(), SQLITE_BUSY_TIMEOUT)?)
    };
    Ok(Store { pool: Pool::Sqlite(pool), writer, pg_writer: None, origin: new_origin() })
}

/// How long a statement waits for a connection to PostgreSQL before it
/// fails (and its request is answered `503` with `Retry-After`): while
/// the database is down, the pool tries to reconnect for this long, not
/// for sqlx's default of 30 s.
const POSTGRES_ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens a pool of at most `connections` on a PostgreSQL URL.
async fn open_postgres(url: &str, connections: u32) -> Result<Store, StoreError> {
    let options = PgConnectOptions::from_str(url).map_err(|e| url_error(url, &e.to_string()))?;
    let pool = PgPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(POSTGRES_ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for >= crate::pg_writer::PING_IF_IDLE_FOR {
                    sqlx::Connection::ping(connection).await?;
                }
                Ok(true)
            })
        })
        .connect_with(options)
        .await?;
    let pg_writer = Some(crate::pg_writer::PgWriter::start(pool.clone()));
    Ok(Store { pool: Pool::Postgres(pool), writer: None, pg_writer, origin: new_origin() })
}

/// A number for a newly opened store, random enough that two stores on
/// one database never share it.
fn new_origin() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// A [`StoreError::Url`] for `url`, its password hidden.
pub(crate) fn url_error(url: &str, reason: &str) -> StoreError {
    StoreError::Url { url: hide_password(url), reason: reason.to_string() }
}

/// `url` with the password of its user, if it has one, as `***`.
fn hide_password(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[scheme_end..];
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let Some(at) = authority.rfind('@') else {
        return url.to_string();
    };
    match authority[..at].find(':') {
        Some(colon) => format!("{}{}:***{}", &url[..scheme_end], &authority[..colon], &rest[at..]),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hidden_in_urls() {
        assert_eq!(hide_password("postgres://ann:secret@db:5432/arbiter"), "postgres://ann:***@db:5432/arbiter");
        assert_eq!(hide_password("postgres://ann@db/arbiter"), "postgres://ann@db/arbiter");
        assert_eq!(hide_password("sqlite://arbiter.db"), "sqlite://arbiter.db");
        assert_eq!(hide_password("mysql:x"), "mysql:x");
    }

    #[test]
    fn both_dialects_know_the_same_migrations() {
        let versions = |m: &Migrator| m.iter().map(|m| (m.version, m.description.to_string())).collect::<Vec<_>>();
        assert_eq!(versions(&SQLITE_MIGRATIONS), versions(&POSTGRES_MIGRATIONS));
        assert!(known_migration() >= 1);
    }
}
