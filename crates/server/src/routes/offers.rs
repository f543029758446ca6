//! `/api/games/{id}/offers`: a takeback, a draw, a rematch offered,
//! accepted, declined ([`crate::verbs::offers`]).

use arbiter_api::{ErrorBody, GameView, OfferPost};
use arbiter_store::{GameKey, OfferKind};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;
use crate::verbs::offers;

/// The routes of offers.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/offers", post(offer))
        .route("/api/games/{id}/offers/{kind}/accept", post(accept))
        .route("/api/games/{id}/offers/{kind}/decline", post(decline))
}

/// The kind an offer names, or 400.
fn kind_of(text: &str) -> Result<OfferKind, ApiError> {
    OfferKind::parse(text)
        .ok_or_else(|| ApiError::malformed(format!("'{text}': an offer is a takeback, a draw or a rematch")))
}

#[utoipa::path(post, path = "/api/games/{id}/offers", request_body = OfferPost, tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 201, description = "the game view, with the offer in `offers` (or granted at once: the game after it)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the offer cannot apply now (the game is over, or not, no move to take back, offered already)", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody),
        (status = 422, description = "the game's rules have no such thing (a draw in a game that always has a winner): the catalog's `offers` lists what each game allows", body = ErrorBody)))]
pub(crate) async fn offer(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    body: Result<Json<OfferPost>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Path(id) = path?;
    let Json(post) = body?;
    let kind = kind_of(&post.kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let table = offers::offer(&state, &GameKey(id), account.id, kind).await?;
    Ok((StatusCode::CREATED, Json(table.view(Some(account.id)))))
}

#[utoipa::path(post, path = "/api/games/{id}/offers/{kind}/accept", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("kind" = String, Path, description = "takeback, draw or rematch")),
    responses((status = 200, description = "the game view after it (a rematch: the old game's, with `rematch` naming the new one)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "no such offer from the other side stands, or it cannot apply now", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn accept(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, kind)) = path?;
    let kind = kind_of(&kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let table = offers::accept(&state, &GameKey(id), account.id, kind).await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(post, path = "/api/games/{id}/offers/{kind}/decline", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("kind" = String, Path, description = "takeback, draw or rematch")),
    responses((status = 200, description = "the game view, the offer gone (the offerer may withdraw their own this way)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "no such offer stands", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, kind)) = path?;
    let kind = kind_of(&kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let table = offers::decline(&state, &GameKey(id), account.id, kind).await?;
    Ok(Json(table.view(Some(account.id))))
}
