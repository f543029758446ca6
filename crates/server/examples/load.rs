//! The load generator: starts `arbiter serve` on loopback (or drives one
//! given), plays many games at once through HTTP and reports acknowledged
//! moves a second with their latency; measures how fast one move reaches
//! many WebSocket spectators and the server's memory per idle socket; and
//! times a level-5 computer reply while the other games are played.
//! Everything is bounded in count and time and stays on 127.0.0.1.
//!
//! `cargo run --release -p arbiter-server --example load -- --help`

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_core::GameOptions;
use arbiter_games::{AnyGame, GameId};
use clap::Parser;
use futures_util::StreamExt;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// What to measure.
#[derive(Parser, Debug)]
struct Args {
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
    let child = Command::new(&args.binary)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--database", &database])
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

/// One game as the generator follows it: its id, the two players' tokens
/// and the position, kept here so each move is one request.
struct Played {
    id: String,
    tokens: [String; 2],
    here: AnyGame,
    ply: u64,
}

async fn new_game(http: &Client, base: &str, game: GameId, tokens: [String; 2]) -> Played {
    let (_, view) = post(
        http,
        format!("{base}/api/games"),
        Some(&tokens[0]),
        json!({"game": game.as_str(), "seats": [{"account": "me"}, {"open": true}]}),
    )
    .await;
    let id = view["id"].as_str().expect("a game").to_string();
    let label = view["seats"][1]["seat"].as_str().unwrap().to_string();
    post(http, format!("{base}/api/games/{id}/seats/{label}"), Some(&tokens[1]), json!(null)).await;
    Played { id, tokens, here: game.start(&GameOptions::new(), None).unwrap(), ply: 0 }
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
    let game = GameId::parse(&args.game).expect("a game");
    let server = start_server(&args).await;
    let base = server.base.clone();
    let http = Client::builder().pool_max_idle_per_host(args.concurrency).build().unwrap();
    println!("server {base}, {} games of {game}, {} accounts", args.games, args.accounts);

    let tokens = accounts(&http, &base, args.accounts).await;
    let setup = Instant::now();
    let mut games = Vec::with_capacity(args.games);
    for i in 0..args.games {
        let pair = [tokens[i % tokens.len()].clone(), tokens[(i + 1) % tokens.len()].clone()];
        games.push(Arc::new(Mutex::new(new_game(&http, &base, game, pair).await)));
    }
    println!("set up {} games in {:.1} s", games.len(), setup.elapsed().as_secs_f64());

    // Plays: each worker takes games in turn and makes the next move of
    // each, as the player to move, with a random legal move.
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(std::sync::Mutex::new(Vec::<u64>::new()));
    let next = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for w in 0..args.concurrency {
        let (http, base, games, stop) = (http.clone(), base.clone(), games.clone(), stop.clone());
        let (acknowledged, refused, latencies, next) =
            (acknowledged.clone(), refused.clone(), latencies.clone(), next.clone());
        workers.push(tokio::spawn(async move {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(w as u64);
            let mut mine = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize % games.len();
                let Ok(mut played) = games[i].try_lock() else { continue };
                if played.here.status().is_over() {
                    let tokens = played.tokens.clone();
                    *played = new_game(&http, &base, game, tokens).await;
                }
                let mv = played.here.random_step(&mut rng).expect("a move");
                let text = played.here.move_text(&mv);
                let seat = played.here.to_move().iter().next().unwrap().index();
                let url = format!("{base}/api/games/{}/moves", played.id);
                let started = Instant::now();
                let (status, _) =
                    post(&http, url, Some(&played.tokens[seat]), json!({"move": text, "ply": played.ply})).await;
                let took = started.elapsed().as_micros() as u64;
                if status == StatusCode::OK {
                    acknowledged.fetch_add(1, Ordering::Relaxed);
                    mine.push(took);
                    played.here = played.here.play(&mv).unwrap();
                    played.ply += 1;
                } else {
                    refused.fetch_add(1, Ordering::Relaxed);
                }
            }
            latencies.lock().unwrap().extend(mine);
        }));
    }

