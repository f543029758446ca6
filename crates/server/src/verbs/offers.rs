//! Offers in a game: a takeback, a draw, a rematch. A player offers; the
//! other side accepts or declines; an offer lapses when a move is made
//! ([`crate::change`] drops it). Against the computer a takeback and a
//! rematch are granted at once. Which offers a game has comes from its
//! own description ([`crate::table::offer_refused`]).

use std::sync::Arc;

use arbiter_core::Seat;
use arbiter_store::{AccountId, GameKey, Offer, OfferKind, SeatHolder};

use super::create::rematch;
use super::seat_of;
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{Table, offer_refused};

/// Whether every seat of `table` but `seat` is the computer's.
fn against_computer(table: &Table, seat: Seat) -> bool {
    table.stored.seats.iter().filter(|s| s.seat != seat.0).all(|s| matches!(s.holder, SeatHolder::Computer(_)))
}

/// Refuses an offer of `kind` that `table` cannot take now: 422 where the
/// game's rules have no such thing, 409 where the moment is wrong.
fn check_offer(table: &Table, kind: OfferKind, seat: Seat) -> Result<(), ApiError> {
    if let Some(reason) = offer_refused(table.stored.record.game, kind) {
        return Err(ApiError::illegal(reason));
    }
    match kind {
        OfferKind::Takeback | OfferKind::Draw if table.is_over() => Err(ApiError::conflict("the game is over")),
        OfferKind::Takeback | OfferKind::Draw if table.state() != arbiter_store::GameState::Active => {
            Err(ApiError::conflict("the game has not begun: it waits for players"))
        }
        OfferKind::Takeback if table.play.clone().take_back(seat).is_none() => {
            Err(ApiError::conflict("you have made no move to take back"))
        }
        OfferKind::Draw if against_computer(table, seat) => {
            Err(ApiError::conflict("the computer plays on: it takes no draw offers"))
        }
        OfferKind::Rematch if !table.is_over() => Err(ApiError::conflict("a rematch is offered once the game is over")),
        OfferKind::Rematch if table.stored.rematch.is_some() => Err(ApiError::conflict(format!(
            "the rematch is made already: game {}",
            table.stored.rematch.as_ref().map_or("", |k| k.0.as_str())
        ))),
        _ => Ok(()),
    }
}

/// Grants a takeback or a draw offered by `by` in `table`: the change.
fn grant(table: &mut Table, kind: OfferKind, by: Seat) -> Result<Changed, ApiError> {
    let events = match kind {
        OfferKind::Takeback => {
            table.play.take_back(by).ok_or_else(|| ApiError::conflict("there is no move to take back"))?
        }
        OfferKind::Draw => table.play.agree_draw()?,
        OfferKind::Rematch => return Err(ApiError::conflict("a rematch is made by accepting it")),
    };
    table.stored.offers.retain(|o| o.kind != kind);
    Ok(Changed { events, ..Changed::default() })
}

/// The offer of `kind` standing by a seat other than `seat`.
fn offered_by_other(table: &Table, kind: OfferKind, seat: Seat) -> Option<Offer> {
    table.stored.offers.iter().copied().find(|o| o.kind == kind && o.by != seat.0)
}

/// `me` offers `kind` in the game `key`: the game with the offer standing,
/// or after it where it is granted at once (the other side offered it
/// too; a takeback or a rematch against the computer). A rematch made
/// answers the old game, naming the new one.
pub async fn offer(state: &AppState, key: &GameKey, me: AccountId, kind: OfferKind) -> Result<Arc<Table>, ApiError> {
    let table = change::load(state, key).await?;
    let seat = seat_of(&table, me)?;
    check_offer(&table, kind, seat)?;
    // A rematch the other side offered, or against the computer: made now.
    if kind == OfferKind::Rematch && (offered_by_other(&table, kind, seat).is_some() || against_computer(&table, seat))
    {
        return rematch(state, key, me).await;
    }
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = seat_of(table, me)?;
        check_offer(table, kind, seat)?;
        if let Some(theirs) = offered_by_other(table, kind, seat) {
            // Making the offer the other side made accepts it.
            return grant(table, kind, Seat(theirs.by));
        }
        if kind == OfferKind::Takeback && against_computer(table, seat) {
            return grant(table, kind, seat);
        }
        if table.stored.offers.iter().any(|o| o.kind == kind && o.by == seat.0) {
            return Err(ApiError::conflict(format!("you have offered a {kind} already")));
        }
        table.stored.offers.push(Offer { kind, by: seat.0, ply: table.ply() });
        let notices = crate::notices::for_offer(table, kind, seat);
        Ok(Changed { notices, ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// `me` accepts the offer of `kind` the other side made in the game
/// `key`: the game after it (a rematch: the old game, naming the new).
pub async fn accept(state: &AppState, key: &GameKey, me: AccountId, kind: OfferKind) -> Result<Arc<Table>, ApiError> {
    let none_stands = move || ApiError::conflict(format!("no {kind} is offered to you in this game"));
    if kind == OfferKind::Rematch {
        let table = change::load(state, key).await?;
        let seat = seat_of(&table, me)?;
        offered_by_other(&table, kind, seat).ok_or_else(none_stands)?;
        check_offer(&table, kind, seat)?;
        return rematch(state, key, me).await;
    }
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = seat_of(table, me)?;
        let theirs = offered_by_other(table, kind, seat).ok_or_else(none_stands)?;
        grant(table, kind, Seat(theirs.by))
    })
    .await?;
    Ok(table)
}

/// `me` declines the offer of `kind` in the game `key` (or withdraws
/// their own): the game with the offer gone.
pub async fn decline(state: &AppState, key: &GameKey, me: AccountId, kind: OfferKind) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        seat_of(table, me)?;
        let before = table.stored.offers.len();
        table.stored.offers.retain(|o| o.kind != kind);
        if table.stored.offers.len() == before {
            return Err(ApiError::conflict(format!("no {kind} is offered in this game")));
        }
        Ok(Changed::default())
    })
    .await?;
    Ok(table)
}
