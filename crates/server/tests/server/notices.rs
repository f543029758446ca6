//! The personal channel: notices of one's turn, an invitation, an offer,
//! a round opened, a game over and a chat message, live on `/api/me/live`
//! with the count of games waiting for one's move, and read back from
//! `/api/me/notices`; who gets which; and that no notice, count or
//! message reveals another player's pending Single Capture Go play. On
//! SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Socket, TestServer, next_message};

const WAIT: Duration = Duration::from_secs(10);

/// The next notice on a personal channel, passing over counts.
async fn next_notice(socket: &mut Socket) -> Value {
    loop {
        let message = next_message(socket, WAIT).await;
        if message["type"] == "notice" {
            return message["notice"].clone();
        }
    }
}

/// The next count on a personal channel, passing over notices.
async fn next_count(socket: &mut Socket) -> u64 {
    loop {
        let message = next_message(socket, WAIT).await;
        if message["type"] == "counts" {
            return message["your_turn"].as_u64().unwrap();
        }
    }
}

async fn notices_of(s: &TestServer, token: &str) -> Vec<Value> {
    let (status, body) = s.get("/api/me/notices", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["notices"].as_array().unwrap().clone()
}

async fn a_player_is_told_of_each_thing_that_concerns_them(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let cy = s.account("cy").await;
    let mut bobs = s.socket("/api/me/live", Some(&bob)).await;
    assert_eq!(next_count(&mut bobs).await, 0);

    // Invited.
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let invited = next_notice(&mut bobs).await;
    assert_eq!((invited["kind"].as_str(), invited["game"].as_str()), (Some("invited"), Some(id.as_str())));
    assert_eq!(invited["seat"], "r");
    assert!(invited["text"].as_str().unwrap().contains("ann invites you to play Sage Tafl"), "{invited}");
    // Accepted from the notice: the seat it names.
    let (status, _) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);

    // Bob's turn after ann moves: a notice and the count.
    let view = s.view(&id, Some(&ann)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap();
    s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": 0})).await;
    // The notice and the new count are separate messages, in either order
    // (a poke may read the count after the move but the notices before).
    let (mut turn, mut count) = (Value::Null, None);
    while turn.is_null() || count != Some(1) {
        let message = next_message(&mut bobs, WAIT).await;
        match message["type"].as_str() {
            Some("notice") => turn = message["notice"].clone(),
            Some("counts") => count = message["your_turn"].as_u64(),
            _ => {}
        }
    }
    assert_eq!(turn["kind"], "your_turn", "{turn}");
    assert_eq!(turn["id"], 0, "a turn's notice is sent, not kept: {turn}");
    assert!(turn["text"].as_str().unwrap().contains("against ann"), "{turn}");
    let (_, body) = s.get("/api/me/notices", Some(&bob)).await;
    assert_eq!(body["your_turn"], 1);

    // Chat in the players' room; a spectator's room message tells nobody.
    s.post(&format!("/api/games/{id}/chat"), Some(&cy), json!({"room": "spectators", "text": "hm"})).await;
    s.post(&format!("/api/games/{id}/chat"), Some(&ann), json!({"room": "players", "text": "your move"})).await;
    let chat = next_notice(&mut bobs).await;
    assert_eq!(chat["kind"], "chat", "{chat}");
    assert!(chat["text"].as_str().unwrap().starts_with("ann wrote"), "{chat}");

    // An offer; then bob moves (the count drops) and resigns: game over.
    let view = s.view(&id, Some(&bob)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap();
    s.post(&format!("/api/games/{id}/moves"), Some(&bob), json!({"move": mv, "ply": 1})).await;
    assert_eq!(next_count(&mut bobs).await, 0);
    s.post(&format!("/api/games/{id}/offers"), Some(&ann), json!({"kind": "draw"})).await;
    assert_eq!(next_notice(&mut bobs).await["kind"], "offer");
    s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    let over = next_notice(&mut bobs).await;
    assert_eq!(over["kind"], "game_over", "{over}");
    // Told as the player reads it, not in the engine protocol's words.
    assert_eq!(over["text"], "Your game of Sage Tafl against ann is over: you won by resignation", "{over}");

    // All of it read back, oldest first (a turn's notice is not kept:
    // the count tells it); `since` and `after` page it.
    let kinds: Vec<String> =
        notices_of(s, &bob).await.iter().map(|n| n["kind"].as_str().unwrap().to_string()).collect();
    assert_eq!(kinds, ["invited", "chat", "offer", "game_over"]);
    let first = notices_of(s, &bob).await[0]["id"].as_i64().unwrap();
    let (_, later) = s.get(&format!("/api/me/notices?after={first}"), Some(&bob)).await;
    assert_eq!(later["notices"].as_array().unwrap().len(), 3);
    let (_, none) = s.get("/api/me/notices?since=2099-01-01T00:00:00Z", Some(&bob)).await;
    assert_eq!(none["notices"], json!([]));
    // Ann was told of nothing she did herself: of the end (her turns
    // were sent, not kept).
    let anns: Vec<String> = notices_of(s, &ann).await.iter().map(|n| n["kind"].as_str().unwrap().to_string()).collect();
    assert_eq!(anns, ["game_over"], "{anns:?}");
    let anns_end = notices_of(s, &ann).await[0]["text"].clone();
    assert_eq!(anns_end, "Your game of Sage Tafl against bob is over: you lost by resignation");
    assert!(notices_of(s, &cy).await.is_empty(), "a spectator is told nothing");

    // Bad input and strangers.
    let (status, refused) = s.get("/api/me/notices?since=yesterday", Some(&bob)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("'yesterday'"), "{refused}");
    let (status, _) = s.get("/api/me/notices?until=now", Some(&bob)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = s.get("/api/me/notices", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    match tokio_tungstenite::connect_async(s.ws("/api/me/live")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), StatusCode::UNAUTHORIZED)
        }
        other => panic!("a personal channel opened signed out: {:?}", other.map(|_| ())),
    }
}

async fn no_notice_reveals_a_pending_play(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let cy = s.account("cy").await;
    let made = s
        .create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"account": "bob"}, {"account": "cy"}], "clock": {"round_hours": 24, "close_early": true}}))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let mut bobs = s.socket("/api/me/live", Some(&bob)).await;
    let mut cys = s.socket("/api/me/live", Some(&cy)).await;
    s.post(&format!("/api/games/{id}/seats/B"), Some(&bob), json!(null)).await;
    s.post(&format!("/api/games/{id}/seats/C"), Some(&cy), json!(null)).await;
    let (status, _) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK);
    s.post(&format!("/api/games/{id}/chat"), Some(&ann), json!({"room": "players", "text": "played"})).await;
    for (token, from_end) in [(&bob, 1), (&cy, 2)] {
        let legal = s.view(&id, Some(token)).await["legal"].as_array().unwrap().clone();
        let play = legal[legal.len() - from_end]["move"].as_str().unwrap().to_string();
        let (status, body) =
            s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": play, "ply": 1})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // The round closed (all plays in): round 2 opens for each of them.
    let mut seen = Vec::new();
    for socket in [&mut bobs, &mut cys] {
        loop {
            let message = next_message(socket, WAIT).await;
            seen.push(message.to_string().replace(&id, "<game>"));
            if message["type"] == "notice" && message["notice"]["kind"] == "round_open" {
                break;
            }
        }
    }
    let (_, read) = s.get("/api/me/notices", Some(&bob)).await;
    seen.push(read.to_string().replace(&id, "<game>"));
    for text in &seen {
        assert!(!text.contains("c3"), "ann's play reaches another player before the round shows it: {text}");
    }
    // Each of them now has a play to send: the count says so.
    let (_, body) = s.get("/api/me/notices", Some(&cy)).await;
    assert_eq!(body["your_turn"], 1, "{body}");
    let legal = s.view(&id, Some(&cy)).await["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/moves"), Some(&cy), json!({"move": legal, "ply": 2})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = s.get("/api/me/notices", Some(&cy)).await;
    assert_eq!(body["your_turn"], 0, "cy's play is in: {body}");
}

