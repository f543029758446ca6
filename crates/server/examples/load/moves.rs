//! Many games played at once: acknowledged moves a second with their
//! latency, a level-5 computer reply meanwhile, and one move reaching many
//! spectators.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_core::GameOptions;
use arbiter_games::{AnyGame, GameId};
use futures_util::StreamExt;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::{Args, Server, accounts, percentile, post, start_server};

/// One game as the generator follows it: its id, the two players' tokens
/// and the position, kept here so each move is one request.
pub(crate) struct Played {
    pub(crate) id: String,
    pub(crate) tokens: [String; 2],
    pub(crate) here: AnyGame,
    pub(crate) ply: u64,
}

/// A new game of `game` between the two accounts of `tokens`, both seats
/// taken.
pub(crate) async fn new_game(http: &Client, base: &str, game: GameId, tokens: [String; 2]) -> Played {
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

/// Posts a move and reads the whole answer, without parsing it: the
/// generator shares the machine with the server, and what it measures is
/// the server's work.
async fn post_status(http: &Client, url: String, token: &str, body: Value) -> StatusCode {
    match http.post(url).bearer_auth(token).json(&body).send().await {
        Ok(answer) => {
            let status = answer.status();
            let _ = answer.bytes().await;
            status
        }
        Err(_) => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// Plays `args.games` games at once and reports the moves a second and
/// their latency, a computer reply meanwhile, and the spectators.
pub async fn run(args: &Args) {
    let game = GameId::parse(&args.game).expect("a game");
    let server = start_server(args).await;
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

    let players = Players::start(&http, &base, game, games, args.concurrency);

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
        // A legal entry is `{"move", "steps"}` (a server before the board
        // model listed the move's text alone).
        let first = &view["legal"][0];
        let mv = first["move"].as_str().or(first.as_str()).unwrap().to_string();
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

    let measured = players.finish_after(Duration::from_secs(args.seconds)).await;
    println!("moves: {measured}");
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

/// Workers playing games as fast as the server takes their moves: each
/// takes games in turn and makes the next move of each, as the player to
/// move, with a random legal move (a game over is replaced by a new one).
pub(crate) struct Players {
    stop: Arc<AtomicBool>,
    acknowledged: Arc<AtomicU64>,
    refused: Arc<AtomicU64>,
    latencies: Arc<std::sync::Mutex<Vec<u64>>>,
    workers: Vec<tokio::task::JoinHandle<()>>,
    started: Instant,
}

/// What the players measured.
pub(crate) struct Measured {
    /// Moves acknowledged.
    pub(crate) moves: u64,
    /// Moves refused (a stale ply, a server that did not answer).
    pub(crate) refused: u64,
    /// Seconds measured.
    pub(crate) seconds: f64,
    /// Each acknowledged move's latency, in microseconds, sorted.
    pub(crate) latencies: Vec<u64>,
}

impl std::fmt::Display for Measured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} acknowledged in {:.1} s = {:.0}/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} refused",
            self.moves,
            self.seconds,
            self.moves as f64 / self.seconds,
            percentile(&self.latencies, 0.50),
            percentile(&self.latencies, 0.99),
            percentile(&self.latencies, 1.0),
            self.refused
        )
    }
}

impl Players {
    /// `concurrency` workers starting on `games` of `game`.
    pub(crate) fn start(
        http: &Client,
        base: &str,
        game: GameId,
        games: Vec<Arc<Mutex<Played>>>,
        concurrency: usize,
    ) -> Players {
        let stop = Arc::new(AtomicBool::new(false));
        let acknowledged = Arc::new(AtomicU64::new(0));
        let refused = Arc::new(AtomicU64::new(0));
        let latencies = Arc::new(std::sync::Mutex::new(Vec::<u64>::new()));
        let next = Arc::new(AtomicU64::new(0));
        let mut workers = Vec::new();
        for w in 0..concurrency {
            let (http, base, games, stop) = (http.clone(), base.to_string(), games.clone(), stop.clone());
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
                    let status =
                        post_status(&http, url, &played.tokens[seat], json!({"move": text, "ply": played.ply})).await;
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
        Players { stop, acknowledged, refused, latencies, workers, started: Instant::now() }
    }

    /// Lets them play until `seconds` after they started, then stops them.
    pub(crate) async fn finish_after(self, seconds: Duration) -> Measured {
        tokio::time::sleep(seconds.saturating_sub(self.started.elapsed())).await;
        self.stop.store(true, Ordering::Relaxed);
        let seconds = self.started.elapsed().as_secs_f64();
        for w in self.workers {
            let _ = w.await;
        }
        let mut latencies = self.latencies.lock().unwrap().clone();
        latencies.sort_unstable();
        Measured {
            moves: self.acknowledged.load(Ordering::Relaxed),
            refused: self.refused.load(Ordering::Relaxed),
            seconds,
            latencies,
        }
    }
}
