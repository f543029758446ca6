//! Invitations: an invited person declining their seat, the creator
//! filling it anew (inviting someone else, or opening it to anyone), and
//! the creator calling a game off before its first move (`DELETE
//! /api/games/{id}`), through [`crate::verbs::seats`] and
//! [`crate::verbs::finish`].

use arbiter_api::{ErrorBody, GameView, SeatInvite};
use arbiter_store::GameKey;
use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;
use crate::verbs::{finish, seats};

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/decline", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)")),
    responses((status = 200, description = "the seat waits, empty, for the creator (told) to invite someone else or open it; nobody else may take it meanwhile", body = GameView), (status = 401, body = ErrorBody),
        (status = 403, description = "the seat is not kept for the caller", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the seat is kept for nobody (taken, declined already), or the game is over", body = ErrorBody)))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let table = seats::decline(&state, &GameKey(id), account.id, label).await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/invite", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)")),
    request_body = SeatInvite,
    responses((status = 200, description = "the seat is kept for the player invited, who is told", body = GameView),
        (status = 400, description = "no player (or a guest) has the name", body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller did not create the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the seat is taken, the player plays or is invited already, or the game has begun", body = ErrorBody),
        (status = 429, description = "the caller has invited (or created games for) enough players for now", body = ErrorBody)))]
pub(crate) async fn invite(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
    body: Result<Json<SeatInvite>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let Json(asked) = body?;
    check(&state.guards.games_per_account, &account.id, "you have invited enough players for now")?;
    let table = seats::refill(&state, &GameKey(id), account.id, label, Some(asked.account)).await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/open", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)")),
    responses((status = 200, description = "the seat is open: anyone signed in may take it (with the invite code, for a private game)", body = GameView),
        (status = 401, body = ErrorBody), (status = 403, description = "the caller did not create the game", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "the seat is taken, or the game has begun", body = ErrorBody)))]
pub(crate) async fn open(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let table = seats::refill(&state, &GameKey(id), account.id, label, None).await?;
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
    finish::call_off(&state, &GameKey(id), account.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
