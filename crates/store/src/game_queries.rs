//! Creating, reading, changing and listing games.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::game_rows::{GameSeatRow, game_columns, game_from_rows, game_tables, games_from_rows, write_record};
use crate::games::{GameFilter, GameKey, GameState, NewGame, StoredGame};
use crate::open::Store;

/// A game and its seats, by key.
const GAME_BY_KEY: &str = concat!(game_columns!(), game_tables!("games"), "WHERE g.key = $1 ORDER BY s.seat");

/// The newest games in a state (`$1`, or any if null) where an account
/// (`$2`, or anyone if null) holds a seat and a seat is kept for an
/// account in a game not over (`$4`, or for anyone or nobody if null), public ones only if
/// `$5`, after the game `$6` (if not null) in the order of the list, at
/// most `$3` of them, with their seats.
const GAMES_BY_FILTER: &str = concat!(
    game_columns!(),
    game_tables!(
        "(SELECT * FROM games WHERE ($1 IS NULL OR state = $1) \
     AND ($2 IS NULL OR EXISTS (SELECT 1 FROM game_seats a WHERE a.game_key = games.key AND a.account_id = $2)) \
     AND ($4 IS NULL OR (state <> 'finished' \
          AND EXISTS (SELECT 1 FROM game_seats v WHERE v.game_key = games.key AND v.invited_id = $4 \
          AND NOT v.declined))) \
     AND (NOT $5 OR invite_code IS NULL) \
     AND ($6 IS NULL OR EXISTS (SELECT 1 FROM games p WHERE p.key = $6 \
          AND (games.updated < p.updated OR (games.updated = p.updated AND games.key > p.key)))) \
     ORDER BY updated DESC, key LIMIT $3)"
    ),
    "ORDER BY g.updated DESC, g.key, s.seat"
);

/// The active games awaiting a move (or play) of the account `$1` (its
/// seat's bit set in the game's awaited seats), the longest unchanged
/// first, at most `$2` of them, with their seats.
const GAMES_AWAITING: &str = concat!(
    game_columns!(),
    game_tables!(
        "(SELECT * FROM games WHERE state = 'active' \
     AND EXISTS (SELECT 1 FROM game_seats a WHERE a.game_key = games.key AND a.account_id = $1 \
          AND ((games.awaited >> a.seat) & 1) = 1) \
     ORDER BY updated, key LIMIT $2)"
    ),
    "ORDER BY g.updated, g.key, s.seat"
);

/// The unfinished games with a computer seat that `$1` created.
const COMPUTER_GAMES_OF: &str = "SELECT COUNT(*) FROM games g WHERE g.creator_id = $1 AND g.state <> 'finished' \
     AND EXISTS (SELECT 1 FROM game_seats s WHERE s.game_key = g.key AND s.computer_level IS NOT NULL)";

