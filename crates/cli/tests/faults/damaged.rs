//! A game whose stored record was altered by hand (a move that is not
//! legal, a record cut short) loads as damaged: its players are told so
//! in plain words (500 `damaged`), it takes no move, and nothing else is
//! touched: the server starts, every other game loads and is played on,
//! the lists still list, and `arbiter admin damaged` names exactly the
//! damaged games, and shows one as stored; a deadline of a damaged game
//! is told to the operator once, not every second. On SQLite and on
//! PostgreSQL.

use std::process::Command;

use crate::support_server::players::create_games;
use crate::support_server::{Server, TestDatabase};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A game of `ann` (first seat) and `bo` with `moves` played.
async fn game_played(server: &Server, ann: &str, bo: &str, moves: usize) -> String {
    let game = create_games(server, ann, bo, 1).await.remove(0);
    for _ in 0..moves {
        play_one(server, &game.id, &[ann, bo]).await;
    }
    game.id
}

/// Plays the first legal move of whoever of `tokens` is to move in `id`.
async fn play_one(server: &Server, id: &str, tokens: &[&str]) -> Value {
    for token in tokens {
        let view = server.view(id, Some(token)).await;
        let Some(mv) = view["legal"].as_array().and_then(|l| l.first()) else { continue };
        let body = json!({"move": mv["move"], "ply": view["ply"]});
        let (status, after) = server.post(&format!("/api/games/{id}/moves"), Some(token), body).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        return after;
    }
    panic!("{id}: nobody has a legal move");
}

/// `arbiter admin damaged ARGS --json` on `url`: its JSON.
fn admin_damaged(url: &str, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["admin", "damaged", "--json", "--database", url])
        .args(args)
        .env_remove("ARBITER_DATABASE")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "arbiter admin damaged {args:?}: {text}{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The error answered for `path` with `token`, checked to be the
/// `damaged` one.
async fn damaged_answer(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) {
    let (status, answer) = server.call(method, path, token, body).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{path}: {answer}");
    assert_eq!(answer["error"]["code"], "damaged", "{path}: {answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("damaged") && message.contains("operator"), "{path}: the player is told: {message}");
}

async fn damaged_games_are_shown_as_such_and_touch_nothing_else(db: &TestDatabase) {
    let server = Server::start(&db.url).await;
    let ann = server.account("ann").await;
    let bo = server.account("bo").await;
    let illegal = game_played(&server, &ann, &bo, 4).await;
    let cut = game_played(&server, &ann, &bo, 2).await;
    let healthy = game_played(&server, &ann, &bo, 3).await;
    let open = server.create(&ann, json!({"game": "ogama", "seats": [{"account": "me"}, {"open": true}]})).await;
    let open = open["id"].as_str().unwrap().to_string();
    let terminated = server.terminate(std::time::Duration::from_secs(20));
    assert_eq!(terminated, Some(0), "the server stops cleanly:\n{}", server.log_text());
    drop(server);

    arbiter_testkit::run_sql(
        &db.url,
        &[
            format!("UPDATE game_moves SET move = 'z99-z98' WHERE game_key = '{illegal}' AND ply = 2"),
            format!("UPDATE games SET record = substr(record, 1, 9) WHERE key = '{cut}'"),
            // Its turn's deadline long past: the deadline job finds it
            // due, cannot load it, and says so once.
            format!("UPDATE games SET deadline = 1 WHERE key = '{cut}'"),
        ],
    )
    .await;

    let server = Server::start(&db.url).await;
    for id in [&illegal, &cut] {
        let path = format!("/api/games/{id}");
        damaged_answer(&server, reqwest::Method::GET, &path, Some(&ann), None).await;
        damaged_answer(&server, reqwest::Method::GET, &path, None, None).await;
        let body = json!({"move": "a1-a2", "ply": 4});
        damaged_answer(&server, reqwest::Method::POST, &format!("{path}/moves"), Some(&bo), Some(body)).await;
    }
    let (status, answer) = server.get(&format!("/api/games/{illegal}/record"), Some(&ann)).await;
    assert_eq!((status, &answer["error"]["code"]), (StatusCode::INTERNAL_SERVER_ERROR, &json!("damaged")), "{answer}");

    let after = play_one(&server, &healthy, &[&ann, &bo]).await;
    assert_eq!(after["ply"], 4, "the healthy game goes on: {after}");
    let (status, mine) = server.get("/api/games?mine=true", Some(&ann)).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let listed: Vec<&str> = mine.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert!(listed.contains(&healthy.as_str()) && listed.contains(&open.as_str()), "{mine}");
    assert!(!listed.contains(&illegal.as_str()) && !listed.contains(&cut.as_str()), "{mine}");
    let (status, lobby) = server.get("/api/games?state=open", None).await;
    assert_eq!(status, StatusCode::OK, "{lobby}");
    assert!(lobby.as_array().unwrap().iter().any(|g| g["id"] == open.as_str()), "{lobby}");

    let found = admin_damaged(&db.url, &[]);
    eprintln!("{}: arbiter admin damaged --json: {found}", db.kind);
    let mut named: Vec<&str> =
        found["damaged"].as_array().unwrap().iter().map(|d| d["game"].as_str().unwrap()).collect();
    named.sort_unstable();
    let mut expected = vec![illegal.as_str(), cut.as_str()];
    expected.sort_unstable();
    assert_eq!(named, expected, "exactly the damaged games: {found}");
    for d in found["damaged"].as_array().unwrap() {
        assert!(!d["damage"].as_str().unwrap().is_empty(), "{d}");
    }
    let one = admin_damaged(&db.url, &[&illegal]);
    assert!(one["damage"].is_string(), "{one}");
    assert_eq!(one["moves"][2]["move"], "z99-z98", "the stored move is shown as stored: {one}");
    assert_eq!(one["moves"].as_array().unwrap().len(), 4, "{one}");
    let fine = admin_damaged(&db.url, &[&healthy]);
    assert!(fine["damage"].is_null(), "{fine}");

    // The deadline that cannot be handled is told once, not every second.
    const TOLD: &str = "a deadline cannot be handled";
    let waited = std::time::Instant::now();
    while !server.log_text().contains(TOLD) {
        assert!(waited.elapsed() < std::time::Duration::from_secs(20), "{TOLD}: never said\n{}", server.log_text());
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // Longer than the second after which a passing failure is retried.
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let log = server.log_text();
    assert_eq!(log.matches(TOLD).count(), 1, "told once:\n{log}");
    assert!(log.contains(&cut), "naming the game:\n{log}");
    assert!(!log.contains("was not handled"), "{log}");
    assert!(!log.contains("panicked"), "no handler panicked:\n{log}");
    assert!(log.contains("damaged"), "the operator's log names the damage:\n{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_games_on_sqlite_are_shown_as_such_and_touch_nothing_else() {
    let _one = crate::one_at_a_time().await;
    damaged_games_are_shown_as_such_and_touch_nothing_else(&TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_games_on_postgres_are_shown_as_such_and_touch_nothing_else() {
    let _one = crate::one_at_a_time().await;
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    damaged_games_are_shown_as_such_and_touch_nothing_else(&db).await;
}
