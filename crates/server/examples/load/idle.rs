//! Idle sockets at scale: `--idle-sockets` WebSockets held open on one
//! server, spread over `--idle-games` games and the lobby, with one game
//! watched by `--crowd` of them. Reports the server's memory (RSS, and the
//! kernel's TCP memory for both ends), the time one move takes to reach
//! every spectator of the crowded game, and the moves a second the server
//! takes while every socket stays open and gets its games' changes.
//!
//! The sockets come from many loopback source addresses (127.1.0.0/16,
//! `--per-address` from each, within the server's default limits per
//! address), and the generator raises its own descriptor limit (and, when
//! it may, the hard limit the server it starts inherits).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_games::GameId;
use futures_util::{StreamExt, stream};
use reqwest::{Client, StatusCode};
use serde_json::json;
use tokio::net::TcpSocket;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::moves::{Players, new_game};
use crate::{Args, Server, accounts, percentile, post, start_server};

/// Sockets being opened at once.
const OPENING_AT_ONCE: usize = 256;

/// What the sockets have heard, counted as they hear it.
#[derive(Default)]
struct Heard {
    /// Text messages received by every socket.
    messages: AtomicU64,
    /// Sockets that ended (closed by the server, or failed).
    ended: AtomicU64,
    /// When each of the crowd's sockets received its latest message.
    crowd_arrivals: std::sync::Mutex<Vec<Instant>>,
}

/// Where socket `index` goes.
enum Target {
    /// A spectator of the crowded game.
    Crowd,
    /// A spectator of the idle game with this index.
    Game(usize),
    /// The lobby.
    Lobby,
}

/// The target of socket `index` of `count`: the crowd first, then one in
/// ten of the rest on the lobby and the others over the idle games.
fn target(index: usize, crowd: usize, idle_games: usize) -> Target {
    if index < crowd {
        return Target::Crowd;
    }
    let rest = index - crowd;
    if rest % 10 == 9 { Target::Lobby } else { Target::Game(rest % idle_games) }
}

/// The loopback source address of socket `index`, `per_address` a source.
fn source(index: usize, per_address: usize) -> Ipv4Addr {
    let a = index / per_address;
    Ipv4Addr::new(127, 1, (a / 250) as u8, (a % 250 + 1) as u8)
}

/// Raises this process's descriptor limit to `wanted` (the hard limit too,
/// when this process may: the server started after inherits it); the
/// limits now.
fn raise_descriptors(wanted: u64) -> (u64, u64) {
    let (soft, hard) = rlimit::Resource::NOFILE.get().unwrap_or((1024, 1024));
    if hard < wanted && rlimit::Resource::NOFILE.set(wanted, wanted).is_ok() {
        return (wanted, wanted);
    }
    let soft = rlimit::increase_nofile_limit(wanted.min(hard)).unwrap_or(soft);
    (soft, hard.max(soft))
}

/// The kernel's TCP memory in KiB (`/proc/net/sockstat`, pages of 4 KiB),
/// both ends of every loopback socket.
fn kernel_tcp_kib() -> u64 {
    let text = std::fs::read_to_string("/proc/net/sockstat").unwrap_or_default();
    let pages = text
        .lines()
        .find(|l| l.starts_with("TCP:"))
        .and_then(|l| l.split_whitespace().skip_while(|w| *w != "mem").nth(1))
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(0);
    pages * 4
}

/// The server's descriptor limit, as `/proc/<pid>/limits` says.
fn server_descriptors(server: &Server) -> String {
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.child.id())).unwrap_or_default();
    limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .map(|l| l.split_whitespace().skip(3).take(2).collect::<Vec<_>>().join(" / "))
        .unwrap_or_default()
}

/// A gauge of the server's `/metrics` (read from loopback).
async fn gauge(http: &Client, base: &str, name: &str) -> Option<f64> {
    let text = http.get(format!("{base}/metrics")).send().await.ok()?.text().await.ok()?;
    text.lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with([' ', '{']))?
        .rsplit(' ')
        .next()?
        .parse()
        .ok()
}

/// Opens one socket to `path` from `from`, reads its first message, and
/// leaves a task reading the rest.
async fn open(address: SocketAddr, from: Ipv4Addr, path: String, crowd: bool, heard: Arc<Heard>) -> bool {
    let Ok(socket) = TcpSocket::new_v4() else { return false };
    if socket.bind(SocketAddr::from((from, 0))).is_err() {
        return false;
    }
    let Ok(stream) = socket.connect(address).await else { return false };
    let url = format!("ws://{address}{path}");
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let Ok((mut socket, _)) = tokio_tungstenite::client_async_with_config(url, stream, Some(config)).await else {
        return false;
    };
    if !matches!(socket.next().await, Some(Ok(Message::Text(_)))) {
        return false;
    }
    tokio::spawn(async move {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(_) = message {
                heard.messages.fetch_add(1, Ordering::Relaxed);
                if crowd {
                    heard.crowd_arrivals.lock().unwrap().push(Instant::now());
                }
            }
        }
        heard.ended.fetch_add(1, Ordering::Relaxed);
    });
    true
}

