//! Reading and setting a game's conditional lines on their own, apart
//! from the changes that follow them ([`crate::conditionals`]).

use crate::conditionals::{Conditionals, SeatLines, read_lines, write_lines};
use crate::error::StoreError;
use crate::key::GameKey;
use crate::open::Store;

/// Sets the lines of game `$1` to `$4`, if the game is at version `$2` and
/// its lines at version `$3`.
const SET_LINES: &str = "UPDATE games SET conditionals = $4, conditionals_version = conditionals_version + 1 \
     WHERE key = $1 AND version = $2 AND conditionals_version = $3";

impl Store {
    /// Sets the conditional lines of game `key` to `seats` (every seat's:
    /// the caller keeps the others' as it read them), if the game is still
    /// at `version` and its lines at `found`; returns the lines' new
    /// version. Refuses with [`StoreError::Stale`] if either moved on
    /// (nothing is stored), [`StoreError::NotFound`] if there is no such
    /// game. The game's own version does not change: nobody following
    /// the game learns of it.
    pub async fn set_conditionals(
        &self,
        key: &GameKey,
        version: i64,
        found: i64,
        seats: &[SeatLines],
    ) -> Result<i64, StoreError> {
        let json = write_lines(key, seats)?;
        let updated = on_pool!(self, pool => {
            sqlx::query(SET_LINES)
                .bind(key.0.as_str())
                .bind(version)
                .bind(found)
                .bind(json)
                .execute(pool)
                .await?
                .rows_affected()
        });
        if updated == 1 {
            return Ok(found + 1);
        }
        match self.game_version(key).await? {
            Some(now) => Err(StoreError::Stale { key: key.clone(), expected: version, found: now }),
            None => Err(StoreError::NotFound { key: key.clone() }),
        }
    }
}

/// The version of game `$1`, its lines and their version.
const LINES_OF_GAME: &str = "SELECT version, conditionals, conditionals_version FROM games WHERE key = $1";

impl Store {
    /// The game `key`'s version and its conditional lines as stored now
    /// (`None`: no such game): read on their own, without the game, so
    /// that a player reads their lines as set on any server.
    pub async fn conditionals(&self, key: &GameKey) -> Result<Option<(i64, Conditionals)>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, Option<String>, i64)>(LINES_OF_GAME)
                .bind(key.0.as_str())
                .fetch_optional(pool)
                .await?
        });
        row.map(|(version, json, lines_version)| Ok((version, read_lines(key, json.as_deref(), lines_version)?)))
            .transpose()
    }
}
