//! What an operator of `arbiter serve` relies on: the log as one JSON
//! object a line (`--log-format json`), the metrics through a proxy with
//! the metrics token (`--metrics-token`), and `arbiter backup`, a copy of
//! the live database that holds every move acknowledged before it began;
//! `arbiter admin` beside a running server, which hears each change at
//! once (on SQLite, through the file they share); and SIGTERM, which
//! closes every WebSocket saying the server goes away before it exits.

mod support_server;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use support_server::{ApiClient, PASSWORD, Server, TestDatabase, next_message, socket_closed};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_is_json_and_the_token_reads_the_metrics() {
    let db = TestDatabase::sqlite();
    let token = "0123456789abcdef-operator";
    let server =
        Server::start_with(&db.url, &["--log-format", "json", "--metrics-token", token, "--database-connections", "3"])
            .await;
    server.account("ann").await;

    let metrics = |token: Option<&'static str>| {
        let mut request = server.http.get(format!("{}/metrics", server.base)).header("x-forwarded-for", "198.51.100.7");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move {
            let answer = request.send().await.unwrap();
            (answer.status(), answer.text().await.unwrap())
        }
    };
    let (status, text) = metrics(Some("0123456789abcdef-operator")).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let registered = r#"arbiter_http_requests_total{route="/api/accounts",method="POST",status="201"} 1"#;
    assert!(text.contains(registered), "{text}");
    assert_eq!(metrics(None).await.0, StatusCode::FORBIDDEN, "through a proxy without the token");
    server.kill();

    let log = server.log_text();
    let events: Vec<Value> =
        log.lines().filter(|l| l.starts_with('{')).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!events.is_empty(), "no JSON log line in:\n{log}");
    for event in &events {
        assert!(event["level"].is_string() && event["timestamp"].is_string(), "{event}");
    }
    let plain = log.lines().filter(|l| !l.starts_with('{') && (l.contains(" INFO ") || l.contains(" WARN ")));
    assert_eq!(plain.count(), 0, "every log event is JSON:\n{log}");
    assert!(!log.contains("Serving on"), "the JSON log's serving line replaces the sentence:\n{log}");
    let serving = events.iter().find(|e| e["fields"]["message"] == "serving").expect("a serving line");
    assert_eq!(serving["fields"]["database_connections"], 3, "the pool as asked: {serving}");
}

/// A move a player's request had acknowledged, and when.
struct Acknowledged {
    ply: usize,
    mv: String,
    at: Instant,
}

/// Plays the game `id` (a legal move of whoever is to move, chosen by a
/// generator seeded with `seed`) until `stop` or its end; every
/// acknowledged move.
async fn play(
    api: ApiClient,
    id: String,
    tokens: [(String, String); 2],
    stop: Arc<AtomicBool>,
    seed: u64,
) -> Vec<Acknowledged> {
    let mut random = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut acknowledged = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let view = api.view(&id, None).await;
        if view["status"]["state"] == "over" {
            break;
        }
        let Some((_, token)) = tokens.iter().find(|(seat, _)| view["to_move"] == json!([seat])) else { break };
        let mine = api.view(&id, Some(token)).await;
        let ply = mine["ply"].as_u64().unwrap();
        let legal = mine["legal"].as_array().unwrap();
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        let mv = legal[(random % legal.len() as u64) as usize]["move"].as_str().unwrap().to_string();
        let (status, answer) =
            api.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": ply})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        acknowledged.push(Acknowledged { ply: ply as usize, mv, at: Instant::now() });
    }
    acknowledged
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_made_while_moves_are_made_holds_every_move_acknowledged_before_it() {
    let db = TestDatabase::sqlite();
    let server = Server::start(&db.url).await;
    let ann = server.account("ann").await;
    let bo = server.account("bo").await;
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    for seed in 1..=6 {
        let game = server.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
        let id = game["id"].as_str().unwrap().to_string();
        let seats = [game["seats"][0]["seat"].as_str().unwrap(), game["seats"][1]["seat"].as_str().unwrap()];
        let (status, taken) = server.post(&format!("/api/games/{id}/seats/{}", seats[1]), Some(&bo), Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
        let tokens = [(seats[0].to_string(), ann.clone()), (seats[1].to_string(), bo.clone())];
        players.push((id.clone(), tokio::spawn(play(server.api.clone(), id, tokens, stop.clone(), seed))));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let out = tempfile::tempdir().unwrap();
    let copy = out.path().join("copy.db");
    let began = Instant::now();
    let command = (db.url.clone(), copy.clone());
    let backup = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["backup", "--json", "--database", &command.0])
            .arg(&command.1)
            .env_remove("ARBITER_DATABASE")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::Relaxed);
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let report: Value = serde_json::from_slice(&backup.stdout).unwrap();
    assert_eq!((report["games"].as_i64(), report["accounts"].as_i64()), (Some(6), Some(2)), "{report}");

    // The copy, restored: a server on it.
    let restored = Server::start(&format!("sqlite://{}", copy.display())).await;
    let (mut before, mut after, mut later) = (0, 0, 0);
    for (id, player) in players {
        let acknowledged = player.await.unwrap();
        let moves = restored.view(&id, None).await["moves"].as_array().unwrap().clone();
        for a in &acknowledged {
            if a.at < began {
                before += 1;
                assert_eq!(
                    moves.get(a.ply),
                    Some(&json!(a.mv)),
                    "game {id}: move {} acknowledged before the backup",
                    a.ply
                );
            }
        }
        for (ply, mv) in moves.iter().enumerate() {
            let played = acknowledged.iter().find(|a| a.ply == ply).map(|a| json!(a.mv));
            assert!(played.is_none_or(|p| &p == mv), "game {id}: the copy's move {ply} was never played");
        }
        after += acknowledged.len().saturating_sub(moves.len());
        later += acknowledged.iter().filter(|a| a.at > began).count();
    }
    assert!(before > 0, "moves were acknowledged before the backup");
    assert!(later > 0, "moves went on being made while the copy was made and after");
    eprintln!("{before} moves acknowledged before the backup, all in the copy; {after} made after it was taken");
}

