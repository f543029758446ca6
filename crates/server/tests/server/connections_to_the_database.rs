//! The database stops while games are played: a request is answered
//! `503` with `Retry-After` within the pool's short wait (not sqlx's 30 s),
//! the server reconnects by itself once the database is back, and a move
//! refused during the outage, sent again with the same ply, is applied
//! once. PostgreSQL, reached through a relay the test cuts
//! ([`support::relay::Relay`]), so that the PostgreSQL other tests use
//! keeps running.

use crate::support;

use std::time::{Duration, Instant};

use arbiter_server::connections::ConnectionLimits;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::relay::Relay;
use support::{TestDatabase, TestServer};

/// How long a request may take to be refused while the database is down:
/// well under the 30 s sqlx's pool waited by default, well over the 2 s
/// the server waits (a slow machine has room).
const REFUSED_WITHIN: Duration = Duration::from_secs(20);

/// Sends `mv` at `ply` in game `id` as `token`: the status, the
/// `Retry-After` header, the body, and how long the answer took.
async fn send_move(
    s: &TestServer,
    id: &str,
    token: &str,
    mv: &str,
    ply: u64,
) -> (StatusCode, Option<u64>, Value, Duration) {
    let started = Instant::now();
    let answer = s
        .http
        .post(format!("{}/api/games/{id}/moves", s.base))
        .bearer_auth(token)
        .json(&json!({"move": mv, "ply": ply}))
        .send()
        .await
        .unwrap();
    let status = answer.status();
    let retry_after = answer.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    let body = serde_json::from_str(&answer.text().await.unwrap()).unwrap_or(Value::Null);
    (status, retry_after, body, started.elapsed())
}

#[tokio::test]
async fn a_stopped_database_is_answered_quickly_and_the_server_recovers_by_itself() {
    let Some(database) = TestDatabase::postgres("a_stopped_database_is_answered_quickly").await else { return };
    let mut url = reqwest::Url::parse(&database.url).unwrap();
    let target = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap_or(5432));
    let relay = Relay::start(target).await;
    url.set_host(Some("127.0.0.1")).unwrap();
    url.set_port(Some(relay.port)).unwrap();
    let s = TestServer::start_on(database, url.as_str(), support::relaxed(), ConnectionLimits::default(), |_| {}).await;

    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, view) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let mover = if view["to_move"][0] == seat.as_str() { &bob } else { &ann };
    let view = s.view(&id, Some(mover)).await;
    let (ply, mv) = (view["ply"].as_u64().unwrap(), view["legal"][0]["move"].as_str().unwrap().to_string());

    // The database stops: the move is refused at once, asking to retry.
    relay.stop();
    let (status, retry_after, body, took) = send_move(&s, &id, mover, &mv, ply).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"]["code"], "unavailable", "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("database"), "{body}");
    assert_eq!(retry_after, Some(2), "a 503 says when to try again");
    assert!(took < REFUSED_WITHIN, "refused after {took:?}");
    // And a read.
    let started = Instant::now();
    let (status, _) = s.get(&format!("/api/games/{id}"), Some(mover)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(started.elapsed() < REFUSED_WITHIN, "a read refused after {:?}", started.elapsed());

    // The database is back: the same move, sent again as a client does
    // after Retry-After, is taken without restarting the server.
    relay.start_again();
    let deadline = Instant::now() + Duration::from_secs(60);
    let stored = loop {
        let (status, _, body, _) = send_move(&s, &id, mover, &mv, ply).await;
        match status {
            StatusCode::OK => break body,
            StatusCode::SERVICE_UNAVAILABLE if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(200)).await
            }
            other => panic!("{other}: {body}"),
        }
    };
    assert_eq!(stored["ply"], ply + 1, "{stored}");
    // Applied once: the same ply again is refused, and the game is one
    // move on.
    let (status, _, body, _) = send_move(&s, &id, mover, &mv, ply).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(s.view(&id, None).await["ply"], ply + 1);
    s.finish().await;
}
