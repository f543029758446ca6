//! Taking a mail move: whose it is (the token in its recipient and its
//! sender's verified address), whether it was taken before (its
//! `Message-ID`), then the move through the same path as any other, and
//! the answer by mail — only to the account's own verified address.

use std::sync::Arc;

use arbiter_api::MoveRequest;
use arbiter_play::Timestamp;
use arbiter_store::{Account, GameKey, MailToken, NewMail};

use super::reader::{Incoming, read};
use crate::auth::token_hash;
use crate::mailer::MailInAddress;
use crate::state::AppState;
use crate::table::Table;

/// The most mail moves one account may send in an hour; beyond, mails
/// are not taken (nor answered) until the hour has passed.
pub const MAIL_MOVES_AN_HOUR: i64 = 60;

/// The most legal moves a refusal lists.
const LEGAL_LISTED: usize = 120;

/// What became of a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The move was played; the sender is mailed the position (or, in
    /// a game of rounds, that their play is in).
    Played {
        /// The game.
        game: GameKey,
        /// The move as the mail gave it.
        mv: String,
    },
    /// A conditional line ("if e7-e6 then d2-d4") was stored; the sender
    /// is mailed their lines as now kept.
    LineSet {
        /// The game.
        game: GameKey,
        /// The line as the mail gave it.
        line: String,
    },
    /// The move was refused; the sender is mailed why, with the legal
    /// moves.
    Refused {
        /// The game.
        game: GameKey,
        /// Why.
        reason: String,
    },
    /// This mail (by its `Message-ID`) was taken before; nothing is done.
    Again,
    /// The mail is not taken and not answered: it is no account's mail
    /// move (unreadable, no token, an unknown token, a sender who is not
    /// the account's verified address, too many mails). The reason goes
    /// to the log and to the mail server.
    Rejected {
        /// Why.
        reason: String,
    },
}

/// The server failed at its own work (the database): the mail server
/// should deliver the mail again later.
#[derive(Debug, thiserror::Error)]
#[error("the mail was not taken: {0}; try again later")]
pub struct TryLater(String);

/// Takes one mail, `raw` as it arrived, sent to `envelope` (the
/// recipients the mail server names; the headers are read when it names
/// none).
pub async fn take(
    state: &AppState,
    address: &MailInAddress,
    raw: &[u8],
    envelope: &[String],
) -> Result<Taken, TryLater> {
    let taken = take_inner(state, address, raw, envelope).await;
    match &taken {
        Ok(Taken::Played { game, mv }) => tracing::info!(%game, mv, "a mail move was played"),
        Ok(Taken::LineSet { game, line }) => tracing::info!(%game, line, "a mail's conditional line was stored"),
        Ok(Taken::Refused { game, reason }) => tracing::info!(%game, reason, "a mail move was refused"),
        Ok(Taken::Again) => tracing::info!("a mail taken before came again; nothing done"),
        Ok(Taken::Rejected { reason }) => tracing::warn!(reason, "a mail was not taken"),
        Err(e) => tracing::warn!(error = %e, "a mail was not taken for now"),
    }
    taken
}

fn rejected(reason: impl Into<String>) -> Result<Taken, TryLater> {
    Ok(Taken::Rejected { reason: reason.into() })
}

fn later(e: impl std::fmt::Display) -> TryLater {
    TryLater(e.to_string())
}

async fn take_inner(
    state: &AppState,
    address: &MailInAddress,
    raw: &[u8],
    envelope: &[String],
) -> Result<Taken, TryLater> {
    let mail = match read(raw) {
        Ok(mail) => mail,
        Err(e) => return rejected(e.to_string()),
    };
    let named = if envelope.is_empty() { &mail.recipients } else { envelope };
    let Some(token) = named.iter().find_map(|r| address.token_in(r)) else {
        return rejected(format!("sent to no game's address ({address} with a token)"));
    };
    let Some(found) = state.store.mail_token(&token_hash(&token)).await.map_err(later)? else {
        return rejected(format!("from {}: the token '{token}' names no game (unknown or expired)", mail.from));
    };
    let Some(account) = state.store.account(found.account).await.map_err(later)? else {
        return rejected("the token's account is gone");
    };
    if account.mail_address().map(str::to_ascii_lowercase).as_deref() != Some(mail.from.as_str()) {
        return rejected(format!("from {}: not the verified address of the account the token names", mail.from));
    }
    if account.disabled.is_some() {
        return rejected(format!("from {}: the account is disabled", mail.from));
    }
    let now = state.clock.now();
    let recent = state.store.mail_in_count(account.id, now.after(-3600)).await.map_err(later)?;
    if recent >= MAIL_MOVES_AN_HOUR {
        return rejected(format!("from {}: {recent} mails in the last hour, as many as one may send", mail.from));
    }
    if !state
        .store
        .claim_mail_in(&mail.message_id, Some(account.id), Some(&found.game), "taking", now)
        .await
        .map_err(later)?
    {
        return Ok(Taken::Again);
    }
    let taken = play(state, &account, &found, &mail, now).await;
    let outcome = match &taken {
        Ok(Taken::Played { mv, .. }) => format!("played {mv}"),
        Ok(Taken::LineSet { line, .. }) => format!("line stored: {line}"),
        Ok(Taken::Refused { reason, .. }) => format!("refused: {reason}"),
        Ok(other) => format!("{other:?}"),
        Err(e) => {
            // Not taken after all: the mail server delivers it again.
            let _ = state.store.release_mail_in(&mail.message_id).await;
            return Err(TryLater(e.to_string()));
        }
    };
    if let Err(e) = state.store.mail_in_outcome(&mail.message_id, &outcome).await {
        tracing::warn!(error = %e, "a mail move's outcome was not stored");
    }
    taken
}

