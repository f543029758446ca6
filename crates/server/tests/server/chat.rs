//! Chat in a game: who writes and reads which room (players, spectators,
//! before and after the end; guests and people signed out), bad text, the
//! messages live on the game's socket to those who may read them, muting,
//! an administrator's removal, the limits per account, and a Single
//! Capture Go player's pending play never reaching another through chat.
//! On SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use arbiter_server::admin::Admin;
use arbiter_server::limits::{Limits, Rate};
use arbiter_store::Store;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Db, Socket, TestServer, next_message};

const WAIT: Duration = Duration::from_secs(10);

async fn say(s: &TestServer, id: &str, token: Option<&str>, room: &str, text: &str) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/chat"), token, json!({"room": room, "text": text})).await
}

/// The texts of a room as `token` reads it.
async fn texts(s: &TestServer, id: &str, token: Option<&str>, room: &str) -> Vec<String> {
    let (status, messages) = s.get(&format!("/api/games/{id}/chat?room={room}"), token).await;
    assert_eq!(status, StatusCode::OK, "{messages}");
    messages.as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

/// The next chat message on `socket`, passing over views and changes.
async fn next_chat(socket: &mut Socket) -> Value {
    loop {
        let message = next_message(socket, WAIT).await;
        if message["type"] == "chat" {
            return message["message"].clone();
        }
    }
}

/// A Sage Tafl game of ann (b) and bob (r).
async fn game_of_two(s: &TestServer) -> (String, String, String) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    (id, ann, bob)
}