    // Meanwhile: a game against the computer at level 5.
    let computer = {
        let (_, view) = post(
            &http,
            format!("{base}/api/games"),
            Some(&tokens[0]),
            json!({"game": game.as_str(), "seats": [{"account": "me"}, {"computer": 5}]}),
        )
        .await;
        let id = view["id"].as_str().unwrap().to_string();
        let mv = view["legal"][0].as_str().unwrap().to_string();
        let started = Instant::now();
        post(&http, format!("{base}/api/games/{id}/moves"), Some(&tokens[0]), json!({"move": mv, "ply": 0})).await;
        let mut reply = None;
        for _ in 0..600 {
            let view: Value = http.get(format!("{base}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
            if view["ply"].as_u64() >= Some(2) {
                reply = Some(started.elapsed());
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        reply
    };

    let measured = Instant::now();
    tokio::time::sleep(Duration::from_secs(args.seconds).saturating_sub(measured.elapsed())).await;
    stop.store(true, Ordering::Relaxed);
    let elapsed = measured.elapsed().as_secs_f64().max(args.seconds as f64);
    for w in workers {
        let _ = w.await;
    }
    let mut latencies = latencies.lock().unwrap().clone();
    latencies.sort_unstable();
    let moves = acknowledged.load(Ordering::Relaxed);
    println!(
        "moves: {moves} acknowledged in {elapsed:.1} s = {:.0}/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} refused",
        moves as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
        refused.load(Ordering::Relaxed)
    );
    match computer {
        Some(t) => {
            println!("computer level 5 replied in {:.0} ms while the games were played", t.as_secs_f64() * 1000.0)
        }
        None => println!("computer level 5 did not reply within 12 s"),
    }

    if args.spectators > 0 {
        spectators(&server, &http, &tokens, game, args.spectators).await;
    }
}

/// Opens `count` spectator sockets on one game, reports memory per idle
/// socket, then times one move reaching all of them.
async fn spectators(server: &Server, http: &Client, tokens: &[String], game: GameId, count: usize) {
    let base = &server.base;
    let mut played = new_game(http, base, game, [tokens[0].clone(), tokens[1].clone()]).await;
    let before = server.rss_kib();
    let url = format!("{}/api/games/{}/live", base.replacen("http://", "ws://", 1), played.id);
    let mut sockets = Vec::with_capacity(count);
    for _ in 0..count {
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        socket.next().await;
        sockets.push(socket);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = server.rss_kib();
    println!(
        "{count} idle spectator sockets: server memory {before} KiB -> {after} KiB, {:.1} KiB a socket",
        after.saturating_sub(before) as f64 / count as f64
    );
    // Every socket waits for the next message before the move is made.
    let waits: Vec<_> = sockets
        .into_iter()
        .map(|mut socket| {
            tokio::spawn(async move {
                let _ = tokio::time::timeout(Duration::from_secs(10), socket.next()).await;
                Instant::now()
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mv = played.here.legal_moves()[0];
    let text = played.here.move_text(&mv);
    let started = Instant::now();
    let (status, _) = post(
        http,
        format!("{base}/api/games/{}/moves", played.id),
        Some(&played.tokens[0]),
        json!({"move": text, "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    played.ply = 1;
    let mut arrivals = Vec::with_capacity(count);
    for wait in waits {
        arrivals.push(wait.await.unwrap().duration_since(started).as_micros() as u64);
    }
    arrivals.sort_unstable();
    println!(
        "one move reached {count} spectators: p50 {:.1} ms, p99 {:.1} ms, last {:.1} ms",
        percentile(&arrivals, 0.5),
        percentile(&arrivals, 0.99),
        percentile(&arrivals, 1.0)
    );
}