/// Plays the mail's move (or resigns) for `account` in the token's game,
/// and queues the answer.
async fn play(
    state: &AppState,
    account: &Account,
    token: &MailToken,
    mail: &Incoming,
    now: Timestamp,
) -> Result<Taken, TryLater> {
    let game = token.game.clone();
    let Some(text) = mail.first_line.clone() else {
        let reason = "the mail has no move: write it alone on the first line of your reply".to_string();
        return refuse(state, account, &game, mail, reason, now).await;
    };
    let table = match crate::change::load(state, &game).await {
        Ok(table) => table,
        Err(e) if e.code == arbiter_api::ErrorCode::Internal => return Err(TryLater(e.message)),
        Err(e) => return refuse(state, account, &game, mail, e.message, now).await,
    };
    if table.is_over() {
        let result = table.play.status().describe(|s| table.label(s));
        return refuse(state, account, &game, mail, format!("the game is over: {result}"), now).await;
    }
    if let Some(line) = crate::verbs::conditionals::line_in_words(&text) {
        return set_line(state, account, token, mail, (text, line), now).await;
    }
    let done = if text.eq_ignore_ascii_case("resign") || text.eq_ignore_ascii_case("resign.") {
        crate::verbs::finish::resign(state, &game, account.id).await
    } else {
        let request = MoveRequest { mv: text.clone(), ply: u64::from(token.ply) };
        crate::verbs::moves::make_move(state, &game, account.id, request).await
    };
    match done {
        Ok(after) => {
            let (subject, body) = played(&after, account, &text);
            queue_answer(state, account, &game, &after, mail, subject, body, now).await?;
            Ok(Taken::Played { game, mv: text })
        }
        Err(e) if e.code == arbiter_api::ErrorCode::Internal => Err(TryLater(e.message)),
        Err(e) => refuse(state, account, &game, mail, e.message, now).await,
    }
}

/// Stores the mail's conditional line `line` (`.0` as written, `.1` its
/// moves) for `account` in the token's game, at the token's ply, and
/// answers with the lines now kept, or why it was not stored.
async fn set_line(
    state: &AppState,
    account: &Account,
    token: &MailToken,
    mail: &Incoming,
    (text, line): (String, Vec<String>),
    now: Timestamp,
) -> Result<Taken, TryLater> {
    let game = token.game.clone();
    let ply = Some(u64::from(token.ply));
    let stored = crate::verbs::conditionals::add_line(state, &game, account.id, line, ply).await;
    let table = match crate::change::load(state, &game).await {
        Ok(table) => table,
        Err(e) => return Err(TryLater(e.message)),
    };
    let name = table.stored.record.game.info().name;
    match stored {
        Ok(lines) => {
            let listed: Vec<String> =
                lines.iter().enumerate().map(|(i, line)| format!("  {}. {}", i + 1, line_words(line))).collect();
            let body = format!(
                "Your conditional line \"{text}\" is stored in your game of {name}.\n\n\
                 Your lines in this game now:\n{}\n\n\
                 When your opponent plays the first move of a line, your reply is played at once; \
                 a move no line foresaw clears them all.\n",
                listed.join("\n")
            );
            let subject = format!("Arbiter: your conditional line in {name} is stored");
            queue_answer(state, account, &game, &table, mail, subject, body, now).await?;
            Ok(Taken::LineSet { game, line: text })
        }
        Err(e) if e.code == arbiter_api::ErrorCode::Internal => Err(TryLater(e.message)),
        Err(e) => {
            let body = format!(
                "Your conditional line \"{text}\" was not stored: {}.\n\n\
                 Write a line alone on the first line of your reply, your opponent's move first: \
                 \"if e7-e6 then d2-d4\".\n",
                e.message
            );
            let subject = format!("Arbiter: your conditional line in {name} was not stored");
            queue_answer(state, account, &game, &table, mail, subject, body, now).await?;
            Ok(Taken::Refused { game, reason: e.message })
        }
    }
}

