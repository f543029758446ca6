//! The personal channel's notices: what a change to a game tells its
//! players (their turn, a round opened, the game over, an invitation, an
//! offer), what a chat message tells the other players, and how many games
//! wait for a person's move. A notice never says what anyone played in a
//! round that is still open: it names the game, the
//! round and the people, nothing else.

use arbiter_core::{EndReason, GameStatus, Seat};
use arbiter_store::{AccountId, GameState, NewNotice, NoticeKind, OfferKind, SeatHolder};

use crate::state::AppState;
use crate::table::{Made, Table};

/// The game's name as people read it.
fn game_name(table: &Table) -> &'static str {
    table.stored.record.game.info().name
}

/// The people's seats of `table`: seat and account.
fn people(table: &Table) -> Vec<(Seat, AccountId)> {
    table
        .stored
        .seats
        .iter()
        .filter_map(|s| match s.holder {
            SeatHolder::Account(a) => Some((Seat(s.seat), a)),
            _ => None,
        })
        .collect()
}

/// The name of the player in `seat` of `table` as the change left it
/// (a seat just taken has its player's name), or "an open seat".
fn seat_name(table: &Table, seat: Seat) -> String {
    table.play.seats().get(seat.index()).and_then(|o| o.name.clone()).unwrap_or_else(|| "an open seat".into())
}

/// The names of the seats of `table` other than `seat`, for "against …".
fn others(table: &Table, seat: Option<Seat>) -> String {
    let names: Vec<String> = table
        .stored
        .seats
        .iter()
        .map(|s| Seat(s.seat))
        .filter(|&s| Some(s) != seat)
        .map(|s| seat_name(table, s))
        .collect();
    names.join(", ")
}

/// How the game ended, as the player in `seat` reads it: "you won by
/// resignation", "you lost by score", "a draw by repetition", "ann and cy
/// share the win by most letters".
pub(crate) fn result_for(table: &Table, seat: Seat) -> String {
    let GameStatus::Over(outcome) = table.play.status() else { return "it goes on".into() };
    let reason = outcome.reason.word().replace('-', " ");
    let winners = outcome.winners;
    if outcome.reason == EndReason::Aborted {
        "it was called off".into()
    } else if outcome.is_draw() {
        format!("a draw by {reason}")
    } else if winners.is_empty() {
        format!("it ended by {reason}")
    } else if winners.contains(seat) && winners.len() == 1 {
        format!("you won by {reason}")
    } else if winners.contains(seat) {
        format!("you share the win by {reason}")
    } else if table.stored.seats.len() == 2 {
        format!("you lost by {reason}")
    } else {
        let names: Vec<String> = winners.iter().map(|w| seat_name(table, w)).collect();
        let verb = if names.len() == 1 { "won" } else { "share the win" };
        format!("{} {verb} by {reason}", names.join(" and "))
    }
}

fn notice(table: &Table, account: AccountId, kind: NoticeKind, text: String) -> NewNotice {
    NewNotice { account, game: table.stored.key.clone(), kind, seat: None, text }
}

/// The notice that invites `account` to `seat` of `table`, from its
/// creator, with the seat to accept or decline.
pub fn invitation(table: &Table, account: AccountId, seat: Seat) -> NewNotice {
    let by = table.creator_name().unwrap_or_else(|| "A player".into());
    let mut invited =
        notice(table, account, NoticeKind::Invited, format!("{by} invites you to play {}", game_name(table)));
    invited.seat = Some(table.label(seat));
    invited
}

/// The notice that tells `creator` that `who` declined `seat` of `table`,
/// which now waits for them to invite someone else or open it.
pub fn declined(table: &Table, creator: AccountId, who: &str, seat: Seat) -> NewNotice {
    let text = format!(
        "{who} declined your invitation to play {} ({}): invite someone else, open the seat to anyone, or call the game off",
        game_name(table),
        table.position().seat_name(seat)
    );
    let mut told = notice(table, creator, NoticeKind::Declined, text);
    told.seat = Some(table.label(seat));
    told
}

