//! Offers in a game: a takeback asked and granted or declined, a draw
//! (refused in A•G•O•G and Single Capture Go by their rules), a rematch
//! with the seats turned round, who may offer and accept (never a
//! spectator), offers lapsing with a move, and the view sent live when an
//! offer stands. On SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use arbiter_games::GameId;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{TestServer, next_message};

const WAIT: Duration = Duration::from_secs(10);

/// A game of `game` with ann in the first seat and bob in the second.
async fn game_of_two(s: &TestServer, game: &str) -> (String, String, String) {
    game_between(s, game, "ann", "bob").await
}

/// A game of `game` between two new accounts, `first` and `second`.
async fn game_between(s: &TestServer, game: &str, first: &str, second: &str) -> (String, String, String) {
    let ann = s.account(first).await;
    let bob = s.account(second).await;
    let made = s.create(&ann, json!({"game": game, "seats": [{"account": "me"}, {"account": second}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    (id, ann, bob)
}

/// Plays the first legal move of whoever `token` is.
async fn play_first(s: &TestServer, id: &str, token: &str) -> Value {
    let (_, view) = s.get(&format!("/api/games/{id}"), Some(token)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": view["ply"]})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

async fn offer(s: &TestServer, id: &str, token: Option<&str>, kind: &str) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/offers"), token, json!({"kind": kind})).await
}

async fn answer(s: &TestServer, id: &str, token: &str, kind: &str, how: &str) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/offers/{kind}/{how}"), Some(token), json!(null)).await
}

fn message(body: &Value) -> String {
    body["error"]["message"].as_str().unwrap_or_default().to_string()
}

async fn a_takeback_is_asked_granted_and_declined(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s, "sage").await;
    let cy = s.account("cy").await;
    let (status, refused) = offer(s, &id, Some(&ann), "takeback").await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing to take back yet: {refused}");
    let start = play_first(s, &id, &ann).await;
    let after_ann = start["position"].clone();
    play_first(s, &id, &bob).await;
    let mut bobs = s.socket(&format!("/api/games/{id}/live"), Some(&bob)).await;
    assert_eq!(next_message(&mut bobs, WAIT).await["type"], "view");

    let (status, view) = offer(s, &id, Some(&ann), "takeback").await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["offers"], json!([{"kind": "takeback", "by": "b", "ply": 2}]));
    // The other side sees it live, in the whole view.
    let live = next_message(&mut bobs, WAIT).await;
    assert_eq!((live["type"].as_str(), &live["view"]["offers"][0]["kind"]), (Some("view"), &json!("takeback")));
    let (status, again) = offer(s, &id, Some(&ann), "takeback").await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");

    // Nobody else accepts it: a spectator, a stranger signed out, the asker.
    let (status, refused) = answer(s, &id, &cy, "takeback", "accept").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a spectator: {refused}");
    let (status, _) = s.post(&format!("/api/games/{id}/offers/takeback/accept"), None, json!(null)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, refused) = answer(s, &id, &ann, "takeback", "accept").await;
    assert_eq!(status, StatusCode::CONFLICT, "the asker's own: {refused}");
    let (status, refused) = answer(s, &id, &bob, "truce", "accept").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(message(&refused).contains("'truce'"), "{refused}");

    // Granted: ann's move and bob's reply are gone, ann is to move.
    let (status, view) = answer(s, &id, &bob, "takeback", "accept").await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!((view["ply"].as_u64(), view["offers"].clone()), (Some(0), json!([])));
    let (_, ann_view) = s.get(&format!("/api/games/{id}"), Some(&ann)).await;
    assert_eq!(ann_view["to_move"], json!(["b"]));
    assert_ne!(ann_view["position"], after_ann);

    // Declined, and lapsing when a move is made.
    play_first(s, &id, &ann).await;
    offer(s, &id, Some(&ann), "takeback").await;
    let (status, view) = answer(s, &id, &bob, "takeback", "decline").await;
    assert_eq!((status, view["offers"].clone()), (StatusCode::OK, json!([])));
    let (status, _) = answer(s, &id, &bob, "takeback", "decline").await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing left to decline");
    play_first(s, &id, &bob).await;
    let (status, _) = offer(s, &id, Some(&bob), "takeback").await;
    assert_eq!(status, StatusCode::CREATED);
    let after = play_first(s, &id, &ann).await;
    assert_eq!(after["offers"], json!([]), "a move makes the offer lapse");
    let (status, _) = answer(s, &id, &ann, "takeback", "accept").await;
    assert_eq!(status, StatusCode::CONFLICT);
}

async fn draws_are_offered_where_the_rules_have_them(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s, "ogama").await;
    let cy = s.account("cy").await;
    let (status, refused) = offer(s, &id, Some(&cy), "draw").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    for body in [json!({"kind": "peace"}), json!({}), json!({"kind": "draw", "to": "bob"})] {
        let (status, refused) = s.post(&format!("/api/games/{id}/offers"), Some(&ann), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
    }
    let (status, _) = offer(s, &id, Some(&ann), "draw").await;
    assert_eq!(status, StatusCode::CREATED);
    // Offering what the other side offered accepts it.
    let (status, view) = offer(s, &id, Some(&bob), "draw").await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert_eq!(view["status"]["reason"], "agreement", "{view}");
    assert!(view["status"]["winners"].as_array().is_none_or(Vec::is_empty), "{view}");
    let (status, refused) = offer(s, &id, Some(&ann), "draw").await;
    assert_eq!(status, StatusCode::CONFLICT, "over: {refused}");
    let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    assert!(record.contains("[Result \"½—½\"]"), "{record}");

    let (agog, ann2, _) = game_between(s, "agog", "dee", "eve").await;
    let (status, refused) = offer(s, &agog, Some(&ann2), "draw").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("A•G•O•G has no draws"), "{refused}");
    let made =
        s.create(&ann2, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}, {"computer": 2}]})).await;
    let scg = made["id"].as_str().unwrap();
    for kind in ["draw", "takeback"] {
        let (status, refused) = offer(s, scg, Some(&ann2), kind).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{kind}: {refused}");
    }
    let (status, refused) = offer(s, scg, Some(&ann2), "rematch").await;
    assert_eq!(status, StatusCode::CONFLICT, "not over: {refused}");
}

