//! A reconnect storm: `--idle-sockets` WebSockets held open on one server
//! (spread as in `idle.rs`: `--crowd` on one game, the rest over
//! `--idle-games` games and the lobby) while `--concurrency` players make
//! moves; then the server is stopped with SIGTERM and started again on
//! the same port and database, and every socket reconnects as the
//! browser's client does (`web/src/api/reconnect.ts`: full jitter, the
//! first wait 100–500 ms, each later ceiling twice the one before, at
//! most 10 s).
//!
//! Reports how long the old server took to stop and the new one to
//! answer, how long until every socket was held again (and half, and
//! nine in ten), what the reconnecting sockets met on the way (nobody
//! listening, a refusal by the server with its status, another failure),
//! the close codes the sockets were closed with, and the acknowledged
//! moves a second (and the server's CPU time a move) before the restart,
//! second by second through it, in the `--seconds` after every socket is
//! back and in the `--seconds` after those. `--without-restart` is the
//! control: the same run with a pause in place of the restart.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use arbiter_games::GameId;
use reqwest::Client;

use crate::game::{Played, new_game, stored_ply};
use crate::idle::{Plan, Worker, server_descriptors};
use crate::metrics;
use crate::players::Players;
use crate::recorded::Recorded;
use crate::report::{Report, rounded};
use crate::storm_worker::held;
use crate::{Args, Server, accounts, start_server_at};

/// What stands in for the restart in the control run
/// (`--without-restart`): about as long as a restart and its storm take.
pub const CONTROL_PAUSE: Duration = Duration::from_secs(5);

/// How long the sockets are given to be held again after the restart.
const STORM_LIMIT: Duration = Duration::from_secs(120);

/// How long the count of sockets held must stay the same, short of all
/// of them, for the storm to be over (the server's limits refuse the
/// rest).
const SETTLED_AFTER: Duration = Duration::from_secs(20);

/// Stops `server` with SIGTERM as systemd does; how long it took to end.
async fn terminate(mut server: Server) -> Duration {
    let asked = Instant::now();
    let status =
        std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(status.success(), "kill -TERM {}", server.child.id());
    tokio::task::spawn_blocking(move || {
        let _ = server.child.wait();
        asked.elapsed()
    })
    .await
    .expect("the wait ends")
}

/// The moves acknowledged, counted every 250 ms from a start until
/// told to finish.
struct Sampling {
    stop: Arc<std::sync::atomic::AtomicBool>,
    task: tokio::task::JoinHandle<Vec<(f64, u64)>>,
}

impl Sampling {
    /// Stops counting; the counts, as (seconds since the start, moves
    /// acknowledged).
    async fn finish(self) -> Vec<(f64, u64)> {
        self.stop.store(true, Ordering::Relaxed);
        self.task.await.unwrap_or_default()
    }
}

