//! The live `change` message carries what changed on the board, not the
//! board: a spectator (and a player) who applies each change to the board
//! of the view it was given holds the board a fresh view draws, move after
//! move, in every game; and a move's change for a spectator is at most
//! 1,024 bytes (in Single Capture Go, not counting the text of the
//! referee's announcements it adds, which a round's report alone may make
//! longer).

use crate::support;

use std::time::Duration;

use arbiter_core::{BoardChange, BoardModel};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Socket, TestServer};
use tokio_tungstenite::tungstenite::Message;

/// The most a move's change may take, in bytes.
const MOST: usize = 1024;

/// The next text message on `socket`, as sent.
async fn next_text(socket: &mut Socket) -> String {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            return text.to_string();
        }
    }
}

/// What a viewer holds of a game: its version and board, and the
/// announcements of a game of rounds.
struct Held {
    version: i64,
    board: BoardModel,
    announcements: Vec<String>,
}

impl Held {
    /// The view a socket sends first.
    async fn opened(socket: &mut Socket) -> Held {
        let first: Value = serde_json::from_str(&next_text(socket).await).unwrap();
        assert_eq!(first["type"], "view", "{first}");
        let view = &first["view"];
        Held {
            version: view["version"].as_i64().unwrap(),
            board: serde_json::from_value(view["board"].clone()).unwrap(),
            announcements: strings(&view["rounds"]["announcements"]),
        }
    }

    /// Reads the change that follows what is held and applies it; the
    /// change as sent, and its size without the announcements' text.
    async fn follow(&mut self, socket: &mut Socket) -> (Value, usize) {
        let text = next_text(socket).await;
        let change: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(change["type"], "change", "{change}");
        assert_eq!(change["from"].as_i64(), Some(self.version), "made from the version held: {change}");
        assert!(change["board"].get("columns").is_none() && change["board"].get("rows").is_none(), "{change}");
        let board: BoardChange = serde_json::from_value(change["board"].clone()).unwrap();
        self.board.apply(&board).unwrap();
        self.version = change["version"].as_i64().unwrap();
        let added = strings(&change["rounds"]["announcements_added"]);
        let told: usize = added.iter().map(|a| serde_json::to_string(a).unwrap().len()).sum();
        self.announcements.extend(added);
        // The round's part is sent again under its name before (`scg`)
        // for one release: the same, and set aside with the announcements.
        assert_eq!(change["scg"], change["rounds"], "the alias is the round's part: {change}");
        let alias = format!(",\"scg\":{}", change["scg"]).len();
        (change, text.len() - told - alias)
    }
}

fn strings(list: &Value) -> Vec<String> {
    list.as_array().map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect()).unwrap_or_default()
}

/// The board of a fresh view of the game for `token` (a spectator: none).
async fn fresh(s: &TestServer, id: &str, token: Option<&str>) -> (Value, BoardModel) {
    let view = s.view(id, token).await;
    let board = serde_json::from_value(view["board"].clone()).unwrap();
    (view, board)
}

/// Plays `moves` moves of a two-player game (`body` creates it) between
/// two accounts, a spectator following on the socket: the board the
/// spectator makes from the changes is the fresh view's after every move,
/// and every change is small. Prints the sizes at ply 50.
async fn follow_turn_game(s: &TestServer, body: Value, moves: u64) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, body.clone()).await;
    let id = game["id"].as_str().unwrap().to_string();
    let open = game["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/{open}"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    let mut watching = s.socket(&format!("/api/games/{id}/live"), None).await;
    let mut held = Held::opened(&mut watching).await;
    let mut pick: u64 = 7;
    // The move list as a client makes it from the changes, in both forms.
    let (mut long, mut records, mut told_apart) = (Vec::new(), Vec::new(), false);
    for ply in 0..moves {
        let mut to_move = None;
        for token in [&ann, &bo] {
            let view = s.view(&id, Some(token)).await;
            if let Some(legal) = view["legal"].as_array().filter(|l| !l.is_empty()) {
                to_move = Some((token, legal.clone()));
            }
        }
        let Some((token, legal)) = to_move else { break };
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = legal[(pick >> 33) as usize % legal.len()]["move"].clone();
        let (status, answer) =
            s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": ply})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (change, size) = held.follow(&mut watching).await;
        let (view, board) = fresh(s, &id, None).await;
        assert_eq!(held.board, board, "{body} after {}: the board made from the changes", ply + 1);
        assert_eq!(change["moves_added"].as_array().unwrap().len(), 1);
        let added = change["moves_added"].as_array().unwrap().clone();
        long.extend(added.iter().cloned());
        match change.get("records_added") {
            Some(told) => {
                assert_ne!(told.as_array().unwrap(), &added, "records_added is sent only where it differs: {change}");
                told_apart = true;
                records.extend(told.as_array().unwrap().iter().cloned());
            }
            None => records.extend(added),
        }
        assert!(size <= MOST, "{body} after {}: a change of {size} bytes: {change}", ply + 1);
        if ply + 1 == 50 {
            let whole = serde_json::to_string(&view["board"]).unwrap().len();
            let board_change = serde_json::to_string(&change["board"]).unwrap().len();
            println!(
                "{body} at ply 50: the change {size} bytes; with the whole board it was {}",
                size - board_change + whole
            );
        }
    }
    let (status, history) = s.get(&format!("/api/games/{id}/history"), None).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let plies = history["plies"].as_array().unwrap();
    let history_long: Vec<Value> = plies.iter().map(|p| p["long"].clone()).collect();
    let history_records: Vec<Value> = plies.iter().map(|p| p["record"].clone()).collect();
    assert_eq!(long, history_long, "{body}: the long forms from the changes are the history's");
    assert_eq!(records, history_records, "{body}: the record forms from the changes are the history's");
    assert_eq!(told_apart, history_long != history_records, "{body}: records_added comes where the forms differ");
}

