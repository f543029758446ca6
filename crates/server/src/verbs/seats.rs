//! Seats: taking one (an open seat, or one kept for the caller), the
//! people a new game's seats invite, a private game's invite code, an
//! invited person declining, and the creator filling a declined seat anew
//! (inviting someone else, or opening it to anyone), and a player leaving
//! a seat before the game begins.

use std::sync::Arc;

use arbiter_api::NewGame;
use arbiter_play::Occupant;
use arbiter_store::{Account, AccountId, GameKey, GameState, SeatHolder, SeatRating, StoredSeat};

use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::notices;
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
    // The taker's rating in the game's pool (a game's pool never changes).
    let pool = change::load(state, key).await?.stored.record.rating_pool();
    let rating = state.store.rating_of(me.id, &pool).await?;
    let (rating_now, shown) = match &rating {
        Some(r) => {
            let glicko = r.at(state.clock.now());
            (glicko.rating, Some(SeatRating { rating: glicko.rating, deviation: r.glicko.deviation, change: None }))
        }
        None => (arbiter_store::RATING_SETTINGS.initial.rating, None),
    };
    let (table, _) = change::change_game(state, key, move |table, now| {
        // A private game is not there for whoever neither plays it, nor was
        // invited to it, nor brings its invite code.
        if !table.may_watch(Some(me.id), invite.as_deref()) {
            return Err(crate::change::no_such_game(&table.stored.key));
        }
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
        let free = table.stored.seats.iter().any(|s| s.seat == seat.0 && s.holder == SeatHolder::Open);
        if free {
            crate::ratings::terms::may_take_seat(&table.stored.record, &me, rating_now)?;
        }
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        match held {
            Some(StoredSeat { holder, bot, rating, .. }) if holder.is_free() => {
                match holder {
                    SeatHolder::Invited { account, name } if *account != me.id => {
                        return Err(ApiError::forbidden(format!("seat {label} is kept for {name}, who was invited")));
                    }
                    SeatHolder::Declined { name, .. } => {
                        return Err(ApiError::forbidden(format!(
                            "seat {label} waits for the game's creator: {name} declined it"
                        )));
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
                *rating = shown;
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
/// `key`: the seat stays kept, empty, for the creator (who is told) to
/// invite someone else, open it, or call the game off.
pub async fn decline(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    label: String,
) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        super::seen_by(table, account)?;
        let seat = table
            .position()
            .seat_by_label(&label)
            .ok_or_else(|| ApiError::not_found(format!("'{label}': no such seat in this game")))?;
        if table.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        let Some(holder) = held.map(|s| &mut s.holder) else {
            return Err(ApiError::conflict(format!("seat {label} is kept for nobody")));
        };
        let who = match holder {
            SeatHolder::Invited { account: invited, name } if *invited == account => name.clone(),
            SeatHolder::Invited { .. } => {
                return Err(ApiError::forbidden(format!("seat {label} is kept for someone else")));
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is kept for nobody"))),
        };
        *holder = SeatHolder::Declined { account, name: who.clone() };
        let told = table.stored.creator.map(|creator| notices::declined(table, creator, &who, seat));
        Ok(Changed {
            events: vec![arbiter_play::Event::SeatFreed { seat }],
            seat_declined: Some((seat.0, account)),
            notices: told.into_iter().collect(),
            ..Changed::default()
        })
    })
    .await?;
    Ok(table)
}

/// The creator `account` fills anew the seat labelled `label` of the game
/// `key`, held by nobody (declined, say): kept for the player named
/// `invite` (who is told, and may accept or decline), or open to anyone
/// (`None`). Only before the game has begun.
pub async fn refill(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    label: String,
    invite: Option<String>,
) -> Result<Arc<Table>, ApiError> {
    let invitee = match invite {
        Some(name) => Some(find_invitee(state, &name).await?),
        None => None,
    };
    let (table, _) = change::change_game(state, key, move |table, _now| {
        super::seen_by(table, account)?;
        let seat = table
            .position()
            .seat_by_label(&label)
            .ok_or_else(|| ApiError::not_found(format!("'{label}': no such seat in this game")))?;
        if table.stored.creator != Some(account) {
            return Err(ApiError::forbidden("only the player who created a game invites to its seats or opens them"));
        }
        if table.state() != GameState::Open {
            return Err(ApiError::conflict("the game has begun (or is over): its seats are filled"));
        }
        if let Some(invitee) = &invitee {
            if let Some(mine) = table.seats_of(invitee.account).first() {
                return Err(ApiError::conflict(format!("{} plays seat {} already", invitee.name, table.label(*mine))));
            }
            let twice = |s: &StoredSeat| matches!(&s.holder, SeatHolder::Invited { account, .. } if *account == invitee.account);
            if table.stored.seats.iter().any(twice) {
                return Err(ApiError::conflict(format!("{} is invited to another seat of this game", invitee.name)));
            }
        }
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        match held.map(|s| &mut s.holder) {
            Some(holder) if holder.is_free() => {
                *holder = match &invitee {
                    Some(i) => SeatHolder::Invited { account: i.account, name: i.name.clone() },
                    None => SeatHolder::Open,
                };
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is taken"))),
        }
        let told = invitee.as_ref().map(|i| notices::invitation(table, i.account, seat));
        Ok(Changed {
            seat_refilled: Some((seat.0, invitee.as_ref().map(|i| i.account))),
            notices: told.into_iter().collect(),
            ..Changed::default()
        })
    })
    .await?;
    Ok(table)
}

/// `account` leaves the seat it holds in the game `key`, which has not
/// begun (a guest signing out): the seat is open to anyone again. The
/// game's creator does not leave their own game: they call it off.
pub async fn leave(state: &AppState, key: &GameKey, account: AccountId) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = super::seat_of(table, account)?;
        if table.stored.creator == Some(account) {
            return Err(ApiError::conflict("the game's creator calls it off rather than leave it"));
        }
        if table.state() != GameState::Open || table.has_begun() {
            return Err(ApiError::conflict("the game has begun: a seat is left only before it begins"));
        }
        let events = table.play.leave_seat(seat)?;
        if let Some(held) = table.stored.seats.iter_mut().find(|s| s.seat == seat.0) {
            held.holder = SeatHolder::Open;
            held.bot = false;
        }
        Ok(Changed { events, seat_left: Some((seat.0, account)), ..Changed::default() })
    })
    .await?;
    Ok(table)
}

/// The account named `asked`, to invite: refused naming it when no
/// account (or only a disabled one) has the name, or it is a guest's.
async fn find_invitee(state: &AppState, asked: &str) -> Result<Invitee, ApiError> {
    if asked.chars().count() > 64 {
        return Err(ApiError::malformed(format!("'{asked}': no player has this name")));
    }
    match state.store.account_by_name(asked).await? {
        Some((account, _)) if account.guest => {
            Err(ApiError::malformed(format!("'{asked}' is a guest: guests are not invited")))
        }
        Some((account, _)) if account.disabled.is_none() => {
            Ok(Invitee { asked: asked.to_string(), account: account.id, name: account.name })
        }
        _ => Err(ApiError::malformed(format!("'{asked}': no player has this name"))),
    }
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
        found.push(find_invitee(state, asked).await?);
    }
    Ok(found)
}

/// A new private game's invite code: 16 random letters and digits.
pub fn new_invite_code() -> String {
    crate::auth::new_token().chars().filter(char::is_ascii_alphanumeric).take(16).collect()
}
