//! The WebSockets: a game's view at once and after every change, shaped
//! for each viewer; moves sent on the socket; the lobby.

use crate::support;

use std::time::Duration;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Socket, TestServer, next_message};
use tokio_tungstenite::tungstenite::Message;

/// The next text message, as JSON.
async fn next(socket: &mut Socket) -> Value {
    next_message(socket, Duration::from_secs(20)).await
}

async fn views_follow_every_change(s: &TestServer) {
    let ann = s.account("ann").await;
    let (status, twice) =
        s.post("/api/games", Some(&ann), json!({"game": "scg", "seats": [{"account": "me"}, {"account": "me"}]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "nobody plays two seats: {twice}");
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id2 = game["id"].as_str().unwrap().to_string();
    let mut lobby = s.socket("/api/lobby/live", None).await;
    let first = next(&mut lobby).await;
    assert_eq!(first["type"], "lobby");
    assert!(first["games"].as_array().unwrap().iter().any(|g| g["id"] == id2.as_str()));

    let mut spectator = s.socket(&format!("/api/games/{id2}/live"), None).await;
    let mut player = s.socket(&format!("/api/games/{id2}/live"), Some(&ann)).await;
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
    // After the first view, a move comes as a small change: the moves
    // added and the board, never the whole list.
    let moved = next(&mut spectator).await;
    assert_eq!(moved["type"], "change", "{moved}");
    assert_eq!(moved["ply"], 1);
    assert_eq!(moved["moves_added"].as_array().unwrap().len(), 1, "{moved}");
    assert!(moved.get("moves").is_none() && moved.get("legal").is_none(), "{moved}");
    assert_eq!(moved["board"]["last_move"], mine["view"]["legal"][0]["steps"]);
    assert_eq!(moved["to_move"], json!(["r"]));
    let mine_after = next(&mut player).await;
    assert_eq!((mine_after["type"].as_str(), mine_after["ply"].as_u64()), (Some("change"), Some(1)), "{mine_after}");
    assert_eq!(mine_after["moves_added"], moved["moves_added"]);
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

/// Single Capture Go over the sockets: a play in changes every socket's
/// count, but only its player's change draws it or names it.
async fn round_changes_keep_pending_plays_secret(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let cy = s.account("cy").await;
    let seats = json!([{"account": "me"}, {"open": true}, {"open": true}]);
    let game = s.create(&ann, json!({"game": "scg", "seats": seats})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/B"), Some(&bo), json!(null)).await;
    s.post(&format!("/api/games/{id}/seats/C"), Some(&cy), json!(null)).await;
    let path = format!("/api/games/{id}/live");
    let mut mine = s.socket(&path, Some(&ann)).await;
    let mut theirs = s.socket(&path, Some(&bo)).await;
    let mut watching = s.socket(&path, None).await;
    for socket in [&mut mine, &mut theirs, &mut watching] {
        assert_eq!(next(socket).await["type"], "view");
    }
    let (status, _) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "d4", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK);
    let own = next(&mut mine).await;
    assert_eq!(own["type"], "change", "{own}");
    assert_eq!(own["rounds"]["my_play"], "d4");
    assert!(own["board"].to_string().contains("\"pending\":true"), "{own}");
    for (who, socket) in [("bo", &mut theirs), ("a spectator", &mut watching)] {
        let change = next(socket).await;
        assert_eq!(change["type"], "change", "{who}: {change}");
        assert_eq!(change["rounds"]["plays_in"], 1, "{who}: {change}");
        assert_eq!(change["rounds"]["my_play"], Value::Null, "{who}: {change}");
        let board = change["board"].to_string();
        assert!(!board.contains("pending") && !board.contains("your play"), "{who} sees ann's play: {change}");
        let mut rest = change.clone();
        rest.as_object_mut().unwrap().remove("board");
        rest.as_object_mut().unwrap().remove("legal");
        assert!(!rest.to_string().replace(&id, "#").contains("d4"), "{who} sees ann's play: {change}");
    }
}
on_both!(scg_changes_on_sqlite, scg_changes_on_postgres, round_changes_keep_pending_plays_secret);
