//! Guests: a session at a click, playing the computer and taking open
//! seats, and nothing more (no invitations, no games open to others, no
//! private games, no mail, no password, invited by nobody, in no name
//! completion); a guest who signs up keeps the account and its games;
//! guests unused for the session lifetime and holding no seat are removed;
//! guests count against the registrations per address. On SQLite and on
//! PostgreSQL.

use crate::support;

use arbiter_server::limits::{Limits, Rate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Db, PASSWORD, TestServer};

/// A guest's token and name.
async fn guest(s: &TestServer) -> (String, String) {
    let (status, made) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["account"]["guest"], true, "{made}");
    let name = made["account"]["name"].as_str().unwrap().to_string();
    assert!(name.starts_with("guest-") && name.len() == 14, "{name}");
    (made["token"].as_str().unwrap().to_string(), name)
}

fn message(answer: &Value) -> &str {
    answer["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {answer}"))
}

async fn a_guest_plays_the_computer_and_takes_open_seats(s: &TestServer) {
    let (token, name) = guest(s).await;
    let (status, me) = s.get("/api/me", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!((me["name"].as_str(), me["guest"].as_bool()), (Some(name.as_str()), Some(true)));

    let game = s.create(&token, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let mv = game["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, moved) = s.post(&format!("/api/games/{id}/moves"), Some(&token), json!({"move": mv, "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{moved}");

    let ann = s.account("ann").await;
    // A casual game: a guest never takes a seat of a rated one.
    let open =
        s.create(&ann, json!({"game": "agog", "rated": false, "seats": [{"account": "me"}, {"open": true}]})).await;
    let open_id = open["id"].as_str().unwrap();
    let (status, taken) = s.post(&format!("/api/games/{open_id}/seats/b"), Some(&token), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "a guest takes an open seat: {taken}");
    assert_eq!(taken["seats"][1]["name"], name.as_str());

    // What a guest may not do.
    for (body, why) in [
        (json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]}), "an open seat"),
        (json!({"game": "sage", "seats": [{"account": "me"}, {"account": "ann"}]}), "an invitation"),
        (json!({"game": "sage", "private": true, "seats": [{"account": "me"}, {"computer": 2}]}), "a private game"),
    ] {
        let (status, refused) = s.post("/api/games", Some(&token), body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{why}: {refused}");
        assert!(message(&refused).contains("sign up"), "{why}: {refused}");
    }
    for change in [json!({"email": "g@example.org"}), json!({"password": "a new password", "current_password": "x"})] {
        let (status, refused) = s.call(Method::PATCH, "/api/me", Some(&token), Some(change.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{change}: {refused}");
    }
    let (status, fine) =
        s.call(Method::PATCH, "/api/me", Some(&token), Some(json!({"notify": {"email": false}}))).await;
    assert_eq!(status, StatusCode::OK, "{fine}");

    // Nobody invites a guest, completes their name, or signs in as one.
    let (status, refused) = s
        .post("/api/games", Some(&ann), json!({"game": "sage", "seats": [{"account": "me"}, {"account": name}]}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(message(&refused).contains("is a guest"), "{refused}");
    let (_, names) = s.get("/api/players?prefix=guest", None).await;
    assert_eq!(names, json!([]), "guests are not completed");
    let (status, page) = s.get(&format!("/api/players/{name}"), None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["kind"], "guest");
    for password in ["", "!guest", "a good password"] {
        let (status, refused) = s.post("/api/sessions", None, json!({"name": name, "password": password})).await;
        assert!(
            status == StatusCode::UNAUTHORIZED || status == StatusCode::BAD_REQUEST,
            "{password:?}: {status} {refused}"
        );
    }
    let (status, refused) =
        s.post("/api/accounts", None, json!({"name": "Guest-7", "password": "a good password"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(message(&refused).contains("guests'"), "{refused}");
}

async fn a_guest_who_signs_up_keeps_their_games(s: &TestServer) {
    let (token, _) = guest(s).await;
    let game =
        s.create(&token, json!({"game": "ogama", "seed": 4, "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (_, before) = s.get("/api/me", Some(&token)).await;

    let (status, taken) = s.post("/api/accounts", Some(&token), json!({"name": "ann", "password": "x"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a short password is still refused: {taken}");
    s.account("bo").await;
    let (status, taken) =
        s.post("/api/accounts", Some(&token), json!({"name": "BO", "password": "a good password"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{taken}");
    let (status, made) = s
        .post("/api/accounts", Some(&token), json!({"name": "Ann", "password": PASSWORD, "email": "ann@example.org"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(
        (made["id"].clone(), made["name"].clone(), made["guest"].clone()),
        (before["id"].clone(), json!("Ann"), json!(false))
    );

    // The same session goes on, now an ordinary account's.
    let (_, me) = s.get("/api/me", Some(&token)).await;
    assert_eq!(
        (me["name"].as_str(), me["guest"].as_bool(), me["email"].as_str()),
        (Some("Ann"), Some(false), Some("ann@example.org"))
    );
    let (_, mine) = s.get("/api/games?mine=true", Some(&token)).await;
    assert_eq!(
        mine.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect::<Vec<_>>(),
        vec![id.as_str()]
    );
    let view = s.view(&id, Some(&token)).await;
    assert_eq!(view["you"], json!(["o"]), "{view}");
    assert_eq!(view["seats"][0]["name"], "Ann", "the record names the player by their new name: {view}");
    let text = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    assert!(text.contains("Ann") && !text.contains("guest-"), "{text}");
    let signed = s.sign_in("Ann").await;
    assert!(!signed.is_empty());
    let (status, again) =
        s.post("/api/accounts", Some(&token), json!({"name": "Ann2", "password": "a good password"})).await;
    assert_eq!(status, StatusCode::CREATED, "an ordinary account's session makes a new account: {again}");
    assert_ne!(again["id"], made["id"]);
}

async fn idle_guests_without_games_are_removed(s: &TestServer) {
    let (_, idle) = guest(s).await;
    let (playing, player) = guest(s).await;
    s.create(&playing, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    s.clock.advance(20 * 86_400);
    // The third guest came lately.
    let (_, fresh) = guest(s).await;
    s.clock.advance(11 * 86_400);
    arbiter_server::sweep(&s.state).await;
    let (status, _) = s.get(&format!("/api/players/{idle}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "unused and seatless: removed");
    for kept in [&player, &fresh] {
        let (status, page) = s.get(&format!("/api/players/{kept}"), None).await;
        assert_eq!(status, StatusCode::OK, "{kept}: {page}");
    }
    let (status, _) = s.get("/api/me", Some(&playing)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the unused session ended all the same");
}

on_both!(plays_sqlite, plays_postgres, a_guest_plays_the_computer_and_takes_open_seats);
on_both!(signs_up_sqlite, signs_up_postgres, a_guest_who_signs_up_keeps_their_games);
on_both!(removed_sqlite, removed_postgres, idle_guests_without_games_are_removed);
on_both!(leaves_sqlite, leaves_postgres, a_guest_who_signs_out_ends_their_games_cleanly);

/// A guest who signs out can never come back: the games they play are
/// resigned (the other player told they won), a seat they took in a game
/// still waiting for players is open again, and none is left waiting.
async fn a_guest_who_signs_out_ends_their_games_cleanly(s: &TestServer) {
    let (token, name) = guest(s).await;
    let computer = s.create(&token, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let computer_id = computer["id"].as_str().unwrap().to_string();
    let ann = s.account("ann").await;
    let with_ann =
        s.create(&ann, json!({"game": "agog", "rated": false, "seats": [{"account": "me"}, {"open": true}]})).await;
    let ann_id = with_ann["id"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{ann_id}/seats/b"), Some(&token), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    let unrelated = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    // A game of three still waiting for its third player: the guest's seat
    // is open again once they leave.
    let waiting = s
        .create(
            &ann,
            json!({"game": "scg", "rated": false, "seats": [{"account": "me"}, {"open": true}, {"open": true}]}),
        )
        .await;
    let waiting_id = waiting["id"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{waiting_id}/seats/B"), Some(&token), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(
        taken["seats"][1],
        json!({"seat": "B", "name": name, "kind": "human"}),
        "a guest shows no rating: {taken}"
    );

    let (status, _) = s.call(Method::DELETE, "/api/sessions/current", Some(&token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    for id in [&computer_id, &ann_id] {
        let view = s.view(id, Some(&ann)).await;
        assert_eq!(view["status"]["state"], "over", "{id}: {view}");
        assert_eq!(view["status"]["reason"], "resignation", "{id}: {view}");
    }
    assert_eq!(s.view(&ann_id, None).await["status"]["winners"], json!(["w"]));
    let (_, notices) = s.get("/api/me/notices", Some(&ann)).await;
    let told = notices["notices"].as_array().unwrap().iter().any(|n| {
        n["game"] == ann_id.as_str() && n["text"].as_str().is_some_and(|t| t.contains("you won by resignation"))
    });
    assert!(told, "ann is told she won when {name} left: {notices}");
    let left = s.view(&waiting_id, Some(&ann)).await;
    assert_eq!(left["seats"][1], json!({"seat": "B", "name": null, "kind": "open"}), "{left}");
    assert_eq!(left["status"]["state"], "open", "{left}");
    let (_, open) = s.get("/api/games?state=open", None).await;
    let listed = open.as_array().unwrap().iter().any(|g| g["id"] == waiting_id.as_str());
    assert!(listed, "the game is among the open games again: {open}");
    let bob = s.account("bob").await;
    let (status, taken) = s.post(&format!("/api/games/{waiting_id}/seats/B"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "another player takes the seat the guest left: {taken}");
    let still = s.view(unrelated["id"].as_str().unwrap(), Some(&ann)).await;
    assert_eq!(still["status"]["state"], "ongoing", "another's game is left alone");
}

/// At two a day, so that no share comes back during the test however slow
/// the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_count_against_the_registrations_per_address() {
    let settings = arbiter_server::Settings {
        limits: Limits { registrations_per_address: Rate::per_day(2), ..Limits::default() },
        ..arbiter_server::Settings::default()
    };
    let s = TestServer::start_set(Db::Sqlite, settings, |_| {}).await.unwrap();
    guest(&s).await;
    guest(&s).await;
    let answer = s.http.post(format!("{}/api/sessions/guest", s.base)).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(answer.headers().get("retry-after").is_some(), "a Retry-After");
    let (status, refused) = s.post("/api/accounts", None, json!({"name": "late", "password": "a good password"})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "one limit for both: {refused}");
    s.finish().await;
}
