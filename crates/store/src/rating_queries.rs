//! Reading ratings: a player's ratings and history, and a pool's
//! leaderboard (the writing is [`crate::ratings`], in the transaction of
//! the change that ends a rated game).

use arbiter_compete::glicko::Rating;
use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::{Pool, Store};
use crate::ratings::{LeaderboardLine, RatingPoint, StoredRating};

/// A row of `ratings` as read for a player.
type RatingRow = (String, f64, f64, f64, i64, Option<i64>);

/// The columns of a [`RatingRow`].
macro_rules! rating_columns {
    () => {
        "SELECT pool, rating, deviation, volatility, games, last_rated FROM ratings "
    };
}

/// Every rating of `$1` with a rated game.
const RATINGS_OF: &str = concat!(rating_columns!(), "WHERE account_id = $1 AND games > 0 ORDER BY pool");

/// The rating of `$1` in pool `$2`.
const RATING_OF: &str = concat!(rating_columns!(), "WHERE account_id = $1 AND pool = $2");

/// A stored rating from its row.
fn rating_of_row((pool, rating, deviation, volatility, games, last): RatingRow) -> StoredRating {
    StoredRating {
        pool,
        glicko: Rating { rating, deviation, volatility },
        games,
        last_rated: last.map(Timestamp::from_unix),
    }
}

impl Store {
    /// Every rating of `account` with at least one rated game, by pool.
    pub async fn ratings_of(&self, account: AccountId) -> Result<Vec<StoredRating>, StoreError> {
        let rows: Vec<RatingRow> = match &self.pool {
            Pool::Sqlite(pool) => sqlx::query_as(RATINGS_OF).bind(account.0).fetch_all(pool).await?,
            Pool::Postgres(pool) => sqlx::query_as(RATINGS_OF).bind(account.0).fetch_all(pool).await?,
        };
        Ok(rows.into_iter().map(rating_of_row).collect())
    }

    /// The rating of `account` in `pool`, if it has one.
    pub async fn rating_of(&self, account: AccountId, pool: &str) -> Result<Option<StoredRating>, StoreError> {
        let row: Option<RatingRow> = match &self.pool {
            Pool::Sqlite(p) => sqlx::query_as(RATING_OF).bind(account.0).bind(pool).fetch_optional(p).await?,
            Pool::Postgres(p) => sqlx::query_as(RATING_OF).bind(account.0).bind(pool).fetch_optional(p).await?,
        };
        Ok(row.map(rating_of_row))
    }

    /// The last `limit` points of `account`'s rating history in `pool`,
    /// oldest first.
    pub async fn rating_history(
        &self,
        account: AccountId,
        pool: &str,
        limit: i64,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let sql = "SELECT at, rating, deviation, game_key FROM (SELECT at, rating, deviation, game_key FROM rating_history \
                   WHERE account_id = $1 AND pool = $2 ORDER BY at DESC, game_key DESC LIMIT $3) h ORDER BY at, game_key";
        let rows: Vec<(i64, f64, f64, String)> = match &self.pool {
            Pool::Sqlite(p) => sqlx::query_as(sql).bind(account.0).bind(pool).bind(limit).fetch_all(p).await?,
            Pool::Postgres(p) => sqlx::query_as(sql).bind(account.0).bind(pool).bind(limit).fetch_all(p).await?,
        };
        Ok(rows
            .into_iter()
            .map(|(at, rating, deviation, game)| RatingPoint {
                at: Timestamp::from_unix(at),
                rating,
                deviation,
                game: GameKey(game),
            })
            .collect())
    }

    /// The `limit` best players of `pool` with a deviation of at most
    /// `max_deviation` and a rated game since `since`, best first.
    pub async fn leaderboard(
        &self,
        pool: &str,
        max_deviation: f64,
        since: Timestamp,
        limit: i64,
    ) -> Result<Vec<LeaderboardLine>, StoreError> {
        let sql = "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id \
                   WHERE r.pool = $1 AND r.deviation <= $2 AND r.last_rated >= $3 AND a.disabled IS NULL \
                   ORDER BY r.rating DESC, a.name LIMIT $4";
        let rows: Vec<(String, f64, f64, i64)> = match &self.pool {
            Pool::Sqlite(p) => {
                sqlx::query_as(sql).bind(pool).bind(max_deviation).bind(since.unix()).bind(limit).fetch_all(p).await?
            }
            Pool::Postgres(p) => {
                sqlx::query_as(sql).bind(pool).bind(max_deviation).bind(since.unix()).bind(limit).fetch_all(p).await?
            }
        };
        Ok(rows
            .into_iter()
            .map(|(name, rating, deviation, games)| LeaderboardLine { name, rating, deviation, games })
            .collect())
    }
}
