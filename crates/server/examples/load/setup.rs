//! Setting up the games of a run, not measured: each created, both seats
//! taken, the recorded line played up to `--start-ply` over HTTP as fast
//! as the server takes it, and with `--transport live` both players'
//! sockets opened; [`AT_ONCE`] games at a time.

use std::time::Instant;

use arbiter_games::GameId;
use futures_util::{StreamExt, stream};
use reqwest::{Client, StatusCode};
use serde_json::json;

use crate::game::{Played, new_game, post_move};
use crate::live::Pair;
use crate::recorded::Recorded;

/// Games set up at once.
pub const AT_ONCE: usize = 64;

/// Sets up one game of `game` for each pair of tokens, in that order,
/// each at the line's start ply, with its sockets if `live`.
pub async fn games(
    http: &Client,
    base: &str,
    game: GameId,
    pairs: Vec<[String; 2]>,
    line: &Recorded,
    live: bool,
) -> Vec<Played> {
    let started = Instant::now();
    let count = pairs.len();
    let games: Vec<Played> = stream::iter(pairs)
        .map(|pair| async move {
            let mut played = new_game(http, base, game, pair).await;
            while played.ply < line.start {
                let step = line.step(played.ply).expect("the line is longer than its start");
                let url = format!("{base}/api/games/{}/moves", played.id);
                let body = json!({"move": step.text, "ply": played.ply});
                let (status, answer) = post_move(http, url, &played.tokens[step.seat], body).await;
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "setup: the move {} at ply {} was refused: {answer}",
                    step.text,
                    played.ply
                );
                played.ply += 1;
            }
            if live {
                let pair = Pair::open(base, &played.id, &played.tokens).await;
                played.live = Some(pair.unwrap_or_else(|e| {
                    panic!("setup: a live socket did not open ({e}); see --server-args for the socket limits")
                }));
            }
            played
        })
        .buffered(AT_ONCE)
        .collect()
        .await;
    println!(
        "set up {count} games of {game} at ply {} in {:.1} s{}",
        line.start,
        started.elapsed().as_secs_f64(),
        if live { ", both players on the live socket" } else { "" }
    );
    games
}
