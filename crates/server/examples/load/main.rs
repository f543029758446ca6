//! The load generator: starts `arbiter serve` on loopback, plays many
//! games at once through HTTP and reports acknowledged moves a second with
//! their latency; measures how fast one move reaches many WebSocket
//! spectators and the server's memory per idle socket; times a level-5
//! computer reply while the other games are played; and attacks the server
//! as one person would (`--scenario flood|hog|lobby`, see `abuse.rs`);
//! costs a move with many spectators (`--scenario watch`); and holds
//! 100,000 idle sockets on one server (`--scenario idle`, see `idle.rs`).
//! Everything is bounded in count and time and stays on 127.0.0.1.
//!
//! `cargo run --release -p arbiter-server --example load -- --help`

mod abuse;
mod idle;
mod moves;
mod watch;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use clap::Parser;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

/// What to measure.
#[derive(Parser, Debug)]
pub struct Args {
    /// `moves` (many games at once, spectators), `flood` (a registration
    /// flood while others are served), `hog` (one account's queue of
    /// level-10 searches beside another's level-1 game), `lobby` (the
    /// CPU time lobby sockets cost a game created), or `watch` (the CPU
    /// time a move costs with many spectators, and their messages' size),
    /// or `idle` (many idle sockets: memory, a move to a crowd, moves a
    /// second with them open).
    #[arg(long, default_value = "moves")]
    scenario: String,
    /// More arguments for `arbiter serve` (its limits, say), as one string.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    server_args: String,
    /// The `arbiter` binary to start.
    #[arg(long, default_value = "target/release/arbiter")]
    binary: String,
    /// The database for the server it starts (`sqlite://FILE` or
    /// `postgres://…`); by default a new SQLite file in a temporary folder.
    #[arg(long)]
    database: Option<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Accounts playing them (each plays many games).
    #[arg(long, default_value_t = 100)]
    accounts: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 256)]
    concurrency: usize,
    /// Seconds of play measured.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// WebSocket spectators of one game (0: skip).
    #[arg(long, default_value_t = 1000)]
    spectators: usize,
    /// The game played.
    #[arg(long, default_value = "sage")]
    game: String,
    /// `flood`: sign-ups sent, 64 at a time.
    #[arg(long, default_value_t = 300)]
    flood: usize,
    /// `flood`: made-up client addresses the sign-ups come from (sent as
    /// `X-Forwarded-For`; the server needs `--trusted-proxy 127.0.0.1/32`);
    /// 0: all from the one loopback address.
    #[arg(long, default_value_t = 0)]
    flood_addresses: usize,
    /// `hog`: games with a level-10 search one account keeps queued.
    #[arg(long, default_value_t = 40)]
    hog_games: usize,
    /// `hog`: level-1 games another account starts, one after the other.
    #[arg(long, default_value_t = 5)]
    trials: usize,
    /// `lobby`: lobby sockets open.
    #[arg(long, default_value_t = 250)]
    lobby_sockets: usize,
    /// `watch`: moves played while the spectators watch.
    #[arg(long, default_value_t = 200)]
    watch_moves: u64,
    /// `lobby`: games created (with and without the sockets).
    #[arg(long, default_value_t = 20)]
    lobby_games: usize,
    /// `idle`: WebSockets opened and held.
    #[arg(long, default_value_t = 100_000)]
    idle_sockets: usize,
    /// `idle`: games their spectators watch (besides the crowded one);
    /// their moves are the moves a second measured.
    #[arg(long, default_value_t = 1000)]
    idle_games: usize,
    /// `idle`: spectators of the crowded game.
    #[arg(long, default_value_t = 10_000)]
    crowd: usize,
    /// `idle`: moves of the crowded game timed.
    #[arg(long, default_value_t = 5)]
    crowd_moves: u64,
    /// `idle`: sockets from each loopback source address (the server's
    /// default limits allow 256 an address).
    #[arg(long, default_value_t = 200)]
    per_address: usize,
    /// `idle`: `arbiter serve` processes on the one `--database` (several
    /// need PostgreSQL); the sockets are spread over them, and each
    /// opens `80 / N` database connections unless `--server-args` says.
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// `idle`: processes holding the sockets (each within its own
    /// descriptor limit).
    #[arg(long, default_value_t = 1)]
    socket_processes: usize,
    /// `idle-worker` (started by `idle`): the plan of the sockets.
    #[arg(long, hide = true)]
    worker_plan: Option<std::path::PathBuf>,
    /// `idle-worker`: the sockets of the plan it holds, `FROM..TO`.
    #[arg(long, hide = true)]
    worker_range: Option<String>,
}

/// The server started for the run; killed when dropped.
struct Server {
    child: Child,
    base: String,
    _dir: Option<tempfile::TempDir>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// The server's CPU time so far (user and system), in seconds.
    fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // The fields after the command's closing parenthesis; utime and
        // stime are the 14th and 15th of the line, in ticks of 1/100 s.
        let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        (ticks(11) + ticks(12)) as f64 / 100.0
    }

    /// The server's user and system CPU time so far, in seconds.
    fn cpu_split(&self) -> (f64, f64) {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        (ticks(11) as f64 / 100.0, ticks(12) as f64 / 100.0)
    }

    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }
}

async fn start_server(args: &Args) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (database, dir) = match &args.database {
        Some(url) => (url.clone(), None),
        None => {
            let dir = tempfile::tempdir().unwrap();
            (format!("sqlite://{}", dir.path().join("load.db").display()), Some(dir))
        }
    };
    let mut command = Command::new(&args.binary);
    command.args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--database", &database]);
    if args.servers > 1 && !args.server_args.contains("--database-connections") {
        // Together within PostgreSQL's default max_connections (100).
        command.args(["--database-connections", &(80 / args.servers).max(2).to_string()]);
    }
    let child = command
        .args(args.server_args.split_whitespace())
        .env("ARBITER_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("the arbiter binary starts (build it with cargo build --release)");
    let server = Server { child, base: format!("http://127.0.0.1:{port}"), _dir: dir };
    let http = Client::new();
    for _ in 0..300 {
        if http.get(format!("{}/healthz", server.base)).send().await.is_ok_and(|r| r.status().is_success()) {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not answer /healthz");
}

async fn post(http: &Client, url: String, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut request = http.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    match request.send().await {
        Ok(answer) => {
            let status = answer.status();
            (status, answer.json().await.unwrap_or(Value::Null))
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Value::Null),
    }
}

async fn accounts(http: &Client, base: &str, count: usize) -> Vec<String> {
    let mut tokens = Vec::with_capacity(count);
    for i in 0..count {
        let name = format!("load{i}");
        post(http, format!("{base}/api/accounts"), None, json!({"name": name, "password": "correct horse"})).await;
        let (_, session) =
            post(http, format!("{base}/api/sessions"), None, json!({"name": name, "password": "correct horse"})).await;
        tokens.push(session["token"].as_str().expect("a session").to_string());
    }
    tokens
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    match args.scenario.as_str() {
        "moves" => moves::run(&args).await,
        "flood" => abuse::flood(&args).await,
        "hog" => abuse::hog(&args).await,
        "lobby" => abuse::lobby(&args).await,
        "watch" => watch::run(&args).await,
        "idle" => idle::run(&args).await,
        "idle-worker" => idle::worker(&args).await,
        other => panic!("'{other}': a scenario is moves, flood, hog, lobby, watch or idle"),
    }
}
