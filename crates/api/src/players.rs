//! Players as anyone may see them: a player's page and names completed
//! from a prefix.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::games::GameSummary;

/// `GET /api/players/{name}`: a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerView {
    /// Their name, as they wrote it.
    pub name: String,
    /// When they joined (RFC 3339).
    pub created: String,
    /// `person`, `guest` for an account made to play at once, or `bot`
    /// for an account an engine plays.
    pub kind: String,
    /// Their finished games per game (`agog`, `sage`…): only games they
    /// have finished one of. A game called off is not counted.
    pub games: BTreeMap<String, PlayerTally>,
    /// Their most recently changed games (finished, going on, or waiting
    /// for players), newest first, at most 10.
    pub recent: Vec<GameSummary>,
    /// Their ratings by pool (`agog`, `agog/classic`, `sage`, `ogama`,
    /// `scg`): only pools they have played a rated game in.
    #[serde(default)]
    pub ratings: BTreeMap<String, crate::ratings::RatingView>,
}

/// A player's finished games of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayerTally {
    /// Games played to an end.
    pub played: i64,
    /// Won (a shared win counts).
    pub won: i64,
    /// Lost.
    pub lost: i64,
    /// Drawn.
    pub drawn: i64,
}

/// `GET /api/players?prefix=`: a name that starts with the prefix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayerName {
    /// The name, as its player wrote it.
    pub name: String,
    /// Whether it is a bot's (an engine plays it): present, `true`, for
    /// a bot's name only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}
