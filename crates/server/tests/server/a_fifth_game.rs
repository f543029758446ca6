//! A game added by its folder and one registry line: Tiny Col, compiled
//! for tests only (the `test-game` feature of arbiter-games). The server
//! names no game, so everything a front end needs of it comes from the
//! game: its catalog entry, its rules page, its board and clickable moves,
//! a refusal with its rule's code, a whole game between two accounts to
//! its end, its record, and the offers its rules allow.

use crate::support;

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

async fn the_catalog_describes_it_from_the_game(s: &TestServer) {
    let (status, catalog) = s.get("/api/games/catalog", None).await;
    assert_eq!(status, StatusCode::OK);
    let entry = catalog["games"].as_array().unwrap().iter().find(|g| g["game"] == "tinycol").expect("listed").clone();
    assert_eq!(entry["name"], "Tiny Col");
    assert_eq!((entry["min_seats"].as_u64(), entry["max_seats"].as_u64()), (Some(2), Some(2)));
    assert_eq!(entry["seats"], json!([{"label": "b", "name": "Blue"}, {"label": "r", "name": "Red"}]));
    assert_eq!(entry["rounds"], false);
    assert_eq!(entry["resign"], true);
    assert_eq!(entry["offers"], json!(["takeback", "draw", "rematch"]));
    assert_eq!(entry["pieces"][0]["kind"], "stone", "{entry}");
    let refusals: BTreeSet<(&str, &str)> = entry["refusals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["code"].as_str().unwrap(), r["section"].as_str().unwrap()))
        .collect();
    assert_eq!(refusals, BTreeSet::from([("tinycol.place.taken", "placing"), ("tinycol.place.beside", "placing")]));

    let (status, page) = s.get("/api/games/catalog/tinycol/rules", None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["game"], "tinycol");
    let sections: Vec<&str> = page["sections"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(sections, ["board", "placing", "end", "notation"]);
    assert_eq!(page["examples"][0]["id"], "tinycol-game");
    assert_eq!(page["examples"][0]["game"], "tinycol");
}

async fn its_board_is_drawn_and_offered_as_clicks(s: &TestServer) {
    let (status, position) = s.post("/api/positions", None, json!({"game": "tinycol", "moves": ["b2"]})).await;
    assert_eq!(status, StatusCode::OK, "{position}");
    assert_eq!(position["position"], ".../.b./... r", "{position}");
    let cells = position["board"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 9);
    let b2 = cells.iter().find(|c| c["name"] == "b2").unwrap();
    assert_eq!(b2["words"], "b2, Blue stone");
    assert_eq!(b2["stack"][0]["owner"], "b");
    let legal: Vec<&str> = position["legal"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(legal, ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]);
    assert!(position["legal"].as_array().unwrap().iter().all(|m| m["steps"] == json!([m["move"]])), "{position}");
    let (status, refused) = s.post("/api/positions", None, json!({"game": "tinycol", "moves": ["b2", "b2"]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["rule"], "tinycol.place.taken", "{refused}");
}

/// Plays `mv` at `ply` as `token`.
async fn play(s: &TestServer, id: &str, token: &str, mv: &str, ply: u64) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": ply})).await
}

async fn two_accounts_play_it_to_its_end(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s.create(&ann, json!({"game": "tinycol", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);

    let (status, after) = play(s, &id, &ann, "b2", 0).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // Red may not place on Blue's stone; the refusal names its rule.
    let (status, refused) = play(s, &id, &bob, "b2", 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["code"], "illegal");
    assert_eq!(refused["error"]["rule"], "tinycol.place.taken", "{refused}");
    assert_eq!(refused["error"]["message"], "'b2': b2 already holds a stone", "{refused}");
    assert_eq!(play(s, &id, &bob, "a2", 1).await.0, StatusCode::OK);
    // Blue may not place beside Blue's own stone.
    let (status, refused) = play(s, &id, &ann, "b1", 2).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["rule"], "tinycol.place.beside", "{refused}");
    // A draw by agreement is the game's to allow, and it does.
    let (status, offered) = s.post(&format!("/api/games/{id}/offers"), Some(&ann), json!({"kind": "draw"})).await;
    assert_eq!(status, StatusCode::CREATED, "{offered}");
    let (status, _) = s.post(&format!("/api/games/{id}/offers/draw/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);

    let rest = ["a1", "c2", "c3", "b1", "c1", "b3", "a3"];
    for (i, mv) in rest.iter().enumerate() {
        let ply = 2 + i as u64;
        let token = if ply.is_multiple_of(2) { &ann } else { &bob };
        let (status, after) = play(s, &id, token, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {after}");
    }
    let (_, view) = s.get(&format!("/api/games/{id}"), Some(&bob)).await;
    assert_eq!(view["position"], "brb/rbr/brb r", "{view}");
    assert_eq!(view["status"], json!({"state": "over", "winners": ["b"], "reason": "immobilization"}), "{view}");
    assert!(view["legal"].as_array().is_none_or(Vec::is_empty), "{view}");

    let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    assert!(record.contains("[Game \"tinycol\"]"), "{record}");
    assert!(record.contains("1. b2 a2 2. a1 c2 3. c3 b1 4. c1 b3 5. a3 1—0"), "{record}");
}

async fn a_game_added_by_its_folder(s: &TestServer) {
    the_catalog_describes_it_from_the_game(s).await;
    its_board_is_drawn_and_offered_as_clicks(s).await;
    two_accounts_play_it_to_its_end(s).await;
}

on_both!(fifth_game_sqlite, fifth_game_postgres, a_game_added_by_its_folder);
