//! Opening a store: the SQLite file is made and migrated, opening again
//! changes nothing, a newer database is refused, and an acknowledged
//! write survives closing and reopening.

use crate::support;

use arbiter_play::Timestamp;
use arbiter_store::{Backend, NewAccount, Store, StoreError};
use sqlx::{Connection, PgConnection, SqliteConnection};
use support::{Db, at, on_both};

/// Counts the migrations recorded in the database, straight through sqlx.
async fn migrations_applied(db: &Db) -> Vec<i64> {
    const SQL: &str = "SELECT version FROM _sqlx_migrations ORDER BY version";
    match db.backend {
        Backend::Sqlite => {
            let mut conn = SqliteConnection::connect(&db.url).await.unwrap();
            sqlx::query_scalar(SQL).fetch_all(&mut conn).await.unwrap()
        }
        Backend::Postgres => {
            let mut conn = PgConnection::connect(&db.url).await.unwrap();
            sqlx::query_scalar(SQL).fetch_all(&mut conn).await.unwrap()
        }
    }
}

/// Records migration 99, as a newer Arbiter would have.
async fn add_future_migration(db: &Db) {
    const SQL: &str = "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
                       VALUES (99, 'from the future', TRUE, $1, 0)";
    match db.backend {
        Backend::Sqlite => {
            let mut conn = SqliteConnection::connect(&db.url).await.unwrap();
            sqlx::query(SQL).bind(vec![0u8; 4]).execute(&mut conn).await.unwrap();
        }
        Backend::Postgres => {
            let mut conn = PgConnection::connect(&db.url).await.unwrap();
            sqlx::query(SQL).bind(vec![0u8; 4]).execute(&mut conn).await.unwrap();
        }
    }
}

fn ann(now: Timestamp) -> NewAccount<'static> {
    NewAccount { name: "Ann", password_hash: "hash-of-ann", email: Some("ann@example.org"), now }
}

