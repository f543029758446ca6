//! Spectators of one game as it is played: the server's CPU time per move
//! while `--spectators` sockets watch, and the size of the message a
//! spectator receives at each move (which should not grow with the game).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_core::GameOptions;
use arbiter_games::GameId;
use futures_util::StreamExt;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reqwest::{Client, StatusCode};
use serde_json::json;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

use crate::cost::Window;
use crate::report::{Report, rounded};
use crate::{Args, accounts, post, start_server};

/// Plays up to `args.watch_moves` moves of one game of `args.game` while
/// `args.spectators` sockets watch it, each move once every socket has the
/// last; reports CPU time per move and message sizes.
pub async fn run(args: &Args) -> Report {
    let server = start_server(args).await;
    let http = Client::new();
    let base = server.base.clone();
    let tokens = accounts(&http, &base, 2).await;
    let game = GameId::parse(&args.game).expect("a game");
    let (_, view) = post(
        &http,
        format!("{base}/api/games"),
        Some(&tokens[0]),
        json!({"game": game.as_str(), "seats": [{"account": "me"}, {"open": true}]}),
    )
    .await;
    let id = view["id"].as_str().expect("a game").to_string();
    let label = view["seats"][1]["seat"].as_str().unwrap().to_string();
    post(&http, format!("{base}/api/games/{id}/seats/{label}"), Some(&tokens[1]), json!(null)).await;

    let received = Arc::new(AtomicU64::new(0));
    let sizes = Arc::new(Mutex::new(Vec::<usize>::new()));
    let url = format!("{}/api/games/{id}/live", base.replacen("http://", "ws://", 1));
    for i in 0..args.spectators {
        let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("a socket");
        socket.next().await;
        let (received, sizes) = (received.clone(), sizes.clone());
        tokio::spawn(async move {
            while let Some(Ok(message)) = socket.next().await {
                if let Message::Text(text) = message {
                    if i == 0 {
                        sizes.lock().await.push(text.len());
                    }
                    received.fetch_add(1, Ordering::Release);
                }
            }
        });
    }
    let spectators = args.spectators as u64;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut here = game.start(&GameOptions::new(), None).unwrap();
    let window = Window::open(&http, vec![server.child.id()], vec![base.clone()]).await;
    let started = Instant::now();
    let mut played = 0u64;
    while played < args.watch_moves {
        let moves = here.legal_moves();
        if moves.is_empty() {
            break;
        }
        // A random quiet move that does not end the game, where there is
        // one, so that the game lasts.
        let going_on: Vec<_> =
            moves.iter().filter(|m| here.play(m).is_ok_and(|next| !next.status().is_over())).copied().collect();
        let quiet: Vec<_> = going_on.iter().filter(|m| !here.move_text(m).contains(['x', '+'])).copied().collect();
        let pool = if !quiet.is_empty() {
            &quiet
        } else if !going_on.is_empty() {
            &going_on
        } else {
            &moves
        };
        let mv = pool[rng.random_range(0..pool.len())];
        let mover = here.side_to_move().map_or(0, |s| s.0 as usize);
        let (status, answer) = post(
            &http,
            format!("{base}/api/games/{id}/moves"),
            Some(&tokens[mover]),
            json!({"move": here.move_text(&mv), "ply": played}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        here = here.play(&mv).unwrap();
        played += 1;
        let deadline = Instant::now() + Duration::from_secs(30);
        while received.load(Ordering::Acquire) < spectators * played {
            assert!(Instant::now() < deadline, "the spectators did not all get move {played}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        if here.status().is_over() {
            break;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let cost = window.close().await;
    let (cpu, user, system) = (cost.cpu.total(), cost.cpu.user, cost.cpu.system);
    let sizes = sizes.lock().await.clone();
    let at = |n: usize| sizes.get(n.saturating_sub(1)).copied().unwrap_or(0);
    println!(
        "{} moves of {} watched by {} spectators: server CPU {:.2} s ({:.2} user, {:.2} system), {:.2} ms a move; {:.1} s in all",
        played,
        game.as_str(),
        args.spectators,
        cpu,
        user,
        system,
        cpu * 1000.0 / played.max(1) as f64,
        seconds
    );
    println!(
        "a spectator's message: {} bytes at move 1, {} at move 20, {} at move {}",
        at(1),
        at(20),
        at(played as usize),
        played
    );
    println!("{}", cost.allocations_line(played));
    let mut report = cost.report(played);
    report.put("moves", played);
    report.put("spectators", args.spectators);
    report.put("cpu_ms_per_move", rounded(cpu * 1000.0 / played.max(1) as f64, 3));
    report.put("message_bytes_move_1", at(1));
    report.put("message_bytes_move_20", at(20));
    report.put("message_bytes_last", at(played as usize));
    report
}
