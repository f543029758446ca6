//! An administrator's commands ([`Admin`], what `arbiter admin` runs), made
//! through a store of their own on the server's database as another
//! process would: the running server hears each at once. A disabled
//! account's sockets close, its token stops working and it cannot sign
//! in until enabled; a reset link an administrator hands over sets a
//! password once; a game called off is over for everyone watching, with
//! nobody winning. On SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use arbiter_server::admin::{Admin, AdminError};
use arbiter_store::Store;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{PASSWORD, Socket, TestServer, next_message, socket_closed};

/// How long the server may take to hear of an administrator's change.
const HEARD_WITHIN: Duration = Duration::from_secs(10);

/// An administrator on `s`'s database, through a store of its own.
async fn admin_of(s: &TestServer) -> Admin {
    let store = Store::open(s.database_url()).await.unwrap();
    Admin::new(store, "https://play.example/", None).unwrap()
}

/// Signs `name` in with `password`: the status and the answer.
async fn sign_in(s: &TestServer, name: &str, password: &str) -> (StatusCode, Value) {
    s.post("/api/sessions", None, json!({"name": name, "password": password})).await
}

/// A Sage Tafl game of ann (first seat) and bob, ready to play.
async fn game_of(s: &TestServer, ann: &str, bob: &str) -> String {
    let game = s.create(ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let seat = game["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    id
}

/// Reads `socket` until a message says the game is `state`.
async fn until_state(socket: &mut Socket, state: &str) -> Value {
    let wanted = format!("\"state\":\"{state}\"");
    loop {
        let message = next_message(socket, HEARD_WITHIN).await;
        if message.to_string().contains(&wanted) {
            return message;
        }
    }
}

async fn a_disabled_account_is_signed_out_everywhere_until_enabled(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let id = game_of(s, &ann, &bob).await;
    let admin = admin_of(s).await;
    let mut socket = s.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    next_message(&mut socket, HEARD_WITHIN).await;

    let disabled = admin.disable("ANN").await.unwrap();
    assert_eq!(disabled.ended.len(), 1, "ann's one session ended");
    assert_eq!(socket_closed(&mut socket, HEARD_WITHIN).await, Some(4001), "her socket closed at once");
    assert_eq!(s.get("/api/me", Some(&ann)).await.0, StatusCode::UNAUTHORIZED, "her token no longer works");
    let (status, refused) = sign_in(s, "ann", PASSWORD).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("disabled"), "{refused}");
    assert_eq!(sign_in(s, "ann", "not her password").await.0, StatusCode::UNAUTHORIZED, "nothing told without it");
    assert_eq!(s.get("/api/me", Some(&bob)).await.0, StatusCode::OK, "nobody else is touched");

    let listed = admin.accounts("a").await.unwrap();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!((listed[0].name.as_str(), listed[0].games, listed[0].admin), ("ann", 1, false));
    assert!(listed[0].disabled.is_some());

    admin.enable("ann").await.unwrap();
    let (status, signed) = sign_in(s, "ann", PASSWORD).await;
    assert_eq!(status, StatusCode::CREATED, "{signed}");
    assert!(admin.accounts("ann").await.unwrap()[0].disabled.is_none());

    admin.grant_admin("bob").await.unwrap();
    let everyone = admin.accounts("").await.unwrap();
    let names: Vec<(&str, bool)> = everyone.iter().map(|a| (a.name.as_str(), a.admin)).collect();
    assert_eq!(names, vec![("ann", false), ("bob", true)]);

    for refused in [admin.disable("nobody").await.err(), admin.enable("nobody").await.err()] {
        assert!(matches!(&refused, Some(AdminError::NoAccount(name)) if name == "nobody"), "{refused:?}");
    }
    assert_eq!(admin.grant_admin("nobody").await.unwrap_err().to_string(), "'nobody': no such account");
    admin.close().await;
}

async fn a_reset_link_handed_over_sets_the_password_once(s: &TestServer) {
    let bob = s.account("bob").await;
    let admin = admin_of(s).await;
    let link = admin.reset_link("Bob").await.unwrap();
    let token = link.strip_prefix("https://play.example/reset?token=").expect(&link).to_string();
    let confirm = || s.post("/api/password-reset/confirm", None, json!({"token": token, "password": "a new secret"}));
    let (status, answer) = confirm().await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
    assert_eq!(confirm().await.0, StatusCode::NOT_FOUND, "used once");
    assert_eq!(s.get("/api/me", Some(&bob)).await.0, StatusCode::UNAUTHORIZED, "every session ended");
    assert_eq!(sign_in(s, "bob", "a new secret").await.0, StatusCode::CREATED);
    assert!(matches!(admin.reset_link("nobody").await, Err(AdminError::NoAccount(_))));
    admin.close().await;
}

async fn a_game_called_off_is_over_for_everyone_watching(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let id = game_of(s, &ann, &bob).await;
    let admin = admin_of(s).await;
    let mut watching = s.socket(&format!("/api/games/{id}/live"), None).await;
    let first = next_message(&mut watching, HEARD_WITHIN).await;
    let ply = first["view"]["ply"].as_u64().unwrap();
    let mv = first["view"]["legal"][0]["move"].clone();

    admin.abort(&id).await.unwrap();
    until_state(&mut watching, "aborted").await;
    let view = s.view(&id, Some(&ann)).await;
    assert_eq!(view["status"], json!({"state": "aborted", "winners": [], "reason": "aborted"}), "{view}");
    assert!(view["legal"].as_array().is_none_or(Vec::is_empty), "nothing more to play: {view}");
    let (status, refused) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": ply})).await;
    assert!(status.is_client_error(), "{status} {refused}");
    let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    assert!(record.contains("[Result \"*\"]"), "a game called off has no result: {record}");
    let (_, finished) = s.get("/api/games?state=finished", None).await;
    assert!(finished.to_string().contains(&id), "listed with the finished games: {finished}");

    let again = admin.abort(&id).await.unwrap_err().to_string();
    assert!(again.contains("over"), "{again}");
    let unknown = admin.abort("nosuchgame").await.unwrap_err().to_string();
    assert!(unknown.contains("no such game"), "{unknown}");
    admin.close().await;
}

on_both!(
    a_disabled_account_is_signed_out_everywhere_until_enabled_sqlite,
    a_disabled_account_is_signed_out_everywhere_until_enabled_postgres,
    a_disabled_account_is_signed_out_everywhere_until_enabled
);
on_both!(
    a_reset_link_handed_over_sets_the_password_once_sqlite,
    a_reset_link_handed_over_sets_the_password_once_postgres,
    a_reset_link_handed_over_sets_the_password_once
);
on_both!(
    a_game_called_off_is_over_for_everyone_watching_sqlite,
    a_game_called_off_is_over_for_everyone_watching_postgres,
    a_game_called_off_is_over_for_everyone_watching
);