async fn a_rematch_turns_the_seats_round(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s, "agog").await;
    let cy = s.account("cy").await;
    s.post(&format!("/api/games/{id}/resign"), Some(&bob), json!(null)).await;
    let (status, refused) = offer(s, &id, Some(&cy), "rematch").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, view) = offer(s, &id, Some(&bob), "rematch").await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["offers"][0]["by"], "b");
    let mut anns = s.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    assert_eq!(next_message(&mut anns, WAIT).await["type"], "view");
    let (status, view) = answer(s, &id, &ann, "rematch", "accept").await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let new = view["rematch"].as_str().unwrap().to_string();
    assert_eq!(view["offers"], json!([]));
    let (_, bobs_view) = s.get(&format!("/api/games/{id}"), Some(&bob)).await;
    assert_eq!(bobs_view["rematch"], json!(new), "both views name it");
    let live = next_message(&mut anns, WAIT).await;
    assert_eq!(live["view"]["rematch"], json!(new), "{live}");
    let (_, fresh) = s.get(&format!("/api/games/{new}"), Some(&ann)).await;
    assert_eq!(fresh["status"]["state"], "ongoing", "{fresh}");
    assert_eq!((fresh["seats"][0]["name"].as_str(), fresh["seats"][1]["name"].as_str()), (Some("bob"), Some("ann")));
    assert_eq!(fresh["you"], json!(["b"]), "ann plays the other side now");
    let (status, refused) = offer(s, &id, Some(&bob), "rematch").await;
    assert_eq!(status, StatusCode::CONFLICT, "made already: {refused}");
    assert!(message(&refused).contains(&new), "{refused}");
}

