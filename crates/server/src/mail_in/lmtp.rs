//! `arbiter serve --lmtp ADDR`: an LMTP listener (RFC 2033) for a local
//! mail server (Postfix's `lmtp:` transport) to deliver replies to.
//! Recipients that are not the mail-in address with a token are refused at
//! `RCPT`; each message gets one answer per recipient after `DATA`: taken
//! (played, refused and answered by mail, or known already), refused with
//! the reason (550), or to be delivered again later (451). Sessions,
//! lines, recipients, message size and idle time are bounded.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use super::reader::MAX_MAIL_BYTES;
use super::take::{Taken, take};
use crate::mailer::MailInAddress;
use crate::state::AppState;

/// Sessions served at once; more wait for one to end.
const SESSIONS: usize = 16;
/// The longest command line read (RFC 5321 allows 512 octets).
const MAX_COMMAND: usize = 1024;
/// The longest text line of a message read (RFC 5322 allows 998 octets
/// and a line break; some clients send longer lines, read but cut).
const MAX_TEXT_LINE: usize = 64 * 1024;
/// Recipients one message may have.
const MAX_RECIPIENTS: usize = 20;
/// How long a session may wait for its client's next line.
const IDLE: Duration = Duration::from_secs(120);

/// Serves LMTP on `listener` until the task is dropped, taking the mail
/// moves sent to `address`.
pub async fn serve(listener: TcpListener, state: AppState, address: MailInAddress) {
    let address = Arc::new(address);
    let sessions = Arc::new(Semaphore::new(SESSIONS));
    loop {
        let Ok(permit) = sessions.clone().acquire_owned().await else { return };
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!(error = %e, "an LMTP connection was not accepted");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let state = state.clone();
        let address = address.clone();
        tokio::spawn(async move {
            if let Err(e) = session(socket, &state, &address).await {
                tracing::info!(%peer, error = %e, "an LMTP session ended");
            }
            drop(permit);
        });
    }
}

/// One line read, or why none was.
enum Line {
    Text(Vec<u8>),
    TooLong,
    Closed,
}

/// Reads one line of at most `max` bytes (its line break included),
/// passing over the rest of a longer one.
async fn read_line<R: AsyncRead + Unpin>(reader: &mut BufReader<R>, max: usize) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let read = read_at_most(reader, max, &mut line).await?;
    if read == 0 {
        return Ok(Line::Closed);
    }
    if line.ends_with(b"\n") {
        return Ok(Line::Text(line));
    }
    if read < max {
        return Ok(Line::Closed);
    }
    // Too long: pass over the rest of it.
    loop {
        let mut rest = Vec::new();
        if read_at_most(reader, max, &mut rest).await? == 0 {
            return Ok(Line::Closed);
        }
        if rest.ends_with(b"\n") {
            return Ok(Line::TooLong);
        }
    }
}

/// Reads up to a line break, at most `max` bytes, into `into`, waiting at
/// most [`IDLE`] for them: how many bytes were read (0 at the end).
async fn read_at_most<R: AsyncRead + Unpin>(
    reader: &mut BufReader<R>,
    max: usize,
    into: &mut Vec<u8>,
) -> std::io::Result<usize> {
    tokio::time::timeout(IDLE, (&mut *reader).take(max as u64).read_until(b'\n', into))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "idle too long"))?
}

/// `text` as one line of a reply: printable ASCII, at most 400 bytes.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_graphic() || c == ' ' { c } else { '?' }).take(400).collect()
}

/// The address in `MAIL FROM:<…>` or `RCPT TO:<…>` after its verb.
fn path_in(argument: &str) -> Option<String> {
    let argument = argument.trim_start();
    let open = argument.find('<')?;
    let close = argument[open..].find('>')? + open;
    Some(argument[open + 1..close].to_string())
}

