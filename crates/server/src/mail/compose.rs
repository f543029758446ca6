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
    let mut mails: Vec<(AccountId, String, String)> = Vec::new();
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
                ));
            }
        }
    }
    if made.ended() {
        let status = after.play.status();
        let result = status.describe(|s| after.label(s));
        for &(_, account) in &humans {
            mails.push((
                account,
                format!("Arbiter: your game of {name} is over"),
                format!("Your game of {name} is over: {result}.\n\nThe game and its record: {link}\n"),
            ));
        }
    } else if let Some((announcement, round)) = made.round_turned() {
        for &(_, account) in &humans {
            mails.push((
                account,
                format!("Arbiter: {name}, round {round} is open"),
                format!("{announcement}\nSend your play: {link}\n"),
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
            ),
        ));
    }
    let mut out = Vec::with_capacity(mails.len());
    for (account, subject, body) in mails {
        out.extend(addressed(state, account, subject, body, now).await);
    }
    out
}

/// The mail for `account`, if it has a verified address and wants mail.
async fn addressed(
    state: &AppState,
    account: AccountId,
    subject: String,
    body: String,
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
    Some(NewMail { account: account.id, to, subject, body, now })
}

/// Wakes the sender: mail was queued with a change.
pub fn wake(state: &AppState) {
    if let Some(mailer) = &state.mailer {
        mailer.wake.notify_one();
    }
}
