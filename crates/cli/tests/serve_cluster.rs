//! Several `arbiter serve` processes on one PostgreSQL database are one
//! service (PostgreSQL only; skipped, or failed in CI, without
//! `TEST_DATABASE_URL`).
//!
//! Two built `arbiter serve` processes are started on the same database of
//! the test's own, each on its own port. Accounts and sessions made through
//! one serve on the other; a game made through the first is joined through
//! the second; a move made by POST through the first reaches the WebSocket
//! of a spectator of the second (and the player's own socket on the
//! first), and a move sent on a WebSocket of the second reaches the
//! first's socket, each within 10 s. The ply guard holds across servers:
//! a move for a ply already played, sent to the other server, is refused
//! with 409 (by POST and on a socket), and when the player to move sends
//! a move for the same ply to both servers at once, exactly one is
//! applied and the other refused with 409. Moves made in turn through one
//! server and the other, each at once after the last, are all applied and
//! read back at once through either (each keeps games in memory). A
//! session signed out through one closes its socket on the other.

mod support_server;

use std::time::Duration;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support_server::{Server, Socket, TestDatabase, next_message, view_at_ply};
use tokio_tungstenite::tungstenite::Message;

/// How long a view may take to reach a socket of either server.
const WITHIN: Duration = Duration::from_secs(10);

/// How many moves are sent to both servers at once.
const RACES: u64 = 6;

/// Sends `{"type": "move", …}` on `socket`.
async fn send_move(socket: &mut Socket, mv: &str, ply: u64) {
    let message = json!({"type": "move", "move": mv, "ply": ply}).to_string();
    socket.send(Message::Text(message.into())).await.unwrap();
}

/// The moves a view or change message ends with: a change carries only
/// the moves added since the socket's last message.
fn last_moves(seen: &Value, n: usize) -> Value {
    let moves = if seen["type"] == "change" { &seen["moves_added"] } else { &seen["moves"] };
    let moves = moves.as_array().unwrap();
    json!(moves[moves.len().saturating_sub(n)..])
}

