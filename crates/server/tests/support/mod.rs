//! A real server for the tests: bound on 127.0.0.1 at a free port, on a
//! SQLite file in a temporary folder or on a PostgreSQL database of its own
//! (created for the test from `TEST_DATABASE_URL`, dropped after), with a
//! clock the test sets.

#![allow(dead_code)]

use std::sync::Arc;

use arbiter_play::{ManualClock, Timestamp};
use arbiter_server::connections::ConnectionLimits;
use arbiter_server::limits::{Limits, Rate};
use arbiter_server::{AppState, Settings};
use arbiter_store::Store;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

#[path = "../../../store/tests/support/postgres.rs"]
mod postgres;

/// The moment every test starts at.
pub const START: i64 = 1_795_000_000;

/// A server under test.
pub struct TestServer {
    /// `http://127.0.0.1:port`.
    pub base: String,
    /// Its state (to run its jobs by hand).
    pub state: AppState,
    /// Its clock.
    pub clock: Arc<ManualClock>,
    /// An HTTP client.
    pub http: Client,
    jobs: Option<arbiter_server::Jobs>,
    _dir: Option<tempfile::TempDir>,
    pg: Option<(String, String)>,
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
        let (url, dir, pg) = match db {
            Db::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!("sqlite://{}", dir.path().join("arbiter.db").display());
                (url, Some(dir), None)
            }
            Db::Postgres => {
                let admin = postgres::postgres_url("this server test")?;
                let name = postgres::create_database(&admin).await;
                (postgres::database_url(&admin, &name), None, Some((admin, name)))
            }
        };
        let store = Store::open(&url).await.unwrap();
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
        Some(TestServer { base: format!("http://{address}"), state, clock, http: Client::new(), jobs, _dir: dir, pg })
    }

    /// Drops the test's PostgreSQL database.
    pub async fn finish(mut self) {
        if let Some(jobs) = self.jobs.take() {
            jobs.stop().await;
        }
        self.state.store.close().await;
        if let Some((admin, name)) = self.pg {
            postgres::drop_database(&admin, &name).await;
        }
    }

    /// The test's time now, as the API writes times.
    pub fn clock_now_rfc3339(&self) -> String {
        use arbiter_play::Clock;
        self.clock.now().rfc3339()
    }

    /// `ws://…` for `path`.
    pub fn ws(&self, path: &str) -> String {
        format!("{}{path}", self.base.replacen("http://", "ws://", 1))
    }

    /// Sends `body` (JSON) to `path` with `token`; the status and the JSON
    /// answer (`null` when there is none).
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await.unwrap();
        let status = answer.status();
        let text = answer.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// `GET path`.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    /// `POST path` with `body`.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(body)).await
    }

    /// Registers `name` and signs in: its token.
    pub async fn account(&self, name: &str) -> String {
        let (status, _) = self.post("/api/accounts", None, json!({"name": name, "password": "correct horse"})).await;
        assert_eq!(status, StatusCode::CREATED, "registering {name}");
        let (status, session) =
            self.post("/api/sessions", None, json!({"name": name, "password": "correct horse"})).await;
        assert_eq!(status, StatusCode::CREATED, "signing in {name}");
        session["token"].as_str().unwrap().to_string()
    }

    /// Creates a game; its view.
    pub async fn create(&self, token: &str, body: Value) -> Value {
        let (status, view) = self.post("/api/games", Some(token), body).await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        view
    }

    /// The game as `token` sees it.
    pub async fn view(&self, id: &str, token: Option<&str>) -> Value {
        let (status, view) = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        view
    }

    /// Waits (up to 30 s) until the game as `token` sees it meets `done`;
    /// that view.
    pub async fn wait_view(&self, id: &str, token: Option<&str>, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..600 {
            let view = self.view(id, token).await;
            if done(&view) {
                return view;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("game {id} did not become as awaited: {}", self.view(id, token).await);
    }

    /// Waits (up to 30 s) until the game reaches at least `ply`.
    pub async fn wait_for_ply(&self, id: &str, ply: u64) -> Value {
        for _ in 0..600 {
            let view = self.view(id, None).await;
            if view["ply"].as_u64().unwrap() >= ply || view["status"]["state"] == "over" {
                return view;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("game {id} did not reach ply {ply}");
    }
}

/// The default settings, but for the registrations and game creations a
/// test makes from one address in a moment.
pub fn relaxed() -> Settings {
    let limits = Limits {
        registrations_per_address: Rate::per_hour(100_000),
        registrations: Rate::per_hour(100_000),
        games_per_account: Rate::per_hour(100_000),
        games_per_address: Rate::per_hour(100_000),
        ..Limits::default()
    };
    Settings { limits, ..Settings::default() }
}

/// Runs `scenario` on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! on_both {
    ($sqlite:ident, $postgres:ident, $scenario:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            let server = support::TestServer::start(support::Db::Sqlite).await.unwrap();
            $scenario(&server).await;
            server.finish().await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let Some(server) = support::TestServer::start(support::Db::Postgres).await else { return };
            $scenario(&server).await;
            server.finish().await;
        }
    };
}