on_both!(told_sqlite, told_postgres, a_player_is_told_of_each_thing_that_concerns_them);

/// The player to move is told the name of whoever just took the open seat,
/// not "an open seat".
async fn a_turn_names_the_player_who_just_sat_down(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let mut anns = s.socket("/api/me/live", Some(&ann)).await;
    assert_eq!(next_count(&mut anns).await, 0);
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let (status, body) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let turn = next_notice(&mut anns).await;
    assert_eq!(turn["kind"], "your_turn", "{turn}");
    assert_eq!(turn["text"], "Your move in Sage Tafl against bob", "{turn}");
}

on_both!(sat_down_sqlite, sat_down_postgres, a_turn_names_the_player_who_just_sat_down);
on_both!(secret_sqlite, secret_postgres, no_notice_reveals_a_pending_play);

async fn a_guest_reads_its_own_notices_and_nobody_elses(s: &TestServer) {
    let (status, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED);
    let guest = guest["token"].as_str().unwrap().to_string();
    let made = s.create(&guest, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let (status, body) = s.get("/api/me/notices", Some(&guest)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["notices"], json!([]), "no turn notices against the computer alone");
    assert_eq!(body["your_turn"], 1, "its game waits for its move: {made}");
    let ann = s.account("ann").await;
    assert_eq!(notices_of(s, &ann).await, Vec::<Value>::new());
}

on_both!(guest_sqlite, guest_postgres, a_guest_reads_its_own_notices_and_nobody_elses);

#[test]
fn an_account_reads_its_notices_sixty_times_a_minute_by_default() {
    use arbiter_server::limits::{Limits, Rate};
    assert_eq!(Limits::default().notice_reads_per_account, Rate::per_minute(60));
}

/// At sixty a day rather than the default sixty a minute, so that no
/// read's share comes back during the test however slow the machine (at
/// sixty a minute, one comes back every second).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_account_reads_its_notices_sixty_times_a_period() {
    use arbiter_server::limits::{Limits, Rate};
    let settings = arbiter_server::Settings {
        limits: Limits {
            registrations_per_address: Rate::per_hour(100),
            notice_reads_per_account: Rate::per_day(60),
            ..Limits::default()
        },
        ..arbiter_server::Settings::default()
    };
    let s = TestServer::start_set(support::Db::Sqlite, settings, |_| {}).await.unwrap();
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    for i in 0..60 {
        let (status, body) = s.get("/api/me/notices", Some(&ann)).await;
        assert_eq!(status, StatusCode::OK, "{i}: {body}");
    }
    let refused = s.http.get(format!("{}/api/me/notices", s.base)).bearer_auth(&ann).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().get("retry-after").is_some());
    let (status, _) = s.get("/api/me/notices", Some(&bob)).await;
    assert_eq!(status, StatusCode::OK, "bob has his own share");
    s.finish().await;
}