async fn a_spectator_follows_agog_by_changes(s: &TestServer) {
    follow_turn_game(
        s,
        json!({"game": "agog", "variant": "current", "seats": [{"account": "me"}, {"open": true}]}),
        60,
    )
    .await;
}
on_both!(agog_changes_on_sqlite, agog_changes_on_postgres, a_spectator_follows_agog_by_changes);

async fn a_spectator_follows_classic_agog_by_changes(s: &TestServer) {
    let seats = json!([{"account": "me"}, {"open": true}]);
    follow_turn_game(s, json!({"game": "agog", "variant": "classic", "options": {"handicap": 2}, "seats": seats}), 60)
        .await;
}
on_both!(classic_changes_on_sqlite, classic_changes_on_postgres, a_spectator_follows_classic_agog_by_changes);

async fn a_spectator_follows_sage_by_changes(s: &TestServer) {
    follow_turn_game(s, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]}), 60).await;
}
on_both!(sage_changes_on_sqlite, sage_changes_on_postgres, a_spectator_follows_sage_by_changes);

async fn a_spectator_follows_ogama_by_changes(s: &TestServer) {
    follow_turn_game(
        s,
        json!({"game": "ogama", "options": {"seed": 12}, "seats": [{"account": "me"}, {"open": true}]}),
        60,
    )
    .await;
}
on_both!(ogama_changes_on_sqlite, ogama_changes_on_postgres, a_spectator_follows_ogama_by_changes);

/// Single Capture Go: a spectator and a player follow rounds by changes;
/// the player's own pending play comes and goes in hers (a play replaced
/// leaves no mark), the announcements come once each.
async fn a_spectator_and_a_player_follow_rounds_by_changes(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let cy = s.account("cy").await;
    let seats = json!([{"account": "me"}, {"open": true}, {"open": true}]);
    let game =
        s.create(&ann, json!({"game": "scg", "seats": seats, "clock": {"round_hours": 24, "close_early": true}})).await;
    let id = game["id"].as_str().unwrap().to_string();
    for (label, token) in [("B", &bo), ("C", &cy)] {
        let (status, taken) = s.post(&format!("/api/games/{id}/seats/{label}"), Some(token), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{taken}");
    }
    let path = format!("/api/games/{id}/live");
    let mut watching = s.socket(&path, None).await;
    let mut mine = s.socket(&path, Some(&ann)).await;
    let mut held = Held::opened(&mut watching).await;
    let mut ann_held = Held::opened(&mut mine).await;
    let mut pick: u64 = 3;
    let mut closed = 0;
    for _ in 0..8 {
        let round = s.view(&id, None).await;
        if round["status"]["state"] != "ongoing" {
            break;
        }
        let number = round["ply"].as_u64().unwrap();
        // Ann plays twice (her second play replaces her first), then the others.
        for token in [&ann, &ann, &bo, &cy] {
            let view = s.view(&id, Some(token)).await;
            let legal = view["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() || view["ply"].as_u64() != Some(number) {
                continue;
            }
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let play = legal[(pick >> 33) as usize % legal.len()]["move"].clone();
            let (status, answer) =
                s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": play, "ply": number})).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            let (change, size) = held.follow(&mut watching).await;
            // A capture turns every letter of a group to @: each such cell
            // beyond the round's three plays is in the change.
            let cells = change["board"]["cells"].as_array().map_or(0, Vec::len);
            let most = MOST + 80 * cells.saturating_sub(3);
            assert!(size <= most, "a change of {size} bytes, announcements aside: {change}");
            assert!(!change["board"].to_string().contains("pending"), "{change}");
            ann_held.follow(&mut mine).await;
            let (view, board) = fresh(s, &id, None).await;
            assert_eq!(held.board, board, "the spectator's board after a play of round {number}");
            assert_eq!(held.announcements, strings(&view["rounds"]["announcements"]));
            let (view, board) = fresh(s, &id, Some(&ann)).await;
            assert_eq!(ann_held.board, board, "ann's board after a play of round {number}");
            assert_eq!(ann_held.announcements, strings(&view["rounds"]["announcements"]));
        }
        closed += 1;
    }
    assert!(closed >= 2, "rounds were played and closed");
    assert!(!held.announcements.is_empty(), "the closed rounds' announcements came by the changes");
}
on_both!(scg_changes_on_sqlite, scg_changes_on_postgres, a_spectator_and_a_player_follow_rounds_by_changes);
