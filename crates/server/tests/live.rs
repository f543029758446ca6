//! The WebSockets: a game's view at once and after every change, shaped
//! for each viewer; moves sent on the socket; the lobby.

mod support;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(s: &TestServer, path: &str, token: Option<&str>) -> Socket {
    let mut request = s.ws(path).into_client_request().unwrap();
    if let Some(token) = token {
        request.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    }
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

async fn next(socket: &mut Socket) -> Value {
    loop {
        let message =
            tokio::time::timeout(Duration::from_secs(20), socket.next()).await.expect("a message").unwrap().unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

async fn views_follow_every_change(s: &TestServer) {
    let ann = s.account("ann").await;
    let (status, twice) =
        s.post("/api/games", Some(&ann), json!({"game": "scg", "seats": [{"account": "me"}, {"account": "me"}]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "nobody plays two seats: {twice}");
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id2 = game["id"].as_str().unwrap().to_string();
    let mut lobby = connect(s, "/api/lobby/live", None).await;
    let first = next(&mut lobby).await;
    assert_eq!(first["type"], "lobby");
    assert!(first["games"].as_array().unwrap().iter().any(|g| g["id"] == id2.as_str()));

    let mut spectator = connect(s, &format!("/api/games/{id2}/live"), None).await;
    let mut player = connect(s, &format!("/api/games/{id2}/live"), Some(&ann)).await;
    let seen = next(&mut spectator).await;
    assert_eq!(seen["type"], "view");
    assert_eq!(seen["view"]["you"], json!([]));
    assert_eq!(next(&mut player).await["view"]["you"], json!(["b"]));

    let bo = s.account("bo2").await;
    let (status, _) = s.post(&format!("/api/games/{id2}/seats/r"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    let after_seat = next(&mut spectator).await;
    assert_eq!(after_seat["view"]["seats"][1]["name"], "bo2");
    let mine = next(&mut player).await;
    let legal = mine["view"]["legal"][0]["move"].as_str().unwrap().to_string();
    let lobby_now = next(&mut lobby).await;
    assert!(
        !lobby_now["games"].as_array().unwrap().iter().any(|g| g["id"] == id2.as_str()),
        "a full game leaves the lobby"
    );

    player.send(Message::Text(json!({"type": "move", "move": legal, "ply": 0}).to_string().into())).await.unwrap();
    let moved = next(&mut spectator).await;
    assert_eq!(moved["view"]["ply"], 1);
    assert_eq!(next(&mut player).await["view"]["ply"], 1);
    player.send(Message::Text(json!({"type": "move", "move": legal, "ply": 0}).to_string().into())).await.unwrap();
    let refused = next(&mut player).await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["error"]["code"], "conflict");
    spectator.send(Message::Text(json!({"type": "move", "move": "x", "ply": 1}).to_string().into())).await.unwrap();
    assert_eq!(next(&mut spectator).await["error"]["code"], "unauthorized");
    spectator.send(Message::Text("not json".into())).await.unwrap();
    assert_eq!(next(&mut spectator).await["error"]["code"], "malformed");
}
on_both!(views_on_sqlite, views_on_postgres, views_follow_every_change);
