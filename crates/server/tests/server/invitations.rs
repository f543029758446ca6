//! Invitations, private games and calling a game off: a seat kept for a
//! named player (only they take it, or decline and it waits for the
//! creator, who is told and invites someone else or opens it), private
//! games out of every public list and taken with their invite code, the
//! creator's `DELETE` before the first move, the lobby's list, and the
//! pages of a player's finished games. Who may and who may not, and bad
//! input. On SQLite and on PostgreSQL.

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestServer;

fn id_of(view: &Value) -> String {
    view["id"].as_str().unwrap().to_string()
}

/// The ids a list answer holds, in order.
fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap_or_else(|| panic!("a list: {list}")).iter().map(id_of).collect()
}

async fn an_invited_player_takes_the_seat_or_declines(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("Bob").await;
    let cy = s.account("cy").await;
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = id_of(&made);
    assert_eq!(made["seats"][1], json!({"seat": "r", "name": "Bob", "kind": "invited"}), "{made}");
    assert_eq!(made["status"]["state"], "open", "{made}");
    assert_eq!((made["creator"].as_str(), made["private"].as_bool()), (Some("ann"), Some(false)), "{made}");
    assert!(made.get("invite").is_none(), "a public game has no code: {made}");

    // Bob sees it among his invitations; nobody else does, and it is not
    // in the lobby (its free seat is Bob's).
    let (status, invited) = s.get("/api/games?invited=true", Some(&bob)).await;
    assert_eq!(status, StatusCode::OK, "{invited}");
    assert_eq!(ids(&invited), vec![id.clone()]);
    let (_, none) = s.get("/api/games?invited=true", Some(&cy)).await;
    assert_eq!(ids(&none), Vec::<String>::new());
    let (status, refused) = s.get("/api/games?invited=true", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (_, lobby) = s.get("/api/games?state=open", None).await;
    assert!(!ids(&lobby).contains(&id), "{lobby}");

    // Cy may neither take nor decline Bob's seat; Ann (who plays already)
    // may not take it either.
    let seat = format!("/api/games/{id}/seats/r");
    let (status, refused) = s.post(&seat, Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("kept for Bob"), "{refused}");
    let (status, refused) = s.post(&format!("{seat}/decline"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, refused) = s.post(&format!("{seat}/decline"), None, json!(null)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (status, refused) = s.post(&seat, Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (status, refused) = s.post(&format!("/api/games/{id}/seats/q/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{refused}");
    let (status, refused) = s.post("/api/games/nosuchgame/seats/r/decline", Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{refused}");

    // Bob accepts: the game starts.
    let (status, taken) = s.post(&seat, Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(
        taken["seats"][1],
        json!({"seat": "r", "name": "Bob", "kind": "human", "rating": 1500, "provisional": true})
    );
    assert_eq!((taken["you"].clone(), taken["status"]["state"].clone()), (json!(["r"]), json!("ongoing")));
    let (_, invited) = s.get("/api/games?invited=true", Some(&bob)).await;
    assert_eq!(ids(&invited), Vec::<String>::new(), "accepted, no more an invitation");
    let (status, refused) = s.post(&format!("{seat}/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "taken, nothing to decline: {refused}");

    // Another invitation, declined: the seat is kept, empty, for Ann, who
    // is told; nobody else takes it, and the game is in no lobby.
    let made =
        s.create(&ann, json!({"game": "ogama", "seats": [{"account": "me"}, {"account": "BOB"}], "seed": 3})).await;
    let second = id_of(&made);
    let label = made["seats"][1]["seat"].as_str().unwrap().to_string();
    let seat = format!("/api/games/{second}/seats/{label}");
    let (status, declined) = s.post(&format!("{seat}/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    assert_eq!(declined["seats"][1], json!({"seat": label, "name": "Bob", "kind": "declined"}), "{declined}");
    assert_eq!(declined["status"]["state"], "open", "{declined}");
    let (_, notices) = s.get("/api/me/notices", Some(&ann)).await;
    let told =
        notices["notices"].as_array().unwrap().iter().find(|n| n["kind"] == "declined" && n["game"] == second.as_str());
    let told = told.unwrap_or_else(|| panic!("ann is told Bob declined: {notices}"));
    assert!(told["text"].as_str().unwrap().starts_with("Bob declined your invitation to play Ogama"), "{told}");
    assert_eq!(told["seat"], label.as_str());
    let (_, lobby) = s.get("/api/games?state=open", None).await;
    assert!(!ids(&lobby).contains(&second), "a declined seat is no open seat: {lobby}");
    let (_, invited) = s.get("/api/games?invited=true", Some(&bob)).await;
    assert!(!ids(&invited).contains(&second), "declined, no more Bob's invitation: {invited}");
    for (who, token) in [("cy", &cy), ("Bob", &bob)] {
        let (status, refused) = s.post(&seat, Some(token), json!(null)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains("Bob declined"), "{refused}");
    }
    let (status, refused) = s.post(&format!("{seat}/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "declined once: {refused}");

    // Only Ann fills it: Cy may neither invite nor open.
    let (status, refused) = s.post(&format!("{seat}/invite"), Some(&cy), json!({"account": "cy"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, refused) = s.post(&format!("{seat}/open"), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    for (body, code, words) in [
        (json!({"account": "nobody"}), StatusCode::BAD_REQUEST, "no player has this name"),
        (json!({"account": "ann"}), StatusCode::CONFLICT, "plays seat"),
        (json!({"name": "cy"}), StatusCode::BAD_REQUEST, ""),
    ] {
        let (status, refused) = s.post(&format!("{seat}/invite"), Some(&ann), body.clone()).await;
        assert_eq!(status, code, "{body}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(words), "{body}: {refused}");
    }

    // Nobody without a session fills it, nor a guest (who created nothing
    // here), and a guest is not invited.
    for path in [format!("{seat}/invite"), format!("{seat}/open")] {
        let (status, refused) = s.post(&path, None, json!({"account": "cy"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}: {refused}");
    }
    let (status, made) = s.post("/api/sessions/guest", None, json!(null)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let (guest, guest_name) = (made["token"].as_str().unwrap(), made["account"]["name"].as_str().unwrap());
    let (status, refused) = s.post(&format!("{seat}/invite"), Some(guest), json!({"account": "cy"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a guest: {refused}");
    let (status, refused) = s.post(&format!("{seat}/open"), Some(guest), json!(null)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a guest: {refused}");
    for (body, words) in [
        (json!({"account": guest_name}), "guests are not invited"),
        (json!({"account": "x".repeat(300)}), "no player has this name"),
    ] {
        let (status, refused) = s.post(&format!("{seat}/invite"), Some(&ann), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(words), "{refused}");
    }
    let (_, still) = s.get(&format!("/api/games/{second}"), Some(&ann)).await;
    assert_eq!(still["seats"][1]["kind"], "declined", "nothing refused changed the seat: {still}");

    // Ann invites Cy instead: Cy is told and sees the invitation; Cy accepts.
    let (status, reinvited) = s.post(&format!("{seat}/invite"), Some(&ann), json!({"account": "CY"})).await;
    assert_eq!(status, StatusCode::OK, "{reinvited}");
    assert_eq!(reinvited["seats"][1], json!({"seat": label, "name": "cy", "kind": "invited"}), "{reinvited}");
    let (_, invited) = s.get("/api/games?invited=true", Some(&cy)).await;
    assert!(ids(&invited).contains(&second), "{invited}");
    let (_, notices) = s.get("/api/me/notices", Some(&cy)).await;
    assert!(
        notices["notices"].as_array().unwrap().iter().any(|n| n["kind"] == "invited" && n["game"] == second.as_str()),
        "{notices}"
    );
    let (status, taken) = s.post(&seat, Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["status"]["state"], "ongoing", "{taken}");
    let (status, refused) = s.post(&format!("{seat}/open"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "begun: {refused}");

    // A third, declined and opened to anyone: in the lobby, and anyone takes it.
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let third = id_of(&made);
    let seat = format!("/api/games/{third}/seats/r");
    let (status, _) = s.post(&format!("{seat}/decline"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, opened) = s.post(&format!("{seat}/open"), Some(&ann), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["seats"][1], json!({"seat": "r", "name": null, "kind": "open"}), "{opened}");
    let (_, lobby) = s.get("/api/games?state=open", None).await;
    assert!(ids(&lobby).contains(&third), "open now, in the lobby: {lobby}");
    let (status, taken) = s.post(&seat, Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "Bob may change his mind and take it: {taken}");
}

async fn invitations_are_checked(s: &TestServer) {
    let ann = s.account("ann").await;
    s.account("bob").await;
    for (seats, names) in [
        (json!([{"account": "me"}, {"account": "nobody"}]), "'nobody': no player has this name"),
        (json!([{"account": "me"}, {"account": "ANN"}]), "that is you"),
        (json!([{"account": "me"}, {"account": "bob"}, {"account": "Bob"}]), "one seat of a game"),
        (json!([{"account": "bob"}, {"open": true}]), "the creator of a game holds one of its seats"),
        (json!([{"account": "me"}, {"account": "x".repeat(300)}]), "no player has this name"),
    ] {
        let game = if seats.as_array().unwrap().len() == 3 { "scg" } else { "sage" };
        let (status, refused) = s.post("/api/games", Some(&ann), json!({"game": game, "seats": seats})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{seats}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(names), "{seats}: {refused}");
    }
    let (status, refused) = s
        .post(
            "/api/games",
            Some(&ann),
            json!({"game": "sage", "private": "yes", "seats": [{"account": "me"}, {"open": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
}

async fn private_games_are_in_no_public_list(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let cy = s.account("cy").await;
    let made =
        s.create(&ann, json!({"game": "agog", "private": true, "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = id_of(&made);
    let code =
        made["invite"].as_str().unwrap_or_else(|| panic!("the creator's view holds the code: {made}")).to_string();
    assert!(code.len() >= 16 && code.chars().all(|c| c.is_ascii_alphanumeric()), "{code}");
    assert_eq!(made["private"], true);

    // Whoever brings the code sees the game, never the code in it; no list
    // shows it.
    let (_, seen) = s.get(&format!("/api/games/{id}?invite={code}"), Some(&bob)).await;
    assert_eq!((seen["private"].as_bool(), seen.get("invite")), (Some(true), None), "{seen}");
    let (_, seen) = s.get(&format!("/api/games/{id}?invite={code}"), None).await;
    assert_eq!(seen.get("invite"), None, "{seen}");
    for list in ["/api/games", "/api/games?state=open"] {
        let (_, games) = s.get(list, Some(&bob)).await;
        assert!(!ids(&games).contains(&id), "{list}: {games}");
    }
    let (_, page) = s.get("/api/players/ann", None).await;
    assert!(!ids(&page["recent"]).contains(&id), "{page}");
    let (_, mine) = s.get("/api/games?mine=true", Some(&ann)).await;
    assert!(ids(&mine).contains(&id), "its creator's own list holds it: {mine}");

    // The seat is taken with the code only: without it the game is not
    // there for bob (private_games.rs holds the rest).
    let seat = format!("/api/games/{id}/seats/b");
    for path in [seat.clone(), format!("{seat}?invite=wrong"), format!("{seat}?invite=")] {
        let (status, refused) = s.post(&path, Some(&bob), json!(null)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains("no such game"), "{refused}");
    }
    let (status, refused) = s.post(&format!("{seat}?invite={code}&other=1"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown parameter: {refused}");
    let (status, taken) = s.post(&format!("{seat}?invite={code}"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["you"], json!(["b"]));
    assert_eq!(taken.get("invite"), None, "only the creator's view holds the code");
    let (_, mine) = s.get("/api/games?mine=true", Some(&bob)).await;
    assert!(ids(&mine).contains(&id), "{mine}");
    let (_, active) = s.get("/api/games?state=active", Some(&cy)).await;
    assert!(!ids(&active).contains(&id), "{active}");

    // A private game's invitation is in the invited player's list.
    let invited =
        s.create(&ann, json!({"game": "sage", "private": true, "seats": [{"account": "me"}, {"account": "cy"}]})).await;
    let (_, list) = s.get("/api/games?invited=true", Some(&cy)).await;
    assert_eq!(ids(&list), vec![id_of(&invited)]);
    let (status, taken) = s.post(&format!("/api/games/{}/seats/r", id_of(&invited)), Some(&cy), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "the invited player needs no code: {taken}");
}

async fn the_creator_calls_a_game_off_before_its_first_move(s: &TestServer) {
    let ann = s.account("ann").await;
    let bob = s.account("bob").await;
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = id_of(&made);
    let path = format!("/api/games/{id}");
    let (status, refused) = s.call(Method::DELETE, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (status, refused) = s.call(Method::DELETE, &path, Some(&bob), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the creator: {refused}");
    let (status, refused) = s.call(Method::DELETE, "/api/games/nosuchgame", Some(&ann), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{refused}");
    let (status, body) = s.call(Method::DELETE, &path, Some(&ann), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let view = s.view(&id, Some(&ann)).await;
    assert_eq!(view["status"]["state"], "aborted", "{view}");
    let (status, refused) = s.call(Method::DELETE, &path, Some(&ann), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "over already: {refused}");
    let (_, invited) = s.get("/api/games?invited=true", Some(&bob)).await;
    assert!(!ids(&invited).contains(&id), "an invitation to a game called off is gone: {invited}");
    let (status, refused) = s.post(&format!("{path}/seats/r"), Some(&bob), json!(null)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (status, record) = s.call(Method::GET, &format!("{path}/record"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{record}");

    // Once a move is made, it is too late.
    let made = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "bob"}]})).await;
    let id = id_of(&made);
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bob), json!(null)).await;
    let view = s.view(&id, Some(&ann)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, moved) = s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, refused) = s.call(Method::DELETE, &format!("/api/games/{id}"), Some(&ann), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("resign instead"), "{refused}");

    // Single Capture Go: a play in the first round is a beginning.
    let scg =
        s.create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"account": "bob"}, {"computer": 1}]})).await;
    let scg_id = id_of(&scg);
    s.post(&format!("/api/games/{scg_id}/seats/B"), Some(&bob), json!(null)).await;
    let (status, _) = s.post(&format!("/api/games/{scg_id}/moves"), Some(&bob), json!({"move": "c3", "ply": 1})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = s.call(Method::DELETE, &format!("/api/games/{scg_id}"), Some(&ann), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
}

async fn finished_games_come_in_pages(s: &TestServer) {
    let ann = s.account("ann").await;
    let mut made = Vec::new();
    for i in 0..5 {
        s.clock.advance(60);
        let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
        let id = id_of(&game);
        if i < 4 {
            s.post(&format!("/api/games/{id}/resign"), Some(&ann), json!(null)).await;
        }
        made.push(id);
    }
    let mut pages = Vec::new();
    let mut path = "/api/games?state=finished&mine=true&limit=3".to_string();
    loop {
        let (status, page) = s.get(&path, Some(&ann)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let page = ids(&page);
        let Some(last) = page.last().cloned() else { break };
        pages.push(page);
        path = format!("/api/games?state=finished&mine=true&limit=3&after={last}");
    }
    let newest_first: Vec<String> = made[..4].iter().rev().cloned().collect();
    assert_eq!(pages, vec![newest_first[..3].to_vec(), newest_first[3..].to_vec()]);

    for (path, names) in [
        ("/api/games?limit=0", "limit is 1 to 100"),
        ("/api/games?limit=101", "limit is 1 to 100"),
        ("/api/games?limit=x", "limit"),
        ("/api/games?after=nosuchgame", "'after': no game has the id 'nosuchgame'"),
    ] {
        let (status, refused) = s.get(path, Some(&ann)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(names), "{path}: {refused}");
    }
}

on_both!(invited_sqlite, invited_postgres, an_invited_player_takes_the_seat_or_declines);
on_both!(checked_sqlite, checked_postgres, invitations_are_checked);
on_both!(private_sqlite, private_postgres, private_games_are_in_no_public_list);
on_both!(call_off_sqlite, call_off_postgres, the_creator_calls_a_game_off_before_its_first_move);
on_both!(pages_sqlite, pages_postgres, finished_games_come_in_pages);
