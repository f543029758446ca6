//! The OpenAPI document covers every path the server answers, and the
//! health check answers once the database does.

use crate::support;

use reqwest::StatusCode;
use support::TestServer;

async fn every_path_is_documented(s: &TestServer) {
    let (status, doc) = s.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{}", doc["openapi"]);
    let paths = doc["paths"].as_object().unwrap();
    for (path, methods) in [
        ("/api/accounts", &["post"][..]),
        ("/api/sessions", &["post"]),
        ("/api/sessions/current", &["delete"]),
        ("/api/me", &["get", "patch"]),
        ("/api/me/bot", &["post"]),
        ("/api/games", &["get", "post"]),
        ("/api/games/{id}", &["get"]),
        ("/api/games/{id}/seats/{seat}", &["post"]),
        ("/api/games/{id}/moves", &["post"]),
        ("/api/games/{id}/resign", &["post"]),
        ("/api/games/{id}/record", &["get"]),
        ("/api/games/{id}/live", &["get"]),
        ("/api/lobby/live", &["get"]),
        ("/api/openapi.json", &["get"]),
        ("/healthz", &["get"]),
    ] {
        for method in methods {
            assert!(paths.get(path).and_then(|p| p.get(*method)).is_some(), "{method} {path} is not documented");
        }
    }
    let health = s.http.get(format!("{}/healthz", s.base)).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert_eq!(health.text().await.unwrap(), "ok");
}
on_both!(documented_on_sqlite, documented_on_postgres, every_path_is_documented);
