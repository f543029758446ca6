//! `/api/games`: creating, listing and viewing games, taking a seat,
//! moving, resigning, and the record. The changes are the verbs'
//! ([`crate::verbs`]); these routes read the request, apply the limits
//! and write the answer.

use arbiter_api::{ErrorBody, GameSummary, GameView, History, HistoryPly, MoveRequest, NewGame};
use arbiter_play::MoveForm;
use arbiter_store::{GameFilter, GameKey, GameState};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::{Caller, SignedIn};
use crate::change;
use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::state::AppState;
use crate::table::Table;
use crate::verbs::{self, finish, moves, seats};

/// The routes of games.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/catalog", get(super::catalog::get_catalog))
        .route("/api/games/catalog/{game}/rules", get(super::catalog::get_rules))
        .route("/api/positions", post(super::positions::position))
        .route("/api/games/{id}", get(view).delete(super::invitations::call_off))
        .route("/api/games/{id}/seats/{seat}", post(take_seat))
        .route("/api/games/{id}/seats/{seat}/decline", post(super::invitations::decline))
        .route("/api/games/{id}/seats/{seat}/invite", post(super::invitations::invite))
        .route("/api/games/{id}/seats/{seat}/open", post(super::invitations::open))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/history", get(history))
}

#[utoipa::path(post, path = "/api/games", request_body = NewGame, tag = "games", security(("bearer" = [])),
    responses((status = 201, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest's game with open or invited seats, or a private one", body = ErrorBody),
        (status = 429, description = "too many games created, or too many unfinished games against the computer; see Retry-After", body = ErrorBody)))]
pub(crate) async fn create(
    State(state): State<AppState>,
    address: ClientAddress,
    SignedIn(account): SignedIn,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Json(new) = body?;
    let private = new.private.unwrap_or(false);
    let made = verbs::create::set_up(&state, &account, new).await?;
    check(&state.guards.games_per_account, &account.id, "you have created enough games for now")?;
    check(&state.guards.games_per_address, &address.key(), "your address has created enough games for now")?;
    let table = verbs::create::create(&state, made, account.id, private).await?;
    Ok((StatusCode::CREATED, Json(table.view(Some(account.id)))))
}

/// `GET /api/games` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListQuery {
    /// `open`, `active` or `finished`.
    state: Option<String>,
    /// Only the caller's games (private ones included).
    mine: Option<bool>,
    /// Only games with a seat kept for the caller: invitations (private
    /// ones included).
    invited: Option<bool>,
    /// The next page: only the games after this one (a game's id) in the
    /// list's order, the most recently changed first.
    after: Option<String>,
    /// At most this many games, 1 to 100 (default 100).
    limit: Option<i64>,
    /// `me`: only the caller's games waiting for their move (`scg`: their
    /// play), the one that has waited longest first (with `mine=true`,
    /// and neither `invited` nor `after`).
    to_move: Option<String>,
}

