//! Bot accounts: `POST /api/me/bot` turns an account with no games into a
//! bot's, for good; its seats show `kind: "bot"` in views, lists and
//! players' pages; guests, accounts with games and strangers are refused.
//! A bot's pending Single Capture Go play is as secret as anyone's. On
//! SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{TestServer, next_message};

fn message(answer: &Value) -> &str {
    answer["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {answer}"))
}

/// A new account made a bot's: its token.
async fn bot(s: &TestServer, name: &str) -> String {
    let token = s.account(name).await;
    let (status, me) = s.post("/api/me/bot", Some(&token), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!((me["name"].as_str(), me["bot"].as_bool()), (Some(name), Some(true)), "{me}");
    token
}

async fn an_account_with_no_games_becomes_a_bot(s: &TestServer) {
    let ann = s.account("ann").await;
    let (status, me) = s.get("/api/me", Some(&ann)).await;
    assert_eq!((status, me["bot"].as_bool()), (StatusCode::OK, Some(false)), "{me}");

    let rob = bot(s, "rob").await;
    let (_, me) = s.get("/api/me", Some(&rob)).await;
    assert_eq!(me["bot"], true, "{me}");
    // Asked again, it stays one.
    let (status, again) = s.post("/api/me/bot", Some(&rob), json!(null)).await;
    assert_eq!((status, again["bot"].as_bool()), (StatusCode::OK, Some(true)), "{again}");

    // Its page and the names completed say so.
    let (status, page) = s.get("/api/players/ROB", None).await;
    assert_eq!((status, page["kind"].as_str()), (StatusCode::OK, Some("bot")), "{page}");
    let (_, page) = s.get("/api/players/ann", None).await;
    assert_eq!(page["kind"], "person", "{page}");
    s.account("robin").await;
    let (status, names) = s.get("/api/players?prefix=ro", None).await;
    assert_eq!(status, StatusCode::OK, "{names}");
    assert_eq!(names, json!([{"name": "rob", "bot": true}, {"name": "robin"}]));

    // Invited, it takes its seat: the seat shows a bot, in the view, the
    // list and the player's page.
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "rob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["seats"][1], json!({"seat": "r", "name": "rob", "kind": "invited"}), "{made}");
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/r"), Some(&rob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(
        taken["seats"][1],
        json!({"seat": "r", "name": "rob", "kind": "bot", "rating": 1500, "provisional": true}),
        "{taken}"
    );
    assert_eq!(taken["seats"][0]["kind"], "human", "{taken}");
    let view = s.view(&id, None).await;
    assert_eq!(view["seats"][1]["kind"], "bot", "{view}");
    let (_, mine) = s.get("/api/games?mine=true", Some(&rob)).await;
    assert_eq!(mine[0]["seats"][1]["kind"], "bot", "{mine}");
    let (_, page) = s.get("/api/players/ann", None).await;
    assert_eq!(page["recent"][0]["seats"][1]["kind"], "bot", "{page}");

    // An open seat taken by a bot, and a game a bot creates, show it too.
    let open = s.create(&ann, json!({"game": "agog", "seats": [{"open": true}, {"account": "me"}]})).await;
    let open_id = open["id"].as_str().unwrap().to_string();
    let pia = bot(s, "pia").await;
    let (status, taken) = s.post(&format!("/api/games/{open_id}/seats/w"), Some(&pia), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["seats"][0]["kind"], "bot", "{taken}");
    let own = s.create(&pia, json!({"game": "ogama", "seats": [{"account": "me"}, {"computer": 1}], "seed": 2})).await;
    assert_eq!(own["seats"][0]["kind"], "bot", "{own}");
    assert_eq!(own["seats"][1]["kind"], "computer", "{own}");
}

