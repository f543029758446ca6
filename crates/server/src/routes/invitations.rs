//! Invitations and private games: the people a new game's seats invite,
//! an invited person declining, a private game's invite code, and the
//! creator calling a game off before its first move
//! (`DELETE /api/games/{id}`).

use arbiter_api::{ErrorBody, GameView, NewGame};
use arbiter_store::{GameKey, SeatHolder};
use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::auth::SignedIn;
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{Invitee, invited_names};

/// The most seats a game has: no more names are looked up.
const MOST_SEATS: usize = 12;

/// What a guest may not create: a game with open or invited seats, or a
/// private one (guests play the computer, and take others' open seats).
pub(crate) fn guest_may_create(new: &NewGame) -> Result<(), ApiError> {
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
pub(crate) async fn find_invitees(state: &AppState, new: &NewGame) -> Result<Vec<Invitee>, ApiError> {
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
pub(crate) fn new_invite_code() -> String {
    crate::auth::new_token().chars().filter(char::is_ascii_alphanumeric).take(16).collect()
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/decline", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)")),
    responses((status = 200, description = "the seat is open again", body = GameView), (status = 401, body = ErrorBody),
        (status = 403, description = "the seat is not kept for the caller", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the seat is kept for nobody (taken, declined already), or the game is over", body = ErrorBody)))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let me = account.id;
    let (table, _) = change::change_game(&state, &GameKey(id), move |table, _now| {
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
                if !matches!(holder, SeatHolder::Invited { account, .. } if *account == me) {
                    return Err(ApiError::forbidden(format!("seat {label} is kept for someone else")));
                }
                *holder = SeatHolder::Open;
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is kept for nobody"))),
        }
        Ok(Changed {
            events: vec![arbiter_play::Event::SeatFreed { seat }],
            seat_declined: Some((seat.0, me)),
            ..Changed::default()
        })
    })
    .await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(delete, path = "/api/games/{id}", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 204, description = "the game is called off: over, nobody won, `status.state` `aborted`"),
        (status = 401, body = ErrorBody), (status = 403, description = "the caller did not create the game", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "something has been played already, or the game is over", body = ErrorBody)))]
pub(crate) async fn call_off(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(id) = path?;
    let me = account.id;
    change::change_game(&state, &GameKey(id), move |table, _now| {
        if table.stored.creator != Some(me) {
            return Err(ApiError::forbidden("only the player who created a game may call it off"));
        }
        if table.is_over() {
            return Err(ApiError::conflict("the game is over already"));
        }
        if table.has_begun() {
            return Err(ApiError::conflict(
                "the game has begun: a game is called off only before its first move; resign instead",
            ));
        }
        let events = table.play.abort()?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
