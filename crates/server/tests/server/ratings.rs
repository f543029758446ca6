//! Ratings: a game between two accounts is rated by default and rated
//! once, in the change that ends it (a second resignation changes
//! nothing); a game ended before each side moved, a casual game and a
//! game called off are not rated; a rated game with the computer or by a
//! guest is refused; a rating range keeps a seat from those outside it
//! (403 naming the range) and the lobby from showing it to them; the
//! player page, the history and the leaderboard. On SQLite and on
//! PostgreSQL.

use crate::support;

use arbiter_play::Clock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

/// A game of `creator` and `other` (who takes the open seat), with
/// `extra` fields in the creation.
async fn game_of(s: &TestServer, game: &str, creator: &str, other: &str, extra: Value) -> String {
    let mut body = json!({"game": game, "seats": [{"account": "me"}, {"open": true}]});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let made = s.create(creator, body).await;
    let id = made["id"].as_str().unwrap().to_string();
    let (status, taken) = s
        .post(
            &format!("/api/games/{id}/seats/{}", made["seats"][1]["seat"].as_str().unwrap()),
            Some(other),
            json!(null),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    id
}

/// Plays the first legal move of whoever is to move, `plies` times.
async fn play(s: &TestServer, id: &str, players: [&str; 2], plies: usize) {
    for _ in 0..plies {
        let mut moved = false;
        for token in players {
            let view = s.view(id, Some(token)).await;
            if let Some(mv) = view["legal"].get(0) {
                let body = json!({"move": mv["move"], "ply": view["ply"]});
                let (status, after) = s.post(&format!("/api/games/{id}/moves"), Some(token), body).await;
                assert_eq!(status, StatusCode::OK, "{after}");
                moved = true;
                break;
            }
        }
        assert!(moved, "somebody is to move in {id}");
    }
}

async fn resign(s: &TestServer, id: &str, token: &str) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/resign"), Some(token), json!(null)).await
}

fn message(answer: &Value) -> &str {
    answer["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {answer}"))
}

async fn history(s: &TestServer, name: &str, pool: &str) -> Vec<Value> {
    let (status, points) = s.get(&format!("/api/players/{name}/ratings/{pool}"), None).await;
    assert_eq!(status, StatusCode::OK, "{points}");
    points.as_array().unwrap().clone()
}

async fn games_are_rated_once_when_they_end(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let id = game_of(s, "sage", &ann, &bob, json!({})).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["rated"], true, "rated by default between two accounts: {view}");
    for seat in view["seats"].as_array().unwrap() {
        assert_eq!((seat["rating"].as_i64(), seat["provisional"].as_bool()), (Some(1500), Some(true)), "{seat}");
        assert!(seat.get("rating_change").is_none(), "{seat}");
    }
    // Resigned before each side moved: not rated.
    let early = game_of(s, "sage", &ann, &bob, json!({})).await;
    assert_eq!(resign(s, &early, &bob).await.0, StatusCode::OK);
    assert!(history(s, "ann", "sage").await.is_empty());

    play(s, &id, [&ann, &bob], 2).await;
    let (status, over) = resign(s, &id, &bob).await;
    assert_eq!(status, StatusCode::OK, "{over}");
    let seats = over["seats"].as_array().unwrap();
    let change = |i: usize| seats[i]["rating_change"].as_i64().unwrap_or_else(|| panic!("{over}"));
    let winner = seats.iter().position(|seat| seat["name"] == "ann").unwrap();
    assert!(change(winner) > 100 && change(1 - winner) < -100, "{over}");
    assert_eq!(change(winner), -change(1 - winner), "two new players move alike: {over}");
    assert_eq!(seats[winner]["rating"].as_i64(), Some(1500 + change(winner)), "{over}");
    // Shown the same to anyone, and kept.
    let again = s.view(&id, None).await;
    assert_eq!(again["seats"], over["seats"]);
    // Never twice: a second resignation is refused and nothing moves.
    let (status, refused) = resign(s, &id, &ann).await;
    assert!(status.is_client_error(), "{refused}");
    let points = history(s, "ann", "sage").await;
    assert_eq!(points.len(), 1, "{points:?}");
    assert_eq!(points[0]["game"], id.as_str());
    assert!(points[0]["at"].as_str().unwrap().ends_with('Z'));

    let (_, page) = s.get("/api/players/ann", None).await;
    let sage = &page["ratings"]["sage"];
    assert_eq!(sage["games"], 1, "{page}");
    assert_eq!(sage["provisional"], true, "{page}");
    assert!(sage["rating"].as_f64().unwrap() > 1600.0, "{page}");
    assert!(page["ratings"].get("agog").is_none(), "only pools played: {page}");

    // A casual game moves nothing.
    let casual = game_of(s, "sage", &ann, &bob, json!({"rated": false})).await;
    play(s, &casual, [&ann, &bob], 2).await;
    let (_, ended) = resign(s, &casual, &ann).await;
    assert_eq!(ended["rated"], false, "{ended}");
    assert!(ended["seats"].as_array().unwrap().iter().all(|seat| seat.get("rating_change").is_none()), "{ended}");
    assert_eq!(history(s, "ann", "sage").await.len(), 1);

    // The first edition of A•G•O•G is a pool of its own.
    let classic = game_of(s, "agog", &ann, &bob, json!({"variant": "classic"})).await;
    play(s, &classic, [&ann, &bob], 2).await;
    resign(s, &classic, &ann).await;
    assert_eq!(history(s, "bob", "agog/classic").await.len(), 1);
    assert!(history(s, "bob", "agog").await.is_empty());
    assert_eq!(history(s, "bob", "agog/current").await.len(), 0, "the default edition is the game's pool");
    for name in ["nobody", "a%20b"] {
        let (status, refused) = s.get(&format!("/api/players/{name}/ratings/sage"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}: {refused}");
        assert!(message(&refused).contains("no player"), "{refused}");
    }
    for pool in ["chess", "agog/third", "sage/classic"] {
        let (status, refused) = s.get(&format!("/api/players/bob/ratings/{pool}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{pool}: {refused}");
        assert!(message(&refused).contains("agog/classic"), "names the pools: {refused}");
    }
}

async fn rated_games_are_for_people(s: &TestServer) {
    let ann = s.account("ann").await;
    let body = json!({"game": "sage", "rated": true, "seats": [{"account": "me"}, {"computer": 2}]});
    let (status, refused) = s.post("/api/games", Some(&ann), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(message(&refused).contains("computer"), "{refused}");
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 2}]})).await;
    assert_eq!(made["rated"], false, "never rated against the computer: {made}");
    assert!(made["seats"][1].get("rating").is_none(), "{made}");

    let (status, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{guest}");
    let guest = guest["token"].as_str().unwrap().to_string();
    // A guest may not take the seat of a rated game.
    let open = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = open["id"].as_str().unwrap();
    let seat = open["seats"][1]["seat"].as_str().unwrap();
    let (status, refused) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&guest), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(message(&refused).contains("rated"), "{refused}");
    for (range, why) in [(json!([1800, 1200]), "above"), (json!([-5, 1600]), "out of bounds")] {
        let body = json!({"game": "sage", "rating_range": range, "seats": [{"account": "me"}, {"open": true}]});
        let (status, refused) = s.post("/api/games", Some(&ann), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert!(message(&refused).contains(why), "{refused}");
    }
}