#[utoipa::path(get, path = "/api/games", params(ListQuery), tag = "games",
    responses((status = 200, body = Vec<GameSummary>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    Caller(caller): Caller,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let Query(query) = query?;
    let state_filter = match query.state.as_deref() {
        None => None,
        Some(text) => Some(
            GameState::parse(text)
                .ok_or_else(|| ApiError::malformed(format!("'{text}': a state is open, active or finished")))?,
        ),
    };
    let signed_in = |flag: Option<bool>, what: &str| match (flag.unwrap_or(false), &caller) {
        (false, _) => Ok(None),
        (true, Some(a)) => Ok(Some(a.id)),
        (true, None) => Err(ApiError::unauthorized(format!("{what}=true: sign in first"))),
    };
    let account = signed_in(query.mine, "mine")?;
    let invited = signed_in(query.invited, "invited")?;
    let limit = query.limit.unwrap_or(100);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::malformed(format!("'{limit}': limit is 1 to 100")));
    }
    if let Some(whom) = query.to_move.as_deref() {
        return waiting_for_me(&state, whom, account, &query, state_filter, limit).await.map(Json);
    }
    let after = match query.after {
        None => None,
        Some(id) => {
            let key = GameKey(id);
            if key.0.len() > 64 || state.store.game_version(&key).await?.is_none() {
                return Err(ApiError::malformed(format!("'after': no game has the id '{}'", key.0)));
            }
            Some(key)
        }
    };
    let public = account.is_none() && invited.is_none();
    let filter = GameFilter { state: state_filter, account, invited, public, after, limit };
    let mut games = summaries(&state, &filter).await?;
    if public && state_filter == Some(GameState::Open) {
        // As the lobby lists them: games with a seat anyone may take.
        games.retain(|g| g.seats.iter().any(|s| s.kind == arbiter_api::SeatKind::Open));
        // And not those whose rating range leaves the caller out.
        if let Some(caller) = &caller
            && games.iter().any(|g| g.rating_range.is_some())
        {
            let ratings = state.store.ratings_of(caller.id).await?;
            let now = state.clock.now();
            games.retain(|g| {
                let pool = crate::ratings::terms::pool_of_summary(g);
                let rating = ratings.iter().find(|r| r.pool == pool).map(|r| r.at(now).rating);
                crate::ratings::terms::summary_in_range(g, rating)
            });
        }
    }
    Ok(Json(games))
}

/// `GET /api/games?mine=true&to_move=me`: the caller's (`account`'s)
/// games waiting for their move, the longest waiting first.
async fn waiting_for_me(
    state: &AppState,
    whom: &str,
    account: Option<arbiter_store::AccountId>,
    query: &ListQuery,
    state_filter: Option<GameState>,
    limit: i64,
) -> Result<Vec<GameSummary>, ApiError> {
    if whom != "me" {
        let shown: String = whom.chars().take(40).collect();
        return Err(ApiError::malformed(format!("'to_move': '{shown}'; the one value is me")));
    }
    let Some(account) = account else {
        return Err(ApiError::malformed("'to_move': to_move=me goes with mine=true"));
    };
    if query.invited.unwrap_or(false) || query.after.is_some() || state_filter.is_some_and(|s| s != GameState::Active) {
        return Err(ApiError::malformed(
            "'to_move': to_move=me lists active games alone, without invited, after or another state",
        ));
    }
    Ok(summaries_of(state.store.games_awaiting_list(account, limit).await?))
}

/// The games `filter` lets through, as a list shows them (a stored game
/// that does not load is logged and left out).
pub(crate) async fn summaries(state: &AppState, filter: &GameFilter) -> Result<Vec<GameSummary>, ApiError> {
    Ok(summaries_of(state.store.games(filter).await?))
}

/// `games` as a list shows them (a stored game that does not load is
/// logged and left out).
fn summaries_of(games: Vec<arbiter_store::StoredGame>) -> Vec<GameSummary> {
    let mut out = Vec::with_capacity(games.len());
    for stored in games {
        match Table::load(stored) {
            Ok(t) => out.push(t.summary()),
            Err(e) => tracing::error!(error = %e, "a stored game does not load"),
        }
    }
    out
}

/// The id in a game's path.
fn key_of(path: Result<Path<String>, PathRejection>) -> Result<GameKey, ApiError> {
    let Path(id) = path?;
    Ok(GameKey(id))
}

#[utoipa::path(get, path = "/api/games/{id}", params(("id" = String, Path, description = "the game"), InviteQuery), tag = "games",
    responses((status = 200, body = GameView), (status = 400, description = "a query that cannot be read", body = ErrorBody),
        (status = 401, description = "a token that is not valid", body = ErrorBody),
        (status = 404, description = "no such game, or a private one the caller may not see", body = ErrorBody)))]
