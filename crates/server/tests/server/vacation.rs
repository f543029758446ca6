//! Vacations: a clock that would have run out stands still while its
//! player is away, and opponents and spectators see it; a move ends the
//! vacation everywhere and the hours used are counted; a game made
//! without vacation runs on; one booked ahead begins at its time; the
//! automatic start before a timeout; the refusals. On SQLite and on
//! PostgreSQL.

use crate::support;

use arbiter_play::Timestamp;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestServer;

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
const WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// A Sage Tafl game of `days` a move between ann and bob, begun:
/// its id, and the tokens of the player to move and of the other.
async fn game(s: &TestServer, ann: &str, bob: &str, extra: Value) -> (String, String, String, String) {
    let mut body =
        json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}], "clock": {"days_per_move": 2}});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let made = s.create(ann, body).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, view) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let to_move = view["to_move"][0].as_str().unwrap().to_string();
    let (mover, other) = if to_move == seat { (bob, ann) } else { (ann, bob) };
    (id, to_move, mover.to_string(), other.to_string())
}

fn now(s: &TestServer) -> Timestamp {
    use arbiter_play::Clock;
    s.clock.now()
}

async fn vacation(s: &TestServer, token: &str) -> Value {
    let (status, body) = s.get("/api/me/vacation", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn go_away(s: &TestServer, token: &str, body: Value) -> (StatusCode, Value) {
    s.post("/api/me/vacation", Some(token), body).await
}

fn seat_of<'a>(view: &'a Value, seat: &str) -> &'a Value {
    view["seats"].as_array().unwrap().iter().find(|v| v["seat"] == seat).unwrap()
}

async fn play_any(s: &TestServer, id: &str, token: &str) -> Value {
    let view = s.view(id, Some(token)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": view["ply"]})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

async fn a_vacation_stops_a_clock_that_would_have_run_out(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let (id, seat, mover, other) = game(s, &ann, &bob, json!({})).await;
    let before = s.view(&id, None).await;
    assert_eq!(before["vacation"], true, "a days-per-move game stops for vacations by default");
    assert_eq!(before["deadline"], Timestamp::from_unix(support::START + 2 * DAY).rfc3339());

    // A day in, the player to move goes away for three days.
    s.clock.advance(DAY);
    let until = now(s).after(3 * DAY);
    let (status, body) = go_away(s, &mover, json!({"until": until.rfc3339()})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["current"]["until"], until.rfc3339());
    assert_eq!(body["hours_left"], 30 * 24 - 72);
    // The opponent and a spectator see it; the deadline moves back.
    for viewer in [Some(other.as_str()), None] {
        let view = s.view(&id, viewer).await;
        assert_eq!(seat_of(&view, &seat)["vacation_until"], until.rfc3339(), "{view}");
        assert_eq!(view["deadline"], Timestamp::from_unix(support::START + 5 * DAY).rfc3339());
    }
    // Where the clock would have run out, and just before the new end.
    s.clock.advance(DAY + HOUR);
    arbiter_server::handle_due(&s.state).await;
    assert_eq!(s.view(&id, None).await["status"]["state"], "ongoing");
    s.clock.advance(3 * DAY - HOUR - 1);
    arbiter_server::handle_due_vacations(&s.state).await;
    arbiter_server::handle_due(&s.state).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["status"]["state"], "ongoing");
    // The vacation ran out: the game knows, and the clock runs again.
    assert_eq!(seat_of(&view, &seat).get("vacation_until"), None, "{view}");
    let (_, body) = s.get("/api/me/vacation", Some(&mover)).await;
    assert_eq!(body["current"], Value::Null);
    assert_eq!(body["hours_left"], 30 * 24 - 72);
    s.clock.advance(1);
    arbiter_server::handle_due(&s.state).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["status"]["reason"], "timeout", "{view}");
}
on_both!(stops_on_sqlite, stops_on_postgres, a_vacation_stops_a_clock_that_would_have_run_out);

