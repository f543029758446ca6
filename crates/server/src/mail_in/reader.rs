//! Reading a mail move: the message (RFC 5322, MIME, quoted-printable,
//! base64, HTML-only) is parsed by `mail-parser`; what Arbiter reads of it
//! is who sent it, to whom, its `Message-ID`, and the first line of the
//! sender's own text — above or below what it quotes, before any
//! signature.

use mail_parser::decoders::html::html_to_text;
use mail_parser::{HeaderValue, MessageParser, PartType};
use sha2::{Digest, Sha256};

/// The most bytes of a mail read; a longer one is refused.
pub const MAX_MAIL_BYTES: usize = 1 << 20;

/// The most characters of the first line kept (a move is far shorter).
const MAX_LINE_CHARS: usize = 200;

/// What Arbiter reads of a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    /// Its `Message-ID`, or for a mail without one a digest of its bytes,
    /// so that the same mail delivered twice is known.
    pub message_id: String,
    /// The sender's address (`From`), in lowercase.
    pub from: String,
    /// The addresses it was sent to, as its headers name them:
    /// `Delivered-To`, `X-Original-To`, `To`, `Cc`.
    pub recipients: Vec<String>,
    /// Its subject.
    pub subject: String,
    /// The first line of the sender's own text, trimmed, if it wrote any.
    pub first_line: Option<String>,
}

/// Why a mail could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Unreadable {
    /// Longer than [`MAX_MAIL_BYTES`].
    #[error("the mail is {0} bytes; at most {MAX_MAIL_BYTES} are read")]
    TooLong(usize),
    /// Not a mail.
    #[error("not a mail message (RFC 5322)")]
    NotAMail,
    /// No sender's address.
    #[error("the mail names no sender (From)")]
    NoSender,
}

/// Reads `raw`, one message as it arrived.
pub fn read(raw: &[u8]) -> Result<Incoming, Unreadable> {
    if raw.len() > MAX_MAIL_BYTES {
        return Err(Unreadable::TooLong(raw.len()));
    }
    let message = MessageParser::default().parse(raw).ok_or(Unreadable::NotAMail)?;
    if message.headers().is_empty() {
        return Err(Unreadable::NotAMail);
    }
    let from = message
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_ascii_lowercase())
        .filter(|a| a.contains('@'))
        .ok_or(Unreadable::NoSender)?;
    let message_id = match message.message_id() {
        Some(id) if !id.trim().is_empty() => id.trim().chars().take(250).collect(),
        _ => {
            let digest = Sha256::digest(raw);
            format!("sha256:{}", digest.iter().map(|b| format!("{b:02x}")).collect::<String>())
        }
    };
    let mut recipients = Vec::new();
    for name in ["Delivered-To", "X-Original-To"] {
        for value in message.header_values(name) {
            if let HeaderValue::Text(text) = value {
                recipients.push(text.trim().to_string());
            } else if let HeaderValue::Address(address) = value {
                recipients.extend(address.iter().filter_map(|a| a.address()).map(str::to_string));
            }
        }
    }
    for address in [message.to(), message.cc()].into_iter().flatten() {
        recipients.extend(address.iter().filter_map(|a| a.address()).map(str::to_string));
    }
    let subject = message.subject().unwrap_or_default().chars().take(250).collect();
    let first_line = match message.text_part(0).map(|part| &part.body) {
        Some(PartType::Html(html)) => first_own_line(&html_text(html)),
        _ => message.body_text(0).and_then(|text| first_own_line(&text)),
    };
    Ok(Incoming { message_id, from, recipients, subject, first_line })
}

/// The text of an HTML-only mail, as far as the sender wrote it: what
/// follows the first quote (`<blockquote>`, Gmail's `gmail_quote`,
/// Outlook's reply header) is left out, and every block (paragraph,
/// division, line break, list item) starts a line of its own.
fn html_text(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let cut = ["<blockquote", "class=\"gmail_quote", "id=\"divrplyfwdmsg", "id=\"appendonsend", "<hr"]
        .iter()
        .filter_map(|marker| lower.find(marker))
        .min()
        .map(|at| lower[..at].rfind('<').unwrap_or(at))
        .unwrap_or(html.len());
    let own = &html[..cut];
    let mut lined = String::with_capacity(own.len() + 64);
    let mut rest = own;
    while let Some(at) = rest.find('<') {
        lined.push_str(&rest[..at]);
        let tag = rest[at + 1..].trim_start_matches('/').to_ascii_lowercase();
        let name: String = tag.chars().take_while(char::is_ascii_alphanumeric).collect();
        if matches!(name.as_str(), "p" | "div" | "br" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "table")
        {
            lined.push_str("<br>");
        }
        lined.push('<');
        rest = &rest[at + 1..];
    }
    lined.push_str(rest);
    html_to_text(&lined)
}

/// The first line the sender wrote in `text`, a mail's text: quoted lines
/// (`>`) and the line that introduces them ("On …, … wrote:") are passed
/// over wherever they are; a signature (`-- `) or a quoted original that
/// is not marked with `>` (Outlook's "-----Original Message-----", its
/// line of underscores, its "From:/Sent:" block, "Begin forwarded
/// message:") ends the sender's text.
pub fn first_own_line(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut i = 0;
    while i < lines.len() {
        let line = clean(lines[i]);
        if ends_own_text(&lines, i) {
            return None;
        }
        if line.is_empty() || line.starts_with('>') {
            i += 1;
            continue;
        }
        if let Some(length) = attribution(&lines, i) {
            i += length;
            continue;
        }
        return Some(line.chars().take(MAX_LINE_CHARS).collect());
    }
    None
}