/// Reads the view `socket` gets at ply `ply` and checks it is that ply's.
async fn sees_ply(socket: &mut Socket, ply: u64, who: &str) -> Value {
    let view = view_at_ply(socket, ply, WITHIN).await;
    assert_eq!(view["ply"], ply, "{who} skipped ply {ply}: {view}");
    view
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_database_are_one_service() {
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    // One after the other: each migrates the database at start.
    let one = Server::start(&db.url).await;
    let two = Server::start(&db.url).await;

    let ann = one.account("ann").await;
    let bo = one.account("bo").await;
    let game = one
        .create(&ann, json!({"game": "agog", "variant": "classic", "seats": [{"account": "me"}, {"open": true}]}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let first = game["seats"][0]["seat"].as_str().unwrap().to_string();
    let second = game["seats"][1]["seat"].as_str().unwrap().to_string();
    assert_eq!(two.view(&id, None).await["status"]["state"], "open", "a game made on one is seen on two");

    let (status, taken) = two.post(&format!("/api/games/{id}/seats/{second}"), Some(&bo), Value::Null).await;
    assert_eq!(status, StatusCode::OK, "a session made on one signs in on two: {taken}");
    assert_eq!(taken["you"], json!([second]), "{taken}");
    assert_eq!(taken["status"]["state"], "ongoing", "{taken}");
    let (status, again) = one.post(&format!("/api/games/{id}/seats/{second}"), Some(&ann), Value::Null).await;
    assert_eq!(status, StatusCode::CONFLICT, "a seat taken on two is taken on one: {again}");

    let mut watcher = two.socket(&format!("/api/games/{id}/live"), None).await;
    let mut ann_socket = one.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    let seen = next_message(&mut watcher, WITHIN).await;
    assert_eq!(seen["type"], "view", "{seen}");
    assert_eq!(seen["view"]["ply"], 0, "{seen}");
    assert_eq!(seen["view"]["you"], json!([]), "a spectator: {seen}");
    assert_eq!(seen["view"]["seats"][1]["name"], "bo", "{seen}");
    let mine = next_message(&mut ann_socket, WITHIN).await;
    assert_eq!(mine["type"], "view", "{mine}");
    assert_eq!(mine["view"]["you"], json!([first]), "{mine}");
    assert_eq!(mine["view"]["to_move"], json!([first]), "{mine}");
    let opening = mine["view"]["legal"][0]["move"].as_str().unwrap().to_string();

    // A POST on one reaches a spectator of two.
    let (status, moved) =
        one.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": opening, "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let seen = sees_ply(&mut watcher, 1, "two's spectator").await;
    assert_eq!(last_moves(&seen, 1), json!([opening]), "{seen}");
    assert_eq!(seen["type"], "change", "a move made on one reaches two's spectator as the small change: {seen}");
    assert_eq!(last_moves(&sees_ply(&mut ann_socket, 1, "one's player").await, 1), json!([opening]));

    // A move on a socket of two reaches the sockets of one.
    let mut bo_socket = two.socket(&format!("/api/games/{id}/live"), Some(&bo)).await;
    let mine = next_message(&mut bo_socket, WITHIN).await;
    assert_eq!(mine["view"]["ply"], 1, "{mine}");
    assert_eq!(mine["view"]["to_move"], json!([second]), "{mine}");
    let reply = mine["view"]["legal"][0]["move"].as_str().unwrap().to_string();
    send_move(&mut bo_socket, &reply, 1).await;
    let seen = sees_ply(&mut ann_socket, 2, "one's player").await;
    assert_eq!(last_moves(&seen, 1), json!([reply]), "{seen}");
    assert!(seen["legal"].as_array().is_some_and(|l| !l.is_empty()), "ann is to move: {seen}");
    assert_eq!(last_moves(&sees_ply(&mut watcher, 2, "two's spectator").await, 1), json!([reply]));
    assert_eq!(last_moves(&sees_ply(&mut bo_socket, 2, "two's player").await, 1), json!([reply]));
    assert_eq!(one.view(&id, None).await["moves"], json!([opening, reply]));

    // A ply already played, sent to the other server: refused.
    let (status, twice) =
        two.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": reply, "ply": 1})).await;
    assert_eq!(status, StatusCode::CONFLICT, "ply 1 was played through two's socket: {twice}");
    assert_eq!(twice["error"]["code"], "conflict", "{twice}");
    let (status, twice) =
        two.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": opening, "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "ply 0 was played through one: {twice}");
    send_move(&mut ann_socket, &opening, 0).await;
    let refused = next_message(&mut ann_socket, WITHIN).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["error"]["code"], "conflict", "{refused}");
    assert_eq!(two.view(&id, None).await["moves"], json!([opening, reply]), "nothing was played twice");

    // The player to move sends a move for the same ply to both at once.
    let mut moves = vec![opening, reply];
    for ply in 2..2 + RACES {
        let view = one.view(&id, None).await;
        assert_eq!(view["ply"], ply, "{view}");
        assert_eq!(view["status"]["state"], "ongoing", "{view}");
        let token = if view["to_move"] == json!([first]) { &ann } else { &bo };
        let legal = two.view(&id, Some(token)).await["legal"].as_array().unwrap().clone();
        let (to_one, to_two) = (legal[0]["move"].as_str().unwrap(), legal[legal.len() - 1]["move"].as_str().unwrap());
        let path = format!("/api/games/{id}/moves");
        let (by_one, by_two) = tokio::join!(
            one.post(&path, Some(token), json!({"move": to_one, "ply": ply})),
            two.post(&path, Some(token), json!({"move": to_two, "ply": ply})),
        );
        let played = match (by_one.0, by_two.0) {
            (StatusCode::OK, StatusCode::CONFLICT) => to_one,
            (StatusCode::CONFLICT, StatusCode::OK) => to_two,
            other => {
                panic!("ply {ply}: exactly one of the two servers should apply it: {other:?} {by_one:?} {by_two:?}")
            }
        };
        let refusal = if by_one.0 == StatusCode::CONFLICT { &by_one.1 } else { &by_two.1 };
        eprintln!("ply {ply}: the other server refused: {}", refusal["error"]["message"]);
        moves.push(played.to_string());
        for server in [&one, &two] {
            let view = server.view(&id, None).await;
            assert_eq!(view["moves"], json!(moves), "{}: {view}", server.base);
        }
        for (socket, who) in [(&mut watcher, "two's spectator"), (&mut ann_socket, "one's player")] {
            let seen = sees_ply(socket, ply + 1, who).await;
            assert_eq!(last_moves(&seen, 1), json!([played]), "{who}: {seen}");
        }
    }

    // Each server keeps the games it has loaded in memory. Moves made in
    // turn through one and the other, each at once after the last, are
    // all applied: a server whose copy is older than the stored game
    // finds out and plays the move on the game as stored.
    for (turn, ply) in (2 + RACES..2 + RACES + 12).enumerate() {
        let (here, there) = if turn % 2 == 0 { (&one, &two) } else { (&two, &one) };
        let view = there.view(&id, None).await;
        if view["status"]["state"] != "ongoing" {
            break;
        }
        let token = if view["to_move"] == json!([first]) { &ann } else { &bo };
        let legal = there.view(&id, Some(token)).await["legal"][0]["move"].as_str().unwrap().to_string();
        let (status, moved) =
            here.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": legal, "ply": ply})).await;
        assert_eq!(status, StatusCode::OK, "ply {ply} through {}: {moved}", here.base);
        moves.push(legal);
        assert_eq!(moved["moves"], json!(moves), "{moved}");
        assert_eq!(there.view(&id, None).await["moves"], json!(moves), "read at once through {}", there.base);
    }

    // Signing out through one closes the session's socket on two.
    let (status, _) = one.call(reqwest::Method::DELETE, "/api/sessions/current", Some(&bo), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let closed = tokio::time::timeout(WITHIN, async {
        use futures_util::StreamExt;
        loop {
            match bo_socket.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => return None,
            }
        }
    })
    .await
    .expect("bo's socket on two closes");
    assert_eq!(closed, Some(4001), "closed as its session ended");

    for server in [&one, &two] {
        let log = server.log_text();
        assert!(!log.contains("ERROR"), "{} logged an error:\n{log}", server.base);
    }
}

/// A rated game resigned by both its players at once, one on each server,
/// ends once and is rated once: one resignation is refused, each player
/// has exactly one point of rating history, and the two changes match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_ended_on_two_servers_at_once_is_rated_once() {
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    let one = Server::start(&db.url).await;
    let two = Server::start(&db.url).await;
    let ann = one.account("ann").await;
    let bo = two.account("bo").await;
    for round in 0..3 {
        let game = one.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
        assert_eq!(game["rated"], true, "{game}");
        let id = game["id"].as_str().unwrap().to_string();
        let second = game["seats"][1]["seat"].as_str().unwrap().to_string();
        let (status, taken) = two.post(&format!("/api/games/{id}/seats/{second}"), Some(&bo), Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
        // Each side moves, so the game counts.
        for ply in 0..2u64 {
            for (server, token) in [(&one, &ann), (&two, &bo)] {
                let view = server.view(&id, Some(token)).await;
                if let Some(mv) = view["legal"].get(0) {
                    let body = json!({"move": mv["move"], "ply": ply});
                    let (status, moved) = server.post(&format!("/api/games/{id}/moves"), Some(token), body).await;
                    assert_eq!(status, StatusCode::OK, "{moved}");
                    break;
                }
            }
        }
        let path = format!("/api/games/{id}/resign");
        let ((s1, a1), (s2, a2)) =
            tokio::join!(one.post(&path, Some(&ann), Value::Null), two.post(&path, Some(&bo), Value::Null));
        assert!(
            [s1, s2].iter().filter(|s| s.is_success()).count() == 1,
            "round {round}: exactly one resignation ends it: {s1} {a1} / {s2} {a2}"
        );
        let over = if s1.is_success() { a1 } else { a2 };
        let changes: Vec<i64> =
            over["seats"].as_array().unwrap().iter().map(|s| s["rating_change"].as_i64().unwrap()).collect();
        assert!(changes.iter().all(|c| *c != 0), "{over}");
        if round == 0 {
            assert_eq!(changes[0], -changes[1], "two new players move alike: {over}");
        }
        assert_eq!(two.view(&id, None).await["seats"], over["seats"], "both servers show the one rating");
    }
    for (name, server) in [("ann", &one), ("bo", &two)] {
        let (status, points) = server.get(&format!("/api/players/{name}/ratings/sage"), None).await;
        assert_eq!(status, StatusCode::OK, "{points}");
        assert_eq!(points.as_array().unwrap().len(), 3, "one point a game: {points}");
        let (_, page) = server.get(&format!("/api/players/{name}"), None).await;
        assert_eq!(page["ratings"]["sage"]["games"], 3, "{page}");
    }
}
