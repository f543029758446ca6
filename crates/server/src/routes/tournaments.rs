//! `/api/tournaments`: creating a tournament, listing and viewing them,
//! joining, leaving, removing a player and starting early. Creating
//! counts against a per-account rate and a cap on the tournaments one
//! organises at once; entries against a per-account rate; reads against
//! the address's rate for players' pages.

use arbiter_api::{ErrorBody, NewTournament, TournamentSummary, TournamentView};
use arbiter_store::{Departure, EntryRefusal, TournamentState};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::limits::{ClientAddress, check, too_many};
use crate::state::AppState;
use crate::tournaments;

/// The routes of tournaments.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", post(create).get(list))
        .route("/api/tournaments/{id}", get(view))
        .route("/api/tournaments/{id}/players", post(join))
        .route("/api/tournaments/{id}/players/me", delete(leave))
        .route("/api/tournaments/{id}/players/{name}", delete(remove))
        .route("/api/tournaments/{id}/start", post(start))
}

#[utoipa::path(post, path = "/api/tournaments", request_body = NewTournament, tag = "tournaments", security(("bearer" = [])),
    responses((status = 201, body = TournamentView), (status = 400, description = "a bad option, named", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, description = "a guest's", body = ErrorBody),
        (status = 429, description = "too many tournaments created, or too many not over; see Retry-After", body = ErrorBody)))]
pub(crate) async fn create(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    body: Result<Json<NewTournament>, JsonRejection>,
) -> Result<(StatusCode, Json<TournamentView>), ApiError> {
    let Json(new) = body?;
    if account.guest {
        return Err(ApiError::forbidden("a guest may not organise a tournament; sign up first"));
    }
    let now = state.clock.now();
    let made = tournaments::settings::check(&new, &account, now)?;
    let cap = state.settings.limits.open_tournaments_per_account;
    if state.store.unfinished_tournaments_of(account.id).await? >= cap {
        return Err(too_many(
            &format!("you organise {cap} tournaments not over, as many as one may"),
            std::time::Duration::from_secs(3600),
        ));
    }
    check(&state.guards.tournaments, &account.id, "you have created enough tournaments for now")?;
    let id = state.store.create_tournament(&made).await?;
    let whole = state.store.tournament(id).await?.ok_or_else(|| tournaments::no_such_tournament(id))?;
    tracing::info!(tournament = id, organiser = %account.name, "tournament created");
    Ok((StatusCode::CREATED, Json(tournaments::view(&whole, Some(account.id)))))
}

/// `GET /api/tournaments` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListQuery {
    /// `upcoming` (the soonest first), `running` or `finished` (the
    /// latest started first); all if not given.
    state: Option<String>,
}

