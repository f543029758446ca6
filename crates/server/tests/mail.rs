//! Mail over a real SMTP conversation with a listener on loopback: a
//! player's turn, a round's announcement, the end of a game; the opt-out;
//! a failing mail server retried later without touching the game.

mod support;

use std::sync::{Arc, Mutex};

use arbiter_server::Mailer;
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Db, TestServer};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the SMTP listener received.
#[derive(Clone, Debug)]
struct Received {
    to: String,
    data: String,
}

/// A small SMTP server on loopback: it answers each command as a mail
/// server does and keeps every message. While `refuse` is set it answers
/// `MAIL FROM` with a temporary failure.
#[derive(Clone, Default)]
struct SmtpListener {
    received: Arc<Mutex<Vec<Received>>>,
    refuse: Arc<Mutex<bool>>,
}

impl SmtpListener {
    async fn start(&self) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let this = self.clone();
        tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else { return };
                let this = this.clone();
                tokio::spawn(async move { this.converse(socket).await });
            }
        });
        format!("smtp://127.0.0.1:{port}")
    }

    async fn converse(&self, socket: tokio::net::TcpStream) {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let _ = write.write_all(b"220 localhost ESMTP test\r\n").await;
        let mut to = String::new();
        while let Ok(Some(line)) = lines.next_line().await {
            let command = line.to_ascii_uppercase();
            let answer: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
                b"250-localhost\r\n250 8BITMIME\r\n"
            } else if command.starts_with("MAIL FROM") {
                if *self.refuse.lock().unwrap() { b"451 try again later\r\n" } else { b"250 ok\r\n" }
            } else if command.starts_with("RCPT TO") {
                to = line[8..].trim().trim_start_matches(':').trim().trim_matches(|c| c == '<' || c == '>').to_string();
                b"250 ok\r\n"
            } else if command.starts_with("DATA") {
                let _ = write.write_all(b"354 go on\r\n").await;
                let mut data = String::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    if line == "." {
                        break;
                    }
                    data.push_str(&line);
                    data.push('\n');
                }
                self.received.lock().unwrap().push(Received { to: to.clone(), data });
                b"250 queued\r\n"
            } else if command.starts_with("QUIT") {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            } else {
                b"250 ok\r\n"
            };
            if write.write_all(answer).await.is_err() {
                return;
            }
        }
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

async fn server_with_mail(db: Db, smtp: &SmtpListener) -> Option<TestServer> {
    let url = smtp.start().await;
    TestServer::start_with(db, |state| {
        state.mailer =
            Some(Arc::new(Mailer::new(&url, "Arbiter <arbiter@localhost>", "https://arbiter.example").unwrap()));
    })
    .await
}

async fn account_with_mail(s: &TestServer, name: &str) -> String {
    let token = s.account(name).await;
    let (status, _) =
        s.call(Method::PATCH, "/api/me", Some(&token), Some(json!({"email": format!("{name}@example.org")}))).await;
    assert_eq!(status, StatusCode::OK);
    token
}

async fn turns_rounds_and_results_are_mailed(db: Db) {
    let smtp = SmtpListener::default();
    let Some(s) = server_with_mail(db, &smtp).await else { return };
    let ann = account_with_mail(&s, "ann").await;
    let bo = account_with_mail(&s, "bo").await;
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
    let mv = view["legal"][0].as_str().unwrap().to_string();
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
    assert!(mails[2].data.contains("is over"), "{}", mails[2].data);

    // A round's announcement reaches every player.
    let scg = s.create(&ann, json!({"game": "scg", "seats": [{"account": "me"}, {"computer": 1}], "clock": {"round_hours": 24, "close_early": true}})).await;
    let scg_id = scg["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{scg_id}/moves"), Some(&ann), json!({"move": "c3", "ply": 1})).await;
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
    *smtp.refuse.lock().unwrap() = true;
    let s = server_with_mail(Db::Sqlite, &smtp).await.unwrap();
    let ann = account_with_mail(&s, "ann").await;
    let bo = account_with_mail(&s, "bo").await;
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
