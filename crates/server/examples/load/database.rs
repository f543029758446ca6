//! A PostgreSQL database of the run's own: made on the server a
//! `--database` URL names, under a name no other run uses, and dropped
//! after the run, so that runs can follow each other on one PostgreSQL.

use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{AssertSqlSafe, Connection, PgConnection};

/// A database made for this run.
pub struct Fresh {
    /// The URL it was made through (its database is where the statements
    /// run).
    admin: String,
    /// Its name.
    pub name: String,
    /// The URL of the new database, for the server.
    pub url: String,
}

impl Fresh {
    /// Makes a new, empty database through `admin` (a `postgres://` URL
    /// whose database accepts `CREATE DATABASE`).
    pub async fn create(admin: &str) -> Result<Fresh, String> {
        let mut conn = PgConnection::connect(admin).await.map_err(|e| format!("{admin}: {e}"))?;
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let name = format!("arbiter_load_{}_{:x}", std::process::id(), nanos as u64);
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
            .execute(&mut conn)
            .await
            .map_err(|e| format!("CREATE DATABASE {name} on {admin}: {e}"))?;
        let _ = conn.close().await;
        Ok(Fresh { admin: admin.to_string(), url: with_database(admin, &name), name })
    }

    /// Drops it, closing what is still connected to it.
    pub async fn drop_database(self) -> Result<(), String> {
        let mut conn = PgConnection::connect(&self.admin).await.map_err(|e| format!("{}: {e}", self.admin))?;
        sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name)))
            .execute(&mut conn)
            .await
            .map_err(|e| format!("DROP DATABASE {}: {e}", self.name))?;
        let _ = conn.close().await;
        Ok(())
    }
}

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// `url` (a PostgreSQL URL) naming database `name` instead of its own,
/// its query kept.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority..].find('/') {
        Some(slash) => &base[..authority + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{server}/{name}?{query}"),
        None => format!("{server}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_new_database_replaces_the_urls_own() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(with_database("postgres://u:p@h/db?sslmode=disable", "x"), "postgres://u:p@h/x?sslmode=disable");
        assert_eq!(with_database("postgresql://h", "x"), "postgresql://h/x");
    }
}