/// `line` without surrounding white space (no-break and zero-width
/// spaces too).
fn clean(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || matches!(c, '\u{200b}' | '\u{feff}' | '\u{a0}'))
}

/// Whether the line at `i` ends the sender's own text.
fn ends_own_text(lines: &[&str], i: usize) -> bool {
    let raw = lines[i];
    let line = clean(raw);
    if raw == "-- " || raw == "--" {
        return true;
    }
    let lower = line.to_ascii_lowercase();
    if lower.starts_with("-----original message-----")
        || lower.starts_with("----- original message -----")
        || lower.starts_with("begin forwarded message")
        || lower.starts_with("---------- forwarded message")
        || (line.len() >= 10 && line.chars().all(|c| c == '_'))
    {
        return true;
    }
    // Outlook's header block: "From: …" followed by "Sent:"/"Date:" lines.
    if lower.starts_with("from:") {
        let next: Vec<String> = lines[i + 1..].iter().take(4).map(|l| clean(l).to_ascii_lowercase()).collect();
        return next.iter().any(|l| l.starts_with("sent:") || l.starts_with("date:"));
    }
    false
}

/// Words that end the line introducing a quote, in the languages mail
/// clients write it in.
const WROTE: [&str; 8] = ["wrote:", "writes:", "écrit :", "écrit:", "schrieb:", "escribió:", "scritto:", "schreef:"];

/// If the line at `i` starts the line (or two or three lines, wrapped)
/// introducing a quote — "On Tue, …, Arbiter <…> wrote:" — how many lines
/// it takes.
fn attribution(lines: &[&str], i: usize) -> Option<usize> {
    let mut joined = String::new();
    for (taken, line) in lines[i..].iter().take(3).enumerate() {
        let line = clean(line);
        if line.is_empty() || line.starts_with('>') {
            return None;
        }
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(line);
        let lower = joined.to_lowercase();
        if WROTE.iter().any(|w| lower.ends_with(w)) {
            return Some(taken + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_above_a_quote() {
        let text = "e2-e4\n\nOn Wed, 25 Nov 2026 at 10:14, Arbiter <play+x@games.example> wrote:\n> It is your move\n";
        assert_eq!(first_own_line(text).as_deref(), Some("e2-e4"));
    }

    #[test]
    fn the_first_line_below_a_quote() {
        let text = "On Wed, Nov 25, 2026 at 10:14:00AM +0000, Arbiter wrote:\n> It is your move (B)\n> \n> Play: https://x\n\n  c3  \n\nthanks\n";
        assert_eq!(first_own_line(text).as_deref(), Some("c3"));
    }

    #[test]
    fn a_wrapped_attribution_is_passed_over() {
        let text = "On Wed, Nov 25, 2026 at 9:14 AM Arbiter <\nplay+abc@games.example> wrote:\n\n> quoted\n\nresign\n";
        assert_eq!(first_own_line(text).as_deref(), Some("resign"));
    }

    #[test]
    fn a_signature_or_an_unmarked_original_ends_the_text() {
        assert_eq!(first_own_line("\n-- \nAnn\nd4\n"), None);
        assert_eq!(first_own_line("\n\n-----Original Message-----\nFrom: Arbiter\nd4\n"), None);
        assert_eq!(first_own_line("From: Arbiter <a@b.example>\nSent: Wednesday\nTo: Ann\n"), None);
        assert_eq!(first_own_line("________________________________\nFrom: Arbiter\n"), None);
        assert_eq!(first_own_line(""), None);
        assert_eq!(first_own_line("> only a quote\n>\n"), None);
    }

    #[test]
    fn a_line_starting_with_from_is_a_move_when_no_header_block_follows() {
        assert_eq!(first_own_line("from: the left, b2-b3\n\nthanks").as_deref(), Some("from: the left, b2-b3"));
    }

    #[test]
    fn html_stops_at_its_quote_and_breaks_at_its_blocks() {
        let html =
            "<html><body><p>c3</p><p>good luck!</p><blockquote>On Wed, Arbiter wrote:<br>d4</blockquote></body></html>";
        let text = html_text(html);
        assert_eq!(first_own_line(&text).as_deref(), Some("c3"), "{text:?}");
        assert!(!text.contains("d4"), "{text:?}");
        let gmail =
            "<div dir=\"ltr\">resign</div><br><div class=\"gmail_quote\">On Wed wrote:<blockquote>x</blockquote></div>";
        assert_eq!(first_own_line(&html_text(gmail)).as_deref(), Some("resign"));
        assert_eq!(first_own_line(&html_text("<div>&nbsp;</div><div>e2&#45;e4</div>")).as_deref(), Some("e2-e4"));
    }

    #[test]
    fn white_space_of_every_kind_is_trimmed() {
        assert_eq!(first_own_line("\u{feff}\u{a0} d4 \u{200b}\r\n").as_deref(), Some("d4"));
    }
}
