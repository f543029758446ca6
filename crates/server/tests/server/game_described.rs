//! What a front end learns of a game from the game itself: its rules page
//! served by the catalog, the rule a refused move breaks (in the 422 body
//! and the socket's error, listed in the catalog with its section), what
//! its players may agree or resign, and a game of rounds' part of the
//! view under `rounds` (with `scg` beside it for one release).

use crate::support;

use std::collections::BTreeSet;

use arbiter_testkit::next_message;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

/// The catalog's entry of `game` (its default edition).
async fn entry(s: &TestServer, game: &str) -> Value {
    let (status, catalog) = s.get("/api/games/catalog", None).await;
    assert_eq!(status, StatusCode::OK);
    catalog["games"].as_array().unwrap().iter().find(|g| g["game"] == game).unwrap().clone()
}

async fn every_game_serves_its_rules_page(s: &TestServer) {
    let (_, catalog) = s.get("/api/games/catalog", None).await;
    let games: BTreeSet<&str> =
        catalog["games"].as_array().unwrap().iter().map(|g| g["game"].as_str().unwrap()).collect();
    for game in games {
        let path = format!("/api/games/catalog/{game}/rules");
        let answer = reqwest::get(s.ws(&path).replacen("ws://", "http://", 1)).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        let cache = answer.headers().get("cache-control").map(|v| v.to_str().unwrap().to_string());
        assert_eq!(cache.as_deref(), Some("public, max-age=3600"), "{path}");
        let page: Value = answer.json().await.unwrap();
        assert_eq!(page["game"], game);
        let sections: BTreeSet<&str> =
            page["sections"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert!(sections.len() >= 3, "{game}: {sections:?}");
        assert!(page["examples"].as_array().unwrap().iter().all(|e| e["game"] == game));
        // Every refusal the catalog lists points to a section of the page.
        let entry = entry(s, game).await;
        let refusals = entry["refusals"].as_array().unwrap();
        assert!(!refusals.is_empty(), "{game}");
        for refusal in refusals {
            let code = refusal["code"].as_str().unwrap();
            assert!(code.starts_with(&format!("{game}.")), "{code}");
            assert!(sections.contains(refusal["section"].as_str().unwrap()), "{code} points nowhere: {refusal}");
        }
    }
    for path in ["/api/games/catalog/chess/rules", "/api/games/catalog/%00/rules"] {
        let (status, answer) = s.get(path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        assert_eq!(answer["error"]["code"], "not_found", "{answer}");
    }
}

async fn a_refused_move_names_its_rule(s: &TestServer) {
    let ann = s.account("ann").await;
    let game = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let id = game["id"].as_str().unwrap();
    let sections: Vec<(String, String)> = entry(s, "agog").await["refusals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["code"].as_str().unwrap().to_string(), r["section"].as_str().unwrap().to_string()))
        .collect();
    // A golem goes one square at a time; a unit moves only forward.
    for (mv, rule, section) in [("e2-e4", "agog.units.one-square", "units"), ("a2-a1", "agog.units.forward", "units")] {
        let (status, answer) =
            s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": 0})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["error"]["code"], "illegal");
        assert_eq!(answer["error"]["rule"], rule, "{answer}");
        assert!(answer["error"]["message"].as_str().unwrap().starts_with(&format!("'{mv}': ")), "{answer}");
        assert!(sections.contains(&(rule.to_string(), section.to_string())), "{rule} is listed with {section}");
    }
    // Malformed text and a move out of turn name no rule.
    let (status, answer) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "zz", "ply": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].get("rule").is_none(), "{answer}");
    // The live socket's error names it too.
    let mut socket = s.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    let first = next_message(&mut socket, std::time::Duration::from_secs(10)).await;
    assert_eq!(first["type"], "view");
    use futures_util::SinkExt;
    let text = json!({"type": "move", "move": "e2-e4", "ply": 0}).to_string();
    socket.send(tokio_tungstenite::tungstenite::Message::Text(text.into())).await.unwrap();
    let error = next_message(&mut socket, std::time::Duration::from_secs(10)).await;
    assert_eq!(error["type"], "error", "{error}");
    assert_eq!(error["error"]["rule"], "agog.units.one-square", "{error}");
    // A play the rules refuse in a game of rounds names its rule too.
    let game = s
        .create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}], "clock": {"round_hours": 72}, "options": {"at-blocked": true}}))
        .await;
    let id = game["id"].as_str().unwrap();
    let (status, answer) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["rounds"], answer["scg"], "the part of rounds is sent under both names");
    assert_eq!(answer["rounds"]["my_play"], "c3", "{answer}");
}

async fn what_a_game_allows_comes_from_the_game(s: &TestServer) {
    let agog = entry(s, "agog").await;
    assert_eq!(agog["resign"], true);
    assert_eq!(agog["rounds"], false);
    assert!(!agog["offers"].as_array().unwrap().contains(&json!("draw")), "{agog}");
    let scg = entry(s, "scg").await;
    assert_eq!(scg["resign"], false);
    assert_eq!(scg["rounds"], true);
    let ann = s.account("cy").await;
    let game = s.create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let id = game["id"].as_str().unwrap();
    let (status, answer) = s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("sending no play"), "{answer}");
}

async fn described(s: &TestServer) {
    every_game_serves_its_rules_page(s).await;
    a_refused_move_names_its_rule(s).await;
    what_a_game_allows_comes_from_the_game(s).await;
}

on_both!(described_sqlite, described_postgres, described);
