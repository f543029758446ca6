//! A PostgreSQL database of a test's own, made through `TEST_DATABASE_URL`
//! and dropped afterwards.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{AssertSqlSafe, Connection, PgConnection};

/// `TEST_DATABASE_URL`, or None (with a line naming `test`) if it is not
/// set and `CI` is not either; in CI its absence is a failure.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => panic!("TEST_DATABASE_URL is not set but CI is"),
        _ => {
            println!("{test}: TEST_DATABASE_URL is not set: the PostgreSQL half was skipped");
            None
        }
    }
}

/// A name no other test uses: `arbiter_test_<random>`.
fn database_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let mixed = (nanos as u64) ^ (u64::from(std::process::id()) << 32) ^ COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("arbiter_test_{:016x}", mixed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// `admin` (a PostgreSQL URL) on database `name` instead.
pub fn database_url(admin: &str, name: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (admin, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority_start..].find('/') {
        Some(slash) => &base[..authority_start + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{server}/{name}?{query}"),
        None => format!("{server}/{name}"),
    }
}

/// Makes a new, empty database through `admin`; its name.
pub async fn create_database(admin: &str) -> String {
    let mut conn = PgConnection::connect(admin).await.expect("TEST_DATABASE_URL answers");
    let mut tries = 0;
    loop {
        let name = database_name();
        match sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\""))).execute(&mut conn).await {
            Ok(_) => {
                let _ = conn.close().await;
                return name;
            }
            // Concurrent CREATE DATABASE from the same template can clash.
            Err(e) if tries < 5 => {
                tries += 1;
                eprintln!("CREATE DATABASE {name} failed ({e}), trying again");
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot create database {name}: {e}"),
        }
    }
}

/// Drops database `name` through `admin`, closing its connections.
pub async fn drop_database(admin: &str, name: &str) {
    let mut conn = PgConnection::connect(admin).await.expect("TEST_DATABASE_URL answers");
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("cannot drop database {name}: {e}"));
    let _ = conn.close().await;
}
