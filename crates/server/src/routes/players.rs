//! `/api/players`: a player's page (finished games counted per game, and
//! their recent games) and names completed from a prefix. Anyone may ask;
//! each address is limited.

use arbiter_api::{ErrorBody, PlayerName, PlayerTally, PlayerView};
use arbiter_store::GameFilter;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::routes::accounts::check_name;
use crate::routes::games::summaries;
use crate::state::AppState;

/// Names a completion lists at most.
pub const NAMES_AT_MOST: i64 = 20;

/// Games a player's page lists at most.
pub const RECENT_AT_MOST: i64 = 10;

/// The routes of players.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/players", get(names)).route("/api/players/{name}", get(player))
}

/// `GET /api/players` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct NamesQuery {
    /// The start of the name (any case): 1 to 32 letters, digits, `-`,
    /// `_` or `.`.
    prefix: String,
}

#[utoipa::path(get, path = "/api/players", params(NamesQuery), tag = "players",
    responses((status = 200, description = "up to 20 names that start with the prefix, by name", body = Vec<PlayerName>),
        (status = 400, description = "no prefix, or one that no name could start with", body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn names(
    State(state): State<AppState>,
    address: ClientAddress,
    query: Result<Query<NamesQuery>, QueryRejection>,
) -> Result<Json<Vec<PlayerName>>, ApiError> {
    let Query(query) = query?;
    check_name(&query.prefix)
        .map_err(|_| ApiError::malformed("'prefix': the start of a name, 1 to 32 letters, digits, '-', '_' or '.'"))?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough players for now")?;
    let names = state.store.player_names_kinds(&query.prefix, NAMES_AT_MOST).await?;
    Ok(Json(names.into_iter().map(|(name, bot)| PlayerName { name, bot }).collect()))
}

#[utoipa::path(get, path = "/api/players/{name}", params(("name" = String, Path, description = "the player's name, in any case")),
    tag = "players",
    responses((status = 200, body = PlayerView),
        (status = 404, description = "no player has the name", body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn player(
    State(state): State<AppState>,
    address: ClientAddress,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<PlayerView>, ApiError> {
    let Path(name) = path?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough players for now")?;
    let no_such = || {
        let shown: String = name.chars().take(40).collect();
        ApiError::not_found(format!("'{shown}': no player has this name"))
    };
    if check_name(&name).is_err() {
        return Err(no_such());
    }
    let found = state.store.player(&name).await?.ok_or_else(no_such)?;
    let filter =
        GameFilter { account: Some(found.account), public: true, limit: RECENT_AT_MOST, ..GameFilter::default() };
    let recent = summaries(&state, &filter).await?;
    let now = state.clock.now();
    let ratings = state
        .store
        .ratings_of(found.account)
        .await?
        .iter()
        .map(|r| (r.pool.clone(), crate::routes::ratings::rating_view(r, now)))
        .collect();
    let games = found
        .tallies
        .into_iter()
        .map(|t| (t.game, PlayerTally { played: t.played, won: t.won, lost: t.lost, drawn: t.drawn }))
        .collect();
    Ok(Json(PlayerView {
        name: found.name,
        created: found.created.rfc3339(),
        kind: if found.guest {
            "guest"
        } else if found.bot {
            "bot"
        } else {
            "person"
        }
        .into(),
        games,
        recent,
        ratings,
    }))
}
