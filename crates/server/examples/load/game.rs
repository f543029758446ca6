//! One game as the generator follows it: its id, its players' tokens, its
//! ply along the recorded line, and, with `--transport live`, its
//! players' sockets; a move is made over the sockets or by `POST
//! /api/games/{id}/moves`.

use std::time::{Duration, Instant};

use arbiter_games::GameId;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::live::{Outcome, Pair};
use crate::post;
use crate::recorded::Recorded;

/// A game being played.
pub struct Played {
    /// Its id.
    pub id: String,
    /// The tokens of the players of seat 0 (its creator) and seat 1.
    pub tokens: [String; 2],
    /// Moves made so far: the next move is the line's at this ply.
    pub ply: u64,
    /// Both players' live sockets, when moves go over them.
    pub live: Option<Pair>,
    /// Moves found stored when a move sent after them was answered 409:
    /// their own answers were lost.
    pub resynced: u64,
}

/// A move made.
pub struct Made {
    /// The ply it was made at.
    pub ply: u64,
    /// Whether the server took it.
    pub outcome: Outcome,
    /// From sending it to its acknowledgement (or refusal).
    pub took: Duration,
}

/// A new game of `game` between the two accounts of `tokens`, both seats
/// taken.
pub async fn new_game(http: &Client, base: &str, game: GameId, tokens: [String; 2]) -> Played {
    let (status, view) = post(
        http,
        format!("{base}/api/games"),
        Some(&tokens[0]),
        json!({"game": game.as_str(), "seats": [{"account": "me"}, {"open": true}]}),
    )
    .await;
    let Some(id) = view["id"].as_str() else {
        panic!("the server did not create a game ({status}: {view}); see --server-args for its limits")
    };
    let id = id.to_string();
    let label = view["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, view) =
        post(http, format!("{base}/api/games/{id}/seats/{label}"), Some(&tokens[1]), json!(null)).await;
    assert!(status.is_success(), "the second player did not take the seat ({status}: {view})");
    Played { id, tokens, ply: 0, live: None, resynced: 0 }
}

/// Posts a move and reads the whole answer, without parsing it unless it
/// is a refusal: the generator shares the machine with the server, and
/// what it measures is the server's work. The status and, for a refusal,
/// the answer's text.
pub async fn post_move(http: &Client, url: String, token: &str, body: Value) -> (StatusCode, String) {
    match http.post(url).bearer_auth(token).json(&body).send().await {
        Ok(answer) => {
            let status = answer.status();
            let bytes = answer.bytes().await.unwrap_or_default();
            let text = if status == StatusCode::OK { String::new() } else { String::from_utf8_lossy(&bytes).into() };
            (status, text)
        }
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

/// The ply game `id` stands at, as stored.
pub async fn stored_ply(http: &Client, base: &str, id: &str, token: &str) -> Option<u64> {
    let answer = http.get(format!("{base}/api/games/{id}")).bearer_auth(token).send().await.ok()?;
    answer.json::<Value>().await.ok()?["ply"].as_u64()
}

impl Played {
    /// Makes the line's move at this game's ply: on the mover's socket
    /// when the game has its sockets, else over HTTP. `None` when the
    /// line goes no further.
    pub async fn play_next(&mut self, http: &Client, base: &str, line: &Recorded) -> Option<Made> {
        let step = line.step(self.ply)?;
        let ply = self.ply;
        let started = Instant::now();
        let outcome = match &mut self.live {
            Some(pair) => pair.play(step.seat, &step.text, ply).await,
            None => {
                let url = format!("{base}/api/games/{}/moves", self.id);
                let body = json!({"move": step.text, "ply": ply});
                match post_move(http, url, &self.tokens[step.seat], body).await.0 {
                    StatusCode::OK => Outcome::Acknowledged,
                    StatusCode::CONFLICT => {
                        // The ply is stale: a move whose answer was lost
                        // (the server stopped) was stored. Go on from the
                        // game as stored.
                        let stored = stored_ply(http, base, &self.id, &self.tokens[0]).await.unwrap_or(ply);
                        self.resynced += stored.saturating_sub(ply);
                        self.ply = stored.max(ply);
                        Outcome::Refused
                    }
                    _ => Outcome::Refused,
                }
            }
        };
        let took = started.elapsed();
        match (outcome, &self.live) {
            (Outcome::Acknowledged, _) => self.ply += 1,
            // What the sockets heard says where the game is.
            (Outcome::Refused, Some(pair)) => self.ply = pair.ply().unwrap_or(self.ply).max(self.ply),
            (Outcome::Refused, None) => {}
        }
        Some(Made { ply, outcome, took })
    }
}
