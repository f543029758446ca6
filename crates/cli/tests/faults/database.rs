//! PostgreSQL stops (every connection cut, new ones refused) or freezes
//! (as under SIGSTOP: connections open, nothing answered) under two
//! `arbiter serve` on one database while games are played through both,
//! and comes back: clients get `503` with `Retry-After` (within the pool's
//! 2 s wait when it stops, within the request timeout when it freezes),
//! never a hang; the servers recover by themselves; a move sent again
//! with the same ply is applied once; every move answered 2xx is stored
//! exactly once; a spectator on the other server catches up with the
//! game as stored; and `GET /api/service` and `/metrics` tell the outage.
//!
//! The database's PostgreSQL is shared with every other test, so it is
//! reached through a relay ([`Relay`]) that the test cuts or pauses.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::support_server::players::{Playing, check_stored, create_games, play};
use crate::support_server::{Server, TestDatabase, next_message};
use arbiter_testkit::relay::Relay;
use reqwest::StatusCode;
use serde_json::Value;

/// Games played at once, half through each server (`FAULT_GAMES`
/// replaces it; docs/PERFORMANCE.md has the figures of 1,000).
fn games() -> usize {
    std::env::var("FAULT_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(24)
}

/// How long play goes on before the fault, and after it ends.
const BEFORE: Duration = Duration::from_secs(2);
const AFTER: Duration = Duration::from_secs(4);
/// The servers' request timeout.
const REQUEST_TIMEOUT: &str = "3s";

/// What happens to the database.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// Stopped for this long, then started.
    Stopped(Duration),
    /// Frozen for this long, then carrying on.
    Frozen(Duration),
}