async fn a_move_ends_the_vacation_everywhere_and_its_hours_count(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let (first, _, mover, _) = game(s, &ann, &bob, json!({})).await;
    let (second, seat, second_mover, _) = game(s, &ann, &bob, json!({})).await;
    assert_eq!(mover, second_mover, "the same player is to move in both");
    let mut watching = s.socket(&format!("/api/games/{second}/live"), None).await;
    assert_eq!(support::next_message(&mut watching, WITHIN).await["type"], "view");
    let until = now(s).after(10 * DAY);
    let (status, body) = go_away(s, &mover, json!({"until": until.rfc3339()})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(seat_of(&s.view(&second, None).await, &seat)["vacation_until"], until.rfc3339());
    // A spectator's socket is sent the whole view: seats are in it only.
    let told = support::next_message(&mut watching, WITHIN).await;
    assert_eq!(told["type"], "view", "{told}");
    assert_eq!(seat_of(&told["view"], &seat)["vacation_until"], until.rfc3339());
    // Thirty hours and a minute later, a move in the first game.
    s.clock.advance(30 * HOUR + 60);
    play_any(s, &first, &mover).await;
    let body = vacation(s, &mover).await;
    assert_eq!(body["current"], Value::Null, "{body}");
    assert_eq!(body["hours_left"], 30 * 24 - 31, "a part hour counts whole: {body}");
    // The second game hears of it: its clock runs again, moved back by
    // the time away.
    arbiter_server::handle_due_vacations(&s.state).await;
    let view = s.wait_view(&second, None, |v| seat_of(v, &seat).get("vacation_until").is_none()).await;
    assert_eq!(view["deadline"], Timestamp::from_unix(support::START + 2 * DAY + 30 * HOUR + 60).rfc3339());
    let told = support::next_message(&mut watching, WITHIN).await;
    assert_eq!(seat_of(&told["view"], &seat).get("vacation_until"), None, "{told}");
    // Ending a vacation that is not running.
    let (status, body) = s.call(Method::DELETE, "/api/me/vacation", Some(&mover), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}
on_both!(move_on_sqlite, move_on_postgres, a_move_ends_the_vacation_everywhere_and_its_hours_count);

async fn a_game_without_vacation_runs_on_and_says_so(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let (id, seat, mover, _) = game(s, &ann, &bob, json!({"vacation": false})).await;
    let view = s.view(&id, None).await;
    assert_eq!(view["vacation"], false);
    assert_eq!(view["days_per_move"], 2);
    let (_, lobby) = s.get("/api/games?state=active", None).await;
    let listed =
        lobby["games"].as_array().or(lobby.as_array()).unwrap().iter().find(|g| g["id"] == id.as_str()).cloned();
    assert_eq!(listed.map(|g| (g["vacation"].clone(), g["days_per_move"].clone())), Some((json!(false), json!(2))));
    let (status, body) = go_away(s, &mover, json!({"until": now(s).after(5 * DAY).rfc3339()})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["not_stopped"], json!([{"game": id, "reason": "made without vacation: its clock runs on"}]));
    let view = s.view(&id, None).await;
    assert!(seat_of(&view, &seat)["vacation_until"].is_string(), "shown all the same: {view}");
    s.clock.advance(2 * DAY);
    arbiter_server::handle_due(&s.state).await;
    assert_eq!(s.view(&id, None).await["status"]["reason"], "timeout");
    // The player ends it: the hours up to now count.
    let (status, body) = s.call(Method::DELETE, "/api/me/vacation", Some(&mover), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["hours_left"], 30 * 24 - 48);
}
on_both!(without_on_sqlite, without_on_postgres, a_game_without_vacation_runs_on_and_says_so);

async fn a_vacation_booked_ahead_begins_at_its_time(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let (id, seat, mover, _) = game(s, &ann, &bob, json!({})).await;
    let (from, until) = (now(s).after(DAY), now(s).after(3 * DAY));
    let (status, body) = go_away(s, &mover, json!({"from": from.rfc3339(), "until": until.rfc3339()})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["current"], Value::Null);
    assert_eq!(body["booked"][0]["from"], from.rfc3339());
    assert_eq!(seat_of(&s.view(&id, None).await, &seat).get("vacation_until"), None);
    // Overlapping it, and more than is left: refused, naming why.
    let (status, body) =
        go_away(s, &mover, json!({"from": now(s).after(2 * DAY).rfc3339(), "until": now(s).after(4 * DAY).rfc3339()}))
            .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("overlaps"), "{body}");
    s.clock.advance(DAY + 30);
    arbiter_server::handle_due_vacations(&s.state).await;
    let view = s.view(&id, None).await;
    assert_eq!(seat_of(&view, &seat)["vacation_until"], until.rfc3339(), "{view}");
    assert_eq!(view["deadline"], Timestamp::from_unix(support::START + 4 * DAY).rfc3339());
    assert_eq!(vacation(s, &mover).await["current"]["from"], from.rfc3339());
    // A booked one taken back frees its days.
    let (status, body) =
        go_away(s, &mover, json!({"from": now(s).after(5 * DAY).rfc3339(), "until": now(s).after(7 * DAY).rfc3339()}))
            .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let booked = body["booked"][0]["id"].as_i64().unwrap();
    let left = body["hours_left"].as_i64().unwrap();
    let (status, body) = s.call(Method::DELETE, &format!("/api/me/vacation/{booked}"), Some(&mover), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["hours_left"].as_i64().unwrap(), left + 48);
    let (status, _) = s.call(Method::DELETE, &format!("/api/me/vacation/{booked}"), Some(&mover), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both!(booked_on_sqlite, booked_on_postgres, a_vacation_booked_ahead_begins_at_its_time);

async fn a_vacation_starts_by_itself_before_a_timeout(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let (id, seat, mover, _) = game(s, &ann, &bob, json!({})).await;
    let (status, body) = s.call(Method::PATCH, "/api/me/vacation", Some(&mover), Some(json!({"auto": true}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["auto"], true);
    // Thirteen hours before the deadline: nothing yet.
    s.clock.advance(2 * DAY - 13 * HOUR);
    arbiter_server::handle_due_vacations(&s.state).await;
    assert_eq!(vacation(s, &mover).await["current"], Value::Null);
    // Eleven hours before: a vacation of every day left.
    s.clock.advance(2 * HOUR);
    arbiter_server::handle_due_vacations(&s.state).await;
    let body = vacation(s, &mover).await;
    assert_eq!(body["current"]["auto"], true, "{body}");
    let view = s.view(&id, None).await;
    assert!(seat_of(&view, &seat)["vacation_until"].is_string(), "{view}");
    s.clock.advance(12 * HOUR);
    arbiter_server::handle_due(&s.state).await;
    assert_eq!(s.view(&id, None).await["status"]["state"], "ongoing");
    let (_, notices) = s.get("/api/me/notices", Some(&mover)).await;
    let kinds: Vec<&str> = notices["notices"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"vacation"), "{notices}");
    // Their move ends it.
    play_any(s, &id, &mover).await;
    assert_eq!(vacation(s, &mover).await["current"], Value::Null);
}
on_both!(auto_on_sqlite, auto_on_postgres, a_vacation_starts_by_itself_before_a_timeout);

async fn vacations_are_refused_with_their_reasons(s: &TestServer) {
    let ann = s.account("ann").await;
    let soon = |secs: i64| now(s).after(secs).rfc3339();
    let (status, _) = s.get("/api/me/vacation", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = go_away(s, "nonsense", json!({"until": soon(DAY)})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let cases = [
        (json!({"until": "tomorrow"}), StatusCode::BAD_REQUEST, "until"),
        (json!({"until": soon(DAY), "days": 3}), StatusCode::BAD_REQUEST, "days"),
        (json!({"from": "x", "until": soon(DAY)}), StatusCode::BAD_REQUEST, "from"),
        (json!({"until": soon(30 * 60)}), StatusCode::UNPROCESSABLE_ENTITY, "at least an hour"),
        (json!({"from": soon(-DAY), "until": soon(DAY)}), StatusCode::UNPROCESSABLE_ENTITY, "begins now or later"),
        (json!({"until": soon(900 * DAY)}), StatusCode::UNPROCESSABLE_ENTITY, "end of next year"),
        (json!({"until": soon(31 * DAY)}), StatusCode::CONFLICT, "left of the 30 days"),
    ];
    for (body, expected, named) in cases {
        let (status, answer) = go_away(s, &ann, body.clone()).await;
        assert_eq!(status, expected, "{body}: {answer}");
        assert!(answer["error"]["message"].as_str().unwrap().contains(named), "{body}: {answer}");
    }
    let (status, _) = s.call(Method::PATCH, "/api/me/vacation", Some(&ann), Some(json!({"auto": "yes"}))).await;
    assert!(status.is_client_error(), "{status}");
    let (status, _) = s.call(Method::DELETE, "/api/me/vacation/x", Some(&ann), None).await;
    assert!(status.is_client_error(), "{status}");
    // A guest has no days; a Single Capture Go game takes no vacation setting.
    let (status, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{guest}");
    let guest = guest["token"].as_str().unwrap();
    let (status, body) = go_away(s, guest, json!({"until": soon(DAY)})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("guest"), "{body}");
    let (status, body) = s.call(Method::PATCH, "/api/me/vacation", Some(guest), Some(json!({"auto": true}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = s.get("/api/me/vacation", Some(guest)).await;
    assert_eq!(
        (status, body["current"].clone(), body["auto"].clone()),
        (StatusCode::OK, Value::Null, json!(false)),
        "{body}"
    );
    let (status, body) = s
        .post(
            "/api/games",
            Some(&ann),
            json!({"game": "scg", "seats": [{"account": "me"}, {"open": true}], "clock": {"round_hours": 24}, "vacation": true}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("never stop"), "{body}");
    let (status, body) = s
        .post(
            "/api/games",
            Some(&ann),
            json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}], "vacation": false}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
on_both!(refused_on_sqlite, refused_on_postgres, vacations_are_refused_with_their_reasons);

async fn a_single_capture_go_game_is_named_as_not_stopping(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s
        .create(
            &ann,
            json!({"game": "scg", "seats": [{"account": "me"}, {"account": "bob"}], "clock": {"round_hours": 24}}),
        )
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = go_away(s, &bob, json!({"until": now(s).after(2 * DAY).rfc3339()})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["not_stopped"][0]["game"], id);
    assert!(body["not_stopped"][0]["reason"].as_str().unwrap().contains("referee"), "{body}");
    // Its round still closes at its deadline.
    s.clock.advance(DAY);
    arbiter_server::handle_due(&s.state).await;
    let view = s.wait_view(&id, None, |v| v["ply"].as_u64() >= Some(1) || v["status"]["state"] == "over").await;
    assert!(view["ply"].as_u64() >= Some(1) || view["status"]["state"] == "over", "{view}");
}
on_both!(scg_on_sqlite, scg_on_postgres, a_single_capture_go_game_is_named_as_not_stopping);

async fn starting_vacations_is_limited(s: &TestServer) {
    let ann = s.account("ann").await;
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let (status, _) = s.call(Method::PATCH, "/api/me/vacation", Some(&ann), Some(json!({"auto": true}))).await;
        statuses.push(status);
    }
    assert_eq!(statuses, [StatusCode::OK, StatusCode::OK, StatusCode::TOO_MANY_REQUESTS]);
}
on_both!(
    limit_on_sqlite,
    limit_on_postgres,
    starting_vacations_is_limited,
    arbiter_server::Settings {
        limits: arbiter_server::limits::Limits {
            vacations_per_account: arbiter_server::limits::Rate::per_hour(2),
            ..support::relaxed().limits
        },
        ..support::relaxed()
    }
);
