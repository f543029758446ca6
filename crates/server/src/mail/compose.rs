//! What a change tells the players by mail, and the mails themselves.

use arbiter_play::Timestamp;
use arbiter_store::{AccountId, NewMail, SeatHolder};

use crate::state::AppState;
use crate::table::{Made, Table};

/// The game's name as people read it.
fn game_name(table: &Table) -> &'static str {
    table.stored.record.game.info().name
}

/// The mails the change `made`, which made `after`, calls for, to be
/// queued with the change itself: every player when the game ends or a
/// round closes, the person whose turn it now is when a move was played
/// or a seat taken; only to accounts with an address that want mail.
/// None if the server sends no mail.
pub async fn for_change(state: &AppState, made: &Made, after: &Table, now: Timestamp) -> Vec<NewMail> {
    let Some(mailer) = &state.mailer else { return Vec::new() };
    let link = format!("{}/games/{}", mailer.public_url.trim_end_matches('/'), after.stored.key);
    let name = game_name(after);
    // (account, subject, body, whether replies to it are moves)
    let mut mails: Vec<(AccountId, String, String, bool)> = Vec::new();
    let humans: Vec<(arbiter_core::Seat, AccountId)> = after
        .stored
        .seats
        .iter()
        .filter_map(|s| match s.holder {
            SeatHolder::Account(a) => Some((arbiter_core::Seat(s.seat), a)),
            _ => None,
        })
        .collect();
    if made.from == 0 {
        let by = after.creator_name().unwrap_or_else(|| "A player".into());
        let private = if after.stored.invite.is_some() { "private " } else { "" };
        for seat in &after.stored.seats {
            if let SeatHolder::Invited { account, .. } = seat.holder {
                mails.push((
                    account,
                    format!("Arbiter: {by} invites you to play {name}"),
                    format!(
                        "{by} invites you to a {private}game of {name}, in seat {}.\n\n\
                         Take your seat, or decline: {link}\n",
                        after.label(arbiter_core::Seat(seat.seat))
                    ),
                    false,
                ));
            }
        }
    }
    if made.ended() {
        for &(seat, account) in &humans {
            let result = crate::notices::result_for(after, seat);
            mails.push((
                account,
                format!("Arbiter: your game of {name} is over"),
                format!("Your game of {name} is over: {result}.\n\nThe game and its record: {link}\n"),
                false,
            ));
        }
    } else if let Some((announcement, round)) = made.round_turned() {
        for &(_, account) in &humans {
            mails.push((
                account,
                format!("Arbiter: {name}, round {round} is open"),
                format!("{announcement}\nSend your play: {link}{}\n", by_mail(mailer)),
                true,
            ));
        }
    } else if made.events.iter().any(|e| matches!(e, arbiter_play::Event::SeatTaken { .. }))
        && after.state() == arbiter_store::GameState::Active
        && after.play.turn().is_none()
    {
        // A game of rounds has begun: its first round is open to all.
        let round = after.ply();
        let deadline =
            after.play.deadline().map(|d| format!(" Send your play by {}.", d.for_people())).unwrap_or_default();
        for &(seat, account) in &humans {
            mails.push((
                account,
                format!("Arbiter: {name}, round {round} is open"),
                format!(
                    "Your game of {name} has begun; you play {}. Round {round} is open.{deadline}\n\n{}\n\nSend your play: {link}\n{}",
                    after.label(seat),
                    after.position().diagram().trim_end(),
                    by_mail(mailer)
                ),
                true,
            ));
        }
    } else if made.turned()
        && after.state() == arbiter_store::GameState::Active
        && let Some(seat) = after.play.turn()
        && let Some(&(_, account)) = humans.iter().find(|(s, _)| *s == seat)
    {
        let last = after.moves().last().map(|m| format!(" The last move: {m}.")).unwrap_or_default();
        let deadline = after.play.deadline().map(|d| format!(" Move by {}.", d.for_people())).unwrap_or_default();
        mails.push((
            account,
            format!("Arbiter: your move in {name}"),
            format!(
                "It is your move ({}) in your game of {name}, after {} moves.{last}{deadline}\n\nPlay: {link}\n",
                after.label(seat),
                after.ply()
            ) + &by_mail(mailer),
            true,
        ));
    }
    let mut out = Vec::with_capacity(mails.len());
    let key = &after.stored.key;
    for (account, subject, body, moves) in mails {
        let reply_to = match moves {
            true => reply_address(state, account, key, after.ply()),
            false => None,
        };
        out.extend(addressed(state, account, subject, body, reply_to, now).await);
    }
    out
}

/// The mail for `account`, if it has a verified address and wants mail.
async fn addressed(
    state: &AppState,
    account: AccountId,
    subject: String,
    body: String,
    reply_to: Option<arbiter_store::ReplyTo>,
    now: Timestamp,
) -> Option<NewMail> {
    let found = match state.store.account(account).await {
        Ok(found) => found,
        Err(e) => {
            tracing::warn!(error = %e, "a mail's account was not read");
            return None;
        }
    };
    let account = found.filter(|a| a.notify_email)?;
    let to = account.mail_address()?.to_string();
    let body = format!("{body}\n-- \nArbiter. To receive no more mail, turn it off in your account (notify.email).\n");
    Some(NewMail { account: account.id, to, subject, body, reply_to, now })
}

/// Wakes the sender: mail was queued with a change.
pub fn wake(state: &AppState) {
    if let Some(mailer) = &state.mailer {
        mailer.wake.notify_one();
    }
}

/// What a mail whose replies are moves says of them, if they are.
fn by_mail(mailer: &crate::mailer::Mailer) -> String {
    match mailer.mail_in {
        Some(_) => "\nOr reply to this mail with your move alone on the first line (or \"resign\").\n".to_string(),
        None => String::new(),
    }
}

/// A `Reply-To` for a mail to `account` about `game` at `ply`, if the
/// server takes moves by mail: a new token naming the three, to be kept
/// (by its hash) with the mail.
pub fn reply_address(
    state: &AppState,
    account: AccountId,
    game: &arbiter_store::GameKey,
    ply: u64,
) -> Option<arbiter_store::ReplyTo> {
    let address = state.mailer.as_ref()?.mail_in.as_ref()?;
    let token = crate::mailer::new_token();
    Some(arbiter_store::ReplyTo {
        address: address.with_token(&token),
        token_hash: crate::auth::token_hash(&token).to_vec(),
        names: arbiter_store::MailToken { account, game: game.clone(), ply: u32::try_from(ply).ok()? },
    })
}

/// A mail about the tournament `tournament` for `account` (its link
/// added), if the server sends mail and the account has a verified
/// address and wants mail.
pub async fn for_tournament(
    state: &AppState,
    account: AccountId,
    tournament: i64,
    subject: String,
    body: &str,
    now: Timestamp,
) -> Option<NewMail> {
    let mailer = state.mailer.as_ref()?;
    let link = format!("{}/tournaments/{tournament}", mailer.public_url.trim_end_matches('/'));
    addressed(state, account, subject, format!("{body}\n\nThe tournament: {link}\n"), None, now).await
}
