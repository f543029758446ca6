//! Creating, reading, changing and listing games.

use arbiter_play::Timestamp;

use crate::error::StoreError;
use crate::game_rows::{GameSeatRow, game_columns, games_from_rows, holder_columns, write_record};
use crate::games::{GameFilter, GameKey, GameState, NewGame, StoredGame};
use crate::open::Store;

/// A game and its seats, by key.
const GAME_BY_KEY: &str = concat!(
    game_columns!(),
    "FROM games g LEFT JOIN game_seats s ON s.game_key = g.key WHERE g.key = $1 ORDER BY s.seat"
);

/// The newest games in a state (`$1`, or any if null) where an account
/// (`$2`, or anyone if null) holds a seat, at most `$3` of them, with
/// their seats.
const GAMES_BY_FILTER: &str = concat!(
    game_columns!(),
    "FROM (SELECT * FROM games WHERE ($1 IS NULL OR state = $1) \
     AND ($2 IS NULL OR EXISTS (SELECT 1 FROM game_seats a WHERE a.game_key = games.key AND a.account_id = $2)) \
     ORDER BY updated DESC, key LIMIT $3) g \
     LEFT JOIN game_seats s ON s.game_key = g.key ORDER BY g.updated DESC, g.key, s.seat"
);

impl Store {
    /// Creates a game at version 1. A key that another game has is a
    /// [`StoreError::Database`] error (a unique violation).
    pub async fn create_game(&self, new: &NewGame) -> Result<StoredGame, StoreError> {
        let record = write_record(&new.key, &new.record)?;
        let game = new.record.game.to_string();
        in_write_transaction!(self, tx => {
            sqlx::query(
                "INSERT INTO games (key, game, state, version, record, deadline, created, updated) \
                 VALUES ($1, $2, $3, 1, $4, $5, $6, $6)",
            )
            .bind(new.key.0.as_str())
            .bind(game.as_str())
            .bind(new.state.as_str())
            .bind(record.as_str())
            .bind(new.deadline.map(Timestamp::unix))
            .bind(new.now.unix())
            .execute(&mut *tx)
            .await?;
            for seat in &new.seats {
                let (account, level) = holder_columns(&seat.holder);
                sqlx::query("INSERT INTO game_seats (game_key, seat, account_id, computer_level) VALUES ($1, $2, $3, $4)")
                    .bind(new.key.0.as_str())
                    .bind(i32::from(seat.seat))
                    .bind(account)
                    .bind(level)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        let mut seats = new.seats.clone();
        seats.sort_by_key(|s| s.seat);
        Ok(StoredGame {
            key: new.key.clone(),
            record: new.record.clone(),
            state: new.state,
            version: 1,
            seats,
            deadline: new.deadline,
            created: new.now,
            updated: new.now,
        })
    }

    /// The game with this key, if there is one.
    pub async fn game(&self, key: &GameKey) -> Result<Option<StoredGame>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, GameSeatRow>(GAME_BY_KEY).bind(key.0.as_str()).fetch_all(pool).await
        })?;
        Ok(games_from_rows(rows)?.pop())
    }

    /// The stored version of the game `key`, if there is such a game.
    pub async fn game_version(&self, key: &GameKey) -> Result<Option<i64>, StoreError> {
        let version = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("SELECT version FROM games WHERE key = $1")
                .bind(key.0.as_str())
                .fetch_optional(pool)
                .await
        })?;
        Ok(version)
    }

    /// The games that `filter` lets through, the most recently changed
    /// first, at most `filter.limit` (100 if 0).
    pub async fn games(&self, filter: &GameFilter) -> Result<Vec<StoredGame>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, GameSeatRow>(GAMES_BY_FILTER)
                .bind(filter.state.map(GameState::as_str))
                .bind(filter.account.map(|a| a.0))
                .bind(filter.limit())
                .fetch_all(pool)
                .await
        })?;
        games_from_rows(rows)
    }

    /// The unfinished games whose deadline is `now` or earlier, the
    /// earliest deadline first.
    pub async fn due_games(&self, now: Timestamp) -> Result<Vec<GameKey>, StoreError> {
        let keys = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(
                "SELECT key FROM games WHERE deadline <= $1 AND state <> 'finished' ORDER BY deadline, key",
            )
            .bind(now.unix())
            .fetch_all(pool)
            .await
        })?;
        Ok(keys.into_iter().map(GameKey).collect())
    }

    /// The earliest deadline of an unfinished game, if any has one.
    pub async fn next_deadline(&self) -> Result<Option<Timestamp>, StoreError> {
        let earliest = on_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>("SELECT MIN(deadline) FROM games WHERE state <> 'finished'")
                .fetch_one(pool)
                .await
        })?;
        Ok(earliest.map(Timestamp::from_unix))
    }
}