#[tokio::test]
async fn open_creates_the_file_and_migrates() {
    on_both("open_creates_the_file_and_migrates", |db| async move {
        if let Some(path) = &db.path {
            assert!(!path.exists());
        }
        let store = db.open().await;
        assert_eq!(store.backend(), db.backend);
        store.ping().await.unwrap();
        if let Some(path) = &db.path {
            assert!(path.exists(), "{} was not made", path.display());
        }
        assert_eq!(migrations_applied(&db).await, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn reopening_changes_nothing() {
    on_both("reopening_changes_nothing", |db| async move {
        let store = db.open().await;
        let account = store.create_account(&ann(at(0))).await.unwrap();
        store.close().await;
        for _ in 0..2 {
            let store = db.open().await;
            assert_eq!(store.account(account.id).await.unwrap(), Some(account.clone()));
            store.close().await;
        }
        assert_eq!(migrations_applied(&db).await, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    })
    .await;
}

#[tokio::test]
async fn a_database_from_a_newer_arbiter_is_refused() {
    on_both("a_database_from_a_newer_arbiter_is_refused", |db| async move {
        db.open().await.close().await;
        add_future_migration(&db).await;
        match Store::open(&db.url).await {
            Err(e @ StoreError::Newer { version: 99, .. }) => assert_eq!(
                e.to_string(),
                "the database was written by a newer Arbiter (migration 99); this one knows up to 16"
            ),
            Err(e) => panic!("{:?}: refused, but not as newer: {e}", db.backend),
            Ok(_) => panic!("{:?}: a database with migration 99 was opened", db.backend),
        }
    })
    .await;
}

#[tokio::test]
async fn an_acknowledged_write_survives_closing_and_reopening() {
    on_both("an_acknowledged_write_survives_closing_and_reopening", |db| async move {
        let store = db.open().await;
        let account = store.create_account(&ann(at(0))).await.unwrap();
        store.create_session(b"token-hash", account.id, at(1), None).await.unwrap();
        // Dropped without close(): the pool's connections just go away.
        drop(store);
        let store = db.open().await;
        assert_eq!(store.session_account(b"token-hash").await.unwrap(), Some(account));
        store.close().await;
    })
    .await;
}

/// Set (to a database URL) in the child process of
/// [`an_acknowledged_write_survives_the_process_dying`].
const CHILD_URL: &str = "ARBITER_STORE_TEST_CHILD_URL";

/// In the child process only (otherwise it does nothing): writes, says
/// so once acknowledged, and dies at once, closing nothing.
#[tokio::test]
async fn child_process_that_writes_then_dies() {
    let Ok(url) = std::env::var(CHILD_URL) else {
        return;
    };
    let store = Store::open(&url).await.unwrap();
    let account = store.create_account(&ann(at(0))).await.unwrap();
    store.create_session(b"token-hash", account.id, at(1), None).await.unwrap();
    println!("acknowledged");
    std::process::abort();
}

#[tokio::test]
async fn an_acknowledged_write_survives_the_process_dying() {
    on_both("an_acknowledged_write_survives_the_process_dying", |db| async move {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "open::child_process_that_writes_then_dies", "--nocapture", "--test-threads=1"])
            .env(CHILD_URL, &db.url)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&child.stdout);
        assert!(!child.status.success(), "the child did not die: {said}");
        assert!(said.contains("acknowledged"), "the child did not write: {said}");
        let store = db.open().await;
        let account = store.session_account(b"token-hash").await.unwrap().expect("the session survived");
        assert_eq!(account.name, "Ann");
        if let Some(path) = &db.path {
            let mut conn = SqliteConnection::connect(&format!("sqlite://{}", path.display())).await.unwrap();
            let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(&mut conn).await.unwrap();
            assert_eq!(mode, "wal");
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn urls_that_name_no_database_are_refused() {
    for (url, shown) in [("mysql://ann:secret@db/arbiter", "mysql://ann:***@db/arbiter"), ("arbiter.db", "arbiter.db")]
    {
        match Store::open(url).await {
            Err(StoreError::Url { url, reason }) => {
                assert_eq!(url, shown);
                assert!(reason.contains("sqlite://"), "{reason}");
            }
            other => panic!("{url}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn an_sqlite_store_in_memory_keeps_its_data_on_one_connection() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    assert_eq!(store.backend(), Backend::Sqlite);
    let account = store.create_account(&ann(at(0))).await.unwrap();
    let (ann, hash) = store.account_by_name("ann").await.unwrap().unwrap();
    assert_eq!((ann, hash.as_str()), (account, "hash-of-ann"));
    store.close().await;
}

/// A migrator of the first migration alone, as the first Arbiter had it.
async fn first_migration_only(backend: Backend) -> (tempfile::TempDir, sqlx::migrate::Migrator) {
    let dialect = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(dialect).join("0001_init.sql");
    std::fs::copy(&from, dir.path().join("0001_init.sql")).unwrap();
    let migrator = sqlx::migrate::Migrator::new(dir.path()).await.unwrap();
    (dir, migrator)
}

#[tokio::test]
async fn a_database_of_the_first_schema_is_migrated_keeping_its_sessions() {
    on_both("a_database_of_the_first_schema_is_migrated_keeping_its_sessions", |db| async move {
        let (_dir, first) = first_migration_only(db.backend).await;
        const ACCOUNT: &str = "INSERT INTO accounts (name, name_key, password_hash, email, notify_email, created) \
                               VALUES ('Ann', 'ann', 'h', 'ann@example.org', TRUE, 5)";
        const SESSION: &str = "INSERT INTO sessions (token_hash, account_id, created) VALUES ($1, 1, 7)";
        const GAME: &str = "INSERT INTO games (key, game, state, version, record, created, updated) \
                            VALUES ('old', 'sage', 'active', 3, $1, 1, 2)";
        let mut old = crate::support::record("old");
        old.moves = vec![
            arbiter_play::record::MoveRecord { text: "c2-c3".into(), at: Some(Timestamp::from_unix(1_700_000_000)) },
            arbiter_play::record::MoveRecord::new("f7-f6"),
        ];
        let old_json = serde_json::to_string(&old).unwrap();
        match db.backend {
            Backend::Sqlite => {
                let url = format!("{}?mode=rwc", db.url);
                let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
                first.run(&pool).await.unwrap();
                sqlx::query(ACCOUNT).execute(&pool).await.unwrap();
                sqlx::query(SESSION).bind(b"old-token".to_vec()).execute(&pool).await.unwrap();
                sqlx::query(GAME).bind(old_json.as_str()).execute(&pool).await.unwrap();
                pool.close().await;
            }
            Backend::Postgres => {
                let pool = sqlx::PgPool::connect(&db.url).await.unwrap();
                first.run(&pool).await.unwrap();
                sqlx::query(ACCOUNT).execute(&pool).await.unwrap();
                sqlx::query(SESSION).bind(b"old-token".to_vec()).execute(&pool).await.unwrap();
                sqlx::query(GAME).bind(old_json.as_str()).execute(&pool).await.unwrap();
                pool.close().await;
            }
        }
        let store = db.open().await;
        assert_eq!(migrations_applied(&db).await, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
        // The game's moves are rows of their own now, read back in its record.
        let game = store.game(&arbiter_store::GameKey("old".into())).await.unwrap().expect("the old game");
        assert_eq!(game.record, old);
        assert_eq!(game.version, 3);
        // The session goes on, last used when it was made; the address
        // given before verification existed is not taken as verified.
        let found = store.session(b"old-token", Timestamp::from_unix(0)).await.unwrap().expect("the old session");
        assert_eq!((found.account.name.as_str(), found.last_used), ("Ann", Timestamp::from_unix(7)));
        assert!(!found.account.email_verified);
        assert_eq!(found.account.mail_address(), None);
        let listed = store.sessions_of(found.account.id, Timestamp::from_unix(0)).await.unwrap();
        assert_eq!(listed.len(), 1);
        // New sessions get numbers after it.
        let next = store.create_session(b"new-token", found.account.id, Timestamp::from_unix(9), None).await.unwrap();
        assert!(next > found.session);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn the_pool_holds_the_connections_asked_for() {
    on_both("the_pool_holds_the_connections_asked_for", |db| async move {
        let default = db.open().await;
        let expected = match db.backend {
            Backend::Sqlite => 8,
            Backend::Postgres => 32,
        };
        assert_eq!(default.max_connections(), expected);
        default.close().await;

        // One connection serves many requests at once, one after another.
        let one = Store::open_with(&db.url, Some(1)).await.unwrap();
        assert_eq!(one.max_connections(), 1);
        let mut pings = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let store = one.clone();
            pings.spawn(async move { store.ping().await });
        }
        while let Some(ping) = pings.join_next().await {
            ping.unwrap().unwrap();
        }
        one.close().await;

        // Zero is read as one, never as a pool that cannot connect.
        let zero = Store::open_with(&db.url, Some(0)).await.unwrap();
        assert_eq!(zero.max_connections(), 1);
        zero.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_connection_the_database_dropped_is_replaced_not_handed_out() {
    on_both("a_connection_the_database_dropped_is_replaced_not_handed_out", |db| async move {
        if db.backend == Backend::Sqlite {
            return;
        }
        let store = db.open().await;
        let new = NewAccount { name: "ann", password_hash: "hash-ann", email: None, now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        // The database ends every connection of the store (as a restart
        // does); once they have been idle a while, the next request is
        // served on a new one rather than failing on a dead one.
        let mut admin = PgConnection::connect(&db.url).await.unwrap();
        let ended: Vec<bool> = sqlx::query_scalar(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .fetch_all(&mut admin)
        .await
        .unwrap();
        assert!(!ended.is_empty() && ended.iter().all(|&e| e), "the store's connections were ended");
        tokio::time::sleep(std::time::Duration::from_millis(800)).await;
        for _ in 0..3 {
            assert_eq!(store.account(ann.id).await.unwrap().map(|a| a.id), Some(ann.id));
        }
        store.close().await;
    })
    .await;
}
