//! Runs each store test on both backends: SQLite on a file in a folder of
//! its own, and PostgreSQL on a database of its own made through
//! `TEST_DATABASE_URL` and dropped afterwards. Without that variable the
//! PostgreSQL half is skipped, with a line saying so, unless `CI` is set:
//! then the test fails.

#![allow(dead_code)]

use std::future::Future;
use std::panic::resume_unwind;
use std::path::PathBuf;

use arbiter_play::{GameRecord, Timestamp};
use arbiter_store::{Backend, Store};

pub use arbiter_testkit::postgres::{create_database, database_url, drop_database, postgres_url};

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
