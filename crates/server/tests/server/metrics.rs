//! `GET /metrics`: the numbers move with the play (requests by route,
//! moves, the database's time, sockets open), and only this machine, not
//! through a proxy, or the holder of the metrics token may read them.

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::CONTENT_TYPE;
use serde_json::{Value, json};
use support::{Db, TestServer, next_message};

/// The metrics' text, read from this machine.
async fn metrics(s: &TestServer) -> String {
    let answer = s.http.get(format!("{}/metrics", s.base)).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    let kind = answer.headers()[CONTENT_TYPE].to_str().unwrap().to_string();
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    answer.text().await.unwrap()
}

/// The value of the series `series` (its name and labels, as written).
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no series {series} in:\n{text}"))
        .parse()
        .unwrap()
}

/// The first legal move of the view's player.
fn first_legal(view: &Value) -> String {
    view["legal"][0]["move"].as_str().unwrap().to_string()
}

async fn the_numbers_move_with_the_play(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let open_seat = game["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/{open_seat}"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    let before = metrics(s).await;
    assert_eq!(value(&before, "arbiter_moves_total"), 0.0);
    assert_eq!(value(&before, "arbiter_sockets_open"), 0.0);
    assert_eq!(value(&before, "arbiter_mail_queued"), 0.0);
    assert_eq!(value(&before, "arbiter_searches_queued"), 0.0);
    let seat_taken = r#"arbiter_http_requests_total{route="/api/games/{id}/seats/{seat}",method="POST",status="200"}"#;
    assert_eq!(value(&before, seat_taken), 1.0);

    let mut spectator = s.socket(&format!("/api/games/{id}/live"), None).await;
    next_message(&mut spectator, Duration::from_secs(20)).await;
    for ply in 0..3 {
        let view = s.view(&id, None).await;
        let mover = if view["to_move"] == game["you"] { &ann } else { &bo };
        let mine = s.view(&id, Some(mover)).await;
        let (status, moved) = s
            .post(&format!("/api/games/{id}/moves"), Some(mover), json!({"move": first_legal(&mine), "ply": ply}))
            .await;
        assert_eq!(status, StatusCode::OK, "{moved}");
    }
    let (status, _) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "nonsense", "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = s.get("/no/such/page/anywhere", None).await;
    assert_eq!(status, StatusCode::OK, "the client's pages answer every other path");

    let after = metrics(s).await;
    assert_eq!(value(&after, "arbiter_moves_total"), 3.0);
    assert_eq!(value(&after, "arbiter_sockets_open"), 1.0);
    let moved = r#"arbiter_http_requests_total{route="/api/games/{id}/moves",method="POST",status="200"}"#;
    assert_eq!(value(&after, moved), 3.0);
    let refused = r#"arbiter_http_requests_total{route="/api/games/{id}/moves",method="POST",status="409"}"#;
    assert_eq!(value(&after, refused), 1.0);
    let timed = r#"arbiter_http_request_duration_seconds_count{route="/api/games/{id}/moves",method="POST"}"#;
    assert_eq!(value(&after, timed), 4.0);
    assert!(value(&after, r#"arbiter_http_requests_total{route="pages",method="GET",status="200"}"#) >= 1.0);
    assert!(!after.contains("/no/such/page"), "a path asked never becomes a label");
    let stored = r#"arbiter_database_duration_seconds_count{operation="update_game"}"#;
    assert_eq!(value(&after, stored) - value(&before, stored), 3.0, "one update a move");

    // Through a proxy, the request is not this machine's.
    let proxied =
        s.http.get(format!("{}/metrics", s.base)).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_eq!(proxied.status(), StatusCode::FORBIDDEN);
    let body: Value = proxied.json().await.unwrap();
    assert_eq!(body["error"]["code"], "forbidden", "{body}");
    drop(spectator);
}

on_both!(numbers_on_sqlite, numbers_on_postgres, the_numbers_move_with_the_play);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_token_reads_them_from_anywhere() {
    let settings =
        arbiter_server::Settings { metrics_token: Some("a-token-of-sixteen-or-more".into()), ..support::relaxed() };
    let s = TestServer::start_set(Db::Sqlite, settings, |_| {}).await.unwrap();
    let ask = |token: Option<&'static str>| {
        let mut request = s.http.get(format!("{}/metrics", s.base)).header("x-forwarded-for", "203.0.113.9");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move { request.send().await.unwrap().status() }
    };
    assert_eq!(ask(Some("a-token-of-sixteen-or-more")).await, StatusCode::OK);
    assert_eq!(ask(Some("a-token-of-sixteen-or-morE")).await, StatusCode::FORBIDDEN);
    assert_eq!(ask(Some("")).await, StatusCode::FORBIDDEN);
    assert_eq!(ask(None).await, StatusCode::FORBIDDEN);
    assert!(metrics(&s).await.contains("arbiter_moves_total 0"), "this machine needs no token");
    s.finish().await;
}

/// `GET /api/service` and `GET /readyz` tell anyone (a stranger, a
/// signed-in player) the same few facts, take no input (a query is
/// ignored), and read only what the server keeps: the database's watch
/// and whether it is stopping.
async fn the_service_and_readiness_are_told_to_anyone(s: &TestServer) {
    let ann = s.account("ann").await;
    for token in [None, Some(ann.as_str())] {
        let (status, service) = s.get("/api/service?up=false&x=%ff", token).await;
        assert_eq!(status, StatusCode::OK, "{service}");
        assert_eq!(service["database"]["up"], true, "{service}");
        assert_eq!(service["database"]["outages"], 0, "{service}");
        assert!(service["database"].get("down_since").is_none(), "{service}");
        let answer = s.http.get(format!("{}/readyz", s.base)).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK);
        assert_eq!(answer.text().await.unwrap(), "ready");
    }
    let (status, refused) = s.post("/api/service", None, json!({"up": false})).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{refused}");
}

on_both!(service_on_sqlite, service_on_postgres, the_service_and_readiness_are_told_to_anyone);
