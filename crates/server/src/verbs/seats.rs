//! Seats: taking one (an open seat, or one kept for the caller), the
//! people a new game's seats invite, a private game's invite code, and an
//! invited person declining.

use std::sync::Arc;

use arbiter_api::NewGame;
use arbiter_play::Occupant;
use arbiter_store::{Account, AccountId, GameKey, GameState, SeatHolder, StoredSeat};

use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{Invitee, Table, invited_names};

/// The most seats a game has: no more names are looked up.
const MOST_SEATS: usize = 12;

/// `account` takes the seat labelled `label` in the game `key` (`invite`:
/// the invite code, for a private game's open seat). The last open seat
/// taken starts the game and its clock.
pub async fn take_seat(
    state: &AppState,
    key: &GameKey,
    account: &Account,
    label: String,
    invite: Option<String>,
) -> Result<Arc<Table>, ApiError> {
    let me = account.clone();
    let (table, _) = change::change_game(state, key, move |table, now| {
        let seat = table
            .position()
            .seat_by_label(&label)
            .ok_or_else(|| ApiError::not_found(format!("'{label}': no such seat in this game")))?;
        if let Some(mine) = table.seats_of(me.id).first() {
            return Err(ApiError::conflict(format!("you already play seat {}", table.label(*mine))));
        }
        if table.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let private = table.stored.invite.clone();
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        match held {
            Some(StoredSeat { holder, bot, .. }) if holder.is_free() => {
                match holder {
                    SeatHolder::Invited { account, name } if *account != me.id => {
                        return Err(ApiError::forbidden(format!("seat {label} is kept for {name}, who was invited")));
                    }
                    SeatHolder::Open if private.is_some() && invite.as_deref() != private.as_deref() => {
                        return Err(ApiError::forbidden(
                            "this game is private: its open seats are taken with its invite link",
                        ));
                    }
                    _ => {}
                }
                *holder = SeatHolder::Account(me.id);
                *bot = me.bot;
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is already taken"))),
        }
        // The last open seat taken: the game starts now, its clock with it.
        let starts_at = (table.state() == GameState::Active).then_some(now);
        let events = table.play.take_seat(seat, Occupant::person(me.name.clone()), starts_at)?;
        Ok(Changed { events, seat_taken: Some((seat.0, me.id)), ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// `account` declines the seat labelled `label` kept for them in the game
/// `key`: the seat is open again.
pub async fn decline(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    label: String,
) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = table
            .position()
            .seat_by_label(&label)
            .ok_or_else(|| ApiError::not_found(format!("'{label}': no such seat in this game")))?;
        if table.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        match held.map(|s| &mut s.holder) {
            Some(holder @ SeatHolder::Invited { .. }) => {
                if !matches!(holder, SeatHolder::Invited { account: invited, .. } if *invited == account) {
                    return Err(ApiError::forbidden(format!("seat {label} is kept for someone else")));
                }
                *holder = SeatHolder::Open;
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is kept for nobody"))),
        }
        Ok(Changed {
            events: vec![arbiter_play::Event::SeatFreed { seat }],
            seat_declined: Some((seat.0, account)),
            ..Changed::default()
        })
    })
    .await?;
    Ok(table)
}

/// What a guest may not create: a game with open or invited seats, or a
/// private one (guests play the computer, and take others' open seats).
pub fn guest_may_create(new: &NewGame) -> Result<(), ApiError> {
    let others = new.seats.iter().any(|s| match s {
        arbiter_api::SeatSpec::Account { account } => account != "me",
        arbiter_api::SeatSpec::Open { .. } => true,
        arbiter_api::SeatSpec::Computer { .. } => false,
    });
    if others || new.private == Some(true) {
        return Err(ApiError::forbidden(
            "a guest plays the computer and takes open seats: sign up to invite players or open a game to others",
        ));
    }
    Ok(())
}

/// The people `new`'s seats invite, found by name; a name that no
/// account (or only a disabled one) has is refused naming it.
pub async fn find_invitees(state: &AppState, new: &NewGame) -> Result<Vec<Invitee>, ApiError> {
    if new.seats.len() > MOST_SEATS {
        return Err(ApiError::malformed(format!("'seats': a game has at most {MOST_SEATS} seats")));
    }
    let mut found = Vec::new();
    for asked in invited_names(new) {
        if asked.chars().count() > 64 {
            return Err(ApiError::malformed(format!("'{asked}': no player has this name")));
        }
        match state.store.account_by_name(asked).await? {
            Some((account, _)) if account.guest => {
                return Err(ApiError::malformed(format!("'{asked}' is a guest: guests are not invited")));
            }
            Some((account, _)) if account.disabled.is_none() => {
                found.push(Invitee { asked: asked.to_string(), account: account.id, name: account.name })
            }
            _ => return Err(ApiError::malformed(format!("'{asked}': no player has this name"))),
        }
    }
    Ok(found)
}

/// A new private game's invite code: 16 random letters and digits.
pub fn new_invite_code() -> String {
    crate::auth::new_token().chars().filter(char::is_ascii_alphanumeric).take(16).collect()
}
