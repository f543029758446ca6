//! The moves of a turn-based game, a row each in `game_moves`: a change
//! appends the moves it adds (and drops those a takeback took back), so
//! storing a move costs the same at ply 300 as at ply 3. A game read back
//! has them put into its record.

use arbiter_play::{MoveRecord, Timestamp};

use crate::error::StoreError;
use crate::key::GameKey;

/// The moves of `$1`, in order.
pub(crate) const MOVES_OF_GAME: &str = "SELECT move, at FROM game_moves WHERE game_key = $1 ORDER BY ply";

/// Drops the moves of `$1` from the `$2`th on.
pub(crate) const DROP_MOVES_FROM: &str = "DELETE FROM game_moves WHERE game_key = $1 AND ply >= $2";

/// Adds the move `$3` (played at `$4`, if known) as the `$2`th of `$1`.
pub(crate) const ADD_MOVE: &str = "INSERT INTO game_moves (game_key, ply, move, at) VALUES ($1, $2, $3, $4)";

/// The moves a change writes: those from the `from`th on (the first is
/// 0). The default writes none and keeps those stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovesWrite {
    /// How many of the stored moves come before `moves`.
    pub from: usize,
    /// The moves added.
    pub moves: Vec<MoveRecord>,
    /// Whether stored moves from the `from`th on are dropped first (a
    /// takeback, or the moves written whole).
    pub replace: bool,
}

impl MovesWrite {
    /// Every move of a game, written whole.
    pub fn whole(moves: Vec<MoveRecord>) -> MovesWrite {
        MovesWrite { from: 0, moves, replace: true }
    }
}

/// A row of [`MOVES_OF_GAME`].
#[derive(sqlx::FromRow)]
pub(crate) struct MoveRow {
    #[sqlx(rename = "move")]
    text: String,
    at: Option<i64>,
}

impl From<MoveRow> for MoveRecord {
    fn from(row: MoveRow) -> MoveRecord {
        MoveRecord { text: row.text, at: row.at.map(Timestamp::from_unix) }
    }
}

/// The ply number of the `index`th move as a column.
pub(crate) fn ply_column(key: &GameKey, index: usize) -> Result<i64, StoreError> {
    i64::try_from(index)
        .map_err(|_| StoreError::Record { key: key.clone(), reason: format!("move {index} is out of range") })
}

/// Writes `$write`, the moves of `$key`, in the transaction `$tx`;
/// evaluates to a future of `Result<(), StoreError>`.
macro_rules! write_moves {
    ($tx:expr, $key:expr, $write:expr) => {
        async {
            let key: &$crate::key::GameKey = $key;
            let write: &$crate::game_moves::MovesWrite = $write;
            if write.replace {
                sqlx::query($crate::game_moves::DROP_MOVES_FROM)
                    .bind(key.0.as_str())
                    .bind($crate::game_moves::ply_column(key, write.from)?)
                    .execute(&mut *$tx)
                    .await?;
            }
            for (i, mv) in write.moves.iter().enumerate() {
                sqlx::query($crate::game_moves::ADD_MOVE)
                    .bind(key.0.as_str())
                    .bind($crate::game_moves::ply_column(key, write.from + i)?)
                    .bind(mv.text.as_str())
                    .bind(mv.at.map(arbiter_play::Timestamp::unix))
                    .execute(&mut *$tx)
                    .await?;
            }
            Ok::<(), $crate::error::StoreError>(())
        }
    };
}
pub(crate) use write_moves;

/// Puts the stored moves of each of `games` into its record, reading
/// them with `$executor`; evaluates to a future of `Result<(),
/// StoreError>`.
macro_rules! read_moves_into {
    ($executor:expr, $games:expr) => {
        async {
            let games = $games;
            for game in games.iter_mut().filter(|g| !g.record.game.is_simultaneous()) {
                let rows = sqlx::query_as::<_, $crate::game_moves::MoveRow>($crate::game_moves::MOVES_OF_GAME)
                    .bind(game.key.0.as_str())
                    .fetch_all($executor)
                    .await?;
                game.record.moves = rows.into_iter().map(arbiter_play::MoveRecord::from).collect();
            }
            Ok::<(), $crate::error::StoreError>(())
        }
    };
}
pub(crate) use read_moves_into;
