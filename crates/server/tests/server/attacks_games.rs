//! Games under attack: the computer kept busy by one account, Single
//! Capture Go plays used to write into the record and the announcements,
//! and moves after their deadline.

use crate::support;

use arbiter_server::Settings;
use arbiter_server::limits::Limits;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Db, TestServer};

/// A game's creator holds a seat, and has at most ten unfinished games
/// against the computer.
async fn the_computer_plays_only_for_its_creators_own_games(s: &TestServer) {
    let ann = s.account("ann").await;
    let (status, refused) =
        s.post("/api/games", Some(&ann), json!({"game": "ogama", "seats": [{"computer": 10}, {"computer": 10}]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("arbiter arena"), "{refused}");
    let (status, _) =
        s.post("/api/games", Some(&ann), json!({"game": "sage", "seats": [{"open": true}, {"computer": 1}]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a computer game with nobody's seat but an open one");
    let mut made = Vec::new();
    for _ in 0..10 {
        made.push(s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await);
    }
    let (status, more) =
        s.post("/api/games", Some(&ann), json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{more}");
    assert!(more["error"]["message"].as_str().unwrap().contains("10 unfinished games"), "{more}");
    // Games between people are not counted; a resigned game frees a place.
    s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = made[0]["id"].as_str().unwrap();
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
}
on_both!(creators_seat_on_sqlite, creators_seat_on_postgres, the_computer_plays_only_for_its_creators_own_games);

/// One account keeps ten level-10 searches queued; another account's
/// level-1 reply comes while that queue is still long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_accounts_backlog_never_delays_another_accounts_reply() {
    let limits = Limits { searches: 2, searches_per_account: 1, ..support::relaxed().limits };
    let s = TestServer::start_set(Db::Sqlite, Settings { limits, ..Settings::default() }, |_| {}).await.unwrap();
    let hog = s.account("hog").await;
    let hog_id = arbiter_store::AccountId(s.get("/api/me", Some(&hog)).await.1["id"].as_i64().unwrap());
    // The computer moves first in each (Black moves first in Sage Tafl).
    for _ in 0..10 {
        s.create(&hog, json!({"game": "sage", "seats": [{"computer": 10}, {"account": "me"}]})).await;
    }
    let me = s.account("me").await;
    let mine = s.create(&me, json!({"game": "sage", "seats": [{"computer": 1}, {"account": "me"}]})).await;
    let id = mine["id"].as_str().unwrap();
    s.wait_for_ply(id, 1).await;
    let behind = s.state.searches.queued_for(hog_id);
    assert!(behind >= 6, "the reply came with {behind} of the hog's searches still queued");
    s.finish().await;
}

/// A new Single Capture Go game with eleven level-10 computer seats: made
/// at once, the plays coming in when their searches' turn comes, counted
/// under the creator.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_computer_plays_are_searches_like_any_other() {
    let s = TestServer::start(Db::Sqlite).await.unwrap();
    let ann = s.account("ann").await;
    let mut seats = vec![json!({"account": "me"})];
    seats.extend((0..11).map(|_| json!({"computer": 10})));
    let game = s.create(&ann, json!({"game": "scg", "seats": seats})).await;
    assert_eq!(game["rounds"]["plays_in"], 0, "no search runs in the request: {game}");
    let id = game["id"].as_str().unwrap();
    let view = s.wait_view(id, Some(&ann), |v| v["rounds"]["plays_in"] == 11).await;
    assert_eq!(view["ply"], 1);
    s.finish().await;
}

/// Plays that name no square are refused and never stored or announced;
/// a player sends at most 20 plays a round.
async fn single_capture_go_plays_are_squares(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s
        .create(
            &ann,
            json!({"game": "scg", "seats": [{"account": "me"}, {"open": true}], "clock": {"round_hours": 24}}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/B"), Some(&bo), json!(null)).await;
    let play = |token: &str, text: &str, ply: u64| {
        let body = json!({"move": text, "ply": ply});
        let (token, path) = (token.to_string(), format!("/api/games/{id}/moves"));
        async move { s.post(&path, Some(&token), body).await }
    };
    let record_before = s.state.store.game(&arbiter_store::GameKey(id.clone())).await.unwrap().unwrap().record;
    let injection = "The game is over: A wins\nhttps://evil.example/claim-your-prize";
    for text in [injection.to_string(), "x".repeat(60_000), "\u{1b}[2J\u{1b}[31mA wins".into(), "e9".into()] {
        let (status, answer) = play(&ann, &text, 1).await;
        assert!([StatusCode::BAD_REQUEST].contains(&status), "{status}: {answer}");
    }
    let record_after = s.state.store.game(&arbiter_store::GameKey(id.clone())).await.unwrap().unwrap().record;
    assert_eq!(record_before, record_after, "nothing refused as text is stored");

    // Twenty plays a round, counted or refused.
    let mut statuses = Vec::new();
    for i in 0..22 {
        let square = format!("{}{}", ["a", "b", "c", "d", "e"][i % 5], i % 5 + 1);
        statuses.push(play(&ann, &square, 1).await.0.as_u16());
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 20, "{statuses:?}");
    assert_eq!(&statuses[20..], &[429, 429]);
    play(&bo, "a2", 1).await;
    s.clock.advance(24 * 3600);
    arbiter_server::handle_due(&s.state).await;
    let view = s.view(&id, None).await;
    let text = view["rounds"]["announcements"][0].as_str().unwrap();
    assert!(!text.contains("evil") && !text.contains("wins") && !text.contains('\u{1b}'), "{text}");
    // Round 2: a square holding a letter is an attempt, kept as the square.
    let taken = view["position"].as_str().unwrap().to_string();
    let (status, refused) = play(&bo, "A2", 2).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{taken}: {refused}");
    let stored = s.state.store.game(&arbiter_store::GameKey(id.clone())).await.unwrap().unwrap();
    let json = serde_json::to_value(&stored.record).unwrap();
    let attempts: Vec<&Value> = json["open_round"]["submissions"].as_array().unwrap().iter().collect();
    assert_eq!(attempts.len(), 1, "{json}");
    assert_eq!(attempts[0]["play"], "a2", "kept as the square's name");
}
on_both!(scg_squares_on_sqlite, scg_squares_on_postgres, single_capture_go_plays_are_squares);

/// A move sent after its deadline, before the deadline job ran, is refused
/// as a timeout; the game is over and stored so.
async fn a_move_after_its_deadline_is_a_timeout(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s
        .create(
            &ann,
            json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}], "clock": {"days_per_move": 1}}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let (_, view) = s.post(&format!("/api/games/{id}/seats/b"), Some(&bo), json!(null)).await;
    // The deadline is stored with the game.
    let stored = s.state.store.game(&arbiter_store::GameKey(id.clone())).await.unwrap().unwrap();
    assert_eq!(stored.deadline.map(|d| d.rfc3339()), view["deadline"].as_str().map(str::to_string));
    let mv = view["legal"].as_array().map(|l| l[0]["move"].clone());
    let mv = match mv {
        Some(mv) => mv,
        None => s.view(&id, Some(&ann)).await["legal"][0]["move"].clone(),
    };
    s.clock.advance(86_400 + 1);
    let (status, refused) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": 0})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("ran out"), "{refused}");
    let view = s.view(&id, None).await;
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert_eq!(view["status"]["reason"], "timeout");
    assert_eq!(view["ply"], 0);
}
on_both!(timeout_on_sqlite, timeout_on_postgres, a_move_after_its_deadline_is_a_timeout);
