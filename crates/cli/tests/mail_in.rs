//! `arbiter mail-in`, as a mail server's pipe transport runs it: a reply
//! on standard input, taken into a running server's SQLite database. The
//! server mails through a listener on loopback; the player replies to the
//! turn's mail; the exit status and output say what became of each mail:
//! played (0), taken before (0), not taken (77), not a mail (65).

mod support_server;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use arbiter_testkit::{Received, SmtpListener};
use serde_json::json;
use support_server::{Server, TestDatabase};

/// The reply-to address of the last mail to `to`, its folding undone.
fn reply_to(mails: &[Received], to: &str) -> String {
    let mail = mails.iter().rev().find(|m| m.to == to).expect("a mail");
    let headers = mail.data.split("\n\n").next().unwrap().replace("\n ", " ");
    let line = headers.lines().find(|l| l.to_ascii_lowercase().starts_with("reply-to:")).expect("a Reply-To");
    let value = line["reply-to:".len()..].trim();
    match value.split_once('<') {
        Some((_, address)) => address.trim_end_matches('>').to_string(),
        None => value.to_string(),
    }
}

/// Runs `arbiter mail-in` on `database` with `mail` on its standard
/// input: its exit status and its standard output and error.
fn mail_in(database: &str, smtp: &str, mail: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["mail-in", "--database", database, "--mail-in-address", "play@games.example", "--smtp", smtp])
        .env_remove("ARBITER_DATABASE")
        .env("ARBITER_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(mail.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), text)
}

fn reply(from: &str, to: &str, id: &str, first: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: <{id}@example.org>\r\n\r\n{first}\r\n\r\n> It is your move.\r\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_through_the_pipe_plays_its_move() {
    let smtp = SmtpListener::default();
    let url = smtp.start().await;
    let db = TestDatabase::sqlite();
    let server = Server::start_with(
        &db.url,
        &["--smtp", &url, "--mail-in-address", "play@games.example", "--public-url", "https://arbiter.example"],
    )
    .await;
    let mut tokens = Vec::new();
    for name in ["ann", "bo"] {
        let token = server.account(name).await;
        let (status, _) = server
            .call(
                reqwest::Method::PATCH,
                "/api/me",
                Some(&token),
                Some(json!({"email": format!("{name}@example.org")})),
            )
            .await;
        assert_eq!(status, reqwest::StatusCode::OK);
        tokens.push(token);
    }
    for name in ["ann", "bo"] {
        let to = format!("{name}@example.org");
        let mut link = None;
        for _ in 0..200 {
            link = arbiter_testkit::verification_token(&smtp.received(), &to);
            if link.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (status, me) = server.post("/api/me/email/verify", None, json!({"token": link.expect("a link")})).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{me}");
    }
    let game = server.create(&tokens[0], json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    server.post(&format!("/api/games/{id}/seats/r"), Some(&tokens[1]), json!(null)).await;
    let mut to = None;
    for _ in 0..200 {
        if smtp.received().iter().any(|m| m.to == "ann@example.org" && m.data.contains("your move")) {
            to = Some(reply_to(&smtp.received(), "ann@example.org"));
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let to = to.expect("ann's turn is mailed");
    let mv = server.view(&id, Some(&tokens[0])).await["legal"][0]["move"].as_str().unwrap().to_string();

    let (status, out) = mail_in(&db.url, &url, &reply("ann@example.org", &to, "p1", &mv));
    assert_eq!(status, 0, "{out}");
    assert!(out.contains(&format!("played: {mv} in {id}")), "{out}");
    server.wait_for_ply(&id, 1).await;
    assert!(
        smtp.received().iter().any(|m| m.to == "ann@example.org" && m.data.contains("is played")),
        "the pipe sent its answer before it ended"
    );

    let (status, out) = mail_in(&db.url, &url, &reply("ann@example.org", &to, "p1", &mv));
    assert_eq!((status, out.contains("taken before")), (0, true), "{out}");
    let (status, out) = mail_in(&db.url, &url, &reply("eve@example.org", &to, "p2", &mv));
    assert_eq!(status, 77, "{out}");
    assert!(out.contains("not the verified address"), "{out}");
    let (status, out) = mail_in(&db.url, &url, "no mail here\r\n");
    assert_eq!(status, 65, "{out}");
    assert_eq!(server.view(&id, None).await["ply"], 1);
}