async fn a_database_fault_loses_nothing(fault: Fault) {
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    let mut url = reqwest::Url::parse(&db.url).unwrap();
    let relay = Relay::start(format!("{}:{}", url.host_str().unwrap(), url.port().unwrap_or(5432))).await;
    url.set_host(Some("127.0.0.1")).unwrap();
    url.set_port(Some(relay.port)).unwrap();
    // As many games as a run asks for may be made from one account.
    let args = [
        "--request-timeout",
        REQUEST_TIMEOUT,
        "--limit-games-per-account",
        "100000/hour",
        "--limit-games-per-address",
        "100000/hour",
    ];
    let one = Arc::new(Server::start_with(url.as_str(), &args).await);
    let two = Arc::new(Server::start_with(url.as_str(), &args).await);
    let ann = one.account("ann").await;
    let bo = one.account("bo").await;
    let count = games();
    let games = create_games(&one, &ann, &bo, count).await;
    // The first game is played through the first server and watched on
    // the second.
    let watched = games[0].id.clone();
    let mut spectator = two.socket(&format!("/api/games/{watched}/live"), None).await;
    next_message(&mut spectator, Duration::from_secs(10)).await;

    let playing = Playing::from_env();
    let tasks: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let server = if i % 2 == 0 { one.clone() } else { two.clone() };
            tokio::spawn(play(server.api.clone(), game.clone(), playing.clone()))
        })
        .collect();
    tokio::time::sleep(BEFORE).await;

    let acked_before = playing.acked();
    let (lasting, began) = match fault {
        Fault::Stopped(lasting) => {
            relay.stop();
            (lasting, Instant::now())
        }
        Fault::Frozen(lasting) => {
            relay.pause();
            (lasting, Instant::now())
        }
    };
    let mut first_refusal: Option<Duration> = None;
    let mut seen_down: Option<Duration> = None;
    while began.elapsed() < lasting {
        if first_refusal.is_none() && playing.refused() > 0 {
            first_refusal = Some(began.elapsed());
        }
        if seen_down.is_none() && two.get("/api/service", None).await.1["database"]["up"] == false {
            seen_down = Some(began.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen_down = seen_down.expect("GET /api/service said the database was down during the outage");
    let acked_during = playing.acked() - acked_before;
    match fault {
        Fault::Stopped(_) => relay.start_again(),
        Fault::Frozen(_) => relay.resume(),
    }
    let ended = Instant::now();
    let at_end = playing.acked();
    while playing.acked() == at_end {
        assert!(ended.elapsed() < Duration::from_secs(30), "no move was taken within 30 s of the database's return");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let recovered_in = ended.elapsed();
    // The outage as the servers tell it, once their watch has asked again.
    let told_deadline = Instant::now() + Duration::from_secs(10);
    for server in [&one, &two] {
        loop {
            let (_, service) = server.get("/api/service", None).await;
            if service["database"]["up"] == true && service["database"]["outages"].as_u64() >= Some(1) {
                assert!(service["database"]["last_outage"]["seconds"].as_i64() >= Some(1), "{service}");
                break;
            }
            assert!(Instant::now() < told_deadline, "/api/service does not tell the outage: {service}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let metrics = server.http.get(format!("{}/metrics", server.base)).send().await.unwrap().text().await.unwrap();
        assert!(metrics.contains("arbiter_database_up 1"), "{metrics}");
        assert!(!metrics.contains("arbiter_database_outages_total 0"), "the outage is counted: {metrics}");
    }
    tokio::time::sleep(AFTER).await;
    playing.stop.store(true, Ordering::SeqCst);
    let mut told = Vec::with_capacity(count);
    for task in tasks {
        told.push(tokio::time::timeout(Duration::from_secs(60), task).await.expect("a player ends").unwrap());
    }

    for (game, t) in games.iter().zip(&told) {
        assert!(t.unexpected.is_empty(), "{}: {:#?}", game.id, t.unexpected);
    }
    let answers = || told.iter().flat_map(|t| &t.answers);
    let refused: Vec<_> = answers().filter(|a| a.status == StatusCode::SERVICE_UNAVAILABLE).collect();
    assert!(!refused.is_empty(), "no move was refused during {fault:?}");
    assert!(refused.iter().all(|a| a.retry_after.is_some()), "every 503 says when to try again");
    let first_refusal = first_refusal.expect("a move was refused while the database was away");
    let most_wait = match fault {
        Fault::Stopped(_) => Duration::from_secs(5),
        Fault::Frozen(_) => Duration::from_secs(7),
    };
    assert!(first_refusal < most_wait, "the first refusal came {first_refusal:?} into {fault:?}, not a hang");
    let acked: usize = answers().filter(|a| a.status.is_success()).count();
    let after: usize = answers().filter(|a| a.status.is_success() && a.at > ended).count();
    assert!(after > 0, "moves were taken after the database came back");
    let stored_though_refused: usize = told.iter().map(|t| t.stored_though_refused().count()).sum();

    // What the clients were told, against what is stored (read through
    // the other server than the one each game was played through).
    let mut stored = 0;
    for (i, (game, t)) in games.iter().zip(&told).enumerate() {
        let reader = if i % 2 == 0 { &two } else { &one };
        stored += check_stored(game, t, &reader.view(&game.id, None).await, 0);
    }
    // The spectator on the other server catches up with the game as
    // stored: its last message is of the stored ply.
    let stored_ply = one.view(&watched, None).await["ply"].as_u64().unwrap();
    let caught_up = Instant::now();
    let mut seen_ply = 0;
    while seen_ply != stored_ply {
        assert!(
            caught_up.elapsed() < Duration::from_secs(15),
            "the spectator on the other server saw ply {seen_ply}, the game is at {stored_ply}"
        );
        let message: Value = next_message(&mut spectator, Duration::from_secs(15)).await;
        if let Some(ply) = message["view"]["ply"].as_u64().or_else(|| message["ply"].as_u64()) {
            seen_ply = ply;
        }
    }
    eprintln!(
        "{fault:?}, two servers, {count} games: {acked_before} moves before, {acked_during} during, the first 503 \
         {first_refusal:?} in, /api/service down {seen_down:?} in; {} answers 503 (all with Retry-After); the first move taken {recovered_in:?} after \
         the database's return; {after} after it; {acked} acknowledged, {stored_though_refused} refused but found \
         stored (applied once), {stored} stored; lost 0, applied twice 0; the other server's spectator caught up",
        refused.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_for_10_s_under_two_servers_loses_nothing() {
    let _one = crate::one_at_a_time().await;
    a_database_fault_loses_nothing(Fault::Stopped(Duration::from_secs(10))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_frozen_for_5_s_under_two_servers_loses_nothing() {
    let _one = crate::one_at_a_time().await;
    a_database_fault_loses_nothing(Fault::Frozen(Duration::from_secs(5))).await;
}