async fn a_rating_range_keeps_others_out(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let body = json!({"game": "ogama", "rating_range": [1600, 2000], "seats": [{"account": "me"}, {"open": true}]});
    let made = s.create(&ann, body).await;
    assert_eq!(made["rating_range"], json!([1600, 2000]), "{made}");
    let id = made["id"].as_str().unwrap();
    let (status, refused) = s.post(&format!("/api/games/{id}/seats/b"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(message(&refused).contains("1600 to 2000") && message(&refused).contains("1500"), "{refused}");
    let listed = |games: &Value| games.as_array().unwrap().iter().any(|g| g["id"] == id);
    let (_, for_bob) = s.get("/api/games?state=open", Some(&bob)).await;
    assert!(!listed(&for_bob), "hidden from those outside the range: {for_bob}");
    let (_, for_anyone) = s.get("/api/games?state=open", None).await;
    assert!(listed(&for_anyone), "shown to visitors: {for_anyone}");
    let within = s
        .create(
            &ann,
            json!({"game": "ogama", "rating_range": [1400, 1600], "seats": [{"account": "me"}, {"open": true}]}),
        )
        .await;
    let within = within["id"].as_str().unwrap();
    let (_, for_bob) = s.get("/api/games?state=open", Some(&bob)).await;
    assert!(for_bob.as_array().unwrap().iter().any(|g| g["id"] == within), "{for_bob}");
    let (status, taken) = s.post(&format!("/api/games/{within}/seats/b"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["seats"][1]["rating"], 1500, "{taken}");
}

/// Runs `statements` on the server's database.
async fn run_sql(s: &TestServer, statements: &[String]) {
    arbiter_testkit::run_sql(s.database_url(), statements).await;
}

async fn leaderboards_list_the_settled_and_active(s: &TestServer) {
    let now = s.clock.now().unix();
    let mut statements = Vec::new();
    for i in 0..120 {
        statements.push(format!(
            "INSERT INTO accounts (name, name_key, password_hash, created) VALUES ('p{i:03}', 'p{i:03}', 'x', {now})"
        ));
    }
    for i in 0..120 {
        // p000 is unsettled, p001 idle for 100 days, the rest settled and
        // active, rated in order.
        let deviation = if i == 0 { 90.0 } else { 60.0 };
        let last = if i == 1 { now - 100 * 86_400 } else { now - 86_400 };
        statements.push(format!(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, last_rated) \
             SELECT id, 'scg', {}, {deviation}, 0.06, 20, {last} FROM accounts WHERE name = 'p{i:03}'",
            1400 + 5 * i
        ));
    }
    run_sql(s, &statements).await;
    let (status, board) = s.get("/api/leaderboards/scg", None).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    let board = board.as_array().unwrap();
    assert_eq!(board.len(), 100);
    assert_eq!((board[0]["rank"].as_i64(), board[0]["name"].as_str()), (Some(1), Some("p119")));
    assert_eq!(board[0]["rating"], 1400.0 + 5.0 * 119.0);
    let ratings: Vec<f64> = board.iter().map(|l| l["rating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]));
    assert!(board.iter().all(|l| l["name"] != "p000" && l["name"] != "p001"));
    let (_, empty) = s.get("/api/leaderboards/agog/classic", None).await;
    assert_eq!(empty, json!([]));
    let (status, refused) = s.get("/api/leaderboards/go", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{refused}");
}

on_both!(rated_once_sqlite, rated_once_postgres, games_are_rated_once_when_they_end);
on_both!(for_people_sqlite, for_people_postgres, rated_games_are_for_people);
on_both!(range_sqlite, range_postgres, a_rating_range_keeps_others_out);
on_both!(leaderboard_sqlite, leaderboard_postgres, leaderboards_list_the_settled_and_active);
