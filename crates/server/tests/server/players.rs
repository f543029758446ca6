//! Players' pages and names completed from a prefix, open to anyone: a
//! player's finished games counted per game (won, lost, drawn; a game
//! called off not at all), their recent games, 404 for a name nobody has,
//! 400 for a prefix no name could start with, and each address limited.
//! On SQLite and on PostgreSQL.

use crate::support;

use arbiter_server::admin::Admin;
use arbiter_server::limits::{Limits, Rate};
use arbiter_store::Store;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

/// A game of `creator` and `other` (who takes the open seat).
async fn game_of(s: &TestServer, game: &str, creator: &str, other: &str) -> String {
    let made = s.create(creator, json!({"game": game, "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(other), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    id
}

async fn resign(s: &TestServer, id: &str, token: &str) {
    let (status, view) = s.post(&format!("/api/games/{id}/resign"), Some(token), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
}

async fn players_are_counted_from_their_finished_games(s: &TestServer) {
    let ann = s.account("Ann").await;
    let bob = s.account("bob").await;
    // Bob resigns a Sage Tafl game: Ann won it, Bob lost it.
    let won = game_of(s, "sage", &ann, &bob).await;
    resign(s, &won, &bob).await;
    // Ann resigns an A•G•O•G game against the computer.
    let lost = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let lost = lost["id"].as_str().unwrap().to_string();
    resign(s, &lost, &ann).await;
    // A game called off counts for nobody; one waiting for a player is
    // among the recent games only.
    let called_off = game_of(s, "ogama", &ann, &bob).await;
    let admin = Admin::new(Store::open(s.database_url()).await.unwrap(), "https://play.example", None).unwrap();
    admin.abort(&called_off).await.unwrap();
    admin.close().await;
    let waiting = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let waiting = waiting["id"].as_str().unwrap().to_string();

    let (status, page) = s.get("/api/players/ANN", None).await;
    assert_eq!(status, StatusCode::OK, "anyone may look: {page}");
    assert_eq!((page["name"].as_str(), page["kind"].as_str()), (Some("Ann"), Some("person")), "{page}");
    assert!(page["created"].as_str().unwrap().ends_with('Z'), "{page}");
    assert_eq!(
        page["games"],
        json!({"agog": {"played": 1, "won": 0, "lost": 1, "drawn": 0}, "sage": {"played": 1, "won": 1, "lost": 0, "drawn": 0}})
    );
    let recent: Vec<&str> = page["recent"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(recent.len(), 4, "{page}");
    let updated: Vec<&str> =
        page["recent"].as_array().unwrap().iter().map(|g| g["updated"].as_str().unwrap()).collect();
    assert!(updated.windows(2).all(|w| w[0] >= w[1]), "the newest first: {updated:?}");
    for id in [&won, &lost, &called_off, &waiting] {
        assert!(recent.contains(&id.as_str()), "{id} in {page}");
    }
    let (_, bob_page) = s.get("/api/players/bob", Some(&ann)).await;
    assert_eq!(bob_page["games"], json!({"sage": {"played": 1, "won": 0, "lost": 1, "drawn": 0}}));

    for (name, why) in
        [("carol", "nobody has it"), ("a%20b", "no name has a space"), ("x".repeat(40).as_str(), "too long")]
    {
        let (status, refused) = s.get(&format!("/api/players/{name}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{why}: {refused}");
        assert_eq!(refused["error"]["code"], "not_found", "{refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains("no player"), "{refused}");
    }
}

/// The names `prefix` completes to.
async fn completed(s: &TestServer, prefix: &str) -> (StatusCode, Value) {
    s.get(&format!("/api/players?prefix={prefix}"), None).await
}

async fn names_are_completed_from_a_prefix(s: &TestServer) {
    for name in ["Anna", "ann", "andy", "Bob", "an_x"] {
        s.account(name).await;
    }
    let (status, names) = completed(s, "AN").await;
    assert_eq!(status, StatusCode::OK, "{names}");
    assert_eq!(names, json!([{"name": "an_x"}, {"name": "andy"}, {"name": "ann"}, {"name": "Anna"}]));
    assert_eq!(completed(s, "ann").await.1, json!([{"name": "ann"}, {"name": "Anna"}]));
    assert_eq!(completed(s, "zed").await.1, json!([]));
    for _ in 0..22 {
        let n = rand_name();
        s.account(&n).await;
    }
    let (_, many) = completed(s, "q").await;
    assert_eq!(many.as_array().unwrap().len(), 20, "at most 20: {many}");

    for (query, why) in [
        ("/api/players?prefix=", "empty"),
        ("/api/players?prefix=a%20b", "a space"),
        ("/api/players?prefix=a%25", "a per cent sign"),
        ("/api/players", "no prefix"),
        ("/api/players?prefix=a&sort=name", "an unknown parameter"),
    ] {
        let (status, refused) = s.get(query, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {refused}");
        assert_eq!(refused["error"]["code"], "malformed", "{why}: {refused}");
    }
    let (status, refused) = s.get(&format!("/api/players?prefix={}", "a".repeat(33)), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("'prefix'"), "{refused}");
}

/// A name starting with `q`, different each time.
fn rand_name() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    format!("q{:03}", NEXT.fetch_add(1, Ordering::Relaxed))
}

on_both!(counted_sqlite, counted_postgres, players_are_counted_from_their_finished_games);
on_both!(names_sqlite, names_postgres, names_are_completed_from_a_prefix);

/// At three a day, so that no share comes back during the test however
/// slow the machine (at three a minute, one came back every 20 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_are_limited_per_address() {
    let limits = Limits { players_per_address: Rate::per_day(3), ..support::relaxed().limits };
    let settings = arbiter_server::Settings { limits, ..support::relaxed() };
    let s = TestServer::start_set(support::Db::Sqlite, settings, |_| {}).await.unwrap();
    s.account("ann").await;
    assert_eq!(s.get("/api/players/ann", None).await.0, StatusCode::OK);
    assert_eq!(s.get("/api/players?prefix=an", None).await.0, StatusCode::OK);
    assert_eq!(s.get("/api/players/nobody", None).await.0, StatusCode::NOT_FOUND);
    let (status, refused) = s.get("/api/players?prefix=an", None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert_eq!(s.get("/api/players/ann", None).await.0, StatusCode::TOO_MANY_REQUESTS, "pages and names share it");
    s.finish().await;
}
