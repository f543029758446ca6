//! Chat in a game: a message written, a message as readers see it, and a
//! name muted.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/games/{id}/chat`: a message for a room.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatPost {
    /// 1 to 500 characters, no control characters.
    pub text: String,
    /// `players` (the game's players write, everyone reads) or
    /// `spectators` (the others signed in write; the others read while the
    /// game goes on, everyone once it is over).
    pub room: String,
}

/// A chat message as readers see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChatMessageView {
    /// Its number (an administrator deletes it by it).
    pub id: i64,
    /// `players` or `spectators`.
    pub room: String,
    /// Who wrote it.
    pub name: String,
    /// What they wrote, as they wrote it (a screen shows it as text).
    pub text: String,
    /// When (RFC 3339).
    pub at: String,
}

/// `POST /api/me/muted`: a name whose messages the caller no longer sees.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MuteRequest {
    /// The name.
    pub name: String,
}