/// Inserts the game `$new` (a [`NewGame`]) with its record head written as
/// `$record` and its seats, in the transaction `$tx` (its moves, mail and
/// announcement are the caller's).
macro_rules! insert_game {
    ($tx:expr, $new:expr, $record:expr) => {
        async {
            let new: &$crate::games::NewGame = $new;
            let record: &str = $record;
            let game = new.record.game.to_string();
            sqlx::query(
                "INSERT INTO games (key, game, state, version, record, deadline, created, updated, creator_id, \
                     invite_code, awaited, rating_pool) VALUES ($1, $2, $3, 1, $4, $5, $6, $6, $7, $8, $9, $10)",
            )
            .bind(new.key.0.as_str())
            .bind(game.as_str())
            .bind(new.state.as_str())
            .bind(record)
            .bind(new.deadline.map(arbiter_play::Timestamp::unix))
            .bind(new.now.unix())
            .bind(new.creator.map(|c| c.0))
            .bind(new.invite.as_deref())
            .bind(new.awaited)
            .bind(new.record.rating_pool())
            .execute(&mut *$tx)
            .await?;
            for seat in &new.seats {
                let (account, level, invited, declined) = $crate::game_rows::holder_columns(&seat.holder);
                sqlx::query(
                    "INSERT INTO game_seats (game_key, seat, account_id, computer_level, invited_id, declined) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(new.key.0.as_str())
                .bind(i32::from(seat.seat))
                .bind(account)
                .bind(level)
                .bind(invited)
                .bind(declined)
                .execute(&mut *$tx)
                .await?;
            }
            Ok::<(), sqlx::Error>(())
        }
    };
}
pub(crate) use insert_game;

impl Store {
    /// Creates a game at version 1 with its mail, in one transaction that
    /// also tells the other servers (PostgreSQL). A key that another game
    /// has is a [`StoreError::Database`] error (a unique violation). With
    /// `computer_games_limit`, a game with a computer seat is refused with
    /// [`StoreError::TooManyGames`] if its creator has that many unfinished
    /// games with a computer seat already (the creator's creations are
    /// counted one at a time).
    pub async fn create_game(&self, new: &NewGame) -> Result<StoredGame, StoreError> {
        let moves = crate::game_moves::MovesWrite::whole(new.record.moves.clone());
        let head = arbiter_play::GameRecord { moves: Vec::new(), ..new.record.clone() };
        let record = write_record(&new.key, &head)?;
        let limit = new.computer_games_limit.filter(|_| new.has_computer()).zip(new.creator);
        in_write_transaction!(self, tx => {
            if let Some((limit, creator)) = limit {
                if matches!(self.pool, crate::open::Pool::Postgres(_)) {
                    // One creation of an account at a time (SQLite's
                    // writers take turns already).
                    sqlx::query("SELECT id FROM accounts WHERE id = $1 FOR UPDATE")
                        .bind(creator.0)
                        .fetch_optional(&mut *tx)
                        .await?;
                }
                let unfinished = sqlx::query_scalar::<_, i64>(COMPUTER_GAMES_OF)
                    .bind(creator.0)
                    .fetch_one(&mut *tx)
                    .await?;
                if unfinished >= i64::from(limit) {
                    return Err(StoreError::TooManyGames { limit });
                }
            }
            insert_game!(tx, new, &record).await?;
            crate::game_moves::write_moves!(tx, &new.key, &moves).await?;
            for mail in &new.mail {
                crate::mail_queries::insert_mail!(&mut *tx, mail).await?;
            }
            if matches!(self.pool, crate::open::Pool::Postgres(_)) {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(crate::notify::CHANNEL)
                    .bind(crate::notify::announcement(self.origin, &new.key))
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
            creator: new.creator,
            invite: new.invite.clone(),
            offers: Vec::new(),
            rematch: None,
            conditionals: crate::conditionals::Conditionals::default(),
        })
    }

    /// How many unfinished games with a computer seat `account` created.
    pub async fn computer_games_of(&self, account: AccountId) -> Result<i64, StoreError> {
        let count = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(COMPUTER_GAMES_OF).bind(account.0).fetch_one(pool).await
        })?;
        Ok(count)
    }

    /// The game with this key, if there is one.
    pub async fn game(&self, key: &GameKey) -> Result<Option<StoredGame>, StoreError> {
        let mut games = in_read_snapshot!(self, tx => async {
            let rows = sqlx::query_as::<_, GameSeatRow>(GAME_BY_KEY).bind(key.0.as_str()).fetch_all(&mut *tx).await?;
            let mut games: Vec<StoredGame> = game_from_rows(rows)?.into_iter().collect();
            crate::game_moves::read_moves_into!(&mut *tx, &mut games).await?;
            Ok::<_, StoreError>(games)
        }
        .await)?;
        Ok(games.pop())
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
        in_read_snapshot!(self, tx => async {
            let rows = sqlx::query_as::<_, GameSeatRow>(GAMES_BY_FILTER)
                .bind(filter.state.map(GameState::as_str))
                .bind(filter.account.map(|a| a.0))
                .bind(filter.limit())
                .bind(filter.invited.map(|a| a.0))
                .bind(filter.public)
                .bind(filter.after.as_ref().map(|k| k.0.as_str()))
                .fetch_all(&mut *tx)
                .await?;
            let mut games = games_from_rows(rows);
            crate::game_moves::read_moves_into!(&mut *tx, &mut games).await?;
            Ok::<_, StoreError>(games)
        }
        .await)
    }

    /// How many active games await a move (or play) of `account`: its
    /// seat's bit is set in the game's awaited seats.
    pub async fn games_awaiting(&self, account: AccountId) -> Result<u32, StoreError> {
        let count = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(DISTINCT g.key) FROM game_seats s JOIN games g ON g.key = s.game_key \
                 WHERE s.account_id = $1 AND g.state = 'active' AND ((g.awaited >> s.seat) & 1) = 1",
            )
            .bind(account.0)
            .fetch_one(pool)
            .await
        })?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    /// The active games awaiting a move (or play) of `account`, the one
    /// that has waited longest (the longest unchanged) first, at most
    /// `limit`.
    pub async fn games_awaiting_list(&self, account: AccountId, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        in_read_snapshot!(self, tx => async {
            let rows = sqlx::query_as::<_, GameSeatRow>(GAMES_AWAITING)
                .bind(account.0)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await?;
            let mut games = games_from_rows(rows);
            crate::game_moves::read_moves_into!(&mut *tx, &mut games).await?;
            Ok::<_, StoreError>(games)
        }
        .await)
    }

    /// Active games whose awaited seats are not known (stored before they
    /// were kept), at most `limit`.
    pub async fn games_awaited_unknown(&self, limit: i64) -> Result<Vec<GameKey>, StoreError> {
        let keys = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(
                "SELECT key FROM games WHERE state = 'active' AND awaited IS NULL ORDER BY key LIMIT $1",
            )
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(keys.into_iter().map(GameKey).collect())
    }

    /// Sets the awaited seats of the game `key` if it is still at
    /// `version` (a change since wrote them already).
    pub async fn set_awaited(&self, key: &GameKey, version: i64, awaited: i64) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE games SET awaited = $3 WHERE key = $1 AND version = $2 AND awaited IS NULL")
                .bind(key.0.as_str())
                .bind(version)
                .bind(awaited)
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
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

    /// The earliest deadline of an unfinished game later than `after`, if
    /// any has one (those at or before it are [`Store::due_games`]).
    pub async fn next_deadline_after(&self, after: Timestamp) -> Result<Option<Timestamp>, StoreError> {
        let earliest = on_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>(
                "SELECT MIN(deadline) FROM games WHERE state <> 'finished' AND deadline > $1",
            )
            .bind(after.unix())
            .fetch_one(pool)
            .await
        })?;
        Ok(earliest.map(Timestamp::from_unix))
    }
}
