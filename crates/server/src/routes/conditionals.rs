//! `/api/games/{id}/conditionals`: a player's own conditional lines, read,
//! replaced and cleared ([`crate::verbs::conditionals`]).

use arbiter_api::{ConditionalLines, ConditionalLinesPut, ErrorBody};
use arbiter_store::GameKey;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;
use crate::verbs::conditionals;

/// The routes of conditional lines.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}/conditionals", get(read).put(replace).delete(clear))
}

/// What a 429 says.
const TOO_MANY: &str = "you have read or set conditional moves as often as one may for now";

#[utoipa::path(get, path = "/api/games/{id}/conditionals", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, description = "the caller's own lines (nobody else's, ever)", body = ConditionalLines),
        (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 429, description = "as many reads and changes of one's lines as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn read(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<ConditionalLines>, ApiError> {
    let Path(id) = path?;
    check(&state.guards.conditionals, &account.id, TOO_MANY)?;
    let lines = conditionals::lines_of(&state, &GameKey(id), account.id).await?;
    Ok(Json(ConditionalLines { lines }))
}

#[utoipa::path(put, path = "/api/games/{id}/conditionals", request_body = ConditionalLinesPut, tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, description = "the lines as kept, each move in the game's long form", body = ConditionalLines),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the game is not being played, or has moved on from `ply`", body = ErrorBody),
        (status = 422, description = "a line the game does not take, named with its move: Single Capture Go, more than 30 lines or 30 moves, a move against the rules, a line that does not end with the caller's move, two lines that answer the same move differently", body = ErrorBody),
        (status = 429, description = "as many reads and changes of one's lines as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn replace(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    body: Result<Json<ConditionalLinesPut>, JsonRejection>,
) -> Result<Json<ConditionalLines>, ApiError> {
    let Path(id) = path?;
    let Json(put) = body?;
    check(&state.guards.conditionals, &account.id, TOO_MANY)?;
    let lines = conditionals::set_lines(&state, &GameKey(id), account.id, put.lines, put.ply).await?;
    Ok(Json(ConditionalLines { lines }))
}

#[utoipa::path(delete, path = "/api/games/{id}/conditionals", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, description = "no lines left", body = ConditionalLines),
        (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 429, description = "as many reads and changes of one's lines as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn clear(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<ConditionalLines>, ApiError> {
    let Path(id) = path?;
    check(&state.guards.conditionals, &account.id, TOO_MANY)?;
    let lines = conditionals::set_lines(&state, &GameKey(id), account.id, Vec::new(), None).await?;
    Ok(Json(ConditionalLines { lines }))
}
