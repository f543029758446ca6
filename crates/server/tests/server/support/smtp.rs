//! A small SMTP server on loopback that keeps every mail it receives,
//! and the accounts with a verified address the mail tests start from.

use std::sync::Arc;

use arbiter_server::{Mailer, Settings};
pub use arbiter_testkit::{Received, SmtpListener};
use reqwest::{Method, StatusCode};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use super::{Db, TestServer};

/// The verification link's token in the mail to `to`.
pub fn link_token(mails: &[Received], to: &str) -> String {
    arbiter_testkit::verification_token(mails, to).expect("a verification link")
}

/// A server that mails through `smtp`, with the settings of
/// [`relaxed`](super::relaxed).
pub async fn server_with_mail(db: Db, smtp: &SmtpListener) -> Option<TestServer> {
    server_with_mail_set(db, smtp, super::relaxed()).await
}

/// A server that mails through `smtp`, with `settings`.
pub async fn server_with_mail_set(db: Db, smtp: &SmtpListener, settings: Settings) -> Option<TestServer> {
    let url = smtp.start().await;
    TestServer::start_set(db, settings, |state| {
        state.mailer =
            Some(Arc::new(Mailer::new(&url, "Arbiter <arbiter@localhost>", "https://arbiter.example").unwrap()));
    })
    .await
}

/// An account whose address is verified by following the link mailed to
/// it.
pub async fn account_with_mail(s: &TestServer, smtp: &SmtpListener, name: &str) -> String {
    let token = s.account(name).await;
    let address = format!("{name}@example.org");
    let (status, me) = s.call(Method::PATCH, "/api/me", Some(&token), Some(json!({"email": address}))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["email_verified"], false);
    arbiter_server::send_due(&s.state).await;
    let link = link_token(&smtp.received(), &address);
    let (status, me) = s.post("/api/me/email/verify", None, json!({"token": link})).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["email_verified"], true);
    token
}

/// The mail-in address of the servers [`server_with_mail_in`] starts.
pub const MAIL_IN: &str = "play@games.example";

/// A server that mails through `smtp` and takes moves by mail at
/// [`MAIL_IN`], with an LMTP listener on loopback; its address.
pub async fn server_with_mail_in(db: Db, smtp: &SmtpListener) -> Option<(TestServer, std::net::SocketAddr)> {
    let url = smtp.start().await;
    let s = TestServer::start_with(db, |state| {
        let mailer = Mailer::new(&url, "Arbiter <arbiter@localhost>", "https://arbiter.example")
            .unwrap()
            .taking_moves_at(MAIL_IN.parse().unwrap());
        state.mailer = Some(Arc::new(mailer));
    })
    .await?;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let lmtp = listener.local_addr().unwrap();
    tokio::spawn(arbiter_server::mail_in::lmtp::serve(listener, s.state.clone(), MAIL_IN.parse().unwrap()));
    Some((s, lmtp))
}

/// The `Reply-To` address of a mail as received, its folding undone.
pub fn reply_to(mail: &Received) -> Option<String> {
    let headers = mail.data.split("\n\n").next().unwrap_or_default().replace("\n ", " ").replace("\n\t", " ");
    let line = headers.lines().find(|l| l.to_ascii_lowercase().starts_with("reply-to:"))?;
    let value = line["reply-to:".len()..].trim();
    Some(match (value.find('<'), value.find('>')) {
        (Some(a), Some(b)) if a < b => value[a + 1..b].to_string(),
        _ => value.to_string(),
    })
}

/// A mail's text, its quoted-printable soft line breaks and `=3D` undone.
pub fn text_of(mail: &Received) -> String {
    mail.data.replace("=\n", "").replace("=3D", "=").replace("=20", " ")
}

/// Delivers `message` from `from` to `recipients` over LMTP at `lmtp`:
/// the server's answer to each `RCPT`, then to the message for each
/// recipient accepted.
pub async fn deliver(lmtp: std::net::SocketAddr, from: &str, recipients: &[&str], message: &str) -> Vec<String> {
    let socket = tokio::net::TcpStream::connect(lmtp).await.unwrap();
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    async fn answer(lines: &mut tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>) -> String {
        let mut all = String::new();
        loop {
            let line = lines.next_line().await.unwrap().expect("an answer");
            let last = line.as_bytes().get(3) != Some(&b'-');
            all.push_str(&line);
            if last {
                return all;
            }
            all.push('\n');
        }
    }
    assert!(answer(&mut lines).await.starts_with("220"));
    write.write_all(b"LHLO test.example\r\n").await.unwrap();
    assert!(answer(&mut lines).await.starts_with("250"));
    write.write_all(format!("MAIL FROM:<{from}>\r\n").as_bytes()).await.unwrap();
    assert!(answer(&mut lines).await.starts_with("250"));
    let mut answers = Vec::new();
    let mut accepted = 0;
    for to in recipients {
        write.write_all(format!("RCPT TO:<{to}>\r\n").as_bytes()).await.unwrap();
        let a = answer(&mut lines).await;
        accepted += usize::from(a.starts_with("250"));
        answers.push(a);
    }
    if accepted > 0 {
        write.write_all(b"DATA\r\n").await.unwrap();
        assert!(answer(&mut lines).await.starts_with("354"));
        for line in message.replace("\r\n", "\n").lines() {
            let stuffed = if line.starts_with('.') { format!(".{line}") } else { line.to_string() };
            write.write_all(format!("{stuffed}\r\n").as_bytes()).await.unwrap();
        }
        write.write_all(b".\r\n").await.unwrap();
        for _ in 0..accepted {
            answers.push(answer(&mut lines).await);
        }
    }
    write.write_all(b"QUIT\r\n").await.unwrap();
    answers
}

/// A plain reply from `from` to `to` whose first line is `first`, quoting
/// the mail it answers below.
pub fn reply(from: &str, to: &str, id: &str, first: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: Arbiter\r\nMessage-ID: <{id}@example.org>\r\n\
         Date: Wed, 25 Nov 2026 10:20:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         {first}\r\n\r\nOn Wed, 25 Nov 2026, Arbiter <{to}> wrote:\r\n> It is your move.\r\n"
    )
}
