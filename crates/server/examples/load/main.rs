//! The load generator: starts `arbiter serve` on loopback and measures it.
//!
//! - `--scenario moves` (the default): many games played at once, along
//!   one recorded line (see `recorded.rs`) from `--start-ply`, over HTTP
//!   or both players' live sockets (`--transport`); reports acknowledged
//!   moves a second, their latency, and what a move costs the server: its
//!   CPU time (`/proc/PID/stat`, user and system) and, for a build that
//!   counts them, its heap allocations (`arbiter_allocations_total` in
//!   `/metrics`), both over exactly the measured window. Meanwhile it
//!   times a level-5 computer reply, and after it one move reaching many
//!   WebSocket spectators and the server's memory per idle socket.
//! - `--scenario sequential`: one move at a time on the live sockets, as
//!   people play: the cost and latency of a move with nothing else in
//!   flight (see `sequential.rs`).
//! - `--scenario flood|hog|lobby`: one person attacking the server (see
//!   `abuse.rs`); `watch`: the cost of a move with many spectators;
//!   `idle`: 100,000 idle sockets on one server (see `idle.rs`);
//!   `storm`: the server restarted under its idle sockets, which all
//!   reconnect with the browser's jittered back-off (see `storm.rs`).
//!
//! On a PostgreSQL `--database` each run makes a database of its own on
//! that server and drops it afterwards (`database.rs`). `--json` ends the
//! output with one line of JSON holding every figure, for scripts that
//! compare runs. Everything is bounded in count and time and stays on
//! 127.0.0.1.
//!
//! `cargo run --release -p arbiter-server --example load -- --help`

mod abuse;
mod cost;
mod cpu;
mod database;
mod game;
mod idle;
mod live;
mod metrics;
mod moves;
mod players;
mod recorded;
mod report;
mod sequential;
mod setup;
mod storm;
mod storm_worker;
mod watch;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::cpu::CpuTime;
use crate::report::Report;

/// How the `moves` scenario sends its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Transport {
    /// `POST /api/games/{id}/moves`; a move counts once its 200 arrives.
    Http,
    /// Each game's two players hold its live socket; a move is sent on
    /// the mover's and counts once that socket has the next ply.
    Live,
}

/// What to measure.
#[derive(Parser, Debug)]
pub struct Args {
    /// `moves` (many games at once: moves a second, latency, the server's
    /// CPU and allocations a move; then spectators), `sequential` (one
    /// move at a time on the live sockets: the cost and latency of a
    /// move alone), `flood` (a registration flood while others are
    /// served), `hog` (one account's queue of level-10 searches beside
    /// another's level-1 game), `lobby` (the CPU time lobby sockets cost
    /// a game created), `watch` (the CPU time a move costs with many
    /// spectators, and their messages' size), `idle` (many idle
    /// sockets: memory, a move to a crowd, moves a second with them
    /// open), or `storm` (the server restarted under `--idle-sockets`
    /// that reconnect with jitter: time to hold them all again, what was
    /// refused, moves a second before and after).
    #[arg(long, default_value = "moves")]
    scenario: String,
    /// `moves`: how moves are sent: `http` (`POST …/moves`, counted at
    /// its 200; the default) or `live` (both players hold the game's live
    /// socket; a move is sent on the mover's and counts when that socket
    /// has the next ply; an error or 5 s of silence is a refusal).
    /// `sequential` is always `live`.
    #[arg(long, value_enum)]
    transport: Option<Transport>,
    /// `moves`, `sequential`: plies of the recorded line every game plays
    /// at setup (not measured, many games at once); the measured moves
    /// follow the line from this ply on.
    #[arg(long, default_value_t = 0)]
    start_ply: u64,
    /// `sequential`: moves measured in all, round-robin over the games.
    #[arg(long, default_value_t = 320)]
    moves: usize,
    /// Print, as the last line, one JSON object with every figure of the
    /// run.
    #[arg(long)]
    json: bool,
    /// Make a new database on the `--database` PostgreSQL server for the
    /// run and drop it afterwards (the default for a `postgres://` URL).
    #[arg(long, conflicts_with = "reuse_database")]
    fresh_database: bool,
    /// Use the `--database` PostgreSQL database itself, keeping what
    /// earlier runs left there.
    #[arg(long)]
    reuse_database: bool,
    /// More arguments for `arbiter serve` (its limits, say), as one string.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    server_args: String,
    /// The `arbiter` binary to start.
    #[arg(long, default_value = "target/release/arbiter")]
    binary: String,
    /// The database for the server it starts (`sqlite://FILE` or
    /// `postgres://…`); by default a new SQLite file in a temporary
    /// folder. On a PostgreSQL URL a new database is made on that server
    /// (through the URL's database, which must allow `CREATE DATABASE`)
    /// and dropped after the run, unless `--reuse-database`.
    #[arg(long)]
    database: Option<String>,
    /// Games played at once (1,000 unless given); `sequential`: games
    /// between the two accounts, played in turn (8 unless given).
    #[arg(long)]
    games: Option<usize>,
    /// Accounts playing them (each plays many games).
    #[arg(long, default_value_t = 100)]
    accounts: usize,
    /// Moves in flight at once (at most `--games`: each needs a game of
    /// its own).
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
    /// `idle`, `storm`: WebSockets opened and held.
    #[arg(long, default_value_t = 100_000)]
    idle_sockets: usize,
    /// `idle`, `storm`: games their spectators watch (besides the crowded one);
    /// their moves are the moves a second measured.
    #[arg(long, default_value_t = 1000)]
    idle_games: usize,
    /// `idle`, `storm`: spectators of the crowded game.
    #[arg(long, default_value_t = 10_000)]
    crowd: usize,
    /// `idle`: moves of the crowded game timed.
    #[arg(long, default_value_t = 5)]
    crowd_moves: u64,
    /// `idle`, `storm`: sockets from each loopback source address (the server's
    /// default limits allow 256 an address).
    #[arg(long, default_value_t = 200)]
    per_address: usize,
    /// `idle`: `arbiter serve` processes on the one `--database` (several
    /// need PostgreSQL); the sockets are spread over them, and each
    /// opens `80 / N` database connections unless `--server-args` says.
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// `idle`, `storm`: processes holding the sockets (each within its own
    /// descriptor limit).
    #[arg(long, default_value_t = 1)]
    socket_processes: usize,
    /// `storm`: the control run: everything but the restart, with a
    /// pause of 5 s in its place, so that moves/s
    /// after it can be told from moves/s after a storm.
    #[arg(long)]
    without_restart: bool,
    /// `idle-worker` (started by `idle`): the plan of the sockets.
    #[arg(long, hide = true)]
    worker_plan: Option<std::path::PathBuf>,
    /// `idle-worker`: the sockets of the plan it holds, `FROM..TO`.
    #[arg(long, hide = true)]
    worker_range: Option<String>,
}

