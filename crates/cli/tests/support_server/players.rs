//! Players for the fault tests: each plays one game on a running server,
//! one move at a time, and records every answer it got, so that what
//! clients were told can be compared with what is stored afterwards.
//! A move refused with 503 is sent again, with the same ply, after the
//! `Retry-After` the server asked for (at most [`MOST_RETRY_PAUSE`]); one
//! answered 409 after such a refusal had been stored after all, and is
//! recorded so.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::ApiClient;

/// The longest a refused move waits before it is sent again.
pub const MOST_RETRY_PAUSE: Duration = Duration::from_millis(300);

/// A game of two accounts, ready to play.
#[derive(Clone, Debug)]
pub struct TwoPlayerGame {
    /// Its id.
    pub id: String,
    /// The token of each seat's player, by the seat's label.
    pub tokens: HashMap<String, String>,
}

/// Creates `count` games of `ann` (first seat) and `bo` (the open seat),
/// Sage Tafl, A•G•O•G and Ogama in turn.
pub async fn create_games(server: &ApiClient, ann: &str, bo: &str, count: usize) -> Vec<TwoPlayerGame> {
    create_games_of(server, ann, bo, count, &["sage", "agog", "ogama"]).await
}

/// As [`create_games`], of the `kinds` in turn. Played by [`play`], a
/// game of Sage Tafl lasts 515 plies, of A•G•O•G 123 and of Ogama 64.
pub async fn create_games_of(
    server: &ApiClient,
    ann: &str,
    bo: &str,
    count: usize,
    kinds: &[&str],
) -> Vec<TwoPlayerGame> {
    let mut games = Vec::with_capacity(count);
    for index in 0..count {
        let kind = kinds[index % kinds.len()];
        let created = server.create(ann, json!({"game": kind, "seats": [{"account": "me"}, {"open": true}]})).await;
        let id = created["id"].as_str().unwrap().to_string();
        let first = created["seats"][0]["seat"].as_str().unwrap().to_string();
        let second = created["seats"][1]["seat"].as_str().unwrap().to_string();
        let (status, taken) = server.post(&format!("/api/games/{id}/seats/{second}"), Some(bo), Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
        games.push(TwoPlayerGame { id, tokens: HashMap::from([(first, ann.to_string()), (second, bo.to_string())]) });
    }
    games
}

/// One answer to a move.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The ply the move was sent for.
    pub ply: u64,
    /// The move.
    pub mv: String,
    /// The status answered.
    pub status: StatusCode,
    /// The error's message, if it was one.
    pub message: String,
    /// The `Retry-After` header, if there was one.
    pub retry_after: Option<u64>,
    /// When it came.
    pub at: Instant,
}

/// What a player was told.
#[derive(Debug, Default)]
pub struct Told {
    /// Every answer to a move, in order.
    pub answers: Vec<Answer>,
    /// Reads (its game's view) answered 200 after a move was refused.
    pub reads_while_refused: usize,
    /// Reads answered 503 (the database away).
    pub reads_refused: usize,
    /// Anything a server should not have answered.
    pub unexpected: Vec<String>,
}

impl Told {
    /// The moves answered 2xx: (ply, move).
    pub fn acked(&self) -> impl Iterator<Item = (u64, &str)> {
        self.answers.iter().filter(|a| a.status.is_success()).map(|a| (a.ply, a.mv.as_str()))
    }

    /// The moves refused with an error and then found stored (a 409 to
    /// their sending again).
    pub fn stored_though_refused(&self) -> impl Iterator<Item = (u64, &str)> {
        self.answers.iter().filter(|a| a.status == StatusCode::CONFLICT).map(|a| (a.ply, a.mv.as_str()))
    }

    /// The answers with `status`.
    pub fn count(&self, status: StatusCode) -> usize {
        self.answers.iter().filter(|a| a.status == status).count()
    }
}

/// What the players share: when to stop, and how many moves were
/// acknowledged so far.
#[derive(Debug, Default)]
pub struct Playing {
    /// Set to stop every player after its move under way.
    pub stop: AtomicBool,
    /// Moves answered 2xx, by every player.
    pub acks: AtomicUsize,
    /// Moves answered 503 (or 502, 504), by every player.
    pub refusals: AtomicUsize,
    /// At most this many turns are played at once, if set.
    pub most_in_flight: Option<tokio::sync::Semaphore>,
    /// How long each player waits after a move is taken, if set: at most
    /// one move in this time in each game, so that a game lasts at least
    /// its plies times this however fast the machine.
    pub pace: Option<Duration>,
}

impl Playing {
    /// A new run.
    pub fn new() -> Arc<Playing> {
        Arc::new(Playing::default())
    }

    /// A new run in which at most `moves` are sent at once (whatever the
    /// number of games).
    pub fn at_most_in_flight(moves: usize) -> Arc<Playing> {
        Arc::new(Playing { most_in_flight: Some(tokio::sync::Semaphore::new(moves)), ..Playing::default() })
    }

    /// A new run in which each game takes at most one move every `pace`.
    pub fn paced(pace: Duration) -> Arc<Playing> {
        Arc::new(Playing { pace: Some(pace), ..Playing::default() })
    }

    /// A new run, with at most `FAULT_IN_FLIGHT` turns at once if that is
    /// set (the runs of many games whose figures docs/PERFORMANCE.md
    /// gives), else one turn at a time in every game.
    pub fn from_env() -> Arc<Playing> {
        match std::env::var("FAULT_IN_FLIGHT").ok().and_then(|s| s.parse().ok()) {
            Some(most) => Playing::at_most_in_flight(most),
            None => Playing::new(),
        }
    }

