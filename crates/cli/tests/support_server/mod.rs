//! Real `arbiter serve` processes for the tests that run the built binary
//! as a server: each started on 127.0.0.1 at a free port on a database the
//! test owns (a SQLite file in a temporary folder, or a PostgreSQL
//! database created for the test from `TEST_DATABASE_URL` and dropped
//! after), waited for until `GET /healthz` answers 200, and killed (and
//! reaped) when dropped, even when the test panics. A server's standard
//! output and error go to a log file, printed when a test fails.

#![allow(dead_code, unused_imports)]

pub mod players;

use std::fs::File;
use std::net::TcpListener;
use std::ops::Deref;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use arbiter_testkit::{
    ApiClient, PASSWORD, SmtpListener, Socket, TestDatabase, next_message, socket_closed, view_at_ply,
};
use reqwest::{Client, StatusCode};

/// How long a server may take to answer `GET /healthz` after it starts.
const STARTUP: Duration = Duration::from_secs(30);

/// A port on 127.0.0.1 that was free a moment ago.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A running `arbiter serve`, killed and reaped when dropped; its client's
/// helpers ([`ApiClient`]) are its own.
pub struct Server {
    /// A client of its own (its pooled connections die with the server).
    pub api: ApiClient,
    child: Mutex<Child>,
    log: PathBuf,
    _log_dir: tempfile::TempDir,
}

impl Server {
    /// Starts `arbiter serve` on `database` and waits until it is healthy.
    pub async fn start(database: &str) -> Server {
        Server::start_with(database, &[]).await
    }

    /// Starts `arbiter serve` on `database` with `args` besides, and waits
    /// until it is healthy.
    pub async fn start_with(database: &str, args: &[&str]) -> Server {
        Server::start_at(database, free_port(), args).await
    }

    /// Starts `arbiter serve` on `database` at `port` of 127.0.0.1 with
    /// `args` besides (a server started again where clients know it), and
    /// waits until it is healthy.
    pub async fn start_at(database: &str, port: u16, args: &[&str]) -> Server {
        let log_dir = tempfile::tempdir().unwrap();
        let log = log_dir.path().join("server.log");
        let out = File::create(&log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--database", database])
            .args(args)
            .env_remove("ARBITER_LISTEN")
            .env_remove("ARBITER_DATABASE")
            .env_remove("ARBITER_OPEN_REGISTRATION")
            .env_remove("ARBITER_LOG_FORMAT")
            .env_remove("ARBITER_METRICS_TOKEN")
            .env("ARBITER_LOG", "info")
            .current_dir(log_dir.path())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("arbiter serve starts");
        let api = ApiClient::new(format!("http://127.0.0.1:{port}"), Duration::from_secs(20));
        let server = Server { api, child: Mutex::new(child), log, _log_dir: log_dir };
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

    /// Sends the server SIGTERM (with `kill`, as systemd would) and waits
    /// up to `within` for it to exit: its exit code, or `None` if it is
    /// still running (then it is killed).
    pub fn terminate(&self, within: Duration) -> Option<i32> {
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        let sent = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
        assert!(sent.success(), "kill -TERM failed");
        let started = Instant::now();
        while started.elapsed() < within {
            if let Some(status) = child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// What the server wrote on its standard output and error.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Deref for Server {
    type Target = ApiClient;

    fn deref(&self) -> &ApiClient {
        &self.api
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