impl Args {
    /// How moves are sent: `--transport`, or the scenario's default.
    fn transport(&self) -> Transport {
        self.transport.unwrap_or(if self.scenario == "sequential" { Transport::Live } else { Transport::Http })
    }

    /// The games played: `--games`, or the scenario's default.
    fn games(&self) -> usize {
        self.games.unwrap_or(if self.scenario == "sequential" { 8 } else { 1000 })
    }
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
    /// The server's CPU time so far.
    fn cpu(&self) -> CpuTime {
        CpuTime::of(self.child.id())
    }

    /// The server's resident memory, in KiB.
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }
}

/// Starts `arbiter serve` (`--binary`) on a free loopback port with the
/// run's database and `--server-args`, once it answers `/healthz`.
async fn start_server(args: &Args) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    start_server_at(args, port, args.database.as_deref()).await
}

/// Starts `arbiter serve` as [`start_server`] does, on 127.0.0.1:`port`
/// with `database` (`None`: a new SQLite file).
async fn start_server_at(args: &Args, port: u16, database: Option<&str>) -> Server {
    let (database, dir) = match database {
        Some(url) => (url.to_string(), None),
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

/// Posts `body` as JSON (as the holder of `token`, if any); the answer's
/// status and JSON (`null` if none).
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

/// Signs up `count` accounts (`load0`…) and signs each in; their tokens.
async fn accounts(http: &Client, base: &str, count: usize) -> Vec<String> {
    let mut tokens = Vec::with_capacity(count);
    for i in 0..count {
        let name = format!("load{i}");
        let (signed_up, answer) =
            post(http, format!("{base}/api/accounts"), None, json!({"name": name, "password": "correct horse"})).await;
        let (signed_in, session) =
            post(http, format!("{base}/api/sessions"), None, json!({"name": name, "password": "correct horse"})).await;
        let Some(token) = session["token"].as_str() else {
            panic!(
                "{name}: no session (sign-up {signed_up}: {answer}; sign-in {signed_in}: {session}); \
                 see --server-args for the server's limits per address"
            )
        };
        tokens.push(token.to_string());
    }
    tokens
}

/// The `p` quantile of `sorted` microseconds, in milliseconds.
fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// Why these arguments cannot make a run, if they cannot: said before
/// anything starts.
fn refusal(args: &Args) -> Option<String> {
    let postgres = args.database.as_deref().is_some_and(database::is_postgres);
    match args.scenario.as_str() {
        "moves" | "sequential" if args.games() == 0 => return Some("--games 0: there is nothing to play".into()),
        "moves" if args.concurrency > args.games() => {
            return Some(format!(
                "--concurrency {} exceeds --games {}: each move in flight needs a game of its own; \
                 ask for at most {} in flight, or for more games",
                args.concurrency,
                args.games(),
                args.games()
            ));
        }
        "idle" | "storm" if args.concurrency > args.idle_games => {
            return Some(format!(
                "--concurrency {} exceeds --idle-games {}: each move in flight needs a game of its own",
                args.concurrency, args.idle_games
            ));
        }
        "moves" | "sequential" => {}
        "flood" | "hog" | "lobby" | "watch" | "idle" | "idle-worker" | "storm" | "storm-worker" => {}
        other => {
            return Some(format!(
                "'{other}': a scenario is moves, sequential, flood, hog, lobby, watch, idle or storm"
            ));
        }
    }
    match (args.scenario.as_str(), args.transport) {
        ("moves", _) | ("sequential", None | Some(Transport::Live)) | (_, None) => {}
        ("sequential", Some(_)) => return Some("--scenario sequential plays on the live sockets only".into()),
        (other, Some(_)) => return Some(format!("--transport: the {other} scenario has no transport to choose")),
    }
    if (args.fresh_database || args.reuse_database) && !postgres {
        return Some("--fresh-database and --reuse-database need a postgres:// --database".into());
    }
    None
}

/// The WebSockets one account holds at most in this run, when it holds
/// its games' live sockets.
fn sockets_per_account(args: &Args) -> Option<usize> {
    match args.scenario.as_str() {
        "sequential" => Some(args.games()),
        "moves" if args.transport() == Transport::Live => {
            let accounts = args.accounts.max(1);
            let mut held = vec![0; accounts];
            for i in 0..args.games() {
                held[i % accounts] += 1;
                held[(i + 1) % accounts] += 1;
            }
            held.into_iter().max()
        }
        _ => None,
    }
}

/// The WebSockets an account may hold on a server not told otherwise.
const SERVER_SOCKETS_PER_ACCOUNT: usize = 32;

#[tokio::main]
async fn main() {
    let mut args = Args::parse();
    if let Some(why) = refusal(&args) {
        eprintln!("load: {why}");
        std::process::exit(2);
    }
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    if let Some(held) = sockets_per_account(&args)
        && held > SERVER_SOCKETS_PER_ACCOUNT
        && !args.server_args.contains("--max-sockets-per-account")
    {
        let limit = held + 8;
        args.server_args.push_str(&format!(" --max-sockets-per-account {limit}"));
        println!("each account holds up to {held} sockets: the server is given --max-sockets-per-account {limit}");
    }
    let mut fresh = None;
    if let Some(url) = args.database.clone().filter(|url| database::is_postgres(url) && !args.reuse_database) {
        match database::Fresh::create(&url).await {
            Ok(made) => {
                println!("database {} made for this run on {url}", made.name);
                args.database = Some(made.url.clone());
                fresh = Some(made);
            }
            Err(e) => {
                eprintln!("load: cannot make a database for the run: {e}");
                std::process::exit(1);
            }
        }
    }
    let args = Arc::new(args);
    let mut run = tokio::spawn(scenario(args.clone()));
    let outcome = tokio::select! {
        outcome = &mut run => outcome.ok(),
        _ = interrupted() => {
            run.abort();
            let _ = run.await;
            eprintln!("load: interrupted");
            None
        }
    };
    if let Some(made) = fresh {
        let name = made.name.clone();
        match made.drop_database().await {
            Ok(()) => println!("database {name} dropped"),
            Err(e) => eprintln!("load: {e}"),
        }
    }
    let Some(figures) = outcome else { std::process::exit(1) };
    if args.json {
        let mut report = Report::default();
        report.put("scenario", args.scenario.as_str());
        report.put("game", args.game.as_str());
        report.put("binary", args.binary.as_str());
        report.put("server_args", args.server_args.trim());
        let kind = match args.database.as_deref() {
            Some(url) if database::is_postgres(url) => "postgres",
            _ => "sqlite",
        };
        report.put("database", kind);
        if matches!(args.scenario.as_str(), "moves" | "sequential") {
            report.put("transport", if args.transport() == Transport::Live { "live" } else { "http" });
            report.put("games", args.games());
            report.put("start_ply", args.start_ply);
        }
        if args.scenario == "moves" {
            report.put("accounts", args.accounts);
            report.put("concurrency", args.concurrency);
        }
        report.extend(figures);
        println!("{}", report.line());
    }
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM.
async fn interrupted() {
    use tokio::signal::unix::{SignalKind, signal};
    match (signal(SignalKind::interrupt()), signal(SignalKind::terminate())) {
        (Ok(mut interrupt), Ok(mut terminate)) => {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
        _ => std::future::pending().await,
    }
}

/// Runs the scenario `args` name; its figures.
async fn scenario(args: Arc<Args>) -> Report {
    let args = args.as_ref();
    match args.scenario.as_str() {
        "moves" => moves::run(args).await,
        "sequential" => sequential::run(args).await,
        "flood" => abuse::flood(args).await,
        "hog" => abuse::hog(args).await,
        "lobby" => abuse::lobby(args).await,
        "watch" => watch::run(args).await,
        "idle" => idle::run(args).await,
        "idle-worker" => idle::worker(args).await,
        "storm" => storm::run(args).await,
        "storm-worker" => storm_worker::worker(args).await,
        other => unreachable!("'{other}' was refused before the run"),
    }
}
