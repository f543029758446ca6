//! Moves by mail: replies delivered over LMTP (a real conversation on
//! loopback) to a server that mails through a real SMTP listener. A reply
//! plays its move and is answered; the corpus of real-world reply shapes
//! is read and played; what is not an account's own mail move is refused
//! and never answered; a message is taken once; the ply guard holds; a
//! Single Capture Go play by mail stays secret; and a three-player game
//! is played to its end by mail only.

use crate::support;

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::smtp::{
    MAIL_IN, Received, SmtpListener, account_with_mail, deliver, reply, reply_to, server_with_mail_in, text_of,
};
use support::{Db, TestServer};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mail_replies");

/// The mails received since `seen`, to `to`.
fn mails_to(smtp: &SmtpListener, seen: usize, to: &str) -> Vec<Received> {
    smtp.received().into_iter().skip(seen).filter(|m| m.to == to).collect()
}

/// The Reply-To of the last mail to `to`.
fn last_reply_to(smtp: &SmtpListener, to: &str) -> String {
    let mails: Vec<Received> = smtp.received().into_iter().filter(|m| m.to == to).collect();
    reply_to(mails.last().expect("a mail")).expect("a Reply-To")
}

async fn sent(s: &TestServer) {
    arbiter_server::send_due(&s.state).await;
}

#[test]
fn the_corpus_is_read_as_its_writers_meant() {
    let expected = std::fs::read_to_string(format!("{CORPUS}/expected.txt")).unwrap();
    let mut read = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (file, first) = line.split_once(char::is_whitespace).unwrap();
        let first = first.trim();
        let raw = std::fs::read(format!("{CORPUS}/{file}")).unwrap();
        let mail = arbiter_server::mail_in::read(&raw).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(mail.first_line.as_deref(), (first != "-").then_some(first), "{file}");
        assert_eq!(mail.from, "ann@example.org", "{file}");
        assert!(
            mail.recipients.iter().any(|r| r.contains("play+%token%@games.example") || r.contains("play+%TOKEN%")),
            "{file}: {:?}",
            mail.recipients
        );
        assert!(!mail.message_id.is_empty(), "{file}");
        read += 1;
    }
    assert_eq!(read, 8);
}

#[test]
fn what_is_not_a_mail_is_named() {
    use arbiter_server::mail_in::{Unreadable, read};
    assert_eq!(read(b""), Err(Unreadable::NotAMail));
    assert_eq!(read(b"Subject: x\r\n\r\nc3\r\n"), Err(Unreadable::NoSender));
    assert!(matches!(read(&vec![b'a'; arbiter_server::mail_in::MAX_MAIL_BYTES + 1]), Err(Unreadable::TooLong(_))));
    // A mail without a Message-ID is known by its bytes.
    let mail = read(b"From: a@b.example\r\n\r\nc3\r\n").unwrap();
    assert!(mail.message_id.starts_with("sha256:"));
}

/// An `scg` game of ann against the computer (level 1), its rounds
/// closing as soon as the plays are in: its id, and round 1's Reply-To.
async fn scg_against_the_computer(s: &TestServer, smtp: &SmtpListener, ann: &str) -> (String, String) {
    let game = s
        .create(ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}], "clock": {"round_hours": 24, "close_early": true}}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    sent(s).await;
    (id, last_reply_to(smtp, "ann@example.org"))
}

