//! A small SMTP server on loopback that keeps every mail it receives:
//! the tests of the server and of the binary read what was mailed.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the SMTP listener received.
#[derive(Clone, Debug)]
pub struct Received {
    /// Its recipient (the last `RCPT TO`).
    pub to: String,
    /// Its message, headers and body, lines ended by `\n`.
    pub data: String,
}

/// The token of the newest address-verification link mailed to `to`
/// (its quoted-printable soft line breaks undone), if one was.
pub fn verification_token(mails: &[Received], to: &str) -> Option<String> {
    let mail = mails.iter().rev().find(|m| m.to == to && m.data.contains("verify your address"))?;
    let body = mail.data.replace("=\n", "").replace("=3D", "=");
    let start = body.find("/verify?token=")? + "/verify?token=".len();
    body.get(start..start + 64).map(str::to_string)
}

/// A small SMTP server on loopback: it answers each command as a mail
/// server does and keeps every message. While `refuse` is set it answers
/// `MAIL FROM` with a temporary failure.
#[derive(Clone, Default)]
pub struct SmtpListener {
    received: Arc<Mutex<Vec<Received>>>,
    /// While set, `MAIL FROM` is answered with a temporary failure.
    pub refuse: Arc<Mutex<bool>>,
}

impl SmtpListener {
    /// Listens on a free port of 127.0.0.1; its `smtp://` URL.
    pub async fn start(&self) -> String {
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

    /// Every mail received so far.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Forgets the mail received so far.
    pub fn clear(&self) {
        self.received.lock().unwrap().clear();
    }
}
