//! What a screen draws any game from: the catalog, options checked by
//! name, `POST /api/positions`, and the board model and clickable moves in
//! every view and history step, shaped for the viewer.

use crate::support;

use std::collections::BTreeSet;

use arbiter_server::limits::{Limits, Rate};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

fn kinds(board: &Value) -> BTreeSet<String> {
    let cells = board["cells"].as_array().unwrap().iter();
    let spots = board["spots"].as_array().unwrap().iter();
    cells
        .chain(spots)
        .flat_map(|c| c["stack"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap().to_string()))
        .collect()
}

async fn the_catalog_lists_every_game_and_edition(s: &TestServer) {
    let (status, catalog) = s.get("/api/games/catalog", None).await;
    assert_eq!(status, StatusCode::OK, "{catalog}");
    let games = catalog["games"].as_array().unwrap();
    let names: Vec<(&str, Option<&str>)> =
        games.iter().map(|g| (g["game"].as_str().unwrap(), g["variant"].as_str())).collect();
    assert_eq!(
        names,
        [
            ("agog", Some("current")),
            ("agog", Some("classic")),
            ("ogama", None),
            ("sage", None),
            // The tests' own game (the `test-game` feature), after the games of turns.
            ("tinycol", None),
            ("scg", None)
        ]
    );
    let agog = &games[0];
    assert_eq!(
        agog["options"],
        json!([{"name": "handicap", "type": "number", "min": 0, "max": 10, "default": 0,
        "help": "Black starts without this many golems (0-10)"}])
    );
    assert_eq!(agog["seats"], json!([{"label": "w", "name": "White"}, {"label": "b", "name": "Black"}]));
    assert_eq!(games[1]["rules"], "/rules/agog/classic");
    let scg = games.iter().find(|g| g["game"] == "scg").unwrap();
    assert_eq!((scg["min_seats"].as_u64(), scg["max_seats"].as_u64()), (Some(2), Some(12)));
    assert_eq!(scg["rounds"], true);
    let scg_options: Vec<&str> =
        scg["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(scg_options, ["at-blocked"], "the number of players is set by the seats");
    // Every kind a board draws is one the catalog names.
    for game in games {
        let listed: BTreeSet<String> =
            game["pieces"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap().to_string()).collect();
        let body = json!({"game": game["game"], "variant": game["variant"]});
        let (status, position) = s.post("/api/positions", None, body).await;
        assert_eq!(status, StatusCode::OK, "{position}");
        let drawn = kinds(&position["board"]);
        assert!(drawn.is_subset(&listed), "{drawn:?} drawn, {listed:?} listed");
    }
}

async fn positions_are_drawn_and_offered_as_clicks(s: &TestServer) {
    // A•G•O•G's start: 64 cells, White to move, quiet moves by two clicks.
    let (status, start) = s.post("/api/positions", None, json!({"game": "agog"})).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    let board = &start["board"];
    assert_eq!(board["cells"].as_array().unwrap().len(), 64);
    assert_eq!(board["rows"][0], "8");
    assert_eq!(
        board["cells"][56],
        json!({"name": "a1", "zone": "sanctum", "zone_owner": "w",
        "words": "a1, White's sanctum, White journeyman",
        "stack": [{"owner": "w", "kind": "journeyman", "label": "J"}]})
    );
    assert_eq!(start["to_move"], json!(["w"]));
    assert!(start["legal"].as_array().unwrap().contains(&json!({"move": "e2-e3", "steps": ["e2", "e3"]})));
    // After moves: the position, the last move's cells.
    let (status, after) = s.post("/api/positions", None, json!({"game": "agog", "moves": ["e2-e3", "d7-d6"]})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["board"]["last_move"], json!(["d7", "d6"]));
    assert_eq!(after["to_move"], json!(["w"]));
    // The first illegal move is refused with the rule, naming which.
    let (status, refused) = s.post("/api/positions", None, json!({"game": "agog", "moves": ["e2-e3", "e2-e4"]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().starts_with("move 2 'e2-e4'"), "{refused}");
    assert_eq!(refused["error"]["rule"], "agog.units.none", "{refused}");

    // Sage Tafl: the Sage in her tower, leaving it by two clicks; the
    // river's ends are spots.
    let (status, sage) = s.post("/api/positions", None, json!({"game": "sage"})).await;
    assert_eq!(status, StatusCode::OK, "{sage}");
    let spots: Vec<&str> =
        sage["board"]["spots"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(spots, ["tower-r", "tower-b", "W", "E"]);
    assert_eq!(sage["board"]["spots"][1]["stack"][0]["kind"], "sage");
    assert_eq!(sage["board"]["spots"][1]["anchor"], json!(["d2", "e1"]));
    assert_eq!(sage["board"]["spots"][2]["side"], "west");

    // Ogama: a toad waits in its hand and is placed by two clicks.
    let (status, ogama) = s.post("/api/positions", None, json!({"game": "ogama", "options": {"seed": 7}})).await;
    assert_eq!(status, StatusCode::OK, "{ogama}");
    let place = ogama["legal"].as_array().unwrap().iter().find(|m| m["move"].as_str().unwrap().starts_with("T@"));
    let place = place.expect("the toad is placed first");
    assert_eq!(place["steps"][0], "toad-o");

    // Single Capture Go: each play is one click.
    let (status, scg) =
        s.post("/api/positions", None, json!({"game": "scg", "options": {"players": 3, "at-blocked": true}})).await;
    assert_eq!(status, StatusCode::OK, "{scg}");
    assert_eq!(scg["to_move"], json!(["A", "B", "C"]));
    assert!(scg["legal"].as_array().unwrap().iter().all(|m| m["steps"] == json!([m["move"]])));

    // Bad input: named.
    for (body, named) in [
        (json!({"game": "chess"}), "'game'"),
        (json!({"game": "agog", "options": {"handicap": 11}}), "options.handicap"),
        (json!({"game": "agog", "options": {"tempo": 1}}), "'options.tempo'"),
        (json!({"game": "agog", "position": "not a position"}), "not a position"),
        (json!({"game": "agog", "moves": ["zz"]}), "move 1 'zz'"),
        (json!({"game": "agog", "moves": vec!["e2-e3"; 1001]}), "'moves'"),
        (json!({"game": "agog", "colour": "blue"}), "colour"),
    ] {
        let (status, refused) = s.post("/api/positions", None, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{body}: {message}");
    }
}

async fn options_are_checked_by_name(s: &TestServer) {
    let ann = s.account("ann").await;
    let seats = json!([{"account": "me"}, {"open": true}]);
    let (status, made) =
        s.post("/api/games", Some(&ann), json!({"game": "agog", "options": {"handicap": 3}, "seats": seats})).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["options"]["handicap"], 3);
    assert_eq!(made["board"]["cells"].as_array().unwrap().len(), 64);
    let (status, shorthand) =
        s.post("/api/games", Some(&ann), json!({"game": "agog", "handicap": 2, "seats": seats})).await;
    assert_eq!(status, StatusCode::CREATED, "{shorthand}");
    assert_eq!(shorthand["options"]["handicap"], 2);
    for (body, named) in [
        (json!({"game": "agog", "options": {"handicap": 11}, "seats": seats}), "options.handicap"),
        (json!({"game": "agog", "options": {"handicap": true}, "seats": seats}), "options.handicap"),
        (json!({"game": "sage", "options": {"handicap": 1}, "seats": seats}), "options.handicap"),
        (json!({"game": "agog", "options": {"handicap": 1}, "handicap": 2, "seats": seats}), "'handicap'"),
        (json!({"game": "scg", "options": {"at-blocked": "yes"}, "seats": seats}), "options.at-blocked"),
    ] {
        let (status, refused) = s.post("/api/games", Some(&ann), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{body}: {message}");
    }
}

async fn views_and_history_carry_the_board(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    let view = s.view(&id, Some(&ann)).await;
    let first = view["legal"][0].clone();
    let (status, moved) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": first["move"], "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["board"]["last_move"], first["steps"]);
    let spectator = s.view(&id, None).await;
    assert_eq!(spectator["board"], moved["board"]);
    let (status, history) = s.get(&format!("/api/games/{id}/history"), None).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert_eq!(history["start_board"]["last_move"], json!([]));
    assert_eq!(history["plies"][0]["board"], moved["board"]);
}

async fn a_pending_play_is_drawn_for_its_player_only(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let seats = json!([{"account": "me"}, {"open": true}, {"open": true}]);
    let game = s.create(&ann, json!({"game": "scg", "seats": seats})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let cy = s.account("cy").await;
    s.post(&format!("/api/games/{id}/seats/B"), Some(&bo), json!(null)).await;
    s.post(&format!("/api/games/{id}/seats/C"), Some(&cy), json!(null)).await;
    let (status, mine) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let pending = |view: &Value| -> Vec<Value> {
        view["board"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["stack"].as_array().unwrap().clone())
            .filter(|p| p["pending"] == true)
            .collect()
    };
    assert_eq!(pending(&mine), [json!({"owner": "A", "kind": "letter", "label": "A", "pending": true})]);
    for (who, view) in [("bo", s.view(&id, Some(&bo)).await), ("a spectator", s.view(&id, None).await)] {
        assert!(pending(&view).is_empty(), "{who} sees a pending play");
        assert!(!view.to_string().contains("your play"), "{who} sees a pending play");
    }
}

on_both!(catalog_sqlite, catalog_postgres, the_catalog_lists_every_game_and_edition);
on_both!(positions_sqlite, positions_postgres, positions_are_drawn_and_offered_as_clicks);
on_both!(options_sqlite, options_postgres, options_are_checked_by_name);
on_both!(boards_sqlite, boards_postgres, views_and_history_carry_the_board);
on_both!(pending_sqlite, pending_postgres, a_pending_play_is_drawn_for_its_player_only);

/// At three a day, so that no share comes back during the test however
/// slow the machine (at three a minute, one came back every 20 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_are_limited_per_address() {
    let limits = Limits { positions_per_address: Rate::per_day(3), ..support::relaxed().limits };
    let settings = arbiter_server::Settings { limits, ..support::relaxed() };
    let s = TestServer::start_set(support::Db::Sqlite, settings, |_| {}).await.unwrap();
    for _ in 0..3 {
        let (status, _) = s.post("/api/positions", None, json!({"game": "ogama"})).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, refused) = s.post("/api/positions", None, json!({"game": "ogama"})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    s.finish().await;
}
