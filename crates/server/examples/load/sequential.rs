//! One move at a time, as people play (`--scenario sequential`):
//! `--games` games between two accounts, both players on each game's
//! live socket; `--moves` moves in all, round-robin over the games from
//! `--start-ply`, each sent on the mover's socket only once the one
//! before it was acknowledged. What a move costs the server when nothing
//! else is in flight, and its latency.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_games::GameId;
use reqwest::Client;

use crate::cost::Window;
use crate::cpu::settle;
use crate::players::Measured;
use crate::recorded::Recorded;
use crate::report::{Report, rounded};
use crate::{Args, accounts, setup, start_server};

/// Runs the scenario.
pub async fn run(args: &Args) -> Report {
    let game = GameId::parse(&args.game).expect("a game");
    let line = Arc::new(Recorded::generate(game, args.start_ply).unwrap_or_else(|e| panic!("{e}")));
    let server = start_server(args).await;
    let base = server.base.clone();
    let http = Client::builder().pool_max_idle_per_host(setup::AT_ONCE).build().unwrap();
    println!(
        "server {base}, {} games of {game} between two accounts, {} moves one at a time on the live sockets",
        args.games(),
        args.moves
    );
    let mut report = Report::default();
    let tokens = accounts(&http, &base, 2).await;
    let pairs = vec![[tokens[0].clone(), tokens[1].clone()]; args.games()];
    let setup_started = Instant::now();
    let mut games = setup::games(&http, &base, game, pairs, &line, true).await;
    report.put("setup_seconds", rounded(setup_started.elapsed().as_secs_f64(), 2));

    let mut measured = Measured::default();
    // What the setup left the server doing is not measured.
    settle(server.child.id(), Duration::from_secs(5)).await;
    let window = Window::open(&http, vec![server.child.id()], vec![base.clone()]).await;
    let started = Instant::now();
    for n in 0..args.moves {
        let played = &mut games[n % args.games()];
        match played.play_next(&http, &base, &line).await {
            Some(made) => measured.count(made.ply, made.outcome, made.took),
            None => continue,
        }
    }
    measured.seconds = started.elapsed().as_secs_f64();
    measured.ran_out = games.iter().filter(|g| g.ply >= line.len()).count() as u64;
    let cost = window.close().await;
    measured.latencies.sort_unstable();
    println!("moves: {measured}");
    println!("{}", cost.lines(measured.moves));
    report.extend(measured.report());
    report.extend(cost.report(measured.moves));
    report.put("server_rss_kib", server.rss_kib());
    report
}
