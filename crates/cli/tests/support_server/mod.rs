//! Real `arbiter serve` processes for the tests that run the built binary
//! as a server: each started on 127.0.0.1 at a free port on a database the
//! test owns (a SQLite file in a temporary folder, or a PostgreSQL
//! database created for the test from `TEST_DATABASE_URL` and dropped
//! after), waited for until `GET /healthz` answers 200, and killed (and
//! reaped) when dropped, even when the test panics. A server's standard
//! output and error go to a log file, printed when a test fails.

#![allow(dead_code)]

use std::fs::File;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[path = "../../../store/tests/support/postgres.rs"]
mod postgres;

/// How long a server may take to answer `GET /healthz` after it starts.
const STARTUP: Duration = Duration::from_secs(30);

/// The password of every account the tests register.
pub const PASSWORD: &str = "correct horse battery";

/// A database of the test's own; a PostgreSQL one is dropped when this is
/// dropped (kill its servers first: declare it before them).
pub struct TestDatabase {
    /// The URL to give `arbiter serve --database`.
    pub url: String,
    /// Which kind, for messages.
    pub kind: &'static str,
    _dir: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    /// A SQLite file (not made yet) in a fresh temporary folder.
    pub fn sqlite() -> TestDatabase {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("arbiter.db").display());
        TestDatabase { url, kind: "sqlite", _dir: Some(dir), postgres: None }
    }

    /// A new, empty PostgreSQL database, or `None` when `TEST_DATABASE_URL`
    /// is not set (outside CI).
    pub async fn postgres() -> Option<TestDatabase> {
        let admin = postgres::postgres_url("this command-line test")?;
        let name = postgres::create_database(&admin).await;
        Some(TestDatabase {
            url: postgres::database_url(&admin, &name),
            kind: "postgres",
            _dir: None,
            postgres: Some((admin, name)),
        })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((admin, name)) = self.postgres.take() else { return };
        // Drop may run inside the test's runtime (or while it unwinds): do
        // the dropping on a thread of its own with a runtime of its own.
        let dropping = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(postgres::drop_database(&admin, &name));
        });
        let _ = dropping.join();
    }
}

/// A port on 127.0.0.1 that was free a moment ago.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A running `arbiter serve`, killed and reaped when dropped.
pub struct Server {
    /// `http://127.0.0.1:port`.
    pub base: String,
    /// A client of its own (its pooled connections die with the server).
    pub http: Client,
    child: Mutex<Child>,
    log: PathBuf,
    _log_dir: tempfile::TempDir,
}

impl Server {
    /// Starts `arbiter serve` on `database` and waits until it is healthy.
    pub async fn start(database: &str) -> Server {
        let port = free_port();
        let log_dir = tempfile::tempdir().unwrap();
        let log = log_dir.path().join("server.log");
        let out = File::create(&log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--database", database])
            .env_remove("ARBITER_LISTEN")
            .env_remove("ARBITER_DATABASE")
            .env_remove("ARBITER_OPEN_REGISTRATION")
            .env("ARBITER_LOG", "info")
            .current_dir(log_dir.path())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("arbiter serve starts");
        let http = Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        let server =
            Server { base: format!("http://127.0.0.1:{port}"), http, child: Mutex::new(child), log, _log_dir: log_dir };
        server.wait_healthy().await;
        server
    }

    /// Waits (up to 30 s) until `GET /healthz` answers 200.
    async fn wait_healthy(&self) {
        let started = Instant::now();
        let probe = Client::builder().timeout(Duration::from_secs(2)).build().unwrap();
        loop {
            let exited = self.child.lock().unwrap_or_else(|e| e.into_inner()).try_wait().unwrap();
            if let Some(status) = exited {
                panic!("arbiter serve exited before answering ({status}):\n{}", self.log_text());
            }
            if let Ok(answer) = probe.get(format!("{}/healthz", self.base)).send().await
                && answer.status() == StatusCode::OK
            {
                return;
            }
            if started.elapsed() > STARTUP {
                panic!("arbiter serve did not answer /healthz within {STARTUP:?}:\n{}", self.log_text());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Kills the server with SIGKILL (on unix) and reaps it.
    pub fn kill(&self) {
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        let _ = child.kill();
        let _ = child.wait();
    }

    /// What the server wrote on its standard output and error.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// `ws://…` for `path`.
    pub fn ws(&self, path: &str) -> String {
        format!("{}{path}", self.base.replacen("http://", "ws://", 1))
    }

    /// Sends `body` (JSON) to `path` with `token`: the status and the JSON
    /// answer (`null` when there is none), or the transport's error.
    pub async fn try_call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), reqwest::Error> {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let answer = request.send().await?;
        let status = answer.status();
        let text = answer.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// Like [`Server::try_call`], for a server that must answer.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (StatusCode, Value) {
        match self.try_call(method.clone(), path, token, body).await {
            Ok(answer) => answer,
            Err(e) => panic!("{method} {path} on {}: {e}", self.base),
        }
    }

    /// `GET path`.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    /// `POST path` with `body`.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(&body)).await
    }

    /// Registers `name` and signs in: its token.
    pub async fn account(&self, name: &str) -> String {
        let (status, answer) = self.post("/api/accounts", None, json!({"name": name, "password": PASSWORD})).await;
        assert_eq!(status, StatusCode::CREATED, "registering {name}: {answer}");
        self.sign_in(name).await
    }

    /// Signs `name` in: a new token.
    pub async fn sign_in(&self, name: &str) -> String {
        let (status, session) = self.post("/api/sessions", None, json!({"name": name, "password": PASSWORD})).await;
        assert_eq!(status, StatusCode::CREATED, "signing in {name}: {session}");
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
        assert_eq!(status, StatusCode::OK, "GET /api/games/{id} on {}: {view}", self.base);
        view
    }

    /// Opens the WebSocket at `path`, with `token` in `Authorization`.
    pub async fn socket(&self, path: &str, token: Option<&str>) -> Socket {
        let mut request = self.ws(path).into_client_request().unwrap();
        if let Some(token) = token {
            request.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        }
        tokio_tungstenite::connect_async(request).await.unwrap().0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!("--- log of arbiter serve at {} ---\n{}--- end of log ---", self.base, self.log_text());
        }
    }
}

/// A client's WebSocket.
pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next text message on `socket` as JSON, waiting at most `within`.
pub async fn next_message(socket: &mut Socket, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("no message within {within:?}"))
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Reads `socket` until a view or a change of ply `ply` or later comes,
/// within `within`: the view (`{"type": "view", "view": …}`'s `view`), or
/// the change message itself (`{"type": "change", "moves_added": …}`).
pub async fn view_at_ply(socket: &mut Socket, ply: u64, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    let mut seen = Vec::new();
    loop {
        let message = match tokio::time::timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<Value>(&text).unwrap(),
            Ok(Some(Ok(_))) => continue,
            Ok(other) => panic!("the socket ended waiting for ply {ply}: {other:?}; seen {seen:?}"),
            Err(_) => panic!("no view of ply {ply} within {within:?}; seen {seen:?}"),
        };
        if message["type"] == "view" && message["view"]["ply"].as_u64().unwrap() >= ply {
            return message["view"].clone();
        }
        if message["type"] == "change" && message["ply"].as_u64().unwrap() >= ply {
            return message;
        }
        seen.push(message);
    }
}
