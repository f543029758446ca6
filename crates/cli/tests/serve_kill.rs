//! `kill -9` loses no acknowledged move, on SQLite and on PostgreSQL.
//!
//! The built `arbiter serve` is started as a child process on a database
//! of the test's own. Two accounts play 50 games (Agog, Sage and Ogama,
//! one account per seat, the second seat taken through its open seat)
//! concurrently: each game's task reads the view with the token of the
//! player to move, picks one of `legal` with a seeded generator and sends
//! it with its ply; every 2xx answer is an acknowledged move (a few games
//! are ended by an acknowledged resignation before, a few while the
//! others are played). At a seeded moment between
//! 0.5 and 2 s, while requests are under way, the server gets SIGKILL;
//! requests cut off are simply not acknowledged.
//!
//! The server is then started again on the same database, and every game
//! must hold each acknowledged move at exactly its ply (`moves[ply]`), no
//! ply missing and at most the one move that was under way beyond them
//! (nothing doubled, nothing invented); an acknowledged end is still the
//! end; the sessions still sign the players in; and every game still on
//! accepts one more legal move, whose answer is 200 at the next ply.
//!
//! `SERVE_KILL_SEED` replaces the seed (printed by each run).

mod support_server;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support_server::{Server, TestDatabase};

/// How many games are played at once.
const GAMES: usize = 50;
/// No game goes beyond this ply: at most `GAMES * MAX_PLY` (2000) moves.
const MAX_PLY: u64 = 40;
/// The server is killed at the latest once this many moves are
/// acknowledged, so that it always dies with games under way.
const KILL_BY_ACKS: usize = 600;
/// Every this many games, one is ended by a resignation while they are
/// played (once it reaches `RESIGN_AT`), and another one before.
const RESIGN_EVERY: usize = 10;
/// The ply at which the games that resign under way do.
const RESIGN_AT: u64 = 2;
/// The games played, in turn.
const KINDS: [&str; 3] = ["sage", "agog", "ogama"];

/// A game under test.
struct Game {
    index: usize,
    id: String,
    kind: &'static str,
    /// The token of each seat's player, by the seat's label.
    tokens: HashMap<String, String>,
    /// Who is to move when play starts.
    first: String,
    /// For a game ended before the others are played: what was done.
    ended_before: Option<Played>,
}

/// What one game's task did before the server died.
#[derive(Debug, Default)]
struct Played {
    /// The acknowledged moves: (ply, move), in order.
    acked: Vec<(u64, String)>,
    /// The status of an acknowledged end (a resignation or a last move).
    ended: Option<Value>,
    /// Whether a resignation ended it.
    resigned: bool,
    /// The transport error that stopped the task (the server had died).
    died: Option<String>,
    /// Anything a healthy server should not have answered.
    unexpected: Vec<String>,
}

/// Shared counters of the run.
struct Run {
    acks: AtomicUsize,
    killed: AtomicBool,
    in_flight: AtomicUsize,
}

