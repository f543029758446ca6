//! Storing a change to a game (see [`crate::change`]): on PostgreSQL in a
//! transaction of its own, which also tells the other servers on the
//! database (`NOTIFY`), the database running many side by side (the common
//! change, moves appended, in one statement: [`crate::pg_plain_change`],
//! the changes waiting stored together by [`crate::pg_writer`]);
//! on SQLite
//! through the writer that commits changes together
//! ([`crate::sqlite_writer`]).

use crate::change::{Change, apply_change};
use crate::error::StoreError;
use crate::game_rows::write_record;
use crate::games::{GameKey, GameState, GameUpdate, StoredGame};
use crate::open::Store;
use crate::ratings::{READ_RATING, READ_RATING_LOCKED, rate_game_in};

impl Store {
    /// Stores a change to a game read at `expected_version` and returns
    /// the game as now stored (its version one more), once the change is
    /// committed to disk. In the same transaction: the seat the change
    /// gives to an account, how each seat came out of a game the change
    /// ends, and the mail that tells of it. Refuses with
    /// [`StoreError::Stale`] if the game has changed since (of several
    /// changes from the same version exactly one is stored), with
    /// [`StoreError::NotFound`] if there is no such game, and, if the
    /// change gives a seat to an account, with [`StoreError::SeatTaken`]
    /// unless the seat is open; nothing is stored then.
    pub async fn update_game(
        &self,
        key: &GameKey,
        expected_version: i64,
        mut update: GameUpdate,
    ) -> Result<StoredGame, StoreError> {
        if !update.record.moves.is_empty() {
            update.moves = crate::game_moves::MovesWrite::whole(std::mem::take(&mut update.record.moves));
        }
        let record = write_record(key, &update.record)?;
        let standings = match update.state {
            GameState::Finished => update.record.standings().unwrap_or_default(),
            GameState::Open | GameState::Active => Vec::new(),
        };
        if update.state != GameState::Finished {
            update.rated_end = None;
        }
        let lines = match update.conditionals.changed {
            true => Some(crate::conditionals::write_lines(key, &update.conditionals.lines)?),
            false => None,
        };
        let change = Change { key: key.clone(), expected_version, update, record, standings, lines };
        match (&self.pool, &self.writer) {
            (_, Some(writer)) => writer.store(change).await,
            (crate::open::Pool::Postgres(pool), None) if change.is_plain() => {
                let announcement = crate::notify::announcement(self.origin, key);
                match &self.pg_writer {
                    Some(writer) => writer.store(change, crate::notify::CHANNEL, announcement).await,
                    None => {
                        let mut connection = pool.acquire().await?;
                        let channel = crate::notify::CHANNEL;
                        crate::pg_plain_change::store_plain(&mut connection, change, channel, announcement).await
                    }
                }
            }
            (crate::open::Pool::Postgres(pool), None) => {
                let mut tx = pool.begin().await?;
                let (created, mut seats) = apply_change!(tx, &change).await?;
                if let Some(end) = &change.update.rated_end {
                    rate_game_in!(tx, end, key, change.update.now, READ_RATING_LOCKED, &mut seats).await?;
                }
                // Heard by the other servers when (and only if) committed.
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(crate::notify::CHANNEL)
                    .bind(crate::notify::announcement(self.origin, key))
                    .execute(&mut *tx)
                    .await?;
                let told = crate::notices::recipients(&change.update.notices);
                if !told.is_empty() {
                    sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(crate::notify::NOTICES_CHANNEL)
                        .bind(crate::notices::announcement(self.origin, &told))
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(change.stored(created, seats))
            }
            (crate::open::Pool::Sqlite(pool), None) => {
                let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                let (created, mut seats) = apply_change!(tx, &change).await?;
                if let Some(end) = &change.update.rated_end {
                    rate_game_in!(tx, end, key, change.update.now, READ_RATING, &mut seats).await?;
                }
                tx.commit().await?;
                Ok(change.stored(created, seats))
            }
        }
    }
}
