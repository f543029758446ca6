//! The browser client at every address outside `/api`: the page for any
//! address (a game's `/games/{id}` and a rules page's `/rules/{game}`
//! too), its files with their types and caching, gzip for a browser that
//! takes it, and the API's JSON 404 kept under `/api`.

use crate::support;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;
use support::{Db, TestServer};

async fn page(s: &TestServer, path: &str) -> (StatusCode, HeaderMap, String) {
    let r = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
    let status = r.status();
    let headers = r.headers().clone();
    (status, headers, r.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_address_outside_the_api_opens_the_client() {
    let s = TestServer::start(Db::Sqlite).await.unwrap();
    let (status, headers, index) = page(&s, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(headers["cache-control"], "no-cache");
    assert!(headers["content-security-policy"].to_str().unwrap().contains("script-src 'self'"));
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(index.contains("<div id=\"app\">"), "{index}");
    for path in ["/games/abc123", "/signin", "/rules/agog", "/rules/agog/classic", "/lobby/deep/path?x=1"] {
        let (status, headers, body) = page(&s, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(headers["content-type"], "text/html; charset=utf-8", "{path}");
        assert_eq!(body, index, "{path} opens the client's page");
    }
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_s_files_are_served_cached_and_gzipped() {
    let s = TestServer::start(Db::Sqlite).await.unwrap();
    let (_, _, index) = page(&s, "/").await;
    let script = index.split("src=\"").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
    assert!(script.starts_with("/assets/"), "{script}");
    let (status, headers, js) = page(&s, &script).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    assert!(headers.get("content-encoding").is_none(), "no gzip unless asked");

    let gz = s.http.get(format!("{}{script}", s.base)).header("accept-encoding", "gzip, br").send().await.unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    assert_eq!(gz.headers()["vary"], "Accept-Encoding");
    let compressed = gz.bytes().await.unwrap();
    assert!(compressed.len() < js.len() / 2, "{} of {}", compressed.len(), js.len());
    assert_eq!(&compressed[..2], &[0x1f, 0x8b], "a gzip stream");

    let head = s.http.head(format!("{}{script}", s.base)).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.bytes().await.unwrap().is_empty());

    let (status, _, _) = page(&s, "/assets/nope-123.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a missing file is not the page");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_api_paths_and_other_methods_keep_the_json_404() {
    let s = TestServer::start(Db::Sqlite).await.unwrap();
    for path in ["/api/nope", "/api", "/api/games/x/nope"] {
        let (status, _, body) = page(&s, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        let json: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["error"]["code"], "not_found", "{path}");
    }
    let post = s.http.post(format!("{}/games/abc", s.base)).send().await.unwrap();
    assert_eq!(post.status(), StatusCode::NOT_FOUND);
    let json: Value = post.json().await.unwrap();
    assert_eq!(json["error"]["code"], "not_found");
    s.finish().await;
}