async fn the_computer_grants_a_takeback_and_a_rematch_at_once(s: &TestServer) {
    let ann = s.account("ann").await;
    let made = s.create(&ann, json!({"game": "ogama", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    play_first(s, &id, &ann).await;
    // The computer replies; then the takeback undoes both.
    s.wait_view(&id, Some(&ann), |view| view["ply"] == 2).await;
    let (status, view) = offer(s, &id, Some(&ann), "takeback").await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!((view["ply"].as_u64(), view["offers"].clone()), (Some(0), json!([])));
    let (status, refused) = offer(s, &id, Some(&ann), "draw").await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    let (status, view) = offer(s, &id, Some(&ann), "rematch").await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    let new = view["rematch"].as_str().unwrap();
    let (_, fresh) = s.get(&format!("/api/games/{new}"), Some(&ann)).await;
    assert_eq!(fresh["you"], json!(["b"]), "{fresh}");
}

/// The catalog carries what each game's own description lets its players
/// agree, and a game refuses exactly the offers its description rules
/// out, in the description's words.
async fn offers_follow_each_games_description(s: &TestServer) {
    let (status, catalog) = s.get("/api/games/catalog", None).await;
    assert_eq!(status, StatusCode::OK, "{catalog}");
    for entry in catalog["games"].as_array().unwrap() {
        let name = entry["game"].as_str().unwrap();
        let game = GameId::ALL.iter().copied().find(|g| g.as_str() == name).unwrap();
        let agreements = game.info().agreements;
        let mut kinds = Vec::new();
        if agreements.takeback() {
            kinds.push("takeback");
        }
        if agreements.draw() {
            kinds.push("draw");
        }
        kinds.push("rematch");
        assert_eq!(entry["offers"], json!(kinds), "{name}");
    }
    let me = s.account("fay").await;
    for &game in GameId::ALL {
        let info = game.info();
        let mut seats = vec![json!({"account": "me"})];
        seats.extend((1..info.players.min).map(|_| json!({"computer": 1})));
        let made = s.create(&me, json!({"game": game.as_str(), "seats": seats})).await;
        let id = made["id"].as_str().unwrap();
        for (kind, refused) in [("takeback", info.agreements.no_takeback), ("draw", info.agreements.no_draw)] {
            let (status, answer) = offer(s, id, Some(&me), kind).await;
            match refused {
                Some(reason) => {
                    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}: {kind}: {answer}", info.id);
                    assert_eq!(message(&answer), reason, "{}: {kind}", info.id);
                }
                None => assert_ne!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}: {kind}: {answer}", info.id),
            }
        }
    }
}

on_both!(takeback_sqlite, takeback_postgres, a_takeback_is_asked_granted_and_declined);
on_both!(draw_sqlite, draw_postgres, draws_are_offered_where_the_rules_have_them);
on_both!(rematch_sqlite, rematch_postgres, a_rematch_turns_the_seats_round);
on_both!(computer_sqlite, computer_postgres, the_computer_grants_a_takeback_and_a_rematch_at_once);
on_both!(description_sqlite, description_postgres, offers_follow_each_games_description);

async fn a_guest_offers_only_in_its_own_games(s: &TestServer) {
    let (id, _, _) = game_of_two(s, "sage").await;
    let (status, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED);
    let guest = guest["token"].as_str().unwrap().to_string();
    let (status, refused) = offer(s, &id, Some(&guest), "draw").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a guest without a seat: {refused}");
    let (status, refused) = answer(s, &id, &guest, "draw", "decline").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, _) = offer(s, "nosuchgame", Some(&guest), "draw").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // In its own game against the computer, a guest asks for a takeback like anyone.
    let made = s.create(&guest, json!({"game": "ogama", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    let own = made["id"].as_str().unwrap().to_string();
    play_first(s, &own, &guest).await;
    s.wait_view(&own, Some(&guest), |view| view["ply"] == 2).await;
    let (status, view) = offer(s, &own, Some(&guest), "takeback").await;
    assert_eq!((status, view["ply"].as_u64()), (StatusCode::CREATED, Some(0)), "{view}");
}

on_both!(guest_sqlite, guest_postgres, a_guest_offers_only_in_its_own_games);

#[test]
fn an_account_makes_or_answers_twenty_offers_a_minute_by_default() {
    use arbiter_server::limits::{Limits, Rate};
    assert_eq!(Limits::default().offers_per_account, Rate::per_minute(20));
}

/// At twenty a day rather than the default twenty a minute, so that no
/// offer's share comes back during the test however slow the machine (at
/// twenty a minute, one comes back every 3 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_account_makes_or_answers_twenty_offers_a_period() {
    use arbiter_server::limits::{Limits, Rate};
    let settings = arbiter_server::Settings {
        limits: Limits {
            registrations_per_address: Rate::per_hour(100),
            offers_per_account: Rate::per_day(20),
            ..Limits::default()
        },
        ..arbiter_server::Settings::default()
    };
    let s = TestServer::start_set(support::Db::Sqlite, settings, |_| {}).await.unwrap();
    let (id, ann, bob) = game_of_two(&s, "sage").await;
    // Offer and withdraw, again and again: each is a change that tells bob.
    for i in 0..10 {
        let (status, body) = offer(&s, &id, Some(&ann), "draw").await;
        assert_eq!(status, StatusCode::CREATED, "{i}: {body}");
        let (status, body) = answer(&s, &id, &ann, "draw", "decline").await;
        assert_eq!(status, StatusCode::OK, "{i}: {body}");
    }
    let answer_429 = s
        .http
        .post(format!("{}/api/games/{id}/offers", s.base))
        .bearer_auth(&ann)
        .json(&json!({"kind": "draw"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer_429.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(answer_429.headers().get("retry-after").is_some());
    let (status, _) = offer(&s, &id, Some(&bob), "draw").await;
    assert_eq!(status, StatusCode::CREATED, "bob has his own share");
    s.finish().await;
}
