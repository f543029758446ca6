//! Private means private: a private game is for its players, its creator,
//! the accounts invited to it and whoever brings its invite code (which
//! then lets them watch and chat as a spectator; taking a seat still needs
//! the code). To anyone else it is not there: its view, history, record,
//! chat and socket, its seats, moves and offers answer 404 word for word
//! as for a game that does not exist. On SQLite and on PostgreSQL.

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;
use support::{Socket, TestServer, next_message};
use tokio_tungstenite::tungstenite::Error as WsError;

/// The socket at `path`, signed out, or the status it was refused with.
async fn open(s: &TestServer, path: &str) -> Result<Socket, u16> {
    match tokio_tungstenite::connect_async(s.ws(path)).await {
        Ok((socket, _)) => Ok(socket),
        Err(WsError::Http(answer)) => Err(answer.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

/// Asserts `answer` is the 404 of a game that does not exist.
fn not_there(id: &str, what: &str, status: StatusCode, answer: &Value) {
    assert_eq!(status, StatusCode::NOT_FOUND, "{what}: {answer}");
    assert_eq!(answer["error"]["message"], format!("'{id}': no such game"), "{what}: {answer}");
}

async fn a_private_game_is_not_there_for_others(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let cy = s.account("cy").await;
    let made = s
        .create(
            &ann,
            json!({"game": "scg", "private": true, "seats": [{"account": "me"}, {"account": "bob"}, {"open": true}]}),
        )
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let code = made["invite"].as_str().unwrap().to_string();
    let (status, missing) = s.get("/api/games/nosuchgame1", None).await;
    not_there("nosuchgame1", "a game that does not exist", status, &missing);

    let reads = [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/history"),
        format!("/api/games/{id}/record"),
        format!("/api/games/{id}/chat?room=players"),
        format!("/api/games/{id}/chat?room=spectators"),
    ];
    let with = |path: &str, code: &str| {
        let joint = if path.contains('?') { '&' } else { '?' };
        format!("{path}{joint}invite={code}")
    };
    // Signed out, or signed in and neither playing nor invited: not there,
    // with no code or a wrong one.
    for token in [None, Some(cy.as_str())] {
        for path in &reads {
            for asked in [path.clone(), with(path, "wrong"), with(path, "")] {
                let (status, answer) = s.call(Method::GET, &asked, token, None).await;
                not_there(&id, &asked, status, &answer);
            }
        }
    }
    assert_eq!(open(s, &format!("/api/games/{id}/live")).await.err(), Some(404), "the socket, signed out");
    assert_eq!(open(s, &format!("/api/games/{id}/live?invite=wrong")).await.err(), Some(404));
    let id_path = format!("/api/games/{id}");
    for (what, method, path, body) in [
        ("a move", Method::POST, format!("{id_path}/moves"), Some(json!({"move": "a1", "ply": 0}))),
        ("a resignation", Method::POST, format!("{id_path}/resign"), None),
        ("an offer", Method::POST, format!("{id_path}/offers"), Some(json!({"kind": "takeback"}))),
        ("the open seat", Method::POST, format!("{id_path}/seats/C"), None),
        ("the open seat, a wrong code", Method::POST, format!("{id_path}/seats/C?invite=wrong"), None),
        ("bob's seat, declined", Method::POST, format!("{id_path}/seats/B/decline"), None),
        ("a seat to refill", Method::POST, format!("{id_path}/seats/C/open"), None),
        ("calling it off", Method::DELETE, id_path.clone(), None),
        ("a chat message", Method::POST, format!("{id_path}/chat"), Some(json!({"room": "spectators", "text": "hi"}))),
    ] {
        let (status, answer) = s.call(method, &path, Some(&cy), body).await;
        not_there(&id, what, status, &answer);
    }

    // Its creator and the invited player see it without the code.
    for (who, token) in [("ann", &ann), ("bob", &bob)] {
        for path in &reads {
            let (status, answer) = s.call(Method::GET, path, Some(token), None).await;
            // A player reads the spectators' room only once the game is over.
            let player = who == "ann";
            let allowed = if player && path.ends_with("spectators") { StatusCode::FORBIDDEN } else { StatusCode::OK };
            assert_eq!(status, allowed, "{who}, {path}: {answer}");
        }
    }

    // The code lets anyone watch: signed out, or signed in, and chat.
    for token in [None, Some(cy.as_str())] {
        for path in &reads {
            let (status, answer) = s.call(Method::GET, &with(path, &code), token, None).await;
            assert_eq!(status, StatusCode::OK, "{path} with the code: {answer}");
        }
    }
    let mut socket = open(s, &format!("/api/games/{id}/live?invite={code}")).await.expect("the socket with the code");
    let first = next_message(&mut socket, Duration::from_secs(20)).await;
    assert_eq!((first["type"].as_str(), first["view"]["id"].as_str()), (Some("view"), Some(id.as_str())), "{first}");
    let (status, written) = s
        .call(
            Method::POST,
            &format!("{id_path}/chat?invite={code}"),
            Some(&cy),
            Some(json!({"room": "spectators", "text": "hello"})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{written}");
    // With the code, cy takes the open seat, and then needs it no more.
    let (status, taken) = s.post(&format!("{id_path}/seats/C?invite={code}"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    let (status, seen) = s.get(&id_path, Some(&cy)).await;
    assert_eq!(status, StatusCode::OK, "a player sees the game without the code: {seen}");
    assert_eq!(seen.get("invite"), None, "only the creator's view holds the code: {seen}");

    // A game that is not private is there for everyone.
    let public = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let (status, seen) = s.get(&format!("/api/games/{}", public["id"].as_str().unwrap()), None).await;
    assert_eq!(status, StatusCode::OK, "{seen}");
}

on_both!(private_sqlite, private_postgres, a_private_game_is_not_there_for_others);
