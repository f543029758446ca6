//! Runs each store test on both backends: SQLite on a file in a folder of
//! its own, and PostgreSQL on a database of its own made through
//! `TEST_DATABASE_URL` and dropped afterwards. Without that variable the
//! PostgreSQL half is skipped, with a line saying so, unless `CI` is set:
//! then the test fails.

#![allow(dead_code)]

use std::future::Future;
use std::panic::resume_unwind;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_play::{GameRecord, Timestamp};
use arbiter_store::{Backend, Store};
use sqlx::{AssertSqlSafe, Connection, PgConnection};

/// A database for one test.
#[derive(Clone, Debug)]
pub struct Db {
    /// Its URL.
    pub url: String,
    /// Which backend it is on.
    pub backend: Backend,
    /// The SQLite file (None on PostgreSQL).
    pub path: Option<PathBuf>,
}

impl Db {
    /// A store opened on it, which must work.
    pub async fn open(&self) -> Store {
        match Store::open(&self.url).await {
            Ok(store) => store,
            Err(e) => panic!("{:?}: cannot open {}: {e}", self.backend, self.url),
        }
    }
}

/// Runs `body` on an SQLite file, then on a PostgreSQL database of its
/// own (or says that half was skipped). `test` names the test in that
/// line.
pub async fn on_both<F, Fut>(test: &str, body: F)
where
    F: Fn(Db) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("arbiter.db");
    let url = format!("sqlite://{}", path.display());
    body(Db { url, backend: Backend::Sqlite, path: Some(path) }).await;
    drop(dir);

    let Some(admin) = postgres_url(test) else {
        return;
    };
    let name = create_database(&admin).await;
    let db = Db { url: database_url(&admin, &name), backend: Backend::Postgres, path: None };
    // On a task of its own so that a failure still drops the database.
    let outcome = tokio::spawn(body(db)).await;
    drop_database(&admin, &name).await;
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => resume_unwind(panic),
            Err(e) => panic!("{test} (PostgreSQL): {e}"),
        }
    }
}

/// `TEST_DATABASE_URL`, or None (with a line saying so) if it is not set
/// and `CI` is not either.
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
async fn create_database(admin: &str) -> String {
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
async fn drop_database(admin: &str, name: &str) {
    let mut conn = PgConnection::connect(admin).await.expect("TEST_DATABASE_URL answers");
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("cannot drop database {name}: {e}"));
    let _ = conn.close().await;
}

/// A moment in a test: `seconds` after a fixed start.
pub fn at(seconds: i64) -> Timestamp {
    Timestamp::from_unix(1_795_615_200 + seconds)
}

/// A record of a game of A•G•O•G with two seats, a few moves and a tag;
/// `note` goes in a tag so that records differ.
pub fn record(note: &str) -> GameRecord {
    serde_json::from_value(serde_json::json!({
        "game": "agog",
        "seats": [{"name": "Ann"}, {"name": "Computer 1", "computer": 3}],
        "started": "2026-11-25T14:00:00Z",
        "moves": [{"move": "e2-e3", "at": "2026-11-25T14:05:00Z"}, {"move": "d7-d6"}],
        "tags": [["Event", note], ["Site", "Arbiter \u{2014} online"]],
    }))
    .expect("a record")
}
