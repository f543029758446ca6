//! The messages of the WebSockets (`/api/games/{id}/live`,
//! `/api/lobby/live`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ErrorDetail;
use crate::games::{GameSummary, GameView, StatusView};
use arbiter_core::{BoardChange, LegalMove};

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game as the viewer may see it: at once, and after every change.
    View {
        /// The view.
        view: Box<GameView>,
    },
    /// What changed since the last message, for a viewer who holds the
    /// view of the version it was made from: the moves added, what changed
    /// on the board, the game as it stands.
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
/// …}`): small, whatever the game's length and the board's size. It is
/// made from the version `from` and applies to a view of that version
/// only: the client adds `moves_added` to the view's moves, applies
/// `board` to the view's board ([`arbiter_core::BoardModel::apply`]: each
/// changed cell's and spot's words and stack replaced, the last move and
/// notes replaced), and takes the other fields as they are. A client whose
/// view is of another version ignores an older change and asks for the
/// view again otherwise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChangeMessage {
    /// Moves played after it (`scg`: the round).
    pub ply: u64,
    /// The game's version after it.
    pub version: i64,
    /// The version it was made from: the view it applies to.
    pub from: i64,
    /// The moves (`scg`: rounds) added since the viewer's last message, as
    /// the view's `moves` writes them.
    pub moves_added: Vec<String>,
    /// The same moves as the game's record writes them (A•G•O•G: the
    /// scorekeeping notation, as the history's `record`); omitted where
    /// that is `moves_added` itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub records_added: Option<Vec<String>>,
    /// The position string now.
    pub position: String,
    /// What changed on the board the viewer holds (their own pending play
    /// included), never its fixed parts.
    pub board: BoardChange,
    /// Who is to move.
    pub to_move: Vec<String>,
    /// How the game stands.
    pub status: StatusView,
    /// When the player to move (the round) runs out of time.
    pub deadline: Option<String>,
    /// In a game of rounds: the round, how many plays are in, the
    /// viewer's own play, the announcements added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsChange>,
    /// The same as `rounds`, under its name before: sent beside it for
    /// one release, then dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(deprecated)]
    pub scg: Option<RoundsChange>,
    /// When it last changed.
    pub updated: String,
    /// The viewer's legal moves, when the viewer is to move. Written last:
    /// the server writes everything before it once for every viewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalMove>>,
}

/// What changed in a game of rounds: the view's [`crate::RoundsView`]
/// after it, but for the announcements, of which only those of the rounds
/// closed by the change come.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RoundsChange {
    /// The round being played (or the last, once over).
    pub round: u32,
    /// How many plays are in this round (never whose, nor which).
    pub plays_in: usize,
    /// The viewer's own pending play this round.
    pub my_play: Option<String>,
    /// The announcements of the rounds the change closed, oldest first:
    /// they follow the view's `announcements`.
    pub announcements_added: Vec<String>,
}