pub(crate) async fn view(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
) -> Result<Json<GameView>, ApiError> {
    let viewer = caller.map(|a| a.id);
    let table = change::load_seen(&state, &key_of(path)?, viewer, invite_of(query)?.as_deref()).await?;
    Ok(Json(table.view(viewer)))
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)"), InviteQuery),
    responses((status = 200, body = GameView), (status = 400, description = "a query that cannot be read", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such game or seat; or a private game, and the caller neither plays it, nor was invited to it, nor brings its invite code", body = ErrorBody),
        (status = 403, description = "the seat is kept for someone invited, or it is an open seat of a private game and the invite code is missing or wrong", body = ErrorBody),
        (status = 409, description = "the seat is taken, or the caller has a seat already", body = ErrorBody)))]
pub(crate) async fn take_seat(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let Query(InviteQuery { invite }) = query?;
    let table = seats::take_seat(&state, &GameKey(id), &account, label, invite).await?;
    Ok(Json(table.view(Some(account.id))))
}

/// The invite code of a private game, brought by its invite link: it lets
/// whoever brings it see the game (its view, history, record, socket and
/// chat) and take an open seat.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct InviteQuery {
    /// A private game's invite code (from its invite link).
    pub(crate) invite: Option<String>,
}

/// The invite code a query brings, if any.
pub(crate) fn invite_of(query: Result<Query<InviteQuery>, QueryRejection>) -> Result<Option<String>, ApiError> {
    let Query(InviteQuery { invite }) = query?;
    Ok(invite)
}

#[utoipa::path(post, path = "/api/games/{id}/moves", request_body = MoveRequest, tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "not the caller's seat or turn", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "a move for another ply; the game waits for players", body = ErrorBody),
        (status = 422, description = "against the rules, or the mover's time ran out", body = ErrorBody),
        (status = 429, description = "a game of rounds: as many plays this round as a player may send; see Retry-After", body = ErrorBody)))]
pub(crate) async fn play_move(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let key = key_of(path)?;
    let Json(request) = body?;
    let table = moves::make_move(&state, &key, account.id, request).await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(post, path = "/api/games/{id}/resign", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, description = "the game is over", body = ErrorBody)))]
pub(crate) async fn resign(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let key = key_of(path)?;
    let table = finish::resign(&state, &key, account.id).await?;
    Ok(Json(table.view(Some(account.id))))
}

#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games", params(("id" = String, Path, description = "the game"), InviteQuery),
    responses((status = 200, description = "the game's record, as the notation specification writes it", content_type = "text/plain", body = String),
        (status = 400, description = "a query that cannot be read", body = ErrorBody), (status = 404, description = "no such game, or a private one the caller may not see", body = ErrorBody)))]
pub(crate) async fn record(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let viewer = caller.map(|a| a.id);
    let table = change::load_seen(&state, &key_of(path)?, viewer, invite_of(query)?.as_deref()).await?;
    let text = table.play.replayed().to_text(MoveForm::Record);
    Ok(([(CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[utoipa::path(get, path = "/api/games/{id}/history", tag = "games", params(("id" = String, Path, description = "the game"), InviteQuery),
    responses((status = 200, description = "every position of the game, to step through it", body = History),
        (status = 400, description = "a query that cannot be read", body = ErrorBody), (status = 404, description = "no such game, or a private one the caller may not see", body = ErrorBody)))]
pub(crate) async fn history(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
) -> Result<Json<History>, ApiError> {
    let viewer = caller.map(|a| a.id);
    let table = change::load_seen(&state, &key_of(path)?, viewer, invite_of(query)?.as_deref()).await?;
    let replayed = table.play.replayed();
    let positions = replayed.line.positions();
    let boards = positions
        .iter()
        .zip(positions.iter().skip(1))
        .zip(replayed.line.moves())
        .map(|((before, after), mv)| after.board_after(before, mv));
    let plies = replayed
        .move_texts(MoveForm::Record)
        .into_iter()
        .zip(replayed.move_texts(MoveForm::Long))
        .zip(positions.iter().skip(1))
        .zip(boards)
        .map(|(((record, long), after), board)| HistoryPly { record, long, position: after.position_string(), board })
        .collect();
    let start = replayed.line.start();
    Ok(Json(History { start: start.position_string(), start_board: start.board_model(), plies }))
}