/// Starts counting `players`' moves from `start`.
fn sample_moves(players: &Players, start: Instant) -> Sampling {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let acknowledged = players.counter();
    let stopped = stop.clone();
    let task = tokio::spawn(async move {
        let mut samples = Vec::new();
        while !stopped.load(Ordering::Relaxed) {
            samples.push((start.elapsed().as_secs_f64(), acknowledged()));
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        samples
    });
    Sampling { stop, task }
}

/// Moves a second in each whole second of `samples` (the second's end,
/// the rate).
fn per_second(samples: &[(f64, u64)]) -> Vec<(f64, f64)> {
    let mut rates = Vec::new();
    let mut from = match samples.first() {
        Some(first) => *first,
        None => return rates,
    };
    for &(t, n) in samples {
        if t - from.0 >= 1.0 {
            rates.push((t, (n - from.1) as f64 / (t - from.0)));
            from = (t, n);
        }
    }
    rates
}

/// Moves acknowledged a second over `seconds`, counted from `players`,
/// and the server's CPU time a move meanwhile, in microseconds.
async fn rate_over(players: &Players, server: &Server, seconds: u64) -> (f64, f64) {
    let before = players.acknowledged();
    let cpu = server.cpu();
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let moves = players.acknowledged() - before;
    let spent = server.cpu().since(cpu).total();
    (moves as f64 / started.elapsed().as_secs_f64(), spent * 1e6 / moves.max(1) as f64)
}

/// Compares each game as stored with what its players were told: the
/// acknowledged moves missing from the store (none may be), and the moves
/// stored whose answer was lost (each game's ply was set to the stored one
/// when its next move was answered 409; counted by the workers as
/// refusals).
async fn compare_stored(http: &Client, base: &str, games: &[Played]) -> (u64, u64) {
    let (mut lost, mut unanswered) = (0, 0);
    for game in games {
        let stored = stored_ply(http, base, &game.id, &game.tokens[0]).await.expect("the game is stored");
        lost += game.ply.saturating_sub(stored);
        unanswered += game.resynced + stored.saturating_sub(game.ply);
    }
    (lost, unanswered)
}

/// Runs the scenario.
pub async fn run(args: &Args) -> Report {
    let count = args.idle_sockets;
    assert_eq!(args.servers, 1, "the storm restarts one server");
    let dir = tempfile::tempdir().unwrap();
    let database =
        args.database.clone().unwrap_or_else(|| format!("sqlite://{}", dir.path().join("storm.db").display()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = start_server_at(args, port, Some(&database)).await;
    let base = server.base.clone();
    println!("server {base}: descriptor limit {}", server_descriptors(&server));
    let http = Client::builder().pool_max_idle_per_host(args.concurrency).build().unwrap();
    let game = GameId::parse(&args.game).expect("a game");
    let line = Arc::new(Recorded::generate(game, 0).unwrap_or_else(|e| panic!("{e}")));
    let tokens = accounts(&http, &base, 2).await;
    let pair = || [tokens[0].clone(), tokens[1].clone()];
    let crowded = new_game(&http, &base, game, pair()).await;
    let mut games = Vec::with_capacity(args.idle_games);
    for _ in 0..args.idle_games {
        games.push(new_game(&http, &base, game, pair()).await);
    }
    let plan = Plan {
        servers: vec![base.trim_start_matches("http://").parse().unwrap()],
        crowd_path: format!("/api/games/{}/live", crowded.id),
        paths: games.iter().map(|g| format!("/api/games/{}/live", g.id)).collect(),
        crowd: args.crowd,
        per_address: args.per_address,
    };
    let plan_file = dir.path().join("plan.json");
    std::fs::write(&plan_file, serde_json::to_vec(&plan).unwrap()).unwrap();

    let opening = Instant::now();
    let processes = args.socket_processes.max(1);
    let share = count.div_ceil(processes);
    let mut workers: Vec<Worker> = (0..processes)
        .map(|w| Worker::start("storm-worker", &plan_file, w * share, ((w + 1) * share).min(count)))
        .collect();
    let mut open_count = 0;
    for worker in &mut workers {
        open_count += worker.answer("opened").await[0];
    }
    println!(
        "{open_count} of {count} sockets open in {:.1} s, held by {processes} processes",
        opening.elapsed().as_secs_f64()
    );

    let players = Players::start(&http, &base, line, games, args.concurrency);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (before, cpu_before) = rate_over(&players, &server, args.seconds).await;
    let counted_before = metrics::value(&http, &base, "arbiter_sockets_open").await.unwrap_or(f64::NAN);
    println!(
        "before the restart: {before:.0} moves/s, {cpu_before:.0} µs of server CPU a move, with {counted_before:.0} \
         sockets open (the server's count)"
    );

    // The restart, and the storm: the sockets counted every 100 ms, the
    // moves every 250 ms, from the SIGTERM on.
    let restarted = Instant::now();
    let sampling = sample_moves(&players, restarted);
    let (stopped_in, mut kept) =
        if args.without_restart { (Duration::ZERO, Some(server)) } else { (terminate(server).await, None) };
    let up = std::sync::atomic::AtomicBool::new(false);
    let starting = async {
        let server = if args.without_restart {
            tokio::time::sleep(CONTROL_PAUSE).await;
            kept.take().expect("the server kept")
        } else {
            start_server_at(args, port, Some(&database)).await
        };
        up.store(true, Ordering::Relaxed);
        (server, restarted.elapsed())
    };
    let watching = async {
        let mut timeline: Vec<(f64, u64)> = Vec::new();
        loop {
            let now = held(&mut workers).await;
            let at = restarted.elapsed();
            timeline.push((at.as_secs_f64(), now.open));
            let settled = timeline
                .iter()
                .rev()
                .find(|(t, _)| at.as_secs_f64() - t >= SETTLED_AFTER.as_secs_f64())
                .is_some_and(|&(_, then)| then == now.open && up.load(Ordering::Relaxed));
            if (up.load(Ordering::Relaxed) && now.open >= count as u64) || settled || at >= STORM_LIMIT {
                return timeline;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let ((server, up_in), timeline) = tokio::join!(starting, watching);
    if args.without_restart {
        println!("the control run: no restart, a pause of {} s in its place", CONTROL_PAUSE.as_secs());
    } else {
        println!(
            "restart: the old server ended {:.2} s after SIGTERM; the new one answered /healthz at {:.2} s",
            stopped_in.as_secs_f64(),
            up_in.as_secs_f64()
        );
    }
    let first_at = |share: u64| {
        timeline
            .iter()
            .find(|(t, open)| *t >= up_in.as_secs_f64() - 1.0 && open * 10 >= count as u64 * share)
            .map(|r| r.0)
    };
    let (half, nine_tenths, all) = (first_at(5), first_at(9), first_at(10));
    let stormed = held(&mut workers).await;
    let coarse: Vec<String> = timeline
        .iter()
        .step_by((timeline.len() / 24).max(1))
        .chain(timeline.last())
        .map(|(t, open)| format!("{t:.1} s: {open}"))
        .collect();
    println!("sockets held after the SIGTERM: {}", coarse.join(", "));
    let show = |t: Option<f64>| t.map_or("never (within the limit)".to_string(), |t| format!("{t:.1} s"));
    println!(
        "held again: half at {}, nine in ten at {}, all {count} at {}; {} held at the end; {} opened again in all",
        show(half),
        show(nine_tenths),
        show(all),
        stormed.open,
        stormed.opened - open_count
    );
    println!(
        "the sockets were closed: {} with 1001 (going away), {} otherwise; on the way back they met nobody listening \
         {} times, a refusal {} times ({:?}), another failure {} times",
        stormed.closed_away, stormed.closed_otherwise, stormed.down, stormed.refused, stormed.statuses, stormed.failed
    );
    let (after, cpu_after) = rate_over(&players, &server, args.seconds).await;
    let (later, cpu_later) = rate_over(&players, &server, args.seconds).await;
    let samples = sampling.finish().await;
    let seconds: Vec<String> = per_second(&samples).iter().map(|(t, r)| format!("{t:.0}: {r:.0}")).collect();
    println!("moves/s from the SIGTERM on, second by second: {}", seconds.join(", "));
    let recovered = per_second(&samples)
        .into_iter()
        .find(|(t, rate)| *t > up_in.as_secs_f64() && *rate >= 0.9 * later)
        .map(|r| r.0);
    let (measured, games) = players.finish_keeping(Duration::ZERO).await;
    let (lost, stored_unanswered) = compare_stored(&http, &server.base, &games).await;
    println!(
        "the games as stored against what the players were told: {lost} acknowledged moves missing, \
         {stored_unanswered} moves stored whose answer was lost (found by a 409 when sent again)"
    );
    assert_eq!(lost, 0, "every acknowledged move is stored");
    let counted_after = metrics::value(&http, &server.base, "arbiter_sockets_open").await.unwrap_or(f64::NAN);
    println!(
        "after every socket was back: {after:.0} moves/s ({:.2} of before), {cpu_after:.0} µs of server CPU a move, \
         with {counted_after:.0} sockets open; \
         moves/s first at nine tenths of the last window's at {}; moves refused in the whole run {}",
        after / before.max(1e-9),
        show(recovered),
        measured.refused
    );
    println!(
        "the {} s after those: {later:.0} moves/s ({:.2} of before), {cpu_later:.0} µs of server CPU a move",
        args.seconds,
        later / before.max(1e-9)
    );
    let mut report = Report::default();
    report.put("restarted", !args.without_restart);
    report.put("sockets", count);
    report.put("sockets_open_before", open_count);
    report.put("stopped_seconds", rounded(stopped_in.as_secs_f64(), 2));
    report.put("up_seconds", rounded(up_in.as_secs_f64(), 2));
    report.put("sockets_held_after", stormed.open);
    report.put("half_held_seconds", half.map(|t| rounded(t, 2)));
    report.put("nine_tenths_held_seconds", nine_tenths.map(|t| rounded(t, 2)));
    report.put("all_held_seconds", all.map(|t| rounded(t, 2)));
    report.put("reconnect_attempts_down", stormed.down);
    report.put("reconnect_attempts_refused", stormed.refused);
    report.put("reconnect_attempts_failed", stormed.failed);
    report.put("closed_going_away", stormed.closed_away);
    report.put("closed_otherwise", stormed.closed_otherwise);
    report.put("moves_per_second_before", rounded(before, 1));
    report.put("moves_per_second_after", rounded(after, 1));
    report.put("cpu_us_per_move_before", rounded(cpu_before, 1));
    report.put("cpu_us_per_move_after", rounded(cpu_after, 1));
    report.put("moves_per_second_later", rounded(later, 1));
    report.put("cpu_us_per_move_later", rounded(cpu_later, 1));
    report.put("moves_recovered_seconds", recovered.map(|t| rounded(t, 2)));
    report.put("moves_refused", measured.refused);
    report.put("moves_lost", lost);
    report.put("moves_stored_unanswered", stored_unanswered);
    report
}
