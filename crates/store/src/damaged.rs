//! What an administrator reads to find and see damaged games: every
//! game's key, a page at a time, and a game's stored record as it is
//! (its head and its moves as text), read without being parsed, so that
//! a record altered by hand can be looked at.

use crate::error::StoreError;
use crate::key::GameKey;
use crate::open::Store;

/// A game's record as stored, unparsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRecord {
    /// The record's head (its tags and, for simultaneous games, its
    /// plays), as stored in the game's row.
    pub head: String,
    /// The moves stored in their own rows, by ply.
    pub moves: Vec<(i64, String)>,
}

impl Store {
    /// The keys of the games after `after` (all if `None`) in key order,
    /// at most `limit`.
    pub async fn game_keys_after(&self, after: Option<&GameKey>, limit: i64) -> Result<Vec<GameKey>, StoreError> {
        let keys = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(
                "SELECT key FROM games WHERE ($1 IS NULL OR key > $1) ORDER BY key LIMIT $2",
            )
            .bind(after.map(|k| k.0.as_str()))
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(keys.into_iter().map(GameKey).collect())
    }

    /// The game `key`'s record as stored, if there is such a game.
    pub async fn raw_record(&self, key: &GameKey) -> Result<Option<RawRecord>, StoreError> {
        let raw = in_read_snapshot!(self, tx => async {
            let head = sqlx::query_scalar::<_, String>("SELECT record FROM games WHERE key = $1")
                .bind(key.0.as_str())
                .fetch_optional(&mut *tx)
                .await?;
            let Some(head) = head else { return Ok::<_, StoreError>(None) };
            let moves = sqlx::query_as::<_, (i64, String)>(
                "SELECT ply, move FROM game_moves WHERE game_key = $1 ORDER BY ply",
            )
            .bind(key.0.as_str())
            .fetch_all(&mut *tx)
            .await?;
            Ok(Some(RawRecord { head, moves }))
        }
        .await)?;
        Ok(raw)
    }
}
