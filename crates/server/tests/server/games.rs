//! Games of the turn-based games: creating them with the command line's
//! options, open seats, the computer's replies, moves guarded by ply,
//! turns, resignation, the end, records and lists.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

fn id(view: &Value) -> String {
    view["id"].as_str().unwrap().to_string()
}

async fn two_people_play_with_a_ply_guard(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s
        .create(&ann, json!({"game": "agog", "variant": "classic", "seats": [{"account": "me"}, {"open": true}]}))
        .await;
    let id = id(&game);
    assert_eq!(game["status"]["state"], "open");
    assert_eq!(game["you"], json!(["w"]));
    assert_eq!(game["seats"][1], json!({"seat": "b", "name": null, "kind": "open"}));
    assert!(game.get("legal").is_none(), "nobody moves while a seat is open");
    let (status, early) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "e2-e3", "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{early}");

    let (status, open) = s.get("/api/games?state=open", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(open.as_array().unwrap().iter().any(|g| g["id"] == id.as_str()));

    let (status, taken) = s.post(&format!("/api/games/{id}/seats/b"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["you"], json!(["b"]));
    assert_eq!(taken["status"]["state"], "ongoing");
    let cy = s.account("cy").await;
    let (status, again) = s.post(&format!("/api/games/{id}/seats/b"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    let (status, _) = s.post(&format!("/api/games/{id}/seats/z"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let view = s.view(&id, Some(&ann)).await;
    let legal = view["legal"].as_array().unwrap();
    assert!(legal.iter().any(|m| m["move"] == "e2-e3" && m["steps"] == json!(["e2", "e3"])), "{legal:?}");
    assert!(s.view(&id, Some(&bo)).await.get("legal").is_none(), "only the player to move gets the legal moves");

    let (status, wrong_turn) =
        s.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": "e7-e6", "ply": 0})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{wrong_turn}");
    let (status, spectator) =
        s.post(&format!("/api/games/{id}/moves"), Some(&cy), json!({"move": "e2-e3", "ply": 0})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{spectator}");
    let (status, illegal) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "e2-e6", "ply": 0})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{illegal}");
    assert!(illegal["error"]["message"].as_str().unwrap().contains("e2-e6"));

    let (status, moved) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "e2-e3", "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["ply"], 1);
    assert_eq!(moved["moves"], json!(["e2-e3"]));
    assert_eq!(moved["to_move"], json!(["b"]));
    let (status, twice) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "e2-e3", "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "a move sent twice is applied once: {twice}");
    assert_eq!(s.view(&id, None).await["moves"], json!(["e2-e3"]));

    let (status, resigned) = s.post(&format!("/api/games/{id}/resign"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert_eq!(resigned["status"], json!({"state": "over", "winners": ["w"], "reason": "resignation"}));
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": "e7-e6", "ply": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "no move after the end: {after}");
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap();
    assert_eq!(record.status(), StatusCode::OK);
    assert!(record.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = record.text().await.unwrap();
    assert!(text.contains("[Game \"agog\"]") && text.contains("[Variant \"classic\"]"), "{text}");
    assert!(text.contains("[White \"ann\"]") && text.contains("[Black \"bo\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]") || text.contains("[Result \"w\"]") || text.contains("Result"), "{text}");

    let (_, finished) = s.get("/api/games?state=finished&mine=true", Some(&bo)).await;
    assert_eq!(finished.as_array().unwrap().len(), 1);
    let (_, mine) = s.get("/api/games?mine=true", Some(&cy)).await;
    assert_eq!(mine, json!([]));
    let (status, _) = s.get("/api/games?mine=true", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s.get("/api/games?state=paused", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = s.get("/api/games/no-such-game", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both!(two_people_on_sqlite, two_people_on_postgres, two_people_play_with_a_ply_guard);

async fn the_computer_moves_by_itself(s: &TestServer) {
    let ann = s.account("ann").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"computer": 1}, {"account": "me"}], "seed": 3})).await;
    let id = id(&game);
    assert_eq!(game["seats"][0], json!({"seat": "b", "name": "computer 1", "kind": "computer", "level": 1}));
    let view = s.wait_for_ply(&id, 1).await;
    assert_eq!(view["ply"], 1, "the computer opened: {view}");
    let mine = s.view(&id, Some(&ann)).await;
    let reply = mine["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": reply, "ply": 1})).await;
    assert_eq!(status, StatusCode::OK);
    let view = s.wait_for_ply(&id, 3).await;
    assert_eq!(view["ply"], 3, "the computer answered: {view}");
}
on_both!(computer_on_sqlite, computer_on_postgres, the_computer_moves_by_itself);

async fn options_are_the_command_lines_and_refused_where_they_do_not_apply(s: &TestServer) {
    let ann = s.account("ann").await;
    let game =
        s.create(&ann, json!({"game": "ogama", "seed": 12, "seats": [{"account": "me"}, {"computer": 2}]})).await;
    assert_eq!(game["options"]["seed"], 12);
    let handicapped =
        s.create(&ann, json!({"game": "agog", "handicap": 2, "seats": [{"account": "me"}, {"open": true}]})).await;
    assert_eq!(handicapped["options"]["handicap"], 2);
    for (body, why) in [
        (json!({"game": "chess", "seats": [{"account": "me"}, {"open": true}]}), "chess"),
        (json!({"game": "sage", "handicap": 2, "seats": [{"account": "me"}, {"open": true}]}), "handicap"),
        (json!({"game": "agog", "variant": "future", "seats": [{"account": "me"}, {"open": true}]}), "future"),
        (json!({"game": "sage", "seats": [{"account": "me"}]}), "seats"),
        (json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 11}]}), "1 to 10"),
        (json!({"game": "sage", "seats": [{"account": "bo"}, {"open": true}]}), "me"),
        (
            json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}], "clock": {"round_hours": 5}}),
            "days_per_move",
        ),
        (
            json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}], "clock": {"days_per_move": 0}}),
            "1 to 365",
        ),
        (json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}], "colour": "red"}), "colour"),
    ] {
        let (status, answer) = s.post("/api/games", Some(&ann), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(why), "{body}: {message}");
    }
    let (status, _) =
        s.post("/api/games", None, json!({"game": "sage", "seats": [{"open": true}, {"open": true}]})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Numbers too large for their fields are malformed, not a failure.
    let id = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await["id"].clone();
    let id = id.as_str().unwrap();
    for body in [
        r#"{"move": "e2-e3", "ply": 18446744073709551616}"#,
        r#"{"move": "e2-e3", "ply": -1}"#,
        r#"{"move": "e2-e3", "ply": 1e300}"#,
    ] {
        let answer = s
            .http
            .post(format!("{}/api/games/{id}/moves", s.base))
            .bearer_auth(&ann)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "{body}");
    }
    let (status, _) = s
        .post(
            "/api/games",
            Some(&ann),
            json!({"game": "agog", "handicap": 1e40, "seats": [{"account": "me"}, {"open": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) =
        s.post("/api/games", Some(&ann), json!({"game": "scg", "seats": vec![json!({"open": true}); 300]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = s.get("/api/games/%FF%FE", None).await;
    assert!(status == StatusCode::BAD_REQUEST || status == StatusCode::NOT_FOUND, "{status}");
}
on_both!(options_on_sqlite, options_on_postgres, options_are_the_command_lines_and_refused_where_they_do_not_apply);

async fn a_player_out_of_time_loses(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s
        .create(
            &ann,
            json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}], "clock": {"days_per_move": 2}}),
        )
        .await;
    let id = id(&game);
    assert_eq!(game["deadline"], Value::Null, "no clock runs while a seat is open");
    let (_, started) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    let deadline = started["deadline"].as_str().unwrap().to_string();
    assert_eq!(deadline, arbiter_play::Timestamp::from_unix(support::START + 2 * 86_400).rfc3339());
    s.clock.advance(2 * 86_400 - 1);
    arbiter_server::handle_due(&s.state).await;
    assert_eq!(s.view(&id, None).await["status"]["state"], "ongoing");
    s.clock.advance(1);
    arbiter_server::handle_due(&s.state).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["status"], json!({"state": "over", "winners": ["r"], "reason": "timeout"}), "{view}");
    assert_eq!(view["deadline"], Value::Null);
}
on_both!(time_on_sqlite, time_on_postgres, a_player_out_of_time_loses);

async fn the_history_steps_through_every_position(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = id(&game);
    let (_, game) = s.post(&format!("/api/games/{id}/seats/b"), Some(&bo), json!(null)).await;
    assert_eq!(game["last_move"], Value::Null);
    let start = game["position"].as_str().unwrap().to_string();
    let mut positions = Vec::new();
    for (ply, mv) in ["b5-b6", "d7-c7", "b6-c6"].iter().enumerate() {
        let player = if ply % 2 == 0 { &ann } else { &bo };
        let (status, view) =
            s.post(&format!("/api/games/{id}/moves"), Some(player), json!({"move": mv, "ply": ply})).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["last_move"], *mv, "the last move in the long form");
        positions.push(view["position"].as_str().unwrap().to_string());
    }
    let view = s.view(&id, None).await;
    let (status, history) = s.get(&format!("/api/games/{id}/history"), None).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert_eq!(history["start"], start.as_str());
    let plies = history["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 3);
    assert_eq!(
        plies.iter().map(|p| p["long"].clone()).collect::<Vec<_>>(),
        json!(["b5-b6", "d7-c7", "b6-c6"]).as_array().unwrap().clone()
    );
    assert_eq!(view["moves"], json!(["b5-b6", "d7-c7", "b6-c6"]), "the view's moves are in the long form");
    let records: Vec<&str> = plies.iter().map(|p| p["record"].as_str().unwrap()).collect();
    let text = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    let line = format!("1. {} {} 2. {}", records[0], records[1], records[2]);
    assert!(text.contains(&line), "the moves as the record writes them: {line} in {text}");
    assert_eq!(plies[2]["position"], view["position"]);
    for (ply, position) in plies.iter().zip(&positions) {
        assert_eq!(ply["position"], position.as_str(), "the position after each move");
    }
    let (status, missing) = s.get("/api/games/nosuchgame00/history", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
}
on_both!(history_on_sqlite, history_on_postgres, the_history_steps_through_every_position);

/// Makes `token`'s first legal move in the game `id`.
async fn first_move(s: &TestServer, id: &str, token: &str) {
    let view = s.view(id, Some(token)).await;
    let body = json!({"move": view["legal"][0]["move"], "ply": view["ply"]});
    let (status, after) = s.post(&format!("/api/games/{id}/moves"), Some(token), body).await;
    assert_eq!(status, StatusCode::OK, "{after}");
}

/// Whose move it is in `id`: the name of the seat to move.
async fn to_move(s: &TestServer, id: &str) -> String {
    let view = s.view(id, None).await;
    let seat = view["to_move"][0].as_str().unwrap().to_string();
    view["seats"].as_array().unwrap().iter().find(|x| x["seat"] == seat.as_str()).unwrap()["name"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn my_games_waiting_for_me_come_oldest_first(s: &TestServer) {
    let tokens = [("ann", s.account("ann").await), ("bo", s.account("bo").await)];
    let token = |name: &str| tokens.iter().find(|(n, _)| *n == name).unwrap().1.clone();
    let mut games = Vec::new();
    for _ in 0..3 {
        let made = s.create(&token("ann"), json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
        let id = made["id"].as_str().unwrap().to_string();
        let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
        let (status, taken) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&token("bo")), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
        games.push(id);
    }
    // The second game, then the first, a minute apart, brought to ann's
    // move by a move of bo's: the second waits longest. The third goes on
    // to bo's move.
    for id in [&games[1], &games[0]] {
        s.clock.advance(60);
        if to_move(s, id).await == "ann" {
            first_move(s, id, &token("ann")).await;
        }
        first_move(s, id, &token("bo")).await;
        assert_eq!(to_move(s, id).await, "ann");
    }
    s.clock.advance(60);
    if to_move(s, &games[2]).await == "bo" {
        first_move(s, &games[2], &token("bo")).await;
    }
    first_move(s, &games[2], &token("ann")).await;
    let (status, list) = s.get("/api/games?mine=true&to_move=me", Some(&token("ann"))).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let ids: Vec<&str> = list.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![games[1].as_str(), games[0].as_str()], "{list}");
    let (_, list) = s.get("/api/games?mine=true&to_move=me&limit=1", Some(&token("ann"))).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    let (_, bos) = s.get("/api/games?mine=true&to_move=me", Some(&token("bo"))).await;
    let ids: Vec<&str> = bos.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![games[2].as_str()], "{bos}");
    // The count the notices give agrees.
    let (_, notices) = s.get("/api/me/notices", Some(&token("ann"))).await;
    assert_eq!(notices["your_turn"], 2, "{notices}");
    for (query, status) in [
        ("to_move=me", StatusCode::BAD_REQUEST),
        ("mine=true&to_move=you", StatusCode::BAD_REQUEST),
        ("mine=true&to_move=me&state=finished", StatusCode::BAD_REQUEST),
        ("mine=true&to_move=me&invited=true", StatusCode::BAD_REQUEST),
    ] {
        let (got, answer) = s.get(&format!("/api/games?{query}"), Some(&token("ann"))).await;
        assert_eq!(got, status, "{query}: {answer}");
    }
    let (status, _) = s.get("/api/games?mine=true&to_move=me", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both!(waiting_on_sqlite, waiting_on_postgres, my_games_waiting_for_me_come_oldest_first);
