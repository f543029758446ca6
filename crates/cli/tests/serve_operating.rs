//! What an operator of `arbiter serve` reads: the log as one JSON object a
//! line (`--log-format json`), and the metrics through a proxy with the
//! metrics token (`--metrics-token`).

mod support_server;

use reqwest::StatusCode;
use serde_json::Value;
use support_server::{Server, TestDatabase};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_is_json_and_the_token_reads_the_metrics() {
    let db = TestDatabase::sqlite();
    let token = "0123456789abcdef-operator";
    let server = Server::start_with(&db.url, &["--log-format", "json", "--metrics-token", token]).await;
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
}