async fn who_may_not_become_a_bot(s: &TestServer) {
    // Nobody signed in, or a token that is not valid.
    let (status, refused) = s.post("/api/me/bot", None, json!(null)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (status, refused) = s.post("/api/me/bot", Some("not-a-token"), json!(null)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");

    // A guest.
    let (status, made) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let guest = made["token"].as_str().unwrap().to_string();
    let (status, refused) = s.post("/api/me/bot", Some(&guest), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(message(&refused).contains("guest"), "{refused}");

    // An account that plays, and one only invited.
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    for token in [&ann, &bob] {
        let (status, refused) = s.post("/api/me/bot", Some(token), json!(null)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{refused}");
        assert!(message(&refused).contains("has games"), "{refused}");
        let (_, me) = s.get("/api/me", Some(token)).await;
        assert_eq!(me["bot"], false, "refused, unchanged: {me}");
    }
    let (_, page) = s.get("/api/players/ann", None).await;
    assert_eq!(page["kind"], "person", "{page}");
}

async fn a_bots_pending_play_stays_secret(s: &TestServer) {
    let ann = s.account("ann").await;
    let rob = bot(s, "rob").await;
    let pia = bot(s, "pia").await;
    let game = s
        .create(
            &ann,
            json!({"game": "scg", "seats": [{"account": "me"}, {"account": "rob"}, {"account": "pia"}],
                "clock": {"round_hours": 72}}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    for (token, seat) in [(&rob, "B"), (&pia, "C")] {
        let (status, taken) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(token), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
    }
    let view = s.view(&id, Some(&ann)).await;
    assert_eq!(
        view["seats"].as_array().unwrap().iter().map(|s| s["kind"].clone()).collect::<Vec<_>>(),
        [json!("human"), json!("bot"), json!("bot")]
    );
    let live = format!("/api/games/{id}/live");
    let mut ann_socket = s.socket(&live, Some(&ann)).await;
    let mut pia_socket = s.socket(&live, Some(&pia)).await;
    let mut spectator = s.socket(&live, None).await;
    for socket in [&mut ann_socket, &mut pia_socket, &mut spectator] {
        let first = next_message(socket, Duration::from_secs(5)).await;
        assert_eq!(first["type"], "view", "{first}");
    }

    // The bot sends its play as anyone does.
    let (status, mine) = s.post(&format!("/api/games/{id}/moves"), Some(&rob), json!({"move": "e5", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["rounds"]["my_play"], "e5", "{mine}");
    assert_eq!(s.view(&id, Some(&rob)).await["rounds"]["my_play"], "e5");

    // Nobody else learns which square: not the person, not the other bot,
    // not a spectator; neither by a view nor by a socket.
    for (who, token) in [("ann", Some(ann.as_str())), ("pia", Some(pia.as_str())), ("nobody", None)] {
        let mut view = s.view(&id, token).await;
        view.as_object_mut().unwrap().remove("legal");
        view.as_object_mut().unwrap().remove("board");
        assert_eq!(view["rounds"]["my_play"], Value::Null, "{who}");
        assert_eq!(view["rounds"]["plays_in"], 1, "{who}");
        assert!(!view.to_string().replace(&id, "#").contains("e5"), "{who} sees the bot's play: {view}");
    }
    for (who, socket) in [("ann", &mut ann_socket), ("pia", &mut pia_socket), ("nobody", &mut spectator)] {
        let mut told = next_message(socket, Duration::from_secs(5)).await;
        if let Some(object) = told.as_object_mut() {
            object.remove("legal");
            object.remove("board");
            if let Some(change) = object.get_mut("change").and_then(Value::as_object_mut) {
                change.remove("legal");
                change.remove("board");
            }
        }
        assert!(told.to_string().contains("plays_in"), "{who}: {told}");
        assert!(!told.to_string().replace(&id, "#").contains("e5"), "{who} is told the bot's play: {told}");
    }
    let (_, list) = s.get("/api/games?mine=true", Some(&pia)).await;
    assert!(!list.to_string().replace(&id, "#").contains("e5"), "{list}");
}

on_both!(becomes_sqlite, becomes_postgres, an_account_with_no_games_becomes_a_bot);
on_both!(refused_sqlite, refused_postgres, who_may_not_become_a_bot);
on_both!(secret_sqlite, secret_postgres, a_bots_pending_play_stays_secret);