/// A line in words, as a mail writes it: "if X then Y, then if Z then W"
/// (a line set on one's own turn begins with one's own move: "after X").
fn line_words(line: &[String]) -> String {
    let mut words = Vec::new();
    let mut moves = line.iter();
    if !line.len().is_multiple_of(2)
        && let Some(first) = moves.next()
    {
        words.push(format!("after {first}"));
    }
    let rest: Vec<&String> = moves.collect();
    for pair in rest.chunks(2) {
        if let [theirs, mine] = pair {
            words.push(format!("if {theirs} then {mine}"));
        }
    }
    words.join(", then ")
}

/// The answer to a move played: the position (a turn-based game), or the
/// confirmation of the play that only its player sees (a game of rounds).
fn played(after: &Table, account: &Account, text: &str) -> (String, String) {
    let name = after.stored.record.game.info().name;
    let view = after.view(Some(account.id));
    if let Some(round) = &view.rounds
        && !after.is_over()
    {
        let subject = format!("Arbiter: your play in {name}, round {}", round.round);
        let mine = round.my_play.clone().unwrap_or_else(|| text.to_string());
        let body = format!(
            "Your play for round {} is in: {mine}.\n\nIt stays secret until the round closes; {} of the players' plays are in. \
             You may change it by replying again before the round closes.\n",
            round.round, round.plays_in
        );
        return (subject, body);
    }
    let status = after.play.status().describe(|s| after.label(s));
    let subject = if text.eq_ignore_ascii_case("resign") || text.eq_ignore_ascii_case("resign.") {
        format!("Arbiter: you resigned your game of {name}")
    } else {
        format!("Arbiter: your move {text} in {name} is played")
    };
    let mut body = format!(
        "Your move {text} is played in your game of {name}, after {} moves.\n\n{}\n\n{status}.\n",
        after.ply(),
        after.position().diagram().trim_end()
    );
    if !after.is_over() && matches!(after.play, arbiter_play::Match::Turns(_)) {
        body.push_str(
            "\nTo answer your opponent's next move ahead, reply with a conditional line alone on the first line: \
             \"if <their move> then <your reply>\".\n",
        );
    }
    (subject, body)
}

/// Refuses the mail's move with `reason`, mailing it to the account with
/// the legal moves, if it is theirs to move.
async fn refuse(
    state: &AppState,
    account: &Account,
    game: &GameKey,
    mail: &Incoming,
    reason: String,
    now: Timestamp,
) -> Result<Taken, TryLater> {
    let table = crate::change::load(state, game).await.ok();
    let mut body = format!("Your mail's move was not played: {reason}.\n");
    if let Some(line) = &mail.first_line {
        body = format!("Your mail's move \"{line}\" was not played: {reason}.\n");
    }
    if let Some(table) = &table {
        let view = table.view(Some(account.id));
        if let Some(legal) = view.legal.filter(|l| !l.is_empty()) {
            let listed: Vec<&str> = legal.iter().take(LEGAL_LISTED).map(|m| m.mv.as_str()).collect();
            let more = legal.len().saturating_sub(LEGAL_LISTED);
            body.push_str(&format!(
                "\nThe legal moves now ({} in all): {}{}\n",
                legal.len(),
                listed.join(" "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            ));
            body.push_str("\nReply with one of them alone on the first line, or \"resign\".\n");
        }
        let name = table.stored.record.game.info().name;
        let subject = format!("Arbiter: your mail move in {name} was not played");
        queue_answer(state, account, game, table, mail, subject, body, now).await?;
    }
    Ok(Taken::Refused { game: game.clone(), reason })
}

/// Queues the answer to `mail` for `account`, with a `Reply-To` for the
/// game as it now stands, and wakes the sender.
#[allow(clippy::too_many_arguments)]
async fn queue_answer(
    state: &AppState,
    account: &Account,
    game: &GameKey,
    table: &Arc<Table>,
    mail: &Incoming,
    subject: String,
    body: String,
    now: Timestamp,
) -> Result<(), TryLater> {
    let Some(to) = account.mail_address() else { return Ok(()) };
    let link = state
        .mailer
        .as_ref()
        .map(|m| format!("\nThe game: {}/games/{game}\n", m.public_url.trim_end_matches('/')))
        .unwrap_or_default();
    let reply_to =
        if table.is_over() { None } else { crate::mail::reply_address(state, account.id, game, table.ply()) };
    let answer = NewMail {
        account: account.id,
        to: to.to_string(),
        subject,
        body: format!("{body}{link}\n-- \nArbiter, answering your mail {}.\n", mail.message_id),
        reply_to,
        now,
    };
    state.store.queue_mail(&answer).await.map_err(later)?;
    crate::mail::wake(state);
    Ok(())
}
