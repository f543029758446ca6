//! A real server for the tests, in the test's process: bound on 127.0.0.1
//! at a free port, on a database of its own ([`TestDatabase`]), with a
//! clock the test sets. Its client is the one every test of the server and
//! of the binary drives a server with ([`ApiClient`]).

#![allow(dead_code, unused_imports)]

pub use arbiter_testkit::relay;
pub mod smtp;

use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use arbiter_play::{ManualClock, Timestamp};
use arbiter_server::connections::ConnectionLimits;
use arbiter_server::limits::{Limits, Rate};
use arbiter_server::{AppState, Settings};
use arbiter_store::Store;
pub use arbiter_testkit::{ApiClient, PASSWORD, Socket, TestDatabase, next_message, socket_closed, view_at_ply};

/// The moment every test starts at.
pub const START: i64 = 1_795_000_000;

/// A server under test; its client's helpers ([`ApiClient`]) are its own.
pub struct TestServer {
    /// A client of it.
    pub api: ApiClient,
    /// Its state (to run its jobs by hand).
    pub state: AppState,
    /// Its clock.
    pub clock: Arc<ManualClock>,
    jobs: Option<arbiter_server::Jobs>,
    database: TestDatabase,
}

impl Deref for TestServer {
    type Target = ApiClient;

    fn deref(&self) -> &ApiClient {
        &self.api
    }
}

/// Which database a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum Db {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL database of the test's own.
    Postgres,
}

impl TestServer {
    /// A server on `db`, or `None` when PostgreSQL is not available here.
    pub async fn start(db: Db) -> Option<TestServer> {
        TestServer::start_with(db, |_| {}).await
    }

    /// A server on `db` with its state set up by `configure` before its
    /// jobs start, and the settings of [`relaxed`].
    pub async fn start_with(db: Db, configure: impl FnOnce(&mut AppState)) -> Option<TestServer> {
        TestServer::start_set(db, relaxed(), configure).await
    }

    /// A server on `db` with `settings`, its state then set up by
    /// `configure` before its jobs start.
    pub async fn start_set(db: Db, settings: Settings, configure: impl FnOnce(&mut AppState)) -> Option<TestServer> {
        TestServer::start_full(db, settings, ConnectionLimits::default(), configure).await
    }

    /// A server on `db` with `settings` and the connection limits
    /// `connections`, its state then set up by `configure`.
    pub async fn start_full(
        db: Db,
        settings: Settings,
        connections: ConnectionLimits,
        configure: impl FnOnce(&mut AppState),
    ) -> Option<TestServer> {
        let database = match db {
            Db::Sqlite => TestDatabase::sqlite(),
            Db::Postgres => TestDatabase::postgres("this server test").await?,
        };
        let url = database.url.clone();
        Some(TestServer::start_on(database, &url, settings, connections, configure).await)
    }

    /// A server on `database`, reached at `url` (through a relay, say),
    /// with `settings` and the connection limits `connections`, its state
    /// then set up by `configure`.
    pub async fn start_on(
        database: TestDatabase,
        url: &str,
        settings: Settings,
        connections: ConnectionLimits,
        configure: impl FnOnce(&mut AppState),
    ) -> TestServer {
        let store = Store::open(url).await.unwrap();
        let clock = Arc::new(ManualClock::new(Timestamp::from_unix(START)));
        let mut state = AppState::with_clock(store, clock.clone());
        state.set_settings(settings);
        configure(&mut state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let jobs = Some(arbiter_server::start_jobs(&state).await);
        let serving = state.clone();
        tokio::spawn(async move {
            arbiter_server::serve_on(listener, serving, connections, std::future::pending()).await.unwrap();
        });
        let api = ApiClient::new(format!("http://{address}"), Duration::from_secs(120));
        TestServer { api, state, clock, jobs, database }
    }

    /// Stops the jobs and closes the store; the test's database goes with
    /// the server.
    pub async fn finish(mut self) {
        if let Some(jobs) = self.jobs.take() {
            jobs.stop().await;
        }
        self.state.store.close().await;
        drop(self.database);
    }

    /// The URL of the server's database (for a second process's store).
    pub fn database_url(&self) -> &str {
        &self.database.url
    }

    /// Which database the server runs on: `sqlite` or `postgres`.
    pub fn database_kind(&self) -> &'static str {
        self.database.kind
    }

    /// The test's time now, as the API writes times.
    pub fn clock_now_rfc3339(&self) -> String {
        use arbiter_play::Clock;
        self.clock.now().rfc3339()
    }
}

/// The default settings, but for the registrations, game creations and
/// chat messages a test makes from one address in a moment.
pub fn relaxed() -> Settings {
    let limits = Limits {
        registrations_per_address: Rate::per_hour(100_000),
        registrations: Rate::per_hour(100_000),
        games_per_account: Rate::per_hour(100_000),
        games_per_address: Rate::per_hour(100_000),
        chat_burst_per_account: Rate::per_second(1000),
        chat_per_account: Rate::per_minute(100_000),
        offers_per_account: Rate::per_minute(100_000),
        notice_reads_per_account: Rate::per_minute(100_000),
        ..Limits::default()
    };
    Settings { limits, ..Settings::default() }
}

/// Runs `scenario` on SQLite and on PostgreSQL, on servers with the
/// settings of [`relaxed`] or with `settings`.
#[macro_export]
macro_rules! on_both {
    ($sqlite:ident, $postgres:ident, $scenario:ident) => {
        on_both!($sqlite, $postgres, $scenario, support::relaxed());
    };
    ($sqlite:ident, $postgres:ident, $scenario:ident, $settings:expr) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            let server = support::TestServer::start_set(support::Db::Sqlite, $settings, |_| {}).await.unwrap();
            $scenario(&server).await;
            server.finish().await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let Some(server) = support::TestServer::start_set(support::Db::Postgres, $settings, |_| {}).await else {
                return;
            };
            $scenario(&server).await;
            server.finish().await;
        }
    };
}
