//! The common change to a game on PostgreSQL — moves appended, nothing
//! else beside the game's row — as one statement: the conditional update,
//! the moves and the announcement to the other servers go in one round
//! trip, atomic without a transaction of its own. Any other change takes
//! the general path ([`crate::change::apply_change`]) in a transaction.

use sqlx::PgConnection;

use crate::change::{Change, VERSION_OF_GAME, bind_game_update, update_game_sql};
use crate::error::StoreError;
use crate::game_moves::ply_column;
use crate::games::StoredGame;

/// Updates game `$1` from version `$2` (as [`crate::change::UPDATE_GAME`]),
/// appends the moves `$14` (their times `$15`) from ply `$13` on, and
/// announces the change on channel `$16` with `$17`: all or nothing, and
/// nothing at all unless the game was at version `$2`. The announcement
/// is heard once the statement commits.
const UPDATE_APPEND_ANNOUNCE: &str = concat!(
    "WITH changed AS (",
    update_game_sql!(),
    "), added AS (INSERT INTO game_moves (game_key, ply, move, at) \
     SELECT $1, $13 + m.i - 1, m.move, m.at \
     FROM changed, unnest(CAST($14 AS TEXT[]), CAST($15 AS BIGINT[])) WITH ORDINALITY AS m(move, at, i) \
     RETURNING 1), \
     told AS (SELECT pg_notify($16, $17) FROM changed) \
     SELECT created, creator_id, invite_code, (SELECT count(*) FROM added), (SELECT count(*) FROM told) \
     FROM changed"
);

impl Change {
    /// Whether the change is the common one this statement stores: moves
    /// appended (none replaced), no seat taken or declined, no standings,
    /// mail or notices, and its seats known without reading them back.
    pub(crate) fn is_plain(&self) -> bool {
        let update = &self.update;
        !update.moves.replace
            && update.seat_taken.is_none()
            && update.seat_declined.is_none()
            && update.seat_refilled.is_none()
            && update.seat_left.is_none()
            && self.standings.is_empty()
            && self.update.rated_end.is_none()
            && update.mail.is_empty()
            && update.notices.is_empty()
            && update.seats.is_some()
    }
}

/// Stores `change` (a [plain](Change::is_plain) one) in one statement and
/// announces it as `announcement` on `channel`; refuses as
/// [`crate::Store::update_game`] does.
pub(crate) async fn store_plain(
    connection: &mut PgConnection,
    change: Change,
    channel: &str,
    announcement: String,
) -> Result<StoredGame, StoreError> {
    let key = &change.key;
    let update = &change.update;
    let texts: Vec<&str> = update.moves.moves.iter().map(|m| m.text.as_str()).collect();
    let times: Vec<Option<i64>> = update.moves.moves.iter().map(|m| m.at.map(arbiter_play::Timestamp::unix)).collect();
    let game = update.record.game.to_string();
    let statement = sqlx::query_as::<_, (i64, Option<i64>, Option<String>, i64, i64)>(UPDATE_APPEND_ANNOUNCE);
    let row = bind_game_update!(statement, &change, game.as_str())
        .bind(ply_column(key, update.moves.from)?)
        .bind(texts)
        .bind(times)
        .bind(channel)
        .bind(announcement)
        .fetch_optional(&mut *connection)
        .await?;
    let Some((created, creator, invite, _, _)) = row else {
        let found =
            sqlx::query_scalar::<_, i64>(VERSION_OF_GAME).bind(key.0.as_str()).fetch_optional(&mut *connection).await?;
        return Err(match found {
            Some(found) => StoreError::Stale { key: key.clone(), expected: change.expected_version, found },
            None => StoreError::NotFound { key: key.clone() },
        });
    };
    let seats = update.seats.clone().unwrap_or_default();
    Ok(change.stored((created, creator, invite), seats))
}
