//! Ratings as anyone may see them: a player's rating per pool, its
//! history, and the leaderboards.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A player's Glicko-2 rating in one pool (a game and edition: `agog`,
/// `agog/classic`, `sage`, `ogama`, `scg`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingView {
    /// The rating (a new player starts at 1500), rounded.
    pub rating: f64,
    /// Its deviation now, rounded: it grows with the time since
    /// the player's last rated game.
    pub deviation: f64,
    /// Its volatility (how erratic the player's results are).
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: i64,
    /// Whether the rating is provisional (deviation at least 110): shown
    /// with "?".
    pub provisional: bool,
    /// When the player's last rated game in the pool ended.
    pub last_rated: Option<String>,
}

/// One point of a player's rating history: the rating after a rated
/// game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingPointView {
    /// When the game ended.
    pub at: String,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// The game's id.
    pub game: String,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LeaderboardEntry {
    /// Place on the board, from 1.
    pub rank: u32,
    /// The player's name.
    pub name: String,
    /// Their rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Their rated games in the pool.
    pub games: i64,
}