async fn every_reply_shape_plays_its_move(db: Db) {
    let smtp = SmtpListener::default();
    let Some((s, lmtp)) = server_with_mail_in(db, &smtp).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    for file in [
        "gmail.eml",
        "outlook.eml",
        "apple_mail.eml",
        "mutt.eml",
        "html_only_base64.eml",
        "thunderbird_attachment.eml",
        "resign.eml",
        "nothing_written.eml",
    ] {
        let (id, to) = scg_against_the_computer(&s, &smtp, &ann).await;
        let token = to.trim_start_matches("play+").split('@').next().unwrap().to_string();
        let raw = std::fs::read_to_string(format!("{CORPUS}/{file}")).unwrap().replace("%TOKEN%", &token);
        let seen = smtp.received().len();
        let answers = deliver(lmtp, "ann@example.org", &[&to], &raw).await;
        assert_eq!(answers.len(), 2, "{file}: {answers:?}");
        assert!(answers[1].starts_with("250 2.0.0 taken"), "{file}: {answers:?}");
        sent(&s).await;
        let answer = mails_to(&smtp, seen, "ann@example.org");
        let answer = text_of(answer.last().unwrap_or_else(|| panic!("{file}: no answer")));
        let view = s.view(&id, Some(&ann)).await;
        match file {
            "resign.eml" => {
                // Single Capture Go has no resigning: a player leaves by
                // sending no play, and the answer says so.
                assert_eq!(view["status"]["state"], "ongoing", "{file}: {view}");
                assert!(answer.contains("leaves by sending no play"), "{file}: {answer}");
            }
            "nothing_written.eml" => {
                assert!(answer.contains("has no move"), "{file}: {answer}");
                assert_eq!(view["rounds"]["my_play"], Value::Null, "{file}");
            }
            _ => {
                // The round closed at once (the computer had played): c3 is ann's.
                let moved = view["ply"].as_u64().unwrap() > 1 || view["rounds"]["my_play"] == "c3";
                assert!(moved, "{file}: {view}");
                assert!(answer.contains("c3"), "{file}: {answer}");
            }
        }
    }
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_reply_shape_plays_its_move_on_sqlite() {
    every_reply_shape_plays_its_move(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_reply_shape_plays_its_move_on_postgres() {
    every_reply_shape_plays_its_move(Db::Postgres).await;
}

async fn a_reply_plays_the_move_once_and_is_answered(db: Db) {
    let smtp = SmtpListener::default();
    let Some((s, lmtp)) = server_with_mail_in(db, &smtp).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let bo = account_with_mail(&s, &smtp, "bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    sent(&s).await;
    let to = last_reply_to(&smtp, "ann@example.org");
    assert!(to.starts_with("play+") && to.ends_with("@games.example"), "{to}");
    let turn = text_of(smtp.received().last().unwrap());
    assert!(turn.contains("reply to this mail with your move"), "{turn}");

    // An illegal move: refused, answered with the reason and the legal moves.
    let seen = smtp.received().len();
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("Ann <ann@example.org>", &to, "m1", "z9-z8")).await;
    assert!(answers[1].starts_with("250 2.0.0 taken: refused"), "{answers:?}");
    sent(&s).await;
    let refusal = text_of(&mails_to(&smtp, seen, "ann@example.org")[0]);
    let view = s.view(&id, Some(&ann)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    assert!(refusal.contains("z9-z8") && refusal.contains("The legal moves now") && refusal.contains(&mv), "{refusal}");
    assert_eq!(view["ply"], 0);

    // A legal one: played, and both players hear.
    let seen = smtp.received().len();
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("Ann <ann@example.org>", &to, "m2", &mv)).await;
    assert!(answers[1].starts_with("250 2.0.0 taken"), "{answers:?}");
    assert_eq!(s.view(&id, Some(&ann)).await["ply"], 1);
    sent(&s).await;
    let played = text_of(&mails_to(&smtp, seen, "ann@example.org")[0]);
    assert!(played.contains(&format!("Your move {mv} is played")), "{played}");
    assert_eq!(mails_to(&smtp, seen, "bo@example.org").len(), 1, "bo's turn is mailed");

    // The same message again: taken before, nothing done, no answer.
    let seen = smtp.received().len();
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("Ann <ann@example.org>", &to, "m2", &mv)).await;
    assert_eq!(answers[1], "250 2.0.0 taken before");
    sent(&s).await;
    assert_eq!(smtp.received().len(), seen);

    // A reply to the old mail, after the game moved on: the ply guard.
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("Ann <ann@example.org>", &to, "m3", &mv)).await;
    assert!(answers[1].contains("refused") && answers[1].contains("ply 0"), "{answers:?}");
    assert_eq!(s.view(&id, Some(&ann)).await["ply"], 1);

    // bo answers his own turn's mail by resigning; the game is over, and a
    // later reply to it is answered so.
    let bo_to = last_reply_to(&smtp, "bo@example.org");
    let answers = deliver(lmtp, "bo@example.org", &[&bo_to], &reply("bo@example.org", &bo_to, "m4", "resign")).await;
    assert!(answers[1].starts_with("250"), "{answers:?}");
    assert_eq!(s.view(&id, None).await["status"]["state"], "over");
    sent(&s).await;
    let seen = smtp.received().len();
    let answers = deliver(lmtp, "bo@example.org", &[&bo_to], &reply("bo@example.org", &bo_to, "m5", "d4-d5")).await;
    assert!(answers[1].contains("the game is over"), "{answers:?}");
    sent(&s).await;
    assert!(text_of(&mails_to(&smtp, seen, "bo@example.org")[0]).contains("the game is over"));
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_plays_the_move_once_and_is_answered_on_sqlite() {
    a_reply_plays_the_move_once_and_is_answered(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_plays_the_move_once_and_is_answered_on_postgres() {
    a_reply_plays_the_move_once_and_is_answered(Db::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_that_is_no_accounts_move_is_refused_and_never_answered() {
    let smtp = SmtpListener::default();
    let (s, lmtp) = server_with_mail_in(Db::Sqlite, &smtp).await.unwrap();
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let (id, to) = scg_against_the_computer(&s, &smtp, &ann).await;
    // cy has an address, not verified.
    let cy = s.account("cy").await;
    s.call(reqwest::Method::PATCH, "/api/me", Some(&cy), Some(json!({"email": "cy@example.org"}))).await;
    sent(&s).await;
    let seen = smtp.received().len();

    // A stranger, with ann's token.
    let a = deliver(lmtp, "eve@example.org", &[&to], &reply("eve@example.org", &to, "e1", "c3")).await;
    assert!(a[1].starts_with("550 5.7.1") && a[1].contains("not the verified address"), "{a:?}");
    // An address the server does not take mail at: refused at RCPT.
    let a = deliver(lmtp, "ann@example.org", &["ann@games.example"], &reply("ann@example.org", "x", "e2", "c3")).await;
    assert!(a[0].starts_with("550 5.1.1"), "{a:?}");
    assert_eq!(a.len(), 1, "no DATA without a recipient");
    // A forged token of the right shape.
    let forged = format!("play+{}@games.example", "a".repeat(arbiter_server::mail_in::TOKEN_LENGTH));
    let a = deliver(lmtp, "ann@example.org", &[&forged], &reply("ann@example.org", &forged, "e3", "c3")).await;
    assert!(a[1].starts_with("550 5.7.1") && a[1].contains("names no game"), "{a:?}");
    // An unverified sender with ann's token.
    let a = deliver(lmtp, "cy@example.org", &[&to], &reply("cy@example.org", &to, "e4", "c3")).await;
    assert!(a[1].starts_with("550 5.7.1"), "{a:?}");
    // Not a mail at all.
    let a = deliver(lmtp, "ann@example.org", &[&to], "just some words\r\n").await;
    assert!(a[1].starts_with("550 5.7.1"), "{a:?}");

    sent(&s).await;
    assert_eq!(smtp.received().len(), seen, "nothing is answered");
    let view = s.view(&id, Some(&ann)).await;
    assert_eq!(view["rounds"]["my_play"], Value::Null, "nothing is played: {view}");
    assert_eq!(view["ply"], 1);
    s.finish().await;
}

/// A three-player game of Single Capture Go played to its end by mail
/// only: each round, each player replies to their latest mail with a
/// square; a play's confirmation reaches only its player, and no mail nor
/// view of another player shows it before the round closes.
async fn a_three_player_game_is_played_to_its_end_by_mail(db: Db) {
    let smtp = SmtpListener::default();
    let Some((s, lmtp)) = server_with_mail_in(db, &smtp).await else { return };
    let names = ["ann", "bo", "cy"];
    let mut tokens = BTreeMap::new();
    for name in names {
        tokens.insert(name, account_with_mail(&s, &smtp, name).await);
    }
    let game = s
        .create(&tokens["ann"], json!({"game": "scg", "seats": [{"account": "me"}, {"open": true}, {"open": true}], "clock": {"round_hours": 24, "close_early": true}}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    for (name, seat) in [("bo", "B"), ("cy", "C")] {
        let (status, body) = s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&tokens[name]), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    sent(&s).await;
    let mut rounds = 0;
    let mut message = 0;
    let mut seed: u64 = 7;
    while s.view(&id, None).await["status"]["state"] != "over" {
        rounds += 1;
        assert!(rounds <= 40, "the game should end within 40 rounds");
        let round = s.view(&id, None).await["ply"].as_u64().unwrap();
        // The plays sent this round, by player.
        let mut played: BTreeMap<&str, String> = BTreeMap::new();
        for name in names {
            let address = format!("{name}@example.org");
            let view = s.view(&id, Some(&tokens[name])).await;
            let Some(legal) = view["legal"].as_array().filter(|l| !l.is_empty()) else { continue };
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let square = legal[(seed >> 33) as usize % legal.len()]["move"].as_str().unwrap().to_string();
            let to = last_reply_to(&smtp, &address);
            let seen = smtp.received().len();
            message += 1;
            let answers = deliver(lmtp, &address, &[&to], &reply(&address, &to, &format!("g{message}"), &square)).await;
            assert!(answers[1].starts_with("250 2.0.0 taken"), "{name}, round {round}: {answers:?}");
            played.insert(name, square.clone());
            sent(&s).await;
            let new: Vec<Received> = smtp.received().into_iter().skip(seen).collect();
            let now = s.view(&id, None).await;
            if now["ply"].as_u64().unwrap() == round && now["status"]["state"] != "over" {
                // The round is still open: only the player is told, and
                // nothing anyone else receives or sees names the play.
                assert!(new.iter().all(|m| m.to == address), "{name}: {new:?}");
                assert!(text_of(&new[0]).contains(&format!("is in: {square}")), "{}", text_of(&new[0]));
                for other in names.iter().filter(|n| **n != name) {
                    let theirs = s.view(&id, Some(&tokens[*other])).await;
                    let scg = &theirs["rounds"];
                    let own = played.get(other).map_or(Value::Null, |p| json!(p));
                    assert_eq!(scg["my_play"], own, "{other} sees only their own play, not {name}'s {square}");
                    assert!(!scg["announcements"].to_string().contains(&format!("round {round}:")), "{scg}");
                }
                let spectator = s.view(&id, None).await;
                assert!(spectator["rounds"]["my_play"].is_null());
            }
        }
    }
    let over = s.view(&id, None).await;
    assert_eq!(over["status"]["state"], "over", "{over}");
    assert!(rounds >= 2, "a game of at least two rounds: {rounds}");
    sent(&s).await;
    for name in names {
        let last = smtp.received().into_iter().rfind(|m| m.to == format!("{name}@example.org")).unwrap();
        assert!(last.data.contains("is over"), "{name}: {}", last.data);
    }
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_game_is_played_to_its_end_by_mail_on_sqlite() {
    a_three_player_game_is_played_to_its_end_by_mail(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_game_is_played_to_its_end_by_mail_on_postgres() {
    a_three_player_game_is_played_to_its_end_by_mail(Db::Postgres).await;
}

#[test]
fn the_mail_in_address_is_the_one_tests_reply_to() {
    assert_eq!(MAIL_IN.parse::<arbiter_server::mail_in::MailInAddress>().unwrap().to_string(), MAIL_IN);
}

/// A reply to the mail that confirms a move sets a conditional line ("if
/// X then Y"): stored, confirmed with the lines kept, played when the
/// opponent's move comes; a line the rules refuse is answered so.
async fn a_reply_sets_a_conditional_line(db: Db) {
    let smtp = SmtpListener::default();
    let Some((s, lmtp)) = server_with_mail_in(db, &smtp).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let bo = account_with_mail(&s, &smtp, "bo").await;
    let game = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let seat = game["seats"][1]["seat"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/{seat}"), Some(&bo), json!(null)).await;
    sent(&s).await;
    let to = last_reply_to(&smtp, "ann@example.org");
    let legal = |moves: Vec<String>| {
        let s = &s;
        async move {
            let (_, position) = s.post("/api/positions", None, json!({"game": "agog", "moves": moves})).await;
            position["legal"][0]["move"].as_str().unwrap().to_string()
        }
    };
    let w1 = legal(vec![]).await;
    let b1 = legal(vec![w1.clone()]).await;
    let w2 = legal(vec![w1.clone(), b1.clone()]).await;
    let seen = smtp.received().len();
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("ann@example.org", &to, "c1", &w1)).await;
    assert!(answers[1].starts_with("250 2.0.0 taken"), "{answers:?}");
    sent(&s).await;
    let played = text_of(&mails_to(&smtp, seen, "ann@example.org")[0]);
    assert!(played.contains("if <their move> then <your reply>"), "{played}");
    let bo_turn = text_of(&mails_to(&smtp, seen, "bo@example.org")[0]);

    // Ann answers bo's move ahead, replying to the confirmation.
    let to = last_reply_to(&smtp, "ann@example.org");
    let seen = smtp.received().len();
    let line = format!("if {b1} then {w2}");
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("ann@example.org", &to, "c2", &line)).await;
    assert!(answers[1].starts_with("250 2.0.0 taken: line stored"), "{answers:?}");
    sent(&s).await;
    let stored = text_of(&mails_to(&smtp, seen, "ann@example.org")[0]);
    assert!(stored.contains(&format!("1. if {b1} then {w2}")), "{stored}");
    assert!(mails_to(&smtp, seen, "bo@example.org").is_empty(), "bo hears nothing of it");
    assert!(!bo_turn.contains(&w2), "{bo_turn}");
    let (_, lines) = s.get(&format!("/api/games/{id}/conditionals"), Some(&ann)).await;
    assert_eq!(lines["lines"], json!([[b1, w2]]));

    // A line the rules refuse is answered with why.
    let seen = smtp.received().len();
    let bad = format!("if {b1} then z9-z8");
    let answers = deliver(lmtp, "ann@example.org", &[&to], &reply("ann@example.org", &to, "c3", &bad)).await;
    assert!(answers[1].contains("refused"), "{answers:?}");
    sent(&s).await;
    let refused = text_of(&mails_to(&smtp, seen, "ann@example.org")[0]);
    assert!(refused.contains("was not stored") && refused.contains("z9-z8"), "{refused}");

    // Bo's move comes; ann's reply is played with it.
    let (status, after) = s.post(&format!("/api/games/{id}/moves"), Some(&bo), json!({"move": b1, "ply": 1})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["moves"], json!([w1, b1, w2]), "{after}");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_sets_a_conditional_line_on_sqlite() {
    a_reply_sets_a_conditional_line(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_sets_a_conditional_line_on_postgres() {
    a_reply_sets_a_conditional_line(Db::Postgres).await;
}