async fn rooms_are_written_and_read_by_whom_they_are_for(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let cy = s.account("cy").await;
    let (guest_status, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(guest_status, StatusCode::CREATED);
    let guest = guest["token"].as_str().unwrap().to_string();

    let (status, said) = say(s, &id, Some(&ann), "players", "good luck <b>bob</b>").await;
    assert_eq!(status, StatusCode::CREATED, "{said}");
    assert_eq!((said["room"].as_str(), said["name"].as_str()), (Some("players"), Some("ann")));
    assert!(said["id"].as_i64().unwrap() > 0 && said["at"].as_str().unwrap().ends_with('Z'), "{said}");
    let (status, said) = say(s, &id, Some(&cy), "spectators", "a quiet opening").await;
    assert_eq!(status, StatusCode::CREATED, "{said}");

    for (token, room, who) in [
        (Some(cy.as_str()), "players", "a spectator in the players' room"),
        (Some(ann.as_str()), "spectators", "a player in the spectators' room"),
        (Some(guest.as_str()), "spectators", "a guest"),
    ] {
        let (status, refused) = say(s, &id, token, room, "hello").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {refused}");
    }
    let (status, refused) = say(s, &id, None, "spectators", "hello").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    for (body, names) in [
        (json!({"room": "players", "text": ""}), "'text'"),
        (json!({"room": "players", "text": "   "}), "'text'"),
        (json!({"room": "players", "text": "x".repeat(501)}), "not 501"),
        (json!({"room": "players", "text": "two\nlines"}), "control characters"),
        (json!({"room": "players", "text": "bell\u{7}"}), "control characters"),
        (json!({"room": "lobby", "text": "hi"}), "'lobby': a room is players or spectators"),
        (json!({"room": "players"}), "text"),
        (json!({"room": "players", "text": "hi", "to": "bob"}), "to"),
    ] {
        let (status, refused) = s.post(&format!("/api/games/{id}/chat"), Some(&ann), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(names), "{body}: {refused}");
    }
    let (status, _) = say(s, "nosuchgame", Some(&ann), "players", "hi").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, said) = say(s, &id, Some(&ann), "players", &"é".repeat(500)).await;
    assert_eq!(status, StatusCode::CREATED, "500 characters, 1,000 bytes: {said}");

    // The players' room, to everyone; the spectators' to the others while
    // the game goes on.
    for token in [Some(ann.as_str()), Some(bob.as_str()), Some(cy.as_str()), None] {
        assert_eq!(texts(s, &id, token, "players").await[0], "good luck <b>bob</b>");
    }
    assert_eq!(texts(s, &id, Some(&cy), "spectators").await, vec!["a quiet opening"]);
    assert_eq!(texts(s, &id, None, "spectators").await, vec!["a quiet opening"]);
    let (status, refused) = s.get(&format!("/api/games/{id}/chat?room=spectators"), Some(&bob)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, _) = s.get(&format!("/api/games/{id}/chat?room=nowhere"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = s.get(&format!("/api/games/{id}/chat"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Once it is over, everyone reads both.
    s.post(&format!("/api/games/{id}/resign"), Some(&bob), json!(null)).await;
    assert_eq!(texts(s, &id, Some(&bob), "spectators").await, vec!["a quiet opening"]);
}

async fn messages_reach_the_sockets_that_may_read_them(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let cy = s.account("cy").await;
    let path = format!("/api/games/{id}/live");
    let mut bobs = s.socket(&path, Some(&bob)).await;
    let mut cys = s.socket(&path, Some(&cy)).await;
    let mut nobodys = s.socket(&path, None).await;
    for socket in [&mut bobs, &mut cys, &mut nobodys] {
        assert_eq!(next_message(socket, WAIT).await["type"], "view");
    }
    say(s, &id, Some(&cy), "spectators", "for the watchers").await;
    let (_, said) = say(s, &id, Some(&ann), "players", "your move soon").await;
    for socket in [&mut cys, &mut nobodys] {
        assert_eq!(next_chat(socket).await["text"], "for the watchers");
        assert_eq!(next_chat(socket).await, said);
    }
    // Bob, a player, is not sent the spectators' room while the game goes on.
    assert_eq!(next_chat(&mut bobs).await, said);

    // Bob mutes ann: her messages are gone from his reading and from the
    // sockets he opens from now on.
    for (name, status) in [
        ("ANN", StatusCode::NO_CONTENT),
        ("ann", StatusCode::NO_CONTENT),
        ("nobody", StatusCode::NOT_FOUND),
        ("bob", StatusCode::BAD_REQUEST),
        ("a b", StatusCode::BAD_REQUEST),
    ] {
        let (got, answer) = s.post("/api/me/muted", Some(&bob), json!({"name": name})).await;
        assert_eq!(got, status, "{name}: {answer}");
    }
    let (_, muted) = s.get("/api/me/muted", Some(&bob)).await;
    assert_eq!(muted, json!([{"name": "ann"}]));
    assert!(texts(s, &id, Some(&bob), "players").await.is_empty());
    assert_eq!(texts(s, &id, Some(&cy), "players").await, vec!["your move soon"]);
    let mut muting = s.socket(&path, Some(&bob)).await;
    assert_eq!(next_message(&mut muting, WAIT).await["type"], "view");
    say(s, &id, Some(&ann), "players", "can you hear me").await;
    assert_eq!(next_chat(&mut cys).await["text"], "can you hear me");
    // The socket that muted hears the next message bob may read, not ann's.
    s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    let (_, from_cy) = say(s, &id, Some(&cy), "spectators", "well played").await;
    assert_eq!(next_chat(&mut muting).await, from_cy, "after the end, the spectators' room reaches the players");
    let (status, _) = s.call(Method::DELETE, "/api/me/muted/ann", Some(&bob), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = s.call(Method::DELETE, "/api/me/muted/ann", Some(&bob), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(texts(s, &id, Some(&bob), "players").await, vec!["your move soon", "can you hear me"]);
}

async fn an_administrator_removes_a_message(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let (_, said) = say(s, &id, Some(&ann), "players", "something rude").await;
    let message = said["id"].as_i64().unwrap();
    let path = format!("/api/games/{id}/chat/{message}");
    let (status, refused) = s.call(Method::DELETE, &path, Some(&bob), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, _) = s.call(Method::DELETE, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let admin = Admin::new(Store::open(s.database_url()).await.unwrap(), "https://play.example", None).unwrap();
    admin.grant_admin("bob").await.unwrap();
    admin.close().await;
    let (status, _) = s.call(Method::DELETE, &path, Some(&bob), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(texts(s, &id, None, "players").await.is_empty());
    let (status, _) = s.call(Method::DELETE, &path, Some(&bob), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = s.call(Method::DELETE, &format!("/api/games/{id}/chat/x"), Some(&bob), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn a_pending_play_never_reaches_another_player_through_chat(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s
        .create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"account": "bob"}, {"computer": 1}], "clock": {"round_hours": 24}}))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/B"), Some(&bob), json!(null)).await;
    let mut bobs = s.socket(&format!("/api/games/{id}/live"), Some(&bob)).await;
    assert_eq!(next_message(&mut bobs, WAIT).await["type"], "view");
    let (status, _) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, said) = say(s, &id, Some(&ann), "players", "my play is in").await;
    // Everything bob's socket is sent up to ann's message: never her play.
    loop {
        let message = next_message(&mut bobs, WAIT).await;
        let text = message.to_string();
        assert!(
            !text.contains("\"pending\":true") && !text.contains("\"my_play\":\"c3\""),
            "bob learns ann's play: {text}"
        );
        if message["type"] == "chat" {
            assert_eq!(message["message"], said);
            break;
        }
    }
    let (_, messages) = s.get(&format!("/api/games/{id}/chat?room=players"), Some(&bob)).await;
    assert_eq!(messages, json!([said]), "the room holds what was typed, and nothing the system made");
}

on_both!(rooms_sqlite, rooms_postgres, rooms_are_written_and_read_by_whom_they_are_for);
on_both!(live_sqlite, live_postgres, messages_reach_the_sockets_that_may_read_them);
on_both!(admin_sqlite, admin_postgres, an_administrator_removes_a_message);
on_both!(secret_sqlite, secret_postgres, a_pending_play_never_reaches_another_player_through_chat);

#[test]
fn an_account_writes_a_message_a_second_and_twenty_a_minute_by_default() {
    assert_eq!(Limits::default().chat_burst_per_account, Rate::per_second(1));
    assert_eq!(Limits::default().chat_per_account, Rate::per_minute(20));
}

/// Each limit on its own: the burst at one a day rather than one a
/// second, then the count at twenty a day rather than twenty a minute, so
/// that no message's share comes back during the test however slow the
/// machine (at the defaults, one comes back every second, and every 3 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_account_writes_a_burst_and_a_count_of_messages() {
    let settings = arbiter_server::Settings {
        limits: Limits {
            registrations_per_address: Rate::per_hour(100),
            chat_burst_per_account: Rate::per_day(1),
            ..Limits::default()
        },
        ..arbiter_server::Settings::default()
    };
    let s = TestServer::start_set(Db::Sqlite, settings, |_| {}).await.unwrap();
    let (id, ann, _) = game_of_two(&s).await;
    let (status, _) = say(&s, &id, Some(&ann), "players", "one").await;
    assert_eq!(status, StatusCode::CREATED);
    let answer = s
        .http
        .post(format!("{}/api/games/{id}/chat", s.base))
        .bearer_auth(&ann)
        .json(&json!({"room": "players", "text": "two"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(answer.headers().get("retry-after").is_some());
    s.finish().await;

    let settings = arbiter_server::Settings {
        limits: Limits {
            chat_burst_per_account: Rate::per_second(1000),
            chat_per_account: Rate::per_day(20),
            registrations_per_address: Rate::per_hour(100),
            ..Limits::default()
        },
        ..arbiter_server::Settings::default()
    };
    let s = TestServer::start_set(Db::Sqlite, settings, |_| {}).await.unwrap();
    let (id, ann, bob) = game_of_two(&s).await;
    for i in 0..20 {
        let (status, said) = say(&s, &id, Some(&ann), "players", &format!("message {i}")).await;
        assert_eq!(status, StatusCode::CREATED, "{i}: {said}");
    }
    let (status, refused) = say(&s, &id, Some(&ann), "players", "one too many").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    let (status, _) = say(&s, &id, Some(&bob), "players", "bob has his own share").await;
    assert_eq!(status, StatusCode::CREATED);
    s.finish().await;
}
