//! Many games played at once (`--scenario moves`): acknowledged moves a
//! second with their latency and what each cost the server (CPU, and
//! allocations where the build counts them), over HTTP or both players'
//! live sockets, from `--start-ply`; a level-5 computer reply meanwhile;
//! and one move reaching many spectators.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_games::GameId;
use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::cost::Window;
use crate::cpu::settle;
use crate::game::new_game;
use crate::players::Players;
use crate::recorded::Recorded;
use crate::report::{Report, rounded};
use crate::{Args, Server, Transport, accounts, percentile, post, setup, start_server};

/// Plays `args.games()` games at once and reports the moves a second, their
/// latency and cost, a computer reply meanwhile, and the spectators.
pub async fn run(args: &Args) -> Report {
    let game = GameId::parse(&args.game).expect("a game");
    let line = Arc::new(Recorded::generate(game, args.start_ply).unwrap_or_else(|e| panic!("{e}")));
    let server = start_server(args).await;
    let base = server.base.clone();
    let http = Client::builder().pool_max_idle_per_host(args.concurrency.max(setup::AT_ONCE)).build().unwrap();
    let live = args.transport() == Transport::Live;
    println!(
        "server {base}, {} games of {game}, {} accounts, {} moves in flight over {}",
        args.games(),
        args.accounts,
        args.concurrency,
        if live { "the players' live sockets" } else { "HTTP" }
    );
    let mut report = Report::default();

    let tokens = accounts(&http, &base, args.accounts).await;
    let pairs =
        (0..args.games()).map(|i| [tokens[i % tokens.len()].clone(), tokens[(i + 1) % tokens.len()].clone()]).collect();
    let setup_started = Instant::now();
    let games = setup::games(&http, &base, game, pairs, &line, live).await;
    report.put("setup_seconds", rounded(setup_started.elapsed().as_secs_f64(), 2));

    // Meanwhile: a game against the computer at level 5.
    let computer = async {
        let (_, view) = post(
            &http,
            format!("{base}/api/games"),
            Some(&tokens[0]),
            json!({"game": game.as_str(), "seats": [{"account": "me"}, {"computer": 5}]}),
        )
        .await;
        let id = view["id"].as_str()?.to_string();
        // A legal entry is `{"move", "steps"}` (a server before the board
        // model listed the move's text alone).
        let first = &view["legal"][0];
        let mv = first["move"].as_str().or(first.as_str())?.to_string();
        let started = Instant::now();
        post(&http, format!("{base}/api/games/{id}/moves"), Some(&tokens[0]), json!({"move": mv, "ply": 0})).await;
        for _ in 0..600 {
            let view: Value = http.get(format!("{base}/api/games/{id}")).send().await.ok()?.json().await.ok()?;
            if view["ply"].as_u64() >= Some(2) {
                return Some(started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    };

    // What the setup left the server doing is not measured.
    settle(server.child.id(), Duration::from_secs(5)).await;
    let window = Window::open(&http, vec![server.child.id()], vec![base.clone()]).await;
    let players = Players::start(&http, &base, line.clone(), games, args.concurrency);
    let (measured, computer) = tokio::join!(players.finish_after(Duration::from_secs(args.seconds)), computer);
    let cost = window.close().await;
    println!("moves: {measured}");
    println!("{}", cost.lines(measured.moves));
    report.extend(measured.report());
    report.extend(cost.report(measured.moves));
    match computer {
        Some(t) => {
            println!("computer level 5 replied in {:.0} ms while the games were played", t.as_secs_f64() * 1000.0)
        }
        None => println!("computer level 5 did not reply within 12 s"),
    }
    report.put("computer_reply_ms", computer.map(|t| rounded(t.as_secs_f64() * 1000.0, 1)));

    if args.spectators > 0 {
        report.extend(spectators(&server, &http, &tokens, game, &line, args.spectators).await);
    }
    report.put("server_rss_kib", server.rss_kib());
    report
}

/// Opens `count` spectator sockets on one new game, reports memory per
/// idle socket, then times one move reaching all of them.
async fn spectators(
    server: &Server,
    http: &Client,
    tokens: &[String],
    game: GameId,
    line: &Recorded,
    count: usize,
) -> Report {
    let base = &server.base;
    let played = new_game(http, base, game, [tokens[0].clone(), tokens[1 % tokens.len()].clone()]).await;
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
    let per_socket = after.saturating_sub(before) as f64 / count as f64;
    println!("{count} idle spectator sockets: server memory {before} KiB -> {after} KiB, {per_socket:.1} KiB a socket");
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
    let step = line.step(0).expect("a line");
    let started = Instant::now();
    let (status, answer) = post(
        http,
        format!("{base}/api/games/{}/moves", played.id),
        Some(&played.tokens[step.seat]),
        json!({"move": step.text, "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mut arrivals = Vec::with_capacity(count);
    for wait in waits {
        arrivals.push(wait.await.unwrap().duration_since(started).as_micros() as u64);
    }
    arrivals.sort_unstable();
    let (p50, p99, last) = (percentile(&arrivals, 0.5), percentile(&arrivals, 0.99), percentile(&arrivals, 1.0));
    println!("one move reached {count} spectators: p50 {p50:.1} ms, p99 {p99:.1} ms, last {last:.1} ms");
    let mut report = Report::default();
    report.put("spectators", count);
    report.put("spectator_socket_kib", rounded(per_socket, 1));
    report.put("spectators_p50_ms", rounded(p50, 2));
    report.put("spectators_p99_ms", rounded(p99, 2));
    report.put("spectators_last_ms", rounded(last, 2));
    report
}
