//! A player's conditional moves in a game: lines of moves set ahead,
//! their replies played by the server when the moves they answer come.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET`/`PUT`/`DELETE /api/games/{id}/conditionals`: the caller's own
/// lines, as kept (each move in the game's long form).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ConditionalLines {
    /// Each line starts with the move of the side to move now (on the
    /// other side's turn their move, then the caller's reply, and so on;
    /// on the caller's own turn their next move first) and ends with the
    /// caller's move.
    pub lines: Vec<Vec<String>>,
}

/// `PUT /api/games/{id}/conditionals`: the lines that replace the
/// caller's.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalLinesPut {
    /// At most 30 lines of at most 30 moves each (an empty list clears
    /// them).
    pub lines: Vec<Vec<String>>,
    /// The game's ply the lines were planned from: refused (409) if the
    /// game has moved on since. Absent: the game as it stands.
    #[serde(default)]
    pub ply: Option<u64>,
}