/// Runs `arbiter admin --json <args>` on `database`: its JSON answer, or
/// its error line.
async fn admin(database: &str, args: &[&str]) -> Result<Value, String> {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command.args(["admin", "--json", "--database", database]).args(args);
    command.env("ARBITER_PUBLIC_URL", "https://club.example").env_remove("ARBITER_DATABASE");
    let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    if output.status.success() {
        Ok(serde_json::from_slice(&output.stdout).unwrap())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_administrator_s_commands_reach_the_running_server_at_once() {
    let db = TestDatabase::sqlite();
    let server = Server::start(&db.url).await;
    let ann = server.account("ann").await;
    let bob = server.account("bob").await;
    let game = server.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let seat = game["seats"][1]["seat"].as_str().unwrap().to_string();
    assert_eq!(server.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await.0, StatusCode::OK);
    let within = Duration::from_secs(10);

    let listed = admin(&db.url, &["accounts"]).await.unwrap();
    let names: Vec<&str> = listed["accounts"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["ann", "bob"], "{listed}");
    assert_eq!(listed["accounts"][0]["games"], 1);

    // Disabled: her socket closes at once, and she cannot sign in.
    let mut hers = server.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    next_message(&mut hers, within).await;
    let disabled = admin(&db.url, &["disable", "ann"]).await.unwrap();
    assert_eq!(disabled, json!({"disabled": "ann", "sessions_ended": 1}));
    assert_eq!(socket_closed(&mut hers, within).await, Some(4001));
    let sign_in = json!({"name": "ann", "password": PASSWORD});
    assert_eq!(server.post("/api/sessions", None, sign_in.clone()).await.0, StatusCode::FORBIDDEN);
    admin(&db.url, &["enable", "ann"]).await.unwrap();
    assert_eq!(server.post("/api/sessions", None, sign_in).await.0, StatusCode::CREATED);

    // A reset link for the public URL the server is known by.
    let link = admin(&db.url, &["reset-link", "bob"]).await.unwrap();
    assert!(link["link"].as_str().unwrap().starts_with("https://club.example/reset?token="), "{link}");
    assert_eq!(admin(&db.url, &["grant-admin", "bob"]).await.unwrap(), json!({"admin": "bob"}));
    let listed = admin(&db.url, &["accounts", "--prefix", "B"]).await.unwrap();
    assert_eq!(
        (listed["accounts"][0]["name"].as_str(), listed["accounts"][0]["admin"].as_bool()),
        (Some("bob"), Some(true))
    );

    // A game called off: whoever watches sees it over at once.
    let mut watching = server.socket(&format!("/api/games/{id}/live"), None).await;
    next_message(&mut watching, within).await;
    assert_eq!(admin(&db.url, &["abort", &id]).await.unwrap(), json!({"aborted": id}));
    loop {
        let message = next_message(&mut watching, within).await;
        if message.to_string().contains(r#""state":"aborted""#) {
            break;
        }
    }
    let again = admin(&db.url, &["abort", &id]).await.unwrap_err();
    assert!(again.contains("over"), "{again}");
    let nobody = admin(&db.url, &["disable", "nobody"]).await.unwrap_err();
    assert!(nobody.contains("'nobody': no such account"), "{nobody}");

    // The text log in a file: the serving line, and no terminal colours.
    server.kill();
    let log = server.log_text();
    assert!(log.contains(" INFO ") && log.contains("serving"), "{log}");
    assert!(!log.contains('\u{1b}'), "no terminal colours in a file:\n{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_every_websocket_saying_the_server_goes_away() {
    let db = TestDatabase::sqlite();
    let server = Server::start(&db.url).await;
    let ann = server.account("ann").await;
    let game = server.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let mut player = server.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    let mut spectator = server.socket(&format!("/api/games/{id}/live"), None).await;
    let mut lobby = server.socket("/api/lobby/live", None).await;
    for socket in [&mut player, &mut spectator] {
        next_message(socket, Duration::from_secs(10)).await;
    }

    let exited = tokio::task::spawn_blocking({
        let server = std::sync::Arc::new(server);
        move || (server.terminate(Duration::from_secs(20)), server)
    });
    for (who, socket) in [("the player", &mut player), ("a spectator", &mut spectator), ("the lobby", &mut lobby)] {
        assert_eq!(socket_closed(socket, Duration::from_secs(15)).await, Some(1001), "{who}'s socket: going away");
    }
    let (code, server) = exited.await.unwrap();
    assert_eq!(code, Some(0), "the server exits cleanly:\n{}", server.log_text());
}
