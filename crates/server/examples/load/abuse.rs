//! One person against the server: a registration flood while others are
//! served (`flood`), one account's long queue of level-10 searches beside
//! another account's level-1 game (`hog`), and the CPU time lobby sockets
//! cost each game created (`lobby`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::report::{Report, rounded};
use crate::{Args, Server, accounts, percentile, post, start_server};

/// Samples the server's memory every 20 ms until stopped; the peak (KiB).
fn sample_memory(server: &Server, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<u64> {
    let pid = server.child.id();
    tokio::spawn(async move {
        let mut peak = 0;
        while !stop.load(Ordering::Relaxed) {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            let rss = status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
                .unwrap_or(0);
            peak = peak.max(rss);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        peak
    })
}

/// Asks the server for the game list and a game's view, one after the
/// other, until stopped; each answer's time in microseconds.
fn probe(http: Client, base: String, game: String, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<Vec<u64>> {
    tokio::spawn(async move {
        let mut took = Vec::new();
        let paths = ["/api/games".to_string(), format!("/api/games/{game}"), "/healthz".to_string()];
        let mut i = 0;
        while !stop.load(Ordering::Relaxed) {
            let started = Instant::now();
            let answer = http.get(format!("{base}{}", paths[i % paths.len()])).send().await;
            if answer.is_ok_and(|a| a.status().is_success()) {
                took.push(started.elapsed().as_micros() as u64);
            }
            i += 1;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        took
    })
}

/// 300 sign-ups, 64 at a time, from one address (or from
/// `--flood-addresses` made-up ones through `X-Forwarded-For`, for a
/// server started with `--trusted-proxy 127.0.0.1/32`), while another
/// client reads the lobby and a game: the answers, the server's memory,
/// and the other client's latency.
pub async fn flood(args: &Args) -> Report {
    let server = start_server(args).await;
    let base = server.base.clone();
    let http = Client::builder().pool_max_idle_per_host(64).build().unwrap();
    let tokens = accounts(&http, &base, 2).await;
    let (_, view) = post(
        &http,
        format!("{base}/api/games"),
        Some(&tokens[0]),
        json!({"game": args.game, "seats": [{"account": "me"}, {"open": true}]}),
    )
    .await;
    let game = view["id"].as_str().expect("a game").to_string();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.rss_kib();
    let stop = Arc::new(AtomicBool::new(false));
    let memory = sample_memory(&server, stop.clone());
    let prober = probe(Client::new(), base.clone(), game, stop.clone());
    let gate = Arc::new(tokio::sync::Semaphore::new(64));
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.flood)
        .map(|i| {
            let (http, base, gate) = (http.clone(), base.clone(), gate.clone());
            let addresses = args.flood_addresses;
            tokio::spawn(async move {
                let _slot = gate.acquire().await.unwrap();
                let mut request = http
                    .post(format!("{base}/api/accounts"))
                    .json(&json!({"name": format!("flood{i}"), "password": "correct horse"}));
                if addresses > 0 {
                    let n = i % addresses;
                    request =
                        request.header("x-forwarded-for", format!("10.{}.{}.{}", n / 65_536, n / 256 % 256, n % 256));
                }
                request.send().await.map(|a| a.status().as_u16()).unwrap_or(0)
            })
        })
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for task in tasks {
        *statuses.entry(task.await.unwrap()).or_insert(0u32) += 1;
    }
    let flood_took = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let peak = memory.await.unwrap();
    let mut took = prober.await.unwrap();
    took.sort_unstable();
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!(
        "{} sign-ups, 64 at a time, from {}: answers {statuses:?} in {:.1} s",
        args.flood,
        if args.flood_addresses > 0 { format!("{} addresses", args.flood_addresses) } else { "one address".into() },
        flood_took.as_secs_f64()
    );
    println!(
        "server memory: {} MiB before, {} MiB at the peak, {} MiB 2 s after",
        before / 1024,
        peak / 1024,
        server.rss_kib() / 1024
    );
    println!(
        "meanwhile another client's {} reads: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        took.len(),
        percentile(&took, 0.5),
        percentile(&took, 0.99),
        percentile(&took, 1.0)
    );
    let mut report = Report::default();
    report.put(
        "answers",
        statuses.iter().map(|(k, v)| (k.to_string(), serde_json::Value::from(*v))).collect::<serde_json::Map<_, _>>(),
    );
    report.put("flood_seconds", rounded(flood_took.as_secs_f64(), 2));
    report.put("rss_before_kib", before);
    report.put("rss_peak_kib", peak);
    report.put("reads_p50_ms", rounded(percentile(&took, 0.5), 2));
    report.put("reads_p99_ms", rounded(percentile(&took, 0.99), 2));
    report.put("reads_max_ms", rounded(percentile(&took, 1.0), 2));
    report
}

/// One account keeps `--hog-games` level-10 searches queued (games where
/// the computer moves first; start the server with `--max-computer-games`
/// at least that); another account starts `--trials` level-1 games one
/// after the other: the time each waits for the computer's first move.
pub async fn hog(args: &Args) -> Report {
    let server = start_server(args).await;
    let base = server.base.clone();
    let http = Client::new();
    let tokens = accounts(&http, &base, 2).await;
    let (hog, other) = (&tokens[0], &tokens[1]);
    let mut hog_games = Vec::new();
    for _ in 0..args.hog_games {
        let (status, view) = post(
            &http,
            format!("{base}/api/games"),
            Some(hog),
            json!({"game": args.game, "seats": [{"computer": 10}, {"account": "me"}]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        hog_games.push(view["id"].as_str().unwrap().to_string());
    }
    let answered = |http: Client, base: String, games: Vec<String>| async move {
        let mut n = 0;
        for id in games {
            let view: Value = http.get(format!("{base}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
            n += usize::from(view["ply"].as_u64() >= Some(1));
        }
        n
    };
    let mut waits = Vec::new();
    for trial in 0..args.trials {
        let started = Instant::now();
        let (status, view) = post(
            &http,
            format!("{base}/api/games"),
            Some(other),
            json!({"game": args.game, "seats": [{"computer": 1}, {"account": "me"}]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        let id = view["id"].as_str().unwrap().to_string();
        loop {
            let view: Value = http.get(format!("{base}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
            if view["ply"].as_u64() >= Some(1) {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "no reply within 2 minutes");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waited = started.elapsed();
        let done = answered(http.clone(), base.clone(), hog_games.clone()).await;
        println!(
            "trial {}: the level-1 reply came in {:.0} ms; the hog's games answered so far: {done} of {}",
            trial + 1,
            waited.as_secs_f64() * 1000.0,
            hog_games.len()
        );
        waits.push(waited.as_micros() as u64);
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    waits.sort_unstable();
    println!(
        "level-1 replies beside {} queued level-10 searches of another account: median {:.0} ms, max {:.0} ms",
        args.hog_games,
        percentile(&waits, 0.5),
        percentile(&waits, 1.0)
    );
    let mut report = Report::default();
    report.put("level1_reply_median_ms", rounded(percentile(&waits, 0.5), 1));
    report.put("level1_reply_max_ms", rounded(percentile(&waits, 1.0), 1));
    report
}

/// Creates `count` games with an open seat, `gap` apart; the server's CPU
/// time meanwhile (and for a second after), in seconds.
async fn creations_cpu(server: &Server, http: &Client, token: &str, game: &str, count: usize, gap: Duration) -> f64 {
    let before = server.cpu().total();
    for _ in 0..count {
        let (status, view) = post(
            http,
            format!("{}/api/games", server.base),
            Some(token),
            json!({"game": game, "seats": [{"account": "me"}, {"open": true}]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        tokio::time::sleep(gap).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    server.cpu().total() - before
}

/// The server's CPU time for `--lobby-games` game creations with no lobby
/// socket open, then with `--lobby-sockets` open (each reading every list
/// it is sent): the cost of the sockets per game created.
pub async fn lobby(args: &Args) -> Report {
    let server = start_server(args).await;
    let base = server.base.clone();
    let http = Client::new();
    let tokens = accounts(&http, &base, 1).await;
    let gap = Duration::from_millis(100);
    let count = args.lobby_games;
    let alone = creations_cpu(&server, &http, &tokens[0], &args.game, count, gap).await;
    let url = format!("{}/api/lobby/live", base.replacen("http://", "ws://", 1));
    let messages = Arc::new(AtomicU64::new(0));
    let mut readers = Vec::new();
    for _ in 0..args.lobby_sockets {
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a lobby socket");
        let messages = messages.clone();
        readers.push(tokio::spawn(async move {
            while let Some(Ok(_)) = socket.next().await {
                messages.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let received_before = messages.load(Ordering::Relaxed);
    let watched = creations_cpu(&server, &http, &tokens[0], &args.game, count, gap).await;
    let received = messages.load(Ordering::Relaxed) - received_before;
    for reader in readers {
        reader.abort();
    }
    println!("{count} games created with no lobby socket: {alone:.2} CPU-s ({:.3} a game)", alone / count as f64);
    println!(
        "{count} games created with {} lobby sockets: {watched:.2} CPU-s ({:.3} a game); {received} lists received",
        args.lobby_sockets,
        watched / count as f64
    );
    println!("the sockets' cost: {:.3} CPU-s a game created", (watched - alone).max(0.0) / count as f64);
    let mut report = Report::default();
    report.put("cpu_seconds_a_game_alone", rounded(alone / count as f64, 4));
    report.put("cpu_seconds_a_game_watched", rounded(watched / count as f64, 4));
    report.put("lists_received", received);
    report
}