async fn session(socket: TcpStream, state: &AppState, address: &MailInAddress) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut reader = BufReader::new(read);
    write.write_all(b"220 arbiter LMTP ready\r\n").await?;
    let mut greeted = false;
    let mut sender: Option<String> = None;
    let mut recipients: Vec<String> = Vec::new();
    loop {
        let line = match read_line(&mut reader, MAX_COMMAND).await? {
            Line::Closed => return Ok(()),
            Line::TooLong => {
                write.write_all(b"500 5.5.2 line too long\r\n").await?;
                continue;
            }
            Line::Text(line) => line,
        };
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\r', '\n']);
        let (verb, argument) = line.split_once(' ').unwrap_or((line, ""));
        let verb = verb.to_ascii_uppercase();
        let upper = argument.to_ascii_uppercase();
        let answer: String = match verb.as_str() {
            "LHLO" => {
                greeted = true;
                sender = None;
                recipients.clear();
                format!(
                    "250-arbiter\r\n250-PIPELINING\r\n250-ENHANCEDSTATUSCODES\r\n250-8BITMIME\r\n250 SIZE {MAX_MAIL_BYTES}\r\n"
                )
            }
            "HELO" | "EHLO" => "500 5.5.1 this is LMTP: greet with LHLO\r\n".into(),
            "MAIL" if !greeted => "503 5.5.1 LHLO first\r\n".into(),
            "MAIL" if !upper.starts_with("FROM:") => "501 5.5.4 MAIL FROM:<address>\r\n".into(),
            "MAIL" => match path_in(&argument[5..]) {
                Some(from) => {
                    sender = Some(from);
                    recipients.clear();
                    "250 2.1.0 ok\r\n".into()
                }
                None => "501 5.5.4 MAIL FROM:<address>\r\n".into(),
            },
            "RCPT" if sender.is_none() => "503 5.5.1 MAIL first\r\n".into(),
            "RCPT" if !upper.starts_with("TO:") => "501 5.5.4 RCPT TO:<address>\r\n".into(),
            "RCPT" if recipients.len() >= MAX_RECIPIENTS => "452 4.5.3 too many recipients\r\n".into(),
            "RCPT" => match path_in(&argument[3..]) {
                Some(to) if address.token_in(&to).is_some() => {
                    recipients.push(to);
                    "250 2.1.5 ok\r\n".into()
                }
                Some(to) => {
                    tracing::warn!(to = %one_line(&to), "an LMTP recipient is not a game's address");
                    format!("550 5.1.1 <{}>: not a game's address ({address} with a token)\r\n", one_line(&to))
                }
                None => "501 5.5.4 RCPT TO:<address>\r\n".into(),
            },
            "DATA" if recipients.is_empty() => "503 5.5.1 RCPT first\r\n".into(),
            "DATA" => {
                write.write_all(b"354 go on; end with <CRLF>.<CRLF>\r\n").await?;
                let Some(message) = read_message(&mut reader).await? else { return Ok(()) };
                let mut answers = String::new();
                for recipient in recipients.drain(..) {
                    let answer = match &message {
                        None => format!("552 5.3.4 the message is over {MAX_MAIL_BYTES} bytes\r\n"),
                        Some(raw) => answer_for(take(state, address, raw, std::slice::from_ref(&recipient)).await),
                    };
                    answers.push_str(&answer);
                }
                sender = None;
                answers
            }
            "RSET" => {
                sender = None;
                recipients.clear();
                "250 2.0.0 ok\r\n".into()
            }
            "NOOP" => "250 2.0.0 ok\r\n".into(),
            "VRFY" => "252 2.5.0 cannot verify\r\n".into(),
            "QUIT" => {
                write.write_all(b"221 2.0.0 bye\r\n").await?;
                return Ok(());
            }
            _ => "502 5.5.2 unknown command\r\n".into(),
        };
        write.write_all(answer.as_bytes()).await?;
    }
}

/// The reply line for one recipient of a message.
fn answer_for(taken: Result<Taken, super::take::TryLater>) -> String {
    match taken {
        Ok(Taken::Played { mv, .. }) => format!("250 2.0.0 taken: {} played\r\n", one_line(&mv)),
        Ok(Taken::LineSet { line, .. }) => format!("250 2.0.0 taken: line stored ({})\r\n", one_line(&line)),
        Ok(Taken::Refused { reason, .. }) => {
            format!("250 2.0.0 taken: refused ({}), answered by mail\r\n", one_line(&reason))
        }
        Ok(Taken::Again) => "250 2.0.0 taken before\r\n".into(),
        Ok(Taken::Rejected { reason }) => format!("550 5.7.1 {}\r\n", one_line(&reason)),
        Err(e) => format!("451 4.3.0 {}\r\n", one_line(&e.to_string())),
    }
}

/// Reads a message's lines up to the lone `.`, undoing dot-stuffing:
/// `Some(None)` if it was too long (read to its end, not kept), `None` if
/// the client went away.
async fn read_message<R: AsyncRead + Unpin>(reader: &mut BufReader<R>) -> std::io::Result<Option<Option<Vec<u8>>>> {
    let mut message = Vec::new();
    let mut too_long = false;
    loop {
        let line = match read_line(reader, MAX_TEXT_LINE).await? {
            Line::Closed => return Ok(None),
            Line::TooLong => {
                too_long = true;
                continue;
            }
            Line::Text(line) => line,
        };
        if line == b".\r\n" || line == b".\n" {
            return Ok(Some((!too_long).then_some(message)));
        }
        let line = if line.starts_with(b"..") { &line[1..] } else { &line[..] };
        if message.len() + line.len() > MAX_MAIL_BYTES {
            too_long = true;
            message.clear();
        }
        if !too_long {
            message.extend_from_slice(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_from_their_angle_brackets() {
        assert_eq!(path_in(":<ann@example.org> SIZE=100").as_deref(), Some("ann@example.org"));
        assert_eq!(path_in(":<>").as_deref(), Some(""));
        assert_eq!(path_in(":ann@example.org"), None);
        assert_eq!(path_in(""), None);
    }

    #[test]
    fn reply_lines_stay_one_printable_line() {
        assert_eq!(one_line("a\r\nb\u{e9}"), "a??b?");
        assert_eq!(one_line(&"x".repeat(1000)).len(), 400);
    }

    #[tokio::test]
    async fn long_lines_are_passed_over_and_messages_undo_dot_stuffing() {
        let input: &[u8] = b"Subject: x\r\n\r\n..leading dot\r\n.\r\n";
        let mut reader = BufReader::new(input);
        let message = read_message(&mut reader).await.unwrap().unwrap().unwrap();
        assert_eq!(message, b"Subject: x\r\n\r\n.leading dot\r\n");
        let long = [vec![b'a'; MAX_COMMAND * 3], b"\r\nNOOP\r\n".to_vec()].concat();
        let mut reader = BufReader::new(&long[..]);
        assert!(matches!(read_line(&mut reader, MAX_COMMAND).await.unwrap(), Line::TooLong));
        assert!(matches!(read_line(&mut reader, MAX_COMMAND).await.unwrap(), Line::Text(l) if l == b"NOOP\r\n"));
    }
}
