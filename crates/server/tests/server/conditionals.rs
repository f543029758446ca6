//! Conditional moves: a player's lines set ahead, the reply played in the
//! same change as the move it answers, the other lines cleared, a line
//! cleared by a move it did not foresee, a reply the rules refuse dropped
//! with a notice, the lines kept through a restart and seen by a second
//! server, the refusals, and nobody but the author ever seeing a line. On
//! SQLite and on PostgreSQL.

use crate::support;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{ApiClient, TestServer};

/// An A•G•O•G game with ann (White, to move first) and bob (Black).
async fn game_of_two(s: &TestServer) -> (String, String, String) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    (id, ann, bob)
}

/// The legal moves of A•G•O•G after `moves`.
async fn legal_after(s: &ApiClient, moves: &[&str]) -> Vec<String> {
    let (status, position) = s.post("/api/positions", None, json!({"game": "agog", "moves": moves})).await;
    assert_eq!(status, StatusCode::OK, "{position}");
    position["legal"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap().to_string()).collect()
}

async fn put_lines(s: &ApiClient, id: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    s.call(Method::PUT, &format!("/api/games/{id}/conditionals"), token, Some(body)).await
}

async fn lines(s: &ApiClient, id: &str, token: &str) -> Value {
    let (status, body) = s.get(&format!("/api/games/{id}/conditionals"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["lines"].clone()
}

async fn play(s: &ApiClient, id: &str, token: &str, mv: &str) -> Value {
    let (_, view) = s.get(&format!("/api/games/{id}"), Some(token)).await;
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": view["ply"]})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

async fn notices_of(s: &ApiClient, token: &str) -> Vec<Value> {
    let (status, body) = s.get("/api/me/notices", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["notices"].as_array().unwrap().clone()
}

fn kinds(notices: &[Value]) -> Vec<&str> {
    notices.iter().map(|n| n["kind"].as_str().unwrap()).collect()
}

fn message(body: &Value) -> String {
    body["error"]["message"].as_str().unwrap_or_default().to_string()
}

/// Two lines of bob's for ann's first move: `(first, reply)` for each of
/// two of her moves, and a second move of hers with bob's answer after
/// the first pair; bob's three moves differ from each other.
async fn two_lines(s: &ApiClient) -> ([String; 2], [String; 2], [String; 2]) {
    let white = legal_after(s, &[]).await;
    let (w1, w2) = (white[0].clone(), white[1].clone());
    let b1 = legal_after(s, &[&w1]).await[0].clone();
    let b2 = legal_after(s, &[&w2]).await.into_iter().find(|m| *m != b1).unwrap();
    let w3 = legal_after(s, &[&w1, &b1]).await[0].clone();
    let b3 = legal_after(s, &[&w1, &b1, &w3]).await.into_iter().find(|m| *m != b1 && *m != b2).unwrap();
    ([w1, b1], [w2, b2], [w3, b3])
}

async fn a_matched_line_is_played_and_the_others_go(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let ([w1, b1], [w2, b2], [w3, b3]) = two_lines(s).await;
    // On ann's turn bob answers two of her moves, one of them two deep.
    let (status, set) = put_lines(s, &id, Some(&bob), json!({"lines": [[w1, b1, w3, b3], [w2, b2]], "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(set["lines"], json!([[w1, b1, w3, b3], [w2, b2]]));
    assert_eq!(lines(s, &id, &bob).await, set["lines"]);
    // Ann holds a seat: she reads her own lines, none, never bob's.
    assert_eq!(lines(s, &id, &ann).await, json!([]));

    let after = play(s, &id, &ann, &w1).await;
    assert_eq!(after["moves"], json!([w1, b1]), "bob's reply is played in the same change: {after}");
    assert_eq!(after["ply"], 2);
    assert_eq!(after["to_move"], json!(["w"]));
    // The line that matched shortened by two; the other went.
    assert_eq!(lines(s, &id, &bob).await, json!([[w3, b3]]));
    let told = notices_of(s, &bob).await;
    let played: Vec<&Value> = told.iter().filter(|n| n["kind"] == "conditional_played").collect();
    assert_eq!(played.len(), 1, "{told:?}");
    assert!(played[0]["text"].as_str().unwrap().contains(&b1), "{told:?}");
    assert_eq!(played[0]["game"], json!(id));
    assert!(!kinds(&notices_of(s, &ann).await).iter().any(|k| k.starts_with("conditional")));

    // The line's second reply comes too.
    let after = play(s, &id, &ann, &w3).await;
    assert_eq!(after["moves"], json!([w1, b1, w3, b3]), "{after}");
    assert_eq!(lines(s, &id, &bob).await, json!([]), "a line played to its end is gone");
    let played = notices_of(s, &bob).await.iter().filter(|n| n["kind"] == "conditional_played").count();
    assert_eq!(played, 2, "one notice each time a reply is played");
}
on_both!(matched_sqlite, matched_postgres, a_matched_line_is_played_and_the_others_go);

async fn a_move_no_line_foresaw_clears_them(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let ([w1, b1], [w2, b2], _) = two_lines(s).await;
    let (status, _) = put_lines(s, &id, Some(&bob), json!({"lines": [[w1, b1]]})).await;
    assert_eq!(status, StatusCode::OK);
    let after = play(s, &id, &ann, &w2).await;
    assert_eq!(after["moves"], json!([w2]), "no reply for a move the lines did not foresee: {after}");
    assert_eq!(after["to_move"], json!(["b"]));
    assert_eq!(lines(s, &id, &bob).await, json!([]));
    assert!(!kinds(&notices_of(s, &bob).await).iter().any(|k| k.starts_with("conditional")));
    // On bob's own turn a line starts with his own move; it is not
    // played by setting it, and follows his move when he makes it.
    let w_next = legal_after(s, &[&w2, &b2]).await[0].clone();
    let b_next = legal_after(s, &[&w2, &b2, &w_next]).await[0].clone();
    let (status, set) = put_lines(s, &id, Some(&bob), json!({"lines": [[b2, w_next, b_next]]})).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(s.view(&id, Some(&bob)).await["moves"], json!([w2]), "setting a line plays nothing");
    play(s, &id, &bob, &b2).await;
    assert_eq!(lines(s, &id, &bob).await, json!([[w_next, b_next]]));
    let after = play(s, &id, &ann, &w_next).await;
    assert_eq!(after["moves"], json!([w2, b2, w_next, b_next]), "{after}");
}
on_both!(cleared_sqlite, cleared_postgres, a_move_no_line_foresaw_clears_them);

async fn a_reply_the_rules_refuse_is_dropped_with_a_notice(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let ([w1, b1], _, _) = two_lines(s).await;
    // Lines kept from before (a rules fix, a server of another version):
    // the reply is checked again when its turn comes.
    let key = arbiter_store::GameKey(id.clone());
    let (version, found) = s.state.store.conditionals(&key).await.unwrap().unwrap();
    let kept = vec![arbiter_store::SeatLines { seat: 1, lines: vec![vec![w1.clone(), "a1-a8".into()]] }];
    s.state.store.set_conditionals(&key, version, found.version, &kept).await.unwrap();
    let after = play(s, &id, &ann, &w1).await;
    assert_eq!(after["moves"], json!([w1]), "{after}");
    assert_eq!(after["to_move"], json!(["b"]));
    assert_eq!(lines(s, &id, &bob).await, json!([]));
    let told = notices_of(s, &bob).await;
    let dropped: Vec<&Value> = told.iter().filter(|n| n["kind"] == "conditional_dropped").collect();
    assert_eq!(dropped.len(), 1, "{told:?}");
    assert!(dropped[0]["text"].as_str().unwrap().contains("a1-a8"), "{told:?}");
    assert!(!kinds(&notices_of(s, &ann).await).iter().any(|k| k.starts_with("conditional")));
    // Bob still moves himself.
    play(s, &id, &bob, &b1).await;
}
on_both!(dropped_sqlite, dropped_postgres, a_reply_the_rules_refuse_is_dropped_with_a_notice);

/// A second server on the test server's database (a server started
/// again: nothing in memory), with its client.
async fn second_server(s: &TestServer) -> ApiClient {
    let store = arbiter_store::Store::open(s.database_url()).await.unwrap();
    let mut state = arbiter_server::AppState::with_clock(store, s.clock.clone());
    state.set_settings(support::relaxed());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let limits = arbiter_server::connections::ConnectionLimits::default();
        arbiter_server::serve_on(listener, state, limits, std::future::pending()).await.unwrap();
    });
    ApiClient::new(format!("http://{address}"), Duration::from_secs(120))
}

async fn lines_outlive_a_restart_and_hold_across_servers(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let ([w1, b1], _, [w3, b3]) = two_lines(s).await;
    let (status, _) = put_lines(s, &id, Some(&bob), json!({"lines": [[w1, b1, w3, b3]]})).await;
    assert_eq!(status, StatusCode::OK);
    // A server started afresh reads the lines from the database.
    let other = second_server(s).await;
    assert_eq!(lines(&other, &id, &bob).await, json!([[w1, b1, w3, b3]]));
    let after = play(&other, &id, &ann, &w1).await;
    assert_eq!(after["moves"], json!([w1, b1]), "{after}");
    // The first server holds the game in memory; bob changes his lines
    // on the second; a move on the first acts on the lines as set.
    assert_eq!(s.view(&id, Some(&ann)).await["ply"], 2);
    let w5 = legal_after(s, &[&w1, &b1, &w3, &b3]).await[0].clone();
    let b5 = legal_after(s, &[&w1, &b1, &w3, &b3, &w5]).await[0].clone();
    let (status, set) = put_lines(&other, &id, Some(&bob), json!({"lines": [[w3, b3, w5, b5]], "ply": 2})).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(lines(s, &id, &bob).await, json!([[w3, b3, w5, b5]]));
    let after = play(s, &id, &ann, &w3).await;
    assert_eq!(after["moves"], json!([w1, b1, w3, b3]), "{after}");
    let after = play(&other, &id, &ann, &w5).await;
    assert_eq!(after["moves"], json!([w1, b1, w3, b3, w5, b5]), "{after}");
    assert_eq!(lines(&other, &id, &bob).await, json!([]));
}
on_both!(restart_sqlite, restart_postgres, lines_outlive_a_restart_and_hold_across_servers);

async fn lines_the_game_cannot_take_are_refused(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let ([w1, b1], [w2, b2], [w3, _]) = two_lines(s).await;
    let put = |token: Option<String>, body: Value| {
        let id = id.clone();
        async move { put_lines(s, &id, token.as_deref(), body).await }
    };
    let bob_t = Some(bob.clone());
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[w1, "z9-z1"]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).starts_with("line 1, move 2 'z9-z1'"), "{refused}");
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[w1, b1], [w1, b1, w3]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("line 2 ends with the other side's move"), "{refused}");
    let other_reply = legal_after(s, &[&w1]).await[1].clone();
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[w1, b1], [w2, b2], [w1, other_reply]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("lines 1 and 3 answer"), "{refused}");
    let many: Vec<Value> = (0..31).map(|_| json!([w1, b1])).collect();
    let (status, refused) = put(bob_t.clone(), json!({"lines": many})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("at most 30 lines"), "{refused}");
    let long: Vec<&str> = (0..31).map(|_| w1.as_str()).collect();
    let (status, refused) = put(bob_t.clone(), json!({"lines": [long]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("at most 30"), "{refused}");
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[w1, b1]], "ply": 3})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (status, _) = put(bob_t.clone(), json!({"lines": "e2-e3"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = put(bob_t.clone(), json!({"lines": [], "extra": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Nothing refused was kept.
    assert_eq!(lines(s, &id, &bob).await, json!([]));

    // Nobody without a seat reads or sets lines.
    let cy = s.account("cy").await;
    let (status, _) = s.get(&format!("/api/games/{id}/conditionals"), Some(&cy)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = put(Some(cy.clone()), json!({"lines": [[w1, b1]]})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = s.get(&format!("/api/games/{id}/conditionals"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = put(None, json!({"lines": [[w1, b1]]})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s.get("/api/games/nosuchgame/conditionals", Some(&bob)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Single Capture Go's plays are simultaneous.
    let made =
        s.create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}, {"computer": 2}]})).await;
    let scg = made["id"].as_str().unwrap();
    let (status, refused) = put_lines(s, scg, Some(&ann), json!({"lines": [["a1", "b2"]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(message(&refused).contains("simultaneous"), "{refused}");

    // A game over takes none, and clears those it had.
    let (status, _) = put(bob_t.clone(), json!({"lines": [[w1, b1]]})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lines(s, &id, &bob).await, json!([]));
    let (status, refused) = put(bob_t.clone(), json!({"lines": [[w1, b1]]})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    // Clearing is always taken.
    let (status, cleared) = s.call(Method::DELETE, &format!("/api/games/{id}/conditionals"), Some(&bob), None).await;
    assert_eq!(status, StatusCode::OK, "{cleared}");
    assert_eq!(cleared["lines"], json!([]));
}
on_both!(refused_sqlite, refused_postgres, lines_the_game_cannot_take_are_refused);

/// Every way the game is shown to anyone but bob, as one text.
async fn everything_shown_to_others(s: &TestServer, id: &str, ann: &str, cy: &str) -> String {
    let mut shown = String::new();
    for token in [Some(ann), Some(cy), None] {
        for path in [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/history"),
            "/api/games?mine=true".to_string(),
            "/api/games".to_string(),
            "/api/me/notices".to_string(),
        ] {
            let (_, body) = s.get(&path, token).await;
            shown.push_str(&body.to_string());
        }
        let record = s.http.get(format!("{}/api/games/{id}/record", s.base)).send().await.unwrap();
        shown.push_str(&record.text().await.unwrap());
    }
    shown
}

async fn nobody_but_the_author_sees_a_line(s: &TestServer) {
    let (id, ann, bob) = game_of_two(s).await;
    let cy = s.account("cy").await;
    let ([w1, b1], [w2, b2], [w3, b3]) = two_lines(s).await;
    let mut ann_socket = s.socket(&format!("/api/games/{id}/live"), Some(&ann)).await;
    let mut cy_socket = s.socket(&format!("/api/games/{id}/live"), Some(&cy)).await;
    let mut ann_me = s.socket("/api/me/live", Some(&ann)).await;
    let first_ann = support::next_message(&mut ann_socket, Duration::from_secs(10)).await;
    let first_cy = support::next_message(&mut cy_socket, Duration::from_secs(10)).await;
    let (status, _) = put_lines(s, &id, Some(&bob), json!({"lines": [[w1, b1, w3, b3], [w2, b2]]})).await;
    assert_eq!(status, StatusCode::OK);
    let shown = everything_shown_to_others(s, &id, &ann, &cy).await;
    // Black's moves, on White's turn: nothing shown to others holds them.
    for secret in [&b1, &b2, &b3] {
        assert!(!shown.contains(secret.as_str()), "'{secret}' shown to someone other than bob");
    }
    assert!(!shown.contains("conditional"), "{shown}");
    // Setting lines tells no socket anything: the next message anyone
    // gets is ann's move and bob's reply.
    play(s, &id, &ann, &w1).await;
    for (socket, first) in [(&mut ann_socket, &first_ann), (&mut cy_socket, &first_cy)] {
        let next = support::next_message(socket, Duration::from_secs(10)).await;
        assert_eq!(next["type"], "change", "{next} after {first}");
        assert_eq!(next["moves_added"], json!([w1, b1]), "{next}");
        assert!(!next.to_string().contains(&b3) && !next.to_string().contains(&b2), "{next}");
    }
    let shown = everything_shown_to_others(s, &id, &ann, &cy).await;
    for secret in [&b3, &b2] {
        assert!(!shown.contains(secret.as_str()), "'{secret}' shown to someone other than bob");
    }
    assert!(!shown.contains("conditional"), "{shown}");
    // Ann's personal channel told her of nothing of bob's.
    while let Ok(message) =
        tokio::time::timeout(Duration::from_millis(300), support::next_message(&mut ann_me, Duration::from_secs(1)))
            .await
    {
        assert!(!message.to_string().contains("conditional"), "{message}");
    }
}
on_both!(private_sqlite, private_postgres, nobody_but_the_author_sees_a_line);

#[test]
fn an_account_reads_or_sets_its_lines_sixty_times_a_minute_by_default() {
    use arbiter_server::limits::{Limits, Rate};
    assert_eq!(Limits::default().conditionals_per_account, Rate::per_minute(60));
}

async fn a_guest_sets_lines_in_its_own_seat_only(s: &TestServer) {
    let ann = s.account("ann").await;
    let (status, made) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let guest = made["token"].as_str().unwrap().to_string();
    let game =
        s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}], "rated": false})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let seat = game["seats"][1]["seat"].as_str().unwrap().to_string();
    // Without a seat: refused, as for anyone else.
    let (status, _) = s.get(&format!("/api/games/{id}/conditionals"), Some(&guest)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, taken) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&guest), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    // Seated, the guest plans like any player, and its reply is played.
    let ([w1, b1], _, _) = two_lines(s).await;
    let (status, set) = put_lines(s, &id, Some(&guest), json!({"lines": [[w1, b1]], "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(lines(s, &id, &guest).await, json!([[w1, b1]]));
    let after = play(s, &id, &ann, &w1).await;
    assert_eq!(after["moves"], json!([w1, b1]), "{after}");
    assert!(kinds(&notices_of(s, &guest).await).contains(&"conditional_played"));
}
on_both!(guest_sqlite, guest_postgres, a_guest_sets_lines_in_its_own_seat_only);
