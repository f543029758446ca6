//! Ratings as anyone may see them: a player's rating history in a pool
//! (`GET /api/players/{name}/ratings/{pool}`) and a pool's leaderboard
//! (`GET /api/leaderboards/{pool}`). A pool is a game and edition
//! (`agog`, `agog/classic`, `sage`, `ogama`, `scg`). Each address is
//! limited.

use arbiter_api::{ErrorBody, LeaderboardEntry, RatingPointView, RatingView};
use arbiter_games::GameId;
use arbiter_play::Timestamp;
use arbiter_store::StoredRating;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};

use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::routes::accounts::check_name;
use crate::state::AppState;

/// Points of a history answered at most (the newest).
pub const HISTORY_AT_MOST: i64 = 500;

/// Players a leaderboard lists.
pub const LEADERBOARD_SIZE: i64 = 100;

/// A leaderboard's players have at most this deviation.
pub const LEADERBOARD_DEVIATION: f64 = 75.0;

/// A leaderboard's players have a rated game in this many days.
pub const LEADERBOARD_DAYS: i64 = 90;

/// The routes of ratings.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}/ratings/{*pool}", get(history))
        .route("/api/leaderboards/{*pool}", get(leaderboard))
}

/// The pool a path names, as stored: a game, with its edition when not
/// the default (`agog/current` is `agog`); 404 naming the pools for
/// anything else.
pub fn read_pool(text: &str) -> Result<String, ApiError> {
    let unknown = || {
        let shown: String = text.chars().take(40).collect();
        ApiError::not_found(format!("'{shown}': no such rating pool; pools are {}", all_pools().join(", ")))
    };
    let (game, variant) = match text.split_once('/') {
        Some((game, variant)) => (game, Some(variant)),
        None => (text, None),
    };
    let game = GameId::parse(game).map_err(|_| unknown())?;
    let info = game.info();
    match variant {
        None => Ok(game.to_string()),
        Some(v) if Some(v) == info.default_variant() => Ok(game.to_string()),
        Some(v) if info.variants.iter().any(|known| known.id == v) => Ok(format!("{game}/{v}")),
        Some(_) => Err(unknown()),
    }
}

/// Every pool: each game, and each of its editions but the default.
pub fn all_pools() -> Vec<String> {
    GameId::ALL
        .iter()
        .flat_map(|game| {
            let info = game.info();
            std::iter::once(game.to_string())
                .chain(info.variants.iter().skip(1).map(move |v| format!("{game}/{}", v.id)))
        })
        .collect()
}

/// A stored rating as players see it at `now` (its deviation grown for
/// the time since the last rated game).
pub fn rating_view(stored: &StoredRating, now: Timestamp) -> RatingView {
    let at = stored.at(now);
    RatingView {
        rating: whole(at.rating),
        deviation: whole(at.deviation),
        volatility: (at.volatility * 1e5).round() / 1e5,
        games: stored.games,
        provisional: at.is_provisional(&arbiter_store::RATING_SETTINGS),
        last_rated: stored.last_rated.map(Timestamp::rfc3339),
    }
}

/// `x` as it is shown: a whole number (as every seat shows it, so a
/// rating reads the same on a game and on its player's page).
fn whole(x: f64) -> f64 {
    x.round()
}

#[utoipa::path(get, path = "/api/players/{name}/ratings/{pool}", tag = "ratings",
    params(("name" = String, Path, description = "the player's name, in any case"),
        ("pool" = String, Path, description = "the pool: `agog`, `agog/classic`, `sage`, `ogama` or `scg`")),
    responses((status = 200, description = "the rating after each rated game, oldest first (the newest 500)", body = Vec<RatingPointView>),
        (status = 404, description = "no player has the name, or no such pool", body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn history(
    State(state): State<AppState>,
    address: ClientAddress,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<Vec<RatingPointView>>, ApiError> {
    let Path((name, pool)) = path?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough players for now")?;
    let pool = read_pool(&pool)?;
    let no_such = || {
        let shown: String = name.chars().take(40).collect();
        ApiError::not_found(format!("'{shown}': no player has this name"))
    };
    if check_name(&name).is_err() {
        return Err(no_such());
    }
    let (account, _) = state.store.account_by_name(&name).await?.ok_or_else(no_such)?;
    let points = state.store.rating_history(account.id, &pool, HISTORY_AT_MOST).await?;
    Ok(Json(
        points
            .into_iter()
            .map(|p| RatingPointView {
                at: p.at.rfc3339(),
                rating: whole(p.rating),
                deviation: whole(p.deviation),
                game: p.game.0,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/leaderboards/{pool}", tag = "ratings",
    params(("pool" = String, Path, description = "the pool: `agog`, `agog/classic`, `sage`, `ogama` or `scg`")),
    responses((status = 200, description = "the 100 best-rated players of the pool with a deviation of at most 75 and a rated game in the last 90 days, best first", body = Vec<LeaderboardEntry>),
        (status = 404, description = "no such pool", body = ErrorBody),
        (status = 429, description = "too many asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn leaderboard(
    State(state): State<AppState>,
    address: ClientAddress,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Vec<LeaderboardEntry>>, ApiError> {
    let Path(pool) = path?;
    check(&state.guards.players_per_address, &address.key(), "your address has asked for enough players for now")?;
    let pool = read_pool(&pool)?;
    let since = Timestamp::from_unix(state.clock.now().unix() - LEADERBOARD_DAYS * 86_400);
    let lines = state.store.leaderboard(&pool, LEADERBOARD_DEVIATION, since, LEADERBOARD_SIZE).await?;
    Ok(Json(
        lines
            .into_iter()
            .zip(1u32..)
            .map(|(line, rank)| LeaderboardEntry {
                rank,
                name: line.name,
                rating: whole(line.rating),
                deviation: whole(line.deviation),
                games: line.games,
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::{all_pools, read_pool};

    #[test]
    fn pools_are_games_and_their_editions_but_the_default() {
        assert_eq!(read_pool("agog").unwrap(), "agog");
        assert_eq!(read_pool("agog/current").unwrap(), "agog", "the default edition is the game's pool");
        assert_eq!(read_pool("agog/classic").unwrap(), "agog/classic");
        assert_eq!(read_pool("scg").unwrap(), "scg");
        for bad in ["", "/", "agog/", "agog/classic/x", "sage/classic", "chess", "agog/%00", &"x".repeat(5000)] {
            let refused = read_pool(bad).unwrap_err();
            assert!(refused.message.contains("agog/classic"), "{bad:?}: {}", refused.message);
            assert!(refused.message.chars().count() < 200, "the path is cut short in the message");
        }
        let pools = all_pools();
        assert!(pools.contains(&"agog/classic".to_string()) && pools.contains(&"ogama".to_string()));
        assert!(pools.iter().all(|p| read_pool(p).ok().as_deref() == Some(p.as_str())));
    }
}
