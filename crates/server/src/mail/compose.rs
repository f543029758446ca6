//! What a change tells the players by mail, and the mails themselves.

use arbiter_play::Timestamp;
use arbiter_store::{AccountId, NewMail, SeatHolder};

use crate::state::AppState;
use crate::table::Table;

/// What a game was before a change: enough to tell what the change did.
#[derive(Clone, Copy, Debug)]
pub struct Snapshot {
    ply: u64,
    rounds_closed: usize,
    over: bool,
    to_move: Option<arbiter_core::Seat>,
    active: bool,
    open: bool,
}

impl Snapshot {
    /// A game that did not exist: nothing played, not started.
    pub fn none() -> Snapshot {
        Snapshot { ply: 0, rounds_closed: 0, over: false, to_move: None, active: false, open: false }
    }

    /// The game as it is now.
    pub fn of(table: &Table) -> Snapshot {
        Snapshot {
            ply: table.ply(),
            rounds_closed: rounds_closed(table),
            over: table.is_over(),
            to_move: table.to_move().first().copied().filter(|_| table.play.takes_turns()),
            active: table.state() == arbiter_store::GameState::Active,
            open: table.state() == arbiter_store::GameState::Open,
        }
    }

    /// Whether the lobby, which lists the open games, may show the game
    /// differently after it became `after`.
    pub fn lobby_changed(&self, after: &Table) -> bool {
        self.open || after.state() == arbiter_store::GameState::Open
    }
}

fn rounds_closed(table: &Table) -> usize {
    table.play.rounds().map_or(0, |r| r.closed_rounds().len())
}

/// The game's name as people read it.
fn game_name(table: &Table) -> &'static str {
    table.stored.record.game.info().name
}

/// The mails the change from `before` to `after` calls for, to be queued
/// with the change itself: to each person whose turn it now is, every
/// player when a round closes or the game ends; only to accounts with an
/// address that want mail. None if the server sends no mail.
pub async fn for_change(state: &AppState, before: Snapshot, after: &Table, now: Timestamp) -> Vec<NewMail> {
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
    if !before.over && after.is_over() {
        let status = after.play.status();
        let result = status.describe(|s| after.label(s));
        for &(_, account) in &humans {
            mails.push((
                account,
                format!("Arbiter: your game of {name} is over"),
                format!("Your game of {name} is over: {result}.\n\nThe game and its record: {link}\n"),
            ));
        }
    } else if let Some(rounds) = after.play.rounds() {
        let closed = rounds.closed_rounds();
        if closed.len() > before.rounds_closed {
            let announcement = closed.last().and_then(|c| c.announcement.clone()).unwrap_or_default();
            for &(_, account) in &humans {
                mails.push((
                    account,
                    format!("Arbiter: {name}, round {} is open", rounds.round()),
                    format!("{announcement}\nSend your play: {link}\n"),
                ));
            }
        }
    } else if after.play.takes_turns() {
        let to_move = after.to_move().first().copied();
        let turned = after.ply() != before.ply || !before.active || before.to_move != to_move;
        if after.state() == arbiter_store::GameState::Active
            && turned
            && let Some(&(seat, account)) = humans.iter().find(|(s, _)| Some(*s) == to_move)
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