fn seed(default: u64) -> u64 {
    std::env::var("SERVE_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Plays `game` on `server` until it ends, reaches `MAX_PLY`, or the
/// server stops answering.
async fn drive(server: Arc<Server>, game: Arc<Game>, seed: u64, run: Arc<Run>) -> Played {
    if let Some(played) = &game.ended_before {
        return Played {
            acked: played.acked.clone(),
            ended: played.ended.clone(),
            resigned: true,
            ..Played::default()
        };
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut played = Played::default();
    let mut next = game.first.clone();
    let id = &game.id;
    let died = |played: &mut Played, what: &str, e: reqwest::Error| {
        if run.killed.load(Ordering::SeqCst) {
            played.died = Some(format!("{what}: {e}"));
        } else {
            played.unexpected.push(format!("{what} failed before the kill: {e}"));
        }
    };
    loop {
        let token = &game.tokens[&next];
        let view = match server.try_call(reqwest::Method::GET, &format!("/api/games/{id}"), Some(token), None).await {
            Ok((StatusCode::OK, view)) => view,
            Ok((status, answer)) => {
                played.unexpected.push(format!("GET /api/games/{id}: {status} {answer}"));
                return played;
            }
            Err(e) => {
                died(&mut played, "GET", e);
                return played;
            }
        };
        let ply = view["ply"].as_u64().unwrap();
        if view["status"]["state"] != "ongoing" {
            played.unexpected.push(format!("{id} ended without an acknowledged end: {view}"));
            return played;
        }
        if ply >= MAX_PLY {
            return played;
        }
        if view["to_move"] != json!([next]) {
            played.unexpected.push(format!("{id} at ply {ply}: {next} expected to move: {view}"));
            return played;
        }
        let (path, body) = if game.index.is_multiple_of(RESIGN_EVERY) && ply >= RESIGN_AT {
            (format!("/api/games/{id}/resign"), Value::Null)
        } else {
            let Some(legal) = view["legal"].as_array().filter(|l| !l.is_empty()) else {
                played.unexpected.push(format!("{id}: no legal moves for {next} in an ongoing game: {view}"));
                return played;
            };
            let mv = legal[rng.random_range(0..legal.len())]["move"].as_str().unwrap().to_string();
            (format!("/api/games/{id}/moves"), json!({"move": mv, "ply": ply}))
        };
        run.in_flight.fetch_add(1, Ordering::SeqCst);
        let sent = server.http.post(format!("{}{path}", server.base)).bearer_auth(token).json(&body).send().await;
        run.in_flight.fetch_sub(1, Ordering::SeqCst);
        let answer = match sent {
            Ok(answer) => answer,
            Err(e) => {
                died(&mut played, &format!("POST {path}"), e);
                return played;
            }
        };
        let status = answer.status();
        // The status is the acknowledgement: record it before the body.
        let resigning = body.is_null();
        if status.is_success() {
            if resigning {
                played.resigned = true;
            } else {
                played.acked.push((ply, body["move"].as_str().unwrap().to_string()));
                run.acks.fetch_add(1, Ordering::SeqCst);
            }
        }
        let text = match answer.text().await {
            Ok(text) => text,
            Err(e) => {
                died(&mut played, &format!("reading POST {path}"), e);
                return played;
            }
        };
        let after: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status != StatusCode::OK {
            played.unexpected.push(format!("POST {path} {body}: {status} {text}"));
            return played;
        }
        if resigning {
            played.ended = Some(after["status"].clone());
            return played;
        }
        if after["ply"] != ply + 1 || after["moves"][ply as usize] != body["move"] {
            played.unexpected.push(format!("POST {path} {body} answered a view not one move on: {after}"));
            return played;
        }
        if after["status"]["state"] == "over" {
            played.ended = Some(after["status"].clone());
            return played;
        }
        next = match after["to_move"].as_array().map(Vec::as_slice) {
            Some([label]) => label.as_str().unwrap().to_string(),
            _ => {
                played.unexpected.push(format!("POST {path} {body}: one player to move expected: {after}"));
                return played;
            }
        };
    }
}

/// Plays one move in the game `id` and has the next player resign.
async fn play_and_resign(server: &Server, id: &str, tokens: &HashMap<String, String>, first: &str) -> Played {
    let view = server.view(id, Some(&tokens[first])).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, after) =
        server.post(&format!("/api/games/{id}/moves"), Some(&tokens[first]), json!({"move": mv, "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let next = after["to_move"][0].as_str().unwrap();
    let (status, resigned) = server.post(&format!("/api/games/{id}/resign"), Some(&tokens[next]), Value::Null).await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert_eq!(resigned["status"]["state"], "over", "{resigned}");
    Played { acked: vec![(0, mv)], ended: Some(resigned["status"].clone()), resigned: true, ..Played::default() }
}

/// Creates the games (Ann at the first seat, Bo taking the open one).
async fn create_games(server: &Server, ann: &str, bo: &str) -> Vec<Arc<Game>> {
    let mut games = Vec::with_capacity(GAMES);
    for index in 0..GAMES {
        let kind = KINDS[index % KINDS.len()];
        let created = server.create(ann, json!({"game": kind, "seats": [{"account": "me"}, {"open": true}]})).await;
        let id = created["id"].as_str().unwrap().to_string();
        assert_eq!(created["status"]["state"], "open", "{created}");
        let first = created["seats"][0]["seat"].as_str().unwrap().to_string();
        let second = created["seats"][1]["seat"].as_str().unwrap().to_string();
        let (status, taken) = server.post(&format!("/api/games/{id}/seats/{second}"), Some(bo), Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
        assert_eq!(taken["status"]["state"], "ongoing", "{taken}");
        let to_move = taken["to_move"].as_array().unwrap();
        assert_eq!(to_move.len(), 1, "{taken}");
        let tokens = HashMap::from([(first, ann.to_string()), (second, bo.to_string())]);
        let first = to_move[0].as_str().unwrap().to_string();
        let ended_before = if index % RESIGN_EVERY == RESIGN_EVERY / 2 {
            Some(play_and_resign(server, &id, &tokens, &first).await)
        } else {
            None
        };
        games.push(Arc::new(Game { index, id, kind, tokens, first, ended_before }));
    }
    games
}

/// Plays the games, kills the server under way, starts it again and checks
/// that nothing acknowledged was lost.
async fn kill_loses_no_acknowledged_move(db: &TestDatabase, default_seed: u64) {
    let seed = seed(default_seed);
    let began = Instant::now();
    eprintln!("{}: seed {seed} (SERVE_KILL_SEED replaces it)", db.kind);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);

    let server = Server::start(&db.url).await;
    let ann = server.account("ann").await;
    let bo = server.account("bo").await;
    let games = create_games(&server, &ann, &bo).await;

    let server = Arc::new(server);
    let run =
        Arc::new(Run { acks: AtomicUsize::new(0), killed: AtomicBool::new(false), in_flight: AtomicUsize::new(0) });
    let tasks: Vec<_> = games
        .iter()
        .map(|game| {
            let task_seed = rng.random::<u64>();
            tokio::spawn(drive(server.clone(), game.clone(), task_seed, run.clone()))
        })
        .collect();
    let delay = Duration::from_millis(rng.random_range(500..=2000));
    let playing = Instant::now();
    while playing.elapsed() < delay
        && run.acks.load(Ordering::SeqCst) < KILL_BY_ACKS
        && !tasks.iter().all(|t| t.is_finished())
    {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    run.killed.store(true, Ordering::SeqCst);
    let in_flight = run.in_flight.load(Ordering::SeqCst);
    server.kill();
    let killed_after = playing.elapsed();
    let mut played = Vec::with_capacity(GAMES);
    for task in tasks {
        played.push(tokio::time::timeout(Duration::from_secs(30), task).await.expect("a task ends").unwrap());
    }
    drop(server);

    let acked: usize = played.iter().map(|p| p.acked.len()).sum();
    let cut_off = played.iter().filter(|p| p.died.is_some()).count();
    eprintln!(
        "{}: killed after {killed_after:?} (planned {delay:?}) with {in_flight} requests in flight; \
         {acked} moves acknowledged, {cut_off} games cut off",
        db.kind
    );
    for (game, p) in games.iter().zip(&played) {
        assert!(p.unexpected.is_empty(), "{} ({}) before the kill: {:#?}", game.id, game.kind, p.unexpected);
    }
    assert!(acked > 0, "no move was acknowledged before the kill");
    assert!(cut_off > 0, "the server died with no game under way: the kill proved nothing");

    let server = Server::start(&db.url).await;
    let mut continued = 0;
    let mut still_over = 0;
    let mut stored_unacknowledged = 0;
    for (game, p) in games.iter().zip(&played) {
        let id = &game.id;
        let view = server.view(id, None).await;
        let moves = view["moves"].as_array().unwrap();
        for (at, (ply, mv)) in p.acked.iter().enumerate() {
            assert_eq!(*ply, at as u64, "{id}: the acknowledged plies follow each other");
            assert_eq!(
                moves.get(*ply as usize).and_then(Value::as_str),
                Some(mv.as_str()),
                "{id} ({}): the move {mv} acknowledged at ply {ply} is not there after the restart: {view}",
                game.kind
            );
        }
        // One request at a time per game: at most the one cut off may
        // have been stored beyond the acknowledged moves.
        assert!(
            moves.len() == p.acked.len() || (moves.len() == p.acked.len() + 1 && p.died.is_some()),
            "{id} ({}): {} moves acknowledged, {} stored: {view}",
            game.kind,
            p.acked.len(),
            moves.len()
        );
        assert_eq!(view["ply"], moves.len(), "{id}: {view}");
        if moves.len() > p.acked.len() {
            stored_unacknowledged += 1;
        }
        if let Some(ended) = &p.ended {
            assert_eq!(&view["status"], ended, "{id}: an acknowledged end is still the end: {view}");
            if p.resigned {
                assert_eq!(view["status"]["reason"], "resignation", "{view}");
            }
            let (status, answer) = server
                .post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "a1", "ply": view["ply"]}))
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: a move after the end: {answer}");
            still_over += 1;
            continue;
        }
        if view["status"]["state"] == "over" {
            // Ended by the move that was cut off: nothing to continue.
            assert!(p.died.is_some() && moves.len() == p.acked.len() + 1, "{id} ended unacknowledged: {view}");
            continue;
        }
        assert_eq!(view["status"]["state"], "ongoing", "{id}: {view}");
        let to_move = view["to_move"][0].as_str().unwrap();
        let token = &game.tokens[to_move];
        let mine = server.view(id, Some(token)).await;
        assert_eq!(mine["you"], json!([to_move]), "{id}: the session outlived the kill: {mine}");
        let ply = mine["ply"].as_u64().unwrap();
        let mv = mine["legal"][0]["move"].as_str().unwrap_or_else(|| panic!("{id}: no legal move: {mine}")).to_string();
        let (status, after) =
            server.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": ply})).await;
        assert_eq!(status, StatusCode::OK, "{id}: play goes on after the restart: {after}");
        assert_eq!(after["ply"], ply + 1, "{after}");
        assert_eq!(after["moves"][ply as usize], mv.as_str(), "{after}");
        let (status, again) =
            server.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": ply})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{id}: the ply guard after the restart: {again}");
        continued += 1;
    }
    assert!(still_over > 0, "no game ended before the kill");
    let log = server.log_text();
    assert!(!log.contains("ERROR"), "the restarted server logged an error:\n{log}");
    eprintln!(
        "{}: after the restart {stored_unacknowledged} games held the move cut off, {continued} went on, \
         {still_over} stayed over; {:?} in all",
        db.kind,
        began.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_on_sqlite_loses_no_acknowledged_move() {
    let db = TestDatabase::sqlite();
    kill_loses_no_acknowledged_move(&db, 0x5eed_0001).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_on_postgres_loses_no_acknowledged_move() {
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    kill_loses_no_acknowledged_move(&db, 0x5eed_0002).await;
}
