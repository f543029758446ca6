//! Mail over a real SMTP conversation with a listener on loopback: a
//! player's turn, a round's announcement, the end of a game; the opt-out;
//! a failing mail server retried later without touching the game.

use crate::support;

use arbiter_server::limits::{Limits, Rate};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::Db;
use support::smtp::{Received, SmtpListener, account_with_mail, link_token, server_with_mail, server_with_mail_set};

async fn turns_rounds_and_results_are_mailed(db: Db) {
    let smtp = SmtpListener::default();
    let Some(s) = server_with_mail(db, &smtp).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let bo = account_with_mail(&s, &smtp, "bo").await;
    smtp.clear();
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].to, "ann@example.org");
    assert!(mails[0].data.contains("Subject: Arbiter: your move in Sage"), "{}", mails[0].data);
    assert!(mails[0].data.contains(&format!("https://arbiter.example/games/{id}")), "{}", mails[0].data);

    let view = s.view(&id, Some(&ann)).await;
    let mv = view["legal"][0]["move"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": 0})).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[1].to, "bo@example.org", "bo's turn");
    assert!(mails[1].data.contains(&mv), "the mail names the last move: {}", mails[1].data);

    // bo wants no mail: ann's end-of-game mail goes, bo's does not.
    s.call(Method::PATCH, "/api/me", Some(&bo), Some(json!({"notify": {"email": false}}))).await;
    s.post(&format!("/api/games/{id}/resign"), Some(&bo), json!(null)).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 3, "{mails:?}");
    assert_eq!(mails[2].to, "ann@example.org");
    assert!(mails[2].data.contains("is over: you won by resignation."), "{}", mails[2].data);

    // A round's announcement reaches every player.
    let scg = s.create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}], "clock": {"round_hours": 24, "close_early": true}})).await;
    let scg_id = scg["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{scg_id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
    // The round closes once the computer's play is in.
    s.wait_for_ply(&scg_id, 2).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    let round = mails.last().unwrap();
    assert_eq!(round.to, "ann@example.org");
    assert!(round.data.contains("round 2 is open") && round.data.contains("c3"), "{}", round.data);
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_rounds_and_results_are_mailed_on_sqlite() {
    turns_rounds_and_results_are_mailed(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_rounds_and_results_are_mailed_on_postgres() {
    turns_rounds_and_results_are_mailed(Db::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_server_that_fails_delays_the_mail_and_never_the_move() {
    let smtp = SmtpListener::default();
    let s = server_with_mail(Db::Sqlite, &smtp).await.unwrap();
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let bo = account_with_mail(&s, &smtp, "bo").await;
    smtp.clear();
    *smtp.refuse.lock().unwrap() = true;
    let game = s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (status, _) = s.post(&format!("/api/games/{id}/seats/b"), Some(&bo), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "the seat is taken though the mail fails");
    assert_eq!(arbiter_server::send_due(&s.state).await, 0);
    assert!(smtp.received().is_empty());
    *smtp.refuse.lock().unwrap() = false;
    assert_eq!(arbiter_server::send_due(&s.state).await, 0, "not before its retry is due");
    s.clock.advance(60);
    assert_eq!(arbiter_server::send_due(&s.state).await, 1, "retried once due");
    assert_eq!(smtp.received()[0].to, "ann@example.org");
    assert_eq!(arbiter_server::send_due(&s.state).await, 0, "sent once");
    s.finish().await;
}

/// Game creations on an account whose address nobody verified: the address
/// gets its one link and nothing else, however many games are made.
async fn an_address_gets_no_mail_but_its_link_until_verified(db: Db) {
    let smtp = SmtpListener::default();
    let Some(s) = server_with_mail(db, &smtp).await else { return };
    let ann = s.account("ann").await;
    let (status, _) =
        s.call(Method::PATCH, "/api/me", Some(&ann), Some(json!({"email": "stranger@example.org"}))).await;
    assert_eq!(status, StatusCode::OK);
    let bo = s.account("bo").await;
    for _ in 0..20 {
        // Bo takes the open seat and the game starts: Ann's move each time.
        let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
        let id = game["id"].as_str().unwrap();
        let (status, _) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
        assert_eq!(status, StatusCode::OK);
    }
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 1, "the link alone: {mails:?}");
    assert!(mails[0].data.contains("Subject: Arbiter: verify your address for ann"), "{}", mails[0].data);
    assert!(mails[0].data.contains("no other mail will come to this"), "{}", mails[0].data);

    // Asking for links again and again: a few, then 429; a new address
    // by the account too.
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(s.call(Method::POST, "/api/me/email/resend", Some(&ann), None).await.0);
    }
    assert!(
        statuses.contains(&StatusCode::NO_CONTENT) && statuses.contains(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    arbiter_server::send_due(&s.state).await;
    let links = smtp.received().len();
    assert!(links <= 5, "one address gets at most 5 links a day: {links}");

    // Once verified, game mail comes.
    let token = link_token(&smtp.received(), "stranger@example.org");
    let (status, me) = s.post("/api/me/email/verify", None, json!({"token": token})).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    let (status, again) = s.post("/api/me/email/verify", None, json!({"token": token})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "used once: {again}");
    let (status, bad) = s.post("/api/me/email/verify", None, json!({"token": "nonsense"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    smtp.clear();
    s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].data.contains("Subject: Arbiter: your move in Sage"), "{}", mails[0].data);
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    assert_eq!(me["email_verified"], true);
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_mail_but_the_link_before_verification_on_sqlite() {
    an_address_gets_no_mail_but_its_link_until_verified(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_mail_but_the_link_before_verification_on_postgres() {
    an_address_gets_no_mail_but_its_link_until_verified(Db::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_that_keeps_failing_is_given_up_and_shown_to_its_account() {
    let smtp = SmtpListener::default();
    let s = server_with_mail(Db::Sqlite, &smtp).await.unwrap();
    let ann = account_with_mail(&s, &smtp, "ann").await;
    smtp.clear();
    *smtp.refuse.lock().unwrap() = true;
    s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]})).await;
    // Eight attempts, each once its retry is due; then no more.
    for _ in 0..8 {
        arbiter_server::send_due(&s.state).await;
        s.clock.advance(6 * 3600);
    }
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    let failed = me["failed_mail"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "{me}");
    assert_eq!(failed[0]["subject"], "Arbiter: your move in Sage Tafl");
    assert!(failed[0]["error"].as_str().unwrap().contains("451"), "{me}");
    *smtp.refuse.lock().unwrap() = false;
    s.clock.advance(6 * 3600);
    assert_eq!(arbiter_server::send_due(&s.state).await, 0, "given up: never tried again");
    assert!(smtp.received().is_empty());
    s.finish().await;
}

/// The reset link's token in the last reset mail to `to`.
fn reset_token(mails: &[Received], to: &str) -> String {
    let mail = mails.iter().rev().find(|m| m.to == to && m.data.contains("a new password")).expect("a reset mail");
    let body = mail.data.replace("=\n", "").replace("=3D", "=");
    let start = body.find("https://arbiter.example/reset?token=").expect("the link")
        + "https://arbiter.example/reset?token=".len();
    body[start..start + 64].to_string()
}

#[test]
fn an_account_is_sent_three_reset_links_an_hour_by_default() {
    assert_eq!(Limits::default().reset_mails_per_account, Rate::per_hour(3));
}

/// With three reset links a day for an account rather than three an hour,
/// so that no link's share comes back during the test however slow the
/// machine (at three an hour, one comes back every 20 minutes).
async fn a_forgotten_password_is_reset_by_a_link_to_a_verified_address(db: Db) {
    let smtp = SmtpListener::default();
    let mut settings = support::relaxed();
    settings.limits.reset_mails_per_account = Rate::per_day(3);
    let Some(s) = server_with_mail_set(db, &smtp, settings).await else { return };
    let ann = account_with_mail(&s, &smtp, "ann").await;
    let unverified = s.account("bo").await;
    s.call(Method::PATCH, "/api/me", Some(&unverified), Some(json!({"email": "bo@example.org"}))).await;
    arbiter_server::send_due(&s.state).await;
    smtp.clear();

    // The answer is the same for a name with a verified address, one
    // without, and no account at all; only the first gets a mail.
    for name in ["ann", "bo", "nobody"] {
        let (status, body) = s.post("/api/password-reset", None, json!({"name": name})).await;
        assert_eq!((status, &body), (StatusCode::ACCEPTED, &serde_json::Value::Null), "{name}");
    }
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.iter().map(|m| m.to.as_str()).collect::<Vec<_>>(), ["ann@example.org"], "{mails:?}");
    assert!(mails[0].data.contains("Subject: Arbiter: a new password for ann"), "{}", mails[0].data);
    let first = reset_token(&mails, "ann@example.org");

    // A newer link replaces it; bad input is named.
    s.post("/api/password-reset", None, json!({"name": "ann"})).await;
    arbiter_server::send_due(&s.state).await;
    let token = reset_token(&smtp.received(), "ann@example.org");
    assert_ne!(token, first);
    let confirm = |token: String, password: &str| {
        s.post("/api/password-reset/confirm", None, json!({"token": token, "password": password}))
    };
    let (status, replaced) = confirm(first, "a new password").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{replaced}");
    let (status, bad) = confirm("xyz".into(), "a new password").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    let (status, short) = confirm(token.clone(), "short").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{short}");
    assert!(short["error"]["message"].as_str().unwrap().contains("8 to 1024"), "{short}");
    let (status, _) = s.post("/api/password-reset", None, json!({"name": "not a name!"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // The link sets the password once, and signs the account out.
    let (status, _) = confirm(token.clone(), "a new password").await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(s.get("/api/me", Some(&ann)).await.0, StatusCode::UNAUTHORIZED, "every session ended");
    let (status, used) = confirm(token, "another password").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{used}");
    let (status, _) = s.post("/api/sessions", None, json!({"name": "ann", "password": support::PASSWORD})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old password no longer works");
    let (status, _) = s.post("/api/sessions", None, json!({"name": "ann", "password": "a new password"})).await;
    assert_eq!(status, StatusCode::CREATED);

    // A link works for an hour; an account is sent at most three a day
    // here (three an hour by default).
    s.post("/api/password-reset", None, json!({"name": "ann"})).await;
    arbiter_server::send_due(&s.state).await;
    let late = reset_token(&smtp.received(), "ann@example.org");
    s.clock.advance(3600);
    let (status, expired) = confirm(late, "a later password").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(expired["error"]["message"].as_str().unwrap().contains("expired"), "{expired}");
    smtp.clear();
    for _ in 0..5 {
        let (status, _) = s.post("/api/password-reset", None, json!({"name": "ann"})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
    }
    arbiter_server::send_due(&s.state).await;
    assert_eq!(smtp.received().len(), 0, "the three links above are as many as an account is sent in a day here");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_reset_on_sqlite() {
    a_forgotten_password_is_reset_by_a_link_to_a_verified_address(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_reset_on_postgres() {
    a_forgotten_password_is_reset_by_a_link_to_a_verified_address(Db::Postgres).await;
}

/// An invited player who wants mail is told by mail, with the link to
/// the game; the creator's name in it is the one they gave.
async fn an_invitation_is_mailed(db: Db) {
    let smtp = SmtpListener::default();
    let Some(s) = server_with_mail(db, &smtp).await else { return };
    let ann = account_with_mail(&s, &smtp, "Ann").await;
    account_with_mail(&s, &smtp, "bo").await;
    s.account("cy").await;
    smtp.clear();
    let game = s
        .create(
            &ann,
            json!({"game": "scg", "private": true, "seats": [{"account": "me"}, {"account": "bo"}, {"account": "cy"}]}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    arbiter_server::send_due(&s.state).await;
    let mails = smtp.received();
    assert_eq!(mails.len(), 1, "cy has no address: {mails:?}");
    assert_eq!(mails[0].to, "bo@example.org");
    assert!(mails[0].data.contains("Subject: Arbiter: Ann invites you to play Single Capture Go"), "{}", mails[0].data);
    assert!(mails[0].data.contains("a private game of Single Capture Go, in seat B"), "{}", mails[0].data);
    assert!(mails[0].data.contains(&format!("https://arbiter.example/games/{id}")), "{}", mails[0].data);
    let code = game["invite"].as_str().unwrap();
    assert!(!mails[0].data.contains(code), "the invited player needs no code, and the mail holds none");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_is_mailed_on_sqlite() {
    an_invitation_is_mailed(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_is_mailed_on_postgres() {
    an_invitation_is_mailed(Db::Postgres).await;
}
