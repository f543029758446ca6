//! Offers in a game and the personal channel's notices.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/games/{id}/offers`: what a player offers.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferPost {
    /// `takeback`, `draw` or `rematch`.
    pub kind: String,
}

/// An offer standing in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OfferView {
    /// `takeback`, `draw` or `rematch`.
    pub kind: String,
    /// The seat that offers it (`w`, `b`, `A`…).
    pub by: String,
    /// The ply it was made at; it lapses when a move is made.
    pub ply: u64,
}

/// A notice of the personal channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NoticeView {
    /// Its number: later notices have larger numbers.
    pub id: i64,
    /// `your_turn`, `invited`, `declined` (someone the person invited
    /// declined), `offer`, `round_open`, `game_over`, `chat`,
    /// `tournament_round` (a round of a tournament of theirs started) or
    /// `tournament_over`.
    pub kind: String,
    /// The game it is about: every notice but a tournament's has one (a
    /// tournament round's names the person's game in it, if they have
    /// one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The tournament it is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<i64>,
    /// The seat it concerns, where there is one (an invitation's seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// What it says.
    pub text: String,
    /// When (RFC 3339).
    pub at: String,
}

/// `GET /api/me/notices`: the notices since a time, and the games where
/// it is the caller's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Notices {
    /// The notices, oldest first (at most 100).
    pub notices: Vec<NoticeView>,
    /// How many games wait for the caller's move (`scg`: their play).
    pub your_turn: u32,
}

/// What `GET /api/me/live` sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PersonalMessage {
    /// Something the person is told.
    Notice {
        /// The notice.
        notice: NoticeView,
    },
    /// How many games wait for the person's move: at once, and whenever
    /// it changes.
    Counts {
        /// That number.
        your_turn: u32,
    },
}
