//! Single Capture Go online: seats 2 to 12 with computer players, secret
//! plays (seen by their player only, through every path), rounds closed at
//! their deadline by the job or when every play is in, the announcements.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TestServer;

async fn plays_stay_secret_until_the_round_closes(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let cy = s.account("cy").await;
    let game = s
        .create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"open": true}, {"computer": 3}], "clock": {"round_hours": 72}}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["seats"].as_array().unwrap().len(), 3);
    let (status, _) = s.post(&format!("/api/games/{id}/seats/B"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    // The computer's play comes in when its search's turn comes.
    let view = s.wait_view(&id, Some(&ann), |v| v["rounds"]["plays_in"] == 1).await;
    assert_eq!(view["ply"], 1);
    assert_eq!(view["rounds"]["my_play"], Value::Null);
    assert_eq!(view["to_move"], json!(["A", "B", "C"]));
    assert_eq!(view["deadline"], arbiter_play::Timestamp::from_unix(support::START + 72 * 3600).rfc3339().as_str());

    let (status, mine) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["rounds"]["my_play"], "c3");
    let (status, replaced) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "d4", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "a later play replaces the earlier: {replaced}");
    assert_eq!(replaced["rounds"]["my_play"], "d4");
    let (status, refused) =
        s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "z9", "ply": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "not a square of the grid: {refused}");
    assert_eq!(s.view(&id, Some(&ann)).await["rounds"]["my_play"], "d4", "a refused play leaves the earlier standing");
    let (status, stale) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "d4", "ply": 2})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    let (status, computer) = s.post(&format!("/api/games/{id}/seats/C"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{computer}");

    // Nobody else sees ann's play: not bo, not a spectator, not the list,
    // not the record, not an error.
    for (who, token) in [("bo", Some(bo.as_str())), ("cy", Some(cy.as_str())), ("nobody", None)] {
        let mut view = s.view(&id, token).await;
        // Every square is still a legal play for the others.
        view.as_object_mut().unwrap().remove("legal");
        // The board names every square; it draws no pending play but the
        // viewer's own.
        let board = view.as_object_mut().unwrap().remove("board").unwrap();
        assert!(!board.to_string().contains("pending") && !board.to_string().contains("your play"), "{who}: {board}");
        assert_eq!(view["rounds"]["my_play"], Value::Null, "{who}");
        assert_eq!(view["rounds"]["plays_in"], 2, "{who}");
        // (The game's id is random and may hold "d4" itself.)
        assert!(!view.to_string().replace(&id, "#").contains("d4"), "{who} sees ann's play: {view}");
    }
    let (_, list) = s.get("/api/games", None).await;
    assert!(!list.to_string().replace(&id, "#").contains("d4"), "{list}");
    let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap().text().await.unwrap();
    assert!(!record.replace(&id, "#").contains("d4"), "{record}");
    let (_, error) = s.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": "d4", "ply": 7})).await;
    assert!(!error.to_string().contains("A:"), "{error}");
    let (_, bo_sends) = s.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": "d4", "ply": 1})).await;
    assert_eq!(bo_sends["rounds"]["my_play"], "d4", "the same square is no tell: {bo_sends}");

    // The deadline closes the round; the announcement is for everyone.
    s.clock.advance(72 * 3600);
    arbiter_server::handle_due(&s.state).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["ply"], 2, "{view}");
    let announcements = view["rounds"]["announcements"].as_array().unwrap();
    assert_eq!(announcements.len(), 1);
    let text = announcements[0].as_str().unwrap();
    assert!(text.contains("d4"), "every play made: {text}");
    assert!(!text.contains("z9"), "text that names no square is never announced: {text}");
    assert_eq!(view["moves"].as_array().unwrap().len(), 1);
    assert_eq!(view["last_move"], view["moves"][0], "the last closed round's plays");
    let (_, history) = s.get(&format!("/api/games/{id}/history"), None).await;
    assert_eq!(history["plies"][0]["position"], view["position"], "{history}");
}
on_both!(secret_on_sqlite, secret_on_postgres, plays_stay_secret_until_the_round_closes);

async fn a_round_closes_early_when_every_play_is_in(s: &TestServer) {
    let ann = s.account("ann").await;
    let game = s
        .create(&ann, json!({"game": "scg", "at_blocked": true, "seats": [{"account": "me"}, {"computer": 1}], "clock": {"round_hours": 24, "close_early": true}}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["options"]["at-blocked"], true);
    s.wait_view(&id, Some(&ann), |v| v["rounds"]["plays_in"] == 1).await;
    let (status, view) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": "a1", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["ply"], 2, "the round closed as the last play came in: {view}");
    assert_eq!(view["rounds"]["announcements"].as_array().unwrap().len(), 1);
    let (status, resign) = s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{resign}");
}
on_both!(early_on_sqlite, early_on_postgres, a_round_closes_early_when_every_play_is_in);
