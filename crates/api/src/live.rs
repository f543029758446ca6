//! The messages of the WebSockets (`/api/games/{id}/live`,
//! `/api/lobby/live`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ErrorDetail;
use crate::games::{GameSummary, GameView};

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game as the viewer may see it: at once, and after every change.
    View {
        /// The view.
        view: Box<GameView>,
    },
    /// The open games, at once and whenever they change.
    Lobby {
        /// The open games.
        games: Vec<GameSummary>,
    },
    /// A message the client sent was refused.
    Error {
        /// Why.
        error: ErrorDetail,
    },
}

/// What a client may send on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A move, as `POST /api/games/{id}/moves` takes it.
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// The ply it is for.
        ply: u64,
    },
}