    /// The moves acknowledged so far.
    pub fn acked(&self) -> usize {
        self.acks.load(Ordering::SeqCst)
    }

    /// The moves refused so far (each sending counts).
    pub fn refused(&self) -> usize {
        self.refusals.load(Ordering::SeqCst)
    }
}

/// Plays `game` on `server` until it ends or `playing.stop` is set,
/// picking among the legal moves by the ply.
pub async fn play(server: ApiClient, game: TwoPlayerGame, playing: Arc<Playing>) -> Told {
    let mut told = Told::default();
    let id = &game.id;
    let mut pending: Option<(u64, String, String)> = None;
    let mut refused_before = false;
    while !playing.stop.load(Ordering::SeqCst) {
        // A turn (its reads and its move) is one of those in flight.
        let _turn = match &playing.most_in_flight {
            Some(most) => Some(most.acquire().await.expect("the semaphore is never closed")),
            None => None,
        };
        let (ply, mv, token) = match pending.take() {
            Some(again) => again,
            None => {
                let Some(view) = read(&server, id, None, &mut told).await else {
                    if told.unexpected.is_empty() {
                        continue;
                    }
                    return told;
                };
                if view["status"]["state"] != "ongoing" {
                    return told;
                }
                let token = game.tokens[view["to_move"][0].as_str().unwrap()].clone();
                let Some(mine) = read(&server, id, Some(&token), &mut told).await else {
                    if told.unexpected.is_empty() {
                        continue;
                    }
                    return told;
                };
                let Some(legal) = mine["legal"].as_array().filter(|l| !l.is_empty()) else { return told };
                let ply = mine["ply"].as_u64().unwrap();
                let pick = (ply as usize * 7 + 3) % legal.len();
                (ply, legal[pick]["move"].as_str().unwrap().to_string(), token)
            }
        };
        let sent = server
            .http
            .post(format!("{}/api/games/{id}/moves", server.base))
            .bearer_auth(&token)
            .json(&json!({"move": mv, "ply": ply}))
            .send()
            .await;
        let answer = match sent {
            Ok(answer) => answer,
            Err(e) => {
                told.unexpected.push(format!("POST {id} {mv} at ply {ply}: {e}"));
                return told;
            }
        };
        let status = answer.status();
        let retry_after = answer.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok());
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        let message = body["error"]["message"].as_str().unwrap_or_default().to_string();
        told.answers.push(Answer { ply, mv: mv.clone(), status, message, retry_after, at: Instant::now() });
        match status {
            StatusCode::OK => {
                playing.acks.fetch_add(1, Ordering::SeqCst);
                if let Some(pace) = playing.pace {
                    tokio::time::sleep(pace).await;
                }
            }
            StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT | StatusCode::BAD_GATEWAY => {
                refused_before = true;
                playing.refusals.fetch_add(1, Ordering::SeqCst);
                let (status, view) = server.get(&format!("/api/games/{id}"), Some(&token)).await;
                if status == StatusCode::OK && view["ply"].as_u64().is_some() {
                    told.reads_while_refused += 1;
                }
                let asked = retry_after.map_or(MOST_RETRY_PAUSE, Duration::from_secs);
                tokio::time::sleep(asked.min(MOST_RETRY_PAUSE)).await;
                pending = Some((ply, mv, token));
            }
            StatusCode::CONFLICT if refused_before => {}
            other => {
                told.unexpected.push(format!("POST {id} {mv} at ply {ply}: {other} {body}"));
                return told;
            }
        }
    }
    told
}

/// The view of the game `id` as `token` sees it; `None` after a pause if
/// the server could not read it now (503: its database is away), and
/// `None` with the answer noted as unexpected otherwise.
async fn read(server: &ApiClient, id: &str, token: Option<&str>, told: &mut Told) -> Option<Value> {
    match server.try_call(reqwest::Method::GET, &format!("/api/games/{id}"), token, None).await {
        Ok((StatusCode::OK, view)) => return Some(view),
        Ok((StatusCode::SERVICE_UNAVAILABLE, _)) => told.reads_refused += 1,
        Ok((status, answer)) => told.unexpected.push(format!("GET {id}: {status} {answer}")),
        Err(e) => told.unexpected.push(format!("GET {id}: {e}")),
    }
    tokio::time::sleep(MOST_RETRY_PAUSE).await;
    None
}

/// Checks the view `view` of `game` against what its player was told:
/// every move answered 2xx (and every refused one found stored) is at its
/// ply, and at most `beyond` moves more are stored. The moves stored.
pub fn check_stored(game: &TwoPlayerGame, told: &Told, view: &Value, beyond: usize) -> usize {
    let id = &game.id;
    let moves = view["moves"].as_array().unwrap_or_else(|| panic!("{id}: no moves in {view}"));
    let mut answered = 0;
    for (ply, mv) in told.acked().chain(told.stored_though_refused()) {
        assert_eq!(
            moves.get(ply as usize).and_then(Value::as_str),
            Some(mv),
            "{id}: the move {mv} answered at ply {ply} is not there: {view}"
        );
        answered += 1;
    }
    assert!(
        moves.len() >= answered && moves.len() <= answered + beyond,
        "{id}: {answered} moves answered, {} stored: {view}",
        moves.len()
    );
    moves.len()
}