#[utoipa::path(get, path = "/api/tournaments", params(ListQuery), tag = "tournaments",
    responses((status = 200, description = "at most 100", body = Vec<TournamentSummary>), (status = 400, body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    address: ClientAddress,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Vec<TournamentSummary>>, ApiError> {
    let Query(query) = query?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough for now")?;
    let wanted = match query.state.as_deref() {
        None => None,
        Some(text) => Some(TournamentState::parse(text).ok_or_else(|| {
            ApiError::malformed(format!(
                "'{}': a state is upcoming, running or finished",
                text.chars().take(40).collect::<String>()
            ))
        })?),
    };
    let found = state.store.tournaments(wanted).await?;
    Ok(Json(found.iter().map(tournaments::summary).collect()))
}

/// The tournament id of a path, or 404.
fn read_id(path: Result<Path<String>, PathRejection>) -> Result<i64, ApiError> {
    let Path(text) = path?;
    text.parse::<i64>().map_err(|_| {
        ApiError::not_found(format!("'{}': no such tournament", text.chars().take(40).collect::<String>()))
    })
}

/// The tournament `id` as `viewer` sees it now.
async fn current(
    state: &AppState,
    id: i64,
    viewer: Option<arbiter_store::AccountId>,
) -> Result<TournamentView, ApiError> {
    let whole = state.store.tournament(id).await?.ok_or_else(|| tournaments::no_such_tournament(id))?;
    Ok(tournaments::view(&whole, viewer))
}

#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    params(("id" = i64, Path, description = "the tournament's id")),
    responses((status = 200, body = TournamentView), (status = 404, body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn view(
    State(state): State<AppState>,
    address: ClientAddress,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = read_id(path)?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough for now")?;
    // A guest may neither join nor organise: seen as a stranger is.
    Ok(Json(current(&state, id, caller.filter(|a| !a.guest).map(|a| a.id)).await?))
}

/// The answer to an entry refused.
fn refused(refusal: EntryRefusal, id: i64) -> ApiError {
    match refusal {
        EntryRefusal::NotFound => tournaments::no_such_tournament(id),
        other => ApiError::conflict(other.to_string()),
    }
}

#[utoipa::path(post, path = "/api/tournaments/{id}/players", tag = "tournaments", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the tournament's id")),
    responses((status = 200, description = "joined: the tournament", body = TournamentView), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest's", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "full, started (a Swiss: past half its rounds), over, or joined already", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(crate) async fn join(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = read_id(path)?;
    if account.guest {
        return Err(ApiError::forbidden("a guest may not play in a tournament; sign up first"));
    }
    check(&state.guards.tournament_entries, &account.id, "you have joined and left enough tournaments for now")?;
    state.store.join_tournament(id, account.id, state.clock.now()).await?.map_err(|r| refused(r, id))?;
    Ok(Json(current(&state, id, Some(account.id)).await?))
}

#[utoipa::path(delete, path = "/api/tournaments/{id}/players/me", tag = "tournaments", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the tournament's id")),
    responses((status = 200, description = "left (before the start) or withdrawn (after): the tournament", body = TournamentView),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "not in it, withdrawn already, or over", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn leave(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = read_id(path)?;
    check(&state.guards.tournament_entries, &account.id, "you have joined and left enough tournaments for now")?;
    let gone = state.store.leave_tournament(id, account.id, state.clock.now()).await?.map_err(|r| match r {
        EntryRefusal::NotIn => ApiError::conflict("you are not in this tournament (or have withdrawn already)"),
        other => refused(other, id),
    })?;
    after_departure(&state, id, gone).await;
    Ok(Json(current(&state, id, Some(account.id)).await?))
}

/// After a player withdrew, the tournament may have nothing left to wait
/// for (a Swiss whose active players all withdrew): it is looked at.
async fn after_departure(state: &AppState, id: i64, gone: Departure) {
    if gone == Departure::Withdrew
        && let Err(e) = tournaments::advance(state, id, false).await
    {
        tracing::warn!(tournament = id, error = %e.message, "a tournament was not moved on");
    }
}

#[utoipa::path(delete, path = "/api/tournaments/{id}/players/{name}", tag = "tournaments", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the tournament's id"), ("name" = String, Path, description = "the player's name")),
    responses((status = 200, description = "removed (before the start) or withdrawn (after): the tournament", body = TournamentView),
        (status = 401, body = ErrorBody), (status = 403, description = "not the organiser", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "not in it, or over", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(crate) async fn remove(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<TournamentView>, ApiError> {
    let Path((id_text, name)) = path?;
    let id = read_id(Ok(Path(id_text)))?;
    check(&state.guards.tournament_entries, &account.id, "you have joined and left enough tournaments for now")?;
    let whole = state.store.tournament(id).await?.ok_or_else(|| tournaments::no_such_tournament(id))?;
    if whole.tournament.organiser != account.id {
        return Err(ApiError::forbidden(format!(
            "only {} may remove players from '{}'",
            whole.tournament.organiser_name, whole.tournament.name
        )));
    }
    let shown: String = name.chars().take(40).collect();
    let player = whole
        .players
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(&name))
        .ok_or_else(|| ApiError::conflict(format!("'{shown}' is not in this tournament")))?;
    let gone = state.store.leave_tournament(id, player.account, state.clock.now()).await?.map_err(|r| match r {
        EntryRefusal::NotIn => {
            ApiError::conflict(format!("'{shown}' is not in this tournament, or has withdrawn already"))
        }
        other => refused(other, id),
    })?;
    after_departure(&state, id, gone).await;
    Ok(Json(current(&state, id, Some(account.id)).await?))
}

#[utoipa::path(post, path = "/api/tournaments/{id}/start", tag = "tournaments", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the tournament's id")),
    responses((status = 200, description = "started: the tournament with its first round", body = TournamentView),
        (status = 401, body = ErrorBody), (status = 403, description = "not the organiser", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "started already, or too few players", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(crate) async fn start(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = read_id(path)?;
    check(&state.guards.tournament_entries, &account.id, "you have joined and left enough tournaments for now")?;
    let whole = state.store.tournament(id).await?.ok_or_else(|| tournaments::no_such_tournament(id))?;
    if whole.tournament.organiser != account.id {
        return Err(ApiError::forbidden(format!(
            "only {} may start '{}'",
            whole.tournament.organiser_name, whole.tournament.name
        )));
    }
    tournaments::advance(&state, id, true).await?;
    Ok(Json(current(&state, id, Some(account.id)).await?))
}
