//! The messages of the WebSockets (`/api/games/{id}/live`,
//! `/api/lobby/live`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ErrorDetail;
use crate::games::{GameSummary, GameView, ScgView, StatusView};
use arbiter_core::{BoardModel, LegalMove};

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game as the viewer may see it: at once, and after every change.
    View {
        /// The view.
        view: Box<GameView>,
    },
    /// What changed since the last message, for a viewer who has the
    /// view of the ply before: the moves added, the board after them.
    Change(Box<ChangeMessage>),
    /// The open games, at once and whenever they change.
    Lobby {
        /// The open games.
        games: Vec<GameSummary>,
    },
    /// A chat message, to the sockets that may read its room (and have
    /// not muted its writer).
    Chat {
        /// The message.
        message: crate::chat::ChatMessageView,
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

/// A change to a game the viewer holds the view of (`{"type": "change",
/// …}`): small, whatever the game's length. A viewer whose `ply` jumps by
/// more than the moves added has missed one and asks for the view again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChangeMessage {
    /// Moves played after it (`scg`: the round).
    pub ply: u64,
    /// The game's version after it.
    pub version: i64,
    /// The moves (`scg`: rounds) added since the viewer's last message, as
    /// the view's `moves` writes them.
    pub moves_added: Vec<String>,
    /// The position string now.
    pub position: String,
    /// The board now.
    pub board: BoardModel,
    /// Who is to move.
    pub to_move: Vec<String>,
    /// How the game stands.
    pub status: StatusView,
    /// When the player to move (the round) runs out of time.
    pub deadline: Option<String>,
    /// The viewer's legal moves, when the viewer is to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalMove>>,
    /// `scg`: the round, how many plays are in, the viewer's own play, the
    /// announcements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scg: Option<ScgView>,
    /// When it last changed.
    pub updated: String,
}