/// Runs the scenario.
pub async fn run(args: &Args) {
    let count = args.idle_sockets;
    let (soft, hard) = raise_descriptors(count as u64 + 20_000);
    println!("generator: descriptor limit {soft} / {hard}");
    let server = start_server(args).await;
    let base = server.base.clone();
    let address: SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    let http = Client::builder().pool_max_idle_per_host(args.concurrency).build().unwrap();
    println!("server {base}: descriptor limit {}", server_descriptors(&server));
    let game = GameId::parse(&args.game).expect("a game");
    let tokens = accounts(&http, &base, 2).await;
    let pair = || [tokens[0].clone(), tokens[1].clone()];
    let mut crowded = new_game(&http, &base, game, pair()).await;
    let mut games = Vec::with_capacity(args.idle_games);
    for _ in 0..args.idle_games {
        games.push(new_game(&http, &base, game, pair()).await);
    }
    let paths: Vec<String> = games.iter().map(|g| format!("/api/games/{}/live", g.id)).collect();
    let crowd_path = format!("/api/games/{}/live", crowded.id);

    tokio::time::sleep(Duration::from_secs(1)).await;
    let (rss_before, kernel_before) = (server.rss_kib(), kernel_tcp_kib());
    let heard = Arc::new(Heard::default());
    let opening = Instant::now();
    let opened: Vec<bool> = stream::iter(0..count)
        .map(|i| {
            let (path, crowd) = match target(i, args.crowd, args.idle_games) {
                Target::Crowd => (crowd_path.clone(), true),
                Target::Game(g) => (paths[g].clone(), false),
                Target::Lobby => ("/api/lobby/live".to_string(), false),
            };
            open(address, source(i, args.per_address), path, crowd, heard.clone())
        })
        .buffer_unordered(OPENING_AT_ONCE)
        .collect()
        .await;
    let open_count = opened.iter().filter(|o| **o).count();
    let seconds = opening.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (rss_after, kernel_after) = (server.rss_kib(), kernel_tcp_kib());
    let sockets_gauge = gauge(&http, &base, "arbiter_sockets_open").await;
    println!(
        "{open_count} of {count} sockets open in {seconds:.1} s ({} from each of {} loopback addresses; {} on the crowded game, \
         about {} on each of {} games, {} on the lobby); the server counts {}",
        args.per_address,
        count.div_ceil(args.per_address),
        args.crowd.min(count),
        count.saturating_sub(args.crowd) * 9 / 10 / args.idle_games.max(1),
        args.idle_games,
        count.saturating_sub(args.crowd) / 10,
        sockets_gauge.map_or("?".into(), |g| format!("{g:.0}")),
    );
    println!(
        "server RSS {:.0} MiB -> {:.0} MiB: {:.1} KiB a socket; kernel TCP memory (both ends) {:.0} MiB -> {:.0} MiB",
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        rss_after.saturating_sub(rss_before) as f64 / open_count.max(1) as f64,
        kernel_before as f64 / 1024.0,
        kernel_after as f64 / 1024.0,
    );

    // Moves of the crowded game: each until every one of its spectators
    // has it.
    let crowd = args.crowd.min(open_count) as u64;
    let mut rng = rand::rng();
    for n in 1..=args.crowd_moves {
        heard.crowd_arrivals.lock().unwrap().clear();
        let mv = crowded.here.random_step(&mut rng).expect("a move");
        let seat = crowded.here.to_move().iter().next().unwrap().index();
        let started = Instant::now();
        let (status, answer) = post(
            &http,
            format!("{base}/api/games/{}/moves", crowded.id),
            Some(&crowded.tokens[seat]),
            json!({"move": crowded.here.move_text(&mv), "ply": crowded.ply}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let answered = started.elapsed();
        crowded.here = crowded.here.play(&mv).unwrap();
        crowded.ply += 1;
        let deadline = Instant::now() + Duration::from_secs(60);
        while (heard.crowd_arrivals.lock().unwrap().len() as u64) < crowd {
            assert!(Instant::now() < deadline, "the crowd did not all get move {n}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let mut arrivals: Vec<u64> =
            heard.crowd_arrivals.lock().unwrap().iter().map(|t| t.duration_since(started).as_micros() as u64).collect();
        arrivals.sort_unstable();
        println!(
            "move {n} of the crowded game reached its {crowd} spectators: answered in {:.1} ms; p50 {:.1} ms, p99 {:.1} ms, last {:.1} ms",
            answered.as_secs_f64() * 1000.0,
            percentile(&arrivals, 0.5),
            percentile(&arrivals, 0.99),
            percentile(&arrivals, 1.0)
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    // Moves a second with every socket open, on the watched idle games.
    let messages_before = heard.messages.load(Ordering::Relaxed);
    let cpu_before = server.cpu_seconds();
    let games = games.into_iter().map(|g| Arc::new(Mutex::new(g))).collect();
    let players = Players::start(&http, &base, game, games, args.concurrency);
    let measured = players.finish_after(Duration::from_secs(args.seconds)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let cpu = server.cpu_seconds() - cpu_before;
    println!("moves with the sockets open: {measured}");
    println!(
        "meanwhile the sockets received {} messages; server CPU {cpu:.1} s ({:.0} % of one core)",
        heard.messages.load(Ordering::Relaxed) - messages_before,
        cpu * 100.0 / measured.seconds
    );
    println!(
        "sockets ended during the run: {}; server RSS at the end {:.0} MiB",
        heard.ended.load(Ordering::Relaxed),
        server.rss_kib() as f64 / 1024.0
    );
}
