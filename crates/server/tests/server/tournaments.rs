//! Tournaments through the API, on SQLite and on PostgreSQL: a Swiss of
//! nine run to its end by the test playing every game (a late joiner's
//! half-point bye, a withdrawal, no repeat pairings, one bye each at
//! most, standings and notices); a round robin whose games all start at
//! once, where two games lost on time withdraw a player; a Single Capture
//! Go event played to its end and rated pair by pair; two servers ending
//! a round's last games at once pair the next round once; and every
//! refusal (bad options, joining twice or a full event, another's start,
//! a guest).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use crate::support;

use arbiter_play::Clock;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{ApiClient, TestServer};

/// A time `seconds` after the test's clock, as the API takes times.
fn after(s: &TestServer, seconds: i64) -> String {
    arbiter_play::Timestamp::from_unix(s.clock.now().unix() + seconds).rfc3339()
}

/// A tournament of `body`'s fields (with defaults) created by `token`.
async fn create(api: &ApiClient, token: &str, body: Value) -> Value {
    let (status, made) = api.post("/api/tournaments", Some(token), body).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    made
}

async fn view(api: &ApiClient, id: i64, token: Option<&str>) -> Value {
    let (status, view) = api.get(&format!("/api/tournaments/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

async fn join(api: &ApiClient, id: i64, token: &str) -> (StatusCode, Value) {
    api.post(&format!("/api/tournaments/{id}/players"), Some(token), json!(null)).await
}

fn message(answer: &Value) -> &str {
    answer["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {answer}"))
}

/// Ends every game of round `round` still running, through `api`: the
/// second seat resigns.
async fn resign_round(api: &ApiClient, t: &Value, round: usize, tokens: &HashMap<String, String>) {
    for pairing in t["rounds"][round - 1]["pairings"].as_array().unwrap() {
        if pairing.get("result").is_some() {
            continue;
        }
        let loser = pairing["seats"][1].as_str().unwrap();
        let game = pairing["game"].as_str().unwrap();
        let (status, over) = api.post(&format!("/api/games/{game}/resign"), Some(&tokens[loser]), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{over}");
        assert_eq!(over["tournament"], t["id"], "a tournament's game names it: {over}");
    }
}

/// The tournament once the server has moved it past round `round` (or
/// ended it): the job run by hand, as the game's end already asked.
async fn moved_on(s: &TestServer, id: i64, round: u64) -> Value {
    for _ in 0..100 {
        arbiter_server::handle_due_tournaments(&s.state).await;
        let t = view(s, id, None).await;
        if t["round"].as_u64().unwrap() > round || t["state"] == "finished" {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("tournament {id} did not move past round {round}");
}

async fn accounts(s: &TestServer, names: &[&str]) -> HashMap<String, String> {
    let mut tokens = HashMap::new();
    for name in names {
        tokens.insert(name.to_string(), s.account(name).await);
    }
    tokens
}

async fn a_swiss_runs_to_its_end(s: &TestServer) {
    let names = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "late", "early"];
    let tokens = accounts(s, &names).await;
    let body = json!({"name": "Autumn Swiss", "game": "sage", "kind": "swiss", "rounds": 4, "days_per_move": 3,
        "rated": true, "starts_at": after(s, 86_400)});
    let made = create(s, &tokens["p1"], body.clone()).await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!((made["state"].as_str(), made["organiser"].as_str()), (Some("upcoming"), Some("p1")), "{made}");
    assert_eq!(made["may"], json!(["join", "start", "remove"]), "{made}");
    let (_, listed) = s.get("/api/tournaments?state=upcoming", None).await;
    assert_eq!(listed[0]["id"], id, "{listed}");
    assert_eq!((listed[0]["player_count"].as_u64(), listed[0]["rounds_planned"].as_u64()), (Some(0), Some(4)));
    let (_, none) = s.get("/api/tournaments?state=running", None).await;
    assert_eq!(none, json!([]));

    for name in &names[..9] {
        let (status, joined) = join(s, id, &tokens[*name]).await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["joined"], true);
    }
    let (status, twice) = join(s, id, &tokens["p2"]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{twice}");
    assert!(message(&twice).contains("already"), "{twice}");
    // Someone who joins and leaves before the start is not in it.
    join(s, id, &tokens["early"]).await;
    let (status, left) =
        s.call(Method::DELETE, &format!("/api/tournaments/{id}/players/me"), Some(&tokens["early"]), None).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left["players"].as_array().unwrap().len(), 9, "{left}");
    // Only the organiser starts it.
    let (status, refused) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["p2"]), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, started) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["p1"]), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!((started["state"].as_str(), started["round"].as_u64()), (Some("running"), Some(1)), "{started}");
    assert_eq!(started["starts_at"].as_str(), Some(s.clock_now_rfc3339().as_str()), "started early, now: {started}");
    let (status, again) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["p1"]), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    let first = &started["rounds"][0];
    assert_eq!(first["pairings"].as_array().unwrap().len(), 4, "{first}");
    assert_eq!(first["byes"].as_array().unwrap().len(), 1, "{first}");
    assert_eq!(first["byes"][0]["points"], 1.0, "{first}");
    // Each player is told, with their game.
    let (_, notices) = s.get("/api/me/notices", Some(&tokens["p3"])).await;
    let told = notices["notices"].as_array().unwrap().iter().find(|n| n["kind"] == "tournament_round").cloned();
    let told = told.unwrap_or_else(|| panic!("{notices}"));
    assert_eq!(told["tournament"], id, "{told}");
    let game =
        first["pairings"].as_array().unwrap().iter().find(|p| p["seats"].as_array().unwrap().contains(&json!("p3")));
    match game {
        Some(game) => assert_eq!(told["game"], game["game"], "{told}"),
        None => assert!(told.get("game").is_none(), "a bye names no game: {told}"),
    }
    // A game of it is an ordinary game, rated, on the tournament's clock.
    let game_id = first["pairings"][0]["game"].as_str().unwrap();
    let game = s.view(game_id, None).await;
    assert_eq!((game["rated"].as_bool(), game["tournament"].as_i64()), (Some(true), Some(id)), "{game}");
    // Not the organiser's to call off, though the organiser made it.
    let (status, refused) = s.call(Method::DELETE, &format!("/api/games/{game_id}"), Some(&tokens["p1"]), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(message(&refused).contains("tournament"), "{refused}");

    // A late joiner, before half the rounds have started: half a point
    // for the round missed.
    let (status, late) = join(s, id, &tokens["late"]).await;
    assert_eq!(status, StatusCode::OK, "{late}");
    assert_eq!(late["rounds"][0]["byes"].as_array().unwrap().len(), 2, "{late}");

    resign_round(s, &started, 1, &tokens).await;
    let second = moved_on(s, id, 1).await;
    assert_eq!(second["round"], 2, "{second}");
    assert_eq!(second["rounds"][1]["pairings"].as_array().unwrap().len(), 5, "ten players, no bye: {second}");
    // Too late to join now: half the rounds have started.
    let (status, refused) = join(s, id, &tokens["early"]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(message(&refused).contains("started"), "{refused}");
    // A withdrawal: never paired again.
    let (status, gone) =
        s.call(Method::DELETE, &format!("/api/tournaments/{id}/players/me"), Some(&tokens["p9"]), None).await;
    assert_eq!(status, StatusCode::OK, "{gone}");
    assert!(gone["may"].as_array().unwrap().is_empty(), "{gone}");

    resign_round(s, &second, 2, &tokens).await;
    let third = moved_on(s, id, 2).await;
    resign_round(s, &third, 3, &tokens).await;
    let fourth = moved_on(s, id, 3).await;
    resign_round(s, &fourth, 4, &tokens).await;
    let over = moved_on(s, id, 4).await;
    assert_eq!(over["state"], "finished", "{over}");
    assert!(over["ended_at"].is_string(), "{over}");

    // Nobody met twice; nobody had two byes; the withdrawn player was not
    // paired after withdrawing.
    let mut met = HashSet::new();
    let mut byes: HashMap<String, u32> = HashMap::new();
    for (r, round) in over["rounds"].as_array().unwrap().iter().enumerate() {
        assert_eq!(round["state"], "finished");
        for pairing in round["pairings"].as_array().unwrap() {
            let (a, b) = (pairing["seats"][0].as_str().unwrap(), pairing["seats"][1].as_str().unwrap());
            assert!(met.insert((a.min(b).to_string(), a.max(b).to_string())), "{a} and {b} met twice: {over}");
            assert_eq!(pairing["result"], "1-0", "{pairing}");
            if r >= 2 {
                assert!(a != "p9" && b != "p9", "a withdrawn player paired: {round}");
            }
        }
        for bye in round["byes"].as_array().unwrap() {
            if bye["points"] == 1.0 {
                *byes.entry(bye["name"].as_str().unwrap().to_string()).or_default() += 1;
            }
        }
    }
    assert!(byes.values().all(|&n| n == 1), "{byes:?}");
    // Standings: by score, then the tiebreaks; the points add up.
    let players = over["players"].as_array().unwrap();
    let score = |name: &str| players.iter().find(|p| p["name"] == name).unwrap()["score"].as_f64().unwrap();
    let order: Vec<&str> = over["standings"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(order.len(), 10);
    assert!(order.windows(2).all(|w| score(w[0]) >= score(w[1])), "{over}");
    let total: f64 = players.iter().map(|p| p["score"].as_f64().unwrap()).sum();
    let games: usize = over["rounds"].as_array().unwrap().iter().map(|r| r["pairings"].as_array().unwrap().len()).sum();
    let bye_points: f64 = over["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["byes"].as_array().unwrap().clone())
        .map(|b| b["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, games as f64 + bye_points, "{over}");
    let leader = players.iter().find(|p| p["name"] == order[0]).unwrap();
    assert_eq!(leader["rank"], 1, "{leader}");
    assert!(players.iter().find(|p| p["name"] == "p9").unwrap()["withdrawn"] == true);
    let (_, notices) = s.get("/api/me/notices", Some(&tokens[order[0]])).await;
    let last = notices["notices"].as_array().unwrap().iter().rev().find(|n| n["kind"] == "tournament_over").cloned();
    let last = last.unwrap_or_else(|| panic!("{notices}"));
    assert!(last["text"].as_str().unwrap().contains("you finished 1st of 10"), "{last}");
    let (_, finished) = s.get("/api/tournaments?state=finished", None).await;
    assert_eq!(finished[0]["id"], id);
}
on_both!(swiss_sqlite, swiss_postgres, a_swiss_runs_to_its_end, tournament_settings());

async fn a_round_robin_starts_every_game_and_withdraws_after_two_timeouts(s: &TestServer) {
    let tokens = accounts(s, &["ann", "bob", "cy"]).await;
    let body = json!({"name": "Club round robin", "game": "agog", "kind": "round_robin", "days_per_move": 2,
        "rated": false, "starts_at": after(s, 600)});
    let id = create(s, &tokens["ann"], body).await["id"].as_i64().unwrap();
    for name in ["ann", "bob"] {
        assert_eq!(join(s, id, &tokens[name]).await.0, StatusCode::OK);
    }
    let (status, refused) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["ann"]), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "two are too few: {refused}");
    assert!(message(&refused).contains("too few players"), "{refused}");
    assert_eq!(join(s, id, &tokens["cy"]).await.0, StatusCode::OK);
    // It starts by itself at its time.
    s.clock.advance(601);
    let t = moved_on(s, id, 0).await;
    assert_eq!(
        (t["state"].as_str(), t["round"].as_u64(), t["rounds_planned"].as_u64()),
        (Some("running"), Some(3), Some(3)),
        "{t}"
    );
    let games: Vec<Value> =
        t["rounds"].as_array().unwrap().iter().flat_map(|r| r["pairings"].as_array().unwrap().clone()).collect();
    assert_eq!(games.len(), 3, "everyone meets everyone once: {t}");
    for round in t["rounds"].as_array().unwrap() {
        assert_eq!(round["byes"][0]["points"], 0.0, "a round off is worth nothing: {round}");
    }
    // Whoever is to move in two games and lets both time out is
    // withdrawn; a single timeout is only a loss.
    let mut to_move: HashMap<String, u32> = HashMap::new();
    for game in &games {
        let v = s.view(game["game"].as_str().unwrap(), None).await;
        assert_eq!(v["rated"], false, "{v}");
        let seat = v["to_move"][0].as_str().unwrap();
        let name = v["seats"].as_array().unwrap().iter().find(|x| x["seat"] == seat).unwrap()["name"]
            .as_str()
            .unwrap()
            .to_string();
        *to_move.entry(name).or_default() += 1;
    }
    s.clock.advance(2 * 86_400 + 60);
    arbiter_server::handle_due(&s.state).await;
    let over = moved_on(s, id, 3).await;
    assert_eq!(over["state"], "finished", "{over}");
    for player in over["players"].as_array().unwrap() {
        let name = player["name"].as_str().unwrap();
        let timeouts = to_move.get(name).copied().unwrap_or(0);
        assert_eq!(player["withdrawn"], timeouts >= 2, "{name} lost {timeouts} on time: {over}");
        assert_eq!(player["score"].as_f64().unwrap(), 2.0 - f64::from(timeouts), "{over}");
    }
}
on_both!(
    round_robin_sqlite,
    round_robin_postgres,
    a_round_robin_starts_every_game_and_withdraws_after_two_timeouts,
    tournament_settings()
);

async fn a_single_capture_go_event_is_played_and_rated_pair_by_pair(s: &TestServer) {
    let names = ["ann", "bob", "cy", "dee"];
    let tokens = accounts(s, &names).await;
    let (status, refused) = s
        .post(
            "/api/tournaments",
            Some(&tokens["ann"]),
            json!({"name": "Go", "game": "scg", "kind": "swiss", "rounds": 3,
            "days_per_move": 1, "rated": true, "starts_at": after(s, 60)}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(message(&refused).contains("scg_tables"), "{refused}");
    let body = json!({"name": "Tables", "game": "scg", "kind": "scg_tables", "days_per_move": 1, "rated": true,
        "starts_at": after(s, 3600)});
    let id = create(s, &tokens["ann"], body).await["id"].as_i64().unwrap();
    for name in names {
        assert_eq!(join(s, id, &tokens[name]).await.0, StatusCode::OK);
    }
    let (status, t) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["ann"]), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let table = &t["rounds"][0]["pairings"];
    assert_eq!(table.as_array().unwrap().len(), 1, "one table of four: {t}");
    assert_eq!(table[0]["seats"].as_array().unwrap().len(), 4, "{t}");
    let game = table[0]["game"].as_str().unwrap().to_string();
    // Only ann plays in the first round; the others send nothing, and
    // the round's deadline leaves ann standing alone.
    let mine = s.view(&game, Some(&tokens["ann"])).await;
    let play = mine["legal"][0]["move"].clone();
    let (status, sent) = s
        .post(&format!("/api/games/{game}/moves"), Some(&tokens["ann"]), json!({"move": play, "ply": mine["ply"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    s.clock.advance(86_400 + 60);
    arbiter_server::handle_due(&s.state).await;
    let over = s.view(&game, None).await;
    assert_eq!(over["status"]["state"], "over", "{over}");
    let t = moved_on(s, id, 1).await;
    assert_eq!(t["state"], "finished", "{t}");
    assert_eq!(t["standings"][0], "ann", "{t}");
    let players = t["players"].as_array().unwrap();
    let score = |name: &str| players.iter().find(|p| p["name"] == name).unwrap()["score"].as_f64().unwrap();
    assert_eq!(score("ann"), 1.0, "ahead of all three: {t}");
    for name in ["bob", "cy", "dee"] {
        assert_eq!(score(name), 0.33, "level with two of three: {t}");
    }
    assert_eq!(
        t["rounds"][0]["pairings"][0]["result"].as_str().unwrap().split(' ').filter(|p| *p == "1").count(),
        1,
        "{t}"
    );
    // Rated as pairs by finishing order, each pair weighted by a third:
    // the winner gains, the three level lose alike.
    let seats = over["seats"].as_array().unwrap();
    let change = |name: &str| {
        seats.iter().find(|x| x["name"] == name).unwrap()["rating_change"].as_f64().unwrap_or_else(|| panic!("{over}"))
    };
    assert!(change("ann") > 0.0, "{over}");
    assert!(change("bob") < 0.0 && change("bob") == change("cy") && change("cy") == change("dee"), "{over}");
}
on_both!(scg_sqlite, scg_postgres, a_single_capture_go_event_is_played_and_rated_pair_by_pair, tournament_settings());

async fn refusals_name_what_is_wrong(s: &TestServer) {
    let tokens = accounts(s, &["ann", "bob", "cy"]).await;
    let start = after(s, 3600);
    let bad = [
        (
            json!({"name": "", "game": "sage", "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": start}),
            "name",
        ),
        (
            json!({"name": "x", "game": "chess", "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": start}),
            "game",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "arena", "days_per_move": 1, "rated": true, "starts_at": start}),
            "kind",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "swiss", "days_per_move": 1, "rated": true, "starts_at": start}),
            "rounds",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "round_robin", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": start}),
            "rounds",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "round_robin", "max_players": 13, "days_per_move": 1, "rated": true, "starts_at": start}),
            "max_players",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "swiss", "rounds": 3, "days_per_move": 0, "rated": true, "starts_at": start}),
            "days_per_move",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": "soon"}),
            "starts_at",
        ),
        (
            json!({"name": "x", "game": "sage", "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": after(s, -86_400)}),
            "starts_at",
        ),
        (
            json!({"name": "x", "game": "agog", "options": {"handicap": 99}, "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": start}),
            "handicap",
        ),
        (
            json!({"name": "x", "game": "agog", "kind": "swiss", "rounds": 3, "days_per_move": 1, "rated": true, "starts_at": start, "prize": 1}),
            "prize",
        ),
    ];
    for (body, named) in bad {
        let (status, refused) = s.post("/api/tournaments", Some(&tokens["ann"]), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
        assert!(message(&refused).contains(named), "{body} should name {named}: {refused}");
    }
    let (status, _) = s.post("/api/tournaments", None, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let body = json!({"name": "Small", "game": "ogama", "kind": "round_robin", "max_players": 3, "days_per_move": 1,
        "rated": true, "starts_at": start});
    let id = create(s, &tokens["ann"], body).await["id"].as_i64().unwrap();
    for name in ["ann", "bob", "cy"] {
        assert_eq!(join(s, id, &tokens[name]).await.0, StatusCode::OK);
    }
    let dee = s.account("dee").await;
    let (status, full) = join(s, id, &dee).await;
    assert_eq!(status, StatusCode::CONFLICT, "{full}");
    assert!(message(&full).contains("full"), "{full}");
    // A guest neither joins nor organises.
    let (_, guest) = s.post("/api/sessions/guest", None, json!(null)).await;
    let guest = guest["token"].as_str().unwrap_or_else(|| panic!("{guest}")).to_string();
    assert_eq!(join(s, id, &guest).await.0, StatusCode::FORBIDDEN);
    // The organiser removes a player before the start; nobody else may.
    let path = format!("/api/tournaments/{id}/players/cy");
    let (status, _) = s.call(Method::DELETE, &path, Some(&tokens["bob"]), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, removed) = s.call(Method::DELETE, &path, Some(&tokens["ann"]), None).await;
    assert_eq!(status, StatusCode::OK, "{removed}");
    assert_eq!(removed["players"].as_array().unwrap().len(), 2, "{removed}");
    let (status, _) = s.call(Method::DELETE, &path, Some(&tokens["ann"]), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Nothing that is not there.
    for path in ["/api/tournaments/999999", "/api/tournaments/nine"] {
        let (status, missing) = s.get(path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {missing}");
    }
    let (status, _) = s.get("/api/tournaments?state=soon", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Called off at its time with too few players.
    s.clock.advance(3601);
    let t = moved_on(s, id, 0).await;
    assert_eq!(t["state"], "finished", "{t}");
    assert!(t["called_off"].as_str().unwrap().contains("too few players"), "{t}");
}
on_both!(refusals_sqlite, refusals_postgres, refusals_name_what_is_wrong, tournament_settings());

/// Two servers on one database end the last two games of a round at the
/// same moment: the next round is paired once.
async fn two_servers_pair_the_next_round_once(s: &TestServer) {
    let names = ["a1", "a2", "a3", "a4"];
    let tokens = accounts(s, &names).await;
    let other = second_server(s).await;
    let body = json!({"name": "Pair once", "game": "sage", "kind": "swiss", "rounds": 2, "days_per_move": 1,
        "rated": false, "starts_at": after(s, 3600)});
    let id = create(s, &tokens["a1"], body).await["id"].as_i64().unwrap();
    for name in names {
        join(s, id, &tokens[name]).await;
    }
    let (_, t) = s.post(&format!("/api/tournaments/{id}/start"), Some(&tokens["a1"]), json!(null)).await;
    let pairings = t["rounds"][0]["pairings"].as_array().unwrap().clone();
    assert_eq!(pairings.len(), 2, "{t}");
    let resign = |api: ApiClient, p: Value| {
        let token = tokens[p["seats"][1].as_str().unwrap()].clone();
        async move {
            api.post(&format!("/api/games/{}/resign", p["game"].as_str().unwrap()), Some(&token), json!(null)).await
        }
    };
    let (one, two) =
        tokio::join!(resign(s.api.clone(), pairings[0].clone()), resign(other.0.clone(), pairings[1].clone()));
    assert_eq!((one.0, two.0), (StatusCode::OK, StatusCode::OK), "{one:?} {two:?}");
    // Both servers look at once too.
    tokio::join!(arbiter_server::handle_due_tournaments(&s.state), arbiter_server::handle_due_tournaments(&other.1));
    let t = moved_on(s, id, 1).await;
    assert_eq!(t["round"], 2, "{t}");
    assert_eq!(t["rounds"][1]["pairings"].as_array().unwrap().len(), 2, "{t}");
    let (_, mine) = s.get("/api/games?mine=true", Some(&tokens["a1"])).await;
    let count = mine.as_array().unwrap().iter().filter(|g| g["tournament"] == id).count();
    assert_eq!(count, 2, "one game a round for a1, no more: {mine}");
}
on_both!(pair_once_sqlite, pair_once_postgres, two_servers_pair_the_next_round_once, tournament_settings());

/// A second server on the test server's database, with its client.
async fn second_server(s: &TestServer) -> (ApiClient, arbiter_server::AppState) {
    let store = arbiter_store::Store::open(s.database_url()).await.unwrap();
    let mut state = arbiter_server::AppState::with_clock(store, s.clock.clone());
    state.set_settings(tournament_settings());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let serving = state.clone();
    tokio::spawn(async move {
        let limits = arbiter_server::connections::ConnectionLimits::default();
        arbiter_server::serve_on(listener, serving, limits, std::future::pending()).await.unwrap();
    });
    (ApiClient::new(format!("http://{address}"), Duration::from_secs(120)), state)
}

/// The tests' settings, with room for the tournaments and reads they make.
fn tournament_settings() -> arbiter_server::Settings {
    use arbiter_server::limits::Rate;
    let mut settings = support::relaxed();
    settings.limits.tournaments_per_account = Rate::per_hour(100_000);
    settings.limits.tournament_entries_per_account = Rate::per_hour(100_000);
    settings.limits.players_per_address = Rate::per_hour(100_000);
    settings
}

/// Players who want mail are mailed when a round starts (with their
/// game) and when the tournament ends (with their place), a link to the
/// tournament in each.
async fn rounds_and_the_end_are_mailed(db: support::Db) {
    use support::smtp::{SmtpListener, account_with_mail, server_with_mail_set};
    let smtp = SmtpListener::default();
    let Some(s) = server_with_mail_set(db, &smtp, tournament_settings()).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let bo = account_with_mail(&s, &smtp, "bo").await;
    smtp.clear();
    let body = json!({"name": "Mailed <Open>", "game": "ogama", "kind": "swiss", "rounds": 1, "days_per_move": 2,
        "rated": false, "starts_at": after(&s, 3600)});
    let id = create(&s, &ann, body).await["id"].as_i64().unwrap();
    join(&s, id, &ann).await;
    join(&s, id, &bo).await;
    let (_, t) = s.post(&format!("/api/tournaments/{id}/start"), Some(&ann), json!(null)).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 2, "{mails:?}");
    let link = format!("https://arbiter.example/tournaments/{id}");
    for mail in &mails {
        assert!(mail.data.contains("Subject: Arbiter: round 1 of Mailed <Open>"), "{}", mail.data);
        assert!(mail.data.contains("your game against"), "{}", mail.data);
        assert!(mail.data.contains(&link), "{}", mail.data);
    }
    let loser = t["rounds"][0]["pairings"][0]["seats"][1].as_str().unwrap();
    let tokens: HashMap<String, String> = [("ann".to_string(), ann.clone()), ("bo".to_string(), bo.clone())].into();
    resign_round(&s, &t, 1, &tokens).await;
    let over = moved_on(&s, id, 1).await;
    assert_eq!(over["state"], "finished");
    arbiter_server::send_due(&s.state).await;
    let ends: Vec<_> = smtp.received().into_iter().filter(|m| m.data.contains("Mailed <Open> is over")).collect();
    assert_eq!(ends.len(), 2, "{ends:?}");
    let mine = ends.iter().find(|m| m.to == format!("{loser}@example.org")).unwrap();
    assert!(mine.data.contains("you finished 2nd of 2"), "{}", mine.data);
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mailed_sqlite() {
    rounds_and_the_end_are_mailed(support::Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mailed_postgres() {
    rounds_and_the_end_are_mailed(support::Db::Postgres).await;
}