/// The notices the change `made` (which made `after`) calls for: every
/// player when the game ends or a round opens, the person whose turn it
/// now is when a move was played or taken back or a seat taken (not in a
/// game against the computer alone, where the person is at the board),
/// and the people invited to a new game.
pub fn for_change(made: &Made, after: &Table) -> Vec<NewNotice> {
    let name = game_name(after);
    let humans = people(after);
    let mut out = Vec::new();
    if made.from == 0 {
        for seat in &after.stored.seats {
            if let SeatHolder::Invited { account, .. } = seat.holder {
                out.push(invitation(after, account, Seat(seat.seat)));
            }
        }
    }
    if made.ended() {
        for &(seat, account) in &humans {
            let (against, result) = (others(after, Some(seat)), result_for(after, seat));
            let text = format!("Your game of {name} against {against} is over: {result}");
            out.push(notice(after, account, NoticeKind::GameOver, text));
        }
    } else if let Some((_, round)) = made.round_turned() {
        let awaited = after.to_move();
        for &(_, account) in humans.iter().filter(|(s, _)| awaited.contains(s)) {
            let text = format!("{name}: round {round} is open; send your play");
            out.push(notice(after, account, NoticeKind::RoundOpen, text));
        }
    } else if made.turned()
        && after.state() == GameState::Active
        && humans.len() > 1
        && let Some(seat) = after.play.turn()
        && let Some(&(_, account)) = humans.iter().find(|(s, _)| *s == seat)
    {
        let text = format!("Your move in {name} against {}", others(after, Some(seat)));
        out.push(notice(after, account, NoticeKind::YourTurn, text));
    }
    out
}

/// The notices of an offer of `kind` by `by` in `table`: to every other
/// person of the game.
pub fn for_offer(table: &Table, kind: OfferKind, by: Seat) -> Vec<NewNotice> {
    let who = table.play.seats().get(by.index()).and_then(|o| o.name.clone()).unwrap_or_default();
    let name = game_name(table);
    let what = match kind {
        OfferKind::Takeback => "asks to take back a move",
        OfferKind::Draw => "offers a draw",
        OfferKind::Rematch => "offers a rematch",
    };
    people(table)
        .into_iter()
        .filter(|&(seat, _)| seat != by)
        .map(|(_, account)| notice(table, account, NoticeKind::Offer, format!("{who} {what} in {name}")))
        .collect()
}

/// The notices of a message `writer` (called `name`) wrote in the
/// players' room of `table`: to every other person of the game who has
/// not muted the writer (`muted_by` tells).
pub fn for_chat(table: &Table, writer: AccountId, name: &str, muted_by: &[AccountId]) -> Vec<NewNotice> {
    let game = game_name(table);
    people(table)
        .into_iter()
        .filter(|&(_, account)| account != writer && !muted_by.contains(&account))
        .map(|(_, account)| notice(table, account, NoticeKind::Chat, format!("{name} wrote in your game of {game}")))
        .collect()
}

/// Tells this server's personal channels of `accounts` to look again.
pub fn poke(state: &AppState, accounts: impl IntoIterator<Item = AccountId>) {
    for account in accounts {
        state.personal.publish(&account, crate::topics::Poke::Look);
    }
}

/// Whether `notice` is kept in the store: a "your move" notice is not
/// (it is sent live, see [`tell_turns`]; the count of games awaiting the
/// person comes from the games themselves).
pub fn is_kept(notice: &NewNotice) -> bool {
    notice.kind != NoticeKind::YourTurn
}

/// Sends `turns`, "your move" notices kept nowhere, to their people's
/// personal channels on this server, as made at `now` (numbered 0: no
/// kept notice has that number).
pub fn tell_turns(state: &AppState, turns: Vec<NewNotice>, now: arbiter_play::Timestamp) {
    for notice in turns {
        let view = arbiter_api::NoticeView {
            id: 0,
            kind: notice.kind.as_str().to_string(),
            game: Some(notice.game.0),
            tournament: None,
            seat: notice.seat,
            text: notice.text,
            at: now.rfc3339(),
        };
        state.personal.publish(&notice.account, crate::topics::Poke::Turn(std::sync::Arc::new(view)));
    }
}

/// Tells the personal channels of everyone with a seat in `table` on this
/// server to look again (their notices, their count).
pub fn poke_players(state: &AppState, table: &Table) {
    poke(state, people(table).into_iter().map(|(_, a)| a));
}

/// How many of `account`'s games wait for its move: its turn, or an open
/// round without its play (one query: every change
/// stores the seats its game awaits).
pub async fn your_turn(state: &AppState, account: AccountId) -> Result<u32, crate::error::ApiError> {
    Ok(state.store.games_awaiting(account).await?)
}
